/* Tests of predicates.c, delaunay.c and mesh.c.
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

#include "core/delaunay.h"
#include "core/mesh.h"
#include "core/predicates.h"
#include "core/rng.h"
#include "tests.h"


/* Read a JSON array of [x, y] pairs: every number in the file, in order. */
static double *
read_points(const char *name, size_t *n)
{
    char path[256];
    FILE *f;
    long len;
    char *buf, *p, *end;
    double *xy;
    size_t m = 0;

    snprintf(path, sizeof path, "points/%s", name);
    f = fopen(test_data_path(path), "rb");
    ck_assert_msg(f != NULL, "cannot open %s", test_data_path(path));
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)len + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = '\0';
    fclose(f);
    xy = malloc(((size_t)len / 2 + 2) * sizeof *xy);
    ck_assert_ptr_nonnull(xy);
    for (p = buf; *p != '\0';) {
        if (*p == '-' || (*p >= '0' && *p <= '9')) {
            xy[m++] = strtod(p, &end);
            if (end == p) {
                ck_abort_msg("bad number in %s", name);
            }
            p = end;
        } else {
            p++;
        }
    }
    free(buf);
    ck_assert_int_eq(m % 2, 0);
    *n = m / 2;
    return xy;
}

static int
cmp_xy(const void *a, const void *b)
{
    const double *p = a, *q = b;

    if (p[0] != q[0]) {
        return p[0] < q[0] ? -1 : 1;
    }
    if (p[1] != q[1]) {
        return p[1] < q[1] ? -1 : 1;
    }
    return 0;
}

/* Distinct points and the number b of them on the convex-hull boundary
 * (collinear ones included), by Andrew's monotone chain with exact
 * orientation. */
static void
count_distinct_hull(const double *xy, size_t n, size_t *distinct, size_t *b)
{
    double *s = malloc((2 * n + 2) * sizeof *s);
    size_t *h = malloc((2 * n + 2) * sizeof *h);
    size_t i, m = 0, k = 0, lower;

    ck_assert(s != NULL && h != NULL);
    memcpy(s, xy, 2 * n * sizeof *s);
    qsort(s, n, 2 * sizeof *s, cmp_xy);
    for (i = 0; i < n; i++) {
        if (m == 0 || s[2 * i] != s[2 * m - 2] || s[2 * i + 1] != s[2 * m - 1]) {
            s[2 * m] = s[2 * i];
            s[2 * m + 1] = s[2 * i + 1];
            m++;
        }
    }
    *distinct = m;
    if (m < 3) {
        *b = m;
        free(s);
        free(h);
        return;
    }
    /* Keep collinear points: pop only on a strict right turn (y up). */
    for (i = 0; i < m; i++) {
        while (k >= 2 && predicates_orient2d(s + 2 * h[k - 2], s + 2 * h[k - 1], s + 2 * i) < 0) {
            k--;
        }
        h[k++] = i;
    }
    lower = k;
    for (i = m - 1; i-- > 0;) {
        while (k > lower &&
               predicates_orient2d(s + 2 * h[k - 2], s + 2 * h[k - 1], s + 2 * i) < 0) {
            k--;
        }
        h[k++] = i;
    }
    /* All collinear: both chains are the same line. */
    *b = k - 1 == 2 * (m - 1) ? m : k - 1;
    free(s);
    free(h);
}

