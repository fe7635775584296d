/* mapimg_mesh: planar mesh worlds (island) drawn from a continuous
 * surface where a cell covers MAP_SMOOTH_PIXELS pixels or more (issue 24,
 * render/mapimg_internal.h).
 *   surface  the Clough-Tocher patch of the Delaunay triangle under the
 *            point (core/geom/clough_tocher.h: C1, cubic on each third of
 *            the triangle) through the sites' elevations with their
 *            minimum-curvature gradients (core/geom/site_gradient.h). Height
 *            and gradient are continuous across triangle edges, so
 *            neither a facet nor a crease along an edge shows in the
 *            relief shading, and contours are curves (map version 7; the
 *            blend of the sites' tangent planes before it was C0 and left
 *            the gradient's kinks along edges, star-shaped in the snow).
 *   coast    the zero contour of h - sea level, anti-aliased over a pixel
 *            by its value over its gradient; wet and dry sites blend their
 *            colours on their own side, as before. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/geom/clough_tocher.h"
#include "core/geom/mesh.h"
#include "core/geom/site_gradient.h"
#include "render/detail.h"
#include "render/mapimg_internal.h"
#include "render/tint.h"

enum og_status
mapimg_mesh_look_new(const struct world *w, enum map_layer layer, int smooth, double px_units,
                     struct mesh_look **out, struct og_error *err)
{
    const struct mesh *m = w->mesh;
    struct mesh_look *g;
    *out = NULL;
    if (!smooth || w->kind != WORLD_MESH || w->elevation == NULL || m == NULL ||
        !(layer == LAYER_COLOR || layer == LAYER_ELEVATION)) {
        return OG_OK;
    }
    g = calloc(1, sizeof *g);
    if (g == NULL || (g->grad = malloc(sizeof *g->grad * 2 * m->npoints)) == NULL ||
        (g->hess = malloc(sizeof *g->hess * 4 * m->npoints)) == NULL ||
        (g->lake_level = malloc(sizeof *g->lake_level * m->npoints)) == NULL) {
        mapimg_mesh_look_free(g);
        return og_error_set(err, OG_ENOMEM, "out of memory for a map's surface");
    }
    mapimg_mesh_lake_levels(w, g->lake_level);
    g->w = w;
    g->px = px_units;
    g->relief = w->elev_max - w->elev_min;
    site_gradients(m, w->elevation, g->grad);
    /* the gradient field's own gradients, for its C1 interpolant */
    site_gradients_of(m, g->grad, 2, g->hess);
    site_gradients_of(m, g->grad + 1, 2, g->hess + 2 * m->npoints);
    /* the grid maps' hill shade: the relief over an eighth of the map's
       width */
    g->shade_k = g->relief > 0.0 ? (1.0 / 8.0) / g->relief : 0.0;
    if (detail_new(w, detail_spacing_m(w, px_units, px_units), &g->detail, err) != OG_OK) {
        mapimg_mesh_look_free(g);
        return OG_ENOMEM;
    }
    *out = g;
    return OG_OK;
}

void
mapimg_mesh_look_free(struct mesh_look *g)
{
    if (g != NULL) {
        free(g->grad);
        free(g->hess);
        free(g->lake_level);
        detail_delete(g->detail);
        free(g);
    }
}

void
mapimg_mesh_lake_levels(const struct world *w, float *lv)
{
    const struct mesh *m = w->mesh;
    size_t p, t;
    int k;

    for (p = 0; p < m->npoints; p++) {
        lv[p] = -INFINITY;
    }
    if (w->water == NULL) {
        return;
    }
    if (w->lake == NULL || w->hydro_elev == NULL || w->nhydro != m->ntriangles) {
        for (p = 0; p < m->npoints; p++) {
            if (w->water[p] == WATER_LAKE) {
                lv[p] = w->elevation[p]; /* no hydrology: the site's own height */
            }
        }
        return;
    }
    for (t = 0; t < m->ntriangles; t++) {
        if (w->lake[t] != LAKE_WATER) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t q = m->triangles[3 * t + k];
            if (w->water[q] == WATER_LAKE && w->hydro_elev[t] > lv[q]) {
                lv[q] = w->hydro_elev[t];
            }
        }
    }
}

