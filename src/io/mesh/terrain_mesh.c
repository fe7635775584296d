/* terrain_mesh: worlds as triangle meshes (see terrain_mesh.h). */
#include "config.h"
#include "io/mesh/terrain_mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "render/sample.h"
#include "render/tint.h"

void
terrain_mesh_default_size(const struct world *w, int *cols, int *rows)
{
    if (w->kind == WORLD_GRID) {
        int W = w->width, H = w->height, big = W > H ? W : H;
        if (big > 513) {  /* 2^9 + 1 on the longer side: 512 quads */
            W = (int)(((long)W * 512 + big / 2) / big) + 1;
            H = (int)(((long)H * 512 + big / 2) / big) + 1;
        }
        *cols = W < 2 ? 2 : W;
        *rows = H < 2 ? 2 : H;
    } else if (w->kind == WORLD_SPHERE) {
        *cols = 256;
        *rows = 128;
    } else {
        *cols = *rows = 257;   /* 2^8 + 1: 256 quads a side, vertices on the borders */
    }
}

void
terrain_mesh_free(struct terrain_mesh *m)
{
    free(m->pos);
    free(m->nrm);
    free(m->col);
    free(m->srgb);
    free(m->idx);
    memset(m, 0, sizeof *m);
}

static float
srgb_to_linear(double c)
{
    return (float)(c <= 0.04045 ? c / 12.92 : det_pow((c + 0.055) / 1.055, 2.4));
}

static uint32_t
cell_rgb(const struct world *w, int32_t c, float h)
{
    double t, sea = w->sea_level;
    if (c >= 0 && w->color != NULL) {
        return w->color[c];
    }
    if (h <= sea) {
        t = sea > w->elev_min ? -(sea - h) / (sea - w->elev_min) : -0.5;
    } else {
        t = w->elev_max > sea ? (h - sea) / (w->elev_max - sea) : 0.0;
    }
    return tint_hypsometric(t);
}

static void
set_color(struct terrain_mesh *m, size_t v, uint32_t rgb)
{
    int k;
    for (k = 0; k < 3; k++) {
        double c = ((rgb >> (16 - 8 * k)) & 255) / 255.0;
        m->srgb[3 * v + k] = (float)c;
        m->col[3 * v + k] = srgb_to_linear(c);
    }
}

