/* The planar Delaunay at any scale (issue 28 item 12): points scaled by
 * 1e+-80 or 1e+-150 triangulate as the same points brought back to unit
 * size by a power of two (an exact operation), so the result is exact
 * Delaunay; a set spanning more than the predicates can take is refused. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/geom/delaunay.h"
#include "tests.h"

enum { SN = 400 };

/* d and e: the same triangles, twins and hull, in the same order */
static void
same_bytes(const struct delaunay *d, const struct delaunay *e)
{
    ck_assert_uint_eq(d->ntriangles, e->ntriangles);
    ck_assert_uint_eq(d->nhull, e->nhull);
    ck_assert_int_eq(memcmp(d->triangles, e->triangles, 3 * d->ntriangles * sizeof(int32_t)), 0);
    ck_assert_int_eq(memcmp(d->halfedges, e->halfedges, 3 * d->ntriangles * sizeof(int32_t)), 0);
    ck_assert_int_eq(memcmp(d->hull, e->hull, d->nhull * sizeof(int32_t)), 0);
}

START_TEST(test_delaunay_any_scale)
{
    static const double scales[] = { 1e80, 1e-80, 1e150, 1e-150, 0x1p266, 0x1p-266 };
    double *xy = malloc(2 * SN * sizeof *xy), *q = malloc(2 * SN * sizeof *q);
    double *u = malloc(2 * SN * sizeof *u);
    struct og_error err;
    struct rng r;
    size_t i, k;

    ck_assert_ptr_nonnull(xy);
    ck_assert_ptr_nonnull(q);
    ck_assert_ptr_nonnull(u);
    rng_seed(&r, 28, 12);
    /* a jittered lattice: many near-cocircular quadruples, where a wrong
       in-circle sign shows */
    for (i = 0; i < SN; i++) {
        xy[2 * i] = (double)(i % 20) + 1e-6 * rng_next_double(&r);
        xy[2 * i + 1] = (double)(i / 20) + 1e-6 * rng_next_double(&r);
    }
    for (k = 0; k < sizeof scales / sizeof scales[0]; k++) {
        struct delaunay d, e;
        int p;
        for (i = 0; i < 2 * SN; i++) {
            q[i] = xy[i] * scales[k];
        }
        /* the same points at unit size, exactly */
        p = ilogb(scales[k]);
        for (i = 0; i < 2 * SN; i++) {
            u[i] = ldexp(q[i], -p);
        }
        ck_assert_int_eq(delaunay_build_centers(&d, q, SN, &err), OG_OK);
        ck_assert_int_eq(delaunay_build_centers(&e, u, SN, &err), OG_OK);
        test_delaunay_validate(&e, u, SN);
        same_bytes(&d, &e);
        for (i = 0; i < 2 * d.ntriangles; i++) {
            ck_assert(d.centers[i] == ldexp(e.centers[i], p));
        }
        delaunay_fini(&d);
        delaunay_fini(&e);
    }
    free(xy);
    free(q);
    free(u);
}
END_TEST

START_TEST(test_delaunay_range_refused)
{
    const double xy[] = { 0, 0, 1, 0, 0, 1, 1e-60, 0.5, 1, 1 };
    struct delaunay d;
    struct og_error err;

    ck_assert_int_eq(delaunay_build(&d, xy, 5, &err), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "span more than 2^180"));
    ck_assert_ptr_null(d.triangles);
}
END_TEST

void
delaunay_scale_tests(Suite *s)
{
    TCase *tc = tcase_create("scale");

    tcase_add_test(tc, test_delaunay_any_scale);
    tcase_add_test(tc, test_delaunay_range_refused);
    suite_add_tcase(s, tc);
}
