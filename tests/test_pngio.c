/* PNG input and output (io/png/pngio.h): the writer's contract, round
 * trips of pixels and text, deterministic bytes, maps written in bands,
 * and reading real DEMs (hand-built inputs: test_pngio_read.c). */
#include "config.h"
#include "tests.h"

#include <dirent.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "io/export_map.h"

/* Outputs go to the build tree (CLEANFILES: tests/out-*.png). */
#define OUT_RT "tests/out-pngio-rt.png"
#define OUT_RT2 "tests/out-pngio-rt2.png"
#define OUT_BAD "tests/out-pngio-bad.png"
#define OUT_BANDS "tests/out-pngio-bands.png"
#define OUT_WHOLE "tests/out-pngio-whole.png"


/* Number of entries in dir other than . and .. */
static int
count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            n++;
        }
    }
    closedir(d);
    return n;
}

/* Entries of dir whose name starts with prefix. */
static int
count_prefixed(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
            n++;
        }
    }
    closedir(d);
    return n;
}

static void
make_pattern(uint8_t *rgba, int w, int h)
{
    int x, y;

    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            uint8_t *p = rgba + 4 * (y * w + x);
            p[0] = (uint8_t)(x * 37 + y * 11);
            p[1] = (uint8_t)(255 - x * 5);
            p[2] = (uint8_t)(y * 53 + 7);
            p[3] = (uint8_t)((x + y) % 3 == 0 ? 255 : 17 * (x + 1));
        }
    }
}

