#include "config.h"
#include "core/hybrid/gen_hybrid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/detmath.h"
#include "core/hybrid/droplet.h"
#include "core/hybrid/gen_hybrid_forest.h"
#include "core/hybrid/gen_hybrid_internal.h"
#include "core/hybrid/gen_hybrid_water.h"
#include "core/base/grid.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/base/select.h"
#include "core/base/value_noise.h"
#include "core/world.h"

#define HYBRID_MAX_CELLS ((size_t)4096 * 4096)
#define HYBRID_MASK_OCTAVES 4
#define HYBRID_HEIGHT_OCTAVES 6
#define HYBRID_MAX_DROPLETS 100000000.0

enum { HYBRID_EROSION_DROPLETS, HYBRID_EROSION_STREAMPOWER, HYBRID_EROSION_BOTH };

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

/* Scans of the grid in fixed batches of SCAN_GRAIN cells in parallel,
 * their partial results combined in batch order: the same values as one
 * serial pass, for any thread count. */
#define SCAN_GRAIN 65536

struct scan_job {
    const float *v;
    const uint8_t *only; /* NULL: every cell */
    float start;
    float *part;         /* per batch */
};

static enum og_status
max_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct scan_job *J = arg;
    float hi = J->start;
    size_t i;

    (void)err;
    for (i = begin; i < end; i++) {
        if (J->only == NULL || J->only[i] != 0) {
            hi = J->v[i] > hi ? J->v[i] : hi;
        }
    }
    J->part[b] = hi;
    return OG_OK;
}

float
gen_hybrid_max(const float *v, const uint8_t *only, size_t n, float start, int threads)
{
    size_t nb = (n + SCAN_GRAIN - 1) / SCAN_GRAIN, b;
    float *part = malloc((nb > 0 ? nb : 1) * sizeof *part), hi = start;
    struct scan_job J;

    J.v = v;
    J.only = only;
    J.start = start;
    J.part = part;
    if (part == NULL ||
        og_parallel_for(threads, n, SCAN_GRAIN, max_batch, &J, NULL, 0.0, 0.0, NULL) != OG_OK) {
        /* the same pass on this thread */
        for (b = 0; b < n; b++) {
            if (only == NULL || only[b] != 0) {
                hi = v[b] > hi ? v[b] : hi;
            }
        }
        free(part);
        return hi;
    }
    for (b = 0; b < nb; b++) {
        hi = part[b] > hi ? part[b] : hi;
    }
    free(part);
    return hi;
}

/* Phase 4 per batch: the roughness of the mask cells and their count of
 * Mountain cells (above hybrid.mountain). */
struct rough_job {
    struct world *w;
    const float *activity;
    float amax, hmax, mountain;
    size_t *mountains; /* per batch */
};

static enum og_status
rough_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct rough_job *J = arg;
    struct world *w = J->w;
    size_t i, count = 0;

    (void)err;
    for (i = begin; i < end; i++) {
        if (w->mask[i] == 0) {
            continue;
        }
        if (J->amax > 0.0f && J->hmax > 0.0f) {
            float rel = w->elevation[i] / J->hmax, a = J->activity[i] / J->amax;
            rel = rel > 0.0f ? (rel < 1.0f ? rel : 1.0f) : 0.0f;
            w->roughness[i] = (a < 1.0f ? a : 1.0f) * rel;
        }
        count += w->elevation[i] > J->mountain;
    }
    J->mountains[b] = count;
    return OG_OK;
}

/* Phases 1 and 2's noise, a batch of NOISE_ROWS rows at a time in
 * parallel (issue 13): each row is the same function of its index, so the
 * fields do not depend on the thread count. */
#define NOISE_ROWS 8

struct noise_rows {
    uint64_t seed;
    double scale;               /* noise frequency per cell */
    const double *weight;       /* heights: octave weights */
    int ridged;                 /* mask: ridged shape */
    size_t width;
    const uint8_t *mask;        /* heights: the coverage mask */
    const float *m;             /* heights: the mask noise */
    float *out;                 /* mask noise, or the heights */
    double peak, blend;
    float tau;
};

