/* core/base/detmath's angle and length functions (det_atan, det_atan2,
 * det_asin, det_hypot, det_log1p) against libm, the C special cases, and
 * results pinned to the bit (a build whose arithmetic differs fails). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/rng.h"
#include "tests.h"

/* |a - b| in units of the last place of b */
static double
ulps(double a, double b)
{
    if (a == b) {
        return 0.0;
    }
    return fabs(a - b) / (nextafter(fabs(b), INFINITY) - fabs(b));
}

static uint64_t
bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

START_TEST(det_arc_accuracy)
{
    struct rng r;
    double worst[5] = { 0 };
    int i;

    rng_seed(&r, 28, 8);
    for (i = 0; i < 200000; i++) {
        double u = rng_next_double(&r), v = rng_next_double(&r);
        double t = ldexp(2.0 * u - 1.0, (int)(v * 60.0) - 30);   /* 2^-30 .. 2^30 */
        double y = 2.0 * u - 1.0, x = 2.0 * v - 1.0;
        double e;
        e = ulps(det_atan(t), atan(t));
        worst[0] = e > worst[0] ? e : worst[0];
        e = ulps(det_atan2(y, x), atan2(y, x));
        worst[1] = e > worst[1] ? e : worst[1];
        e = ulps(det_asin(y), asin(y));
        worst[2] = e > worst[2] ? e : worst[2];
        e = ulps(det_hypot(t, y), hypot(t, y));
        worst[3] = e > worst[3] ? e : worst[3];
        e = ulps(det_log1p(t > -1.0 ? t : -t), log1p(t > -1.0 ? t : -t));
        worst[4] = e > worst[4] ? e : worst[4];
    }
    ck_assert_msg(worst[0] <= 2.0, "atan: %g ulp", worst[0]);
    ck_assert_msg(worst[1] <= 3.0, "atan2: %g ulp", worst[1]);
    ck_assert_msg(worst[2] <= 3.0, "asin: %g ulp", worst[2]);
    ck_assert_msg(worst[3] <= 1.0, "hypot: %g ulp", worst[3]);
    ck_assert_msg(worst[4] <= 3.0, "log1p: %g ulp", worst[4]);
    /* C's special cases */
    ck_assert(det_atan2(0.0, -1.0) == atan2(0.0, -1.0));
    ck_assert(signbit(det_atan2(-0.0, 1.0)));
    ck_assert(det_atan2(-0.0, -0.0) == -atan2(0.0, -0.0));
    ck_assert(det_atan2(1.0, 0.0) == atan2(1.0, 0.0));
    ck_assert(det_atan2(INFINITY, -INFINITY) == atan2(INFINITY, -INFINITY));
    ck_assert(isnan(det_atan2(NAN, 1.0)));
    ck_assert(det_asin(1.0) == asin(1.0));
    ck_assert(isnan(det_asin(1.5)));
    ck_assert(det_hypot(1e300, 1e300) == hypot(1e300, 1e300));
    ck_assert(det_hypot(3e-320, 4e-320) == hypot(3e-320, 4e-320));
    ck_assert(isinf(det_hypot(NAN, INFINITY)));
    ck_assert(det_log1p(1e-300) == 1e-300);
    ck_assert(isinf(det_log1p(-1.0)));
    ck_assert(isnan(det_log1p(-2.0)));
    /* pinned: these bits are what + - * / sqrt give everywhere (atan 0.5
       and log1p 0.25 are 1 ulp from glibc's) */
    ck_assert_uint_eq(bits(det_atan(0.5)), 0x3fddac670561bb50ull);
    ck_assert_uint_eq(bits(det_atan2(-3.0, -4.0)), 0xc003fc176b7a8560ull);
    ck_assert_uint_eq(bits(det_asin(0.3)), 0x3fd380159e14f6ffull);
    ck_assert_uint_eq(bits(det_hypot(3.0, 5.0)), 0x401752e50db3a3a2ull);
    ck_assert_uint_eq(bits(det_log1p(0.25)), 0x3fcc8ff7c79a9a21ull);
}
END_TEST

Suite *
detmath_suite(void)
{
    Suite *s = suite_create("detmath");
    TCase *tc = tcase_create("arc");

    tcase_add_test(tc, det_arc_accuracy);
    suite_add_tcase(s, tc);
    colour_ties_tests(s);
    return s;
}
