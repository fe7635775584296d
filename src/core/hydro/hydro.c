#include "config.h"
#include "core/hydro/hydro.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/dem_climate.h"
#include "core/hydro/flow_mfd.h"
#include "core/base/grid.h"
#include "core/hydro/hydro_balance.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/geom/mesh.h"
#include "core/hydro/moisture.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/world.h"

/* --- the stage ------------------------------------------------------------------ */

struct stage_bufs {
    float *elev;      /* mesh: vertex elevation (owned); grid: w->elevation */
    float *rain;
    uint8_t *outlet;
    uint8_t *wet;     /* mesh: node lies in the sea: no rain (a grid reads its
                         water mask, a byte a cell less) */
};

/* Node position for stats: grid cell (x, y), mesh circumcentre. */
static void
node_pos(const struct world *w, size_t i, double *x, double *y)
{
    if (w->kind == WORLD_GRID) {
        *x = (double)(i % (size_t)w->width);
        *y = (double)(i / (size_t)w->width);
    } else {
        *x = w->mesh->centers[2 * i];
        *y = w->mesh->centers[2 * i + 1];
    }
}

/* Graph, node elevations, outlets and the sea for either world kind. */
static enum og_status
stage_nodes(struct world *w, struct hydro_graph *g, struct stage_bufs *b, struct og_error *err)
{
    size_t i, n;
    enum og_status st;

    if (w->elevation == NULL || w->water == NULL) {
        return og_error_set(err, OG_EINVAL, "hydrology: needs elevation and a water mask");
    }
    if (w->kind == WORLD_GRID) {
        st = hydro_graph_grid(g, w->width, w->height, 8, err);
        if (st != OG_OK) {
            return st;
        }
    } else if (w->kind == WORLD_MESH && w->mesh != NULL && w->mesh->dim == 2) {
        hydro_graph_mesh(g, w->mesh, HYDRO_MESH_TRIANGLES);
    } else {
        return og_error_set(err, OG_EUNSUPPORTED, "hydrology: only island and dem worlds");
    }
    n = g->n;
    st = grid_calloc((void **)&b->outlet, n, 1, "outlets", err);
    if (st == OG_OK && w->kind != WORLD_GRID) {
        st = grid_calloc((void **)&b->wet, n, 1, "sea nodes", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&b->rain, n, sizeof *b->rain, "rain", err);
    }
    if (st != OG_OK) {
        return st;
    }
    if (w->kind == WORLD_GRID) {
        b->elev = w->elevation;
        for (i = 0; i < n; i++) {
            b->outlet[i] = (uint8_t)(w->water[i] == WATER_OCEAN || on_border(g, i));
        }
        return OG_OK;
    }
    st = grid_calloc((void **)&b->elev, n, sizeof *b->elev, "vertex elevation", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        const int32_t *tri = w->mesh->triangles + 3 * i;
        const int32_t *he = w->mesh->halfedges + 3 * i;
        /* A Voronoi vertex is as high as the mean of its three cells; it is in
         * the sea (an outlet) if any of them is ocean, so rivers end on the
         * coastline; hull triangles drain off the map like a grid border. */
        b->elev[i] = (w->elevation[tri[0]] + w->elevation[tri[1]] + w->elevation[tri[2]]) / 3.0f;
        b->wet[i] = w->water[tri[0]] == WATER_OCEAN || w->water[tri[1]] == WATER_OCEAN ||
                    w->water[tri[2]] == WATER_OCEAN;
        b->outlet[i] = (uint8_t)(b->wet[i] || he[0] < 0 || he[1] < 0 || he[2] < 0);
    }
    return OG_OK;
}

/* Rain per hydrology node: none on wet nodes, else 1, or twice the
 * moisture noise (moisture_noise_batch, the same bits as
 * moisture_noise_at) gathered RAIN_CHUNK nodes at a time. */
#define RAIN_CHUNK 256

