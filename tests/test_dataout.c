/* Data exports (issue 11): the raster sampler, 16-bit heightmaps and r16,
 * tiles and bundles (the geometric exports: test_dataout_geometry.c).
 * Round trips read the files back through the DEM reader and compare with
 * the sampled heights; byte layouts are checked against hand-made worlds. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#include "core/dem/dem.h"
#include "core/recipe/params.h"
#include "io/raster/heightmap.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "io/raster/raw16.h"
#include "render/sample.h"
#include "render/surface.h"
#include "io/export.h"
#include "io/bundle.h"
#include "io/tiles.h"
#include "tests.h"


START_TEST(sample_grid_exact_and_bicubic)
{
    const float e[6] = { 0, 1, 2, 3, 4, 5 };  /* 3 x 2 */
    struct world *w = test_grid_world(3, 2, e);
    struct sampler s;
    float row[6];
    int32_t cell[6];

    ck_assert_int_eq(sample_init(&s, w, 3, 2, NULL), OG_OK);
    sample_row(&s, 1, 0, 3, row, cell);
    ck_assert(row[0] == 3.0f && row[1] == 4.0f && row[2] == 5.0f);
    ck_assert(cell[0] == 3 && cell[2] == 5);
    sample_free(&s);
    /* 6 x 4: the grid's nodes from the first to the last cell centre
       (doc/grid.md), cell coordinates i x 2 / 5 and j x 1 / 3. */
    ck_assert_int_eq(sample_init(&s, w, 6, 4, NULL), OG_OK);
    sample_row(&s, 0, 0, 6, row, NULL);
    /* Catmull-Rom (render/surface.h), border cells repeated: at x = 0.4
       the taps 0, 0, 1, 2 weigh -0.072, 0.696, 0.424, -0.048 */
    ck_assert_float_eq_tol(row[0], 0.0f, 1e-6);      /* the first cell */
    ck_assert_float_eq_tol(row[1], 0.328f, 1e-6);    /* x = 0.4 */
    ck_assert_float_eq_tol(row[2], 0.784f, 1e-6);    /* x = 0.8 */
    ck_assert_float_eq_tol(row[5], 2.0f, 1e-6);      /* the last cell */
    sample_row(&s, 1, 0, 6, row, NULL);              /* y = 1/3: + 3 x 8/27 */
    ck_assert_float_eq_tol(row[1], 0.328f + 8.0f / 9.0f, 1e-5);
    sample_row(&s, 3, 0, 6, row, NULL);              /* the last row */
    ck_assert_float_eq_tol(row[5], 5.0f, 1e-6);
    sample_free(&s);
    world_unref(w);
}
END_TEST

/* A row of the surface (surface_row_at, what grid_row samples) gives
 * surface_bicubic's bits, inside the grid, between cells and past its
 * borders. */
START_TEST(surface_row_is_bicubic)
{
    float f[7 * 5];
    struct surface_row sr;
    int i, j, k;

    for (i = 0; i < 7 * 5; i++) {
        f[i] = (float)((i * 37) % 11) - 3.25f;
    }
    for (j = -3; j <= 17; j++) {
        double gy = 0.3 * j - 0.6, v;
        surface_row_init(&sr, f, 7, 5, gy);
        for (k = -5; k <= 40; k++) {
            double gx = 0.17 * k;
            surface_bicubic(f, 7, 5, gx, gy, &v, NULL, NULL);
            ck_assert_msg(surface_row_at(&sr, gx) == v, "(%g, %g)", gx, gy);
        }
    }
}
END_TEST

/* Mesh samples are convex combinations: inside the world's range, and at
 * a cell's own point equal to its elevation up to interpolation. */
START_TEST(sample_mesh_in_range)
{
    struct params p;
    struct world *w;
    struct sampler s;
    float row[200];
    int y, x;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 800, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    ck_assert_int_eq(sample_init(&s, w, 200, 150, NULL), OG_OK);
    for (y = 0; y < 150; y++) {
        sample_row(&s, y, 0, 200, row, NULL);
        for (x = 0; x < 200; x++) {
            ck_assert(row[x] >= w->elev_min - 1e-6f && row[x] <= w->elev_max + 1e-6f);
        }
    }
    sample_free(&s);
    world_unref(w);
}
END_TEST

