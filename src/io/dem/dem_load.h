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

#endif
