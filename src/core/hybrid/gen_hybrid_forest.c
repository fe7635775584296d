#include "config.h"
#include "core/hybrid/gen_hybrid_forest.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/base/grid.h"
#include "core/base/rng.h"
#include "core/base/value_noise.h"
#include "core/world.h"

#define STAND_OCTAVES 4
#define STAND_EDGE 0.04 /* noise units over which a stand fades out */

/* Stand density in [0, 1] per cell into s (n cells). */
static enum og_status
stand_density(const struct world *w, const struct params *p, float *s, struct og_error *err)
{
    double km = params_get(p, P_HYBRID_EXTENT) / (double)w->width;
    double f = params_get(p, P_HYBRID_STAND_SCALE) * km;
    size_t n = w->ncells, i, target;
    double *row = NULL;
    uint8_t *inside = NULL;
    float tau = 0.0f;
    struct rng r;
    uint64_t seed;
    enum og_status st;
    int x, y;

    rng_for_stage(&r, p->seed, "ForestMask.stands");
    seed = (uint64_t)rng_next_u32(&r) << 32 | rng_next_u32(&r);
    if ((st = grid_calloc((void **)&row, (size_t)w->width, sizeof *row, "noise row", err)) ||
        (st = grid_calloc((void **)&inside, n, 1, "stand cells", err))) {
        goto done;
    }
    for (y = 0; y < w->height; y++) {
        value_noise_fbm2_row(seed, STAND_OCTAVES, f, (double)y * f, (size_t)w->width, row);
        for (x = 0; x < w->width; x++) {
            s[(size_t)y * (size_t)w->width + (size_t)x] = (float)row[x];
        }
    }
    target = (size_t)floor(params_get(p, P_HYBRID_STAND_COVER) * (double)n + 0.5);
    st = gen_hybrid_select_mask(s, n, target, inside, &tau, err);
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        double t = ((double)s[i] - (double)tau) / STAND_EDGE + 0.5;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        s[i] = target == 0 ? 0.0f : (float)(t * t * (3.0 - 2.0 * t));
    }
done:
    free(row);
    free(inside);
    return st;
}

enum og_status
gen_hybrid_forest_mask(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    double limit = params_get(p, P_HYBRID_FOREST_LIMIT);
    double steep = params_get(p, P_HYBRID_FOREST_STEEP);
    float mh = (float)params_get(p, P_HYBRID_MOUNTAIN);
    float *stands = NULL;
    enum og_status st;
    size_t i;

    st = world_alloc((void **)&w->forest, w->ncells, sizeof *w->forest, "forest mask", err);
    if (st != OG_OK) {
        return st;
    }
    if (params_int(p, P_HYBRID_STANDS) == 1) {
        st = grid_calloc((void **)&stands, w->ncells, sizeof *stands, "stand density", err);
        if (st == OG_OK) {
            st = stand_density(w, p, stands, err);
        }
        if (st != OG_OK) {
            free(stands);
            return st;
        }
    }
    for (i = 0; i < w->ncells; i++) {
        double h, f;
        if ((w->mask[i] != 0 && w->elevation[i] > mh) || w->water[i] != WATER_LAND ||
            (w->river_width != NULL && w->river_width[i] > 0.0f)) {
            continue; /* 0 on Mountain and on water */
        }
        /* Eroded grass can dip below 0; pow of a negative base is NaN. */
        h = w->elevation[i] > 0.0f ? (double)w->elevation[i] : 0.0;
        f = 1.0 - det_pow(h / limit, steep);
        f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
        if (stands != NULL) {
            f *= (double)stands[i];
        }
        w->forest[i] = (float)f;
    }
    free(stands);
    return OG_OK;
}

enum og_status
gen_hybrid_forest_placement(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    double density = params_get(ctx->params, P_HYBRID_FOREST_DENSITY);
    struct rng r;
    long long trees = 0;
    enum og_status st;
    size_t i;

    st = world_alloc((void **)&w->trees, w->ncells, sizeof *w->trees, "trees", err);
    if (st != OG_OK) {
        return st;
    }
    rng_for_stage(&r, ctx->params->seed, "ForestPlacement");
    for (i = 0; i < w->ncells; i++) {
        /* One draw per cell keeps the stream aligned with the grid. */
        double u = rng_next_double(&r);
        if (u < (double)w->forest[i] * density) {
            w->trees[i] = 1;
            trees++;
        }
    }
    world_stat_int(w, "hybrid.trees", trees);
    return OG_OK;
}
