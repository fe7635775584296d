#include "config.h"
#include "core/planet/gen_planet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/geom/adjacency.h"
#include "core/planet/continents.h"
#include "core/geom/mesh.h"
#include "core/base/noise.h"
#include "core/recipe/params.h"
#include "core/base/rng.h"
#include "core/planet/wfc.h"
#include "core/planet/planet_coast.h"
#include "core/planet/tectonics.h"
#include "core/planet/planet_climate.h"
#include "core/planet/planet_names.h"
#include "core/planet/planet_rivers.h"

/* The planet's surface from its land mask: landmass ids, coast distances,
 * elevation (shelves, ocean depth, ranges), the climate fields and the
 * biomes. Run by the generator's elevation and biomes stages and again by
 * the land editor (planet_edit.c) after every edit. */

/* x / (1 + x): a saturating ramp 0 -> 1 without libm (continuous fields
 * feed discrete choices such as biome domains, doc/reproducibility.md). */
static double
ramp(double x)
{
    return x / (1.0 + x);
}

/* Hills: 5 octaves from 6 cycles per radian (pn: the "planet.relief"
 * field), about +-0.5; they vary the shelf width and roughen the land. */
static const struct fbm_params hill_fp = { 5, 6.0, 2.0, 0.5 };

/* The continental shelf's width in radians at q: 0.035 (two degrees, about
 * 220 km on an Earth-sized globe) times 1 + 0.5 hills. */
#define PLANET_SHELF 0.035
static double
shelf_width(double hills, double scale)
{
    return PLANET_SHELF * (1.0 + 0.5 * hills) * scale;
}

/* The land side of the shore band (the coast biome): 1.5 degrees of coast
 * distance, about 170 km on an Earth-sized globe, near the width of the
 * shore ring's cells at the default 10k points (1.6 degrees); narrower on
 * small islands with their shelf (shelf_scale). */
#define PLANET_COAST_BAND (1.5 * M_PI / 180.0)

/* The noise fields of the relief and the climate (fbm3 on the unit
 * vectors): hills everywhere, the rest on land. */
static const struct fbm_params ridge_fp = { 5, 2.2, 2.0, 0.5 };
static const struct fbm_params mask_fp = { 3, 1.2, 2.0, 0.5 };
static const struct fbm_params moisture_fp = { 4, 1.8, 2.0, 0.5 };

/* The climate's displacement of latitude, degrees: 32 fbm (5 octaves from
 * 2.2 cycles per radian), about +-8 and up to +-25; shared by the moisture
 * and the climate latitude so their isolines wander together. */
static const struct fbm_params climate_fp = { 5, 2.2, 2.0, 0.5 };
#define CLIMATE_SHIFT 32.0

/* Land elevation in model units (0.01..1) at coast distance d (radians)
 * and collision uplift up (0..1), from the noise at the vertex: hills
 * (hill_fp), ridge and mask (ridge_fp, mask_fp). */
static double
relief_land(double d, double up, double hills, double ridge, double mask, double tect)
{
    /* lowland rising inland over about 8 degrees */
    double base = 0.04 + 0.2 * ramp(d / 0.14);
    /* ridged noise (1 - |fBm|)^3: long crests along the zero lines of the
     * noise, only where a broad mask allows, fading at the coast */
    double r = 1.0 - fabs(ridge);
    double m = 0.5 + 1.5 * mask;
    double inland = ramp(d / 0.04);
    double e;
    m = m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
    /* the plates' relief rises from the coast like the ridges (a coastal
     * plain before the range), and sinks (rifts) at full depth */
    e = base + 0.6 * r * r * r * m * inland + 0.62 * up * (0.55 + 0.45 * r) + 0.05 * hills
        + (tect > 0.0 ? tect * inland : tect);
    return e < 0.01 ? 0.01 : e > 1.0 ? 1.0 : e;
}

/* Sea depth in model units (-1..-0.005) at coast distance d with the
 * shelf scale of the nearest landmass (shelf_scale) and the hills. */