/* Exact validation of d for the points xy; returns the number of triangles. */
static void
validate(const struct delaunay *d, const double *xy, size_t n)
{
    size_t e, t, ne = 3 * d->ntriangles, distinct, b, used = 0, i;
    char *seen;

    ck_assert_int_eq(d->npoints, n);
    /* Check's assertions cost a message each even when they pass: count
     * failures in the loops and assert once. */
    for (e = 0; e < ne; e++) {
        int32_t f = d->halfedges[e];
        if (d->triangles[e] < 0 || (size_t)d->triangles[e] >= n) {
            ck_abort_msg("half-edge %zu starts at point %d", e, (int)d->triangles[e]);
        }
        /* Twins are symmetric and run between the same two points,
         * reversed. */
        if (f >= 0 && ((size_t)f >= ne || d->halfedges[f] != (int32_t)e ||
                       d->triangles[f] != d->triangles[mesh_edge_next((int32_t)e)] ||
                       d->triangles[e] != d->triangles[mesh_edge_next(f)])) {
            ck_abort_msg("half-edge %zu and its twin %d disagree", e, (int)f);
        }
    }
    for (t = 0; t < d->ntriangles; t++) {
        const double *a = xy + 2 * d->triangles[3 * t];
        const double *bb = xy + 2 * d->triangles[3 * t + 1];
        const double *c = xy + 2 * d->triangles[3 * t + 2];
        if (!(predicates_orient2d(a, bb, c) < 0.0)) {
            ck_abort_msg("triangle %zu not clockwise (y up)", t);
        }
    }
    for (e = 0; e < ne; e++) {
        int32_t f = d->halfedges[e];
        if (f >= 0 && (size_t)f > e) {
            int32_t en = mesh_edge_next((int32_t)e);
            const double *pr = xy + 2 * d->triangles[e];
            const double *pl = xy + 2 * d->triangles[en];
            const double *p0 = xy + 2 * d->triangles[mesh_edge_prev((int32_t)e)];
            const double *p1 = xy + 2 * d->triangles[mesh_edge_prev(f)];
            if (predicates_incircle(p0, pl, pr, p1) > 0.0) {
                ck_abort_msg("edge %zu not locally Delaunay", e);
            }
        }
    }
    count_distinct_hull(xy, n, &distinct, &b);
    ck_assert_int_eq(d->nduplicates, n - distinct);
    seen = calloc(n, 1);
    ck_assert_ptr_nonnull(seen);
    for (e = 0; e < ne; e++) {
        if (!seen[d->triangles[e]]) {
            seen[d->triangles[e]] = 1;
            used++;
        }
    }
    if (distinct >= 3 && d->ntriangles > 0) {
        ck_assert_int_eq(used, distinct);
        ck_assert_int_eq(d->ntriangles, 2 * distinct - 2 - b);
        ck_assert_int_eq(d->nhull, b);
        /* Hull: convex, and each step a -> b is a twinless half-edge (and
         * there are no others). */
        int32_t *hull_to = malloc(n * sizeof *hull_to);
        size_t nfree = 0;
        ck_assert_ptr_nonnull(hull_to);
        for (i = 0; i < n; i++) {
            hull_to[i] = -1;
        }
        for (e = 0; e < ne; e++) {
            if (d->halfedges[e] < 0) {
                if (hull_to[d->triangles[e]] != -1) {
                    ck_abort_msg("two hull edges leave point %d", (int)d->triangles[e]);
                }
                hull_to[d->triangles[e]] = d->triangles[mesh_edge_next((int32_t)e)];
                nfree++;
            }
        }
        ck_assert_int_eq(nfree, d->nhull);
        for (i = 0; i < d->nhull; i++) {
            int32_t ha = d->hull[i], hb = d->hull[(i + 1) % d->nhull];
            int32_t hc = d->hull[(i + 2) % d->nhull];
            if (predicates_orient2d(xy + 2 * ha, xy + 2 * hb, xy + 2 * hc) > 0.0) {
                ck_abort_msg("hull not convex at %d", (int)hb);
            }
            if (hull_to[ha] != hb) {
                ck_abort_msg("hull step %d -> %d is not a hull half-edge", ha, hb);
            }
        }
        free(hull_to);
    } else {
        ck_assert_int_eq(d->ntriangles, 0);
        ck_assert_int_eq(d->nhull, distinct);
    }
    free(seen);
}

static void
check_points(const double *xy, size_t n, size_t expect_tri, size_t expect_dup, size_t expect_hull)
{
    struct delaunay d;
    struct og_error err;

    ck_assert_int_eq(delaunay_build(&d, xy, n, &err), OG_OK);
    validate(&d, xy, n);
    ck_assert_int_eq(d.ntriangles, expect_tri);
    ck_assert_int_eq(d.nduplicates, expect_dup);
    ck_assert_int_eq(d.nhull, expect_hull);
    delaunay_fini(&d);
}

static void
check_file(const char *name, size_t npoints, size_t distinct, size_t b, size_t ntri)
{
    size_t n;
    double *xy = read_points(name, &n);

    ck_assert_int_eq(n, npoints);
    check_points(xy, n, ntri, npoints - distinct, b);
    free(xy);
}

