#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/mesh.h"
#include "core/pipeline.h"
#include "render/iso_internal.h"
#include "render/outfile.h"
#include "render/tint.h"

/* --- projection and drawing ---------------------------------------------- */

struct iso_proj {
    int rot;
    double xmax, ymax;   /* field extent in cells */
    double vscale;       /* px per unit of normalised height */
    double s, ox, oy;    /* fit: screen = o + s * iso */
};

/* Project field position (x, y) in cells at normalised height h. */
static void
proj(const struct iso_proj *p, double x, double y, double h, float out[3])
{
    double xr, yr, sx, sy;

    switch (p->rot) {
    case 1:
        xr = p->ymax - y, yr = x;
        break;
    case 2:
        xr = p->xmax - x, yr = p->ymax - y;
        break;
    case 3:
        xr = y, yr = p->xmax - x;
        break;
    default:
        xr = x, yr = y;
        break;
    }
    sx = (xr - yr) * ISO_SX;
    sy = (xr + yr) * ISO_SY - h * p->vscale;
    out[0] = (float)(p->ox + p->s * sx);
    out[1] = (float)(p->oy + p->s * sy);
    /* Depth along the view ray: (x + y) and h both grow toward the camera,
     * so this is monotone along every ray for any vscale >= 0. */
    out[2] = (float)(-p->s * ((xr + yr) * ISO_SY + h * p->vscale + h));
}

static double
field_floor(const struct iso_field *f)
{
    size_t i, n = (size_t)f->width * (size_t)f->height;
    double lo = 0.0;

    for (i = 0; i < n; i++) {
        lo = f->terrain[i] < lo ? f->terrain[i] : lo;
    }
    return lo - 0.05;
}

/* Fit the scene's bounding box into the image. */
static void
fit(struct iso_proj *p, const struct iso_field *f, double base, int width, int height)
{
    double minx = INFINITY, maxx = -INFINITY, miny = INFINITY, maxy = -INFINITY;
    double bw, bh;
    int x, y;

    p->s = 1.0;
    p->ox = p->oy = 0.0;
    for (y = 0; y < f->height; y++) {
        for (x = 0; x < f->width; x++) {
            size_t o = (size_t)y * f->width + x;
            double top = f->terrain[o] > f->water[o] ? f->terrain[o] : f->water[o];
            float a[3], b[3];
            proj(p, x, y, top, a);
            proj(p, x, y, base, b);
            minx = fmin(minx, a[0]);
            maxx = fmax(maxx, a[0]);
            miny = fmin(miny, a[1]);
            maxy = fmax(maxy, b[1]);
        }
    }
    bw = maxx - minx;
    bh = maxy - miny;
    p->s = fmin(bw > 0.0 ? width * ISO_MARGIN / bw : 1.0,
                bh > 0.0 ? height * ISO_MARGIN / bh : 1.0);
    p->ox = width / 2.0 - p->s * (minx + maxx) / 2.0;
    p->oy = height / 2.0 - p->s * (miny + maxy) / 2.0;
}

/* One horizontal band of the image drawn by one thread: bands hold
 * disjoint rows and every band sees every triangle in the same order, so
 * the image does not depend on the number of bands. */
struct band {
    struct raster *fb;
    const struct iso_options *o;
    int first;   /* reports progress */
    const struct iso_cache *c;
    const struct iso_field *f;
    const struct iso_proj *p;
    double base, time;
    int y0, y1;
    size_t pixels, triangles;
    enum og_status status;
};

static void
draw_quad(struct band *bd, const float a[3], const float b[3], const float c[3], const float d[3],
          uint32_t rgb1, uint32_t rgb2, unsigned flags)
{
    float t[9];

    memcpy(t, a, sizeof(float) * 3);
    memcpy(t + 3, b, sizeof(float) * 3);
    memcpy(t + 6, c, sizeof(float) * 3);
    bd->pixels += raster_triangle_rows(bd->fb, t, rgb1, flags, bd->y0, bd->y1);
    memcpy(t + 3, c, sizeof(float) * 3);
    memcpy(t + 6, d, sizeof(float) * 3);
    bd->pixels += raster_triangle_rows(bd->fb, t, rgb2, flags, bd->y0, bd->y1);
    bd->triangles += 2;
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
            h0 = c->vh[j0 * NX + i0];
            h1 = c->vh[j1 * NX + i1];
            proj(p, (double)i0 / N, (double)j0 / N, h0, a);
            proj(p, (double)i1 / N, (double)j1 / N, h1, b);
            proj(p, (double)i1 / N, (double)j1 / N, base, cc);
            proj(p, (double)i0 / N, (double)j0 / N, base, d);
            draw_quad(bd, a, b, cc, d, col, col, RASTER_DEPTH | RASTER_CULL_BACK);
            /* the water column above the ground, up to the cell's level */
            {
                size_t ci = (i0 < i1 ? i0 : i1) / (size_t)N, cj = (j0 < j1 ? j0 : j1) / (size_t)N;
                double wl;
                ci = ci > W - 2 ? W - 2 : ci;
                cj = cj > H - 2 ? H - 2 : cj;
                wl = c->water_level[cj * (W - 1) + ci];
                if (wl > h0 || wl > h1) {
                    float ta[3], tb[3];
                    proj(p, (double)i0 / N, (double)j0 / N, wl > h0 ? wl : h0, ta);
                    proj(p, (double)i1 / N, (double)j1 / N, wl > h1 ? wl : h1, tb);
                    draw_quad(bd, ta, tb, b, a, wcol, wcol, RASTER_DEPTH | RASTER_CULL_BACK);
                }
            }
        }
    }
}

