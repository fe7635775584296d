#include "config.h"
#include "core/island/gen_island.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/grid.h"
#include "core/geom/lloyd.h"
#include "core/geom/mesh.h"
#include "core/base/noise.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/biome/biome.h"
#include "core/hydro/hydro.h"
#include "core/hydro/moisture.h"
#include "core/island/island_streampower.h"

/* Data handed between stages before the mesh exists. */
struct island_priv {
    double *sites;   /* 2 * n */
    size_t n;
    struct lloyd_kept *kept; /* Lloyd's last triangulation, for the mesh */
};

static void
island_priv_free(void *p)
{
    struct island_priv *ip = p;
    if (ip != NULL) {
        free(ip->sites);
        lloyd_kept_free(ip->kept);
        free(ip);
    }
}

/* Stage "sites": n uniform random sites in the unit square. */
static enum og_status
stage_sites(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct island_priv *ip = calloc(1, sizeof *ip);
    struct rng r;
    size_t i, n = (size_t)params_int(ctx->params, P_ISLAND_CELLS);
    enum og_status st;

    if (ip == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for sites");
    }
    w->priv = ip;
    w->priv_free = island_priv_free;
    st = grid_calloc((void **)&ip->sites, n, 2 * sizeof(double), "sites", err);
    if (st != OG_OK) {
        return st;
    }
    ip->n = n;
    rng_for_stage(&r, ctx->params->seed, "island.sites");
    for (i = 0; i < 2 * n; i++) {
        ip->sites[i] = rng_next_double(&r);
    }
    return OG_OK;
}

/* Stage "lloyd": relax the sites toward a centroidal Voronoi tessellation. */
static enum og_status
stage_lloyd(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct island_priv *ip = w->priv;
    int k = params_int(ctx->params, P_ISLAND_LLOYD);
    if (k == 0) {
        return OG_OK;
    }
    return lloyd_relax_keep(ip->sites, ip->n, k, 0.0, 0.0, 1.0, 1.0, ctx, &ip->kept, err);
}

/* Stage "delaunay": the dual mesh of the relaxed sites, from Lloyd's last
 * triangulation (lloyd_mesh) rather than from scratch. */
static enum og_status
stage_delaunay(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct island_priv *ip = w->priv;
    struct lloyd_kept *kept = ip->kept;
    enum og_status st;

    ip->kept = NULL;
    st = lloyd_mesh(kept, ip->sites, ip->n, ctx, &w->mesh, err);
    if (st != OG_OK) {
        return st;
    }
    w->ncells = w->mesh->npoints;
    island_priv_free(ip);
    w->priv = NULL;
    w->priv_free = NULL;
    return OG_OK;
}

/* Land anchors in the unit square, by layout. */
static void
place_anchors(const struct params *p, double *ax, double *ay, int n)
{
    struct rng r;
    int i, layout = params_int(p, P_ISLAND_ANCHOR_LAYOUT);
    double spread = params_get(p, P_ISLAND_ANCHOR_SPREAD);
    double phase;

    rng_for_stage(&r, p->seed, "island.anchors");
    phase = rng_next_double(&r) * 2.0 * M_PI;
    for (i = 0; i < n; i++) {
        double a, rad, t, sa, ca;
        switch (layout) {
        case 1: /* centre: one at the centre, the rest clustered near it */
            a = rng_next_double(&r) * 2.0 * M_PI;
            rad = i == 0 ? 0.0 : spread / 3.0 * sqrt(rng_next_double(&r));
            break;
        case 2: /* ring */
            a = phase + 2.0 * M_PI * i / n;
            rad = spread;
            break;
        case 3: /* line through the centre */
            t = n == 1 ? 0.0 : -1.0 + 2.0 * i / (n - 1);
            a = phase;
            rad = spread * t;
            break;
        default: /* random within a disc of radius spread */
            a = rng_next_double(&r) * 2.0 * M_PI;
            rad = spread * sqrt(rng_next_double(&r));
            break;
        }
        det_sincos(a, &sa, &ca);    /* libm-free: same centres everywhere */
        ax[i] = 0.5 + rad * ca;
        ay[i] = 0.5 + rad * sa;
    }
}

