/* dem_load: an elevation model file into a struct dem_raster, whatever its
 * format: PNGs (grey, terrain-RGB, Terrarium, orogen heightmaps) through
 * io/png with their world file or .aux.xml, anything else through GDAL
 * (io/dem/dem_gdal.h). */
#ifndef OROGEN_IO_DEM_DEM_LOAD_H
#define OROGEN_IO_DEM_DEM_LOAD_H

#include "core/base/og_error.h"
#include "core/dem/dem.h"

/* Read path into r (zeroed first): samples or float heights, voids, the
 * cell size in metres and the centre's latitude from the georeferencing
 * (doc/scale.md), and the identity line the recipe keeps ("SIZE SHA256
 * NAME", core/recipe/recipe.h). A file is a PNG by its signature, not its
 * name. Errors: as pngio_read_raster, dem_gdal_read, georef_read and
 * recipe_dem_identity; r holds nothing on error. */
enum og_status dem_load(const char *path, struct dem_raster *r, struct og_error *err);

/* The size in cells of the elevation model at path from its header alone,
 * no pixel read, for the memory estimate before a run (cli/memcheck.h): a
 * PNG's IHDR, any other raster as GDAL reads its header (dem_gdal_size).
 * 0 x 0 when neither tells, when path is no regular file (never blocks on
 * a FIFO) or when a side is beyond what GDAL's reader takes: dem_load then
 * says why. */
void dem_load_size(const char *path, int *width, int *height);

#endif
