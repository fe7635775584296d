/* river_curve: the centrelines of a world's rivers as smooth curves, the
 * one geometry the map (render/mapimg_rivers.c) draws and the exported
 * heights (render/river_carve.h) carve, so both show the same rivers.
 *
 * A river is the chain of hydrology nodes with river_width > 0 (on a grid
 * its cells, on a Voronoi mesh its Voronoi vertices) from a source down to
 * the first node that is not a river (a lake, the sea, an outlet). Its
 * centreline joins the nodes' smoothed positions with straight segments:
 * three passes of [1 2 1] / 4 along (main donor, node, receiver), so D8
 * staircases become lines at the flow's own angle (doc/hydrology.md). */
#ifndef OROGEN_RENDER_RIVER_CURVE_H
#define OROGEN_RENDER_RIVER_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/river_index.h"

/* Map position (u, v) in [0,1]^2 of hydrology node i: a grid cell's
 * centre, a mesh's Voronoi vertex. */
void river_node_uv(const struct world *w, size_t i, double *u, double *v);

/* The smoothed map positions of the river nodes of w: rid indexes them
 * (render/river_index.h: river_index_at(rid, i) is node i's index among
 * them, -1 for others, rid->n in all), uv gets 2 doubles per river node.
 * Sources and nodes whose receiver is not a river keep their place, so
 * rivers start and end where the routing says and a tributary ends on the
 * smoothed main stem. Errors: OG_ENOMEM. */
enum og_status river_curve(const struct world *w, const struct river_index *rid, double *uv,
                           struct og_error *err);

#endif
