/* hybrid: the Donjourno grid generator (core/hybrid/gen_hybrid.h) with its value
 * noise (core/base/value_noise.h) and selection (core/base/select.h). */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hydro/flow_mfd.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/hydro/hydro.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "core/base/select.h"
#include "core/base/value_noise.h"
#include "core/world.h"
#include "render/iso.h"
#include "render/iso_internal.h"
#include "render/mapimg.h"
#include "render/raster.h"

/* ---- value noise --------------------------------------------------------- */

START_TEST(test_value_noise)
{
    int i, j, differ = 0;
    double lo = 1.0, hi = 0.0;
    for (i = -4; i < 4; i++) {
        for (j = -4; j < 4; j++) {
            ck_assert(value_noise2(99, i, j) == value_noise_lattice(99, i, j));
            differ += value_noise_lattice(99, i, j) != value_noise_lattice(100, i, j);
        }
    }
    ck_assert_int_eq(differ, 64);
    for (i = 0; i < 4000; i++) {
        double v = value_noise_fbm2(7, 6, i * 0.173, i * 0.071);
        ck_assert(v >= 0.0 && v <= 1.0);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    ck_assert(hi - lo > 0.4); /* it does vary */
    /* The row evaluator is the pointwise fBm bit for bit. */
    {
        double row[300];
        int k;
        value_noise_fbm2_row(11, 6, 0.037, 17 * 0.037, 300, row);
        for (k = 0; k < 300; k++) {
            ck_assert(row[k] == value_noise_fbm2(11, 6, k * 0.037, 17 * 0.037));
        }
    }
    /* Continuity: a tiny step changes the value a tiny bit. */
    ck_assert(fabs(value_noise2(3, 10.5, 3.25) - value_noise2(3, 10.5 + 1e-7, 3.25)) < 1e-5);
}
END_TEST

/* ---- colour table -------------------------------------------------------- */

/* 3x3 hand-made grids: the centre cell's colour. */
static uint32_t
centre_colour(const float h[9], const uint8_t mask[9], const uint8_t *trees)
{
    uint32_t color[9];
    gen_hybrid_texture(h, mask, trees, 3, 3, 0.1f, 0.08f, 0.08f, color);
    return color[4];
}

START_TEST(test_colour_cases)
{
    static const uint8_t none[9] = { 0 }, all[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };
    static const uint8_t tree[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 };
    /* Flat grass, all 0. */
    static const float flat0[9] = { 0 };
    /* Grass whose right neighbour is 0.2 higher: slope (0.2 - 0) / 2 = 0.1 > 0.08. */
    static const float dirt[9] = { 0, 0, 0, 0, 0, 0.2f, 0, 0, 0 };
    /* Grass slope 0.07 / 1... (0.14 - 0) / 2 = 0.07 <= 0.08: still green. */
    static const float gentle[9] = { 0, 0, 0, 0, 0, 0.14f, 0, 0, 0 };
    /* Flat mountain plateaus at h_rel 1, 0.5, 0.3 of the 3x3 maximum. */
    static const float peak[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 };
    static const float mid[9] = { 1.0f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f };
    static const float low[9] = { 1.0f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f, 0.3f };
    /* A steep mountain: slope (0.9 - 0.5) / 2 = 0.2; centre 0.7 of max 0.9. */
    static const float steep[9] = { 0.7f, 0.7f, 0.7f, 0.5f, 0.7f, 0.9f, 0.7f, 0.7f, 0.7f };

    ck_assert_uint_eq(centre_colour(flat0, none, NULL), 0x3C8C3C);       /* green */
    ck_assert_uint_eq(centre_colour(dirt, none, NULL), 0x8B7355);        /* dirt */
    ck_assert_uint_eq(centre_colour(gentle, none, NULL), 0x3C8C3C);
    ck_assert_uint_eq(centre_colour(flat0, none, tree), 0x1E641E);       /* tree */
    ck_assert_uint_eq(centre_colour(dirt, none, tree), 0x1E641E);        /* tree beats dirt */
    ck_assert_uint_eq(centre_colour(peak, all, NULL), 0xF0F0FA);         /* snow */
    ck_assert_uint_eq(centre_colour(mid, all, NULL), 0x6E5F4B);          /* brown rock */
    ck_assert_uint_eq(centre_colour(low, all, NULL), 0x5A8250);          /* highland grass */
    /* Grey rock at h_rel 0.7 / 0.9: 80 + 50 * 0.7778 = 118.9 -> 119. */
    ck_assert_uint_eq(centre_colour(steep, all, NULL), 0x777777);
    /* The same heights outside the mask are Grass: steep grass is dirt. */
    ck_assert_uint_eq(centre_colour(steep, none, NULL), 0x8B7355);
    /* Not above the Mountain height (0.1): Grass even inside the mask. */
    ck_assert_uint_eq(centre_colour(gentle, all, NULL), 0x3C8C3C);
    /* Grey rock ends of the scale. */
    ck_assert_uint_eq(gen_hybrid_grey_rock(0.0f), 0x505050);
    ck_assert_uint_eq(gen_hybrid_grey_rock(1.0f), 0x828282);
    ck_assert_uint_eq(gen_hybrid_grey_rock(2.0f), 0x828282);
    ck_assert_int_eq(gen_hybrid_kind_glyph(HYBRID_KIND_SNOW), '*');
    ck_assert_int_eq(gen_hybrid_kind_glyph(HYBRID_KIND_ROCK), '#');
}
END_TEST

/* ---- the generator ------------------------------------------------------- */

struct snaps {
    int count;
    int bad;
    double last_done;
};

static void
on_snapshot(void *arg, struct world *snap)
{
    struct snaps *s = arg;
    const struct world_stat *done = world_stat_find(snap, "hybrid.droplets_done");
    size_t i;
    const struct world_stat *total = world_stat_find(snap, "hybrid.droplets_total");
    s->count++;
    if (snap->elevation == NULL || snap->color == NULL || snap->mask == NULL || done == NULL ||
        total == NULL) {
        s->bad++;
        return;
    }
    /* Droplets done grow from snapshot to snapshot and stay below the total. */
    if (!(done->a > s->last_done && done->a < total->a)) {
        s->bad++;
    }
    s->last_done = done->a;
    for (i = 0; i < snap->ncells; i++) {
        if (!isfinite(snap->elevation[i]) || (!snap->mask[i] && snap->elevation[i] != 0.0f)) {
            s->bad++;
            return;
        }
    }
}

struct world *
test_hybrid_generate(struct params *p, snapshot_fn *snap, void *arg)
{
    struct run_ctx ctx;
    struct og_error err;
    struct world *w = NULL;
    enum og_status st;

    memset(&ctx, 0, sizeof ctx);
    ctx.params = p;
    ctx.threads = 1;
    ctx.snapshot = snap;
    ctx.snapshot_arg = arg;
    st = pipeline_run(&gen_hybrid, &ctx, &w, &err);
    ck_assert_msg(st == OG_OK, "hybrid failed: %s", err.msg);
    return w;
}

void
test_hybrid_small_params(struct params *p, int w, int h, double coverage, int droplets)
{
    params_defaults(p);
    ck_assert_int_eq(params_set(p, P_HYBRID_WIDTH, w, NULL), OG_OK);
    ck_assert_int_eq(params_set(p, P_HYBRID_HEIGHT, h, NULL), OG_OK);
    ck_assert_int_eq(params_set(p, P_HYBRID_COVERAGE, coverage, NULL), OG_OK);
    /* 100 m cells, the seed's own: per-cell figures as the seed states them */
    ck_assert_int_eq(params_set(p, P_HYBRID_EXTENT, 0.1 * w, NULL), OG_OK);
    /* `droplets` in all: the per-cell rate over the exact mask size */
    ck_assert_int_eq(params_set(p, P_HYBRID_DROPLETS,
                                droplets / fmax(1.0, floor(coverage * w * h + 0.5)), NULL),
                     OG_OK);
}

static int
finite_field(const float *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (!isfinite(v[i])) {
            return 0;
        }
    }
    return 1;
}