/* PNG chunk types in file order, as a string of 4-letter names. */
static void
png_chunks(const unsigned char *d, size_t len, char *out, size_t size)
{
    size_t i = 8, o = 0;
    out[0] = '\0';
    while (i + 8 <= len && o + 6 < size) {
        size_t n = (size_t)d[i] << 24 | (size_t)d[i + 1] << 16 | (size_t)d[i + 2] << 8 | d[i + 3];
        memcpy(out + o, d + i + 4, 4);
        out[o + 4] = ' ';
        o += 5;
        out[o] = '\0';
        i += 12 + n;
    }
}

/* Heightmap of w at W x H: written, linear 16-bit grey, read back by the
 * DEM reader to within half a step of the sampled heights. */
static void
roundtrip(struct world *w, int W, int H, const char *path)
{
    struct height_range range = { 0 };
    struct height_scale sc;
    struct dem_raster r;
    struct sampler s;
    struct og_error e;
    unsigned char *file;
    char chunks[4096];
    float *back, *row;
    size_t len;
    int x, y;
    double worst = 0.0;

    test_heightmap_read(w, W, H, path, &r);
    ck_assert_int_eq(heightmap_scale(w, NULL, &range, &sc, &e), OG_OK);
    file = test_slurp(path, &len);
    ck_assert(file[24] == 16 && file[25] == 0);       /* IHDR: 16-bit, grey */
    png_chunks(file, len, chunks, sizeof chunks);
    ck_assert_msg(strstr(chunks, "gAMA") == NULL && strstr(chunks, "sRGB") == NULL &&
                  strstr(chunks, "iCCP") == NULL && strstr(chunks, "tEXt") != NULL, "%s", chunks);
    free(file);

    ck_assert_int_eq(r.bit_depth, 16);
    ck_assert(r.height_scaled);
    ck_assert_double_eq(r.height_offset, sc.lo);
    ck_assert_double_eq_tol(r.height_step, sc.step, sc.step * 1e-15);
    back = malloc((size_t)W * H * sizeof *back);
    row = malloc((size_t)W * sizeof *row);
    ck_assert_int_eq(dem_decode(&r, DEM_AUTO, 1.0, back, &e), OG_OK);
    ck_assert_int_eq(sample_init(&s, w, W, H, NULL), OG_OK);
    for (y = 0; y < H; y++) {
        sample_row(&s, y, 0, W, row, NULL);
        for (x = 0; x < W; x++) {
            /* metres where the world's scale is known (doc/scale.md) */
            double d = fabs((double)back[(size_t)y * W + x] - row[x] * sc.unit);
            worst = d > worst ? d : worst;
        }
    }
    sample_free(&s);
    /* half a step of quantisation, plus float rounding of the read-back */
    ck_assert_msg(worst <= 0.5 * sc.step + 1e-6 * (fabs(sc.lo) + fabs(sc.hi)),
                  "%s: worst %g, step %g", path, worst, sc.step);
    /* The extremes are 0 and 65535 when the raster reaches them. */
    free(back);
    free(row);
    dem_raster_fini(&r);
    if (strcmp(path, "tests/out-dataout-dem.png") != 0) {
        remove(path);  /* make check leaves no files in the tree */
    }
}

START_TEST(heightmap_roundtrip_island)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 1500, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    roundtrip(w, 96, 80, "tests/out-dataout-island.png");
    world_unref(w);
}
END_TEST

START_TEST(heightmap_roundtrip_hybrid)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 48, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_DROPLETS, 1.0, NULL), OG_OK);
    w = test_run_world(GEN_HYBRID, &p, NULL);
    roundtrip(w, 64, 48, "tests/out-dataout-hybrid.png");   /* exact cells */
    roundtrip(w, 65, 65, "tests/out-dataout-hybrid65.png"); /* 2^n + 1 */
    world_unref(w);
}
END_TEST

START_TEST(heightmap_roundtrip_planet)
{
    struct params p;
    struct world *w;
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 600, NULL), OG_OK);
    w = test_run_world(GEN_PLANET, &p, NULL);
    roundtrip(w, 128, 64, "tests/out-dataout-planet.png");
    world_unref(w);
}
END_TEST

