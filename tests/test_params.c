/* Parameter table: defaults valid, range errors worded, text round trips. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/recipe/params.h"
#include "tests.h"

START_TEST(defaults_are_in_range)
{
    struct params p;
    int i;
    params_defaults(&p);
    for (i = 0; i < P_COUNT; i++) {
        const struct param_def *d = param_def((enum param_id)i);
        struct og_error e;
        char buf[32];
        if (param_has_auto((enum param_id)i) && isnan(d->def)) {
            /* an "auto" default: printed as auto, read back the same */
            ck_assert_str_eq(params_format(&p, (enum param_id)i, buf, sizeof buf), "auto");
            ck_assert(params_set_text(&p, (enum param_id)i, buf, &e) == OG_OK);
            ck_assert(isnan(params_get(&p, (enum param_id)i)));
            ck_assert_msg(d->help[0] != '\0', "%s has no help", d->name);
            ck_assert_int_eq(params_find(d->name), i);
            continue;
        }
        ck_assert_msg(d->def >= d->min && d->def <= d->max, "%s default outside range", d->name);
        ck_assert_msg(params_set(&p, (enum param_id)i, params_get(&p, (enum param_id)i), &e) ==
                          OG_OK || d->type == PT_SEED, "%s: %s", d->name, e.msg);
        ck_assert_msg(d->help[0] != '\0', "%s has no help", d->name);
        ck_assert_int_eq(params_find(d->name), i);
    }
}
END_TEST

START_TEST(range_error_names_param_and_range)
{
    struct params p;
    struct og_error e;
    params_defaults(&p);
    double before = params_get(&p, P_ISLAND_CELLS);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 5, &e), OG_ERANGE);
    ck_assert_str_eq(e.msg, "param 'island.cells' = 5 outside [16, 2000000]");
    ck_assert(params_get(&p, P_ISLAND_CELLS) == before);
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_SEA_LEVEL, "1.5", &e), OG_ERANGE);
    ck_assert_str_eq(e.msg, "param 'island.sea_level' = 1.5 outside [-1, 1]");
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_CELLS, "100.5", &e), OG_EINVAL);
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_CELLS, "abc", &e), OG_EINVAL);
    ck_assert_str_eq(e.msg, "param 'island.cells' = 'abc' is not a number");
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_CELLS, "nan", &e), OG_EINVAL);
}
END_TEST

START_TEST(seed_is_full_64_bit)
{
    struct params p;
    struct og_error e;
    char buf[64];
    params_defaults(&p);
    ck_assert_int_eq(params_set_text(&p, P_SEED, "18446744073709551615", &e), OG_OK);
    ck_assert(p.seed == UINT64_MAX);
    ck_assert_str_eq(params_format(&p, P_SEED, buf, sizeof buf), "18446744073709551615");
    ck_assert_int_eq(params_set_text(&p, P_SEED, "18446744073709551616", &e), OG_EINVAL);
    ck_assert_int_eq(params_set_text(&p, P_SEED, "-1", &e), OG_EINVAL);
}
END_TEST

START_TEST(enum_by_name_and_cycle)
{
    struct params p;
    struct og_error e;
    char buf[32];
    params_defaults(&p);
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_ANCHOR_LAYOUT, "ring", &e), OG_OK);
    ck_assert_str_eq(params_format(&p, P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf), "ring");
    ck_assert_int_eq(params_set_text(&p, P_ISLAND_ANCHOR_LAYOUT, "spiral", &e), OG_EINVAL);
    ck_assert_int_eq(params_step(&p, P_ISLAND_ANCHOR_LAYOUT, 2, &e), OG_OK);
    ck_assert_str_eq(params_format(&p, P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf), "circle");
    ck_assert_int_eq(params_step(&p, P_ISLAND_ANCHOR_LAYOUT, 1, &e), OG_OK);
    ck_assert_str_eq(params_format(&p, P_ISLAND_ANCHOR_LAYOUT, buf, sizeof buf), "random");
}
END_TEST

START_TEST(step_refuses_leaving_range)
{
    struct params p;
    struct og_error e;
    char buf[32];
    int i;
    params_defaults(&p);
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(params_step(&p, P_ISLAND_GAIN, 1, &e), OG_OK);
    }
    ck_assert_str_eq(params_format(&p, P_ISLAND_GAIN, buf, sizeof buf), "0.65");
    ck_assert_int_eq(params_set(&p, P_ISLAND_GAIN, 0.95, &e), OG_OK);
    ck_assert_int_eq(params_step(&p, P_ISLAND_GAIN, 1, &e), OG_ERANGE);
    ck_assert(p.v[P_ISLAND_GAIN] == 0.95);
}
END_TEST

START_TEST(text_round_trip_and_bad_lines)
{
    struct params p, q;
    struct og_error e;
    char *text = NULL;
    params_defaults(&p);
    p.seed = 1234567890123ull;
    p.v[P_ISLAND_FREQUENCY] = 0.1 + 0.2;
    ck_assert_int_eq(params_to_text(&p, ~0u, &text, &e), OG_OK);
    params_defaults(&q);
    ck_assert_int_eq(params_parse_text(&q, text, "t", &e), OG_OK);
    ck_assert(p.seed == q.seed);
    ck_assert(memcmp(&p.v[P_SEED + 1], &q.v[P_SEED + 1], sizeof(double) * (P_COUNT - 1)) == 0);
    free(text);

    params_defaults(&q);
    ck_assert_int_eq(params_parse_text(&q, "seed = 5\n# comment\nisland.cells = 3\n", "x.ini", &e),
                     OG_ERANGE);
    ck_assert_str_eq(e.msg, "x.ini:3: param 'island.cells' = 3 outside [16, 2000000]");
    ck_assert(q.seed == 1);  /* nothing applied from a bad file */
    ck_assert_int_eq(params_parse_text(&q, "bogus.key = 1\n", "y.ini", &e), OG_EFORMAT);
    ck_assert_str_eq(e.msg, "y.ini:1: unknown parameter 'bogus.key' (see `orogen params`)");
    ck_assert_int_eq(params_parse_text(&q, "\n\nno equals sign\n", "z.ini", &e), OG_EFORMAT);
    ck_assert_str_eq(e.msg, "z.ini:3: expected 'name = value', got 'no equals sign'");
}
END_TEST

Suite *
params_suite(void)
{
    Suite *s = suite_create("params");
    TCase *c = tcase_create("contract");
    tcase_add_test(c, defaults_are_in_range);
    tcase_add_test(c, range_error_names_param_and_range);
    tcase_add_test(c, seed_is_full_64_bit);
    tcase_add_test(c, enum_by_name_and_cycle);
    tcase_add_test(c, step_refuses_leaving_range);
    tcase_add_test(c, text_round_trip_and_bad_lines);
    suite_add_tcase(s, c);
    return s;
}
