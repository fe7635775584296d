#include "config.h"
#include "core/planet/planet_climate.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/geom/mesh.h"
#include "core/planet/climate.h"
#include "core/planet/koppen.h"
#include "core/planet/wfc.h"
#include "core/recipe/params.h"
#include "core/world.h"

void
planet_climate_prefer(const struct world *w, const struct wfc_rules *rules, const uint32_t *dom,
                      const uint8_t *band, uint8_t *prefer)
{
    static const char *const names[KG_COUNT] = {
        [KG_AF] = "rainforest", [KG_AM] = "rainforest", [KG_AW] = "savanna",
        [KG_BWH] = "desert",    [KG_BWK] = "desert",    [KG_BSH] = "savanna",
        [KG_BSK] = "grassland", [KG_CS] = "grassland",  [KG_CW] = "forest",
        [KG_CFA] = "forest",    [KG_CFB] = "forest",    [KG_CFC] = "taiga",
        [KG_DS] = "taiga",      [KG_DW] = "taiga",      [KG_DFA] = "forest",
        [KG_DFB] = "forest",    [KG_DFC] = "taiga",     [KG_DFD] = "taiga",
        [KG_ET] = "tundra",     [KG_EF] = "ice",
    };
    int ids[KG_COUNT], k;
    size_t i;
    if (w->climate == NULL) {
        return;
    }
    for (k = 0; k < KG_COUNT; k++) {
        ids[k] = names[k] != NULL ? wfc_biome_find(rules, names[k]) : -1;
    }
    for (i = 0; i < w->ncells; i++) {
        int b = w->climate[i] < KG_COUNT ? ids[w->climate[i]] : -1;
        if (w->water[i] == WATER_LAND && !band[i] && b >= 0 && ((dom[i] >> b) & 1u)) {
            prefer[i] = (uint8_t)b;
        }
    }
}

double
planet_climate_latitude(double t)
{
    /* 23 s^2 + 22 s + (t - 27) = 0, s = sin^2 latitude */
    double disc = 484.0 - 92.0 * (t - 27.0), s;
    s = disc > 0.0 ? (-22.0 + sqrt(disc)) / 46.0 : 0.0;
    s = s < 0.0 ? 0.0 : s > 1.0 ? 1.0 : s;
    return det_asin(sqrt(s)) * 180.0 / M_PI;
}

enum og_status
planet_climate(struct world *w, const struct adjacency *adj, const uint8_t *land,
               const double *dist, int threads, struct og_error *err)
{
    size_t n = w->ncells, i, nland = 0, hist[KG_COUNT] = { 0 }, big = 0;
    struct climate_in in;
    struct climate_out out;
    double psum = 0.0, tsum = 0.0;
    float *buf;
    int k, present = 0;
    enum og_status st;

    if (params_int(&w->params, P_PLANET_CLIMATE) != 0) {
        return OG_OK;
    }
    if ((st = world_alloc((void **)&w->temperature, n, sizeof *w->temperature, "temperature",
                          err)) != OG_OK
        || (st = world_alloc((void **)&w->precipitation, n, sizeof *w->precipitation,
                             "precipitation", err)) != OG_OK
        || (st = world_alloc((void **)&w->climate, n, 1, "climate", err)) != OG_OK) {
        return st;
    }
    buf = malloc((n > 0 ? 4 * n : 4) * sizeof *buf);
    if (buf == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the climate");
    }
    in.adj = adj;
    in.xyz = w->mesh->points;
    in.land = land;
    in.elevation = w->elevation;
    in.coast_dist = dist;
    in.seed = w->params.seed;
    in.threads = threads;
    for (k = 0; k < 2; k++) {
        out.temp[k] = buf + (size_t)k * n;
        out.precip[k] = buf + (size_t)(2 + k) * n;
    }
    if ((st = climate_run(&in, &out, err)) != OG_OK) {
        free(buf);
        return st;
    }
    for (i = 0; i < n; i++) {
        double t = 0.5 * (out.temp[0][i] + out.temp[1][i]);
        double p = 0.5 * (out.precip[0][i] + out.precip[1][i]);
        w->temperature[i] = (float)t;
        w->precipitation[i] = land[i] ? (float)p : 0.0f;
        if (land[i]) {
            int north = w->mesh->points[3 * i + 2] >= 0.0;
            double pet = 300.0 + 50.0 * t, ai;
            int c = koppen_classify(out.temp[north ? 0 : 1][i], out.temp[north ? 1 : 0][i],
                                    out.precip[north ? 0 : 1][i], out.precip[north ? 1 : 0][i]);
            pet = pet < 150.0 ? 150.0 : pet;
            ai = p / pet;
            w->moisture[i] = (float)(ai / (ai + 0.6));
            w->climate[i] = (uint8_t)c;
            hist[c]++;
            nland++;
            psum += p;
            tsum += t;
        } else {
            w->moisture[i] = 1.0f;
            w->climate[i] = KG_SEA;
        }
    }
    for (k = 1; k < KG_COUNT; k++) {
        present += hist[k] > 0;
        big = hist[k] > big ? hist[k] : big;
    }
    world_stat_int(w, "planet.koppen_classes", present);
    world_stat_real(w, "planet.koppen_largest_share", nland ? (double)big / nland : 0.0);
    world_stat_real(w, "planet.land_precip_mm", nland ? psum / nland : 0.0);
    world_stat_real(w, "planet.land_temp_c", nland ? tsum / nland : 0.0);
    free(buf);
    return OG_OK;
}