START_TEST(test_predicates_basic)
{
    double a[2] = {0, 0}, b[2] = {1, 0}, c[2] = {0, 1}, d[2] = {1, 1}, e[2] = {0.5, 0.5};
    double f[2] = {0.1, 0.1}, g[2] = {0.3, 0.3};
    double p3[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.25, 0.25, -1}};

    ck_assert(predicates_orient2d(a, b, c) > 0);
    ck_assert(predicates_orient2d(a, c, b) < 0);
    ck_assert(predicates_orient2d(a, e, d) == 0);
    /* Both lie exactly on y = x whatever their binary rounding. */
    ck_assert(predicates_orient2d(a, f, g) == 0);
    ck_assert(predicates_incircle(a, b, c, d) == 0);
    ck_assert(predicates_incircle(a, b, c, e) > 0);
    ck_assert(predicates_incircle(a, c, b, e) < 0);
    ck_assert(predicates_orient3d(p3[0], p3[1], p3[2], p3[3]) > 0);
}
END_TEST

START_TEST(test_predicates_near_degenerate)
{
    /* Points a few ulps off the line y = x and off a circle: the filter
     * cannot decide, the exact stage must. */
    double a[2] = {0.5, 0.5}, b[2] = {12.0, 12.0}, c[2] = {24.0, 24.0};
    double sq[4][2] = {{0.5, 0.5}, {1.5, 0.5}, {1.5, 1.5}, {0.5, 1.5}};
    double p[2];
    double q[2] = {nextafter(18.0, 100.0), 18.0};
    double r[2] = {18.0, nextafter(18.0, 100.0)};

    ck_assert(predicates_orient2d(a, b, q) < 0);
    ck_assert(predicates_orient2d(a, b, r) > 0);
    ck_assert(predicates_orient2d(a, b, c) == 0);
    ck_assert(predicates_orient2d(c, a, q) > 0);
    ck_assert(predicates_incircle(sq[0], sq[1], sq[2], sq[3]) == 0);
    p[0] = 0.5;
    p[1] = nextafter(1.5, 2.0);
    ck_assert(predicates_incircle(sq[0], sq[1], sq[2], p) < 0);
    p[1] = nextafter(1.5, 1.0);
    ck_assert(predicates_incircle(sq[0], sq[1], sq[2], p) > 0);
}
END_TEST

#ifdef __SIZEOF_INT128__
static int
sign128(__int128 v)
{
    return (v > 0) - (v < 0);
}

static int
signd(double v)
{
    return (v > 0) - (v < 0);
}

/* Against exact integer arithmetic: small integers scaled by powers of two
 * (exact in binary), a third of them forced collinear, some with large
 * offsets so that the differences are not exact. */
