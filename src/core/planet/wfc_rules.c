#include "config.h"
#include "core/planet/wfc.h"

#include <math.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"

/* The rule side of the wave-function collapse: the planet's biome table,
 * checks of a table, the symmetric compatibility sets, the unary domains
 * and the violation count used by the tests. The search is in wfc.c. */

enum {
    B_OCEAN, B_SHALLOW, B_SEA_ICE, B_ICE, B_TUNDRA, B_TAIGA, B_GRASSLAND, B_FOREST,
    B_RAINFOREST, B_SAVANNA, B_DESERT, B_COAST, B_COUNT
};

#define LAND_BITS                                                                  \
    ((1u << B_ICE) | (1u << B_TUNDRA) | (1u << B_TAIGA) | (1u << B_GRASSLAND)              \
     | (1u << B_FOREST) | (1u << B_RAINFOREST) | (1u << B_SAVANNA) | (1u << B_DESERT)      \
     | (1u << B_COAST))
#define WATER_BITS ((1u << B_OCEAN) | (1u << B_SHALLOW) | (1u << B_SEA_ICE))

/* The planet's biomes and rules: the one table. Bands are |latitude| in
 * degrees; forbid lists are made symmetric by the rows of both biomes. */
static const struct wfc_rules planet_rules = {
    B_COUNT,
    {
        /* name, colour, water, |latitude| band, shore, weight,
         * climate-latitude band, moisture band (planet.climate = climate) */
        [B_OCEAN] = { "ocean", 0x1b3a6b, 1, 0, 90, WFC_SHORE_NEVER, 4.0, 0, 72, 0, 1 },
        [B_SHALLOW] = { "shallows", 0x2f6fa8, 1, 0, 90, WFC_SHORE_ONLY, 2.0, 0, 72, 0, 1 },
        [B_SEA_ICE] = { "sea_ice", 0xcfe3ee, 1, 62, 90, WFC_SHORE_ANY, 1.5, 64, 90, 0, 1 },
        [B_ICE] = { "ice", 0xf2f6f9, 0, 60, 90, WFC_SHORE_ANY, 3.0, 68, 90, 0, 1 },
        [B_TUNDRA] = { "tundra", 0x9a9f86, 0, 50, 80, WFC_SHORE_ANY, 2.0, 57, 74, 0, 1 },
        [B_TAIGA] = { "taiga", 0x3d6b4c, 0, 40, 70, WFC_SHORE_NEVER, 2.0, 45, 62, 0, 1 },
        [B_GRASSLAND] = { "grassland", 0x92b35c, 0, 15, 60, WFC_SHORE_NEVER, 2.0, 22, 55, 0, 0.5 },
        [B_FOREST] = { "forest", 0x3f8a3a, 0, 10, 60, WFC_SHORE_NEVER, 2.0, 20, 52, 0.4, 1 },
        [B_RAINFOREST] = { "rainforest", 0x1e6a2c, 0, 0, 25, WFC_SHORE_NEVER, 2.0, 0, 22, 0.55, 1 },
        [B_SAVANNA] = { "savanna", 0xbfae5a, 0, 5, 35, WFC_SHORE_NEVER, 1.5, 0, 32, 0, 0.6 },
        [B_DESERT] = { "desert", 0xe3cc8d, 0, 12, 40, WFC_SHORE_NEVER, 2.0, 12, 42, 0, 0.3 },
        [B_COAST] = { "coast", 0xeadcaa, 0, 0, 65, WFC_SHORE_ONLY, 1.0, 0, 66, 0, 1 },
    },
    {
        /* open ocean touches water only */
        [B_OCEAN] = LAND_BITS,
        [B_SHALLOW] = 0,
        [B_SEA_ICE] = (1u << B_DESERT) | (1u << B_RAINFOREST) | (1u << B_SAVANNA),
        [B_ICE] = (1u << B_DESERT) | (1u << B_RAINFOREST) | (1u << B_SAVANNA) | (1u << B_GRASSLAND)
                  | (1u << B_OCEAN),
        [B_TUNDRA] = (1u << B_RAINFOREST) | (1u << B_DESERT) | (1u << B_SAVANNA) | (1u << B_OCEAN),
        [B_TAIGA] = (1u << B_DESERT) | (1u << B_SAVANNA) | (1u << B_RAINFOREST) | (1u << B_OCEAN),
        [B_GRASSLAND] = (1u << B_ICE) | (1u << B_OCEAN),
        [B_FOREST] = (1u << B_OCEAN),
        [B_RAINFOREST] = (1u << B_TUNDRA) | (1u << B_DESERT) | (1u << B_ICE) | (1u << B_TAIGA)
                         | (1u << B_SEA_ICE) | (1u << B_OCEAN),
        [B_SAVANNA] = (1u << B_ICE) | (1u << B_TUNDRA) | (1u << B_TAIGA) | (1u << B_SEA_ICE)
                      | (1u << B_OCEAN),
        /* deserts are landlocked: never next to any water */
        [B_DESERT] = WATER_BITS | (1u << B_RAINFOREST) | (1u << B_ICE) | (1u << B_TUNDRA)
                     | (1u << B_TAIGA),
        [B_COAST] = (1u << B_OCEAN),
    },
    3.0,
    NULL,
    1.0,
};

