/* dem_void: cells of an elevation model with no data (voids).
 *
 * Real DEMs have holes: SRTM's radar shadows and water, the area outside a
 * lidar survey, a tile's missing corner. Readers mark them (a no-data value,
 * a GDAL mask or alpha band, a PNG tRNS colour, core/dem/dem.h); a void is
 * never a height. For hydrology each void is filled by interpolation from
 * its rim, and every output marks it (no data in float heightmaps, the
 * "void" mask, the count dem.voids in the stats). */
#ifndef OROGEN_CORE_DEM_DEM_VOID_H
#define OROGEN_CORE_DEM_DEM_VOID_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/dem/dem.h"

/* The void mask of raster r decoded with encoding enc into mask[width *
 * height] (1 = void): the reader's no-data cells, an alpha of 0 (grey+alpha
 * and RGBA), and the sample 65535 of a plain 16-bit grey PNG (not of an
 * orogen heightmap, whose 65535 is its highest sample). Returns the number
 * of voids. */
size_t dem_void_mask(const struct dem_raster *r, enum dem_encoding enc, uint8_t *mask);

/* Fill the voids (mask 1) of the width x height field h by pull-push
 * interpolation (Gortler, Grzeszczuk, Szeliski and Cohen 1996, "The
 * Lumigraph", section 3.4.1): a pyramid of 2x2 means weighted by the share
 * of data below each cell (capped at 1) is built up to one cell, then each
 * level's missing share is taken from the bilinear value of the level
 * above. A void's height is thus a smooth blend of its rim, with the
 * nearest rim cells weighing most; cells with data are unchanged. Linear
 * in the cell count; the pyramid above the grid takes 8/3 bytes a cell.
 * Deterministic (one thread, a fixed order). Errors: OG_EINVAL when every
 * cell is void ("no data at all"), OG_ENOMEM. */
enum og_status dem_void_fill(float *h, const uint8_t *mask, int width, int height,
                             struct og_error *err);

#endif
