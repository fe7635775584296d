/* Island pipeline stage by stage, fBm noise per sample, one Lloyd step at
 * 1M sites against d3-delaunay's (bench/compare_d3_lloyd.sh, node) and the
 * 2M-cell island pipeline against one Delaunay of 2M points, in the same
 * run. Goals (issue 13): fBm <= 40 ns a sample; Lloyd <= 0.5x d3; island
 * 2M <= 6x Delaunay 2M. */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/geom/lloyd.h"
#include "core/base/noise.h"
#include "core/pipeline.h"

double
bench_now_ms(void)
{
    return pipeline_now_ms();
}

/* ns a sample of fbm2_batch over a 1000-wide grid of n samples, in rows of
 * 1000 (as the noise stages call it), on the given path; thread CPU time. */
static double
noise_batch_ns(const struct perlin *p, const struct fbm_params *f, int level, int n,
               double *sum)
{
    double xs[1000], ys[1000], out[1000], t0;
    int i, r;

    noise_simd_set(level);
    t0 = bench_thread_cpu_ms();
    for (r = 0; r < n / 1000; r++) {
        for (i = 0; i < 1000; i++) {
            xs[i] = i * 0.001;
            ys[i] = r * 0.0005;
        }
        fbm2_batch(p, f, xs, ys, 1, 1000, out);
        for (i = 0; i < 1000; i++) {
            *sum += out[i];
        }
    }
    t0 = bench_thread_cpu_ms() - t0;
    noise_simd_set(-1);
    return t0 * 1e6 / n;
}

void
bench_noise(void)
{
    static const char *const names[] = { "scalar", "SSE2", "AVX2" };
    struct perlin p;
    struct fbm_params f = { 8, 4.0, 2.0, 0.5 };
    const int n = 2000000;
    double t0, sum = 0.0, ns[3] = { 0, 0, 0 };
    int i, level, best = noise_simd_set(-1);

    perlin_init(&p, 1);
    t0 = bench_thread_cpu_ms();
    for (i = 0; i < n; i++) {
        sum += fbm2(&p, &f, (i % 1000) * 0.001, (i / 1000) * 0.0005);
    }
    printf("fbm2 8 octaves, one sample a call: %.1f ns/sample (thread CPU; checksum %.3f)\n",
           (bench_thread_cpu_ms() - t0) * 1e6 / n, sum);
    for (level = 0; level <= best; level++) {
        double s = 0.0;
        ns[level] = noise_batch_ns(&p, &f, level, n, &s);
        printf("fbm2_batch 8 octaves, %s: %.1f ns/sample (thread CPU; checksum %.3f)\n",
               names[level], ns[level], s);
    }
    bench_goal("fbm2 8 octaves (batched, best path), ns a sample", ns[best], 1, 40.0);
    t0 = bench_thread_cpu_ms();
    for (i = 0; i < n; i++) {
        sum += fbm3(&p, &f, (i % 1000) * 0.001, (i / 1000) * 0.0005, 0.25);
    }
    printf("fbm3 8 octaves: %.1f ns/sample (thread CPU)\n",
           (bench_thread_cpu_ms() - t0) * 1e6 / n);
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
        ctx.threads = bench_threads;
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

double bench_delaunay_time(const double *xy, size_t n, int runs, size_t *ntri);

/* One Lloyd step (triangulate, clip every cell, move to centroids) on 1M
 * uniform sites against d3-delaunay's in the same run. */
static void
lloyd_vs_d3(void)
{
    const size_t n = 1000000;
    double *xy = bench_uniform_points(n, 3), *work, best = 1e300, d3;
    const char *tmp = getenv("TMPDIR");
    char file[512], args[600];
    int r;

    if (xy == NULL || (work = malloc(2 * n * sizeof *work)) == NULL) {
        free(xy);
        return;
    }
    for (r = 0; r < 2; r++) {
        double t0;
        memcpy(work, xy, 2 * n * sizeof *work);
        t0 = bench_thread_cpu_ms();
        if (lloyd_relax(work, n, 1, 0.0, 0.0, 1000.0, 1000.0, NULL, NULL) != OG_OK) {
            break;
        }
        t0 = bench_thread_cpu_ms() - t0;
        best = t0 < best ? t0 : best;
    }
    printf("lloyd 1M sites, one step (1 thread): %.1f ms CPU\n", best);
    snprintf(file, sizeof file, "%s/orogen-bench-lloyd.f64", tmp != NULL ? tmp : "/tmp");
    if (bench_write_f64(file, xy, n) == 0) {
        snprintf(args, sizeof args, "'%s' %zu 1", file, n);
        d3 = bench_peer_ms("lloyd 1M vs d3-delaunay", "compare_d3_lloyd.sh", args);
        remove(file);
        if (d3 > 0.0) {
            printf("  d3-delaunay Lloyd step 1M (node, process CPU): %.1f ms\n", d3);
            bench_goal("lloyd step 1M / d3-delaunay", best / d3, 1, 0.5);
        }
    }
    free(work);
    free(xy);
}

/* The 2M-cell island (default parameters otherwise) against one planar
 * Delaunay of 2M uniform points. */
static void
island_2m(void)
{
    struct params p;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 2000000;
    bench_pipeline_vs_delaunay(generator_get(GEN_ISLAND), &p, "island 2M", 5, 6.0);
}

void
bench_island(void)
{
    island_at(16000, 5);
    island_at(25000, 5);
    island_at(100000, 3);
    lloyd_vs_d3();
    if (bench_big()) {
        island_2m();
    } else {
        bench_skip("island 2M pipeline / delaunay 2M", "OROGEN_BENCH_QUICK");
    }
}