static double
relief_sea(double d, double sscale, double hills, double tect)
{
    /* a continental shelf about two degrees wide (varying by noise), then
     * the slope to the abyssal plain */
    double shelf = shelf_width(hills, sscale), e;
    if (d < shelf) {
        e = -0.02 - 0.06 * d / shelf;
    } else {
        e = -0.08 - 0.8 * ramp((d - shelf) / 0.05) + 0.06 * hills;
    }
    e += tect;
    return e > -0.005 ? -0.005 : e < -1.0 ? -1.0 : e;
}

/* Moisture 0..1: wet tropics and mid-latitudes, dry subtropics and poles
 * (0.55 + 0.3 cos(360 lat / 50): wet at 0 and 50 degrees, dry at 25 and
 * 75, the Hadley and Ferrel cells), drier with the distance from the sea
 * (continentality), and noise (moisture_fp). */
static double
moisture_at(double lat_rad, double d_sea, double noise)
{
    double m = 0.55 + 0.3 * det_cos(lat_rad * (2.0 * M_PI / (50.0 * M_PI / 180.0))) - 0.3 * ramp(d_sea / 0.25)
               + 0.4 * noise;
    return m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
}

/* Vertices a block of the elevation pass: its noise is batched. */
#define DERIVE_BLOCK 256

/* Vertices a batch of the parallel elevation pass (DERIVE_BLOCK blocks). */
#define DERIVE_BATCH 8192

struct derive_job {
    struct world *w;
    const uint8_t *land;
    const double *dist;
    const float *sscale, *tect;
    const struct perlin *pn, *pc;
};

static void derive_block(struct world *w, size_t i0, size_t i1, const uint8_t *land,
                         const double *dist, const float *sscale, const float *tect,
                         const struct perlin *pn, const struct perlin *pc);

/* One batch of og_parallel_for: the blocks of [begin, end), each writing
 * the elevation and moisture of its own vertices only. */
static enum og_status
derive_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct derive_job *j = arg;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i += DERIVE_BLOCK) {
        derive_block(j->w, i, i + DERIVE_BLOCK < end ? i + DERIVE_BLOCK : end, j->land, j->dist,
                     j->sscale, j->tect, j->pn, j->pc);
    }
    return OG_OK;
}

/* Elevation and moisture of vertices [i0, i1): the noise of the block in
 * batches (fbm3_batch: the same bits as fbm3 per vertex), then each
 * vertex. pn: ridges, ranges, relief, moisture; pc: climate. */
static void
derive_block(struct world *w, size_t i0, size_t i1, const uint8_t *land, const double *dist,
             const float *sscale, const float *tect, const struct perlin *pn, const struct perlin *pc)
{
    const double *xyz = w->mesh->points;
    double hills[DERIVE_BLOCK], lxyz[3 * DERIVE_BLOCK];
    double ridge[DERIVE_BLOCK], mask[DERIVE_BLOCK], clim[DERIVE_BLOCK], moist[DERIVE_BLOCK];
    double rxyz[3 * DERIVE_BLOCK], rv[DERIVE_BLOCK];
    size_t i, k, nl = 0, nr = 0, b = i1 - i0, at[DERIVE_BLOCK];

    fbm3_batch(&pn[2], &hill_fp, xyz + 3 * i0, xyz + 3 * i0 + 1, xyz + 3 * i0 + 2, 3, b, hills);
    for (i = i0; i < i1; i++) {
        if (land[i]) {
            at[nl] = i;
            memcpy(&lxyz[3 * nl++], &xyz[3 * i], 3 * sizeof *lxyz);
        }
    }
    fbm3_batch(&pn[1], &mask_fp, lxyz, lxyz + 1, lxyz + 2, 3, nl, mask);
    /* The ridges count only where relief_land's mask m is above 0 or the
     * land has uplift: elsewhere both their terms are exact zeros (a
     * finite r times m = 0, then times up = 0), so e is the same bits
     * whatever r is. The ridge noise runs on those vertices only. */
    for (k = 0; k < nl; k++) {
        double up = w->roughness != NULL ? w->roughness[at[k]] : 0.0;
        ridge[k] = 0.0;
        if (0.5 + 1.5 * mask[k] > 0.0 || up != 0.0) {
            memcpy(&rxyz[3 * nr], &lxyz[3 * k], 3 * sizeof *rxyz);
            at[nr++] = k;
        }
    }
    fbm3_batch(&pn[0], &ridge_fp, rxyz, rxyz + 1, rxyz + 2, 3, nr, rv);
    for (k = 0; k < nr; k++) {
        ridge[at[k]] = rv[k];
    }
    fbm3_batch(pc, &climate_fp, lxyz, lxyz + 1, lxyz + 2, 3, nl, clim);
    fbm3_batch(&pn[3], &moisture_fp, lxyz, lxyz + 1, lxyz + 2, 3, nl, moist);
    nl = 0;
    for (i = i0; i < i1; i++) {
        /* a planet with no coast at all: everything is as far as it gets */
        double d = dist[i] < 0.0 ? M_PI : dist[i];
        if (land[i]) {
            const double *q = &xyz[3 * i];
            double up = w->roughness != NULL ? w->roughness[i] : 0.0;
            double lat = fabs(det_asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2]));
            w->elevation[i] = (float)relief_land(d, up, hills[i - i0], ridge[nl], mask[nl],
                                                    tect != NULL ? tect[i] : 0.0);
            /* the circulation belts wander with the climate's displacement */
            lat += CLIMATE_SHIFT * M_PI / 180.0 * clim[nl];
            w->moisture[i] = (float)moisture_at(fabs(lat), d, moist[nl]);
            nl++;
        } else {
            w->elevation[i] = (float)relief_sea(d, sscale[i], hills[i - i0],
                                                   tect != NULL ? tect[i] : 0.0);
            w->moisture[i] = 1.0f;
        }
    }
}

