/* Planet climate (issue 25): the rain shadow on a planted continent, and
 * the Köppen classes at the defaults. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/geom/sphere_delaunay.h"
#include "core/pipeline.h"
#include "core/planet/climate.h"
#include "core/planet/gen_planet.h"
#include "core/planet/planet_coast.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "tests.h"

/* A continent from 35 to 55 degrees north and 40 west to 40 east in the
 * westerlies, flat (0.1) or with a range 4 degrees wide along 2 degrees
 * east (0.6, 3 km); mean annual precipitation (mm) of its windward (west)
 * coast, 40 to 32 degrees west, and of the lee, 6 to 14 degrees east,
 * between 40 and 50 north. */
static void
planted_rain(int range, double *windward, double *lee)
{
    size_t n, nt, i, nw = 0, nl = 0;
    double *xyz = test_sphere_sample(40000, 9, &n), *dist;
    int32_t *tri, *lm;
    struct adjacency adj;
    uint8_t *land = malloc(n);
    float *elev = malloc(n * sizeof *elev), *scale = malloc(n * sizeof *scale), *buf;
    struct climate_in in;
    struct climate_out out;

    ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, NULL, &nt, NULL, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_triangles(&adj, n, tri, nt, NULL), OG_OK);
    dist = malloc(n * sizeof *dist);
    lm = malloc(n * sizeof *lm);
    buf = malloc(4 * n * sizeof *buf);
    for (i = 0; i < n; i++) {
        const double *q = &xyz[3 * i];
        double lat = asin(q[2]) * 180.0 / M_PI, lon = atan2(q[1], q[0]) * 180.0 / M_PI;
        land[i] = lat > 35.0 && lat < 55.0 && lon > -40.0 && lon < 40.0;
        lm[i] = land[i] ? 0 : -1;
        elev[i] = land[i] ? 0.1f : -0.5f;
        if (land[i] && range && fabs(lon - 2.0) < 2.0) {
            elev[i] = 0.6f;
        }
    }
    ck_assert_int_eq(planet_coast_fields(&adj, xyz, land, lm, 1, dist, scale), 0);
    in.adj = &adj;
    in.xyz = xyz;
    in.land = land;
    in.elevation = elev;
    in.coast_dist = dist;
    in.seed = 1;
    in.threads = 2;
    out.temp[0] = buf;
    out.temp[1] = buf + n;
    out.precip[0] = buf + 2 * n;
    out.precip[1] = buf + 3 * n;
    ck_assert_int_eq(climate_run(&in, &out, NULL), OG_OK);
    *windward = *lee = 0.0;
    for (i = 0; i < n; i++) {
        const double *q = &xyz[3 * i];
        double lat = asin(q[2]) * 180.0 / M_PI, lon = atan2(q[1], q[0]) * 180.0 / M_PI;
        double p = 0.5 * (out.precip[0][i] + out.precip[1][i]);
        if (!land[i] || lat < 40.0 || lat > 50.0) {
            continue;
        }
        if (lon > -40.0 && lon < -32.0) {
            *windward += p;
            nw++;
        } else if (lon > 6.0 && lon < 14.0) {
            *lee += p;
            nl++;
        }
    }
    ck_assert(nw > 30 && nl > 30);
    *windward /= (double)nw;
    *lee /= (double)nl;
    free(xyz);
    free(tri);
    adjacency_fini(&adj);
    free(land);
    free(elev);
    free(scale);
    free(dist);
    free(lm);
    free(buf);
}

/* The westerlies bring rain to the west coast; a range takes it out, so
 * its lee gets less than the windward coast and less than the same place
 * without the range. */
START_TEST(test_climate_rain_shadow)
{
    double ww, lee, ww0, lee0;
    planted_rain(1, &ww, &lee);
    planted_rain(0, &ww0, &lee0);
    ck_assert_msg(ww > 2.0 * lee, "windward %g mm, lee %g mm", ww, lee);
    ck_assert_msg(lee < 0.7 * lee0, "lee %g mm with the range, %g without", lee, lee0);
    ck_assert_msg(fabs(ww - ww0) < 0.05 * ww0, "windward %g, %g", ww, ww0);
}
END_TEST

/* Köppen shares at the defaults: at least 8 classes, none over 40 % of
 * the land, for seeds 1-5 (10k points). */
START_TEST(test_climate_koppen_shares)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w;
    struct og_error e;
    const struct world_stat *k, *big;

    params_defaults(&p);
    p.seed = 1 + (uint64_t)_i;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(&gen_planet, &ctx, &w, &e) == OG_OK, "%s", e.msg);
    k = world_stat_find(w, "planet.koppen_classes");
    big = world_stat_find(w, "planet.koppen_largest_share");
    ck_assert(k != NULL && big != NULL);
    ck_assert_msg(k->a >= 8, "seed %d: %g classes", _i + 1, k->a);
    ck_assert_msg(big->a <= 0.4, "seed %d: largest class %g of the land", _i + 1, big->a);
    world_unref(w);
}
END_TEST

void
planet_climate_tests(Suite *s)
{
    TCase *tc = tcase_create("climate");
    tcase_add_test(tc, test_climate_rain_shadow);
    tcase_add_loop_test(tc, test_climate_koppen_shares, 0, 5);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
}
