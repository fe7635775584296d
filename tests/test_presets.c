/* presets: every shipped preset (data/presets) looks like its description,
 * checked by one measurable property each over five seeds (issue 10).
 * planet-* and lingua-franca are checked with the planet generator's tests. */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "core/world.h"
#include "tui/paramedit.h"

#define SEEDS 5

static struct world *
generate_preset2(const char *name, uint64_t seed, int expect_gen, const char *key1, double value1,
                 const char *key2, double value2)
{
    char file[256];
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    int gen = -1;

    params_defaults(&p);
    snprintf(file, sizeof file, "presets/%s.ini", name);
    ck_assert_msg(preset_load_file(test_shared_data_path(file), &p, &gen, NULL, &e) == OG_OK, "%s",
                  e.msg);
    ck_assert_int_eq(gen, expect_gen);
    p.seed = seed;
    if (key1 != NULL) {
        int id = params_find(key1);
        ck_assert(id >= 0);
        ck_assert(params_set(&p, (enum param_id)id, value1, NULL) == OG_OK);
    }
    if (key2 != NULL) {
        int id = params_find(key2);
        ck_assert(id >= 0);
        ck_assert(params_set(&p, (enum param_id)id, value2, NULL) == OG_OK);
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 2;
    ck_assert_msg(pipeline_run(generator_get((enum gen_id)gen), &ctx, &w, &e) == OG_OK, "%s: %s",
                  name, e.msg);
    return w;
}

static struct world *
generate_preset(const char *name, uint64_t seed, int expect_gen, const char *key, double value)
{
    return generate_preset2(name, seed, expect_gen, key, value, NULL, 0.0);
}

/* Land components of an island world (cells not ocean, joined across
 * Voronoi edges): sizes into *sizes (malloc'd, caller frees), count
 * returned, sorted largest first. */
static size_t
landmasses(const struct world *w, size_t **sizes, size_t *land)
{
    size_t n = w->mesh->npoints, i, count = 0;
    int32_t *comp = malloc(n * sizeof *comp), *queue = malloc(n * sizeof *queue), nb[64];
    size_t *sz = calloc(n, sizeof *sz);

    *land = 0;
    for (i = 0; i < n; i++) {
        comp[i] = -1;
    }
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        if (w->water[i] == WATER_OCEAN || comp[i] >= 0) {
            continue;
        }
        comp[i] = (int32_t)count;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = queue[head++];
            int k, m = mesh_cell_neighbors(w->mesh, c, nb, 64);
            sz[count]++;
            for (k = 0; k < m; k++) {
                if (w->water[nb[k]] != WATER_OCEAN && comp[nb[k]] < 0) {
                    comp[nb[k]] = (int32_t)count;
                    queue[tail++] = nb[k];
                }
            }
        }
        *land += sz[count];
        count++;
    }
    for (i = 1; i < count; i++) { /* insertion sort, largest first */
        size_t v = sz[i], j = i;
        while (j > 0 && sz[j - 1] < v) {
            sz[j] = sz[j - 1];
            j--;
        }
        sz[j] = v;
    }
    free(comp);
    free(queue);
    *sizes = sz;
    return count;
}

static double
dist_to_centre(const struct world *w, size_t i)
{
    double x = w->mesh->points[2 * i] - 0.5, y = w->mesh->points[2 * i + 1] - 0.5;
    return sqrt(x * x + y * y);
}

/* atoll, "a ring of low islands around a lagoon": the centre is water;
 * land surrounds it (at least 60 of the 72 5-degree sectors at 0.15-0.45
 * from the centre have land) in a narrow rim (95 % of the land at 0.2-0.4);
 * the rim is broken into islands (at least 4 of 3+ cells; the beads of
 * anchor_layout = ring made one band, 1 landmass for every seed); no land
 * rises above 0.25 (no mountain, no snow). */
