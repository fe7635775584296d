#include "config.h"
#include "render/globe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"
#include "core/base/interrupt.h"
#include "render/mapimg.h"
#include "render/raster.h"
#include "render/tint.h"
#include "render/sphere_rivers.h"
#include "render/sphere_surface.h"
#include "core/base/parallel.h"
#include "core/recipe/params.h"

/* View basis: c towards the viewer from the centre, r east (screen right),
 * u north (screen up). det_sincos, not libm: the basis decides every
 * pixel, so it must be the same bits under every libm (reproducibility.md). */
static void
view_basis(double yaw, double pitch, double c[3], double r[3], double u[3])
{
    double y = yaw * M_PI / 180.0, p = pitch * M_PI / 180.0, sy, cy, sp, cp;
    det_sincos(y, &sy, &cy);
    det_sincos(p, &sp, &cp);
    c[0] = cp * cy;
    c[1] = cp * sy;
    c[2] = sp;
    r[0] = -sy;
    r[1] = cy;
    r[2] = 0.0;
    u[0] = -sp * cy;
    u[1] = -sp * sy;
    u[2] = cp;
}

static uint32_t
shade(uint32_t rgb, double s)
{
    int r = (int)((rgb >> 16 & 255) * s + 0.5), g = (int)((rgb >> 8 & 255) * s + 0.5);
    int b = (int)((rgb & 255) * s + 0.5);
    r = r > 255 ? 255 : r;
    g = g > 255 ? 255 : g;
    b = b > 255 ? 255 : b;
    return (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
}

/* Relief shading: the normal of cell p tilted by the land's elevation
 * gradient, n = normalise(q - GLOBE_RELIEF g), with g the tangential
 * gradient estimated from the neighbours, (2 / k) sum (e_u - e_p) t_u /
 * |t_u|^2 (t_u the neighbour's offset projected on the tangent plane; for k
 * neighbours spread evenly around p, sum t t^T / |t|^2 = k/2 I). Sea cells
 * and worlds without elevation keep the sphere's normal. */
#define GLOBE_RELIEF 0.05

static void
relief_normal(const struct world *w, int32_t p, double *n)
{
    const double *q = &w->mesh->points[3 * (size_t)p];
    int32_t nb[32];
    double g[3] = { 0.0, 0.0, 0.0 }, l;
    int k, cnt;
    n[0] = q[0];
    n[1] = q[1];
    n[2] = q[2];
    if (w->elevation == NULL || w->elevation[p] <= w->sea_level) {
        return;
    }
    cnt = mesh_cell_neighbors(w->mesh, p, nb, 32);
    cnt = cnt > 32 ? 32 : cnt;
    for (k = 0; k < cnt; k++) {
        const double *a = &w->mesh->points[3 * (size_t)nb[k]];
        double t[3] = { a[0] - q[0], a[1] - q[1], a[2] - q[2] }, dq, t2;
        float e = w->elevation[nb[k]];
        int i;
        dq = t[0] * q[0] + t[1] * q[1] + t[2] * q[2];
        for (i = 0; i < 3; i++) {
            t[i] -= dq * q[i];
        }
        t2 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
        if (t2 <= 0.0) {
            continue;
        }
        /* the sea counts as the coast's height, so coasts do not cliff */
        e = e > w->sea_level ? e : w->sea_level;
        for (i = 0; i < 3; i++) {
            g[i] += (e - w->elevation[p]) * t[i] / t2;
        }
    }
    if (cnt == 0) {
        return;
    }
    for (k = 0; k < 3; k++) {
        n[k] = q[k] - GLOBE_RELIEF * 2.0 / cnt * g[k];
    }
    l = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    n[0] /= l;
    n[1] /= l;
    n[2] /= l;
}

enum og_status
globe_sample(const struct world *w, double yaw, double pitch, int width, int height,
             uint32_t *rgb, int32_t *cell_out, struct og_error *err)
{
    /* light: up and to the left of the viewer, in view coordinates */
    const double lx = -0.45, ly = 0.55, lz = 0.70;
    double c[3], r[3], u[3], rad, ll, lw[3], cached_l = 0.0;
    int32_t start = 0, cached = -1;
    int px, py, rivers;
    struct sphere_rivers rc;

    if (w == NULL || w->kind != WORLD_SPHERE || w->mesh == NULL || w->mesh->npoints == 0
        || w->mesh->dim != 3) {
        return og_error_set(err, OG_EINVAL, "the globe needs a planet (sphere) world");
    }
    if (rgb != NULL && w->color == NULL) {
        return og_error_set(err, OG_EINVAL, "the globe needs a world with colours");
    }
    if (width < 1 || height < 1 || width > GLOBE_MAX_SIDE || height > GLOBE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "globe size %dx%d outside 1..%d per side", width,
                            height, GLOBE_MAX_SIDE);
    }
    view_basis(yaw, pitch, c, r, u);
    rad = (width < height ? width : height) / 2.0;
    rivers = rgb != NULL && sphere_rivers_on(w);
    rc.cell = -1;
    ll = sqrt(lx * lx + ly * ly + lz * lz);
    /* the light in world coordinates */
    for (px = 0; px < 3; px++) {
        lw[px] = (lx * r[px] + ly * u[px] + lz * c[px]) / ll;
    }
    for (py = 0; py < height; py++) {
        double sy = (height / 2.0 - (py + 0.5)) / rad;
        if (og_interrupted()) {  /* an interrupted export (outfile.h) */
            return og_error_set(err, OG_ECANCELED, "globe render interrupted");
        }
        for (px = 0; px < width; px++) {
            double sx = (px + 0.5 - width / 2.0) / rad, d2 = sx * sx + sy * sy, sz, q[3], l;
            size_t o = (size_t)py * (size_t)width + (size_t)px;
            int32_t cell;
            int k;
            if (d2 > 1.0) {
                if (rgb != NULL) {
                    rgb[o] = 0;
                }
                if (cell_out != NULL) {
                    cell_out[o] = -1;
                }
                continue;
            }
            sz = sqrt(1.0 - d2);
            for (k = 0; k < 3; k++) {
                q[k] = sx * r[k] + sy * u[k] + sz * c[k];
            }
            cell = start = mesh_nearest_point(w->mesh, q, start);
            if (cell_out != NULL) {
                cell_out[o] = cell;
            }
            if (rgb != NULL) {
                /* the sphere's shading per pixel, times the relief's
                 * change of it per cell */
                double nn[3];
                l = (sx * lx + sy * ly + sz * lz) / ll;
                if (cell != cached) {
                    const double *pq = &w->mesh->points[3 * (size_t)cell];
                    relief_normal(w, cell, nn);
                    cached_l = (nn[0] * lw[0] + nn[1] * lw[1] + nn[2] * lw[2])
                               - (pq[0] * lw[0] + pq[1] * lw[1] + pq[2] * lw[2]);
                    cached = cell;
                }
                l += cached_l;
                rgb[o] = shade(w->color[cell], 0.3 + 0.7 * (l > 0.0 ? l : 0.0));
                if (rivers) {
                    sphere_rivers_shade(w, &rc, cell, q, 1.0 / rad, MAPIMG_RIVER_COLOR, &rgb[o]);
                }
            }
        }
    }
    return OG_OK;
}

