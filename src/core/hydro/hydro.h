/* hydro: priority-flood depression filling, downhill routing, flow
 * accumulation, lakes and rivers on a generic graph.
 *
 * The same code serves the island's Voronoi vertices (Delaunay triangles,
 * neighbours across the half-edges, up to 3) and DEM grids (8- or
 * 4-connectivity). A node is an outlet when the caller's outlet mask says so
 * (ocean vertices, hull triangles; grid border and sea cells); a connected
 * part of the graph without any outlet gets its lowest node (smallest index
 * on ties) as an extra outlet, so every node always drains.
 *
 * Fill convention: plain priority-flood (no epsilon). Every outlet is seeded
 * at its own height and every other node is raised exactly to its spill
 * height: filled = max(elev, lowest pass to an outlet). Methods:
 *   Barnes, Lehman and Mulla (2014), "Priority-Flood: An optimal
 *   depression-filling and watershed-labeling algorithm for digital elevation
 *   models", Computers & Geosciences 62, Algorithm 2 (improved variant: a
 *   binary heap plus a FIFO queue for cells inside depressions);
 *   the fast variant follows Zhou, Sun and Fu (2016) and Wei, Zhou and Fu
 *   (2019, Int. J. Digital Earth 12(4)): cells climbing a slope away from
 *   the processed region are final as soon as they are reached and are
 *   traced with a plain queue; only slope cells that still have a lower
 *   unprocessed neighbour enter the priority queue, which is a radix heap
 *   on the float bits (Ahuja et al. 1990; valid because a priority-flood's
 *   levels never decrease). Both give identical filled surfaces.
 *
 * Flats: a plain fill leaves flat lakes and flat spill paths. Every node is
 * numbered in the order the flood reaches it (rank; a node is reached from a
 * neighbour that was reached earlier at a filled height no greater than its
 * own). Routing sends a node to its lowest neighbour on the filled surface,
 * ties broken by the smaller rank, so the key (filled, rank) falls strictly
 * along every path: the routing has no cycles, is non-increasing on the
 * filled surface and reaches an outlet. On a mesh a flat drains along the
 * flood's breadth-first front toward the spill point, like the epsilon
 * gradient of Barnes et al. (2014, Algorithm 3) without changing heights. On
 * grids that front draws ruler-straight diagonals, so flat cells are routed
 * instead by Barnes, Lehman and Mulla (2014b)'s combined gradient towards
 * lower and away from higher terrain (hydro_route). */
#ifndef OROGEN_CORE_HYDRO_HYDRO_H
#define OROGEN_CORE_HYDRO_HYDRO_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct mesh;
struct run_ctx;
struct world;

enum hydro_graph_kind {
    HYDRO_GRID8,          /* width x height cells, 8 neighbours (D8) */
    HYDRO_GRID4,          /* width x height cells, 4 neighbours */
    HYDRO_MESH_TRIANGLES, /* Voronoi vertices: triangle t, neighbours across its half-edges */
    HYDRO_MESH_POINTS     /* Voronoi cells: mesh points, neighbours by mesh_cell_neighbors */
};

/* Most neighbours a node may have (mesh points with more are refused). */
#define HYDRO_MAX_DEGREE 64

struct hydro_graph {
    enum hydro_graph_kind kind;
    size_t n;                /* nodes */
    int width, height;       /* grids */
    const struct mesh *mesh; /* meshes (borrowed) */
    /* HYDRO_MESH_POINTS: every point's neighbours in mesh_cell_neighbors'
     * order, start[n + 1] / nbr (hydro_graph_table), else NULL */
    int32_t *tab_start, *tab_nbr;
};

/* Describe a width x height grid (connectivity 8 or 4). Errors: OG_ERANGE for
 * a non-positive size, more than 2^31 - 1 cells or another connectivity. */
enum og_status hydro_graph_grid(struct hydro_graph *g, int width, int height, int connectivity,
                                struct og_error *err);

/* Describe the triangles (Voronoi vertices) or the points (Voronoi cells) of
 * a mesh, which is borrowed for the graph's lifetime. */
void hydro_graph_mesh(struct hydro_graph *g, const struct mesh *m, enum hydro_graph_kind kind);

