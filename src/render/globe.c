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
#include "render/sphere_rivers.h"

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
    m = w->mesh;
    view_basis(yaw, pitch, c, rr, u);
    rad = size / 2.0;
    ll = sqrt(lx * lx + ly * ly + lz * lz);
    for (p = 0; p < m->npoints; p++) {
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
