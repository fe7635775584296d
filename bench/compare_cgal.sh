#!/bin/sh
# compare_cgal.sh FILE N [RUNS]: time CGAL's Delaunay_triangulation_2 (Debian
# libcgal-dev; range insertion, which sorts the points along a Hilbert curve
# first) on N points stored in FILE as 2*N float64 (x0 y0 x1 y1 ...).
# Prints "cgal <N>: <best ms> ms <triangles> triangles", in the thread's CPU
# time (steadier than the wall clock on a shared machine). Skips (exit 77, one
# "skip:" line) when g++ or the CGAL headers are missing. The program is
# compiled once into $TMPDIR (about a minute).
set -eu
file=${1:?usage: compare_cgal.sh FILE N [RUNS]}
n=${2:?usage: compare_cgal.sh FILE N [RUNS]}
runs=${3:-3}
tmp=${TMPDIR:-/tmp}
exe=$tmp/orogen-bench-cgal-cpu
if ! command -v g++ >/dev/null 2>&1; then
    echo "skip: g++ not found"
    exit 77
fi
if [ ! -f /usr/include/CGAL/Delaunay_triangulation_2.h ]; then
    echo "skip: CGAL not installed (apt-get install libcgal-dev)"
    exit 77
fi
if [ ! -x "$exe" ]; then
    cat > "$exe.cpp" <<'CPP'
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Delaunay_triangulation_2.h>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <vector>
typedef CGAL::Exact_predicates_inexact_constructions_kernel K;
typedef CGAL::Delaunay_triangulation_2<K> DT;
int main(int argc, char **argv) {
    size_t n = std::strtoull(argv[2], 0, 10);
    int runs = std::atoi(argv[3]);
    std::vector<double> xy(2 * n);
    FILE *f = std::fopen(argv[1], "rb");
    if (!f || std::fread(xy.data(), sizeof(double), 2 * n, f) != 2 * n) return 1;
    std::fclose(f);
    std::vector<K::Point_2> pts;
    pts.reserve(n);
    for (size_t i = 0; i < n; i++) pts.emplace_back(xy[2 * i], xy[2 * i + 1]);
    double best = 1e300;
    size_t nt = 0;
    for (int r = 0; r <= runs; r++) {
        timespec a, b;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        DT dt;
        dt.insert(pts.begin(), pts.end());
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) * 1e-6;
        nt = dt.number_of_faces();
        if (r > 0 && ms < best) best = ms;
    }
    std::printf("cgal %zu: %.1f ms %zu triangles\n", n, best, nt);
    return 0;
}
CPP
    g++ -O2 -DNDEBUG -o "$exe" "$exe.cpp" -lgmp 2>"$exe.log" || {
        echo "skip: CGAL program does not compile (see $exe.log)"
        exit 77
    }
fi
"$exe" "$file" "$n" "$runs"
