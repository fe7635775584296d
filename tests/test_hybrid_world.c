/* hybrid worlds: water, forest stands, iso trees and resolution
 * independence of the generator (core/hybrid/gen_hybrid.h, doc/hybrid.md). */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hydro/flow_mfd.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/hydro/hydro.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/world.h"
#include "render/iso.h"
#include "render/iso_internal.h"
#include "render/mapimg.h"
#include "render/raster.h"
#include "tui/colorquant.h"
#include "tui/hybrid256.h"

/* Streams and lakes come from the dem's hydrology: every cell drains to
 * the border, the outlets receive all the rain (1 per cell), lakes are
 * WATER_LAKE, coloured water, treeless and sit where the fill raised the
 * surface; streams have no trees. With hybrid.water = off nothing is made. */
START_TEST(test_generator_water)
{
    struct params p;
    struct world *w;
    double at_outlets = 0.0;
    size_t i, lakes = 0, streams = 0;

    params_defaults(&p);
    p.seed = 2;
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert_uint_eq(w->nhydro, w->ncells);
    for (i = 0; i < w->ncells; i++) {
        int x = (int)(i % (size_t)w->width), y = (int)(i / (size_t)w->width);
        int border = x == 0 || y == 0 || x == w->width - 1 || y == w->height - 1;
        if (w->downhill[i] < 0) {
            ck_assert_msg(border, "cell (%d, %d) is an outlet off the border", x, y);
            at_outlets += w->flow[i];
        }
        if (w->lake[i]) {
            lakes++;
            ck_assert_int_eq(w->water[i], WATER_LAKE);
            ck_assert_uint_eq(w->color[i], HYBRID_WATER);
            ck_assert_msg(w->hydro_elev[i] > w->elevation[i], "lake cell %zu: filled %.9g, height %.9g",
                          i, (double)w->hydro_elev[i], (double)w->elevation[i]);
            ck_assert(!w->trees[i] && w->forest[i] == 0.0f);
        } else {
            ck_assert_int_eq(w->water[i], WATER_LAND);
        }
        if (w->river_width[i] > 0.0f) {
            streams++;
            ck_assert(!w->trees[i]);
        }
    }
    ck_assert_msg(fabs(at_outlets - (double)w->ncells) < 1e-3 * (double)w->ncells,
                  "outlets got %.1f of %zu cells of rain", at_outlets, w->ncells);
    ck_assert(lakes > 0 && streams > 100);
    ck_assert(world_stat_find(w, "hybrid.lake_cells")->a == (double)lakes);
    world_unref(w);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WATER, 0, NULL), OG_OK);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert(w->river_width == NULL && w->lake == NULL);
    for (i = 0; i < w->ncells; i++) {
        ck_assert_int_eq(w->water[i], WATER_LAND);
    }
    world_unref(w);
}
END_TEST

/* Forest stands: trees cluster. A tree's 8 neighbours are trees far more
 * often than cells are trees overall (per-cell placement with a uniform
 * mask gives the same share), stands cover about hybrid.stand_cover of the
 * map, and with forest_stands = off the seed's mask (1 on flat grass)
 * comes back. */
START_TEST(test_forest_stands)
{
    struct params p;
    struct world *w;
    size_t i, trees = 0, pairs = 0, tree_pairs = 0, flat_one = 0, grass = 0;
    int x, y, dx, dy;

    params_defaults(&p);
    w = test_hybrid_generate(&p, NULL, NULL);
    for (y = 1; y + 1 < w->height; y++) {
        for (x = 1; x + 1 < w->width; x++) {
            size_t c = (size_t)y * (size_t)w->width + (size_t)x;
            trees += w->trees[c];
            if (!w->trees[c]) {
                continue;
            }
            for (dy = -1; dy <= 1; dy++) {
                for (dx = -1; dx <= 1; dx++) {
                    if (dx != 0 || dy != 0) {
                        pairs++;
                        tree_pairs += w->trees[c + (size_t)(dy * w->width + dx)];
                    }
                }
            }
        }
    }
    {
        double share = (double)trees / (double)((w->width - 2) * (w->height - 2));
        double near = (double)tree_pairs / (double)pairs;
        ck_assert_msg(near > 2.0 * share, "neighbour share %.3f vs overall %.3f", near, share);
        ck_assert_msg(share > 0.1 && share < 0.4, "tree share %.3f", share);
    }
    world_unref(w);
    ck_assert_int_eq(params_set(&p, P_HYBRID_STANDS, 0, NULL), OG_OK);
    w = test_hybrid_generate(&p, NULL, NULL);
    for (i = 0; i < w->ncells; i++) {
        if (!w->mask[i] && w->water[i] == WATER_LAND && w->river_width[i] == 0.0f) {
            grass++;
            flat_one += w->forest[i] == 1.0f;
        }
    }
    ck_assert_uint_eq(flat_one, grass);
    world_unref(w);
}
END_TEST

