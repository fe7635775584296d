/* Tests of core/recipe.c: presets with every line end, byte order marks,
 * duplicate keys, and error messages without control characters (issue 15
 * items 8 and 9, issue 12). */
#include "config.h"

#include <string.h>

#include "core/generators.h"
#include "core/og_error.h"
#include "core/params.h"
#include "core/recipe.h"
#include "tests.h"

/* No byte below 0x20 or 0x7f in a message. */
static int
printable(const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) {
            return 0;
        }
    }
    return 1;
}

START_TEST(test_preset_line_ends)
{
    static const char *const texts[] = {
        "generator = hybrid\nhybrid.width = 16\nhybrid.height = 24\n",
        "generator = hybrid\r\nhybrid.width = 16\r\nhybrid.height = 24\r\n",
        "generator = hybrid\rhybrid.width = 16\rhybrid.height = 24\r",
        "generator = hybrid\rhybrid.width = 16\r\nhybrid.height = 24",   /* mixed */
        "\xEF\xBB\xBFgenerator = hybrid\nhybrid.width = 16\nhybrid.height = 24\n",
        "\xEF\xBB\xBFgenerator = hybrid\rhybrid.width = 16\rhybrid.height = 24\r",
    };
    size_t i;

    for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct params p;
        struct og_error err;
        int gen = -1;
        params_defaults(&p);
        ck_assert_msg(preset_parse(texts[i], "t.ini", &p, &gen, &err) == OG_OK, "text %zu: %s",
                      i, err.msg);
        ck_assert_int_eq(gen, GEN_HYBRID);
        ck_assert_int_eq(params_int(&p, P_HYBRID_WIDTH), 16);
        ck_assert_int_eq(params_int(&p, P_HYBRID_HEIGHT), 24);
    }
}
END_TEST

START_TEST(test_preset_line_numbers_and_bom)
{
    struct params p, before;
    struct og_error err;
    int gen = -1;

    /* Line 3 of a CR-only file is line 3, and the value is unchanged. */
    params_defaults(&p);
    before = p;
    ck_assert_int_eq(preset_parse("seed = 5\rhybrid.width = 16\rhybrid.width = 3\r", "cr.ini", &p,
                                  &gen, &err), OG_ERANGE);
    ck_assert_msg(strstr(err.msg, "cr.ini:3:") != NULL, "%s", err.msg);
    ck_assert_msg(strstr(err.msg, "hybrid.width") != NULL, "%s", err.msg);
    ck_assert(printable(err.msg));
    ck_assert(memcmp(&p, &before, sizeof p) == 0);
    /* The byte order mark is skipped, never part of the first key. */
    ck_assert_int_eq(preset_parse("\xEF\xBB\xBFisland.cellz = 5\n", "bom.ini", &p, &gen, &err),
                     OG_EFORMAT);
    ck_assert_msg(strstr(err.msg, "bom.ini:1: unknown parameter 'island.cellz'") != NULL, "%s",
                  err.msg);
    /* params_parse_text on its own takes CR line ends too. */
    ck_assert_int_eq(params_parse_text(&p, "island.cells = 500\risland.anchors = 4\r", "x", &err),
                     OG_OK);
    ck_assert_int_eq(params_int(&p, P_ISLAND_CELLS), 500);
    ck_assert_int_eq(params_int(&p, P_ISLAND_ANCHORS), 4);
}
END_TEST

START_TEST(test_preset_duplicates)
{
    struct params p;
    struct og_error err;
    int gen = -1;

    params_defaults(&p);
    ck_assert_int_eq(preset_parse("seed = 1\n# c\nseed = 2\n", "d.ini", &p, &gen, &err),
                     OG_EFORMAT);
    ck_assert_str_eq(err.msg, "d.ini:3: 'seed' set twice (first on line 1)");
    ck_assert_int_eq(preset_parse("generator = island\ngenerator = hybrid\n", "g.ini", &p, &gen,
                                  &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "g.ini:2: 'generator' set twice (first on line 1)");
    ck_assert_int_eq(preset_parse("island.cells=100\r\nisland.cells = 100\r\n", "c.ini", &p, &gen,
                                  &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "c.ini:2: 'island.cells' set twice (first on line 1)");
}
END_TEST

START_TEST(test_errors_never_hold_control_characters)
{
    struct params p;
    struct og_error err;
    int gen = -1;

    params_defaults(&p);
    ck_assert_int_eq(preset_parse("seed = 1\x1b[2J\n", "esc.ini", &p, &gen, &err), OG_EFORMAT);
    ck_assert(printable(err.msg));
    ck_assert_msg(strstr(err.msg, "'1\\x1b[2J'") != NULL, "%s", err.msg);
    ck_assert_int_eq(preset_parse("island.cells = 1\t\x7f\n", "del.ini", &p, &gen, &err),
                     OG_EFORMAT);
    ck_assert(printable(err.msg));
    /* Every message, not only the parser's. */
    og_error_set(&err, OG_EINVAL, "bad name '%s'", "a\rb\nc\td\x01");
    ck_assert_str_eq(err.msg, "bad name 'a\\rb\\nc\\td\\x01'");
    /* UTF-8 passes as it is. */
    og_error_set(&err, OG_EINVAL, "cannot read %s", "k\xC3\xA4se.ini");
    ck_assert_str_eq(err.msg, "cannot read k\xC3\xA4se.ini");
}
END_TEST

Suite *
recipe_suite(void)
{
    Suite *s = suite_create("recipe");
    TCase *tp = tcase_create("presets");

    tcase_add_test(tp, test_preset_line_ends);
    tcase_add_test(tp, test_preset_line_numbers_and_bom);
    tcase_add_test(tp, test_preset_duplicates);
    tcase_add_test(tp, test_errors_never_hold_control_characters);
    suite_add_tcase(s, tp);
    return s;
}
