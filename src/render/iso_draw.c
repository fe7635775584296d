#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "render/iso_internal.h"
#include "core/base/interrupt.h"
#include "render/tint.h"

/* --- projection and drawing ---------------------------------------------- */

static void
tree_proj(const void *ctx, double x, double y, double h, float out[3])
{
    iso_proj_point(ctx, x, y, h, out);
}

/* The image is drawn in vertical bands of ISO_BAND_COLUMNS pixels, claimed
 * by the threads in turn. Screen x does not depend on height, so a band
 * needs, in every row of quads, only the quads whose columns it crosses: an
 * interval of the row found in O(1). Bands hold disjoint pixels and every
 * band meets the triangles that touch it in the order of one full draw
 * (ground row by row, then water, then walls), so the image is the same for
 * any number of bands or threads. */
#define ISO_BAND_COLUMNS 64

struct band {
    struct raster *fb;
    const struct iso_options *o;
    const struct iso_cache *c;
    const struct iso_field *f;
    const struct iso_proj *p;
    double base, time, flat; /* flat: the light of flat ground (water) */
    int x0, x1, y0, y1;
    size_t pixels, triangles;
};

static void
draw_quad(struct band *bd, const float a[3], const float b[3], const float c[3], const float d[3],
          uint32_t rgb1, uint32_t rgb2, unsigned flags)
{
    float t[9];

    memcpy(t, a, sizeof(float) * 3);
    memcpy(t + 3, b, sizeof(float) * 3);
    memcpy(t + 6, c, sizeof(float) * 3);
    bd->pixels += raster_triangle_rect(bd->fb, t, rgb1, flags, bd->x0, bd->x1, bd->y0, bd->y1);
    memcpy(t + 3, c, sizeof(float) * 3);
    memcpy(t + 6, d, sizeof(float) * 3);
    bd->pixels += raster_triangle_rect(bd->fb, t, rgb2, flags, bd->x0, bd->x1, bd->y0, bd->y1);
    bd->triangles += 2;
}

/* Quads [*lo, *hi] of row j (unit: 1 / scale cells; n quads in the row)
 * whose screen columns may meet [x0, x1), with a margin. Screen x is
 * ox + s SX (c0 + si x - sj y) with si, sj = +-1 by the rotation. */
static int
row_span(const struct iso_proj *p, double scale, long j, long n, int x0, int x1, long *lo,
         long *hi)
{
    double c0, si, sj, k = p->s * ISO_SX / scale, a, t0, t1, m = 2.0 + 2.0 * fabs(k);

    switch (p->rot) {
    case 1:
        c0 = p->ymax, si = -1.0, sj = -1.0;
        break;
    case 2:
        c0 = p->xmax - p->ymax, si = -1.0, sj = 1.0;
        break;
    case 3:
        c0 = -p->xmax, si = 1.0, sj = 1.0;
        break;
    default:
        c0 = 0.0, si = 1.0, sj = -1.0;
        break;
    }
    if (!(k > 0.0)) {
        *lo = 0;
        *hi = n - 1;
        return n > 0;
    }
    /* x of quad i's corner (i, j): a + si k i */
    a = p->ox + p->s * ISO_SX * c0 + sj * k * (double)j;
    t0 = (x0 - m - a) / (si * k);
    t1 = (x1 + m - a) / (si * k);
    if (t0 > t1) {
        double t = t0;
        t0 = t1;
        t1 = t;
    }
    t0 = floor(t0) - 2.0;
    t1 = ceil(t1) + 2.0;
    *lo = t0 < 0.0 ? 0 : (long)t0;
    *hi = t1 > (double)(n - 1) ? n - 1 : (long)t1;
    return *lo <= *hi;
}

/* Cells of field row y that may put a tree into columns [x0, x1): the
 * quads of row_span at one cell per unit. Its margin, 2 + 4 s ISO_SX px,
 * exceeds a tree's reach from its cell centre: the jitter (at most
 * 2 * 0.35 cells, 22.4 s px across) plus the widest cone's half width
 * (18 * 1.3 s px), iso_trees.c. */
