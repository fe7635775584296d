/* bench_delaunay: Delaunay triangulation of uniform random points, and the
 * same points through delaunator (JavaScript, under node) for comparison.
 *
 * The points (fixed seed) are written as float64 to a file in $TMPDIR and
 * bench/compare_delaunator.sh times delaunator on them; its path comes from
 * $OROGEN_COMPARE_DELAUNATOR or, failing that, from this file's location.
 * Both sides report the best of several runs after a warm-up, in rounds
 * that alternate between them. */
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

/* Write the points for the script: float64 in host order (the script reads
 * little-endian, as on x86 and ARM). Returns 0 on success. */
static int
bench_delaunay_write(const char *file, const double *xy, size_t n)
{
    FILE *f = fopen(file, "wb");

    if (f == NULL) {
        return -1;
    }
    if (fwrite(xy, sizeof *xy, 2 * n, f) != 2 * n) {
        fclose(f);
        remove(file);
        return -1;
    }
    return fclose(f) == 0 ? 0 : -1;
}

/* Time delaunator on the points in file; returns its best ms or -1 when
 * skipped (the reason printed once), and its triangle count in *ntri. */
static double
bench_delaunay_js(const char *file, size_t n, int runs, size_t *ntri)
{
    char script[1024], cmd[2048], line[256];
    FILE *p;
    double ms = -1.0;

    bench_delaunay_script(script, sizeof script);
    snprintf(cmd, sizeof cmd, "sh '%s' '%s' %zu %d 2>&1", script, file, n, runs);
    p = popen(cmd, "r");
    if (p == NULL) {
        return -1.0;
    }
    while (fgets(line, sizeof line, p) != NULL) {
        if (sscanf(line, "delaunator %*u: %lf ms %zu", &ms, ntri) == 2) {
            continue;
        }
        if (strncmp(line, "skip:", 5) == 0) {
            printf("delaunay vs delaunator: %s", line);
        }
    }
    pclose(p);
    return ms;
}

/* Rounds alternate between the two programs so that a busy spell on the
 * machine hits both; each side keeps its best run. */
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
    int js_ok = 1;

    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t ntri = 0, jstri = 0;
        double *xy = bench_delaunay_points(sizes[k].n);
        double ms = 1e300, js = 1e300;
        char file[512];
        int r, have_file;

        if (xy == NULL) {
            printf("delaunay %s uniform: out of memory\n", sizes[k].label);
            continue;
        }
        snprintf(file, sizeof file, "%s/orogen-bench-points-%zu.f64",
                 tmp != NULL ? tmp : "/tmp", sizes[k].n);
        have_file = js_ok && bench_delaunay_write(file, xy, sizes[k].n) == 0;
        for (r = 0; r < BENCH_DELAUNAY_ROUNDS; r++) {
            double t = bench_delaunay_time(xy, sizes[k].n, sizes[k].runs, &ntri);
            ms = t < ms ? t : ms;
            if (have_file && js_ok) {
                t = bench_delaunay_js(file, sizes[k].n, sizes[k].runs, &jstri);
                if (t > 0.0) {
                    js = t < js ? t : js;
                } else {
                    js_ok = 0;
                }
            }
        }
        if (have_file) {
            remove(file);
        }
        printf("delaunay %s uniform: %.1f ms (%zu triangles)\n", sizes[k].label, ms, ntri);
        if (js_ok && js < 1e300) {
            printf("delaunator %s uniform (node): %.1f ms (%zu triangles); "
                   "orogen/delaunator = %.2f\n",
                   sizes[k].label, js, jstri, ms / js);
        }
        free(xy);
    }
}