/* MFD accumulation (core/hydro/flow_mfd.h) on a V valley draining to its low
 * edge: every drop of rain reaches the outlets, flow spreads over the
 * flanks (no flank cell gets more than its column's rain would give a
 * single line) and gathers in the valley floor, where it matches the D8
 * total of the catchment. */
START_TEST(test_flow_mfd_valley)
{
    enum { S = 33 };
    static float elev[S * S], filled[S * S], flow[S * S];
    static uint8_t outlet[S * S];
    static uint32_t rank[S * S];
    static int32_t down[S * S];
    struct hydro_graph g;
    struct og_error err;
    double at_outlets = 0.0;
    size_t i;
    int x, y;

    for (y = 0; y < S; y++) {
        for (x = 0; x < S; x++) {
            /* valley along x = 16 falling toward y = S - 1 */
            elev[y * S + x] = (float)(0.05 * abs(x - S / 2) + 0.01 * (S - 1 - y));
            outlet[y * S + x] = y == S - 1;
        }
    }
    ck_assert_int_eq(hydro_graph_grid(&g, S, S, 8, &err), OG_OK);
    ck_assert_int_eq(hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_HEAP, filled, rank, NULL,
                                          &err), OG_OK);
    ck_assert_int_eq(hydro_route(&g, filled, rank, outlet, down, NULL, &err), OG_OK);
    ck_assert_int_eq(flow_mfd_accumulate(S, S, filled, down, NULL, flow, &err), OG_OK);
    for (i = 0; i < S * S; i++) {
        if (down[i] < 0) {
            at_outlets += flow[i];
        }
    }
    ck_assert_msg(fabs(at_outlets - S * S) < 1e-3 * S * S, "outlets got %g of %d", at_outlets,
                  S * S);
    /* The valley floor just above the outlet row carries nearly all of the
     * rain above it; a flank cell one step off the floor far less. */
    ck_assert(flow[(S - 2) * S + S / 2] > 0.8 * (S - 1) * S);
    ck_assert(flow[(S - 2) * S + S / 2 + 3] < 0.2 * flow[(S - 2) * S + S / 2]);
}
END_TEST

/* Pixels of the cones' two tree greens (iso_trees.c: the seed's tree
 * colour lit at 1.0 and 0.55) in an iso render. */
static size_t
tree_pixels(const struct world *w)
{
    struct iso_options o;
    struct raster *fb = NULL;
    struct og_error err;
    size_t i, count = 0;
    uint32_t lit = iso_shade_rgb(HYBRID_TREE, 1.0), shade = iso_shade_rgb(HYBRID_TREE, 0.55);

    iso_options_from_params(&o, &w->params);
    o.threads = 1;
    ck_assert_int_eq(raster_new(&fb, 480, 300, &err), OG_OK);
    ck_assert_msg(iso_render(NULL, w, &o, fb, NULL, &err) == OG_OK, "%s", err.msg);
    for (i = 0; i < (size_t)fb->width * (size_t)fb->height; i++) {
        const uint8_t *px = fb->rgba + 4 * i;
        uint32_t c = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
        count += c == lit || c == shade;
    }
    raster_free(fb);
    return count;
}

/* The iso render stands trees on the tree cells as shaded cones: with the
 * trees, pixels of both cone shades appear; without any tree, none. */
START_TEST(test_iso_trees)
{
    struct params p;
    struct world *w;
    size_t with, without;

    test_hybrid_small_params(&p, 64, 64, 0.3, 500);
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert(world_stat_find(w, "hybrid.trees")->a > 100.0);
    with = tree_pixels(w);
    world_unref(w);
    ck_assert_int_eq(params_set(&p, P_HYBRID_FOREST_DENSITY, 0.0, NULL), OG_OK);
    w = test_hybrid_generate(&p, NULL, NULL);
    without = tree_pixels(w);
    world_unref(w);
    ck_assert_msg(with > 200 && without == 0, "tree pixels %zu with trees, %zu without", with,
                  without);
}
END_TEST

/* Count of the two cone greens in w x h 0xRRGGBB pixels. */
static size_t
tree_rgb_count(const uint32_t *rgb, size_t n)
{
    uint32_t lit = iso_shade_rgb(HYBRID_TREE, 1.0), shade = iso_shade_rgb(HYBRID_TREE, 0.55);
    size_t i, count = 0;
    for (i = 0; i < n; i++) {
        count += rgb[i] == lit || rgb[i] == shade;
    }
    return count;
}