/* A dem world at its own size: the heightmap's samples read back as the
 * metres of the source within half a step, and the world made from the
 * heightmap has the source's extremes (render.carve_rivers off: the
 * source's own heights, no channels carved into them). */
START_TEST(heightmap_roundtrip_dem)
{
    struct params p;
    struct dem_raster r, r2;
    struct world *w, *w2;
    struct og_error e;
    struct height_scale sc;
    struct height_range range = { 0 };
    size_t i;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_RENDER_CARVE_RIVERS, 0, NULL), OG_OK);
    ck_assert_msg(pngio_read_raster(test_data_path("srtmgl3_front_range_144.png"), &r, &e) ==
                  OG_OK, "%s", e.msg);
    w = test_run_world(GEN_DEM, &p, &r);
    roundtrip(w, 144, 144, "tests/out-dataout-dem.png");
    ck_assert_int_eq(heightmap_scale(w, NULL, &range, &sc, &e), OG_OK);
    ck_assert_double_eq_tol(sc.lo, 2186.0, 1e-9);
    ck_assert_double_eq_tol(sc.hi, 3345.0, 1e-9);
    ck_assert_msg(pngio_read_raster("tests/out-dataout-dem.png", &r2, &e) == OG_OK, "%s", e.msg);
    w2 = test_run_world(GEN_DEM, &p, &r2);
    ck_assert_float_eq_tol(w2->elev_min, 2186.0f, 1e-3f);
    ck_assert_float_eq_tol(w2->elev_max, 3345.0f, 1e-3f);
    for (i = 0; i < w->ncells; i++) {
        ck_assert(fabs(w2->elevation[i] - w->elevation[i]) <= 0.5 * sc.step + 1e-3);
    }
    world_unref(w);
    world_unref(w2);
    dem_raster_fini(&r);
    dem_raster_fini(&r2);
    remove("tests/out-dataout-dem.png");
}
END_TEST

/* r16 of a 3 x 2 world with heights 0..5 over its own range: samples
 * round(k * 65535 / 5) = 0, 13107, ..., 65535, little-endian, row 0 first;
 * with --height-range 0:10 half of that. */
START_TEST(raw16_layout)
{
    const float e6[6] = { 0, 1, 2, 3, 4, 5 };
    static const unsigned char want[12] = { 0x00, 0x00, 0x33, 0x33, 0x66, 0x66,
                                            0x99, 0x99, 0xcc, 0xcc, 0xff, 0xff };
    struct world *w = test_grid_world(3, 2, e6);
    struct raster_window win;
    struct height_range range = { 0 };
    struct height_scale sc;
    struct og_error e;
    unsigned char *d;
    size_t len;

    raster_window_full(&win, 3, 2);
    ck_assert_msg(export_raw16(w, NULL, &win, &range, "tests/out-dataout.r16", &sc, &e) == OG_OK, "%s",
                  e.msg);
    d = test_slurp("tests/out-dataout.r16", &len);
    ck_assert_uint_eq(len, 12);
    ck_assert(memcmp(d, want, 12) == 0);
    free(d);
    ck_assert_double_eq(sc.lo, 0.0);
    ck_assert_double_eq_tol(sc.step, 5.0 / 65535.0, 1e-18);

    range.given = 1;
    range.lo = 0.0;
    range.hi = 10.0;
    ck_assert_int_eq(export_raw16(w, NULL, &win, &range, "tests/out-dataout.r16", &sc, &e), OG_OK);
    d = test_slurp("tests/out-dataout.r16", &len);
    /* 5 of 10 -> 32767.5 -> 32768 (round half away from zero) = 0x8000 */
    ck_assert(d[10] == 0x00 && d[11] == 0x80);
    ck_assert(d[2] == 0x9a && d[3] == 0x19);  /* 1 of 10: 6553.5 -> 6554 = 0x199a */
    free(d);

    /* A range that does not cover the data is refused, no file written. */
    range.hi = 4.0;
    remove("tests/out-dataout-refused.r16");
    ck_assert_int_eq(export_raw16(w, NULL, &win, &range, "tests/out-dataout-refused.r16", &sc, &e),
                     OG_ERANGE);
    ck_assert_msg(strstr(e.msg, "--height-range") != NULL && strstr(e.msg, "--clip") != NULL,
                  "%s", e.msg);
    ck_assert(fopen("tests/out-dataout-refused.r16", "rb") == NULL);
    range.clip = 1;
    ck_assert_int_eq(export_raw16(w, NULL, &win, &range, "tests/out-dataout.r16", &sc, &e), OG_OK);
    d = test_slurp("tests/out-dataout.r16", &len);
    ck_assert(d[8] == 0xff && d[9] == 0xff && d[10] == 0xff && d[11] == 0xff);  /* 4, 5 -> top */
    free(d);
    remove("tests/out-dataout.r16");
    world_unref(w);
}
END_TEST


