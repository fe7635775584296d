/* Tests of the Delaunay insertion order and paths (delaunay_brio.c): the
 * Hilbert curve table against the classic definition, duplicates in any
 * order, empty circumcircles checked exactly against every point on
 * degenerate and badly scaled sets, and local ids. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/delaunay_internal.h"
#include "core/geom/predicates.h"
#include "core/base/rng.h"
#include "tests.h"

/* The classic xy-to-d conversion (one level a step) on the 2^16 grid. */
static uint32_t
hilbert_reference(uint32_t x, uint32_t y)
{
    uint32_t d = 0, s, n = 65536;

    for (s = n / 2; s > 0; s /= 2) {
        uint32_t rx = (x & s) > 0, ry = (y & s) > 0;
        d += s * s * ((3 * rx) ^ ry);
        if (ry == 0) {
            uint32_t t;
            if (rx == 1) {
                x = n - 1 - x;
                y = n - 1 - y;
            }
            t = x;
            x = y;
            y = t;
        }
    }
    return d;
}

START_TEST(test_hilbert_table)
{
    uint16_t tab[1024];
    uint32_t *cell = malloc(4096 * sizeof *cell);
    struct rng r;
    size_t i, bad = 0;

    ck_assert_ptr_nonnull(cell);
    dl_hilbert_table(tab);
    rng_seed(&r, 5, 13);
    for (i = 0; i < 200000; i++) {
        uint32_t x = rng_next_u32(&r) & 0xffffu, y = rng_next_u32(&r) & 0xffffu;
        bad += dl_hilbert(tab, x, y) != hilbert_reference(x, y);
    }
    /* the corners and edges of the grid */
    for (i = 0; i < 65536; i += 257) {
        uint32_t v = (uint32_t)i;
        bad += dl_hilbert(tab, v, 0) != hilbert_reference(v, 0);
        bad += dl_hilbert(tab, 65535, v) != hilbert_reference(65535, v);
        bad += dl_hilbert(tab, v, 65535 - v) != hilbert_reference(v, 65535 - v);
    }
    ck_assert_uint_eq(bad, 0);
    /* The top six levels visit the 64 x 64 coarse cells once each, each
     * step to a cell beside the one before. */
    for (i = 0; i < 4096; i++) {
        cell[i] = UINT32_MAX;
    }
    for (i = 0; i < 4096; i++) {
        uint32_t x = (uint32_t)(i % 64), y = (uint32_t)(i / 64);
        uint32_t d = dl_hilbert(tab, x << 10, y << 10) >> 20;
        ck_assert_uint_lt(d, 4096);
        ck_assert_uint_eq(cell[d], UINT32_MAX);
        cell[d] = (uint32_t)i;
    }
    for (i = 1; i < 4096; i++) {
        int dx = (int)(cell[i] % 64) - (int)(cell[i - 1] % 64);
        int dy = (int)(cell[i] / 64) - (int)(cell[i - 1] / 64);
        ck_assert_int_eq(abs(dx) + abs(dy), 1);
    }
    free(cell);
}
END_TEST

/* Every triangle's circumcircle against every point, exactly: no used
 * point strictly inside (the points of duplicates included). */
static void
check_empty_circles(const struct delaunay *d, const double *xy, size_t n)
{
    size_t t, i, bad = 0;

    for (t = 0; t < d->ntriangles; t++) {
        /* (a, c, b) is counter-clockwise in the y-up sense */
        const double *a = xy + 2 * d->triangles[3 * t];
        const double *b = xy + 2 * d->triangles[3 * t + 1];
        const double *c = xy + 2 * d->triangles[3 * t + 2];
        for (i = 0; i < n; i++) {
            bad += predicates_incircle(a, c, b, xy + 2 * i) > 0.0;
        }
    }
    ck_assert_uint_eq(bad, 0);
}

static void
check_set(const double *xy, size_t n)
{
    struct delaunay d;
    struct og_error err;

    double *u = malloc(2 * n * sizeof *u), big = 0.0;
    size_t i;

    ck_assert_ptr_nonnull(u);
    ck_assert_int_eq(delaunay_build(&d, xy, n, &err), OG_OK);
    /* checked on the points brought to unit size by a power of two (exact):
       the checks' own predicates would underflow at 1e-200 (and then agree
       with a triangulation made with the same wrong signs) */
    for (i = 0; i < 2 * n; i++) {
        big = fabs(xy[i]) > big ? fabs(xy[i]) : big;
    }
    for (i = 0; i < 2 * n; i++) {
        u[i] = big > 0.0 ? ldexp(xy[i], -ilogb(big)) : xy[i];
    }
    test_delaunay_validate(&d, u, n);
    check_empty_circles(&d, u, n);
    delaunay_fini(&d);
    free(u);
}

