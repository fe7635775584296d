#include "config.h"
#include "core/base/parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/base/interrupt.h"
#include "core/base/progress.h"

static atomic_int replay_on;    /* og_parallel_replay */

void
og_parallel_replay(int on)
{
    atomic_store(&replay_on, on != 0);
}

static int
clamp_threads(long n)
{
    return n < 1 ? 1 : (n > OG_MAX_THREADS ? OG_MAX_THREADS : (int)n);
}

/* This thread's account of the regions it ran (parallel.h). */
static _Thread_local struct og_par_account account;

/* This thread's index in the region it runs (parallel.h). */
static _Thread_local int worker_index;

int
og_parallel_worker(void)
{
    return worker_index;
}

int
og_parallel_workers(int threads, size_t n, size_t grain)
{
    size_t nbatches;
    int nt = threads <= 0 ? og_threads_default() : clamp_threads(threads);
    if (grain == 0) {
        grain = 1;
    }
    nbatches = n / grain + (n % grain != 0);
    if ((size_t)nt > nbatches) {
        nt = nbatches > 0 ? (int)nbatches : 1;
    }
    return nt;
}

static double
thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

void
og_parallel_account(struct og_par_account *out)
{
    *out = account;
}

double
og_thread_cpu_ms(void)
{
    return thread_cpu_ms();
}

struct pfor {
    og_batch_fn *fn;
    void *arg;
    size_t n, grain, nbatches;
    atomic_size_t next;     /* next batch to claim */
    atomic_size_t done;     /* batches finished */
    atomic_int stop;        /* an error or a cancellation: claim no more */
    pthread_mutex_t lock;   /* guards the error fields */
    size_t err_batch;       /* lowest failing batch, nbatches if none */
    enum og_status err_code;
    struct og_error err;
    double cpu[OG_MAX_THREADS];   /* CPU ms of each thread in this region */
    size_t nb[OG_MAX_THREADS];    /* batches each thread ran */
    int nspan;                    /* og_team_for_spans: the spans, else 0 */
    int replay;                   /* one thread, og_parallel_replay on */
    double replay_free[2];        /* the two replayed workers' finish times */
    atomic_int *cancel;           /* the caller's og_cancel_bind flag, handed on */
    _Atomic uint64_t span[OG_MAX_THREADS]; /* unclaimed batches lo << 32 | hi */
};

/* The end of a region run by nt threads: its CPU goes into the account
 * (threads that never started ran 0 ms and 0 batches, p being zeroed), and
 * the lowest failing batch's error, if any, is the region's. */
static enum og_status
pfor_finish(struct pfor *p, int nt, struct og_error *err)
{
    double busiest = 0.0, total = 0.0;
    size_t most = 0;
    int t;

    pthread_mutex_destroy(&p->lock);
    for (t = 0; t < nt; t++) {
        busiest = p->cpu[t] > busiest ? p->cpu[t] : busiest;
        most = p->nb[t] > most ? p->nb[t] : most;
        total += p->cpu[t];
    }
    account.regions++;
    account.caller_ms += p->cpu[0];
    account.busiest_ms += busiest;
    account.total_ms += total;
    account.batches += p->nbatches;
    if (p->replay) {
        /* the longer worker, and what the region cost beyond its batches
         * (claims, set-up) as if serial */
        double f0 = p->replay_free[0], f1 = p->replay_free[1];
        double over = p->cpu[0] - (f0 + f1);
        account.replay2_ms += (f0 > f1 ? f0 : f1) + (over > 0.0 ? over : 0.0);
    }
    account.batches_busiest += most;
    if (p->err_batch < p->nbatches) {
        if (err != NULL) {
            *err = p->err;
        }
        return p->err_code;
    }
    return OG_OK;
}

struct pfor_worker {
    struct pfor *p;
    int index;
};

static void
pfor_fail(struct pfor *p, size_t b, enum og_status st, const struct og_error *e)
{
    pthread_mutex_lock(&p->lock);
    if (b < p->err_batch) {
        p->err_batch = b;
        p->err_code = st;
        p->err = *e;
    }
    pthread_mutex_unlock(&p->lock);
    atomic_store(&p->stop, 1);
}

/* Spans: take the first unclaimed batch of span k (its owner's end) or
 * the last (a thief's); SIZE_MAX when the span is empty. */
