/* Colour code has no rounding ties where it is evaluated exactly (issue
 * 28): a value that lands on k + 1/2 in exact arithmetic is rounded up or
 * down by the last bit of a constant like 1.15, so it is a byte that one
 * compiler's constant folding or one libm's last bit can flip. Checked at
 * the inputs every table takes exactly: the ocean shade at the coast and
 * at the deepest cell (every channel value 0..255), the biome table's
 * texels on its edges (where elevation or moisture clamp to 0 or 1) for
 * the smallest and the default blur. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "core/biome/biome.h"
#include "tests.h"

/* distance of v from the nearest k + 1/2 */
static double
tie_distance(double v)
{
    return fabs(v - floor(v) - 0.5);
}

START_TEST(test_ocean_no_ties)
{
    static const double ts[] = { 0.0, 1.0 };
    int c, i;

    for (i = 0; i < 2; i++) {
        double k = biome_ocean_factor(ts[i]);
        for (c = 0; c <= 255; c++) {
            ck_assert_msg(tie_distance(c * k) > 1e-6, "ocean channel %d at t = %g: %.17g", c,
                          ts[i], c * k);
        }
    }
}
END_TEST

START_TEST(test_biome_table_edges_no_ties)
{
    static const double sigmas[] = { 0.5, 8.0 };
    struct biome_table *t = malloc(sizeof *t);
    struct og_error err;
    int s, i, j, c, near = 0;

    ck_assert_ptr_nonnull(t);
    for (s = 0; s < 2; s++) {
        ck_assert_int_eq(biome_table_build(t, sigmas[s], &err), OG_OK);
        for (i = 0; i < BIOME_TABLE_SIZE; i++) {
            for (j = 0; j < BIOME_TABLE_SIZE; j++) {
                if (i != 0 && i != BIOME_TABLE_SIZE - 1 && j != 0 &&
                    j != BIOME_TABLE_SIZE - 1) {
                    continue;
                }
                for (c = 0; c < 3; c++) {
                    near += tie_distance(t->rgb[3 * (i * BIOME_TABLE_SIZE + j) + c]) <= 1e-6;
                }
            }
        }
    }
    free(t);
    ck_assert_int_eq(near, 0);
}
END_TEST

void
colour_ties_tests(Suite *s)
{
    TCase *tc = tcase_create("colour ties");

    tcase_add_test(tc, test_ocean_no_ties);
    tcase_add_test(tc, test_biome_table_edges_no_ties);
    suite_add_tcase(s, tc);
}