START_TEST(test_generator_coverage)
{
    static const int sizes[][2] = { { 16, 16 }, { 48, 40 }, { 100, 37 } };
    static const double cov[] = { 0.0, 0.3, 0.77, 1.0 };
    size_t si, ci, i;

    /* Before erosion (0 droplets) and after (500). */
    for (si = 0; si < 6; si++) {
        for (ci = 0; ci < 4; ci++) {
            struct params p;
            struct world *w;
            size_t n, count = 0, target;
            test_hybrid_small_params(&p, sizes[si % 3][0], sizes[si % 3][1], cov[ci], si < 3 ? 0 : 500);
            w = test_hybrid_generate(&p, NULL, NULL);
            n = (size_t)sizes[si % 3][0] * (size_t)sizes[si % 3][1];
            target = (size_t)floor(cov[ci] * (double)n + 0.5);
            ck_assert_int_eq(w->kind, WORLD_GRID);
            ck_assert_uint_eq(w->ncells, n);
            for (i = 0; i < n; i++) {
                count += w->mask[i];
                if (!w->mask[i]) {
                    ck_assert(w->elevation[i] == 0.0f);
                    ck_assert(w->roughness[i] == 0.0f);
                }
                ck_assert(w->water[i] == WATER_LAND || w->water[i] == WATER_LAKE);
            }
            ck_assert_uint_eq(count, target);
            ck_assert(world_stat_find(w, "hybrid.mask_cells")->a == (double)target);
            world_unref(w);
        }
    }
}
END_TEST

