/* globeview: see globeview.h. */
#include "config.h"
#include "tui/globeview.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "core/planet_edit.h"
#include "render/globe.h"
#include "tui/tui_state.h"

#define GLOBE_STEP 10.0   /* degrees per key press */

#define BRUSH_MAX 9        /* brush radius 1..9: 1 is the cell under the cursor */
#define BRUSH_CELLS ((2 * BRUSH_MAX - 1) * (2 * BRUSH_MAX - 1))
#define UNDO_MAX 64         /* land edits kept for undo */

struct edit_args {
    const struct world *src; /* the world edited (the job holds a reference) */
    int32_t cells[BRUSH_CELLS]; /* the distinct cells under the brush */
    int ncells;
    int32_t cell;            /* the one under the cursor */
    int land;
    int wake_fd;
    int changed;             /* cells that changed */
    struct world *out;       /* NULL when nothing changed */
};

struct globeview {
    double yaw, pitch;       /* degrees */
    int cx, cy;              /* cursor offset from the window centre, cells */
    int32_t sel_cell;        /* a cell of the selected landmass, or -1 */
    uint32_t *rgb;
    int32_t *cells;
    size_t cap;
    struct export_job *job;  /* a running edit */
    struct edit_args args;
    int edit_mode;           /* b: the edit keys act (shown in the status bar) */
    int brush;               /* brush radius 1..BRUSH_MAX (globe pixels) */
    /* undo and redo: the worlds before and after each edit (own
       references); current is the world they lead to */
    struct world *undo[UNDO_MAX], *redo[UNDO_MAX];
    int nundo, nredo;
    const struct world *current;
};

static struct globeview *
state(struct tui *t)
{
    if (t->globe == NULL) {
        t->globe = calloc(1, sizeof *t->globe);
        if (t->globe != NULL) {
            /* start where the --globe export looks */
            t->globe->yaw = params_get(&t->params, P_PLANET_GLOBE_YAW);
            t->globe->pitch = params_get(&t->params, P_PLANET_GLOBE_PITCH);
            t->globe->sel_cell = -1;
            t->globe->brush = 1;
        }
    }
    return t->globe;
}

static int
is_planet(const struct world *w)
{
    return w != NULL && w->kind == WORLD_SPHERE && w->gen == GEN_PLANET && w->color != NULL;
}

void
globeview_toggle(struct tui *t)
{
    if (t->view == TUI_VIEW_GLOBE) {
        t->view = TUI_VIEW_MAP;
        tui_message(t, 0, "flat map (equirectangular)");
    } else if (t->world == NULL) {
        tui_message(t, 1, "globe view: no world yet, it is still generating (g again then)");
        return;
    } else if (!is_planet(t->world)) {
        tui_message(t, 1, "globe view: planet worlds only (Tab picks the generator)");
        return;
    } else if (state(t) == NULL) {
        tui_message(t, 1, "globe view: out of memory");
        return;
    } else {
        t->view = TUI_VIEW_GLOBE;
        tui_message(t, 0, "globe: arrows rotate, hjkl cursor, b edit land, m landmass, "
                          "g flat map");
    }
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
}

static uint32_t
highlight(uint32_t c)
{
    uint32_t r = (c >> 16 & 255) / 2 + 0x7f, g = (c >> 8 & 255) / 2 + 0x68;
    uint32_t b = (c & 255) / 4 + 0x10;
    return r << 16 | g << 8 | b;
}

/* Where the cursor is drawn: the window centre moved by (cx, cy), kept
 * inside the window (a view limit). */
static void
cursor_pos(const struct globeview *g, int w, int h, int *x, int *y)
{
    *x = w / 2 + g->cx;
    *y = h / 2 + g->cy;
    *x = *x < 0 ? 0 : (*x >= w ? w - 1 : *x);
    *y = *y < 0 ? 0 : (*y >= h ? h - 1 : *y);
}

/* The cell under the cursor (the upper pixel of its character), or -1. */
static int32_t
cursor_cell(const struct tui *t, int w, int h)
{
    const struct globeview *g = t->globe;
    int x, y;
    if (g == NULL || g->cells == NULL || (size_t)w * (size_t)(2 * h) > g->cap) {
        return -1;
    }
    cursor_pos(g, w, h, &x, &y);
    return g->cells[(size_t)(2 * y) * (size_t)w + (size_t)x];
}

/* The globe at the terminal's pixel resolution (graphics.h); the
 * half-block sample above stays the cursor's and the editor's grid. */