enum og_status
planet_sample_ortho(const struct world *w, double yaw, double pitch, int width, int height,
                    uint32_t *rgb, int32_t *cell_out)
{
    return globe_sample(w, yaw, pitch, width, height, rgb, cell_out, NULL);
}

int32_t
globe_center_cell(const struct world *w, double yaw, double pitch)
{
    double c[3], r[3], u[3];
    if (w == NULL || w->kind != WORLD_SPHERE || w->mesh == NULL || w->mesh->npoints == 0) {
        return -1;
    }
    view_basis(yaw, pitch, c, r, u);
    return mesh_nearest_point(w->mesh, c, 0);
}

/* River segments as flat quads just above the cells (render/sphere_rivers.h
 * for their ends and widths), in the river colour. */
static void
globe_raster_rivers(const struct world *w, struct raster *r, const double *c, const double *rr,
                    const double *u, double rad)
{
    size_t p;
    for (p = 0; p < w->ncells; p++) {
        double a[3], b[3], hw, ax, ay, az, bx, by, bz, dx, dy, l, nx, ny;
        float t1[9], t2[9];
        if (!sphere_river_segment(w, (int32_t)p, a, b, &hw)) {
            continue;
        }
        az = a[0] * c[0] + a[1] * c[1] + a[2] * c[2];
        bz = b[0] * c[0] + b[1] * c[1] + b[2] * c[2];
        if (az < 0.0 || bz < 0.0) {
            continue;
        }
        ax = rad * (1.0 + a[0] * rr[0] + a[1] * rr[1] + a[2] * rr[2]);
        ay = rad * (1.0 - (a[0] * u[0] + a[1] * u[1] + a[2] * u[2]));
        bx = rad * (1.0 + b[0] * rr[0] + b[1] * rr[1] + b[2] * rr[2]);
        by = rad * (1.0 - (b[0] * u[0] + b[1] * u[1] + b[2] * u[2]));
        dx = bx - ax;
        dy = by - ay;
        l = sqrt(dx * dx + dy * dy);
        if (l <= 0.0) {
            continue;
        }
        nx = -dy / l * hw;
        ny = dx / l * hw;
        /* just in front of the surface: the facets are chords, below it */
        az = -az - 0.01;
        bz = -bz - 0.01;
        t1[0] = (float)(ax + nx); t1[1] = (float)(ay + ny); t1[2] = (float)az;
        t1[3] = (float)(bx + nx); t1[4] = (float)(by + ny); t1[5] = (float)bz;
        t1[6] = (float)(bx - nx); t1[7] = (float)(by - ny); t1[8] = (float)bz;
        t2[0] = (float)(ax + nx); t2[1] = (float)(ay + ny); t2[2] = (float)az;
        t2[3] = (float)(bx - nx); t2[4] = (float)(by - ny); t2[5] = (float)bz;
        t2[6] = (float)(ax - nx); t2[7] = (float)(ay - ny); t2[8] = (float)az;
        raster_triangle(r, t1, MAPIMG_RIVER_COLOR, RASTER_DEPTH);
        raster_triangle(r, t2, MAPIMG_RIVER_COLOR, RASTER_DEPTH);
    }
}