START_TEST(test_atoll)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w = generate_preset("atoll", s, GEN_ISLAND, NULL, 0.0);
        size_t n = w->mesh->npoints, i, centre = 0, sectors_with_land = 0, rim = 0, islands = 0;
        size_t *sz, land, count = landmasses(w, &sz, &land);
        int sector[72] = { 0 };
        double hmax = 0.0;
        for (i = 0; i < n; i++) {
            double r = dist_to_centre(w, i);
            if (r < dist_to_centre(w, centre)) {
                centre = i;
            }
            if (w->water[i] == WATER_OCEAN) {
                continue;
            }
            hmax = w->elevation[i] > hmax ? w->elevation[i] : hmax;
            rim += r > 0.2 && r < 0.4;
            if (r > 0.15 && r < 0.45) {
                double a = atan2(w->mesh->points[2 * i + 1] - 0.5, w->mesh->points[2 * i] - 0.5);
                int k = (int)floor((a + M_PI) / (2.0 * M_PI) * 72.0);
                sector[k < 0 ? 0 : (k > 71 ? 71 : k)] = 1;
            }
        }
        for (i = 0; i < 72; i++) {
            sectors_with_land += (size_t)sector[i];
        }
        for (i = 0; i < count; i++) {
            islands += sz[i] >= 3;
        }
        ck_assert_msg(w->water[centre] == WATER_OCEAN, "seed %llu: the centre is land",
                      (unsigned long long)s);
        ck_assert_msg(sectors_with_land >= 60, "seed %llu: land in %zu of 72 sectors of the ring",
                      (unsigned long long)s, sectors_with_land);
        ck_assert_msg(rim * 100 >= land * 95, "seed %llu: %zu of %zu land cells on the rim",
                      (unsigned long long)s, rim, land);
        ck_assert_msg(islands >= 4, "seed %llu: %zu islands of 3+ cells", (unsigned long long)s,
                      islands);
        ck_assert_msg(hmax <= 0.25, "seed %llu: land rises to %g", (unsigned long long)s, hmax);
        free(sz);
        world_unref(w);
    }
}
END_TEST

/* archipelago, "many small islands scattered over the map": at least five
 * islands of 20+ cells and none holding 60 % of the land. */
START_TEST(test_archipelago)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w = generate_preset("archipelago", s, GEN_ISLAND, NULL, 0.0);
        size_t *sz, land, count = landmasses(w, &sz, &land), big = 0, i;
        for (i = 0; i < count; i++) {
            big += sz[i] >= 20;
        }
        ck_assert_msg(big >= 5 && count > 0 && (double)sz[0] < 0.6 * (double)land,
                      "seed %llu: %zu islands of 20+ cells, largest %zu of %zu land cells",
                      (unsigned long long)s, big, count ? sz[0] : 0, land);
        free(sz);
        world_unref(w);
    }
}
END_TEST

/* One landmass holding at least `share` of the land, and the land fraction
 * in [lo, hi]. */
static void
check_one_land(const char *name, double share, double lo, double hi, struct world **keep,
               uint64_t s)
{
    struct world *w = generate_preset(name, s, GEN_ISLAND, NULL, 0.0);
    size_t *sz, land, count = landmasses(w, &sz, &land);
    double frac = (double)land / (double)w->mesh->npoints;
    ck_assert_msg(count > 0 && (double)sz[0] >= share * (double)land && frac >= lo && frac <= hi,
                  "%s seed %llu: largest landmass %zu of %zu land cells, land fraction %.3f",
                  name, (unsigned long long)s, count ? sz[0] : 0, land, frac);
    free(sz);
    *keep = w;
}

/* highlands, "one broad island with wide uplands": one island with 85 % of
 * the land, over 15 % of the map, a quarter of its land above 0.35. */
START_TEST(test_highlands)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w;
        size_t i, land = 0, up = 0;
        check_one_land("highlands", 0.85, 0.15, 1.0, &w, s);
        for (i = 0; i < w->mesh->npoints; i++) {
            if (w->water[i] != WATER_OCEAN) {
                land++;
                up += w->elevation[i] > 0.35f;
            }
        }
        ck_assert_msg(4 * up >= land, "highlands seed %llu: %zu of %zu land cells above 0.35",
                      (unsigned long long)s, up, land);
        world_unref(w);
    }
}
END_TEST

/* Distance of cell i's site from the nearest map edge (map sides). */
static double
dist_to_edge(const struct world *w, size_t i)
{
    double x = w->mesh->points[2 * i], y = w->mesh->points[2 * i + 1];
    return fmin(fmin(x, 1.0 - x), fmin(y, 1.0 - y));
}

/* pangaea, "one large continent filling most of the map, open sea all
 * round": one landmass with 90 % of the land, which covers at least 45 % of
 * the map, and no land within 2 % of the map side from the edge (before the
 * fourth-power falloff every seed had land on the edge, seeds 1 and 3 a
 * coast running along it). */
