/* River channels carved into the exported heights (render/river_carve.h):
 * every river runs downhill in the 16-bit heightmap, a channel's depth is
 * the hydraulic geometry's, and a world without rivers is unchanged. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "render/river_carve.h"
#include "render/river_curve.h"
#include "render/sample.h"
#include "tests.h"

/* The raster's sample axes (render/sample.h sample_axes). */
static double ax[4];

/* The 16-bit sample of r nearest map point (u, v). */
static int
nearest(const struct dem_raster *r, double u, double v)
{
    int x = (int)lround((u - ax[0]) / ax[1]), y = (int)lround((v - ax[2]) / ax[3]);
    x = x < 0 ? 0 : (x >= r->width ? r->width - 1 : x);
    y = y < 0 ? 0 : (y >= r->height ? r->height - 1 : y);
    return r->samples[(size_t)y * (size_t)r->width + (size_t)x];
}

/* The position of river node k's segment end (its receiver). */
static void
seg_end_uv(const struct world *w, const int32_t *rid, const double *uv, int32_t d, double *u1,
           double *v1)
{
    if (rid[d] >= 0) {
        *u1 = uv[2 * (size_t)rid[d]];
        *v1 = uv[2 * (size_t)rid[d] + 1];
    } else {
        river_node_uv(w, (size_t)d, u1, v1);
    }
}

/* Whether another river's centreline (a segment not starting at a, b or
 * c, the walk's own) passes within 1.5 samples of map point (pu, pv): two
 * rivers sharing a pixel cannot both keep their own bed in it. */
static int
shared_pixel(const struct world *w, const int32_t *rid, const double *uv, double pu, double pv,
             int32_t a, int32_t b, int32_t c)
{
    size_t i;
    for (i = 0; i < w->nhydro; i++) {
        int32_t d = w->downhill[i];
        double u0, v0, u1, v1, lx, ly, l2, f = 0.0, ex, ey;
        if (rid[i] < 0 || d < 0 || (int32_t)i == a || (int32_t)i == b || (int32_t)i == c) {
            continue;
        }
        u0 = uv[2 * (size_t)rid[i]];
        v0 = uv[2 * (size_t)rid[i] + 1];
        seg_end_uv(w, rid, uv, d, &u1, &v1);
        lx = (u1 - u0) / ax[1];
        ly = (v1 - v0) / ax[3];
        l2 = lx * lx + ly * ly;
        ex = (pu - u0) / ax[1];
        ey = (pv - v0) / ax[3];
        if (l2 > 0.0) {
            f = (ex * lx + ey * ly) / l2;
            f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
        }
        ex -= f * lx;
        ey -= f * ly;
        if (ex * ex + ey * ey < 1.5 * 1.5) {
            return 1;
        }
    }
    return 0;
}

/* Walk every river of w from each source to its mouth along the map's
 * centrelines (render/river_curve.h) in steps of a quarter pixel of the
 * carved heightmap c, and count the steps where the carved sample rises by
 * more than one quantum. Lakes excepted (the measure): a point is
 * skipped where the uncarved heightmap u lies within one channel depth
 * (dq samples) of the water the segment leaves or reaches (a lake's level
 * or the sea; lvq holds each node's level as a sample, -1 for none, seaq
 * the sea's), and a rise is excused where another river's centreline
 * passes within 1.5 samples (shared_pixel; counted in *shared). */