enum og_status
gen_planet_derive(struct world *w, const struct adjacency *adj, int threads,
                  struct og_error *err)
{
    size_t n = w->ncells, i, nland = 0, count = 0, largest = 0;
    float *sscale = NULL, *tect = NULL;
    double *dist = NULL;
    uint8_t *land = NULL;
    const double *xyz = w->mesh->points;
    struct perlin pn[4], pc;
    int has_tect = 0;
    enum og_status st;

    if ((st = world_alloc((void **)&w->landmass, n, sizeof *w->landmass, "landmass", err))
            != OG_OK
        || (st = world_alloc((void **)&w->elevation, n, sizeof *w->elevation, "elevation", err))
               != OG_OK
        || (st = world_alloc((void **)&w->moisture, n, sizeof *w->moisture, "moisture", err))
               != OG_OK) {
        return st;
    }
    dist = malloc(n * sizeof *dist);
    sscale = malloc(n * sizeof *sscale);
    land = malloc(n);
    tect = malloc(n * sizeof *tect);
    if (dist == NULL || sscale == NULL || land == NULL || tect == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for planet elevation");
        goto done;
    }
    for (i = 0; i < n; i++) {
        /* lakes are derived (planet_rivers.h), not part of the land mask */
        w->water[i] = w->water[i] == WATER_LAKE ? WATER_LAND : w->water[i];
        land[i] = w->water[i] == WATER_LAND;
        nland += land[i];
    }
    if ((st = continents_label(land, adj, w->landmass, &count, &largest, err)) != OG_OK) {
        goto done;
    }
    if (planet_coast_fields(adj, xyz, land, w->landmass, count, dist, sscale) != 0) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for planet elevation");
        goto done;
    }
    if ((st = planet_tectonics(w, adj, land, dist, sscale, PLANET_SHELF, tect, &has_tect,
                                 threads, err))
        != OG_OK) {
        goto done;
    }
    /* relief and moisture: a display aid and the climate's input (the
     * source has neither); noise on the unit vectors, so the same at
     * every resolution */
    perlin_init(&pn[0], w->params.seed ^ rng_hash_str("planet.ridges"));
    perlin_init(&pn[1], w->params.seed ^ rng_hash_str("planet.ranges"));
    perlin_init(&pn[2], w->params.seed ^ rng_hash_str("planet.relief"));
    perlin_init(&pn[3], w->params.seed ^ rng_hash_str("planet.moisture"));
    perlin_init(&pc, w->params.seed ^ rng_hash_str("planet.climate"));
    {
        struct derive_job j;
        j.w = w;
        j.land = land;
        j.dist = dist;
        j.sscale = sscale;
        j.tect = has_tect ? tect : NULL;
        j.pn = pn;
        j.pc = &pc;
        if ((st = og_parallel_for(threads, n, DERIVE_BATCH, derive_batch, &j, NULL, 0.0, 0.0,
                                  err)) != OG_OK) {
            goto done;
        }
    }
    if ((st = planet_climate(w, adj, land, dist, threads, err)) != OG_OK) {
        goto done;
    }
    /* rivers and lakes follow the climate's precipitation */
    if (w->precipitation != NULL && (st = planet_rivers(w, threads, err)) != OG_OK) {
        goto done;
    }
    /* names of the continents, islands, seas and rivers */
    if ((st = planet_names(w, adj, err)) != OG_OK) {
        goto done;
    }
    w->sea_level = 0.0f;
    world_update_extent(w);
    world_stat_real(w, "planet.land_fraction", n > 0 ? (double)nland / (double)n : 0.0);
    world_stat_int(w, "planet.landmasses", (long long)count);
    world_stat_real(w, "planet.largest_landmass_share",
                    nland > 0 ? (double)largest / (double)nland : 0.0);
    world_stat_real(w, "planet.largest_landmass_globe_share",
                    n > 0 ? (double)largest / (double)n : 0.0);
    {
        struct landmass_shape ls;
        if ((st = continents_shape(w->landmass, count, nland, adj, &ls, err)) != OG_OK) {
            goto done;
        }
        world_stat_int(w, "planet.landmasses_over_0_1pct", (long long)ls.over_0_1pct);
        world_stat_int(w, "planet.landmasses_over_1pct", (long long)ls.over_1pct);
        world_stat_int(w, "planet.landmasses_over_5pct", (long long)ls.over_5pct);
        world_stat_real(w, "planet.nine_largest_share", ls.nine_share);
        world_stat_int(w, "planet.coast_edges", (long long)ls.coast_edges);
        world_stat_real(w, "planet.coast_complexity", ls.coast_complexity);
    }
