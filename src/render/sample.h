/* sample: a world's elevation on a regular raster, row by row, for the
 * data exports (heightmap, r16, mesh, tiles).
 *
 * Grid convention (doc/grid.md): the samples are the nodes of a grid
 * spanning the world's domain edge to edge, so sample x of W lies at
 * x / (W - 1) of the domain (the middle for W = 1), the first and the last
 * on its borders, and W samples make W - 1 cells. The domain, in the
 * world's [0,1]^2 map square (render/mapimg.h; v down):
 *   plane:  the map square itself: u = x / (W - 1);
 *   grid:   the rectangle through the centres of its outer cells (a DEM's
 *           samples are its pixel centres): u = (0.5 + x (m - 1) / (W - 1))
 *           / m for m cells a row, so a raster of the world's own size
 *           gives its cells exactly; any other size interpolates between
 *           cell centres by Catmull-Rom bicubic (render/surface.h, C1, the
 *           maps' grid surface; issue 24: no cell creases in hillshade),
 *           clamped to [elev_min, elev_max];
 *   sphere: equirectangular rasters stay pixel-is-area, u = (x + 0.5) / W,
 *           v = (y + 0.5) / H (longitude -180..180 degrees left to right,
 *           latitude 90..-90 top to bottom), as every global 2:1 raster.
 * Pictures (maps, iso) are pixel-is-area and do not come here.
 *   plane:  the Clough-Tocher patch of the Delaunay triangle holding the
 *           point (core/geom/clough_tocher.h: C1, cubic on each third of
 *           the triangle, through the cells' elevations with their
 *           minimum-curvature gradients, core/geom/site_gradient.h; issue 24:
 *           no triangle facets in hillshade; heightmap version 4), clamped
 *           to [elev_min, elev_max] (the cubic can overshoot its corners);
 *           outside the hull the nearest cell.
 *   sphere: linear interpolation on the spherical triangle, with the
 *           barycentric weights of the gnomonic projection onto the
 *           triangle's plane (still C0: facets show in hillshade).
 * Every sample lies in [elev_min, elev_max] (before river channels).
 * Triangles are found by a visibility walk from the previous pixel's
 * triangle, so a row costs O(width).
 *
 * Sub-grid detail (render/detail.h) is added to the surface where
 * render.detail > 0, faded out inside the channels; then rivers are
 * carved into these heights (render/river_carve.h) unless
 * render.carve_rivers is off: the channels, not the surface alone, are
 * what every height export writes. Carved samples may lie below
 * elev_min's land but never below the sea floor or above elev_max. */
#ifndef OROGEN_RENDER_SAMPLE_H
#define OROGEN_RENDER_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/geom/clough_tocher.h"
#include "core/world.h"

struct river_carve;
struct map_view;
struct detail;

struct sampler {
    const struct world *w;
    struct detail *detail; /* sub-grid detail (render/detail.h), or NULL */
    int width, height;     /* the whole raster */
    double ax[4];          /* sample_axes */
    int32_t tri;           /* walk hint: the last triangle found */
    int32_t point;         /* walk hint for nearest-point fallbacks */
    struct river_carve *carve; /* the river channels, or NULL */
    double lowest;         /* sample_lowest's value, from the same channels */
    int borrowed;          /* a sample_share: carve, detail and grad are another sampler's */
    double *grad;          /* plane: 2 per site, the elevation's gradient */
    struct ct_patch patch; /* plane: the surface of triangle patch_tri */
    int32_t patch_tri;     /* -1: none built yet */
};

/* Prepare s for a width x height raster of w (both >= 1), with w's river
 * channels and sub-grid detail (render.detail, render/detail.h: added to
 * the surface before the channels are carved) for that raster size; release it with sample_free. The world
 * must have an elevation field. Errors: OG_ENOMEM, OG_EINVAL (a cycle in
 * the river network); s is then empty and needs no sample_free, though it
 * is harmless. */
