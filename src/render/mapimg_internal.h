/* Shared by mapimg.c (cell colours, the sampler) and mapimg_bands.c (band
 * by band rendering and the streamed PNG); not a public interface. */
#ifndef OROGEN_RENDER_MAPIMG_INTERNAL_H
#define OROGEN_RENDER_MAPIMG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/geom/clough_tocher.h"
#include "render/mapimg.h"

struct sphere_surface;

/* Smooth large exports (issue 10, issue 24): where a cell covers at least
 * MAP_SMOOTH_PIXELS pixels, a mesh world's colour and elevation layers are
 * drawn on a continuous surface (mapimg_mesh.c: the Clough-Tocher patch of
 * the Delaunay triangle under the pixel) with relief shading
 * and the coast as its anti-aliased contour at sea level; other layers
 * blend the triangle's sites barycentrically, wet and dry apart (wet where
 * the interpolated wet share exceeds one half). render.map_cells = flat
 * keeps whole cells. */
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
struct detail;

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
    struct detail *detail; /* sub-grid detail in the shading (render/detail.h), or NULL */
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

/* Planar mesh worlds on a continuous surface (mapimg_mesh.c): per site
 * gradients, the Clough-Tocher patch of each Delaunay triangle. */
struct mesh_look {
    const struct world *w;
    double *grad;         /* 2 per site: elevation per map unit, x and y */
    double *hess;         /* the gradients (2 per site) of grad's x at every site,
                             then of grad's y */
    double px;            /* a pixel's size in map units (the larger axis) */
    double relief, shade_k;
    float *lake_level;    /* per site: its lake's level (elevation units), the
                             highest filled surface (hydro_elev) of the lake
                             nodes around it; -INFINITY for other sites */
    struct detail *detail; /* sub-grid detail in the shading (render/detail.h), or NULL */
};

/* The look for a map whose smooth flag is smooth (MAP_SMOOTH_PIXELS), or
 * *out = NULL (other worlds, layers). Errors: OG_ENOMEM. */
enum og_status mapimg_mesh_look_new(const struct world *w, enum map_layer layer, int smooth,
                                    double px_units, struct mesh_look **out,
                                    struct og_error *err);
void mapimg_mesh_look_free(struct mesh_look *g);
/* The lake level of every site into lv (w->mesh->npoints floats): the
 * highest filled surface of the lake nodes around a lake site (its own
 * height without a hydrology), -INFINITY for other sites. */
void mapimg_mesh_lake_levels(const struct world *w, float *lv);
/* The surface patch of the last triangle a run of pixels used (one per
 * thread; a cache only: no colour depends on it). tri -1: none yet. */
struct mesh_patch_cache {
    struct ct_patch h, gx, gy; /* the height; the shading gradient's x, y */
    int32_t tri;
};
/* The surface in Delaunay triangle t at barycentric weights l (the order
 * of t's corners): height (elevation units, Clough-Tocher: C1) and the
 * shading gradient per map unit (the site gradients interpolated by
 * Clough-Tocher, C1: see mapimg_mesh.c). Not clamped to the world's range.
 * pc: the patch cache (may be NULL). */
void mapimg_mesh_surface(const struct mesh_look *g, struct mesh_patch_cache *pc, int32_t t,
                         const double l[3], double *h, double *hx, double *hy);
/* Hill shade factor of a gradient; the wet coverage 0..1 of a point. */
double mapimg_mesh_shade(const struct mesh_look *g, double hx, double hy);
double mapimg_mesh_wet(const struct mesh_look *g, double h, double hx, double hy);
/* The pixel's colour in triangle t (corners v, barycentric weights l)
 * into *out: 1 wet, 0 dry, -1 none. */
int mapimg_mesh_color(const struct mesh_look *g, struct mesh_patch_cache *pc, enum map_layer layer,
                      int32_t t, const int32_t v[3], const double l[3], double flow_log_max,
                      uint32_t *out);

/* Smooth large exports of mesh worlds (MAP_SMOOTH_PIXELS): the colour of
 * map point q whose nearest site is p, from the Delaunay triangle under
 * it: on the surface of ml when not NULL (returns 2 wet, 3 dry), else the
 * sites' colours blended barycentrically, wet and dry apart (returns 1);
 * 0 outside the hull. pc: the patch cache (may be NULL). */
int mapimg_mesh_smooth_color(const struct world *w, enum map_layer layer, int32_t p,
                             const double *q, double flow_log_max, const struct mesh_look *ml,
                             struct mesh_patch_cache *pc, uint32_t *out);

/* Rows of one map sample: every batch of MAPIMG_BAND_ALIGN rows starts its
 * nearest-site walk afresh, so the image is the same for any thread count
 * and any banding. */
struct sample_job {
    const struct world *w;
    enum map_layer layer;
    const struct map_view *view;
    int width, height;
    int x0, xn;    /* the columns sampled (a tile's window; 0, width) */
    int y0;        /* first row of the band being sampled */
    uint32_t *rgb; /* the band's rows, xn pixels each */
    uint8_t *cls;
    double flow_log_max, du, dv;
    const struct grid_look *look; /* continuous grid fields, or NULL */
    const struct mesh_look *mlook; /* continuous mesh surface, or NULL */
    const struct sphere_surface *slook; /* a planet's continuous fields, or NULL */
    int smooth;    /* interpolate: across Delaunay triangles (smooth_color), or
                      between grid cell centres (grid_smooth_color) */
};

/* og_parallel_for batch: sample rows J->y0 + begin .. J->y0 + end - 1 of
 * the map into J->rgb and J->cls, which hold the band from row J->y0. */
enum og_status mapimg_sample_rows(void *arg, size_t batch, size_t begin, size_t end,
                                  struct og_error *err);

#endif
