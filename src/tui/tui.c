/* tui: the main loop of the terminal interface.
 *
 * Threads (../shared/TERMINAL.md section 3): only this thread calls curses.
 * The generation worker and export jobs are started with SIGWINCH, SIGINT,
 * SIGTERM, SIGHUP and SIGTSTP blocked, so those signals interrupt our poll()
 * and ncurses reports KEY_RESIZE. Workers wake the loop by writing a byte to
 * a non-blocking self-pipe polled together with stdin; keys are then drained
 * with a non-blocking getch on a 1x1 window that is never drawn (getch on a
 * modified window would refresh it). The map is redrawn only on new data or
 * a view change; progress ticks redraw the status line alone, at most ten
 * times a second. Parameter edits regenerate after TUI_DEBOUNCE_MS. */
#include "config.h"
#include "tui/tui.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/rng.h"
#include "render/export_iso.h"
#include "render/globe.h"
#include "render/pngio.h"
#include "render/raster.h"
#include "tui/tui_state.h"

static volatile sig_atomic_t sig_quit;
static int sig_wake_fd = -1;

static void
on_signal(int sig)
{
    int saved = errno;
    char c = 's';

    sig_quit = sig;
    if (sig_wake_fd >= 0) {
        ssize_t r = write(sig_wake_fd, &c, 1);
        (void)r;
    }
    errno = saved;
}

static void
wake_cb(void *arg)
{
    struct tui *t = arg;
    char c = 'w';
    /* A full pipe already holds a wake-up: EAGAIN is fine. */
    ssize_t r = write(t->wake_fd[1], &c, 1);
    (void)r;
}

int
tui_color_mode_parse(const char *s)
{
    if (strcmp(s, "auto") == 0) {
        return TUI_COLOR_AUTO;
    }
    if (strcmp(s, "direct") == 0 || strcmp(s, "truecolor") == 0 || strcmp(s, "24bit") == 0) {
        return TUI_COLOR_DIRECT;
    }
    if (strcmp(s, "256") == 0) {
        return TUI_COLOR_256;
    }
    if (strcmp(s, "16") == 0 || strcmp(s, "8") == 0) {
        return TUI_COLOR_16;
    }
    if (strcmp(s, "none") == 0) {
        return TUI_COLOR_NONE;
    }
    return -2;
}

const char *
tui_color_mode_name(int mode)
{
    switch (mode) {
    case TUI_COLOR_DIRECT: return "direct";
    case TUI_COLOR_256: return "256";
    case TUI_COLOR_16: return "16";
    case TUI_COLOR_NONE: return "none";
    default: return "auto";
    }
}

void
tui_message(struct tui *t, int error, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_error = error;
    t->chrome_dirty = 1;
}

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
    req.dem = t->opt->dem;
    t->request = worker_submit(t->wk, &req);
    t->regen_at = 0;
    t->chrome_dirty = 1;
}

void
tui_schedule_regen(struct tui *t)
{
    t->regen_at = pipeline_now_ms() + TUI_DEBOUNCE_MS;
}

/* Run f with the signals the UI thread handles blocked, so a thread it
 * creates inherits the mask (STYLE.md, threads and ncurses). */
static void
block_ui_signals(sigset_t *old)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGWINCH);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

/* --- layout ------------------------------------------------------------- */

static void
delete_windows(struct tui *t)
{
    if (t->mapwin != NULL) {
        delwin(t->mapwin);
    }
    if (t->panelwin != NULL) {
        delwin(t->panelwin);
    }
    if (t->statwin != NULL) {
        delwin(t->statwin);
    }
    t->mapwin = t->panelwin = t->statwin = NULL;
}