static int
tree_span(const void *ctx, int y, int x0, int x1, long *lo, long *hi)
{
    const struct iso_proj *p = ctx;
    return row_span(p, 1.0, (long)y, (long)p->xmax + 1, x0, x1, lo, hi);
}

/* Height of tessellated vertex (i, j): kept, or computed (streamed). */
static inline double
vertex_height(const struct iso_cache *c, size_t i, size_t j)
{
    return c->streamed ? iso_tess_vertex(&c->tess, i, j) : c->vh[j * c->nx + i];
}

/* Vertical walls under the four map edges, down to `base`, so the model
 * reads as a block; walls seen from behind are culled. */
static void
draw_walls(struct band *bd)
{
    const struct iso_cache *c = bd->c;
    const struct iso_proj *p = bd->p;
    long N = c->subdiv;
    size_t NX = c->nx, NY = c->ny, W = (size_t)bd->f->width, H = (size_t)bd->f->height, k, e;
    double L[3], base = bd->base;

    iso_sun_direction(bd->time, L);
    for (e = 0; e < 4; e++) {
        /* edge e: 0 north (y = 0), 1 east, 2 south, 3 west, walked
         * south -> east -> north -> west around the map so that a wall
         * seen from outside has positive screen area (front-facing) */
        size_t n = (e % 2 == 0) ? NX : NY;
        double nrm[3] = {e == 1 ? 1.0 : (e == 3 ? -1.0 : 0.0), e == 2 ? 1.0 : (e == 0 ? -1.0 : 0.0),
                         0.0};
        uint32_t col = iso_shade_rgb(ISO_WALL, iso_lambert(nrm, L));
        uint32_t wcol = iso_shade_rgb(ISO_WATER_WALL, iso_lambert(nrm, L));
        for (k = 0; k + 1 < n; k++) {
            size_t i0, j0, i1, j1;
            float a[3], b[3], cc[3], d[3];
            double h0, h1;
            switch (e) {
            case 0:
                i0 = k + 1, j0 = 0, i1 = k, j1 = 0;
                break;
            case 1:
                i0 = NX - 1, j0 = k + 1, i1 = NX - 1, j1 = k;
                break;
            case 2:
                i0 = k, j0 = NY - 1, i1 = k + 1, j1 = NY - 1;
                break;
            default:
                i0 = 0, j0 = k, i1 = 0, j1 = k + 1;
                break;
            }
            h0 = vertex_height(c, i0, j0);
            h1 = vertex_height(c, i1, j1);
            iso_proj_point(p, (double)i0 / N, (double)j0 / N, h0, a);
            iso_proj_point(p, (double)i1 / N, (double)j1 / N, h1, b);
            if ((a[0] < bd->x0 - 2 && b[0] < bd->x0 - 2) ||
                (a[0] > bd->x1 + 2 && b[0] > bd->x1 + 2)) {
                continue; /* walls are vertical: the top edge gives the columns */
            }
            iso_proj_point(p, (double)i1 / N, (double)j1 / N, base, cc);
            iso_proj_point(p, (double)i0 / N, (double)j0 / N, base, d);
            draw_quad(bd, a, b, cc, d, col, col, RASTER_DEPTH | RASTER_CULL_BACK);
            /* the water column above the ground, up to the cell's level */
            {
                size_t ci = (i0 < i1 ? i0 : i1) / (size_t)N, cj = (j0 < j1 ? j0 : j1) / (size_t)N;
                double wl;
                ci = ci > W - 2 ? W - 2 : ci;
                cj = cj > H - 2 ? H - 2 : cj;
                wl = c->streamed ? iso_water_level(bd->f, ci, cj)
                                 : c->water_level[cj * (W - 1) + ci];
                if (wl > h0 || wl > h1) {
                    float ta[3], tb[3];
                    iso_proj_point(p, (double)i0 / N, (double)j0 / N, wl > h0 ? wl : h0, ta);
                    iso_proj_point(p, (double)i1 / N, (double)j1 / N, wl > h1 ? wl : h1, tb);
                    draw_quad(bd, ta, tb, b, a, wcol, wcol, RASTER_DEPTH | RASTER_CULL_BACK);
                }
            }
        }
    }
}

