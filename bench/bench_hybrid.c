/* The hybrid pipeline (256x256 and 1024x1024, 50k and 500k droplets) and
 * the droplet loop alone on SimpleErosion's reference case (256x256, 200k
 * droplets over the whole map), in droplet steps per second on one core. */
#include "config.h"
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/hybrid/droplet.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "core/base/select.h"
#include "core/base/value_noise.h"

static void
hybrid_at(int side, int droplets)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    const struct world_stat *steps, *ms, *cpu;
    double t0, t1;

    params_defaults(&p);
    p.v[P_HYBRID_WIDTH] = side;
    p.v[P_HYBRID_HEIGHT] = side;
    p.v[P_HYBRID_DROPLETS] = droplets / floor(0.3 * side * side + 0.5); /* per mask cell */
    /* droplets on the map's own cells: the 1024 rows measure the droplet
     * loop on a 1024^2 field (the default erodes it on a 256^2 erosion
     * grid, doc/hybrid.md "Erosion scale") */
    p.v[P_HYBRID_EROSION_CELL] = 0.0;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    t0 = bench_now_ms();
    if (pipeline_run(&gen_hybrid, &ctx, &w, &e) != OG_OK) {
        printf("hybrid %dx%d: %s\n", side, side, e.msg);
        return;
    }
    t1 = bench_now_ms();
    steps = world_stat_find(w, "hybrid.droplet_steps");
    ms = world_stat_find(w, "hybrid.erosion_ms");
    cpu = world_stat_find(w, "hybrid.erosion_cpu_ms");
    printf("hybrid %dx%d %dk droplets: %.1f ms (erosion %.1f ms wall, %.1f ms cpu, %.2f M steps, "
           "%.1f M steps/s cpu)\n", side, side, droplets / 1000, t1 - t0, ms->a, cpu->a,
           steps->a * 1e-6, cpu->a > 0.0 ? steps->a / cpu->a * 1e-3 : 0.0);
    world_unref(w);
}

/* The droplet loop alone: 6-octave value noise over the whole 256x256 map,
 * every cell in the mask, 200k droplets (SimpleErosion: ~19.6 M steps/s). */
static void
droplets_reference(void)
{
    const int side = 256;
    float *h = malloc((size_t)side * side * sizeof *h);
    uint8_t *m = malloc((size_t)side * side);
    struct droplet_field *f = NULL;
    struct droplet_params dp;
    struct droplet_totals tot;
    double best = 0.0, wall = 0.0;
    int x, y, rep;

    if (h == NULL || m == NULL) {
        free(h);
        free(m);
        return;
    }
    for (y = 0; y < side; y++) {
        for (x = 0; x < side; x++) {
            h[y * side + x] = (float)value_noise_fbm2(1, 6, x * 0.02, y * 0.02);
            m[y * side + x] = 1;
        }
    }
    droplet_params_default(&dp);
    dp.relief = 8.0f;
    dp.max_steps = 500;
    for (rep = 0; rep < 3; rep++) {
        double c0, w0, rate;
        if (droplet_field_new(&f, h, m, side, side, NULL) != OG_OK) {
            break;
        }
        memset(&tot, 0, sizeof tot);
        c0 = bench_cpu_ms();
        w0 = bench_now_ms();
        droplet_run(f, &dp, 1, 0, 200000, 1, &tot, NULL);
        rate = (double)tot.steps / (bench_cpu_ms() - c0) * 1e-3;
        if (rate > best) {
            best = rate;
            wall = (double)tot.steps / (bench_now_ms() - w0) * 1e-3;
        }
        droplet_field_free(f);
    }
    printf("droplets 256x256 200k (whole map): %.1f M steps/s cpu, %.1f wall "
           "(SimpleErosion 19.6, target 39.2)\n", best, wall);
    free(h);
    free(m);
}

static int
cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The exact-coverage threshold on a 1024x1024 mask field: selection (what
 * the generator uses) against the seed's full sort. */
static void
threshold_select_vs_sort(void)
{
    const size_t n = (size_t)1024 * 1024, k = n - (size_t)(0.3 * (double)n);
    uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    double t0, t_sel, t_sort;
    size_t i;

    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return;
    }
    for (i = 0; i < n; i++) {
        float m = (float)value_noise_fbm2(5, 4, (double)(i % 1024) * 0.015,
                                          (double)(i / 1024) * 0.015);
        a[i] = (uint64_t)select_float_key(m) << 32 | (uint64_t)(UINT32_MAX - (uint32_t)i);
    }
    memcpy(b, a, n * sizeof *a);
    t0 = bench_cpu_ms();
    select_nth_u64(a, n, k);
    t_sel = bench_cpu_ms() - t0;
    t0 = bench_cpu_ms();
    qsort(b, n, sizeof *b, cmp_u64);
    t_sort = bench_cpu_ms() - t0;
    printf("coverage threshold 1024x1024: select %.1f ms, qsort %.1f ms (%s)\n", t_sel, t_sort,
           a[k] == b[k] ? "same" : "DIFFERENT");
    free(a);
    free(b);
}

void
bench_hybrid(void)
{
    threshold_select_vs_sort();
    droplets_reference();
    hybrid_at(256, 50000);
    hybrid_at(256, 500000);
    hybrid_at(1024, 50000);
    hybrid_at(1024, 500000);
}
