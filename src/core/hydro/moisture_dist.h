/* moisture_dist: the hop distances to fresh water and to the ocean that
 * moisture_stage (moisture.h) raises the base field with, computed in
 * parallel with the same values for every thread count.
 *
 * A multi-source breadth-first search by frontier levels (the
 * level-synchronous BFS of parallel graph libraries, e.g. Beamer, Asanovic
 * and Patterson 2012, top-down step): level d's frontier is cut into fixed
 * batches of MOISTURE_LEVEL_GRAIN entries; each batch stores d + 1 into the
 * unreached neighbours of its cells and lists them, and the lists are
 * joined in batch order into level d + 1's frontier. Both searches (fresh
 * water and ocean) share every level. A cell's distance is its hop count
 * from the nearest source, which no visiting order changes: a cell still
 * unreached when level d runs is exactly d + 1 hops from a source if it
 * touches a level-d cell. Two batches of one level may both list such a
 * cell (it is then visited twice at the same level, harmlessly), so only
 * the frontier's order may vary between runs, never a distance.
 *
 * Every pass runs its batches in one contiguous span per thread
 * (og_team_for_spans), so the threads' frontier cells and the neighbours
 * they mark lie apart in memory. With batches claimed in turn, the two
 * threads kept writing the same cache lines of the reached bytes and the
 * distances, and the 2-thread work came out 10-20 % above the 1-thread
 * work (stop 13, same-run CPU times on the 500k island).
 *
 * Neighbours: on a mesh the Voronoi cells around each point
 * (mesh_cell_neighbors' set), gathered once into lists from fixed chunks of
 * half-edges (moisture_dist.c); on a grid the 8-connected cells
 * (hydro_neighbors). Internal to moisture.c. */
#ifndef OROGEN_CORE_HYDRO_MOISTURE_DIST_H
#define OROGEN_CORE_HYDRO_MOISTURE_DIST_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct og_team;
struct run_ctx;
struct world;

#define MOISTURE_LEVEL_GRAIN 1024 /* frontier entries per batch of a level */
#define MOISTURE_POINT_GRAIN 16384 /* cells (or triangles) per batch of the flat passes */

/* Distances in hops from fresh water (lakes and the cells a river runs
 * through: on a grid the river's cell, on a mesh the corners of the
 * triangles it crosses) and from the ocean into dist[0] and dist[1] (n =
 * w->ncells each, -1 where no such water is reachable), on the team's
 * threads. ctx (optional) gets progress f0..f1 and may cancel. Errors:
 * OG_ENOMEM, OG_ECANCELED, OG_ERANGE (2^31 cells or more). */
enum og_status moisture_distances(const struct world *w, struct og_team *team,
                                  struct run_ctx *ctx, double f0, double f1,
                                  _Atomic int32_t *dist[2], struct og_error *err);

#endif
