/* mapimg_sphere: how the map sampler (render/mapimg.c) looks up a planet's
 * sphere: the map point through the view's projection (render/projection.h)
 * to a unit vector and its Voronoi cell. */
#ifndef OROGEN_RENDER_MAPIMG_SPHERE_H
#define OROGEN_RENDER_MAPIMG_SPHERE_H

#include <stdint.h>

#include "core/world.h"
#include "render/mapimg.h"
#include "render/sphere_rivers.h"
#include "render/sphere_surface.h"

/* The cell of sphere world w under map point (u, v) in the projection of
 * its planet.projection (the unit vector into q), walking from *start
 * (updated); -1 off the projection's domain. view is unused (the window
 * is applied by the caller). */
long mapimg_sphere_cell(const struct world *w, const struct map_view *view, double u, double v,
                        int32_t *start, double *q);

/* One map pixel's size in radians of the sphere near the centre, for rows
 * dv apart in v. */
double mapimg_sphere_pixel(const struct world *w, double dv);

/* The relief's shading factor of land cell p (1 on flat land and at sea):
 * the elevation gradient from the neighbours, as the globe's relief normal
 * (render/globe.c, MAPIMG_SPHERE_RELIEF), lit from the north-west 45
 * degrees up; 0.45..1.25. */
#define MAPIMG_SPHERE_RELIEF 0.05
double mapimg_sphere_hillshade(const struct world *w, int32_t p);

/* The same shading factor for a gradient g (model units per radian,
 * tangent at unit vector q). */
double mapimg_sphere_shade(const double *q, const double *g);

/* A row's state for mapimg_sphere_px_color (one per thread). */
struct mapimg_sphere_px {
    struct sphere_rivers rc;
    long shade_cell;
    double shade_f;
    int shade, rivers;
};

/* Start a row of layer on w. */
void mapimg_sphere_px_init(struct mapimg_sphere_px *s, const struct world *w,
                           enum map_layer layer);

/* The pixel colour col of cell c (unit vector q; rows dv apart in v; first:
 * the row's first pixel) with the relief's shading (colour and elevation
 * layers) and the river lines (colour, lakes and rivers layers). */
uint32_t mapimg_sphere_px_color(struct mapimg_sphere_px *s, const struct world *w,
                                enum map_layer layer, long c, const double *q, double dv,
                                int first, uint32_t col);

/* The pixel of map point q (unit vector) drawn from the continuous
 * surface s (render/sphere_surface.h): the land's colour shaded by the
 * surface's gradient (mapimg_sphere_shade), the water flat, blended by the
 * water's coverage, then the river lines as mapimg_sphere_px_color. The
 * colour into *col, *wet 1 where water covers over half the pixel; returns
 * the nearest site (walking from *start, updated), -1 if none. */
long mapimg_sphere_surface_px(struct mapimg_sphere_px *sp, const struct sphere_surface *s,
                              enum map_layer layer, const double *q, double dv, int first,
                              int32_t *start, uint32_t *col, int *wet);

#endif
