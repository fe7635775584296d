/* Sub-grid detail (render/detail.h): gullies and ridges added to every
 * exported height, never on water nor at or below the water level, the
 * same in a window as in the whole raster, and the same features at twice
 * the size. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "core/recipe/params.h"
#include "core/world.h"
#include "render/detail.h"
#include "render/iso.h"
#include "render/mapimg.h"
#include "render/sample.h"
#include "tests.h"

static struct world *
island_world(void)
{
    struct params p;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 2000, NULL), OG_OK);
    return test_run_world(GEN_ISLAND, &p, NULL);
}

static struct world *
hybrid_world(void)
{
    struct params p;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_DROPLETS, 1.0, NULL), OG_OK);
    return test_run_world(GEN_HYBRID, &p, NULL);
}

/* w's W x W raster with render.detail = amount into out (W * W). */
static void
raster(struct world *w, int W, double amount, float *out, int32_t *cell)
{
    struct sampler s;
    int y;
    ck_assert_int_eq(params_set(&w->params, P_RENDER_DETAIL, amount, NULL), OG_OK);
    ck_assert_int_eq(sample_init(&s, w, W, W, NULL), OG_OK);
    ck_assert(amount > 0.0 ? s.detail != NULL : s.detail == NULL);
    for (y = 0; y < W; y++) {
        sample_row(&s, y, 0, W, out + (size_t)y * W, cell != NULL ? cell + (size_t)y * W : NULL);
    }
    sample_free(&s);
}

/* Where the plain surface is at or below the sea, or on a lake cell at or
 * below its level, the detailed one is the same bits; above the sea it
 * stays above (no coast moves); and the detail changes the land. */
static void
check_water(struct world *w)
{
    const int W = 300;
    float *a = malloc(sizeof *a * W * W), *b = malloc(sizeof *b * W * W);
    int32_t *cell = malloc(sizeof *cell * W * W);
    size_t i, changed = 0, land = 0;
    int ocean = 0;

    ck_assert(a != NULL && b != NULL && cell != NULL);
    raster(w, W, 0.0, a, cell);
    raster(w, W, 1.0, b, NULL);
    for (i = 0; i < w->ncells; i++) {
        ocean |= w->water[i] == WATER_OCEAN;
    }
    for (i = 0; i < (size_t)W * W; i++) {
        int lake = w->kind == WORLD_GRID && cell[i] >= 0 && w->water[cell[i]] == WATER_LAKE &&
                   w->hydro_elev != NULL && a[i] <= w->hydro_elev[cell[i]];
        int sea = a[i] <= w->sea_level &&
                  (w->kind == WORLD_MESH || w->water[cell[i]] == WATER_OCEAN);
        if (sea || lake) {
            ck_assert_msg(a[i] == b[i], "sample %zu under water moved: %.9g -> %.9g", i,
                          (double)a[i], (double)b[i]);
        } else if (ocean && a[i] > w->sea_level) {
            ck_assert_msg(b[i] > w->sea_level, "sample %zu went under the sea: %.9g -> %.9g", i,
                          (double)a[i], (double)b[i]);
        }
        if (!sea && !lake) {
            land++;
            changed += a[i] != b[i];
        }
    }
    ck_assert_msg(changed > land / 10, "detail changed %zu of %zu land samples", changed, land);
    free(a);
    free(b);
    free(cell);
}

START_TEST(subgrid_none_on_water)
{
    struct world *w = island_world();
    check_water(w);
    world_unref(w);
    w = hybrid_world();
    check_water(w);
    world_unref(w);
}
END_TEST

/* A window sampled alone (a tile, its own sampler) equals the same window
 * of the whole raster, bit for bit. */
START_TEST(subgrid_window_equals_whole)
{
    struct world *w[2] = { island_world(), hybrid_world() };
    const int W = 240, x0 = 77, n = 90, y0 = 101;
    float *all = malloc(sizeof *all * W * W), row[90];
    int k, y, i;

    ck_assert(all != NULL);
    for (k = 0; k < 2; k++) {
        struct sampler s;
        raster(w[k], W, 0.8, all, NULL);
        ck_assert_int_eq(sample_init(&s, w[k], W, W, NULL), OG_OK);
        for (y = y0; y < y0 + n; y++) {
            sample_row(&s, y, x0, n, row, NULL);
            for (i = 0; i < n; i++) {
                ck_assert(row[i] == all[(size_t)y * W + x0 + i]);
            }
        }
        sample_free(&s);
        world_unref(w[k]);
    }
    free(all);
}
END_TEST

/* Twice the size shows the same gullies: the detail (detailed less plain)
 * of the 2W - 1 raster at every other sample (the same map points) is
 * close to the W raster's; the difference is the finer octave it adds and
 * the band limit's weights. */
