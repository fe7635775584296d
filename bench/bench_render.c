/* Isometric renders (issue 5): 1920x1080 renders of a 512x512 hybrid world
 * at subdiv 1, 4 and 8 (triangles and pixels per second), the cached
 * re-render after a time-of-day change and after a rotation, the plain
 * rasterizer on 2 million small triangles, and the PNG write of one frame
 * at zlib levels 1 and 6 against a bare libpng write of the same pixels at
 * level 1 (the peer), and the map sampler at 8192^2 against the PNG write of
 * its image. Single-threaded unless said; CPU time. */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <png.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "render/iso.h"
#include "core/base/parallel.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "render/raster.h"

#define BW 1920
#define BH 1080
#define BENCH_PNG "bench/out-bench-iso.png"

static void
print_render(const char *what, const struct iso_stats *st, double ms)
{
    printf("render %s: %.1f ms cpu (wall: field %.1f, tessellate %.1f, light %.1f, raster %.1f), "
           "%zu triangles, %.1f M triangles/s, %.1f M pixels/s\n",
           what, ms, st->ms_field, st->ms_geometry, st->ms_light, st->ms_raster, st->triangles,
           st->triangles / (ms * 1e3), (double)BW * BH / (ms * 1e3));
}

static void
bench_raster_small(struct raster *fb)
{
    struct rng r;
    double t0, ms;
    size_t i, j, px = 0;

    /* a 1000 x 1000 quad mesh (2M triangles) over the frame, in order */
    raster_clear(fb, 0, 255);
    t0 = bench_cpu_ms();
    for (j = 0; j < 1000; j++) {
        for (i = 0; i < 1000; i++) {
            float x0 = (float)i * BW / 1000.0f, x1 = (float)(i + 1) * BW / 1000.0f;
            float y0 = (float)j * BH / 1000.0f, y1 = (float)(j + 1) * BH / 1000.0f;
            float a[9] = {x0, y0, 1.0f, x1, y0, 1.0f, x1, y1, 1.0f};
            float b[9] = {x0, y0, 1.0f, x1, y1, 1.0f, x0, y1, 1.0f};
            px += raster_triangle(fb, a, (uint32_t)i, RASTER_DEPTH);
            px += raster_triangle(fb, b, (uint32_t)j, RASTER_DEPTH);
        }
    }
    ms = bench_cpu_ms() - t0;
    printf("raster 2M triangles of a 1000x1000 mesh, 1920x1080: %.1f ms cpu (%.1f M triangles/s, "
           "%zu pixels)\n", ms, 2000.0 / ms, px);

    /* the same count scattered at random (cache-unfriendly) */
    raster_clear(fb, 0, 255);
    px = 0;
    rng_seed(&r, 1, 2);
    t0 = bench_cpu_ms();
    for (i = 0; i < 2000000; i++) {
        float v[9];
        float x = (float)(rng_next_u32(&r) % (BW * 16)) / 16.0f;
        float y = (float)(rng_next_u32(&r) % (BH * 16)) / 16.0f;
        v[0] = x, v[1] = y, v[2] = 1.0f;
        v[3] = x + 2.5f, v[4] = y + 0.7f, v[5] = 1.0f;
        v[6] = x + 0.4f, v[7] = y + 2.2f, v[8] = 1.0f;
        px += raster_triangle(fb, v, i & 0xffffffu, RASTER_DEPTH);
    }
    ms = bench_cpu_ms() - t0;
    printf("raster 2M small triangles at random places 1920x1080: %.1f ms cpu "
           "(%.1f M triangles/s, %zu pixels)\n", ms,
           2000.0 / ms, px);
}

/* The peer: a bare libpng write of the same pixels (png_init_io on a
 * plain file, default filters, zlib level 1, no text, no temp file), in
 * CPU ms; -1 on failure. */
static double
bare_libpng_ms(const uint8_t *rgba, int width, int height, const char *file)
{
    FILE *f = fopen(file, "wb");
    png_structp png;
    png_infop info;
    double t0 = bench_cpu_ms();
    int y;

    if (f == NULL) {
        return -1.0;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        return -1.0;
    }
    png_init_io(png, f);
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < height; y++) {
        png_write_row(png, rgba + (size_t)4 * (size_t)width * (size_t)y);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(f);
    return bench_cpu_ms() - t0;
}

/* orogen's PNG writer (pngio, the export level) against the bare libpng
 * write at level 1, best of three each, CPU ms; returns orogen's. */
