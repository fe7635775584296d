/* river_bed: the bed profile of the river channels (render/river_carve.h),
 * shared by the channels' builder and their lowest-bed query.
 *
 * Per river node: its curve position, the uncarved surface there, the
 * channel's depth and half width, and its segment's bed and surface at
 * SEG_K + 1 points from the node to its receiver. The bed is the surface
 * less the depth, never above a bed upstream (Kahn's order over the river
 * donors) and never below the level of the water the river ends in. */
#ifndef OROGEN_RENDER_RIVER_BED_H
#define OROGEN_RENDER_RIVER_BED_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/river_carve.h"
#include "render/river_index.h"

/* Bed samples along a segment: the bed follows the surface under the
 * curve between nodes, not only at them. */
#define SEG_K 8
/* The floor's half width is at least this many pixels of the raster, so
 * the pixels nearest a centreline lie on its bed. */
#define FLOOR_PIXELS 0.75

/* Per river node k (node node[k]): curve position uv, uncarved height t,
 * depth dep (world units), half width hw (metres), bed, floor. */
struct carve_nodes {
    size_t n;
    double sea;              /* the sea level, -HUGE_VAL for a world without sea */
    struct river_index rid;  /* node -> index among the river nodes, or -1 */
    int32_t *node, *order;
    double *uv, *t, *dep, *hw, *bed, *lakein;
    double *sb;              /* SEG_K + 1 bed samples of each node's segment */
    double *st;              /* SEG_K + 1 surface samples of each node's segment */
};

/* Whether w gets channels: rivers on a grid or a planar mesh, and
 * render.carve_rivers on. */
int river_carves(const struct world *w);

/* The river nodes of w into k (zeroed by the caller): heights from hfn,
 * half widths at least FLOOR_PIXELS samples of px metres, over a map
 * square of mx x my metres, mz metres per elevation unit. Free with
 * river_nodes_free, also on errors. Errors: OG_ENOMEM, OG_EINVAL (a
 * cycle in the river network). */
enum og_status river_nodes_build(const struct world *w, double px, river_carve_height_fn hfn,
                                 void *ctx, double mx, double my, double mz,
                                 struct carve_nodes *k, struct og_error *err);

void river_nodes_free(struct carve_nodes *k);

/* The lowest bed of the built nodes k of w (world units): the beds of
 * their segments' samples and of the outlets; HUGE_VAL for none. */
double river_nodes_lowest(const struct world *w, const struct carve_nodes *k);

/* The level of the water a river ends in when it reaches node d (< 0: an
 * outlet): a lake's level, else the sea (k->sea). */
double river_end_level(const struct world *w, const struct carve_nodes *k, int32_t d);

/* The end of river node i's segment: its receiver's curve position and
 * depth and (*e) river index, or the receiver's own place (*e = -1). */
void river_seg_end(const struct world *w, const struct carve_nodes *k, size_t i, double *u1,
                   double *v1, double *dep1, int32_t *e);

#endif
