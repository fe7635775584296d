/* Hydrology benchmark: priority-flood on a 4000 x 4000 fBm grid, the plain
 * binary-heap variant (Barnes, Lehman and Mulla 2014) against the fast
 * slope-tracing variant (after Zhou et al. 2016 and Wei et al. 2019), then
 * routing and flow accumulation, in one run on the same grid. */
#include "config.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hydro.h"
#include "core/noise.h"
#include "core/pipeline.h"

#define SIDE 4000

static double
mcells(size_t n, double ms)
{
    return ms > 0.0 ? (double)n / ms / 1e3 : 0.0;
}

void
bench_hydro(void)
{
    struct hydro_graph g;
    struct og_error e;
    struct perlin p;
    struct fbm_params f = { 8, 6.0, 2.0, 0.5 };
    float *elev, *filled, *flow;
    uint32_t *rank;
    int32_t *down;
    uint8_t *outlet;
    size_t n;
    double t0, t_heap, t_fast, t_route, t_acc, t_heap_all;
    int x, y;

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
    t0 = pipeline_now_ms();
    perlin_init(&p, 2014);
    for (y = 0; y < SIDE; y++) {
        for (x = 0; x < SIDE; x++) {
            double v = fbm2(&p, &f, (x + 0.5) / SIDE, (y + 0.5) / SIDE);
            elev[(size_t)y * SIDE + (size_t)x] = (float)(1000.0 + 1500.0 * v);
        }
    }
    hydro_grid_outlets(SIDE, SIDE, elev, 0.0f, outlet);
    printf("hydro fbm grid %dx%d (8 octaves): %.0f ms to generate\n", SIDE, SIDE,
           pipeline_now_ms() - t0);

    t0 = pipeline_now_ms();
    if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_HEAP, filled, rank, NULL, &e) != OG_OK) {
        printf("hydro: %s\n", e.msg);
        goto done;
    }
    t_heap = pipeline_now_ms() - t0;
    t0 = pipeline_now_ms();
    hydro_route(&g, filled, rank, outlet, down, NULL, &e);
    hydro_accumulate(n, down, NULL, flow, NULL, &e);
    t_heap_all = t_heap + pipeline_now_ms() - t0;

    t0 = pipeline_now_ms();
    if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_FAST, filled, rank, NULL, &e) != OG_OK) {
        printf("hydro: %s\n", e.msg);
        goto done;
    }
    t_fast = pipeline_now_ms() - t0;
    t0 = pipeline_now_ms();
    hydro_route(&g, filled, rank, outlet, down, NULL, &e);
    t_route = pipeline_now_ms() - t0;
    t0 = pipeline_now_ms();
    if (hydro_accumulate(n, down, NULL, flow, NULL, &e) != OG_OK) {
        printf("hydro: %s\n", e.msg);
        goto done;
    }
    t_acc = pipeline_now_ms() - t0;

    printf("priority-flood heap (Barnes 2014) %dx%d: %.0f ms (%.1f Mcells/s)\n", SIDE, SIDE,
           t_heap, mcells(n, t_heap));
    printf("priority-flood fast (slope tracing) %dx%d: %.0f ms (%.1f Mcells/s), %.2fx the heap\n",
           SIDE, SIDE, t_fast, mcells(n, t_fast), t_heap / t_fast);
    printf("routing (lowest neighbour, rank ties) %dx%d: %.0f ms (%.1f Mcells/s)\n", SIDE, SIDE,
           t_route, mcells(n, t_route));
    printf("flow accumulation %dx%d: %.0f ms (%.1f Mcells/s)\n", SIDE, SIDE, t_acc,
           mcells(n, t_acc));
    printf("fill+route+accumulate heap: %.0f ms, fast: %.0f ms (%.1f Mcells/s)\n", t_heap_all,
           t_fast + t_route + t_acc, mcells(n, t_fast + t_route + t_acc));
    printf("  reference (issue 3): heap fill 1350 ms, Wei 2019 (RichDEM) 370 ms, "
           "GRASS r.watershed all 6350 ms\n");
done:
    free(elev);
    free(filled);
    free(flow);
    free(rank);
    free(down);
    free(outlet);
}
