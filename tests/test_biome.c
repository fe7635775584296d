/* Biomes and moisture: Whittaker classification, the blurred table,
 * bilinear lookup, smoothing on/off, moisture near water, determinism. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/base/detmath.h"
#include "core/generators.h"
#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"
#include "core/hydro/moisture.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/world.h"
#include "tests.h"

START_TEST(classify_corners_centre)
{
    ck_assert_int_eq(biome_classify(0.0, 0.0), BIOME_BEACH);
    ck_assert_int_eq(biome_classify(0.0, 1.0), BIOME_MARSH);
    ck_assert_int_eq(biome_classify(1.0, 0.0), BIOME_SCORCHED);
    ck_assert_int_eq(biome_classify(1.0, 1.0), BIOME_SNOW);
    ck_assert_int_eq(biome_classify(0.5, 0.5), BIOME_TEMPERATE_DECIDUOUS_FOREST);
    ck_assert_int_eq(biome_classify(0.1, 0.05), BIOME_SUBTROPICAL_DESERT);
    ck_assert_int_eq(biome_classify(0.1, 0.9), BIOME_TROPICAL_RAIN_FOREST);
    ck_assert_int_eq(biome_classify(0.45, 0.95), BIOME_TEMPERATE_RAIN_FOREST);
    ck_assert_int_eq(biome_classify(0.7, 0.9), BIOME_TAIGA);
    ck_assert_int_eq(biome_classify(0.7, 0.5), BIOME_SHRUBLAND);
    ck_assert_int_eq(biome_classify(0.85, 0.3), BIOME_TUNDRA);
    ck_assert_int_eq(biome_classify(0.85, 0.15), BIOME_BARE);
    ck_assert_str_eq(biome_name(BIOME_TROPICAL_SEASONAL_FOREST), "tropical seasonal forest");
}
END_TEST

static void
unpack(uint32_t c, double *rgb)
{
    rgb[0] = (c >> 16) & 0xff;
    rgb[1] = (c >> 8) & 0xff;
    rgb[2] = c & 0xff;
}

/* The unblurred table holds the class colour at every texel centre, and the
 * lookup there returns it exactly; corners of the table are the corner
 * classes. */
START_TEST(table_unblurred_exact)
{
    struct biome_table *t = malloc(sizeof *t);
    struct og_error e;
    int i, j;

    ck_assert_int_eq(biome_table_build(t, 0.0, &e), OG_OK);
    for (i = 0; i < BIOME_TABLE_SIZE; i += 5) {
        for (j = 0; j < BIOME_TABLE_SIZE; j += 3) {
            double ee = (i + 0.5) / BIOME_TABLE_SIZE, m = (j + 0.5) / BIOME_TABLE_SIZE;
            ck_assert_uint_eq(biome_table_lookup(t, ee, m), biome_color(biome_classify(ee, m)));
        }
    }
    ck_assert_uint_eq(biome_table_lookup(t, 0.0, 0.0), biome_color(BIOME_BEACH));
    ck_assert_uint_eq(biome_table_lookup(t, 1.0, 1.0), biome_color(BIOME_SNOW));
    free(t);
}
END_TEST

/* The Gaussian keeps a constant image constant, keeps the total of an
 * interior impulse (kernel sums to 1) and spreads it with the right shape:
 * the value one sigma away is exp(-1/2) of the centre along an axis. */
START_TEST(blur_kernel)
{
    int w = 101, h = 101, x, y;
    float *img = calloc((size_t)w * h, sizeof *img);
    struct og_error e;
    double sum = 0.0;

    img[50 * w + 50] = 1000.0f;
    ck_assert_int_eq(biome_blur(img, w, h, 1, 4.0, &e), OG_OK);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            sum += img[y * w + x];
        }
    }
    ck_assert_double_eq_tol(sum, 1000.0, 1e-3);
    ck_assert_double_eq_tol(img[50 * w + 54] / img[50 * w + 50], exp(-0.5), 2e-3);
    ck_assert_double_eq_tol(img[54 * w + 54] / img[50 * w + 50], exp(-1.0), 2e-3);
    for (x = 0; x < w * h; x++) {
        img[x] = 7.5f;
    }
    ck_assert_int_eq(biome_blur(img, w, h, 1, 8.0, &e), OG_OK);
    for (x = 0; x < w * h; x++) {
        ck_assert_float_eq_tol(img[x], 7.5f, 1e-4f);
    }
    ck_assert_int_eq(biome_blur(img, w, h, 1, 0.0, &e), OG_ERANGE);
    free(img);
}
END_TEST

