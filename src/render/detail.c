/* detail: sub-grid gullies and ridges (see detail.h). */
#include "config.h"
#include "render/detail.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/rng.h"
#include "core/geom/mesh.h"
#include "core/recipe/params.h"
#include "render/river_carve.h"

#define TWO_PI 6.283185307179586
/* slope fade: none below this grade, full above the second (m/m) */
#define FLAT_SLOPE 0.01
#define FULL_SLOPE 0.05
/* octaves fade in from BAND_LO to BAND_HI output samples a wavelength */
#define BAND_LO 3.0
#define BAND_HI 6.0
/* each finer octave's walls are this much less steep */
#define SLOPE_GAIN 0.6
/* pivots lie this many wavelengths apart: each gully runs straight for
   about this long before its phase drifts */
#define CELL_WAVES 2.0
/* the phasor's soft normalisation: |Z| below this fades the stripes */
#define SOFT_NORM 0.15
/* the offset is at most 1 / WATER_CAP of the height above the water */
#define WATER_CAP 2.0
/* cells (of the level grid) around a water cell whose points it fades */
#define LEVEL_REACH 2

/* The quintic smoothstep of x clamped to [0, 1]. */
static double
smooth5(double x)
{
    x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
    return x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
}

/* The random phase (as an angle in 1/256 turns) of pivot (i, j) of
 * octave k. */
static unsigned
pivot_phase(uint64_t seed, int k, int64_t i, int64_t j)
{
    uint64_t h = rng_mix64(seed ^ (uint64_t)(k + 1) * 0x9e3779b97f4a7c15ull);
    h = rng_mix64(h ^ (uint64_t)i * 0xc2b2ae3d27d4eb4full);
    h = rng_mix64(h ^ (uint64_t)j * 0x165667b19e3779f9ull);
    return (unsigned)(h >> 56);
}

/* Max filter of radius r along rows (step 1, n per row, rows of stride s)
 * or columns, in place through tmp. */
static void
max_filter(float *f, float *tmp, int gw, int gh, int r)
{
    int x, y, k;
    for (y = 0; y < gh; y++) {
        for (x = 0; x < gw; x++) {
            float m = f[(size_t)y * gw + x];
            for (k = -r; k <= r; k++) {
                int xx = x + k;
                if (xx >= 0 && xx < gw && f[(size_t)y * gw + xx] > m) {
                    m = f[(size_t)y * gw + xx];
                }
            }
            tmp[(size_t)y * gw + x] = m;
        }
    }
    for (y = 0; y < gh; y++) {
        for (x = 0; x < gw; x++) {
            float m = tmp[(size_t)y * gw + x];
            for (k = -r; k <= r; k++) {
                int yy = y + k;
                if (yy >= 0 && yy < gh && tmp[(size_t)yy * gw + x] > m) {
                    m = tmp[(size_t)yy * gw + x];
                }
            }
            f[(size_t)y * gw + x] = m;
        }
    }
}

/* Mark water of level lv at map point (u, v) in the level grid. */
static void
mark(struct detail *d, double u, double v, float lv)
{
    int i = (int)(u * d->gw), j = (int)(v * d->gh);
    size_t c;
    i = i < 0 ? 0 : (i >= d->gw ? d->gw - 1 : i);
    j = j < 0 ? 0 : (j >= d->gh ? d->gh - 1 : j);
    c = (size_t)j * d->gw + i;
    d->wet[c] = 1.0f;
    d->level[c] = lv > d->level[c] ? lv : d->level[c];
}

/* The water of w into the level grid: grid cells as they are; a mesh's
 * sea sites and lake nodes (triangles: their centroids and corners). */