START_TEST(test_generator_default_map)
{
    struct params p;
    struct world *w;
    size_t i, mountains = 0, trees = 0;
    const struct world_stat *eroded, *deposited, *lost, *evap, *before, *after;
    uint32_t *again;

    test_hybrid_small_params(&p, 96, 96, 0.3, 4000);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert(finite_field(w->elevation, w->ncells));
    ck_assert(finite_field(w->roughness, w->ncells));
    ck_assert(finite_field(w->forest, w->ncells));
    for (i = 0; i < w->ncells; i++) {
        int mountain = w->mask[i] && w->elevation[i] > 0.1f;
        if (!w->mask[i]) {
            ck_assert(w->elevation[i] == 0.0f);
        }
        if (mountain) {
            mountains++;
            ck_assert(w->forest[i] == 0.0f);
            ck_assert(!w->trees[i]);
        } else {
            ck_assert(w->forest[i] >= 0.0f && w->forest[i] <= 1.0f);
        }
        trees += w->trees[i];
        ck_assert(w->roughness[i] >= 0.0f && w->roughness[i] <= 1.0f);
    }
    ck_assert(mountains > 100);
    ck_assert(trees > 0);
    ck_assert(world_stat_find(w, "hybrid.trees")->a == (double)trees);
    ck_assert(world_stat_find(w, "hybrid.mountain_cells")->a == (double)mountains);
    /* Where the mask is 1 (flat grass inside a stand) trees grow at about
     * the density 0.8. */
    {
        size_t full = 0, full_trees = 0;
        for (i = 0; i < w->ncells; i++) {
            if (w->forest[i] == 1.0f) {
                full++;
                full_trees += w->trees[i];
            }
        }
        ck_assert(full > 500);
        ck_assert_msg(fabs((double)full_trees / (double)full - 0.8) < 0.05, "%zu of %zu",
                      full_trees, full);
    }
    /* Erosion did something and kept its books. */
    eroded = world_stat_find(w, "hybrid.eroded");
    deposited = world_stat_find(w, "hybrid.deposited");
    lost = world_stat_find(w, "hybrid.sediment_lost");
    evap = world_stat_find(w, "hybrid.sediment_evaporated");
    before = world_stat_find(w, "hybrid.max_height_before");
    after = world_stat_find(w, "hybrid.max_height_after");
    ck_assert(eroded && deposited && lost && evap && before && after);
    ck_assert(eroded->a > 0.0);
    ck_assert(fabs(eroded->a - deposited->a - lost->a - evap->a) < 1e-4 * eroded->a);
    ck_assert(world_stat_find(w, "hybrid.droplets")->a == 4000.0);
    ck_assert(world_stat_find(w, "hybrid.droplet_steps")->a > 4000.0);
    ck_assert(before->a <= 1.0 && before->a > 0.5);
    ck_assert(after->a == (double)w->elev_max);
    /* The colours are the table applied to the final fields. */
    again = malloc(w->ncells * sizeof *again);
    gen_hybrid_texture(w->elevation, w->mask, w->trees, w->width, w->height, 0.1f, 0.08f, 0.08f,
                       again);
    for (i = 0; i < w->ncells; i++) {
        if (w->water[i] == WATER_LAKE) {
            again[i] = HYBRID_WATER;
        }
    }
    ck_assert(memcmp(again, w->color, w->ncells * sizeof *again) == 0);
    free(again);
    world_unref(w);
}
END_TEST

