#include "config.h"
#include "core/dem/dem.h"
#include "core/biome/dem_climate.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/biome/biome.h"
#include "core/dem/dem_flatwater.h"
#include "core/dem/dem_void.h"
#include "core/dem/dem_weathering.h"
#include "core/hydro/hydro.h"
#include "core/hydro/moisture.h"

static const char *const enc_names[] = { "auto", "gray", "terrain-rgb", "terrarium" };

enum og_status
dem_resolve_encoding(const struct dem_raster *r, enum dem_encoding asked, enum dem_encoding *out,
                     struct og_error *err)
{
    size_t i, n = (size_t)r->width * (size_t)r->height;
    int rmin = 65535, rmax = 0;

    if (r->channels < 1 || r->channels > 4 || (r->samples == NULL && r->heights == NULL) ||
        n == 0) {
        return og_error_set(err, OG_EFORMAT, "%s: empty or malformed raster", r->source);
    }
    if (r->heights != NULL) {  /* float metres (GDAL): no colour encoding */
        if (asked != DEM_AUTO && asked != DEM_GRAY) {
            return og_error_set(err, OG_EINVAL, "%s: encoding %s needs an RGB PNG, this "
                                "raster holds heights", r->source, enc_names[asked]);
        }
        *out = DEM_GRAY;
        return OG_OK;
    }
    if (asked == DEM_GRAY) {
        *out = DEM_GRAY;
        return OG_OK;
    }
    if (asked != DEM_AUTO && r->channels < 3) {
        return og_error_set(err, OG_EINVAL,
                            "%s: encoding %s needs an RGB image, this one is greyscale",
                            r->source, enc_names[asked]);
    }
    if (asked != DEM_AUTO && r->bit_depth != 8) {
        return og_error_set(err, OG_EINVAL, "%s: encoding %s needs 8-bit samples, this one has %d",
                            r->source, enc_names[asked], r->bit_depth);
    }
    if (asked != DEM_AUTO) {
        *out = asked;
        return OG_OK;
    }
    if (r->channels < 3) {
        *out = DEM_GRAY;
        return OG_OK;
    }
    if (r->bit_depth != 8) {
        return og_error_set(err, OG_EFORMAT,
                            "%s: 16-bit RGB is no known elevation encoding (use a grey PNG)",
                            r->source);
    }
    int grey = 1;
    for (i = 0; i < n; i++) {
        const uint16_t *s = r->samples + i * (size_t)r->channels;
        rmin = s[0] < rmin ? s[0] : rmin;
        rmax = s[0] > rmax ? s[0] : rmax;
        grey &= s[0] == s[1] && s[1] == s[2];
    }
    if (grey) {  /* an RGB (or palette) image of greys */
        *out = DEM_GRAY;
    } else if (rmax < 16) {
        *out = DEM_TERRAIN_RGB;
    } else if (rmin >= 64) {
        *out = DEM_TERRARIUM;
    } else {
        return og_error_set(err, OG_EFORMAT,
                            "%s: cannot tell terrain-rgb from terrarium (red %d..%d); "
                            "set dem.encoding", r->source, rmin, rmax);
    }
    return OG_OK;
}

enum og_status
dem_decode(const struct dem_raster *r, enum dem_encoding enc, double vscale, float *heights,
           struct og_error *err)
{
    size_t i, n = (size_t)r->width * (size_t)r->height, c = (size_t)r->channels;
    enum og_status st = dem_resolve_encoding(r, enc, &enc, err);

    if (st != OG_OK) {
        return st;
    }
    if (r->heights != NULL) {
        for (i = 0; i < n; i++) {
            heights[i] = (float)((double)r->heights[i] * vscale);
        }
        return OG_OK;
    }
    for (i = 0; i < n; i++) {
        const uint16_t *s = r->samples + i * c;
        double h;
        switch (enc) {
        case DEM_TERRAIN_RGB:
            h = -10000.0 + ((double)s[0] * 65536.0 + (double)s[1] * 256.0 + (double)s[2]) * 0.1;
            break;
        case DEM_TERRARIUM:
            h = (double)s[0] * 256.0 + (double)s[1] + (double)s[2] / 256.0 - 32768.0;
            break;
        default:
            h = r->height_scaled ? r->height_offset + (double)s[0] * r->height_step
                                 : (double)s[0] * vscale;
            break;
        }
        heights[i] = (float)h;
    }
    return OG_OK;
}

