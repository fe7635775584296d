/* Engine profiles' sizes and tiles (io/engine.h). */
#include "config.h"

#include "io/engine.h"
#include "tests.h"

START_TEST(engine_sizes)
{
    int side, tiles, tile;
    ck_assert_int_eq(engine_profile_parse("unreal"), ENGINE_UNREAL);
    ck_assert_int_eq(engine_profile_parse("Unity"), ENGINE_NONE);
    /* Unity: 2^n+1 up to 4097, then 2049-sample tiles sharing an edge */
    engine_layout(ENGINE_UNITY, 144, &side, &tiles, &tile);
    ck_assert_int_eq(side, 257);
    ck_assert_int_eq(tiles, 1);
    engine_layout(ENGINE_UNITY, 4097, &side, &tiles, &tile);
    ck_assert_int_eq(side, 4097);
    engine_layout(ENGINE_UNITY, 4098, &side, &tiles, &tile);
    ck_assert_int_eq(tiles, 3);
    ck_assert_int_eq(tile, 2049);
    ck_assert_int_eq(side, 6145);
    /* Unreal: its recommended sizes, then 2017-sample tiles */
    engine_layout(ENGINE_UNREAL, 1000, &side, &tiles, &tile);
    ck_assert_int_eq(side, 1009);
    engine_layout(ENGINE_UNREAL, 1010, &side, &tiles, &tile);
    ck_assert_int_eq(side, 2017);
    engine_layout(ENGINE_UNREAL, 8129, &side, &tiles, &tile);
    ck_assert_int_eq(side, 8129);
    engine_layout(ENGINE_UNREAL, 16384, &side, &tiles, &tile);
    ck_assert_int_eq(tiles, 9);
    ck_assert_int_eq(side, 9 * 2016 + 1);
    /* Godot: 2^n+1, one file */
    engine_layout(ENGINE_GODOT, 1025, &side, &tiles, &tile);
    ck_assert_int_eq(side, 1025);
    engine_layout(ENGINE_GODOT, 30000, &side, &tiles, &tile);
    ck_assert_int_eq(side, 16385);
    ck_assert_int_eq(tiles, 1);
}
END_TEST

void
engine_tests(Suite *s)
{
    TCase *c = tcase_create("engine");
    tcase_add_test(c, engine_sizes);
    suite_add_tcase(s, c);
}
