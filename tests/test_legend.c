/* Legends (render/legend.h): for every generator and every layer it has, the
 * legend's entries are exactly the classes the layer draws, with the colours
 * the map gives them and shares that count the world's cells; continuous
 * layers carry the ramp the map uses and the values at its ends. Also the
 * default export size (io/export.h) and the view export. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/biome/biome.h"
#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "core/planet/wfc.h"
#include "io/export.h"
#include "render/legend.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "render/tint.h"
#include "tests.h"

static struct world *
run(enum gen_id gen, const char *const *sets, struct dem_raster *dem)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    p.seed = 5;
    p.v[P_SEED] = 5;
    for (; sets != NULL && *sets != NULL; sets++) {
        ck_assert_msg(params_set_assignment(&p, *sets, &e) == OG_OK, "%s", e.msg);
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ctx.dem = dem;
    ck_assert_msg(pipeline_run(generator_get(gen), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

/* The checks for one world, every layer it has; returns the layers seen. */
static int
check_world(const struct world *w)
{
    int layers = 0, l;

    for (l = 0; l < LAYER_COUNT; l++) {
        enum map_layer layer = (enum map_layer)l;
        struct legend lg;
        struct og_error e;
        size_t c, *count, ramp = 0;
        double scale, sum;
        int i;

        if (!mapimg_layer_available(w, layer)) {
            ck_assert_int_eq(legend_build(w, layer, &lg, &e), OG_EINVAL);
            continue;
        }
        layers++;
        ck_assert_msg(legend_build(w, layer, &lg, &e) == OG_OK, "%s", e.msg);
        ck_assert_int_le(lg.n, LEGEND_MAX);
        count = calloc((size_t)lg.n + 1, sizeof *count);
        ck_assert_ptr_nonnull(count);
        scale = mapimg_layer_scale(w, layer);
        for (c = 0; c < w->ncells; c++) {
            int k = legend_cell_entry(w, &lg, c);
            uint32_t rgb = mapimg_cell_color(w, layer, c, scale);
            if (k < 0) {
                /* only a ramp colours cells outside the classes */
                ck_assert_msg(lg.nramp > 0, "%s/%s: cell %zu in no class", world_gen_name(w->gen),
                              mapimg_layer_name(layer), c);
                ramp++;
                continue;
            }
            count[k]++;
            if (lg.e[k].exact) {
                ck_assert_msg(rgb == lg.e[k].rgb, "%s/%s: cell %zu %06x, legend %s %06x",
                              world_gen_name(w->gen), mapimg_layer_name(layer), c, rgb,
                              lg.e[k].name, lg.e[k].rgb);
            }
            /* the class is the one the map's colour rules give the cell */
            if (layer == LAYER_COLOR && w->gen == GEN_PLANET) {
                ck_assert_int_eq(lg.e[k].id, w->biome[c]);
                ck_assert_uint_eq(rgb, wfc_planet_rules()->biome[w->biome[c]].color);
            } else if (layer == LAYER_COLOR && w->gen != GEN_HYBRID && w->biome != NULL) {
                ck_assert_int_eq(lg.e[k].id, w->biome[c]);
                ck_assert_str_eq(lg.e[k].name, biome_name((enum biome)w->biome[c]));
            } else if (layer == LAYER_LAKES) {
                ck_assert_str_eq(lg.e[k].name, w->water[c] == WATER_OCEAN ? "ocean"
                                 : w->water[c] == WATER_LAKE || (w->kind == WORLD_GRID &&
                                                                 w->lake[c]) ? "lake"
                                 : "land (by height)");
            }
        }
        /* every entry is drawn, shares are the cell counts, all sum to 1 */
        sum = lg.ramp_share;
        for (i = 0; i < lg.n; i++) {
            ck_assert_msg(count[i] > 0, "%s/%s: entry %s draws nothing", world_gen_name(w->gen),
                          mapimg_layer_name(layer), lg.e[i].name);
            ck_assert_double_eq_tol(lg.e[i].share, (double)count[i] / w->ncells, 1e-12);
            ck_assert(lg.e[i].name[0] != '\0' && lg.e[i].glyph != '\0');
            sum += lg.e[i].share;
        }
        ck_assert_double_eq_tol(sum, 1.0, 1e-9);
        ck_assert_double_eq_tol(lg.ramp_share, (double)ramp / w->ncells, 1e-12);
        /* the ramps the map uses, with its ends */
        if (layer == LAYER_RIVERS) {
            double fmax = 0.0;
            size_t n = w->kind == WORLD_GRID ? w->ncells : w->nhydro;
            for (c = 0; c < n; c++) {
                fmax = w->flow[c] > fmax ? w->flow[c] : fmax;
            }
            ck_assert_int_eq(lg.log_scale, 1);
            ck_assert_double_eq_tol(lg.hi, fmax, 1e-6 * (1.0 + fmax));
            ck_assert_uint_eq(lg.ramp[0], tint_sequential(0.0));
            ck_assert_uint_eq(lg.ramp[LEGEND_RAMP - 1], tint_sequential(1.0));
            ck_assert_ptr_nonnull(strstr(lg.title, "flow"));
        }
        if (layer == LAYER_ELEVATION) {
            /* the one class: lakes, drawn flat at their surface height */
            ck_assert_int_le(lg.n, 1);
            if (lg.n == 1) {
                ck_assert_str_eq(lg.e[0].name, "lake (flat: surface height)");
            }
            /* in metres where the world has a vertical scale (issue 29) */
            double mz = legend_vertical_scale(w) > 0.0 ? legend_vertical_scale(w) : 1.0;
            ck_assert_double_eq(lg.lo, w->elev_min * mz);
            ck_assert_double_eq(lg.hi, w->elev_max * mz);
            ck_assert_str_eq(lg.unit, legend_vertical_scale(w) > 0.0 ? "m" : "");
            ck_assert_uint_eq(lg.ramp[0], tint_hypsometric(-1.0));
        }
        if (layer == LAYER_COLOR && w->gen == GEN_PLANET) {
            ck_assert_str_eq(lg.title, "planet biomes (WFC)");
            for (i = 0; i < lg.n; i++) {
                ck_assert_ptr_null(strchr(lg.e[i].name, '_'));   /* display names */
            }
        }
        if (layer == LAYER_LANDMASS) {
            /* ocean, the landmasses by size numbered 1, 2 ... by rank, the
             * smaller ones as one entry last */
            int rank = 0;
            for (i = 0; i < lg.n; i++) {
                char want[40];
                if (lg.e[i].id < 0) {
                    ck_assert(strcmp(lg.e[i].name, "ocean") == 0 ||
                              (strcmp(lg.e[i].name, "smaller landmasses") == 0 && i == lg.n - 1));
                    continue;
                }
                snprintf(want, sizeof want, "landmass %d (id %ld)", ++rank % 1000,
                         lg.e[i].id % 100000000L);
                ck_assert_str_eq(lg.e[i].name, want);
                if (rank > 1) {
                    ck_assert_uint_le(count[i], count[i - 1]);
                }
            }
        }
        /* river lines over the colour and lakes layers are explained */
        if ((layer == LAYER_COLOR || layer == LAYER_LAKES) && w->river_width != NULL &&
            w->flow != NULL) {
            size_t nr = 0, nn = w->kind == WORLD_GRID ? w->ncells : w->nhydro;
            for (c = 0; c < nn; c++) {
                nr += w->river_width[c] > 0.0f;
            }
            if (nr > 0) {
                ck_assert(strstr(lg.lines, "(lines)") != NULL);
                ck_assert_uint_eq(lg.lines_rgb, MAPIMG_RIVER_COLOR);
                ck_assert_double_eq_tol(lg.lines_share, (double)nr / nn, 1e-12);
            }
        } else {
            ck_assert_str_eq(lg.lines, "");
        }
        free(count);
    }
    return layers;
}