/* The parameter table's defaults exactly (256 x 256, 5 droplets per mask cell). */
START_TEST(test_generator_true_defaults)
{
    struct params p;
    struct world *w;
    size_t i, count = 0;

    params_defaults(&p);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert_uint_eq(w->ncells, 256 * 256);
    ck_assert(finite_field(w->elevation, w->ncells));
    ck_assert(finite_field(w->roughness, w->ncells));
    ck_assert(finite_field(w->forest, w->ncells));
    for (i = 0; i < w->ncells; i++) {
        count += w->mask[i];
        if (!w->mask[i]) {
            ck_assert(w->elevation[i] == 0.0f && w->roughness[i] == 0.0f);
        }
    }
    ck_assert_uint_eq(count, (size_t)floor(0.3 * 65536 + 0.5));
    ck_assert(world_stat_find(w, "hybrid.droplets")->a == floor(5.0 * (double)count + 0.5));
    ck_assert(world_stat_find(w, "hybrid.max_height_after")->a <
              world_stat_find(w, "hybrid.max_height_before")->a + 1e-6);
    world_unref(w);
}
END_TEST

/* evaporation_sediment = kept: the issue's form of the budget,
 * eroded = deposited + sediment lost with the droplets. */
START_TEST(test_generator_sediment_kept)
{
    struct params p;
    struct world *w;
    double eroded, deposited, lost;

    test_hybrid_small_params(&p, 64, 64, 0.5, 3000);
    ck_assert_int_eq(params_set(&p, P_HYBRID_EVAP_SEDIMENT, 1, NULL), OG_OK);
    w = test_hybrid_generate(&p, NULL, NULL);
    eroded = world_stat_find(w, "hybrid.eroded")->a;
    deposited = world_stat_find(w, "hybrid.deposited")->a;
    lost = world_stat_find(w, "hybrid.sediment_lost")->a;
    ck_assert(eroded > 0.0);
    ck_assert(world_stat_find(w, "hybrid.sediment_evaporated")->a == 0.0);
    ck_assert_msg(fabs(eroded - deposited - lost) < 1e-4 * eroded, "%g - %g != %g", eroded,
                  deposited, lost);
    world_unref(w);
}
END_TEST

START_TEST(test_generator_deterministic)
{
    struct params p;
    struct world *a, *b, *c;
    struct snaps s = { 0, 0, 0.0 };
    size_t n;

    test_hybrid_small_params(&p, 128, 96, 0.4, 60000);
    a = test_hybrid_generate(&p, NULL, NULL);
    b = test_hybrid_generate(&p, on_snapshot, &s);
    n = a->ncells;
    ck_assert(s.count >= 1);
    ck_assert_int_eq(s.bad, 0);
    ck_assert(memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) == 0);
    ck_assert(memcmp(a->color, b->color, n * sizeof *a->color) == 0);
    ck_assert(memcmp(a->trees, b->trees, n) == 0);
    ck_assert(memcmp(a->roughness, b->roughness, n * sizeof *a->roughness) == 0);
    p.seed = 2;
    c = test_hybrid_generate(&p, NULL, NULL);
    ck_assert(memcmp(a->elevation, c->elevation, n * sizeof *a->elevation) != 0);
    world_unref(a);
    world_unref(b);
    world_unref(c);
}
END_TEST

