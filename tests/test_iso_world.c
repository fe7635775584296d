/* Iso renders of generated worlds (render/iso.h): the field of an island
 * mesh, linear interpolation over its triangles, and the streamed render
 * of an export (no cache: vertices, light and water computed band by band)
 * against the cached one on a hybrid world with trees, lakes and jitter,
 * and the base of a dem that has no sea. */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "render/iso.h"
#include "io/png/pngio.h"
#include "render/raster.h"

START_TEST(test_island_field)
{
    const struct generator *g = generator_find("island");
    struct params p;
    struct run_ctx ctx;
    struct og_error err;
    struct world *w;
    struct iso_field f;
    struct iso_options o;
    struct raster *r;
    size_t i, wet = 0, ocean = 0;

    ck_assert_ptr_nonnull(g);
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 2000, &err), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(g, &ctx, &w, &err) == OG_OK, "%s", err.msg);
    ck_assert_int_eq(iso_field_from_world(&f, w, 64, &err), OG_OK);
    ck_assert_int_eq(f.width, 64);
    for (i = 0; i < 64 * 64; i++) {
        ck_assert(f.terrain[i] >= -0.26f && f.terrain[i] <= 1.0001f);
        wet += f.water[i] == 0.0f;
    }
    for (i = 0; i < w->ncells; i++) {
        ocean += w->water[i] == WATER_OCEAN;
    }
    /* sampled ocean area close to the ocean share of the (evenly spread,
     * relaxed) cells */
    ck_assert_double_eq_tol((double)wet / 4096.0, (double)ocean / w->ncells, 0.08);
    iso_options_from_params(&o, &w->params);
    o.subdiv = 1;
    o.view.time = 10.0;
    ck_assert_int_eq(raster_new(&r, 120, 80, &err), OG_OK);
    ck_assert_int_eq(iso_render(NULL, w, &o, r, NULL, &err), OG_OK);
    raster_free(r);
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST

static int
cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Island lakes are flat (issue 24): every lake sample of the iso field
 * lies at the filled surface of one of the world's lake nodes, so a lake
 * has the few levels of its nodes, not one per cell bed (before: each
 * sample at its nearest cell's own height, drawn as stair steps); and
 * only where the interpolated ground is below that level. */
START_TEST(test_island_lakes_flat)
{
    const struct generator *g = generator_find("island");
    struct params p;
    struct run_ctx ctx;
    struct og_error err;
    struct world *w;
    struct iso_field f;
    size_t i, t, nl = 0, lake_samples = 0;
    float *levels;
    double rel;

    params_defaults(&p);
    p.seed = 3;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(g, &ctx, &w, &err) == OG_OK, "%s", err.msg);
    ck_assert_ptr_nonnull(w->lake);
    rel = (double)w->elev_max - w->sea_level;
    levels = malloc(w->nhydro * sizeof *levels);
    ck_assert_ptr_nonnull(levels);
    for (t = 0; t < w->nhydro; t++) {
        if (w->lake[t] == LAKE_WATER) {
            levels[nl++] = (float)(((double)w->hydro_elev[t] - w->sea_level) / rel);
        }
    }
    ck_assert_uint_gt(nl, 0);
    qsort(levels, nl, sizeof *levels, cmp_float);
    ck_assert_int_eq(iso_field_from_world(&f, w, 256, &err), OG_OK);
    for (i = 0; i < 256 * 256; i++) {
        if (f.water[i] > 0.0f) {
            lake_samples++;
            ck_assert_ptr_nonnull(bsearch(&f.water[i], levels, nl, sizeof *levels, cmp_float));
            ck_assert(f.terrain[i] < f.water[i]);
        }
    }
    ck_assert_uint_gt(lake_samples, 50);
    free(levels);
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST

/* Over the Delaunay triangles a linear elevation is reproduced exactly,
 * whatever the triangulation (every site's least-squares tangent plane is
 * the plane itself); colours blend the triangle's sites barycentrically:
 * a sample on a site has its colour, every other one lies between the
 * sites' colours. */
START_TEST(test_mesh_interpolation_linear)
{
    static const double xy[] = {0, 0, 1, 0, 0, 1, 1, 1, 0.5, 0.5, 0.2, 0.7, 0.8, 0.3};
    static const uint32_t col[] = {0x100000, 0x200000, 0x300000, 0x400000, 0x500000,
                                   0x600000, 0x700000};
    struct params p;
    struct og_error err;
    struct world *w;
    struct iso_field f;
    size_t i, n = 7;
    int x, y, R = 33;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_ISLAND, WORLD_MESH, &p, &err), OG_OK);
    ck_assert_int_eq(mesh_build_planar(&w->mesh, xy, n, &err), OG_OK);
    w->ncells = n;
    ck_assert_int_eq(world_alloc((void **)&w->elevation, n, sizeof(float), "e", &err), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->color, n, sizeof(uint32_t), "c", &err), OG_OK);
    for (i = 0; i < n; i++) {
        w->elevation[i] = (float)(0.1 + 0.3 * xy[2 * i] + 0.5 * xy[2 * i + 1]);
        w->color[i] = col[i];
    }
    w->sea_level = 0.0f;
    world_update_extent(w);
    ck_assert_int_eq(iso_field_from_world(&f, w, R, &err), OG_OK);
    for (y = 0; y < R; y++) {
        for (x = 0; x < R; x++) {
            double u = x / (R - 1.0), v = y / (R - 1.0);
            double want = (0.1 + 0.3 * u + 0.5 * v) / (0.1 + 0.3 + 0.5);
            uint32_t c = f.color[y * R + x];
            ck_assert_double_eq_tol(f.terrain[y * R + x], want, 1e-6);
            ck_assert(f.water[y * R + x] == -INFINITY);
            ck_assert_uint_eq(c & 0xffffu, 0);
            ck_assert(c >= 0x100000 && c <= 0x700000);
            for (i = 0; i < n; i++) {
                if (fabs(xy[2 * i] - u) < 1e-12 && fabs(xy[2 * i + 1] - v) < 1e-12) {
                    ck_assert_uint_eq(c, col[i]);
                }
            }
        }
    }
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST


/* An export renders without a cache: nothing full-size is kept, each band
 * computes the vertices, light and water it meets. Its pixels and depths
 * are the cached render's, at every rotation, with trees, water and jitter
 * at subdiv 3, on 1 and 3 threads. */
START_TEST(test_streamed_is_cached)
{
    struct params p;
    struct world *w;
    struct iso_cache *c;
    struct iso_options o;
    struct iso_stats st;
    struct og_error err;
    struct raster *a, *b;
    size_t n = 200 * 140, i, wet = 0;
    int rot;

    test_hybrid_small_params(&p, 48, 48, 0.3, 400);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert_ptr_nonnull(w->trees);
    for (i = 0; i < w->ncells; i++) {
        wet += w->water != NULL && w->water[i] != WATER_LAND;
    }
    ck_assert_uint_gt(wet, 0);
    ck_assert_int_eq(iso_cache_new(&c, &err), OG_OK);
    ck_assert_int_eq(raster_new(&a, 200, 140, &err), OG_OK);
    ck_assert_int_eq(raster_new(&b, 200, 140, &err), OG_OK);
    iso_options_from_params(&o, &w->params);
    o.subdiv = 3;
    o.jitter = 0.5;
    for (rot = 0; rot < 4; rot++) {
        o.view.rotation = rot;
        o.threads = 1;
        ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
        o.threads = 1 + 2 * (rot & 1);
        memset(b->rgba, 0, n * 4);
        ck_assert_int_eq(iso_render(NULL, w, &o, b, &st, &err), OG_OK);
        ck_assert_int_eq(st.rebuilt_geometry, 1);
        ck_assert_int_eq(memcmp(a->rgba, b->rgba, n * 4), 0);
        ck_assert_int_eq(memcmp(a->depth, b->depth, n * sizeof *a->depth), 0);
    }
    /* the render drew the world: most pixels are not the background */
    for (i = 0, wet = 0; i < n; i++) {
        wet += a->rgba[4 * i] != a->rgba[0] || a->rgba[4 * i + 1] != a->rgba[1];
    }
    ck_assert_uint_gt(wet, n / 3);
    raster_free(a);
    raster_free(b);
    iso_cache_free(c);
    world_unref(w);
}
END_TEST

/* A dem of high country (the Front Range tile, 2186-3345 m, no sea) stands
 * on its own lowest ground, not on a wall down to sea level: the block's
 * brown walls (ISO_WALL's hue, any shade) are under a tenth of the drawn
 * pixels (before: 46 %). */