/* core/detmath against libm: exp, sin, cos and log within 2 ulp, pow
 * within 1e-14; the special values; and results pinned to the bit, so a
 * build whose arithmetic differs (contraction, excess precision) fails
 * here. */
START_TEST(det_math_accuracy)
{
    static const struct { double x; uint64_t bits; } pinned[] = {
        { 1.0, 0x4005bf0a8b14576aull },     /* e, 1 ulp above the rounded value */
        { -0.5, 0x3fe368b2fc6f960aull },    /* the sigma-distance weight */
        { -12.5, 0x3ecf42ed3f68e690ull },
        { 700.0, 0x7f0d945df4f8ec8eull },
    };
    static const struct { int fn; double x, y; uint64_t bits; } pinned2[] = {
        { 0, 1.0, 0, 0x3feaed548f090ceeull },     /* sin 1 */
        { 1, 1.0, 0, 0x3fe14a280fb5068cull },     /* cos 1 */
        { 2, 10.0, 0, 0x40026bb1bbb55516ull },    /* log 10 */
        { 3, 0.3, 2.5, 0x3fa93d32bceafc28ull },   /* 0.3^2.5 */
    };
    double x, worst = 0.0;
    size_t i;

    ck_assert(det_exp(0.0) == 1.0);
    ck_assert(det_exp(-746.0) == 0.0);
    ck_assert(isinf(det_exp(710.0)));
    ck_assert(isnan(det_exp(NAN)));
    for (x = -745.0; x < 709.7; x += 0.0137) {
        double want = exp(x), got = det_exp(x);
        double ulp = nextafter(want, INFINITY) - want;
        double d = fabs(got - want) / ulp;
        worst = d > worst ? d : worst;
    }
    ck_assert_msg(worst <= 2.0, "det_exp is %g ulp from libm", worst);
    /* sin, cos over [-100, 100], log over the whole range, pow on the
     * island's curve's domain */
    worst = 0.0;
    for (x = -100.0; x < 100.0; x += 0.00731) {
        double ws = sin(x), wc = cos(x), s, c;
        det_sincos(x, &s, &c);
        worst = fmax(worst, fabs(s - ws) / fmax(nextafter(fabs(ws), INFINITY) - fabs(ws), 0x1p-60));
        worst = fmax(worst, fabs(c - wc) / fmax(nextafter(fabs(wc), INFINITY) - fabs(wc), 0x1p-60));
    }
    ck_assert_msg(worst <= 2.0, "det_sincos is %g ulp from libm", worst);
    worst = 0.0;
    for (x = 1e-300; x < 1e300; x *= 1.0173) {
        double want = log(x);
        if (want != 0.0) {
            worst = fmax(worst, fabs(det_log(x) - want) / (nextafter(fabs(want), INFINITY) -
                                                          fabs(want)));
        }
    }
    ck_assert_msg(worst <= 2.0, "det_log is %g ulp from libm", worst);
    worst = 0.0;
    for (x = 0.001; x <= 1.0; x += 0.0097) {
        double y;
        for (y = 0.1; y < 8.0; y += 0.137) {
            worst = fmax(worst, fabs(det_pow(x, y) - pow(x, y)) / pow(x, y));
        }
    }
    ck_assert_msg(worst < 1e-14, "det_pow is %g relative from libm", worst);
    ck_assert(det_log(1.0) == 0.0 && isinf(det_log(0.0)) && isnan(det_log(-1.0)));
    ck_assert(det_pow(0.0, 2.0) == 0.0 && det_pow(0.7, 0.0) == 1.0 && isnan(det_pow(-1.0, 2.0)));
    ck_assert(det_sin(0.0) == 0.0 && det_cos(0.0) == 1.0 && isnan(det_sin(INFINITY)));
    for (i = 0; i < sizeof pinned / sizeof pinned[0]; i++) {
        double v = det_exp(pinned[i].x);
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        ck_assert_msg(b == pinned[i].bits, "det_exp(%g) = %a (0x%016llx)", pinned[i].x, v,
                      (unsigned long long)b);
    }
    for (i = 0; i < sizeof pinned2 / sizeof pinned2[0]; i++) {
        double v = pinned2[i].fn == 0 ? det_sin(pinned2[i].x)
                   : pinned2[i].fn == 1 ? det_cos(pinned2[i].x)
                   : pinned2[i].fn == 2 ? det_log(pinned2[i].x)
                                        : det_pow(pinned2[i].x, pinned2[i].y);
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        ck_assert_msg(b == pinned2[i].bits, "case %zu: %a (0x%016llx)", i, v,
                      (unsigned long long)b);
    }
}
END_TEST

