/* pipeline: generators as static arrays of stages.
 *
 * The driver runs a generator's stages in order on a fresh world, timing
 * each, reporting progress and stopping at the first error or cancellation.
 * Stages poll pipeline_tick() in long loops; it returns OG_ECANCELED once a
 * newer request has cancelled this run. This is the C shape of Donjourno's
 * compile-time pipeline: static, visible, short-circuiting. */
#ifndef OROGEN_CORE_PIPELINE_H
#define OROGEN_CORE_PIPELINE_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/base/og_error.h"
#include "core/base/progress.h"
#include "core/recipe/params.h"
#include "core/world.h"


typedef enum og_status stage_fn(struct world *w, struct run_ctx *ctx, struct og_error *err);

struct stage {
    const char *name;
    stage_fn *run;
};

struct generator {
    const char *name;         /* "island" */
    enum gen_id id;
    enum world_kind kind;
    unsigned param_groups;    /* bit (1 << PG_x) for every group it reads */
    const struct stage *stages;
    size_t nstages;
    const char *summary;      /* one line for --help and the TUI */
};

/* Run every stage of g on a new world; *out gets the finished world (one
 * reference) or NULL on error. The first failing stage's error is returned
 * with its message prefixed by the stage name. */
enum og_status pipeline_run(const struct generator *g, struct run_ctx *ctx, struct world **out,
                            struct og_error *err);

/* Wall-clock milliseconds since an arbitrary start (monotonic). */
double pipeline_now_ms(void);

#endif
