/* Hydrology benchmark: priority-flood on a 4000 x 4000 fBm grid, the plain
 * heap variant (Barnes, Lehman and Mulla 2014) against the fast
 * slope-tracing variant on a radix heap (after Zhou et al. 2016 and Wei et
 * al. 2019), then routing and flow accumulation, in one run on the same
 * grid. Each phase runs twice and the faster run counts; both wall-clock
 * and process CPU time are printed (CPU time is steadier on a shared
 * machine). */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/hydro.h"
#include "core/noise.h"
#include "core/pipeline.h"

#define SIDE 4000

struct timing {
    double wall, cpu;
};

static double
cpu_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void
keep_best(struct timing *best, double w0, double c0)
{
    double w = bench_now_ms() - w0, c = cpu_now_ms() - c0;
    if (best->wall == 0.0 || w < best->wall) {
        best->wall = w;
    }
    if (best->cpu == 0.0 || c < best->cpu) {
        best->cpu = c;
    }
}

static void
report(const char *what, size_t n, struct timing t)
{
    printf("%s %dx%d: %.0f ms wall, %.0f ms cpu (%.1f Mcells/s cpu)\n", what, SIDE, SIDE, t.wall,
           t.cpu, t.cpu > 0.0 ? (double)n / t.cpu / 1e3 : 0.0);
}

void
bench_hydro(void)
{
    struct hydro_graph g;
    struct og_error e;
    struct perlin p;
    struct fbm_params f = { 8, 6.0, 2.0, 0.5 };
    struct timing heap = { 0, 0 }, fast = { 0, 0 }, bare = { 0, 0 }, route = { 0, 0 },
                  acc = { 0, 0 };
    float *elev, *filled, *flow;
    uint32_t *rank;
    int32_t *down;
    uint8_t *outlet;
    size_t n;
    double w0, c0;
    int x, y, rep;

    if (hydro_graph_grid(&g, SIDE, SIDE, 8, &e) != OG_OK) {
        printf("hydro: %s\n", e.msg);
        return;
    }
    n = g.n;
    elev = malloc(n * sizeof *elev);
    filled = malloc(n * sizeof *filled);
    flow = malloc(n * sizeof *flow);
    rank = malloc(n * sizeof *rank);
    down = malloc(n * sizeof *down);
    outlet = malloc(n);
    if (!elev || !filled || !flow || !rank || !down || !outlet) {
        printf("hydro: out of memory for the %dx%d benchmark\n", SIDE, SIDE);
        goto done;
    }
    w0 = bench_now_ms();
    perlin_init(&p, 2014);
    for (y = 0; y < SIDE; y++) {
        for (x = 0; x < SIDE; x++) {
            double v = fbm2(&p, &f, (x + 0.5) / SIDE, (y + 0.5) / SIDE);
            elev[(size_t)y * SIDE + (size_t)x] = (float)(1000.0 + 1500.0 * v);
        }
    }
    hydro_grid_outlets(SIDE, SIDE, elev, 0.0f, outlet);
    printf("hydro fbm grid %dx%d (8 octaves, border outlets): %.0f ms to generate\n", SIDE, SIDE,
           bench_now_ms() - w0);

    for (rep = 0; rep < 2; rep++) {
        w0 = bench_now_ms();
        c0 = cpu_now_ms();
        if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_HEAP, filled, rank, NULL, &e) !=
            OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&heap, w0, c0);
        w0 = bench_now_ms();
        c0 = cpu_now_ms();
        if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_FAST, filled, rank, NULL, &e) !=
            OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&fast, w0, c0);
        /* the fill alone, without recording the flood order for routing:
         * what the published timings measure */
        w0 = bench_now_ms();
        c0 = cpu_now_ms();
        hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_FAST, flow, NULL, NULL, &e);
        keep_best(&bare, w0, c0);
        w0 = bench_now_ms();
        c0 = cpu_now_ms();
        hydro_route(&g, filled, rank, outlet, down, NULL, &e);
        keep_best(&route, w0, c0);
        w0 = bench_now_ms();
        c0 = cpu_now_ms();
        if (hydro_accumulate(n, down, NULL, flow, NULL, &e) != OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&acc, w0, c0);
    }
    report("priority-flood heap (Barnes 2014, 4-ary heap)", n, heap);
    report("priority-flood fast (slope tracing, radix heap)", n, fast);
    report("priority-flood fast, fill only (no flood order)", n, bare);
    report("routing (lowest neighbour, flood-order ties)", n, route);
    report("flow accumulation (topological chains)", n, acc);
    printf("fast / heap fill: %.2fx faster (cpu); fill+route+accumulate: heap %.0f ms, fast %.0f "
           "ms cpu\n",
           heap.cpu / fast.cpu, heap.cpu + route.cpu + acc.cpu, fast.cpu + route.cpu + acc.cpu);
    printf("  issue 3 reference on this machine: heap fill 1350 ms, Wei 2019 (RichDEM) 370 ms, "
           "GRASS r.watershed fill+dirs+accum 6350 ms\n");
    printf("  ratios (cpu): heap %.2fx the reference heap, fast fill-only %.2fx Wei, "
           "fast all-in %.2fx r.watershed\n",
           heap.cpu / 1350.0, bare.cpu / 370.0, (fast.cpu + route.cpu + acc.cpu) / 6350.0);
done:
    free(elev);
    free(filled);
    free(flow);
    free(rank);
    free(down);
    free(outlet);
}