static long
rises(const struct world *w, const struct dem_raster *c, const struct dem_raster *u,
      const int32_t *rid, const double *uv, const int *lvq, int seaq, int dq, long *steps,
      long *shared)
{
    long bad = 0;
    size_t i, n = w->nhydro;
    uint8_t *donor = calloc(n, 1);
    int *inlake = malloc(n * sizeof *inlake);

    ck_assert(donor != NULL && inlake != NULL);
    for (i = 0; i < n; i++) {
        inlake[i] = seaq;   /* every segment fades into the sea, if any */
    }
    for (i = 0; i < n; i++) {
        int32_t d = w->downhill[i];
        if (d >= 0 && rid[i] >= 0 && rid[d] >= 0) {
            donor[d] = 1;   /* d has a river donor: not a source */
        }
        if (d >= 0 && rid[d] >= 0 && w->lake[i] == LAKE_WATER) {
            inlake[d] = lvq[i] > inlake[d] ? lvq[i] : inlake[d];
        }
    }
    for (i = 0; i < n; i++) {
        int32_t k = (int32_t)i, before = -1;
        int prev = -1;
        double prevu = 0.0, prevv = 0.0;
        if (rid[i] < 0 || donor[i]) {
            continue;
        }
        while (k >= 0 && rid[k] >= 0 && w->downhill[k] >= 0) {
            int32_t d = w->downhill[k];
            double u0 = uv[2 * (size_t)rid[k]], v0 = uv[2 * (size_t)rid[k] + 1], u1, v1, len;
            int m, steps_k, level = inlake[k];
            if (rid[d] >= 0) {
                u1 = uv[2 * (size_t)rid[d]];
                v1 = uv[2 * (size_t)rid[d] + 1];
            } else {
                river_node_uv(w, (size_t)d, &u1, &v1);
                level = lvq[d] > level ? lvq[d] : level;
            }
            len = sqrt((u1 - u0) / ax[1] * (u1 - u0) / ax[1] +
                       (v1 - v0) / ax[3] * (v1 - v0) / ax[3]);
            steps_k = (int)(len * 4.0) + 1;
            for (m = 0; m <= steps_k; m++) {
                double f = (double)m / steps_k, pu = u0 + (u1 - u0) * f, pv = v0 + (v1 - v0) * f;
                int q = nearest(c, pu, pv);
                if (level >= 0 && nearest(u, pu, pv) <= level + dq) {
                    prev = -1;   /* at the water's edge: the channel fades out */
                    continue;
                }
                if (prev >= 0 && q > prev + 1) {
                    if (shared_pixel(w, rid, uv, pu, pv, before, k, d) ||
                        shared_pixel(w, rid, uv, prevu, prevv, before, k, d)) {
                        (*shared)++;
                    } else {
                        bad++;
                    }
                }
                prev = q;
                prevu = pu;
                prevv = pv;
                (*steps)++;
            }
            before = k;
            k = d;
        }
    }
    free(donor);
    free(inlake);
    return bad;
}

/* Rivers run downhill in w's heightmap at W x H. */
static void
check_downhill(struct world *w, int W, int H, const char *name)
{
    char pc[256], pu[256];
    struct dem_raster c, u;
    int32_t *rid = malloc(w->nhydro * sizeof *rid);
    double *uv, dmax = 0.0, mx, my, mz;
    int *lvq = malloc(w->nhydro * sizeof *lvq), dq, sea = 0, seaq;
    size_t i, nriver = 0;
    long steps = 0, shared = 0, bad;
    struct river_index ix;
    struct og_error e;

    ck_assert(rid != NULL && lvq != NULL && w->river_width != NULL);
    snprintf(pc, sizeof pc, "tests/out-carve-%s.png", name);
    snprintf(pu, sizeof pu, "tests/out-carve-%s-off.png", name);
    sample_axes(w, W, H, ax);
    test_heightmap_read(w, W, H, pc, &c);
    ck_assert_int_eq(params_set(&w->params, P_RENDER_CARVE_RIVERS, 0, NULL), OG_OK);
    test_heightmap_read(w, W, H, pu, &u);
    ck_assert_int_eq(params_set(&w->params, P_RENDER_CARVE_RIVERS, 1, NULL), OG_OK);
    /* the uncarved one is in its own range: read both as heights on c's */
    for (i = 0; i < (size_t)W * H; i++) {
        double h = u.height_offset + u.samples[i] * u.height_step;
        long q = lround((h - c.height_offset) / c.height_step);
        u.samples[i] = (uint16_t)(q < 0 ? 0 : (q > 65535 ? 65535 : q));
    }
    for (i = 0; i < w->nhydro; i++) {
        rid[i] = w->river_width[i] > 0.0f ? (int32_t)nriver++ : -1;
        if (rid[i] >= 0) {
            double d = river_carve_depth_m(river_carve_discharge(w, i));
            dmax = d > dmax ? d : dmax;
        }
    }
    for (i = 0; w->water != NULL && i < w->ncells; i++) {
        sea |= w->water[i] == WATER_OCEAN;
    }
    river_carve_scale(w, &mx, &my, &mz);
    dq = (int)ceil(dmax / mz * (w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0) / c.height_step) + 1;
    for (i = 0; i < w->nhydro; i++) {
        double lv = w->lake[i] == LAKE_WATER ? w->hydro_elev[i] : w->sea_level;
        lv *= w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0;
        lvq[i] = w->lake[i] == LAKE_WATER || sea
                     ? (int)lround((lv - c.height_offset) / c.height_step) : -1;
    }
    seaq = sea ? (int)lround((w->sea_level * (w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0) -
                              c.height_offset) / c.height_step) : -1;
    uv = malloc(2 * (nriver > 0 ? nriver : 1) * sizeof *uv);
    ck_assert(uv != NULL && nriver > 0);
    /* the curve's rank bitmap gives the indices counted here */
    ck_assert_int_eq(river_index_new(w, &ix, &e), OG_OK);
    ck_assert_uint_eq(ix.n, nriver);
    for (i = 0; i < w->nhydro; i++) {
        ck_assert_int_eq(river_index_at(&ix, i), rid[i]);
    }
    ck_assert_int_eq(river_curve(w, &ix, uv, &e), OG_OK);
    river_index_free(&ix);
    bad = rises(w, &c, &u, rid, uv, lvq, seaq, dq, &steps, &shared);
    ck_assert_msg(steps > 300, "%s: only %ld steps along the rivers", name, steps);
    ck_assert_msg(bad == 0, "%s: %ld of %ld steps along the rivers rise by more than one step",
                  name, bad, steps);
    /* pixels two rivers share stay rare */
    ck_assert_msg(shared * 1000 <= steps, "%s: %ld of %ld steps rise where rivers meet", name,
                  shared, steps);
    free(rid);
    free(lvq);
    free(uv);
    dem_raster_fini(&c);
    dem_raster_fini(&u);
    remove(pc);   /* make check leaves no files in the tree */
    remove(pu);
}