/* sigma 8 on the Whittaker table: the mean colour stays within half a level
 * of 255 per channel (clamped edges weigh the border texels a little more),
 * while the colours do change (a real blur). */
START_TEST(table_blur_mean)
{
    struct biome_table *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    struct og_error e;
    double ma[3] = { 0, 0, 0 }, mb[3] = { 0, 0, 0 }, maxdiff = 0.0;
    size_t i, n = BIOME_TABLE_SIZE * BIOME_TABLE_SIZE;
    int c;

    ck_assert_int_eq(biome_table_build(a, 0.0, &e), OG_OK);
    ck_assert_int_eq(biome_table_build(b, 8.0, &e), OG_OK);
    for (i = 0; i < n; i++) {
        for (c = 0; c < 3; c++) {
            double d = fabs(a->rgb[3 * i + c] - b->rgb[3 * i + c]);
            ma[c] += a->rgb[3 * i + c];
            mb[c] += b->rgb[3 * i + c];
            maxdiff = d > maxdiff ? d : maxdiff;
        }
    }
    for (c = 0; c < 3; c++) {
        ck_assert_double_eq_tol(ma[c] / n, mb[c] / n, 0.5);
    }
    ck_assert_double_gt(maxdiff, 20.0);
    free(a);
    free(b);
}
END_TEST

/* Bilinear lookup between two texels is their average at the midpoint. */
START_TEST(lookup_bilinear)
{
    struct biome_table *t = malloc(sizeof *t);
    struct og_error e;
    double p[3], q[3], r[3];
    uint32_t mid;
    int c;

    ck_assert_int_eq(biome_table_build(t, 8.0, &e), OG_OK);
    unpack(biome_table_lookup(t, 100.5 / 256, 40.5 / 256), p);
    unpack(biome_table_lookup(t, 101.5 / 256, 40.5 / 256), q);
    mid = biome_table_lookup(t, 101.0 / 256, 40.5 / 256);
    unpack(mid, r);
    for (c = 0; c < 3; c++) {
        ck_assert_double_le(fabs(r[c] - 0.5 * (p[c] + q[c])), 1.0);
    }
    free(t);
}
END_TEST

START_TEST(moisture_rule)
{
    ck_assert_double_eq_tol(moisture_combine(0.3, 0, -1, 3.0, 0.5), 1.0, 1e-12);
    ck_assert_double_eq_tol(moisture_combine(0.3, -1, -1, 3.0, 0.5), 0.3, 1e-12);
    ck_assert_double_eq_tol(moisture_combine(0.3, 3, -1, 3.0, 0.5), 0.3 + 0.7 * exp(-1.0),
                            1e-12);
    ck_assert_double_eq_tol(moisture_combine(0.3, -1, 0, 3.0, 0.5), 0.65, 1e-12);
    ck_assert_double_eq_tol(moisture_combine(0.2, 6, 0, 3.0, 0.5), 0.6, 1e-12);
}
END_TEST

/* A 48 x 32 grid world (dem kind) with a sea column and a lake. */
static struct world *
tiny_world(int smoothing)
{
    struct params p;
    struct world *w;
    struct og_error e;
    int x, y, W = 48, H = 32;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYDRO_SMOOTHING, smoothing, &e), OG_OK);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &e), OG_OK);
    w->width = W;
    w->height = H;
    w->ncells = (size_t)W * H;
    ck_assert_int_eq(world_alloc((void **)&w->elevation, w->ncells, sizeof(float), "e", &e), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->water, w->ncells, 1, "w", &e), OG_OK);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t i = (size_t)y * W + x;
            w->elevation[i] = x < 4 ? -20.0f : (float)(x * 80);
            w->water[i] = x < 4 ? WATER_OCEAN : (x == 30 && y == 16) ? WATER_LAKE : WATER_LAND;
        }
    }
    return w;
}

