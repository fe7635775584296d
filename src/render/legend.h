/* legend: what the colours of a map layer mean, per generator (no curses).
 *
 * A legend is a list of classes (a name, the colour the layer gives it, the
 * glyph of its terrain class, and its share of the world's cells) and, for
 * continuous layers, a colour ramp with the values at its ends. The classes
 * are the ones the layer draws, read from the same fields and colour rules
 * as render/mapimg.c:
 *   color      island, dem: the Whittaker biomes (core/biome/biome.h; the map
 *              blends neighbouring biome colours, the swatch is the class
 *              colour); hybrid: the colour rules' kinds (grass, mountain,
 *              tree, snow, dirt, rock; swatch: their mean colour); planet:
 *              the wave-function-collapse biomes (core/planet/wfc.h)
 *   elevation  hypsometric ramp, deepest point .. coast .. highest point
 *   moisture   water, and a dry .. wet ramp (0..1)
 *   rivers     water, and the flow ramp on a log scale (0 .. largest flow,
 *              in upstream cells); river lines are drawn over it
 *   lakes      ocean, lake, land (grey, lighter with height)
 *   roughness  ramp 0 .. the largest roughness (square-root scale)
 *   forest     ramp 0 .. 1 forest density
 *   mask       mountain mask: mountain, not mountain
 *   landmass   ocean and the largest landmasses by size ("landmass 1 (id
 *              8)": numbered by rank, 1 the largest), the rest as one entry
 *              last
 *   elevation, colour, lakes: lakes (flat: their surface height) are an
 *              entry of the elevation layer; river lines over the colour
 *              and lakes layers are `lines`
 * Shares are fractions of all cells (0..1), so they sum to 1 over the
 * classes and the ramp's cells (ramp_share). */
#ifndef OROGEN_RENDER_LEGEND_H
#define OROGEN_RENDER_LEGEND_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/mapimg.h"

#define LEGEND_MAX 24
#define LEGEND_RAMP 16

struct legend_entry {
    char name[40];
    uint32_t rgb;       /* the swatch, 0xRRGGBB */
    int exact;          /* 1: every cell of the class has exactly this colour */
    char glyph;         /* the glyph map's character for most of its cells */
    double share;       /* fraction of all cells */
    long id;            /* the class id (biome, kind, landmass ...), -1 for "others" */
};

struct legend {
    enum map_layer layer;
    char title[64];     /* "biomes (Whittaker)", "flow, log scale" ... */
    int n;
    struct legend_entry e[LEGEND_MAX];
    /* continuous layers: ramp colours from lo to hi, value labels */
    int nramp;          /* 0: no ramp */
    uint32_t ramp[LEGEND_RAMP];
    double lo, hi;      /* the values at the ends (units below) */
    char lo_label[48], hi_label[48], unit[16];
    int log_scale;      /* the ramp is linear in log1p(value) */
    double ramp_share;  /* fraction of cells coloured by the ramp */
    char note[80];      /* one line more ("river lines drawn over") or "" */
    /* lines drawn over the classes (rivers, hybrid streams): their name
     * ("" none), colour and share of the river network's nodes */
    char lines[40];
    uint32_t lines_rgb;
    double lines_share;
};

/* Metres per elevation unit of w as shown to a user: the world's scale
 * (elev_unit_m: a dem, hybrid, an island with island.extent), else an
 * island's island.vertical_scale (its vertical scale is known even when its
 * horizontal one is not); 0 when unknown (planets). */
double legend_vertical_scale(const struct world *w);

/* Build the legend of layer for world w. Errors: OG_EINVAL when the world
 * lacks the layer. */
enum og_status legend_build(const struct world *w, enum map_layer layer, struct legend *lg,
                            struct og_error *err);

/* The entry of lg that cell belongs to, or -1 when the ramp colours it
 * (or, for landmass, when it is one of the "others" not listed: then the
 * "others" entry). */
int legend_cell_entry(const struct world *w, const struct legend *lg, size_t cell);

#endif
