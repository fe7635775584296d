/* Tests of the TUI's form logic and presets (tui/paramedit.c), without a
 * terminal. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/recipe/params.h"
#include "core/world.h"
#include "render/mapimg.h"
#include "core/generators.h"
#include "tests.h"
#include "tui/paramedit.h"

static unsigned
island_groups(void)
{
    return 1u << PG_COMMON | 1u << PG_ISLAND;
}

static void
select_param(struct paramedit *pe, enum param_id id)
{
    int i;
    for (i = 0; i < pe->nrows; i++) {
        if (pe->rows[i] == id) {
            pe->sel = i;
            return;
        }
    }
    ck_abort_msg("row %s not shown", param_def(id)->name);
}

START_TEST(test_rows_follow_groups)
{
    struct params p;
    struct paramedit pe;
    int i;

    params_defaults(&p);
    paramedit_init(&pe, &p, 1u << PG_ISLAND);
    ck_assert_int_eq(pe.rows[0], P_SEED);
    for (i = 1; i < pe.nrows; i++) {
        ck_assert_int_eq(param_def(pe.rows[i])->group, PG_ISLAND);
    }
    ck_assert_int_gt(pe.nrows, 5);
    select_param(&pe, P_ISLAND_CELLS);
    /* Switching to the dem rows drops the island ones; the seed stays. */
    paramedit_set_groups(&pe, 1u << PG_DEM);
    ck_assert_int_eq(paramedit_selected(&pe), P_SEED);
    for (i = 1; i < pe.nrows; i++) {
        ck_assert_int_eq(param_def(pe.rows[i])->group, PG_DEM);
    }
    paramedit_move(&pe, -5);
    ck_assert_int_eq(pe.sel, 0);
    paramedit_move(&pe, 1000);
    ck_assert_int_eq(pe.sel, pe.nrows - 1);
    ck_assert_str_eq(paramedit_label(P_ISLAND_CELLS), "cells");
    ck_assert_str_eq(paramedit_label(P_SEED), "seed");
    /* names two groups share keep their prefix: render pixels, grid cells */
    ck_assert_str_eq(paramedit_label(P_RENDER_WIDTH), "render.width");
    ck_assert_str_eq(paramedit_label(P_HYBRID_WIDTH), "hybrid.width");
    ck_assert_str_eq(paramedit_label(P_RENDER_HEIGHT), "render.height");
    /* the island's own hydrology knobs are not offered for a DEM (which
     * uses its dem_ variants), the island has them */
    ck_assert(!param_in_groups(P_HYDRO_RIVER_THRESHOLD, generator_get(GEN_DEM)->param_groups));
    ck_assert(!param_in_groups(P_HYDRO_LAKE_DEPTH, generator_get(GEN_DEM)->param_groups));
    ck_assert(!param_in_groups(P_RENDER_ISLAND_RES, generator_get(GEN_DEM)->param_groups));
    ck_assert(param_in_groups(P_HYDRO_DEM_RIVER_THRESHOLD, generator_get(GEN_DEM)->param_groups));
    ck_assert(param_in_groups(P_HYDRO_RIVER_THRESHOLD, generator_get(GEN_ISLAND)->param_groups));
    ck_assert(param_in_groups(P_RENDER_ISLAND_RES, generator_get(GEN_ISLAND)->param_groups));
}
END_TEST

START_TEST(test_step_and_refusal)
{
    struct params p;
    struct paramedit pe;
    struct og_error err;
    char buf[64];

    params_defaults(&p);
    paramedit_init(&pe, &p, island_groups());
    select_param(&pe, P_ISLAND_CELLS);
    ck_assert_int_eq(paramedit_step(&pe, 1, &err), OG_OK);
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_CELLS), 17000.0);
    ck_assert_int_eq(paramedit_step(&pe, -10, &err), OG_OK);
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_CELLS), 7000.0);
    /* 7000 - 10 * 1000 < 16: refused, worded with the range, unchanged. */
    ck_assert_int_eq(paramedit_step(&pe, -10, &err), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err.msg, "param 'island.cells' = -3000 outside [16, "));
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_CELLS), 7000.0);

    /* Real steps stay on the step grid: 0.25 + 3 * 0.01 is 0.28 exactly. */
    select_param(&pe, P_ISLAND_CURVE_KNEE);
    ck_assert_int_eq(paramedit_step(&pe, 3, &err), OG_OK);
    ck_assert_str_eq(params_format(&pe.cur, P_ISLAND_CURVE_KNEE, buf, sizeof buf), "0.28");
    ck_assert_int_eq(paramedit_step(&pe, 100, &err), OG_ERANGE);
    ck_assert_str_eq(params_format(&pe.cur, P_ISLAND_CURVE_KNEE, buf, sizeof buf), "0.28");

    /* Enum rows cycle through their choices. */
    select_param(&pe, P_ISLAND_ANCHOR_LAYOUT);
    ck_assert_int_eq(paramedit_step(&pe, -1, &err), OG_OK);
    ck_assert_str_eq(params_format(&pe.cur, P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf), "circle");

    /* The seed refuses to wrap below 0. */
    select_param(&pe, P_SEED);
    pe.cur.seed = 0;
    ck_assert_int_eq(paramedit_step(&pe, -1, &err), OG_ERANGE);
    ck_assert_uint_eq(pe.cur.seed, 0);
    ck_assert_int_eq(paramedit_step(&pe, 5, &err), OG_OK);
    ck_assert_uint_eq(pe.cur.seed, 5);
}
END_TEST

