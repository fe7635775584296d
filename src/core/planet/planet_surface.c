#include "config.h"
#include "core/planet/gen_planet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/planet/continents.h"
#include "core/geom/mesh.h"
#include "core/base/noise.h"
#include "core/recipe/params.h"
#include "core/base/rng.h"
#include "core/planet/wfc.h"

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

/* Distance from the coast along the mesh: chords summed along a breadth
 * first search from every coastal vertex, which starts at half its
 * shortest chord across the coast; on either side of it. Returns -1 in
 * dist when there is no coast at all. near (may be NULL): per vertex the
 * landmass id of the coast it was reached from (landmass: ids, -1 on sea),
 * -1 where dist is -1. */
static void
coast_distance(const struct adjacency *adj, const double *xyz, const uint8_t *land,
               const int32_t *landmass, double *dist, int32_t *queue, int32_t *near)
{
    size_t n = adj->n, i, head = 0, tail = 0;
    for (i = 0; i < n; i++) {
        int32_t j, from = -1;
        double best = -1.0;
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            if (land[adj->nbr[j]] != land[i]) {
                double d = 0.5 * continents_chord(xyz, (int32_t)i, adj->nbr[j]);
                if (best < 0.0 || d < best) {
                    best = d;
                    from = land[i] ? (int32_t)i : adj->nbr[j];
                }
            }
        }
        dist[i] = best;
        if (near != NULL) {
            near[i] = from >= 0 ? landmass[from] : -1;
        }
        if (best >= 0.0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t v, j;
        /* The queue sweeps the globe once a ring, so each vertex's data is
         * far from the last one's: prefetch along the queue, in three
         * steps (its edge list's start, the list, the neighbours). */
        if (head + 40 < tail) {
            __builtin_prefetch(&adj->start[queue[head + 40]]);
        }
        if (head + 24 < tail) {
            v = queue[head + 24];
            __builtin_prefetch(&adj->nbr[adj->start[v]]);
            __builtin_prefetch(&xyz[3 * (size_t)v]);
            __builtin_prefetch(&dist[v]);
            if (near != NULL) {
                __builtin_prefetch(&near[v]);
            }
        }
        if (head + 10 < tail) {
            v = queue[head + 10];
            for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
                __builtin_prefetch(&dist[adj->nbr[j]]);
                __builtin_prefetch(&xyz[3 * (size_t)adj->nbr[j]]);
                __builtin_prefetch(&land[adj->nbr[j]]);
            }
        }
        v = queue[head++];
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (dist[u] < 0.0 && land[u] == land[v]) {
                dist[u] = dist[v] + continents_chord(xyz, v, u);
                if (near != NULL) {
                    near[u] = near[v];
                }
                queue[tail++] = u;
            }
        }
    }
}

/* The shelf of a landmass of `cells` out of n shrinks with its size: full
 * for a landmass whose disc radius 2 sqrt(cells / n) (radians) is 0.2 or
 * more (1 % of the globe), in proportion below, so a small oceanic island
 * rises from deep water with a narrow shelf instead of sitting in a ring
 * of shallows wider than itself. */
static double
shelf_scale(size_t cells, size_t n)
{
    double r = n > 0 ? 2.0 * sqrt((double)cells / (double)n) : 1.0;
    return r >= 0.2 ? 1.0 : r / 0.2;
}

/* Per vertex: the shelf scale of the landmass whose coast is nearest (its
 * own on land; 1 where there is no coast). size[id]: cells per landmass
 * id, count ids; each landmass's scale is computed once into ls. */
static void
shelf_scales(size_t n, const int32_t *near, const size_t *size, size_t count, float *ls,
             float *scale)
{
    size_t i;
    for (i = 0; i < count; i++) {
        ls[i] = (float)shelf_scale(size[i], n);
    }
    for (i = 0; i < n; i++) {
        scale[i] = near[i] < 0 ? 1.0f : ls[near[i]];
    }
}

/* The coast distance (dist, radians, -1 without a coast) and the shelf
 * scale per vertex (scale) from the land mask and its landmass ids
 * (0..count-1, -1 on sea). Returns -1 out of memory. */
static int
coast_fields(const struct adjacency *adj, const double *xyz, const uint8_t *land,
             const int32_t *landmass, size_t count, double *dist, float *scale)
{
    size_t n = adj->n, i;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    int32_t *near = malloc((n > 0 ? n : 1) * sizeof *near);
    size_t *size = calloc(count > 0 ? count : 1, sizeof *size);
    float *ls = malloc((count > 0 ? count : 1) * sizeof *ls);

    if (queue == NULL || near == NULL || size == NULL || ls == NULL) {
        free(queue);
        free(near);
        free(size);
        free(ls);
        return -1;
    }
    coast_distance(adj, xyz, land, landmass, dist, queue, near);
    for (i = 0; i < n; i++) {
        if (landmass[i] >= 0 && (size_t)landmass[i] < count) {
            size[landmass[i]]++;
        }
    }
    shelf_scales(n, near, size, count, ls, scale);
    free(queue);
    free(near);
    free(size);
    free(ls);
    return 0;
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
relief_land(double d, double up, double hills, double ridge, double mask)
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
    e = base + 0.6 * r * r * r * m * inland + 0.62 * up * (0.55 + 0.45 * r) + 0.05 * hills;
    return e < 0.01 ? 0.01 : e > 1.0 ? 1.0 : e;
}

/* Sea depth in model units (-1..-0.005) at coast distance d with the
 * shelf scale of the nearest landmass (shelf_scale) and the hills. */