START_TEST(test_pangaea)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w;
        size_t i, edge = 0;
        check_one_land("pangaea", 0.9, 0.45, 1.0, &w, s);
        for (i = 0; i < w->mesh->npoints; i++) {
            edge += w->water[i] != WATER_OCEAN && dist_to_edge(w, i) < 0.02;
        }
        ck_assert_msg(edge == 0, "pangaea seed %llu: %zu land cells within 0.02 of the edge",
                      (unsigned long long)s, edge);
        world_unref(w);
    }
}
END_TEST

/* volcano, "a single steep cone in the middle of the sea": one island with
 * 90 % of the land, under a quarter of the map, its summit within 0.1 of
 * the centre, and no lake on the upper half of the cone (the paraboloid
 * falloff left lakes between summit bumps: 14 lake cells above 0.5 for
 * seed 1, 1 for seed 2). */
START_TEST(test_volcano)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w;
        size_t i, top = 0, high_lake = 0;
        check_one_land("volcano", 0.9, 0.01, 0.25, &w, s);
        for (i = 0; i < w->mesh->npoints; i++) {
            top = w->elevation[i] > w->elevation[top] ? i : top;
            high_lake += w->water[i] == WATER_LAKE && w->elevation[i] > 0.5f;
        }
        ck_assert_msg(high_lake == 0, "volcano seed %llu: %zu lake cells above 0.5",
                      (unsigned long long)s, high_lake);
        ck_assert_msg(dist_to_centre(w, top) < 0.1, "volcano seed %llu: summit %.3f from the centre",
                      (unsigned long long)s, dist_to_centre(w, top));
        world_unref(w);
    }
}
END_TEST

/* Largest 8-connected component of Mountain cells: its cell count and the
 * longer side of its bounding box in cells. */
static void
largest_mountain(const struct world *w, size_t *cells, int *span)
{
    size_t n = w->ncells, i;
    uint8_t *seen = calloc(n, 1);
    int32_t *queue = malloc(n * sizeof *queue);
    *cells = 0;
    *span = 0;
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        int x0 = w->width, x1 = -1, y0 = w->height, y1 = -1;
        if (seen[i] || !(w->mask[i] && w->elevation[i] > 0.1f)) {
            continue;
        }
        seen[i] = 1;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = queue[head++];
            int x = c % w->width, y = c / w->width, dx, dy;
            x0 = x < x0 ? x : x0;
            x1 = x > x1 ? x : x1;
            y0 = y < y0 ? y : y0;
            y1 = y > y1 ? y : y1;
            for (dy = -1; dy <= 1; dy++) {
                for (dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    size_t q;
                    if (nx < 0 || ny < 0 || nx >= w->width || ny >= w->height) {
                        continue;
                    }
                    q = (size_t)ny * (size_t)w->width + (size_t)nx;
                    if (!seen[q] && w->mask[q] && w->elevation[q] > 0.1f) {
                        seen[q] = 1;
                        queue[tail++] = (int32_t)q;
                    }
                }
            }
        }
        if (tail > *cells) {
            *cells = tail;
            *span = (x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) + 1;
        }
    }
    free(seen);
    free(queue);
}

/* Mean over Mountain cells of the 4-neighbour step distance to the nearest
 * cell that is not Mountain: half the typical width of the ranges. */
static double
mean_half_width(const struct world *w)
{
    size_t n = w->ncells, i, head = 0, tail = 0, count = 0;
    int32_t *dist = malloc(n * sizeof *dist), *queue = malloc(n * sizeof *queue);
    double sum = 0.0;
    for (i = 0; i < n; i++) {
        int mountain = w->mask[i] && w->elevation[i] > 0.1f;
        dist[i] = mountain ? -1 : 0;
        if (!mountain) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t c = queue[head++];
        int x = c % w->width, y = c / w->width, k;
        static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            size_t q;
            if (nx < 0 || ny < 0 || nx >= w->width || ny >= w->height) {
                continue;
            }
            q = (size_t)ny * (size_t)w->width + (size_t)nx;
            if (dist[q] < 0) {
                dist[q] = dist[c] + 1;
                queue[tail++] = (int32_t)q;
            }
        }
    }
    for (i = 0; i < n; i++) {
        if (dist[i] > 0) {
            sum += dist[i];
            count++;
        }
    }
    free(dist);
    free(queue);
    return count ? sum / (double)count : 0.0;
}

