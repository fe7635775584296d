/* legend: the classes and ramps of each map layer (render/legend.h). */
#include "config.h"
#include "render/legend.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/planet/wfc.h"
#include "render/planet_layers.h"
#include "render/tint.h"

#define SLOTS 64            /* class ids per layer, landmass aside */
#define RAMP_CELL (-100)    /* the class id of a cell the ramp colours */
#define ID_OCEAN (-1)
#define ID_OTHERS (-2)

static const char *const hybrid_names[] = { "grass", "mountain", "tree", "snow", "dirt", "rock",
                                             "lake" };

static int
is_lake(const struct world *w, size_t c)
{
    return (w->water != NULL && w->water[c] == WATER_LAKE) ||
           (w->kind == WORLD_GRID && w->lake != NULL && w->lake[c] == LAKE_WATER);
}

static int
wet(const struct world *w, size_t c)
{
    return w->water != NULL && w->water[c] != WATER_LAND;
}

/* The class id of a cell in layer (before the landmass slot mapping). */
static long
class_of(const struct world *w, enum map_layer layer, size_t c)
{
    switch (layer) {
    case LAYER_COLOR:
        if (w->gen == GEN_HYBRID) {
            return (long)gen_hybrid_cell_kind(w, c);
        }
        if (w->biome != NULL) {
            return w->biome[c];
        }
        return (long)mapimg_cell_class(w, c);
    case LAYER_ELEVATION:
        /* a lake is drawn at its surface height: one flat tint */
        return w->water != NULL && is_lake(w, c) ? 1 : RAMP_CELL;
    case LAYER_MOISTURE:
    case LAYER_RIVERS:
        return wet(w, c) ? 0 : RAMP_CELL;
    case LAYER_LAKES:
        return w->water[c] == WATER_OCEAN ? 0 : is_lake(w, c) ? 1 : 2;
    case LAYER_MASK:
        return w->mask[c] ? 0 : 1;
    case LAYER_LANDMASS:
        return w->landmass[c] < 0 ? ID_OCEAN : w->landmass[c];
    case LAYER_PLATES:
    case LAYER_CLIMATE:
        return planet_layer_class(w, layer, c);
    default:
        return RAMP_CELL;
    }
}

static void
class_name(const struct world *w, enum map_layer layer, long id, char *name, size_t size)
{
    switch (layer) {
    case LAYER_COLOR:
        if (w->gen == GEN_HYBRID && id >= 0 && id < 7) {
            snprintf(name, size, "%s", hybrid_names[id]);
        } else if (w->gen == GEN_PLANET && id >= 0 && id < wfc_planet_rules()->nbiomes) {
            char *u;
            snprintf(name, size, "%s", wfc_planet_rules()->biome[id].name);
            for (u = name; *u != '\0'; u++) {
                *u = *u == '_' ? ' ' : *u;   /* display names: "sea ice" */
            }
        } else if (w->biome != NULL) {
            snprintf(name, size, "%s", biome_name((enum biome)id));
        } else {
            snprintf(name, size, "%s", mapimg_class_name((enum map_class)id));
        }
        break;
    case LAYER_ELEVATION:
        snprintf(name, size, "lake (flat: surface height)");
        break;
    case LAYER_MOISTURE:
    case LAYER_RIVERS:
        snprintf(name, size, "water (sea, lake)");
        break;
    case LAYER_LAKES:
        snprintf(name, size, "%s", id == 0 ? "ocean" : id == 1 ? "lake" : "land (by height)");
        break;
    case LAYER_MASK:
        snprintf(name, size, "%s", id == 0 ? "mountain mask" : "outside the mask");
        break;
    case LAYER_LANDMASS:
        if (id == ID_OCEAN) {
            snprintf(name, size, "ocean");
        } else if (id == ID_OTHERS) {
            snprintf(name, size, "smaller landmasses");
        } else {
            snprintf(name, size, "landmass %ld", id);   /* renamed by rank below */
        }
        break;
    case LAYER_PLATES:
    case LAYER_CLIMATE:
        planet_layer_class_name(layer, id, name, size);
        break;
    default:
        snprintf(name, size, "?");
        break;
    }
}

