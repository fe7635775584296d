/* bundle_layers: the classified and scalar layer rasters of a bundle
 * (biome ids, moisture, flow, rivers, lakes, forest, trees, landmass; the
 * landscape evolution's wear and deposition, the slope of grids, a DEM's
 * voids),
 * each a grey PNG streamed row by row with its manifest entry (see
 * bundle.h). */
#include "config.h"
#include "core/base/detmath.h"
#include "io/bundle_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/geom/mesh.h"
#include "core/planet/wfc.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "render/mapimg.h"
#include "render/sample.h"

enum layer_kind {
    L_BIOME, L_MOISTURE, L_FLOW, L_RIVERS, L_LAKES, L_FOREST, L_TREES, L_LANDMASS,
    L_WEAR, L_DEPOSITION, L_SLOPE, L_CURVATURE, L_VOID
};

static const struct {
    const char *file;
    int depth;
    const char *units, *meaning;
    double lo, hi;   /* value range of the samples 0 .. 2^depth - 1 */
} layers[] = {
    [L_BIOME] = { "biome.png", 8, "id", "biome id (biome_legend.json)", 0, 255 },
    [L_MOISTURE] = { "moisture.png", 16, "fraction", "moisture 0..1", 0, 1 },
    [L_FLOW] = { "flow.png", 16, "log1p(flow) / log1p(max)",
                 "accumulated flow, log scale: flow = expm1(v * log1p(max_flow))", 0, 1 },
    [L_RIVERS] = { "rivers.png", 8, "mask",
                   "255 where the map's river lines cover at least half the pixel, else 0",
                   0, 1 },
    [L_LAKES] = { "lakes.png", 8, "mask", "255 in lakes", 0, 1 },
    [L_FOREST] = { "forest.png", 8, "fraction", "forest density 0..1", 0, 1 },
    [L_TREES] = { "trees.png", 8, "mask", "255 where a tree stands", 0, 1 },
    [L_LANDMASS] = { "landmass.png", 16, "id", "landmass id + 1, 0 for sea", 0, 65535 },
    /* range [0, max]: value = v / 65535 * max */
    [L_WEAR] = { "wear.png", 16, "m", "total erosion of the landscape evolution (doc/lem.md)",
                 0, 1 },
    [L_DEPOSITION] = { "deposition.png", 16, "m",
                       "total deposition of the landscape evolution (doc/lem.md)", 0, 1 },
    [L_SLOPE] = { "slope.png", 16, "m/m", "steepest slope of the cell (central differences)", 0,
                  1 },
    /* range [-max, max]: value = (2 v / 65535 - 1) max */
    [L_CURVATURE] = { "curvature.png", 16, "1/m",
                      "Laplacian of the heights (central second differences): positive in "
                      "hollows and valleys, negative on ridges and peaks", -1, 1 },
    [L_VOID] = { "void.png", 8, "mask",
                 "255 where the DEM has no data (a void, filled from its rim for the hydrology; "
                 "65535 in height.png), else 0", 0, 1 },
};
#define NLAYERS (sizeof layers / sizeof layers[0])

/* The Laplacian of a grid's heights at cell c in 1/m: (z_e - 2 z + z_w) /
 * dx^2 + (z_n - 2 z + z_s) / dy^2, an axis's term 0 at the grid's edge
 * (the grids the slope layer has: a known cell size). */
static double
grid_curvature(const struct world *w, size_t c)
{
    size_t W = (size_t)w->width, H = (size_t)w->height, x = c % W, y = c / W;
    double unit = w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0;
    double cx = w->cell_size, cy = w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size;
    double z = w->elevation[c], k = 0.0;

    if (x > 0 && x + 1 < W) {
        k += ((double)w->elevation[c + 1] - 2.0 * z + (double)w->elevation[c - 1]) * unit /
             (cx * cx);
    }
    if (y > 0 && y + 1 < H) {
        k += ((double)w->elevation[c + W] - 2.0 * z + (double)w->elevation[c - W]) * unit /
             (cy * cy);
    }
    return k;
}

