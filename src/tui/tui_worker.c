/* tui_worker: glue between the TUI and the generation worker (core/worker.h):
 * submitting requests (now or debounced), and taking finished worlds and
 * progress into the TUI's state. Main thread only. */
#include "config.h"

#include <string.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "tui/tui_state.h"

unsigned
tui_groups(const struct tui *t)
{
    const struct generator *g = generator_get(t->gen);
    return g != NULL ? g->param_groups : 1u << PG_COMMON;
}

void
tui_regen_now(struct tui *t)
{
    struct worker_request req;

    memset(&req, 0, sizeof req);
    req.gen = t->gen;
    req.params = t->params;
    req.dem = t->dem;
    t->request = worker_submit(t->wk, &req);
    t->regen_at = 0;
    t->chrome_dirty = 1;
}

void
tui_schedule_regen(struct tui *t)
{
    t->regen_at = pipeline_now_ms() + TUI_DEBOUNCE_MS;
}

static void
pick_layer(struct tui *t)
{
    int l;

    if (t->world == NULL || mapimg_layer_available(t->world, t->layer)) {
        return;
    }
    for (l = 0; l < LAYER_COUNT; l++) {
        if (mapimg_layer_available(t->world, (enum map_layer)l)) {
            t->layer = (enum map_layer)l;
            return;
        }
    }
}

void
tui_worker_poll(struct tui *t)
{
    static double last_draw;
    struct world *w;
    struct worker_status old = t->wst;
    int final = 1;
    double now;

    int took = 0;

    while ((w = worker_take(t->wk, &final)) != NULL) {
        took = 1;
        world_unref(t->world);
        t->world = w;
        t->world_final = final;
        t->map_stale = t->map_dirty = 1;
        t->chrome_dirty = 1;
        pick_layer(t);
        if (t->layer_steps != 0) {
            /* a/A pressed while there was no world yet */
            int steps = t->layer_steps;
            t->layer_steps = 0;
            tui_next_layer(t, steps);
        }
        if (t->view_pending) {
            /* a --from recipe's window, once the world's aspect is known */
            t->view_pending = 0;
            mapview_fit(t, &t->view_want);
        }
    }
    if (took && t->world_final) {
        globeview_world_arrived(t);   /* a preset's or recipe's land edits */
    }
    worker_get_status(t->wk, &t->wst);
    if (old.busy != t->wst.busy || old.last_status != t->wst.last_status ||
        old.generation != t->wst.generation) {
        t->chrome_dirty = 1;
        return;
    }
    if (old.stage != t->wst.stage || old.permille / 10 != t->wst.permille / 10) {
        /* Progress alone: at most ten status redraws a second. */
        now = pipeline_now_ms();
        if (now - last_draw >= 100.0) {
            last_draw = now;
            t->chrome_dirty = 1;
        }
    }
}
