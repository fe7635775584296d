#include "config.h"
#include "core/hydro/hydro.h"

#include <stdlib.h>

#include "core/base/grid.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/pipeline.h"

#define TICK_MASK HYDRO_TICK_MASK
#define DONOR_DONE UINT32_MAX

/* The stack (Braun and Willett 2013): Kahn's order walked as chains. Each
 * chain starts at a node whose donors are all done, in index order, and
 * runs down as far as the next node still waiting for other donors. order
 * (may be NULL) gets the nodes in that order; flow (may be NULL) is
 * accumulated on the way, from rain (NULL: 1 per node). */
static enum og_status
stack_walk(size_t n, const int32_t *downhill, int32_t *order, const float *rain, float *flow,
           struct run_ctx *ctx, struct og_error *err)
{
    uint32_t *ndon = NULL;
    size_t i, processed = 0;
    enum og_status st;

    st = grid_calloc((void **)&ndon, n, sizeof *ndon, "donor counts", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t d = downhill[i];
        if (d >= 0) {
            if ((size_t)d >= n) {
                free(ndon);
                return og_error_set(err, OG_EINVAL, "downhill[%zu] = %ld is not a node", i,
                                    (long)d);
            }
            ndon[d]++;
        }
        if (flow != NULL) {
            flow[i] = rain != NULL ? rain[i] : 1.0f;
        }
    }
    for (i = 0; i < n; i++) {
        size_t j = i;
        if (ndon[i] != 0) {
            continue;
        }
        for (;;) {
            int32_t d = downhill[j];
            ndon[j] = DONOR_DONE;
            if (order != NULL) {
                order[processed] = (int32_t)j;
            }
            processed++;
            if (d >= 0 && flow != NULL) {
                flow[d] += flow[j];
            }
            if (d < 0 || --ndon[d] != 0) {
                break;
            }
            j = (size_t)d;
        }
        if ((i & TICK_MASK) == 0 && ctx != NULL && pipeline_tick(ctx, (double)i / (double)n)) {
            free(ndon);
            return og_error_set(err, OG_ECANCELED, "hydrology: cancelled");
        }
    }
    free(ndon);
    if (processed != n) {
        return og_error_set(err, OG_EINVAL, "downhill graph has a cycle (%zu of %zu nodes drain)",
                            processed, n);
    }
    return OG_OK;
}

enum og_status
hydro_stack(size_t n, const int32_t *downhill, int32_t *order, struct run_ctx *ctx,
            struct og_error *err)
{
    return stack_walk(n, downhill, order, NULL, NULL, ctx, err);
}

void
hydro_accumulate_stack(size_t n, const int32_t *order, const int32_t *downhill, const float *rain,
                       float *flow)
{
    size_t k;

    for (k = 0; k < n; k++) {
        flow[k] = rain != NULL ? rain[k] : 1.0f;
    }
    for (k = 0; k < n; k++) {
        int32_t j = order[k], d = downhill[j];
        if (d >= 0) {
            flow[d] += flow[j];
        }
    }
}

enum og_status
hydro_accumulate(size_t n, const int32_t *downhill, const float *rain, float *flow,
                 struct run_ctx *ctx, struct og_error *err)
{
    return stack_walk(n, downhill, NULL, rain, flow, ctx, err);
}