static int
layer_available(const struct world *w, enum layer_kind k)
{
    switch (k) {
    case L_BIOME: return w->biome != NULL;
    case L_MOISTURE: return w->moisture != NULL;
    case L_FLOW: return w->flow != NULL;
    case L_RIVERS: return w->river_width != NULL;
    case L_LAKES: return w->water != NULL || w->lake != NULL;
    case L_FOREST: return w->forest != NULL;
    case L_TREES: return w->trees != NULL;
    case L_LANDMASS: return w->landmass != NULL;
    case L_WEAR: return w->wear != NULL;
    case L_DEPOSITION: return w->deposition != NULL;
    case L_SLOPE: return mapimg_layer_available(w, LAYER_SLOPE);
    case L_CURVATURE: return mapimg_layer_available(w, LAYER_SLOPE);
    case L_VOID: return w->kind == WORLD_GRID && w->nodata != NULL;
    }
    return 0;
}

struct layer_rows {
    const struct world *w;
    struct sampler s;
    enum layer_kind kind;
    const float *cell_flow, *cell_river;  /* per cell (meshes: max over its vertices) */
    double flow_log_max;
    double top;    /* wear, deposition, slope: the value of the top sample */
    float *elev;
    int32_t *cell;
    /* rivers: the map's own river lines (mapimg_rivers_band), a band of
     * RIVER_BAND rows of classes at a time */
    struct mapimg_rivers rivers;
    uint8_t *band_cls;
    int band_y0;
};
#define RIVER_BAND 64

/* Classes of the band holding row y, drawn by the map's river painter on
 * a background of land (MC_LOW), so that MC_RIVER marks the painted river
 * pixels exactly as the colour map shows them. */
static enum og_status
river_band_for(struct layer_rows *r, int y, struct og_error *err)
{
    int y0 = y - y % RIVER_BAND, y1 = y0 + RIVER_BAND;
    if (r->band_y0 == y0) {
        return OG_OK;
    }
    if (y1 > r->s.height) {
        y1 = r->s.height;
    }
    memset(r->band_cls, MC_LOW, (size_t)r->s.width * RIVER_BAND);
    r->band_y0 = y0;
    return mapimg_rivers_band(&r->rivers, y0, y1, NULL, r->band_cls, err);
}

static enum og_status
layer_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct layer_rows *r = arg;
    const struct world *w = r->w;
    int x, n = r->s.width;
    if (r->kind == L_RIVERS) {
        enum og_status st = river_band_for(r, y, err);
        const uint8_t *cls = r->band_cls + (size_t)(y - r->band_y0) * (size_t)n;
        if (st != OG_OK) {
            return st;
        }
        for (x = 0; x < n; x++) {
            row[x] = cls[x] == MC_RIVER ? 255 : 0;
        }
        return OG_OK;
    }
    sample_row(&r->s, y, 0, n, r->elev, r->cell);
    for (x = 0; x < n; x++) {
        int32_t c = r->cell[x];
        double v = 0.0;
        unsigned q;
        if (c < 0) {
            c = 0;
        }
        switch (r->kind) {
        case L_BIOME: v = w->biome[c]; break;
        case L_MOISTURE: v = w->moisture[c]; break;
        case L_FLOW:
            v = r->flow_log_max > 0.0 ? det_log1p(r->cell_flow[c]) / r->flow_log_max : 0.0;
            break;
        case L_RIVERS: break;  /* painted lines, above */
        case L_LAKES:
            v = (w->water != NULL && w->water[c] == WATER_LAKE) ||
                (w->kind == WORLD_GRID && w->lake != NULL && w->lake[c] == LAKE_WATER);
            break;
        case L_FOREST: v = w->forest[c]; break;
        case L_TREES: v = w->trees[c] != 0; break;
        case L_LANDMASS: v = w->landmass[c] + 1; break;
        case L_WEAR: v = r->top > 0.0 ? w->wear[c] / r->top : 0.0; break;
        case L_DEPOSITION: v = r->top > 0.0 ? w->deposition[c] / r->top : 0.0; break;
        case L_SLOPE: v = r->top > 0.0 ? mapimg_cell_slope(w, (size_t)c) / r->top : 0.0; break;
        case L_CURVATURE:
            v = r->top > 0.0 ? 0.5 + 0.5 * grid_curvature(w, (size_t)c) / r->top : 0.5;
            break;
        case L_VOID: v = w->nodata[c] != 0; break;
        }
        if (layers[r->kind].units[0] == 'i') {  /* ids as they are */
            q = v < 0 ? 0u : (unsigned)v;
        } else {
            double top = layers[r->kind].depth == 16 ? 65535.0 : 255.0;
            double t = v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v);
            q = (unsigned)lround(t * top);
        }
        if (layers[r->kind].depth == 16) {
            row[2 * x] = (uint8_t)(q >> 8);
            row[2 * x + 1] = (uint8_t)q;
        } else {
            row[x] = (uint8_t)(q > 255 ? 255 : q);
        }
    }
    return OG_OK;
}

