/* dem_gdal: elevation models in any raster format GDAL reads (GeoTIFF and
 * Cloud Optimized GeoTIFF, SRTM .hgt, ESRI ASCII grid, ERDAS, netCDF, VRT,
 * ...), through GDAL's C API (gdal.h, cpl_error.h). GDAL's messages never
 * reach stderr: they become the one line of an og_error. */
#ifndef OROGEN_IO_DEM_DEM_GDAL_H
#define OROGEN_IO_DEM_DEM_GDAL_H

#include "core/base/og_error.h"
#include "core/dem/dem.h"
#include "io/dem/dem_signature.h"
#include "io/georef.h"

/* Largest side read, as for PNGs (doc/scale.md). */
#define DEM_GDAL_MAX_SIDE 16384

/* Register GDAL's drivers once (thread safe; every function here calls
 * it). */
void dem_gdal_init(void);

/* Read band 1 of path into out->heights (metres, float32, north row first):
 * raw * band scale + band offset, times the band's vertical unit ("m",
 * "metre", "" = 1; "ft", "foot" = 0.3048; "US survey foot", "ftUS" =
 * 1200/3937). Voids into out->nodata (NULL when none): cells GDAL's mask
 * marks invalid (a no-data value, an alpha band, a per-dataset mask) and
 * values that are not finite. Sets out->source, cell_m and georef_lat from
 * the georeferencing (dem_gdal_georef, georef_cell_metres,
 * georef_centre_latitude); out->identity is the caller's.
 * Errors: OG_EIO/OG_EFORMAT with GDAL's own message ("x.tif: not
 * recognized as being in a supported file format"), OG_ERANGE for a side
 * over DEM_GDAL_MAX_SIDE, OG_EFORMAT for an unknown vertical unit,
 * OG_ENOMEM. */
enum og_status dem_gdal_read(const char *path, struct dem_raster *out, struct og_error *err);

/* The size of path's raster in cells, from its header alone (no pixel is
 * read): for the memory estimate before a run (cli/memcheck.h). 0 x 0 on
 * error. Errors: as dem_gdal_read's opening. */
enum og_status dem_gdal_size(const char *path, int *width, int *height, struct og_error *err);

/* The georeferencing GDAL reads for path (the file's own geotransform and
 * CRS, or its world file and .aux.xml) into g, in io/georef.h's form: the
 * CRS as an <SRS dataAxisToSRSAxisMapping="...">WKT</SRS> element. No
 * geotransform leaves g->valid 0. A raster without a CRS whose cells are
 * 1 to 30 whole arc-seconds and whose corners are longitudes and latitudes
 * (SRTM's ASCII grids carry no .prj) is taken as WGS 84 (EPSG 4326).
 * width and height as in georef_read.
 * Errors: as dem_gdal_read. */
enum og_status dem_gdal_georef(const char *path, int width, int height, struct georef *g,
                               struct og_error *err);

#endif
