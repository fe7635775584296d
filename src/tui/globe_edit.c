/* globe_edit: the land editor on the globe (globeview.h): edits under a
 * brush on a background thread, undo and redo on the world's edit list
 * (core/planet/planet_edit.h), replaying the edits of a preset or a --from recipe,
 * and collecting a finished job. */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/planet/planet_edit.h"
#include "tui/globeview.h"
#include "tui/globeview_internal.h"

/* The job: a brush stroke (out is the new world, NULL if no cell changed)
 * or a replay of rcells/rland/rradius on src. */
static enum og_status
edit_run(const struct world *w, void *arg, struct og_error *err)
{
    struct edit_args *a = arg;
    size_t changed = 0;
    enum og_status st;

    a->out = NULL;
    a->changed = 0;
    if (a->kind != EDIT_BRUSH) {
        st = planet_edit_replay(w, a->rcells, a->rland, a->rradius, a->rn, &a->out, err);
        a->changed = (int)a->rn;
        return st;
    }
    st = planet_edit_brush(w, a->cell, a->radius, a->land, &a->out, &a->under, &changed, err);
    if (st == OG_OK && a->out == w) {
        world_unref(a->out);   /* already that: another reference */
        a->out = NULL;
    }
    a->changed = (int)changed;
    return st;
}

/* --- the history ------------------------------------------------------------ */

static void
history_clear(struct globeview *g)
{
    int k;
    for (k = 0; k < g->nmarks; k++) {
        world_unref(g->at[k]);
    }
    world_unref(g->base);
    world_unref(g->tip);
    free(g->marks);
    free(g->at);
    g->base = g->tip = NULL;
    g->marks = NULL;
    g->at = NULL;
    g->nmarks = g->cap_marks = g->pos = 0;
    g->saved_edits = 0;
    g->saved_pos = 0;
}

/* Room for one more stroke. Returns -1 when out of memory. */
static int
history_grow(struct globeview *g)
{
    if (g->nmarks == g->cap_marks) {
        int cap = g->cap_marks ? 2 * g->cap_marks : 16;
        size_t *m = realloc(g->marks, (size_t)cap * sizeof *m);
        struct world **a;
        if (m == NULL) {
            return -1;
        }
        g->marks = m;
        a = realloc(g->at, (size_t)cap * sizeof *a);
        if (a == NULL) {
            return -1;
        }
        g->at = a;
        g->cap_marks = cap;
    }
    return 0;
}

/* Start a history at base (unedited: stroke 0). */
static int
history_start(struct globeview *g, struct world *base)
{
    history_clear(g);
    if (history_grow(g) != 0) {
        return -1;
    }
    g->base = world_ref(base);
    g->tip = world_ref(base);
    g->marks[0] = planet_edit_count(base);
    g->at[0] = world_ref(base);
    g->nmarks = 1;
    g->pos = 0;
    return 0;
}

/* The history belongs to one planet: a new one (n, r, a parameter) drops it. */
static void
history_check(struct tui *t)
{
    struct globeview *g = t->globe;
    if (g != NULL && g->current != t->world) {
        history_clear(g);
        g->current = t->world;
    }
}

/* Worlds kept besides base: UNDO_CACHE, or OROGEN_UNDO_KEEP (1..1000) so
 * that a test can make undo replay the list after a few edits. */
static int
cache_limit(void)
{
    static int limit;
    if (limit == 0) {
        const char *e = getenv("OROGEN_UNDO_KEEP");
        long v = e != NULL ? strtol(e, NULL, 10) : 0;
        limit = v >= 1 && v <= 1000 ? (int)v : UNDO_CACHE;
    }
    return limit;
}

/* Keep at most cache_limit() worlds besides base: drop those farthest
 * from the one shown. */
static void
cache_trim(struct globeview *g)
{
    for (;;) {
        int k, n = 0, far = -1;
        for (k = 1; k < g->nmarks; k++) {
            if (g->at[k] != NULL) {
                n++;
                if (k != g->pos && (far < 0 || abs(k - g->pos) > abs(far - g->pos))) {
                    far = k;
                }
            }
        }
        if (n <= cache_limit() || far < 0) {
            return;
        }
        world_unref(g->at[far]);
        g->at[far] = NULL;
    }
}

