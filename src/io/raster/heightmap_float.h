/* heightmap_float: 32-bit float heightmaps, the elevations themselves
 * rather than 16-bit steps of a range: OpenEXR (heightmap_exr.c, for
 * engines: Godot's Terrain3D and HTerrain import EXR) and float32 GeoTIFF,
 * tiled and cloud optimised with overviews (heightmap_tiff.c, for GIS).
 *
 * Samples are in the output units of io/raster/heightmap.h (metres where
 * the world's scale is known, else its model units), taken from the
 * world's elevation with render/sample.h: a raster of a grid world's own
 * size holds its cells exactly, so `orogen --dem FILE` reads the same
 * float32 heights back. Voids of a DEM (world.nodata, core/dem/dem_void.h)
 * are no data: NaN in EXR (which has no no-data value; engines' EXR keeps
 * the filled heights instead), the GeoTIFF's no-data value
 * HEIGHTMAP_TIFF_NODATA. */
#ifndef OROGEN_IO_RASTER_HEIGHTMAP_FLOAT_H
#define OROGEN_IO_RASTER_HEIGHTMAP_FLOAT_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/georef.h"
#include "io/raster/heightmap.h"

/* The GeoTIFF's no-data value (SRTM's; below any depth on Earth). */
#define HEIGHTMAP_TIFF_NODATA (-32768.0)

/* The window win of w's heightmap as win->w * win->h floats (row-major,
 * north row first) into a malloc'd *out; voids get the value *nodata, or
 * keep their filled heights (core/dem/dem_void.h) when nodata is NULL.
 * *used gets the units and the extremes of the samples with data. smp
 * (may be NULL) as export_heightmap_png's (io/raster/heightmap.h), here
 * and in the writers below. Errors: OG_ERANGE for a size outside
 * 1..HEIGHTMAP_MAX_SIDE, OG_EINVAL for a world without elevation,
 * OG_ENOMEM, sample_use's. */
enum og_status heightmap_float_sample(const struct world *w, const struct sampler *smp,
                                      const struct raster_window *win,
                                      const float *nodata, float **out,
                                      struct height_scale *used,
                                      struct og_error *err);

/* Write the window as a one-channel ("Y") 32-bit float scanline OpenEXR
 * file with ZIP compression, through OpenEXRCore (the C API), atomically
 * (io/outfile.h); string attributes orogen:height_units and, where known,
 * orogen:pixel_size ("X Y" metres). Voids are NaN, or their filled heights
 * when filled is non-zero (engines: Terrain3D and HTerrain take every
 * sample as a height and have no use for NaN). Errors: as
 * heightmap_float_sample, OG_EIO naming path and OpenEXR's message. */
enum og_status export_heightmap_exr(const struct world *w, const struct sampler *smp,
                                    const struct raster_window *win, int filled, const char *path, struct height_scale *used,
                                    struct og_error *err);

/* Write the window as a float32 Cloud Optimized GeoTIFF (GDAL's COG
 * driver: 512 x 512 tiles, DEFLATE with the floating-point predictor,
 * overviews down to one tile), atomically; geotransform and CRS from g
 * (io/georef.h, scaled to the window as georef_write does; NULL or not
 * valid: none), no-data HEIGHTMAP_TIFF_NODATA, band unit "metre" for
 * metres. Errors: as heightmap_float_sample, OG_EIO naming path and
 * GDAL's message. */
enum og_status export_heightmap_tiff(const struct world *w, const struct sampler *smp,
                                     const struct raster_window *win, const struct georef *g, const char *path,
                                     struct height_scale *used, struct og_error *err);

#endif
