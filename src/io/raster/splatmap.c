/* splatmap: texture weight maps of a world's ground materials (see
 * splatmap.h). */
#include "config.h"
#include "io/raster/splatmap.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/biome/biome.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/planet/wfc.h"
#include "io/export.h"
#include "io/jsonw.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "io/raster/heightmap.h"
#include "io/raster/normalmap.h"
#include "render/mapimg.h"
#include "render/sample.h"

/* tan 25, tan 35, tan 45 degrees: scree from the first, rock from the
 * second, all rock at the third (splatmap.h). */
#define TAN25 0.46630765815499858
#define TAN35 0.70020753820970977
#define TAN45 1.0

static const char *const material_names[SPLAT_COUNT] = {
    "grass", "forest_floor", "rock", "scree", "snow", "sand", "mud", "dirt",
};

/* What each material stands for, for splat.json. */
static const char *const material_from[SPLAT_COUNT] = {
    "grassland, shrubland; a hybrid world's grass",
    "temperate and tropical forests, rain forests, taiga; hybrid forest density",
    "slopes steeper than 35 degrees (all rock at 45); scorched ground; a hybrid world's grey rock",
    "slopes of 25 to 35 degrees; bare ground",
    "snow and ice",
    "beach, temperate and subtropical desert, ocean floor",
    "river beds, lake beds, marsh, playa",
    "tundra; a hybrid world's dirt and highland ground",
};

const char *
splat_material_name(enum splat_material m)
{
    return (unsigned)m < SPLAT_COUNT ? material_names[m] : "?";
}

enum splat_material
splat_ground(const struct splat_point *p)
{
    if (p->water == WATER_OCEAN) {
        return SPLAT_SAND;
    }
    if (p->water == WATER_LAKE || p->river) {
        return SPLAT_MUD;
    }
    switch ((enum biome)p->biome) {
    case BIOME_OCEAN:
    case BIOME_BEACH:
    case BIOME_TEMPERATE_DESERT:
    case BIOME_SUBTROPICAL_DESERT:
        return SPLAT_SAND;
    case BIOME_LAKE:
    case BIOME_MARSH:
    case BIOME_PLAYA:
        return SPLAT_MUD;
    case BIOME_SNOW:
        return SPLAT_SNOW;
    case BIOME_TUNDRA:
        return SPLAT_DIRT;
    case BIOME_BARE:
        return SPLAT_SCREE;
    case BIOME_SCORCHED:
        return SPLAT_ROCK;
    case BIOME_TAIGA:
    case BIOME_TEMPERATE_DECIDUOUS_FOREST:
    case BIOME_TEMPERATE_RAIN_FOREST:
    case BIOME_TROPICAL_SEASONAL_FOREST:
    case BIOME_TROPICAL_RAIN_FOREST:
        return SPLAT_FOREST_FLOOR;
    case BIOME_GRASSLAND:
    case BIOME_SHRUBLAND:
    case BIOME_COUNT:
        break;
    }
    return SPLAT_GRASS;
}

/* 0 at or below a, 1 at or above b, linear between. */
static double
ramp(double s, double a, double b)
{
    return s <= a ? 0.0 : s >= b ? 1.0 : (s - a) / (b - a);
}

void
splat_weights(const struct splat_point *p, uint8_t out[SPLAT_COUNT])
{
    double wt[SPLAT_COUNT] = { 0 }, frac[SPLAT_COUNT];
    double rock = ramp(p->slope, TAN35, TAN45);
    double scree = ramp(p->slope, TAN25, TAN35) * (1.0 - rock);
    double rest = 1.0 - rock - scree, f = p->forest;
    enum splat_material g = splat_ground(p);
    int i, sum = 0;

    if (g == SPLAT_GRASS && f > 0.0) {
        f = f > 1.0 ? 1.0 : f;
        wt[SPLAT_FOREST_FLOOR] += rest * f;
        rest *= 1.0 - f;
    }
    wt[g] += rest;
    wt[SPLAT_ROCK] += rock;
    wt[SPLAT_SCREE] += scree;
    /* largest remainder: floors first, then one each to the largest
       fractions (ties to the lower id) until the sum is 255 */
    for (i = 0; i < SPLAT_COUNT; i++) {
        double v = wt[i] * 255.0;
        int q = (int)v;
        q = q < 0 ? 0 : q > 255 ? 255 : q;
        out[i] = (uint8_t)q;
        frac[i] = v - q;
        sum += q;
    }
    while (sum < 255) {
        int best = 0;
        for (i = 1; i < SPLAT_COUNT; i++) {
            if (frac[i] > frac[best]) {
                best = i;
            }
        }
        out[best]++;
        frac[best] = -1.0;
        sum++;
    }
}