START_TEST(test_predicates_vs_int128)
{
    struct rng r;
    int it, i, k;

    rng_seed(&r, 99, 1);
    for (it = 0; it < 200000; it++) {
        long long q[4][3];
        double p[4][3], sc = ldexp(1.0, (int)rng_next_below(&r, 60) - 30);
        __int128 adx, ady, adz, bdx, bdy, bdz, cdx, cdy, cdz, o2, ic, o3;
        int big = it % 3 == 2;

        for (i = 0; i < 4; i++) {
            for (k = 0; k < 3; k++) {
                q[i][k] = (long long)rng_next_below(&r, 2001) - 1000;
                if (big) {
                    q[i][k] = q[i][k] * 1000003LL + (long long)rng_next_below(&r, 3);
                }
            }
        }
        if (it % 3 == 1) {
            long long t = (long long)rng_next_below(&r, 5) - 2;
            for (k = 0; k < 3; k++) {
                q[2][k] = q[0][k] + (q[1][k] - q[0][k]) * t;
            }
        }
        for (i = 0; i < 4; i++) {
            for (k = 0; k < 3; k++) {
                p[i][k] = (double)q[i][k] * sc;
            }
        }
        o2 = (__int128)(q[1][0] - q[0][0]) * (q[2][1] - q[0][1]) -
             (__int128)(q[1][1] - q[0][1]) * (q[2][0] - q[0][0]);
        if (signd(predicates_orient2d(p[0], p[1], p[2])) != sign128(o2)) {
            ck_abort_msg("orient2d sign wrong in case %d", it);
        }
        adx = q[0][0] - q[3][0], ady = q[0][1] - q[3][1], adz = q[0][2] - q[3][2];
        bdx = q[1][0] - q[3][0], bdy = q[1][1] - q[3][1], bdz = q[1][2] - q[3][2];
        cdx = q[2][0] - q[3][0], cdy = q[2][1] - q[3][1], cdz = q[2][2] - q[3][2];
        o3 = adz * (bdx * cdy - cdx * bdy) + bdz * (cdx * ady - adx * cdy) +
             cdz * (adx * bdy - bdx * ady);
        if (signd(predicates_orient3d(p[0], p[1], p[2], p[3])) != sign128(o3)) {
            ck_abort_msg("orient3d sign wrong in case %d", it);
        }
        if (!big) { /* the lifted determinant would overflow 128 bits */
            ic = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) +
                 (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
                 (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
            if (signd(predicates_incircle(p[0], p[1], p[2], p[3])) != sign128(ic)) {
                ck_abort_msg("incircle sign wrong in case %d", it);
            }
        }
    }
}
END_TEST
#endif

START_TEST(test_fixture_ukraine)
{
    check_file("ukraine.json", 874, 867, 21, 1711);
}
END_TEST

START_TEST(test_fixture_issue13)
{
    check_file("issue13.json", 17, 17, 17, 15);
}
END_TEST

START_TEST(test_fixture_issue43)
{
    check_file("issue43.json", 5, 5, 3, 5);
}
END_TEST

START_TEST(test_fixture_issue44)
{
    check_file("issue44.json", 2828, 2828, 55, 5599);
}
END_TEST

START_TEST(test_fixture_robustness1)
{
    static const double scales[] = {1.0, 1e-9, 1e-2, 1e2, 1e9};
    size_t n, i, k;
    double *xy = read_points("robustness1.json", &n);
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
            check_points(s, n, 141, 0, 15);
        } else {
            struct delaunay d;
            ck_assert_int_eq(delaunay_build(&d, s, n, NULL), OG_OK);
            validate(&d, s, n);
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
    double *xy = read_points("robustness2.json", &n);
    struct delaunay d;

    ck_assert_int_eq(n, 1000);
    /* First 100 points: counts from the independent hull. */
    ck_assert_int_eq(delaunay_build(&d, xy, 100, NULL), OG_OK);
    validate(&d, xy, 100);
    delaunay_fini(&d);
    check_points(xy, n, 1924, 32, 10);
    free(xy);
}
END_TEST

START_TEST(test_fixture_robustness3)
{
    check_file("robustness3.json", 70, 54, 12, 94);
}
END_TEST

START_TEST(test_fixture_robustness4)
{
    check_file("robustness4.json", 36, 36, 7, 63);
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
    validate(&d, issue11, 7);
    delaunay_fini(&d);
    ck_assert_int_eq(delaunay_build(&d, issue24, 9, NULL), OG_OK);
    validate(&d, issue24, 9);
    delaunay_fini(&d);
}
END_TEST

/* Points that reach the sweep while not strictly outside the hull must be
 * inserted by the splitting fallback, not dropped. With the seed near the
 * origin, a, b and m (and c) have equal 32-bit sort keys, so they arrive in
 * index order: m = (1, 0) then lies exactly on the hull edge a-b (case A),
 * or on the interior edge a-b once c sits just beyond it (case B). */
START_TEST(test_split_paths)
{
    double e21 = ldexp(1.0, -21), e40 = ldexp(1.0, -40);
    double a[] = {0, 0, 0.01, 0, 0.005, -0.005, 1, -e21, 1, e21, 1, 0, -1, 0, 0, 1, 0, -1};
    double b[] = {0, 0,  0.01, 0, 0.005, -0.005, 1, -e21, 1, e21, 1 + e40, 0,
                  1, 0, -1, 0, 0,     1, 0,      -1};

    check_points(a, 9, 10, 0, 6);
    check_points(b, 10, 12, 0, 6);
}
END_TEST

START_TEST(test_ukraine_moved_point)
{
    size_t n;
    double *xy = read_points("ukraine.json", &n);
    struct delaunay d;

    xy[0] = 80;
    xy[1] = 220;
    ck_assert_int_eq(delaunay_build(&d, xy, n, NULL), OG_OK);
    validate(&d, xy, n);
    delaunay_fini(&d);
    free(xy);
}
END_TEST

/* Inputs that defeat the sweep's heuristics (a nearly collinear seed with a
 * far circumcentre, a thin hull, every point on the hull, a lattice): the
 * hull-hash walk gives up and the triangle walk finds the visible edge. */
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
    check_points(xy, N, N - 2, 0, N);
    rng_seed(&r, 3, 3);
    for (i = 0; i < N; i++) {
        xy[2 * i] = rng_next_double(&r);
        xy[2 * i + 1] = xy[2 * i] * xy[2 * i];
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    validate(&d, xy, N);
    delaunay_fini(&d);
    for (i = 0; i < N; i++) {
        xy[2 * i] = (double)(i % 100);
        xy[2 * i + 1] = (double)(i / 100);
    }
    check_points(xy, N, 2 * N - 2 - 2 * (100 + 30) + 4, 0, 2 * (100 + 30) - 4);
    for (i = 0; i < N; i++) {
        double a = 6.283185307179586 * (double)i / N;
        xy[2 * i] = cos(a);
        xy[2 * i + 1] = sin(a);
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    validate(&d, xy, N);
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
    check_points(xy, 100, 2 * 100 - 2 - 36, 0, 36);
    rng_seed(&r, 42, 1);
    for (i = 0; i < 3000; i++) {
        xy[2 * i] = 0.25 * rng_next_below(&r, 25);
        xy[2 * i + 1] = 0.25 * rng_next_below(&r, 25);
    }
    {
        struct delaunay d;
        ck_assert_int_eq(delaunay_build(&d, xy, 3000, NULL), OG_OK);
        validate(&d, xy, 3000);
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
    validate(&d1, xy, N);
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
    /* The local variant: the same triangles and hull under the renaming
     * order, whose points are the local ones. */
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
        for (i = 0; i < 3 * dl.ntriangles; i++) {
            ck_assert_int_eq(order[dl.triangles[i]], d2.triangles[i]);
            ck_assert_int_eq(dl.halfedges[i], d2.halfedges[i]);
        }
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
            validate(&d, pts, M);
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

/* Sum of neighbour counts, neighbour symmetry, fan order and circumcentres
 * on a random planar mesh; nearest-point walk against brute force. */
START_TEST(test_mesh_planar)
{
    enum { N = 1500 };
    double xy[2 * N];
    struct mesh *m;
    struct rng r;
    struct og_error err;
    int32_t nb[64], tr[64];
    size_t i, e, ne, nhull_edges = 0, total = 0;

    rng_seed(&r, 11, 4);
    for (i = 0; i < 2 * N; i++) {
        xy[i] = rng_next_double(&r);
    }
    xy[2] = xy[0]; /* one exact duplicate: point 1 == point 0 */
    xy[3] = xy[1];
    ck_assert_int_eq(mesh_build_planar(&m, xy, N, &err), OG_OK);
    ck_assert_int_eq(m->dim, 2);
    ck_assert_int_eq(m->nduplicates, 1);
    ck_assert_int_eq(m->point_edge[1], -1);
    ck_assert_int_eq(mesh_cell_neighbors(m, 1, nb, 64), 0);
    ne = 3 * m->ntriangles;
    for (e = 0; e < ne; e++) {
        nhull_edges += m->halfedges[e] < 0;
    }
    ck_assert_int_eq(nhull_edges, m->nhull);
    for (i = 0; i < N; i++) {
        int k = mesh_cell_neighbors(m, (int32_t)i, nb, 64);
        int kt = mesh_cell_triangles(m, (int32_t)i, tr, 64);
        int j, hull = m->point_edge[i] >= 0 && m->halfedges[m->point_edge[i]] < 0;
        if (k > 64 || kt != (hull ? k - 1 : k)) {
            ck_abort_msg("point %zu: %d neighbours, %d triangles", i, k, kt);
        }
        total += (size_t)k;
        for (j = 0; j < kt; j++) {
            /* Triangle j has the point and neighbours j and j+1, and they
             * turn counter-clockwise in the y-up sense. */
            const int32_t *t = m->triangles + 3 * tr[j];
            int32_t a = nb[j], b = nb[(j + 1) % k];
            if (!(t[0] == (int32_t)i || t[1] == (int32_t)i || t[2] == (int32_t)i) ||
                !(t[0] == a || t[1] == a || t[2] == a) || !(t[0] == b || t[1] == b || t[2] == b) ||
                !(predicates_orient2d(xy + 2 * i, xy + 2 * a, xy + 2 * b) > 0.0)) {
                ck_abort_msg("point %zu: fan step %d wrong", i, j);
            }
        }
    }
    /* Each undirected edge counted from both ends. */
    ck_assert_int_eq(total, 2 * ((ne + nhull_edges) / 2));
    for (i = 0; i < m->ntriangles; i++) {
        const double *c = m->centers + 2 * i;
        double d[3];
        int k;
        int32_t tn[3];
        for (k = 0; k < 3; k++) {
            const double *p = m->points + 2 * m->triangles[3 * i + k];
            d[k] = hypot(p[0] - c[0], p[1] - c[1]);
        }
        if (!(fabs(d[0] - d[1]) <= 1e-9 * d[0] && fabs(d[0] - d[2]) <= 1e-9 * d[0])) {
            ck_abort_msg("centre of triangle %zu not equidistant", i);
        }
        mesh_triangle_neighbors(m, (int32_t)i, tn);
        for (k = 0; k < 3; k++) {
            int32_t h = m->halfedges[3 * i + k];
            if (tn[k] != (h < 0 ? -1 : h / 3)) {
                ck_abort_msg("triangle %zu neighbour %d wrong", i, k);
            }
        }
    }
    for (i = 0; i < 500; i++) {
        double q[2] = {rng_next_double(&r) * 1.2 - 0.1, rng_next_double(&r) * 1.2 - 0.1};
        int32_t got = mesh_nearest_point(m, q, (int32_t)(i % N));
        double dg = hypot(xy[2 * got] - q[0], xy[2 * got + 1] - q[1]), db = INFINITY;
        size_t j;
        for (j = 0; j < N; j++) {
            double dd = hypot(xy[2 * j] - q[0], xy[2 * j + 1] - q[1]);
            db = dd < db ? dd : db;
        }
        if (dg != db) {
            ck_abort_msg("nearest to (%g, %g): walk %g, brute force %g", q[0], q[1], dg, db);
        }
    }
    mesh_free(m);
    mesh_free(NULL);
}
END_TEST

START_TEST(test_mesh_degenerate)
{
    static const double line[] = {0, 0, 2, 0, 1, 0};
    struct mesh *m;
    int32_t nb[4];
    double q[2] = {1.8, 5.0};

    ck_assert_int_eq(mesh_build_planar(&m, line, 3, NULL), OG_OK);
    ck_assert_int_eq(m->ntriangles, 0);
    ck_assert_int_eq(m->nhull, 3);
    ck_assert_int_eq(mesh_cell_neighbors(m, 0, nb, 4), 0);
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), 1);
    mesh_free(m);
    ck_assert_int_eq(mesh_build_planar(&m, NULL, 0, NULL), OG_OK);
    ck_assert_int_eq(m->npoints, 0);
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), -1);
    mesh_free(m);
}
END_TEST

