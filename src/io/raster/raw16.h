/* raw16: the r16 heightmap engines read (Unity's terrain RAW import, Unreal
 * landscapes): width x height unsigned 16-bit samples, little-endian, row 0
 * first (north), no header. The quantisation is the heightmap's
 * (io/raster/heightmap.h); the size and range are not in the file, so the
 * stats JSON and the bundle manifest carry them. Engines want 2^n + 1
 * sides (513, 1025, 2049, 4097): `--size 1025x1025`. A DEM's voids are
 * HEIGHTMAP_NODATA (65535), its heights then over 0..65534. Rows are
 * sampled and written one at a time. */
#ifndef OROGEN_IO_RASTER_RAW16_H
#define OROGEN_IO_RASTER_RAW16_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/raster/heightmap.h"

/* Write the window win of w's heightmap as r16 to path (atomically); *used
 * (may be NULL) gets the scale; smp (may be NULL) as export_heightmap_png's.
 * Errors as export_heightmap_png. */
enum og_status export_raw16(const struct world *w, const struct sampler *smp,
                            const struct raster_window *win,
                            const struct height_range *range, const char *path,
                            struct height_scale *used, struct og_error *err);

#endif