/* A new stroke after the one shown, leading to w (a reference is taken):
 * the redo steps beyond are dropped, and the oldest cached worlds past
 * UNDO_CACHE (base stays, so any step can be replayed). */
static int
history_push(struct globeview *g, struct world *w)
{
    int k;

    for (k = g->pos + 1; k < g->nmarks; k++) {
        world_unref(g->at[k]);
    }
    g->nmarks = g->pos + 1;
    if (history_grow(g) != 0) {
        return -1;
    }
    g->marks[g->nmarks] = planet_edit_count(w);
    g->at[g->nmarks] = world_ref(w);
    g->pos = g->nmarks++;
    world_unref(g->tip);
    g->tip = world_ref(w);
    cache_trim(g);
    return 0;
}

/* Show world w (taking its reference) after an edit, undo or redo. */
static void
show_world(struct tui *t, struct world *w)
{
    world_unref(t->world);
    t->world = w;
    t->world_final = 1;
    t->globe->current = w;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
}

static void
say_position(struct tui *t, const char *verb)
{
    const struct globeview *g = t->globe;
    int redo = g->nmarks - 1 - g->pos;
    tui_message(t, 0, "%s: %d edit%s to undo, %d to redo", verb, g->pos, g->pos == 1 ? "" : "s",
                redo);
}

static void
edit_done(void *arg)
{
    const struct edit_args *a = arg;
    ssize_t r = write(a->wake_fd, "e", 1);
    (void)r;
}

/* Run the job described by g->args on src (signals stay with the main
 * loop). Returns 0, or -1 with a message. */