START_TEST(test_roundtrip_pixels_text)
{
    enum { W = 13, H = 7 };
    uint8_t rgba[4 * W * H];
    const struct pngio_text text[] = {
        {"Software", "orogen"},
        {"orogen.recipe", "generator=island\nseed=42\nisland.cells=2000"},
    };
    struct dem_raster r;
    struct og_error err;
    char **keys, **values;
    size_t n, i;

    make_pattern(rgba, W, H);
    ck_assert_int_eq(pngio_write_rgba(OUT_RT, rgba, W, H, text, 2, 6, &err), OG_OK);
    ck_assert_int_eq(count_prefixed("tests", "out-pngio-rt.png."), 0);

    ck_assert_int_eq(pngio_read_raster(OUT_RT, &r, &err), OG_OK);
    ck_assert_int_eq(r.width, W);
    ck_assert_int_eq(r.height, H);
    ck_assert_int_eq(r.channels, 4);
    ck_assert_int_eq(r.bit_depth, 8);
    ck_assert_str_eq(r.source, OUT_RT);
    for (i = 0; i < 4 * W * H; i++) {
        ck_assert_uint_eq(r.samples[i], rgba[i]);
    }
    dem_raster_fini(&r);

    ck_assert_int_eq(pngio_read_text(OUT_RT, &keys, &values, &n, &err), OG_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(keys[0], "Software");
    ck_assert_str_eq(values[0], "orogen");
    ck_assert_str_eq(keys[1], "orogen.recipe");
    ck_assert_str_eq(values[1], "generator=island\nseed=42\nisland.cells=2000");
    pngio_text_free(keys, values, n);
    unlink(OUT_RT);   /* make check leaves no files in the tree */
}
END_TEST

START_TEST(test_deterministic_bytes)
{
    enum { W = 64, H = 40 };
    static uint8_t rgba[4 * W * H];
    const struct pngio_text text[] = {{"k", "v"}};
    unsigned char *a, *b;
    size_t la, lb;
    struct og_error err;

    make_pattern(rgba, W, H);
    ck_assert_int_eq(pngio_write_rgba(OUT_RT, rgba, W, H, text, 1, 1, &err), OG_OK);
    ck_assert_int_eq(pngio_write_rgba(OUT_RT2, rgba, W, H, text, 1, 1, &err), OG_OK);
    a = test_slurp(OUT_RT, &la);
    b = test_slurp(OUT_RT2, &lb);
    ck_assert_uint_eq(la, lb);
    ck_assert_int_eq(memcmp(a, b, la), 0);
    /* PNG signature then IHDR first */
    ck_assert_int_eq(memcmp(a, "\x89PNG\r\n\x1a\n", 8), 0);
    ck_assert_int_eq(memcmp(a + 12, "IHDR", 4), 0);
    free(a);
    free(b);
    /* overwriting an existing file replaces it */
    ck_assert_int_eq(pngio_write_rgba(OUT_RT, rgba, 1, 1, NULL, 0, 9, &err), OG_OK);
    a = test_slurp(OUT_RT, &la);
    ck_assert_uint_lt(la, lb);
    free(a);
    unlink(OUT_RT);
    unlink(OUT_RT2);
}
END_TEST

START_TEST(test_read_fuji)
{
    struct dem_raster r;
    struct og_error err;
    const uint16_t *p;

    ck_assert_int_eq(pngio_read_raster(test_shared_data_path("dem/fuji.png"), &r, &err), OG_OK);
    ck_assert_int_eq(r.width, 512);
    ck_assert_int_eq(r.height, 512);
    ck_assert_int_eq(r.channels, 4);
    ck_assert_int_eq(r.bit_depth, 8);
    p = r.samples;
    ck_assert_uint_eq(p[0], 1);
    ck_assert_uint_eq(p[1], 154);
    ck_assert_uint_eq(p[2], 18);
    ck_assert_uint_eq(p[3], 255);
    p = r.samples + 4 * (178 * 512 + 308);
    ck_assert_uint_eq(p[0], 2);
    ck_assert_uint_eq(p[1], 25);
    ck_assert_uint_eq(p[2], 38);
    ck_assert_uint_eq(p[3], 255);
    dem_raster_fini(&r);
}
END_TEST

START_TEST(test_read_gray16)
{
    struct dem_raster r;
    struct og_error err;
    size_t i, imin = 0, imax = 0;

    ck_assert_int_eq(pngio_read_raster(test_data_path("srtmgl3_front_range_144.png"), &r, &err),
                     OG_OK);
    ck_assert_int_eq(r.width, 144);
    ck_assert_int_eq(r.height, 144);
    ck_assert_int_eq(r.channels, 1);
    ck_assert_int_eq(r.bit_depth, 16);
    for (i = 0; i < 144 * 144; i++) {
        if (r.samples[i] < r.samples[imin]) {
            imin = i;
        }
        if (r.samples[i] > r.samples[imax]) {
            imax = i;
        }
    }
    /* data/README.md: 2186 m at (143,2), 3345 m at (0,57) */
    ck_assert_uint_eq(r.samples[imin], 2186);
    ck_assert_uint_eq(imin, 2 * 144 + 143);
    ck_assert_uint_eq(r.samples[imax], 3345);
    ck_assert_uint_eq(imax, 57 * 144 + 0);
    dem_raster_fini(&r);
}
END_TEST

START_TEST(test_unwritable_missing_dir)
{
    uint8_t px[4] = {1, 2, 3, 4};
    struct og_error err;

    og_error_clear(&err);
    ck_assert_int_eq(pngio_write_rgba("/nonexistent/dir/x.png", px, 1, 1, NULL, 0, 1, &err),
                     OG_EIO);
    ck_assert_int_eq(err.code, OG_EIO);
    ck_assert_str_eq(err.msg, "cannot write /nonexistent/dir/x.png: No such file or directory");
    ck_assert_int_eq(access("/nonexistent/dir/x.png", F_OK), -1);
}
END_TEST

START_TEST(test_unwritable_readonly_dir)
{
    const char *dir = "tests/out-pngio-rodir";
    uint8_t px[4] = {1, 2, 3, 4};
    struct og_error err;
    char path[256];

    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/x.png", dir);
    ck_assert_int_eq(chmod(dir, 0555), 0);
    if (geteuid() != 0) {
        ck_assert_int_eq(pngio_write_rgba(path, px, 1, 1, NULL, 0, 1, &err), OG_EIO);
        ck_assert_str_eq(err.msg, "cannot write tests/out-pngio-rodir/x.png: Permission denied");
        ck_assert_int_eq(count_entries(dir), 0);
    }
    chmod(dir, 0755);
    rmdir(dir);

    /* A regular file used as a folder fails for root too. */
    test_spit(OUT_BAD, "x", 1);
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD "/x.png", px, 1, 1, NULL, 0, 1, &err), OG_EIO);
    ck_assert_str_eq(err.msg, "cannot write " OUT_BAD "/x.png: Not a directory");
    unlink(OUT_BAD);

    /* Renaming over a folder fails after the data was written: the
     * temporary file must be gone. */
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/sub", dir);
    mkdir(path, 0755);
    ck_assert_int_eq(pngio_write_rgba(path, px, 1, 1, NULL, 0, 1, &err), OG_EIO);
    ck_assert_ptr_nonnull(strstr(err.msg, "cannot write tests/out-pngio-rodir/sub: "));
    ck_assert_int_eq(count_entries(dir), 1);
    rmdir(path);
    rmdir(dir);
}
END_TEST

