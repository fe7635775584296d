/* site_gradient: least-squares site gradients (see site_gradient.h). */
#include "config.h"
#include "core/geom/site_gradient.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/geom/mesh.h"

/* One Gauss-Seidel step at site p: its gradient minimising the curvature
 * along its edges given the neighbours' gradients; returns how far it
 * moved. */
/* Site p's value: fl[p], or fd[p * stride] where fl is NULL. */
struct values {
    const float *fl;
    const double *fd;
    size_t stride;
};

static double
value(const struct values *f, size_t p)
{
    return f->fl != NULL ? (double)f->fl[p] : f->fd[p * f->stride];
}

static double
curvature_step(const struct mesh *m, const struct values *f, double *grad, size_t p)
{
    int32_t nb[64];
    int n = mesh_cell_neighbors(m, (int32_t)p, nb, 64), k;
    double q00 = 0.0, q01 = 0.0, q11 = 0.0, s0 = 0.0, s1 = 0.0, det, r0, r1, ch;
    const double *a = m->points + 2 * p;

    n = n > 64 ? 64 : n;
    for (k = 0; k < n; k++) {
        const double *b = m->points + 2 * (size_t)nb[k];
        double ex = b[0] - a[0], ey = b[1] - a[1], d2 = ex * ex + ey * ey, l3, df2, t;
        if (!(d2 > 0.0)) {
            continue;
        }
        l3 = d2 * sqrt(d2);
        /* the neighbour's derivative along the edge, towards p */
        df2 = -ex * grad[2 * (size_t)nb[k]] - ey * grad[2 * (size_t)nb[k] + 1];
        q00 += 4.0 * ex * ex / l3;
        q01 += 4.0 * ex * ey / l3;
        q11 += 4.0 * ey * ey / l3;
        t = (6.0 * (value(f, p) - value(f, (size_t)nb[k])) - 2.0 * df2) / l3;
        s0 += t * ex;
        s1 += t * ey;
    }
    det = q00 * q11 - q01 * q01;
    if (!(det > 1e-12 * (q00 + q11) * (q00 + q11))) {
        return 0.0; /* collinear or no neighbours: keep what it has */
    }
    r0 = -(q11 * s0 - q01 * s1) / det;
    r1 = -(q00 * s1 - q01 * s0) / det;
    ch = fmax(fabs(grad[2 * p] - r0), fabs(grad[2 * p + 1] - r1));
    grad[2 * p] = r0;
    grad[2 * p + 1] = r1;
    return ch;
}

static int
gradients(const struct mesh *m, const struct values *f, double *grad)
{
    size_t p;
    int it;

    for (p = 0; p < 2 * m->npoints; p++) {
        grad[p] = 0.0;
    }
    for (it = 0; it < 400; it++) {
        double moved = 0.0, big = 0.0;
        for (p = 0; p < m->npoints; p++) {
            moved = fmax(moved, curvature_step(m, f, grad, p));
            big = fmax(big, fmax(fabs(grad[2 * p]), fabs(grad[2 * p + 1])));
        }
        if (moved <= 1e-12 * big) {
            return it + 1;
        }
    }
    return 0;
}

int
site_gradients(const struct mesh *m, const float *f, double *grad)
{
    struct values v = {f, NULL, 0};
    return gradients(m, &v, grad);
}

int
site_gradients_of(const struct mesh *m, const double *f, size_t stride, double *grad)
{
    struct values v = {NULL, f, stride};
    return gradients(m, &v, grad);
}
