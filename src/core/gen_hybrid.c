#include "config.h"
#include "core/gen_hybrid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/droplet.h"
#include "core/gen_hybrid_forest.h"
#include "core/gen_hybrid_water.h"
#include "core/grid.h"
#include "core/rng.h"
#include "core/select.h"
#include "core/value_noise.h"
#include "core/world.h"

#define HYBRID_MAX_CELLS ((size_t)4096 * 4096)
#define HYBRID_MASK_OCTAVES 4
#define HYBRID_HEIGHT_OCTAVES 6
#define HYBRID_BATCH 1024          /* droplets between progress ticks */
#define HYBRID_SNAPSHOT_MS 100.0   /* at least this long between live views */
#define HYBRID_REF_CELL_KM 0.1     /* the seed's cell: 256 cells over 25.6 km */
#define HYBRID_MAX_DROPLETS 100000000.0

static const double hybrid_pi = 3.14159265358979323846;

/* CPU time of the calling thread in ms: the erosion is single-threaded, and
 * on a shared machine this is a steadier speed figure than the wall clock. */
static double
thread_cpu_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
        return 0.0;
    }
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A 64-bit seed for one random stream of this generator. */
static uint64_t
stream_seed(uint64_t seed, const char *stage)
{
    struct rng r;
    uint64_t hi, lo;
    rng_for_stage(&r, seed, stage);
    hi = rng_next_u32(&r);
    lo = rng_next_u32(&r);
    return hi << 32 | lo;
}

/* Kilometres per cell: the extent spread over the width. */
static double
cell_km(const struct params *p)
{
    return params_get(p, P_HYBRID_EXTENT) / (double)params_int(p, P_HYBRID_WIDTH);
}

/* Per-100 m slopes and reliefs to per-cell ones: a slope of s units per
 * 100 m is s * cell_km / 0.1 units per cell. */
static double
per_cell_from_per_100m(const struct params *p)
{
    return cell_km(p) / HYBRID_REF_CELL_KM;
}

static int
is_mountain(const struct world *w, size_t i)
{
    float mh = (float)params_get(&w->params, P_HYBRID_MOUNTAIN);
    return w->mask[i] != 0 && w->elevation[i] > mh;
}

enum og_status
gen_hybrid_select_mask(const float *m, size_t n, size_t target, uint8_t *mask, float *tau,
                       struct og_error *err)
{
    uint64_t *keys = NULL, cut;
    enum og_status st;
    size_t i;

    if (n == 0) {
        *tau = 0.0f;
        return OG_OK;
    }
    if (target == 0) {
        float hi = m[0];
        for (i = 0; i < n; i++) {
            mask[i] = 0;
            hi = m[i] > hi ? m[i] : hi;
        }
        *tau = hi;
        return OG_OK;
    }
    st = grid_calloc((void **)&keys, n, sizeof *keys, "coverage selection keys", err);
    if (st != OG_OK) {
        return st;
    }
    /* Value in the high half, inverted index in the low half: all keys are
     * distinct and, for equal m, the lower index is the larger key. */
    for (i = 0; i < n; i++) {
        keys[i] = (uint64_t)select_float_key(m[i]) << 32 | (uint64_t)(UINT32_MAX - (uint32_t)i);
    }
    select_nth_u64(keys, n, n - target);
    cut = keys[n - target];
    *tau = select_key_float((uint32_t)(cut >> 32));
    free(keys);
    for (i = 0; i < n; i++) {
        uint64_t k = (uint64_t)select_float_key(m[i]) << 32 |
                     (uint64_t)(UINT32_MAX - (uint32_t)i);
        mask[i] = k >= cut;
    }
    return OG_OK;
}

uint32_t
gen_hybrid_grey_rock(float h_rel)
{
    float t = h_rel > 0.0f ? (h_rel < 1.0f ? h_rel : 1.0f) : 0.0f;
    uint32_t g = (uint32_t)lroundf(80.0f + 50.0f * t);
    return g << 16 | g << 8 | g;
}