done:
    free(dist);
    free(sscale);
    free(land);
    free(tect);
    return st;
}

/* Weight factor of a vertex's climate biome in the collapse. */
#define PLANET_PREFER_WEIGHT 200.0

/* Climate latitude, degrees: |latitude| moved by noise (about +-8, up to
 * +-25) and by elevation (18 degrees colder per unit of land height), so
 * no biome boundary follows a parallel; with the climate model's
 * temperature (lapse rate, noise and seasons in it), the latitude of that
 * mean instead, and no noise is drawn. Vertices [begin, end): one batch
 * of og_parallel_for, each writing its own clim[i]. */
struct clim_job {
    const struct world *w;
    const struct perlin *pn;
    float *clim;
};

static enum og_status
climate_latitude_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct clim_job *j = arg;
    const struct world *w = j->w;
    const double *xyz = w->mesh->points;
    double f[DERIVE_BLOCK];
    size_t i0, i;
    (void)batch;
    (void)err;
    if (w->temperature != NULL) {
        for (i = begin; i < end; i++) {
            double L = planet_climate_latitude(w->temperature[i]);
            j->clim[i] = (float)(L < 0.0 ? 0.0 : L > 90.0 ? 90.0 : L);
        }
        return OG_OK;
    }
    for (i0 = begin; i0 < end; i0 += DERIVE_BLOCK) {
        size_t b = end - i0 < DERIVE_BLOCK ? end - i0 : DERIVE_BLOCK;
        fbm3_batch(j->pn, &climate_fp, xyz + 3 * i0, xyz + 3 * i0 + 1, xyz + 3 * i0 + 2, 3, b, f);
        for (i = i0; i < i0 + b; i++) {
            const double *q = &xyz[3 * i];
            double lat = fabs(det_asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2])) * 180.0 / M_PI;
            double e = w->elevation != NULL && w->elevation[i] > 0.0f ? w->elevation[i] : 0.0;
            double L = lat + CLIMATE_SHIFT * f[i - i0] + 18.0 * e;
            j->clim[i] = (float)(L < 0.0 ? 0.0 : L > 90.0 ? 90.0 : L);
        }
    }
    return OG_OK;
}

