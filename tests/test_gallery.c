/* Tests of the gallery's thumbnails, figures and bitmap font
 * (render/gallery.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/stats.h"
#include "render/gallery.h"
#include "render/mapimg.h"
#include "tests.h"

START_TEST(test_font)
{
    uint32_t px[12 * 9];
    int x, y, lit = 0;

    memset(px, 0, sizeof px);
    gallery_text(px, 12, 9, 0, 0, "1L", 0xffffff);
    /* '1': the foot is a row of three (x 1..3), the stem at x 2 */
    for (x = 0; x < 5; x++) {
        ck_assert_uint_eq(px[6 * 12 + x], (x >= 1 && x <= 3) ? 0xffffffu : 0u);
    }
    for (y = 1; y < 6; y++) {
        ck_assert_uint_eq(px[y * 12 + 2], 0xffffffu);
    }
    /* 'L' one glyph cell to the right: its stem at x 6, its foot 6..10 */
    for (y = 0; y < 7; y++) {
        ck_assert_uint_eq(px[y * 12 + 6], 0xffffffu);
    }
    for (x = 6; x < 11; x++) {
        ck_assert_uint_eq(px[6 * 12 + x], 0xffffffu);
    }
    for (y = 0; y < 12 * 9; y++) {
        lit += px[y] != 0;
    }
    ck_assert_int_eq(lit, 10 + 11);   /* '1' has 10 pixels lit, 'L' 11 */
    /* clipped at the edges, lower case drawn as upper case */
    gallery_text(px, 12, 9, -3, 2, "l", 0x123456);
    ck_assert_uint_eq(px[8 * 12 + 0], 0x123456u);
}
END_TEST

START_TEST(test_thumb_figures)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    struct gallery_figures f;
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t *t = malloc(64 * 48 * sizeof *t), *m = malloc(48 * 48 * sizeof *m);
    uint8_t *cls = malloc(48 * 48);
    const struct world_stat *rivers;
    struct world_summary sum;
    char lines[3][48];
    int x, y;

    params_defaults(&p);
    p.seed = 7;
    ck_assert(params_set(&p, P_ISLAND_CELLS, 2000, &e) == OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    ck_assert(t != NULL && m != NULL && cls != NULL);
    ck_assert_int_eq(gallery_thumb(w, 64, 48, 0x010203, t, NULL, &f, &e), OG_OK);
    /* a square map in a 64x48 tile: 48x48 centred, background at the sides,
     * the pixels those of the map renderer */
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &view, 48, 48, m, cls, &e), OG_OK);
    for (y = 0; y < 48; y++) {
        ck_assert_uint_eq(t[y * 64 + 0], 0x010203u);
        ck_assert_uint_eq(t[y * 64 + 63], 0x010203u);
        for (x = 0; x < 48; x++) {
            ck_assert_uint_eq(t[y * 64 + 8 + x], m[y * 48 + x]);
        }
    }
    /* the figures are the world's own */
    stats_summarize(w, &sum);
    rivers = world_stat_find(w, "hydro.rivers");
    ck_assert(rivers != NULL);
    ck_assert_double_eq(f.land, sum.land_fraction);
    ck_assert_int_eq(f.rivers, (long)rivers->a);
    ck_assert_int_ge(f.landmasses, 1);
    ck_assert(f.mountain >= 0.0 && f.mountain <= 1.0);
    gallery_label(7, &f, lines);
    ck_assert_str_eq(lines[0], "seed 7");
    ck_assert(strncmp(lines[1], "land ", 5) == 0 && strstr(lines[1], "rivers ") != NULL);
    ck_assert(strncmp(lines[2], "masses ", 7) == 0);
    world_unref(w);
    free(t);
    free(m);
    free(cls);
}
END_TEST

Suite *
gallery_suite(void)
{
    Suite *s = suite_create("gallery");
    TCase *tc = tcase_create("method");

    tcase_add_test(tc, test_font);
    tcase_add_test(tc, test_thumb_figures);
    suite_add_tcase(s, tc);
    return s;
}