uint32_t
gen_hybrid_color(int mountain, int tree, float h_rel, float slope, float dirt_slope,
                 float rock_slope)
{
    if (mountain) {
        if (slope > rock_slope) {
            return gen_hybrid_grey_rock(h_rel);
        }
        if (h_rel > 0.75f) {
            return HYBRID_SNOW;
        }
        if (h_rel > 0.4f) {
            return HYBRID_BROWN_ROCK;
        }
        return HYBRID_HIGHLAND_GRASS;
    }
    if (tree) {
        return HYBRID_TREE;
    }
    if (slope > dirt_slope) {
        return HYBRID_DIRT;
    }
    return HYBRID_GRASS;
}

float
gen_hybrid_slope(const float *field, int w, int h, int x, int y)
{
    int x0 = x > 0 ? x - 1 : x, x1 = x + 1 < w ? x + 1 : x;
    int y0 = y > 0 ? y - 1 : y, y1 = y + 1 < h ? y + 1 : y;
    float dx = 0.0f, dy = 0.0f;
    if (x1 > x0) {
        dx = (field[(size_t)y * (size_t)w + (size_t)x1] -
              field[(size_t)y * (size_t)w + (size_t)x0]) / (float)(x1 - x0);
    }
    if (y1 > y0) {
        dy = (field[(size_t)y1 * (size_t)w + (size_t)x] -
              field[(size_t)y0 * (size_t)w + (size_t)x]) / (float)(y1 - y0);
    }
    return sqrtf(dx * dx + dy * dy);
}

void
gen_hybrid_texture(const float *heights, const uint8_t *mask, const uint8_t *trees, int w, int h,
                   float mountain_h, float dirt_slope, float rock_slope, uint32_t *color)
{
    size_t n = (size_t)w * (size_t)h, i;
    float hmax = 0.0f;
    int x, y;

    for (i = 0; i < n; i++) {
        hmax = heights[i] > hmax ? heights[i] : hmax;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            size_t c = (size_t)y * (size_t)w + (size_t)x;
            float rel = hmax > 0.0f ? heights[c] / hmax : 0.0f;
            int mountain = mask[c] != 0 && heights[c] > mountain_h;
            int tree = trees != NULL && trees[c] != 0;
            color[c] = gen_hybrid_color(mountain, tree, rel,
                                        gen_hybrid_slope(heights, w, h, x, y), dirt_slope,
                                        rock_slope);
        }
    }
}

enum hybrid_kind
gen_hybrid_cell_kind(const struct world *w, size_t cell)
{
    uint32_t c, r, g, b;
    if (w->color == NULL || cell >= w->ncells) {
        return HYBRID_KIND_GRASS;
    }
    c = w->color[cell];
    r = c >> 16;
    g = (c >> 8) & 0xFFu;
    b = c & 0xFFu;
    switch (c) {
    case HYBRID_SNOW: return HYBRID_KIND_SNOW;
    case HYBRID_BROWN_ROCK: return HYBRID_KIND_MOUNTAIN;
    case HYBRID_HIGHLAND_GRASS: return HYBRID_KIND_MOUNTAIN;
    case HYBRID_TREE: return HYBRID_KIND_TREE;
    case HYBRID_DIRT: return HYBRID_KIND_DIRT;
    case HYBRID_WATER: return HYBRID_KIND_WATER;
    default: break;
    }
    if (r == g && g == b && r >= 80 && r <= 130) {
        return HYBRID_KIND_ROCK;
    }
    return HYBRID_KIND_GRASS;
}

char
gen_hybrid_kind_glyph(enum hybrid_kind kind)
{
    switch (kind) {
    case HYBRID_KIND_GRASS: return '.';
    case HYBRID_KIND_MOUNTAIN: return '^';
    case HYBRID_KIND_TREE: return 'T';
    case HYBRID_KIND_SNOW: return '*';
    case HYBRID_KIND_DIRT: return ':';
    case HYBRID_KIND_ROCK: return '#';
    case HYBRID_KIND_WATER: return '=';
    }
    return '?';
}

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
static enum og_status
check_droplet_params(const struct params *p, struct og_error *err)
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