START_TEST(test_typed_values)
{
    struct params p;
    struct paramedit pe;
    struct og_error err;
    char buf[64];

    params_defaults(&p);
    paramedit_init(&pe, &p, island_groups());
    select_param(&pe, P_ISLAND_FREQUENCY);
    /* formw pads with blanks; the C locale reads the decimal point. */
    ck_assert_int_eq(paramedit_set_text(&pe, "  4.5      ", &err), OG_OK);
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_FREQUENCY), 4.5);
    ck_assert_int_eq(paramedit_set_text(&pe, "4,5", &err), OG_EINVAL);
    ck_assert_str_eq(err.msg, "param 'island.frequency' = '4,5' is not a number");
    ck_assert_int_eq(paramedit_set_text(&pe, "100", &err), OG_ERANGE);
    ck_assert_str_eq(err.msg, "param 'island.frequency' = 100 outside [0.1, 64]");
    ck_assert_int_eq(paramedit_set_text(&pe, "   ", &err), OG_EINVAL);
    ck_assert_str_eq(err.msg, "param 'island.frequency' needs a value");
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_FREQUENCY), 4.5);

    select_param(&pe, P_ISLAND_OCTAVES);
    ck_assert_int_eq(paramedit_set_text(&pe, "2.5", &err), OG_EINVAL);
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_OCTAVES), 6.0);

    select_param(&pe, P_ISLAND_ANCHOR_LAYOUT);
    ck_assert_int_eq(paramedit_set_text(&pe, "ring ", &err), OG_OK);
    ck_assert_str_eq(params_format(&pe.cur, P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf), "ring");
    ck_assert_int_eq(paramedit_set_text(&pe, "spiral", &err), OG_EINVAL);

    select_param(&pe, P_SEED);
    ck_assert_int_eq(paramedit_set_text(&pe, "18446744073709551615", &err), OG_OK);
    ck_assert_uint_eq(pe.cur.seed, UINT64_MAX);
    ck_assert_int_eq(paramedit_set_text(&pe, "-1", &err), OG_EINVAL);
    ck_assert_uint_eq(pe.cur.seed, UINT64_MAX);

    /* Reset returns a row to its default and says whether it changed. */
    select_param(&pe, P_ISLAND_FREQUENCY);
    ck_assert_int_eq(paramedit_reset(&pe), 1);
    ck_assert_double_eq(params_get(&pe.cur, P_ISLAND_FREQUENCY), param_def(P_ISLAND_FREQUENCY)->def);
    ck_assert_int_eq(paramedit_reset(&pe), 0);
    select_param(&pe, P_SEED);
    ck_assert_int_eq(paramedit_reset(&pe), 1);
    ck_assert_uint_eq(pe.cur.seed, 1);

    ck_assert_str_eq(paramedit_range_text(P_ISLAND_CELLS, buf, sizeof buf),
                     "[16, 2000000] cells, step 1000");
    ck_assert_str_eq(paramedit_range_text(P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf),
                     "one of random|centre|ring|line|circle");
}
END_TEST

/* A private XDG_CONFIG_HOME under the build folder (Check forks each test). */
static char cfg_dir[256];

static void
use_private_config(void)
{
    snprintf(cfg_dir, sizeof cfg_dir, "out-presets-%d", (int)getpid());
    mkdir(cfg_dir, 0755);
    {
        char abs[1024];
        ck_assert_ptr_nonnull(realpath(cfg_dir, abs));
        setenv("XDG_CONFIG_HOME", abs, 1);
        ck_assert_int_lt(snprintf(cfg_dir, sizeof cfg_dir, "%s", abs), (int)sizeof cfg_dir);
    }
}

