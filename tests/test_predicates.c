/* Tests of predicates.c: the orientation and in-circle tests on simple and
 * near-degenerate inputs, and against exact 128-bit integer arithmetic. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/predicates.h"
#include "core/base/rng.h"
#include "tests.h"

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

void
predicates_tests(Suite *s)
{
    TCase *tc = tcase_create("predicates");

    tcase_add_test(tc, test_predicates_basic);
    tcase_add_test(tc, test_predicates_near_degenerate);
#ifdef __SIZEOF_INT128__
    tcase_add_test(tc, test_predicates_vs_int128);
#endif
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
}
