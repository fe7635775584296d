/* bench_delaunay: Delaunay triangulation of uniform random points, and the
 * same points through delaunator (JavaScript, under node) for comparison.
 *
 * The points (fixed seed) are written as float64 to a file in $TMPDIR and
 * bench/compare_delaunator.sh times delaunator on them; its path comes from
 * $OROGEN_COMPARE_DELAUNATOR or, failing that, from this file's location.
 * Both sides report the best of several runs after a warm-up. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/delaunay.h"
#include "core/rng.h"

static double *
bench_delaunay_points(size_t n)
{
    double *xy = malloc(2 * n * sizeof *xy);
    struct rng r;
    size_t i;

    if (xy == NULL) {
        return NULL;
    }
    rng_for_stage(&r, 1, "bench_delaunay");
    for (i = 0; i < 2 * n; i++) {
        xy[i] = rng_next_double(&r) * 1000.0;
    }
    return xy;
}

/* Best wall-clock ms of `runs` triangulations (after one warm-up). */
static double
bench_delaunay_time(const double *xy, size_t n, int runs, size_t *ntri)
{
    double best = 1e300;
    int r;

    for (r = 0; r <= runs; r++) {
        struct delaunay d;
        double t0 = bench_now_ms(), ms;
        if (delaunay_build(&d, xy, n, NULL) != OG_OK) {
            return -1.0;
        }
        ms = bench_now_ms() - t0;
        *ntri = d.ntriangles;
        delaunay_fini(&d);
        if (r > 0 && ms < best) {
            best = ms;
        }
    }
    return best;
}

static void
bench_delaunay_script(char *buf, size_t len)
{
    const char *env = getenv("OROGEN_COMPARE_DELAUNATOR");
    const char *slash;

    if (env != NULL) {
        snprintf(buf, len, "%s", env);
        return;
    }
    /* __FILE__ is the source path the compiler was given (absolute or
     * relative to the build directory for out-of-tree builds). */
    slash = strrchr(__FILE__, '/');
    if (slash == NULL) {
        snprintf(buf, len, "./compare_delaunator.sh");
    } else {
        snprintf(buf, len, "%.*s/compare_delaunator.sh", (int)(slash - __FILE__), __FILE__);
    }
}

/* Time delaunator on the same points; returns ms or -1 when skipped, and
 * its triangle count in *ntri. */
static double
bench_delaunay_js(const double *xy, size_t n, int runs, size_t *ntri)
{
    char script[1024], file[512], cmd[2048], line[256];
    const char *tmp = getenv("TMPDIR");
    FILE *f, *p;
    double ms = -1.0;

    bench_delaunay_script(script, sizeof script);
    snprintf(file, sizeof file, "%s/orogen-bench-points-%zu.f64", tmp != NULL ? tmp : "/tmp", n);
    f = fopen(file, "wb");
    if (f == NULL) {
        return -1.0;
    }
    /* float64 in host order; the script reads little-endian (x86, ARM). */
    if (fwrite(xy, sizeof *xy, 2 * n, f) != 2 * n) {
        fclose(f);
        remove(file);
        return -1.0;
    }
    fclose(f);
    snprintf(cmd, sizeof cmd, "sh '%s' '%s' %zu %d 2>&1", script, file, n, runs);
    p = popen(cmd, "r");
    if (p != NULL) {
        while (fgets(line, sizeof line, p) != NULL) {
            if (sscanf(line, "delaunator %*u: %lf ms %zu", &ms, ntri) == 2) {
                continue;
            }
            if (strncmp(line, "skip:", 5) == 0) {
                printf("delaunay vs delaunator: %s", line);
            }
        }
        pclose(p);
    }
    remove(file);
    return ms;
}

void
bench_delaunay(void)
{
    static const struct {
        size_t n;
        int runs;
        const char *label;
    } sizes[] = {{10000, 30, "10k"}, {100000, 10, "100k"}, {1000000, 5, "1M"}};
    size_t k;
    int js_ok = 1;

    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t ntri = 0, jstri = 0;
        double *xy = bench_delaunay_points(sizes[k].n);
        double ms, js;

        if (xy == NULL) {
            printf("delaunay %s uniform: out of memory\n", sizes[k].label);
            continue;
        }
        ms = bench_delaunay_time(xy, sizes[k].n, sizes[k].runs, &ntri);
        printf("delaunay %s uniform: %.1f ms (%zu triangles)\n", sizes[k].label, ms, ntri);
        js = js_ok ? bench_delaunay_js(xy, sizes[k].n, sizes[k].runs, &jstri) : -1.0;
        if (js > 0.0) {
            printf("delaunator %s uniform (node): %.1f ms (%zu triangles); "
                   "orogen/delaunator = %.2f\n",
                   sizes[k].label, js, jstri, ms / js);
        } else {
            js_ok = 0;
        }
        free(xy);
    }
}
