/* Hydrology on real DEMs: priority-flood reference numbers (cells raised,
 * largest raise and where, ../shared/data/README.md) for Fuji (8- and
 * 4-connected), Nevada and the Front Range, and Fuji's crater lake. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/hydro/hydro.h"
#include "io/png/pngio.h"
#include "tests.h"
#include "test_hydro.h"

/* --- real DEMs ---------------------------------------------------------------- */

static void
load_dem(struct run *r, const char *path, int connectivity)
{
    struct dem_raster raster;
    struct og_error e;
    size_t n;

    memset(&raster, 0, sizeof raster);
    ck_assert_msg(pngio_read_raster(path, &raster, &e) == OG_OK, "%s", e.msg);
    ck_assert_int_eq(hydro_graph_grid(&r->g, raster.width, raster.height, connectivity, &e),
                     OG_OK);
    n = r->g.n;
    test_hydro_run_alloc(r, n);
    ck_assert_msg(dem_decode(&raster, DEM_AUTO, 1.0, r->elev, &e) == OG_OK, "%s", e.msg);
    dem_raster_fini(&raster);
    /* The reference convention: border cells (and sea, h <= 0: none in these
     * three files) are outlets at their own height. */
    hydro_grid_outlets(r->g.width, r->g.height, r->elev, 0.0f, r->outlet);
}

/* Raised count exact, max raise and its position, sum to the README's
 * precision; with `full`, both flood methods give the same bytes and the
 * routing drains and conserves (kept off where it repeats a check, to stay
 * fast under the sanitizers). */
static void
check_reference(const char *path, int connectivity, size_t raised, double max_raise, int mx,
                int my, double sum, double sum_tol, int full)
{
    struct run r;
    struct hydro_fill_stats fs;
    float *other;
    struct og_error e;

    load_dem(&r, path, connectivity);
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    hydro_fill_stats(r.g.n, r.elev, r.filled, &fs);
    ck_assert_uint_eq(fs.raised, raised);
    ck_assert_double_eq_tol(fs.max_raise, max_raise, 0.02);
    if (mx >= 0) {
        ck_assert_int_eq((int)(fs.max_at % (size_t)r.g.width), mx);
        ck_assert_int_eq((int)(fs.max_at / (size_t)r.g.width), my);
    }
    ck_assert_double_eq_tol(fs.sum_raise, sum, sum_tol);
    if (!full) {
        test_hydro_run_free(&r);
        return;
    }

    other = malloc(r.g.n * sizeof *other);
    ck_assert_ptr_nonnull(other);
    ck_assert_int_eq(hydro_priority_flood(&r.g, r.elev, r.outlet, HYDRO_FLOOD_HEAP, other, NULL,
                                          NULL, &e), OG_OK);
    ck_assert(memcmp(other, r.filled, r.g.n * sizeof *other) == 0);
    free(other);

    test_hydro_check_chains(&r);
    test_hydro_check_conservation(&r, NULL);
    test_hydro_run_free(&r);
}

START_TEST(fuji_reference)
{
    check_reference(test_shared_data_path("dem/fuji.png"), 8, 4149, 158.4, 313, 174, 15535.1,
                    0.5, 1);
}
END_TEST

START_TEST(fuji_reference_4)
{
    check_reference(test_shared_data_path("dem/fuji.png"), 4, 6958, 166.8, 313, 174, 22072.3,
                    0.5, 0);
}
END_TEST

START_TEST(nevada_reference)
{
    check_reference(test_data_path("dem/terrarium_8_45_99.png"), 8, 7993, 201.0, 141, 207,
                    414128.0, 0.5, 1);
}
END_TEST

START_TEST(front_range_reference)
{
    check_reference(test_data_path("srtmgl3_front_range_144.png"), 8, 194, 9.0, -1, -1, 518.0,
                    1e-3, 1);
    check_reference(test_data_path("srtmgl3_front_range_144.png"), 4, 427, 16.0, -1, -1, 1385.0,
                    1e-3, 1);
}
END_TEST

/* Fuji's summit crater is one lake with its surface at the spill height;
 * the largest flow leaves the map at the border. */
START_TEST(fuji_crater_lake)
{
    struct run r;
    struct og_error e;
    uint8_t *lake;
    size_t nlakes, nodes, crater = 174 * 512 + 313, i, imax = 0;

    load_dem(&r, test_shared_data_path("dem/fuji.png"), 8);
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    lake = calloc(r.g.n, 1);
    ck_assert_int_eq(hydro_lakes(&r.g, r.elev, r.filled, 2.0, lake, &nlakes, &nodes, &e), OG_OK);
    ck_assert(lake[crater]);
    ck_assert_uint_gt(nlakes, 0);
    ck_assert_uint_gt(nodes, 20);
    /* The crater's surface is 158.4 m above its floor: floor + raise. */
    ck_assert_double_eq_tol(r.filled[crater] - r.elev[crater], 158.4, 0.02);
    for (i = 0; i < r.g.n; i++) {
        imax = r.flow[i] > r.flow[imax] ? i : imax;
    }
    ck_assert(r.outlet[imax]);
    free(lake);
    test_hydro_run_free(&r);
}
END_TEST

void
hydro_dem_tests(Suite *s)
{
    TCase *tc = tcase_create("dem");

    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, fuji_reference);
    tcase_add_test(tc, fuji_reference_4);
    tcase_add_test(tc, nevada_reference);
    tcase_add_test(tc, front_range_reference);
    tcase_add_test(tc, fuji_crater_lake);
    suite_add_tcase(s, tc);
}