/* Walk every point's neighbours of a HYDRO_MESH_POINTS graph once, in
 * fixed batches on up to `threads` threads (<= 0: the default; the same
 * table on every count), into a table that hydro_neighbors then reads:
 * the same neighbours in the same order, so every pass gives the same
 * bytes, but the flood, routing and lakes (which ask several times a
 * node) no longer walk the half-edges around each point on one thread.
 * 4 (n + 1) + 4 (3 ntriangles) bytes; other graphs are left alone.
 * hydro_graph_table_free releases it. Errors: OG_ENOMEM. */
enum og_status hydro_graph_table(struct hydro_graph *g, int threads, struct og_error *err);
void hydro_graph_table_free(struct hydro_graph *g);

/* Neighbours of node i into out[HYDRO_MAX_DEGREE]; returns their count. */
int hydro_neighbors(const struct hydro_graph *g, size_t i, int32_t *out);

/* Grid outlets: border cells and cells with elev <= sea_level get 1, the
 * rest 0 (outlet[width * height]). Returns the number of outlets. */
size_t hydro_grid_outlets(int width, int height, const float *elev, float sea_level,
                          uint8_t *outlet);

enum hydro_flood_method {
    HYDRO_FLOOD_HEAP, /* Barnes et al. 2014, improved priority-flood */
    HYDRO_FLOOD_FAST  /* Zhou et al. 2016 / Wei et al. 2019 slope tracing, radix heap */
};

/* Plain priority-flood of elev[g->n] from the nodes with outlet[i] != 0.
 * filled[g->n] receives the filled surface (filled may be elev itself: the
 * flood works in place on it); rank[g->n] (may be NULL) the
 * order in which the flood reached each node (0 for the first seed), used by
 * hydro_route to break ties on flats. ctx (may be NULL) gets progress and
 * can cancel. Errors: OG_EINVAL for a non-finite elevation, OG_ERANGE for
 * more than 2^32 - 2 nodes, OG_ENOMEM, OG_ECANCELED. */
enum og_status hydro_priority_flood(const struct hydro_graph *g, const float *elev,
                                    const uint8_t *outlet, enum hydro_flood_method method,
                                    float *filled, uint32_t *rank, struct run_ctx *ctx,
                                    struct og_error *err);

/* Route every node to its lowest neighbour on the filled surface, ties
 * broken by the smaller rank: downhill[i] = that neighbour, or -1 for an
 * outlet (outlet[i] != 0, or a node with no neighbour lower in (filled,
 * rank), i.e. an extra seed of the flood). filled and rank must come from
 * one hydro_priority_flood call. On grids, flats (nodes with no lower
 * neighbour) are then re-routed towards lower and away from higher terrain
 * (Barnes, Lehman and Mulla 2014, "An efficient assignment of drainage
 * direction over flat surfaces"): still acyclic and never uphill, but no
 * longer the flood's ruler lines; a flat without a drain keeps the rank
 * route. Errors: OG_ECANCELED, OG_ENOMEM. */
enum og_status hydro_route(const struct hydro_graph *g, const float *filled, const uint32_t *rank,
                           const uint8_t *outlet, int32_t *downhill, struct run_ctx *ctx,
                           struct og_error *err);

/* hydro_route with the heights before the fill (elev[g->n], may be NULL):
 * on grids, inside a filled depression flat routing then prefers the
 * depression's originally deepest cells (its valley floor) over the rim.
 * Errors: as hydro_route. */
enum og_status hydro_route_terrain(const struct hydro_graph *g, const float *elev,
                                   const float *filled, const uint32_t *rank,
                                   const uint8_t *outlet, int32_t *downhill, struct run_ctx *ctx,
                                   struct og_error *err);

/* Flow accumulation in topological order (hydro_stack, then
 * hydro_accumulate_stack): flow[i] = rain[i] + sum of flow of the nodes
 * whose downhill is i. rain may be NULL (1 per node). Errors: OG_EINVAL
 * "downhill graph has a cycle" if some node never becomes ready, OG_ENOMEM,
 * OG_ECANCELED. */
enum og_status hydro_accumulate(size_t n, const int32_t *downhill, const float *rain, float *flow,
                                struct run_ctx *ctx, struct og_error *err);

