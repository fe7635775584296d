/* Planet rivers and lakes (issue 25): every river reaches the sea or a
 * lake, and discharge is conserved at every confluence. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pipeline.h"
#include "core/planet/gen_planet.h"
#include "core/planet/planet_rivers.h"
#include "core/recipe/params.h"
#include "core/geom/mesh.h"
#include "core/world.h"
#include "io/vector/geojson.h"
#include "tests.h"

static struct world *
rivers_world_threads(uint64_t seed, size_t points, int threads)
{
    return test_planet_world(seed, points, threads, NULL);
}

static struct world *
rivers_world(uint64_t seed, size_t points)
{
    return rivers_world_threads(seed, points, 1);
}

/* The elevation stage's batched passes (plates, relief, climate, runoff;
 * 8192 vertices a batch, so 3 batches at 20k points) give the same bytes
 * on 1, 2, 3 and 8 threads. */
START_TEST(test_planet_surface_threads)
{
    struct world *w1 = rivers_world_threads(4, 20000, 1);
    static const int counts[] = { 2, 3, 8 };
    size_t k, n = w1->ncells;
    for (k = 0; k < 3; k++) {
        struct world *w = rivers_world_threads(4, 20000, counts[k]);
        ck_assert_uint_eq(w->ncells, n);
        ck_assert(memcmp(w->plate, w1->plate, n) == 0);
        ck_assert(memcmp(w->elevation, w1->elevation, n * sizeof *w->elevation) == 0);
        ck_assert(memcmp(w->moisture, w1->moisture, n * sizeof *w->moisture) == 0);
        ck_assert(memcmp(w->temperature, w1->temperature, n * sizeof *w->temperature) == 0);
        ck_assert(memcmp(w->precipitation, w1->precipitation, n * sizeof *w->precipitation)
                  == 0);
        ck_assert(memcmp(w->climate, w1->climate, n) == 0);
        ck_assert(memcmp(w->flow, w1->flow, n * sizeof *w->flow) == 0);
        ck_assert(memcmp(w->biome, w1->biome, n) == 0);
        world_unref(w);
    }
    world_unref(w1);
}
END_TEST

START_TEST(test_rivers_reach_sea_or_lake)
{
    struct world *w = rivers_world(2 + (uint64_t)_i, 20000);
    size_t n = w->ncells, i, rivers = 0, lakes = 0;
    ck_assert_uint_eq(w->nhydro, n);
    ck_assert_ptr_nonnull(w->downhill);
    for (i = 0; i < n; i++) {
        int32_t c = (int32_t)i;
        size_t steps = 0;
        lakes += w->water[i] == WATER_LAKE;
        if (w->river_width[i] <= 0.0f) {
            continue;
        }
        ck_assert_int_eq(w->water[i], WATER_LAND);
        rivers++;
        while (w->water[c] == WATER_LAND && w->downhill[c] >= 0 && steps++ <= n) {
            c = w->downhill[c];
        }
        ck_assert_msg(w->water[c] != WATER_LAND, "river at %zu ends on land at %d", i, c);
    }
    ck_assert_uint_gt(rivers, 20);
    /* a terminal cell (no next cell) is sea or a lake: endorheic basins
     * end in their lake */
    for (i = 0; i < n; i++) {
        if (w->downhill[i] < 0) {
            ck_assert_msg(w->water[i] != WATER_LAND, "cell %zu drains nowhere", i);
        }
    }
    (void)lakes;
    world_unref(w);
}
END_TEST

START_TEST(test_rivers_discharge_conserved)
{
    struct world *w = rivers_world(3, 20000);
    size_t n = w->ncells, i, confluences = 0;
    double *in = calloc(n, sizeof *in);
    int *donors = calloc(n, sizeof *donors);
    for (i = 0; i < n; i++) {
        if (w->downhill[i] >= 0) {
            in[w->downhill[i]] += w->flow[i];
            donors[w->downhill[i]] += w->river_width[i] > 0.0f;
        }
    }
    for (i = 0; i < n; i++) {
        double expect = planet_cell_runoff(w, i) + in[i];
        ck_assert_msg(fabs(w->flow[i] - expect) <= 1e-4 * (expect > 1.0 ? expect : 1.0),
                      "cell %zu: flow %g, runoff plus inflow %g", i, (double)w->flow[i], expect);
        confluences += donors[i] >= 2;
    }
    ck_assert_uint_ge(confluences, 2);
    free(in);
    free(donors);
    world_unref(w);
}
END_TEST

/* A planted river from 170 to 186 degrees east at 10 degrees north: the
 * GeoJSON cuts it at the antimeridian into a MultiLineString of two
 * parts, one ending at +180 and one starting at -180 at the same
 * latitude (RFC 7946 3.1.9). */
START_TEST(test_rivers_geojson_antimeridian)
{
    struct world *w = rivers_world(1, 2000);
    static const double lon[] = { 170.0, 176.0, 182.0, 188.0 };
    const char *path = "test_rivers_antimeridian.geojson";
    int32_t cell[4];
    size_t i, len, k, rivers = 0;
    struct og_error e;
    char *text, *at, east[32], west[32];

    for (i = 0; i < w->ncells; i++) {
        w->river_width[i] = 0.0f;
    }
    for (k = 0; k < 4; k++) {
        double la = 10.0 * M_PI / 180.0, lo = lon[k] * M_PI / 180.0;
        double q[3] = { cos(la) * cos(lo), cos(la) * sin(lo), sin(la) };
        cell[k] = mesh_nearest_point(w->mesh, q, 0);
        w->water[cell[k]] = WATER_LAND;
        w->river_width[cell[k]] = 100.0f;
        w->flow[cell[k]] = 1000.0f * (float)(k + 1);
        if (k > 0) {
            ck_assert_int_ne(cell[k], cell[k - 1]);
            w->downhill[cell[k - 1]] = cell[k];
        }
    }
    w->downhill[cell[3]] = -1;
    ck_assert_msg(export_geojson(w, NULL, NULL, 0, path, &e) == OG_OK, "%s", e.msg);
    text = (char *)test_slurp(path, &len);
    text[len] = 0;
    for (at = text; (at = strstr(at, "\"kind\":\"river\"")) != NULL; at++) {
        rivers++;
    }
    ck_assert_uint_eq(rivers, 1);
    at = strstr(text, "\"kind\":\"river\"");
    ck_assert_ptr_nonnull(strstr(at, "\"type\":\"MultiLineString\""));
    ck_assert(strstr(at, "\"type\":\"MultiLineString\"") < strstr(at, "\"kind\":\"land\""));
    /* ...,[180.000000,LAT]],[[-180.000000,LAT],... */
    at = strstr(at, ",[180.000000,");
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq(sscanf(at, ",[180.000000,%31[^]]]],[[-180.000000,%31[^]]", east, west), 2);
    ck_assert_str_eq(east, west);
    ck_assert(atof(east) > 5.0 && atof(east) < 15.0);
    free(text);
    remove(path);
    world_unref(w);
}
END_TEST

void
planet_rivers_tests(Suite *s)
{
    TCase *tc = tcase_create("rivers");
    tcase_add_loop_test(tc, test_rivers_reach_sea_or_lake, 0, 3);
    tcase_add_test(tc, test_rivers_discharge_conserved);
    tcase_add_test(tc, test_planet_surface_threads);
    tcase_add_test(tc, test_rivers_geojson_antimeridian);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
}
