/* bench_delaunay: Delaunay triangulation of uniform random points, and the
 * same points through the peers in the same run: delaunator (JavaScript,
 * under node; bench/compare_delaunator.sh) and CGAL's
 * Delaunay_triangulation_2 (bench/compare_cgal.sh). The points (fixed
 * seed) are written as float64 to a file in $TMPDIR for the scripts. Each
 * side reports the best of several runs after a warm-up, in rounds that
 * alternate between them so that a busy spell hits both. Goal (issue 13):
 * orogen at most 0.5x CGAL at 1M points. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/geom/delaunay.h"

/* Best thread-CPU ms of `runs` triangulations (after one warm-up): the
 * peers report CPU time too where they can (CGAL); delaunator's node
 * figure is wall clock. */
double bench_delaunay_time(const double *xy, size_t n, int runs, size_t *ntri);

double
bench_delaunay_time(const double *xy, size_t n, int runs, size_t *ntri)
{
    double best = 1e300;
    int r;

    for (r = 0; r <= runs; r++) {
        struct delaunay d;
        double t0 = bench_thread_cpu_ms(), ms;
        if (delaunay_build(&d, xy, n, NULL) != OG_OK) {
            return -1.0;
        }
        ms = bench_thread_cpu_ms() - t0;
        *ntri = d.ntriangles;
        delaunay_fini(&d);
        if (r > 0 && ms < best) {
            best = ms;
        }
    }
    return best;
}

#define BENCH_DELAUNAY_ROUNDS 3

void
bench_delaunay(void)
{
    static const struct {
        size_t n;
        int runs; /* per round */
        const char *label;
    } sizes[] = {{10000, 10, "10k"}, {100000, 4, "100k"}, {1000000, 2, "1M"}};
    const char *tmp = getenv("TMPDIR");
    size_t k;
    int js_ok = 1, cgal_ok = 1;

    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t ntri = 0;
        double *xy = bench_uniform_points(sizes[k].n, 1);
        double ms = 1e300, js = 1e300, cg = 1e300;
        char file[512], args[600], what[64];
        int r, have_file;

        if (xy == NULL) {
            printf("delaunay %s uniform: out of memory\n", sizes[k].label);
            continue;
        }
        snprintf(file, sizeof file, "%s/orogen-bench-points-%zu.f64",
                 tmp != NULL ? tmp : "/tmp", sizes[k].n);
        have_file = bench_write_f64(file, xy, sizes[k].n) == 0;
        snprintf(args, sizeof args, "'%s' %zu %d", file, sizes[k].n, sizes[k].runs);
        for (r = 0; r < BENCH_DELAUNAY_ROUNDS; r++) {
            double t = bench_delaunay_time(xy, sizes[k].n, sizes[k].runs, &ntri);
            ms = t < ms ? t : ms;
            if (have_file && js_ok) {
                snprintf(what, sizeof what, "delaunay %s vs delaunator", sizes[k].label);
                t = bench_peer_ms(what, "compare_delaunator.sh", args);
                js_ok = t > 0.0;
                js = js_ok && t < js ? t : js;
            }
            /* CGAL at 100k and 1M only (its program compiles once) */
            if (have_file && cgal_ok && sizes[k].n >= 100000) {
                snprintf(what, sizeof what, "delaunay %s vs CGAL", sizes[k].label);
                t = bench_peer_ms(what, "compare_cgal.sh", args);
                cgal_ok = t > 0.0;
                cg = cgal_ok && t < cg ? t : cg;
            }
        }
        if (have_file) {
            remove(file);
        }
        printf("delaunay %s uniform: %.1f ms CPU (%zu triangles)\n", sizes[k].label, ms, ntri);
        if (js < 1e300) {
            printf("  delaunator %s (node): %.1f ms; orogen/delaunator = %.2f\n", sizes[k].label,
                   js, ms / js);
        }
        if (cg < 1e300) {
            printf("  CGAL %s (Delaunay_triangulation_2, CPU time): %.1f ms; orogen/CGAL = %.2f\n",
                   sizes[k].label, cg, ms / cg);
            if (sizes[k].n == 1000000) {
                bench_goal("delaunay 1M / CGAL 1M", ms / cg, 1, 0.5);
            }
        }
        free(xy);
    }
}