/* Per-cell flow and river width: grids directly, meshes the largest of
 * the cell's Voronoi vertices. */
static enum og_status
cell_hydro(const struct world *w, float **flow, float **river, struct og_error *err)
{
    size_t c;
    *flow = *river = NULL;
    if (w->flow == NULL) {
        return OG_OK;
    }
    *flow = calloc(w->ncells, sizeof **flow);
    *river = calloc(w->ncells, sizeof **river);
    if (*flow == NULL || *river == NULL) {
        free(*flow);
        free(*river);
        *flow = *river = NULL;
        return og_error_set(err, OG_ENOMEM, "out of memory for the bundle's flow layer");
    }
    for (c = 0; c < w->ncells; c++) {
        if (w->kind == WORLD_GRID) {
            (*flow)[c] = w->flow[c];
            (*river)[c] = w->river_width != NULL ? w->river_width[c] : 0.0f;
        } else if (w->mesh != NULL) {
            int32_t tris[64];
            int k, n = mesh_cell_triangles(w->mesh, (int32_t)c, tris, 64);
            n = n > 64 ? 64 : n;
            for (k = 0; k < n; k++) {
                if (tris[k] >= 0 && (size_t)tris[k] < w->nhydro) {
                    float f = w->flow[tris[k]], rw = w->river_width ? w->river_width[tris[k]] : 0;
                    (*flow)[c] = f > (*flow)[c] ? f : (*flow)[c];
                    (*river)[c] = rw > (*river)[c] ? rw : (*river)[c];
                }
            }
        }
    }
    return OG_OK;
}

/* One manifest entry. */
void
bundle_entry(struct jsonw *j, int *first, const char *file, const char *format, int width, int height,
      const char *units, double lo, double hi, const char *meaning, int registered)
{
    jsonw_printf(j, "%s\n    {\"file\": ", *first ? "" : ",");
    *first = 0;
    jsonw_string(j, file);
    jsonw_printf(j, ", \"format\": \"%s\"", format);
    if (width > 0) {
        jsonw_printf(j, ", \"width\": %d, \"height\": %d", width, height);
    }
    if (units != NULL) {
        jsonw_printf(j, ", \"units\": ");
        jsonw_string(j, units);
        jsonw_printf(j, ", \"range\": [");
        jsonw_number(j, lo);
        jsonw_printf(j, ", ");
        jsonw_number(j, hi);
        jsonw_printf(j, "]");
    }
    jsonw_printf(j, ", \"registration\": \"%s\", \"meaning\": ",
                 registered ? "raster" : (width > 0 ? "none (a rendered picture)" : "none"));
    jsonw_string(j, meaning);
    jsonw_printf(j, "}");
}

static enum og_status
write_legend(const struct world *w, const char *path, struct og_error *err)
{
    struct jsonw j = { 0 };
    int id, first = 1, n = w->gen == GEN_PLANET ? wfc_planet_rules()->nbiomes : BIOME_COUNT;
    enum og_status st;
    jsonw_printf(&j, "{\"biomes\": [");
    for (id = 0; id < n; id++) {
        const char *name;
        uint32_t col;
        if (w->gen == GEN_PLANET) {
            name = wfc_planet_rules()->biome[id].name;
            col = wfc_planet_rules()->biome[id].color;
        } else {
            name = biome_name((enum biome)id);
            col = biome_color((enum biome)id);
        }
        jsonw_printf(&j, "%s\n  {\"id\": %d, \"name\": ", first ? "" : ",", id);
        first = 0;
        jsonw_string(&j, name);
        jsonw_printf(&j, ", \"color\": \"#%06x\"}", (unsigned)col);
    }
    jsonw_printf(&j, "\n]}\n");
    if (j.failed) {
        free(j.s);
        return og_error_set(err, OG_ENOMEM, "out of memory for the biome legend");
    }
    st = outfile_write(path, j.s, j.len, err);
    free(j.s);
    return st;
}

