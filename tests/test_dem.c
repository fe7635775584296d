/* DEM decoding: reference values from ../shared/data/README.md. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "render/pngio.h"
#include "tests.h"

static float *
decode(const char *path, struct dem_raster *r, enum dem_encoding enc)
{
    struct og_error e;
    float *h;
    ck_assert_msg(pngio_read_raster(path, r, &e) == OG_OK, "%s", e.msg);
    h = malloc((size_t)r->width * r->height * sizeof *h);
    ck_assert_ptr_nonnull(h);
    ck_assert_msg(dem_decode(r, enc, 1.0, h, &e) == OG_OK, "%s", e.msg);
    return h;
}

START_TEST(fuji_terrain_rgb)
{
    struct dem_raster r;
    enum dem_encoding enc;
    struct og_error e;
    float *h = decode(test_shared_data_path("dem/fuji.png"), &r, DEM_AUTO);
    size_t i, imax = 0, imin = 0, n = (size_t)r.width * r.height;
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_AUTO, &enc, &e), OG_OK);
    ck_assert_int_eq(enc, DEM_TERRAIN_RGB);
    for (i = 0; i < n; i++) {
        imax = h[i] > h[imax] ? i : imax;
        imin = h[i] < h[imin] ? i : imin;
    }
    ck_assert_int_eq(r.width, 512);
    ck_assert_double_eq_tol(h[0], 497.8, 1e-3);
    ck_assert_double_eq_tol(h[imax], 3751.0, 1e-3);
    ck_assert_int_eq((int)(imax % 512), 308);
    ck_assert_int_eq((int)(imax / 512), 178);
    ck_assert_double_eq_tol(h[imin], 13.7, 1e-3);
    ck_assert_int_eq((int)(imin % 512), 153);
    ck_assert_int_eq((int)(imin / 512), 511);
    free(h);
    dem_raster_fini(&r);
}
END_TEST

/* Flood fill of the sea mask from one sea pixel (4-connectivity). */
static size_t
region_size(const uint8_t *mask, int w, int hgt, size_t seed)
{
    size_t n = (size_t)w * hgt, count = 0, top = 0;
    size_t *stack = malloc(n * sizeof *stack);
    uint8_t *seen = calloc(n, 1);
    stack[top++] = seed;
    seen[seed] = 1;
    while (top > 0) {
        size_t c = stack[--top];
        int x = (int)(c % w), y = (int)(c / w), k;
        static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
        count++;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            size_t o;
            if (nx < 0 || ny < 0 || nx >= w || ny >= hgt) {
                continue;
            }
            o = (size_t)ny * w + nx;
            if (mask[o] && !seen[o]) {
                seen[o] = 1;
                stack[top++] = o;
            }
        }
    }
    free(stack);
    free(seen);
    return count;
}

START_TEST(vancouver_terrarium_sea)
{
    struct dem_raster r;
    float *h = decode(test_data_path("dem/terrarium_12_646_1400.png"), &r, DEM_AUTO);
    size_t i, n = (size_t)r.width * r.height, sea = 0, first = n;
    uint8_t *mask = calloc(n, 1);
    for (i = 0; i < n; i++) {
        if (h[i] <= 0.0f) {
            mask[i] = 1;
            sea++;
            first = first == n ? i : first;
        }
    }
    ck_assert_uint_eq(sea, 7608);
    ck_assert_uint_eq(region_size(mask, r.width, r.height, first), 7608);
    ck_assert_double_eq_tol(h[4], 1062.21484375, 1e-6);   /* (4,0) maximum */
    ck_assert(h[(size_t)255 * 256] == 0.0f);              /* bottom-left corner */
    free(mask);
    free(h);
    dem_raster_fini(&r);
}
END_TEST

START_TEST(encoding_errors)
{
    struct dem_raster r;
    struct og_error e;
    enum dem_encoding enc;
    float *h = decode(test_shared_data_path("dem/fuji.png"), &r, DEM_AUTO);
    /* Fuji's red channel is < 16: terrain-rgb; forcing terrarium is allowed. */
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_TERRARIUM, &enc, &e), OG_OK);
    free(h);
    /* A grey raster cannot be terrain-rgb. */
    r.channels = 1;
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_TERRAIN_RGB, &enc, &e), OG_EINVAL);
    ck_assert(strstr(e.msg, "needs an RGB image") != NULL);
    r.channels = 4;
    dem_raster_fini(&r);
}
END_TEST

START_TEST(dem_generator_world)
{
    struct dem_raster r;
    struct og_error e;
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    ck_assert(pngio_read_raster(test_data_path("dem/terrarium_12_646_1400.png"), &r, &e) == OG_OK);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = &r;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    ck_assert_int_eq(w->width, 256);
    size_t i, sea = 0;
    for (i = 0; i < w->ncells; i++) {
        sea += w->water[i] == WATER_OCEAN;
    }
    ck_assert_uint_eq(sea, 7608);
    ck_assert_double_eq_tol(w->elev_max, 1062.21484375, 1e-4);
    world_unref(w);
    /* Without a raster the dem source explains itself. */
    ctx.dem = NULL;
    ck_assert_int_eq(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e), OG_EINVAL);
    ck_assert_str_eq(e.msg, "decode: no elevation model loaded (use --dem FILE)");
    ck_assert_ptr_null(w);
    dem_raster_fini(&r);
}
END_TEST

Suite *
dem_suite(void)
{
    Suite *s = suite_create("dem");
    TCase *c = tcase_create("golden");
    tcase_add_test(c, fuji_terrain_rgb);
    tcase_add_test(c, vancouver_terrarium_sea);
    tcase_add_test(c, encoding_errors);
    tcase_add_test(c, dem_generator_world);
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    return s;
}