/* The rows of one image: three rows of heights around the current one
 * (kept in a ring, sampled once each), the nearest cells of the current
 * row. */
struct splat_rows {
    const struct world *w;
    struct sampler s;
    int width, height, image;
    double sx, sy;               /* sample spacing in elevation units */
    float *h[3];
    int32_t *cell[3];
    int held[3];                 /* the row in each ring slot, -1: none */
    /* rivers: the map's own river lines (render/mapimg.h), painted on
     * land (MC_LOW) a band of RIVER_BAND rows at a time, as the bundle's
     * rivers.png */
    int has_rivers;
    struct mapimg_rivers rivers;
    uint8_t *band;
    int band_y0;
};
#define RIVER_BAND 64

static int
ring_row(struct splat_rows *r, int y)
{
    int k = y % 3;
    if (r->held[k] != y) {
        sample_row(&r->s, y, 0, r->width, r->h[k], r->cell[k]);
        r->held[k] = y;
    }
    return k;
}

/* A hybrid world's cell kinds (core/hybrid/gen_hybrid.h) as the biomes
 * whose materials they are; trees come in through the forest density. */
static int
hybrid_biome(enum hybrid_kind k)
{
    switch (k) {
    case HYBRID_KIND_MOUNTAIN:
    case HYBRID_KIND_DIRT: return BIOME_TUNDRA;
    case HYBRID_KIND_SNOW: return BIOME_SNOW;
    case HYBRID_KIND_ROCK: return BIOME_SCORCHED;
    case HYBRID_KIND_WATER: return BIOME_LAKE;
    case HYBRID_KIND_GRASS:
    case HYBRID_KIND_TREE: break;
    }
    return BIOME_GRASSLAND;
}

/* A planet's biome (the names of core/planet/wfc.h's wfc_planet_rules) as
 * the Whittaker biome whose material it is: open and shallow sea the sea
 * floor's sand, sea ice and ice snow, coast beach sand, desert subtropical
 * desert, savanna shrubland (grass), forests and taiga forest floor. */
static int
planet_biome(int id)
{
    static const struct { const char *name; int biome; } map[] = {
        { "ocean", BIOME_OCEAN }, { "shallows", BIOME_OCEAN }, { "sea_ice", BIOME_SNOW },
        { "ice", BIOME_SNOW }, { "tundra", BIOME_TUNDRA }, { "taiga", BIOME_TAIGA },
        { "grassland", BIOME_GRASSLAND }, { "forest", BIOME_TEMPERATE_DECIDUOUS_FOREST },
        { "rainforest", BIOME_TROPICAL_RAIN_FOREST }, { "savanna", BIOME_SHRUBLAND },
        { "desert", BIOME_SUBTROPICAL_DESERT }, { "coast", BIOME_BEACH },
    };
    const struct wfc_rules *rules = wfc_planet_rules();
    size_t i;
    if (id < 0 || id >= rules->nbiomes) {
        return BIOME_GRASSLAND;
    }
    for (i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (strcmp(rules->biome[id].name, map[i].name) == 0) {
            return map[i].biome;
        }
    }
    return BIOME_GRASSLAND;
}

/* The river classes of the band holding row y (MC_RIVER on a river). */
static enum og_status
river_band(struct splat_rows *r, int y, const uint8_t **cls, struct og_error *err)
{
    int y0 = y - y % RIVER_BAND, y1 = y0 + RIVER_BAND;
    enum og_status st = OG_OK;

    if (r->band_y0 != y0) {
        y1 = y1 > r->height ? r->height : y1;
        memset(r->band, MC_LOW, (size_t)r->width * RIVER_BAND);
        r->band_y0 = y0;
        st = mapimg_rivers_band(&r->rivers, y0, y1, NULL, r->band, err);
    }
    *cls = r->band + (size_t)(y - y0) * (size_t)r->width;
    return st;
}

/* The weights' inputs at pixel x of row y (slot c of the ring; n and s
 * the slots of the rows north and south, clamped at the edges; river the
 * row's river classes or NULL). */