/* The globe's pixels drawn from the planet's continuous fields
 * (render/sphere_surface.h): the land's colour lit through the normal
 * tilted by the surface's gradient (as relief_normal's, GLOBE_RELIEF), the
 * water lit by the sphere's normal, blended by the water's coverage; the
 * depth of the sphere, so the river quads lie in front. Rows in batches of
 * GLOBE_ROWS, each starting its walk afresh, so every thread count gives
 * the same bytes. */
#define GLOBE_ROWS 16

struct globe_job {
    const struct sphere_surface *s;
    struct raster *r;
    double c[3], rr[3], u[3], lv[3], lw[3], rad;
};

static enum og_status
globe_surface_rows(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct globe_job *J = arg;
    struct raster *r = J->r;
    int32_t start = 0;
    size_t py;
    (void)batch;
    for (py = begin; py < end; py++) {
        double sy = (r->height / 2.0 - ((double)py + 0.5)) / J->rad;
        int px;
        if (og_interrupted()) {
            return og_error_set(err, OG_ECANCELED, "globe render interrupted");
        }
        for (px = 0; px < r->width; px++) {
            double sx = (px + 0.5 - r->width / 2.0) / J->rad, d2 = sx * sx + sy * sy, sz, q[3];
            double ls, lq, n[3], nl, l;
            size_t o = py * (size_t)r->width + (size_t)px;
            struct sphere_point pt;
            uint32_t land, water, col;
            int k;
            if (d2 > 1.0) {
                continue;
            }
            sz = sqrt(1.0 - d2);
            for (k = 0; k < 3; k++) {
                q[k] = sx * J->rr[k] + sy * J->u[k] + sz * J->c[k];
            }
            if (!sphere_surface_at(J->s, q, &start, &pt)) {
                continue;
            }
            ls = sx * J->lv[0] + sy * J->lv[1] + sz * J->lv[2];
            for (k = 0; k < 3; k++) {
                n[k] = q[k] - GLOBE_RELIEF * pt.g[k];
            }
            nl = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            lq = q[0] * J->lw[0] + q[1] * J->lw[1] + q[2] * J->lw[2];
            l = ls + (n[0] * J->lw[0] + n[1] * J->lw[1] + n[2] * J->lw[2]) / nl - lq;
            land = shade(pt.land, 0.3 + 0.7 * (l > 0.0 ? l : 0.0));
            water = shade(pt.water, 0.3 + 0.7 * (ls > 0.0 ? ls : 0.0));
            col = pt.wet >= 1.0 ? water : (pt.wet <= 0.0 ? land : tint_mix(land, water, pt.wet));
            r->rgba[4 * o] = (uint8_t)(col >> 16);
            r->rgba[4 * o + 1] = (uint8_t)(col >> 8);
            r->rgba[4 * o + 2] = (uint8_t)col;
            r->rgba[4 * o + 3] = 255;
            r->depth[o] = (float)-sz;
        }
    }
    return OG_OK;
}

/* Fill r from the surface s of w; 1 when drawn (0: no surface, draw the
 * cells). */
static enum og_status
globe_surface(const struct world *w, double yaw, double pitch, struct raster *r, int *drawn,
              struct og_error *err)
{
    const double lx = -0.45, ly = 0.55, lz = 0.70;
    struct sphere_surface *s = NULL;
    struct globe_job J;
    double ll = sqrt(lx * lx + ly * ly + lz * lz);
    enum og_status st;
    int k;

