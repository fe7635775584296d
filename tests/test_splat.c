/* Splat maps' weights (io/raster/splatmap.h): the ground material of a
 * biome or water, the slope bounds of scree and rock, the forest share,
 * and the sum of 255 for every input. */
#include "config.h"

#include "core/biome/biome.h"
#include "io/raster/splatmap.h"
#include "tests.h"

static int
weight_sum(const uint8_t *w)
{
    int i, s = 0;
    for (i = 0; i < SPLAT_COUNT; i++) {
        s += w[i];
    }
    return s;
}

START_TEST(splat_ground_and_slopes)
{
    struct splat_point p = { BIOME_GRASSLAND, WATER_LAND, 0, -1.0, 0.0 };
    uint8_t w[SPLAT_COUNT];

    /* flat ground: the biome's material alone */
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_GRASS], 255);
    p.biome = BIOME_SNOW;
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_SNOW], 255);
    p.biome = BIOME_TAIGA;
    ck_assert_int_eq(splat_ground(&p), SPLAT_FOREST_FLOOR);
    p.biome = BIOME_SUBTROPICAL_DESERT;
    ck_assert_int_eq(splat_ground(&p), SPLAT_SAND);
    p.biome = BIOME_PLAYA;
    ck_assert_int_eq(splat_ground(&p), SPLAT_MUD);
    /* water and rivers before the biome */
    p.biome = BIOME_GRASSLAND;
    p.water = WATER_OCEAN;
    ck_assert_int_eq(splat_ground(&p), SPLAT_SAND);
    p.water = WATER_LAKE;
    ck_assert_int_eq(splat_ground(&p), SPLAT_MUD);
    p.water = WATER_LAND;
    p.river = 1;
    ck_assert_int_eq(splat_ground(&p), SPLAT_MUD);
    p.river = 0;
    /* slopes: below tan 25 none, tan 30 half scree, tan 40 between scree
       and rock, from tan 45 all rock */
    p.slope = 0.46;
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_GRASS], 255);
    p.slope = 0.5831;  /* just short of halfway between tan 25 and tan 35 */
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_SCREE], 127);
    ck_assert_int_eq(w[SPLAT_GRASS], 128);
    p.slope = 0.8502;  /* just past halfway between tan 35 and tan 45 */
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_ROCK], 128);
    ck_assert_int_eq(w[SPLAT_SCREE], 127);
    ck_assert_int_eq(w[SPLAT_GRASS], 0);
    p.slope = 1.0;
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_ROCK], 255);
    /* a hybrid forest density moves its share of grass to forest floor */
    p.slope = 0.0;
    p.forest = 0.25;
    splat_weights(&p, w);
    ck_assert_int_eq(w[SPLAT_FOREST_FLOOR], 64);
    ck_assert_int_eq(w[SPLAT_GRASS], 191);
    ck_assert_str_eq(splat_material_name(SPLAT_DIRT), "dirt");
}
END_TEST

START_TEST(splat_sums_255)
{
    struct splat_point p = { 0, WATER_LAND, 0, -1.0, 0.0 };
    uint8_t w[SPLAT_COUNT];
    int b, k, f;

    for (b = 0; b < BIOME_COUNT; b++) {
        for (k = 0; k <= 300; k++) {
            for (f = -1; f <= 4; f++) {
                p.biome = b;
                p.slope = k * 0.005;
                p.forest = f < 0 ? -1.0 : f / 4.0 + 0.013;
                p.river = k % 7 == 0;
                splat_weights(&p, w);
                ck_assert_int_eq(weight_sum(w), 255);
            }
        }
    }
}
END_TEST

void
splat_tests(Suite *s)
{
    TCase *c = tcase_create("splat");
    tcase_add_test(c, splat_ground_and_slopes);
    tcase_add_test(c, splat_sums_255);
    suite_add_tcase(s, c);
}