static void
point_at(const struct splat_rows *r, int c, int n, int s, int dy, int x, const uint8_t *river,
         struct splat_point *p)
{
    const struct world *w = r->w;
    int xw = x > 0 ? x - 1 : x, xe = x < r->width - 1 ? x + 1 : x;
    double gx = xe > xw ? ((double)r->h[c][xe] - r->h[c][xw]) / ((xe - xw) * r->sx) : 0.0;
    double gy = dy > 0 ? ((double)r->h[n][x] - r->h[s][x]) / (dy * r->sy) : 0.0;
    int32_t cell = r->cell[c][x] < 0 ? 0 : r->cell[c][x];

    memset(p, 0, sizeof *p);
    p->biome = w->kind == WORLD_SPHERE ? planet_biome(w->biome[cell])
               : w->biome != NULL      ? w->biome[cell]
                                       : hybrid_biome(gen_hybrid_cell_kind(w, cell));
    p->water = w->water != NULL ? w->water[cell] : WATER_LAND;
    if (p->water == WATER_LAND && w->kind == WORLD_GRID && w->lake != NULL &&
        w->lake[cell] == LAKE_WATER) {
        p->water = WATER_LAKE;
    }
    p->river = river != NULL && river[x] == MC_RIVER;
    if (w->kind == WORLD_SPHERE && w->river_width != NULL && w->nhydro == w->ncells) {
        /* a planet's rivers run on its cells (core/planet/planet_rivers.h) */
        p->river = w->river_width[cell] > 0.0f && p->water == WATER_LAND;
    }
    p->forest = w->forest != NULL ? w->forest[cell] : -1.0;
    /* a planet's pixels are tens of kilometres wide and its heights in
       model units: no slope between them is a talus, the ground alone */
    p->slope = w->kind == WORLD_SPHERE ? 0.0 : det_hypot(gx, gy);
}

static enum og_status
splat_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct splat_rows *r = arg;
    int yn = y > 0 ? y - 1 : y, ys = y < r->height - 1 ? y + 1 : y, x, k;
    int n = ring_row(r, yn), s = ring_row(r, ys), c = ring_row(r, y);
    struct splat_point p;
    uint8_t wt[SPLAT_COUNT];
    const uint8_t *river = NULL;

    if (r->has_rivers && river_band(r, y, &river, err) != OG_OK) {
        return err->code;
    }
    for (x = 0; x < r->width; x++) {
        point_at(r, c, n, s, ys - yn, x, river, &p);
        splat_weights(&p, wt);
        for (k = 0; k < 4; k++) {
            int m = 4 * r->image + k;
            row[4 * x + k] = m < SPLAT_COUNT ? wt[m] : 0;
        }
    }
    return OG_OK;
}

/* splat.json: images, channels, Terrain3D's material_ids, the method. */
static enum og_status
write_mapping(int width, int height, const char *dir, struct og_error *err)
{
    static const char rgba[] = "rgba";
    char path[PATH_MAX + 32];
    struct jsonw j = { 0 };
    enum og_status st;
    int i;

    jsonw_printf(&j, "{\n  \"orogen_version\": \"%s\",\n  \"width\": %d, \"height\": %d,\n",
                 PACKAGE_VERSION, width, height);
    jsonw_printf(&j, "  \"registration\": \"pixel (x, y) samples the grid node (x / (width - 1), "
                     "y / (height - 1)) of the world's domain, row 0 north, as --heightmap "
                     "(doc/grid.md)\",\n");
    jsonw_printf(&j, "  \"weights\": \"RGBA8; the %d channels of a pixel sum to 255\",\n",
                 4 * SPLAT_IMAGES);
    jsonw_printf(&j, "  \"images\": [");
    for (i = 0; i < SPLAT_IMAGES; i++) {
        jsonw_printf(&j, "%s\"splat_%d.png\"", i ? ", " : "", i);
    }
    jsonw_printf(&j, "],\n  \"materials\": [");
    for (i = 0; i < SPLAT_COUNT; i++) {
        jsonw_printf(&j, "%s\n    {\"id\": %d, \"name\": \"%s\", \"image\": \"splat_%d.png\", "
                         "\"channel\": \"%c\", \"from\": ",
                     i ? "," : "", i, material_names[i], i / 4, rgba[i % 4]);
        jsonw_string(&j, material_from[i]);
        jsonw_printf(&j, "}");
    }
    jsonw_printf(&j, "\n  ],\n  \"terrain3d\": {\"splat_map_paths\": [");
    for (i = 0; i < SPLAT_IMAGES; i++) {
        jsonw_printf(&j, "%s\"splat_%d.png\"", i ? ", " : "", i);
    }
    jsonw_printf(&j, "], \"material_ids\": [");
    for (i = 0; i < 4 * SPLAT_IMAGES; i++) {
        jsonw_printf(&j, "%s%d", i ? ", " : "", i < SPLAT_COUNT ? i : -1);
    }
    jsonw_printf(&j, "]},\n  \"slope_degrees\": {\"scree_from\": 25, \"rock_from\": 35, "
                     "\"rock_full\": 45}\n}\n");
    if (j.failed) {
        free(j.s);
        return og_error_set(err, OG_ENOMEM, "out of memory for splat.json");
    }
    snprintf(path, sizeof path, "%s/splat.json", dir);
    st = outfile_write(path, j.s, j.len, err);
    free(j.s);
    return st;
}

