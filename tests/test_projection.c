/* Map projections of the planet (render/projection.h): forward and inverse
 * agree, and the Mollweide map is equal-area. */
#include "config.h"

#include <math.h>

#include "render/projection.h"
#include "tests.h"

START_TEST(test_projection_roundtrip)
{
    int p, i, j;
    for (p = 0; p < PROJ_COUNT; p++) {
        for (i = -8; i <= 8; i++) {
            for (j = -17; j <= 17; j++) {
                double lat = i * 10.0, lon = j * 10.0, u, v, q[3];
                if (!projection_forward(p, 20.0, 10.0, lon, lat, &u, &v)) {
                    ck_assert_int_eq(p, PROJ_ORTHOGRAPHIC);
                    continue;
                }
                ck_assert(projection_inverse(p, 20.0, 10.0, u, v, q));
                ck_assert_msg(fabs(asin(q[2]) * 180.0 / M_PI - lat) < 1e-6
                                  && fabs(atan2(q[1], q[0]) * 180.0 / M_PI - lon) < 1e-6,
                              "%s at %g %g", projection_name(p), lon, lat);
            }
        }
    }
    ck_assert_int_eq(projection_find("mollweide"), PROJ_MOLLWEIDE);
    ck_assert_int_eq(projection_find("mercator"), -1);
}
END_TEST

/* Equal area: the share of the ellipse's pixels above 30 degrees north is
 * the sphere's share of that cap, (1 - sin 30) / 2 = 1/4. */
START_TEST(test_projection_mollweide_equal_area)
{
    long in = 0, cap = 0;
    int x, y, n = 800;
    for (y = 0; y < n / 2; y++) {
        for (x = 0; x < n; x++) {
            double q[3];
            if (projection_inverse(PROJ_MOLLWEIDE, 0.0, 0.0, (x + 0.5) / n, (y + 0.5) / (n / 2),
                                   q)) {
                in++;
                cap += q[2] > 0.5;
            }
        }
    }
    ck_assert_msg(fabs((double)cap / in - 0.25) < 0.005, "cap share %g", (double)cap / in);
}
END_TEST

void
planet_projection_tests(Suite *s)
{
    TCase *tc = tcase_create("projection");
    tcase_add_test(tc, test_projection_roundtrip);
    tcase_add_test(tc, test_projection_mollweide_equal_area);
    suite_add_tcase(s, tc);
}
