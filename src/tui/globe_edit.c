/* globe_edit: the land editor on the globe (globeview.h): edits under a
 * brush on a background thread, the undo and redo lists, and collecting a
 * finished edit. */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/planet_edit.h"
#include "tui/globeview.h"
#include "tui/globeview_internal.h"

/* Every cell under the brush in turn; out is the last new world, NULL if
 * no cell changed. */
static enum og_status
edit_run(const struct world *w, void *arg, struct og_error *err)
{
    struct edit_args *a = arg;
    const struct world *cur = w;
    struct world *next;
    int i;

    a->out = NULL;
    a->changed = 0;
    for (i = 0; i < a->ncells; i++) {
        enum og_status st = planet_edit_set_land(cur, a->cells[i], a->land, &next, err);
        if (st != OG_OK) {
            world_unref(a->out);
            a->out = NULL;
            return st;
        }
        if (next == cur) {
            world_unref(next);   /* already that: another reference */
            continue;
        }
        world_unref(a->out);
        a->out = next;
        cur = next;
        a->changed++;
    }
    return OG_OK;
}

static void
stack_clear(struct world **stack, int *n)
{
    while (*n > 0) {
        world_unref(stack[--*n]);
    }
}

/* The history belongs to one planet: a new one (n, r, a parameter) drops it. */
static void
history_check(struct tui *t)
{
    struct globeview *g = t->globe;
    if (g != NULL && g->current != t->world) {
        stack_clear(g->undo, &g->nundo);
        stack_clear(g->redo, &g->nredo);
        g->current = t->world;
    }
}

static void
stack_push(struct world **stack, int *n, struct world *w)
{
    if (*n == UNDO_MAX) {
        world_unref(stack[0]);
        memmove(stack, stack + 1, (UNDO_MAX - 1) * sizeof *stack);
        (*n)--;
    }
    stack[(*n)++] = w;
}

/* Show world w (taking its reference) after an edit, undo or redo. */
static void
show_world(struct tui *t, struct world *w)
{
    t->world = w;
    t->world_final = 1;
    t->globe->current = w;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
}

void
globe_undo_redo(struct tui *t, int redo)
{
    struct globeview *g = t->globe;
    struct world **from = redo ? g->redo : g->undo, **to = redo ? g->undo : g->redo;
    int *nfrom = redo ? &g->nredo : &g->nundo, *nto = redo ? &g->nundo : &g->nredo;

    history_check(t);
    if (g->job != NULL) {
        tui_message(t, 1, "an edit is still running");
        return;
    }
    if (*nfrom == 0) {
        tui_message(t, 0, "nothing to %s", redo ? "redo (Ctrl-R)" : "undo");
        return;
    }
    stack_push(to, nto, t->world);
    show_world(t, from[--*nfrom]);
    tui_message(t, 0, "%s: %d edit%s to undo, %d to redo", redo ? "redone" : "undone", g->nundo,
                g->nundo == 1 ? "" : "s", g->nredo);
}

int
globeview_unsaved_edits(const struct tui *t)
{
    const struct globeview *g = t->globe;
    return g != NULL && g->current == t->world ? g->nundo : 0;
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

/* The distinct cells within the brush around the cursor (pixel grid). */
static int
brush_cells(const struct tui *t, int w, int h, int32_t *out)
{
    const struct globeview *g = t->globe;
    int x, y, dx, dy, r = g->brush - 1, n = 0, i;

    globeview_cursor_pos(g, w, h, &x, &y);
    y *= 2;
    for (dy = -r; dy <= r; dy++) {
        for (dx = -r; dx <= r; dx++) {
            int px = x + dx, py = y + dy;
            int32_t c;
            if (dx * dx + dy * dy > r * r || px < 0 || py < 0 || px >= w || py >= 2 * h) {
                continue;
            }
            c = g->cells[(size_t)py * (size_t)w + (size_t)px];
            for (i = 0; i < n && out[i] != c; i++) {
            }
            if (c >= 0 && i == n && n < BRUSH_CELLS) {
                out[n++] = c;
            }
        }
    }
    return n;
}

static void
edit_done(void *arg)
{
    const struct edit_args *a = arg;
    ssize_t r = write(a->wake_fd, "e", 1);
    (void)r;
}

void
globe_edit_start(struct tui *t, int land)
{
    struct globeview *g = t->globe;
    struct og_error err;
    sigset_t block, old;
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
    g->args.src = t->world;
    g->args.cell = cell;
    g->args.ncells = brush_cells(t, w, h, g->args.cells);
    g->args.land = land;
    g->args.wake_fd = t->wake_fd[1];
    g->args.out = NULL;
    /* the job's thread must not take the signals meant for the main loop */
    sigemptyset(&block);
    sigaddset(&block, SIGWINCH);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGTSTP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    if (export_job_start(&g->job, t->world, edit_run, &g->args, edit_done, &g->args, &err)
        != OG_OK) {
        g->job = NULL;
        tui_message(t, 1, "edit: %s", err.msg);
    } else {
        tui_message(t, 0, "%s at cell %ld (brush %d, %d cells) ...",
                    land ? "adding land" : "removing land", (long)cell, g->brush,
                    g->args.ncells);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void
globeview_poll(struct tui *t)
{
    struct globeview *g = t->globe;
    struct og_error err;
    size_t cells;
    double share;
    int32_t id;
    int stale;

    if (g == NULL || g->job == NULL || !export_job_done(g->job)) {
        return;
    }
    /* compared while the job still holds its reference to src, so the
     * address cannot belong to a newer world */
    stale = t->world != g->args.src;
    og_error_clear(&err);
    if (export_job_finish(g->job, &err) != OG_OK) {
        tui_message(t, 1, "edit failed: %s", err.msg);
    } else if (stale) {
        /* a new planet arrived meanwhile: the edit belonged to the old one */
        world_unref(g->args.out);
        tui_message(t, 0, "edit dropped: the planet changed meanwhile");
    } else if (g->args.out == NULL) {
        tui_message(t, 0, "already %s under the brush: nothing changed",
                    g->args.land ? "land" : "sea");
    } else {
        /* the old world stays for undo; a new edit drops the redo list */
        stack_push(g->undo, &g->nundo, t->world);
        stack_clear(g->redo, &g->nredo);
        show_world(t, g->args.out);
        id = planet_landmass_at(t->world, g->args.cell, &cells, &share);
        if (g->args.land && id >= 0) {
            tui_message(t, 0, "land added: %d cell%s; landmass %ld now %zu cells (%.2f %%); "
                              "u undoes", g->args.changed, g->args.changed == 1 ? "" : "s",
                        (long)id, cells, 100.0 * share);
        } else {
            tui_message(t, 0, "land removed: %d cell%s; u undoes", g->args.changed,
                        g->args.changed == 1 ? "" : "s");
        }
    }
    g->args.out = NULL;
    g->job = NULL;
}

void
globe_edit_free(struct globeview *g)
{
    stack_clear(g->undo, &g->nundo);
    stack_clear(g->redo, &g->nredo);
}
