#include "config.h"
#include "render/projection.h"

#include <math.h>
#include <string.h>

#include "core/base/detmath.h"

static const char *const names[PROJ_COUNT] = { "equirectangular", "orthographic", "mollweide" };

const char *
projection_name(int p)
{
    return p >= 0 && p < PROJ_COUNT ? names[p] : NULL;
}

int
projection_find(const char *name)
{
    int p;
    for (p = 0; p < PROJ_COUNT; p++) {
        if (strcmp(names[p], name) == 0) {
            return p;
        }
    }
    return -1;
}

/* the orthographic view's basis: c towards the viewer, r east, u north */
static void
basis(double lon0, double lat0, double *c, double *r, double *u)
{
    double a = lon0 * M_PI / 180.0, b = lat0 * M_PI / 180.0;
    c[0] = det_cos(b) * det_cos(a);
    c[1] = det_cos(b) * det_sin(a);
    c[2] = det_sin(b);
    r[0] = -det_sin(a);
    r[1] = det_cos(a);
    r[2] = 0.0;
    u[0] = -det_sin(b) * det_cos(a);
    u[1] = -det_sin(b) * det_sin(a);
    u[2] = det_cos(b);
}

int
projection_inverse(int p, double lon0, double lat0, double u, double v, double *q)
{
    double lon, lat;
    if (u < 0.0 || u > 1.0 || v < 0.0 || v > 1.0) {
        return 0;
    }
    if (p == PROJ_ORTHOGRAPHIC) {
        double x = 2.0 * u - 1.0, y = 1.0 - 2.0 * v, d2 = x * x + y * y, z, c[3], r[3], up[3];
        int k;
        if (d2 > 1.0) {
            return 0;
        }
        z = sqrt(1.0 - d2);
        basis(lon0, lat0, c, r, up);
        for (k = 0; k < 3; k++) {
            q[k] = x * r[k] + y * up[k] + z * c[k];
        }
        return 1;
    }
    if (p == PROJ_MOLLWEIDE) {
        double x = (2.0 * u - 1.0) * 2.0 * M_SQRT2, y = (1.0 - 2.0 * v) * M_SQRT2, t, s;
        if (fabs(y) > M_SQRT2) {
            return 0;
        }
        t = det_asin(y / M_SQRT2);
        if (det_cos(t) <= 0.0) {
            lon = 0.0;
        } else {
            lon = M_PI * x / (2.0 * M_SQRT2 * det_cos(t));
        }
        if (fabs(lon) > M_PI) {
            return 0;
        }
        s = (2.0 * t + det_sin(2.0 * t)) / M_PI;
        lat = det_asin(s < -1.0 ? -1.0 : s > 1.0 ? 1.0 : s);
    } else {
        if (u >= 1.0) {
            return 0;
        }
        lon = (u - 0.5) * 2.0 * M_PI;
        lat = (0.5 - v) * M_PI;
    }
    q[0] = det_cos(lat) * det_cos(lon);
    q[1] = det_cos(lat) * det_sin(lon);
    q[2] = det_sin(lat);
    return 1;
}

int
projection_forward(int p, double lon0, double lat0, double lon, double lat, double *u,
                   double *v)
{
    double a = lon * M_PI / 180.0, b = lat * M_PI / 180.0;
    if (p == PROJ_ORTHOGRAPHIC) {
        double q[3] = { det_cos(b) * det_cos(a), det_cos(b) * det_sin(a), det_sin(b) }, c[3], r[3], up[3];
        basis(lon0, lat0, c, r, up);
        if (q[0] * c[0] + q[1] * c[1] + q[2] * c[2] < 0.0) {
            return 0;
        }
        *u = 0.5 * (1.0 + q[0] * r[0] + q[1] * r[1] + q[2] * r[2]);
        *v = 0.5 * (1.0 - (q[0] * up[0] + q[1] * up[1] + q[2] * up[2]));
        return 1;
    }
    if (p == PROJ_MOLLWEIDE) {
        /* Newton on 2t + sin 2t = pi det_sin(lat) (Snyder 1987, eq. 31-4) */
        double t = b, target = M_PI * det_sin(b);
        int k;
        for (k = 0; k < 30 && fabs(b) < M_PI / 2 - 1e-9; k++) {
            double f = 2.0 * t + det_sin(2.0 * t) - target, d = 2.0 + 2.0 * det_cos(2.0 * t);
            if (d == 0.0) {
                break;
            }
            t -= f / d;
        }
        if (fabs(b) >= M_PI / 2 - 1e-9) {
            t = b > 0.0 ? M_PI / 2 : -M_PI / 2;
        }
        *u = 0.5 + (2.0 * M_SQRT2 / M_PI * a * det_cos(t)) / (4.0 * M_SQRT2);
        *v = 0.5 - (M_SQRT2 * det_sin(t)) / (2.0 * M_SQRT2);
        return 1;
    }
    *u = 0.5 + a / (2.0 * M_PI);
    *v = 0.5 - b / M_PI;
    return 1;
}

double
projection_scale(int p)
{
    return p == PROJ_ORTHOGRAPHIC ? 2.0 : M_PI;
}

double
projection_aspect(int p)
{
    return p == PROJ_ORTHOGRAPHIC ? 1.0 : 2.0;
}