/* The patches of triangle t: height, and the two gradient components. */
static void
surface_patches(const struct mesh_look *g, int32_t t, struct mesh_patch_cache *pc)
{
    const struct mesh *m = g->w->mesh;
    double fx[3], fy[3], gx[3][2], gy[3][2];
    int k;

    ct_site_patch(&pc->h, m, t, g->w->elevation, g->grad);
    for (k = 0; k < 3; k++) {
        size_t v = (size_t)m->triangles[3 * (size_t)t + k];
        fx[k] = g->grad[2 * v];
        fy[k] = g->grad[2 * v + 1];
        gx[k][0] = g->hess[2 * v];
        gx[k][1] = g->hess[2 * v + 1];
        gy[k][0] = g->hess[2 * (m->npoints + v)];
        gy[k][1] = g->hess[2 * (m->npoints + v) + 1];
    }
    ct_mesh_patch(&pc->gx, m, t, fx, gx);
    ct_mesh_patch(&pc->gy, m, t, fy, gy);
    pc->tri = t;
}

void
mapimg_mesh_surface(const struct mesh_look *g, struct mesh_patch_cache *pc, int32_t t,
                    const double l[3], double *h, double *hx, double *hy)
{
    struct mesh_patch_cache own;
    if (pc == NULL) {
        pc = &own;
        pc->tri = -1;
    }
    if (pc->tri != t) {
        surface_patches(g, t, pc);
    }
    ct_patch_eval(&pc->h, l, h, NULL, NULL);
    ct_patch_eval(&pc->gx, l, hx, NULL, NULL);
    ct_patch_eval(&pc->gy, l, hy, NULL, NULL);
}

double
mapimg_mesh_shade(const struct mesh_look *g, double hx, double hy)
{
    double dzdx = hx * g->shade_k, dzdy = hy * g->shade_k;
    double n = sqrt(dzdx * dzdx + dzdy * dzdy + 1.0);
    double l = (dzdx + dzdy + 1.41421356) / (2.0 * n);
    double s = 0.55 + 0.6 * l;
    return s < 0.35 ? 0.35 : (s > 1.25 ? 1.25 : s);
}

double
mapimg_mesh_wet(const struct mesh_look *g, double h, double hx, double hy)
{
    double c = h - g->w->sea_level, grad = sqrt(hx * hx + hy * hy) * g->px, a;
    if (!(grad > 0.0)) {
        return c < 0.0 ? 1.0 : 0.0;
    }
    a = 0.5 - c / grad;
    return a < 0.0 ? 0.0 : (a > 1.0 ? 1.0 : a);
}

/* The colours of the triangle's sites on one side (wet or dry), blended by
 * their barycentric weights; 0 when none is on that side. */
static int
side_color(const struct world *w, enum map_layer layer, const int32_t v[3], const double l[3],
           int wet, double flow_log_max, uint32_t *out)
{
    double ch[3] = { 0.0, 0.0, 0.0 }, sum = 0.0;
    int k;
    for (k = 0; k < 3; k++) {
        if ((w->water[v[k]] != WATER_LAND) == wet && l[k] > 0.0) {
            uint32_t c = mapimg_cell_color(w, layer, (size_t)v[k], flow_log_max);
            ch[0] += l[k] * (double)((c >> 16) & 255u);
            ch[1] += l[k] * (double)((c >> 8) & 255u);
            ch[2] += l[k] * (double)(c & 255u);
            sum += l[k];
        }
    }
    if (!(sum > 0.0)) {
        return 0;
    }
    *out = (uint32_t)(ch[0] / sum + 0.5) << 16 | (uint32_t)(ch[1] / sum + 0.5) << 8 |
           (uint32_t)(ch[2] / sum + 0.5);
    return 1;
}

