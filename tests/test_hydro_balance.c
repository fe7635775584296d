/* Closed-basin lakes (core/hydro/hydro_balance.h): the balance's numbers, the
 * rising lake on a bowl, closed lakes upstream keeping their water from the
 * basins below, and southern Nevada's playas where the real ones are. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/dem/dem.h"
#include "core/hydro/hydro.h"
#include "core/hydro/hydro_balance.h"
#include "core/recipe/params.h"
#include "io/vector/geojson.h"
#include "io/png/pngio.h"
#include "tests.h"
#include "test_hydro.h"

/* f = c phi / (1 - phi + c phi): 1 at a = 0 (every basin spills), 0.9 % of
 * the catchment at a = 1 (phi 0.15, c 0.05), falling in between. */
START_TEST(balance_numbers)
{
    double a, last = 2.0;
    ck_assert_double_eq_tol(hydro_balance_lake_ratio(0.0), 1.0, 1e-15);
    ck_assert_double_eq_tol(hydro_balance_lake_ratio(1.0), 0.0075 / 0.8575, 1e-12);
    ck_assert(hydro_balance_lake_ratio(7.0) == hydro_balance_lake_ratio(1.0));
    for (a = 0.0; a <= 1.0; a += 0.0625) {
        double f = hydro_balance_lake_ratio(a);
        ck_assert_msg(f < last, "f(%g) = %g not below %g", a, f, last);
        last = f;
    }
    ck_assert_double_eq_tol(hydro_balance_relative_runoff(0.0), 1.0, 1e-15);
    ck_assert_double_eq_tol(hydro_balance_relative_runoff(1.0), 0.125, 1e-15);
    ck_assert(hydro_balance_dry_depth_m(0.0) == 0.0);
    ck_assert_double_eq_tol(hydro_balance_dry_depth_m(1.0), 3.06, 1e-12);
}
END_TEST

/* A w x h grid whose border is a 1000 m wall with one gap of `gap` metres
 * at (gx, gy); the rest from fill(x, y). Border cells are outlets. */
static void
walled_grid(struct run *r, int w, int h, int gx, int gy, float gap, float (*fill)(int, int))
{
    struct og_error e;
    int x, y;
    ck_assert_int_eq(hydro_graph_grid(&r->g, w, h, 8, &e), OG_OK);
    test_hydro_run_alloc(r, (size_t)w * (size_t)h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            int edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            r->elev[y * w + x] = edge ? 1000.0f : fill(x, y);
            r->outlet[y * w + x] = (uint8_t)edge;
        }
    }
    r->elev[gy * w + gx] = gap;
    test_hydro_run_all(r, HYDRO_FLOOD_FAST, NULL);
}

static float
bowl(int x, int y)
{
    return 10.0f + (float)sqrt((double)((x - 15) * (x - 15) + (y - 15) * (y - 15)));
}

/* A 31 x 31 bowl spilling at 50 m: one depression of the 29^2 = 841
 * interior cells, catchment 841 (one rain unit a cell). At ratio 0.1 its
 * closed lake is round(84.1) = 84 cells: every cell below the level and
 * none above it, connected, at one level; at ratio 0 the lake is under half
 * a cell, so the lowest cell is a sink without a lake; at ratio 1 it spills
 * (no closed lake). */
