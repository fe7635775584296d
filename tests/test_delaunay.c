/* Tests of delaunay.c (predicates.c: test_predicates.c; mesh.c: test_mesh.c;
 * the exact validation: delaunay_check.c).
 *
 * Fixtures: delaunator's point sets (tests/data/points, ISC licence), with
 * the distinct-point and hull counts from /work/shared/data/README.md. Every
 * triangulation is validated exactly: symmetric twins, one orientation for
 * every triangle (exact orient2d), empty circumcircle on every interior edge
 * (exact incircle), triangle count 2n - 2 - b with b counted by an
 * independent exact convex hull, and the hull as the cycle of twinless
 * half-edges. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/predicates.h"
#include "core/base/rng.h"
#include "tests.h"


START_TEST(test_fixture_ukraine)
{
    test_delaunay_check_file("ukraine.json", 874, 867, 21, 1711);
}
END_TEST

START_TEST(test_fixture_issue13)
{
    test_delaunay_check_file("issue13.json", 17, 17, 17, 15);
}
END_TEST

START_TEST(test_fixture_issue43)
{
    test_delaunay_check_file("issue43.json", 5, 5, 3, 5);
}
END_TEST

START_TEST(test_fixture_issue44)
{
    test_delaunay_check_file("issue44.json", 2828, 2828, 55, 5599);
}
END_TEST

START_TEST(test_fixture_robustness1)
{
    static const double scales[] = {1.0, 1e-9, 1e-2, 1e2, 1e9};
    size_t n, i, k;
    double *xy = test_read_points("robustness1.json", &n);
    double *s = malloc(2 * n * sizeof *s);

    ck_assert_int_eq(n, 79);
    for (k = 0; k < sizeof scales / sizeof scales[0]; k++) {
        for (i = 0; i < 2 * n; i++) {
            s[i] = xy[i] * scales[k];
        }
        /* Scaling rounds the coordinates, which can move a nearly collinear
         * hull point off its line: exact counts hold for the unscaled file,
         * the scaled ones are checked against the independent hull. */
        if (k == 0) {
            test_delaunay_check_points(s, n, 141, 0, 15);
        } else {
            struct delaunay d;
            ck_assert_int_eq(delaunay_build(&d, s, n, NULL), OG_OK);
            test_delaunay_validate(&d, s, n);
            ck_assert_int_eq(d.nduplicates, 0);
            delaunay_fini(&d);
        }
    }
    free(s);
    free(xy);
}
END_TEST

START_TEST(test_fixture_robustness2)
{
    size_t n;
    double *xy = test_read_points("robustness2.json", &n);
    struct delaunay d;

    ck_assert_int_eq(n, 1000);
    /* First 100 points: counts from the independent hull. */
    ck_assert_int_eq(delaunay_build(&d, xy, 100, NULL), OG_OK);
    test_delaunay_validate(&d, xy, 100);
    delaunay_fini(&d);
    test_delaunay_check_points(xy, n, 1924, 32, 10);
    free(xy);
}
END_TEST

START_TEST(test_fixture_robustness3)
{
    test_delaunay_check_file("robustness3.json", 70, 54, 12, 94);
}
END_TEST

START_TEST(test_fixture_robustness4)
{
    test_delaunay_check_file("robustness4.json", 36, 36, 7, 63);
}
END_TEST

START_TEST(test_inline_issues)
{
    static const double issue11[] = {516, 661, 369, 793, 426, 539, 273, 525,
                                     204, 694, 747, 750, 454, 390};
    static const double issue24[] = {382, 302, 382, 328, 382, 205, 623, 175, 382, 188,
                                      382, 284, 623, 87,  623, 341, 141, 227};
    struct delaunay d;

    ck_assert_int_eq(delaunay_build(&d, issue11, 7, NULL), OG_OK);
    test_delaunay_validate(&d, issue11, 7);
    delaunay_fini(&d);
    ck_assert_int_eq(delaunay_build(&d, issue24, 9, NULL), OG_OK);
    test_delaunay_validate(&d, issue24, 9);
    delaunay_fini(&d);
}
END_TEST

