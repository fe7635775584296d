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

#include "core/og_error.h"
#include "core/params.h"
#include "core/world.h"

struct dem_raster;
struct run_ctx;

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

/* Progress report: stage index of nstages, its name, fraction 0..1. */
typedef void progress_fn(void *arg, int stage, int nstages, const char *name, double fraction);

/* Intermediate result (e.g. heights during erosion): the callee takes a
 * reference if it keeps the snapshot. */
typedef void snapshot_fn(void *arg, struct world *snapshot);

struct run_ctx {
    const struct params *params;      /* the request's parameters */
    const struct dem_raster *dem;     /* input raster for the dem source, else NULL */
    atomic_int *cancel;               /* non-zero: stop; may be NULL */
    progress_fn *progress;            /* may be NULL */
    void *progress_arg;
    snapshot_fn *snapshot;            /* may be NULL */
    void *snapshot_arg;
    int threads;                      /* worker threads a stage may use (>= 1) */
    /* set by the driver */
    int stage_index, nstages;
    const char *stage_name;
    /* the current phase of the stage (pipeline_phase): a tick's fraction
     * f is reported as phase_lo + (phase_hi - phase_lo) * f, and never
     * below the stage's last report (phase_hi <= phase_lo: no phase);
     * held counts the ticks of the run that would have gone back (a stage
     * whose steps lack phases), for tests */
    double phase_lo, phase_hi, reported;
    int held;
};

/* Report progress of the current stage (fraction 0..1) and check for
 * cancellation: returns OG_ECANCELED if cancelled, else OG_OK. Cheap enough
 * to call every few thousand items. */
enum og_status pipeline_tick(struct run_ctx *ctx, double fraction);

/* Make the following ticks of the current stage cover [lo, hi] of it
 * (0 <= lo < hi <= 1): a stage made of steps that each tick 0..1 (fill,
 * routing, accumulation) gives each its share, so the stage's reported
 * progress rises once from 0 to 1. Reports never go down within a stage.
 * ctx may be NULL. */
void pipeline_phase(struct run_ctx *ctx, double lo, double hi);

/* Run every stage of g on a new world; *out gets the finished world (one
 * reference) or NULL on error. The first failing stage's error is returned
 * with its message prefixed by the stage name. */
enum og_status pipeline_run(const struct generator *g, struct run_ctx *ctx, struct world **out,
                            struct og_error *err);

/* Wall-clock milliseconds since an arbitrary start (monotonic). */
double pipeline_now_ms(void);

#endif