static void
mark_water(struct detail *d, const struct world *w)
{
    size_t i;
    if (w->kind == WORLD_GRID) {
        for (i = 0; i < w->ncells; i++) {
            if (w->water[i] == WATER_OCEAN) {
                d->wet[i] = 1.0f;
                d->level[i] = w->sea_level;
            } else if (w->water[i] == WATER_LAKE) {
                d->wet[i] = 1.0f;
                d->level[i] = w->hydro_elev != NULL && i < w->nhydro ? w->hydro_elev[i]
                                                                     : w->elevation[i];
            }
        }
        return;
    }
    const struct mesh *m = w->mesh;
    for (i = 0; i < m->npoints; i++) {
        if (w->water[i] == WATER_OCEAN) {
            mark(d, m->points[2 * i], m->points[2 * i + 1], w->sea_level);
        }
    }
    if (w->lake == NULL || w->hydro_elev == NULL || w->nhydro != m->ntriangles) {
        return;
    }
    for (i = 0; i < m->ntriangles; i++) {
        double cu = 0.0, cv = 0.0;
        int k;
        if (w->lake[i] != LAKE_WATER) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t p = m->triangles[3 * i + k];
            mark(d, m->points[2 * p], m->points[2 * p + 1], w->hydro_elev[i]);
            cu += m->points[2 * p] / 3.0;
            cv += m->points[2 * p + 1] / 3.0;
        }
        mark(d, cu, cv, w->hydro_elev[i]);
    }
}

double
detail_spacing_m(const struct world *w, double du, double dv)
{
    double mx, my, mz;
    river_carve_scale(w, &mx, &my, &mz);
    return fmax(du * mx, dv * my);
}

/* The level grid: per cell the highest water within LEVEL_REACH cells. */
static enum og_status
level_grid(struct detail *d, const struct world *w, struct og_error *err)
{
    size_t n, i;
    float *tmp, far = (float)(w->elev_min - (w->elev_max - w->elev_min) - 1.0);

    if (w->kind == WORLD_GRID) {
        d->gw = w->width;
        d->gh = w->height;
    } else {
        double s = sqrt((double)w->mesh->npoints);
        d->gw = d->gh = s < 8.0 ? 8 : (s > 2048.0 ? 2048 : (int)s);
    }
    n = (size_t)d->gw * (size_t)d->gh;
    d->level = malloc(sizeof *d->level * n);
    d->wet = calloc(n, sizeof *d->wet);
    tmp = malloc(sizeof *tmp * n);
    if (d->level == NULL || d->wet == NULL || tmp == NULL) {
        free(tmp);
        return og_error_set(err, OG_ENOMEM, "out of memory for the terrain detail's water");
    }
    /* with a sea, no land lies below it: its level is the floor of every
       cell's (a low land point far from the water is capped by the sea, not
       by a level far below the world that a blend can leak into) */
    for (i = 0; w->water != NULL && i < w->ncells; i++) {
        if (w->water[i] == WATER_OCEAN) {
            far = (float)w->sea_level;
            break;
        }
    }
    for (i = 0; i < n; i++) {
        d->level[i] = far;
    }
    if (w->water != NULL) {
        mark_water(d, w);
    }
    max_filter(d->level, tmp, d->gw, d->gh, LEVEL_REACH);
    free(tmp);
    return OG_OK;
}

void
detail_band(struct detail *d, double px_m)
{
    double gain = 1.0;
    int k;
    for (k = 0; k < DETAIL_MAX_OCTAVES; k++) {
        double lam = d->l0 / (double)(1 << k);
        /* band limit: full from BAND_HI samples a wavelength, none below
           BAND_LO; finer octaves weigh less (their walls' slope falls by
           SLOPE_GAIN an octave) */
        double wt = px_m > 0.0 ? smooth5((lam / px_m - BAND_LO) / (BAND_HI - BAND_LO)) : 1.0;
        if (!(wt > 0.0)) {
            break;
        }
        d->lambda[k] = lam;
        d->weight[k] = wt * gain;
        gain *= SLOPE_GAIN;
    }
    d->octaves = d->level != NULL ? k : 0;
}