static int
draw_pixels(struct tui *t, int32_t sel)
{
    struct globeview *g = t->globe;
    const struct world *wd = t->world;
    int pw, ph, w, h, cx, cy;
    uint32_t *px = gfx_canvas(t, &pw, &ph);
    int32_t *cells;
    size_t i, n;

    if (px == NULL) {
        return 0;
    }
    n = (size_t)pw * (size_t)ph;
    cells = malloc(n * sizeof *cells);
    if (cells == NULL || planet_sample_ortho(wd, g->yaw, g->pitch, pw, ph, px, cells) != OG_OK) {
        free(cells);
        return 0;
    }
    for (i = 0; i < n; i++) {
        if (cells[i] < 0) {
            px[i] = 0;   /* space: the terminal's black */
        } else if (sel >= 0 && wd->landmass[cells[i]] == sel) {
            px[i] = highlight(px[i]);
        }
    }
    free(cells);
    getmaxyx(t->mapwin, h, w);
    cursor_pos(g, w, h, &cx, &cy);
    gfx_cross(t, px, pw, ph, cx, cy);
    gfx_commit(t);
    return 1;
}

void
globeview_draw(struct tui *t)
{
    struct globeview *g = state(t);
    WINDOW *win = t->mapwin;
    const struct world *wd = t->world;
    int w, h, x, y, hb, pw, ph;
    int32_t sel = -1, cur;
    size_t need;

    if (win == NULL) {
        return;
    }
    t->map_dirty = 0;
    werase(win);
    getmaxyx(win, h, w);
    if (g == NULL || !is_planet(wd)) {
        mvwaddnstr(win, h / 2, 1,
                   wd == NULL ? "generating ..." : "globe view: planet worlds only (g: flat map)",
                   w - 2);
        wnoutrefresh(win);
        return;
    }
    hb = colors_halfblocks(t);
    pw = w;
    ph = 2 * h;   /* square pixels: glyph mode shows the upper one of each pair */
    need = (size_t)pw * (size_t)ph;
    if (need > g->cap) {
        uint32_t *rgb = realloc(g->rgb, need * sizeof *rgb);
        int32_t *cells;
        if (rgb == NULL) {
            return;
        }
        g->rgb = rgb;
        cells = realloc(g->cells, need * sizeof *cells);
        if (cells == NULL) {
            return;
        }
        g->cells = cells;
        g->cap = need;
    }
    if (planet_sample_ortho(wd, g->yaw, g->pitch, pw, ph, g->rgb, g->cells) != OG_OK) {
        return;
    }
    if (g->sel_cell >= 0 && (size_t)g->sel_cell < wd->ncells && wd->landmass != NULL) {
        sel = wd->landmass[g->sel_cell];
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            size_t o1 = (size_t)(2 * y) * (size_t)pw + (size_t)x, o2 = o1 + (size_t)pw;
            int32_t c1 = g->cells[o1], c2 = g->cells[o2];
            uint32_t p1 = g->rgb[o1], p2 = g->rgb[o2];
            int k1 = c1 >= 0 ? (int)mapimg_cell_class(wd, (size_t)c1) : 0;
            int k2 = c2 >= 0 ? (int)mapimg_cell_class(wd, (size_t)c2) : 0;
            int fg, bg, pair = 0;
            attr_t attr = A_NORMAL;

            if (sel >= 0 && c1 >= 0 && wd->landmass[c1] == sel) {
                p1 = highlight(p1);
            }
            if (sel >= 0 && c2 >= 0 && wd->landmass[c2] == sel) {
                p2 = highlight(p2);
            }
            if (hb) {
                if (c1 < 0 && c2 < 0) {
                    continue;
                }
                if (c1 >= 0) {
                    fg = colors_number(t, p1, k1, 0, x, 2 * y, &attr);
                    bg = c2 >= 0 ? colors_number(t, p2, k2, 0, x, 2 * y + 1, NULL) : -1;
                    colors_put_cell(win, y, x, L'\u2580', attr, colors_pair(t, fg, bg));
                } else {
                    fg = colors_number(t, p2, k2, 0, x, 2 * y + 1, &attr);
                    colors_put_cell(win, y, x, L'\u2584', attr, colors_pair(t, fg, -1));
                }
            } else if (c1 >= 0) {
                if (t->col.mode != TUI_COLOR_NONE) {
                    fg = colors_number(t, p1, k1, 0, x, 2 * y, &attr);
                    pair = colors_pair(t, fg, -1);
                }
                if (sel >= 0 && wd->landmass[c1] == sel) {
                    attr |= A_REVERSE;
                }
                colors_put_cell(win, y, x, (wchar_t)(unsigned char)mapimg_class_glyph(
                                        (enum map_class)k1),
                         attr, pair);
            }
        }
    }
    cur = cursor_cell(t, w, h);
    if (gfx_active(t) && draw_pixels(t, sel)) {
        werase(win);         /* blank cells under the image */
        wnoutrefresh(win);
        return;
    }
    if (cur >= 0) {
        int cx, cy;
        cursor_pos(g, w, h, &cx, &cy);
        colors_put_cell(win, cy, cx, L'+', A_REVERSE | A_BOLD, 0);
    }
    wnoutrefresh(win);
}

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

static void
undo_redo(struct tui *t, int redo)
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

    cursor_pos(g, w, h, &x, &y);
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

