#include "config.h"
#include "core/worker.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"

struct worker {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    void (*wake)(void *arg);
    void *wake_arg;

    /* guarded by lock */
    int quit;
    int has_request;
    struct worker_request request;
    uint64_t request_gen;
    struct world *published;   /* newest world or snapshot not yet taken */
    int published_final;
    enum og_status last_status;
    char last_error[256];
    char stage_name[32];

    /* lock-free progress */
    atomic_int cancel;
    atomic_int busy;
    atomic_int stage, nstages, permille;
    atomic_uint_fast64_t running_gen;
};

static void
on_progress(void *arg, int stage, int nstages, const char *name, double fraction)
{
    struct worker *wk = arg;
    int pm = (int)(fraction * 1000.0);
    int old_stage = atomic_exchange(&wk->stage, stage);
    int old_pm = atomic_exchange(&wk->permille, pm);
    atomic_store(&wk->nstages, nstages);
    if (old_stage != stage) {
        pthread_mutex_lock(&wk->lock);
        snprintf(wk->stage_name, sizeof wk->stage_name, "%s", name != NULL ? name : "");
        pthread_mutex_unlock(&wk->lock);
    }
    /* Wake the UI on visible changes only (every 2 %), not on every tick. */
    if (old_stage != stage || pm / 20 != old_pm / 20) {
        wk->wake(wk->wake_arg);
    }
}

static void
on_snapshot(void *arg, struct world *snap)
{
    struct worker *wk = arg;
    pthread_mutex_lock(&wk->lock);
    if (!wk->has_request) {  /* a newer request makes this snapshot stale */
        world_unref(wk->published);
        wk->published = world_ref(snap);
        wk->published_final = 0;
    }
    pthread_mutex_unlock(&wk->lock);
    wk->wake(wk->wake_arg);
}

static void *
worker_main(void *arg)
{
    struct worker *wk = arg;

    for (;;) {
        struct worker_request req;
        uint64_t gen;
        struct world *w = NULL;
        struct og_error err;
        struct run_ctx ctx;
        const struct generator *g;
        enum og_status st;

        pthread_mutex_lock(&wk->lock);
        while (!wk->quit && !wk->has_request) {
            pthread_cond_wait(&wk->cond, &wk->lock);
        }
        if (wk->quit) {
            pthread_mutex_unlock(&wk->lock);
            break;
        }
        req = wk->request;
        gen = wk->request_gen;
        wk->has_request = 0;
        atomic_store(&wk->cancel, 0);
        atomic_store(&wk->busy, 1);
        atomic_store(&wk->running_gen, gen);
        atomic_store(&wk->stage, -1);  /* the first tick records stage 0's name */
        atomic_store(&wk->permille, 0);
        wk->stage_name[0] = '\0';
        pthread_mutex_unlock(&wk->lock);

        og_error_clear(&err);
        memset(&ctx, 0, sizeof ctx);
        ctx.params = &req.params;
        ctx.dem = req.dem;
        ctx.cancel = &wk->cancel;
        ctx.progress = on_progress;
        ctx.progress_arg = wk;
        ctx.snapshot = on_snapshot;
        ctx.snapshot_arg = wk;
        ctx.threads = og_threads_default();
        g = generator_get(req.gen);
        if (g == NULL) {
            st = og_error_set(&err, OG_EUNSUPPORTED, "generator '%s' is not in this build",
                              world_gen_name(req.gen));
        } else {
            st = pipeline_run(g, &ctx, &w, &err);
        }

        pthread_mutex_lock(&wk->lock);
        atomic_store(&wk->busy, 0);
        if (st == OG_OK) {
            if (!wk->has_request) {
                world_unref(wk->published);
                wk->published = w;
                wk->published_final = 1;
                w = NULL;
            }
            wk->last_status = OG_OK;
            wk->last_error[0] = '\0';
        } else if (st != OG_ECANCELED) {
            wk->last_status = st;
            snprintf(wk->last_error, sizeof wk->last_error, "%s", err.msg);
        }
        pthread_mutex_unlock(&wk->lock);
        world_unref(w);
        wk->wake(wk->wake_arg);
    }
    return NULL;
}

static void
no_wake(void *arg)
{
    (void)arg;
}

enum og_status
worker_new(struct worker **out, void (*wake)(void *arg), void *arg, struct og_error *err)
{
    struct worker *wk = calloc(1, sizeof *wk);

    *out = NULL;
    if (wk == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the worker");
    }
    pthread_mutex_init(&wk->lock, NULL);
    pthread_cond_init(&wk->cond, NULL);
    wk->wake = wake != NULL ? wake : no_wake;
    wk->wake_arg = arg;
    atomic_init(&wk->cancel, 0);
    atomic_init(&wk->busy, 0);
    atomic_init(&wk->stage, 0);
    atomic_init(&wk->nstages, 0);
    atomic_init(&wk->permille, 0);
    atomic_init(&wk->running_gen, 0);
    if (pthread_create(&wk->thread, NULL, worker_main, wk) != 0) {
        pthread_cond_destroy(&wk->cond);
        pthread_mutex_destroy(&wk->lock);
        free(wk);
        return og_error_set(err, OG_EIO, "cannot start the generation thread");
    }
    *out = wk;
    return OG_OK;
}

uint64_t
worker_submit(struct worker *wk, const struct worker_request *req)
{
    uint64_t gen;
    pthread_mutex_lock(&wk->lock);
    wk->request = *req;
    wk->has_request = 1;
    gen = ++wk->request_gen;
    atomic_store(&wk->cancel, 1);  /* a run in progress is now stale */
    pthread_cond_signal(&wk->cond);
    pthread_mutex_unlock(&wk->lock);
    return gen;
}

struct world *
worker_take(struct worker *wk, int *is_final)
{
    struct world *w;
    pthread_mutex_lock(&wk->lock);
    w = wk->published;
    wk->published = NULL;
    if (is_final != NULL) {
        *is_final = wk->published_final;
    }
    pthread_mutex_unlock(&wk->lock);
    return w;
}

void
worker_get_status(struct worker *wk, struct worker_status *st)
{
    memset(st, 0, sizeof *st);
    pthread_mutex_lock(&wk->lock);
    st->busy = atomic_load(&wk->busy) || wk->has_request;
    st->generation = wk->has_request ? wk->request_gen : (uint64_t)atomic_load(&wk->running_gen);
    st->last_status = wk->last_status;
    snprintf(st->last_error, sizeof st->last_error, "%s", wk->last_error);
    snprintf(st->stage_name, sizeof st->stage_name, "%s", wk->stage_name);
    pthread_mutex_unlock(&wk->lock);
    st->stage = atomic_load(&wk->stage);
    st->stage = st->stage < 0 ? 0 : st->stage;
    st->nstages = atomic_load(&wk->nstages);
    st->permille = atomic_load(&wk->permille);
}

void
worker_free(struct worker *wk)
{
    if (wk == NULL) {
        return;
    }
    pthread_mutex_lock(&wk->lock);
    wk->quit = 1;
    atomic_store(&wk->cancel, 1);
    pthread_cond_signal(&wk->cond);
    pthread_mutex_unlock(&wk->lock);
    pthread_join(wk->thread, NULL);
    world_unref(wk->published);
    pthread_cond_destroy(&wk->cond);
    pthread_mutex_destroy(&wk->lock);
    free(wk);
}
