/* Planet points: Poisson disk on the sphere (spacing, count, coverage,
 * contract), and the sample set the spherical Delaunay tests use
 * (test_sphere_delaunay.c). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/planet/gen_planet.h"
#include "core/geom/mesh.h"
#include "core/geom/poisson_disk.h"
#include "core/base/rng.h"
#include "core/geom/sphere_delaunay.h"
#include "tests.h"

static double
arc(const double *p, const double *q)
{
    double cx = p[1] * q[2] - p[2] * q[1], cy = p[2] * q[0] - p[0] * q[2];
    double cz = p[0] * q[1] - p[1] * q[0];
    return atan2(sqrt(cx * cx + cy * cy + cz * cz), p[0] * q[0] + p[1] * q[1] + p[2] * q[2]);
}

/* ---- Poisson disk ------------------------------------------------------ */

START_TEST(test_poisson_spacing)
{
    struct rng r;
    double *xyz, rad = poisson_disk_radius_for_count(2500), dmin = M_PI;
    size_t n, i, j;

    rng_for_stage(&r, 11, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL),
                     OG_OK);
    for (i = 0; i < n; i++) {
        const double *p = &xyz[3 * i];
        ck_assert(fabs(p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - 1.0) < 1e-12);
        for (j = i + 1; j < n; j++) {
            double d = arc(p, &xyz[3 * j]);
            dmin = d < dmin ? d : dmin;
        }
    }
    /* no two samples closer than the radius, in arc length (all pairs) */
    ck_assert_msg(dmin >= rad * (1.0 - 1e-12), "min arc %g < radius %g", dmin, rad);
    /* and the sampling is tight: the nearest pair is close to the radius */
    ck_assert(dmin < 1.05 * rad);
    free(xyz);
}
END_TEST

START_TEST(test_poisson_count)
{
    const double radii[] = { 0.2, 0.05, 0.02 };
    size_t k;

    for (k = 0; k < 3; k++) {
        struct rng r;
        double *xyz, rad = radii[k];
        /* caps of radius r/2 are disjoint (at most hexagonal density
         * 0.9069 of the sphere); caps of radius r cover it if the sampling
         * is maximal */
        double upper = 0.9069 * 2.0 / (1.0 - cos(rad / 2.0));
        double lower = 2.0 / (1.0 - cos(rad));
        double expect = POISSON_DISK_DENSITY / (rad * rad);
        size_t n, polar = 0, i;

        rng_for_stage(&r, 3 + k, "test");
        ck_assert_int_eq(
            poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL), OG_OK);
        ck_assert_msg(n >= lower && n <= upper, "r %g: %zu points outside [%g, %g]", rad, n,
                      lower, upper);
        ck_assert_msg(fabs(n - expect) < 0.06 * expect + 5, "r %g: %zu points, expected ~%g",
                      rad, n, expect);
        /* uniform: |z| > 0.5 is exactly half the sphere's area (Archimedes),
         * so no clustering at the poles */
        for (i = 0; i < n; i++) {
            polar += fabs(xyz[3 * i + 2]) > 0.5;
        }
        if (n > 1000) {
            ck_assert_msg(fabs((double)polar / n - 0.5) < 0.03, "polar share %g",
                          (double)polar / n);
        }
        free(xyz);
    }
}
END_TEST

/* Coverage (maximality): the point of the sphere farthest from every
 * sample is a vertex of the spherical Voronoi diagram, the circumcentre of
 * a Delaunay triangle, so the largest empty cap has the largest circumradius
 * of the triangulation. No empty disc of radius 2r may exist; this sampler
 * leaves none wider than about 1.01 r (the bound 1.2 r catches a loss of
 * maximality). Also the exact minimum spacing on a larger set, through the
 * Delaunay edges (the nearest pair is always one). */
START_TEST(test_poisson_coverage)
{
    const double radii[] = { 0.3, 0.04, 0.012 };
    size_t k;

    for (k = 0; k < 3; k++) {
        struct rng r;
        double *xyz, rad = radii[k], hole = 0.0, dmin = M_PI;
        int32_t *tri;
        size_t n, nt, t;
        int e;

        rng_for_stage(&r, 21 + k, "test");
        ck_assert_int_eq(
            poisson_disk_sphere(&xyz, &n, rad, POISSON_DISK_CANDIDATES, &r, NULL, NULL), OG_OK);
        ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, NULL, &nt, NULL, NULL), OG_OK);
        for (t = 0; t < nt; t++) {
            const double *a = &xyz[3 * tri[3 * t]], *b = &xyz[3 * tri[3 * t + 1]];
            const double *c = &xyz[3 * tri[3 * t + 2]];
            double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
            double v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
            double cc[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                             u[0] * v[1] - u[1] * v[0] };
            double l = sqrt(cc[0] * cc[0] + cc[1] * cc[1] + cc[2] * cc[2]), d;
            cc[0] /= l;
            cc[1] /= l;
            cc[2] /= l;
            d = arc(cc, a);
            hole = d > hole ? d : hole;
            for (e = 0; e < 3; e++) {
                d = arc(&xyz[3 * tri[3 * t + e]], &xyz[3 * tri[3 * t + (e + 1) % 3]]);
                dmin = d < dmin ? d : dmin;
            }
        }
        ck_assert_msg(hole < 2.0 * rad, "r %g: empty cap of radius %g", rad, hole);
        ck_assert_msg(hole < 1.2 * rad, "r %g: empty cap of radius %g r", rad, hole / rad);
        ck_assert_msg(dmin >= rad * (1.0 - 1e-12), "r %g: min arc %.17g", rad, dmin);
        free(tri);
        free(xyz);
    }
}
END_TEST

START_TEST(test_poisson_contract)
{
    struct rng r;
    double *xyz = (double *)&r;
    size_t n = 7;
    struct og_error e;

    rng_for_stage(&r, 1, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.0, 30, &r, NULL, &e), OG_ERANGE);
    ck_assert(xyz == NULL && n == 0);
    ck_assert_ptr_nonnull(strstr(e.msg, "radius"));
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 1e-4, 30, &r, NULL, &e), OG_ERANGE);
    ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.1, 0, &r, NULL, &e), OG_ERANGE);
    /* a cancelled run stops (polled every 4096 samples) and returns nothing */
    {
        atomic_int cancel;
        struct run_ctx ctx;
        memset(&ctx, 0, sizeof ctx);
        atomic_init(&cancel, 1);
        ctx.cancel = &cancel;
        ck_assert_int_eq(poisson_disk_sphere(&xyz, &n, 0.02, 30, &r, &ctx, &e), OG_ECANCELED);
        ck_assert(xyz == NULL && n == 0);
    }
}
END_TEST

/* ---- samples for the spherical Delaunay tests ------------------------- */

double *
test_sphere_sample(size_t count, uint64_t seed, size_t *n)
{
    struct rng r;
    double *xyz;
    rng_for_stage(&r, seed, "test");
    ck_assert_int_eq(poisson_disk_sphere(&xyz, n, poisson_disk_radius_for_count(count),
                                         POISSON_DISK_CANDIDATES, &r,
                                         NULL, NULL),
                     OG_OK);
    return xyz;
}

void
planet_mesh_tests(Suite *s)
{
    TCase *tp = tcase_create("poisson");

    tcase_add_test(tp, test_poisson_spacing);
    tcase_add_test(tp, test_poisson_count);
    tcase_add_test(tp, test_poisson_coverage);
    tcase_add_test(tp, test_poisson_contract);
    suite_add_tcase(s, tp);
}