static int
job_start(struct tui *t, const struct world *src)
{
    struct globeview *g = t->globe;
    struct og_error err;
    sigset_t block, old;
    int rc = 0;

    g->args.src = src;
    g->args.shown = t->world;
    g->args.wake_fd = t->wake_fd[1];
    g->args.out = NULL;
    /* the job's thread must not take the signals meant for the main loop */
    sigemptyset(&block);
    sigaddset(&block, SIGWINCH);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGTSTP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    if (export_job_start(&g->job, (struct world *)src, edit_run, &g->args, edit_done, &g->args,
                         &err) != OG_OK) {
        g->job = NULL;
        tui_message(t, 1, "edit: %s", err.msg);
        rc = -1;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* Copies of edits [from, to) of w for a replay job. */
static int
take_edits(struct edit_args *a, const struct world *w, size_t from, size_t to)
{
    size_t i, n = to - from;
    a->rcells = malloc((n > 0 ? n : 1) * sizeof *a->rcells);
    a->rland = malloc(n > 0 ? n : 1);
    a->rradius = malloc((n > 0 ? n : 1) * sizeof *a->rradius);
    if (a->rcells == NULL || a->rland == NULL || a->rradius == NULL) {
        free(a->rcells);
        free(a->rland);
        free(a->rradius);
        a->rcells = NULL;
        a->rland = NULL;
        a->rradius = NULL;
        return -1;
    }
    for (i = 0; i < n; i++) {
        int land;
        planet_edit_get(w, from + i, &a->rcells[i], &land, &a->rradius[i]);
        a->rland[i] = (uint8_t)land;
    }
    a->rn = n;
    return 0;
}

void
globe_undo_redo(struct tui *t, int redo)
{
    struct globeview *g = t->globe;
    int target;

    history_check(t);
    if (g->job != NULL) {
        tui_message(t, 1, "an edit is still running");
        return;
    }
    if (g->base == NULL || (redo ? g->pos + 1 >= g->nmarks : g->pos == 0)) {
        tui_message(t, 0, "nothing to %s", redo ? "redo (Ctrl-R)" : "undo");
        return;
    }
    target = g->pos + (redo ? 1 : -1);
    if (g->at[target] != NULL) {
        g->pos = target;
        show_world(t, world_ref(g->at[target]));
        say_position(t, redo ? "redone" : "undone");
        return;
    }
    /* not kept: replay the list up to marks[target] on base (which holds
       the first marks[0]) */
    memset(&g->args, 0, sizeof g->args);
    g->args.kind = EDIT_GOTO;
    g->args.target = target;
    g->args.land = redo;
    if (take_edits(&g->args, g->tip, g->marks[0], g->marks[target]) != 0) {
        tui_message(t, 1, "out of memory for %zu edits", g->marks[target]);
        return;
    }
    if (job_start(t, g->base) == 0) {
        tui_message(t, 0, "%s: replaying %zu edit%s ...", redo ? "redo" : "undo",
                    g->marks[target], g->marks[target] == 1 ? "" : "s");
    }
}

int
globeview_unsaved_edits(const struct tui *t)
{
    const struct globeview *g = t->globe;
    int d;
    if (g == NULL || g->current != t->world || planet_edit_count(t->world) == g->saved_edits) {
        return 0;
    }
    /* in strokes, as undo counts them */
    d = g->pos > g->saved_pos ? g->pos - g->saved_pos : g->saved_pos - g->pos;
    return d > 0 ? d : 1;
}

void
globeview_edits_saved(struct tui *t)
{
    struct globeview *g = globeview_state(t);
    if (g != NULL) {
        history_check(t);
        g->saved_edits = planet_edit_count(t->world);
        g->saved_pos = g->pos;
    }
}

int
globeview_edit_mode(const struct tui *t, int *brush)
{
    const struct globeview *g = t->globe;
    if (brush != NULL) {
        *brush = g != NULL ? g->brush : 1;
    }
    return g != NULL && t->view == TUI_VIEW_GLOBE && g->edit_mode;
}

void
globe_edit_start(struct tui *t, int land)
{
    struct globeview *g = t->globe;
    int w, h;
    int32_t cell;

    getmaxyx(t->mapwin, h, w);
    cell = globeview_cursor_cell(t, w, h);
    if (cell < 0) {
        tui_message(t, 1, "the cursor is off the globe (0 recentres it)");
        return;
    }
    if (g->job != NULL) {
        tui_message(t, 1, "an edit is still running");
        return;
    }
    history_check(t);
    memset(&g->args, 0, sizeof g->args);
    g->args.kind = EDIT_BRUSH;
    g->args.cell = cell;
    g->args.radius = planet_brush_radius(g->brush);
    g->args.land = land;
    if (job_start(t, t->world) == 0) {
        tui_message(t, 0, "%s at cell %ld (brush %d: %g degrees radius) ...",
                    land ? "adding land" : "removing land", (long)cell, g->brush,
                    g->args.radius);
    }
}

/* --- edits from a preset or a recipe ----------------------------------------- */

void
globeview_load_edits(struct tui *t, const char *edits, const char *from)
{
    struct globeview *g = globeview_state(t);

    if (g == NULL) {
        tui_message(t, 1, "out of memory for the land edits of %s", from);
        return;
    }
    free(g->pending);
    g->pending = NULL;
    if (edits == NULL || edits[0] == '\0') {
        return;
    }
    g->pending = strdup(edits);
    if (g->pending == NULL) {
        tui_message(t, 1, "out of memory for the land edits of %s", from);
        return;
    }
    g->pending_params = t->params;
    snprintf(g->pending_from, sizeof g->pending_from, "%s", from);
}

void
globeview_world_arrived(struct tui *t)
{
    struct globeview *g = t->globe;
    struct og_error err;
    const struct world *w = t->world;

    if (g == NULL || g->pending == NULL || w == NULL || !t->world_final) {
        return;
    }
    if (memcmp(&w->params, &g->pending_params, sizeof w->params) != 0) {
        if (memcmp(&w->params, &t->params, sizeof w->params) == 0) {
            /* the newest request is another planet: the edits were its */
            tui_message(t, 1, "land edits of %s dropped: the parameters changed",
                        g->pending_from);
            free(g->pending);
            g->pending = NULL;
        }
        return;   /* else an older world: wait for the one the edits belong to */
    }
    if (w->gen != GEN_PLANET || !globeview_is_planet(w)) {
        tui_message(t, 1, "%s: planet.edits, but this is a %s world (edits not applied)",
                    g->pending_from, world_gen_name(w->gen));
        free(g->pending);
        g->pending = NULL;
        return;
    }
    if (g->job != NULL) {
        return;   /* an edit of the previous planet is finishing: next time */
    }
    memset(&g->args, 0, sizeof g->args);
    g->args.kind = EDIT_LOAD;
    if (planet_edits_parse(g->pending, w->ncells, &g->args.rcells, &g->args.rland,
                           &g->args.rradius, &g->args.rn, &err) != OG_OK) {
        tui_message(t, 1, "%s: %s", g->pending_from, err.msg);
    } else if (job_start(t, w) == 0) {
        tui_message(t, 0, "replaying %zu land edit%s of %s ...", g->args.rn,
                    g->args.rn == 1 ? "" : "s", g->pending_from);
    }
    free(g->pending);
    g->pending = NULL;
}

/* --- collecting a finished job ----------------------------------------------- */

static void
brush_done(struct tui *t)
{
    struct globeview *g = t->globe;
    size_t cells;
    double share;
    int32_t id;

    if (g->args.out == NULL) {
        tui_message(t, 0, "already %s under the brush: nothing changed (%zu cells)",
                    g->args.land ? "land" : "sea", g->args.under);
        return;
    }
    /* the history starts at the unedited planet; a new edit drops the redo
       steps */
    if ((g->base == NULL && history_start(g, (struct world *)g->args.src) != 0) ||
        history_push(g, g->args.out) != 0) {
        history_clear(g);
        tui_message(t, 1, "out of memory for the undo list (edit kept, undo lost)");
    }
    show_world(t, g->args.out);
    g->args.out = NULL;
    id = planet_landmass_at(t->world, g->args.cell, &cells, &share);
    if (g->args.land && id >= 0) {
        tui_message(t, 0, "land added: %d of %zu cells under the brush; landmass %ld now %zu "
                          "cells (%.2f %%); u undoes", g->args.changed, g->args.under,
                    (long)id, cells, 100.0 * share);
    } else {
        tui_message(t, 0, "land removed: %d of %zu cells under the brush; u undoes",
                    g->args.changed, g->args.under);
    }
}

static void
load_done(struct tui *t)
{
    struct globeview *g = t->globe;
    struct world *out = g->args.out;

    g->args.out = NULL;
    if (history_start(g, (struct world *)g->args.src) != 0 ||
        (planet_edit_count(out) > 0 && history_push(g, out) != 0)) {
        history_clear(g);
    }
    g->saved_edits = planet_edit_count(out);   /* they are in the file */
    g->saved_pos = g->pos;
    show_world(t, out);
    tui_message(t, 0, "replayed %d land edit%s of %s; u undoes them", g->args.changed,
                g->args.changed == 1 ? "" : "s", g->pending_from);
}

void
globeview_poll(struct tui *t)
{
    struct globeview *g = t->globe;
    struct og_error err;
    int stale;

    if (g == NULL || g->job == NULL || !export_job_done(g->job)) {
        return;
    }
    /* compared while the job still holds its reference to src, so the
     * address cannot belong to a newer world */
    stale = t->world != g->args.shown;
    og_error_clear(&err);
    if (export_job_finish(g->job, &err) != OG_OK) {
        tui_message(t, 1, "edit failed: %s", err.msg);
    } else if (stale) {
        /* a new planet arrived meanwhile: the edit belonged to the old one */
        tui_message(t, 0, "edit dropped: the planet changed meanwhile");
    } else if (g->args.kind == EDIT_BRUSH) {
        brush_done(t);
    } else if (g->args.kind == EDIT_LOAD) {
        load_done(t);
    } else {
        g->pos = g->args.target;
        g->at[g->pos] = world_ref(g->args.out);
        show_world(t, g->args.out);
        g->args.out = NULL;
        cache_trim(g);
        say_position(t, g->args.land ? "redone" : "undone");
    }
    world_unref(g->args.out);
    g->args.out = NULL;
    free(g->args.rcells);
    free(g->args.rland);
    free(g->args.rradius);
    g->args.rcells = NULL;
    g->args.rland = NULL;
    g->args.rradius = NULL;
    g->job = NULL;
    if (g->pending != NULL) {
        globeview_world_arrived(t);   /* a preset's edits waited for this job */
    }
}

void
globe_edit_free(struct globeview *g)
{
    history_clear(g);
    free(g->pending);
    g->pending = NULL;
    free(g->args.rcells);
    free(g->args.rland);
    free(g->args.rradius);
    g->args.rcells = NULL;
    g->args.rland = NULL;
    g->args.rradius = NULL;
}