static void
stage_rain(const struct world *w, struct stage_bufs *b, size_t n)
{
    struct moisture_noise mn;
    int follow = params_int(&w->params, P_HYDRO_RAINFALL) == 1;
    double s = w->width > w->height ? w->width : w->height;
    double u[RAIN_CHUNK], v[RAIN_CHUNK], out[RAIN_CHUNK];
    size_t node[RAIN_CHUNK];
    size_t i = 0, m, k;

    if (follow) {
        moisture_noise_init(&mn, &w->params);
    }
    while (i < n) {
        for (m = 0; i < n && m < RAIN_CHUNK; i++) {
            if (b->wet != NULL ? b->wet[i] : w->water[i] == WATER_OCEAN) {
                b->rain[i] = 0.0f;
                continue;
            }
            if (!follow) {
                b->rain[i] = 1.0f;
                continue;
            }
            if (w->kind == WORLD_GRID) {
                u[m] = ((double)(i % (size_t)w->width) + 0.5) / s;
                v[m] = ((double)(i / (size_t)w->width) + 0.5) / s;
            } else {
                u[m] = w->mesh->centers[2 * i];
                v[m] = w->mesh->centers[2 * i + 1];
            }
            node[m++] = i;
        }
        if (m > 0) {
            moisture_noise_batch(&mn, u, v, 1, m, out);
        }
        for (k = 0; k < m; k++) {
            b->rain[node[k]] = (float)(2.0 * out[k]);
        }
    }
}

/* Cells under a lake surface become WATER_LAKE: grid cells that are lake
 * nodes; Voronoi cells with a lake corner whose surface lies above the
 * cell's own height. Returns the count. */
static size_t
mark_lake_cells(struct world *w)
{
    size_t i, k, count = 0;
    for (i = 0; i < w->nhydro; i++) {
        if (w->lake[i] != LAKE_WATER) {
            continue;
        }
        if (w->kind == WORLD_GRID) {
            if (w->water[i] == WATER_LAND) {
                w->water[i] = WATER_LAKE;
                count++;
            }
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t p = w->mesh->triangles[3 * i + k];
            if (w->water[p] == WATER_LAND && w->elevation[p] < w->hydro_elev[i]) {
                w->water[p] = WATER_LAKE;
                count++;
            }
        }
    }
    return count;
}

