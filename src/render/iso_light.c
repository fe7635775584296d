#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "render/iso_internal.h"
#include "core/base/interrupt.h"
#include "render/tint.h"

/* --- sun and light ---------------------------------------------------- */

void
iso_sun_direction(double hours, double L[3])
{
    double t = hours < 6.0 ? 6.0 : (hours > 18.0 ? 18.0 : hours);
    double th = M_PI * (t - 6.0) / 12.0;   /* 0 at sunrise, pi at sunset */
    double s, c, st, ct;

    det_sincos(th, &s, &c);
    det_sincos(ISO_SUN_TILT, &st, &ct);
    L[0] = c;           /* east in the morning */
    L[1] = s * st;      /* south at noon */
    L[2] = s * ct;      /* up */
}

double
iso_lambert(const double n[3], const double L[3])
{
    double d = n[0] * L[0] + n[1] * L[1] + n[2] * L[2];
    double i = 0.35 + 0.8 * (d > 0.0 ? d : 0.0);

    return i < 0.0 ? 0.0 : (i > 1.0 ? 1.0 : i);
}

/* rgb times I in [0, 1], rounded half up (values are non-negative) */
uint32_t
iso_shade_rgb(uint32_t rgb, double I)
{
    int r = (int)(((rgb >> 16) & 255u) * I + 0.5);
    int g = (int)(((rgb >> 8) & 255u) * I + 0.5);
    int b = (int)((rgb & 255u) * I + 0.5);

    return (uint32_t)(r << 16 | g << 8 | b);
}

/* Report progress (per-mille) and poll the cancel flag: non-zero to stop. */
int
iso_tick(const struct iso_options *o, int permille)
{
    if (o->progress != NULL) {
        atomic_store(o->progress, permille);
    }
    /* the job's own flag, or an interrupted process (outfile.h) */
    return (o->cancel != NULL && atomic_load(o->cancel) != 0) || og_interrupted();
}

/* iso_lambert and iso_shade_rgb, inlined into the light pass (same
 * operations, so the same results). */
static inline double
lambert_inline(const double n[3], const double L[3])
{
    double d = n[0] * L[0] + n[1] * L[1] + n[2] * L[2];
    double i = 0.35 + 0.8 * (d > 0.0 ? d : 0.0);

    return i < 0.0 ? 0.0 : (i > 1.0 ? 1.0 : i);
}

static inline uint32_t
shade_inline(uint32_t rgb, double I)
{
    int r = (int)(((rgb >> 16) & 255u) * I + 0.5);
    int g = (int)(((rgb >> 8) & 255u) * I + 0.5);
    int b = (int)((rgb & 255u) * I + 0.5);

    return (uint32_t)(r << 16 | g << 8 | b);
}

/* Rows of cells lit per batch: the partition is fixed, so the colours are
 * the same for any thread count (each batch writes only its own cells). */
#define ISO_LIGHT_ROWS 8

void
iso_light_params_init(struct iso_light_params *lp, double time, double vscale, long N)
{
    double up[3] = {0.0, 0.0, 1.0};

    memset(lp, 0, sizeof *lp);
    lp->zk = vscale / ISO_PX_PER_CELL_UP;
    lp->N = N;
    lp->d = 1.0 / N;
    iso_sun_direction(time, lp->L);
    lp->flat = iso_lambert(up, lp->L);
}

/* The corner colours of a cell, channel by channel: ch[k][corner]. */
static inline void
cell_channels(const struct iso_field *f, size_t o, double ch[3][4])
{
    size_t W = (size_t)f->width;
    uint32_t c00 = f->color[o], c10 = f->color[o + 1], c01 = f->color[o + W],
             c11 = f->color[o + W + 1];
    int k;

    for (k = 0; k < 3; k++) {
        int sh = 16 - 8 * k;
        ch[k][0] = (c00 >> sh) & 255u;
        ch[k][1] = (c10 >> sh) & 255u;
        ch[k][2] = (c01 >> sh) & 255u;
        ch[k][3] = (c11 >> sh) & 255u;
    }
}

/* The two lit triangles of a quad at (fx, fy) in its cell (gx = 1 - fx,
 * gy = 1 - fy), heights z (already times zk). */