START_TEST(smoothing_off_exact)
{
    struct world *w = tiny_world(0);
    struct og_error e;
    size_t i;

    ck_assert_msg(moisture_stage(w, NULL, &e) == OG_OK, "%s", e.msg);
    ck_assert_msg(biome_stage(w, NULL, &e) == OG_OK, "%s", e.msg);
    for (i = 0; i < w->ncells; i++) {
        ck_assert_uint_eq(w->color[i], biome_color(w->biome[i]));
        if (w->water[i] == WATER_LAND) {
            ck_assert_int_eq(w->biome[i],
                             biome_classify(biome_elevation(w, i), w->moisture[i]));
        }
    }
    ck_assert_int_eq(w->biome[0], BIOME_OCEAN);
    ck_assert_int_eq(w->biome[16 * 48 + 30], BIOME_LAKE);
    world_unref(w);
}
END_TEST

/* Smoothing on: land colours come from the blurred table (not all class
 * colours); moisture is 1 on water, in [0, 1], and highest beside the lake
 * among cells at the same column. Two runs give the same bytes. */
START_TEST(smoothing_on_and_moisture)
{
    struct world *w = tiny_world(1), *v = tiny_world(1);
    struct og_error e;
    size_t i, differ = 0;

    ck_assert_int_eq(moisture_stage(w, NULL, &e), OG_OK);
    ck_assert_int_eq(biome_stage(w, NULL, &e), OG_OK);
    ck_assert_int_eq(moisture_stage(v, NULL, &e), OG_OK);
    ck_assert_int_eq(biome_stage(v, NULL, &e), OG_OK);
    for (i = 0; i < w->ncells; i++) {
        ck_assert(w->moisture[i] >= 0.0f && w->moisture[i] <= 1.0f);
        if (w->water[i] != WATER_LAND) {
            ck_assert_float_eq(w->moisture[i], 1.0f);
        } else {
            differ += w->color[i] != biome_color(w->biome[i]);
        }
    }
    ck_assert_uint_gt(differ, 0);
    /* next to the lake: boost exp(-1/3) at least */
    ck_assert_float_ge(w->moisture[16 * 48 + 31], (float)exp(-1.0 / 3.0));
    ck_assert(memcmp(w->moisture, v->moisture, w->ncells * sizeof(float)) == 0);
    ck_assert(memcmp(w->color, v->color, w->ncells * sizeof(uint32_t)) == 0);
    world_unref(w);
    world_unref(v);
}
END_TEST

/* The moisture stage against a plain serial reference: one queue-based
 * breadth-first search per water kind over the hydrology graph
 * (hydro_graph_distance: the fan walk of mesh_cell_neighbors, or the
 * 8-connected grid) and moisture_noise_at per cell, for 1, 2, 3 and 8
 * threads; every cell's float must be the same bits. */
static void
check_moisture_reference(struct world *w)
{
    static const int threads[] = { 1, 2, 3, 8 };
    const struct params *p = &w->params;
    struct hydro_graph g;
    struct moisture_noise mn;
    struct og_error e;
    size_t n = w->ncells, i, t;
    uint8_t *fresh = calloc(n, 1), *ocean = calloc(n, 1);
    int32_t *df = calloc(n, sizeof *df), *dn = calloc(n, sizeof *dn);
    float *want = calloc(n, sizeof *want);

    ck_assert(fresh != NULL && ocean != NULL && df != NULL && dn != NULL && want != NULL);
    for (i = 0; i < n; i++) {
        ocean[i] = w->water[i] == WATER_OCEAN;
        fresh[i] = w->water[i] == WATER_LAKE;
    }
    if (w->kind == WORLD_MESH) {
        hydro_graph_mesh(&g, w->mesh, HYDRO_MESH_POINTS);
        for (i = 0; w->river_width != NULL && i < w->nhydro; i++) {
            if (w->river_width[i] > 0.0f) {
                fresh[w->mesh->triangles[3 * i]] = 1;
                fresh[w->mesh->triangles[3 * i + 1]] = 1;
                fresh[w->mesh->triangles[3 * i + 2]] = 1;
            }
        }
    } else {
        ck_assert_int_eq(hydro_graph_grid(&g, w->width, w->height, 8, &e), OG_OK);
        for (i = 0; w->river_width != NULL && i < n && i < w->nhydro; i++) {
            fresh[i] |= w->river_width[i] > 0.0f;
        }
    }
    ck_assert_int_eq(hydro_graph_distance(&g, fresh, df, &e), OG_OK);
    ck_assert_int_eq(hydro_graph_distance(&g, ocean, dn, &e), OG_OK);
    moisture_noise_init(&mn, p);
    for (i = 0; i < n; i++) {
        double u, v;
        if (w->water[i] != WATER_LAND) {
            want[i] = 1.0f;
            continue;
        }
        if (w->kind == WORLD_GRID) {
            double s = w->width > w->height ? w->width : w->height;
            u = ((double)(i % (size_t)w->width) + 0.5) / s;
            v = ((double)(i / (size_t)w->width) + 0.5) / s;
        } else {
            u = w->mesh->points[2 * i];
            v = w->mesh->points[2 * i + 1];
        }
        want[i] = (float)moisture_combine(moisture_noise_at(&mn, u, v), df[i], dn[i],
                                          params_get(p, P_HYDRO_MOISTURE_FALLOFF),
                                          params_get(p, P_HYDRO_OCEAN_MOISTURE));
    }
    for (t = 0; t < sizeof threads / sizeof threads[0]; t++) {
        struct run_ctx ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.params = p;
        ctx.threads = threads[t];
        ck_assert_msg(moisture_stage(w, &ctx, &e) == OG_OK, "%s", e.msg);
        for (i = 0; i < n; i++) {
            ck_assert_msg(memcmp(&w->moisture[i], &want[i], sizeof want[i]) == 0,
                          "cell %zu, %d threads: %.9g, want %.9g", i, threads[t],
                          (double)w->moisture[i], (double)want[i]);
        }
    }
    free(fresh);
    free(ocean);
    free(df);
    free(dn);
    free(want);
}

