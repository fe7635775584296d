/* dem_exr: OpenEXR heightmaps as elevation models, through OpenEXRCore (the
 * C API): what `--heightmap FILE.exr` writes (io/raster/heightmap_float.h)
 * reads back exactly. GDAL's EXR driver is not in every build (Debian's
 * has none), so EXR is read here. */
#ifndef OROGEN_IO_DEM_DEM_EXR_H
#define OROGEN_IO_DEM_DEM_EXR_H

#include "core/base/og_error.h"
#include "core/dem/dem.h"
#include "io/dem/dem_signature.h"

/* Read the first part of a scanline EXR: its "Y" channel, else "R", else
 * its only channel (half or float; sampling 1 1) into out->heights
 * (metres: an orogen EXR says so in orogen:height_units; others are taken
 * as metres), NaN and infinities as voids (out->nodata), the cell size
 * from an orogen:pixel_size attribute. Errors: OG_EFORMAT with OpenEXR's
 * message or naming what is missing (no such channel, a tiled or deep
 * file), OG_ERANGE for a side over 16384, OG_ENOMEM. */
enum og_status dem_exr_read(const char *path, struct dem_raster *out, struct og_error *err);

#endif