START_TEST(balance_bowl)
{
    struct run r;
    struct hydro_balance_stats bs;
    struct og_error e;
    uint8_t lake[31 * 31];
    float level[31 * 31];
    size_t i, count = 0;
    float lv = -1.0f;

    walled_grid(&r, 31, 31, 0, 15, 50.0f, bowl);
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, 0.1,
                                         lake, level, &bs, &e),
                     OG_OK);
    ck_assert_uint_eq(bs.closed, 1);
    ck_assert_uint_eq(bs.lake_nodes, 84);
    ck_assert_double_eq_tol(bs.absorbed, 841.0, 1e-3);
    for (i = 0; i < 31 * 31; i++) {
        if (lake[i] == LAKE_WATER) {
            lv = level[i];
            break;
        }
    }
    for (i = 0; i < 31 * 31; i++) {
        ck_assert(lake[i] == LAKE_NONE || lake[i] == LAKE_WATER);
        if (lake[i] == LAKE_WATER) {
            count++;
            ck_assert(level[i] == lv);
            ck_assert(r.elev[i] <= lv);
        } else {
            ck_assert_msg(!(r.elev[i] < lv), "cell %zu at %g m is dry below the level %g", i,
                          (double)r.elev[i], (double)lv);
        }
    }
    ck_assert_uint_eq(count, 84);
    ck_assert(lake[15 * 31 + 15] == LAKE_WATER);

    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, 0.0,
                                         lake, level, &bs, &e),
                     OG_OK);
    ck_assert_uint_eq(bs.closed, 1);
    ck_assert_uint_eq(bs.sinks, 1);
    ck_assert_uint_eq(bs.lake_nodes, 0);
    ck_assert_double_eq_tol(bs.absorbed, 841.0, 1e-3);
    ck_assert(lake[15 * 31 + 15] == HYDRO_BALANCE_SINK);
    for (i = 0; i < 31 * 31; i++) {
        ck_assert(i == 15 * 31 + 15 || lake[i] == LAKE_NONE);
    }
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, 1.0,
                                         lake, level, &bs, &e),
                     OG_OK);
    ck_assert_uint_eq(bs.closed, 0);
    /* deeper than the 40 m the bowl holds: not a lake at all */
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 45.0, 0.1,
                                         lake, level, &bs, &e),
                     OG_OK);
    ck_assert_uint_eq(bs.closed, 0);
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, NAN,
                                         lake, level, &bs, &e),
                     OG_EINVAL);
    test_hydro_run_free(&r);
}
END_TEST

/* Two bowls in a 61 x 21 box: A (centre x 15, floor 100 m) spills over a
 * 150 m saddle at (30, 10) into B (centre x 45, floor 10 m), which spills at
 * 40 m through the wall at (60, 10). Each holds 29 x 19 = 551 cells. At
 * ratio 0.05 A keeps a closed lake of round(27.55) = 28 cells, so B is fed
 * by its own cells, the saddle and the 18 wall cells that drain into it:
 * 570, a lake of round(28.5) = 29, not the 56 it would be with A's water. */
static float
two_bowls(int x, int y)
{
    double dy = y - 10;
    if (x == 30) {
        return y == 10 ? 150.0f : 1000.0f;
    }
    if (x < 30) {
        return 100.0f + (float)sqrt((x - 15) * (x - 15) + dy * dy);
    }
    return 10.0f + (float)sqrt((x - 45) * (x - 45) + dy * dy);
}

START_TEST(balance_upstream_keeps_its_water)
{
    struct run r;
    struct hydro_balance_stats bs;
    struct og_error e;
    uint8_t lake[61 * 21];
    float level[61 * 21];
    size_t i, in_a = 0, in_b = 0;

    walled_grid(&r, 61, 21, 60, 10, 40.0f, two_bowls);
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, 0.05,
                                         lake, level, &bs, &e),
                     OG_OK);
    ck_assert_uint_eq(bs.closed, 2);
    for (i = 0; i < 61 * 21; i++) {
        if (lake[i] == LAKE_WATER) {
            in_a += i % 61 < 30;
            in_b += i % 61 > 30;
        }
    }
    ck_assert_uint_eq(in_a, 28);
    ck_assert_uint_eq(in_b, 29);
    ck_assert_double_eq_tol(bs.absorbed, 551.0 + 570.0, 1e-3);
    test_hydro_run_free(&r);
}
END_TEST