/* The preview thins a grid to about two samples per pixel (every 2nd cell
 * of a 256^2 world at 96 x 60 px): trees are aggregated into the thinned
 * field (a sample gets a tree with its block's tree share), not dropped, so
 * the preview shows about as much forest as the full field drawn at the
 * same size (before: none at all). */
START_TEST(test_iso_thinned_trees)
{
    enum { PW = 96, PH = 60 };
    struct params p;
    struct world *w;
    struct iso_options o;
    struct raster *fb = NULL;
    struct og_error err;
    static uint32_t rgb[PW * PH];
    size_t i, thinned, full;

    test_hybrid_small_params(&p, 256, 256, 0.3, 2000);
    w = test_hybrid_generate(&p, NULL, NULL);
    iso_options_from_params(&o, &w->params);
    ck_assert_int_eq(iso_render_preview(w, &o.view, PW, PH, rgb, &err), OG_OK);
    thinned = tree_rgb_count(rgb, PW * PH);
    iso_preview_release();
    o.subdiv = 1;
    o.jitter = 0.0;
    o.threads = 1;
    ck_assert_int_eq(raster_new(&fb, PW, PH, &err), OG_OK);
    ck_assert_int_eq(iso_render(NULL, w, &o, fb, NULL, &err), OG_OK);
    for (i = 0; i < PW * PH; i++) {
        const uint8_t *px = fb->rgba + 4 * i;
        rgb[i] = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
    }
    full = tree_rgb_count(rgb, PW * PH);
    raster_free(fb);
    world_unref(w);
    ck_assert_msg(full > 50 && thinned > full / 2 && thinned < 2 * full,
                  "tree pixels: %zu thinned, %zu full", thinned, full);
}
END_TEST

/* A world keeps its layout when the grid gets finer: the same seed at 256^2
 * and 1024^2 over the same extent (25.6 km), the 1024^2 masks downsampled
 * by 4 x 4 majority, overlap with IoU >= 0.8 (mountain mask, and the
 * Mountain class before erosion). Before the mask frequency was per km it
 * was per cell and the two were different worlds (mask IoU 0.15-0.18 for
 * seeds 1-6; now 0.97). */
static double
iou_after_downsample(const uint8_t *fine, const uint8_t *coarse, int side, int f)
{
    size_t inter = 0, uni = 0;
    int x, y, i, j;
    for (y = 0; y < side; y++) {
        for (x = 0; x < side; x++) {
            int votes = 0, a, b;
            for (j = 0; j < f; j++) {
                for (i = 0; i < f; i++) {
                    votes += fine[(size_t)(y * f + j) * (size_t)(side * f) + (size_t)(x * f + i)] != 0;
                }
            }
            a = 2 * votes >= f * f;
            b = coarse[(size_t)y * (size_t)side + (size_t)x] != 0;
            inter += (size_t)(a && b);
            uni += (size_t)(a || b);
        }
    }
    return uni > 0 ? (double)inter / (double)uni : 1.0;
}

START_TEST(test_layout_resolution_independent)
{
    static const uint64_t seeds[] = { 1, 2, 3 };
    size_t k, i;

    for (k = 0; k < 3; k++) {
        struct params p;
        struct world *lo, *hi;
        uint8_t *mlo, *mhi;
        double iou_mask, iou_mountain;
        params_defaults(&p);
        p.seed = seeds[k];
        ck_assert_int_eq(params_set(&p, P_HYBRID_DROPLETS, 0.0, NULL), OG_OK);
        lo = test_hybrid_generate(&p, NULL, NULL);
        ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 1024, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 1024, NULL), OG_OK);
        hi = test_hybrid_generate(&p, NULL, NULL);
        iou_mask = iou_after_downsample(hi->mask, lo->mask, 256, 4);
        mlo = malloc(lo->ncells);
        mhi = malloc(hi->ncells);
        for (i = 0; i < lo->ncells; i++) {
            mlo[i] = lo->mask[i] && lo->elevation[i] > 0.1f;
        }
        for (i = 0; i < hi->ncells; i++) {
            mhi[i] = hi->mask[i] && hi->elevation[i] > 0.1f;
        }
        iou_mountain = iou_after_downsample(mhi, mlo, 256, 4);
        ck_assert_msg(iou_mask >= 0.8 && iou_mountain >= 0.8,
                      "seed %llu: mask IoU %.3f, mountain IoU %.3f", (unsigned long long)seeds[k],
                      iou_mask, iou_mountain);
        /* streams: the same length per km of map (stream cells x cell
         * width) within 15 % (seeds 1-3: 2-5 %) */
        {
            size_t slo = 0, shi = 0;
            double len_lo, len_hi;
            for (i = 0; i < lo->ncells; i++) {
                slo += lo->river_width[i] > 0.0f;
            }
            for (i = 0; i < hi->ncells; i++) {
                shi += hi->river_width[i] > 0.0f;
            }
            len_lo = (double)slo * 0.1;
            len_hi = (double)shi * 0.025;
            ck_assert_msg(len_lo > 50.0 && fabs(len_lo / len_hi - 1.0) < 0.15,
                          "seed %llu: %g km of streams at 256^2, %g at 1024^2",
                          (unsigned long long)seeds[k], len_lo, len_hi);
        }
        free(mlo);
        free(mhi);
        world_unref(lo);
        world_unref(hi);
    }
}
END_TEST