static void
layout(struct tui *t)
{
    int rows, cols, avail, mrows, mcols;

    delete_windows(t);
    getmaxyx(stdscr, rows, cols);
    t->rows = rows;
    t->cols = cols;
    werase(stdscr);
    wnoutrefresh(stdscr);
    t->too_small = cols < TUI_MIN_COLS || rows < TUI_MIN_ROWS;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    t->col.pair_limit = 4L * rows * cols > 4096 ? 4L * rows * cols : 4096;
    if (t->too_small) {
        return;
    }
    avail = rows - TUI_STATUS_ROWS;
    mrows = avail;
    mcols = cols;
    if (t->panel != PANEL_NONE) {
        if (cols - TUI_PANEL_COLS >= TUI_SIDE_MIN_MAP) {
            t->panel_side = 1;
            mcols = cols - TUI_PANEL_COLS;
            t->panelwin = newwin(avail, TUI_PANEL_COLS, 0, mcols);
        } else {
            int prows = avail - 3 < TUI_PANEL_ROWS ? avail - 3 : TUI_PANEL_ROWS;
            t->panel_side = 0;
            mrows = avail - prows;
            t->panelwin = newwin(prows, cols, mrows, 0);
        }
    }
    t->mapwin = newwin(mrows, mcols, 0, 0);
    t->statwin = newwin(TUI_STATUS_ROWS, cols, rows - TUI_STATUS_ROWS, 0);
    if (t->mapwin == NULL || t->statwin == NULL ||
        (t->panel != PANEL_NONE && t->panelwin == NULL)) {
        delete_windows(t);
        t->too_small = 1;
        return;
    }
    /* The inspect cursor stays on the same map point across a relayout
     * (ncurses has already stretched the old windows by now, so the point
     * is the one remembered when the cursor last moved). */
    if (t->inspect) {
        mapview_uv_cell(t, t->cur_u, t->cur_v, &t->cur_x, &t->cur_y);
    }
    t->cur_x = t->cur_x < 0 ? 0 : t->cur_x >= mcols ? mcols - 1 : t->cur_x;
    t->cur_y = t->cur_y < 0 ? 0 : t->cur_y >= mrows ? mrows - 1 : t->cur_y;
}

static void
set_panel(struct tui *t, enum tui_panel p)
{
    if (t->prompt != PROMPT_NONE) {
        prompt_close(t);
    }
    t->panel = p;
    t->legend_auto = 0;
    t->inspect = p == PANEL_INSPECT;
    if (p == PANEL_PARAMS) {
        t->pe.cur = t->params;
        paramedit_set_groups(&t->pe, tui_groups(t));
    }
    layout(t);
}

/* --- drawing ------------------------------------------------------------ */

/* Write s at row y word-wrapped to the screen width; returns the next row. */
static int
put_wrapped(const struct tui *t, int y, const char *s)
{
    while (*s != '\0' && y < t->rows) {
        int len = (int)strlen(s), fit = 0, i;

        if (len <= t->cols) {
            fit = len;
        } else {
            for (i = 1; i <= t->cols; i++) {
                if (s[i] == ' ') {
                    fit = i;
                }
            }
            if (fit == 0) {
                fit = t->cols;  /* a word wider than the screen */
            }
        }
        mvwaddnstr(stdscr, y++, 0, s, fit);
        s += fit;
        while (*s == ' ') {
            s++;
        }
    }
    return y;
}

static void
draw_too_small(struct tui *t)
{
    char text[96];
    int y;

    werase(stdscr);
    snprintf(text, sizeof text, "terminal too small: %dx%d < %dx%d", t->cols, t->rows,
             TUI_MIN_COLS, TUI_MIN_ROWS);
    y = put_wrapped(t, 0, text);
    put_wrapped(t, y, "q quits");
    wnoutrefresh(stdscr);
}

static void
draw_panel(struct tui *t)
{
    switch (t->panel) {
    case PANEL_PARAMS:
        /* An open field lives inside the panel: repainting would wipe it. */
        if (t->prompt != PROMPT_VALUE || t->form == NULL) {
            paramform_draw(t);
        }
        break;
    case PANEL_PRESETS:
        presets_draw(t);
        break;
    case PANEL_INSPECT:
        inspect_draw(t);
        break;
    case PANEL_LEGEND:
        legend_draw(t);
        break;
    default:
        break;
    }
}

