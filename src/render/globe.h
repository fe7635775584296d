/* globe: an orthographic view of a planet world, for the TUI's globe view
 * (per-pixel sampler) and the --globe PNG (off-screen rasterizer).
 *
 * The camera looks at the sphere from outside along the direction of
 * (longitude yaw, latitude pitch), north up; each pixel inside the disc is
 * turned back into a unit vector and looked up as the nearest mesh point
 * (its Voronoi cell) by a walk from the previous pixel's cell, so a row costs
 * O(width). Lambert shading from a light above-left of the viewer,
 * I = 0.3 + 0.7 max(n.L, 0) (the DESIGN's isometric lighting adapted to a
 * sphere whose normal is the position). */
#ifndef OROGEN_RENDER_GLOBE_H
#define OROGEN_RENDER_GLOBE_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

/* The largest globe side in pixels. */
#define GLOBE_MAX_SIDE 16384

/* Sample the globe of w into width x height pixels (row-major, y down):
 * rgb[i] = shaded 0xRRGGBB of the cell's colour (0 off the globe),
 * cell_out[i] = cell id or -1 off the globe (either may be NULL). yaw and
 * pitch are degrees; the globe's radius is min(width, height) / 2 pixels,
 * centred. Errors: OG_EINVAL for a world that is not a sphere or has no
 * colours, OG_ERANGE for a size outside 1..16384. */
enum og_status planet_sample_ortho(const struct world *w, double yaw, double pitch, int width,
                                   int height, uint32_t *rgb, int32_t *cell_out);

/* Same, reporting the error text into err. */
enum og_status globe_sample(const struct world *w, double yaw, double pitch, int width,
                            int height, uint32_t *rgb, int32_t *cell_out, struct og_error *err);

/* The cell under the centre of the view (the editor's cursor), or -1. */
int32_t globe_center_cell(const struct world *w, double yaw, double pitch);

struct raster;

/* Draw the globe with the off-screen rasterizer (render/raster.h) into a new
 * size x size framebuffer (*out, free with raster_free): every Voronoi cell
 * facing the viewer as a fan of flat triangles (point, circumcentre i,
 * circumcentre i + 1) projected orthographically, depth-tested, in the
 * cell's colour with the same Lambert shading per cell; transparent outside
 * the globe. Errors: as globe_sample, OG_ENOMEM. */
enum og_status globe_render_raster(const struct world *w, double yaw, double pitch, int size,
                                   struct raster **out, struct og_error *err);

#endif
