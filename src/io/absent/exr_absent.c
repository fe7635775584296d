/* exr_absent: what a build configured --without-openexr does where
 * OpenEXR would work (dem_exr_read of io/dem/dem_exr.h and
 * export_heightmap_exr of io/raster/heightmap_float.h): OG_EUNSUPPORTED
 * with one line naming the file. See gdal_absent.c for why such builds
 * exist. */
#include "config.h"
#include "io/dem/dem_exr.h"
#include "io/raster/heightmap_float.h"

#include <string.h>

#define NO_EXR "this orogen was built without OpenEXR (configure --without-openexr)"

enum og_status
dem_exr_read(const char *path, struct dem_raster *out, struct og_error *err)
{
    memset(out, 0, sizeof *out);
    return og_error_set(err, OG_EUNSUPPORTED, "%s: cannot read OpenEXR: %s", path, NO_EXR);
}

enum og_status
export_heightmap_exr(const struct world *w, const struct sampler *smp,
                     const struct raster_window *win, int filled, const char *path, struct height_scale *used, struct og_error *err)
{
    return og_error_set(err, OG_EUNSUPPORTED, "%s: cannot write OpenEXR: %s", path, NO_EXR);
}
