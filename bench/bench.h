/* Benchmarks run by `make bench` (bench/og_bench.c calls each). Figures are
 * wall-clock on the machine at hand; compare ratios, not absolutes. */
#ifndef OROGEN_BENCH_H
#define OROGEN_BENCH_H

/* Milliseconds on a monotonic clock. */
double bench_now_ms(void);

void bench_noise(void);
void bench_island(void);
void bench_hybrid(void);
void bench_delaunay(void);
void bench_planet(void);
void bench_hydro(void);
void bench_render(void);
void bench_tui(void);

#endif