START_TEST(test_empty_circles_exact)
{
    enum { N = 600 };
    double *xy = malloc(2 * N * sizeof *xy), *s = malloc(2 * N * sizeof *s);
    struct rng r;
    size_t i;
    static const double scales[] = {1.0, 1e-200, 1e150, 1.0};

    ck_assert_ptr_nonnull(xy);
    ck_assert_ptr_nonnull(s);
    rng_seed(&r, 9, 2);
    for (i = 0; i < 2 * N; i++) {
        xy[i] = rng_next_double(&r);
    }
    /* uniform; then tiny (the static in-circle bound would underflow, so
     * it is off) and huge (its D^4 overflows) copies; then far from the
     * origin, where the inlined filters cannot decide near-ties */
    for (i = 0; i < 4; i++) {
        size_t k;
        for (k = 0; k < 2 * N; k++) {
            s[k] = i < 3 ? xy[k] * scales[i] : 1e9 + ldexp(floor(xy[k] * 64.0), -6);
        }
        check_set(s, N);
    }
    /* a 24 x 25 lattice: every square cocircular */
    for (i = 0; i < N; i++) {
        s[2 * i] = (double)(i % 24);
        s[2 * i + 1] = (double)(i / 24);
    }
    check_set(s, N);
    /* the same lattice turned by 45 degrees (exactly: x - y, x + y) */
    for (i = 0; i < N; i++) {
        double x = (double)(i % 24), y = (double)(i / 24);
        s[2 * i] = x - y;
        s[2 * i + 1] = x + y;
    }
    check_set(s, N);
    /* points on one circle with integer coordinates (Pythagorean:
     * 65^2 = 16^2 + 63^2 = 25^2 + 60^2 = 33^2 + 56^2 = 39^2 + 52^2), every
     * one on the hull and every in-circle test a tie */
    {
        static const int pq[][2] = {{0, 65}, {16, 63}, {25, 60}, {33, 56}, {39, 52},
                                    {52, 39}, {56, 33}, {60, 25}, {63, 16}, {65, 0}};
        size_t m = 0, k;
        for (k = 0; k < 10; k++) {
            int sx, sy;
            for (sx = -1; sx <= 1; sx += 2) {
                for (sy = -1; sy <= 1; sy += 2) {
                    double x = sx * pq[k][0], y = sy * pq[k][1];
                    size_t j;
                    for (j = 0; j < m && (s[2 * j] != x || s[2 * j + 1] != y); j++) {
                    }
                    if (j == m) {
                        s[2 * m] = x;
                        s[2 * m + 1] = y;
                        m++;
                    }
                }
            }
        }
        ck_assert_uint_eq(m, 36);
        test_delaunay_check_points(s, m, m - 2, 0, m);
        check_set(s, m);
    }
    /* all but one point on a line: n - 2 triangles, every point on the
     * hull; the point off the line first, then last */
    for (i = 0; i < N; i++) {
        s[2 * i] = (double)i;
        s[2 * i + 1] = 0.0;
    }
    s[1] = 1.0;
    test_delaunay_check_points(s, N, N - 2, 0, N);
    s[1] = 0.0;
    s[2 * N - 1] = -1.0;
    test_delaunay_check_points(s, N, N - 2, 0, N);
    /* a dense cluster and a far ring: most of the ring is outside the
     * hull when its points come in */
    for (i = 0; i < N; i++) {
        if (i % 10 == 0) {
            double a = 6.283185307179586 * rng_next_double(&r);
            s[2 * i] = 1000.0 * cos(a);
            s[2 * i + 1] = 1000.0 * sin(a);
        } else {
            s[2 * i] = rng_next_double(&r);
            s[2 * i + 1] = rng_next_double(&r);
        }
    }
    check_set(s, N);
    free(xy);
    free(s);
}
END_TEST

struct tri_key {
    int32_t v[3];
    size_t t;
};

static int
tri_key_cmp(const void *x, const void *y)
{
    const struct tri_key *a = x, *b = y;
    int k;

    for (k = 0; k < 3; k++) {
        if (a->v[k] != b->v[k]) {
            return a->v[k] < b->v[k] ? -1 : 1;
        }
    }
    return 0;
}

