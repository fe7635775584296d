/* Tests of the sub-cell block symbols (tui/subcell.c), without a terminal:
 * the code points of the sextant and octant patterns, and the two-colour
 * fit of a cell (issue 29). */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdint.h>

#include "tests.h"
#include "tui/subcell.h"

/* Unicode 13's sextants: U+1FB00 is BLOCK SEXTANT-1 (top left), U+1FB3B
 * BLOCK SEXTANT-23456; the two half blocks are the old U+258C / U+2590.
 * Unicode 16's octants: U+1CD00 is BLOCK OCTANT-3 (mask 0x04), U+1CDE5
 * BLOCK OCTANT-2345678 (0xfe); quadrants and halves are the old block
 * elements. */
START_TEST(test_code_points)
{
    unsigned m;
    int seen[64] = { 0 };

    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x01), 0x1fb00);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x02), 0x1fb01);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x14), 0x1fb13);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x16), 0x1fb14);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x3e), 0x1fb3b);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x15), 0x258c);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x2a), 0x2590);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0), 0);
    ck_assert_int_eq(subcell_char(SUBCELL_SEXTANT, 0x3f), 0);
    /* 60 sextants in U+1FB00..1FB3B, each once */
    for (m = 1; m < 63; m++) {
        wchar_t c = subcell_char(SUBCELL_SEXTANT, m);
        if (c >= 0x1fb00 && c <= 0x1fb3b) {
            ck_assert(!seen[c - 0x1fb00]);
            seen[c - 0x1fb00] = 1;
        }
    }
    for (m = 0; m < 60; m++) {
        ck_assert(seen[m]);
    }
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x04), 0x1cd00);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x06), 0x1cd01);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x10), 0x1cd09);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0xfe), 0x1cde5);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x0f), 0x2580);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0xf0), 0x2584);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x5a), 0x259e);
    ck_assert_int_eq(subcell_char(SUBCELL_OCTANT, 0x01), 0);
    ck_assert_int_eq(subcell_char(SUBCELL_HALF, 1), 0x2580);
}
END_TEST

/* A sextant cell whose left column is sea and right column land: the fit
 * keeps both colours exactly and splits along the column, in direct colour
 * and from palette numbers; an outside pixel never takes a colour. */
START_TEST(test_fit)
{
    uint32_t src[6] = { 0x204060, 0x60a040, 0x204060, 0x60a040, 0x204060, 0x60a040 };
    int num[6] = { 24, 71, 24, 71, 24, 71 }, dnum[6];
    struct subcell_fit f;
    int i;

    for (i = 0; i < 6; i++) {
        dnum[i] = (int)src[i];
    }
    subcell_fit(src, dnum, 6, 1, &f);
    ck_assert(f.mask == 0x15 || f.mask == 0x2a);
    ck_assert_int_eq(f.mask == 0x15 ? f.fg_rgb : f.bg_rgb, 0x204060);
    ck_assert_int_eq(f.mask == 0x15 ? f.bg_rgb : f.fg_rgb, 0x60a040);
    subcell_fit(src, num, 6, 0, &f);
    ck_assert(f.mask == 0x15 ? f.fg == 24 && f.bg == 71 : f.mask == 0x2a && f.fg == 71 && f.bg == 24);
    /* a gradient of three colours down the cell: two groups, top and bottom */
    {
        uint32_t g[6] = { 0x000000, 0x000000, 0x808080, 0x808080, 0xffffff, 0xffffff };
        subcell_fit(g, dnum, 6, 1, &f);
        ck_assert(f.mask == 0x03 || f.mask == 0x3c || f.mask == 0x0f || f.mask == 0x30);
    }
    /* the bottom row outside the map: drawn in the terminal's background */
    num[4] = num[5] = -1;
    subcell_fit(src, num, 6, 0, &f);
    ck_assert_int_eq(f.mask & 0x30, f.fg < 0 ? 0x30 : 0);
    ck_assert(f.fg == -1 || f.bg == -1);
    dnum[4] = dnum[5] = -1;
    subcell_fit(src, dnum, 6, 1, &f);
    ck_assert_int_eq(f.bg, -1);
    ck_assert_int_eq(f.mask, 0x0f);
}
END_TEST

/* --symbols auto: by the terminal's identity only */
START_TEST(test_auto)
{
    char who[32] = "";

    ck_assert_int_eq(subcell_auto("xterm-256color", "XTerm(379)", who, sizeof who), SUBCELL_HALF);
    ck_assert_int_eq(subcell_auto("tmux-256color", "tmux 3.3a", who, sizeof who), SUBCELL_HALF);
    ck_assert_int_eq(subcell_auto("xterm-kitty", "kitty(0.26.5)", who, sizeof who),
                     SUBCELL_SEXTANT);
    ck_assert_str_eq(who, "kitty");
    ck_assert_int_eq(subcell_auto("foot", "", who, sizeof who), SUBCELL_SEXTANT);
    ck_assert_int_eq(subcell_auto("xterm-256color", "foot(1.13.1)", who, sizeof who),
                     SUBCELL_SEXTANT);
    ck_assert_int_eq(subcell_auto("xterm-256color", "foot(1.20.2)", who, sizeof who),
                     SUBCELL_OCTANT);
    ck_assert_int_eq(subcell_parse("sextants"), SUBCELL_SEXTANT);
    ck_assert_int_eq(subcell_parse("octant"), SUBCELL_OCTANT);
    ck_assert_int_eq(subcell_parse("braille"), -1);
    /* glibc knows sextants (Unicode 13) */
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL) {
        ck_assert(subcell_usable(SUBCELL_SEXTANT));
        setlocale(LC_CTYPE, "C");
    }
}
END_TEST

Suite *
subcell_suite(void)
{
    Suite *s = suite_create("subcell");
    TCase *tc = tcase_create("symbols");

    tcase_add_test(tc, test_code_points);
    tcase_add_test(tc, test_fit);
    tcase_add_test(tc, test_auto);
    suite_add_tcase(s, tc);
    return s;
}
