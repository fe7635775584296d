/* graphics: see graphics.h. */
#include "config.h"
#include "tui/graphics.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_CHAFA
#include <chafa.h>
#endif

#include "tui/term_query.h"
#include "tui/tui_state.h"

/* Largest image sent, per side (a view limit: a 4K terminal's map window
 * is about 3800 x 2100 px). */
#define GFX_MAX_SIDE 4096

const char *
gfx_name(int proto)
{
    switch (proto) {
    case TUI_GFX_AUTO: return "auto";
    case TUI_GFX_KITTY: return "kitty";
    case TUI_GFX_SIXEL: return "sixel";
    case TUI_GFX_ITERM: return "iterm";
    default: return "none";
    }
}

int
tui_graphics_parse(const char *s)
{
    int i;
    if (strcmp(s, "iterm2") == 0) {
        return TUI_GFX_ITERM;
    }
    for (i = 0; i < TUI_GFX_COUNT; i++) {
        if (strcmp(s, gfx_name(i)) == 0) {
            return i;
        }
    }
    return -1;
}

/* The tmux pane's position in the outer terminal (passthrough images are
 * placed by the outer terminal's own cursor). */
static void
tmux_pane_offset(struct tui_gfx *g)
{
    FILE *f = popen("tmux display-message -p '#{pane_left} #{pane_top}' 2>/dev/null", "r");
    int x = 0, y = 0;

    g->pane_x = g->pane_y = 0;
    if (f == NULL) {
        return;
    }
    if (fscanf(f, "%d %d", &x, &y) == 2 && x >= 0 && y >= 0) {
        g->pane_x = x;
        g->pane_y = y;
    }
    pclose(f);
}

void
gfx_setup(struct tui *t, const struct term_probe *p, char *note, size_t note_size)
{
    struct tui_gfx *g = &t->gfx;
    int want = t->opt->graphics;

    memset(g, 0, sizeof *g);
    g->proto = TUI_GFX_NONE;
    g->available[TUI_GFX_NONE] = 1;
    note[0] = '\0';
#ifndef HAVE_CHAFA
    (void)p;
    if (want != TUI_GFX_AUTO && want != TUI_GFX_NONE) {
        snprintf(note, note_size, "--graphics %s: this orogen was built without libchafa",
                 gfx_name(want));
    }
    return;
#else
    g->cell_w = p->cell_w;
    g->cell_h = p->cell_h;
    g->available[TUI_GFX_KITTY] = p->kitty;
    g->available[TUI_GFX_SIXEL] = p->sixel;
    g->available[TUI_GFX_ITERM] = p->iterm;
    g->max_w = p->sixel_w;
    g->max_h = p->sixel_h;
    g->wrap = p->in_tmux && p->passthrough;
    if (want != TUI_GFX_AUTO && want != TUI_GFX_NONE) {
        /* forced: trust the user about the protocol */
        g->available[want] = 1;
    }
    if (g->cell_w <= 0 || g->cell_h <= 0) {
        /* no pixel size from the pty or CSI 16 t: the common 1:2 cell;
         * kitty and iTerm2 scale to the cells anyway */
        g->cell_w = 10;
        g->cell_h = 20;
        g->available[TUI_GFX_SIXEL] = want == TUI_GFX_SIXEL;
    }
    if (want == TUI_GFX_NONE) {
        return;
    }
    if (p->in_tmux && !p->passthrough) {
        /* only where images could work: not on a terminal without 256 or
         * direct colour (vt100, xterm-16color ...) */
        if (!t->col.available[TUI_COLOR_256] && !t->col.available[TUI_COLOR_DIRECT] &&
            want == TUI_GFX_AUTO) {
            return;
        }
        snprintf(note, note_size,
                 "inside tmux: images need `set -g allow-passthrough on`; block symbols meanwhile");
        if (want == TUI_GFX_AUTO) {
            return;
        }
    }
    if (want != TUI_GFX_AUTO) {
        g->proto = want;
    } else if (g->available[TUI_GFX_KITTY]) {
        g->proto = TUI_GFX_KITTY;
    } else if (g->available[TUI_GFX_SIXEL]) {
        g->proto = TUI_GFX_SIXEL;
    } else if (g->available[TUI_GFX_ITERM]) {
        g->proto = TUI_GFX_ITERM;
    }
    if (g->wrap) {
        tmux_pane_offset(g);
    }
    if (g->proto != TUI_GFX_NONE && note[0] == '\0') {
        snprintf(note, note_size, "images: %s%s%s%s (cell %dx%d px; G switches, --graphics none)",
                 gfx_name(g->proto), p->version[0] != '\0' ? " on " : "", p->version,
                 g->wrap ? " through tmux" : "", g->cell_w, g->cell_h);
    }
#endif
}