static void
draw_frame(struct tui *t)
{
    int drew = 0;

    if (t->too_small) {
        if (t->chrome_dirty || t->map_dirty) {
            draw_too_small(t);
            t->chrome_dirty = t->map_dirty = 0;
            doupdate();
        }
        return;
    }
    if (colors_check_reset(t)) {
        t->map_dirty = t->chrome_dirty = 1;
    }
    if (t->map_dirty) {
        if (t->view == TUI_VIEW_GLOBE) {
            globeview_draw(t);
        } else if (t->view == TUI_VIEW_ISO) {
            isoview_draw(t);
        } else {
            mapview_draw(t);
        }
        drew = 1;
        if (t->panel == PANEL_LEGEND || t->panel == PANEL_INSPECT) {
            t->chrome_dirty = 1;
        }
    }
    if (t->chrome_dirty) {
        t->chrome_dirty = 0;
        draw_panel(t);
        statusbar_draw(t);
        drew = 1;
    }
    if (t->help && drew) {
        help_draw(t);
    }
    if (t->prompt != PROMPT_NONE && t->form != NULL) {
        WINDOW *parent = form_win(t->form);
        touchwin(parent);
        pos_form_cursor(t->form);
        wnoutrefresh(parent);
        drew = 1;
    }
    if (drew) {
        doupdate();
    }
}

/* --- world and export events --------------------------------------------- */

static void next_layer(struct tui *t, int dir);

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

struct export_args {
    enum map_layer layer;
    int width, height;
    char path[1024];
    int iso;            /* an isometric render (export_iso_job) */
    int globe;          /* the globe view: a size x size shaded globe */
    double yaw, pitch;  /* its orientation (degrees), as on screen */
    int shown_permille; /* iso progress last shown */
};
static struct export_args export_args;
static struct export_iso_request export_iso_req;

static enum og_status
export_run(const struct world *w, void *arg, struct og_error *err)
{
    const struct export_args *a = arg;
    return export_map_png(w, a->layer, a->width, a->height, a->path, err);
}

/* The globe as on screen: the view's yaw and pitch, recorded in the recipe
 * so `orogen --from` renders the same view. */
static enum og_status
export_globe_run(const struct world *w, void *arg, struct og_error *err)
{
    const struct export_args *a = arg;
    return globe_export_png_view(w, a->yaw, a->pitch, a->width, a->path, err);
}

/* In the isometric preview, e renders the picture on screen at
 * render.width x render.height (render/export_iso.h), with the render.*
 * values of the session, which the keys may have changed since the world
 * was made. */
static void
export_iso_start(struct tui *t)
{
    const char *dir = t->opt->export_dir != NULL ? t->opt->export_dir : ".";
    struct export_iso_request *r = &export_iso_req;
    struct og_error err;
    sigset_t old;
    enum og_status st;

    memset(r, 0, sizeof *r);
    r->width = params_int(&t->params, P_RENDER_WIDTH);
    r->height = params_int(&t->params, P_RENDER_HEIGHT);
    r->have_options = 1;
    iso_options_from_params(&r->options, &t->params);
    atomic_init(&r->progress, 0);
    atomic_init(&r->cancel, 0);
    if (snprintf(r->path, sizeof t->export_path, "%s/orogen-%s-%llu-iso.png", dir,
                 world_gen_name(t->world->gen), (unsigned long long)t->world->params.seed) >=
        (int)sizeof t->export_path) {
        tui_message(t, 1, "export folder name too long: %s", dir);
        return;
    }
    export_args.iso = 1;
    export_args.globe = 0;
    export_args.width = r->width;
    export_args.height = r->height;
    export_args.shown_permille = 0;
    memcpy(t->export_path, r->path, sizeof t->export_path);
    block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, export_iso_job, r, wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    tui_message(t, 0, "rendering %s (%dx%d) ...", t->export_path, r->width, r->height);
}