/* Octahedron: 6 unit vectors, 8 outward counter-clockwise faces. */
static void
octahedron(double xyz[18], int32_t tri[24])
{
    int k, t = 0, sx, sy, sz;

    memset(xyz, 0, 18 * sizeof *xyz);
    for (k = 0; k < 3; k++) {
        xyz[3 * (2 * k) + k] = 1.0;
        xyz[3 * (2 * k + 1) + k] = -1.0;
    }
    for (sx = 0; sx < 2; sx++) {
        for (sy = 0; sy < 2; sy++) {
            for (sz = 0; sz < 2; sz++) {
                int32_t x = sx, y = 2 + sy, z = 4 + sz;
                if ((sx + sy + sz) % 2 == 0) {
                    tri[t++] = x, tri[t++] = y, tri[t++] = z;
                } else {
                    tri[t++] = x, tri[t++] = z, tri[t++] = y;
                }
            }
        }
    }
}

START_TEST(test_mesh_sphere)
{
    double xyz[18];
    int32_t tri[24], nb[8], tt[8];
    struct mesh *m;
    struct og_error err;
    size_t i, e;
    double q[3] = {0.1, -0.2, -0.9};

    octahedron(xyz, tri);
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_OK);
    ck_assert_int_eq(m->dim, 3);
    for (e = 0; e < 24; e++) {
        ck_assert(m->halfedges[e] >= 0);
        ck_assert_int_eq(m->halfedges[m->halfedges[e]], (int32_t)e);
    }
    for (i = 0; i < 6; i++) {
        ck_assert_int_eq(mesh_cell_neighbors(m, (int32_t)i, nb, 8), 4);
        ck_assert_int_eq(mesh_cell_triangles(m, (int32_t)i, tt, 8), 4);
    }
    for (i = 0; i < 8; i++) {
        /* Circumcentre of face (+-x, +-y, +-z) is its normalised centroid,
         * outward: (+-1, +-1, +-1) / sqrt(3). */
        const double *c = m->centers + 3 * i;
        int k;
        for (k = 0; k < 3; k++) {
            const double *v = xyz + 3 * tri[3 * i + k];
            ck_assert(fabs(c[0] * v[0] + c[1] * v[1] + c[2] * v[2] - 1 / sqrt(3.0)) < 1e-12);
        }
    }
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), 5);
    mesh_free(m);

    /* One face reversed: edges used twice in the same direction. */
    tri[1] ^= tri[2], tri[2] ^= tri[1], tri[1] ^= tri[2];
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert(strstr(err.msg, "used twice") != NULL);
    /* A missing face: not closed. */
    octahedron(xyz, tri);
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 7, &err), OG_EINVAL);
    ck_assert(strstr(err.msg, "no twin") != NULL);
    tri[0] = 9;
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_EINVAL);
}
END_TEST