int
gfx_active(const struct tui *t)
{
    return t->gfx.proto != TUI_GFX_NONE && t->gfx.proto != TUI_GFX_AUTO && t->mapwin != NULL;
}

uint32_t *
gfx_canvas(struct tui *t, int *pw, int *ph)
{
    struct tui_gfx *g = &t->gfx;
    int w, h, x, y;
    size_t need;

    getmaxyx(t->mapwin, h, w);
    getbegyx(t->mapwin, y, x);
    g->pw = w * g->cell_w;
    g->ph = h * g->cell_h;
    if (g->max_w > 0 && g->pw > g->max_w) {
        g->pw = g->max_w;
    }
    if (g->max_h > 0 && g->ph > g->max_h) {
        g->ph = g->max_h;
    }
    g->pw = g->pw > GFX_MAX_SIDE ? GFX_MAX_SIDE : g->pw;
    g->ph = g->ph > GFX_MAX_SIDE ? GFX_MAX_SIDE : g->ph;
    /* sixel bands are 6 pixels tall: a height that is not a multiple
     * would leave a strip of the last band's row undrawn */
    if (g->proto == TUI_GFX_SIXEL) {
        g->ph -= g->ph % 6;
    }
    if (g->pw <= 0 || g->ph <= 0) {
        return NULL;
    }
    need = (size_t)g->pw * (size_t)g->ph;
    if (need > g->cap) {
        uint32_t *n = realloc(g->px, need * sizeof *n);
        if (n == NULL) {
            return NULL;
        }
        g->px = n;
        g->cap = need;
    }
    memset(g->px, 0, need * sizeof *g->px);
    g->at_x = x;
    g->at_y = y;
    g->cols = w;
    g->rows = h;
    *pw = g->pw;
    *ph = g->ph;
    return g->px;
}

void
gfx_commit(struct tui *t)
{
    t->gfx.pending = 1;
}

void
gfx_invalidate(struct tui *t)
{
    struct tui_gfx *g = &t->gfx;
    if (g->shown) {
        g->clear_needed = 1;
    }
    g->shown = 0;
}

static uint64_t
frame_hash(const struct tui_gfx *g)
{
    uint64_t h = 1469598103934665603ull;
    size_t i, n = (size_t)g->pw * (size_t)g->ph;
    int geo[6] = { g->pw, g->ph, g->at_x, g->at_y, g->cols, g->rows };

    for (i = 0; i < 6; i++) {
        h = (h ^ (uint64_t)(unsigned)geo[i]) * 1099511628211ull;
    }
    for (i = 0; i < n; i++) {
        h = (h ^ g->px[i]) * 1099511628211ull;
    }
    return h;
}

static void
out(const struct tui_gfx *g, const char *s, size_t len)
{
    if (term_write_wrapped(STDOUT_FILENO, s, len, g->wrap) != 0) {
        /* the terminal is gone (SIGHUP follows); nothing to repair */
    }
}

/* Remove the image from the screen. */
static void
clear_image(struct tui *t)
{
    struct tui_gfx *g = &t->gfx;

    fflush(stdout);
    if (g->proto == TUI_GFX_KITTY) {
        static const char del[] = "\033_Ga=d,d=A\033\\";
        out(g, del, sizeof del - 1);
    } else {
        /* sixel / iTerm2 pixels live in the cells: have curses resend
         * every cell at the next update */
        clearok(curscr, TRUE);
        t->map_dirty = t->chrome_dirty = 1;
    }
    g->clear_needed = 0;
    g->shown = 0;
}

