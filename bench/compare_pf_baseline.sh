#!/bin/sh
# compare_pf_baseline.sh FILE W H [REPS]: run the plain priority-flood
# baseline of ../shared/bench/pf_baseline.c (binary heap + FIFO, Barnes et
# al. 2014) on a W x H float32 grid in FILE, border outlets, and write its
# filled surface to FILE.filled. Prints pf_baseline's own lines (median wall
# times).
#
# compare_pf_baseline.sh --serve FILE W H: the same baseline's fill as a
# server for side-by-side timing (bench/bench_hydro.c). It builds a driver
# that compiles pf_baseline.c unchanged (its main renamed) and calls its
# pf_fill directly, reads FILE once, prints "ready", then for every "fill"
# line on stdin fills a fresh copy of the grid and prints
# "fill CPU_MS WALL_MS" (the fill alone: thread CPU time and monotonic
# wall time, no file reading or allocation); on end of input it writes the
# last filled surface to FILE.filled and exits. The caller interleaves these
# fills with its own and keeps the best CPU time of each side.
#
# The source is $OROGEN_PF_BASELINE or ../shared/bench/pf_baseline.c next to
# the source tree (or one level further up, for work trees). Skips (exit 77,
# one "skip:" line) when the source or a C compiler is missing. Both modes
# build with $CC -O2, as the baseline's README says.
set -eu
serve=0
if [ "${1:-}" = "--serve" ]; then
    serve=1
    shift
fi
file=${1:?usage: compare_pf_baseline.sh [--serve] FILE W H [REPS]}
w=${2:?}
h=${3:?}
reps=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
src=${OROGEN_PF_BASELINE:-}
for c in "$here/../../shared/bench/pf_baseline.c" "$here/../../../shared/bench/pf_baseline.c"; do
    if [ -z "$src" ] && [ -f "$c" ]; then
        src=$c
    fi
done
if [ -z "$src" ] || [ ! -f "$src" ]; then
    echo "skip: pf_baseline.c not found (set OROGEN_PF_BASELINE)"
    exit 77
fi
src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "skip: no C compiler"
    exit 77
fi
tmpd=${TMPDIR:-/tmp}
if [ "$serve" -eq 0 ]; then
    exe=$tmpd/orogen-bench-pf_baseline.$$
    trap 'rm -f "$exe"' EXIT
    "$cc" -O2 -o "$exe" "$src"
    "$exe" "$file" "$w" "$h" "$reps" "$file.filled"
    exit 0
fi

drv=$tmpd/orogen-bench-pf_serve.$$
trap 'rm -f "$drv.c" "$drv"' EXIT
cat >"$drv.c" <<EOF
#define _POSIX_C_SOURCE 200809L
#define main pf_baseline_main
#include "$src"
#undef main
static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}
int main(int argc, char **argv)
{
    char line[64], out[4096];
    long n;
    float *z0, *z;
    uint8_t *closed;
    uint64_t *hb;
    uint32_t *q;
    FILE *f;
    if (argc != 4) {
        return 2;
    }
    W = atol(argv[2]);
    H = atol(argv[3]);
    n = W * H;
    z0 = malloc(n * 4), z = malloc(n * 4), closed = malloc(n);
    hb = malloc(n * 8), q = malloc(n * 4);
    f = fopen(argv[1], "rb");
    if (!z0 || !z || !closed || !hb || !q || !f || fread(z0, 4, n, f) != (size_t)n) {
        printf("error: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(f);
    printf("ready\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin) != NULL) {
        double c0, w0;
        memcpy(z, z0, n * 4);
        c0 = cpu_ms();
        w0 = now();
        pf_fill(z, closed, hb, q);
        w0 = now() - w0;
        c0 = cpu_ms() - c0;
        printf("fill %.3f %.3f\n", c0, w0 * 1e3);
        fflush(stdout);
    }
    snprintf(out, sizeof out, "%s.filled", argv[1]);
    f = fopen(out, "wb");
    if (f == NULL || fwrite(z, 4, n, f) != (size_t)n) {
        return 1;
    }
    return fclose(f) != 0;
}
EOF
"$cc" -O2 -w -o "$drv" "$drv.c"
"$drv" "$file" "$w" "$h"
