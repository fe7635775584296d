/* Issue 24's measures on maps larger than the world's grid
 * (tests/detail_measure.h; render/mapimg_grid.c, mapimg_mesh.c): no colour change sits on
 * a cell border, land is not painted by numbers, and the continuous map
 * is the same for every banding and thread count. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "core/base/parallel.h"
#include "detail_measure.h"
#include "io/png/pngio.h"
#include "render/globe.h"
#include "render/mapimg.h"
#include "render/raster.h"
#include "tests.h"

enum { SIDE = 2048 };

static void
measure(struct world *w, double max_phase, double max_flat)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error e;
    uint32_t *rgb = malloc(sizeof *rgb * SIDE * SIDE);
    uint8_t *cls = malloc(SIDE * SIDE);
    double phase, flat;

    ck_assert_ptr_nonnull(rgb);
    ck_assert_ptr_nonnull(cls);
    ck_assert_msg(mapimg_render(w, LAYER_COLOR, &view, SIDE, SIDE, rgb, cls, &e) == OG_OK, "%s",
                  e.msg);
    phase = detail_cell_phase(rgb, SIDE, SIDE, SIDE / w->width);
    flat = detail_flat_share(rgb, cls, SIDE, SIDE);
    ck_assert_msg(phase > 0.0 && phase <= max_phase, "cell phase ratio %.3f", phase);
    ck_assert_msg(flat <= max_flat, "flat land share %.4f", flat);
    free(rgb);
    free(cls);
}

/* The default hybrid world (256^2) at 2048^2: 8 px a cell. Before: phase
 * 31, flat share 0.80. */
START_TEST(hybrid_no_cells)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert_int_eq(w->width, 256);
    measure(w, 1.3, 0.25);
    world_unref(w);
}
END_TEST

/* The Vancouver tile (256^2) at 2048^2. Before: phase 1.20 (dem maps were
 * already blended), flat share 0.33. */
START_TEST(dem_no_cells)
{
    struct dem_raster r;
    struct og_error e;
    struct params p;
    struct world *w;
    ck_assert_msg(pngio_read_raster(test_data_path("dem/terrarium_12_646_1400.png"), &r, &e) ==
                  OG_OK, "%s", e.msg);
    params_defaults(&p);
    w = test_run_world(GEN_DEM, &p, &r);
    measure(w, 1.3, 0.25);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

/* The default island (16000 cells) at 2048^2, on the blended tangent
 * planes of its sites (render/mapimg_mesh.c): its coast is no staircase
 * and no polygon of triangle chords (axis ratio of the coast's 15-degree
 * direction bins at most 1.6; before: 1.04, a polygon of chords in every
 * direction, which this measure does not see; now 1.25),
 * and relief shading leaves few flat pixels (before: 0.22 without shade). */
START_TEST(island_no_facets)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error e;
    struct params p;
    struct world *w;
    uint32_t *rgb = malloc(sizeof *rgb * SIDE * SIDE);
    uint8_t *cls = malloc(SIDE * SIDE);
    double flat, axis;

    params_defaults(&p);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    ck_assert_msg(mapimg_render(w, LAYER_COLOR, &view, SIDE, SIDE, rgb, cls, &e) == OG_OK, "%s",
                  e.msg);
    flat = detail_flat_share(rgb, cls, SIDE, SIDE);
    axis = detail_coast_axis_ratio(cls, SIDE, SIDE, 2.0, NULL);
    ck_assert_msg(flat <= 0.25, "flat land share %.4f", flat);
    ck_assert_msg(axis > 0.0 && axis <= 1.6, "coast axis ratio %.3f", axis);
    world_unref(w);
    free(rgb);
    free(cls);
}
END_TEST

/* The continuous grid map: the same pixels for 1 and 3 threads, and a
 * window rendered alone equals the same window of the whole map. */
