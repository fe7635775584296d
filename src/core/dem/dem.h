/* dem: real elevation models as a world source.
 *
 * A front end decodes the PNG (io/png/pngio_read.c) into a struct dem_raster of
 * raw samples; this module turns samples into metres:
 *   gray (8/16-bit):   h = sample * dem.vertical_scale, or for an orogen
 *                      heightmap h = offset + sample * step from its chunks
 *   terrain-rgb:       h = -10000 + (R * 65536 + G * 256 + B) * 0.1   (Mapbox)
 *   terrarium:         h = R * 256 + G + B / 256 - 32768             (Mapzen)
 * Auto detection: 1 or 2 channels, or RGB(A) with R = G = B everywhere (a
 * palette of greys) -> gray; 8-bit RGB(A) whose red samples
 * are all below 16 -> terrain-rgb (R < 16 covers -10000..+94857 m); all at
 * or above 64 -> terrarium (-16384 m and up); anything else is ambiguous
 * and needs an explicit dem.encoding.
 * Float rasters (any format GDAL reads, io/dem/dem_gdal.h) come in metres.
 * Voids (no data, core/dem/dem_void.h): cells the reader marks (a no-data
 * value, a GDAL mask or alpha band, a PNG tRNS colour), an alpha of 0 and,
 * in a plain 16-bit grey PNG, the sample 65535.
 * Sea: h <= dem.sea_level. */
#ifndef OROGEN_CORE_DEM_DEM_H
#define OROGEN_CORE_DEM_DEM_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/pipeline.h"

struct dem_raster {
    int width, height;
    int channels;        /* 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA */
    int bit_depth;       /* 8 or 16 */
    uint16_t *samples;   /* width * height * channels, row-major */
    char source[256];    /* file path, for messages */
    char identity[256];  /* "SIZE SHA256 NAME" of the file for recipes
                            (core/recipe/recipe.h), "" when unknown */
    /* An orogen 16-bit heightmap (io/raster/heightmap.h) says how its samples
       map to heights in its tEXt chunks: h = height_offset + sample *
       height_step. height_scaled is 0 for any other file. */
    int height_scaled;
    double height_offset, height_step;
    /* Metres per pixel east-west and north-south, 0 when unknown: from the
       file's georeferencing (io/georef.h) or an orogen heightmap's
       "orogen:pixel_size" chunk; the world's cell size (doc/scale.md). */
    double cell_m[2];
    /* Latitude (degrees) of the raster's centre from its georeferencing
       (io/georef.h georef_centre_latitude) when has_georef_lat is 1;
       0 (a zero-filled raster) is unknown. For the dem climate
       (core/biome/dem_climate.h). */
    int has_georef_lat;
    double georef_lat;
    /* Float rasters (io/dem/dem_gdal.h): width * height heights in metres,
       row-major, north row first; samples is then NULL, channels 1 and
       bit_depth 32. NULL for PNGs. */
    float *heights;
    /* Voids the reader found (a no-data value or mask, a PNG tRNS colour):
       width * height bytes, 1 = no data; NULL when it found none. Alpha 0
       and 16-bit 65535 are added by dem_void_mask (core/dem/dem_void.h). */
    uint8_t *nodata;
};

enum dem_encoding { DEM_AUTO = 0, DEM_GRAY = 1, DEM_TERRAIN_RGB = 2, DEM_TERRARIUM = 3 };

/* Resolve DEM_AUTO for a raster (see the rule above); others pass through.
 * Errors: OG_EINVAL when an explicit encoding does not fit the channels
 * (terrain-rgb on a grey image). */
enum og_status dem_resolve_encoding(const struct dem_raster *r, enum dem_encoding asked,
                                    enum dem_encoding *out, struct og_error *err);

/* Decode every pixel to metres into heights[width * height].
 * Errors: as dem_resolve_encoding. */
enum og_status dem_decode(const struct dem_raster *r, enum dem_encoding enc, double vscale,
                          float *heights, struct og_error *err);

/* Free a raster's samples, heights and no-data mask (the struct is the
 * caller's). */
void dem_raster_fini(struct dem_raster *r);

/* The dem source as a generator: decode, sea mask, hydrology, moisture
 * and biomes. */
extern const struct generator gen_dem;

#endif
