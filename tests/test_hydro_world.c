/* Hydrology of whole worlds through the pipeline: islands drain to the
 * sea, are deterministic and wet near water, the Fuji DEM world, and the
 * drawn rivers (width, antialiasing, iso rivers along the curve). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/hydro/moisture.h"
#include "core/pipeline.h"
#include "render/iso.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "tests.h"
#include "test_hydro.h"

/* --- whole worlds through the pipeline ------------------------------------------- */

static struct world *
island(uint64_t seed, int cells, int threads)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;

    params_defaults(&p);
    p.seed = seed;
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, cells, &e), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

/* A struct run viewing a finished island's hydrology (vertex heights and
 * outlets recomputed by the rule in hydro.h). */
static void
island_view(struct run *r, const struct world *w)
{
    size_t i;
    hydro_graph_mesh(&r->g, w->mesh, HYDRO_MESH_TRIANGLES);
    ck_assert_uint_eq(r->g.n, w->nhydro);
    r->elev = calloc(r->g.n, sizeof *r->elev);
    r->outlet = calloc(r->g.n, 1);
    r->filled = w->hydro_elev;
    r->downhill = w->downhill;
    r->flow = w->flow;
    for (i = 0; i < r->g.n; i++) {
        const int32_t *t = w->mesh->triangles + 3 * i, *he = w->mesh->halfedges + 3 * i;
        r->elev[i] = (w->elevation[t[0]] + w->elevation[t[1]] + w->elevation[t[2]]) / 3.0f;
        r->outlet[i] = w->water[t[0]] == WATER_OCEAN || w->water[t[1]] == WATER_OCEAN ||
                       w->water[t[2]] == WATER_OCEAN || he[0] < 0 || he[1] < 0 || he[2] < 0;
    }
}

/* Every Voronoi vertex drains to an outlet without cycles, never uphill on
 * the filled surface; outlets pass on all the rain; every river ends in the
 * ocean and widens downstream outside lakes. */
START_TEST(island_drains_to_sea)
{
    struct world *w = island(7, 4000, 1);
    struct run r;
    const struct world_stat *rain = world_stat_find(w, "hydro.total_rain");
    double out = 0.0;
    size_t i, rivers = 0;

    island_view(&r, w);
    test_hydro_check_chains(&r);
    for (i = 0; i < r.g.n; i++) {
        int32_t d = w->downhill[i];
        if (d < 0) {
            out += w->flow[i];
        }
        if (w->river_width[i] > 0.0f) {
            size_t j = i;
            rivers++;
            while (w->downhill[j] >= 0) {
                j = (size_t)w->downhill[j];
            }
            ck_assert_msg(r.outlet[j], "river at %zu ends inland", i);
            if (d >= 0 && w->river_width[d] > 0.0f) {
                ck_assert_float_ge(w->river_width[d], w->river_width[i]);
            }
        }
    }
    ck_assert_ptr_nonnull(rain);
    ck_assert_double_eq_tol(out, rain->a, 1e-4 * rain->a);
    ck_assert_uint_gt(rivers, 0);
    ck_assert_ptr_nonnull(world_stat_find(w, "hydro.connectivity"));
    free(r.elev);
    free(r.outlet);
    world_unref(w);
}
END_TEST

/* Moisture on an island: never below the base noise, exactly 1 on cells a
 * river runs through (distance 0 to fresh water), and biomes follow the
 * Whittaker rule from elevation and moisture. */
START_TEST(island_moisture_near_water)
{
    struct world *w = island(7, 4000, 1);
    struct moisture_noise mn;
    size_t i, river_cells = 0;
    uint8_t *on_river = calloc(w->ncells, 1);

    moisture_noise_init(&mn, &w->params);
    for (i = 0; i < w->nhydro; i++) {
        if (w->river_width[i] > 0.0f) {
            on_river[w->mesh->triangles[3 * i]] = 1;
            on_river[w->mesh->triangles[3 * i + 1]] = 1;
            on_river[w->mesh->triangles[3 * i + 2]] = 1;
        }
    }
    for (i = 0; i < w->ncells; i++) {
        double base;
        if (w->water[i] != WATER_LAND) {
            ck_assert_float_eq(w->moisture[i], 1.0f);
            continue;
        }
        base = moisture_noise_at(&mn, w->mesh->points[2 * i], w->mesh->points[2 * i + 1]);
        ck_assert_double_ge(w->moisture[i] + 1e-6, base);
        if (on_river[i]) {
            ck_assert_float_eq(w->moisture[i], 1.0f);
            river_cells++;
        }
        ck_assert_int_eq(w->biome[i], biome_classify(biome_elevation(w, i), w->moisture[i]));
    }
    ck_assert_uint_gt(river_cells, 10);
    free(on_river);
    world_unref(w);
}
END_TEST