static enum og_status
stage_stats(struct world *w, const struct stage_bufs *b, const struct hydro_fill_stats *fill,
            const struct hydro_balance_stats *bal, size_t playas, size_t playa_nodes,
            size_t nlakes, size_t lake_nodes,
            size_t lake_cells, size_t sources, struct og_error *err)
{
    struct hydro_fill_stats fs = *fill;
    size_t i, n = w->nhydro, outlets = 0, mouths = 0, imax = 0;
    uint8_t *fed = NULL;
    double rain = 0.0, x, y;
    int grid = w->kind == WORLD_GRID;
    enum og_status st = grid_calloc((void **)&fed, n, 1, "outlet donors", err);

    if (st != OG_OK) {
        return st;
    }

    for (i = 0; i < n; i++) {
        rain += b->rain[i];
        imax = w->flow[i] > w->flow[imax] ? i : imax;
        if (w->downhill[i] >= 0) {
            fed[w->downhill[i]] = 1;
        }
    }
    for (i = 0; i < n; i++) {
        if (w->downhill[i] < 0) {
            outlets++;
            mouths += fed[i];
        }
    }
    free(fed);
    world_stat_text(w, "hydro.connectivity",
                    grid ? "grid 8-neighbour (D8 to the lowest neighbour)"
                         : "Voronoi vertices, 3 neighbours along Voronoi edges");
    /* the variant actually run (hydro.flood) */
    world_stat_text(w, "hydro.fill",
                    params_int(&w->params, P_HYDRO_FLOOD) == 1
                        ? "heap: plain priority-flood (Barnes 2014), no epsilon"
                        : "fast: slope-tracing priority-flood (Zhou 2016), no epsilon");
    world_stat_text(w, "hydro.outlet_rule", grid ? "border and sea cells" : "ocean and hull vertices");
    world_stat_int(w, "hydro.nodes", (long long)n);
    world_stat_int(w, "hydro.raised", (long long)fs.raised);
    world_stat_real(w, "hydro.max_raise", fs.max_raise);
    node_pos(w, fs.max_at, &x, &y);
    world_stat_point(w, "hydro.max_raise_at", x, y);
    world_stat_real(w, "hydro.raise_sum", fs.sum_raise);
    world_stat_int(w, "hydro.lakes", (long long)nlakes);
    world_stat_int(w, "hydro.lake_nodes", (long long)lake_nodes);
    world_stat_int(w, "hydro.lake_cells", (long long)lake_cells);
    world_stat_real(w, "hydro.lake_area_fraction",
                    w->ncells != 0 ? (double)lake_cells / (double)w->ncells : 0.0);
    if (grid && w->cell_size > 0.0) {
        double cy = w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size;
        world_stat_real(w, "hydro.lake_area_m2", (double)lake_cells * w->cell_size * cy);
    }
    if (bal != NULL) {
        world_stat_int(w, "hydro.closed_basins", (long long)bal->closed);
        world_stat_int(w, "hydro.closed_sinks", (long long)bal->sinks);
        world_stat_int(w, "hydro.playas", (long long)playas);
        world_stat_int(w, "hydro.playa_cells", (long long)playa_nodes);
        world_stat_real(w, "hydro.closed_rain", bal->absorbed);
    }
    world_stat_int(w, "hydro.rivers", (long long)sources);
    world_stat_int(w, "hydro.outlets", (long long)outlets);
    world_stat_int(w, "hydro.mouths", (long long)mouths);
    world_stat_real(w, "hydro.total_rain", rain);
    world_stat_real(w, "hydro.max_flow", n != 0 ? w->flow[imax] : 0.0);
    node_pos(w, imax, &x, &y);
    world_stat_point(w, "hydro.max_flow_at", x, y);
    return OG_OK;
}

/* hydro_fill_route_accumulate in the phases lo..hi of progress (fill,
 * route, accumulate at 55, 20, 15 % of it). rank NULL: the flood order is
 * allocated here and lives only until the routing that reads it. The
 * D8-LTD pass takes work_flow and work_main (n floats each, NULL:
 * allocated) as scratch: the stage hands it the world's flow and river
 * widths before they are filled (the peak of a 16384^2 DEM, issue 27). */
static enum og_status
fill_route_accumulate(const struct hydro_graph *g, const float *elev, const uint8_t *outlet,
                      enum hydro_flood_method method, const float *rain, float *filled,
                      uint32_t *rank, int32_t *downhill, float *flow, float *work_flow,
                      float *work_main, double lo, double hi, struct run_ctx *ctx,
                      struct og_error *err)
{
    double span = hi - lo;
    uint32_t *own = NULL;
    enum og_status st = OG_OK;

    if (rank == NULL) {
        st = grid_calloc((void **)&own, g->n, sizeof *own, "flood order", err);
        rank = own;
    }
    if (st != OG_OK) {
        return st;
    }
    pipeline_phase(ctx, lo, lo + span * 0.55 / 0.9);
    st = hydro_priority_flood(g, elev, outlet, method, filled, rank, ctx, err);
    if (st == OG_OK) {
        pipeline_phase(ctx, lo + span * 0.55 / 0.9, lo + span * 0.75 / 0.9);
        st = hydro_route_d8_flats(g, elev, filled, rank, outlet, downhill, ctx, err);
    }
    free(own);
    if (st == OG_OK) {
        st = hydro_route_ltd(g, filled, downhill, work_flow, work_main, err);
    }
    if (st == OG_OK) {
        pipeline_phase(ctx, lo + span * 0.75 / 0.9, hi);
        st = hydro_accumulate(g->n, downhill, rain, flow, ctx, err);
    }
    return st;
}