int
mapimg_mesh_color(const struct mesh_look *g, struct mesh_patch_cache *pc, enum map_layer layer,
                  int32_t t, const int32_t v[3], const double l[3], double flow_log_max,
                  uint32_t *out)
{
    const struct world *w = g->w;
    double h, hx, hy, a, share = 0.0, level = -INFINITY;
    uint32_t land = 0, water = 0;
    int k, lake = 0, have_land, have_water;

    for (k = 0; k < 3; k++) {
        share += w->water[v[k]] != WATER_LAND ? l[k] : 0.0;
        lake |= w->water[v[k]] == WATER_LAKE;
        level = g->lake_level[v[k]] > level ? g->lake_level[v[k]] : level;
    }
    mapimg_mesh_surface(g, pc, t, l, &h, &hx, &hy);
    /* a lake's shore is the surface's contour at its level (map version
       6), anti-aliased as the coast; the wet share where no level is known */
    if (lake && level > -INFINITY) {
        double c = h - level, grad = sqrt(hx * hx + hy * hy) * g->px;
        a = grad > 0.0 ? 0.5 - c / grad : (c < 0.0 ? 1.0 : 0.0);
        a = a < 0.0 ? 0.0 : (a > 1.0 ? 1.0 : a);
    } else {
        a = lake ? (share > 0.5 ? 1.0 : 0.0) : mapimg_mesh_wet(g, h, hx, hy);
    }
    have_land = side_color(g->w, layer, v, l, 0, flow_log_max, &land);
    have_water = side_color(g->w, layer, v, l, 1, flow_log_max, &water);
    if (!have_land && !have_water) {
        return -1;
    }
    if (!have_land) {
        a = 1.0;
    } else if (!have_water) {
        a = 0.0;
    }
    if (have_land) {
        if (g->detail != NULL) {
            /* the gullies in the shading; the coast stays the surface's */
            const double *p0 = &w->mesh->points[2 * (size_t)v[0]];
            const double *p1 = &w->mesh->points[2 * (size_t)v[1]];
            const double *p2 = &w->mesh->points[2 * (size_t)v[2]];
            double ou, ov, qx = l[0] * p0[0] + l[1] * p1[0] + l[2] * p2[0];
            double qy = l[0] * p0[1] + l[1] * p1[1] + l[2] * p2[1];
            detail_offset(g->detail, qx, qy, h, hx, hy, &ou, &ov);
            hx += ou;
            hy += ov;
        }
        land = tint_mix(0, land, mapimg_mesh_shade(g, hx, hy));
    }
    *out = a >= 1.0 ? water : (a <= 0.0 ? land : tint_mix(land, water, a));
    return a > 0.5;
}

/* Barycentric weights of q in triangle t; 1 when q is inside (closed). */
static int
tri_weights(const struct mesh *m, int32_t t, const double *q, double l[3])
{
    const double *a = &m->points[2 * m->triangles[3 * t]];
    const double *b = &m->points[2 * m->triangles[3 * t + 1]];
    const double *c = &m->points[2 * m->triangles[3 * t + 2]];
    double d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
    const double eps = -1e-12;

    if (d == 0.0) {
        return 0;
    }
    l[0] = ((b[1] - c[1]) * (q[0] - c[0]) + (c[0] - b[0]) * (q[1] - c[1])) / d;
    l[1] = ((c[1] - a[1]) * (q[0] - c[0]) + (a[0] - c[0]) * (q[1] - c[1])) / d;
    l[2] = 1.0 - l[0] - l[1];
    return l[0] >= eps && l[1] >= eps && l[2] >= eps;
}

int
mapimg_mesh_smooth_color(const struct world *w, enum map_layer layer, int32_t p, const double *q,
             double flow_log_max, const struct mesh_look *ml,
             struct mesh_patch_cache *pc, uint32_t *out)
{
    const struct mesh *m = w->mesh;
    double l[3], wet = 0.0;
    int32_t t = mesh_triangle_near(m, p, q, l, tri_weights), v[3];
    int k;

    if (t < 0) {
        return 0;
    }
    if (ml != NULL) {
        for (k = 0; k < 3; k++) {
            v[k] = m->triangles[3 * t + k];
        }
        k = mapimg_mesh_color(ml, pc, layer, t, v, l, flow_log_max, out);
        return k < 0 ? 0 : (k ? 2 : 3);
    }
    for (k = 0; k < 3; k++) {
        v[k] = m->triangles[3 * t + k];
        wet += w->water[v[k]] != WATER_LAND ? l[k] : 0.0;
    }
    return side_color(w, layer, v, l, wet > 0.5, flow_log_max, out);
}
