/* iso_field_mesh: a planar mesh world (island) as the iso renderer's
 * heightfield (issue 24).
 *
 *   heights  the map's continuous surface (render/mapimg_mesh.c): the
 *            Clough-Tocher patch (C1, core/geom/clough_tocher.h) of the
 *            Delaunay triangle under the sample, built once a triangle, so
 *            slopes bend inside a triangle and crease at no edge;
 *   colours  the triangle's dry sites blended barycentrically (no nearest
 *            cell sawtooth along biome borders);
 *   water    a sample is sea where its triangle touches a sea site and the
 *            surface lies below sea level, and lake where the triangle
 *            touches a lake site and the surface lies below that lake's
 *            level: the filled surface of the hydrology (hydro_elev of the
 *            lake nodes around the site), one level per lake, so a lake is
 *            one flat plane whose shore is where the ground rises through
 *            it, not a stack of cells each at its own bed height. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/geom/clough_tocher.h"
#include "core/geom/mesh.h"
#include "render/iso.h"
#include "render/iso_internal.h"
#include "render/mapimg_internal.h"

/* Rivers along the Voronoi edges between routed vertices, as lines over
 * the field (render/iso_rivers.c): full width 0.3 to 1.2 samples by the
 * river's width relative to the widest. */
static enum og_status
river_lines(struct iso_field *f, const struct world *w, struct og_error *err)
{
    const struct mesh *m = w->mesh;
    double s = f->width - 1;
    float wmax = 0.0f, *seg;
    size_t t, n = 0;
    enum og_status st;

    if (w->river_width == NULL || w->downhill == NULL || m->centers == NULL ||
        w->nhydro != m->ntriangles) {
        return OG_OK;
    }
    for (t = 0; t < w->nhydro; t++) {
        wmax = w->river_width[t] > wmax ? w->river_width[t] : wmax;
    }
    seg = malloc(w->nhydro * 5 * sizeof *seg);
    if (seg == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    for (t = 0; t < w->nhydro; t++) {
        int32_t d = w->downhill[t];
        float *o = seg + 5 * n;
        if (w->river_width[t] <= 0.0f || d < 0 || (size_t)d >= w->nhydro) {
            continue;
        }
        o[0] = (float)(m->centers[2 * t] * s);
        o[1] = (float)(m->centers[2 * t + 1] * s);
        o[2] = (float)(m->centers[2 * d] * s);
        o[3] = (float)(m->centers[2 * d + 1] * s);
        if (fabs(o[2] - o[0]) + fabs(o[3] - o[1]) > 0.25 * s) {
            continue; /* not a river segment but a wrap or a bad index */
        }
        o[4] = (float)(0.5 * (0.3 + 0.9 * w->river_width[t] / wmax));
        n++;
    }
    st = iso_rivers_new(&f->rivers, seg, n, f->width, f->height, err);
    free(seg);
    return st;
}

struct mesh_fill {
    struct iso_field *f;
    const struct world *w;
    const struct mesh_look *g;
    const float *lv;
    double sea, rel, s;
};

static float
compress(double hn)
{
    return (float)(hn < 0.0 ? hn * ISO_SEA_FLOOR_SCALE : hn);
}

/* Sample (i, j) in the triangle of corners v and surface patch P, with
 * barycentric weights l. */
static void
fill_sample(const struct mesh_fill *F, int i, int j, const int32_t v[3], const struct ct_patch *P,
            const double l[3])
{
    const struct world *w = F->w;
    struct iso_field *f = F->f;
    size_t o = (size_t)j * (size_t)f->width + (size_t)i;
    double h, ch[3] = {0.0, 0.0, 0.0}, sum = 0.0;
    double lake = -INFINITY;
    int k, ocean = 0, nocean = 0, dry = 0, pass;

    ct_patch_eval(P, l, &h, NULL, NULL);
    for (k = 0; k < 3; k++) {
        uint8_t wt = w->water != NULL ? w->water[v[k]] : WATER_LAND;
        ocean |= wt == WATER_OCEAN;
        nocean += wt == WATER_OCEAN;
        dry |= wt == WATER_LAND;
        if (wt == WATER_LAKE && F->lv[v[k]] > lake) {
            lake = F->lv[v[k]];
        }
    }
    /* the surface may overshoot its sites a little: a triangle of sea
     * sites stays sea, one without any stays above the sea */
    if (nocean == 3 && h >= F->sea) {
        h = F->sea - 1e-6 * F->rel;
    } else if (!ocean && h < F->sea) {
        h = F->sea;
    }
    /* and within the world's range (the peak stays the highest point) */
    h = h > w->elev_max ? w->elev_max : (h < w->elev_min ? w->elev_min : h);
    f->terrain[o] = compress((h - F->sea) / F->rel);
    f->water[o] = -INFINITY;
    if (ocean && h < F->sea) {
        f->water[o] = 0.0f;
    } else if (lake > -INFINITY && h < lake) {
        f->water[o] = compress((lake - F->sea) / F->rel);
    }
    /* colour: the dry sites' (all sites' where none is dry) */
    for (pass = dry ? 0 : 1; pass < 2 && !(sum > 0.0); pass++) {
        for (k = 0; k < 3; k++) {
            uint32_t c;
            if ((pass == 0 && w->water != NULL && w->water[v[k]] != WATER_LAND) ||
                !(l[k] > 0.0)) {
                continue;
            }
            c = iso_cell_ground_color(w, (size_t)v[k],
                                      ((double)w->elevation[v[k]] - F->sea) / F->rel);
            ch[0] += l[k] * (double)((c >> 16) & 255u);
            ch[1] += l[k] * (double)((c >> 8) & 255u);
            ch[2] += l[k] * (double)(c & 255u);
            sum += l[k];
        }
    }
    if (sum > 0.0) {
        f->color[o] = (uint32_t)(ch[0] / sum + 0.5) << 16 | (uint32_t)(ch[1] / sum + 0.5) << 8 |
                      (uint32_t)(ch[2] / sum + 0.5);
    } else {
        f->color[o] = iso_cell_ground_color(w, (size_t)v[0], 0.0);
    }
}

/* Every sample inside triangle t. */
static void
fill_triangle(const struct mesh_fill *F, size_t t)
{
    const struct mesh *m = F->w->mesh;
    int32_t v[3] = {m->triangles[3 * t], m->triangles[3 * t + 1], m->triangles[3 * t + 2]};
    double s = F->s, res = F->f->width;
    double ax = m->points[2 * v[0]] * s, ay = m->points[2 * v[0] + 1] * s;
    double bx = m->points[2 * v[1]] * s, by = m->points[2 * v[1] + 1] * s;
    double cx = m->points[2 * v[2]] * s, cy = m->points[2 * v[2] + 1] * s;
    double det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    int i0 = (int)ceil(fmin(ax, fmin(bx, cx))), i1 = (int)floor(fmax(ax, fmax(bx, cx)));
    int j0 = (int)ceil(fmin(ay, fmin(by, cy))), j1 = (int)floor(fmax(ay, fmax(by, cy)));
    int i, j;
    struct ct_patch P;

    if (det == 0.0) {
        return;
    }
    ct_site_patch(&P, m, (int32_t)t, F->w->elevation, F->g->grad);
    i0 = i0 < 0 ? 0 : i0;
    j0 = j0 < 0 ? 0 : j0;
    i1 = i1 > res - 1 ? (int)res - 1 : i1;
    j1 = j1 > res - 1 ? (int)res - 1 : j1;
    for (j = j0; j <= j1; j++) {
        for (i = i0; i <= i1; i++) {
            double l[3];
            l[1] = ((i - ax) * (cy - ay) - (j - ay) * (cx - ax)) / det;
            l[2] = ((bx - ax) * (j - ay) - (by - ay) * (i - ax)) / det;
            l[0] = 1.0 - l[1] - l[2];
            if (l[0] < -1e-9 || l[1] < -1e-9 || l[2] < -1e-9) {
                continue;
            }
            fill_sample(F, i, j, v, &P, l);
        }
    }
}

/* Samples outside the hull: the nearest cell's height, colour and water. */
static void
fill_outside(const struct mesh_fill *F)
{
    const struct world *w = F->w;
    struct iso_field *f = F->f;
    int res = f->width, i, j;
    int32_t start = 0;

    for (j = 0; j < res; j++) {
        for (i = 0; i < res; i++) {
            size_t o = (size_t)j * (size_t)res + (size_t)i;
            double q[2] = {i / F->s, j / F->s}, hn;
            int32_t c;
            if (!isnan(f->terrain[o])) {
                continue;
            }
            c = mesh_nearest_point(w->mesh, q, start);
            if (c < 0) {
                f->terrain[o] = 0.0f;
                continue;
            }
            start = c;
            hn = ((double)w->elevation[c] - F->sea) / F->rel;
            f->terrain[o] = compress(hn);
            f->color[o] = iso_cell_ground_color(w, (size_t)c, hn);
            if (w->water != NULL && w->water[c] == WATER_OCEAN) {
                f->water[o] = 0.0f;
            } else if (w->water != NULL && w->water[c] == WATER_LAKE) {
                f->water[o] = compress((F->lv[c] - F->sea) / F->rel);
            }
        }
    }
}

enum og_status
iso_field_from_mesh(struct iso_field *f, const struct world *w, int res, struct og_error *err)
{
    const struct mesh *m = w->mesh;
    struct mesh_look *g = NULL;
    struct mesh_fill F;
    enum og_status st;
    size_t t, n;
    const float *lv;

    if (m == NULL || m->dim != 2 || m->npoints == 0) {
        return og_error_set(err, OG_EUNSUPPORTED, "world has no planar mesh to render");
    }
    if (res < 16 || res > 4096) {
        return og_error_set(err, OG_ERANGE,
                            "param 'render.island_resolution' = %d outside [16, 4096]", res);
    }
    st = iso_field_alloc(f, res, res, 0, err);
    if (st != OG_OK) {
        return st;
    }
    F.f = f;
    F.w = w;
    F.sea = w->sea_level;
    F.rel = iso_world_relief(w);
    F.s = res - 1;
    iso_true_scale(f, w, F.rel);
    st = mapimg_mesh_look_new(w, LAYER_COLOR, 1, 1.0 / F.s, &g, err);
    lv = g != NULL ? g->lake_level : NULL;
    if (st != OG_OK || g == NULL) {
        mapimg_mesh_look_free(g);
        iso_field_fini(f);
        return st != OG_OK ? st
                           : og_error_set(err, OG_ENOMEM, "out of memory for the iso surface");
    }
    F.g = g;
    F.lv = lv;
    n = (size_t)res * (size_t)res;
    for (t = 0; t < n; t++) {
        f->terrain[t] = NAN;
    }
    for (t = 0; t < m->ntriangles; t++) {
        fill_triangle(&F, t);
    }
    fill_outside(&F);
    mapimg_mesh_look_free(g);
    st = river_lines(f, w, err);
    if (st != OG_OK) {
        iso_field_fini(f);
    }
    return st;
}