/* Phase 1 rows: the mask noise at the cells' corners in km. */
static enum og_status
mask_rows(void *arg, size_t batch, size_t y0, size_t y1, struct og_error *err)
{
    const struct noise_rows *J = arg;
    double *row = malloc(J->width * sizeof *row);
    size_t x, y;

    (void)batch;
    if (row == NULL) {
        return og_error_set(err, OG_ENOMEM, "noise row: out of memory");
    }
    for (y = y0; y < y1; y++) {
        float *mrow = J->out + y * J->width;
        value_noise_fbm2_row(J->seed, HYBRID_MASK_OCTAVES, J->scale, (double)y * J->scale,
                             J->width, row);
        for (x = 0; x < J->width; x++) {
            double v = J->ridged ? 1.0 - fabs(2.0 * row[x] - 1.0) : row[x];
            mrow[x] = (float)v;
        }
    }
    free(row);
    return OG_OK;
}

/* Phase 2 rows: the heights inside the mask, 0 outside. */
static enum og_status
height_rows(void *arg, size_t batch, size_t y0, size_t y1, struct og_error *err)
{
    const struct noise_rows *J = arg;
    double *row = malloc(J->width * sizeof *row);
    size_t x, y;

    (void)batch;
    if (row == NULL) {
        return og_error_set(err, OG_ENOMEM, "noise row: out of memory");
    }
    for (y = y0; y < y1; y++) {
        const uint8_t *mrow = J->mask + y * J->width;
        if (memchr(mrow, 1, J->width) != NULL) {
            value_noise_fbm2_row_weighted(J->seed, HYBRID_HEIGHT_OCTAVES, J->weight, J->scale,
                                          (double)y * J->scale, J->width, row);
        }
        for (x = 0; x < J->width; x++) {
            size_t c = y * J->width + x;
            double f, beta;
            if (J->mask[c] == 0) {
                J->out[c] = 0.0f;
                continue; /* exactly 0 */
            }
            f = row[x] * 1.3 - 0.15;
            f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
            beta = ((double)J->m[c] - (double)J->tau) / J->blend;
            beta = beta < 0.0 ? 0.0 : (beta > 1.0 ? 1.0 : beta);
            beta = 0.5 - 0.5 * det_cos(hybrid_pi * beta);
            J->out[c] = (float)(J->peak * f * beta);
        }
    }
    free(row);
    return OG_OK;
}

enum og_status
gen_hybrid_initial(const struct params *p, int width, int height, int threads,
                   struct run_ctx *ctx, float *elevation, uint8_t *mask, struct hybrid_initial *out,
                   struct og_error *err)
{
    double coverage = params_get(p, P_HYBRID_COVERAGE), peak = params_get(p, P_HYBRID_PEAK);
    double s_mask = params_get(p, P_HYBRID_MASK_SCALE), blend = params_get(p, P_HYBRID_BLEND);
    double cycles = params_get(p, P_HYBRID_CYCLES);
    double km = params_get(p, P_HYBRID_EXTENT) / (double)width;
    uint64_t mask_seed = stream_seed(p->seed, "HybridTerrain.mask");
    uint64_t height_seed = stream_seed(p->seed, "HybridTerrain.height");
    size_t n = (size_t)width * (size_t)height, target, i;
    int ridged = params_int(p, P_HYBRID_MASK_SHAPE) == 1;
    float *m = NULL, tau = 0.0f;
    double s, r_eff, weight[HYBRID_HEIGHT_OCTAVES];
    enum og_status st;