/* Tiles with a one-sample overlap, pasted at their windows, give the single
 * export: heightmap samples, r16 bytes and map pixels; shared edges carry
 * the same samples in both tiles. */
START_TEST(tiles_stitch_to_single_export)
{
    struct params p;
    struct world *w;
    struct tile_grid g = { 3, 2, 1, 0, 0, 0 };
    struct raster_window full, win;
    struct height_range range = { 0 };
    struct og_error e;
    struct dem_raster one, part;
    unsigned char *raw, *traw;
    size_t len, tlen;
    int tx, ty, x, y, W = 61, H = 41;
    char name[256];

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 1200, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    ck_assert_int_eq(tile_check(&g, W, H, &e), OG_OK);
    raster_window_full(&full, W, H);
    ck_assert_int_eq(export_heightmap_png(w, NULL, &full, &range, "tests/out-dataout-t.png", NULL, &e),
                     OG_OK);
    ck_assert_int_eq(export_raw16(w, NULL, &full, &range, "tests/out-dataout-t.r16", NULL, &e), OG_OK);
    ck_assert_int_eq(export_map_png(w, LAYER_COLOR, W, H, "tests/out-dataout-m.png", &e), OG_OK);
    ck_assert_int_eq(export_map_tiles(w, LAYER_COLOR, W, H, &g, "tests/out-dataout-m.png", NULL, &e),
                     OG_OK);
    ck_assert_int_eq(pngio_read_raster("tests/out-dataout-t.png", &one, &e), OG_OK);
    raw = test_slurp("tests/out-dataout-t.r16", &len);
    for (ty = 0; ty < 2; ty++) {
        for (tx = 0; tx < 3; tx++) {
            tile_window(&g, W, H, tx, ty, &win);
            /* 61 = 20 + 20 + 21 columns; all but the last get one more */
            ck_assert_int_eq(win.w, 21);
            ck_assert_int_eq(win.x0, tx * 61 / 3);
            ck_assert_int_eq(export_heightmap_png(w, NULL, &win, &range, "tests/out-dataout-tile.png",
                                                  NULL, &e), OG_OK);
            ck_assert_int_eq(export_raw16(w, NULL, &win, &range, "tests/out-dataout-tile.r16", NULL,
                                          &e), OG_OK);
            ck_assert_int_eq(pngio_read_raster("tests/out-dataout-tile.png", &part, &e), OG_OK);
            ck_assert_int_eq(part.width, win.w);
            ck_assert_int_eq(part.height, win.h);
            traw = test_slurp("tests/out-dataout-tile.r16", &tlen);
            ck_assert_uint_eq(tlen, (size_t)win.w * win.h * 2);
            for (y = 0; y < win.h; y++) {
                for (x = 0; x < win.w; x++) {
                    size_t o = (size_t)(win.y0 + y) * W + win.x0 + x;
                    ck_assert_uint_eq(part.samples[(size_t)y * win.w + x], one.samples[o]);
                }
                ck_assert(memcmp(traw + (size_t)y * win.w * 2, raw + ((size_t)(win.y0 + y) * W +
                                 win.x0) * 2, (size_t)win.w * 2) == 0);
            }
            free(traw);
            dem_raster_fini(&part);
            /* map tile pixels */
            {
                struct dem_raster mone, mpart;
                ck_assert_int_eq(tile_name("tests/out-dataout-m.png", tx, ty, name, sizeof name),
                                 0);
                ck_assert_int_eq(pngio_read_raster("tests/out-dataout-m.png", &mone, &e), OG_OK);
                ck_assert_int_eq(pngio_read_raster(name, &mpart, &e), OG_OK);
                ck_assert_int_eq(mpart.width, win.w);
                for (y = 0; y < win.h; y++) {
                    ck_assert(memcmp(mpart.samples + (size_t)y * win.w * 4,
                                     mone.samples + ((size_t)(win.y0 + y) * W + win.x0) * 4,
                                     (size_t)win.w * 4 * sizeof *mone.samples) == 0);
                }
                dem_raster_fini(&mone);
                dem_raster_fini(&mpart);
                remove(name);
            }
        }
    }
    ck_assert_int_eq(tile_name("a/b.c/map", 2, 1, name, sizeof name), 0);
    ck_assert_str_eq(name, "a/b.c/map_x2_y1");
    g.overlap = 21;
    ck_assert_int_eq(tile_check(&g, W, H, &e), OG_ERANGE);
    free(raw);
    dem_raster_fini(&one);
    remove("tests/out-dataout-t.png");
    remove("tests/out-dataout-t.r16");
    remove("tests/out-dataout-m.png");
    remove("tests/out-dataout-tile.png");
    remove("tests/out-dataout-tile.r16");
    world_unref(w);
}
END_TEST