static double
relief_sea(double d, double sscale, double hills)
{
    /* a continental shelf about two degrees wide (varying by noise), then
     * the slope to the abyssal plain */
    double shelf = shelf_width(hills, sscale), e;
    if (d < shelf) {
        e = -0.02 - 0.06 * d / shelf;
    } else {
        e = -0.08 - 0.8 * ramp((d - shelf) / 0.05) + 0.06 * hills;
    }
    return e > -0.005 ? -0.005 : e < -1.0 ? -1.0 : e;
}

/* Moisture 0..1: wet tropics and mid-latitudes, dry subtropics and poles
 * (0.55 + 0.3 cos(360 lat / 50): wet at 0 and 50 degrees, dry at 25 and
 * 75, the Hadley and Ferrel cells), drier with the distance from the sea
 * (continentality), and noise (moisture_fp). */
static double
moisture_at(double lat_rad, double d_sea, double noise)
{
    double m = 0.55 + 0.3 * cos(lat_rad * (2.0 * M_PI / (50.0 * M_PI / 180.0))) - 0.3 * ramp(d_sea / 0.25)
               + 0.4 * noise;
    return m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
}

/* Vertices a block of the elevation pass: its noise is batched. */
#define DERIVE_BLOCK 256

/* Elevation and moisture of vertices [i0, i1): the noise of the block in
 * batches (fbm3_batch: the same bits as fbm3 per vertex), then each
 * vertex. pn: ridges, ranges, relief, moisture; pc: climate. */
static void
derive_block(struct world *w, size_t i0, size_t i1, const uint8_t *land, const double *dist,
             const float *sscale, const struct perlin *pn, const struct perlin *pc)
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
            double lat = fabs(asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2]));
            w->elevation[i] = (float)relief_land(d, up, hills[i - i0], ridge[nl], mask[nl]);
            /* the circulation belts wander with the climate's displacement */
            lat += CLIMATE_SHIFT * M_PI / 180.0 * clim[nl];
            w->moisture[i] = (float)moisture_at(fabs(lat), d, moist[nl]);
            nl++;
        } else {
            w->elevation[i] = (float)relief_sea(d, sscale[i], hills[i - i0]);
            w->moisture[i] = 1.0f;
        }
    }
}

enum og_status
gen_planet_derive(struct world *w, const struct adjacency *adj, struct og_error *err)
{
    size_t n = w->ncells, i, nland = 0, count = 0, largest = 0;
    float *sscale = NULL;
    double *dist = NULL;
    uint8_t *land = NULL;
    const double *xyz = w->mesh->points;
    struct perlin pn[4], pc;
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
    if (dist == NULL || sscale == NULL || land == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for planet elevation");
        goto done;
    }
    for (i = 0; i < n; i++) {
        land[i] = w->water[i] == WATER_LAND;
        nland += land[i];
    }
    if ((st = continents_label(land, adj, w->landmass, &count, &largest, err)) != OG_OK) {
        goto done;
    }
    if (coast_fields(adj, xyz, land, w->landmass, count, dist, sscale) != 0) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for planet elevation");
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
    for (i = 0; i < n; i += DERIVE_BLOCK) {
        derive_block(w, i, i + DERIVE_BLOCK < n ? i + DERIVE_BLOCK : n, land, dist, sscale, pn,
                     &pc);
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
    return st;
}

/* Weight factor of a vertex's climate biome in the collapse. */
#define PLANET_PREFER_WEIGHT 200.0

/* Climate latitude, degrees: |latitude| moved by noise (about +-8, up to
 * +-25) and by elevation (18 degrees colder per unit of land height), so
 * no biome boundary follows a parallel. */
static void
climate_latitude(const struct world *w, float *clim)
{
    struct perlin pn;
    size_t i0, i;
    double f[DERIVE_BLOCK];
    const double *xyz = w->mesh->points;
    perlin_init(&pn, w->params.seed ^ rng_hash_str("planet.climate"));
    for (i0 = 0; i0 < w->ncells; i0 += DERIVE_BLOCK) {
        size_t b = w->ncells - i0 < DERIVE_BLOCK ? w->ncells - i0 : DERIVE_BLOCK;
        fbm3_batch(&pn, &climate_fp, xyz + 3 * i0, xyz + 3 * i0 + 1, xyz + 3 * i0 + 2, 3, b, f);
        for (i = i0; i < i0 + b; i++) {
            const double *q = &xyz[3 * i];
            double lat = fabs(asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2])) * 180.0 / M_PI;
            double e = w->elevation != NULL && w->elevation[i] > 0.0f ? w->elevation[i] : 0.0;
            double L = lat + CLIMATE_SHIFT * f[i - i0] + 18.0 * e;
            clim[i] = (float)(L < 0.0 ? 0.0 : L > 90.0 ? 90.0 : L);
        }
    }
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
    ok = coast_fields(adj, w->mesh->points, land, w->landmass, count, dist, scale) == 0;
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
                   uint8_t *prefer)
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
        sea[i] = w->water[i] != WATER_LAND;
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
        || shore_band(w, adj, sea, band) != 0) {
        st = OG_ENOMEM;
        goto done;
    }
    climate_latitude(w, clim);
    wfc_climate_domains(rules, adj, clim, w->moisture, sea, band, dom);
    /* the climate's own biome, strongly preferred in the collapse: the
     * WFC then mostly enforces the rules, and patches follow the climate
     * fields (the same at every resolution), not the draws */
    if (prefer != NULL) {
        wfc_climate_prefer(rules, n, clim, w->moisture, dom, band, prefer);
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
        if (gen_planet_domains(w, adj, attempt, dom, attempt < 2 ? prefer : NULL) != OG_OK) {
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
        w->color[i] = rules.biome[out[i]].color;
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
