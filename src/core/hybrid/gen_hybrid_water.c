#include "config.h"
#include "core/hybrid/gen_hybrid_water.h"

#include <math.h>
#include <stdlib.h>

#include "core/hydro/flow_mfd.h"
#include "core/base/grid.h"
#include "core/hydro/hydro.h"
#include "core/base/noise.h"
#include "core/base/rng.h"
#include "core/world.h"

#define LOWLAND_OCTAVES 6
#define LOWLAND_WARP 0.6 /* domain warp, in wavelengths of the base octave */

/* The faint lowland relief that routes water (heights unchanged): Perlin
 * fBm (core/base/noise.h) at `scale` per km, sampled at a domain-warped point
 * (Quilez, "Domain warping", 2002: p + k * (fbm_a(p), fbm_b(p))), so valleys
 * meander instead of following the noise lattice. Gradient noise has no
 * plateaus at its lattice points, unlike value noise, whose flat corners
 * made streams run along the lattice rows and diagonals. Adds relief x the
 * fBm mapped to [0, 1] (as the value noise was) to surface[] row by row; row
 * holds 5 x width doubles. */
static void
lowland_relief(const struct world *w, uint64_t seed, double scale_km, double km, double relief,
               float *surface, double *row)
{
    struct perlin base, wx, wy;
    struct fbm_params f = { LOWLAND_OCTAVES, scale_km, 2.0, 0.5 };
    struct fbm_params fw = { 3, scale_km, 2.0, 0.5 };
    size_t nx = (size_t)w->width, k;
    double *xs = row, *ys = row + nx, *ox = row + 2 * nx, *oy = row + 3 * nx, *v = row + 4 * nx;
    double warp = LOWLAND_WARP / scale_km;
    int y;

    perlin_init(&base, seed);
    perlin_init(&wx, seed ^ rng_hash_str("Water.lowland.warp_x"));
    perlin_init(&wy, seed ^ rng_hash_str("Water.lowland.warp_y"));
    for (y = 0; y < w->height; y++) {
        for (k = 0; k < nx; k++) {
            xs[k] = ((double)k + 0.5) * km;
            ys[k] = ((double)y + 0.5) * km;
        }
        fbm2_batch(&wx, &fw, xs, ys, 1, nx, ox);
        fbm2_batch(&wy, &fw, xs, ys, 1, nx, oy);
        for (k = 0; k < nx; k++) {
            xs[k] += warp * ox[k];
            ys[k] += warp * oy[k];
        }
        fbm2_batch(&base, &f, xs, ys, 1, nx, v);
        for (k = 0; k < nx; k++) {
            size_t c = (size_t)y * nx + k;
            surface[c] = w->elevation[c] + (float)(relief * 0.5 * (v[k] + 1.0));
        }
    }
}

enum og_status
gen_hybrid_water(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    double km = params_get(p, P_HYBRID_EXTENT) / (double)w->width;
    double relief = params_get(p, P_HYBRID_LOWLAND_RELIEF);
    double scale = params_get(p, P_HYBRID_LOWLAND_SCALE); /* per km */
    double threshold = params_get(p, P_HYBRID_STREAM_AREA) / (km * km); /* cells */
    double width_cells = params_get(p, P_HYBRID_STREAM_WIDTH) / (1000.0 * km);
    double *row = NULL;
    float *surface = NULL;
    uint8_t *outlet = NULL;
    uint32_t *rank = NULL;
    struct hydro_graph g;
    struct rng r;
    uint64_t seed;
    size_t n = w->ncells, i, nlakes = 0, lake_nodes = 0, sources = 0, streams = 0;
    enum og_status st;

    if (params_int(p, P_HYBRID_WATER) == 0) {
        return OG_OK;
    }
    st = hydro_graph_grid(&g, w->width, w->height, 8, err);
    if (st != OG_OK) {
        return st;
    }
    rng_for_stage(&r, p->seed, "Water.lowland");
    seed = (uint64_t)rng_next_u32(&r) << 32 | rng_next_u32(&r);
    w->nhydro = n;
    if ((st = world_alloc((void **)&w->hydro_elev, n, sizeof(float), "filled surface", err)) ||
        (st = world_alloc((void **)&w->downhill, n, sizeof(int32_t), "downhill", err)) ||
        (st = world_alloc((void **)&w->flow, n, sizeof(float), "flow", err)) ||
        (st = world_alloc((void **)&w->river_width, n, sizeof(float), "stream width", err)) ||
        (st = world_alloc((void **)&w->lake, n, 1, "lakes", err)) ||
        (st = grid_calloc((void **)&surface, n, sizeof *surface, "routing surface", err)) ||
        (st = grid_calloc((void **)&outlet, n, 1, "outlets", err)) ||
        (st = grid_calloc((void **)&rank, n, sizeof *rank, "flood order", err)) ||
        (st = grid_calloc((void **)&row, 5 * (size_t)w->width, sizeof *row, "noise rows", err))) {
        goto done;
    }
    lowland_relief(w, seed, scale, km, relief, surface, row);
    hydro_grid_outlets(w->width, w->height, surface, -INFINITY, outlet);
    st = hydro_fill_route_accumulate(&g, surface, outlet, HYDRO_FLOOD_FAST, NULL, w->hydro_elev,
                                     rank, w->downhill, w->flow, ctx, err);
    if (st == OG_OK) {
        st = hydro_lakes(&g, surface, w->hydro_elev, params_get(p, P_HYBRID_LAKE_DEPTH), w->lake,
                         &nlakes, &lake_nodes, err);
    }
    if (st == OG_OK) {
        st = hydro_rivers(n, w->downhill, w->flow, w->lake, threshold > 1.0 ? threshold : 1.0,
                          width_cells, w->river_width, &sources, err);
    }
    if (st == OG_OK) { /* widths from flow that spreads (core/hydro/flow_mfd.h) */
        st = flow_mfd_river_widths(w->width, w->height, w->hydro_elev, w->downhill, NULL,
                                   threshold > 1.0 ? threshold : 1.0, width_cells,
                                   w->river_width, err);
    }
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (w->lake[i]) {
            w->water[i] = WATER_LAKE;
        }
        streams += w->river_width[i] > 0.0f;
    }
    world_stat_int(w, "hybrid.lakes", (long long)nlakes);
    world_stat_int(w, "hybrid.lake_cells", (long long)lake_nodes);
    world_stat_int(w, "hybrid.streams", (long long)sources);
    world_stat_int(w, "hybrid.stream_cells", (long long)streams);
done:
    free(row);
    free(surface);
    free(outlet);
    free(rank);
    return st;
}