/* One water quad at level wl from (x0, y0) to (x1, y1) (field cells). */
static void
water_quad(struct band *bd, double x0, double y0, double x1, double y1, double wl, uint32_t rgb)
{
    float a[3], b[3], cc[3], d[3];

    iso_proj_point(bd->p, x0, y0, wl, a);
    iso_proj_point(bd->p, x1, y0, wl, b);
    iso_proj_point(bd->p, x1, y1, wl, cc);
    iso_proj_point(bd->p, x0, y1, wl, d);
    a[2] -= ISO_WATER_BIAS, b[2] -= ISO_WATER_BIAS, cc[2] -= ISO_WATER_BIAS;
    d[2] -= ISO_WATER_BIAS;
    draw_quad(bd, a, b, cc, d, rgb & 0xffffffu, rgb & 0xffffffu, RASTER_DEPTH);
}

/* The flat water of field cell (ci, cj) at level wl: one quad where its
 * colour does not change across the cell, else one per tessellated
 * micro-quad, each coloured by the depth over its own ground, so depth
 * shading is continuous and shows no cell squares (issue 24). */
static void
draw_water_cell(struct band *bd, size_t ci, size_t cj, double wl, uint32_t wrgb)
{
    const struct iso_cache *c = bd->c;
    long N = c->subdiv, a, b;
    size_t i0 = ci * (size_t)N, j0 = cj * (size_t)N;
    double flat = bd->flat, h[ISO_MAX_SUBDIV + 1][2];
    uint32_t k00, k10, k01, k11;

    if (N > 1) {
        k00 = iso_water_depth_rgb((float)wl, vertex_height(c, i0, j0), flat);
        k10 = iso_water_depth_rgb((float)wl, vertex_height(c, i0 + (size_t)N, j0), flat);
        k01 = iso_water_depth_rgb((float)wl, vertex_height(c, i0, j0 + (size_t)N), flat);
        k11 = iso_water_depth_rgb((float)wl, vertex_height(c, i0 + (size_t)N, j0 + (size_t)N),
                                  flat);
        if (k00 == k10 && k00 == k01 && k00 == k11) {
            water_quad(bd, (double)ci, (double)cj, ci + 1.0, cj + 1.0, wl, k00);
            return;
        }
    } else {
        water_quad(bd, (double)ci, (double)cj, ci + 1.0, cj + 1.0, wl, wrgb);
        return;
    }
    for (a = 0; a <= N; a++) {
        h[a][1] = vertex_height(c, i0 + (size_t)a, j0);
    }
    for (b = 0; b < N; b++) {
        for (a = 0; a <= N; a++) {
            h[a][0] = h[a][1];
            h[a][1] = vertex_height(c, i0 + (size_t)a, j0 + (size_t)b + 1);
        }
        for (a = 0; a < N; a++) {
            double g = 0.25 * (h[a][0] + h[a + 1][0] + h[a][1] + h[a + 1][1]);
            water_quad(bd, ci + (double)a / N, cj + (double)b / N, ci + (double)(a + 1) / N,
                       cj + (double)(b + 1) / N, wl, iso_water_depth_rgb((float)wl, g, flat));
        }
    }
}

struct draw_job {
    struct raster *fb;
    const struct iso_options *o;
    const struct iso_cache *c;
    const struct iso_field *f;
    const struct iso_proj *p;
    double base;
    size_t nbands;
    atomic_size_t done;
    atomic_size_t pixels, triangles;
};