/* Points exactly on an edge are inserted by splitting it, not dropped:
 * m = (1, 0) lies on the hull edge a-b (case A), or on the interior edge
 * a-b once c sits just beyond it (case B), whichever of them goes in
 * first. (Written for the radial sweep used up to island version 3, where
 * these points had equal sort keys.) */
START_TEST(test_split_paths)
{
    double e21 = ldexp(1.0, -21), e40 = ldexp(1.0, -40);
    double a[] = {0, 0, 0.01, 0, 0.005, -0.005, 1, -e21, 1, e21, 1, 0, -1, 0, 0, 1, 0, -1};
    double b[] = {0, 0,  0.01, 0, 0.005, -0.005, 1, -e21, 1, e21, 1 + e40, 0,
                  1, 0, -1, 0, 0,     1, 0,      -1};

    test_delaunay_check_points(a, 9, 10, 0, 6);
    test_delaunay_check_points(b, 10, 12, 0, 6);
}
END_TEST

START_TEST(test_ukraine_moved_point)
{
    size_t n;
    double *xy = test_read_points("ukraine.json", &n);
    struct delaunay d;

    xy[0] = 80;
    xy[1] = 220;
    ck_assert_int_eq(delaunay_build(&d, xy, n, NULL), OG_OK);
    test_delaunay_validate(&d, xy, n);
    delaunay_fini(&d);
    free(xy);
}
END_TEST

/* Inputs that defeated the old sweep's heuristics (a nearly collinear seed
 * with a far circumcentre, a thin hull, every point on the hull, a
 * lattice): long walks and long visible hull chains. */
START_TEST(test_hard_distributions)
{
    enum { N = 3000 };
    double *xy = malloc(2 * N * sizeof *xy);
    struct delaunay d;
    struct rng r;
    size_t i;

    /* Two rows 1e-9 apart: every point on the hull, n - 2 triangles. */
    for (i = 0; i < N; i++) {
        xy[2 * i] = (double)i;
        xy[2 * i + 1] = (double)(i % 2) * 1e-9;
    }
    test_delaunay_check_points(xy, N, N - 2, 0, N);
    rng_seed(&r, 3, 3);
    for (i = 0; i < N; i++) {
        xy[2 * i] = rng_next_double(&r);
        xy[2 * i + 1] = xy[2 * i] * xy[2 * i];
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    test_delaunay_validate(&d, xy, N);
    delaunay_fini(&d);
    for (i = 0; i < N; i++) {
        xy[2 * i] = (double)(i % 100);
        xy[2 * i + 1] = (double)(i / 100);
    }
    test_delaunay_check_points(xy, N, 2 * N - 2 - 2 * (100 + 30) + 4, 0, 2 * (100 + 30) - 4);
    for (i = 0; i < N; i++) {
        double a = 6.283185307179586 * (double)i / N;
        xy[2 * i] = cos(a);
        xy[2 * i + 1] = sin(a);
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    test_delaunay_validate(&d, xy, N);
    delaunay_fini(&d);
    free(xy);
}
END_TEST

START_TEST(test_degenerate)
{
    static const double one[] = {3, 4};
    static const double two[] = {3, 4, 5, 6};
    static const double line[] = {0, 0, 1, 0, 3, 0, 2, 0};
    static const double same[] = {1, 1, 1, 1, 1, 1};
    static const double vline[] = {2, 5, 2, 1, 2, 3, 2, 1};
    static const double tri[] = {5, 5, 7, 5, 7, 6};
    struct delaunay d;
    struct og_error err;
    double bad[] = {0, 0, 1, 1, NAN, 0};

    ck_assert_int_eq(delaunay_build(&d, NULL, 0, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nhull, 0);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, one, 1, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nhull, 1);
    ck_assert_int_eq(d.hull[0], 0);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, two, 2, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nhull, 2);
    ck_assert_int_eq(d.hull[0] + d.hull[1], 1);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, line, 4, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nhull, 4);
    ck_assert_int_eq(d.hull[0], 0);
    ck_assert_int_eq(d.hull[1], 1);
    ck_assert_int_eq(d.hull[2], 3);
    ck_assert_int_eq(d.hull[3], 2);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, vline, 4, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nduplicates, 1);
    ck_assert_int_eq(d.nhull, 3);
    ck_assert_int_eq(d.hull[0], 1);
    ck_assert_int_eq(d.hull[1], 2);
    ck_assert_int_eq(d.hull[2], 0);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, same, 3, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 0);
    ck_assert_int_eq(d.nduplicates, 2);
    ck_assert_int_eq(d.nhull, 1);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, tri, 3, NULL), OG_OK);
    ck_assert_int_eq(d.ntriangles, 1);
    ck_assert_int_eq(d.triangles[0], 0);
    ck_assert_int_eq(d.triangles[1], 2);
    ck_assert_int_eq(d.triangles[2], 1);
    delaunay_fini(&d);

    ck_assert_int_eq(delaunay_build(&d, bad, 3, &err), OG_EINVAL);
    ck_assert_int_eq(err.code, OG_EINVAL);
    ck_assert(strstr(err.msg, "point 2") != NULL);
    ck_assert_ptr_null(d.triangles);
}
END_TEST