START_TEST(test_generator_bad_params)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error err;
    struct world *w = NULL;

    test_hybrid_small_params(&p, 32, 32, 0.5, 10);
    ck_assert_int_eq(params_set(&p, P_HYBRID_FRICTION, 0.9, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_int_eq(pipeline_run(&gen_hybrid, &ctx, &w, &err), OG_ERANGE);
    ck_assert_ptr_null(w);
    ck_assert_msg(strstr(err.msg, "hybrid.friction") != NULL, "%s", err.msg);
    /* Out-of-range values are refused by the table, never clamped. */
    ck_assert_int_eq(params_set(&p, P_HYBRID_COVERAGE, 1.5, &err), OG_ERANGE);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 8192, &err), OG_ERANGE);
}
END_TEST

static void
cancel_on_snapshot(void *arg, struct world *snap)
{
    (void)snap;
    atomic_store((atomic_int *)arg, 1);
}

START_TEST(test_generator_cancel)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error err;
    struct world *w = NULL;
    atomic_int cancel;

    test_hybrid_small_params(&p, 64, 64, 0.5, 100000);
    atomic_init(&cancel, 0);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ctx.cancel = &cancel;
    ctx.snapshot = cancel_on_snapshot;
    ctx.snapshot_arg = &cancel;
    ck_assert_int_eq(pipeline_run(&gen_hybrid, &ctx, &w, &err), OG_ECANCELED);
    ck_assert_ptr_null(w);
}
END_TEST

/* The glyph map's legend for hybrid cells: . grass, ^ mountain, T tree,
 * * snow, : dirt, # rock, read from the colours. */
START_TEST(test_glyph_legend)
{
    static const uint32_t colours[] = { 0x3C8C3C, 0x5A8250, 0x6E5F4B, 0x1E641E, 0xF0F0FA,
                                        0x8B7355, 0x777777 };
    static const char glyphs[] = ".^^T*:#";
    struct params p;
    struct world *w = NULL;
    size_t i;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_HYBRID, WORLD_GRID, &p, NULL), OG_OK);
    w->width = 7;
    w->height = 1;
    w->ncells = 7;
    ck_assert_int_eq(world_alloc((void **)&w->color, 7, sizeof *w->color, "colour", NULL), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->elevation, 7, sizeof *w->elevation, "elev", NULL),
                     OG_OK);
    memcpy(w->color, colours, sizeof colours);
    for (i = 0; i < 7; i++) {
        char g = mapimg_class_glyph(mapimg_cell_class(w, i));
        ck_assert_msg(g == glyphs[i], "cell %zu colour %06x: glyph '%c', expected '%c'", i,
                      colours[i], g, glyphs[i]);
        ck_assert_int_eq(gen_hybrid_kind_glyph(gen_hybrid_cell_kind(w, i)), glyphs[i]);
    }
    world_unref(w);
}
END_TEST


Suite *
hybrid_suite(void)
{
    Suite *s = suite_create("hybrid");
    TCase *tc = tcase_create("method");

    hybrid_select_tests(tc);

    tcase_add_test(tc, test_value_noise);
    tcase_add_test(tc, test_colour_cases);
    tcase_add_test(tc, test_glyph_legend);
    tcase_add_test(tc, test_generator_coverage);
    tcase_add_test(tc, test_generator_default_map);
    tcase_add_test(tc, test_generator_sediment_kept);
    suite_add_tcase(s, tc);
    tc = tcase_create("golden");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_generator_deterministic);
    tcase_add_test(tc, test_generator_true_defaults);
    suite_add_tcase(s, tc);
    tc = tcase_create("contract");
    tcase_add_test(tc, test_generator_bad_params);
    tcase_add_test(tc, test_generator_cancel);
    suite_add_tcase(s, tc);
    return s;
}
