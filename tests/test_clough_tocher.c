/* Tests of core/geom/clough_tocher.c and site_gradient.c: the patch
 * reproduces quadratics given their exact gradients, is C1 across the
 * edges of a Delaunay mesh, passes through the site values, and with the
 * minimum-curvature site gradients reproduces a linear field exactly. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/rng.h"
#include "core/geom/clough_tocher.h"
#include "core/geom/mesh.h"
#include "core/geom/site_gradient.h"
#include "tests.h"

/* q(x, y) = c0 + c1 x + c2 y + c3 x^2 + c4 x y + c5 y^2 and its gradient. */
static double
quad(const double c[6], double x, double y, double g[2])
{
    if (g != NULL) {
        g[0] = c[1] + 2.0 * c[3] * x + c[4] * y;
        g[1] = c[2] + c[4] * x + 2.0 * c[5] * y;
    }
    return c[0] + c[1] * x + c[2] * y + c[3] * x * x + c[4] * x * y + c[5] * y * y;
}

/* A random barycentric point of a triangle (each >= 0, sum 1). */
static void
random_bary(struct rng *r, double l[3])
{
    double a = rng_next_double(r), b = rng_next_double(r);
    if (a + b > 1.0) {
        a = 1.0 - a;
        b = 1.0 - b;
    }
    l[0] = a;
    l[1] = b;
    l[2] = 1.0 - a - b;
}

START_TEST(test_ct_quadratic_exact)
{
    struct rng r;
    int trial, n, k;

    rng_seed(&r, 24, 1);
    for (trial = 0; trial < 200; trial++) {
        double p[3][2], f[3], g[3][2], w[3][2], c[6];
        struct ct_patch P;
        for (k = 0; k < 6; k++) {
            c[k] = 4.0 * rng_next_double(&r) - 2.0;
        }
        for (k = 0; k < 3; k++) {
            p[k][0] = rng_next_double(&r);
            p[k][1] = rng_next_double(&r);
            w[k][0] = rng_next_double(&r) - 0.5; /* any direction: still exact */
            w[k][1] = rng_next_double(&r) - 0.5;
            f[k] = quad(c, p[k][0], p[k][1], g[k]);
        }
        if (fabs((p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) -
                 (p[1][1] - p[0][1]) * (p[2][0] - p[0][0])) < 0.05) {
            continue; /* a sliver: the test is of the formula, not conditioning */
        }
        ct_patch_init(&P, p, f, g, trial % 2 ? w : NULL);
        for (n = 0; n < 50; n++) {
            double l[3], x, y, h, hx, hy, ge[2], he;
            random_bary(&r, l);
            x = l[0] * p[0][0] + l[1] * p[1][0] + l[2] * p[2][0];
            y = l[0] * p[0][1] + l[1] * p[1][1] + l[2] * p[2][1];
            he = quad(c, x, y, ge);
            ct_patch_eval(&P, l, &h, &hx, &hy);
            ck_assert_double_eq_tol(h, he, 1e-12);
            ck_assert_double_eq_tol(hx, ge[0], 1e-10);
            ck_assert_double_eq_tol(hy, ge[1], 1e-10);
        }
    }
}
END_TEST

/* A Delaunay mesh of n random points in the unit square with random
 * values (float, as elevations) and random gradients. */
static struct mesh *
random_mesh(struct rng *r, size_t n, float **f, double **g)
{
    double *xy = malloc(sizeof *xy * 2 * n);
    struct mesh *m = NULL;
    size_t i;
    ck_assert_ptr_nonnull(xy);
    for (i = 0; i < 2 * n; i++) {
        xy[i] = rng_next_double(r);
    }
    ck_assert_int_eq(mesh_build_planar(&m, xy, n, NULL), OG_OK);
    free(xy);
    *f = malloc(sizeof **f * n);
    *g = malloc(sizeof **g * 2 * n);
    ck_assert_ptr_nonnull(*f);
    ck_assert_ptr_nonnull(*g);
    for (i = 0; i < n; i++) {
        (*f)[i] = (float)(1000.0 * rng_next_double(r));
        (*g)[2 * i] = 4000.0 * rng_next_double(r) - 2000.0;
        (*g)[2 * i + 1] = 4000.0 * rng_next_double(r) - 2000.0;
    }
    return m;
}