enum og_status
hydro_fill_route_accumulate(const struct hydro_graph *g, const float *elev, const uint8_t *outlet,
                            enum hydro_flood_method method, const float *rain, float *filled,
                            uint32_t *rank, int32_t *downhill, float *flow, struct run_ctx *ctx,
                            struct og_error *err)
{
    enum og_status st = fill_route_accumulate(g, elev, outlet, method, rain, filled, rank,
                                              downhill, flow, NULL, NULL, 0.0, 0.9, ctx, err);

    pipeline_phase(ctx, 0.9, 1.0);
    if (st == OG_OK) {
        st = pipeline_tick(ctx, 0.0);
    }
    return st;
}

/* The stage's pass over its buffers (fill_route_accumulate, the flood
 * order held only until the routing). */
static enum og_status
route_pass(struct world *w, const struct hydro_graph *g, const struct stage_bufs *b,
           enum hydro_flood_method method, double lo, double hi, struct run_ctx *ctx,
           struct og_error *err)
{
    return fill_route_accumulate(g, b->elev, b->outlet, method, b->rain, w->hydro_elev, NULL,
                                 w->downhill, w->flow, w->flow, w->river_width, lo, hi, ctx, err);
}

/* A dem's closed basins (core/hydro/hydro_balance.h): the climate's aridity comes
 * from the plain fill's depression storage; where closed lakes form, the
 * fill, routing and accumulation run again with their nodes as outlets at
 * their level, so the water that reaches them stays there. lake gets
 * LAKE_WATER / LAKE_PLAYA on closed lakes. */
static enum og_status
stage_balance(struct world *w, const struct hydro_graph *g, struct stage_bufs *b,
              double min_depth, enum hydro_flood_method method, uint8_t *lake,
              struct hydro_balance_stats *bs, double *dry_depth, struct run_ctx *ctx,
              struct og_error *err)
{
    double aridity, ratio;
    float *elev2 = NULL;
    size_t i, n = g->n;
    enum og_status st;

    memset(bs, 0, sizeof *bs);
    w->depression_storage_m = dem_climate_depression_storage(w);
    aridity = dem_climate_world_aridity(w, NULL);
    ratio = hydro_balance_lake_ratio(aridity);
    *dry_depth = hydro_balance_dry_depth_m(aridity) / (w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0);
    if (ratio >= 1.0) {
        return OG_OK; /* every depression overflows */
    }
    st = grid_calloc((void **)&elev2, n, sizeof *elev2, "closed lake levels", err);
    if (st != OG_OK) {
        return st;
    }
    memcpy(elev2, b->elev, n * sizeof *elev2);
    st = hydro_balance_lakes(g, b->elev, w->hydro_elev, w->downhill, w->flow, min_depth, ratio,
                             lake, elev2, bs, err);
    if (st != OG_OK || bs->closed == 0) {
        free(elev2);
        return st;
    }
    for (i = 0; i < n; i++) {
        b->outlet[i] = (uint8_t)(b->outlet[i] || lake[i] != LAKE_NONE);
    }
    if (b->elev != w->elevation) {
        free(b->elev);
    }
    b->elev = elev2; /* closed lakes at their level; freed with the stage */
    st = route_pass(w, g, b, method, 0.9, 0.99, ctx, err);
    pipeline_phase(ctx, 0.99, 1.0);
    return st;
}