START_TEST(subgrid_same_features_at_twice_the_size)
{
    struct world *w = hybrid_world();
    const int W = 257, W2 = 2 * W - 1;
    float *a = malloc(sizeof *a * W * W), *b = malloc(sizeof *b * W * W);
    float *a2 = malloc(sizeof *a2 * W2 * W2), *b2 = malloc(sizeof *b2 * W2 * W2);
    double e2 = 0.0, d2 = 0.0;
    int x, y;

    ck_assert(a != NULL && b != NULL && a2 != NULL && b2 != NULL);
    raster(w, W, 0.0, a, NULL);
    raster(w, W, 1.0, b, NULL);
    raster(w, W2, 0.0, a2, NULL);
    raster(w, W2, 1.0, b2, NULL);
    for (y = 0; y < W; y++) {
        for (x = 0; x < W; x++) {
            size_t i = (size_t)y * W + x, j = (size_t)(2 * y) * W2 + (size_t)(2 * x);
            double d = (double)b[i] - a[i], dd = (double)b2[j] - a2[j];
            e2 += (dd - d) * (dd - d);
            d2 += d * d;
        }
    }
    ck_assert(d2 > 0.0);
    ck_assert_msg(sqrt(e2 / d2) < 0.4, "detail at 2x differs by %.3f of its rms", sqrt(e2 / d2));
    free(a);
    free(b);
    free(a2);
    free(b2);
    world_unref(w);
}
END_TEST

static int
is_water(uint8_t c)
{
    return c == MC_DEEP || c == MC_WATER || c == MC_LAKE;
}

/* A map with detail shades the gullies but moves no coast or lake shore:
 * every pixel keeps its water class, and the land's shading changes. */
START_TEST(subgrid_map_coasts_stay)
{
    struct world *w = hybrid_world();
    struct map_view all = { 0.0, 0.0, 1.0, 1.0 };
    const int S = 512;
    uint32_t *a = malloc(sizeof *a * S * S), *b = malloc(sizeof *b * S * S);
    uint8_t *ca = malloc(S * S), *cb = malloc(S * S);
    size_t i, wet = 0, changed = 0;
    struct og_error e;

    ck_assert(a != NULL && b != NULL && ca != NULL && cb != NULL);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, a, ca, &e), OG_OK);
    ck_assert_int_eq(params_set(&w->params, P_RENDER_DETAIL, 1.0, NULL), OG_OK);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &all, S, S, b, cb, &e), OG_OK);
    for (i = 0; i < (size_t)S * S; i++) {
        ck_assert_int_eq(is_water(ca[i]), is_water(cb[i]));
        wet += is_water(ca[i]);
        changed += !is_water(ca[i]) && a[i] != b[i];
    }
    ck_assert_msg(wet > 0 && changed > (size_t)S * S / 20, "%zu water, %zu shaded", wet, changed);
    free(a);
    free(b);
    free(ca);
    free(cb);
    world_unref(w);
}
END_TEST

/* The iso render's tessellation of a grid world carries the detail on its
 * land vertices (band-limited at the vertices) and leaves the rest. */
START_TEST(subgrid_iso_vertices)
{
    struct world *w = hybrid_world();
    struct iso_field f;
    float *a, *b;
    size_t nx, ny, i, changed = 0;
    struct og_error e;

    ck_assert_int_eq(iso_field_from_world(&f, w, 0, &e), OG_OK);
    ck_assert_ptr_null(f.detail);
    ck_assert_int_eq(iso_tessellate(&f, 4, 0.0, &a, &nx, &ny, &e), OG_OK);
    iso_field_fini(&f);
    ck_assert_int_eq(params_set(&w->params, P_RENDER_DETAIL, 1.0, NULL), OG_OK);
    ck_assert_int_eq(iso_field_from_world(&f, w, 0, &e), OG_OK);
    ck_assert_ptr_nonnull(f.detail);
    ck_assert_int_eq(iso_tessellate(&f, 4, 0.0, &b, &nx, &ny, &e), OG_OK);
    for (i = 0; i < nx * ny; i++) {
        if (!(a[i] > 0.0f)) {
            ck_assert(a[i] == b[i]);
        }
        changed += a[i] != b[i];
    }
    ck_assert_msg(changed > nx * ny / 20, "%zu of %zu vertices changed", changed, nx * ny);
    iso_field_fini(&f);
    free(a);
    free(b);
    world_unref(w);
}
END_TEST

void
subgrid_tests(Suite *s)
{
    TCase *tc = tcase_create("subgrid");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, subgrid_none_on_water);
    tcase_add_test(tc, subgrid_window_equals_whole);
    tcase_add_test(tc, subgrid_same_features_at_twice_the_size);
    tcase_add_test(tc, subgrid_map_coasts_stay);
    tcase_add_test(tc, subgrid_iso_vertices);
    suite_add_tcase(s, tc);
}