START_TEST(test_lattice_and_duplicates)
{
    /* A 10 x 10 integer lattice (every square cocircular) and 3000 points
     * drawn on a 25 x 25 lattice (many exact duplicates). */
    double xy[6000];
    struct rng r;
    size_t i;

    for (i = 0; i < 100; i++) {
        xy[2 * i] = (double)(i % 10);
        xy[2 * i + 1] = (double)(i / 10);
    }
    test_delaunay_check_points(xy, 100, 2 * 100 - 2 - 36, 0, 36);
    rng_seed(&r, 42, 1);
    for (i = 0; i < 3000; i++) {
        xy[2 * i] = 0.25 * rng_next_below(&r, 25);
        xy[2 * i + 1] = 0.25 * rng_next_below(&r, 25);
    }
    {
        struct delaunay d;
        ck_assert_int_eq(delaunay_build(&d, xy, 3000, NULL), OG_OK);
        test_delaunay_validate(&d, xy, 3000);
        ck_assert(d.nduplicates > 2000);
        delaunay_fini(&d);
    }
}
END_TEST

START_TEST(test_random_and_determinism)
{
    enum { N = 20000 };
    double *xy = malloc(2 * N * sizeof *xy);
    struct delaunay d1, d2;
    struct rng r;
    size_t i;

    rng_seed(&r, 7, 3);
    for (i = 0; i < 2 * N; i++) {
        xy[i] = rng_next_double(&r) * 1000.0 - 300.0;
    }
    ck_assert_int_eq(delaunay_build(&d1, xy, N, NULL), OG_OK);
    test_delaunay_validate(&d1, xy, N);
    ck_assert_int_eq(delaunay_build(&d2, xy, N, NULL), OG_OK);
    ck_assert_int_eq(d1.ntriangles, d2.ntriangles);
    ck_assert(memcmp(d1.triangles, d2.triangles, 3 * d1.ntriangles * sizeof(int32_t)) == 0);
    ck_assert(memcmp(d1.halfedges, d2.halfedges, 3 * d1.ntriangles * sizeof(int32_t)) == 0);
    ck_assert_ptr_null(d1.centers);
    delaunay_fini(&d2);
    /* The variant with circumcentres: same triangles, centres equidistant. */
    ck_assert_int_eq(delaunay_build_centers(&d2, xy, N, NULL), OG_OK);
    ck_assert(memcmp(d1.triangles, d2.triangles, 3 * d1.ntriangles * sizeof(int32_t)) == 0);
    ck_assert_ptr_nonnull(d2.centers);
    for (i = 0; i < d2.ntriangles; i++) {
        const double *c = d2.centers + 2 * i;
        double rad[3];
        int k;
        for (k = 0; k < 3; k++) {
            const double *p = xy + 2 * d2.triangles[3 * i + k];
            rad[k] = hypot(p[0] - c[0], p[1] - c[1]);
        }
        if (fabs(rad[0] - rad[1]) > 1e-9 * rad[0] || fabs(rad[0] - rad[2]) > 1e-9 * rad[0]) {
            ck_abort_msg("centre %zu not equidistant", i);
        }
    }
    /* The local variant: the same triangles (numbered along the local
     * order) and hull under the renaming order, whose points are the local
     * ones. */
    {
        struct delaunay dl;
        int32_t *order;
        double *pts;
        ck_assert_int_eq(delaunay_build_local(&dl, xy, N, &order, &pts, NULL), OG_OK);
        ck_assert_int_eq(dl.ntriangles, d2.ntriangles);
        ck_assert_int_eq(dl.nhull, d2.nhull);
        for (i = 0; i < N; i++) {
            ck_assert(order[i] >= 0 && order[i] < N);
            ck_assert(pts[2 * i] == xy[2 * order[i]] && pts[2 * i + 1] == xy[2 * order[i] + 1]);
        }
        test_delaunay_same(&dl, order, &d2);
        for (i = 0; i < dl.nhull; i++) {
            ck_assert_int_eq(order[dl.hull[i]], d2.hull[i]);
        }
        ck_assert_ptr_null(dl.centers);
        delaunay_fini(&dl);
        free(order);
        free(pts);
        /* Collinear points: identity order, hull in input ids. */
        ck_assert_int_eq(delaunay_build_local(&dl, (const double[]){0, 0, 2, 2, 1, 1}, 3,
                                              &order, &pts, NULL), OG_OK);
        ck_assert_int_eq(dl.ntriangles, 0);
        ck_assert_int_eq(dl.nhull, 3);
        ck_assert_int_eq(dl.hull[1], 2);
        ck_assert_int_eq(order[2], 2);
        ck_assert(pts[4] == 1.0);
        delaunay_fini(&dl);
        free(order);
        free(pts);
    }
    delaunay_fini(&d1);
    delaunay_fini(&d2);
    free(xy);
}
END_TEST

