/* Hydrology benchmark: priority-flood on a 4000 x 4000 fBm grid (border
 * outlets), the plain heap variant (Barnes, Lehman and Mulla 2014) and the
 * fast slope-tracing variant on a radix heap (after Zhou et al. 2016 and Wei
 * et al. 2019), then routing and flow accumulation, and side by side the
 * plain binary-heap baseline of ../shared/bench/pf_baseline.c on the same
 * grid, whose filled surface must equal orogen's cell by cell.
 *
 * Both sides are measured the same way: the fill alone, in the CPU time of
 * the thread that runs it (CLOCK_THREAD_CPUTIME_ID), in interleaved rounds
 * (each round runs the baseline's fill, orogen's heap fill and its fast
 * fill, in an order that rotates), best of the rounds. The baseline runs
 * as a server process (bench/compare_pf_baseline.sh --serve) that reads the
 * grid once and fills on request, so its file reading, allocation and
 * first-touch page faults stay out of its figure as orogen's do. Wall-clock
 * medians are printed too, for reference only: on a shared machine the wall
 * time of one side depends on what else ran in its window. Goals (issue
 * 13): fast fill <= 0.25x the baseline, heap fill <= 1x. Issue 26: the
 * routing that follows a fill (flats, receivers and accumulation) at most
 * 1.5x the fast fill on one thread, and 1.7x faster on two. */
#include "config.h"
#include "bench.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/base/parallel.h"
#include "core/hydro/hydro.h"
#include "core/lem/lem.h"
#include "core/base/noise.h"
#include "core/pipeline.h"

#define SIDE 4000
#define ROUNDS 5 /* interleaved rounds of the three fills */
#define MAXR 8

struct timing {
    double wall, cpu;   /* best of the runs */
    double walls[MAXR];
    int nw;
};

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
median_wall(struct timing *t)
{
    qsort(t->walls, (size_t)t->nw, sizeof t->walls[0], cmp_double);
    return t->nw > 0 ? t->walls[t->nw / 2] : 0.0;
}

static void
add_run(struct timing *best, double w, double c)
{
    if (best->nw < MAXR) {
        best->walls[best->nw++] = w;
    }
    if (best->wall == 0.0 || w < best->wall) {
        best->wall = w;
    }
    if (best->cpu == 0.0 || c < best->cpu) {
        best->cpu = c;
    }
}

/* keep_best after a run that started at wall w0 and thread CPU c0 */
static void
keep_best(struct timing *best, double w0, double c0)
{
    add_run(best, bench_now_ms() - w0, bench_thread_cpu_ms() - c0);
}

/* The baseline's fill server (compare_pf_baseline.sh --serve). */
struct peer {
    pid_t pid;
    FILE *to, *from;
    char file[512];
};

/* Start the server on the grid written to peer->file; 0 when it is ready,
 * -1 after a SKIP line. */
static int
peer_start(struct peer *pr, const float *elev, size_t n)
{
    const char *tmp = getenv("TMPDIR");
    char path[1024], line[512], side[32];
    int in[2], out[2];
    FILE *f;

    memset(pr, 0, sizeof *pr);
    pr->pid = -1;
    snprintf(pr->file, sizeof pr->file, "%s/orogen-bench-pf.%ld.f32", tmp != NULL ? tmp : "/tmp",
             (long)getpid());
    f = fopen(pr->file, "wb");
    if (f == NULL || fwrite(elev, sizeof *elev, n, f) != n || fclose(f) != 0) {
        bench_skip("priority-flood vs pf_baseline", "cannot write the grid");
        remove(pr->file);
        return -1;
    }
    bench_script_path(path, sizeof path, "compare_pf_baseline.sh");
    snprintf(side, sizeof side, "%d", SIDE);
    fflush(stdout);
    if (pipe(in) != 0 || pipe(out) != 0 || (pr->pid = fork()) < 0) {
        bench_skip("priority-flood vs pf_baseline", "cannot start the baseline");
        remove(pr->file);
        return -1;
    }
    if (pr->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl("/bin/sh", "sh", path, "--serve", pr->file, side, side, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    pr->to = fdopen(in[1], "w");
    pr->from = fdopen(out[0], "r");
    while (pr->from != NULL && fgets(line, sizeof line, pr->from) != NULL) {
        if (strncmp(line, "ready", 5) == 0) {
            return 0;
        }
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "skip:", 5) == 0) {
            bench_skip("priority-flood vs pf_baseline", line + 6);
            break;
        }
        printf("  pf_baseline: %s\n", line);
    }
    if (strncmp(line, "skip:", 5) != 0) {
        bench_skip("priority-flood vs pf_baseline", "the baseline did not start");
    }
    if (pr->to != NULL) {
        fclose(pr->to);
    }
    if (pr->from != NULL) {
        fclose(pr->from);
    }
    waitpid(pr->pid, NULL, 0);
    remove(pr->file);
    pr->pid = -1;
    return -1;
}

