/* og_bench: `make bench`. Each module's benchmark lives in its own
 * bench/bench_<module>.c and is called from here in a fixed order. */
#include "config.h"

#include <stdio.h>

#include "bench.h"

int
main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    bench_noise();
    bench_island();
    bench_hybrid();
    bench_delaunay();
    bench_planet();
    bench_hydro();
    bench_render();
    bench_tui();
    return 0;
}