/* Flat routing across a filled depression (core/hydro/hydro_route.c): a basin
 * whose floor is a valley winding as x = 32 + 10 sin(y / 8), filled to
 * its one outlet on the bottom edge, is one flat. Water entering at the
 * valley's head follows the valley floor, the deepest line, to the outlet
 * (within 2 cells of it all the way), not a ruler line across the flat:
 * the step cost keeps falling with the fill depth (issue 10, the straight
 * stream stretches on hybrid flats). */
START_TEST(test_flat_follows_valley_floor)
{
    enum { S = 64 };
    static float elev[S * S], filled[S * S];
    static uint8_t outlet[S * S];
    static uint32_t rank[S * S];
    static int32_t down[S * S];
    struct hydro_graph g;
    struct og_error err;
    double worst = 0.0;
    int x, y, steps = 0;
    int32_t c;

    for (y = 0; y < S; y++) {
        double cx = 32.0 + 10.0 * sin(y / 8.0);
        for (x = 0; x < S; x++) {
            int border = x == 0 || y == 0 || x == S - 1 || y == S - 1;
            elev[y * S + x] = border ? 1.0f : (float)(0.2 + 0.3 * fmin(1.0, fabs(x - cx) / 8.0));
            outlet[y * S + x] = 0;
        }
    }
    x = (int)lround(32.0 + 10.0 * sin((S - 1) / 8.0));
    elev[(S - 1) * S + x] = 0.6f;
    outlet[(S - 1) * S + x] = 1;
    ck_assert_int_eq(hydro_graph_grid(&g, S, S, 8, &err), OG_OK);
    ck_assert_int_eq(hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_HEAP, filled, rank, NULL,
                                          &err), OG_OK);
    ck_assert_int_eq(hydro_route_terrain(&g, elev, filled, rank, outlet, down, NULL, &err), OG_OK);
    c = (int32_t)(1 * S + (int)lround(32.0 + 10.0 * sin(1 / 8.0)));
    while (down[c] >= 0 && steps < 4 * S * S) {
        double cx = 32.0 + 10.0 * sin((c / S) / 8.0), d = fabs((c % S) - cx);
        worst = d > worst ? d : worst;
        c = down[c];
        steps++;
    }
    ck_assert_int_eq(c, (S - 1) * S + x);
    ck_assert_msg(worst <= 2.0, "the path strays %.1f cells from the valley floor", worst);
}
END_TEST

/* Lake area of a world in km^2 (lake cells x cell area). */
static double
lake_km2(const struct world *w, double extent_km)
{
    double cell = extent_km / (double)w->width;
    size_t i, n = 0;
    for (i = 0; i < w->ncells; i++) {
        n += w->lake[i] != 0;
    }
    return (double)n * cell * cell;
}

/* Lakes are resolution-stable (issue 10): the droplets erode at
 * hybrid.erosion_cell (100 m) whatever the map's cells, so the basins that
 * hold lakes are the same world's at 256^2 and 512^2 over 25.6 km. Before,
 * the 25 m and 50 m cells' own droplets cut gullies through the rims
 * (seed 3: 3.0 km^2 at 256^2, 1.6 at 512^2, 0.5 at 1024^2; now 2.6, 3.5,
 * 4.0, doc/hybrid.md). */