/* The piecewise power curve on land heights t in [0, 1]: below the knee
 * t' = knee * (t/knee)^low (flat beaches), above it
 * t' = knee + (1-knee) * ((t-knee)/(1-knee))^high (steep peaks).
 * Continuous at the knee and maps 0 -> 0, 1 -> 1. */
static double
power_curve(double t, double knee, double low, double high)
{
    if (t <= knee) {
        return knee * det_pow(t / knee, low);
    }
    return knee + (1.0 - knee) * det_pow((t - knee) / (1.0 - knee), high);
}

/* Raw elevation of a batch of mesh points (stage_elevation). */
#define ELEV_GRAIN 8192
struct elev_job {
    const struct perlin *noise;
    const struct fbm_params *f;
    const double *points, *ax, *ay;
    int na;
    double amp, falloff, R, half_power;
    double circle; /* layout circle: its radius (the anchor is the circle), else < 0 */
    double margin, edge_drop; /* the edge band (island.edge_margin) and its depth */
    double *raw;
    double *bmin, *bmax; /* per batch: min and max of raw (an exact reduction) */
};

static enum og_status
elev_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct elev_job *J = arg;
    size_t i;
    int k;

    (void)batch;
    (void)err;
    /* the fBm of the whole batch first (vectorised across points), then the
     * falloff, in place */
    fbm2_batch(J->noise, J->f, J->points + 2 * begin, J->points + 2 * begin + 1, 2, end - begin,
               J->raw + begin);
    for (i = begin; i < end; i++) {
        double x = J->points[2 * i], y = J->points[2 * i + 1];
        double d2 = INFINITY;
        for (k = 0; k < J->na; k++) {
            double dx = x - J->ax[k], dy = y - J->ay[k];
            double dd = dx * dx + dy * dy;
            d2 = dd < d2 ? dd : d2;
        }
        if (J->circle >= 0.0) { /* the distance to the circle, not to beads on it */
            double r = sqrt((x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)) - J->circle;
            d2 = r * r;
        }
        d2 /= J->R * J->R;
        if (J->half_power != 1.0) { /* island.falloff_power; 2 keeps the plain square */
            d2 = det_pow(d2, J->half_power);
        }
        J->raw[i] = J->amp * J->raw[i] - J->falloff * d2;
        if (J->margin > 0.0) {
            /* the edge band: a smoothstep from 0 at margin to edge_drop at
               the edge, deep enough that no noise keeps land there */
            double de = x < 1.0 - x ? x : 1.0 - x, t, wv;
            de = y < de ? y : de;
            de = 1.0 - y < de ? 1.0 - y : de;
            /* the band's width wanders with two octaves of noise (0.6 to
               1.25 times the margin, in features of a fifth and a tenth of
               the map), so a coast it shapes does not run straight along
               the map's border; it stays 0 at the edge itself, and is
               narrower more than wider (the presets' land shares hold) */
            wv = perlin2(J->noise, 5.0 * x + 17.31, 5.0 * y + 41.77) +
                 0.5 * perlin2(J->noise, 10.0 * x + 73.13, 10.0 * y + 5.29);
            wv = wv < -1.0 ? -1.0 : (wv > 1.0 ? 1.0 : wv);
            de *= 1.0 + (wv > 0.0 ? 0.65 : 0.2) * wv;
            if (de < J->margin) {
                t = 1.0 - (de > 0.0 ? de : 0.0) / J->margin;
                J->raw[i] -= J->edge_drop * t * t * (3.0 - 2.0 * t);
            }
        }
    }
    {
        double lo = INFINITY, hi = -INFINITY;
        for (i = begin; i < end; i++) {
            lo = J->raw[i] < lo ? J->raw[i] : lo;
            hi = J->raw[i] > hi ? J->raw[i] : hi;
        }
        J->bmin[batch] = lo;
        J->bmax[batch] = hi;
    }
    return OG_OK;
}

