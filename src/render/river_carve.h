/* river_carve: river channels carved into a world's exported heights
 * (issue 24: rivers "carved into the heights they are drawn over", and in
 * every exported heightmap each river runs downhill).
 *
 * Geometry: the centrelines of render/river_curve.h, the curves the map
 * draws. Each segment (river node -> its receiver) carries, at both ends,
 * a bed height, a half width and a depth.
 *
 * Hydraulic geometry (Leopold & Maddock 1953, "The hydraulic geometry of
 * stream channels and some physiographic implications", USGS PP 252):
 * width w = RIVER_CARVE_WIDTH_A * Q^0.5 and depth d = RIVER_CARVE_DEPTH_C *
 * Q^0.4 (metres, Q in m^3/s), with the mean annual discharge
 * Q = flow * node area * RIVER_CARVE_RUNOFF / one year: the node's
 * accumulated flow (nodes of mean rain, doc/hydrology.md) times the area a
 * node drains (a grid cell; a Voronoi vertex's share, map area / nodes)
 * times a humid climate's runoff.
 *
 * Bed: at each river node and at SEG_K - 1 points between nodes, the
 * uncarved surface under the curve less d, never above a bed upstream (so
 * it never rises downstream: it cuts through a bump instead of climbing
 * it) and never below the level of the water the river ends in (a lake's
 * level, else the sea where the world has one); linear between samples.
 *
 * Cross-section at distance r (metres) from the centreline, with T the
 * uncarved surface there and Tc the surface under the centreline (the
 * segment's samples, linearly): h = T - (Tc - bed) P(r) - (T - Tc) F(r).
 * On the floor, r <= hw, P = F = 1: h = bed, flat. Beyond it P falls to 0
 * over the bank (2 hw, at least BANK_PIXELS samples, plus the cut Tc - bed
 * over RIVER_CARVE_BANK_SLOPE) and F over one floor width, both by the
 * quintic smoothstep (C2): a groove following the terrain across it (no
 * bench on a hillside), a deep cut with a wide gentle bank (no wall), and
 * never below both the bed and T. hw is half of w, but at least 0.75 of
 * the raster's sample spacing (a channel narrower than a pixel is drawn
 * about a pixel wide, as the map draws it, and the samples nearest the
 * centreline lie on its bed), so a raster of twice the size shows the
 * same channel, sharper. A point on a floor takes the lowest floor's bed
 * (another river's bank never lowers a floor; at a bend, the floor of the
 * segment after it does not reach back over the one before), else the
 * lowest bank. Where T is at or below the level of the water a segment
 * leaves or reaches (sea or lake) the surface is left alone, and the cut
 * fades in over the depth d above it: lakes keep their level, the sea its
 * depth.
 *
 * Pointwise: segments are found through a uniform grid of segment lists
 * over the map square built from the whole world, so every pixel depends
 * only on the world, the raster's size and its own position: tiles equal
 * the same window of the whole raster. Grids and planar meshes; spheres
 * get none. Pure arithmetic and sqrt (correctly rounded): the same bits
 * everywhere. */
#ifndef OROGEN_RENDER_RIVER_CARVE_H
#define OROGEN_RENDER_RIVER_CARVE_H

#include "core/base/og_error.h"
#include "core/world.h"

/* Hydraulic geometry constants (metres; Q in m^3/s); the width and
 * depth coefficients are of the order Leopold & Maddock and later
 * compilations give for mean annual discharge (w 2.5-7, d 0.2-0.5). */
#define RIVER_CARVE_WIDTH_A 4.0
#define RIVER_CARVE_DEPTH_C 0.3
/* Mean annual runoff of the rain the hydrology routes, metres a year. */
#define RIVER_CARVE_RUNOFF 0.5
/* Bank slope (rise over run) of a cut deeper than the channel. */
#define RIVER_CARVE_BANK_SLOPE 0.25

struct river_carve;

/* The uncarved height (world elevation units) at map point (u, v): the
 * sampler's own surface, so the beds follow what is carved. */
typedef double (*river_carve_height_fn)(void *ctx, double u, double v);

/* Build the channels of w for a raster whose samples lie du and dv apart
 * (fractions of the map square, render/sample.h sample_axes), heights at
 * the river nodes from height_fn(ctx, u, v). *out is NULL (no
 * work) when w has no rivers, is a sphere or render.carve_rivers is off.
 * *lowest (may be NULL) gets river_carve_lowest's value from the same
 * beds, so that one build serves both. Errors: OG_ENOMEM, OG_EINVAL (a
 * cycle in the river network); *out is then NULL. */
enum og_status river_carve_new(const struct world *w, double du, double dv,
                               river_carve_height_fn height_fn, void *ctx,
                               struct river_carve **out, double *lowest, struct og_error *err);

/* The lowest bed of w's channels (world units) into *lowest, HUGE_VAL
 * when it gets none: no carved height lies below both it and the world's
 * elev_min (the heightmaps' range reaches down to it). Beds do not depend
 * on a raster's size. Defined in river_bed.c. Errors: OG_ENOMEM,
 * OG_EINVAL (a cycle in the river network). */
enum og_status river_carve_lowest(const struct world *w, river_carve_height_fn height_fn,
                                  void *ctx, double *lowest, struct og_error *err);

/* The carved height at map point (u, v) whose uncarved height is t (world
 * elevation units). c may be NULL (returns t). */
double river_carve_at(const struct river_carve *c, double u, double v, double t);

/* How much of the sub-grid detail (render/detail.h) is kept at map point
 * (u, v): 0 on a channel's floor, rising by the quintic smoothstep to 1 at
 * the edge of its bank (the carving's reach), 1 away from every channel
 * and when c is NULL. */
double river_carve_detail_fade(const struct river_carve *c, double u, double v);

void river_carve_free(struct river_carve *c);

/* The world's scale as the carving uses it: metres across the map square
 * (*mx, *my) and per elevation unit (*mz); doc/scale.md's where known,
 * else island.vertical_scale (islands) or 1 m per unit, and a map square
 * 12 times the height range (doc/rendering.md's map-relative scale). */
void river_carve_scale(const struct world *w, double *mx, double *my, double *mz);

/* Mean annual discharge (m^3/s) of hydrology node i of w. */
double river_carve_discharge(const struct world *w, size_t i);

/* Channel width and depth (metres) of discharge q (m^3/s). */
double river_carve_width_m(double q);
double river_carve_depth_m(double q);

#endif