/* One fill by the baseline into t; -1 when the server failed. */
static int
peer_fill(struct peer *pr, struct timing *t)
{
    char line[256];
    double c, w;

    if (pr->pid < 0 || fputs("fill\n", pr->to) == EOF || fflush(pr->to) != 0 ||
        fgets(line, sizeof line, pr->from) == NULL || sscanf(line, "fill %lf %lf", &c, &w) != 2) {
        return -1;
    }
    add_run(t, w, c);
    return 0;
}

/* Stop the server and compare its last filled surface with `filled`. */
static void
peer_finish(struct peer *pr, const float *filled, size_t n)
{
    char ffile[600];
    float *base;
    size_t i, diff = 0;
    FILE *f;
    int status = 1;

    if (pr->pid < 0) {
        return;
    }
    fclose(pr->to);
    fclose(pr->from);
    waitpid(pr->pid, &status, 0);
    snprintf(ffile, sizeof ffile, "%s.filled", pr->file);
    base = malloc(n * sizeof *base);
    f = fopen(ffile, "rb");
    if (status != 0 || base == NULL || f == NULL || fread(base, sizeof *base, n, f) != n) {
        printf("  pf_baseline: no filled surface to compare\n");
    } else {
        for (i = 0; i < n; i++) {
            diff += memcmp(&base[i], &filled[i], sizeof *base) != 0;
        }
        printf("  filled surface vs pf_baseline: %zu of %zu cells differ%s\n", diff, n,
               diff == 0 ? " (identical)" : " -- NOT identical");
    }
    if (f != NULL) {
        fclose(f);
    }
    free(base);
    remove(ffile);
    remove(pr->file);
    pr->pid = -1;
}

static void
report(const char *what, size_t n, struct timing t)
{
    printf("%s %dx%d: %.0f ms cpu, best of %d (%.1f Mcells/s); wall best %.0f, median %.0f ms\n",
           what, SIDE, SIDE, t.cpu, t.nw, t.cpu > 0.0 ? (double)n / t.cpu / 1e3 : 0.0, t.wall,
           median_wall(&t));
}

/* One fill by orogen into t (rank NULL: the fill alone, as the baseline). */
static int
own_fill(const struct hydro_graph *g, const float *elev, const uint8_t *outlet,
         enum hydro_flood_method m, float *out, struct timing *t)
{
    struct og_error e;
    double w0 = bench_now_ms(), c0 = bench_thread_cpu_ms();

    if (hydro_priority_flood(g, elev, outlet, m, out, NULL, NULL, &e) != OG_OK) {
        printf("hydro: %s\n", e.msg);
        return -1;
    }
    keep_best(t, w0, c0);
    return 0;
}

#define LEM_SIDE 4096

/* One implicit landscape evolution step (core/lem: fill, receivers, stack,
 * area, stream power, diffusion) on a LEM_SIDE^2 fBm grid in metres, side
 * by side with the fast fill of the same grid, both on one thread (thread
 * CPU, best of 3). Goal (issue 26): the step at most 1x the fill. */