START_TEST(test_write_contract)
{
    uint8_t px[4] = {1, 2, 3, 4};
    const struct pngio_text longkey[] = {{"0123456789012345678901234567890123456789"
                                          "0123456789012345678901234567890123456789", "v"}};
    const struct pngio_text nokey[] = {{"", "v"}};
    struct og_error err;

    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 0, 1, NULL, 0, 1, &err), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err.msg, OUT_BAD));
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 1, -3, NULL, 0, 1, &err), OG_EINVAL);
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 1, 1, NULL, 0, 10, &err), OG_ERANGE);
    ck_assert_str_eq(err.msg, "cannot write " OUT_BAD ": zlib level 10 outside [0, 9]");
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 1, 1, NULL, 0, -1, &err), OG_ERANGE);
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 1, 1, longkey, 1, 1, &err), OG_EINVAL);
    ck_assert_int_eq(pngio_write_rgba(OUT_BAD, px, 1, 1, nokey, 1, 1, &err), OG_EINVAL);
    ck_assert_int_eq(access(OUT_BAD, F_OK), -1);
}
END_TEST

START_TEST(test_read_errors)
{
    struct dem_raster r;
    struct og_error err;
    unsigned char *fuji;
    size_t len;
    char **k, **v;
    size_t n;

    ck_assert_int_eq(pngio_read_raster("tests/no-such-file.png", &r, &err), OG_EIO);
    ck_assert_str_eq(err.msg, "cannot read tests/no-such-file.png: No such file or directory");
    ck_assert_ptr_null(r.samples);
    ck_assert_int_eq(pngio_read_text("tests/no-such-file.png", &k, &v, &n, &err), OG_EIO);
    ck_assert_ptr_null(k);
    ck_assert_uint_eq(n, 0);

    test_spit(OUT_BAD, "P6\n1 1\n255\nabc", 14);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "cannot read " OUT_BAD ": not a PNG file");
    test_spit(OUT_BAD, "", 0);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    ck_assert_str_eq(err.msg, "cannot read " OUT_BAD ": not a PNG file");

    fuji = test_slurp(test_shared_data_path("dem/fuji.png"), &len);
    /* cut in the middle of the image data */
    test_spit(OUT_BAD, fuji, len / 2);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    /* found by the chunk scan, before libpng allocates anything */
    ck_assert_str_eq(err.msg, "cannot read " OUT_BAD ": truncated PNG file (IDAT chunk of 32768 "
                              "bytes at byte 262273, file of 289382 bytes)");
    ck_assert_ptr_null(r.samples);
    ck_assert_int_eq(pngio_read_text(OUT_BAD, &k, &v, &n, &err), OG_EFORMAT);
    /* cut inside IHDR */
    test_spit(OUT_BAD, fuji, 20);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    /* found by the chunk scan, before libpng allocates anything */
    ck_assert_str_eq(err.msg, "cannot read " OUT_BAD ": truncated PNG file (IHDR chunk of 13 "
                              "bytes at byte 8, file of 20 bytes)");
    /* a flipped byte inside the first IDAT fails its CRC */
    fuji[len / 3] ^= 0x40;
    test_spit(OUT_BAD, fuji, len);
    ck_assert_int_eq(pngio_read_raster(OUT_BAD, &r, &err), OG_EFORMAT);
    ck_assert_ptr_nonnull(strstr(err.msg, "cannot read " OUT_BAD ": "));
    ck_assert_ptr_null(r.samples);
    free(fuji);
    unlink(OUT_BAD);
}
END_TEST

/* Maps rendered in bands (issue 13, memory) give the pixels, classes and
 * PNG bytes of the whole image: island (mesh, smooth colours, rivers),
 * hybrid (grid, D8 rivers) and planet, whole views and windows, bands of
 * 16 to 80 rows, 1 and 3 threads. */
static struct world *
band_world(enum gen_id gen)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 3000;
    p.v[P_PLANET_POINTS] = 5000;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(gen), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