static void
export_start(struct tui *t)
{
    const struct world *w = t->world;
    const char *dir = t->opt->export_dir != NULL ? t->opt->export_dir : ".";
    struct og_error err;
    sigset_t old;
    enum og_status st;

    if (t->job != NULL) {
        tui_message(t, 1, "an export is already running (%s)", export_args.path);
        return;
    }
    if (w == NULL) {
        tui_message(t, 1, "nothing to export yet: the world is still generating");
        return;
    }
    if (t->view == TUI_VIEW_ISO) {
        export_iso_start(t);
        return;
    }
    export_args.iso = 0;
    export_args.globe = t->view == TUI_VIEW_GLOBE && w->kind == WORLD_SPHERE;
    export_args.layer = t->layer;
    if (export_args.globe) {
        /* the CLI's --globe size */
        export_args.width = export_args.height = 1024;
        globeview_orientation(t, &export_args.yaw, &export_args.pitch);
        snprintf(export_args.path, sizeof export_args.path, "%s/orogen-%s-%llu-globe.png", dir,
                 world_gen_name(w->gen), (unsigned long long)w->params.seed);
        snprintf(t->export_path, sizeof t->export_path, "%s", export_args.path);
        block_ui_signals(&old);
        st = export_job_start(&t->job, t->world, export_globe_run, &export_args, wake_cb, t,
                              &err);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (st != OG_OK) {
            t->job = NULL;
            tui_message(t, 1, "export: %s", err.msg);
            return;
        }
        tui_message(t, 0, "rendering the globe %s ...", t->export_path);
        return;
    }
    if (w->kind == WORLD_GRID && w->width > 0 && w->height > 0) {
        double k = fmin(1.0, 2048.0 / fmax(w->width, w->height));
        export_args.width = (int)lround(w->width * k);
        export_args.height = (int)lround(w->height * k);
    } else if (w->kind == WORLD_SPHERE) {
        export_args.width = 2048;
        export_args.height = 1024;
    } else {
        export_args.width = export_args.height = 1024;
    }
    snprintf(export_args.path, sizeof export_args.path, "%s/orogen-%s-%llu%s%s.png", dir,
             world_gen_name(w->gen), (unsigned long long)w->params.seed,
             t->layer != LAYER_COLOR ? "-" : "", t->layer != LAYER_COLOR ?
             mapimg_layer_name(t->layer) : "");
    snprintf(t->export_path, sizeof t->export_path, "%s", export_args.path);
    block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, export_run, &export_args, wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    tui_message(t, 0, "exporting %s ...", t->export_path);
}

static void
export_poll(struct tui *t)
{
    struct og_error err;

    if (t->job == NULL) {
        return;
    }
    if (!export_job_done(t->job)) {
        /* The main loop wakes at least every 250 ms: show the render's
         * progress in 10 % steps. */
        int pm = export_args.iso ? atomic_load(&export_iso_req.progress) : 0;
        if (export_args.iso && pm / 100 != export_args.shown_permille / 100) {
            export_args.shown_permille = pm;
            tui_message(t, 0, "rendering %s ... %d%%", t->export_path, pm / 10);
        }
        return;
    }
    og_error_clear(&err);
    if (export_job_finish(t->job, &err) == OG_OK) {
        tui_message(t, 0, "exported %s (%dx%d)", t->export_path, export_args.width,
                    export_args.height);
    } else {
        tui_message(t, 1, "export failed: %s", err.msg);
    }
    t->job = NULL;
    if (t->quit_asked == 2) {
        t->quit = 1;    /* q, q: quit once the file is written */
    } else if (t->quit_asked == 1) {
        /* Asked but not confirmed: the export finishing is no answer. */
        t->quit_asked = 0;
        if (!t->msg_error) {
            size_t n = strlen(t->msg);
            snprintf(t->msg + n, sizeof t->msg - n, "; the export is done, q quits");
        }
    }
}

