/* sample: a world's elevation on a regular raster, row by row, for the
 * data exports (heightmap, r16, mesh, tiles).
 *
 * The raster covers the world's [0,1]^2 map square (render/mapimg.h):
 * pixel (x, y) of a W x H raster samples the map point at its centre,
 * u = (x + 0.5) / W, v = (y + 0.5) / H (v down; spheres: equirectangular,
 * longitude -180..180 degrees left to right, latitude 90..-90 top to bottom).
 *   grid:   a raster of the world's own size gives its cells exactly; any
 *           other size interpolates bilinearly between cell centres (edges
 *           clamped).
 *   plane:  linear interpolation inside the Delaunay triangle holding the
 *           point (the cells' elevations at its corners); outside the hull
 *           the nearest cell.
 *   sphere: the same on the spherical triangle, with the barycentric
 *           weights of the gnomonic projection onto the triangle's plane.
 * Every sample is a convex combination of cell elevations, so it lies in
 * [elev_min, elev_max]. Triangles are found by a visibility walk from the
 * previous pixel's triangle, so a row costs O(width). */
#ifndef OROGEN_RENDER_SAMPLE_H
#define OROGEN_RENDER_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/world.h"

struct sampler {
    const struct world *w;
    int width, height;     /* the whole raster */
    int32_t tri;           /* walk hint: the last triangle found */
    int32_t point;         /* walk hint for nearest-point fallbacks */
};

/* Prepare s for a width x height raster of w (both >= 1). The world must
 * have an elevation field. */
void sample_init(struct sampler *s, const struct world *w, int width, int height);

/* Elevation (world units) of pixels x0 .. x0 + n - 1 of row y into elev[n];
 * cell[n] (may be NULL) gets the cell nearest to each sample (the
 * triangle corner with the largest weight; grids: the cell under it), for
 * colours and classes. */
void sample_row(struct sampler *s, int y, int x0, int n, float *elev, int32_t *cell);

/* The point of map coordinates (u, v) in w's own space, for the mesh
 * searches: (u, v, 0) on a plane; on a sphere the unit vector of longitude
 * (u - 0.5) x 360 degrees and latitude (0.5 - v) x 180 degrees. */
void sample_map_point(const struct world *w, double u, double v, double q[3]);

/* Map point (u, v) of pixel (x, y): u = (x + 0.5) / width. */
static inline double sample_u(const struct sampler *s, double x) { return (x + 0.5) / s->width; }
static inline double sample_v(const struct sampler *s, double y) { return (y + 0.5) / s->height; }

#endif