static struct tri_key *
tri_keys(const struct delaunay *d, const int32_t *map)
{
    struct tri_key *k = malloc((d->ntriangles + 1) * sizeof *k);
    size_t t;
    int c;

    ck_assert_ptr_nonnull(k);
    for (t = 0; t < d->ntriangles; t++) {
        for (c = 0; c < 3; c++) {
            int32_t v = d->triangles[3 * t + (size_t)c];
            k[t].v[c] = map != NULL ? map[v] : v;
        }
        k[t].t = t;
    }
    qsort(k, d->ntriangles, sizeof *k, tri_key_cmp);
    return k;
}

void
test_delaunay_same(const struct delaunay *a, const int32_t *amap, const struct delaunay *b)
{
    struct tri_key *ka, *kb;
    size_t *to_b, t, e, bad = 0;

    ck_assert_uint_eq(a->ntriangles, b->ntriangles);
    ka = tri_keys(a, amap);
    kb = tri_keys(b, NULL);
    to_b = malloc((a->ntriangles + 1) * sizeof *to_b);
    ck_assert_ptr_nonnull(to_b);
    for (t = 0; t < a->ntriangles; t++) {
        bad += tri_key_cmp(&ka[t], &kb[t]) != 0;
        to_b[ka[t].t] = kb[t].t;
    }
    ck_assert_uint_eq(bad, 0);
    for (e = 0; e < 3 * a->ntriangles; e++) {
        int32_t f = a->halfedges[e];
        size_t eb = 3 * to_b[e / 3] + e % 3;
        int32_t fb = f < 0 ? -1 : (int32_t)(3 * to_b[f / 3] + (size_t)f % 3);
        bad += b->halfedges[eb] != fb;
    }
    ck_assert_uint_eq(bad, 0);
    free(ka);
    free(kb);
    free(to_b);
}

/* Duplicates in shuffled order: the first in input order is the one used,
 * whatever the insertion order; delaunay_build_local's ids map back. */
START_TEST(test_duplicates_first_used)
{
    enum { N = 4000 };
    double *xy = malloc(2 * N * sizeof *xy);
    int32_t *order = NULL;
    double *pts = NULL;
    struct delaunay d, dl;
    struct rng r;
    size_t i, e;
    char *used = calloc(N, 1);

    ck_assert_ptr_nonnull(xy);
    ck_assert_ptr_nonnull(used);
    rng_seed(&r, 4, 8);
    for (i = 0; i < N; i++) {
        /* 40 x 40 lattice cells, about 2.5 points each */
        xy[2 * i] = (double)rng_next_below(&r, 40);
        xy[2 * i + 1] = (double)rng_next_below(&r, 40);
    }
    ck_assert_int_eq(delaunay_build(&d, xy, N, NULL), OG_OK);
    test_delaunay_validate(&d, xy, N);
    check_empty_circles(&d, xy, N);
    for (e = 0; e < 3 * d.ntriangles; e++) {
        used[d.triangles[e]] = 1;
    }
    for (i = 0; i < N; i++) {
        size_t j;
        for (j = 0; j < i; j++) {
            if (xy[2 * j] == xy[2 * i] && xy[2 * j + 1] == xy[2 * i + 1]) {
                break;
            }
        }
        /* used exactly when no earlier point has its coordinates */
        ck_assert_int_eq(used[i], j == i);
    }
    ck_assert_int_eq(delaunay_build_local(&dl, xy, N, &order, &pts, NULL), OG_OK);
    ck_assert_int_eq(dl.ntriangles, d.ntriangles);
    ck_assert_int_eq(dl.nduplicates, d.nduplicates);
    memset(used, 0, N);
    for (i = 0; i < N; i++) {
        ck_assert(order[i] >= 0 && order[i] < N && !used[order[i]]);
        used[order[i]] = 1;
        ck_assert(pts[2 * i] == xy[2 * (size_t)order[i]]);
        ck_assert(pts[2 * i + 1] == xy[2 * (size_t)order[i] + 1]);
    }
    test_delaunay_same(&dl, order, &d);
    /* local triangles run along the local order: by smallest corner */
    for (e = 3; e < 3 * dl.ntriangles; e += 3) {
        ck_assert_int_le(dl_min3(dl.triangles + e - 3), dl_min3(dl.triangles + e));
    }
    delaunay_fini(&d);
    delaunay_fini(&dl);
    free(order);
    free(pts);
    free(used);
    free(xy);
}
END_TEST

void
delaunay_brio_tests(Suite *s)
{
    TCase *tc = tcase_create("insertion");

    tcase_add_test(tc, test_hilbert_table);
    tcase_add_test(tc, test_empty_circles_exact);
    tcase_add_test(tc, test_duplicates_first_used);
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
}