static void
worker_poll(struct tui *t)
{
    static double last_draw;
    struct world *w;
    struct worker_status old = t->wst;
    int final = 1;
    double now;

    while ((w = worker_take(t->wk, &final)) != NULL) {
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
            next_layer(t, steps);
        }
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

/* --- keys --------------------------------------------------------------- */

static void
next_generator(struct tui *t, int dir)
{
    int id = (int)t->gen, i;

    for (i = 0; i < GEN_COUNT; i++) {
        id = (id + dir + GEN_COUNT) % GEN_COUNT;
        if (id == GEN_DEM && t->opt->dem == NULL) {
            continue;
        }
        if (generator_get((enum gen_id)id) != NULL) {
            break;
        }
    }
    if (id == (int)t->gen) {
        tui_message(t, 0, "only %s is available%s", world_gen_name(t->gen),
                    t->opt->dem == NULL ? " (orogen --dem FILE adds a DEM)" : "");
        return;
    }
    if (tui_set_generator(t, (enum gen_id)id) == 0) {
        tui_regen_now(t);
    }
}

int
tui_set_generator(struct tui *t, enum gen_id gen)
{
    if ((gen == GEN_DEM && t->opt->dem == NULL) || generator_get(gen) == NULL) {
        tui_message(t, 1, "generator %s is not available%s", world_gen_name(gen),
                    gen == GEN_DEM ? " (start with orogen --dem FILE)" : "");
        return -1;
    }
    t->gen = gen;
    paramedit_set_groups(&t->pe, tui_groups(t));
    world_unref(t->world);
    t->world = NULL;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    tui_message(t, 0, "generator %s", world_gen_name(t->gen));
    return 0;
}

static void
next_layer(struct tui *t, int dir)
{
    int l = (int)t->layer, i, step = dir < 0 ? -1 : 1, n = dir < 0 ? -dir : dir;

    if (t->world == NULL) {
        /* Remember the presses: the layers a world has are known when it
         * arrives (worker_poll applies them). */
        t->layer_steps += dir;
        tui_message(t, 0, "layer %+d when the world is ready (still generating)",
                    t->layer_steps);
        return;
    }
    while (n-- > 0) {
        for (i = 0; i < LAYER_COUNT; i++) {
            l = (l + step + LAYER_COUNT) % LAYER_COUNT;
            if (mapimg_layer_available(t->world, (enum map_layer)l)) {
                break;
            }
        }
    }
    t->layer = (enum map_layer)l;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    tui_message(t, 0, "layer %s", mapimg_layer_name(t->layer));
}

static void
global_key(struct tui *t, int ch)
{
    static uint64_t seed_state;

    switch (ch) {
    case 'q': case 'Q':
        if (t->job != NULL && !export_job_done(t->job)) {
            t->quit_asked = 1;
            tui_message(t, 1, "an export is still running: q again quits after it, any other "
                              "key stays");
        } else {
            t->quit = 1;
        }
        break;
    case '?': case KEY_F(1):
        t->help = 1;
        t->help_top = 0;
        t->chrome_dirty = 1;
        break;
    case 27:
        if (t->panel != PANEL_NONE) {
            set_panel(t, PANEL_NONE);
        }
        break;
    case KEY_LEFT: case 'h': mapview_pan(t, -1, 0); break;
    case KEY_RIGHT: case 'l': mapview_pan(t, 1, 0); break;
    case KEY_UP: case 'k': mapview_pan(t, 0, -1); break;
    case KEY_DOWN: case 'j': mapview_pan(t, 0, 1); break;
    case '+': case '=': mapview_zoom(t, 1.5); break;
    case '-': case '_': mapview_zoom(t, 1 / 1.5); break;
    case '0': mapview_reset(t); break;
    case 'n':
        if (seed_state == 0) {
            seed_state = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
        }
        t->params.seed = rng_splitmix64(&seed_state);
        t->params.v[P_SEED] = (double)t->params.seed;
        t->pe.cur.seed = t->params.seed;
        t->pe.cur.v[P_SEED] = t->params.v[P_SEED];
        tui_message(t, 0, "seed %llu", (unsigned long long)t->params.seed);
        tui_regen_now(t);
        break;
    case 'r':
        tui_message(t, 0, "regenerating");
        tui_regen_now(t);
        break;
    case '\t': next_generator(t, 1); break;
    case KEY_BTAB: next_generator(t, -1); break;
    case 'e': export_start(t); break;
    case 'a': next_layer(t, 1); break;
    case 'A': next_layer(t, -1); break;
    case 'c':
        colors_cycle(t);
        t->map_stale = t->map_dirty = t->chrome_dirty = 1;
        /* Glyphs need their key: the legend follows the glyph map unless
         * the user chose another panel. */
        if (!colors_halfblocks(t) && t->panel == PANEL_NONE) {
            set_panel(t, PANEL_LEGEND);
            t->legend_auto = 1;
        } else if (colors_halfblocks(t) && t->legend_auto && t->panel == PANEL_LEGEND) {
            set_panel(t, PANEL_NONE);
        }
        tui_message(t, 0, "colour mode %s%s", tui_color_mode_name(t->col.mode),
                    colors_halfblocks(t) ? "" : " (glyph map)");
        break;
    case 't': set_panel(t, t->panel == PANEL_PARAMS ? PANEL_NONE : PANEL_PARAMS); break;
    case 'i':
        set_panel(t, t->panel == PANEL_INSPECT ? PANEL_NONE : PANEL_INSPECT);
        if (t->panel == PANEL_INSPECT && t->mapwin != NULL) {
            int w, h;
            getmaxyx(t->mapwin, h, w);
            t->cur_x = w / 2;
            t->cur_y = h / 2;
            mapview_cell_uv(t, t->cur_x, t->cur_y, &t->cur_u, &t->cur_v);
        }
        break;
    case 'L': set_panel(t, t->panel == PANEL_LEGEND ? PANEL_NONE : PANEL_LEGEND); break;
    case 'o':
        set_panel(t, PANEL_PRESETS);
        presets_open(t);
        break;
    case 'w':
        prompt_open(t, PROMPT_PRESET_NAME, t->preset_name[0] != '\0' ? t->preset_name : "");
        break;
    case 'p': isoview_toggle(t); break;
    default:
        if (ch >= 32 && ch < 127) {
            tui_message(t, 0, "key '%c' does nothing here: ? lists the keys", ch);
        }
        break;
    }
}

static void
handle_key(struct tui *t, int ch)
{
    if (ch == KEY_RESIZE) {
        prompt_suspend(t);
        layout(t);
        prompt_resume(t);
        return;
    }
    if (t->too_small) {
        if (ch == 'q' || ch == 'Q') {
            global_key(t, 'q');
        }
        return;
    }
    if (t->help) {
        if (help_key(t, ch)) {
            return;
        }
        t->help = 0;
        t->map_dirty = t->chrome_dirty = 1;
        return;
    }
    if (t->quit_asked) {
        if (ch == 'q' || ch == 'Q') {
            /* export_poll quits when the job is done */
            t->quit_asked = 2;
            tui_message(t, 0, "quitting when the export is done (any other key stays, "
                              "Ctrl-C quits now) ...");
        } else {
            t->quit_asked = 0;
            tui_message(t, 0, "staying");
        }
        return;
    }
    if (t->prompt != PROMPT_NONE && prompt_key(t, ch)) {
        return;
    }
    switch (t->panel) {
    case PANEL_PARAMS:
        if (paramform_key(t, ch)) {
            return;
        }
        break;
    case PANEL_PRESETS:
        /* Letters jump to presets there, so q closes the list (like Esc)
         * rather than quitting. */
        if (ch == 'q' || ch == 'Q') {
            set_panel(t, PANEL_NONE);
            return;
        }
        if (presets_key(t, ch)) {
            return;
        }
        break;
    case PANEL_INSPECT:
        if (inspect_key(t, ch)) {
            return;
        }
        break;
    default:
        break;
    }
    if (globeview_key(t, &ch)) {
        return;
    }
    if (isoview_key(t, ch)) {
        return;
    }
    global_key(t, ch);
}

/* --- main loop ------------------------------------------------------------ */

static void
drain(int fd)
{
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {
    }
}

static void
run_loop(struct tui *t)
{
    struct pollfd pfd[2];
    int ch;

    while (!t->quit && !sig_quit) {
        double now = pipeline_now_ms();
        int timeout = 250;

        drain(t->wake_fd[0]);
        worker_poll(t);
        export_poll(t);
        globeview_poll(t);
        if (t->regen_at > 0 && now >= t->regen_at) {
            tui_regen_now(t);
        }
        draw_frame(t);
        if (t->quit) {
            break;
        }
        if (t->regen_at > 0) {
            double d = t->regen_at - pipeline_now_ms();
            timeout = d <= 0 ? 0 : d < 250 ? (int)ceil(d) : 250;
        }
        /* The 250 ms bound also covers a SIGWINCH that arrived between the
         * last getch and poll (ncurses then holds the KEY_RESIZE). */
        pfd[0].fd = STDIN_FILENO;
        pfd[0].events = POLLIN;
        pfd[1].fd = t->wake_fd[0];
        pfd[1].events = POLLIN;
        if (poll(pfd, 2, timeout) < 0 && errno != EINTR) {
            break;
        }
        if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
            break;  /* the terminal is gone (SSH dropped) */
        }
        while ((ch = wgetch(t->inwin)) != ERR) {
            handle_key(t, ch);
            if (t->quit) {
                break;
            }
        }
    }
}