static float
max_of(const float *v, size_t n)
{
    float hi = 0.0f;
    size_t i;
    for (i = 0; i < n; i++) {
        hi = v[i] > hi ? v[i] : hi;
    }
    return hi;
}

/* The activity that counts as "full" roughness: the 99th percentile over
 * the mask cells, so that a few cells where many droplets met do not make
 * every other cell look smooth (0 when nothing eroded). */
static enum og_status
activity_scale(const float *activity, const uint8_t *mask, size_t n, float *out,
               struct og_error *err)
{
    uint64_t *keys = NULL;
    size_t i, m = 0;
    enum og_status st;

    *out = 0.0f;
    for (i = 0; i < n; i++) {
        m += mask[i] != 0;
    }
    if (m == 0) {
        return OG_OK;
    }
    st = grid_calloc((void **)&keys, m, sizeof *keys, "roughness scale keys", err);
    if (st != OG_OK) {
        return st;
    }
    m = 0;
    for (i = 0; i < n; i++) {
        if (mask[i] != 0) {
            keys[m++] = select_float_key(activity[i]);
        }
    }
    select_nth_u64(keys, m, m - 1 - m / 100);
    *out = select_key_float((uint32_t)keys[m - 1 - m / 100]);
    free(keys);
    return OG_OK;
}

