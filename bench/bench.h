/* Benchmarks run by `make bench` (bench/og_bench.c calls each). Figures are
 * wall-clock (or process CPU time where said) on the machine at hand; every
 * goal is a ratio against a peer run in the same process or script, or a
 * per-sample figure, printed on a "GOAL" line with its bound and whether it
 * is met. A missing peer prints a "SKIP" line (the exit-77 convention of
 * the peer scripts) and the comparison is left out.
 *
 * Environment: OROGEN_BENCH=noise,island,... runs only the named parts;
 * OROGEN_BENCH_QUICK=1 leaves out the 2M-point pipelines and the 8192^2 map. */
#ifndef OROGEN_BENCH_H
#define OROGEN_BENCH_H

#include <stddef.h>

/* Milliseconds on a monotonic clock, and this process's CPU time. */
double bench_now_ms(void);
double bench_cpu_ms(void);

/* The calling thread's CPU time in ms (CLOCK_THREAD_CPUTIME_ID): for
 * single-thread comparisons on a shared machine. */
double bench_thread_cpu_ms(void);

/* Whether part `name` should run (OROGEN_BENCH), and whether the big runs
 * are wanted (not OROGEN_BENCH_QUICK). */
int bench_wanted(const char *name);
int bench_big(void);

/* "GOAL what: value (goal <= bound): met" (le != 0) or ">=" (le == 0). */
void bench_goal(const char *what, double value, int le, double bound);

/* "SKIP what: why". */
void bench_skip(const char *what, const char *why);

/* Path of bench/<script> next to this source file, for the peer scripts. */
void bench_script_path(char *buf, size_t len, const char *script);

/* Run `sh bench/<script> args` and return the first number after `key` in
 * its output (e.g. key "ms" in "cgal 1000: 12.5 ms"), the one before key,
 * or -1 when the script skipped (its "skip:" line printed as a SKIP for
 * `what`) or failed. */
double bench_peer_ms(const char *what, const char *script, const char *args);

/* n uniform points in [0, 1000)^2 (fixed seed), malloc'd 2n doubles. */
double *bench_uniform_points(size_t n, unsigned seed);

/* Write 2n doubles to file (host order, little-endian on x86 and ARM). */
int bench_write_f64(const char *file, const double *xy, size_t n);

/* Threads the pipeline runs of bench_pipeline_best use (default 1). */
extern int bench_threads;

struct generator;
struct params;
struct world;

/* Run generator g on p reps times; *best gets the fastest run's world (one
 * reference, caller unrefs; its times[] are that run's stage times) and
 * *best_ms its total. Returns 0, or -1 after printing the error. */
int bench_pipeline_best(const struct generator *g, const struct params *p, int reps,
                        struct world **best, double *best_ms);

/* The 2M pipeline of g on p (label e.g. "island 2M") against one planar
 * Delaunay of 2M uniform points (seed) in the same run, with its stage
 * times and a GOAL line "label pipeline / delaunay 2M" <= bound. */
void bench_pipeline_vs_delaunay(const struct generator *g, const struct params *p,
                                const char *label, unsigned seed, double bound);

void bench_noise(void);
void bench_island(void);
void bench_hybrid(void);
void bench_delaunay(void);
void bench_planet(void);
void bench_hydro(void);
void bench_render(void);
void bench_tui(void);
void bench_threads_scaling(void);
/* The planet's stages at 500k points on 1 and 2 threads (bench_threads.c). */
void bench_threads_planet(void);

#endif