/* The same seed gives identical hydrology, moisture and colours, also with a
 * different thread count; another seed does not. */
START_TEST(island_deterministic)
{
    struct world *a = island(21, 3000, 1), *b = island(21, 3000, 2);
    size_t n = a->nhydro;
    ck_assert_uint_eq(n, b->nhydro);
    ck_assert(memcmp(a->hydro_elev, b->hydro_elev, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->downhill, b->downhill, n * sizeof(int32_t)) == 0);
    ck_assert(memcmp(a->flow, b->flow, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->river_width, b->river_width, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->lake, b->lake, n) == 0);
    ck_assert(memcmp(a->moisture, b->moisture, a->ncells * sizeof(float)) == 0);
    ck_assert(memcmp(a->biome, b->biome, a->ncells) == 0);
    ck_assert(memcmp(a->color, b->color, a->ncells * sizeof(uint32_t)) == 0);
    world_unref(a);
    world_unref(b);
}
END_TEST

/* The dem source end to end on Fuji: the stats carry the reference numbers
 * and the crater is a lake in the water mask. */
START_TEST(dem_world_fuji)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    struct dem_raster raster;
    const struct world_stat *s;

    memset(&raster, 0, sizeof raster);
    ck_assert_int_eq(pngio_read_raster(test_shared_data_path("dem/fuji.png"), &raster, &e), OG_OK);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = &raster;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    s = world_stat_find(w, "hydro.raised");
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq((long)s->a, 4149);
    s = world_stat_find(w, "hydro.max_raise_at");
    ck_assert_ptr_nonnull(s);
    ck_assert_double_eq(s->a, 313.0);
    ck_assert_double_eq(s->b, 174.0);
    s = world_stat_find(w, "hydro.max_raise");
    ck_assert_double_eq_tol(s->a, 158.4, 0.02);
    ck_assert_int_eq(w->water[174 * 512 + 313], WATER_LAKE);
    ck_assert_ptr_nonnull(w->biome);
    ck_assert_int_eq(w->biome[174 * 512 + 313], BIOME_LAKE);
    s = world_stat_find(w, "hydro.outlets");
    ck_assert_int_eq((long)s->a, 2044); /* the border; Fuji has no sea */
    {
        /* The map at one pixel per cell: the crater is lake; the largest
         * river is drawn all the way to where it leaves the map. */
        struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
        uint32_t *rgb = malloc(512 * 512 * sizeof *rgb);
        uint8_t *cls = malloc(512 * 512);
        const struct world_stat *at = world_stat_find(w, "hydro.max_flow_at");
        size_t i, river = 0, mouth;
        ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &v, 512, 512, rgb, cls, &e), OG_OK);
        ck_assert_int_eq(cls[174 * 512 + 313], MC_LAKE);
        mouth = (size_t)at->b * 512 + (size_t)at->a;
        ck_assert_int_eq(at->b, 511.0);
        ck_assert_int_eq(cls[mouth], MC_RIVER);
        for (i = 0; i < 512 * 512; i++) {
            river += cls[i] == MC_RIVER;
        }
        ck_assert_uint_gt(river, 2000);
        free(rgb);
        free(cls);
    }
    world_unref(w);
    dem_raster_fini(&raster);
}
END_TEST

/* River drawing on a hand-made grid world: a straight river along row 16,
 * 4 cells wide, drawn at one pixel per cell. Pixels within the radius take
 * the river colour exactly, the anti-aliased edge pixel half of it, pixels
 * beyond are untouched; a river thinner than a pixel is faded and not
 * classed as river. */