const struct wfc_rules *
wfc_planet_rules(void)
{
    return &planet_rules;
}

int
wfc_biome_find(const struct wfc_rules *rules, const char *name)
{
    int b;
    for (b = 0; b < rules->nbiomes; b++) {
        if (strcmp(rules->biome[b].name, name) == 0) {
            return b;
        }
    }
    return -1;
}

enum og_status
wfc_rules_check(const struct wfc_rules *rules, struct og_error *err)
{
    int a;
    if (rules->nbiomes < 1 || rules->nbiomes > WFC_MAX_BIOMES) {
        return og_error_set(err, OG_EINVAL, "wfc: %d biomes outside [1, %d]", rules->nbiomes,
                            WFC_MAX_BIOMES);
    }
    if (rules->prefer != NULL && !(rules->prefer_weight >= 1.0 && rules->prefer_weight <= 1e6)) {
        return og_error_set(err, OG_EINVAL, "wfc: preference weight %g outside [1, 1e6]",
                            rules->prefer_weight);
    }
    if (!(rules->affinity >= 0.0 && rules->affinity <= 1000.0)) {
        return og_error_set(err, OG_EINVAL, "wfc: affinity %g outside [0, 1000]",
                            rules->affinity);
    }
    for (a = 0; a < rules->nbiomes; a++) {
        const struct wfc_biome *bi = &rules->biome[a];
        if (!(bi->weight > 0.0) || !(bi->lat_min >= 0.0 && bi->lat_max <= 90.0
                                     && bi->lat_min <= bi->lat_max)
            || !(bi->clim_min <= bi->clim_max && bi->moist_min <= bi->moist_max)) {
            return og_error_set(err, OG_EINVAL,
                                "wfc: biome '%s' needs weight > 0 and a band inside [0, 90]",
                                bi->name != NULL ? bi->name : "?");
        }
        if (rules->nbiomes < 32 && (rules->forbid[a] >> rules->nbiomes) != 0) {
            return og_error_set(err, OG_EINVAL, "wfc: biome '%s' forbids an unknown biome",
                                bi->name);
        }
    }
    return OG_OK;
}

void
wfc_compat_table(const struct wfc_rules *rules, uint32_t *compat)
{
    uint32_t all = rules->nbiomes >= 32 ? 0xffffffffu : (1u << rules->nbiomes) - 1u;
    int a, b;
    for (a = 0; a < rules->nbiomes; a++) {
        compat[a] = all & ~rules->forbid[a];
    }
    for (a = 0; a < rules->nbiomes; a++) {
        for (b = 0; b < rules->nbiomes; b++) {
            if ((rules->forbid[b] >> a) & 1) {
                compat[a] &= ~(1u << b);
            }
        }
    }
}

/* Shared by both domain builders: clim (degrees) and moist may be NULL for
 * the |latitude| bands of xyz. */
static void
domains(const struct wfc_rules *rules, const struct adjacency *adj, const double *xyz,
        const float *clim, const float *moist, const uint8_t *sea, const uint8_t *band,
        uint32_t *dom)
{
    uint32_t kind[2] = { 0, 0 }, only = 0, never = 0;
    size_t v;
    int b;

    /* the rules of kind and shore as bit sets; the bands are tested on
     * the biomes left */
    for (b = 0; b < rules->nbiomes; b++) {
        const struct wfc_biome *bi = &rules->biome[b];
        kind[bi->water != 0] |= 1u << b;
        only |= (uint32_t)(bi->shore == WFC_SHORE_ONLY) << b;
        never |= (uint32_t)(bi->shore == WFC_SHORE_NEVER) << b;
    }
    for (v = 0; v < adj->n; v++) {
        double lat;
        int shore = 0;
        int32_t j;
        uint32_t d = 0, cand;
        if (clim != NULL) {
            lat = clim[v];
        } else {
            double z = xyz[3 * v + 2];
            lat = fabs(det_asin(z < -1.0 ? -1.0 : z > 1.0 ? 1.0 : z)) * 180.0 / M_PI;
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            if ((sea[adj->nbr[j]] != 0) != (sea[v] != 0)) {
                shore = 1;
                break;
            }
        }
        cand = kind[sea[v] != 0];
        if (shore) {
            cand &= ~never;
        } else if (!(band != NULL && band[v])) {
            cand &= ~only;
        }
        for (; cand != 0; cand &= cand - 1) {
            const struct wfc_biome *bi = &rules->biome[__builtin_ctz(cand)];
            if (clim != NULL) {
                if (lat < bi->clim_min || lat > bi->clim_max || moist[v] < bi->moist_min
                    || moist[v] > bi->moist_max) {
                    continue;
                }
            } else if (lat < bi->lat_min || lat > bi->lat_max) {
                continue;
            }
            d |= cand & -cand;
        }
        dom[v] = d;
    }
}

