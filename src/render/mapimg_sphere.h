/* mapimg_sphere: how the map sampler (render/mapimg.c) looks up a planet's
 * sphere: the map point through the view's projection (render/projection.h)
 * to a unit vector and its Voronoi cell. */
#ifndef OROGEN_RENDER_MAPIMG_SPHERE_H
#define OROGEN_RENDER_MAPIMG_SPHERE_H

#include <stdint.h>

#include "core/world.h"
#include "render/mapimg.h"

/* The cell of sphere world w under map point (u, v) in the projection of
 * its planet.projection (the unit vector into q), walking from *start
 * (updated); -1 off the projection's domain. view is unused (the window
 * is applied by the caller). */
long mapimg_sphere_cell(const struct world *w, const struct map_view *view, double u, double v,
                        int32_t *start, double *q);

/* One map pixel's size in radians of the sphere near the centre, for rows
 * dv apart in v. */
double mapimg_sphere_pixel(const struct world *w, double dv);

#endif