static void
title_of(const struct world *w, enum map_layer layer, char *title, size_t size)
{
    const char *t = mapimg_layer_name(layer);
    switch (layer) {
    case LAYER_COLOR:
        t = w->gen == GEN_HYBRID ? "terrain (colour rules)"
            : w->gen == GEN_PLANET ? "planet biomes (WFC)"
            : w->biome != NULL ? "biomes (Whittaker)" : "terrain";
        break;
    case LAYER_ELEVATION: t = "hypsometric tint"; break;
    case LAYER_MOISTURE: t = "dry .. wet"; break;
    case LAYER_RIVERS: t = "flow, log scale"; break;
    case LAYER_LAKES: t = "water bodies"; break;
    case LAYER_ROUGHNESS: t = "square-root scale"; break;
    case LAYER_FOREST: t = "density 0..1"; break;
    case LAYER_MASK: t = "mountain cells"; break;
    case LAYER_LANDMASS: t = "ocean, then by size"; break;
    case LAYER_PLATES: t = "tectonic plates and boundaries"; break;
    case LAYER_CLIMATE: t = "Koppen-Geiger climate"; break;
    case LAYER_WEAR: t = "total erosion, square-root scale"; break;
    case LAYER_DEPOSITION: t = "total deposition, square-root scale"; break;
    case LAYER_SLOPE: t = "steepest slope"; break;
    default: break;
    }
    snprintf(title, size, "%s", t);
}

/* The ramp of a continuous layer: colours and end values. */
static void
fill_ramp(const struct world *w, enum map_layer layer, double scale, struct legend *lg)
{
    int i, n = LEGEND_RAMP;

    lg->nramp = n;
    for (i = 0; i < n; i++) {
        double t = (double)i / (n - 1);
        lg->ramp[i] = layer == LAYER_ELEVATION ? tint_hypsometric(-1.0 + 2.0 * t)
                      : layer == LAYER_ROUGHNESS || layer == LAYER_WEAR ||
                                layer == LAYER_DEPOSITION
                            ? tint_sequential(sqrt(t))
                                                 : tint_sequential(t);
    }
    lg->lo = 0.0;
    lg->hi = 1.0;
    switch (layer) {
    case LAYER_ELEVATION: {
        /* metres wherever the world has a vertical scale (doc/scale.md:
         * legend_vertical_scale), else model units */
        double mz = legend_vertical_scale(w) > 0.0 ? legend_vertical_scale(w) : 1.0;
        const char *m = legend_vertical_scale(w) > 0.0 ? "m" : "";
        lg->lo = w->elev_min * mz;
        lg->hi = w->elev_max * mz;
        snprintf(lg->unit, sizeof lg->unit, "%s", m);
        snprintf(lg->note, sizeof lg->note, "coast (%.4g%s%s) in the middle",
                 (double)w->sea_level * mz, m[0] ? " " : "", m);
        break;
    }
    case LAYER_RIVERS:
        lg->hi = expm1(scale);
        lg->log_scale = 1;
        snprintf(lg->unit, sizeof lg->unit, "%s", w->kind == WORLD_SPHERE ? "m3/s" : "cells");
        snprintf(lg->note, sizeof lg->note, "%s; lines: rivers",
                 w->kind == WORLD_SPHERE ? "discharge" : "upstream cells");
        break;
    case LAYER_ROUGHNESS:
        lg->hi = scale;
        break;
    case LAYER_WEAR:
    case LAYER_DEPOSITION:
        lg->hi = scale;
        snprintf(lg->unit, sizeof lg->unit, "m");
        snprintf(lg->note, sizeof lg->note, "landscape evolution (lem)");
        break;
    case LAYER_SLOPE:
        snprintf(lg->unit, sizeof lg->unit, "m/m");
        snprintf(lg->note, sizeof lg->note, "1 m/m (45 degrees) and steeper at the top");
        break;
    default:
        break;
    }
    /* metres as whole metres ("-1000 m", not "-1e+03 m") */
    snprintf(lg->lo_label, sizeof lg->lo_label, strcmp(lg->unit, "m") == 0 ? "%s%.0f%s%s" : "%s%.3g%s%s",
             layer == LAYER_MOISTURE ? "dry " : "", lg->lo, lg->unit[0] ? " " : "", lg->unit);
    snprintf(lg->hi_label, sizeof lg->hi_label, strcmp(lg->unit, "m") == 0 ? "%s%.0f%s%s" : "%s%.3g%s%s",
             layer == LAYER_MOISTURE ? "wet " : "", lg->hi, lg->unit[0] ? " " : "", lg->unit);
}