    if ((st = grid_calloc((void **)&m, n, sizeof *m, "mask noise", err))) {
        goto done;
    }
    /* Phase 1: coverage mask, the fBm sampled at the cells' corners in km
     * (s_mask per km), so the layout does not depend on the grid size. */
    {
        struct noise_rows job = { 0 };
        job.seed = mask_seed;
        job.scale = s_mask * km;
        job.ridged = ridged;
        job.width = (size_t)width;
        job.out = m;
        st = og_parallel_for(threads, (size_t)height, NOISE_ROWS, mask_rows, &job, ctx, 0.0, 0.05, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    target = (size_t)floor(coverage * (double)n + 0.5);
    st = gen_hybrid_select_mask_threads(m, n, target, mask, &tau, threads, err);
    if (st != OG_OK) {
        goto done;
    }

    /* Phase 2: heights inside the mask; r_eff in km, s per km. In depth
     * mode the blend is a share of the mask's noise depth, so the heights
     * rise from the mask edge toward its core (slopes, not walls). */
    if (params_int(p, P_HYBRID_BLEND_MODE) == 1) {
        float mmax = gen_hybrid_max(m, mask, n, tau, threads);
        blend *= (double)mmax - (double)tau;
        blend = blend > 1e-9 ? blend : 1e-9;
    }
    r_eff = sqrt((double)target / hybrid_pi) * km;
    s = cycles / (r_eff > km ? r_eff : km);
    /* Band limit at the erosion scale (doc/hybrid.md, "Erosion scale"): an
     * octave whose lattice spacing L is under two erosion cells fades out,
     * weight clamp(L / cell - 1, 0, 1), so no grid shows relief finer than
     * the droplets can shape. */
    for (i = 0; i < HYBRID_HEIGHT_OCTAVES; i++) {
        double lattice = 1.0 / (s * (double)(1u << i)), cell = erosion_cell_km(p);
        double wgt = cell > 0.0 ? lattice / cell - 1.0 : 1.0;
        weight[i] = wgt < 0.0 ? 0.0 : (wgt > 1.0 ? 1.0 : wgt);
    }
    {
        struct noise_rows job = { 0 };
        job.seed = height_seed;
        job.scale = s * km;
        job.weight = weight;
        job.width = (size_t)width;
        job.mask = mask;
        job.m = m;
        job.out = elevation;
        job.peak = peak;
        job.blend = blend;
        job.tau = tau;
        st = og_parallel_for(threads, (size_t)height, NOISE_ROWS, height_rows, &job, ctx, 0.05, 0.1, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* the selection's mask holds exactly min(target, n) cells */
    out->nmask = target < n ? target : n;
    out->tau = tau;
    out->blend = blend;
    out->height_scale = s;
done:
    free(m);
    return st;
}

static enum og_status
stage_terrain(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    int width = params_int(p, P_HYBRID_WIDTH), height = params_int(p, P_HYBRID_HEIGHT);
    double coverage = params_get(p, P_HYBRID_COVERAGE);
    int erosion = params_int(p, P_HYBRID_EROSION);
    struct droplet_totals tot;
    struct hybrid_initial ini;
    float *activity = NULL, amax, hmax;
    size_t n, nmountain = 0;
    double t0, c0, km = cell_km(p);
    enum og_status st;

    memset(&tot, 0, sizeof tot);
    if ((st = gen_hybrid_check_droplet_params(p, err)) != OG_OK) {
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
        (st = grid_calloc((void **)&activity, n, sizeof *activity, "erosion activity", err))) {
        goto done;
    }
    w->cell_size = 1000.0 * km;
    /* hybrid.relief is the vertical scale the droplets see: a height unit
       is relief x 100 m of ground (doc/scale.md) */
    w->elev_unit_m = 100.0 * params_get(p, P_HYBRID_RELIEF);
    st = gen_hybrid_initial(p, width, height, ctx->threads, ctx, w->elevation, w->mask, &ini,
                            err);
    if (st != OG_OK) {
        goto done;
    }
    world_stat_real(w, "hybrid.blend", ini.blend);
    if (params_get(p, P_HYBRID_DROPLETS) * (double)ini.nmask > HYBRID_MAX_DROPLETS) {
        st = og_error_set(err, OG_ERANGE,
                          "hybrid.droplets_per_cell x %zu mask cells = %.0f droplets exceeds %.0f",
                          ini.nmask, params_get(p, P_HYBRID_DROPLETS) * (double)ini.nmask,
                          HYBRID_MAX_DROPLETS);
        goto done;
    }
    world_stat_int(w, "hybrid.mask_cells", (long long)ini.nmask);
    world_stat_real(w, "hybrid.coverage_requested", coverage);
    world_stat_real(w, "hybrid.coverage", (double)ini.nmask / (double)n);
    world_stat_real(w, "hybrid.tau", (double)ini.tau);
    world_stat_real(w, "hybrid.height_scale", ini.height_scale);
    world_stat_real(w, "hybrid.max_height_before",
                    (double)gen_hybrid_max(w->elevation, NULL, n, 0.0f, ctx->threads));

    /* Phase 3: stream power (gen_hybrid_streampower.c) and/or droplet
     * erosion, on the erosion grid (gen_hybrid_escale.c). */
    t0 = pipeline_now_ms();
    c0 = thread_cpu_ms();
    if (erosion != HYBRID_EROSION_DROPLETS) {
        st = gen_hybrid_streampower(w, ctx, 0.1, erosion == HYBRID_EROSION_BOTH ? 0.5 : 0.95,
                                    activity, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    if (erosion != HYBRID_EROSION_STREAMPOWER) {
        st = gen_hybrid_erode_world_scale(w, ctx, activity, &tot, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    world_stat_real(w, "hybrid.erosion_cpu_ms", thread_cpu_ms() - c0);
    world_stat_real(w, "hybrid.erosion_ms", pipeline_now_ms() - t0);
    hmax = gen_hybrid_max(w->elevation, NULL, n, 0.0f, ctx->threads);
    world_stat_int(w, "hybrid.droplets", (long long)tot.droplets);
    world_stat_int(w, "hybrid.droplet_steps", (long long)tot.steps);
    world_stat_real(w, "hybrid.eroded", tot.eroded);
    world_stat_real(w, "hybrid.deposited", tot.deposited);
    world_stat_real(w, "hybrid.sediment_lost", tot.lost);
    world_stat_real(w, "hybrid.sediment_evaporated", tot.evaporated);
    world_stat_real(w, "hybrid.max_height_after", (double)hmax);

    /* Phase 4: roughness and the Mountain count. */
    st = gen_hybrid_activity_scale(activity, w->mask, n, ini.nmask, ctx->threads, &amax, err);
    if (st != OG_OK) {
        goto done;
    }
    {
        size_t nb = (n + SCAN_GRAIN - 1) / SCAN_GRAIN, b;
        struct rough_job job;
        job.w = w;
        job.activity = activity;
        job.amax = amax;
        job.hmax = hmax;
        job.mountain = (float)params_get(&w->params, P_HYBRID_MOUNTAIN);
        st = grid_calloc((void **)&job.mountains, nb, sizeof *job.mountains, "mountain counts",
                         err);
        if (st == OG_OK) {
            st = og_parallel_for(ctx->threads, n, SCAN_GRAIN, rough_batch, &job, NULL, 0.0, 0.0,
                                 err);
        }
        for (b = 0; st == OG_OK && b < nb; b++) {
            nmountain += job.mountains[b];
        }
        free(job.mountains);
        if (st != OG_OK) {
            goto done;
        }
    }
    world_stat_int(w, "hybrid.mountain_cells", (long long)nmountain);
    world_update_extent(w);
    st = OG_OK;
done:
    free(activity);
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
    (1u << PG_COMMON) | (1u << PG_HYBRID) | (1u << PG_LEM) | (1u << PG_RENDER),
    hybrid_stages,
    sizeof hybrid_stages / sizeof hybrid_stages[0],
    "grid terrain for walkable maps: exact-coverage mountains, droplet erosion, forests",
};