/* The ephemeral test: a lake shallower on average than the dry depth is a
 * playa, a deeper one stays. The bowl's closed lake of 84 cells averages
 * (level - elev) over its cells. */
START_TEST(balance_ephemeral)
{
    struct run r;
    struct hydro_balance_stats bs;
    struct og_error e;
    uint8_t lake[31 * 31];
    float level[31 * 31], surface[31 * 31];
    size_t i, np, nn;
    double mean = 0.0;

    walled_grid(&r, 31, 31, 0, 15, 50.0f, bowl);
    ck_assert_int_eq(hydro_balance_lakes(&r.g, r.elev, r.filled, r.downhill, r.flow, 3.0, 0.1,
                                         lake, level, &bs, &e),
                     OG_OK);
    for (i = 0; i < 31 * 31; i++) {
        surface[i] = lake[i] == LAKE_WATER ? level[i] : r.filled[i];
        mean += lake[i] == LAKE_WATER ? (double)(level[i] - r.elev[i]) / 84.0 : 0.0;
    }
    ck_assert_int_eq(hydro_balance_ephemeral(&r.g, r.elev, surface, mean * 0.99, lake, &np, &nn,
                                             &e),
                     OG_OK);
    ck_assert_uint_eq(np, 0);
    ck_assert_int_eq(hydro_balance_ephemeral(&r.g, r.elev, surface, mean * 1.01, lake, &np, &nn,
                                             &e),
                     OG_OK);
    ck_assert_uint_eq(np, 1);
    ck_assert_uint_eq(nn, 84);
    ck_assert(lake[15 * 31 + 15] == LAKE_PLAYA);
    test_hydro_run_free(&r);
}
END_TEST

static struct world *
nevada(const char *set, struct dem_raster *raster)
{
    struct params p;
    struct og_error e;
    ck_assert_msg(pngio_read_raster(test_data_path("dem/terrarium_8_45_99.png"), raster, &e) ==
                      OG_OK,
                  "%s", e.msg);
    params_defaults(&p);
    if (set != NULL) {
        ck_assert_msg(params_set_assignment(&p, set, &e) == OG_OK, "%s", e.msg);
    }
    return test_run_world(GEN_DEM, &p, raster);
}