static size_t
span_take(struct pfor *p, int k, int last)
{
    uint64_t v = atomic_load_explicit(&p->span[k], memory_order_relaxed);
    for (;;) {
        uint64_t lo = v >> 32, hi = v & 0xffffffffu;
        uint64_t nv;
        if (lo >= hi) {
            return SIZE_MAX;
        }
        nv = last ? (lo << 32 | (hi - 1)) : ((lo + 1) << 32 | hi);
        if (atomic_compare_exchange_weak(&p->span[k], &v, nv)) {
            return (size_t)(last ? hi - 1 : lo);
        }
    }
}

/* The next batch for the calling thread: in claim order, or with spans
 * its own span's next, else the last of the next non-empty span. */
static size_t
pfor_claim(struct pfor *p)
{
    int k, w;
    size_t b;

    if (p->nspan == 0) {
        return atomic_fetch_add(&p->next, 1);
    }
    w = worker_index < p->nspan ? worker_index : 0;
    b = span_take(p, w, 0);
    for (k = 1; b == SIZE_MAX && k < p->nspan; k++) {
        b = span_take(p, (w + k) % p->nspan, 1);
    }
    return b;
}

/* Claim and run one batch; 0 when none is left. */
static int
pfor_step(struct pfor *p)
{
    size_t b, begin, end;
    struct og_error e;
    enum og_status st;

    if (atomic_load_explicit(&p->stop, memory_order_relaxed)) {
        return 0;
    }
    b = pfor_claim(p);
    if (b >= p->nbatches) {
        return 0;
    }
    begin = b * p->grain;
    end = p->n - begin < p->grain ? p->n : begin + p->grain;
    og_error_clear(&e);
    if (p->replay) {
        double t0 = thread_cpu_ms();
        int k;
        st = p->fn(p->arg, b, begin, end, &e);
        k = p->replay_free[1] < p->replay_free[0];
        p->replay_free[k] += thread_cpu_ms() - t0;
    } else {
        st = p->fn(p->arg, b, begin, end, &e);
    }
    if (st != OG_OK) {
        pfor_fail(p, b, st, &e);
    }
    atomic_fetch_add(&p->done, 1);
    return 1;
}

static void *
pfor_thread(void *arg)
{
    struct pfor_worker *wk = arg;
    double t0 = thread_cpu_ms();
    size_t nb = 0;
    worker_index = wk->index;
    og_cancel_bind(wk->p->cancel);
    while (pfor_step(wk->p)) {
        nb++;
    }
    wk->p->cpu[wk->index] = thread_cpu_ms() - t0;
    wk->p->nb[wk->index] = nb;
    return NULL;
}

enum og_status
og_parallel_for(int threads, size_t n, size_t grain, og_batch_fn *fn, void *arg,
                struct run_ctx *ctx, double f0, double f1, struct og_error *err)
{
    struct pfor p;
    pthread_t tid[OG_MAX_THREADS];
    struct pfor_worker wk[OG_MAX_THREADS];
    int started[OG_MAX_THREADS];
    int t, nt;
    double c0;
    size_t nb0 = 0;
    int outer_index = worker_index;

    if (n == 0) {
        return OG_OK;
    }
    if (grain == 0) {
        grain = 1;
    }
    memset(&p, 0, sizeof p);
    p.fn = fn;
    p.arg = arg;
    p.n = n;
    p.grain = grain;
    p.nbatches = n / grain + (n % grain != 0);
    p.err_batch = p.nbatches;
    p.cancel = og_cancel_bound();
    atomic_init(&p.next, 0);
    atomic_init(&p.done, 0);
    atomic_init(&p.stop, 0);
    pthread_mutex_init(&p.lock, NULL);
    nt = threads <= 0 ? og_threads_default() : clamp_threads(threads);
    if ((size_t)nt > p.nbatches) {
        nt = (int)p.nbatches;
    }
    p.replay = nt == 1 && atomic_load(&replay_on);
    c0 = thread_cpu_ms();
    worker_index = 0;
    for (t = 1; t < nt; t++) {
        wk[t].p = &p;
        wk[t].index = t;
        started[t] = pthread_create(&tid[t], NULL, pfor_thread, &wk[t]) == 0;
    }
    while (pfor_step(&p)) {
        nb0++;
        if (ctx != NULL) {
            double frac = (double)atomic_load(&p.done) / (double)p.nbatches;
            if (pipeline_tick(ctx, f0 + (f1 - f0) * frac) != OG_OK) {
                struct og_error e;
                og_error_set(&e, OG_ECANCELED, "cancelled");
                pfor_fail(&p, 0, OG_ECANCELED, &e);
            }
        }
    }
    p.cpu[0] = thread_cpu_ms() - c0;
    p.nb[0] = nb0;
    worker_index = outer_index;
    for (t = 1; t < nt; t++) {
        if (started[t]) {
            pthread_join(tid[t], NULL);
        }
    }
    return pfor_finish(&p, nt, err);
}

