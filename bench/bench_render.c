/* Isometric renders (issue 5): 1920x1080 renders of a 512x512 hybrid world
 * at subdiv 1, 4 and 8 (triangles and pixels per second), the cached
 * re-render after a time-of-day change and after a rotation, the plain
 * rasterizer on 2 million small triangles, and the PNG write of one frame
 * at zlib levels 1 and 6. Single-threaded; CPU time. */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/rng.h"
#include "render/iso.h"
#include "render/pngio.h"
#include "render/raster.h"

#define BW 1920
#define BH 1080
#define BENCH_PNG "bench/out-bench-iso.png"

/* CPU time of this process: steadier than the wall clock on a shared
 * machine (everything here is single-threaded). */
static double
cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

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
    t0 = cpu_ms();
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
    ms = cpu_ms() - t0;
    printf("raster 2M triangles of a 1000x1000 mesh, 1920x1080: %.1f ms cpu (%.1f M triangles/s, "
           "%zu pixels)\n", ms, 2000.0 / ms, px);

    /* the same count scattered at random (cache-unfriendly) */
    raster_clear(fb, 0, 255);
    px = 0;
    rng_seed(&r, 1, 2);
    t0 = cpu_ms();
    for (i = 0; i < 2000000; i++) {
        float v[9];
        float x = (float)(rng_next_u32(&r) % (BW * 16)) / 16.0f;
        float y = (float)(rng_next_u32(&r) % (BH * 16)) / 16.0f;
        v[0] = x, v[1] = y, v[2] = 1.0f;
        v[3] = x + 2.5f, v[4] = y + 0.7f, v[5] = 1.0f;
        v[6] = x + 0.4f, v[7] = y + 2.2f, v[8] = 1.0f;
        px += raster_triangle(fb, v, i & 0xffffffu, RASTER_DEPTH);
    }
    ms = cpu_ms() - t0;
    printf("raster 2M small triangles at random places 1920x1080: %.1f ms cpu "
           "(%.1f M triangles/s, %zu pixels)\n", ms,
           2000.0 / ms, px);
}

static void
bench_png(const struct raster *fb)
{
    static const int levels[] = {1, 6};
    struct og_error err;
    struct stat sb;
    size_t k;

    for (k = 0; k < 2; k++) {
        double t0 = cpu_ms(), ms;
        if (pngio_write_rgba(BENCH_PNG, fb->rgba, fb->width, fb->height, NULL, 0, levels[k],
                             &err) != OG_OK) {
            printf("png: %s\n", err.msg);
            return;
        }
        ms = cpu_ms() - t0;
        stat(BENCH_PNG, &sb);
        printf("png write 1920x1080 iso render zlib %d: %.1f ms cpu, %lld bytes\n", levels[k], ms,
               (long long)sb.st_size);
    }
    unlink(BENCH_PNG);
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
        t0 = cpu_ms();
        if (iso_render(c, w, &o, fb, &st, &err) != OG_OK) {
            printf("render: %s\n", err.msg);
            iso_cache_free(c);
            break;
        }
        ms = cpu_ms() - t0;
        snprintf(what, sizeof what, "512x512 hybrid 1920x1080 subdiv %d", subdivs[k]);
        print_render(what, &st, ms);
        /* cached: a new time of day relights, a rotation only redraws */
        o.view.time = 16.0;
        t0 = cpu_ms();
        iso_render(c, w, &o, fb, &st, &err);
        ms = cpu_ms() - t0;
        snprintf(what, sizeof what, "  cached, time 10:00 -> 16:00, subdiv %d", subdivs[k]);
        print_render(what, &st, ms);
        o.view.rotation = 1;
        t0 = cpu_ms();
        iso_render(c, w, &o, fb, &st, &err);
        ms = cpu_ms() - t0;
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
            t0 = cpu_ms();
            iso_render_preview(w, &v, 200, 100, rgb, &err);
            printf("preview 200x100 cached relight: %.1f ms cpu\n", cpu_ms() - t0);
            v.rotation = 1;
            t0 = cpu_ms();
            iso_render_preview(w, &v, 200, 100, rgb, &err);
            printf("preview 200x100 cached rotate: %.1f ms cpu\n", cpu_ms() - t0);
            iso_preview_release();
            free(rgb);
        }
    }
    bench_raster_small(fb);
    raster_free(fb);
    world_unref(w);
}
