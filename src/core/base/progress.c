#include "config.h"
#include "core/base/progress.h"

#include <stddef.h>

enum og_status
pipeline_tick(struct run_ctx *ctx, double fraction)
{
    if (ctx == NULL) {
        return OG_OK;
    }
    if (ctx->cancel != NULL && atomic_load_explicit(ctx->cancel, memory_order_relaxed) != 0) {
        return OG_ECANCELED;
    }
    if (ctx->progress != NULL) {
        double f = fraction < 0.0 ? 0.0 : (fraction > 1.0 ? 1.0 : fraction);
        if (ctx->phase_hi > ctx->phase_lo) {
            f = ctx->phase_lo + (ctx->phase_hi - ctx->phase_lo) * f;
        }
        if (f < ctx->reported) {  /* never backwards */
            f = ctx->reported;
            ctx->held++;
        }
        ctx->reported = f;
        ctx->progress(ctx->progress_arg, ctx->stage_index, ctx->nstages, ctx->stage_name, f);
    }
    return OG_OK;
}

void
pipeline_phase(struct run_ctx *ctx, double lo, double hi)
{
    if (ctx != NULL) {
        ctx->phase_lo = lo;
        ctx->phase_hi = hi;
    }
}