/* Triangles as rotated triples (smallest id first, orientation kept), sorted
 * with test_cmp_tri, for comparing two triangulations of the same points. */
static int32_t *
canonical_triangles(const struct delaunay *d)
{
    int32_t *c = malloc(3 * d->ntriangles * sizeof *c + 1);
    size_t t;

    ck_assert_ptr_nonnull(c);
    for (t = 0; t < d->ntriangles; t++) {
        const int32_t *v = d->triangles + 3 * t;
        int m = v[1] < v[0] ? 1 : 0, k;
        m = v[2] < v[m] ? 2 : m;
        for (k = 0; k < 3; k++) {
            c[3 * t + k] = v[(m + k) % 3];
        }
    }
    qsort(c, d->ntriangles, 3 * sizeof *c, test_cmp_tri);
    return c;
}

/* delaunay_move_local: points moved by a smooth field (as Lloyd's steps
 * move them) all arrive, and the triangulation is exactly Delaunay and the
 * one a fresh triangulation of the targets gives; moved by random jumps of
 * the point spacing, it is valid whether they arrive or not. */
START_TEST(test_move_points)
{
    enum { N = 3000, M = N + 4 };
    static const double frame[8] = {-2, -2, 3, -2, 3, 3, -2, 3};
    double *xy = malloc(2 * M * sizeof *xy), *target = malloc(2 * M * sizeof *target), *pts;
    double step = 0.25 / sqrt((double)N);
    struct delaunay d, d2;
    int32_t *order, *c1, *c2;
    struct rng r;
    size_t i;
    int arrived, pass;

    rng_seed(&r, 11, 5);
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < 2 * N; i++) {
            xy[i] = rng_next_double(&r);
        }
        memcpy(xy + 2 * N, frame, sizeof frame);
        ck_assert_int_eq(delaunay_build_local(&d, xy, M, &order, &pts, NULL), OG_OK);
        for (i = 0; i < M; i++) {
            double x = pts[2 * i], y = pts[2 * i + 1], dx = 0.0, dy = 0.0;
            if (order[i] < N) {
                if (pass == 0) {
                    dx = step * sin(7.0 * x + 3.0 * y);
                    dy = step * cos(5.0 * x - 4.0 * y);
                } else {
                    dx = 4.0 * step * (rng_next_double(&r) - 0.5);
                    dy = 4.0 * step * (rng_next_double(&r) - 0.5);
                }
                x = fmin(1.0, fmax(0.0, x + dx));
                y = fmin(1.0, fmax(0.0, y + dy));
            }
            target[2 * i] = x;
            target[2 * i + 1] = y;
        }
        ck_assert_int_eq(delaunay_move_local(&d, pts, M, target, &arrived, NULL), OG_OK);
        if (pass == 0) {
            ck_assert(arrived);
        }
        if (arrived) {
            ck_assert(memcmp(pts, target, 2 * M * sizeof *pts) == 0);
            test_delaunay_validate(&d, pts, M);
            ck_assert_int_eq(delaunay_build(&d2, target, M, NULL), OG_OK);
            ck_assert_int_eq(d2.ntriangles, d.ntriangles);
            c1 = canonical_triangles(&d);
            c2 = canonical_triangles(&d2);
            ck_assert(memcmp(c1, c2, 3 * d.ntriangles * sizeof *c1) == 0);
            free(c1);
            free(c2);
            delaunay_fini(&d2);
        } else {
            for (i = 0; i < d.ntriangles; i++) {
                const int32_t *v = d.triangles + 3 * i;
                ck_assert(predicates_orient2d(pts + 2 * v[0], pts + 2 * v[1], pts + 2 * v[2]) < 0.0);
            }
        }
        delaunay_fini(&d);
        free(order);
        free(pts);
    }
    free(xy);
    free(target);
}
END_TEST

