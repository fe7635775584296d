/* Island pipeline stage by stage, and fBm noise per sample. */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "core/generators.h"
#include "core/noise.h"
#include "core/pipeline.h"

double
bench_now_ms(void)
{
    return pipeline_now_ms();
}

void
bench_noise(void)
{
    struct perlin p;
    struct fbm_params f = { 8, 4.0, 2.0, 0.5 };
    const int n = 2000000;
    double t0, sum = 0.0;
    int i;

    perlin_init(&p, 1);
    t0 = bench_now_ms();
    for (i = 0; i < n; i++) {
        sum += fbm2(&p, &f, (i % 1000) * 0.001, (i / 1000) * 0.0005);
    }
    printf("fbm2 8 octaves: %.1f ns/sample (checksum %.3f)\n", (bench_now_ms() - t0) * 1e6 / n,
           sum);
    t0 = bench_now_ms();
    for (i = 0; i < n; i++) {
        sum += fbm3(&p, &f, (i % 1000) * 0.001, (i / 1000) * 0.0005, 0.25);
    }
    printf("fbm3 8 octaves: %.1f ns/sample\n", (bench_now_ms() - t0) * 1e6 / n);
}

int
bench_pipeline_best(const struct generator *g, const struct params *p, int reps,
                    struct world **best, double *best_ms)
{
    struct run_ctx ctx;
    struct og_error e;
    int r;

    *best = NULL;
    *best_ms = 1e30;
    for (r = 0; r < reps; r++) {
        struct world *w = NULL;
        double t0 = bench_now_ms(), t;
        memset(&ctx, 0, sizeof ctx);
        ctx.params = p;
        ctx.threads = 1;
        if (pipeline_run(g, &ctx, &w, &e) != OG_OK) {
            printf("%s: %s\n", g->name, e.msg);
            world_unref(*best);
            *best = NULL;
            return -1;
        }
        t = bench_now_ms() - t0;
        if (t < *best_ms) {
            *best_ms = t;
            world_unref(*best);
            *best = w;
        } else {
            world_unref(w);
        }
    }
    return 0;
}

static void
island_at(int cells, int reps)
{
    struct params p;
    struct world *w;
    double best;
    int i;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = cells;
    if (bench_pipeline_best(generator_get(GEN_ISLAND), &p, reps, &w, &best) != 0) {
        return;
    }
    printf("island %d cells: %.1f ms total (best of %d):", cells, best, reps);
    for (i = 0; i < w->nstages; i++) {
        printf(" %s %.1f", w->times[i].name, w->times[i].ms);
    }
    printf("\n");
    world_unref(w);
}

void
bench_island(void)
{
    island_at(16000, 5);
    island_at(25000, 5);
    island_at(100000, 3);
}
