/* Island generator: determinism, coast at 0, ocean border, land fraction. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/generators.h"
#include "core/mesh.h"
#include "core/pipeline.h"
#include "tests.h"

static struct world *
make_island(uint64_t seed, int cells)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    params_defaults(&p);
    p.seed = seed;
    ck_assert(params_set(&p, P_ISLAND_CELLS, cells, &e) == OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

START_TEST(same_seed_same_bytes)
{
    struct world *a = make_island(11, 3000), *b = make_island(11, 3000), *c = make_island(12, 3000);
    ck_assert_uint_eq(a->ncells, b->ncells);
    ck_assert(memcmp(a->elevation, b->elevation, a->ncells * sizeof(float)) == 0);
    ck_assert(memcmp(a->mesh->points, b->mesh->points, a->ncells * 2 * sizeof(double)) == 0);
    ck_assert(memcmp(a->color, b->color, a->ncells * sizeof(uint32_t)) == 0);
    ck_assert(memcmp(a->elevation, c->elevation, a->ncells * sizeof(float)) != 0);
    world_unref(a);
    world_unref(b);
    world_unref(c);
}
END_TEST

START_TEST(coast_border_and_land_fraction)
{
    struct world *w = make_island(3, 4000);
    size_t i, land = 0;
    int seeds;
    for (i = 0; i < w->ncells; i++) {
        double x = w->mesh->points[2 * i], y = w->mesh->points[2 * i + 1];
        float e = w->elevation[i];
        ck_assert(e >= -1.0f && e <= 1.0f);
        ck_assert_int_eq(w->water[i] == WATER_OCEAN, e <= 0.0f);
        land += w->water[i] == WATER_LAND;
        /* The anchor falloff drowns the map's edge. */
        if (x < 0.02 || y < 0.02 || x > 0.98 || y > 0.98) {
            ck_assert_msg(w->water[i] == WATER_OCEAN, "edge cell %zu is land", i);
        }
    }
    ck_assert(w->elev_max == 1.0f);
    ck_assert(w->elev_min == -1.0f);
    /* An island, not a speck and not a continent, over several seeds. */
    ck_assert_msg(land > w->ncells / 10 && land < w->ncells * 7 / 10, "land %zu of %zu", land,
                  w->ncells);
    world_unref(w);
    for (seeds = 1; seeds <= 4; seeds++) {
        w = make_island((uint64_t)seeds * 1000, 2000);
        for (i = 0, land = 0; i < w->ncells; i++) {
            land += w->water[i] == WATER_LAND;
        }
        ck_assert_msg(land > w->ncells / 20, "seed %d: land %zu", seeds * 1000, land);
        world_unref(w);
    }
}
END_TEST

START_TEST(stage_times_recorded)
{
    struct world *w = make_island(5, 1000);
    ck_assert_int_ge(w->nstages, 5);
    ck_assert_str_eq(w->times[0].name, "sites");
    world_unref(w);
}
END_TEST

Suite *
island_suite(void)
{
    Suite *s = suite_create("island");
    TCase *c = tcase_create("method");
    tcase_add_test(c, same_seed_same_bytes);
    tcase_add_test(c, coast_border_and_land_fraction);
    tcase_add_test(c, stage_times_recorded);
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    return s;
}