static enum og_status
climate_latitude(const struct world *w, float *clim, int threads)
{
    struct perlin pn;
    struct clim_job j;
    perlin_init(&pn, w->params.seed ^ rng_hash_str("planet.climate"));
    j.w = w;
    j.pn = &pn;
    j.clim = clim;
    return og_parallel_for(threads, w->ncells, DERIVE_BATCH, climate_latitude_batch, &j, NULL,
                           0.0, 0.0, NULL);
}

/* The shore band: land within PLANET_COAST_BAND of the coast, sea over the
 * continental shelf (the shelf_width of the relief). A width of the world,
 * not one vertex, so the coast and shallows keep their width in degrees at
 * every planet.points (at 10k points the band is still the shore ring,
 * whose cells are about 1.6 degrees wide). Returns -1 out of memory. */
static int
shore_band(const struct world *w, const struct adjacency *adj, const uint8_t *sea,
           uint8_t *band)
{
    size_t n = w->ncells, i, i0, k, count = 0, sidx[DERIVE_BLOCK];
    double *dist = malloc((n > 0 ? n : 1) * sizeof *dist);
    float *scale = malloc((n > 0 ? n : 1) * sizeof *scale);
    uint8_t *land = calloc(n > 0 ? n : 1, 1);
    double sxyz[3 * DERIVE_BLOCK], hills[DERIVE_BLOCK];
    struct perlin pr;
    int ok;

    if (dist == NULL || scale == NULL || land == NULL || w->landmass == NULL) {
        free(dist);
        free(scale);
        free(land);
        return -1;
    }
    for (i = 0; i < n; i++) {
        land[i] = !sea[i];
        count = w->landmass[i] >= 0 && (size_t)w->landmass[i] >= count
                    ? (size_t)w->landmass[i] + 1 : count;
    }
    ok = planet_coast_fields(adj, w->mesh->points, land, w->landmass, count, dist, scale) == 0;
    perlin_init(&pr, w->params.seed ^ rng_hash_str("planet.relief"));
    for (i0 = 0; ok && i0 < n; i0 += DERIVE_BLOCK) {
        size_t i1 = n - i0 < DERIVE_BLOCK ? n : i0 + DERIVE_BLOCK, ns = 0;
        for (i = i0; i < i1; i++) {
            double d = dist[i];
            if (d < 0.0) {
                band[i] = 0;
            } else if (land[i]) {
                band[i] = d < PLANET_COAST_BAND * scale[i];
            } else if (d < 1.5 * PLANET_SHELF * scale[i]) {
                /* within the widest shelf, 1.5 PLANET_SHELF: the hills
                 * decide (in a batch below) */
                memcpy(&sxyz[3 * ns], &w->mesh->points[3 * i], 3 * sizeof *sxyz);
                sidx[ns++] = i;
            } else {
                band[i] = 0;
            }
        }
        fbm3_batch(&pr, &hill_fp, sxyz, sxyz + 1, sxyz + 2, 3, ns, hills);
        for (k = 0; k < ns; k++) {
            i = sidx[k];
            band[i] = dist[i] < shelf_width(hills[k], scale[i]);
        }
    }
    free(dist);
    free(scale);
    free(land);
    return ok ? 0 : -1;
}

