/* bench_hybrid: the hybrid pipeline and droplet steps per second. */
#include "config.h"

#include "bench.h"

void
bench_hybrid(void)
{
}
