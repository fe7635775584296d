/* export_globe: the shaded globe of a planet (render/globe.h) as an RGBA
 * PNG with the recipe tEXt chunks, written atomically. */
#ifndef OROGEN_IO_EXPORT_GLOBE_H
#define OROGEN_IO_EXPORT_GLOBE_H

#include "core/base/og_error.h"
#include "core/world.h"

/* Write the shaded globe (globe_render_raster) as a size x size RGBA PNG
 * with the recipe tEXt chunks, orientation from w's planet.globe_yaw and
 * planet.globe_pitch. Errors: as globe_render_raster, OG_EIO naming the
 * path. */
enum og_status globe_export_png(const struct world *w, int size, const char *path,
                                struct og_error *err);

/* The same at a given orientation (yaw in degrees, wrapped to -180..180;
 * pitch -90..90), recorded in the recipe as planet.globe_yaw/pitch so that
 * `orogen --from` renders the same view. Errors: as globe_export_png,
 * OG_ERANGE for a pitch outside -90..90. */
enum og_status globe_export_png_view(const struct world *w, double yaw, double pitch, int size,
                                     const char *path, struct og_error *err);

#endif