static int
cmp_xyz_id(const void *a, const void *b)
{
    const double *p = a, *q = b;
    int k;

    for (k = 0; k < 3; k++) {
        if (p[k] != q[k]) {
            return p[k] < q[k] ? -1 : 1;
        }
    }
    return 0;
}

/* Octahedron split 4 levels deep (midpoints pushed to the sphere): 2048
 * faces, 1026 vertices. Twins symmetric, 6 neighbours per vertex except
 * the 6 original ones (4), Euler V - E + F = 2, circumcentres on the unit
 * sphere at equal distance from their corners. */
START_TEST(test_mesh_sphere_subdivided)
{
    enum { LEVELS = 4, NF = 8 << (2 * LEVELS) };
    double xyz[18], *corner = malloc((size_t)NF * 9 * sizeof *corner);
    double *next = malloc((size_t)NF * 9 * sizeof *next), *key, *pts;
    int32_t tri[24], *faces, nb[16];
    size_t nf = 8, i, k, lev, nv = 0;
    struct mesh *m;
    struct og_error err;

    octahedron(xyz, tri);
    for (i = 0; i < 24; i++) {
        memcpy(corner + 3 * i, xyz + 3 * tri[i], 3 * sizeof *corner);
    }
    for (lev = 0; lev < LEVELS; lev++) {
        for (i = 0; i < nf; i++) {
            const double *a = corner + 9 * i, *b = a + 3, *c = a + 6;
            double ab[3], bc[3], ca[3];
            const double *out[4][3] = {{a, ab, ca}, {ab, b, bc}, {ca, bc, c}, {ab, bc, ca}};
            int f, v;
            for (k = 0; k < 3; k++) {
                ab[k] = a[k] + b[k];
                bc[k] = b[k] + c[k];
                ca[k] = c[k] + a[k];
            }
            for (v = 0; v < 3; v++) {
                double *q = v == 0 ? ab : (v == 1 ? bc : ca);
                double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
                q[0] /= len, q[1] /= len, q[2] /= len;
            }
            for (f = 0; f < 4; f++) {
                for (v = 0; v < 3; v++) {
                    memcpy(next + 9 * (4 * i + (size_t)f) + 3 * v, out[f][v], 3 * sizeof *next);
                }
            }
        }
        nf *= 4;
        memcpy(corner, next, nf * 9 * sizeof *corner);
    }
    /* Merge equal corners (midpoints are computed bit-identically from
     * both sides): sort (x, y, z, corner index) and number the runs. */
    key = malloc(3 * nf * 4 * sizeof *key);
    pts = malloc(3 * nf * 3 * sizeof *pts);
    faces = malloc(3 * nf * sizeof *faces);
    for (i = 0; i < 3 * nf; i++) {
        memcpy(key + 4 * i, corner + 3 * i, 3 * sizeof *key);
        key[4 * i + 3] = (double)i;
    }
    qsort(key, 3 * nf, 4 * sizeof *key, cmp_xyz_id);
    for (i = 0; i < 3 * nf; i++) {
        if (i == 0 || cmp_xyz_id(key + 4 * i, key + 4 * (i - 1)) != 0) {
            memcpy(pts + 3 * nv, key + 4 * i, 3 * sizeof *pts);
            nv++;
        }
        faces[(size_t)key[4 * i + 3]] = (int32_t)(nv - 1);
    }
    ck_assert_int_eq(nf, NF);
    ck_assert_int_eq(nv, 2 + NF / 2);
    ck_assert_int_eq(mesh_build_sphere(&m, pts, nv, faces, nf, &err), OG_OK);
    {
        size_t deg4 = 0, deg6 = 0, edges = 0;
        for (i = 0; i < 3 * nf; i++) {
            int32_t h = m->halfedges[i];
            if (h < 0 || m->halfedges[h] != (int32_t)i ||
                m->triangles[h] != m->triangles[mesh_edge_next((int32_t)i)]) {
                ck_abort_msg("half-edge %zu: bad twin %d", i, (int)h);
            }
        }
        for (i = 0; i < nv; i++) {
            int d = mesh_cell_neighbors(m, (int32_t)i, nb, 16);
            deg4 += d == 4;
            deg6 += d == 6;
            edges += (size_t)d;
        }
        ck_assert_int_eq(deg4, 6);
        ck_assert_int_eq(deg6, nv - 6);
        edges /= 2;
        ck_assert_int_eq((long)nv - (long)edges + (long)nf, 2);
        for (i = 0; i < nf; i++) {
            const double *c = m->centers + 3 * i;
            double d0 = 0.0, r = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
            for (k = 0; k < 3; k++) {
                const double *v = pts + 3 * (size_t)faces[3 * i + k];
                double dd = (c[0] - v[0]) * (c[0] - v[0]) + (c[1] - v[1]) * (c[1] - v[1]) +
                            (c[2] - v[2]) * (c[2] - v[2]);
                if (k == 0) {
                    d0 = dd;
                } else if (fabs(dd - d0) > 1e-12) {
                    ck_abort_msg("centre of face %zu not equidistant", i);
                }
            }
            if (fabs(r - 1.0) > 1e-12) {
                ck_abort_msg("centre of face %zu off the sphere", i);
            }
        }
    }
    mesh_free(m);
    free(corner);
    free(next);
    free(key);
    free(pts);
    free(faces);
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
    validate(&d, xy, N);
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
    TCase *tc = tcase_create("predicates");
    TCase *tf = tcase_create("fixtures");
    TCase *tm = tcase_create("method");
    TCase *tmesh = tcase_create("mesh");

    tcase_add_test(tc, test_predicates_basic);
    tcase_add_test(tc, test_predicates_near_degenerate);
#ifdef __SIZEOF_INT128__
    tcase_add_test(tc, test_predicates_vs_int128);
#endif
    suite_add_tcase(s, tc);

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
    tcase_set_timeout(tc, 20);
    tcase_set_timeout(tm, 20);
    tcase_set_timeout(tf, 20);
    suite_add_tcase(s, tm);

    tcase_add_test(tmesh, test_mesh_planar);
    tcase_add_test(tmesh, test_mesh_degenerate);
    tcase_add_test(tmesh, test_mesh_sphere);
    tcase_add_test(tmesh, test_mesh_sphere_subdivided);
    tcase_set_timeout(tmesh, 20);
    suite_add_tcase(s, tmesh);
    return s;
}