static void
bench_lem(void)
{
    struct lem_params lp = { 1e3, 2e-5, 0.5, 1.0, 0.01, 0.0, 0 };
    struct hydro_graph g;
    struct og_error e;
    struct perlin p;
    struct fbm_params f = { 8, 6.0, 2.0, 0.5 };
    struct timing fill = { 0 }, step = { 0 };
    struct lem *s = NULL;
    size_t n = (size_t)LEM_SIDE * LEM_SIDE, i;
    float *z = malloc(n * sizeof *z), *z2 = malloc(n * sizeof *z2), *up = malloc(n * sizeof *up);
    uint8_t *base = malloc(n);
    double xs[LEM_SIDE], ys[LEM_SIDE], v[LEM_SIDE], w0, c0;
    int x, y, rep;

    if (!z || !z2 || !up || !base || hydro_graph_grid(&g, LEM_SIDE, LEM_SIDE, 8, &e) != OG_OK) {
        printf("lem: out of memory for the %dx%d benchmark\n", LEM_SIDE, LEM_SIDE);
        goto done;
    }
    perlin_init(&p, 2016);
    for (y = 0; y < LEM_SIDE; y++) {
        for (x = 0; x < LEM_SIDE; x++) {
            xs[x] = (x + 0.5) / LEM_SIDE;
            ys[x] = (y + 0.5) / LEM_SIDE;
        }
        fbm2_batch(&p, &f, xs, ys, 1, LEM_SIDE, v);
        for (x = 0; x < LEM_SIDE; x++) {
            i = (size_t)y * LEM_SIDE + (size_t)x;
            z[i] = (float)(1000.0 + 1500.0 * v[x]);
            up[i] = 1e-3f;
        }
    }
    hydro_grid_outlets(LEM_SIDE, LEM_SIDE, z, -INFINITY, base);
    if (lem_new(&s, LEM_SIDE, LEM_SIDE, 30.0, base, &e) != OG_OK) {
        printf("lem: %s\n", e.msg);
        goto done;
    }
    og_threads_set_default(1);
    for (rep = 0; rep < 3; rep++) {
        if (own_fill(&g, z, base, HYDRO_FLOOD_FAST, z2, &fill) != 0) {
            break;
        }
        memcpy(z2, z, n * sizeof *z);
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        if (lem_step(s, z2, up, &lp, 1, NULL, &e) != OG_OK) {
            printf("lem: %s\n", e.msg);
            break;
        }
        keep_best(&step, w0, c0);
    }
    og_threads_set_default(0);
    if (step.nw == 3) {
        printf("lem step %dx%d (fill, receivers, stack, area, stream power, diffusion): %.0f ms "
               "cpu, fast fill %.0f ms (wall %.0f, %.0f ms)\n",
               LEM_SIDE, LEM_SIDE, step.cpu, fill.cpu, step.wall, fill.wall);
        bench_goal("one implicit LEM step / fast fill, 4096^2 (thread CPU)", step.cpu / fill.cpu,
                   1, 1.0);
    }
done:
    lem_free(s);
    free(z);
    free(z2);
    free(up);
    free(base);
}