START_TEST(test_lake_resolution_independent)
{
    static const uint64_t seeds[] = { 2, 3 };
    size_t k;

    for (k = 0; k < 2; k++) {
        struct params p;
        struct world *lo, *hi;
        double alo, ahi;
        params_defaults(&p);
        p.seed = seeds[k];
        lo = test_hybrid_generate(&p, NULL, NULL);
        ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 512, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 512, NULL), OG_OK);
        hi = test_hybrid_generate(&p, NULL, NULL);
        alo = lake_km2(lo, 25.6);
        ahi = lake_km2(hi, 25.6);
        ck_assert_msg(alo > 1.0 && ahi > 1.0 && alo / ahi < 1.5 && ahi / alo < 1.5,
                      "seed %llu: lakes %.2f km^2 at 256^2, %.2f at 512^2",
                      (unsigned long long)seeds[k], alo, ahi);
        /* no flooded lowland: lakes stay a small share of the map */
        ck_assert_msg(ahi < 0.02 * 25.6 * 25.6, "seed %llu: %.2f km^2 of lakes",
                      (unsigned long long)seeds[k], ahi);
        world_unref(lo);
        world_unref(hi);
    }
}
END_TEST

/* The hybrid colour layer in 256 colours (tui/hybrid256.h) on a 128 x 128
 * view of a 256^2 world, so streams are a fraction of a pixel wide: every
 * pixel a stream covers at least half is the stream's entry, the others
 * are the stream's as often as their coverage says (the ordered dither
 * keeps the mean),
 * the lowland shows only its categories' own entries (or the grey of one
 * whose nearest entry left its family) and the stream's (no teal blend),
 * and no shaded mountain pixel turns red. */
START_TEST(test_hybrid_256_colours)
{
    enum { PX = 128 };
    static uint32_t rgb[PX * PX];
    static uint8_t cls[PX * PX];
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error err;
    struct params p;
    struct world *w;
    double want = 0.0;
    size_t stream = 0, river = 0, lowland_other = 0, red = 0;
    int x, y, stream_idx;

    params_defaults(&p);
    p.seed = 2;
    w = test_hybrid_generate(&p, NULL, NULL);
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &view, PX, PX, rgb, cls, &err), OG_OK);
    /* the stream's entry: a pixel the stream covers fully */
    stream_idx = hybrid256_index(w, 0, MC_GRASS, MAPIMG_RIVER_COLOR, 0, 0);
    for (y = 0; y < PX; y++) {
        for (x = 0; x < PX; x++) {
            size_t i = (size_t)y * PX + (size_t)x;
            long cell = mapimg_cell_at(w, (x + 0.5) / PX, (y + 0.5) / PX);
            uint32_t land = mapimg_cell_drawn_color(w, LAYER_COLOR, (size_t)cell);
            uint32_t r = MAPIMG_RIVER_COLOR;
            double num = 0.0, den = 0.0, c;
            int s, idx = hybrid256_index(w, cell, cls[i], rgb[i], x, y);
            for (s = 16; s >= 0; s -= 8) {
                double a = (land >> s) & 255u, b = (r >> s) & 255u, v = (rgb[i] >> s) & 255u;
                num += (v - a) * (b - a);
                den += (b - a) * (b - a);
            }
            c = den > 0.0 ? fmin(1.0, fmax(0.0, num / den)) : 0.0;
            if (cls[i] == MC_RIVER) {
                river++;
                ck_assert_int_eq(idx, stream_idx);
            }
            if (cls[i] != MC_LAKE) {
                want += cls[i] == MC_RIVER ? 1.0 : c;
            }
            stream += idx == stream_idx;
            if (!w->mask[cell] && cls[i] != MC_LAKE && idx != quant_xterm256(land) &&
                idx != stream_idx && quant_family(quant_xterm_rgb(idx)) != QF_GREY) {
                lowland_other++;
            }
            red += w->mask[cell] && quant_family(quant_xterm_rgb(idx)) == QF_RED;
        }
    }
    ck_assert_msg(river > 20 && stream_idx >= 16, "%zu river pixels", river);
    ck_assert_uint_eq(lowland_other, 0);
    ck_assert_uint_eq(red, 0);
    ck_assert_msg(fabs((double)stream - want) < 0.1 * want + 10.0,
                  "%zu stream pixels for a coverage of %.1f", stream, want);
    world_unref(w);
}
END_TEST

Suite *
hybrid_world_suite(void)
{
    Suite *s = suite_create("hybrid_world");
    TCase *tc = tcase_create("golden");

    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_layout_resolution_independent);
    tcase_add_test(tc, test_lake_resolution_independent);
    tcase_add_test(tc, test_generator_water);
    tcase_add_test(tc, test_forest_stands);
    tcase_add_test(tc, test_flow_mfd_valley);
    tcase_add_test(tc, test_flat_follows_valley_floor);
    tcase_add_test(tc, test_iso_trees);
    tcase_add_test(tc, test_iso_thinned_trees);
    tcase_add_test(tc, test_hybrid_256_colours);
    suite_add_tcase(s, tc);
    return s;
}