/* Map tiles are rendered alone (their own columns, their rows in aligned
 * bands), yet each is the same window of the whole map, pixel for pixel:
 * on a mesh (smooth surface and rivers), a hybrid grid (continuous
 * fields), a DEM and a planet; tiles whose rows do not start on a band. */
static void
map_tiles_match(const struct world *w, enum map_layer layer, int W, int H, int nx, int ny)
{
    struct tile_grid g = { nx, ny, 1, 0, 0, 0 };
    struct tile_done done = { 0, NULL, NULL };
    struct raster_window win;
    struct dem_raster one, part;
    struct og_error e;
    char name[256];
    int tx, ty, y;

    ck_assert_msg(export_map_png(w, layer, W, H, "tests/out-dataout-mt.png", &e) == OG_OK, "%s",
                  e.msg);
    ck_assert_msg(export_map_tiles(w, layer, W, H, &g, "tests/out-dataout-mt.png", &done, &e) ==
                  OG_OK, "%s", e.msg);
    ck_assert_int_eq(done.count, nx * ny);
    ck_assert_int_eq(pngio_read_raster("tests/out-dataout-mt.png", &one, &e), OG_OK);
    for (ty = 0; ty < ny; ty++) {
        for (tx = 0; tx < nx; tx++) {
            tile_window(&g, W, H, tx, ty, &win);
            ck_assert_int_eq(tile_name("tests/out-dataout-mt.png", tx, ty, name, sizeof name), 0);
            ck_assert_int_eq(pngio_read_raster(name, &part, &e), OG_OK);
            ck_assert_int_eq(part.width, win.w);
            ck_assert_int_eq(part.height, win.h);
            for (y = 0; y < win.h; y++) {
                ck_assert_msg(memcmp(part.samples + (size_t)y * win.w * 4,
                                     one.samples + ((size_t)(win.y0 + y) * W + win.x0) * 4,
                                     (size_t)win.w * 4 * sizeof *one.samples) == 0,
                              "%s layer %d tile %d,%d row %d differs", world_gen_name(w->gen),
                              layer, tx, ty, y);
            }
            dem_raster_fini(&part);
            remove(name);
        }
    }
    dem_raster_fini(&one);
    remove("tests/out-dataout-mt.png");
}

START_TEST(map_tiles_equal_the_whole_map)
{
    struct params p;
    struct dem_raster r;
    struct world *w;
    struct og_error e;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 1200, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    map_tiles_match(w, LAYER_COLOR, 301, 301, 3, 2);   /* 133 px a cell: smooth */
    map_tiles_match(w, LAYER_RIVERS, 97, 97, 3, 3);
    world_unref(w);
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 64, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 48, NULL), OG_OK);
    w = test_run_world(GEN_HYBRID, &p, NULL);
    map_tiles_match(w, LAYER_COLOR, 257, 193, 4, 3);
    world_unref(w);
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 600, NULL), OG_OK);
    w = test_run_world(GEN_PLANET, &p, NULL);
    map_tiles_match(w, LAYER_COLOR, 201, 101, 3, 2);
    world_unref(w);
    params_defaults(&p);
    ck_assert_msg(pngio_read_raster(test_data_path("srtmgl3_front_range_144.png"), &r, &e) ==
                  OG_OK, "%s", e.msg);
    w = test_run_world(GEN_DEM, &p, &r);
    map_tiles_match(w, LAYER_COLOR, 289, 289, 2, 3);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

