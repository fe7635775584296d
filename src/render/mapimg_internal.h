/* Shared by mapimg.c (cell colours, the sampler) and mapimg_bands.c (band
 * by band rendering and the streamed PNG); not a public interface. */
#ifndef OROGEN_RENDER_MAPIMG_INTERNAL_H
#define OROGEN_RENDER_MAPIMG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "render/mapimg.h"

/* Smooth large exports (issue 10): where a cell covers at least
 * MAP_SMOOTH_PIXELS pixels, a mesh world's colour is interpolated across
 * the Delaunay triangle under the pixel (barycentric weights of its three
 * sites) instead of painting the nearest cell flat. Wet and dry sites are
 * not mixed: the pixel is wet where the interpolated wet share exceeds one
 * half (a straight coast inside each triangle), and only the sites of its
 * side are blended. render.map_cells = flat keeps whole cells. */
#define MAP_SMOOTH_PIXELS 16.0

/* The same for dem grids where a cell covers at least MAP_SMOOTH_GRID_PIXELS
 * pixels (a map twice the grid's size or more): the four cell centres
 * around the pixel, blended bilinearly, wet and dry apart
 * (grid_smooth_color), so lakes, coasts and biome edges are not drawn as
 * cell steps. */
#define MAP_SMOOTH_GRID_PIXELS 4.0

/* Grid worlds drawn from continuous fields where a cell covers more than
 * a pixel (mapimg_grid.c: colour and elevation layers, render.map_cells
 * smooth). */
struct grid_look {
    const struct world *w;
    enum map_layer layer;
    double px_cells;      /* a pixel's size in cells (the larger axis) */
    double relief;        /* elev_max - elev_min */
    double delta;         /* how far cell centres are pushed off a contour */
    double shade_k;       /* hill shade's vertical scale per elevation unit */
    double m_per_unit;    /* metres per elevation unit, 0 unknown */
    double cell_m;        /* metres per cell, 0 unknown */
    uint64_t seed;
    float *coast;         /* per cell: height above the sea, wet <= -delta,
                             dry >= delta; NULL without ocean */
    int bathymetry;       /* water deep enough to tint by depth */
    int hybrid;           /* the colour table per pixel (hybrid colour layer) */
    double hmax, mountain_h, dirt_slope, rock_slope, forest_density, canopy_freq,
        ground_freq;
};

/* The look of a width x height map of w over view, or *out = NULL where
 * cells are drawn as before (a pixel covers a cell or more, other layers,
 * meshes, render.map_cells flat). Errors: OG_ENOMEM. */
enum og_status mapimg_grid_look_new(const struct world *w, enum map_layer layer,
                                    const struct map_view *view, int width, int height,
                                    struct grid_look **out, struct og_error *err);
void mapimg_grid_look_free(struct grid_look *g);

/* The colour of map point (u, v) into *out and its class into *cls (may be
 * NULL); 0 outside the map. */
int mapimg_grid_pixel(const struct grid_look *g, double u, double v, double flow_log_max,
                      uint32_t *out, uint8_t *cls);

/* Rows of one map sample: every batch of MAPIMG_BAND_ALIGN rows starts its
 * nearest-site walk afresh, so the image is the same for any thread count
 * and any banding. */
struct sample_job {
    const struct world *w;
    enum map_layer layer;
    const struct map_view *view;
    int width, height;
    int y0;        /* first row of the band being sampled */
    uint32_t *rgb; /* the band's rows */
    uint8_t *cls;
    double flow_log_max, du, dv;
    const struct grid_look *look; /* continuous grid fields, or NULL */
    int smooth;    /* interpolate: across Delaunay triangles (smooth_color), or
                      between grid cell centres (grid_smooth_color) */
};

/* og_parallel_for batch: sample rows J->y0 + begin .. J->y0 + end - 1 of
 * the map into J->rgb and J->cls, which hold the band from row J->y0. */
enum og_status mapimg_sample_rows(void *arg, size_t batch, size_t begin, size_t end,
                                  struct og_error *err);

#endif
