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

#include "core/planet/planet_edit.h"
#include "render/globe.h"
#include "tui/subcell.h"
#include "tui/globeview_internal.h"

#define GLOBE_STEP 10.0   /* degrees per key press */


struct globeview *
globeview_state(struct tui *t)
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

int
globeview_is_planet(const struct world *w)
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
    } else if (!globeview_is_planet(t->world)) {
        tui_message(t, 1, "globe view: planet worlds only (Tab picks the generator)");
        return;
    } else if (globeview_state(t) == NULL) {
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
void
globeview_cursor_pos(const struct globeview *g, int w, int h, int *x, int *y)
{
    *x = w / 2 + g->cx;
    *y = h / 2 + g->cy;
    *x = *x < 0 ? 0 : (*x >= w ? w - 1 : *x);
    *y = *y < 0 ? 0 : (*y >= h ? h - 1 : *y);
}

/* The cell under the cursor (the upper pixel of its character), or -1. */
int32_t
globeview_cursor_cell(const struct tui *t, int w, int h)
{
    const struct globeview *g = t->globe;
    int x, y;
    if (g == NULL || g->cells == NULL || (size_t)w * (size_t)(2 * h) > g->cap) {
        return -1;
    }
    globeview_cursor_pos(g, w, h, &x, &y);
    return g->cells[(size_t)(2 * y) * (size_t)w + (size_t)x];
}

/* The globe sampled into a width x height canvas with a margin of m
 * pixels (a character row's height) on every side, so the disc never
 * touches the edge of its area (findings tui.md item 9: at 120x40 it
 * touched the top); outside it rgb is 0 and cells -1. Returns 0 on
 * success. */
static int
sample_framed(const struct world *wd, const struct globeview *g, int width, int height, int m,
              uint32_t *rgb, int32_t *cells)
{
    int iw = width - 2 * m, ih = height - 2 * m, y, x;
    uint32_t *r;
    int32_t *c;

    if (m <= 0 || iw < 16 || ih < 16) {
        return planet_sample_ortho(wd, g->yaw, g->pitch, width, height, rgb, cells) != OG_OK;
    }
    r = malloc((size_t)iw * (size_t)ih * sizeof *r);
    c = malloc((size_t)iw * (size_t)ih * sizeof *c);
    if (r == NULL || c == NULL || planet_sample_ortho(wd, g->yaw, g->pitch, iw, ih, r, c) != OG_OK) {
        free(r);
        free(c);
        return 1;
    }
    for (y = 0; y < height; y++) {
        for (x = 0; x < width; x++) {
            size_t o = (size_t)y * (size_t)width + (size_t)x;
            int in = y >= m && y < m + ih && x >= m && x < m + iw;
            size_t i = in ? (size_t)(y - m) * (size_t)iw + (size_t)(x - m) : 0;
            rgb[o] = in ? r[i] : 0;
            cells[o] = in ? c[i] : -1;
        }
    }
    free(r);
    free(c);
    return 0;
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
    getmaxyx(t->mapwin, h, w);
    if (cells == NULL || sample_framed(wd, g, pw, ph, h > 0 ? ph / h : 0, px, cells) != 0) {
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
    globeview_cursor_pos(g, w, h, &cx, &cy);
    gfx_cross(t, px, pw, ph, cx, cy);
    gfx_commit(t);
    return 1;
}

/* The globe with sub-cell symbols (subcell.h): sampled at square
 * samples, fx x fy of them a sub-pixel, averaged; the class (16 colours)
 * is the one of the sample nearest the sub-pixel's centre. */
static void
draw_subcells(struct tui *t, int w, int h, int sym, int32_t sel)
{
    const struct world *wd = t->world;
    struct globeview *g = t->globe;
    int gc, gr, fx, fy, x, y, i, n, bw, bh;
    uint32_t *px, src[SUBCELL_MAX];
    int32_t *cells;
    int num[SUBCELL_MAX];
    size_t k;

    subcell_grid(sym, &gc, &gr);
    subcell_factors(sym, &fx, &fy);
    bw = w * gc * fx;
    bh = h * gr * fy;
    px = malloc((size_t)bw * (size_t)bh * sizeof *px);
    cells = malloc((size_t)bw * (size_t)bh * sizeof *cells);
    if (px == NULL || cells == NULL ||
        sample_framed(wd, g, bw, bh, gr * fy, px, cells) != 0) {
        free(px);
        free(cells);
        return;
    }
    for (k = 0; k < (size_t)bw * (size_t)bh; k++) {
        if (cells[k] < 0) {
            px[k] = SUBCELL_OUTSIDE;
        } else if (sel >= 0 && wd->landmass[cells[k]] == sel) {
            px[k] = highlight(px[k]);
        }
    }
    n = gc * gr;
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            int any = 0;
            for (i = 0; i < n; i++) {
                int sx = gc * x + i % gc, sy = gr * y + i / gc;
                long c;
                num[i] = -1;
                src[i] = 0;
                if (subcell_block_mean(px, bw, sx, sy, fx, fy, &src[i], &c)) {
                    int cls = (int)mapimg_cell_class(wd, (size_t)cells[c]);
                    num[i] = colors_number(t, src[i], cls, 1, sx, sy, NULL);
                    any = 1;
                }
            }
            if (any) {
                colors_put_subcell(t, t->mapwin, y, x, sym, src, num, n, A_NORMAL);
            }
        }
    }
    free(px);
    free(cells);
}