START_TEST(test_dry_dem_base)
{
    struct dem_raster dem;
    struct params p;
    struct og_error err;
    struct world *w;
    struct iso_options o;
    struct raster *r;
    size_t i, n, drawn = 0, wall = 0;

    ck_assert_msg(pngio_read_raster(test_data_path("srtmgl3_front_range_144.png"), &dem, &err) ==
                      OG_OK,
                  "%s", err.msg);
    params_defaults(&p);
    w = test_run_world(GEN_DEM, &p, &dem);
    iso_options_from_params(&o, &w->params);
    o.subdiv = 1;
    ck_assert_int_eq(raster_new(&r, 240, 150, &err), OG_OK);
    ck_assert_int_eq(iso_render(NULL, w, &o, r, NULL, &err), OG_OK);
    n = (size_t)r->width * (size_t)r->height;
    for (i = 0; i < n; i++) {
        const uint8_t *c = r->rgba + 4 * i;
        double red = c[0], g = c[1], b = c[2];
        if (c[0] == r->rgba[0] && c[1] == r->rgba[1] && c[2] == r->rgba[2]) {
            continue; /* the background */
        }
        drawn++;
        wall += g > 0.0 && b > 0.0 && fabs(red / g - 110.0 / 90.0) < 0.04 &&
                fabs(g / b - 90.0 / 68.0) < 0.05;
    }
    ck_assert_uint_gt(drawn, n / 4);
    ck_assert_msg(wall * 10 < drawn, "%zu of %zu drawn pixels are wall", wall, drawn);
    raster_free(r);
    world_unref(w);
    dem_raster_fini(&dem);
}
END_TEST

/* Framing (issue 29): a small island in a wide sea, rendered into a square
 * frame, a wide and a tall one, fills at least 90 % of the frame (the
 * block's 2:1 diamond left half of a square empty) with the island at least 40 % of the width;
 * a field that is land to its edges keeps the whole block in view (the
 * backdrop shows at all four corners). */
static void
framing(int W, int H, int all_land, double *filled, double *island_w, int *corners)
{
    struct iso_field f;
    struct iso_options o;
    struct raster *r;
    struct og_error err;
    int x, y, x0 = W, x1 = -1;
    long bg = 0;

    ck_assert_int_eq(iso_field_alloc(&f, 64, 64, 0, &err), OG_OK);
    for (y = 0; y < 64; y++) {
        for (x = 0; x < 64; x++) {
            size_t k = (size_t)y * 64 + x;
            double d = hypot(x - 31.5, y - 31.5);
            f.terrain[k] = all_land ? (float)(0.5 - d / 100.0) : (float)(0.5 - d / 20.0);
            f.water[k] = f.terrain[k] < 0.0f ? 0.0f : -INFINITY;
            f.color[k] = f.terrain[k] < 0.0f ? 0x204070u : 0x30c030u;
        }
    }
    memset(&o, 0, sizeof o);
    o.view.time = 12.0;
    o.view.exaggeration = ISO_DEFAULT_EXAGGERATION;
    o.subdiv = 1;
    o.island_resolution = 64;
    o.threads = 1;
    ck_assert_int_eq(raster_new(&r, W, H, &err), OG_OK);
    ck_assert_msg(iso_render_field(&f, &o, r, NULL, &err) == OG_OK, "%s", err.msg);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            const uint8_t *p = r->rgba + 4 * ((size_t)y * W + x);
            uint32_t c = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            bg += c == ISO_BACKGROUND || p[3] == 0;
            if (p[1] > p[0] + 40 && p[1] > p[2] + 40) {   /* the green island */
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
            }
        }
    }
    *filled = 1.0 - (double)bg / ((double)W * H);
    *island_w = x1 >= x0 ? (double)(x1 - x0 + 1) / W : 0.0;
    *corners = 0;
    for (y = 0; y < 2; y++) {
        for (x = 0; x < 2; x++) {
            const uint8_t *p = r->rgba + 4 * ((size_t)(y * (H - 1)) * W + (size_t)x * (W - 1));
            uint32_t c = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            *corners += c == ISO_BACKGROUND || p[3] == 0;
        }
    }
    raster_free(r);
    iso_field_fini(&f);
}

START_TEST(test_framing)
{
    static const int sizes[][2] = { { 200, 200 }, { 320, 180 }, { 160, 240 } };
    double filled, island;
    int corners;
    size_t i;

    for (i = 0; i < 3; i++) {
        framing(sizes[i][0], sizes[i][1], 0, &filled, &island, &corners);
        ck_assert_msg(filled > 0.9, "%dx%d: %.0f %% of the frame drawn", sizes[i][0],
                      sizes[i][1], 100.0 * filled);
        ck_assert_msg(island >= 0.4, "%dx%d: island %.0f %% of the width", sizes[i][0],
                      sizes[i][1], 100.0 * island);
        framing(sizes[i][0], sizes[i][1], 1, &filled, &island, &corners);
        ck_assert_msg(corners == 4, "%dx%d: all land: the block cut (%d corners)", sizes[i][0],
                      sizes[i][1], corners);
    }
}
END_TEST

void
iso_world_tests(Suite *s)
{
    TCase *tc = tcase_create("world");

    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_island_field);
    tcase_add_test(tc, test_mesh_interpolation_linear);
    tcase_add_test(tc, test_island_lakes_flat);
    tcase_add_test(tc, test_streamed_is_cached);
    tcase_add_test(tc, test_dry_dem_base);
    tcase_add_test(tc, test_framing);
    suite_add_tcase(s, tc);
}