START_TEST(test_legend_island)
{
    static const char *const sets[] = { "island.cells=1500", NULL };
    struct world *w = run(GEN_ISLAND, sets, NULL);
    ck_assert_int_ge(check_world(w), 5);
    world_unref(w);
}
END_TEST

START_TEST(test_legend_hybrid)
{
    static const char *const sets[] = { "hybrid.width=64", "hybrid.height=48",
                                        "hybrid.droplets_per_cell=1", NULL };
    struct world *w = run(GEN_HYBRID, sets, NULL);
    struct legend lg;
    struct og_error e;
    int i;
    ck_assert_int_ge(check_world(w), 5);
    /* the colour layer names the colour rules' kinds, not island classes */
    ck_assert_int_eq(legend_build(w, LAYER_COLOR, &lg, &e), OG_OK);
    for (i = 0; i < lg.n; i++) {
        ck_assert(strcmp(lg.e[i].name, "grass") == 0 || strcmp(lg.e[i].name, "mountain") == 0 ||
                  strcmp(lg.e[i].name, "tree") == 0 || strcmp(lg.e[i].name, "snow") == 0 ||
                  strcmp(lg.e[i].name, "dirt") == 0 || strcmp(lg.e[i].name, "rock") == 0 ||
                  strcmp(lg.e[i].name, "lake") == 0);
    }
    world_unref(w);
}
END_TEST

START_TEST(test_legend_planet)
{
    static const char *const sets[] = { "planet.points=2000", NULL };
    struct world *w = run(GEN_PLANET, sets, NULL);
    ck_assert_int_ge(check_world(w), 2);
    world_unref(w);
}
END_TEST