#ifdef HAVE_CHAFA
static double
now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Encode px with libchafa for the protocol and write it at (at_x, at_y). */
static void
send_image(struct tui *t)
{
    struct tui_gfx *g = &t->gfx;
    ChafaTermDb *db = chafa_term_db_get_default();
    ChafaTermInfo *ti = chafa_term_db_get_fallback_info(db);
    ChafaCanvasConfig *cfg = chafa_canvas_config_new();
    ChafaCanvas *canvas;
    GString *s;
    uint8_t *rgba;
    size_t i, n = (size_t)g->pw * (size_t)g->ph;
    char pos[64];
    int cols = g->cols, rows = g->rows;
    double t0 = now_ms();
    sigset_t old;

    rgba = malloc(n * 4);
    if (rgba == NULL) {
        chafa_canvas_config_unref(cfg);
        chafa_term_info_unref(ti);
        return;
    }
    for (i = 0; i < n; i++) {
        rgba[4 * i] = (uint8_t)(g->px[i] >> 16);
        rgba[4 * i + 1] = (uint8_t)(g->px[i] >> 8);
        rgba[4 * i + 2] = (uint8_t)g->px[i];
        rgba[4 * i + 3] = 255;
    }
    /* the canvas covers whole cells: the pixel size may have been cut to
     * the sixel limit or a multiple of 6 */
    if (g->proto == TUI_GFX_SIXEL) {
        cols = g->pw / g->cell_w;
        rows = (g->ph + g->cell_h - 1) / g->cell_h;
    }
    chafa_canvas_config_set_pixel_mode(cfg, g->proto == TUI_GFX_KITTY   ? CHAFA_PIXEL_MODE_KITTY
                                            : g->proto == TUI_GFX_ITERM ? CHAFA_PIXEL_MODE_ITERM2
                                                                        : CHAFA_PIXEL_MODE_SIXELS);
    chafa_canvas_config_set_canvas_mode(cfg, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_geometry(cfg, cols, rows);
    chafa_canvas_config_set_cell_geometry(cfg, g->cell_w, g->cell_h);
    /* libchafa's worker threads must not take the UI's signals (SIGWINCH
     * wakes the main loop's poll) */
    tui_block_ui_signals(&old);
    canvas = chafa_canvas_new(cfg);
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, g->pw, g->ph,
                                 g->pw * 4);
    s = chafa_canvas_print(canvas, ti);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free(rgba);

    fflush(stdout);
    snprintf(pos, sizeof pos, "\0337\033[%d;%dH", g->at_y + g->pane_y + 1, g->at_x + g->pane_x + 1);
    if (g->wrap) {
        /* the outer terminal's cursor, inside the same passthrough */
        GString *all = g_string_new(pos);
        if (g->proto == TUI_GFX_KITTY) {
            g_string_append(all, "\033_Ga=d,d=A\033\\");
        }
        g_string_append_len(all, s->str, (gssize)s->len);
        g_string_append(all, "\0338");
        out(g, all->str, all->len);
        g_string_free(all, TRUE);
    } else {
        out(g, pos, strlen(pos));
        if (g->proto == TUI_GFX_KITTY) {
            static const char del[] = "\033_Ga=d,d=A\033\\";
            out(g, del, sizeof del - 1);
        }
        out(g, s->str, s->len);
        out(g, "\0338", 2);
    }
    g->last_bytes = s->len;
    g_string_free(s, TRUE);
    chafa_canvas_unref(canvas);
    chafa_canvas_config_unref(cfg);
    chafa_term_info_unref(ti);
    g->last_ms = now_ms() - t0;
}
#endif

void
gfx_flush(struct tui *t, int map_drawn)
{
    struct tui_gfx *g = &t->gfx;
    uint64_t h;
    int pending = g->pending;

    g->pending = 0;
    if (t->help) {
        /* kitty images cover text: the help must not sit under one; sixel
         * pixels are overwritten by the help's cells, so the image is sent
         * again when it closes */
        if (g->shown && g->proto == TUI_GFX_KITTY) {
            clear_image(t);
        }
        g->shown = 0;
        return;
    }
    if (g->clear_needed) {
        clear_image(t);
        if (g->proto != TUI_GFX_KITTY) {
            return;   /* curses repaints everything first; map_dirty is set */
        }
    }
    if (!map_drawn) {
        return;       /* the map window did not change */
    }
    if (!pending || !gfx_active(t)) {
        if (g->shown) {
            clear_image(t);   /* the map window shows text now */
        }
        return;
    }
    h = frame_hash(g);
    if (g->shown && h == g->shown_hash) {
        return;       /* the same picture is on the screen */
    }
#ifdef HAVE_CHAFA
    send_image(t);
    g->shown = 1;
    g->shown_hash = h;
#endif
}

const char *
gfx_cycle(struct tui *t)
{
    struct tui_gfx *g = &t->gfx;
    int p = g->proto, i;

    for (i = 0; i < TUI_GFX_COUNT; i++) {
        p = p + 1 >= TUI_GFX_COUNT ? TUI_GFX_NONE : p + 1;
        if (p != TUI_GFX_AUTO && g->available[p]) {
            break;
        }
    }
    if (g->shown) {
        clear_image(t);
    }
    g->proto = p;
    g->shown = 0;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    return gfx_name(p);
}

void
gfx_free(struct tui *t)
{
    free(t->gfx.px);
    t->gfx.px = NULL;
    t->gfx.cap = 0;
}