/* Ground, water and walls into one band of columns. */
static enum og_status
draw_band(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct draw_job *J = arg;
    struct band bd;
    const struct iso_cache *c = J->c;
    const struct iso_proj *p = J->p;
    size_t NX = c->nx, NY = c->ny, W = (size_t)J->f->width, H = (size_t)J->f->height, j;
    long N = c->subdiv, i, lo, hi, vlo, vhi;
    struct raster_vertex *block, *row0, *row1;
    float *hblock = NULL, *h0 = NULL, *h1 = NULL; /* streamed: vertex heights of the rows */

    (void)batch;
    (void)err;
    if ((J->o->cancel != NULL && atomic_load(J->o->cancel) != 0) || og_interrupted()) {
        return OG_ECANCELED;
    }
    memset(&bd, 0, sizeof bd);
    bd.fb = J->fb;
    bd.o = J->o;
    bd.c = c;
    bd.f = J->f;
    bd.p = p;
    bd.base = J->base;
    bd.time = J->o->view.time;
    {
        double L[3], up[3] = {0.0, 0.0, 1.0};
        iso_sun_direction(c->streamed ? bd.time : c->time, L);
        bd.flat = iso_lambert(up, L);
    }
    bd.x0 = (int)begin;
    bd.x1 = (int)end;
    bd.y0 = 0;
    bd.y1 = J->fb->height;
    block = malloc(2 * NX * sizeof *block);
    if (c->streamed) {
        hblock = malloc(2 * NX * sizeof *hblock);
        h0 = hblock;
        h1 = hblock != NULL ? hblock + NX : NULL;
    }
    if (block == NULL || (c->streamed && hblock == NULL)) {
        free(block);
        free(hblock);
        return OG_ENOMEM;
    }
    /* two rows of snapped vertices; row j + 1 of one row of quads is row j
     * of the next, so only the part of its span not done yet is projected */
    row0 = block;
    row1 = block + NX;
    vlo = 1;
    vhi = 0;
    for (j = 0; j + 1 < NY; j++) {
        struct raster_vertex *t;
        float xyz[3];
        /* cancel polled every 16 rows (a row of a big render takes ms) */
        if ((j & 15) == 0 && ((J->o->cancel != NULL && atomic_load(J->o->cancel) != 0) ||
                              og_interrupted())) {
            free(block);
            free(hblock);
            return OG_ECANCELED;
        }
        if (!row_span(p, (double)N, (long)j, (long)NX - 1, bd.x0, bd.x1, &lo, &hi)) {
            vlo = 1;
            vhi = 0;
            continue;
        }
        t = row0;
        row0 = row1;
        row1 = t;
        if (c->streamed) {
            float *th = h0;
            h0 = h1;
            h1 = th;
            for (i = lo; i <= hi + 1; i++) {
                if (i < vlo || i > vhi) {
                    h0[i] = iso_tess_vertex(&c->tess, (size_t)i, j);
                    iso_proj_point(p, (double)i / N, (double)j / N, h0[i], xyz);
                    raster_snap(xyz, &row0[i]);
                }
                h1[i] = iso_tess_vertex(&c->tess, (size_t)i, j + 1);
                iso_proj_point(p, (double)i / N, (double)(j + 1) / N, h1[i], xyz);
                raster_snap(xyz, &row1[i]);
            }
        } else {
            for (i = lo; i <= hi + 1; i++) {
                if (i < vlo || i > vhi) {
                    iso_proj_point(p, (double)i / N, (double)j / N, c->vh[j * NX + (size_t)i], xyz);
                    raster_snap(xyz, &row0[i]);
                }
                iso_proj_point(p, (double)i / N, (double)(j + 1) / N, c->vh[(j + 1) * NX + (size_t)i],
                     xyz);
                raster_snap(xyz, &row1[i]);
            }
        }
        vlo = lo;
        vhi = hi + 1;
        for (i = lo; i <= hi; i++) {
            size_t tq = 2 * (j * (NX - 1) + (size_t)i);
            uint32_t lit[2];
            const uint32_t *rgb = lit;
            if (c->streamed) {
                iso_light_quad(&c->lp, bd.f, (size_t)i, j, h0[i], h0[i + 1], h1[i], h1[i + 1],
                               lit);
            } else {
                rgb = c->tri_rgb + tq;
            }
            bd.pixels += raster_quad_snapped(bd.fb, &row0[i], &row0[i + 1], &row1[i + 1],
                                             &row1[i], rgb[0], rgb[1],
                                             RASTER_DEPTH | RASTER_CULL_BACK, bd.x0, bd.x1,
                                             bd.y0, bd.y1);
        }
        bd.triangles += 2 * (size_t)(hi - lo + 1);
    }
    free(block);
    free(hblock);
    iso_draw_trees(bd.fb, bd.f, tree_proj, tree_span, p, p->s, bd.time, bd.x0, bd.x1, bd.y0,
                   bd.y1);

    /* water: one flat quad per wet cell, drawn after the ground */
    for (j = 0; j + 1 < H; j++) {
        if (!row_span(p, 1.0, (long)j, (long)W - 1, bd.x0, bd.x1, &lo, &hi)) {
            continue;
        }
        for (i = lo; i <= hi; i++) {
            size_t cell = j * (W - 1) + (size_t)i;
            double wl;
            uint32_t wrgb;
            if (c->streamed) {
                float level = iso_water_level(bd.f, (size_t)i, j);
                wrgb = iso_water_rgb(bd.f, (size_t)i, j, level, c->lp.flat);
                wl = level;
            } else {
                wrgb = c->water_rgb[cell];
                wl = c->water_level[cell];
            }
            if (wrgb == 0) {
                continue;
            }
            draw_water_cell(&bd, (size_t)i, j, wl, wrgb);
        }
    }
    draw_walls(&bd);
    atomic_fetch_add(&J->pixels, bd.pixels);
    atomic_fetch_add(&J->triangles, bd.triangles);
    if (J->o->progress != NULL) {
        size_t d = atomic_fetch_add(&J->done, 1) + 1;
        atomic_store(J->o->progress, 500 + (int)(500 * d / J->nbands));
    }
    return OG_OK;
}