enum og_status
bundle_write_layers(const struct world *w, const struct sampler *smp, const struct georef *g,
                    const char *tmp, const struct pngio_text *text, size_t ntext,
                    struct jsonw *man, int *first, struct og_error *err)
{
    int width = smp->width, height = smp->height;
    char path[PATH_MAX + 32];
    float *cflow = NULL, *criver = NULL;
    struct raster_window win;
    enum og_status st;
    unsigned k;
    size_t i;

    raster_window_full(&win, width, height);
    st = cell_hydro(w, &cflow, &criver, err);
    for (k = 0; k < NLAYERS && st == OG_OK; k++) {
        struct layer_rows r;
        double lo = layers[k].lo, hi = layers[k].hi;
        if (!layer_available(w, (enum layer_kind)k) ||
            ((k == L_FLOW || k == L_RIVERS) && cflow == NULL)) {
            continue;
        }
        memset(&r, 0, sizeof r);
        r.w = w;
        r.kind = (enum layer_kind)k;
        r.cell_flow = cflow;
        r.cell_river = criver;
        if (k == L_FLOW) {
            float fmax = 0.0f;
            for (i = 0; i < w->ncells; i++) {
                fmax = cflow[i] > fmax ? cflow[i] : fmax;
            }
            r.flow_log_max = det_log1p(fmax);
            hi = fmax;
        }
        if (k == L_WEAR || k == L_DEPOSITION || k == L_SLOPE) {
            for (i = 0; i < w->ncells; i++) {
                double v = k == L_WEAR ? w->wear[i]
                           : k == L_DEPOSITION ? w->deposition[i] : mapimg_cell_slope(w, i);
                r.top = v > r.top ? v : r.top;
            }
            hi = r.top;
        }
        if (k == L_CURVATURE) {  /* symmetric about 0: the largest |curvature| */
            for (i = 0; i < w->ncells; i++) {
                double v = fabs(grid_curvature(w, i));
                r.top = v > r.top ? v : r.top;
            }
            lo = -r.top;
            hi = r.top;
        }
        /* the cells under the samples: the plain surface's, no channels */
        sample_share(&r.s, smp, 0);
        st = OG_OK;
        r.elev = malloc((size_t)width * sizeof *r.elev);
        r.cell = malloc((size_t)width * sizeof *r.cell);
        snprintf(path, sizeof path, "%s/%s", tmp, layers[k].file);
        r.band_y0 = -1;
        if (st == OG_OK && k == L_RIVERS) {
            struct map_view full;  /* pixel centres on the samples */
            sample_view(w, width, height, &full);
            r.band_cls = malloc((size_t)width * RIVER_BAND);
            st = r.band_cls == NULL
                     ? og_error_set(err, OG_ENOMEM, "out of memory for a bundle row")
                     : mapimg_rivers_prepare(w, LAYER_RIVERS, &full, width, height, &r.rivers,
                                             err);
        }
        if (st != OG_OK) {
            /* reported below, after the rows are freed */
        } else if (r.elev == NULL || r.cell == NULL) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for a bundle row");
        } else {
            st = pngio_write_rows(path, width, height, layers[k].depth, 1, layer_row, &r, text,
                                  ntext, 6, err);
        }
        if (st == OG_OK) {
            st = georef_write(g, &win, r.s.ax, path, err);
        }
        sample_free(&r.s);
        free(r.elev);
        free(r.cell);
        if (k == L_RIVERS) {
            mapimg_rivers_free(&r.rivers);
            free(r.band_cls);
        }
        if (st != OG_OK) {
            break;
        }
        bundle_entry(man, first, layers[k].file, layers[k].depth == 16 ? "png16 grey" : "png8 grey",
              width, height, layers[k].units, lo, hi, layers[k].meaning, 1);
        if (k == L_BIOME) {
            snprintf(path, sizeof path, "%s/biome_legend.json", tmp);
            st = write_legend(w, path, err);
            if (st != OG_OK) {
                break;
            }
            bundle_entry(man, first, "biome_legend.json", "json", 0, 0, NULL, 0, 0,
                  "biome ids of biome.png: name and colour", 0);
        }
    }
    free(cflow);
    free(criver);
    return st;
}
