/* Plates: boundary classes follow the relative motion, and the relief
 * follows the classes, on a planted two-plate world (issue 25). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/geom/sphere_delaunay.h"
#include "core/planet/plate_relief.h"
#include "core/planet/plates.h"
#include "tests.h"

/* Two plates split at the equator: the north one (0) turns about pole
 * (px, py, pz) at 100 km/Myr at 90 degrees from it, the south one (1)
 * stands still. */
struct two_plates {
    double *xyz;
    size_t n;
    int32_t *tri;
    size_t nt;
    struct adjacency adj;
    struct plates pl;
    uint8_t *plate, *type, *other;
    float *closing;
};

static void
two_plates_make(struct two_plates *t, double px, double py, double pz)
{
    size_t i;
    memset(t, 0, sizeof *t);
    t->xyz = test_sphere_sample(20000, 3, &t->n);
    ck_assert_int_eq(sphere_delaunay(t->xyz, t->n, &t->tri, NULL, &t->nt, NULL, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_triangles(&t->adj, t->n, t->tri, t->nt, NULL), OG_OK);
    t->pl.n = 2;
    t->pl.p[0].site[2] = 1.0;
    t->pl.p[1].site[2] = -1.0;
    t->pl.p[0].pole[0] = px;
    t->pl.p[0].pole[1] = py;
    t->pl.p[0].pole[2] = pz;
    t->pl.p[0].rate = 100.0 / PLATES_RADIUS_KM;
    t->pl.p[1].pole[2] = 1.0;
    t->pl.p[1].rate = 0.0;
    t->plate = malloc(t->n);
    t->type = malloc(t->n);
    t->other = malloc(t->n);
    t->closing = malloc(t->n * sizeof *t->closing);
    for (i = 0; i < t->n; i++) {
        t->plate[i] = t->xyz[3 * i + 2] > 0.0 ? 0 : 1;
    }
    plates_boundaries(&t->pl, &t->adj, t->xyz, t->plate, t->type, t->closing, t->other);
}

static void
two_plates_free(struct two_plates *t)
{
    free(t->xyz);
    free(t->tri);
    adjacency_fini(&t->adj);
    free(t->plate);
    free(t->type);
    free(t->other);
    free(t->closing);
}

/* Pole on the x axis: the north plate moves north (away) where y > 0 and
 * south (into the south plate) where y < 0, at 100 |y| km/Myr: divergent
 * and convergent, with the closing speed of the motion; near y = 0 it
 * barely moves. Pole on the z axis: it slides along the equator,
 * transform everywhere. */
START_TEST(test_plates_two_plate_classes)
{
    struct two_plates t;
    size_t i, nb = 0, ndiv = 0, nconv = 0;
    two_plates_make(&t, 1.0, 0.0, 0.0);
    for (i = 0; i < t.n; i++) {
        double y = t.xyz[3 * i + 1];
        if (t.type[i] == PB_NONE) {
            ck_assert(fabs(t.xyz[3 * i + 2]) > 1e-3 || t.n == 0);
            continue;
        }
        nb++;
        ck_assert_int_eq(t.other[i], 1 - t.plate[i]);
        if (y > 0.2) {
            ck_assert_int_eq(t.type[i], PB_DIVERGENT);
            ck_assert(t.closing[i] < 0.0f);
            ndiv++;
        } else if (y < -0.2) {
            ck_assert_int_eq(t.type[i], PB_CONVERGENT);
            ck_assert(t.closing[i] > 0.0f);
            /* head-on: the closing speed is the plate's speed there */
            ck_assert(fabs(t.closing[i] - 100.0 * fabs(y)) < 10.0);
            nconv++;
        }
    }
    ck_assert(nb > 200);
    ck_assert(ndiv > 50 && nconv > 50);
    two_plates_free(&t);
    two_plates_make(&t, 0.0, 0.0, 1.0);
    for (i = 0, nb = 0; i < t.n; i++) {
        if (t.type[i] != PB_NONE) {
            ck_assert_int_eq(t.type[i], PB_TRANSFORM);
            nb++;
        }
    }
    ck_assert(nb > 200);
    two_plates_free(&t);
}
END_TEST

/* All continental land: the convergent half of the equator rises (a
 * collision range), the divergent half sinks (a rift), and far from the
 * boundary only hotspots change the relief. */
START_TEST(test_plates_relief_follows_classes)
{
    struct two_plates t;
    struct plate_relief_in in;
    uint8_t *ones;
    float *delta;
    double conv = 0.0, div = 0.0;
    size_t i, nc = 0, nd = 0;

    two_plates_make(&t, 1.0, 0.0, 0.0);
    ones = malloc(t.n);
    delta = malloc(t.n * sizeof *delta);
    memset(ones, 1, t.n);
    in.pl = &t.pl;
    in.adj = &t.adj;
    in.xyz = t.xyz;
    in.plate = t.plate;
    in.type = t.type;
    in.other = t.other;
    in.closing = t.closing;
    in.crust = ones;
    in.land = ones;
    in.seed = 11;
    in.threads = 2;
    ck_assert_int_eq(plate_relief(&in, delta, NULL), OG_OK);
    for (i = 0; i < t.n; i++) {
        double y = t.xyz[3 * i + 1];
        if (t.type[i] == PB_CONVERGENT && y < -0.5) {
            conv += delta[i];
            nc++;
        } else if (t.type[i] == PB_DIVERGENT && y > 0.5) {
            div += delta[i];
            nd++;
        }
    }
    ck_assert(nc > 20 && nd > 20);
    ck_assert_msg(conv / nc > 0.3, "collision range %g", conv / nc);
    ck_assert_msg(div / nd < -0.02, "rift %g", div / nd);
    free(ones);
    free(delta);
    two_plates_free(&t);
}
END_TEST

void
planet_plates_tests(Suite *s)
{
    TCase *tc = tcase_create("plates");
    tcase_add_test(tc, test_plates_two_plate_classes);
    tcase_add_test(tc, test_plates_relief_follows_classes);
    suite_add_tcase(s, tc);
}
