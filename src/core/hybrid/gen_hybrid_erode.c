#include "config.h"
#include "core/hybrid/gen_hybrid_internal.h"

/* Phases 3 and 4 of HybridTerrain: droplet erosion with live snapshots and
 * the roughness scale (gen_hybrid.h, core/hybrid/droplet.h). */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hybrid/gen_hybrid.h"
#include "core/base/rng.h"
#include "core/world.h"

#define HYBRID_SNAPSHOT_MS 100.0 /* at least this long between live views */

/* Colour the current heights the way TerrainTexture will (no trees yet). */
static void
texture_from_params(const struct params *p, const float *heights, const uint8_t *mask, int w,
                    int h, uint32_t *color)
{
    double k = per_cell_from_per_100m(p);
    gen_hybrid_texture(heights, mask, NULL, w, h, (float)params_get(p, P_HYBRID_MOUNTAIN),
                       (float)(params_get(p, P_HYBRID_DIRT_SLOPE) * k),
                       (float)(params_get(p, P_HYBRID_ROCK_SLOPE) * k), color);
}

/* Hand an intermediate world to the live view. The snapshot is a separate
 * world: the one being built is never shared before it is finished. */
static void
publish_snapshot(const struct world *w, struct run_ctx *ctx, const struct droplet_field *field,
                 uint64_t done, uint64_t total)
{
    struct world *snap = NULL;

    if (world_new(&snap, w->gen, w->kind, &w->params, NULL) != OG_OK) {
        return; /* the live view is best effort */
    }
    snap->width = w->width;
    snap->height = w->height;
    snap->ncells = w->ncells;
    world_copy_scale(snap, w);
    if (world_alloc((void **)&snap->elevation, w->ncells, sizeof *snap->elevation,
                    "snapshot elevation", NULL) != OG_OK ||
        world_alloc((void **)&snap->mask, w->ncells, sizeof *snap->mask, "snapshot mask",
                    NULL) != OG_OK ||
        world_alloc((void **)&snap->color, w->ncells, sizeof *snap->color, "snapshot colour",
                    NULL) != OG_OK) {
        world_unref(snap);
        return;
    }
    droplet_field_heights(field, snap->elevation);
    memcpy(snap->mask, w->mask, w->ncells);
    texture_from_params(&w->params, snap->elevation, snap->mask, w->width, w->height,
                        snap->color);
    world_update_extent(snap);
    world_stat_int(snap, "hybrid.droplets_done", (long long)done);
    world_stat_int(snap, "hybrid.droplets_total", (long long)total);
    ctx->snapshot(ctx->snapshot_arg, snap);
    world_unref(snap);
}

static void
droplet_params_from(const struct params *p, struct droplet_params *dp)
{
    dp->dt = (float)params_get(p, P_HYBRID_DT);
    dp->friction = (float)params_get(p, P_HYBRID_FRICTION);
    dp->density = (float)params_get(p, P_HYBRID_DENSITY);
    dp->deposition = (float)params_get(p, P_HYBRID_DEPOSITION);
    dp->evaporation = (float)params_get(p, P_HYBRID_EVAPORATION);
    dp->min_volume = (float)params_get(p, P_HYBRID_MIN_VOLUME);
    /* relief is per 100 m of ground; the droplet model works in cells */
    dp->relief = (float)(params_get(p, P_HYBRID_RELIEF) / per_cell_from_per_100m(p));
    dp->max_steps = params_int(p, P_HYBRID_MAX_STEPS);
    dp->keep_sediment = params_int(p, P_HYBRID_EVAP_SEDIMENT) == 1;
}

/* The combined bounds the table's per-row ranges cannot express. */
enum og_status
gen_hybrid_check_droplet_params(const struct params *p, struct og_error *err)
{
    double dt = params_get(p, P_HYBRID_DT);
    double f = params_get(p, P_HYBRID_FRICTION), d = params_get(p, P_HYBRID_DEPOSITION);
    double e = params_get(p, P_HYBRID_EVAPORATION);
    if (dt * f > 1.0) {
        return og_error_set(err, OG_ERANGE,
                            "hybrid.dt x hybrid.friction = %g exceeds 1 (speed would reverse)",
                            dt * f);
    }
    if (dt * d > 1.0) {
        return og_error_set(err, OG_ERANGE,
                            "hybrid.dt x hybrid.deposition = %g exceeds 1 (sediment overshoots)",
                            dt * d);
    }
    if (dt * e >= 1.0) {
        return og_error_set(err, OG_ERANGE,
                            "hybrid.dt x hybrid.evaporation = %g must be below 1", dt * e);
    }
    return OG_OK;
}

/* The 99th percentile of the activity over the mask cells (gen_hybrid_internal.h):
 * rank nmask - 1 - nmask / 100 from the bottom, the (nmask / 100 + 1)-th
 * largest. */
enum og_status
gen_hybrid_activity_scale(const float *activity, const uint8_t *mask, size_t n, size_t nmask,
                          int threads, float *out, struct og_error *err)
{
    return gen_hybrid_kth_largest_threads(activity, mask, n, nmask > 0 ? nmask / 100 + 1 : 0,
                                          threads, out, err);
}

/* Phase 3 on w->elevation; fills activity (per cell) and the totals. */
enum og_status
gen_hybrid_erode(struct world *w, struct run_ctx *ctx, float *activity,
                 struct droplet_totals *tot, struct og_error *err)
{
    struct droplet_params dp;
    struct droplet_field *field = NULL;
    uint64_t total = 0, done = 0, seed, chunk, x;
    double last_snap = -1e300, interval = HYBRID_SNAPSHOT_MS;
    enum og_status st;

    droplet_params_from(ctx->params, &dp);
    st = droplet_params_check(&dp, err);
    if (st != OG_OK) {
        return st;
    }
    st = droplet_field_new(&field, w->elevation, w->mask, w->width, w->height, err);
    if (st != OG_OK) {
        return st;
    }
    x = ctx->params->seed ^ rng_hash_str("HybridTerrain.erosion");
    seed = rng_splitmix64(&x);
    total = (uint64_t)floor(params_get(ctx->params, P_HYBRID_DROPLETS) *
                            (double)droplet_field_mask_cells(field) + 0.5);
    /* one round of batches between progress ticks: the result does not
     * depend on it (droplet.h) */
    chunk = droplet_round_size(field);
    while (done < total) {
        uint64_t n = total - done < chunk ? total - done : chunk;
        st = droplet_run(field, &dp, seed, done, n, ctx->threads, tot, err);
        if (st != OG_OK) {
            droplet_field_free(field);
            return st;
        }
        done += n;
        st = pipeline_tick(ctx, 0.1 + 0.85 * (double)done / (double)total);
        if (st != OG_OK) {
            droplet_field_free(field);
            return st;
        }
        if (ctx->snapshot != NULL && done < total) {
            double now = pipeline_now_ms();
            if (now - last_snap >= interval) {
                publish_snapshot(w, ctx, field, done, total);
                last_snap = pipeline_now_ms();
                /* Big grids: a snapshot costs a full colouring pass; keep
                 * the live view under a fifth of the erosion time. */
                interval = 4.0 * (last_snap - now);
                interval = interval > HYBRID_SNAPSHOT_MS ? interval : HYBRID_SNAPSHOT_MS;
            }
        }
    }
    droplet_field_heights(field, w->elevation);
    droplet_field_activity(field, activity);
    droplet_field_free(field);
    return OG_OK;
}