void
dem_raster_fini(struct dem_raster *r)
{
    if (r != NULL) {
        free(r->samples);
        free(r->heights);
        free(r->nodata);
        r->samples = NULL;
        r->heights = NULL;
        r->nodata = NULL;
    }
}

/* The decoded raster's voids: w->nodata (NULL when none), filled from
 * their rims (core/dem/dem_void.h); the count is dem.voids. */
static enum og_status
decode_voids(struct world *w, const struct dem_raster *r, enum dem_encoding enc,
             struct og_error *err)
{
    size_t nvoid;
    enum og_status st = world_alloc((void **)&w->nodata, w->ncells, 1, "void mask", err);

    if (st != OG_OK) {
        return st;
    }
    nvoid = dem_void_mask(r, enc, w->nodata);
    world_stat_int(w, "dem.voids", (long long)nvoid);
    if (nvoid == 0) {
        free(w->nodata);
        w->nodata = NULL;
        return OG_OK;
    }
    return dem_void_fill(w->elevation, w->nodata, w->width, w->height, err);
}

/* Stage "decode": samples to metres on a grid. */
static enum og_status
stage_decode(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct dem_raster *r = ctx->dem;
    enum dem_encoding enc;
    enum og_status st;

    if (r == NULL) {
        return og_error_set(err, OG_EINVAL, "no elevation model loaded (use --dem FILE)");
    }
    st = dem_resolve_encoding(r, (enum dem_encoding)params_int(ctx->params, P_DEM_ENCODING), &enc,
                              err);
    if (st != OG_OK) {
        return st;
    }
    w->width = r->width;
    w->height = r->height;
    w->ncells = (size_t)r->width * (size_t)r->height;
    /* Recipes name the file by its identity, never by a path. */
    snprintf(w->source, sizeof w->source, "%s", r->identity[0] != '\0' ? r->identity : r->source);
    st = world_alloc((void **)&w->elevation, w->ncells, sizeof(float), "elevation", err);
    if (st != OG_OK) {
        return st;
    }
    st = dem_decode(r, enc, params_get(ctx->params, P_DEM_VSCALE), w->elevation, err);
    if (st != OG_OK) {
        return st;
    }
    world_stat_text(w, "dem.encoding", r->heights != NULL ? "float" : enc_names[enc]);
    if ((st = decode_voids(w, r, enc, err)) != OG_OK) {
        return st;
    }
    if (ctx->dem_release == r) { /* the pixels are in w now (run_ctx) */
        dem_raster_fini(ctx->dem_release);
    }
    w->elev_unit_m = 1.0;
    if (r->cell_m[0] > 0.0 && r->cell_m[1] > 0.0) {
        w->cell_size = r->cell_m[0];
        w->cell_size_y = r->cell_m[1];
    } else if (params_get(ctx->params, P_DEM_CELL_SIZE) > 0.0) {
        w->cell_size = params_get(ctx->params, P_DEM_CELL_SIZE);
    }
    {
        /* The climate's latitude (core/biome/dem_climate.h): from the parameter,
           else the identity's file name, which the recipe keeps, so a
           recipe derives the same latitude on every run. */
        const char *from;
        w->latitude = dem_climate_latitude(params_get(ctx->params, P_DEM_LATITUDE),
                                           r->has_georef_lat ? r->georef_lat : NAN, w->source,
                                           &from);
        world_stat_real(w, "dem.latitude", w->latitude);
        world_stat_text(w, "dem.latitude_from", from);
    }
    world_update_extent(w);
    return OG_OK;
}