/* A team (parallel.h): helpers wait for a region, run its batches like
 * pfor_thread and report back. Between regions both sides poll before they
 * sleep: a helper for the next region, the caller for its helpers' last
 * batches. The polls are timed (TEAM_SPIN_NS), since a short count of
 * polls (20000, a few microseconds) ended before the next region of the
 * droplet rounds came, and a helper woken from its condition variable
 * then arrived tens of microseconds late, after the caller had claimed
 * most of a 4-batch round (stop 13: with 786 regions in the hybrid
 * terrain stage, 50 us late a region turns a 1.9x partition into 1.65x).
 * Half a millisecond covers the gaps of the droplet rounds and of the
 * moisture search's levels (0.1 to 0.5 ms of work each) without holding
 * a core long on a machine shared with other work; libgomp's default
 * wait policy spins for a similar while. */
#define TEAM_SPIN_NS 500000LL /* at most this long a wait polls, in ns */

static long long
mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Poll until *v differs from `from` (equal 0) or equals it (equal 1), for
 * at most TEAM_SPIN_NS; 1 when it did. */
static int
poll_for(atomic_uint *v, unsigned from, int equal)
{
    long long until = 0;
    unsigned k;

    for (k = 0;; k++) {
        if ((atomic_load(v) == from) == equal) {
            return 1;
        }
        cpu_relax();
        if ((k & 255u) == 255u) {
            long long now = mono_ns();
            if (until == 0) {
                until = now + TEAM_SPIN_NS;
            } else if (now > until) {
                return 0;
            }
        }
    }
}

struct og_team {
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    pthread_t tid[OG_MAX_THREADS];
    int size;              /* the caller and the helpers that started */
    atomic_uint gen;       /* regions posted */
    int quit;
    atomic_uint inside;    /* helpers working in the current region
                              (changed under lock, polled without) */
    struct pfor *p;        /* the current region; NULL once the caller ran
                              out of batches (late helpers stay out) */
};

struct team_helper {
    struct og_team *t;
    int index;
};

static void *
team_thread(void *arg)
{
    struct team_helper *h = arg;
    struct og_team *t = h->t;
    int index = h->index;
    unsigned seen = 0;

    free(h);
    worker_index = index;
    for (;;) {
        struct pfor *p;
        double t0;
        size_t nb = 0;
        poll_for(&t->gen, seen, 0);
        pthread_mutex_lock(&t->lock);
        while (atomic_load(&t->gen) == seen && !t->quit) {
            pthread_cond_wait(&t->go, &t->lock);
        }
        if (t->quit) {
            pthread_mutex_unlock(&t->lock);
            return NULL;
        }
        seen = atomic_load(&t->gen);
        p = t->p;
        if (p == NULL) {
            pthread_mutex_unlock(&t->lock);
            continue;
        }
        atomic_fetch_add(&t->inside, 1);
        pthread_mutex_unlock(&t->lock);
        t0 = thread_cpu_ms();
        og_cancel_bind(p->cancel);
        while (pfor_step(p)) {
            nb++;
        }
        og_cancel_bind(NULL);
        p->cpu[index] = thread_cpu_ms() - t0;
        p->nb[index] = nb;
        pthread_mutex_lock(&t->lock);
        if (atomic_fetch_sub(&t->inside, 1) == 1) {
            pthread_cond_signal(&t->done);
        }
        pthread_mutex_unlock(&t->lock);
    }
}