static double
bench_png_pair(const uint8_t *rgba, int width, int height, int level, const char *label,
               int with_goal)
{
    struct og_error err;
    struct stat sb;
    double best = 1e300, peer = 1e300;
    long long bytes = 0, pbytes = 0;
    int r;
    char what[128];

    for (r = 0; r < 3; r++) {
        double t0 = bench_cpu_ms(), ms;
        if (pngio_write_rgba(BENCH_PNG, rgba, width, height, NULL, 0, level, &err) != OG_OK) {
            printf("png: %s\n", err.msg);
            return -1.0;
        }
        ms = bench_cpu_ms() - t0;
        best = ms < best ? ms : best;
        if (stat(BENCH_PNG, &sb) == 0) {
            bytes = (long long)sb.st_size;
        }
        ms = bare_libpng_ms(rgba, width, height, BENCH_PNG);
        peer = ms >= 0.0 && ms < peer ? ms : peer;
        if (stat(BENCH_PNG, &sb) == 0) {
            pbytes = (long long)sb.st_size;
        }
    }
    unlink(BENCH_PNG);
    printf("png write %s zlib %d: %.1f ms cpu, %lld bytes; bare libpng level 1: %.1f ms cpu, "
           "%lld bytes\n", label, level, best, bytes, peer, pbytes);
    if (with_goal && peer < 1e300) {
        snprintf(what, sizeof what, "png write %s / bare libpng level 1", label);
        bench_goal(what, best / peer, 1, 1.0);
    }
    return best;
}

static void
bench_png(const struct raster *fb)
{
    bench_png_pair(fb->rgba, fb->width, fb->height, 1, "1920x1080 iso render", 1);
    bench_png_pair(fb->rgba, fb->width, fb->height, 6, "1920x1080 iso render", 0);
}

/* The map of w sampled at side x side (wall ms into *ms) against writing
 * the same image as PNG at level 6, as the goal "what" (at most 3x). The
 * colours stay in *rgb (side^2) for the caller; -1 when out of memory. */
static int
map_vs_png(const struct world *w, int side, const char *name, const char *what, uint32_t **rgb,
           double *ms)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error err;
    uint8_t *rgba = malloc((size_t)side * side * 4);
    double t0, png;
    size_t i;

    *rgb = malloc((size_t)side * side * sizeof **rgb);
    if (*rgb == NULL || rgba == NULL) {
        free(*rgb);
        free(rgba);
        *rgb = NULL;
        return -1;
    }
    t0 = bench_now_ms();
    if (mapimg_render(w, LAYER_COLOR, &view, side, side, *rgb, NULL, &err) != OG_OK) {
        printf("map: %s\n", err.msg);
    }
    *ms = bench_now_ms() - t0;
    for (i = 0; i < (size_t)side * side; i++) {
        rgba[4 * i] = (uint8_t)((*rgb)[i] >> 16);
        rgba[4 * i + 1] = (uint8_t)((*rgb)[i] >> 8);
        rgba[4 * i + 2] = (uint8_t)(*rgb)[i];
        rgba[4 * i + 3] = 255;
    }
    printf("%s: sampling %.0f ms wall (%d threads)\n", name, *ms, og_threads_default());
    png = bench_png_pair(rgba, side, side, 6, name, 0);
    if (png > 0.0) {
        bench_goal(what, *ms / png, 1, 3.0);
    }
    free(rgba);
    return 0;
}

/* The map sampler on an 8192^2 map of a 500k-cell island against writing
 * the same image as PNG (goal, issue 13: sampling at most 3x the write). */
static void
bench_map_8192(void)
{
    struct params p;
    struct world *w;
    uint32_t *rgb = NULL;
    double best, ms;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 500000;
    if (bench_pipeline_best(generator_get(GEN_ISLAND), &p, 1, &w, &best) != 0) {
        return;
    }
    map_vs_png(w, 8192, "map 8192x8192 of a 500k-cell island",
               "map sampler 8192^2 / its PNG write (export level 6)", &rgb, &ms);
    free(rgb);
    world_unref(w);
}

/* Issue 24: the continuous grid map (render/mapimg_grid.c) of the default
 * 256^2 hybrid world at 8192^2 against writing it as PNG (goal: at most
 * 3x), and its speed-up on 2 threads at 2048^2 (goal: at least 1.7x, wall
 * clock; the pixels are the same, tests/test_detail.c). */
static void
bench_map_grid(void)
{
    struct params p;
    struct world *w;
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error err;
    const int small = 2048;
    uint32_t *rgb = NULL;
    double best, t0, ms, one, two;

    params_defaults(&p);
    if (bench_pipeline_best(generator_get(GEN_HYBRID), &p, 1, &w, &best) != 0) {
        return;
    }
    if (map_vs_png(w, 8192, "map 8192x8192 of the 256^2 hybrid (continuous fields)",
                   "hybrid map 8192^2 continuous / its PNG write (level 6)", &rgb, &ms) != 0) {
        world_unref(w);
        return;
    }
    og_threads_set_default(1);
    t0 = bench_now_ms();
    mapimg_render(w, LAYER_COLOR, &view, small, small, rgb, NULL, &err);
    one = bench_now_ms() - t0;
    og_threads_set_default(2);
    t0 = bench_now_ms();
    mapimg_render(w, LAYER_COLOR, &view, small, small, rgb, NULL, &err);
    two = bench_now_ms() - t0;
    og_threads_set_default(0);
    printf("hybrid map 2048x2048: 1 thread %.0f ms, 2 threads %.0f ms (wall)\n", one, two);
    if (two > 0.0) {
        bench_goal("hybrid map 2048^2 continuous, 1 / 2 threads (wall)", one / two, 0, 1.7);
    }
    free(rgb);
    world_unref(w);
}