struct acc {
    long id;
    size_t count;
    double sum[3];
    uint32_t first;
    int same;
    size_t glyphs[MC_COUNT];
};

static void
acc_add(struct acc *a, long id, uint32_t rgb, enum map_class mc)
{
    if (a->count == 0) {
        a->id = id;
        a->first = rgb;
        a->same = 1;
    } else if (rgb != a->first) {
        a->same = 0;
    }
    a->count++;
    a->sum[0] += (rgb >> 16) & 255;
    a->sum[1] += (rgb >> 8) & 255;
    a->sum[2] += rgb & 255;
    if ((unsigned)mc < MC_COUNT) {
        a->glyphs[mc]++;
    }
}

static int
by_count(const void *pa, const void *pb)
{
    const struct acc *a = pa, *b = pb;
    if (a->count != b->count) {
        return a->count < b->count ? 1 : -1;
    }
    return a->id < b->id ? -1 : a->id > b->id;
}

/* Landmass ids worth their own entry: the LEGEND_MAX - 2 largest. keep[id]
 * is set for them. */
static enum og_status
landmass_keep(const struct world *w, unsigned char **keep, long *nids, struct og_error *err)
{
    long max = -1, k;
    size_t c, *count;
    int picked;

    for (c = 0; c < w->ncells; c++) {
        max = w->landmass[c] > max ? w->landmass[c] : max;
    }
    *nids = max + 1;
    *keep = calloc((size_t)max + 2, 1);
    count = calloc((size_t)max + 2, sizeof *count);
    if (*keep == NULL || count == NULL) {
        free(*keep);
        free(count);
        *keep = NULL;
        return og_error_set(err, OG_ENOMEM, "out of memory for the landmass legend");
    }
    for (c = 0; c < w->ncells; c++) {
        if (w->landmass[c] >= 0) {
            count[w->landmass[c]]++;
        }
    }
    for (picked = 0; picked < LEGEND_MAX - 2; picked++) {
        long best = -1;
        for (k = 0; k <= max; k++) {
            if (!(*keep)[k] && count[k] > 0 && (best < 0 || count[k] > count[best])) {
                best = k;
            }
        }
        if (best < 0) {
            break;
        }
        (*keep)[best] = 1;
    }
    free(count);
    return OG_OK;
}

double
legend_vertical_scale(const struct world *w)
{
    if (w->elev_unit_m > 0.0) {
        return w->elev_unit_m;
    }
    if (w->gen == GEN_ISLAND) {
        return params_get(&w->params, P_ISLAND_VSCALE);
    }
    return 0.0;
}

enum og_status
legend_build(const struct world *w, enum map_layer layer, struct legend *lg,
             struct og_error *err)
{
    struct acc acc[SLOTS];
    unsigned char *keep = NULL;
    long nids = 0;
    double scale;
    size_t c, ramp_cells = 0;
    int i, nslots = 0, rank = 0;