enum og_status
og_team_new(struct og_team **out, int threads, struct og_error *err)
{
    struct og_team *t = calloc(1, sizeof *t);
    int nt = threads <= 0 ? og_threads_default() : clamp_threads(threads), k;

    *out = NULL;
    if (t == NULL) {
        return og_error_set(err, OG_ENOMEM, "thread team: out of memory");
    }
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->go, NULL);
    pthread_cond_init(&t->done, NULL);
    atomic_init(&t->gen, 0);
    atomic_init(&t->inside, 0);
    t->size = 1;
    for (k = 1; k < nt; k++) {
        struct team_helper *h = malloc(sizeof *h);
        if (h == NULL) {
            break;
        }
        h->t = t;
        h->index = t->size;
        if (pthread_create(&t->tid[t->size], NULL, team_thread, h) != 0) {
            free(h);
            break; /* the others do its share */
        }
        t->size++;
    }
    *out = t;
    return OG_OK;
}

int
og_team_size(const struct og_team *t)
{
    return t->size;
}

static enum og_status
team_region(struct og_team *t, size_t n, size_t grain, og_batch_fn *fn, void *arg, int spans,
            struct og_error *err)
{
    struct pfor p;
    double c0;
    size_t nb0 = 0;
    int outer_index = worker_index, k;

    if (n == 0) {
        return OG_OK;
    }
    memset(&p, 0, sizeof p);
    p.fn = fn;
    p.arg = arg;
    p.n = n;
    p.grain = grain == 0 ? 1 : grain;
    p.nbatches = n / p.grain + (n % p.grain != 0);
    p.err_batch = p.nbatches;
    p.cancel = og_cancel_bound();
    atomic_init(&p.next, 0);
    atomic_init(&p.done, 0);
    atomic_init(&p.stop, 0);
    pthread_mutex_init(&p.lock, NULL);
    if (spans && t->size > 1 && p.nbatches <= UINT32_MAX) {
        p.nspan = t->size;
        for (k = 0; k < p.nspan; k++) {
            uint64_t lo = (uint64_t)p.nbatches * (uint64_t)k / (uint64_t)p.nspan;
            uint64_t hi = (uint64_t)p.nbatches * (uint64_t)(k + 1) / (uint64_t)p.nspan;
            atomic_init(&p.span[k], lo << 32 | hi);
        }
    }
    p.replay = t->size == 1 && atomic_load(&replay_on);
    c0 = thread_cpu_ms();
    if (t->size > 1) {
        pthread_mutex_lock(&t->lock);
        t->p = &p;
        atomic_fetch_add(&t->gen, 1);
        pthread_cond_broadcast(&t->go);
        pthread_mutex_unlock(&t->lock);
    }
    worker_index = 0;
    while (pfor_step(&p)) {
        nb0++;
    }
    p.cpu[0] = thread_cpu_ms() - c0;
    p.nb[0] = nb0;
    worker_index = outer_index;
    if (t->size > 1) {
        pthread_mutex_lock(&t->lock);
        t->p = NULL;
        pthread_mutex_unlock(&t->lock);
        /* helpers still in the region finish their last batch: poll a
         * little before sleeping, as the regions are short */
        poll_for(&t->inside, 0u, 1);
        pthread_mutex_lock(&t->lock);
        while (atomic_load(&t->inside) > 0) {
            pthread_cond_wait(&t->done, &t->lock);
        }
        pthread_mutex_unlock(&t->lock);
    }
    return pfor_finish(&p, t->size, err);
}

enum og_status
og_team_for(struct og_team *t, size_t n, size_t grain, og_batch_fn *fn, void *arg,
            struct og_error *err)
{
    return team_region(t, n, grain, fn, arg, 0, err);
}

enum og_status
og_team_for_spans(struct og_team *t, size_t n, size_t grain, og_batch_fn *fn, void *arg,
                  struct og_error *err)
{
    return team_region(t, n, grain, fn, arg, 1, err);
}

void
og_team_free(struct og_team *t)
{
    int k;

    if (t == NULL) {
        return;
    }
    pthread_mutex_lock(&t->lock);
    t->quit = 1;
    pthread_cond_broadcast(&t->go);
    pthread_mutex_unlock(&t->lock);
    for (k = 1; k < t->size; k++) {
        pthread_join(t->tid[k], NULL);
    }
    pthread_cond_destroy(&t->go);
    pthread_cond_destroy(&t->done);
    pthread_mutex_destroy(&t->lock);
    free(t);
}
