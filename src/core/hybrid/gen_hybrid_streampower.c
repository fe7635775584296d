#include "config.h"
#include "core/hybrid/gen_hybrid_internal.h"

/* hybrid.erosion = streampower|both (issue 26, doc/lem.md): the mountain
 * mask rises and rivers carve it. The landscape evolution model of
 * core/lem runs on the map's own grid in metres (a height unit is
 * world.elev_unit_m metres, a cell world.cell_size metres) for lem.years;
 * uplift is lem.uplift times the initial height over its largest value
 * (the coverage mask with its blend: foothills rise slowly, the core
 * fastest), and the land outside the mask is base level: rivers leave
 * the ranges there (a range cut by the map's edge drains inwards; a map
 * all mountain drains over its border). The live view gets the world every few steps with the
 * step count and model years (the geologic-time view). */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/lem/lem.h"
#include "core/lem/lem_recipe.h"
#include "core/world.h"

#define LEM_SNAPSHOT_MS 100.0 /* at least this long between live views */

/* Hand the evolving world to the live view (best effort): heights, mask,
 * colours, and the stats lem.step, lem.steps, lem.years. */
static void
publish(const struct world *w, struct run_ctx *ctx, const float *z, double unit, long step,
        long steps, double years)
{
    struct world *snap = NULL;
    const struct params *p = &w->params;
    double k = per_cell_from_per_100m(p);
    size_t i;

    if (world_new(&snap, w->gen, w->kind, &w->params, NULL) != OG_OK) {
        return;
    }
    snap->width = w->width;
    snap->height = w->height;
    snap->ncells = w->ncells;
    world_copy_scale(snap, w);
    if (world_alloc((void **)&snap->elevation, w->ncells, sizeof(float), "snapshot", NULL) ||
        world_alloc((void **)&snap->mask, w->ncells, 1, "snapshot", NULL) ||
        world_alloc((void **)&snap->color, w->ncells, sizeof(uint32_t), "snapshot", NULL)) {
        world_unref(snap);
        return;
    }
    for (i = 0; i < w->ncells; i++) {
        snap->elevation[i] = (float)((double)z[i] / unit);
    }
    memcpy(snap->mask, w->mask, w->ncells);
    gen_hybrid_texture(snap->elevation, snap->mask, NULL, w->width, w->height,
                       (float)params_get(p, P_HYBRID_MOUNTAIN),
                       (float)(params_get(p, P_HYBRID_DIRT_SLOPE) * k),
                       (float)(params_get(p, P_HYBRID_ROCK_SLOPE) * k), snap->color);
    world_update_extent(snap);
    world_stat_int(snap, "lem.step", step);
    world_stat_int(snap, "lem.steps", steps);
    world_stat_real(snap, "lem.years", years);
    ctx->snapshot(ctx->snapshot_arg, snap);
    world_unref(snap);
}

/* Base level, uplift and heights in metres from the initial world. */
static enum og_status
lem_inputs(const struct world *w, double unit, double u0, uint8_t *base, float *up, float *z,
           int threads)
{
    size_t x, y, W = (size_t)w->width, H = (size_t)w->height, i, nbase = 0;
    float hmax = gen_hybrid_max(w->elevation, w->mask, w->ncells, 0.0f, threads);

    for (i = 0; i < w->ncells; i++) {
        base[i] = w->mask[i] == 0;
        nbase += base[i];
    }
    for (y = 0; y < H && nbase == 0; y++) { /* all mountain: the border drains */
        for (x = 0; x < W; x++) {
            base[y * W + x] = x == 0 || y == 0 || x + 1 == W || y + 1 == H;
        }
    }
    for (i = 0; i < w->ncells; i++) {
        z[i] = (float)((double)w->elevation[i] * unit);
        up[i] = base[i] || !(hmax > 0.0f) ? 0.0f : (float)(u0 * (double)w->elevation[i] / hmax);
    }
    return OG_OK;
}

enum og_status
gen_hybrid_streampower(struct world *w, struct run_ctx *ctx, double f0, double f1,
                       float *activity, struct og_error *err)
{
    const struct params *p = ctx->params;
    struct lem_params lp;
    struct lem *s = NULL;
    uint8_t *base = NULL;
    float *up = NULL, *z = NULL;
    double unit = w->elev_unit_m, last = -1e300, interval = LEM_SNAPSHOT_MS;
    long steps, k;
    size_t i, n = w->ncells;
    enum og_status st;

    if ((st = lem_recipe_read(p, params_get(p, P_LEM_YEARS), "lem.years", &lp, &steps, err)) !=
        OG_OK) {
        return st;
    }
    if ((st = grid_malloc((void **)&base, n, 1, "base level", err)) ||
        (st = grid_malloc((void **)&up, n, sizeof *up, "uplift", err)) ||
        (st = grid_malloc((void **)&z, n, sizeof *z, "heights in metres", err)) ||
        (st = world_alloc((void **)&w->wear, n, sizeof *w->wear, "wear", err)) ||
        (st = world_alloc((void **)&w->deposition, n, sizeof *w->deposition, "deposition",
                          err))) {
        goto done;
    }
    lem_inputs(w, unit, params_get(p, P_LEM_UPLIFT) * 1e-3, base, up, z, ctx->threads);
    if ((st = lem_new(&s, w->width, w->height, w->cell_size, base, err)) != OG_OK) {
        goto done;
    }
    for (k = 0; k < steps; k++) {
        st = lem_step(s, z, up, &lp, ctx->threads, ctx, err);
        if (st == OG_OK) {
            st = pipeline_tick(ctx, f0 + (f1 - f0) * (double)(k + 1) / (double)steps);
        }
        if (st != OG_OK) {
            goto done;
        }
        if (ctx->snapshot != NULL && k + 1 < steps) {
            double now = pipeline_now_ms();
            if (now - last >= interval) {
                publish(w, ctx, z, unit, k + 1, steps, (double)(k + 1) * lp.dt);
                last = pipeline_now_ms();
                interval = 4.0 * (last - now);
                interval = interval > LEM_SNAPSHOT_MS ? interval : LEM_SNAPSHOT_MS;
            }
        }
    }
    for (i = 0; i < n; i++) {
        w->elevation[i] = (float)((double)z[i] / unit);
        w->wear[i] = s != NULL ? lem_wear(s)[i] : 0.0f;
        w->deposition[i] = s != NULL ? lem_deposition(s)[i] : 0.0f;
        activity[i] = (float)((double)w->wear[i] / unit);
    }
    {
        struct lem_totals t;
        lem_get_totals(s, &t);
        world_stat_int(w, "lem.steps", steps);
        world_stat_real(w, "lem.years", (double)steps * lp.dt);
        world_stat_real(w, "lem.uplift_km3", t.uplift * 1e-9);
        world_stat_real(w, "lem.eroded_km3", (t.fluvial + t.boundary) * 1e-9);
    }
done:
    lem_free(s);
    free(base);
    free(up);
    free(z);
    return st;
}
