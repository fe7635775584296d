/* progress: the context a long computation runs in (struct run_ctx):
 * progress reports, cancellation, the thread budget and, for the pipeline's
 * stages, the request's parameters and input raster.
 *
 * It sits in core/base so that geometry, hydrology and the thread pool can
 * report progress and stop on cancellation without knowing the pipeline
 * (core/pipeline.h) that drives the generators' stages. */
#ifndef OROGEN_CORE_BASE_PROGRESS_H
#define OROGEN_CORE_BASE_PROGRESS_H

#include <stdatomic.h>

#include "core/base/og_error.h"

struct dem_raster;
struct params;
struct world;

/* Progress report: stage index of nstages, its name, fraction 0..1. */
typedef void progress_fn(void *arg, int stage, int nstages, const char *name, double fraction);

/* Intermediate result (e.g. heights during erosion): the callee takes a
 * reference if it keeps the snapshot. */
typedef void snapshot_fn(void *arg, struct world *snapshot);

struct run_ctx {
    const struct params *params;      /* the request's parameters */
    const struct dem_raster *dem;     /* input raster for the dem source, else NULL */
    /* the same raster when the caller hands its pixels over: the dem's
       decode stage frees them (samples, heights, no-data mask; the size,
       identity and georeferencing stay) once the world holds its heights,
       so they are not resident through the hydrology (issue 27); NULL:
       the caller keeps them */
    struct dem_raster *dem_release;
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

#endif