/* The normalisation of a batch of points (stage_elevation): each writes
 * its own cells only. */
struct norm_job {
    const double *raw;
    double sea, emin, emax, knee, lo, hi, top;
    float *elevation;
    uint8_t *water;
};

static enum og_status
norm_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct norm_job *J = arg;
    size_t i;

    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        double e = J->raw[i], t;
        if (e > J->sea) {
            t = J->emax > J->sea ? (e - J->sea) / (J->emax - J->sea) : 1.0;
            t = J->top * power_curve(t, J->knee, J->lo, J->hi);
            J->water[i] = WATER_LAND;
        } else {
            t = J->sea > J->emin ? (e - J->sea) / (J->sea - J->emin) : 0.0;
            J->water[i] = WATER_OCEAN;
        }
        J->elevation[i] = (float)t;
    }
    return OG_OK;
}

/* island.relief = streampower: the uplift of each mesh point, 1 - (d_min /
 * R)^power of the anchor term (the circle layout: the distance to the
 * circle), 0 where that is negative. */
static enum og_status
relief_streampower(struct world *w, struct run_ctx *ctx, const double *ax, const double *ay,
                   int na, double R, struct og_error *err)
{
    const struct params *p = ctx->params;
    const struct mesh *m = w->mesh;
    double half_power = 0.5 * params_get(p, P_ISLAND_FALLOFF_POWER);
    double circle = params_int(p, P_ISLAND_ANCHOR_LAYOUT) == 4 ? params_get(p, P_ISLAND_ANCHOR_SPREAD)
                                                               : -1.0;
    float *up = NULL;
    size_t i;
    int k;
    enum og_status st = grid_malloc((void **)&up, m->npoints, sizeof *up, "uplift", err);

    for (i = 0; st == OG_OK && i < m->npoints; i++) {
        double x = m->points[2 * i], y = m->points[2 * i + 1], d2 = INFINITY;
        for (k = 0; circle < 0.0 && k < na; k++) {
            double dx = x - ax[k], dy = y - ay[k];
            d2 = dx * dx + dy * dy < d2 ? dx * dx + dy * dy : d2;
        }
        if (circle >= 0.0) {
            double r = sqrt((x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)) - circle;
            d2 = r * r;
        }
        d2 = det_pow(d2 / (R * R), half_power);
        up[i] = d2 < 1.0 ? (float)((1.0 - d2) * (1.0 - d2) * (1.0 - d2)) : 0.0f;
    }
    if (st == OG_OK) {
        pipeline_phase(ctx, 0.2, 1.0);
        st = island_streampower(w, up, ctx, err);
    }
    free(up);
    return st;
}

/* Stage "elevation": E = amplitude * fBm(x, y) - falloff * (d_min / R)^power,
 * less the edge band (island.edge_margin: within that fraction of the map
 * side of its edge, a smoothstep down to amplitude - sea_level + 0.05 at
 * the edge, so the sea always meets the map's edge and no island is cut
 * by it), then normalised so the coast is 0, land is (0, 1] through the power curve
 * (times island.land_height) and the sea is [-1, 0). */