/* Ground, water and walls into one band. */
static void *
draw_band(void *arg)
{
    struct band *bd = arg;
    const struct iso_cache *c = bd->c;
    const struct iso_proj *p = bd->p;
    size_t NX = c->nx, NY = c->ny, W = (size_t)bd->f->width, H = (size_t)bd->f->height, i, j;
    long N = c->subdiv;
    float *block, *row0, *row1, *tmp;

    block = malloc(2 * 3 * NX * sizeof *block);
    if (block == NULL) {
        bd->status = OG_ENOMEM;
        return NULL;
    }
    row0 = block;
    row1 = block + 3 * NX;
    for (i = 0; i < NX; i++) {
        proj(p, (double)i / N, 0.0, c->vh[i], row0 + 3 * i);
    }
    for (j = 0; j + 1 < NY; j++) {
        {
            /* cancel polled every row (a row of a big render takes tens of
             * ms), progress every 32 */
            int stop = (bd->o->cancel != NULL && atomic_load(bd->o->cancel) != 0) ||
                       outfile_cancelled();
            if (!stop && bd->first && j % 32 == 0) {
                stop = iso_tick(bd->o, 500 + (int)(500 * j / NY));
            }
            if (stop) {
                free(block);
                bd->status = OG_ECANCELED;
                return NULL;
            }
        }
        for (i = 0; i < NX; i++) {
            proj(p, (double)i / N, (double)(j + 1) / N, c->vh[(j + 1) * NX + i], row1 + 3 * i);
        }
        for (i = 0; i + 1 < NX; i++) {
            size_t t = 2 * (j * (NX - 1) + i);
            draw_quad(bd, row0 + 3 * i, row0 + 3 * (i + 1), row1 + 3 * (i + 1), row1 + 3 * i,
                      c->tri_rgb[t], c->tri_rgb[t + 1], RASTER_DEPTH | RASTER_CULL_BACK);
        }
        tmp = row0, row0 = row1, row1 = tmp;
    }
    free(block);

    /* water: one flat quad per wet cell, drawn after the ground */
    for (j = 0; j + 1 < H; j++) {
        for (i = 0; i + 1 < W; i++) {
            size_t cell = j * (W - 1) + i;
            float a[3], b[3], cc[3], d[3];
            double wl;
            if (c->water_rgb[cell] == 0) {
                continue;
            }
            wl = c->water_level[cell];
            proj(p, (double)i, (double)j, wl, a);
            proj(p, (double)i + 1, (double)j, wl, b);
            proj(p, (double)i + 1, (double)j + 1, wl, cc);
            proj(p, (double)i, (double)j + 1, wl, d);
            a[2] -= ISO_WATER_BIAS, b[2] -= ISO_WATER_BIAS, cc[2] -= ISO_WATER_BIAS;
            d[2] -= ISO_WATER_BIAS;
            draw_quad(bd, a, b, cc, d, c->water_rgb[cell] & 0xffffffu,
                      c->water_rgb[cell] & 0xffffffu, RASTER_DEPTH);
        }
    }
    draw_walls(bd);
    bd->status = OG_OK;
    return NULL;
}

enum og_status
iso_draw_scene(struct raster *fb, const struct iso_cache *c, const struct iso_field *f,
           const struct iso_options *o, struct iso_stats *st, struct og_error *err)
{
    struct band bands[ISO_MAX_THREADS];
    pthread_t tid[ISO_MAX_THREADS];
    int started[ISO_MAX_THREADS];
    int nb = o->threads < 1 ? 1 : o->threads; /* checked by iso_options_check */
    struct iso_proj p;
    double base = field_floor(f);
    enum og_status s = OG_OK;
    int k;

    p.rot = o->view.rotation & 3;
    p.xmax = (double)(f->width - 1);
    p.ymax = (double)(f->height - 1);
    p.vscale = c->vscale;
    fit(&p, f, base, fb->width, fb->height);
    raster_clear(fb, ISO_BACKGROUND, 255);

    if (nb > fb->height) {
        nb = fb->height;
    }
    for (k = 0; k < nb; k++) {
        memset(&bands[k], 0, sizeof bands[k]);
        bands[k].fb = fb;
        bands[k].o = o;
        bands[k].first = k == 0;
        bands[k].c = c;
        bands[k].f = f;
        bands[k].p = &p;
        bands[k].base = base;
        bands[k].time = o->view.time;
        bands[k].y0 = (int)((long long)fb->height * k / nb);
        bands[k].y1 = (int)((long long)fb->height * (k + 1) / nb);
        bands[k].status = OG_ENOMEM;
    }
    /* band 0 runs here; a thread that cannot start is run here too */
    for (k = 1; k < nb; k++) {
        started[k] = pthread_create(&tid[k], NULL, draw_band, &bands[k]) == 0;
    }
    draw_band(&bands[0]);
    for (k = 1; k < nb; k++) {
        if (started[k]) {
            pthread_join(tid[k], NULL);
        } else {
            draw_band(&bands[k]);
        }
    }
    for (k = 0; k < nb; k++) {
        st->pixels += bands[k].pixels;
        if (bands[k].status != OG_OK) {
            s = bands[k].status;
        }
    }
    st->triangles += bands[0].triangles;
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
