/* island.relief = streampower (issue 26, doc/lem.md): the island's relief
 * from rivers instead of noise cones. */
#ifndef OROGEN_CORE_ISLAND_ISLAND_STREAMPOWER_H
#define OROGEN_CORE_ISLAND_ISLAND_STREAMPOWER_H

#include "core/base/og_error.h"

struct run_ctx;
struct world;

/* Replace the land heights of island world w (mesh points in the unit
 * square, w->water saying land or ocean) by a landscape evolution run
 * (core/lem) on a grid of about sqrt(cells) cells a side (a grid cell as
 * wide as a Voronoi cell, so its valleys are not narrower than the mesh): land rises at
 * lem.uplift times uplift[i] (0..1 per mesh point: the anchors' falloff
 * field), the sea and the map's edge are base level. The map is
 * island.extent wide (10 km when 0: an island the size of Kauai) and a height unit
 * island.vertical_scale metres. Land heights become the evolved heights
 * over the highest, times island.land_height (> 0 on land); the coast
 * stays where it was. Fills w->wear and w->deposition (metres, per mesh
 * point). Errors: as lem_step, OG_ERANGE for too many steps, OG_ENOMEM. */
enum og_status island_streampower(struct world *w, const float *uplift, struct run_ctx *ctx,
                                  struct og_error *err);

#endif