static enum og_status
stage_elevation(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    const struct mesh *m = w->mesh;
    struct perlin noise;
    struct fbm_params f;
    double ax[64], ay[64];
    int na = params_int(p, P_ISLAND_ANCHORS);
    double amp = params_get(p, P_ISLAND_NOISE_AMP), falloff = params_get(p, P_ISLAND_FALLOFF);
    double sea = params_get(p, P_ISLAND_SEA_LEVEL);
    double knee = params_get(p, P_ISLAND_CURVE_KNEE);
    double lo = params_get(p, P_ISLAND_CURVE_LOW), hi = params_get(p, P_ISLAND_CURVE_HIGH);
    double top = params_get(p, P_ISLAND_LAND_HEIGHT);
    const double R = 0.5;
    double emin = INFINITY, emax = -INFINITY;
    double *raw = NULL, *bmin = NULL;
    size_t i, nb, n = m->npoints;
    enum og_status st;

    st = grid_calloc((void **)&raw, n, sizeof *raw, "raw elevation", err);
    if (st == OG_OK) {
        st = world_alloc((void **)&w->elevation, n, sizeof(float), "elevation", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->water, n, sizeof(uint8_t), "water", err);
    }
    if (st != OG_OK) {
        free(raw);
        return st;
    }
    perlin_init(&noise, rng_hash_str("island.elevation") ^ p->seed);
    f.octaves = params_int(p, P_ISLAND_OCTAVES);
    f.frequency = params_get(p, P_ISLAND_FREQUENCY);
    f.lacunarity = 2.0;
    f.gain = params_get(p, P_ISLAND_GAIN);
    place_anchors(p, ax, ay, na);

    nb = n / ELEV_GRAIN + (n % ELEV_GRAIN != 0);
    st = grid_calloc((void **)&bmin, 2 * nb + 1, sizeof *bmin, "elevation range", err);
    if (st == OG_OK) {
        /* fBm is in [-1, 1], so the noise adds at most amp: a drop of
           amp - sea (plus a little) leaves the edge itself always sea */
        double drop = amp - sea + 0.05;
        struct elev_job job = { &noise, &f, m->points, ax, ay, na, amp, falloff, R,
                                0.5 * params_get(p, P_ISLAND_FALLOFF_POWER), -1.0,
                                params_get(p, P_ISLAND_EDGE_MARGIN), drop > 0.05 ? drop : 0.05,
                                raw, bmin, bmin + nb };
        if (params_int(p, P_ISLAND_ANCHOR_LAYOUT) == 4) {
            job.na = 0;
            job.circle = params_get(p, P_ISLAND_ANCHOR_SPREAD);
        }
        if (params_int(p, P_ISLAND_RELIEF) == 1) {
            pipeline_phase(ctx, 0.0, 0.2); /* the landscape evolution takes the rest */
        }
        st = og_parallel_for(ctx->threads, n, ELEV_GRAIN, elev_batch, &job, ctx, 0.0, 0.8, err);
    }
    if (st != OG_OK) {
        free(raw);
        free(bmin);
        return st;
    }
    /* min and max are exact in any order; the batches' are taken in order */
    for (i = 0; i < nb; i++) {
        emin = bmin[i] < emin ? bmin[i] : emin;
        emax = bmin[nb + i] > emax ? bmin[nb + i] : emax;
    }
    free(bmin);
    {
        struct norm_job job = { raw, sea, emin, emax, knee, lo, hi, top, w->elevation, w->water };
        st = og_parallel_for(ctx->threads, n, ELEV_GRAIN, norm_batch, &job, ctx, 0.8, 1.0, err);
    }
    if (st != OG_OK) {
        free(raw);
        return st;
    }
    free(raw);
    w->sea_level = 0.0f;
    if (params_get(p, P_ISLAND_EXTENT) > 0.0) {  /* doc/scale.md */
        w->extent_m = 1000.0 * params_get(p, P_ISLAND_EXTENT);
        w->elev_unit_m = params_get(p, P_ISLAND_VSCALE);
    }
    world_update_extent(w);
    if (params_int(p, P_ISLAND_RELIEF) == 1) {
        return relief_streampower(w, ctx, ax, ay, na, R, err);
    }
    return OG_OK;
}

static const struct stage island_stages[] = {
    { "sites", stage_sites },
    { "lloyd", stage_lloyd },
    { "delaunay", stage_delaunay },
    { "elevation", stage_elevation },
    { "hydrology", hydro_stage },
    { "moisture", moisture_stage },
    { "biomes", biome_stage },
};

const struct generator gen_island = {
    "island", GEN_ISLAND, WORLD_MESH,
    (1u << PG_COMMON) | (1u << PG_ISLAND) | (1u << PG_HYDRO) | (1u << PG_LEM) | (1u << PG_RENDER),
    island_stages, sizeof island_stages / sizeof island_stages[0],
    "Voronoi island: Lloyd-relaxed cells, Perlin elevation with land anchors",
};