START_TEST(grid_map_deterministic)
{
    enum { S = 512 };
    struct map_view all = { 0.0, 0.0, 1.0, 1.0 }, part = { 0.25, 0.5, 0.5, 0.75 };
    struct og_error e;
    struct params p;
    struct world *w;
    uint32_t *a = malloc(sizeof *a * S * S), *b = malloc(sizeof *b * S * S);
    uint32_t *c = malloc(sizeof *c * (S / 4) * (S / 4));
    int y;

    params_defaults(&p);
    test_hybrid_small_params(&p, 64, 64, 0.3, 4000);
    w = test_hybrid_generate(&p, NULL, NULL);
    og_threads_set_default(1);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, a, NULL, &e), OG_OK);
    og_threads_set_default(3);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, b, NULL, &e), OG_OK);
    og_threads_set_default(0);
    ck_assert_int_eq(memcmp(a, b, sizeof *a * S * S), 0);
    ck_assert_int_eq(mapimg_render(w, LAYER_ELEVATION, &part, S / 4, S / 4, c, NULL, &e), OG_OK);
    ck_assert_int_eq(mapimg_render(w, LAYER_ELEVATION, &all, S, S, a, NULL, &e), OG_OK);
    for (y = 0; y < S / 4; y++) {
        ck_assert_int_eq(memcmp(c + (size_t)y * (S / 4), a + (size_t)(S / 2 + y) * S + S / 4,
                                sizeof *c * (S / 4)), 0);
    }
    world_unref(w);
    /* the island's surface (a cell is about 16 pixels here) */
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 1000, &e), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    og_threads_set_default(1);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, a, NULL, &e), OG_OK);
    og_threads_set_default(3);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, b, NULL, &e), OG_OK);
    og_threads_set_default(0);
    ck_assert_int_eq(memcmp(a, b, sizeof *a * S * S), 0);
    world_unref(w);
    free(a);
    free(b);
    free(c);
}
END_TEST

/* The globe drawn from the planet's surface: the same bytes for 1 and 3
 * threads. */
static void
globe_same_for_threads(const struct world *w)
{
    struct raster *r1 = NULL, *r3 = NULL;
    struct og_error e;
    og_threads_set_default(1);
    ck_assert_msg(globe_render_raster(w, 10.0, 20.0, 300, &r1, &e) == OG_OK, "%s", e.msg);
    og_threads_set_default(3);
    ck_assert_msg(globe_render_raster(w, 10.0, 20.0, 300, &r3, &e) == OG_OK, "%s", e.msg);
    og_threads_set_default(0);
    ck_assert_int_eq(memcmp(r1->rgba, r3->rgba, 4 * 300 * 300), 0);
    raster_free(r1);
    raster_free(r3);
}

/* The planet (10k points, seed 3) on a 2048 x 1024 equirectangular map
 * drawn from its continuous fields (render/sphere_surface.c): before, flat
 * Voronoi polygons (flat land share 0.79, issue's 94 % counted on the
 * shaded map before this); the coast axis ratio over latitudes -60..60
 * (nearer the poles the projection stretches every coast, the ice edges
 * included, into a horizontal line, a property of the projection and not
 * a staircase). The same pixels for 1 and 3 threads, map and globe. */
START_TEST(planet_no_polygons)
{
    enum { PW = 2048, PH = 1024, PB = PH / 6 };
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error e;
    struct params p;
    struct world *w;
    uint32_t *rgb = malloc(sizeof *rgb * PW * PH), *b = malloc(sizeof *b * PW * PH);
    uint8_t *cls = malloc(PW * PH);
    double flat, axis;

    params_defaults(&p);
    p.seed = 3;
    w = test_run_world(GEN_PLANET, &p, NULL);
    ck_assert_msg(mapimg_render(w, LAYER_COLOR, &view, PW, PH, rgb, cls, &e) == OG_OK, "%s",
                  e.msg);
    flat = detail_flat_share(rgb, cls, PW, PH);
    axis = detail_coast_axis_ratio(cls + (size_t)PB * PW, PW, PH - 2 * PB, 2.0, NULL);
    ck_assert_msg(flat <= 0.25, "flat land share %.4f", flat);
    ck_assert_msg(axis > 0.0 && axis <= 1.6, "coast axis ratio %.3f", axis);
    og_threads_set_default(1);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &view, PW / 4, PH / 4, rgb, NULL, &e), OG_OK);
    og_threads_set_default(3);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &view, PW / 4, PH / 4, b, NULL, &e), OG_OK);
    og_threads_set_default(0);
    ck_assert_int_eq(memcmp(rgb, b, sizeof *b * (PW / 4) * (PH / 4)), 0);
    globe_same_for_threads(w);
    world_unref(w);
    free(rgb);
    free(b);
    free(cls);
}
END_TEST

Suite *
detail_suite(void)
{
    Suite *s = suite_create("detail");
    TCase *tc = tcase_create("maps");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, hybrid_no_cells);
    tcase_add_test(tc, dem_no_cells);
    tcase_add_test(tc, island_no_facets);
    tcase_add_test(tc, grid_map_deterministic);
    tcase_add_test(tc, planet_no_polygons);
    suite_add_tcase(s, tc);
    return s;
}
