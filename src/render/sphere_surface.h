/* sphere_surface: a planet drawn from continuous fields on the sphere
 * (issue 24), for the map projections (render/mapimg.c) and the globe
 * (render/globe.c).
 *   surface  each site's tangent plane (least-squares gradient over its
 *            Delaunay neighbours in the site's tangent plane, weighted by
 *            inverse squared distance), blended by the gnomonic barycentric
 *            weights of the spherical Delaunay triangle under the point:
 *            h(q) = sum l_i (h_i + g_i . q) (g_i is tangent at p_i, so
 *            g_i . (q - p_i) = g_i . q). It passes through every site,
 *            is continuous across edges and bends inside a triangle; its
 *            shading gradient is the blend of the sites' gradients (the
 *            planar maps' surface, render/mapimg_mesh.c, on the sphere).
 *   detail   3-D value noise on the unit vector, seeded by the world seed,
 *            SPHERE_DETAIL_M metres in all (gain SPHERE_DETAIL_GAIN per
 *            octave), octaves from two site spacings down to two pixels, added to the surface before the
 *            water contours: the coast jumps about 0.06 elevation units
 *            (180 m) across one site spacing, so it moves at most about
 *            half a spacing; features stay where the simulation put them.
 *   water    the coast and lake shores are the contours of h at sea level
 *            and at the lake's level, anti-aliased over a pixel; the sea is
 *            coloured by its interpolated depth in metres (shallows to
 *            ocean colour from SPHERE_SHALLOW_M to SPHERE_DEEP_M), so the
 *            shelf's drawn width is the bathymetry's; lakes are flat, a
 *            lake site's level half way from its bed to its lowest dry
 *            neighbour (from the elevations alone, so an edited planet
 *            and its replay draw the same bytes).
 *   colours  the dry sites' and the wet sites' colours of the triangle,
 *            each blended barycentrically on its own side. */
#ifndef OROGEN_RENDER_SPHERE_SURFACE_H
#define OROGEN_RENDER_SPHERE_SURFACE_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/mapimg.h"

#define SPHERE_DETAIL_M 100.0
#define SPHERE_DETAIL_GAIN 0.6
#define SPHERE_SHALLOW_M 80.0
#define SPHERE_DEEP_M 600.0
/* metres per elevation unit of a planet (the climate's, doc/planet.md) */
#define SPHERE_UNIT_M 3000.0

struct sphere_surface {
    const struct world *w;
    enum map_layer layer;
    double *grad;        /* 3 per site: tangent gradient, units per radian */
    double *shade_grad;  /* 3 per site: the same with the sea at sea level */
    float *lake_level;   /* per site: its lake's level (half way from its bed
                            to its lowest dry neighbour), -INFINITY if none */
    double spacing;      /* mean site spacing, radians */
    double px;           /* a pixel, radians */
    double detail_amp[8], detail_freq[8];
    int octaves;
    uint64_t seed;
    int ocean_id, shallow_id; /* biome ids drawn by depth (-1 none) */
    uint32_t shallow_rgb, ocean_rgb;
};

/* The surface of sphere world w for layer (colour or elevation; other
 * layers: *out = NULL) at a pixel of px radians. Errors: OG_ENOMEM. */
enum og_status sphere_surface_new(const struct world *w, enum map_layer layer, double px,
                                  struct sphere_surface **out, struct og_error *err);
void sphere_surface_free(struct sphere_surface *s);

/* One point of the surface. */
struct sphere_point {
    uint32_t land, water; /* unshaded colours of the two sides */
    double wet;           /* water's coverage of the pixel, 0..1 */
    double g[3];          /* the land's shading gradient at q, units per radian */
    int32_t site;         /* the nearest site */
};

/* The surface at unit vector q, walking from *start (a site, updated).
 * Returns 0 when no triangle holds q (a degenerate mesh). */
int sphere_surface_at(const struct sphere_surface *s, const double *q, int32_t *start,
                      struct sphere_point *out);

#endif