void
bench_hydro(void)
{
    struct hydro_graph g;
    struct og_error e;
    struct perlin p;
    struct fbm_params f = { 8, 6.0, 2.0, 0.5 };
    struct timing heap = { 0 }, fast = { 0 }, base = { 0 }, heapo = { 0 }, fasto = { 0 };
    struct timing route = { 0 }, acc = { 0 }, both1 = { 0 }, both2 = { 0 };
    struct peer pr;
    int have_peer;
    float *elev, *filled, *flow;
    uint32_t *rank;
    int32_t *down;
    uint8_t *outlet;
    size_t n;
    double w0, c0;
    int x, y, rep;

    pr.pid = -1;
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
        static double xs[SIDE], ys[SIDE], v[SIDE];
        for (x = 0; x < SIDE; x++) {
            xs[x] = (x + 0.5) / SIDE;
            ys[x] = (y + 0.5) / SIDE;
        }
        fbm2_batch(&p, &f, xs, ys, 1, SIDE, v); /* = fbm2, bit for bit */
        for (x = 0; x < SIDE; x++) {
            elev[(size_t)y * SIDE + (size_t)x] = (float)(1000.0 + 1500.0 * v[x]);
        }
    }
    /* border outlets only, as pf_baseline */
    hydro_grid_outlets(SIDE, SIDE, elev, -INFINITY, outlet);
    printf("hydro fbm grid %dx%d (8 octaves, border outlets): %.0f ms to generate\n", SIDE, SIDE,
           bench_now_ms() - w0);

    /* the three fills side by side, in rotating order; orogen's outputs go
     * to flow (scratch) and, last, the fast fill to filled */
    have_peer = peer_start(&pr, elev, n) == 0;
    for (rep = 0; rep < ROUNDS; rep++) {
        int k;
        for (k = 0; k < 3; k++) {
            switch ((rep + k) % 3) {
            case 0:
                if (have_peer && peer_fill(&pr, &base) != 0) {
                    printf("  pf_baseline: the server stopped\n");
                    have_peer = 0;
                }
                break;
            case 1:
                if (own_fill(&g, elev, outlet, HYDRO_FLOOD_HEAP, flow, &heap) != 0) {
                    goto done;
                }
                break;
            default:
                if (own_fill(&g, elev, outlet, HYDRO_FLOOD_FAST, filled, &fast) != 0) {
                    goto done;
                }
                break;
            }
        }
    }
    if (memcmp(flow, filled, n * sizeof *flow) != 0) {
        printf("hydro: the heap and fast fills differ -- NOT identical\n");
    }
    report("priority-flood heap fill (Barnes 2014, 4-ary heap)", n, heap);
    report("priority-flood fast fill (slope tracing, radix heap)", n, fast);
    if (have_peer) {
        report("  pf_baseline fill (binary heap + FIFO, cc -O2)", n, base);
    }

    /* with the flood order for routing, then routing and accumulation, on
     * one thread (the flats' two distance fields may take two) */
    og_threads_set_default(1);
    for (rep = 0; rep < 3; rep++) {
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_HEAP, filled, rank, NULL, &e) !=
            OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&heapo, w0, c0);
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        if (hydro_priority_flood(&g, elev, outlet, HYDRO_FLOOD_FAST, filled, rank, NULL, &e) !=
            OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&fasto, w0, c0);
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        hydro_route(&g, filled, rank, outlet, down, NULL, &e);
        keep_best(&route, w0, c0);
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        if (hydro_accumulate(n, down, NULL, flow, NULL, &e) != OG_OK) {
            printf("hydro: %s\n", e.msg);
            goto done;
        }
        keep_best(&acc, w0, c0);
    }
    /* the whole routing (flats + receivers + accumulation), wall clock, on
     * one thread and on two */
    for (rep = 0; rep < 2 * 2; rep++) {
        struct timing *t = rep % 2 == 0 ? &both1 : &both2;
        og_threads_set_default(rep % 2 == 0 ? 1 : 2);
        w0 = bench_now_ms();
        c0 = bench_thread_cpu_ms();
        if (hydro_route(&g, filled, rank, outlet, down, NULL, &e) != OG_OK ||
            hydro_accumulate(n, down, NULL, flow, NULL, &e) != OG_OK) {
            printf("hydro: %s\n", e.msg);
            og_threads_set_default(0);
            goto done;
        }
        keep_best(t, w0, c0);
    }
    og_threads_set_default(0);
    report("priority-flood heap + flood order", n, heapo);
    report("priority-flood fast + flood order", n, fasto);
    report("routing (lowest neighbour, flood-order ties)", n, route);
    report("flow accumulation (topological chains)", n, acc);
    printf("fast / heap fill: %.2fx faster (cpu); fill+route+accumulate: heap %.0f ms, fast %.0f "
           "ms cpu\n",
           heap.cpu / fast.cpu, heapo.cpu + route.cpu + acc.cpu, fasto.cpu + route.cpu + acc.cpu);
    printf("routing (flats + receivers + accumulation): %.0f ms cpu on 1 thread = %.2fx the fast "
           "fill (%.0f ms); wall %.0f ms on 1 thread, %.0f ms on 2 (%.2fx)\n",
           route.cpu + acc.cpu, (route.cpu + acc.cpu) / fast.cpu, fast.cpu, both1.wall,
           both2.wall, both1.wall / both2.wall);
    bench_goal("routing (flats + receivers + accumulation) / fast fill (thread CPU)",
               (route.cpu + acc.cpu) / fast.cpu, 1, 1.5);
    bench_goal("routing speedup on 2 threads (wall)", both1.wall / both2.wall, 0, 1.7);
    peer_finish(&pr, filled, n);
    if (have_peer && base.cpu > 0.0) {
        printf("  fills, thread CPU, best of %d interleaved rounds: baseline %.0f ms, orogen fast "
               "%.0f ms, heap %.0f ms (wall medians %.0f, %.0f, %.0f ms)\n",
               ROUNDS, base.cpu, fast.cpu, heap.cpu, median_wall(&base), median_wall(&fast),
               median_wall(&heap));
        bench_goal("priority-flood fast fill / pf_baseline fill (thread CPU)", fast.cpu / base.cpu,
                   1, 0.25);
        bench_goal("priority-flood heap fill / pf_baseline fill (thread CPU)", heap.cpu / base.cpu,
                   1, 1.0);
    }
done:
    peer_finish(&pr, filled, n); /* after an error: stop the server */
    free(elev);
    free(filled);
    free(flow);
    free(rank);
    free(down);
    free(outlet);
    bench_lem();
}