START_TEST(test_ct_c1_across_edges)
{
    struct rng r;
    float *f;
    double *g, worst_h = 0.0, worst_g = 0.0;
    struct mesh *m;
    size_t e;
    int edges = 0;

    rng_seed(&r, 24, 2);
    m = random_mesh(&r, 300, &f, &g);
    for (e = 0; e < 3 * m->ntriangles; e++) {
        int32_t twin = m->halfedges[e], t = (int32_t)(e / 3), u, k;
        struct ct_patch P, Q;
        if (twin < 0 || twin < (int32_t)e) {
            continue;
        }
        u = mesh_edge_triangle(twin);
        ct_site_patch(&P, m, t, f, g);
        ct_site_patch(&Q, m, u, f, g);
        for (k = 1; k < 8; k++) {
            /* the same point of the edge in both triangles' coordinates,
               exactly on it (e runs a -> b in t, twin b -> a in u) */
            double s = k / 8.0, l1[3] = {0.0, 0.0, 0.0}, l2[3] = {0.0, 0.0, 0.0};
            double h1, h2, x1, x2, y1, y2;
            l1[e % 3] = 1.0 - s;
            l1[mesh_edge_next((int32_t)e) % 3] = s;
            l2[twin % 3] = s;
            l2[mesh_edge_next(twin) % 3] = 1.0 - s;
            ct_patch_eval(&P, l1, &h1, &x1, &y1);
            ct_patch_eval(&Q, l2, &h2, &x2, &y2);
            worst_h = fmax(worst_h, fabs(h1 - h2));
            worst_g = fmax(worst_g, fmax(fabs(x1 - x2), fabs(y1 - y2)) /
                                        (1.0 + fabs(x1) + fabs(y1)));
        }
        edges++;
    }
    ck_assert_int_gt(edges, 500);
    /* values ~1e3 and gradients ~1e3 to 1e5 per unit (edges ~0.05 long):
       equal to rounding (the gradient's jump relative to its size; the
       terms it sums are ~100 times larger) */
    ck_assert_msg(worst_h < 1e-9, "value jumps %g across an edge", worst_h);
    ck_assert_msg(worst_g < 1e-10, "gradient jumps %g (relative) across an edge", worst_g);
    free(f);
    free(g);
    mesh_free(m);
}
END_TEST

START_TEST(test_ct_through_sites)
{
    struct rng r;
    float *f;
    double *g;
    struct mesh *m;
    size_t t;

    rng_seed(&r, 24, 3);
    m = random_mesh(&r, 100, &f, &g);
    for (t = 0; t < m->ntriangles; t++) {
        struct ct_patch P;
        int k;
        ct_site_patch(&P, m, (int32_t)t, f, g);
        for (k = 0; k < 3; k++) {
            double l[3] = {0.0, 0.0, 0.0}, h, hx, hy;
            int32_t v = m->triangles[3 * t + (size_t)k];
            l[k] = 1.0;
            ct_patch_eval(&P, l, &h, &hx, &hy);
            ck_assert_double_eq(h, (double)f[v]);
            ck_assert_double_eq_tol(hx, g[2 * v], 1e-9);
            ck_assert_double_eq_tol(hy, g[2 * v + 1], 1e-9);
        }
    }
    free(f);
    free(g);
    mesh_free(m);
}
END_TEST

START_TEST(test_ct_linear_with_site_gradients)
{
    /* points on a 1/1024 lattice, so 1 + 2x - 3y is exact in a float */
    enum { N = 400 };
    struct rng r;
    double xy[2 * N], *g = malloc(sizeof *g * 2 * N), worst = 0.0;
    float f[N];
    struct mesh *m = NULL;
    size_t i, t;

    ck_assert_ptr_nonnull(g);
    rng_seed(&r, 24, 4);
    for (i = 0; i < N; i++) {
        xy[2 * i] = rng_next_below(&r, 1025) / 1024.0;
        xy[2 * i + 1] = rng_next_below(&r, 1025) / 1024.0;
        f[i] = (float)(1.0 + 2.0 * xy[2 * i] - 3.0 * xy[2 * i + 1]);
    }
    ck_assert_int_eq(mesh_build_planar(&m, xy, N, NULL), OG_OK);
    ck_assert_int_gt(site_gradients(m, f, g), 0);
    for (i = 0; i < m->npoints; i++) {
        if (m->point_edge[i] >= 0) {
            ck_assert_double_eq_tol(g[2 * i], 2.0, 1e-12);
            ck_assert_double_eq_tol(g[2 * i + 1], -3.0, 1e-12);
        }
    }
    for (t = 0; t < m->ntriangles; t++) {
        struct ct_patch P;
        int n;
        ct_site_patch(&P, m, (int32_t)t, f, g);
        for (n = 0; n < 4; n++) {
            double l[3], x = 0.0, y = 0.0, h, hx, hy;
            int k;
            random_bary(&r, l);
            for (k = 0; k < 3; k++) {
                const double *p = m->points + 2 * (size_t)m->triangles[3 * t + (size_t)k];
                x += l[k] * p[0];
                y += l[k] * p[1];
            }
            ct_patch_eval(&P, l, &h, &hx, &hy);
            worst = fmax(worst, fabs(h - (1.0 + 2.0 * x - 3.0 * y)));
            ck_assert_double_eq_tol(hx, 2.0, 1e-9);
            ck_assert_double_eq_tol(hy, -3.0, 1e-9);
        }
    }
    ck_assert_msg(worst < 1e-12, "a linear field off by %g", worst);
    free(g);
    mesh_free(m);
}
END_TEST

void
clough_tocher_tests(Suite *s)
{
    TCase *tc = tcase_create("clough_tocher");

    tcase_add_test(tc, test_ct_quadratic_exact);
    tcase_add_test(tc, test_ct_c1_across_edges);
    tcase_add_test(tc, test_ct_through_sites);
    tcase_add_test(tc, test_ct_linear_with_site_gradients);
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
}