static void
edit_start(struct tui *t, int land)
{
    struct globeview *g = t->globe;
    struct og_error err;
    sigset_t block, old;
    int w, h;
    int32_t cell;

    getmaxyx(t->mapwin, h, w);
    cell = cursor_cell(t, w, h);
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

static void
select_landmass(struct tui *t)
{
    struct globeview *g = t->globe;
    int w, h;
    int32_t cell, id;
    size_t cells;
    double share;

    getmaxyx(t->mapwin, h, w);
    cell = cursor_cell(t, w, h);
    id = planet_landmass_at(t->world, cell, &cells, &share);
    if (id < 0 || (g->sel_cell >= 0 && t->world->landmass[g->sel_cell] == id)) {
        g->sel_cell = -1;
        tui_message(t, 0, id < 0 ? "sea under the cursor: nothing selected" : "selection cleared");
    } else {
        g->sel_cell = cell;
        tui_message(t, 0, "landmass %ld: %zu cells, %.2f %% of the globe", (long)id, cells,
                    100.0 * share);
    }
    t->map_dirty = 1;
}

int
globeview_key(struct tui *t, int *ch)
{
    struct globeview *g = t->globe;

    if (*ch == 'g') {
        globeview_toggle(t);
        return 1;
    }
    if (t->view != TUI_VIEW_GLOBE || g == NULL) {
        return 0;
    }
    /* One meaning per key (issue 16): the arrows turn the globe as they
     * pan the map; w a s d keep their global meanings; editing keys act
     * only in edit mode (b), which the status bar shows. */
    if (g->edit_mode && *ch >= '1' && *ch <= '0' + BRUSH_MAX) {
        g->brush = *ch - '0';
        tui_message(t, 0, "brush radius %d", g->brush);
        return 1;
    }
    switch (*ch) {
    case KEY_LEFT: g->yaw -= GLOBE_STEP; break;
    case KEY_RIGHT: g->yaw += GLOBE_STEP; break;
    case KEY_UP: g->pitch += GLOBE_STEP; break;
    case KEY_DOWN: g->pitch -= GLOBE_STEP; break;
    case 'b':
        g->edit_mode = !g->edit_mode;
        tui_message(t, 0, g->edit_mode ? "edit mode: Enter land, x sea, 1-9 brush radius, "
                                         "u undo, Ctrl-R redo, b done"
                                       : "edit mode off (b edits again)");
        t->chrome_dirty = 1;
        return 1;
    case '\r': case '\n': case KEY_ENTER:
        if (!g->edit_mode) {
            tui_message(t, 0, "b starts edit mode (Enter then adds land)");
        } else if (is_planet(t->world)) {
            edit_start(t, 1);
        }
        return 1;
    case 'x': case KEY_DC: case KEY_BACKSPACE: case 127:
        if (!g->edit_mode) {
            tui_message(t, 0, "b starts edit mode (x then removes land)");
        } else if (is_planet(t->world)) {
            edit_start(t, 0);
        }
        return 1;
    case 'u':
        undo_redo(t, 0);
        return 1;
    case 18: /* Ctrl-R */
        undo_redo(t, 1);
        return 1;
    case '+': case '=': case '-': case '_':
        tui_message(t, 0, "the globe has no zoom (b edits land: Enter land, x sea)");
        return 1;
    /* the cursor moves over the globe with the vi keys, 0 recentres it */
    case 'h': g->cx--; t->map_dirty = 1; return 1;
    case 'l': g->cx++; t->map_dirty = 1; return 1;
    case 'k': g->cy--; t->map_dirty = 1; return 1;
    case 'j': g->cy++; t->map_dirty = 1; return 1;
    case '0': g->cx = g->cy = 0; t->map_dirty = 1; return 1;
    case 'm':
        if (is_planet(t->world)) {
            select_landmass(t);
        }
        return 1;
    case ' ':
        g->sel_cell = -1;
        *ch = 'n';
        return 0;
    default:
        return 0;
    }
    /* the view keeps the yaw in [-180, 180) and stops at the poles (a view
     * limit, not a parameter) */
    g->yaw = fmod(g->yaw + 540.0, 360.0) - 180.0;
    g->pitch = fmax(-90.0, fmin(90.0, g->pitch));
    t->map_dirty = 1;
    return 1;
}

void
globeview_orientation(struct tui *t, double *yaw, double *pitch)
{
    struct globeview *g = state(t);

    *yaw = g != NULL ? g->yaw : params_get(&t->params, P_PLANET_GLOBE_YAW);
    *pitch = g != NULL ? g->pitch : params_get(&t->params, P_PLANET_GLOBE_PITCH);
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
globeview_free(struct tui *t)
{
    struct globeview *g = t->globe;
    if (g == NULL) {
        return;
    }
    if (g->job != NULL) {
        export_job_finish(g->job, NULL);
        world_unref(g->args.out);
    }
    stack_clear(g->undo, &g->nundo);
    stack_clear(g->redo, &g->nredo);
    free(g->rgb);
    free(g->cells);
    free(g);
    t->globe = NULL;
}
