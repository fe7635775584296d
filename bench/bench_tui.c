/* The TUI map view's per-frame work, without a terminal: sampling a world
 * into half-block pixels (render/mapimg.c), the 256-colour quantization
 * (table vs exact OKLab search) and how many colour pairs a frame needs in
 * each colour mode (../shared/TERMINAL.md 1.3 measured 8200 / 1800 / 42
 * pairs for full 24-bit / 6-bit / 256 on a 200x60 synthetic map). */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "render/mapimg.h"
#include "tui/colorquant.h"

/* Distinct (upper, lower) pairs of a half-block frame after map(). */
static long
count_pairs(const uint32_t *rgb, int w, int h, uint32_t (*map)(uint32_t))
{
    size_t n = (size_t)w * (size_t)(h / 2), i, k = 0;
    uint64_t *keys = malloc(n * sizeof *keys);
    long distinct = 0;
    int x, y;

    if (keys == NULL) {
        return -1;
    }
    for (y = 0; y + 1 < h; y += 2) {
        for (x = 0; x < w; x++) {
            keys[k++] = (uint64_t)map(rgb[(size_t)y * w + x]) << 32 |
                        map(rgb[(size_t)(y + 1) * w + x]);
        }
    }
    for (i = 0; i < k; i++) {
        size_t j;
        int seen = 0;
        /* Small frames: a sort would do, but this stays obviously right. */
        for (j = 0; j < i && !seen; j++) {
            seen = keys[j] == keys[i];
        }
        distinct += !seen;
    }
    free(keys);
    return distinct;
}

static uint32_t
map_full(uint32_t c)
{
    return c;
}

static uint32_t
map_rgb6(uint32_t c)
{
    return quant_rgb6(c);
}

static uint32_t
map_256(uint32_t c)
{
    return (uint32_t)quant_xterm256(c);
}

void
bench_tui(void)
{
    const int w = 200, h = 120; /* a 200x60 terminal in half blocks */
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *wd = NULL;
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t *rgb = malloc((size_t)w * h * sizeof *rgb);
    uint8_t *cls = malloc((size_t)w * h);
    double t0, best = 1e30;
    long sum = 0;
    int r, i;

    if (rgb == NULL || cls == NULL) {
        free(rgb);
        free(cls);
        return;
    }
    t0 = bench_now_ms();
    for (i = 0; i < 2000000; i++) {
        sum += quant_xterm256((uint32_t)i * 2654435761u);
    }
    printf("tui 256-colour quantization: table %.1f ns/pixel (first pass, filling it)",
           (bench_now_ms() - t0) * 1e6 / 2e6);
    t0 = bench_now_ms();
    for (i = 0; i < 2000000; i++) {
        sum += quant_xterm256((uint32_t)i * 2654435761u);
    }
    printf(", %.1f ns/pixel filled", (bench_now_ms() - t0) * 1e6 / 2e6);
    t0 = bench_now_ms();
    for (i = 0; i < 20000; i++) {
        sum += quant_xterm256_exact((uint32_t)i * 2654435761u);
    }
    printf(", exact search %.0f ns/pixel (checksum %ld)\n", (bench_now_ms() - t0) * 1e6 / 2e4,
           sum);

    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    if (pipeline_run(generator_get(GEN_ISLAND), &ctx, &wd, &e) != OG_OK) {
        printf("tui: island failed: %s\n", e.msg);
        free(rgb);
        free(cls);
        return;
    }
    for (r = 0; r < 5; r++) {
        t0 = bench_now_ms();
        if (mapimg_render(wd, LAYER_COLOR, &view, w, h, rgb, cls, &e) != OG_OK) {
            printf("tui: map sampling failed: %s\n", e.msg);
            break;
        }
        if (bench_now_ms() - t0 < best) {
            best = bench_now_ms() - t0;
        }
    }
    printf("tui map frame 200x60 half blocks (island 16k cells): sampling %.2f ms\n", best);
    printf("tui colour pairs per frame: 24-bit %ld, 6-bit direct %ld, 256-colour %ld\n",
           count_pairs(rgb, w, h, map_full), count_pairs(rgb, w, h, map_rgb6),
           count_pairs(rgb, w, h, map_256));
    world_unref(wd);
    free(rgb);
    free(cls);
}
