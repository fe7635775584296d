/* worker: the generation thread.
 *
 * One background thread runs the pipeline for the newest request. Submitting
 * a request cancels a stale run in progress; the finished world is published
 * under a mutex and the UI is woken through a caller-supplied callback (the
 * TUI writes a byte to a self-pipe). Progress is read through atomics and
 * never blocks the caller. */
#ifndef OROGEN_CORE_WORKER_H
#define OROGEN_CORE_WORKER_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/world.h"

struct dem_raster;
struct worker;

struct worker_request {
    enum gen_id gen;
    struct params params;
    const struct dem_raster *dem;  /* borrowed; must outlive the worker */
};

struct worker_status {
    int busy;              /* a run is in progress */
    uint64_t generation;   /* number of the request running or last finished */
    int stage, nstages;    /* current stage (0-based) of nstages */
    char stage_name[32];
    int permille;          /* progress of the current stage */
    enum og_status last_status;
    char last_error[256];  /* message of the last failed run ("" if none) */
};

/* Start the thread. wake(arg) is called from the worker thread whenever a
 * world or snapshot is published or progress moves; it must be
 * async-safe-ish (write one byte to a pipe). Errors: OG_ENOMEM, OG_EIO if the
 * thread cannot start. The caller should block signals it wants on the main
 * thread before calling (pthread_sigmask). */
enum og_status worker_new(struct worker **out, void (*wake)(void *arg), void *arg,
                          struct og_error *err);

/* Queue a request; cancels any older one. Returns its generation number. */
uint64_t worker_submit(struct worker *wk, const struct worker_request *req);

/* The newest published world or snapshot not yet taken (one reference, caller
 * unrefs), or NULL if nothing new. *is_final is 0 for an intermediate
 * snapshot (may be NULL). */
struct world *worker_take(struct worker *wk, int *is_final);

/* Current progress; never blocks for long. */
void worker_get_status(struct worker *wk, struct worker_status *st);

/* Cancel, join and free (NULL allowed). */
void worker_free(struct worker *wk);

#endif