/* Area-weighted vertex normals from the faces, then the bounds. */
static void
finish(struct terrain_mesh *m)
{
    size_t t, v;
    int k;
    memset(m->nrm, 0, m->nverts * 3 * sizeof *m->nrm);
    for (t = 0; t < m->ntris; t++) {
        const uint32_t *f = m->idx + 3 * t;
        const float *a = m->pos + 3 * f[0], *b = m->pos + 3 * f[1], *c = m->pos + 3 * f[2];
        double e1[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double e2[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
        double n[3] = { e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                        e1[0] * e2[1] - e1[1] * e2[0] };
        for (k = 0; k < 3; k++) {
            m->nrm[3 * f[0] + k] += (float)n[k];
            m->nrm[3 * f[1] + k] += (float)n[k];
            m->nrm[3 * f[2] + k] += (float)n[k];
        }
    }
    for (k = 0; k < 3; k++) {
        m->min[k] = INFINITY;
        m->max[k] = -INFINITY;
    }
    for (v = 0; v < m->nverts; v++) {
        float *n = m->nrm + 3 * v;
        double len = sqrt((double)n[0] * n[0] + (double)n[1] * n[1] + (double)n[2] * n[2]);
        if (len > 0.0) {
            n[0] = (float)(n[0] / len);
            n[1] = (float)(n[1] / len);
            n[2] = (float)(n[2] / len);
        } else {
            n[0] = 0.0f;
            n[1] = 1.0f;
            n[2] = 0.0f;
        }
        for (k = 0; k < 3; k++) {
            m->min[k] = m->pos[3 * v + k] < m->min[k] ? m->pos[3 * v + k] : m->min[k];
            m->max[k] = m->pos[3 * v + k] > m->max[k] ? m->pos[3 * v + k] : m->max[k];
        }
    }
}

/* The mesh's scale: true scale in metres (doc/scale.md) where the world
 * has one; else a planet of radius 1 with relief 0.05 of it, or a flat
 * world 1 unit across its longer side with relief 0.15 of it. */
static void
mesh_scale(struct terrain_mesh *m, const struct world *w, double relief)
{
    double mx, my, mz;

    if (w->kind == WORLD_SPHERE) {
        m->vscale = 0.05 / relief;
        m->voffset = w->sea_level;
    } else if (world_metric(w, &mx, &my, &mz)) {
        /* true scale (doc/scale.md): x, z and y all in metres */
        m->metres = 1;
        m->vscale = mz;
        m->voffset = 0.0;
        m->hsize[0] = mx;
        m->hsize[1] = my;
    } else {
        double aw = w->kind == WORLD_GRID ? w->width : 1.0, ah = w->kind == WORLD_GRID ? w->height
                                                                                        : 1.0;
        double big = aw > ah ? aw : ah;
        m->hsize[0] = aw / big;
        m->hsize[1] = ah / big;
        m->vscale = 0.15 / relief;
        m->voffset = w->sea_level;
    }
}

enum og_status
terrain_mesh_build(const struct world *w, int cols, int rows, struct terrain_mesh *m,
                   struct og_error *err)
{
    int sphere = w->kind == WORLD_SPHERE;
    size_t nv, nt, t = 0, v;
    struct sampler s;
    enum og_status st;
    float *elev;
    int32_t *cell;
    double relief = w->elev_max - w->elev_min;
    int i, j;

    memset(m, 0, sizeof *m);
    if (cols < 2 || rows < 2 || cols > TERRAIN_MESH_MAX_SIDE || rows > TERRAIN_MESH_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "mesh size %dx%d outside 2..%d per side", cols, rows,
                            TERRAIN_MESH_MAX_SIDE);
    }
    if (w->elevation == NULL) {
        return og_error_set(err, OG_EINVAL, "the %s world has no elevation field",
                            world_gen_name(w->gen));
    }
    relief = relief > 0.0 ? relief : 1.0;
    nv = (size_t)cols * rows + (sphere ? 2 : 0);
    nt = sphere ? (size_t)2 * cols * (rows - 1) + (size_t)2 * cols
                : (size_t)2 * (cols - 1) * (rows - 1);
    m->nverts = nv;
    m->ntris = nt;
    m->pos = malloc(nv * 3 * sizeof *m->pos);
    m->nrm = malloc(nv * 3 * sizeof *m->nrm);
    m->col = malloc(nv * 3 * sizeof *m->col);
    m->srgb = malloc(nv * 3 * sizeof *m->srgb);
    m->idx = malloc(nt * 3 * sizeof *m->idx);
    elev = malloc((size_t)cols * sizeof *elev);
    cell = malloc((size_t)cols * sizeof *cell);
    if (m->pos == NULL || m->nrm == NULL || m->col == NULL || m->srgb == NULL ||
        m->idx == NULL || elev == NULL || cell == NULL) {
        free(elev);
        free(cell);
        terrain_mesh_free(m);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d mesh", cols, rows);
    }
    mesh_scale(m, w, relief);

    if ((st = sample_init(&s, w, cols, rows, err)) != OG_OK) {
        free(elev);
        free(cell);
        terrain_mesh_free(m);
        return st;
    }
    double pole_sum[2] = { 0.0, 0.0 };
    for (j = 0; j < rows; j++) {
        sample_row(&s, j, 0, cols, elev, cell);
        for (i = 0; i < cols; i++) {
            float *p = m->pos + 3 * ((size_t)j * cols + i);
            double y = (elev[i] - m->voffset) * m->vscale;
            if (sphere) {
                double lon = (sample_u(&s, i) - 0.5) * 2.0 * M_PI;
                double lat = (0.5 - sample_v(&s, j)) * M_PI, r = 1.0 + y;
                double slat, clat, slon, clon;
                det_sincos(lat, &slat, &clat);
                det_sincos(lon, &slon, &clon);
                p[0] = (float)(r * clat * clon);
                p[1] = (float)(r * slat);
                p[2] = (float)(-r * clat * slon);
                if (j == 0 || j == rows - 1) {
                    pole_sum[j == 0 ? 0 : 1] += elev[i];
                }
            } else {
                p[0] = (float)(sample_u(&s, i) * m->hsize[0]);
                p[1] = (float)y;
                p[2] = (float)(sample_v(&s, j) * m->hsize[1]);
            }
            set_color(m, (size_t)j * cols + i, cell_rgb(w, cell[i], elev[i]));
        }
    }
    for (j = 0; j + 1 < rows; j++) {
        int last = sphere ? cols : cols - 1;
        for (i = 0; i < last; i++) {
            uint32_t a = (uint32_t)(j * cols + i), b = (uint32_t)(j * cols + (i + 1) % cols);
            uint32_t c = a + (uint32_t)cols, d = b + (uint32_t)cols;
            uint32_t *f = m->idx + 3 * t;
            f[0] = a, f[1] = c, f[2] = b;
            f[3] = b, f[4] = c, f[5] = d;
            t += 2;
        }
    }
    if (sphere) {
        uint32_t np = (uint32_t)(rows * cols), sp = np + 1;
        for (v = 0; v < 2; v++) {
            double h = pole_sum[v] / cols, r = 1.0 + (h - m->voffset) * m->vscale;
            float *p = m->pos + 3 * (np + v);
            p[0] = 0.0f;
            p[1] = (float)(v == 0 ? r : -r);
            p[2] = 0.0f;
            /* colour of the nearest row's first vertex */
            size_t from = v == 0 ? 0 : (size_t)(rows - 1) * cols;
            memcpy(m->col + 3 * (np + v), m->col + 3 * from, 3 * sizeof *m->col);
            memcpy(m->srgb + 3 * (np + v), m->srgb + 3 * from, 3 * sizeof *m->srgb);
        }
        for (i = 0; i < cols; i++) {
            uint32_t a = (uint32_t)i, b = (uint32_t)((i + 1) % cols);
            uint32_t c = (uint32_t)((rows - 1) * cols + i);
            uint32_t d = (uint32_t)((rows - 1) * cols + (i + 1) % cols);
            uint32_t *f = m->idx + 3 * t;
            f[0] = np, f[1] = a, f[2] = b;
            f[3] = c, f[4] = sp, f[5] = d;
            t += 2;
        }
    }
    sample_free(&s);
    free(elev);
    free(cell);
    finish(m);
    return OG_OK;
}
