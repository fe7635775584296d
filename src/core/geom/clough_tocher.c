/* clough_tocher: the C1 Clough-Tocher interpolant (see clough_tocher.h). */
#include "config.h"
#include "core/geom/clough_tocher.h"

#include <string.h>

#include "core/geom/mesh.h"

/* 2-D cross product a x b. */
static double
cross(const double a[2], const double b[2])
{
    return a[0] * b[1] - a[1] * b[0];
}

/* gamma of the edge opposite corner k: w is parallel to
 * (centroid - p_j) + gamma (p_l - p_j), j = k + 1, l = k + 2. */
static double
edge_gamma(const double p[3][2], int k, const double *w)
{
    int j = (k + 1) % 3, l = (k + 2) % 3;
    double a[2], b[2], d[2], den;

    a[0] = (p[0][0] + p[1][0] + p[2][0]) / 3.0 - p[j][0];
    a[1] = (p[0][1] + p[1][1] + p[2][1]) / 3.0 - p[j][1];
    b[0] = p[l][0] - p[j][0];
    b[1] = p[l][1] - p[j][1];
    if (w == NULL) {
        /* the edge normal: a less its component along b */
        den = b[0] * b[0] + b[1] * b[1];
        return den > 0.0 ? -(a[0] * b[0] + a[1] * b[1]) / den : -0.5;
    }
    if (w[0] == 0.0 && w[1] == 0.0) {
        return -0.5; /* from the edge's midpoint to the centroid */
    }
    d[0] = w[0];
    d[1] = w[1];
    den = cross(d, b);
    return den != 0.0 ? cross(a, d) / den : -0.5;
}

void
ct_patch_init(struct ct_patch *P, const double p[3][2], const double f[3],
              const double g[3][2], const double w[3][2])
{
    double det = (p[1][1] - p[2][1]) * (p[0][0] - p[2][0]) +
                 (p[2][0] - p[1][0]) * (p[0][1] - p[2][1]);
    int i, j, k;

    memset(P, 0, sizeof *P);
    if (det == 0.0) {
        for (i = 0; i < 3; i++) {
            P->v[i] = P->a[i] = P->in[i] = P->b[i] = f[0];
            for (j = 0; j < 3; j++) {
                P->e[i][j] = f[0];
            }
        }
        P->c = f[0];
        return;
    }
    P->dl[0][0] = (p[1][1] - p[2][1]) / det;
    P->dl[0][1] = (p[2][0] - p[1][0]) / det;
    P->dl[1][0] = (p[2][1] - p[0][1]) / det;
    P->dl[1][1] = (p[0][0] - p[2][0]) / det;
    P->dl[2][0] = -(P->dl[0][0] + P->dl[1][0]);
    P->dl[2][1] = -(P->dl[0][1] + P->dl[1][1]);
    /* corners and the edge ordinates: value + derivative along the edge / 3 */
    for (i = 0; i < 3; i++) {
        P->v[i] = f[i];
        for (j = 0; j < 3; j++) {
            if (j != i) {
                P->e[i][j] = f[i] + (g[i][0] * (p[j][0] - p[i][0]) +
                                     g[i][1] * (p[j][1] - p[i][1])) / 3.0;
            }
        }
    }
    /* towards the centroid: in each corner's tangent plane */
    for (i = 0; i < 3; i++) {
        P->a[i] = (P->v[i] + P->e[i][(i + 1) % 3] + P->e[i][(i + 2) % 3]) / 3.0;
    }
    /* between each edge and the centroid: the cross derivative linear */
    for (k = 0; k < 3; k++) {
        int jj = (k + 1) % 3, l = (k + 2) % 3;
        double gam = edge_gamma(p, k, w != NULL ? w[k] : NULL);
        P->in[k] = (gam * (-P->v[jj] + 3.0 * P->e[jj][l] - 3.0 * P->e[l][jj] + P->v[l]) +
                    (-P->v[jj] + 2.0 * P->e[jj][l] - P->e[l][jj] + P->a[jj] + P->a[l])) /
                   2.0;
    }
    /* around the centroid: C1 across the split */
    for (i = 0; i < 3; i++) {
        P->b[i] = (P->in[(i + 1) % 3] + P->in[(i + 2) % 3] + P->a[i]) / 3.0;
    }
    P->c = (P->b[0] + P->b[1] + P->b[2]) / 3.0;
}

