#include "config.h"
#include "core/pipeline.h"

#include "core/base/parallel.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

double
pipeline_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A new stage: no phase, nothing reported yet. */
static void
pipeline_stage_reset(struct run_ctx *ctx)
{
    ctx->phase_lo = ctx->phase_hi = 0.0;
    ctx->reported = 0.0;
}

enum og_status
pipeline_run(const struct generator *g, struct run_ctx *ctx, struct world **out,
             struct og_error *err)
{
    struct world *w = NULL;
    struct og_error e;
    enum og_status st;
    size_t i;

    *out = NULL;
    st = world_new(&w, g->id, g->kind, ctx->params, err);
    if (st != OG_OK) {
        return st;
    }
    ctx->nstages = (int)g->nstages;
    for (i = 0; i < g->nstages; i++) {
        double t0 = pipeline_now_ms(), c0 = og_thread_cpu_ms();
        struct og_par_account a0, a1;
        og_parallel_account(&a0);
        ctx->stage_index = (int)i;
        ctx->stage_name = g->stages[i].name;
        og_error_clear(&e);
        pipeline_stage_reset(ctx);
        st = pipeline_tick(ctx, 0.0);
        if (st == OG_OK) {
            st = g->stages[i].run(w, ctx, &e);
        }
        if (st != OG_OK) {
            world_unref(w);
            if (st == OG_ECANCELED) {
                return og_error_set(err, st, "%s: cancelled", g->stages[i].name);
            }
            return og_error_set(err, st, "%s: %s", g->stages[i].name,
                                e.msg[0] != '\0' ? e.msg : og_status_str(st));
        }
        if (w->nstages < WORLD_MAX_STAGES) {
            w->times[w->nstages].name = g->stages[i].name;
            double own;
            w->times[w->nstages].ms = pipeline_now_ms() - t0;
            og_parallel_account(&a1);
            own = og_thread_cpu_ms() - c0 - (a1.caller_ms - a0.caller_ms);
            w->times[w->nstages].cpu_work_ms = own + (a1.total_ms - a0.total_ms);
            w->times[w->nstages].cpu_path_ms = own + (a1.busiest_ms - a0.busiest_ms);
            w->times[w->nstages].cpu_replay2_ms = own + (a1.replay2_ms - a0.replay2_ms);
            w->nstages++;
        }
        ctx->phase_lo = ctx->phase_hi = 0.0;
        pipeline_tick(ctx, 1.0);
    }
    *out = w;
    return OG_OK;
}
