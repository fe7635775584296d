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

struct edit_args {
    const struct world *src; /* the world edited (the job holds a reference) */
    int32_t cell;
    int land;
    int wake_fd;
    struct world *out;
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
        tui_message(t, 0, "globe: WASD/arrows rotate, + land, - sea, m landmass, "
                          "space new planet, g flat map");
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

static enum og_status
edit_run(const struct world *w, void *arg, struct og_error *err)
{
    struct edit_args *a = arg;
    return planet_edit_set_land(w, a->cell, a->land, &a->out, err);
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
        tui_message(t, 1, "no land under the cursor: the globe is not drawn yet");
        return;
    }
    if (g->job != NULL) {
        tui_message(t, 1, "an edit is still running");
        return;
    }
    g->args.src = t->world;
    g->args.cell = cell;
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
        tui_message(t, 0, "%s at cell %ld ...", land ? "adding land" : "removing land",
                    (long)cell);
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
    switch (*ch) {
    case 'a': case KEY_LEFT: g->yaw -= GLOBE_STEP; break;
    case 'd': case KEY_RIGHT: g->yaw += GLOBE_STEP; break;
    case 'w': case KEY_UP: g->pitch += GLOBE_STEP; break;
    case 's': case KEY_DOWN: g->pitch -= GLOBE_STEP; break;
    /* the cursor moves over the globe with the vi keys, 0 recentres it */
    case 'h': g->cx--; t->map_dirty = 1; return 1;
    case 'l': g->cx++; t->map_dirty = 1; return 1;
    case 'k': g->cy--; t->map_dirty = 1; return 1;
    case 'j': g->cy++; t->map_dirty = 1; return 1;
    case '0': g->cx = g->cy = 0; t->map_dirty = 1; return 1;
    case '+': case '=':
        if (is_planet(t->world)) {
            edit_start(t, 1);
        }
        return 1;
    case '-': case 'x':
        if (is_planet(t->world)) {
            edit_start(t, 0);
        }
        return 1;
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
    } else if (g->args.out != NULL) {
        world_unref(t->world);
        t->world = g->args.out;
        t->world_final = 1;
        id = planet_landmass_at(t->world, g->args.cell, &cells, &share);
        if (id >= 0) {
            tui_message(t, 0, "land added: landmass %ld, %zu cells (%.2f %%)", (long)id, cells,
                        100.0 * share);
        } else {
            tui_message(t, 0, "land removed at cell %ld", (long)g->args.cell);
        }
        t->map_stale = t->map_dirty = t->chrome_dirty = 1;
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
    free(g->rgb);
    free(g->cells);
    free(g);
    t->globe = NULL;
}
