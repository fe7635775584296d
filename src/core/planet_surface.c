#include "config.h"
#include "core/gen_planet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/continents.h"
#include "core/mesh.h"
#include "core/noise.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/wfc.h"

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
 * dist when there is no coast at all. */
static void
coast_distance(const struct adjacency *adj, const double *xyz, const uint8_t *land,
               double *dist, int32_t *queue)
{
    size_t n = adj->n, i, head = 0, tail = 0;
    for (i = 0; i < n; i++) {
        int32_t j;
        double best = -1.0;
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            if (land[adj->nbr[j]] != land[i]) {
                double d = 0.5 * continents_chord(xyz, (int32_t)i, adj->nbr[j]);
                best = best < 0.0 || d < best ? d : best;
            }
        }
        dist[i] = best;
        if (best >= 0.0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t v = queue[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (dist[u] < 0.0 && land[u] == land[v]) {
                dist[u] = dist[v] + continents_chord(xyz, v, u);
                queue[tail++] = u;
            }
        }
    }
}

/* Elevation in model units (land 0..1, sea -1..0) at unit vector q with
 * coast distance d (radians) and collision uplift up (0..1). */
static double
relief(int is_land, double d, double up, const double *q, const struct perlin *pn)
{
    static const struct fbm_params ridge_fp = { 5, 2.2, 2.0, 0.5 };
    static const struct fbm_params mask_fp = { 3, 1.2, 2.0, 0.5 };
    static const struct fbm_params hill_fp = { 5, 6.0, 2.0, 0.5 };
    double hills = fbm3(&pn[2], &hill_fp, q[0], q[1], q[2]);
    if (is_land) {
        /* lowland rising inland over about 8 degrees */
        double base = 0.04 + 0.2 * ramp(d / 0.14);
        /* ridged noise (1 - |fBm|)^3: long crests along the zero lines of
         * the noise, only where a broad mask allows, fading at the coast */
        double r = 1.0 - fabs(fbm3(&pn[0], &ridge_fp, q[0], q[1], q[2]));
        double m = 0.5 + 1.5 * fbm3(&pn[1], &mask_fp, q[0], q[1], q[2]);
        double inland = ramp(d / 0.04);
        double e;
        m = m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
        e = base + 0.6 * r * r * r * m * inland + 0.62 * up * (0.55 + 0.45 * r)
            + 0.05 * hills;
        return e < 0.01 ? 0.01 : e > 1.0 ? 1.0 : e;
    }
    {
        /* a continental shelf about two degrees wide (varying by noise),
         * then the slope to the abyssal plain */
        double shelf = 0.035 * (1.0 + 0.5 * hills), e;
        if (d < shelf) {
            e = -0.02 - 0.06 * d / shelf;
        } else {
            e = -0.08 - 0.8 * ramp((d - shelf) / 0.05) + 0.06 * hills;
        }
        return e > -0.005 ? -0.005 : e < -1.0 ? -1.0 : e;
    }
}

/* The climate's displacement of latitude, degrees: 32 fbm (5 octaves from
 * 2.2 cycles per radian), about +-8 and up to +-25; shared by the moisture
 * and the climate latitude so their isolines wander together. */
static const struct fbm_params climate_fp = { 5, 2.2, 2.0, 0.5 };
#define CLIMATE_SHIFT 32.0

/* Moisture 0..1: wet tropics and mid-latitudes, dry subtropics and poles
 * (0.55 + 0.3 cos(360 lat / 50): wet at 0 and 50 degrees, dry at 25 and
 * 75, the Hadley and Ferrel cells), drier with the distance from the sea
 * (continentality), and noise. */
static double
moisture_at(double lat_rad, double d_sea, const double *q, const struct perlin *pn)
{
    static const struct fbm_params fp = { 4, 1.8, 2.0, 0.5 };
    double m = 0.55 + 0.3 * cos(lat_rad * (2.0 * M_PI / (50.0 * M_PI / 180.0))) - 0.3 * ramp(d_sea / 0.25)
               + 0.4 * fbm3(pn, &fp, q[0], q[1], q[2]);
    return m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
}