void
bench_render(void)
{
    static const int subdivs[] = {1, 4, 8};
    const struct generator *g = generator_find("hybrid");
    struct params p;
    struct run_ctx ctx;
    struct og_error err;
    struct world *w = NULL;
    struct raster *fb = NULL;
    struct iso_options o;
    struct iso_stats st;
    struct iso_cache *c = NULL;
    char what[64];
    double t0, ms;
    size_t k;

    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    if (g == NULL || params_set(&p, P_HYBRID_WIDTH, 512, &err) != OG_OK ||
        params_set(&p, P_HYBRID_HEIGHT, 512, &err) != OG_OK ||
        pipeline_run(g, &ctx, &w, &err) != OG_OK || raster_new(&fb, BW, BH, &err) != OG_OK) {
        printf("render: no 512x512 hybrid world (%s)\n", err.msg);
        world_unref(w);
        return;
    }
    iso_options_from_params(&o, &w->params);
    o.view.time = 10.0;
    for (k = 0; k < sizeof subdivs / sizeof subdivs[0]; k++) {
        if (iso_cache_new(&c, &err) != OG_OK) {
            break;
        }
        o.subdiv = subdivs[k];
        t0 = bench_cpu_ms();
        if (iso_render(c, w, &o, fb, &st, &err) != OG_OK) {
            printf("render: %s\n", err.msg);
            iso_cache_free(c);
            break;
        }
        ms = bench_cpu_ms() - t0;
        snprintf(what, sizeof what, "512x512 hybrid 1920x1080 subdiv %d", subdivs[k]);
        print_render(what, &st, ms);
        if (subdivs[k] == 4) {
            bench_goal("iso render 1920x1080 subdiv 4, ms cpu (1 thread)", ms, 1, 300.0);
        }
        /* cached: a new time of day relights, a rotation only redraws */
        o.view.time = 16.0;
        t0 = bench_cpu_ms();
        iso_render(c, w, &o, fb, &st, &err);
        ms = bench_cpu_ms() - t0;
        snprintf(what, sizeof what, "  cached, time 10:00 -> 16:00, subdiv %d", subdivs[k]);
        print_render(what, &st, ms);
        o.view.rotation = 1;
        t0 = bench_cpu_ms();
        iso_render(c, w, &o, fb, &st, &err);
        ms = bench_cpu_ms() - t0;
        snprintf(what, sizeof what, "  cached, rotate 1, subdiv %d", subdivs[k]);
        print_render(what, &st, ms);
        o.view.rotation = 0;
        o.view.time = 10.0;
        if (subdivs[k] == 4) {
            double wall;
            iso_render(c, w, &o, fb, &st, &err);
            bench_png(fb);
            /* the raster pass in two bands on two threads (wall clock) */
            o.threads = 2;
            wall = bench_now_ms();
            iso_render(c, w, &o, fb, &st, &err);
            wall = bench_now_ms() - wall;
            o.threads = 1;
            t0 = bench_now_ms();
            iso_render(c, w, &o, fb, &st, &err);
            printf("render   cached redraw subdiv 4, wall clock: 1 thread %.1f ms, "
                   "2 threads %.1f ms\n",
                   bench_now_ms() - t0, wall);
        }
        iso_cache_free(c);
        c = NULL;
    }
    {
        /* the TUI preview: 200x100 pixels, untessellated, cached */
        struct iso_view v = {10.0, 0, 1.0};
        uint32_t *rgb = malloc(200 * 100 * sizeof *rgb);
        if (rgb != NULL) {
            iso_render_preview(w, &v, 200, 100, rgb, &err);
            v.time = 11.0;
            t0 = bench_cpu_ms();
            iso_render_preview(w, &v, 200, 100, rgb, &err);
            printf("preview 200x100 cached relight: %.1f ms cpu\n", bench_cpu_ms() - t0);
            v.rotation = 1;
            t0 = bench_cpu_ms();
            iso_render_preview(w, &v, 200, 100, rgb, &err);
            printf("preview 200x100 cached rotate: %.1f ms cpu\n", bench_cpu_ms() - t0);
            iso_preview_release();
            free(rgb);
        }
    }
    bench_raster_small(fb);
    raster_free(fb);
    world_unref(w);
    if (bench_big()) {
        bench_map_8192();
        bench_map_grid();
    } else {
        bench_skip("map sampler 8192^2 / its PNG write", "OROGEN_BENCH_QUICK");
        bench_skip("hybrid map 8192^2 continuous / its PNG write", "OROGEN_BENCH_QUICK");
    }
}
