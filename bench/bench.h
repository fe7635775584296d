/* Benchmarks run by `make bench` (bench/og_bench.c calls each). Figures are
 * wall-clock on the machine at hand; compare ratios, not absolutes. */
#ifndef OROGEN_BENCH_H
#define OROGEN_BENCH_H

/* Milliseconds on a monotonic clock. */
double bench_now_ms(void);

struct generator;
struct params;
struct world;

/* Run generator g on p reps times; *best gets the fastest run's world (one
 * reference, caller unrefs; its times[] are that run's stage times) and
 * *best_ms its total. Returns 0, or -1 after printing the error. */
int bench_pipeline_best(const struct generator *g, const struct params *p, int reps,
                        struct world **best, double *best_ms);

void bench_noise(void);
void bench_island(void);
void bench_hybrid(void);
void bench_delaunay(void);
void bench_planet(void);
void bench_hydro(void);
void bench_render(void);
void bench_tui(void);

#endif
