/* surface: Catmull-Rom bicubic fields (surface.h). */
#include "config.h"
#include "render/surface.h"

#include <math.h>
#include <stddef.h>

/* Catmull-Rom weights of the four taps at fraction t. */
static void
cr_values(double t, double w[4])
{
    double t2 = t * t, t3 = t2 * t;
    w[0] = 0.5 * (-t3 + 2.0 * t2 - t);
    w[1] = 0.5 * (3.0 * t3 - 5.0 * t2 + 2.0);
    w[2] = 0.5 * (-3.0 * t3 + 4.0 * t2 + t);
    w[3] = 0.5 * (t3 - t2);
}

/* The same, and the weights of the derivative. */
static void
cr_weights(double t, double w[4], double d[4])
{
    double t2 = t * t;
    cr_values(t, w);
    d[0] = 0.5 * (-3.0 * t2 + 4.0 * t - 1.0);
    d[1] = 0.5 * (9.0 * t2 - 10.0 * t);
    d[2] = 0.5 * (-9.0 * t2 + 8.0 * t + 1.0);
    d[3] = 0.5 * (3.0 * t2 - 2.0 * t);
}

void
surface_taps(int W, int H, double gx, double gy, long idx[4][4], double *fx, double *fy)
{
    double x0 = floor(gx), y0 = floor(gy);
    long ix = (long)x0, iy = (long)y0;
    int i, j;

    *fx = gx - x0;
    *fy = gy - y0;
    for (j = 0; j < 4; j++) {
        long y = iy - 1 + j;
        y = y < 0 ? 0 : (y >= H ? H - 1 : y);
        for (i = 0; i < 4; i++) {
            long x = ix - 1 + i;
            x = x < 0 ? 0 : (x >= W ? W - 1 : x);
            idx[j][i] = y * (long)W + x;
        }
    }
}

void
surface_bicubic16(const double p[4][4], double fx, double fy, double *v, double *dx, double *dy)
{
    double wx[4], dwx[4], wy[4], dwy[4], row[4], drow[4], s = 0.0, sx = 0.0, sy = 0.0;
    int i, j;

    cr_weights(fx, wx, dwx);
    cr_weights(fy, wy, dwy);
    for (j = 0; j < 4; j++) {
        row[j] = wx[0] * p[j][0] + wx[1] * p[j][1] + wx[2] * p[j][2] + wx[3] * p[j][3];
        drow[j] = dwx[0] * p[j][0] + dwx[1] * p[j][1] + dwx[2] * p[j][2] + dwx[3] * p[j][3];
    }
    for (i = 0; i < 4; i++) {
        s += wy[i] * row[i];
        sx += wy[i] * drow[i];
        sy += dwy[i] * row[i];
    }
    *v = s;
    if (dx != NULL) {
        *dx = sx;
    }
    if (dy != NULL) {
        *dy = sy;
    }
}

void
surface_bicubic(const float *f, int W, int H, double gx, double gy, double *v, double *dx,
                double *dy)
{
    long idx[4][4];
    double p[4][4], fx, fy;
    int i, j;

    surface_taps(W, H, gx, gy, idx, &fx, &fy);
    for (j = 0; j < 4; j++) {
        for (i = 0; i < 4; i++) {
            p[j][i] = f[idx[j][i]];
        }
    }
    surface_bicubic16(p, fx, fy, v, dx, dy);
}

void
surface_row_init(struct surface_row *r, const float *f, int W, int H, double gy)
{
    double y0 = floor(gy);
    long iy = (long)y0;
    int j;

    r->f = f;
    r->W = W;
    for (j = 0; j < 4; j++) {
        long y = iy - 1 + j;
        y = y < 0 ? 0 : (y >= H ? H - 1 : y);
        r->row[j] = y * (long)W;
    }
    cr_values(gy - y0, r->wy);
}

double
surface_row_at(const struct surface_row *r, double gx)
{
    double x0 = floor(gx), wx[4], row[4], s = 0.0;
    long ix = (long)x0, x[4];
    int i, j;

    for (i = 0; i < 4; i++) {
        x[i] = ix - 1 + i;
        x[i] = x[i] < 0 ? 0 : (x[i] >= r->W ? r->W - 1 : x[i]);
    }
    cr_values(gx - x0, wx);
    /* the operations of surface_bicubic16's value, in its order */
    for (j = 0; j < 4; j++) {
        const float *p = r->f + r->row[j];
        row[j] = wx[0] * (double)p[x[0]] + wx[1] * (double)p[x[1]] + wx[2] * (double)p[x[2]] +
                 wx[3] * (double)p[x[3]];
    }
    for (i = 0; i < 4; i++) {
        s += r->wy[i] * row[i];
    }
    return s;
}