void
wfc_unary_domains(const struct wfc_rules *rules, const struct adjacency *adj, const double *xyz,
                  const uint8_t *sea, uint32_t *dom)
{
    domains(rules, adj, xyz, NULL, NULL, sea, NULL, dom);
}

void
wfc_climate_domains(const struct wfc_rules *rules, const struct adjacency *adj,
                    const float *clim, const float *moist, const uint8_t *sea,
                    const uint8_t *band, uint32_t *dom)
{
    domains(rules, adj, NULL, clim, moist, sea, band, dom);
}

void
wfc_widen_domains(const struct adjacency *adj, const uint32_t *dom, const uint8_t *sea,
                  const uint8_t *band, const struct wfc_rules *rules, uint32_t *out)
{
    size_t v;
    for (v = 0; v < adj->n; v++) {
        uint32_t d = dom[v], keep = 0;
        int32_t j;
        int shore = 0, b;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            d |= dom[adj->nbr[j]];
            shore |= (sea[adj->nbr[j]] != 0) != (sea[v] != 0);
        }
        /* v's own kind and shore rule */
        for (b = 0; b < rules->nbiomes; b++) {
            const struct wfc_biome *bi = &rules->biome[b];
            if ((bi->water != 0) == (sea[v] != 0)
                && !(bi->shore == WFC_SHORE_ONLY && !shore && !(band != NULL && band[v]))
                && !(bi->shore == WFC_SHORE_NEVER && shore)) {
                keep |= 1u << b;
            }
        }
        out[v] = d & keep;
    }
}

void
wfc_climate_prefer(const struct wfc_rules *rules, size_t n, const float *clim, const float *moist,
                   const uint32_t *dom, const uint8_t *band, uint8_t *prefer)
{
    size_t v;
    for (v = 0; v < n; v++) {
        double best = -1e300;
        int b, pick = 0;
        uint32_t cand = dom[v];
        if (band != NULL && band[v]) {
            /* the shore band prefers what a shore vertex may take */
            uint32_t shore_ok = 0;
            for (b = 0; b < rules->nbiomes; b++) {
                shore_ok |= (uint32_t)(rules->biome[b].shore != WFC_SHORE_NEVER) << b;
            }
            cand = (cand & shore_ok) != 0 ? cand & shore_ok : cand;
        }
        for (b = 0; b < rules->nbiomes; b++) {
            const struct wfc_biome *bi = &rules->biome[b];
            double sl = bi->clim_max - bi->clim_min, sm = bi->moist_max - bi->moist_min, d, t;
            if (!((cand >> b) & 1)) {
                continue;
            }
            sl = sl > 1e-9 ? sl : 1e-9;
            sm = sm > 1e-9 ? sm : 1e-9;
            /* a side at the end of the range (climate latitude 0 or 90,
             * moisture 0 or 1) is no boundary: it counts as the depth of
             * a box's centre, 0.5. Counted as a side, a biome open to every
             * moisture lost its depth on dry or wet ground, all such boxes
             * tied there, and the tie went to the lower biome number:
             * ice/tundra boundaries ran along moisture isolines and broke
             * off straight. */
            d = bi->clim_min <= 0.0 ? 0.5 : (clim[v] - bi->clim_min) / sl;
            t = bi->clim_max >= 90.0 ? 0.5 : (bi->clim_max - clim[v]) / sl;
            d = t < d ? t : d;
            t = bi->moist_min <= 0.0 ? 0.5 : (moist[v] - bi->moist_min) / sm;
            d = t < d ? t : d;
            t = bi->moist_max >= 1.0 ? 0.5 : (bi->moist_max - moist[v]) / sm;
            d = t < d ? t : d;
            if (d > best) {
                best = d;
                pick = b;
            }
        }
        prefer[v] = (uint8_t)pick;
    }
}

size_t
wfc_violations(const struct wfc_rules *rules, const struct adjacency *adj, const uint32_t *dom,
               const uint8_t *biome, int32_t *first)
{
    uint32_t compat[WFC_MAX_BIOMES];
    size_t v, bad = 0;
    int32_t f = -1;

    wfc_compat_table(rules, compat);
    for (v = 0; v < adj->n; v++) {
        int32_t j;
        if (biome[v] >= rules->nbiomes || !((dom[v] >> biome[v]) & 1)) {
            bad++;
            f = f < 0 ? (int32_t)v : f;
            continue;
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if ((size_t)u > v && biome[u] < rules->nbiomes
                && !((compat[biome[v]] >> biome[u]) & 1)) {
                bad++;
                f = f < 0 ? (int32_t)v : f;
            }
        }
    }
    if (first != NULL) {
        *first = f;
    }
    return bad;
}