static inline void
quad_light(const struct iso_light_params *lp, const double ch[3][4], double fx, double gx,
           double fy, double gy, double z00, double z10, double z01, double z11, double river,
           uint32_t out[2])
{
    double n0[3], n1[3], len, d = lp->d;
    uint32_t base = 0;
    int k;

    /* the bilinear colour, channel by channel: (1 - fy) *
     * ((1 - fx) a + fx b) + fy ((1 - fx) c + fx d) */
    for (k = 0; k < 3; k++) {
        double bl = gy * (gx * ch[k][0] + fx * ch[k][1]) + fy * (gx * ch[k][2] + fx * ch[k][3]);
        int cv = (int)(bl + 0.5);
        base |= (uint32_t)(cv > 255 ? 255 : cv) << (16 - 8 * k);
    }
    if (river > 0.0) {
        base = iso_mix_rgb(base, ISO_RIVER, river);
    }
    /* triangle (v00, v10, v11) and (v00, v11, v01); normals are the edge
     * cross products divided by d */
    n0[0] = -(z10 - z00);
    n0[1] = z10 - z11;
    n0[2] = d;
    n1[0] = z01 - z11;
    n1[1] = -(z01 - z00);
    n1[2] = d;
    len = sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]);
    n0[0] /= len, n0[1] /= len, n0[2] /= len;
    len = sqrt(n1[0] * n1[0] + n1[1] * n1[1] + n1[2] * n1[2]);
    n1[0] /= len, n1[1] /= len, n1[2] /= len;
    out[0] = shade_inline(base, lambert_inline(n0, lp->L));
    out[1] = shade_inline(base, lambert_inline(n1, lp->L));
}

void
iso_light_quad(const struct iso_light_params *lp, const struct iso_field *f, size_t qx,
               size_t qy, float h00, float h10, float h01, float h11, uint32_t out[2])
{
    size_t N = (size_t)lp->N, cx = qx / N, cy = qy / N, a = qx % N, b = qy % N;
    double ch[3][4], fx = (a + 0.5) / lp->N, fy = (b + 0.5) / lp->N, zk = lp->zk;

    cell_channels(f, cy * (size_t)f->width + cx, ch);
    quad_light(lp, ch, fx, 1 - fx, fy, 1 - fy, h00 * zk, h10 * zk, h01 * zk, h11 * zk,
               iso_rivers_cover(f->rivers, cx + fx, cy + fy, lp->d), out);
}

float
iso_water_level(const struct iso_field *f, size_t cx, size_t cy)
{
    size_t W = (size_t)f->width, o = cy * W + cx;
    float wl = -INFINITY;
    int k;

    /* flat at the highest water level of the corners */
    for (k = 0; k < 4; k++) {
        size_t q = o + (size_t)(k & 1) + (size_t)(k >> 1) * W;
        wl = f->water[q] > wl ? f->water[q] : wl;
    }
    return wl;
}

uint32_t
iso_water_depth_rgb(float wl, double ground, double flat)
{
    double depth = wl - ground, tt;

    if (wl > 0.0f) {
        depth *= ISO_SEA_FLOOR_SCALE; /* a lake's bed as deep as the sea's drawn floor */
    }
    tt = depth > 0.0 ? 1.0 - det_exp(-depth / 0.03) : 0.0;
    return 0xff000000u | iso_shade_rgb(iso_mix_rgb(ISO_WATER_SHALLOW, ISO_WATER_DEEP, tt), flat);
}

uint32_t
iso_water_rgb(const struct iso_field *f, size_t cx, size_t cy, float wl, double flat)
{
    size_t W = (size_t)f->width, o = cy * W + cx;

    if (wl == -INFINITY) {
        return 0;
    }
    return iso_water_depth_rgb(wl, 0.25 * (f->terrain[o] + f->terrain[o + 1] + f->terrain[o + W] +
                                           f->terrain[o + W + 1]),
                               flat);
}

struct light_job {
    struct iso_cache *c;
    const struct iso_field *f;
    const struct iso_options *opt;
    struct iso_light_params lp;
    atomic_size_t rows_done;
};