enum og_status
gen_planet_derive(struct world *w, const struct adjacency *adj, struct og_error *err)
{
    size_t n = w->ncells, i, nland = 0, count = 0, largest = 0;
    int32_t *queue = NULL;
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
    queue = malloc(n * sizeof *queue);
    land = malloc(n);
    if (dist == NULL || queue == NULL || land == NULL) {
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
    coast_distance(adj, xyz, land, dist, queue);
    /* relief and moisture: a display aid and the climate's input (the
     * source has neither); noise on the unit vectors, so the same at
     * every resolution */
    perlin_init(&pn[0], w->params.seed ^ rng_hash_str("planet.ridges"));
    perlin_init(&pn[1], w->params.seed ^ rng_hash_str("planet.ranges"));
    perlin_init(&pn[2], w->params.seed ^ rng_hash_str("planet.relief"));
    perlin_init(&pn[3], w->params.seed ^ rng_hash_str("planet.moisture"));
    perlin_init(&pc, w->params.seed ^ rng_hash_str("planet.climate"));
    for (i = 0; i < n; i++) {
        const double *q = &xyz[3 * i];
        /* a planet with no coast at all: everything is as far as it gets */
        double d = dist[i] < 0.0 ? M_PI : dist[i];
        double up = w->roughness != NULL && land[i] ? w->roughness[i] : 0.0;
        double lat = fabs(asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2]));
        w->elevation[i] = (float)relief(land[i], d, up, q, pn);
        if (land[i]) {
            /* the circulation belts wander with the climate's displacement */
            lat += CLIMATE_SHIFT * M_PI / 180.0 * fbm3(&pc, &climate_fp, q[0], q[1], q[2]);
            w->moisture[i] = (float)moisture_at(fabs(lat), d, q, &pn[3]);
        } else {
            w->moisture[i] = 1.0f;
        }
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
    free(queue);
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
    size_t i;
    perlin_init(&pn, w->params.seed ^ rng_hash_str("planet.climate"));
    for (i = 0; i < w->ncells; i++) {
        const double *q = &w->mesh->points[3 * i];
        double lat = fabs(asin(q[2] < -1.0 ? -1.0 : q[2] > 1.0 ? 1.0 : q[2])) * 180.0 / M_PI;
        double e = w->elevation != NULL && w->elevation[i] > 0.0f ? w->elevation[i] : 0.0;
        double L = lat + CLIMATE_SHIFT * fbm3(&pn, &climate_fp, q[0], q[1], q[2]) + 18.0 * e;
        clim[i] = (float)(L < 0.0 ? 0.0 : L > 90.0 ? 90.0 : L);
    }
}

enum og_status
gen_planet_domains(const struct world *w, const struct adjacency *adj, int which, uint32_t *dom,
                   uint8_t *prefer)
{
    const struct wfc_rules *rules = wfc_planet_rules();
    size_t n = w->ncells, i;
    uint8_t *sea = malloc(n > 0 ? n : 1);
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
    wide = which == 1 ? malloc(n * sizeof *wide) : NULL;
    if (clim == NULL || (which == 1 && wide == NULL)) {
        st = OG_ENOMEM;
        goto done;
    }
    climate_latitude(w, clim);
    wfc_climate_domains(rules, adj, clim, w->moisture, sea, dom);
    /* the climate's own biome, strongly preferred in the collapse: the
     * WFC then mostly enforces the rules, and patches follow the climate
     * fields (the same at every resolution), not the draws */
    if (prefer != NULL) {
        wfc_climate_prefer(rules, n, clim, w->moisture, dom, prefer);
    }
    if (which == 1) {
        wfc_widen_domains(adj, dom, sea, rules, wide);
        memcpy(dom, wide, n * sizeof *dom);
    }
done:
    free(sea);
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