    *drawn = 0;
    J.rad = (r->width < r->height ? r->width : r->height) / 2.0;
    if (params_int(&w->params, P_RENDER_MAP_CELLS) != 0) {
        return OG_OK;
    }
    if ((st = sphere_surface_new(w, LAYER_COLOR, 1.0 / J.rad, &s, err)) != OG_OK || s == NULL) {
        return st;
    }
    view_basis(yaw, pitch, J.c, J.rr, J.u);
    J.s = s;
    J.r = r;
    J.lv[0] = lx / ll;
    J.lv[1] = ly / ll;
    J.lv[2] = lz / ll;
    for (k = 0; k < 3; k++) {
        J.lw[k] = (lx * J.rr[k] + ly * J.u[k] + lz * J.c[k]) / ll;
    }
    st = og_parallel_for(og_threads_default(), (size_t)r->height, GLOBE_ROWS, globe_surface_rows,
                         &J, NULL, 0.0, 1.0, err);
    sphere_surface_free(s);
    *drawn = st == OG_OK;
    return st;
}

enum og_status
globe_render_raster(const struct world *w, double yaw, double pitch, int size,
                    struct raster **out, struct og_error *err)
{
    const double lx = -0.45, ly = 0.55, lz = 0.70;
    const struct mesh *m;
    struct raster *r = NULL;
    double c[3], rr[3], u[3], rad, ll;
    int32_t tris[64];
    size_t p;
    int drawn = 0;
    enum og_status st;

    *out = NULL;
    if ((st = globe_sample(w, yaw, pitch, 1, 1, NULL, NULL, err)) != OG_OK) {
        return st;
    }
    if (w->color == NULL || w->mesh->centers == NULL) {
        return og_error_set(err, OG_EINVAL, "the globe needs a world with colours");
    }
    if ((st = raster_new(&r, size, size, err)) != OG_OK) {
        return st;
    }
    if ((st = globe_surface(w, yaw, pitch, r, &drawn, err)) != OG_OK) {
        raster_free(r);
        return st;
    }
    m = w->mesh;
    view_basis(yaw, pitch, c, rr, u);
    rad = size / 2.0;
    ll = sqrt(lx * lx + ly * ly + lz * lz);
    /* the cells' facets where no surface was drawn (render.map_cells flat) */
    for (p = 0; p < (drawn ? 0 : m->npoints); p++) {
        const double *q = &m->points[3 * p];
        double nx = q[0] * rr[0] + q[1] * rr[1] + q[2] * rr[2];
        double ny = q[0] * u[0] + q[1] * u[1] + q[2] * u[2];
        double nz = q[0] * c[0] + q[1] * c[1] + q[2] * c[2];
        double nn[3], l;
        float xyz[9];
        uint32_t col;
        int k, nt;

        if ((p & 255) == 0 && og_interrupted()) {
            raster_free(r);
            return og_error_set(err, OG_ECANCELED, "globe render interrupted");
        }
        if (nz < -0.1) {
            continue;   /* far side: hidden anyway, skip the work */
        }
        relief_normal(w, (int32_t)p, nn);
        l = ((nn[0] * rr[0] + nn[1] * rr[1] + nn[2] * rr[2]) * lx
             + (nn[0] * u[0] + nn[1] * u[1] + nn[2] * u[2]) * ly
             + (nn[0] * c[0] + nn[1] * c[1] + nn[2] * c[2]) * lz) / ll;
        nt = mesh_cell_triangles(m, (int32_t)p, tris, 64);
        nt = nt > 64 ? 64 : nt;
        col = shade(w->color[p], 0.3 + 0.7 * (l > 0.0 ? l : 0.0));
        xyz[0] = (float)(rad * (1.0 + nx));
        xyz[1] = (float)(rad * (1.0 - ny));
        xyz[2] = (float)-nz;
        for (k = 0; k < nt; k++) {
            const double *a, *b;
            if (tris[k] < 0 || tris[(k + 1) % nt] < 0) {
                continue;
            }
            a = &m->centers[3 * (size_t)tris[k]];
            b = &m->centers[3 * (size_t)tris[(k + 1) % nt]];
            xyz[3] = (float)(rad * (1.0 + a[0] * rr[0] + a[1] * rr[1] + a[2] * rr[2]));
            xyz[4] = (float)(rad * (1.0 - (a[0] * u[0] + a[1] * u[1] + a[2] * u[2])));
            xyz[5] = (float)-(a[0] * c[0] + a[1] * c[1] + a[2] * c[2]);
            xyz[6] = (float)(rad * (1.0 + b[0] * rr[0] + b[1] * rr[1] + b[2] * rr[2]));
            xyz[7] = (float)(rad * (1.0 - (b[0] * u[0] + b[1] * u[1] + b[2] * u[2])));
            xyz[8] = (float)-(b[0] * c[0] + b[1] * c[1] + b[2] * c[2]);
            raster_triangle(r, xyz, col, RASTER_DEPTH);
        }
    }
    if (sphere_rivers_on(w)) {
        globe_raster_rivers(w, r, c, rr, u, rad);
    }
    *out = r;
    return OG_OK;
}