enum og_status
hydro_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    struct hydro_graph g;
    struct stage_bufs b;
    enum hydro_flood_method method =
        params_int(p, P_HYDRO_FLOOD) == 1 ? HYDRO_FLOOD_HEAP : HYDRO_FLOOD_FAST;
    int grid = w->kind == WORLD_GRID;
    double depth = params_get(p, grid ? P_HYDRO_DEM_LAKE_DEPTH : P_HYDRO_LAKE_DEPTH);
    double threshold = params_get(p, grid ? P_HYDRO_DEM_RIVER_THRESHOLD : P_HYDRO_RIVER_THRESHOLD);
    size_t i, n, nlakes = 0, lake_nodes = 0, lake_cells, sources = 0;
    struct hydro_fill_stats fs;
    struct hydro_balance_stats bs;
    uint8_t *closed = NULL;
    size_t playas = 0, playa_nodes = 0;
    double dry_depth = 0.0;
    int balance = grid && w->gen == GEN_DEM;
    enum og_status st;

    memset(&b, 0, sizeof b);
    memset(&bs, 0, sizeof bs);
    st = stage_nodes(w, &g, &b, err);
    if (st != OG_OK) {
        goto done;
    }
    n = g.n;
    w->nhydro = n;
    st = world_alloc((void **)&w->hydro_elev, n, sizeof(float), "filled surface", err);
    if (st == OG_OK) {
        st = world_alloc((void **)&w->downhill, n, sizeof(int32_t), "downhill", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->flow, n, sizeof(float), "flow", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->river_width, n, sizeof(float), "river width", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->lake, n, 1, "lakes", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    stage_rain(w, &b, n);
    st = route_pass(w, &g, &b, method, 0.0, 0.9, ctx, err);
    pipeline_phase(ctx, 0.9, 1.0);
    if (st == OG_OK) {
        st = pipeline_tick(ctx, 0.0);
    }
    if (st == OG_OK) {
        hydro_fill_stats(n, b.elev, w->hydro_elev, &fs); /* the plain fill's */
        if (balance) {
            st = grid_calloc((void **)&closed, n, 1, "closed lakes", err);
            if (st == OG_OK) {
                st = stage_balance(w, &g, &b, depth, method, closed, &bs, &dry_depth, ctx, err);
            }
        }
    }
    if (st == OG_OK) {
        /* the overflowing lakes; closed lakes sit at their level as outlets */
        st = hydro_lakes(&g, b.elev, w->hydro_elev, depth, w->lake, &nlakes, &lake_nodes, err);
    }
    if (st == OG_OK && closed != NULL) {
        for (i = 0; i < n; i++) { /* sinks drain the basin but hold no lake */
            w->lake[i] = closed[i] == LAKE_WATER ? LAKE_WATER : w->lake[i];
        }
        nlakes += bs.closed - bs.sinks;
        lake_nodes += bs.lake_nodes;
        if (dry_depth > 0.0) {
            st = hydro_balance_ephemeral(&g, b.elev, w->hydro_elev, dry_depth, w->lake, &playas,
                                         &playa_nodes, err);
            nlakes -= playas;
            lake_nodes -= playa_nodes;
        }
    }
    if (st == OG_OK && balance) {
        /* rivers carry runoff: an arid climate's need more catchment */
        threshold /= hydro_balance_relative_runoff(dem_climate_world_aridity(w, NULL));
    }
    if (st == OG_OK) {
        st = hydro_rivers(n, w->downhill, w->flow, w->lake, threshold,
                          params_get(p, P_HYDRO_WIDTH_SCALE), w->river_width, &sources, err);
    }
    if (st == OG_OK && grid) { /* widths from flow that spreads (core/hydro/flow_mfd.h) */
        st = flow_mfd_river_widths(w->width, w->height, w->hydro_elev, w->downhill, b.rain,
                                   threshold, params_get(p, P_HYDRO_WIDTH_SCALE), w->river_width,
                                   err);
    }
    if (st != OG_OK) {
        goto done;
    }
    lake_cells = mark_lake_cells(w);
    st = stage_stats(w, &b, &fs, balance ? &bs : NULL, playas, playa_nodes, nlakes, lake_nodes,
                     lake_cells, sources, err);
done:
    free(closed);
    if (b.elev != w->elevation) {
        free(b.elev);
    }
    free(b.rain);
    free(b.outlet);
    free(b.wet);
    return st;
}
