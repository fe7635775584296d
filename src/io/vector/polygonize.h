/* polygonize: regions of a label raster as polygons (for GeoJSON coasts,
 * lakes and biome regions).
 *
 * Each 4-connected region of equal labels (>= 0; negative labels are
 * background) becomes one polygon: an exterior ring and its holes, traced
 * along pixel edges with the region on the left, so that in y-up
 * coordinates exteriors run counter-clockwise and holes clockwise (the
 * right-hand rule of RFC 7946, section 3.1.6). Coordinates are pixel
 * corners: x = column 0..W, y = H - row (north up). Rings are closed
 * (first point repeated last) and keep only the corners where the
 * direction turns. Where a region touches itself diagonally (a saddle:
 * two region pixels meeting at a corner, the other two not), the corner is
 * cut by a quarter pixel on each side, so no ring touches itself or another
 * ring of its polygon: every polygon is valid in the OGC simple-feature
 * sense. */
#ifndef OROGEN_IO_VECTOR_POLYGONIZE_H
#define OROGEN_IO_VECTOR_POLYGONIZE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

/* One polygon: nrings rings; ring k has points xy[2 * start[k] ..
 * 2 * (start[k] + count[k]) - 1]; ring 0 is the exterior. */
struct polygon {
    int32_t label;
    size_t nrings;
    const size_t *start, *count;
    const double *xy;
};

typedef enum og_status polygon_fn(void *arg, const struct polygon *p, struct og_error *err);

/* Call fn once per region of labels[W * H] (row-major, row 0 at the top),
 * in the order of each region's first pixel in row-major order. Errors:
 * OG_ENOMEM, or the callback's. */
enum og_status polygonize(const int32_t *labels, int width, int height, polygon_fn *fn,
                          void *arg, struct og_error *err);

/* Signed area of a closed ring of n points (positive counter-clockwise). */
double polygon_ring_area(const double *xy, size_t n);

#endif