enum og_status
gen_planet_domains(const struct world *w, const struct adjacency *adj, int which, uint32_t *dom,
                   uint8_t *prefer, int threads)
{
    const struct wfc_rules *rules = wfc_planet_rules();
    size_t n = w->ncells, i;
    uint8_t *sea = malloc(n > 0 ? n : 1), *band = NULL;
    float *clim = NULL;
    uint32_t *wide = NULL;
    enum og_status st = OG_OK;

    if (sea == NULL) {
        return OG_ENOMEM;
    }
    for (i = 0; i < n; i++) {
        sea[i] = w->water[i] == WATER_OCEAN; /* lakes take the land's biomes */
    }
    if (which >= 2 || w->moisture == NULL) {
        wfc_unary_domains(rules, adj, w->mesh->points, sea, dom);
        free(sea);
        return OG_OK;
    }
    clim = malloc(n * sizeof *clim);
    band = malloc(n > 0 ? n : 1);
    wide = which == 1 ? malloc(n * sizeof *wide) : NULL;
    if (clim == NULL || band == NULL || (which == 1 && wide == NULL)
        || shore_band(w, adj, sea, band) != 0 || climate_latitude(w, clim, threads) != OG_OK) {
        st = OG_ENOMEM;
        goto done;
    }
    wfc_climate_domains(rules, adj, clim, w->moisture, sea, band, dom);
    /* the climate's own biome, strongly preferred in the collapse: the
     * WFC then mostly enforces the rules, and patches follow the climate
     * fields (the same at every resolution), not the draws */
    if (prefer != NULL) {
        wfc_climate_prefer(rules, n, clim, w->moisture, dom, band, prefer);
        planet_climate_prefer(w, rules, dom, band, prefer);
    }
    if (which == 1) {
        wfc_widen_domains(adj, dom, sea, band, rules, wide);
        memcpy(dom, wide, n * sizeof *dom);
    }
done:
    free(sea);
    free(band);
    free(clim);
    free(wide);
    return st;
}

enum og_status
gen_planet_biomes(struct world *w, const struct adjacency *adj, const uint8_t *keep,
                  struct rng *r, int max_restarts, double affinity, struct wfc_stats *stats,
                  struct run_ctx *ctx, struct og_error *err)
{
    struct wfc_rules rules = *wfc_planet_rules();
    size_t n = w->ncells, i;
    uint32_t *dom = malloc(n * sizeof *dom);
    uint8_t *out = malloc(n), *prefer = malloc(n);
    int climate = params_int(&w->params, P_PLANET_CLIMATE) == 0 && w->moisture != NULL;
    int attempt;
    struct rng r0;
    enum og_status st = OG_OK;

    if (dom == NULL || out == NULL || prefer == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for planet biomes");
        goto done;
    }
    rules.affinity = affinity;
    r0 = *r;
    /* climate domains; if the search finds none (a steep climate step
     * between two vertices whose only options may not touch), the same
     * domains widened by one ring, then the latitude bands alone */
    for (attempt = climate ? 0 : 2; attempt < 3; attempt++) {
        struct og_error e2;
        *r = r0;
        if (gen_planet_domains(w, adj, attempt, dom, attempt < 2 ? prefer : NULL,
                               ctx != NULL ? ctx->threads : 0) != OG_OK) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for planet biomes");
            goto done;
        }
        rules.prefer = attempt < 2 ? prefer : NULL;
        rules.prefer_weight = PLANET_PREFER_WEIGHT;
        if (keep != NULL && w->biome != NULL) {
            for (i = 0; i < n; i++) {
                if (keep[i] && ((dom[i] >> w->biome[i]) & 1)) {
                    dom[i] = 1u << w->biome[i];
                }
            }
        }
        st = wfc_solve(&rules, adj, dom, out, r, max_restarts, stats, ctx,
                       attempt < 2 ? &e2 : err);
        if (st == OG_OK || st != OG_EINVAL) {
            if (st != OG_OK && attempt < 2 && err != NULL) {
                *err = e2;
            }
            break;
        }
    }
    if (st != OG_OK) {
        goto done;
    }
    if ((st = world_alloc((void **)&w->biome, n, 1, "biome", err)) != OG_OK
        || (st = world_alloc((void **)&w->color, n, sizeof *w->color, "colour", err)) != OG_OK) {
        goto done;
    }
    memcpy(w->biome, out, n);
    for (i = 0; i < n; i++) {
        /* a lake shows its water over the biome around it */
        w->color[i] = w->water[i] == WATER_LAKE ? PLANET_LAKE_COLOR : rules.biome[out[i]].color;
    }
    world_stat_int(w, "planet.biome_domains", climate ? attempt : 2);
    {
        size_t hist[WFC_MAX_BIOMES] = { 0 };
        char key[48];
        int b;
        for (i = 0; i < n; i++) {
            hist[out[i]]++;
        }
        for (b = 0; b < rules.nbiomes; b++) {
            snprintf(key, sizeof key, "planet.biome.%s", rules.biome[b].name);
            world_stat_int(w, key, (long long)hist[b]);
        }
    }
done:
    free(dom);
    free(out);
    free(prefer);
    return st;
}