static enum og_status
light_rows(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct light_job *J = arg;
    struct iso_cache *c = J->c;
    const struct iso_field *f = J->f;
    size_t NX = c->nx, W = (size_t)f->width, H = (size_t)f->height, cx, cy, a, b;
    long N = c->subdiv;
    double zk = J->lp.zk, fxs[ISO_MAX_SUBDIV], gxs[ISO_MAX_SUBDIV];

    (void)batch;
    (void)err;
    if ((J->opt->cancel != NULL && atomic_load(J->opt->cancel) != 0) || og_interrupted()) {
        return OG_ECANCELED;
    }
    for (a = 0; a < (size_t)N; a++) {
        fxs[a] = (a + 0.5) / N;
        gxs[a] = 1 - fxs[a];
    }
    for (cy = begin; cy < end; cy++) {
        for (cx = 0; cx < W - 1; cx++) {
            size_t o = cy * W + cx;
            double ch[3][4];
            float wl;

            cell_channels(f, o, ch);
            for (b = 0; b < (size_t)N; b++) {
                double fy = (b + 0.5) / N, gy = 1 - fy;
                size_t qy = cy * N + b;
                for (a = 0; a < (size_t)N; a++) {
                    size_t qx = cx * N + a, v = qy * NX + qx;
                    size_t t = 2 * (qy * (NX - 1) + qx);
                    double rv = f->rivers != NULL
                                    ? iso_rivers_cover(f->rivers, cx + fxs[a], cy + fy, J->lp.d)
                                    : 0.0;
                    quad_light(&J->lp, ch, fxs[a], gxs[a], fy, gy, c->vh[v] * zk,
                               c->vh[v + 1] * zk, c->vh[v + NX] * zk, c->vh[v + NX + 1] * zk,
                               rv, c->tri_rgb + t);
                }
            }
            wl = iso_water_level(f, cx, cy);
            c->water_level[cy * (W - 1) + cx] = wl;
            c->water_rgb[cy * (W - 1) + cx] = iso_water_rgb(f, cx, cy, wl, J->lp.flat);
        }
    }
    if (J->opt->progress != NULL) {
        size_t done = atomic_fetch_add(&J->rows_done, end - begin) + (end - begin);
        atomic_store(J->opt->progress, 250 + (int)(250 * done / (H - 1)));
    }
    return OG_OK;
}

/* Lit colour of every terrain triangle and every water cell, in batches
 * of ISO_LIGHT_ROWS rows of cells on opt->threads threads. */
enum og_status
iso_build_light(struct iso_cache *c, const struct iso_field *f, double time, double vscale,
                const struct iso_options *opt, struct og_error *err)
{
    size_t NX = c->nx, NY = c->ny, W = (size_t)f->width, H = (size_t)f->height;
    size_t ntri = 2 * (NX - 1) * (NY - 1), ncell = (W - 1) * (H - 1);
    struct light_job job;
    enum og_status s;

    iso_cache_drop_light(c);
    c->tri_rgb = malloc(ntri * sizeof *c->tri_rgb);
    c->water_rgb = malloc(ncell * sizeof *c->water_rgb);
    c->water_level = malloc(ncell * sizeof *c->water_level);
    if (c->tri_rgb == NULL || c->water_rgb == NULL || c->water_level == NULL) {
        iso_cache_drop_light(c);
        return og_error_set(err, OG_ENOMEM, "out of memory for %zu lit triangles", ntri);
    }
    memset(&job, 0, sizeof job);
    job.c = c;
    job.f = f;
    job.opt = opt;
    iso_light_params_init(&job.lp, time, vscale, c->subdiv);
    atomic_init(&job.rows_done, 0);
    s = og_parallel_for(opt->threads < 1 ? 1 : opt->threads, H - 1, ISO_LIGHT_ROWS, light_rows,
                        &job, NULL, 0.0, 1.0, NULL);
    if (s != OG_OK || iso_tick(opt, 500)) {
        iso_cache_drop_light(c);
        return og_error_set(err, OG_ECANCELED, "render cancelled");
    }
    c->time = time;
    c->vscale = vscale;
    c->have_light = 1;
    return OG_OK;
}