START_TEST(carve_island_rivers_run_downhill)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 2000, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    /* 4x the world's resolution: about 45 cells across, 180 pixels */
    check_downhill(w, 192, 192, "island");
    world_unref(w);
}
END_TEST

START_TEST(carve_hybrid_rivers_run_downhill)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_DROPLETS, 1.0, NULL), OG_OK);
    w = test_run_world(GEN_HYBRID, &p, NULL);
    check_downhill(w, 256, 256, "hybrid");
    world_unref(w);
}
END_TEST

/* One sampler serves a whole export (its tiles, bundle layers, splat
 * images): a view of it samples the rows a fresh sample_init gives, bit
 * for bit, wherever the sampler's own walk stopped, an uncarved view the
 * same cells, and its lowest is sample_lowest's. */
static void
check_shared_sampler(const struct world *w, const char *name)
{
    struct sampler own, fresh, view, plain;
    enum { W = 96, H = 80 };
    float a[W], b[W], c[W];
    int32_t ca[W], cb[W], cc[W];
    double lo;
    int y;

    ck_assert_int_eq(sample_init(&own, w, W, H, NULL), OG_OK);
    ck_assert_msg(own.carve != NULL, "%s: no channels", name);
    ck_assert_int_eq(sample_lowest(w, &lo, NULL), OG_OK);
    ck_assert_msg(lo == own.lowest, "%s: lowest %.17g, sampler's %.17g", name, lo, own.lowest);
    for (y = H - 1; y >= H / 2; y--) {   /* move the owner's walk away */
        sample_row(&own, y, 0, W, a, ca);
    }
    ck_assert_int_eq(sample_init(&fresh, w, W, H, NULL), OG_OK);
    sample_share(&view, &own, 1);
    sample_share(&plain, &own, 0);
    for (y = 0; y < H; y++) {
        sample_row(&fresh, y, 0, W, a, ca);
        sample_row(&view, y, 0, W, b, cb);
        sample_row(&plain, y, 0, W, c, cc);
        ck_assert_msg(memcmp(a, b, sizeof a) == 0 && memcmp(ca, cb, sizeof ca) == 0,
                      "%s: row %d of a view differs from a fresh sampler's", name, y);
        ck_assert_msg(memcmp(ca, cc, sizeof ca) == 0, "%s: row %d's cells differ uncarved",
                      name, y);
    }
    sample_free(&view);   /* frees nothing: own's channels stay */
    ck_assert_ptr_nonnull(own.carve);
    sample_free(&plain);
    sample_free(&fresh);
    sample_free(&own);
}

/* An island (a mesh: the walk hints matter) and a hybrid (beds carved
 * below its lowest cell). */
START_TEST(carve_shared_sampler_is_fresh)
{
    struct params p;
    struct world *w;
    double lo;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 2000, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    check_shared_sampler(w, "island");
    world_unref(w);
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 64, NULL), OG_OK);
    w = test_run_world(GEN_HYBRID, &p, NULL);
    ck_assert_int_eq(sample_lowest(w, &lo, NULL), OG_OK);
    ck_assert(lo < w->elev_min);
    check_shared_sampler(w, "hybrid");
    world_unref(w);
}
END_TEST

/* A plane falling 2 m a cell eastward, 100 m cells, with one river along
 * row 4 whose flow grows by 50 cells a cell (rivers: 1, else none). */