/* Phase 3 on w->elevation; fills activity (per cell) and the totals. */
static enum og_status
erode(struct world *w, struct run_ctx *ctx, float *activity, struct droplet_totals *tot,
      struct og_error *err)
{
    struct droplet_params dp;
    struct droplet_field *field = NULL;
    struct rng r;
    uint64_t total = 0, done = 0;
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
    rng_for_stage(&r, ctx->params->seed, "HybridTerrain.erosion");
    total = (uint64_t)floor(params_get(ctx->params, P_HYBRID_DROPLETS) *
                            (double)droplet_field_mask_cells(field) + 0.5);
    while (done < total) {
        uint64_t batch = total - done < HYBRID_BATCH ? total - done : HYBRID_BATCH;
        droplet_run(field, &dp, &r, batch, tot);
        done += batch;
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

static enum og_status
stage_terrain(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    int width = params_int(p, P_HYBRID_WIDTH), height = params_int(p, P_HYBRID_HEIGHT);
    double coverage = params_get(p, P_HYBRID_COVERAGE), peak = params_get(p, P_HYBRID_PEAK);
    double s_mask = params_get(p, P_HYBRID_MASK_SCALE), blend = params_get(p, P_HYBRID_BLEND);
    double cycles = params_get(p, P_HYBRID_CYCLES);
    uint64_t mask_seed = stream_seed(p->seed, "HybridTerrain.mask");
    uint64_t height_seed = stream_seed(p->seed, "HybridTerrain.height");
    struct droplet_totals tot;
    float *m = NULL, *activity = NULL, tau = 0.0f, amax, hmax;
    double *row = NULL;
    size_t n, target, nmask = 0, nmountain = 0, i;
    double s, r_eff, t0, c0, km = cell_km(p);
    int ridged = params_int(p, P_HYBRID_MASK_SHAPE) == 1;
    enum og_status st;
    int x, y;

    memset(&tot, 0, sizeof tot);
    if ((st = check_droplet_params(p, err)) != OG_OK) {
        return st;
    }
    st = grid_cells(&n, width, height, HYBRID_MAX_CELLS, "hybrid grid", err);
    if (st != OG_OK) {
        return st;
    }
    w->width = width;
    w->height = height;
    w->ncells = n;
    if ((st = world_alloc((void **)&w->elevation, n, sizeof *w->elevation, "elevation", err)) ||
        (st = world_alloc((void **)&w->mask, n, sizeof *w->mask, "mountain mask", err)) ||
        (st = world_alloc((void **)&w->roughness, n, sizeof *w->roughness, "roughness", err)) ||
        (st = world_alloc((void **)&w->water, n, sizeof *w->water, "water", err)) ||
        (st = grid_calloc((void **)&m, n, sizeof *m, "mask noise", err)) ||
        (st = grid_calloc((void **)&activity, n, sizeof *activity, "erosion activity", err)) ||
        (st = grid_calloc((void **)&row, (size_t)width, sizeof *row, "noise row", err))) {
        goto done;
    }

    /* Phase 1: coverage mask, the fBm sampled at the cells' corners in km
     * (s_mask per km), so the layout does not depend on the grid size. */
    w->cell_size = 1000.0 * km;
    for (y = 0; y < height; y++) {
        value_noise_fbm2_row(mask_seed, HYBRID_MASK_OCTAVES, s_mask * km, (double)y * km * s_mask,
                             (size_t)width, row);
        for (x = 0; x < width; x++) {
            double v = ridged ? 1.0 - fabs(2.0 * row[x] - 1.0) : row[x];
            m[(size_t)y * (size_t)width + (size_t)x] = (float)v;
        }
        if ((y & 31) == 0 && (st = pipeline_tick(ctx, 0.05 * y / height)) != OG_OK) {
            goto done;
        }
    }
    target = (size_t)floor(coverage * (double)n + 0.5);
    st = gen_hybrid_select_mask(m, n, target, w->mask, &tau, err);
    if (st != OG_OK) {
        goto done;
    }

    /* Phase 2: heights inside the mask; r_eff in km, s per km. In depth
     * mode the blend is a share of the mask's noise depth, so the heights
     * rise from the mask edge toward its core (slopes, not walls). */
    if (params_int(p, P_HYBRID_BLEND_MODE) == 1) {
        float mmax = tau;
        for (i = 0; i < n; i++) {
            mmax = w->mask[i] && m[i] > mmax ? m[i] : mmax;
        }
        blend *= (double)mmax - (double)tau;
        blend = blend > 1e-9 ? blend : 1e-9;
    }
    world_stat_real(w, "hybrid.blend", blend);
    r_eff = sqrt((double)target / hybrid_pi) * km;
    s = cycles / (r_eff > km ? r_eff : km);
    for (y = 0; y < height; y++) {
        const uint8_t *mrow = w->mask + (size_t)y * (size_t)width;
        if (memchr(mrow, 1, (size_t)width) != NULL) {
            value_noise_fbm2_row(height_seed, HYBRID_HEIGHT_OCTAVES, s * km, (double)y * km * s,
                                 (size_t)width, row);
        }
        for (x = 0; x < width; x++) {
            size_t c = (size_t)y * (size_t)width + (size_t)x;
            double f, beta;
            if (w->mask[c] == 0) {
                continue; /* stays exactly 0 */
            }
            nmask++;
            f = row[x] * 1.3 - 0.15;
            f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
            beta = ((double)m[c] - (double)tau) / blend;
            beta = beta < 0.0 ? 0.0 : (beta > 1.0 ? 1.0 : beta);
            beta = 0.5 - 0.5 * cos(hybrid_pi * beta);
            w->elevation[c] = (float)(peak * f * beta);
        }
        if ((y & 31) == 0 && (st = pipeline_tick(ctx, 0.05 + 0.05 * y / height)) != OG_OK) {
            goto done;
        }
    }
    if (params_get(p, P_HYBRID_DROPLETS) * (double)nmask > HYBRID_MAX_DROPLETS) {
        st = og_error_set(err, OG_ERANGE,
                          "hybrid.droplets_per_cell x %zu mask cells = %.0f droplets exceeds %.0f",
                          nmask, params_get(p, P_HYBRID_DROPLETS) * (double)nmask,
                          HYBRID_MAX_DROPLETS);
        goto done;
    }
    world_stat_int(w, "hybrid.mask_cells", (long long)nmask);
    world_stat_real(w, "hybrid.coverage_requested", coverage);
    world_stat_real(w, "hybrid.coverage", (double)nmask / (double)n);
    world_stat_real(w, "hybrid.tau", (double)tau);
    world_stat_real(w, "hybrid.height_scale", s);
    world_stat_real(w, "hybrid.max_height_before", (double)max_of(w->elevation, n));

    /* Phase 3: droplet erosion. */
    t0 = pipeline_now_ms();
    c0 = thread_cpu_ms();
    st = erode(w, ctx, activity, &tot, err);
    if (st != OG_OK) {
        goto done;
    }
    world_stat_real(w, "hybrid.erosion_cpu_ms", thread_cpu_ms() - c0);
    world_stat_real(w, "hybrid.erosion_ms", pipeline_now_ms() - t0);
    hmax = max_of(w->elevation, n);
    world_stat_int(w, "hybrid.droplets", (long long)tot.droplets);
    world_stat_int(w, "hybrid.droplet_steps", (long long)tot.steps);
    world_stat_real(w, "hybrid.eroded", tot.eroded);
    world_stat_real(w, "hybrid.deposited", tot.deposited);
    world_stat_real(w, "hybrid.sediment_lost", tot.lost);
    world_stat_real(w, "hybrid.sediment_evaporated", tot.evaporated);
    world_stat_real(w, "hybrid.max_height_after", (double)hmax);

    /* Phase 4: roughness and the Mountain count. */
    st = activity_scale(activity, w->mask, n, &amax, err);
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (w->mask[i] == 0) {
            continue;
        }
        if (amax > 0.0f && hmax > 0.0f) {
            float rel = w->elevation[i] / hmax, a = activity[i] / amax;
            rel = rel > 0.0f ? (rel < 1.0f ? rel : 1.0f) : 0.0f;
            w->roughness[i] = (a < 1.0f ? a : 1.0f) * rel;
        }
        nmountain += is_mountain(w, i);
    }
    world_stat_int(w, "hybrid.mountain_cells", (long long)nmountain);
    world_update_extent(w);
    st = OG_OK;
done:
    free(m);
    free(activity);
    free(row);
    return st;
}

static enum og_status
stage_forest_mask(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    return gen_hybrid_forest_mask(w, ctx, err);
}

static enum og_status
stage_forest_placement(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    return gen_hybrid_forest_placement(w, ctx, err);
}

static enum og_status
stage_texture(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    double k = per_cell_from_per_100m(p);
    enum og_status st;
    size_t i;

    st = world_alloc((void **)&w->color, w->ncells, sizeof *w->color, "colour", err);
    if (st != OG_OK) {
        return st;
    }
    gen_hybrid_texture(w->elevation, w->mask, w->trees, w->width, w->height,
                       (float)params_get(p, P_HYBRID_MOUNTAIN),
                       (float)(params_get(p, P_HYBRID_DIRT_SLOPE) * k),
                       (float)(params_get(p, P_HYBRID_ROCK_SLOPE) * k), w->color);
    for (i = 0; i < w->ncells; i++) {
        if (w->water[i] == WATER_LAKE) {
            w->color[i] = HYBRID_WATER;
        }
    }
    return OG_OK;
}

static enum og_status
stage_water(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    return gen_hybrid_water(w, ctx, err);
}

static const struct stage hybrid_stages[] = {
    { "HybridTerrain", stage_terrain },
    { "Water", stage_water },
    { "ForestMask", stage_forest_mask },
    { "ForestPlacement", stage_forest_placement },
    { "TerrainTexture", stage_texture },
};

const struct generator gen_hybrid = {
    "hybrid",
    GEN_HYBRID,
    WORLD_GRID,
    (1u << PG_COMMON) | (1u << PG_HYBRID),
    hybrid_stages,
    sizeof hybrid_stages / sizeof hybrid_stages[0],
    "grid terrain for walkable maps: exact-coverage mountains, droplet erosion, forests",
};
