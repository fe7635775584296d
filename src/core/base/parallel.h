/* parallel: a small deterministic parallel-for over fixed batches.
 *
 * The range [0, n) is cut into batches of `grain` items: batch b is
 * [b * grain, min(n, (b + 1) * grain)). The cut depends only on n and grain,
 * never on the thread count; threads claim batches in increasing order from
 * a shared counter. A batch function that writes only the outputs of its own
 * items, draws random numbers from a stream keyed by its batch index (or item
 * index) and leaves reductions to the caller, who adds the per-batch partial
 * results in batch order, gives byte-identical results for every thread
 * count. This is the shape of chafa's batches and of Brogue's per-purpose
 * random streams.
 *
 * Thread count: og_threads_default() is OROGEN_THREADS when set to 1..
 * OG_MAX_THREADS, else the online CPUs (sysconf), unless a front end set it
 * with og_threads_set_default (the CLI's --threads). */
#ifndef OROGEN_CORE_BASE_PARALLEL_H
#define OROGEN_CORE_BASE_PARALLEL_H

#include <stddef.h>

#include "core/base/og_error.h"

struct run_ctx;

#define OG_MAX_THREADS 64

/* Process-wide default thread count (>= 1): the value set by
 * og_threads_set_default, else OROGEN_THREADS, else the online CPUs. */
int og_threads_default(void);

/* Set the default thread count (clamped to 1..OG_MAX_THREADS; 0 restores
 * the environment/CPU default). */
void og_threads_set_default(int threads);

/* Parse a thread count ("1".."64"); OG_ERANGE naming `what` otherwise. */
enum og_status og_threads_parse(const char *s, const char *what, int *out, struct og_error *err);

/* One batch: items [begin, end) of batch index `batch`. Returns OG_OK or an
 * error (set in err, which is private to this call). */
typedef enum og_status og_batch_fn(void *arg, size_t batch, size_t begin, size_t end,
                                   struct og_error *err);

/* Run fn over every batch of [0, n) on up to `threads` threads (the caller
 * is one of them; <= 0 means og_threads_default()). If ctx is given, the
 * calling thread reports progress f0 + (f1 - f0) * batches done / batches
 * through pipeline_tick between its batches and stops every thread at a
 * cancellation (OG_ECANCELED, "cancelled"). On errors the one of the lowest
 * batch index is returned; batches after a failure may be skipped. If a
 * thread cannot be started the others do its share. */
enum og_status og_parallel_for(int threads, size_t n, size_t grain, og_batch_fn *fn, void *arg,
                               struct run_ctx *ctx, double f0, double f1, struct og_error *err);

/* The index (0 .. workers - 1) of the calling thread in the og_parallel_for
 * region it is running a batch of: 0 for the caller, 1.. for the threads it
 * started; 0 outside any region. For per-thread scratch, sized with
 * og_parallel_workers. In a region started from inside a batch it is the
 * index in that inner region. */
int og_parallel_worker(void);

/* How many threads og_parallel_for(threads, n, grain ...) will use:
 * threads (or og_threads_default() when <= 0), at most OG_MAX_THREADS and at
 * most the number of batches, at least 1. */
int og_parallel_workers(int threads, size_t n, size_t grain);

/* A team of threads kept for many short regions (og_parallel_for starts
 * and joins its threads in every call, which costs more than a region of a
 * millisecond's work). The regions are the same as og_parallel_for's:
 * batches claimed in order, og_parallel_worker, the account. A helper that
 * finished a region polls for the next for up to half a millisecond
 * before it sleeps, and so does the caller for its helpers' last batches. */
struct og_team;

/* Start a team of `threads` threads, the caller included (<= 0:
 * og_threads_default()); fewer when a thread cannot be started. Errors:
 * OG_ENOMEM. */
enum og_status og_team_new(struct og_team **out, int threads, struct og_error *err);

/* Threads in the team (>= 1): the workers of its regions. */
int og_team_size(const struct og_team *t);

/* og_parallel_for on the team's threads (no progress), from the thread
 * that made the team. */
enum og_status og_team_for(struct og_team *t, size_t n, size_t grain, og_batch_fn *fn, void *arg,
                           struct og_error *err);

/* og_team_for with the batches cut into one contiguous span per thread:
 * each thread runs its own span's batches in order, then takes the last
 * batches of the others' spans. Which thread runs a batch is no more
 * fixed than in og_team_for (so results must not depend on it), but
 * each thread's batches lie together, so threads whose neighbouring
 * batches touch the same memory (a frontier's cells and their
 * neighbours) do not share cache lines batch after batch. On errors the
 * lowest failing batch of those that ran is returned: a failure can stop
 * a lower batch of another span from running. */
enum og_status og_team_for_spans(struct og_team *t, size_t n, size_t grain, og_batch_fn *fn,
                                 void *arg, struct og_error *err);

/* Stop and join the team's threads (NULL allowed). */
void og_team_free(struct og_team *t);

/* What the og_parallel_for (and og_team_for) calls made from the calling
 * thread have cost,
 * summed since the thread started (for benchmarks on a shared machine,
 * where wall clocks mislead): in each region the CPU time of the calling
 * thread, of its busiest thread and of all its threads
 * (CLOCK_THREAD_CPUTIME_ID), and the batches, in all and on the thread
 * that ran the most. Subtract two readings to account for a span of work:
 * its critical path on dedicated cores is the caller's own CPU time minus
 * caller_ms plus busiest_ms. */
struct og_par_account {
    size_t regions;
    double caller_ms, busiest_ms, total_ms;
    size_t batches, batches_busiest;
    /* With og_parallel_replay on, the regions run on one thread replayed
     * on two: each batch's CPU time given, in claim order, to the one of
     * two workers free first, and the region's time the longer worker's
     * plus what the region cost beyond its batches (else 0). Own CPU outside regions plus this is the critical path
     * the partition gives on two dedicated cores, measured in a 1-thread
     * run that the host's scheduling of a second thread cannot skew.
     * A region started inside a batch counts inside that batch too. */
    double replay2_ms;
};

/* Time each batch of the regions run on one thread for replay2_ms (a
 * clock read a batch; for benchmarks). Process-wide; off by default. */
void og_parallel_replay(int on);

/* This thread's running account (see above). */
void og_parallel_account(struct og_par_account *out);

/* The calling thread's CPU time in ms (CLOCK_THREAD_CPUTIME_ID). */
double og_thread_cpu_ms(void);

#endif