START_TEST(draw_rivers_width_and_antialiasing)
{
    struct params p;
    struct world *w;
    struct og_error e;
    struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t rgb[32 * 32];
    uint8_t cls[32 * 32];
    int x;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &e), OG_OK);
    w->width = w->height = 32;
    w->ncells = w->nhydro = 32 * 32;
    ck_assert_int_eq(world_alloc((void **)&w->downhill, w->nhydro, sizeof(int32_t), "d", &e),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->river_width, w->nhydro, sizeof(float), "r", &e),
                     OG_OK);
    for (x = 0; x < 32 * 32; x++) {
        w->downhill[x] = -1;
    }
    for (x = 5; x <= 25; x++) {
        w->downhill[16 * 32 + x] = 16 * 32 + x + 1;
        w->river_width[16 * 32 + x] = 4.0f;
    }
    memset(rgb, 0, sizeof rgb);
    memset(cls, MC_GRASS, sizeof cls);
    ck_assert_int_eq(mapimg_draw_rivers(w, LAYER_COLOR, &v, 32, 32, rgb, cls, &e), OG_OK);
    ck_assert_uint_eq(rgb[16 * 32 + 15], 0x3b78b4u);  /* on the line */
    ck_assert_uint_eq(rgb[17 * 32 + 15], 0x3b78b4u);  /* 1 cell off: inside radius 2 */
    ck_assert_uint_eq(rgb[18 * 32 + 15], 0x1e3c5au);  /* 2 off: the edge, half covered */
    ck_assert_uint_eq(rgb[19 * 32 + 15], 0u);         /* 3 off: untouched */
    ck_assert_int_eq(cls[18 * 32 + 15], MC_RIVER);
    ck_assert_int_eq(cls[19 * 32 + 15], MC_GRASS);
    ck_assert_uint_eq(rgb[16 * 32 + 2], 0u);          /* upstream of the source */

    for (x = 5; x <= 25; x++) {
        w->river_width[16 * 32 + x] = 0.2f;
    }
    memset(rgb, 0, sizeof rgb);
    memset(cls, MC_GRASS, sizeof cls);
    ck_assert_int_eq(mapimg_draw_rivers(w, LAYER_COLOR, &v, 32, 32, rgb, cls, &e), OG_OK);
    ck_assert_uint_gt(rgb[16 * 32 + 15], 0u);
    ck_assert_uint_lt((rgb[16 * 32 + 15] >> 16) & 0xff, 0x3bu);
    ck_assert_int_eq(cls[16 * 32 + 15], MC_GRASS);
    world_unref(w);
}
END_TEST

/* Iso rivers on a grid (render/iso_field.c): a river running at 1 in 3 is
 * a D8 staircase (E, E, SE, ...). The field's vertex colours take the map's
 * curve smoothed along the flow, anti-aliased: cells off the staircase
 * but within 0.75 cells of the ideal line (at each step, the corner cells
 * the line passes between) are tinted, and cells 3 away keep the ground
 * colour. The old per-cell tint coloured exactly the staircase cells. */
START_TEST(iso_rivers_follow_the_curve)
{
    enum { S = 40 };
    struct params p;
    struct world *w;
    struct og_error e;
    struct iso_field f;
    uint8_t on_path[S * S];
    uint32_t ground;
    int x, y, k, tinted_off = 0;
    size_t i;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &e), OG_OK);
    w->width = w->height = S;
    w->ncells = w->nhydro = S * S;
    ck_assert_int_eq(world_alloc((void **)&w->elevation, w->ncells, sizeof(float), "e", &e), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->downhill, w->nhydro, sizeof(int32_t), "d", &e),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->river_width, w->nhydro, sizeof(float), "r", &e),
                     OG_OK);
    for (i = 0; i < w->ncells; i++) {
        w->elevation[i] = 0.5f;
        w->downhill[i] = -1;
    }
    w->elev_min = 0.0f;
    w->elev_max = 1.0f;
    memset(on_path, 0, sizeof on_path);
    x = 2;
    y = 5;
    for (k = 0; k < 30; k++) {
        int nx = x + 1, ny = k % 3 == 2 ? y + 1 : y;
        on_path[y * S + x] = 1;
        w->river_width[y * S + x] = 0.8f;
        w->downhill[y * S + x] = ny * S + nx;
        x = nx;
        y = ny;
    }
    ck_assert_int_eq(iso_field_from_world(&f, w, 0, &e), OG_OK);
    ground = f.color[2 * S + 30];
    for (x = 8; x < 28; x++) {
        /* the ideal line through the middles of the steps: y = 5 + (x - 3) / 3 */
        double yl = 5.0 + (x - 3.0) / 3.0;
        for (y = 0; y < S; y++) {
            double d = fabs(y - yl);
            uint32_t c = f.color[y * S + x];
            if (d >= 3.0) {
                ck_assert_uint_eq(c, ground);
            } else if (!on_path[y * S + x] && d < 0.75) {
                tinted_off += c != ground;
            }
        }
    }
    ck_assert_int_gt(tinted_off, 3);
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST

void
hydro_world_tests(Suite *s)
{
    TCase *tc = tcase_create("worlds");

    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, island_drains_to_sea);
    tcase_add_test(tc, island_deterministic);
    tcase_add_test(tc, island_moisture_near_water);
    tcase_add_test(tc, dem_world_fuji);
    tcase_add_test(tc, draw_rivers_width_and_antialiasing);
    tcase_add_test(tc, iso_rivers_follow_the_curve);
    suite_add_tcase(s, tc);
}