/* An island's mesh, rivers and all (frontiers of many batches). */
START_TEST(moisture_island_matches_serial)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 30000;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    ck_assert_ptr_nonnull(w->river_width);
    check_moisture_reference(w);
    world_unref(w);
}
END_TEST

/* A mesh with a point of 200 neighbours (past HYDRO_MAX_DEGREE, where the
 * fan walk truncates): a hub in a ring, ocean on one side of the ring and
 * a lake on the other. */
START_TEST(moisture_hub_matches_serial)
{
    enum { RING = 200 };
    struct params p;
    struct world *w = NULL;
    struct og_error e;
    double xy[2 * (RING + 1)];
    size_t i;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_ISLAND, WORLD_MESH, &p, &e), OG_OK);
    xy[0] = 0.5;
    xy[1] = 0.5;
    for (i = 0; i < RING; i++) {
        xy[2 + 2 * i] = 0.5 + 0.4 * cos(6.283185307179586 * (double)i / RING);
        xy[3 + 2 * i] = 0.5 + 0.4 * sin(6.283185307179586 * (double)i / RING);
    }
    ck_assert_int_eq(mesh_build_planar(&w->mesh, xy, RING + 1, &e), OG_OK);
    ck_assert_int_gt(mesh_cell_neighbors(w->mesh, 0, NULL, 0), 64);
    w->ncells = w->mesh->npoints;
    ck_assert_int_eq(world_alloc((void **)&w->water, w->ncells, 1, "w", &e), OG_OK);
    for (i = 1; i <= RING; i++) {
        w->water[i] = i < 20 ? WATER_OCEAN : i == 120 ? WATER_LAKE : WATER_LAND;
    }
    check_moisture_reference(w);
    world_unref(w);
}
END_TEST

/* A grid (the dem kind): the 8-connected search. */
START_TEST(moisture_grid_matches_serial)
{
    struct world *w = tiny_world(0);
    check_moisture_reference(w);
    world_unref(w);
}
END_TEST

Suite *
biome_suite(void)
{
    Suite *s = suite_create("biome");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, classify_corners_centre);
    tcase_add_test(tc, table_unblurred_exact);
    tcase_add_test(tc, blur_kernel);
    tcase_add_test(tc, det_math_accuracy);
    tcase_add_test(tc, table_blur_mean);
    tcase_add_test(tc, lookup_bilinear);
    tcase_add_test(tc, moisture_rule);
    tcase_add_test(tc, moisture_island_matches_serial);
    tcase_add_test(tc, moisture_hub_matches_serial);
    tcase_add_test(tc, moisture_grid_matches_serial);
    tcase_add_test(tc, smoothing_off_exact);
    tcase_add_test(tc, smoothing_on_and_moisture);
    suite_add_tcase(s, tc);
    return s;
}