void
globeview_draw(struct tui *t)
{
    struct globeview *g = globeview_state(t);
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
    if (g == NULL || !globeview_is_planet(wd)) {
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
    if (sample_framed(wd, g, pw, ph, 2, g->rgb, g->cells) != 0) {
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
                    fg = colors_number(t, p1, k1, 1, x, 2 * y, &attr);
                    bg = c2 >= 0 ? colors_number(t, p2, k2, 1, x, 2 * y + 1, NULL) : -1;
                    colors_put_cell(win, y, x, L'\u2580', attr, colors_pair(t, fg, bg));
                } else {
                    fg = colors_number(t, p2, k2, 1, x, 2 * y + 1, &attr);
                    colors_put_cell(win, y, x, L'\u2584', attr, colors_pair(t, fg, -1));
                }
            } else if (c1 >= 0) {
                if (t->col.mode != TUI_COLOR_NONE) {
                    fg = colors_number(t, p1, k1, 1, x, 2 * y, &attr);
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
    if (hb && colors_symbols(t) != SUBCELL_HALF && !gfx_active(t)) {
        werase(win);
        draw_subcells(t, w, h, colors_symbols(t), sel);
    }
    cur = globeview_cursor_cell(t, w, h);
    if (gfx_active(t) && draw_pixels(t, sel)) {
        werase(win);         /* blank cells under the image */
        wnoutrefresh(win);
        return;
    }
    if (cur >= 0) {
        int cx, cy;
        globeview_cursor_pos(g, w, h, &cx, &cy);
        colors_put_cell(win, cy, cx, L'+', A_REVERSE | A_BOLD, 0);
    }
    wnoutrefresh(win);
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
    cell = globeview_cursor_cell(t, w, h);
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
        tui_message(t, 0, "brush %d: a cap of %g degrees radius", g->brush,
                    planet_brush_radius(g->brush));
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
        } else if (globeview_is_planet(t->world)) {
            globe_edit_start(t, 1);
        }
        return 1;
    case 'x': case KEY_DC: case KEY_BACKSPACE: case 127:
        if (!g->edit_mode) {
            tui_message(t, 0, "b starts edit mode (x then removes land)");
        } else if (globeview_is_planet(t->world)) {
            globe_edit_start(t, 0);
        }
        return 1;
    case 'u':
        globe_undo_redo(t, 0);
        return 1;
    case 18: /* Ctrl-R */
        globe_undo_redo(t, 1);
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
        if (globeview_is_planet(t->world)) {
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
    struct globeview *g = globeview_state(t);

    *yaw = g != NULL ? g->yaw : params_get(&t->params, P_PLANET_GLOBE_YAW);
    *pitch = g != NULL ? g->pitch : params_get(&t->params, P_PLANET_GLOBE_PITCH);
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
    globe_edit_free(g);
    free(g->rgb);
    free(g->cells);
    free(g);
    t->globe = NULL;
}