int
tui_main(const struct tui_options *opt)
{
    struct tui *t;
    struct og_error err;
    struct sigaction sa;
    sigset_t old;
    char why[512];
    int i;

    t = calloc(1, sizeof *t);
    if (t == NULL) {
        fputs("orogen: out of memory\n", stderr);
        return 1;
    }
    t->opt = opt;
    t->params = opt->params;
    t->gen = opt->generator;
    t->layer = LAYER_COLOR;
    t->zoom = 1.0;
    t->cu = t->cv = 0.5;
    if (opt->preset != NULL) {
        /* Show "archipelago" for "archipelago" and "dir/archipelago.ini". */
        const char *base = strrchr(opt->preset, '/');
        size_t len;
        base = base != NULL ? base + 1 : opt->preset;
        len = strlen(base);
        if (len > 4 && strcmp(base + len - 4, ".ini") == 0) {
            len -= 4;
        }
        if (len >= sizeof t->preset_name) {
            len = sizeof t->preset_name - 1;
        }
        memcpy(t->preset_name, base, len);
        t->preset_name[len] = '\0';
    }
    if (pipe(t->wake_fd) != 0) {
        fprintf(stderr, "orogen: cannot create a pipe: %s\n", strerror(errno));
        free(t);
        return 1;
    }
    for (i = 0; i < 2; i++) {
        fcntl(t->wake_fd[i], F_SETFL, fcntl(t->wake_fd[i], F_GETFL) | O_NONBLOCK);
        fcntl(t->wake_fd[i], F_SETFD, FD_CLOEXEC);
    }
    if (caps_open(t, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        close(t->wake_fd[0]);
        close(t->wake_fd[1]);
        free(t);
        return 1;
    }
    t->inwin = newwin(1, 1, 0, 0);
    if (t->inwin == NULL) {
        caps_close(t);
        fputs("orogen: cannot create a curses window\n", stderr);
        free(t);
        return 1;
    }
    keypad(t->inwin, TRUE);
    nodelay(t->inwin, TRUE);

    block_ui_signals(&old);
    if (worker_new(&t->wk, wake_cb, t, &err) != OG_OK) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        caps_close(t);
        fprintf(stderr, "orogen: %s\n", err.msg);
        free(t);
        return 1;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sig_wake_fd = t->wake_fd[1];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    paramedit_init(&t->pe, &t->params, tui_groups(t));
    if (!colors_halfblocks(t)) {
        /* Glyphs need their key: show the legend from the start. */
        t->panel = PANEL_LEGEND;
    }
    layout(t);
    t->legend_auto = t->panel == PANEL_LEGEND;
    if (t->hint[0] != '\0') {
        tui_message(t, 0, "%s", t->hint);
    }
    tui_regen_now(t);
    run_loop(t);

    if (t->job != NULL) {
        export_job_finish(t->job, &err);
    }
    /* Never lose the work: the session's parameters become the user preset
     * "last" (`orogen --preset last`, or o in the TUI). A failure here is
     * reported after the screen is restored. */
    {
        const struct generator *g = generator_get(t->gen);
        if (preset_save("last", &t->params, tui_groups(t), g != NULL ? g->name : NULL, NULL, 0,
                        &err) != OG_OK) {
            snprintf(why, sizeof why, "orogen: parameters not saved as preset 'last': %s",
                     err.msg);
        } else {
            why[0] = '\0';
        }
    }
    worker_free(t->wk);
    world_unref(t->world);
    if (t->prompt != PROMPT_NONE) {
        prompt_close(t);
    }
    delete_windows(t);
    globeview_free(t);
    isoview_free(t);
    delwin(t->inwin);
    caps_close(t);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sig_wake_fd = -1;
    close(t->wake_fd[0]);
    close(t->wake_fd[1]);
    mapview_free(t);
    free(t->presets);
    free(t);
    if (why[0] != '\0') {
        fprintf(stderr, "%s\n", why);
    }
    return sig_quit == SIGINT || sig_quit == SIGTERM || sig_quit == SIGHUP ? 128 + sig_quit : 0;
}