START_TEST(test_legend_dem)
{
    struct dem_raster r;
    struct og_error e;
    struct world *w;

    ck_assert(pngio_read_raster(test_data_path("dem/terrarium_12_646_1400.png"), &r, &e) == OG_OK);
    w = run(GEN_DEM, NULL, &r);
    ck_assert_int_ge(check_world(w), 4);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

/* The glyph map (vt100, LANG=C): every class has its own glyph but the two
 * names of one kind of land (lowland/grass, forest/tree); water and river
 * were both '~', snow and ice both '*' (issue 29). */
START_TEST(test_class_glyphs_distinct)
{
    int a, b;

    for (a = 0; a < MC_VOID; a++) {
        for (b = a + 1; b < MC_VOID; b++) {
            int same_kind = (a == MC_LOW && b == MC_GRASS) || (a == MC_FOREST && b == MC_TREE);
            if (same_kind) {
                ck_assert_int_eq(mapimg_class_glyph(a), mapimg_class_glyph(b));
            } else {
                ck_assert_msg(mapimg_class_glyph(a) != mapimg_class_glyph(b),
                              "%s and %s share '%c'", mapimg_class_name(a),
                              mapimg_class_name(b), mapimg_class_glyph(a));
            }
        }
    }
}
END_TEST

/* One default map size for the CLI and the TUI; small grids grow by a
 * whole factor, drawn as continuous fields. */
START_TEST(test_default_size_and_view)
{
    static const char *const sets[] = { "hybrid.width=96", "hybrid.height=64",
                                        "hybrid.droplets_per_cell=0", NULL };
    struct world *w = run(GEN_HYBRID, sets, NULL);
    struct map_view view = { 0.25, 0.5, 0.75, 1.0 };
    struct dem_raster png;
    struct og_error e;
    const char *out = "tests/out-legend-view.png";
    int W, H, x, y;

    export_map_default_size(w, &W, &H);
    ck_assert_int_eq(W, 960);
    ck_assert_int_eq(H, 640);
    ck_assert_int_eq(export_map_png(w, LAYER_ELEVATION, W, H, out, &e), OG_OK);
    ck_assert_int_eq(pngio_read_raster(out, &png, &e), OG_OK);
    /* a continuous map (issue 24): the 10 x 10 blocks of the cells are
       of relief are not flat (before: every one was) */
    {
        int flat = 0, blocks = 0, i;
        for (y = 0; y < H; y += 10) {
            for (x = 0; x < W; x += 10) {
                size_t b0 = 4 * ((size_t)y * W + x);
                int same = 1;
                if (!(w->elevation[(size_t)(y / 10) * 96 + (size_t)(x / 10)] > 0.0f)) {
                    continue; /* the flat lowland is flat */
                }
                for (i = 1; i < 100 && same; i++) {
                    size_t a = 4 * ((size_t)(y + i / 10) * W + (size_t)(x + i % 10));
                    same = memcmp(png.samples + a, png.samples + b0, 4 * sizeof *png.samples) == 0;
                }
                flat += same;
                blocks++;
            }
        }
        ck_assert_msg(flat * 10 < blocks, "%d of %d cells drawn flat", flat, blocks);
    }
    dem_raster_fini(&png);
    /* the view export: the lower middle quarter at 48x32 is the same cells */
    ck_assert_int_eq(export_map_png_view(w, LAYER_MASK, &view, 48, 32, out, &e), OG_OK);
    ck_assert_int_eq(pngio_read_raster(out, &png, &e), OG_OK);
    ck_assert_int_eq(png.width, 48);
    for (y = 0; y < 32; y++) {
        for (x = 0; x < 48; x++) {
            uint32_t c = mapimg_cell_color(w, LAYER_MASK, (size_t)(32 + y) * 96 + 24 + x, 0.0);
            const uint16_t *p = png.samples + 4 * ((size_t)y * 48 + x);
            ck_assert_uint_eq((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2], c);
        }
    }
    dem_raster_fini(&png);
    view.u1 = 1.5;
    ck_assert_int_eq(export_map_png_view(w, LAYER_COLOR, &view, 8, 8, out, &e), OG_EINVAL);
    unlink(out);
    world_unref(w);
    {
        static const char *const ps[] = { "planet.points=500", NULL };
        w = run(GEN_PLANET, ps, NULL);
        export_map_default_size(w, &W, &H);
        ck_assert_int_eq(W, 2048);
        ck_assert_int_eq(H, 1024);
        world_unref(w);
    }
}
END_TEST

Suite *
legend_suite(void)
{
    Suite *s = suite_create("legend");
    TCase *tc = tcase_create("method");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_legend_island);
    tcase_add_test(tc, test_legend_hybrid);
    tcase_add_test(tc, test_legend_planet);
    tcase_add_test(tc, test_legend_dem);
    tcase_add_test(tc, test_default_size_and_view);
    tcase_add_test(tc, test_class_glyphs_distinct);
    suite_add_tcase(s, tc);
    return s;
}
