/* Voids and flat water of elevation models (core/dem/dem_void.h,
 * core/dem/dem_flatwater.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem_flatwater.h"
#include "core/dem/dem_void.h"
#include "tests.h"

/* A plane with a square void and a void touching the border: filled cells
 * lie within the heights of their rims, data cells are unchanged, and a
 * plane's void is filled close to the plane. */
START_TEST(void_fill_plane)
{
    enum { W = 40, H = 30 };
    static float h[W * H], ref[W * H];
    static uint8_t m[W * H];
    struct og_error e;
    int x, y;
    double worst = 0.0;
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t k = (size_t)y * W + (size_t)x;
            ref[k] = (float)(100.0 + 2.0 * x + 3.0 * y);
            m[k] = (x >= 10 && x < 18 && y >= 8 && y < 15) || (x < 3 && y > 20);
            h[k] = m[k] ? -32768.0f : ref[k];
        }
    }
    ck_assert_int_eq(dem_void_fill(h, m, W, H, &e), OG_OK);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t k = (size_t)y * W + (size_t)x;
            if (!m[k]) {
                ck_assert(h[k] == ref[k]);
                continue;
            }
            /* between the lowest and highest heights of the map */
            ck_assert_msg(h[k] >= 100.0f && h[k] <= 100.0f + 2 * (W - 1) + 3 * (H - 1),
                          "(%d,%d) = %g", x, y, (double)h[k]);
            worst = fmax(worst, fabs(h[k] - ref[k]));
        }
    }
    /* the square spans 14 + 18 m of the plane; a blend of its rim stays
     * within a third of that */
    ck_assert_msg(worst < 11.0, "worst %g m off the plane", worst);
}
END_TEST

START_TEST(void_fill_all_void)
{
    float h[4] = { 0 };
    uint8_t m[4] = { 1, 1, 1, 1 };
    struct og_error e;
    ck_assert_int_eq(dem_void_fill(h, m, 2, 2, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "no data"));
}
END_TEST

/* 16-bit 65535 and alpha 0 are voids; an orogen heightmap's 65535 is not. */
START_TEST(void_mask_rules)
{
    uint16_t s[4] = { 1000, 65535, 2000, 65535 };
    uint16_t ga[8] = { 10, 255, 20, 0, 30, 255, 40, 255 };
    uint8_t nd[4] = { 0, 0, 1, 0 }, m[4];
    struct dem_raster r;
    memset(&r, 0, sizeof r);
    r.width = 2;
    r.height = 2;
    r.channels = 1;
    r.bit_depth = 16;
    r.samples = s;
    ck_assert_uint_eq(dem_void_mask(&r, DEM_GRAY, m), 2);
    ck_assert(m[1] == 1 && m[3] == 1 && m[0] == 0);
    r.nodata = nd;
    ck_assert_uint_eq(dem_void_mask(&r, DEM_GRAY, m), 3);
    r.height_scaled = 1;
    ck_assert_uint_eq(dem_void_mask(&r, DEM_GRAY, m), 1);
    r.nodata = NULL;
    r.height_scaled = 0;
    r.channels = 2;
    r.bit_depth = 8;
    r.samples = ga;
    ck_assert_uint_eq(dem_void_mask(&r, DEM_GRAY, m), 1);
    ck_assert(m[1] == 1);
}
END_TEST

/* A valley sloping east (1 m per cell) holds an SRTM-style lake: a 6 x 6
 * flat at 50 m with a one-cell outflow; beside it, integer heights on a
 * gentle north-south slope form contour bands, and a flat pit floor sits
 * inside higher ground. Only the lake is water. */
START_TEST(flat_water_lake_not_bands)
{
    enum { W = 40, H = 30 };
    static float h[W * H];
    static uint8_t out[W * H];
    struct dem_flatwater_stats fs;
    struct og_error e;
    int x, y;
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            h[y * W + x] = (float)(200 + floor((double)y / 4.0));  /* bands 4 rows wide */
        }
    }
    for (y = 2; y < 12; y++) {  /* a basin around the lake, rising from it */
        for (x = 2; x < 14; x++) {
            h[y * W + x] = 60.0f + (float)(abs(x - 7) + abs(y - 6));
        }
    }
    for (y = 4; y < 10; y++) {
        for (x = 5; x < 11; x++) {
            h[y * W + x] = 50.0f;
        }
    }
    h[6 * W + 11] = 45.0f;  /* the outflow */
    for (y = 20; y < 26; y++) {  /* a pit: flat floor at 100 in a 150 m rim */
        for (x = 20; x < 30; x++) {
            h[y * W + x] = (y == 20 || y == 25 || x == 20 || x == 29) ? 150.0f : 100.0f;
        }
    }
    ck_assert_int_eq(dem_flatwater_find(h, NULL, W, H, 0.0f, 9, out, &fs, &e), OG_OK);
    ck_assert_uint_eq(fs.bodies, 1);
    ck_assert_uint_eq(fs.cells, 36);
    ck_assert_int_eq(out[6 * W + 7], 1);
    ck_assert_int_eq(out[22 * W + 22], 0);  /* the pit is the hydrology's */
    ck_assert_int_eq(out[16 * W + 35], 0);  /* a contour band */
    /* min_cells 0 finds nothing; a lake larger than min_cells is missed */
    ck_assert_int_eq(dem_flatwater_find(h, NULL, W, H, 0.0f, 0, out, &fs, &e), OG_OK);
    ck_assert_uint_eq(fs.bodies, 0);
    ck_assert_int_eq(dem_flatwater_find(h, NULL, W, H, 0.0f, 37, out, &fs, &e), OG_OK);
    ck_assert_uint_eq(fs.bodies, 0);
}
END_TEST

/* A plain flat everywhere drains off the map: one lake, no rivers to
 * comb it; at sea level it is sea, not a lake. */
START_TEST(flat_water_plain)
{
    enum { W = 16, H = 12 };
    static float h[W * H];
    static uint8_t out[W * H], voids[W * H];
    struct dem_flatwater_stats fs;
    struct og_error e;
    size_t i;
    for (i = 0; i < W * H; i++) {
        h[i] = 12.0f;
    }
    voids[5] = 1;
    ck_assert_int_eq(dem_flatwater_find(h, voids, W, H, 0.0f, 9, out, &fs, &e), OG_OK);
    ck_assert_uint_eq(fs.bodies, 1);
    ck_assert_uint_eq(fs.cells, W * H - 1);
    ck_assert_int_eq(out[5], 0);
    ck_assert_int_eq(dem_flatwater_find(h, voids, W, H, 12.0f, 9, out, &fs, &e), OG_OK);
    ck_assert_uint_eq(fs.bodies, 0);
}
END_TEST

void
dem_void_tests(Suite *s)
{
    TCase *c = tcase_create("voids_flats");
    tcase_add_test(c, void_fill_plane);
    tcase_add_test(c, void_fill_all_void);
    tcase_add_test(c, void_mask_rules);
    tcase_add_test(c, flat_water_lake_not_bands);
    tcase_add_test(c, flat_water_plain);
    suite_add_tcase(s, c);
}