enum og_status sample_init(struct sampler *s, const struct world *w, int width, int height,
                           struct og_error *err);

/* Release what sample_init allocated (nothing for a sample_share). */
void sample_free(struct sampler *s);

/* v as a second walker over s's raster: the same axes, lowest value and,
 * when carved is non-zero, s's river channels and detail (else neither:
 * the plain surface, for callers that only want sample_row's cells), its
 * walk hints at their start as after sample_init, so that v's rows are
 * those of a fresh sample_init of the same raster. Channels and detail
 * are built once per raster size this way: the tiles, bundle layers and
 * splat images of one export share them (a tile's channels are the whole
 * raster's, so tiles stay seamless). v borrows: it must not outlive s, and sample_free(v)
 * frees nothing. s is only read (views of one s may run in threads). */
void sample_share(struct sampler *v, const struct sampler *s, int carved);

/* A sampler for a width x height raster of w into s: a carved sample_share
 * of shared when it is not NULL, else sample_init's. Release with
 * sample_free either way. Errors: sample_init's; OG_EINVAL when shared
 * samples another world or raster size. */
enum og_status sample_use(struct sampler *s, const struct sampler *shared, const struct world *w,
                          int width, int height, struct og_error *err);

/* The lowest elevation (world units) any raster of w samples into *lo:
 * elev_min, or a river bed carved below it (render/river_carve.h); a
 * sampler's lowest holds the same without building the beds again.
 * Errors: OG_ENOMEM, OG_EINVAL (a cycle in the river network). */
enum og_status sample_lowest(const struct world *w, double *lo, struct og_error *err);

/* The elevation (world units) at map point (u, v), carved as sample_row's
 * pixels are (the same values at pixel centres up to rounding). */
double sample_point(struct sampler *s, double u, double v);

/* Elevation (world units) of pixels x0 .. x0 + n - 1 of row y into elev[n];
 * cell[n] (may be NULL) gets the cell nearest to each sample (the
 * triangle corner with the largest weight; grids: the cell under it), for
 * colours and classes. */
void sample_row(struct sampler *s, int y, int x0, int n, float *elev, int32_t *cell);

/* The point of map coordinates (u, v) in w's own space, for the mesh
 * searches: (u, v, 0) on a plane; on a sphere the unit vector of longitude
 * (u - 0.5) x 360 degrees and latitude (0.5 - v) x 180 degrees. */
void sample_map_point(const struct world *w, double u, double v, double q[3]);

/* The grid convention above as two affine maps: sample (x, y) of a width x
 * height raster of w lies at map point (ax[0] + ax[1] x, ax[2] + ax[3] y).
 * ax[1] and ax[3] are the steps between samples as fractions of the map
 * square (times world_metric's extent: metres per sample). */
void sample_axes(const struct world *w, int width, int height, double ax[4]);

/* The map view (render/mapimg.h) of a width x height picture whose pixel
 * centres are the samples of sample_axes, for layers drawn as pictures
 * (river lines) beside sampled heights: pixel x covers ax[0] + ax[1]
 * (x - 1/2) .. ax[0] + ax[1] (x + 1/2), so its centre is sample x. On a
 * sphere that is the whole map square; one sample on an axis covers the
 * square's width. */
void sample_view(const struct world *w, int width, int height, struct map_view *view);

/* Distance between neighbouring samples of a raster of width x height
 * samples of w, as out[0] (east-west) and out[1] (north-south), for a map
 * square of ex x ey (metres, or model units): ex x ax[1] of sample_axes,
 * computed as ex / m for a grid at its own size m, so a DEM's cell size
 * comes back to the bit. */
void sample_spacing(const struct world *w, int width, int height, double ex, double ey,
                    double out[2]);

/* Map point (u, v) of pixel (x, y) (sample_axes). */
static inline double sample_u(const struct sampler *s, double x) { return s->ax[0] + s->ax[1] * x; }
static inline double sample_v(const struct sampler *s, double y) { return s->ax[2] + s->ax[3] * y; }

#endif
