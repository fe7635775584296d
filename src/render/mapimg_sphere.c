#include "config.h"
#include "render/mapimg_sphere.h"

#include <math.h>

#include "core/geom/mesh.h"
#include "core/recipe/params.h"
#include "render/projection.h"
#include "render/tint.h"

long
mapimg_sphere_cell(const struct world *w, const struct map_view *view, double u, double v,
                   int32_t *start, double *q)
{
    double lon0 = params_get(&w->params, P_PLANET_GLOBE_YAW);
    double lat0 = params_get(&w->params, P_PLANET_GLOBE_PITCH);
    (void)view;
    if (w->mesh == NULL || w->mesh->npoints == 0
        || !projection_inverse(params_int(&w->params, P_PLANET_PROJECTION), lon0, lat0, u, v,
                               q)) {
        return -1;
    }
    *start = mesh_nearest_point(w->mesh, q, *start);
    return *start;
}

double
mapimg_sphere_pixel(const struct world *w, double dv)
{
    return projection_scale(params_int(&w->params, P_PLANET_PROJECTION)) * (dv > 0.0 ? dv : -dv);
}

double
mapimg_sphere_hillshade(const struct world *w, int32_t p)
{
    const double *q = &w->mesh->points[3 * (size_t)p];
    int32_t nb[32];
    double g[3] = { 0.0, 0.0, 0.0 };
    int k, i, cnt;
    if (w->elevation == NULL || w->water == NULL || w->water[p] == WATER_OCEAN) {
        return 1.0;
    }
    cnt = mesh_cell_neighbors(w->mesh, p, nb, 32);
    cnt = cnt > 32 ? 32 : cnt;
    for (k = 0; k < cnt; k++) {
        const double *a = &w->mesh->points[3 * (size_t)nb[k]];
        double t[3] = { a[0] - q[0], a[1] - q[1], a[2] - q[2] }, dq, t2;
        double h = w->elevation[nb[k]] > 0.0f ? w->elevation[nb[k]] : 0.0;
        dq = t[0] * q[0] + t[1] * q[1] + t[2] * q[2];
        for (i = 0; i < 3; i++) {
            t[i] -= dq * q[i];
        }
        t2 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
        if (t2 > 0.0) {
            for (i = 0; i < 3; i++) {
                g[i] += (h - w->elevation[p]) * t[i] / t2;
            }
        }
    }
    if (cnt == 0) {
        return 1.0;
    }
    for (i = 0; i < 3; i++) {
        g[i] *= 2.0 / cnt;
    }
    return mapimg_sphere_shade(q, g);
}

double
mapimg_sphere_shade(const double *q, const double *g)
{
    double e[3], n[3], rho, ge, gn, s;
    rho = sqrt(q[0] * q[0] + q[1] * q[1]);
    if (rho < 1e-9) {
        return 1.0;
    }
    e[0] = -q[1] / rho;
    e[1] = q[0] / rho;
    e[2] = 0.0;
    n[0] = -q[2] * q[0] / rho;
    n[1] = -q[2] * q[1] / rho;
    n[2] = rho;
    /* the gradient in model units per radian, east and north, scaled as
     * the globe's relief (GLOBE_RELIEF 0.05): a range's flank tilts a few
     * tens of degrees */
    ge = MAPIMG_SPHERE_RELIEF * (g[0] * e[0] + g[1] * e[1] + g[2] * e[2]);
    gn = MAPIMG_SPHERE_RELIEF * (g[0] * n[0] + g[1] * n[1] + g[2] * n[2]);
    /* sun from the north-west 45 degrees up: normal (-ge, -gn, 1), light
     * (-1, 1, sqrt 2) / 2; flat land keeps its colour (0.3 + 0.707) */
    s = 0.293 + (ge - gn + 1.41421356) / (2.0 * sqrt(ge * ge + gn * gn + 1.0));
    return s < 0.45 ? 0.45 : s > 1.25 ? 1.25 : s;
}

void
mapimg_sphere_px_init(struct mapimg_sphere_px *s, const struct world *w, enum map_layer layer)
{
    s->rc.cell = -1;
    s->shade_cell = -1;
    s->shade_f = 1.0;
    s->shade = w->elevation != NULL && (layer == LAYER_COLOR || layer == LAYER_ELEVATION);
    s->rivers = sphere_rivers_on(w)
                && (layer == LAYER_COLOR || layer == LAYER_LAKES || layer == LAYER_RIVERS);
}

static uint32_t
scale_rgb(uint32_t rgb, double f)
{
    uint32_t out = 0;
    int k;
    for (k = 0; k < 24; k += 8) {
        double x = (double)((rgb >> k) & 255u) * f;
        out |= (uint32_t)(x > 255.0 ? 255.0 : x) << k;
    }
    return out;
}

uint32_t
mapimg_sphere_px_color(struct mapimg_sphere_px *s, const struct world *w, enum map_layer layer,
                       long c, const double *q, double dv, int first, uint32_t col)
{
    if (s->shade) {
        if (c != s->shade_cell) {
            s->shade_cell = c;
            s->shade_f = mapimg_sphere_hillshade(w, (int32_t)c);
        }
        col = scale_rgb(col, s->shade_f);
    }
    if (s->rivers) {
        if (first) {
            s->rc.cell = -1;
        }
        sphere_rivers_shade(w, &s->rc, (int32_t)c, q, mapimg_sphere_pixel(w, dv),
                            layer == LAYER_RIVERS ? 0xe8f0ffu : MAPIMG_RIVER_COLOR, &col);
    }
    return col;
}

long
mapimg_sphere_surface_px(struct mapimg_sphere_px *sp, const struct sphere_surface *s,
                         enum map_layer layer, const double *q, double dv, int first,
                         int32_t *start, uint32_t *col, int *wet)
{
    const struct world *w = s->w;
    struct sphere_point pt;
    uint32_t land;
    if (!sphere_surface_at(s, q, start, &pt)) {
        return -1;
    }
    land = scale_rgb(pt.land, mapimg_sphere_shade(q, pt.g));
    *col = pt.wet >= 1.0 ? pt.water : (pt.wet <= 0.0 ? land : tint_mix(land, pt.water, pt.wet));
    *wet = pt.wet > 0.5;
    if (sp->rivers) {
        if (first) {
            sp->rc.cell = -1;
        }
        sphere_rivers_shade(w, &sp->rc, pt.site, q, mapimg_sphere_pixel(w, dv),
                            layer == LAYER_RIVERS ? 0xe8f0ffu : MAPIMG_RIVER_COLOR, col);
    }
    return pt.site;
}