/* Largest height step to a 4-neighbour, metres (border cells: 0). */
static double
step(const struct world *w, size_t i)
{
    size_t x = i % (size_t)w->width, y = i / (size_t)w->width, W = (size_t)w->width;
    double z = w->elevation[i], s = 0.0;
    if (x == 0 || y == 0 || x + 1 == W || y + 1 == (size_t)w->height) {
        return 0.0;
    }
    s = fmax(s, fabs(w->elevation[i - 1] - z));
    s = fmax(s, fabs(w->elevation[i + 1] - z));
    s = fmax(s, fabs(w->elevation[i - W] - z));
    s = fmax(s, fabs(w->elevation[i + W] - z));
    return s;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Southern Nevada (aridity 1) has no perennial lake of any size: its
 * basins' floors are playas, and the three best known are where the tile
 * has them: Frenchman Lake (141, 207), Groom Lake (166, 98) and Yucca Lake
 * (125, 178). Playas are flat (a median step to the next cell of a fifth of the
 * land's or less),
 * the basins keep their water (every sink inside the tile without a lake is
 * a closed basin's floor, and the sinks take all the rain), and the plain
 * fill's reference numbers still hold. With dem.aridity = 0 the same tile fills its pluvial lakes. */
START_TEST(nevada_playas)
{
    struct dem_raster raster;
    struct world *w = nevada(NULL, &raster);
    size_t i, n = w->ncells, playa = 0, lake = 0, sinks_in = 0, land = 0;
    double rain = world_stat_find(w, "hydro.total_rain")->a, drained = 0.0;
    double *playa_step = malloc(n * sizeof *playa_step), *land_step = malloc(n * sizeof *land_step);
    static const int known[3][2] = { { 141, 207 }, { 166, 98 }, { 125, 178 } };

    ck_assert_int_eq((int)world_stat_find(w, "hydro.raised")->a, 7993);
    ck_assert_double_eq_tol(world_stat_find(w, "hydro.max_raise")->a, 201.0, 0.02);
    ck_assert_int_gt((int)world_stat_find(w, "hydro.closed_basins")->a, 10);
    for (i = 0; i < n; i++) {
        size_t x = i % 256, y = i / 256;
        int inside = x > 0 && y > 0 && x < 255 && y < 255;
        if (w->downhill[i] < 0) {
            drained += w->flow[i];
            sinks_in += inside && w->lake[i] == LAKE_NONE;
        }
        lake += w->water[i] == WATER_LAKE;
        if (w->lake[i] == LAKE_PLAYA) {
            playa_step[playa++] = step(w, i);
            ck_assert_int_eq(w->biome[i], BIOME_PLAYA);
            ck_assert_int_eq(w->water[i], WATER_LAND);
        } else if (w->water[i] == WATER_LAND) {
            land_step[land++] = step(w, i);
        }
    }
    /* the sinks inside the tile without a lake: the closed basins whose
       lake would be under half a cell */
    ck_assert_uint_eq(sinks_in, (size_t)world_stat_find(w, "hydro.closed_sinks")->a);
    ck_assert_double_eq_tol(drained, rain, 1e-4 * rain);
    ck_assert_uint_gt(playa, 0);
    qsort(playa_step, playa, sizeof *playa_step, cmp_double);
    qsort(land_step, land, sizeof *land_step, cmp_double);
    ck_assert_msg(playa_step[playa / 2] <= 0.2 * land_step[land / 2],
                  "playas' median step %.2f m, land's %.2f m", playa_step[playa / 2],
                  land_step[land / 2]);
    free(playa_step);
    free(land_step);
    ck_assert_msg(lake * 500 < n, "%zu lake cells", lake);
    for (i = 0; i < 3; i++) {
        size_t c = (size_t)known[i][1] * 256 + (size_t)known[i][0];
        ck_assert_msg(w->lake[c] == LAKE_PLAYA, "(%d, %d) is not a playa", known[i][0],
                      known[i][1]);
    }
    /* the vector export has them as "playa" polygons */
    {
        struct og_error e;
        const char *path = "test_hydro_balance.geojson";
        size_t len, found = 0;
        char *text, *at;
        ck_assert_msg(export_geojson(w, NULL, NULL, 0, path, &e) == OG_OK, "%s", e.msg);
        text = (char *)test_slurp(path, &len);
        text[len] = 0; /* the spare byte */
        for (at = text; (at = strstr(at, "\"kind\":\"playa\"")) != NULL; at++) {
            found++;
        }
        ck_assert_uint_ge(found, 40);
        free(text);
        remove(path);
    }
    world_unref(w);
    dem_raster_fini(&raster);

    w = nevada("dem.aridity=0", &raster);
    ck_assert_int_eq((int)world_stat_find(w, "hydro.closed_basins")->a, 0);
    for (i = 0, lake = 0; i < n; i++) {
        lake += w->water[i] == WATER_LAKE;
        ck_assert(w->lake[i] != LAKE_PLAYA);
    }
    ck_assert_msg(lake * 50 > n, "%zu pluvial lake cells", lake);
    ck_assert(w->water[207 * 256 + 141] == WATER_LAKE);
    world_unref(w);
    dem_raster_fini(&raster);
}
END_TEST

void
hydro_balance_tests(Suite *s)
{
    TCase *tc = tcase_create("balance");
    tcase_add_test(tc, balance_numbers);
    tcase_add_test(tc, balance_bowl);
    tcase_add_test(tc, balance_upstream_keeps_its_water);
    tcase_add_test(tc, balance_ephemeral);
    tcase_add_test(tc, nevada_playas);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
}