enum og_status
detail_init(struct detail *d, const struct world *w, double px_m, struct og_error *err)
{
    double cell;
    int k;

    memset(d, 0, sizeof *d);
    d->w = w;
    d->amount = params_get(&w->params, P_RENDER_DETAIL);
    if (!(d->amount > 0.0) || w->kind == WORLD_SPHERE || w->elevation == NULL ||
        (w->kind == WORLD_MESH && (w->mesh == NULL || w->mesh->npoints == 0))) {
        return OG_OK;
    }
    river_carve_scale(w, &d->mx, &d->my, &d->mz);
    cell = w->kind == WORLD_GRID ? fmax(d->mx / w->width, d->my / w->height)
                                 : d->mx / sqrt((double)w->mesh->npoints);
    d->l0 = params_get(&w->params, P_RENDER_DETAIL_SCALE);
    d->l0 = d->l0 > 0.0 ? d->l0 : 2.0 * cell;
    for (k = 0; k < 256; k++) {
        det_sincos(TWO_PI * k / 256.0, &d->unit_sin[k], &d->unit_cos[k]);
    }
    d->seed = rng_mix64(w->params.seed ^ 0x64657461696c2d31ull);
    if (level_grid(d, w, err) != OG_OK) {
        detail_free(d);
        return OG_ENOMEM;
    }
    detail_band(d, px_m);
    return OG_OK;
}

enum og_status
detail_new(const struct world *w, double px_m, struct detail **out, struct og_error *err)
{
    struct detail *d;
    *out = NULL;
    if (!(params_get(&w->params, P_RENDER_DETAIL) > 0.0)) {
        return OG_OK;
    }
    d = malloc(sizeof *d);
    if (d == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the terrain detail");
    }
    if (detail_init(d, w, px_m, err) != OG_OK) {
        free(d);
        return OG_ENOMEM;
    }
    if (d->octaves == 0) {
        detail_delete(d);
        return OG_OK;
    }
    *out = d;
    return OG_OK;
}

void
detail_delete(struct detail *d)
{
    if (d != NULL) {
        detail_free(d);
        free(d);
    }
}

void
detail_free(struct detail *d)
{
    free(d->level);
    free(d->wet);
    d->level = d->wet = NULL;
    d->octaves = 0;
}

/* The level grid's water level and wetness at (u, v), bilinear between
 * cell centres. */
static void
water_at(const struct detail *d, double u, double v, double *level, double *wet)
{
    double gx = u * d->gw - 0.5, gy = v * d->gh - 0.5, fx, fy, l = 0.0, q = 0.0;
    int x0, y0, k;
    gx = gx < 0.0 ? 0.0 : (gx > d->gw - 1 ? d->gw - 1 : gx);
    gy = gy < 0.0 ? 0.0 : (gy > d->gh - 1 ? d->gh - 1 : gy);
    x0 = (int)gx;
    y0 = (int)gy;
    x0 = x0 >= d->gw - 1 ? (d->gw > 1 ? d->gw - 2 : 0) : x0;
    y0 = y0 >= d->gh - 1 ? (d->gh > 1 ? d->gh - 2 : 0) : y0;
    fx = gx - x0;
    fy = gy - y0;
    for (k = 0; k < 4; k++) {
        int x = x0 + (k & 1), y = y0 + (k >> 1);
        size_t c;
        double wt = ((k & 1) ? fx : 1.0 - fx) * ((k >> 1) ? fy : 1.0 - fy);
        x = x >= d->gw ? d->gw - 1 : x;
        y = y >= d->gh ? d->gh - 1 : y;
        c = (size_t)y * d->gw + x;
        l += wt * d->level[c];
        q += wt * d->wet[c];
    }
    *level = l;
    *wet = q;
}

/* One octave's stripes at point (px, py) metres, wavelength lam, across
 * unit direction (tx, ty): the softly normalised blended phasor's real
 * (*c) and imaginary (*s) parts. */