enum og_status
iso_draw_scene(struct raster *fb, const struct iso_cache *c, const struct iso_field *f,
               const struct iso_options *o, struct iso_stats *st, struct og_error *err)
{
    struct draw_job job;
    struct iso_proj p;
    double base = iso_field_floor(f);
    enum og_status s;
    int nt = o->threads < 1 ? 1 : o->threads; /* checked by iso_options_check */

    p.rot = o->view.rotation & 3;
    p.xmax = (double)(f->width - 1);
    p.ymax = (double)(f->height - 1);
    p.vscale = c->vscale;
    iso_fit(&p, f, base, fb->width, fb->height);
    raster_clear(fb, ISO_BACKGROUND, 255);

    memset(&job, 0, sizeof job);
    job.fb = fb;
    job.o = o;
    job.c = c;
    job.f = f;
    job.p = &p;
    job.base = base;
    job.nbands = ((size_t)fb->width + ISO_BAND_COLUMNS - 1) / ISO_BAND_COLUMNS;
    atomic_init(&job.done, 0);
    atomic_init(&job.pixels, 0);
    atomic_init(&job.triangles, 0);
    s = og_parallel_for(nt, (size_t)fb->width, ISO_BAND_COLUMNS, draw_band, &job, NULL, 0.0, 1.0,
                        NULL);
    st->pixels += atomic_load(&job.pixels);
    /* triangles drawn once over the whole image: the ground, water and
     * walls (every band counts the ones it meets) */
    st->triangles += 2 * (c->nx - 1) * (c->ny - 1);
    if (s == OG_ECANCELED) {
        return og_error_set(err, s, "render cancelled");
    }
    if (s != OG_OK) {
        return og_error_set(err, s, "out of memory for %zu projected vertices", 2 * c->nx);
    }
    iso_tick(o, 1000);
    return OG_OK;
}

/* Bring the cache's geometry and light up to date for field f, then draw. */
