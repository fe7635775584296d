/* gdal_absent: what a build configured --without-gdal does where GDAL
 * would work (the functions of io/dem/dem_gdal.h, io/dem/crs_scale.h and
 * export_heightmap_tiff of io/raster/heightmap_float.h). Every request
 * that needs GDAL fails with OG_EUNSUPPORTED and one line naming the file;
 * PNG and OpenEXR DEMs and every other output work as in a full build.
 * Such builds exist for the golden recipes on other C libraries and CPUs
 * (doc/reproducibility.md), where GDAL's dependencies are not at hand. */
#include "config.h"
#include "io/dem/crs_scale.h"
#include "io/dem/dem_gdal.h"
#include "io/raster/heightmap_float.h"

#include <string.h>

#define NO_GDAL "this orogen was built without GDAL (configure --without-gdal)"

void
dem_gdal_init(void)
{
}

enum og_status
dem_gdal_read(const char *path, struct dem_raster *out, struct og_error *err)
{
    memset(out, 0, sizeof *out);
    return og_error_set(err, OG_EUNSUPPORTED, "%s: not a PNG or OpenEXR file, and %s", path,
                        NO_GDAL);
}

enum og_status
dem_gdal_size(const char *path, int *width, int *height, struct og_error *err)
{
    *width = *height = 0;
    return og_error_set(err, OG_EUNSUPPORTED, "%s: not a PNG or OpenEXR file, and %s", path,
                        NO_GDAL);
}

enum og_status
dem_gdal_georef(const char *path, int width, int height, struct georef *g, struct og_error *err)
{
    return og_error_set(err, OG_EUNSUPPORTED, "%s: cannot read its georeferencing: %s", path,
                        NO_GDAL);
}

int
crs_ground_cell(const char *srs, const double gt[6], int width, int height, double out[2])
{
    return 0;
}

enum og_status
export_heightmap_tiff(const struct world *w, const struct sampler *smp,
                      const struct raster_window *win, const struct georef *g, const char *path, struct height_scale *used,
                      struct og_error *err)
{
    return og_error_set(err, OG_EUNSUPPORTED, "%s: cannot write GeoTIFF: %s", path, NO_GDAL);
}