START_TEST(test_map_bands_equal_whole)
{
    static const enum gen_id gens[3] = { GEN_ISLAND, GEN_HYBRID, GEN_PLANET };
    static const enum map_layer layers[3] = { LAYER_COLOR, LAYER_RIVERS, LAYER_LAKES };
    static const struct map_view views[2] = { { 0.0, 0.0, 1.0, 1.0 }, { 0.2, 0.3, 0.45, 0.5 } };
    const int W = 173, H = 211;
    uint32_t *whole = malloc((size_t)W * H * sizeof *whole), *band = malloc((size_t)W * H * 4);
    uint8_t *cw = malloc((size_t)W * H), *cb = malloc((size_t)W * H), *rgba = malloc((size_t)W * H * 4);
    struct og_error e;
    int g, l, v, rows, y, rivers = 0;
    size_t i;

    ck_assert(whole && band && cw && cb && rgba);
    for (g = 0; g < 3; g++) {
        struct world *w = band_world(gens[g]);
        for (l = 0; l < 3; l++) {
            if (!mapimg_layer_available(w, layers[l])) {
                continue;
            }
            for (v = 0; v < 2; v++) {
                og_threads_set_default(1);
                ck_assert_int_eq(mapimg_render(w, layers[l], &views[v], W, H, whole, cw, &e), OG_OK);
                for (rows = 16; rows <= 80; rows += 32) {
                    struct mapimg_bands *b;
                    og_threads_set_default(rows == 48 ? 3 : 1);
                    ck_assert_int_eq(mapimg_bands_new(w, layers[l], &views[v], W, H, &b, &e), OG_OK);
                    for (y = 0; y < H; y += rows) {
                        int y1 = y + rows < H ? y + rows : H;
                        ck_assert_int_eq(mapimg_bands_render(b, y, y1, band + (size_t)y * W,
                                                             cb + (size_t)y * W, &e), OG_OK);
                    }
                    ck_assert_int_eq(mapimg_bands_render(b, 8, 24, band, cb, &e), OG_EINVAL);
                    mapimg_bands_free(b);
                    ck_assert_msg(memcmp(whole, band, (size_t)W * H * 4) == 0,
                                  "gen %d layer %d view %d bands of %d: pixels differ", g, l, v, rows);
                    ck_assert(memcmp(cw, cb, (size_t)W * H) == 0);
                }
                for (i = 0; i < (size_t)W * H; i++) {
                    rivers += cw[i] == MC_RIVER;
                }
            }
        }
        /* the streamed PNG is the whole image's PNG, byte for byte */
        {
            size_t la, lb;
            unsigned char *a, *bb;
            ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &views[0], W, H, whole, NULL, &e), OG_OK);
            for (i = 0; i < (size_t)W * H; i++) {
                rgba[4 * i] = (uint8_t)(whole[i] >> 16);
                rgba[4 * i + 1] = (uint8_t)(whole[i] >> 8);
                rgba[4 * i + 2] = (uint8_t)whole[i];
                rgba[4 * i + 3] = 255;
            }
            ck_assert_int_eq(pngio_write_rgba(OUT_WHOLE, rgba, W, H, NULL, 0, 6, &e), OG_OK);
            ck_assert_int_eq(mapimg_write_png(w, LAYER_COLOR, &views[0], W, H, OUT_BANDS, NULL, 0,
                                              6, &e), OG_OK);
            a = test_slurp(OUT_WHOLE, &la);
            bb = test_slurp(OUT_BANDS, &lb);
            ck_assert_uint_eq(la, lb);
            ck_assert(memcmp(a, bb, la) == 0);
            free(a);
            free(bb);
        }
        world_unref(w);
    }
    og_threads_set_default(0);
    ck_assert_int_gt(rivers, 100);  /* the bands really cut through rivers */
    free(whole);
    free(band);
    free(cw);
    free(cb);
    free(rgba);
}
END_TEST

/* Rows of a chunked-write test image: channels x depth samples, a mix of
 * gradients and hashed noise (so every filter and match length appears). */
struct chunk_img {
    int w, h, channels, depth;
};

static unsigned
chunk_sample(const struct chunk_img *im, int x, int y, int c)
{
    uint32_t v = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u ^ (uint32_t)c * 83492791u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    /* the left third noise, the rest smooth (long runs and matches) */
    if (x < im->w / 3) {
        return im->depth == 16 ? v & 0xffffu : v & 0xffu;
    }
    return (unsigned)((x * 3 + y * (c + 1)) & (im->depth == 16 ? 0xffff : 0xff));
}

static enum og_status
chunk_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    const struct chunk_img *im = arg;
    int x, c, k = 0;

    (void)err;
    for (x = 0; x < im->w; x++) {
        for (c = 0; c < im->channels; c++) {
            unsigned v = chunk_sample(im, x, y, c);
            if (im->depth == 16) {
                row[k++] = (uint8_t)(v >> 8);
            }
            row[k++] = (uint8_t)v;
        }
    }
    return OG_OK;
}