    memset(lg, 0, sizeof *lg);
    lg->layer = layer;
    if ((unsigned)layer >= LAYER_COUNT || !mapimg_layer_available(w, layer)) {
        return og_error_set(err, OG_EINVAL, "the %s generator has no '%s' layer",
                            world_gen_name(w->gen),
                            (unsigned)layer < LAYER_COUNT ? mapimg_layer_name(layer) : "?");
    }
    title_of(w, layer, lg->title, sizeof lg->title);
    if (layer == LAYER_LANDMASS) {
        enum og_status st = landmass_keep(w, &keep, &nids, err);
        if (st != OG_OK) {
            return st;
        }
    }
    scale = mapimg_layer_scale(w, layer);
    memset(acc, 0, sizeof acc);
    for (c = 0; c < w->ncells; c++) {
        long id = class_of(w, layer, c);
        uint32_t rgb;
        if (id == RAMP_CELL) {
            ramp_cells++;
            continue;
        }
        if (layer == LAYER_LANDMASS && id >= 0 && !(id < nids && keep[id])) {
            id = ID_OTHERS;
        }
        rgb = mapimg_cell_color(w, layer, c, scale);
        for (i = 0; i < nslots && acc[i].id != id; i++) {
        }
        if (i == nslots) {
            if (nslots == SLOTS) {
                continue;   /* more classes than a legend holds */
            }
            nslots++;
        }
        acc_add(&acc[i], id, rgb, mapimg_cell_class(w, c));
    }
    free(keep);
    qsort(acc, (size_t)nslots, sizeof acc[0], by_count);
    /* "smaller landmasses" closes the list, whatever its size */
    for (i = 0; i + 1 < nslots; i++) {
        if (acc[i].id == ID_OTHERS) {
            struct acc o = acc[i];
            memmove(&acc[i], &acc[i + 1], (size_t)(nslots - 1 - i) * sizeof acc[0]);
            acc[nslots - 1] = o;
            break;
        }
    }
    for (i = 0; i < nslots && lg->n < LEGEND_MAX; i++) {
        struct legend_entry *e = &lg->e[lg->n++];
        int k, best = 0;
        e->id = acc[i].id;
        class_name(w, layer, e->id, e->name, sizeof e->name);
        e->exact = acc[i].same;
        if (layer == LAYER_COLOR && w->gen == GEN_PLANET && e->id >= 0 &&
            e->id < wfc_planet_rules()->nbiomes) {
            e->rgb = wfc_planet_rules()->biome[e->id].color;
        } else if (layer == LAYER_COLOR && w->gen != GEN_HYBRID && w->biome != NULL &&
                   e->id >= 0 && e->id < BIOME_COUNT && e->id != BIOME_OCEAN) {
            e->rgb = biome_color((enum biome)e->id);   /* the class colour, unblended */
        } else if (acc[i].same) {
            e->rgb = acc[i].first;
        } else {
            e->rgb = (uint32_t)lround(acc[i].sum[0] / acc[i].count) << 16 |
                     (uint32_t)lround(acc[i].sum[1] / acc[i].count) << 8 |
                     (uint32_t)lround(acc[i].sum[2] / acc[i].count);
        }
        e->exact = acc[i].same && e->rgb == acc[i].first;
        for (k = 1; k < MC_COUNT; k++) {
            best = acc[i].glyphs[k] > acc[i].glyphs[best] ? k : best;
        }
        e->glyph = mapimg_class_glyph((enum map_class)best);
        e->share = w->ncells > 0 ? (double)acc[i].count / (double)w->ncells : 0.0;
        if (layer == LAYER_LANDMASS && e->id >= 0) {
            /* numbered by size, 1 the largest (ids are internal) */
            snprintf(e->name, sizeof e->name, "landmass %d (id %ld)", ++rank % 1000,
                     e->id % 100000000L);
        }
    }
    /* river lines are drawn over the colour and lakes layers: not a class
     * of cells, an extra line of the legend */
    if ((layer == LAYER_COLOR || layer == LAYER_LAKES) && w->flow != NULL &&
        w->river_width != NULL) {
        size_t nr = 0, nn = w->kind == WORLD_GRID ? w->ncells : w->nhydro;
        for (c = 0; c < nn; c++) {
            nr += w->river_width[c] > 0.0f;
        }
        if (nr > 0) {
            snprintf(lg->lines, sizeof lg->lines, "%s",
                     w->gen == GEN_HYBRID ? "streams (lines)" : "rivers (lines)");
            lg->lines_rgb = MAPIMG_RIVER_COLOR;
            lg->lines_share = (double)nr / (double)nn;
        }
    }
    lg->ramp_share = w->ncells > 0 ? (double)ramp_cells / (double)w->ncells : 0.0;
    if (layer == LAYER_ELEVATION || layer == LAYER_MOISTURE || layer == LAYER_RIVERS ||
        layer == LAYER_ROUGHNESS || layer == LAYER_FOREST || layer == LAYER_WEAR ||
        layer == LAYER_DEPOSITION || layer == LAYER_SLOPE) {
        fill_ramp(w, layer, scale, lg);
    }
    if (layer == LAYER_COLOR && w->biome != NULL && w->gen != GEN_PLANET &&
        w->gen != GEN_HYBRID) {
        snprintf(lg->note, sizeof lg->note, "the map blends neighbouring biomes");
    }
    return OG_OK;
}

int
legend_cell_entry(const struct world *w, const struct legend *lg, size_t cell)
{
    long id = class_of(w, lg->layer, cell);
    int i, others = -1;

    if (id == RAMP_CELL) {
        return -1;
    }
    for (i = 0; i < lg->n; i++) {
        if (lg->e[i].id == id) {
            return i;
        }
        if (lg->e[i].id == ID_OTHERS) {
            others = i;
        }
    }
    return lg->layer == LAYER_LANDMASS && id >= 0 ? others : -1;
}
