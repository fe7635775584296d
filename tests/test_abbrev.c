/* abbrev: legend names fitted to a column by whole words (issue 29). */
#include "config.h"

#include <string.h>

#include "tui/abbrev.h"
#include "tests.h"

static void
expect(const char *name, int width, const char *want)
{
    char out[128];
    int n = abbrev_fit(name, width, out, sizeof out);
    ck_assert_msg(strcmp(out, want) == 0, "'%s' in %d: '%s', want '%s'", name, width, out, want);
    ck_assert_int_eq(n, (int)strlen(want));
    ck_assert_int_le(n, width);
}

START_TEST(test_abbrev_whole_words)
{
    expect("ocean", 14, "ocean");
    expect("temperate rain forest", 28, "temperate rain forest");
    /* the 80x24 side legend's 14 columns (all cut mid-word before) */
    expect("Kafeshwesh river", 14, "Kafeshwesh r.");
    expect("Ziwauthu continent", 14, "Ziwauthu cont.");
    expect("Enyesh continent", 14, "Enyesh cont.");
    expect("water (sea, lakes)", 14, "water");
    expect("landmass 9 (id 312)", 14, "landmass 9");
    expect("lake (flat: surface height)", 14, "lake");
    expect("smaller landmasses", 14, "smaller landm.");
    expect("temperate rain forest", 20, "temperate rain for.");
    expect("tropical seasonal forest", 20, "tropical seas. for.");
    expect("temperate deciduous forest", 14, "temp. decid.");
    /* words without a short form: three letters and a dot, then dropped */
    expect("outside the mask", 12, "outside");   /* not "outside the" */
    expect("Abcdefghij Klmnopqrst", 15, "Abcdefghij Klm.");
    /* one word too long: cut, with a dot */
    expect("Thuzochirawelde", 8, "Thuzoch.");
}
END_TEST

Suite *
abbrev_suite(void)
{
    Suite *s = suite_create("abbrev");
    TCase *c = tcase_create("fit");

    tcase_add_test(c, test_abbrev_whole_words);
    suite_add_tcase(s, c);
    return s;
}