/* The stack of Braun and Willett (2013, Geomorphology 180-181): every node
 * after all of its donors (the nodes whose downhill it is), so walking
 * order[0 .. n) accumulates flow and walking it backwards visits every
 * receiver before its donors (the implicit erosion of core/lem). Kahn's
 * order, walked as chains from the nodes whose donors are done in index
 * order: O(n), no sort, the same on every run. order[n]. Errors:
 * OG_EINVAL for a receiver out of range or a cycle, OG_ENOMEM,
 * OG_ECANCELED. */
enum og_status hydro_stack(size_t n, const int32_t *downhill, int32_t *order,
                           struct run_ctx *ctx, struct og_error *err);

/* Flow accumulation along a stack from hydro_stack: flow[i] = rain[i] (1
 * when rain is NULL) + the flow of its donors, summed in stack order (the
 * same float sums as hydro_accumulate). */
void hydro_accumulate_stack(size_t n, const int32_t *order, const int32_t *downhill,
                            const float *rain, float *flow);

/* The three steps every hydrology stage runs, as one rise of the stage's
 * progress (pipeline_phase): hydro_priority_flood into filled and rank,
 * hydro_route into downhill, hydro_accumulate of rain (may be NULL) into
 * flow. The shares are those of their times on a 4000^2 DEM: fill 0..0.55,
 * routing ..0.75, accumulation ..0.9 of the stage; the caller's remaining
 * steps (lakes, rivers) follow from 0.9. Errors as the three steps. */
enum og_status hydro_fill_route_accumulate(const struct hydro_graph *g, const float *elev,
                                           const uint8_t *outlet, enum hydro_flood_method method,
                                           const float *rain, float *filled, uint32_t *rank,
                                           int32_t *downhill, float *flow, struct run_ctx *ctx,
                                           struct og_error *err);

/* What a fill changed: nodes with filled > elev, the largest raise and the
 * first node where it occurs, the sum of raises (in elevation units). */
struct hydro_fill_stats {
    size_t raised;
    double max_raise;
    size_t max_at;
    double sum_raise;
};
void hydro_fill_stats(size_t n, const float *elev, const float *filled,
                      struct hydro_fill_stats *out);

/* Lakes: a depression is a connected set of raised nodes (filled > elev)
 * with one filled height (its spill height, the lake surface); if its
 * deepest node is raised by more than min_depth all its nodes get lake[i] =
 * 1, others 0. *nlakes and *lake_nodes (may be NULL) get the lake count and
 * the number of lake nodes. Errors: OG_ENOMEM. */
enum og_status hydro_lakes(const struct hydro_graph *g, const float *elev, const float *filled,
                           double min_depth, uint8_t *lake, size_t *nlakes, size_t *lake_nodes,
                           struct og_error *err);

/* River widths from accumulated flow: width[i] = width_scale *
 * sqrt(flow[i] / threshold) where flow[i] >= threshold and the node is not
 * in a lake (lake may be NULL), else 0. Widths are in node spacings (grid
 * cells, mean Voronoi edge lengths). *sources (may be NULL) gets the number
 * of river sources: nodes at or above the threshold none of whose donors
 * is. Errors: OG_ERANGE for threshold <= 0, OG_ENOMEM. */
enum og_status hydro_rivers(size_t n, const int32_t *downhill, const float *flow,
                            const uint8_t *lake, double threshold, double width_scale,
                            float *width, size_t *sources, struct og_error *err);

/* Breadth-first graph distance (hops) from the nodes with source[i] != 0:
 * dist[i] = hops, or -1 where no source is reachable. Errors: OG_ENOMEM. */
enum og_status hydro_graph_distance(const struct hydro_graph *g, const uint8_t *source,
                                    int32_t *dist, struct og_error *err);

/* The hydrology stage for island (mesh) and dem (grid) worlds: fills
 * nhydro, hydro_elev, downhill, flow, river_width, lake, marks lake cells
 * WATER_LAKE in w->water and records the hydro.* stats (doc/stats.md).
 * Needs w->elevation and w->water. Errors: OG_EINVAL for a world without
 * them, plus those of the functions above. */
enum og_status hydro_stage(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