static struct world *
plane_world(int rivers)
{
    enum { W = 32, H = 9 };
    float e[W * H];
    struct world *w;
    int x, y;

    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            e[y * W + x] = (float)(100.0 - 2.0 * x);
        }
    }
    w = test_grid_world(W, H, e);
    w->cell_size = 100.0;
    w->elev_unit_m = 1.0;
    w->sea_level = -1000.0f;
    w->nhydro = w->ncells;
    ck_assert_int_eq(world_alloc((void **)&w->river_width, w->ncells, sizeof(float), "r", NULL),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->flow, w->ncells, sizeof(float), "f", NULL), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->downhill, w->ncells, sizeof(int32_t), "d", NULL),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->lake, w->ncells, 1, "l", NULL), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->hydro_elev, w->ncells, sizeof(float), "h", NULL),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->water, w->ncells, 1, "w", NULL), OG_OK);
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t i = (size_t)y * W + x;
            w->downhill[i] = x + 1 < W ? (int32_t)(i + 1) : -1;
            w->flow[i] = (float)(50.0 * (x + 1));
            w->hydro_elev[i] = e[i];
            w->river_width[i] = rivers && y == 4 ? 1.0f : 0.0f;
        }
    }
    return w;
}

/* On the plane the bed is the surface less the depth exactly, so the
 * carved height at a river cell's centre is d = 0.3 Q^0.4 metres below the
 * plane, Q = flow x cell area x 0.5 m a year. */
START_TEST(carve_depth_is_hydraulic_geometry)
{
    struct world *w = plane_world(1);
    struct sampler s;
    int x;

    ck_assert_int_eq(sample_init(&s, w, 128, 36, NULL), OG_OK);
    ck_assert_ptr_nonnull(s.carve);
    for (x = 2; x < 30; x++) {
        double u = (x + 0.5) / 32.0, v = 4.5 / 9.0;
        double q = 50.0 * (x + 1) * 100.0 * 100.0 * 0.5 / 31557600.0;
        double d = 0.3 * pow(q, 0.4), t = 100.0 - 2.0 * x;
        ck_assert_double_eq_tol(river_carve_discharge(w, (size_t)(4 * 32 + x)), q, 1e-12);
        ck_assert_double_eq_tol(t - sample_point(&s, u, v), d, 1e-4);
        /* and the width: 4 Q^0.5 metres */
        ck_assert_double_eq_tol(river_carve_width_m(q), 4.0 * sqrt(q), 1e-12);
        /* three rows away (300 m) the plane is untouched */
        ck_assert_double_eq_tol(sample_point(&s, u, v + 3.0 / 9.0), t, 1e-9);
    }
    sample_free(&s);
    world_unref(w);
}
END_TEST

/* A world without rivers, or with render.carve_rivers off, gives the
 * bytes it gave before channels were carved: its plain surface. */
START_TEST(carve_none_without_rivers)
{
    struct world *dry = plane_world(0), *wet = plane_world(1);
    struct dem_raster a, b, c;
    size_t i, differ = 0;

    test_heightmap_read(dry, 128, 36, "tests/out-carve-dry.png", &a);
    ck_assert_int_eq(params_set(&wet->params, P_RENDER_CARVE_RIVERS, 0, NULL), OG_OK);
    test_heightmap_read(wet, 128, 36, "tests/out-carve-off.png", &b);
    ck_assert_int_eq(params_set(&wet->params, P_RENDER_CARVE_RIVERS, 1, NULL), OG_OK);
    test_heightmap_read(wet, 128, 36, "tests/out-carve-on.png", &c);
    ck_assert_double_eq(a.height_offset, b.height_offset);
    for (i = 0; i < 128 * 36; i++) {
        /* the plane's samples (Catmull-Rom is exact on it): 100 - 2 x per cell */
        ck_assert_uint_eq(a.samples[i], b.samples[i]);
        differ += a.samples[i] != c.samples[i];
    }
    ck_assert_msg(differ > 128, "the channel changed only %zu samples", differ);
    /* the carved range reaches the lowest bed below the plane's minimum */
    ck_assert(c.height_offset < a.height_offset);
    dem_raster_fini(&a);
    dem_raster_fini(&b);
    dem_raster_fini(&c);
    remove("tests/out-carve-dry.png");
    remove("tests/out-carve-off.png");
    remove("tests/out-carve-on.png");
    world_unref(dry);
    world_unref(wet);
}
END_TEST

void
carve_tests(Suite *s)
{
    TCase *tc = tcase_create("carve");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, carve_depth_is_hydraulic_geometry);
    tcase_add_test(tc, carve_none_without_rivers);
    tcase_add_test(tc, carve_island_rivers_run_downhill);
    tcase_add_test(tc, carve_hybrid_rivers_run_downhill);
    tcase_add_test(tc, carve_shared_sampler_is_fresh);
    suite_add_tcase(s, tc);
}