#ifdef HAVE_QHULL
START_TEST(test_qhull_oracle)
{
    enum { N = 3000 };
    double xy[2 * N];
    struct delaunay d;
    struct rng r;
    int32_t *mine, *theirs;
    size_t i, nq = 0;

    rng_seed(&r, 2024, 5);
    for (i = 0; i < 2 * N; i++) {
        xy[i] = rng_next_double(&r);
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    test_delaunay_validate(&d, xy, N);
    mine = malloc(3 * d.ntriangles * sizeof *mine);
    memcpy(mine, d.triangles, 3 * d.ntriangles * sizeof *mine);
    test_sort_triangles(mine, d.ntriangles);
    theirs = test_qhull_triangles(2, xy, N, "d Qt Qbb Qc Qz", &nq);
    ck_assert_ptr_nonnull(theirs);
    ck_assert_int_eq(nq, d.ntriangles);
    ck_assert(memcmp(mine, theirs, 3 * nq * sizeof *mine) == 0);
    free(mine);
    free(theirs);
    delaunay_fini(&d);
}
END_TEST
#endif

Suite *
delaunay_suite(void)
{
    Suite *s = suite_create("delaunay");
    TCase *tf = tcase_create("fixtures");
    TCase *tm = tcase_create("method");

    predicates_tests(s);

    tcase_add_test(tf, test_fixture_ukraine);
    tcase_add_test(tf, test_fixture_issue13);
    tcase_add_test(tf, test_fixture_issue43);
    tcase_add_test(tf, test_fixture_issue44);
    tcase_add_test(tf, test_fixture_robustness1);
    tcase_add_test(tf, test_fixture_robustness2);
    tcase_add_test(tf, test_fixture_robustness3);
    tcase_add_test(tf, test_fixture_robustness4);
    tcase_add_test(tf, test_inline_issues);
    suite_add_tcase(s, tf);

    tcase_add_test(tm, test_degenerate);
    tcase_add_test(tm, test_split_paths);
    tcase_add_test(tm, test_hard_distributions);
    tcase_add_test(tf, test_ukraine_moved_point);
    tcase_add_test(tm, test_lattice_and_duplicates);
    tcase_add_test(tm, test_random_and_determinism);
    tcase_add_test(tm, test_move_points);
#ifdef HAVE_QHULL
    tcase_add_test(tm, test_qhull_oracle);
#endif
    tcase_set_timeout(tm, 20);
    tcase_set_timeout(tf, 20);
    suite_add_tcase(s, tm);

    delaunay_brio_tests(s);
    delaunay_scale_tests(s);
    mesh_tests(s);
    clough_tocher_tests(s);
    return s;
}