/* The bundle's rivers.png is the colour map's own river lines drawn with
 * its pixel centres on the height samples (sample_view): every pixel the
 * map of that view classes as river is 255 in the mask, and every 255 is a
 * river or a water pixel the river crosses (the map keeps water classes
 * there). The view's centres are sample_axes' points, so the mask lies on
 * the carved channels of height.png, not half a pixel beside them. */
START_TEST(bundle_rivers_match_the_map)
{
    struct params p;
    struct world *w;
    struct og_error e;
    struct dem_raster r;
    struct map_view full;
    double ax[4];
    const int W = 160, H = 160;
    uint8_t *cls = malloc((size_t)W * H);
    size_t i, rivers = 0;
    const char *dir = "tests/out-dataout-bundle";
    DIR *d;
    struct dirent *de;
    char path[512];

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 2000, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    ck_assert_int_eq(export_bundle(w, W, H, NULL, dir, &e), OG_OK);
    ck_assert_int_eq(pngio_read_raster("tests/out-dataout-bundle/rivers.png", &r, &e), OG_OK);
    ck_assert_int_eq(r.width, W);
    ck_assert_int_eq(r.channels, 1);
    sample_view(w, W, H, &full);
    sample_axes(w, W, H, ax);
    ck_assert_double_eq_tol(full.u0 + 0.5 * (full.u1 - full.u0) / W, ax[0], 1e-15);
    ck_assert_double_eq_tol(full.u0 + (W - 0.5) * (full.u1 - full.u0) / W, ax[0] + ax[1] * (W - 1),
                            1e-15);
    ck_assert_double_eq_tol(full.v0 + (H - 0.5) * (full.v1 - full.v0) / H, ax[2] + ax[3] * (H - 1),
                            1e-15);
    ck_assert(full.u0 < 0.0 && full.u1 > 1.0); /* a plane's samples reach its borders */
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &full, W, H, NULL, cls, &e), OG_OK);
    for (i = 0; i < (size_t)W * H; i++) {
        int m = r.samples[i];
        ck_assert(m == 0 || m == 255);
        if (cls[i] == MC_RIVER) {
            ck_assert_msg(m == 255, "pixel %zu: the map draws a river, the mask has %d", i, m);
            rivers++;
        }
        if (m == 255) {
            ck_assert_msg(cls[i] == MC_RIVER || cls[i] == MC_LAKE || cls[i] == MC_WATER ||
                              cls[i] == MC_DEEP,
                          "pixel %zu: mask 255 over class %d", i, cls[i]);
        }
    }
    ck_assert_msg(rivers > 50, "only %zu river pixels", rivers);
    dem_raster_fini(&r);
    free(cls);
    if ((d = opendir(dir)) != NULL) {
        while ((de = readdir(d)) != NULL) {
            if (de->d_name[0] != '.') {
                snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
                remove(path);
            }
        }
        closedir(d);
    }
    rmdir(dir);
    world_unref(w);
}
END_TEST

Suite *
dataout_suite(void)
{
    Suite *s = suite_create("dataout");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, sample_grid_exact_and_bicubic);
    tcase_add_test(tc, surface_row_is_bicubic);
    tcase_add_test(tc, sample_mesh_in_range);
    tcase_add_test(tc, heightmap_roundtrip_island);
    tcase_add_test(tc, heightmap_roundtrip_hybrid);
    tcase_add_test(tc, heightmap_roundtrip_planet);
    tcase_add_test(tc, heightmap_roundtrip_dem);
    tcase_add_test(tc, raw16_layout);
    tcase_add_test(tc, bundle_rivers_match_the_map);
    tcase_add_test(tc, tiles_stitch_to_single_export);
    tcase_add_test(tc, map_tiles_equal_the_whole_map);
    suite_add_tcase(s, tc);
    dataout_geometry_tests(s);
    engine_tests(s);
    splat_tests(s);
    carve_tests(s);
    subgrid_tests(s);
    output_registry_tests(s);
    return s;
}
