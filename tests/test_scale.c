/* World scale (doc/scale.md): metres per cell from georeferencing, true-
 * scale meshes, and an isometric render whose height-to-width ratio at
 * exaggeration 1 is the one its metres give. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "io/georef.h"
#include "render/iso.h"
#include "render/raster.h"
#include "io/mesh/terrain_mesh.h"
#include "tests.h"

/* A 16-bit grey DEM of w x h pixels, h(x, y) = f(x, y) metres, with
 * cm[0] x cm[1] metre pixels, made into a world. */
static struct world *
dem_world(int w, int h, double (*f)(int, int), double cmx, double cmy)
{
    struct dem_raster r;
    struct run_ctx ctx;
    struct params p;
    struct world *wd = NULL;
    struct og_error e;
    int x, y;

    memset(&r, 0, sizeof r);
    r.width = w;
    r.height = h;
    r.channels = 1;
    r.bit_depth = 16;
    r.samples = malloc((size_t)w * h * sizeof *r.samples);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            r.samples[(size_t)y * w + x] = (uint16_t)f(x, y);
        }
    }
    snprintf(r.source, sizeof r.source, "test");
    r.cell_m[0] = cmx;
    r.cell_m[1] = cmy;
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = &r;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &wd, &e) == OG_OK, "%s", e.msg);
    dem_raster_fini(&r);
    return wd;
}

static double ramp(int x, int y) { (void)y; return 10.0 * x; }
/* A 1000 m plateau with one cell at sea level in the middle, so the block's
   base is sea level (the pit is out of sight, inside the box). */
static double plateau_pit(int x, int y) { return x == 16 && y == 16 ? 0.0 : 1000.0; }

/* A ramp of 0..630 m over 64 x 48 pixels of 100 m x 50 m: the world knows
 * its metres, and the mesh's vertices (at the pixel centres) span 6300 m
 * east, 2350 m south and 630 m up: true scale on every axis. */
START_TEST(mesh_true_scale)
{
    struct world *w = dem_world(64, 48, ramp, 100.0, 50.0);
    struct terrain_mesh m;
    struct og_error e;
    double mx, my, mz;

    ck_assert(world_metric(w, &mx, &my, &mz));
    ck_assert_double_eq(mx, 6400.0);
    ck_assert_double_eq(my, 2400.0);
    ck_assert_double_eq(mz, 1.0);
    ck_assert_msg(terrain_mesh_build(w, 64, 48, &m, &e) == OG_OK, "%s", e.msg);
    ck_assert(m.metres);
    ck_assert_double_eq_tol(m.max[0] - m.min[0], 6300.0, 1e-3);
    ck_assert_double_eq_tol(m.max[2] - m.min[2], 2350.0, 1e-3);
    ck_assert_double_eq_tol(m.min[1], 0.0, 1e-3);
    ck_assert_double_eq_tol(m.max[1], 630.0, 1e-3);
    terrain_mesh_free(&m);
    world_unref(w);
}
END_TEST

/* Bounding box of the pixels that are not the background. */
static void
bbox(const struct raster *r, int *bw, int *bh)
{
    int x, y, x0 = r->width, x1 = -1, y0 = r->height, y1 = -1;
    for (y = 0; y < r->height; y++) {
        for (x = 0; x < r->width; x++) {
            const uint8_t *p = r->rgba + 4 * ((size_t)y * r->width + x);
            uint32_t c = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            if (c != ISO_BACKGROUND) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
        }
    }
    *bw = x1 - x0 + 1;
    *bh = y1 - y0 + 1;
}

/* A flat 1000 m plateau of 32 x 32 cells of 100 m with a pit to sea level
 * in the middle, drawn as a box down to the floor (sea level, minus the
 * renderer's 0.05-unit margin). At
 * exaggeration X its picture is 2 x 31 x 32 px wide (the diamond of 31
 * cell lengths each way) and 2 x 31 x 16 + 1.05 x X x 1000 / 100 x 39.19 px
 * high (a one-cell rise is 32 sqrt 2 cos 30 = 39.19 px): the ratio of the
 * rendered image's box matches that within 1 %, at X = 1 and X = 2. */
START_TEST(iso_true_scale_ratio)
{
    struct world *w = dem_world(32, 32, plateau_pit, 100.0, 100.0);
    struct iso_field f;
    struct iso_options o;
    struct og_error e;
    double X;

    ck_assert_msg(iso_field_from_world(&f, w, 64, &e) == OG_OK, "%s", e.msg);
    ck_assert(f.true_scale);
    for (X = 1.0; X <= 2.0; X += 1.0) {
        struct raster *r;
        int bw, bh;
        double want = (2.0 * 31.0 * 16.0 + 1.05 * X * 1000.0 / 100.0 * 39.191835884530846) /
                      (2.0 * 31.0 * 32.0);
        memset(&o, 0, sizeof o);
        o.view.time = 10.0;
        o.view.exaggeration = X;
        o.subdiv = 1;
        o.island_resolution = 64;
        o.threads = 1;
        ck_assert_int_eq(raster_new(&r, 800, 800, &e), OG_OK);
        ck_assert_msg(iso_render_field(&f, &o, r, NULL, &e) == OG_OK, "%s", e.msg);
        bbox(r, &bw, &bh);
        ck_assert_msg(fabs((double)bh / bw - want) < 0.01 * want, "X %g: %dx%d, ratio %g, want %g",
                      X, bw, bh, (double)bh / bw, want);
        raster_free(r);
    }
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST

/* Degrees to metres on WGS 84 (doc/scale.md): 3 arc-seconds at the SRTM
 * tile's centre latitude 40.15 N are 71.005 m east-west and 92.531 m
 * north-south; a projected CRS in US survey feet is scaled by its unit. */
START_TEST(georef_degrees_to_metres)
{
    struct georef g;
    double m[2];

    memset(&g, 0, sizeof g);
    g.valid = 1;
    g.width = g.height = 144;
    g.gt[0] = -105.5604166666671;
    g.gt[1] = 0.000833333333;
    g.gt[3] = 40.2104166666671;
    g.gt[5] = -0.000833333333;
    g.srs = (char *)"<SRS>GEOGCS[&quot;WGS 84&quot;,UNIT[&quot;degree&quot;,0.0174532925199433]]</SRS>";
    ck_assert(georef_cell_metres(&g, m));
    ck_assert_double_eq_tol(m[0], 71.005, 0.001);
    ck_assert_double_eq_tol(m[1], 92.531, 0.001);
    g.srs = (char *)"<SRS>PROJCS[\"x\",GEOGCS[\"y\",UNIT[\"degree\",0.0174532925199433]],"
                    "UNIT[\"US survey foot\",0.304800609601219]]</SRS>";
    g.gt[1] = 10.0;
    g.gt[5] = -10.0;
    ck_assert(georef_cell_metres(&g, m));
    ck_assert_double_eq_tol(m[0], 3.04800609601219, 1e-12);
    g.srs = NULL;   /* a world file alone: metres */
    ck_assert(georef_cell_metres(&g, m));
    ck_assert_double_eq(m[1], 10.0);
    g.valid = 0;
    ck_assert(!georef_cell_metres(&g, m));
}
END_TEST

Suite *
scale_suite(void)
{
    Suite *s = suite_create("scale");
    TCase *tc = tcase_create("metres");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, mesh_true_scale);
    tcase_add_test(tc, iso_true_scale_ratio);
    tcase_add_test(tc, georef_degrees_to_metres);
    suite_add_tcase(s, tc);
    return s;
}