/* The IDAT chunks of a PNG file (a count). */
static int
count_idat(const unsigned char *a, size_t len)
{
    size_t p = 8;
    int n = 0;

    while (p + 12 <= len) {
        size_t l = (size_t)a[p] << 24 | (size_t)a[p + 1] << 16 | (size_t)a[p + 2] << 8 | a[p + 3];
        n += memcmp(a + p + 4, "IDAT", 4) == 0;
        p += 12 + l;
    }
    return n;
}

/* The parallel filter and deflate (pngio_deflate.h): images of several
 * chunks (grey, grey+alpha, RGB, RGBA; 8 and 16 bits) at zlib levels 1 and
 * 6 (and 0 and 9 for RGBA) come out the same bytes with 1, 2, 3 and 8
 * threads, in more than one IDAT chunk, and libpng reads back every
 * sample. */
START_TEST(test_chunked_any_threads)
{
    static const struct chunk_img imgs[] = {
        { 333, 420, 4, 8 }, { 517, 300, 1, 16 }, { 1200, 80, 3, 8 }, { 150, 1000, 2, 8 },
    };
    static const int levels[] = { 0, 1, 6, 9 }, threads[] = { 1, 2, 3, 8 };
    size_t i, l, t;

    for (i = 0; i < sizeof imgs / sizeof imgs[0]; i++) {
        const struct chunk_img *im = &imgs[i];
        for (l = 0; l < sizeof levels / sizeof levels[0]; l++) {
            unsigned char *ref = NULL;
            if (i > 0 && (levels[l] == 0 || levels[l] == 9)) {
                continue; /* levels 0 and 9 on the first image only */
            }
            size_t rlen = 0;
            for (t = 0; t < sizeof threads / sizeof threads[0]; t++) {
                struct og_error err;
                unsigned char *a;
                size_t len;
                og_threads_set_default(threads[t]);
                ck_assert_msg(pngio_write_rows(OUT_RT, im->w, im->h, im->depth, im->channels,
                                               chunk_row, (void *)(uintptr_t)im, NULL, 0,
                                               levels[l], &err) == OG_OK, "%s", err.msg);
                og_threads_set_default(0);
                a = test_slurp(OUT_RT, &len);
                ck_assert_ptr_nonnull(a);
                if (ref == NULL) {
                    struct dem_raster r;
                    int x, y, c;
                    ref = a;
                    rlen = len;
                    ck_assert_int_gt(count_idat(a, len), 1);
                    ck_assert_int_eq(pngio_read_raster(OUT_RT, &r, &err), OG_OK);
                    ck_assert_int_eq(r.width, im->w);
                    ck_assert_int_eq(r.height, im->h);
                    ck_assert_int_eq(r.channels, im->channels);
                    ck_assert_int_eq(r.bit_depth, im->depth);
                    for (y = 0; y < im->h; y++) {
                        for (x = 0; x < im->w; x++) {
                            for (c = 0; c < im->channels; c++) {
                                size_t k = ((size_t)y * im->w + x) * im->channels + c;
                                ck_assert_msg(r.samples[k] == chunk_sample(im, x, y, c),
                                              "image %zu level %d: sample (%d, %d, %d)", i,
                                              levels[l], x, y, c);
                            }
                        }
                    }
                    dem_raster_fini(&r);
                } else {
                    ck_assert_msg(len == rlen && memcmp(a, ref, len) == 0,
                                  "image %zu level %d: %d threads differ from 1", i, levels[l],
                                  threads[t]);
                    free(a);
                }
            }
            free(ref);
        }
    }
    unlink(OUT_RT);
}
END_TEST

Suite *
pngio_suite(void)
{
    Suite *s = suite_create("pngio");
    TCase *tc;

    tc = tcase_create("contract");
    tcase_add_test(tc, test_write_contract);
    tcase_add_test(tc, test_unwritable_missing_dir);
    tcase_add_test(tc, test_unwritable_readonly_dir);
    tcase_add_test(tc, test_read_errors);
    suite_add_tcase(s, tc);

    tc = tcase_create("method");
    tcase_add_test(tc, test_roundtrip_pixels_text);
    tcase_add_test(tc, test_deterministic_bytes);
    tcase_add_test(tc, test_map_bands_equal_whole);
    tcase_add_test(tc, test_read_fuji);
    tcase_add_test(tc, test_read_gray16);
    suite_add_tcase(s, tc);
    tc = tcase_create("chunks");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_chunked_any_threads);
    suite_add_tcase(s, tc);
    pngio_read_tests(s);
    return s;
}
