/* sweep: seed sweeps in one process (`orogen export --seeds 1-100 --map
 * 'out/island-{seed}.png'`). Every output name must contain {seed}, which
 * is replaced by each seed in turn; a seed that fails is reported on
 * standard error ("orogen: seed 7: ...") and the sweep goes on with the
 * next. */
#ifndef OROGEN_CLI_SWEEP_H
#define OROGEN_CLI_SWEEP_H

#include <stdint.h>

#include "cli/args.h"

/* Parse "A-B" or "N" into [*lo, *hi] (inclusive, lo <= hi, at most
 * SWEEP_MAX_SEEDS seeds). Returns 0, or -1 for anything else. */
#define SWEEP_MAX_SEEDS 1000000
int sweep_parse(const char *s, uint64_t *lo, uint64_t *hi);

/* Every output of a names {seed} (and none is standard output). Errors:
 * OG_EINVAL naming the option. */
enum og_status sweep_check(const struct cli_args *a, struct og_error *err);

/* Run the sweep of a (a->out.seeds_given). Errors before any generation: an
 * output without {seed} (OG_EINVAL naming the option). After the sweep:
 * OG_EIO "K of N seeds failed" when any failed, OG_ECANCELED when
 * interrupted. */
enum og_status batch_sweep(const struct cli_args *a, struct og_error *err);

#endif