/* hybrid-ranges, "long, deeply eroded mountain ranges": the largest range
 * spans at least half the map side, the ranges are narrow (the mean
 * distance from a Mountain cell to the range's edge is under 0.7 of what
 * the same preset gives with the seed's pool-shaped fbm mask; 0.48 for
 * seed 3), and the droplets remove on average at least 0.01
 * height units per mask cell (here at 1 droplet per cell instead of 5, to
 * keep the test short). */
START_TEST(test_hybrid_ranges)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w = generate_preset("hybrid-ranges", s, GEN_HYBRID,
                                          "hybrid.droplets_per_cell", 1.0);
        size_t cells;
        int span;
        double eroded = world_stat_find(w, "hybrid.eroded")->a;
        double mask = world_stat_find(w, "hybrid.mask_cells")->a;
        double half = mean_half_width(w), half_pools;
        struct world *pools = generate_preset2("hybrid-ranges", s, GEN_HYBRID,
                                               "hybrid.mask_shape", 0.0,
                                               "hybrid.droplets_per_cell", 0.0);
        half_pools = mean_half_width(pools);
        world_unref(pools);
        largest_mountain(w, &cells, &span);
        ck_assert_msg(2 * span >= w->width && half < 0.7 * half_pools &&
                          eroded >= 0.01 * mask,
                      "seed %llu: largest range %zu cells spanning %d of %d, mean half width "
                      "%.2f cells (%.2f with the fbm mask), eroded %.3f per mask cell",
                      (unsigned long long)s, cells, span, w->width, half, half_pools,
                      eroded / mask);
        world_unref(w);
    }
}
END_TEST

/* hybrid-tabletop, "a small walkable battle map": 96 x 64 cells and at
 * least 70 % of them walkable (not Mountain, not water). */
START_TEST(test_hybrid_tabletop)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w = generate_preset("hybrid-tabletop", s, GEN_HYBRID, NULL, 0.0);
        size_t i, walk = 0;
        for (i = 0; i < w->ncells; i++) {
            walk += !(w->mask[i] && w->elevation[i] > 0.1f) && w->water[i] == WATER_LAND;
        }
        ck_assert_int_eq(w->width, 96);
        ck_assert_int_eq(w->height, 64);
        ck_assert_msg((double)walk >= 0.7 * (double)w->ncells, "seed %llu: %zu of %zu walkable",
                      (unsigned long long)s, walk, w->ncells);
        world_unref(w);
    }
}
END_TEST

/* donjourno, the seed's rules as written: exactly 30 % of the cells in the
 * mask, every cell outside it exactly 0, no water, and walled pools: with
 * the seed's 0.05 blend most of the pool is Mountain right up to its edge
 * (at least 65 % of the mask cells before erosion; the default depth blend
 * leaves about 55 %, the rest foothills). */
START_TEST(test_donjourno)
{
    uint64_t s;
    for (s = 1; s <= SEEDS; s++) {
        struct world *w = generate_preset("donjourno", s, GEN_HYBRID, "hybrid.droplets_per_cell",
                                          0.0);
        size_t i, mask = 0, mountain = 0;
        for (i = 0; i < w->ncells; i++) {
            mask += w->mask[i];
            mountain += w->mask[i] && w->elevation[i] > 0.1f;
            ck_assert(w->mask[i] || w->elevation[i] == 0.0f);
            ck_assert_int_eq(w->water[i], WATER_LAND);
        }
        ck_assert_uint_eq(mask, (size_t)floor(0.3 * (double)w->ncells + 0.5));
        ck_assert_msg((double)mountain >= 0.65 * (double)mask,
                      "seed %llu: %zu of %zu mask cells are Mountain", (unsigned long long)s,
                      mountain, mask);
        world_unref(w);
    }
}
END_TEST

Suite *
presets_suite(void)
{
    Suite *s = suite_create("presets");
    TCase *tc = tcase_create("look");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_atoll);
    tcase_add_test(tc, test_archipelago);
    tcase_add_test(tc, test_highlands);
    tcase_add_test(tc, test_pangaea);
    tcase_add_test(tc, test_volcano);
    tcase_add_test(tc, test_hybrid_ranges);
    tcase_add_test(tc, test_hybrid_tabletop);
    tcase_add_test(tc, test_donjourno);
    suite_add_tcase(s, tc);
    return s;
}