/* Stage "sea": h <= sea level is ocean. */
static enum og_status
stage_sea(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    size_t i;
    enum og_status st = world_alloc((void **)&w->water, w->ncells, 1, "water mask", err);
    if (st != OG_OK) {
        return st;
    }
    w->sea_level = (float)params_get(ctx->params, P_DEM_SEA_LEVEL);
    for (i = 0; i < w->ncells; i++) {
        w->water[i] = w->elevation[i] <= w->sea_level ? WATER_OCEAN : WATER_LAND;
    }
    /* the base of the mass elevation effect (core/biome/dem_climate.h) */
    if (dem_climate_base(w->elevation, w->ncells, w->sea_level, &w->climate_base_m) != 0) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the climate's base height");
    }
    world_stat_real(w, "dem.climate_base_m", w->climate_base_m);
    return OG_OK;
}

/* Stage "flat water": exact flats that are lakes as SRTM and Copernicus
 * store them (core/dem/dem_flatwater.h) become lake cells after the
 * hydrology, with no river drawn across them; the flow still crosses them
 * to their outflow. */
static enum og_status
stage_flatwater(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct dem_flatwater_stats fs;
    double area_km2 = params_get(ctx->params, P_DEM_FLAT_WATER_AREA);
    double cell_km2 = w->cell_size * (w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size) * 1e-6;
    size_t min_cells = 0, i, n;
    uint8_t *flat = NULL;
    enum og_status st;

    if (area_km2 > 0.0) {
        double c = cell_km2 > 0.0 ? area_km2 / cell_km2 : 0.0;
        min_cells = c > 9.0 ? (c < 1e15 ? (size_t)c + (c > (double)(size_t)c) : (size_t)1e15) : 9;
    }
    st = grid_malloc((void **)&flat, w->ncells, 1, "flat water", err);
    if (st == OG_OK) {
        st = dem_flatwater_find(w->elevation, w->nodata, w->width, w->height, w->sea_level,
                                min_cells, flat, &fs, err);
    }
    if (st != OG_OK) {
        free(flat);
        return st;
    }
    for (i = 0; i < w->ncells; i++) {
        if (!flat[i]) {
            continue;
        }
        w->water[i] = WATER_LAKE;
        if (w->lake != NULL) {
            w->lake[i] = LAKE_WATER;
        }
        if (w->river_width != NULL) {
            w->river_width[i] = 0.0f;
        }
    }
    if (fs.cells > 0 && w->river_width != NULL && w->downhill != NULL) {
        /* the rivers left: sources as core/hydro/hydro.h counts them,
           river cells none of whose donors is a river cell */
        memset(flat, 0, w->ncells);
        for (i = 0; i < w->ncells; i++) {
            if (w->river_width[i] > 0.0f && w->downhill[i] >= 0) {
                flat[w->downhill[i]] = 1;
            }
        }
        for (i = 0, n = 0; i < w->ncells; i++) {
            n += w->river_width[i] > 0.0f && !flat[i];
        }
        world_stat_int(w, "hydro.rivers", (long long)n);
    }
    free(flat);
    world_stat_int(w, "dem.flat_lakes", (long long)fs.bodies);
    world_stat_int(w, "dem.flat_lake_cells", (long long)fs.cells);
    return OG_OK;
}

static const struct stage dem_stages[] = {
    { "decode", stage_decode },
    { "weathering", dem_weathering_stage },
    { "sea", stage_sea },
    { "hydrology", hydro_stage },
    { "flat water", stage_flatwater },
    { "moisture", dem_moisture_stage },
    { "biomes", biome_stage },
};

const struct generator gen_dem = {
    "dem", GEN_DEM, WORLD_GRID,
    (1u << PG_COMMON) | (1u << PG_DEM) | (1u << PG_HYDRO) | (1u << PG_LEM) |
        (1u << PG_RENDER),
    dem_stages, sizeof dem_stages / sizeof dem_stages[0],
    "real elevation model (GeoTIFF, SRTM .hgt, ASCII grid and what GDAL reads; grey, terrain-RGB or Terrarium PNG)",
};