void
ct_site_patch(struct ct_patch *P, const struct mesh *m, int32_t t, const float *f,
              const double *grad)
{
    double fv[3], g[3][2];
    int k;

    for (k = 0; k < 3; k++) {
        int32_t v = m->triangles[3 * (size_t)t + k];
        fv[k] = f[v];
        g[k][0] = grad[2 * (size_t)v];
        g[k][1] = grad[2 * (size_t)v + 1];
    }
    ct_mesh_patch(P, m, t, fv, g);
}

void
ct_mesh_patch(struct ct_patch *P, const struct mesh *m, int32_t t, const double f[3],
              const double g[3][2])
{
    double p[3][2], w[3][2], c[2];
    int k;

    for (k = 0; k < 3; k++) {
        int32_t v = m->triangles[3 * (size_t)t + k];
        p[k][0] = m->points[2 * (size_t)v];
        p[k][1] = m->points[2 * (size_t)v + 1];
    }
    c[0] = (p[0][0] + p[1][0] + p[2][0]) / 3.0;
    c[1] = (p[0][1] + p[1][1] + p[2][1]) / 3.0;
    /* the edge opposite corner k is half-edge k + 1 (v[k+1] -> v[k+2]) */
    for (k = 0; k < 3; k++) {
        int32_t twin = m->halfedges[3 * (size_t)t + (size_t)((k + 1) % 3)];
        w[k][0] = w[k][1] = 0.0;
        if (twin >= 0) {
            int32_t n = mesh_edge_triangle(twin), j;
            double cn[2] = {0.0, 0.0};
            for (j = 0; j < 3; j++) {
                int32_t q = m->triangles[3 * (size_t)n + (size_t)j];
                cn[0] += m->points[2 * (size_t)q];
                cn[1] += m->points[2 * (size_t)q + 1];
            }
            w[k][0] = cn[0] / 3.0 - c[0];
            w[k][1] = cn[1] / 3.0 - c[1];
        }
    }
    ct_patch_init(P, p, f, g, w);
}

void
ct_patch_eval(const struct ct_patch *P, const double l[3], double *h, double *hx, double *hy)
{
    /* the sub-triangle (corner i, corner j, centroid) holds the point where
       corner k's coordinate is the least; there s = l_i - l_k,
       t = l_j - l_k, u = 3 l_k */
    int k = l[0] <= l[1] && l[0] <= l[2] ? 0 : (l[1] <= l[2] ? 1 : 2);
    int i = (k + 1) % 3, j = (k + 2) % 3;
    double s = l[i] - l[k], t = l[j] - l[k], u = 3.0 * l[k];
    double c300 = P->v[i], c030 = P->v[j], c003 = P->c;
    double c210 = P->e[i][j], c120 = P->e[j][i], c201 = P->a[i], c021 = P->a[j];
    double c102 = P->b[i], c012 = P->b[j], c111 = P->in[k];
    double ds, dt, du;

    *h = c300 * s * s * s + c030 * t * t * t + c003 * u * u * u +
         3.0 * (c210 * s * s * t + c201 * s * s * u + c120 * s * t * t + c021 * t * t * u +
                c102 * s * u * u + c012 * t * u * u) +
         6.0 * c111 * s * t * u;
    if (hx == NULL || hy == NULL) {
        return;
    }
    /* the partial derivatives of the homogeneous cubic (degree-2 forms) */
    ds = 3.0 * (c300 * s * s + 2.0 * c210 * s * t + 2.0 * c201 * s * u + c120 * t * t +
                2.0 * c111 * t * u + c102 * u * u);
    dt = 3.0 * (c210 * s * s + 2.0 * c120 * s * t + 2.0 * c111 * s * u + c030 * t * t +
                2.0 * c021 * t * u + c012 * u * u);
    du = 3.0 * (c201 * s * s + 2.0 * c111 * s * t + 2.0 * c102 * s * u + c021 * t * t +
                2.0 * c012 * t * u + c003 * u * u);
    *hx = ds * (P->dl[i][0] - P->dl[k][0]) + dt * (P->dl[j][0] - P->dl[k][0]) +
          du * 3.0 * P->dl[k][0];
    *hy = ds * (P->dl[i][1] - P->dl[k][1]) + dt * (P->dl[j][1] - P->dl[k][1]) +
          du * 3.0 * P->dl[k][1];
}