static void
rows_free(struct splat_rows *r)
{
    int k;
    for (k = 0; k < 3; k++) {
        free(r->h[k]);
        free(r->cell[k]);
    }
    if (r->has_rivers) {
        mapimg_rivers_free(&r->rivers);
    }
    free(r->band);
}

enum og_status
export_splat(const struct world *w, int width, int height, const struct georef *g,
             const char *dir, struct og_error *err)
{
    struct height_scale sc;
    struct raster_window win;
    struct splat_rows r;
    struct sampler smp;
    struct pngio_text *text = NULL;
    size_t ntext = 0;
    void *block = NULL;
    char path[PATH_MAX + 32];
    enum og_status st;
    int k;

    if (width < 1 || height < 1 || width > HEIGHTMAP_MAX_SIDE || height > HEIGHTMAP_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "splat map size %dx%d outside 1..%d per side", width,
                            height, HEIGHTMAP_MAX_SIDE);
    }
    if ((w->biome == NULL && w->gen != GEN_HYBRID) || w->elevation == NULL) {
        return og_error_set(err, OG_EINVAL, "--splat: the world has no biomes");
    }
    memset(&r, 0, sizeof r);
    /* one sampler for both images: the river channels built once */
    if ((st = sample_init(&smp, w, width, height, err)) != OG_OK) {
        return st;
    }
    if ((st = heightmap_scale(w, &smp, NULL, &sc, err)) != OG_OK) {
        sample_free(&smp);
        return st;
    }
    r.w = w;
    r.width = width;
    r.height = height;
    normalmap_spacing(w, &sc, width, height, &r.sx, &r.sy);
    for (k = 0; k < 3; k++) {
        r.h[k] = malloc((size_t)width * sizeof *r.h[k]);
        r.cell[k] = malloc((size_t)width * sizeof *r.cell[k]);
        if (r.h[k] == NULL || r.cell[k] == NULL) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for a splat map row");
        }
    }
    if (st == OG_OK && w->flow != NULL && w->river_width != NULL) {
        struct map_view full;  /* pixel centres on the samples */
        sample_view(w, width, height, &full);
        r.band = malloc((size_t)width * RIVER_BAND);
        st = r.band == NULL ? og_error_set(err, OG_ENOMEM, "out of memory for a splat map row")
                            : mapimg_rivers_prepare(w, LAYER_RIVERS, &full, width, height,
                                                    &r.rivers, err);
        r.has_rivers = 1;
    }
    if (st == OG_OK) {
        st = export_recipe(w, NULL, &text, &ntext, &block, err);
    }
    raster_window_full(&win, width, height);
    for (k = 0; k < SPLAT_IMAGES && st == OG_OK; k++) {
        r.image = k;
        r.held[0] = r.held[1] = r.held[2] = -1;
        r.band_y0 = -1;
        sample_share(&r.s, &smp, 1);
        snprintf(path, sizeof path, "%s/splat_%d.png", dir, k);
        st = pngio_write_rows(path, width, height, 8, 4, splat_row, &r, text, ntext, 6, err);
        if (st == OG_OK) {
            st = georef_write(g, &win, r.s.ax, path, err);
        }
        sample_free(&r.s);
    }
    if (st == OG_OK) {
        st = write_mapping(width, height, dir, err);
    }
    rows_free(&r);
    sample_free(&smp);
    free(block);
    return st;
}