static void
remove_private_config(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cfg_dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_preset_parse_errors)
{
    struct params p, before;
    struct og_error err;
    int gen = 99;

    params_defaults(&p);
    before = p;
    ck_assert_int_eq(preset_parse("# x\nisland.cells = 5000\ngenerator = island\n", "a.ini", &p,
                                  &gen, NULL, &err), OG_OK);
    ck_assert_double_eq(params_get(&p, P_ISLAND_CELLS), 5000.0);
    ck_assert_int_eq(gen, GEN_ISLAND);
    /* All or nothing: a bad third line leaves p as it was. */
    p = before;
    ck_assert_int_eq(preset_parse("island.cells = 5000\n\nisland.bogus = 1\n", "b.ini", &p, &gen,
                                  NULL, &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "b.ini:3: unknown parameter 'island.bogus' (see `orogen params`)");
    ck_assert_double_eq(params_get(&p, P_ISLAND_CELLS), 16000.0);
    ck_assert_int_eq(preset_parse("island.octaves = 99\n", "c.ini", &p, NULL, NULL, &err),
                                  OG_ERANGE);
    ck_assert_str_eq(err.msg, "c.ini:1: param 'island.octaves' = 99 outside [1, 16]");
    ck_assert_int_eq(preset_parse("island.cells 5000\n", "d.ini", &p, NULL, NULL, &err),
                                  OG_EFORMAT);
    ck_assert_str_eq(err.msg, "d.ini:1: expected 'name = value', got 'island.cells 5000'");
    ck_assert_int_eq(preset_parse("\ngenerator = volcano\n", "e.ini", &p, NULL, NULL, &err),
                                  OG_EFORMAT);
    ck_assert_str_eq(err.msg, "e.ini:2: unknown generator 'volcano'");
    gen = 7;
    ck_assert_int_eq(preset_parse("seed = 3\n", "f.ini", &p, &gen, NULL, &err), OG_OK);
    ck_assert_int_eq(gen, -1);
    ck_assert_uint_eq(p.seed, 3);
}
END_TEST

START_TEST(test_preset_save_load_list)
{
    struct params p, q;
    struct og_error err;
    struct preset_entry list[64];
    char path[PRESET_PATH_MAX];
    int gen = -1, n, i, found = 0;

    use_private_config();
    params_defaults(&p);
    p.seed = 1234567890123ull;
    p.v[P_SEED] = (double)p.seed;
    ck_assert_int_eq(params_set(&p, P_ISLAND_FREQUENCY, 5.5, &err), OG_OK);
    ck_assert_int_eq(preset_save("my-isle", &p, island_groups(), "island", NULL, path, sizeof path,
                                 &err), OG_OK);
    ck_assert_ptr_nonnull(strstr(path, "/orogen/presets/my-isle.ini"));
    ck_assert_int_eq(preset_save("../evil", &p, island_groups(), "island", NULL, NULL, 0, &err),
                     OG_EINVAL);
    ck_assert_int_eq(preset_save(".hidden", &p, island_groups(), NULL, NULL, NULL, 0, &err),
                                 OG_EINVAL);

    params_defaults(&q);
    ck_assert_int_eq(preset_load("my-isle", &q, &gen, NULL, NULL, 0, &err), OG_OK);
    ck_assert_uint_eq(q.seed, 1234567890123ull);
    ck_assert_double_eq(params_get(&q, P_ISLAND_FREQUENCY), 5.5);
    ck_assert_int_eq(gen, GEN_ISLAND);
    for (i = 0; i < P_COUNT; i++) {
        if (param_in_groups((enum param_id)i, island_groups())) {
            ck_assert_double_eq(params_get(&q, (enum param_id)i), params_get(&p, (enum param_id)i));
        }
    }
    ck_assert_int_eq(preset_load("no-such-preset", &q, NULL, NULL, NULL, 0, &err), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, "no preset named 'no-such-preset'"));

    n = preset_list(list, 64);
    for (i = 0; i < n && i < 64; i++) {
        if (strcmp(list[i].name, "my-isle") == 0) {
            found = 1;
            ck_assert_int_eq(list[i].user, 1);
        }
        if (i > 0) {
            ck_assert_int_lt(strcmp(list[i - 1].name, list[i].name), 0);
        }
    }
    ck_assert_int_eq(found, 1);
    remove_private_config();
}
END_TEST

START_TEST(test_shipped_presets_load)
{
    struct preset_entry list[64];
    struct params p;
    struct og_error err;
    int n, i, shipped = 0;

    /* Every preset under data/presets parses and is in range. */
    setenv("XDG_CONFIG_HOME", "/nonexistent-orogen-test", 1);
    n = preset_list(list, 64);
    for (i = 0; i < n && i < 64; i++) {
        params_defaults(&p);
        ck_assert_msg(preset_load_file(list[i].path, &p, NULL, NULL, &err) == OG_OK, "%s", err.msg);
        shipped += !list[i].user;
    }
    ck_assert_int_ge(shipped, 4);
}
END_TEST

Suite *
paramedit_suite(void)
{
    Suite *s = suite_create("paramedit");
    TCase *tc = tcase_create("method");
    TCase *tp = tcase_create("presets");

    tcase_add_test(tc, test_rows_follow_groups);
    tcase_add_test(tc, test_step_and_refusal);
    tcase_add_test(tc, test_typed_values);
    suite_add_tcase(s, tc);
    tcase_add_test(tp, test_preset_parse_errors);
    tcase_add_test(tp, test_preset_save_load_list);
    tcase_add_test(tp, test_shipped_presets_load);
    suite_add_tcase(s, tp);
    return s;
}