static void
stripes(const struct detail *d, int k, double px, double py, double lam, double tx, double ty,
        double *c, double *s)
{
    double fx = px / (CELL_WAVES * lam), fy = py / (CELL_WAVES * lam), ix = floor(fx),
           iy = floor(fy);
    double ax = fx - ix, ay = fy - iy, wx = smooth5(ax), wy = smooth5(ay);
    double s0, c0, sx, cx, sy, cy, zr = 0.0, zi = 0.0, n;
    int a, b;

    det_sincos(TWO_PI * CELL_WAVES * (ax * tx + ay * ty), &s0, &c0);
    det_sincos(TWO_PI * CELL_WAVES * tx, &sx, &cx);
    det_sincos(TWO_PI * CELL_WAVES * ty, &sy, &cy);
    for (b = 0; b < 2; b++) {
        for (a = 0; a < 2; a++) {
            /* exp(i theta0) conj(Ex)^a conj(Ey)^b exp(i r) */
            double er = c0, ei = s0, t;
            unsigned r = pivot_phase(d->seed, k, (int64_t)ix + a, (int64_t)iy + b);
            double wt = (a ? wx : 1.0 - wx) * (b ? wy : 1.0 - wy);
            if (a) {
                t = er * cx + ei * sx;
                ei = ei * cx - er * sx;
                er = t;
            }
            if (b) {
                t = er * cy + ei * sy;
                ei = ei * cy - er * sy;
                er = t;
            }
            t = er * d->unit_cos[r] - ei * d->unit_sin[r];
            ei = er * d->unit_sin[r] + ei * d->unit_cos[r];
            zr += wt * t;
            zi += wt * ei;
        }
    }
    n = sqrt(zr * zr + zi * zi + SOFT_NORM * SOFT_NORM);
    *c = zr / n;
    *s = zi / n;
}

double
detail_offset(const struct detail *d, double u, double v, double h, double hu, double hv,
              double *ou, double *ov)
{
    double sx, sy, s0, fs, level, wet, x, gx, gy, px, py, off = 0.0, ox = 0.0, oy = 0.0;
    double atot = 0.0, f;
    int k;

    if (ou != NULL) {
        *ou = 0.0;
    }
    if (ov != NULL) {
        *ov = 0.0;
    }
    if (d->octaves == 0) {
        return 0.0;
    }
    sx = hu * d->mz / d->mx;
    sy = hv * d->mz / d->my;
    s0 = sqrt(sx * sx + sy * sy);
    fs = smooth5((s0 - FLAT_SLOPE) / (FULL_SLOPE - FLAT_SLOPE));
    if (!(fs > 0.0)) {
        return 0.0;
    }
    water_at(d, u, v, &level, &wet);
    x = (h - level) * d->mz;
    if (!(x > 0.0) || !(wet < 1.0)) {
        return 0.0;
    }
    px = u * d->mx;
    py = v * d->my;
    gx = sx;
    gy = sy;
    for (k = 0; k < d->octaves; k++) {
        double gn = sqrt(gx * gx + gy * gy), lam = d->lambda[k], a, c, s, tx, ty, dg;
        if (!(gn > 0.0)) {
            break;
        }
        tx = -gy / gn;
        ty = gx / gn;
        a = d->amount * s0 * lam / TWO_PI * d->weight[k];
        stripes(d, k, px, py, lam, tx, ty, &c, &s);
        off += a * c;
        atot += a;
        dg = -d->amount * s0 * d->weight[k] * s;   /* a * 2 pi / lam * (-s) */
        gx += dg * tx;
        gy += dg * ty;
        ox += dg * tx;
        oy += dg * ty;
    }
    /* at most 1 / WATER_CAP of the height above the water (soft minimum) */
    f = fs * (1.0 - wet) * x / (x + WATER_CAP * atot);
    if (ou != NULL) {
        *ou = f * ox * d->mx / d->mz;
    }
    if (ov != NULL) {
        *ov = f * oy * d->my / d->mz;
    }
    return f * off / d->mz;
}
