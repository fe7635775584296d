/* isoview: the isometric preview in the map window (key p), drawn with the
 * renderer's iso_render_preview (render/iso.h: Donjourno's camera and
 * Lambert light, untessellated, cached so a new time of day only relights
 * and a rotation only reprojects). The view follows the parameter table's
 * render.time, render.rotate and render.exaggeration, so the panel and the
 * keys here edit the same values (ranges enforced by core/recipe/params.c); they
 * change the picture only, never regenerate the world.
 *
 * Half blocks give two square pixels per cell as in the map view. Without
 * them the picture is one pixel per cell as a brightness ramp of glyphs;
 * the 16-colour mode takes the nearest of the 16 xterm default colours,
 * since a shaded render has no map classes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "render/iso.h"
#include "tui/colorquant.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

static uint32_t *iso_rgb;
static size_t iso_cap;

void
isoview_toggle(struct tui *t)
{
    if (t->view == TUI_VIEW_ISO) {
        t->view = TUI_VIEW_MAP;
        tui_message(t, 0, "map view");
    } else if (t->view == TUI_VIEW_MAP) {
        t->view = TUI_VIEW_ISO;
        tui_message(t, 0, "isometric preview: [ ] rotate, , . time of day, + - relief, p map");
    } else {
        tui_message(t, 1, "leave the globe view (g) first");
        return;
    }
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
}

/* Step a render parameter in the request and the panel's copy alike. */
static void
step_param(struct tui *t, enum param_id id, int steps)
{
    struct og_error err;
    char val[32];

    if (params_step(&t->params, id, steps, &err) != OG_OK) {
        tui_message(t, 1, "%s", err.msg);
        return;
    }
    t->pe.cur.v[id] = t->params.v[id];
    tui_message(t, 0, "%s = %s", param_def(id)->name, params_format(&t->params, id, val,
                                                                     sizeof val));
}

int
isoview_key(struct tui *t, int ch)
{
    struct og_error err;
    int r;

    if (t->view != TUI_VIEW_ISO) {
        return 0;
    }
    switch (ch) {
    case '[': case ']':
        /* Quarter turns go round: 3 + 1 is 0 again, not out of range. */
        r = (params_int(&t->params, P_RENDER_ROTATE) + (ch == ']' ? 1 : 3)) % 4;
        if (params_set(&t->params, P_RENDER_ROTATE, r, &err) != OG_OK) {
            tui_message(t, 1, "%s", err.msg);
            return 1;
        }
        t->pe.cur.v[P_RENDER_ROTATE] = t->params.v[P_RENDER_ROTATE];
        tui_message(t, 0, "render.rotate = %d", r);
        break;
    case ',': step_param(t, P_RENDER_TIME, -2); break;
    case '.': step_param(t, P_RENDER_TIME, 2); break;
    case '+': case '=': step_param(t, P_RENDER_EXAGGERATION, 2); break;
    case '-': case '_': step_param(t, P_RENDER_EXAGGERATION, -2); break;
    default:
        return 0;
    }
    t->map_dirty = t->chrome_dirty = 1;
    return 1;
}

/* Terminal colour for a rendered pixel (no map class: the 16-colour mode
 * takes the colour's hue family, quant_ansi16). In the palette modes the
 * render's backdrop is the terminal's own background (-1): its dark slate
 * would take the same navy entry as the dusk sea and hide the coast of the
 * block. */
static int
pixel_colour(struct tui *t, uint32_t rgb, long x, long y, attr_t *attr)
{
    int idx;

    if (rgb == ISO_BACKGROUND && (t->col.mode == TUI_COLOR_256 || t->col.mode == TUI_COLOR_16)) {
        return -1;
    }
    if (t->col.mode != TUI_COLOR_16) {
        return colors_number(t, rgb, MC_GRASS, 1, x, y, attr);   /* shaded: dithered */
    }
    idx = quant_ansi16(rgb, t->col.ncolors >= 16 ? 16 : 8);
    if (t->col.rgb_term) {
        uint32_t v = quant_xterm_rgb(idx);
        return v < 8 ? 8 : (int)v;
    }
    return idx;
}

/* The preview with sub-cell symbols (subcell.h): rendered at square
 * samples, fx x fy of them a sub-pixel, averaged; in the palette modes
 * the backdrop is the terminal's background as with half blocks. */
static void
draw_subcells(struct tui *t, const struct iso_view *view, int w, int h, int sym)
{
    int gc, gr, fx, fy, x, y, i, n, bw, bh;
    uint32_t *px, src[SUBCELL_MAX];
    int num[SUBCELL_MAX];
    int clear = t->col.mode == TUI_COLOR_256 || t->col.mode == TUI_COLOR_16;
    struct og_error err;
    size_t k;

    subcell_grid(sym, &gc, &gr);
    subcell_factors(sym, &fx, &fy);
    bw = w * gc * fx;
    bh = h * gr * fy;
    px = malloc((size_t)bw * (size_t)bh * sizeof *px);
    if (px == NULL || iso_render_preview(t->world, view, bw, bh, px, &err) != OG_OK) {
        free(px);
        return;
    }
    for (k = 0; clear && k < (size_t)bw * (size_t)bh; k++) {
        px[k] = px[k] == ISO_BACKGROUND ? SUBCELL_OUTSIDE : px[k];
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
                    num[i] = pixel_colour(t, src[i], sx, sy, NULL);
                    any = 1;
                }
            }
            if (any) {
                colors_put_subcell(t, t->mapwin, y, x, sym, src, num, n, A_NORMAL);
            }
        }
    }
    free(px);
}

void
isoview_draw(struct tui *t)
{
    static const char ramp[] = " .:-=+*#%@";
    WINDOW *win = t->mapwin;
    struct iso_view view;
    struct og_error err;
    int w, h, pw, ph, x, y, hb;
    size_t need;

    if (win == NULL) {
        return;
    }
    t->map_dirty = 0;
    werase(win);
    getmaxyx(win, h, w);
    if (t->world == NULL) {
        mvwaddnstr(win, h / 2, 1, t->wst.busy ? "generating ..." : "no world yet", w - 2);
        wnoutrefresh(win);
        return;
    }
    hb = colors_halfblocks(t);
    pw = w;
    ph = hb ? 2 * h : h;
    need = (size_t)pw * (size_t)ph;
    if (need > iso_cap) {
        uint32_t *n = realloc(iso_rgb, need * sizeof *n);
        if (n == NULL) {
            tui_message(t, 1, "out of memory for a %dx%d preview", pw, ph);
            wnoutrefresh(win);
            return;
        }
        iso_rgb = n;
        iso_cap = need;
    }
    view.time = params_get(&t->params, P_RENDER_TIME);
    view.rotation = params_int(&t->params, P_RENDER_ROTATE);
    view.exaggeration = params_get(&t->params, P_RENDER_EXAGGERATION);
    if (iso_render_preview(t->world, &view, pw, ph, iso_rgb, &err) != OG_OK) {
        /* Spheres and the like: say why and go back to the map. */
        if (t->world->kind == WORLD_SPHERE) {
            /* the point first: it fits 80 columns (findings item 5) */
            tui_message(t, 1, "a planet has no isometric view: g shows its globe");
        } else {
            tui_message(t, 1, "isometric preview: %s", err.msg);
        }
        t->view = TUI_VIEW_MAP;
        t->map_stale = t->map_dirty = 1;
        wnoutrefresh(win);
        return;
    }
    if (gfx_active(t)) {
        int gw, gh;
        uint32_t *px = gfx_canvas(t, &gw, &gh);
        if (px != NULL && iso_render_preview(t->world, &view, gw, gh, px, &err) == OG_OK) {
            gfx_commit(t);
            wnoutrefresh(win);   /* blank cells under the image */
            return;
        }
    }
    if (hb && colors_symbols(t) != SUBCELL_HALF) {
        draw_subcells(t, &view, w, h, colors_symbols(t));
        wnoutrefresh(win);
        return;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            attr_t attr = A_NORMAL;
            int fg, bg, pair = 0;

            if (hb) {
                fg = pixel_colour(t, iso_rgb[(size_t)(2 * y) * pw + x], x, 2 * y, &attr);
                bg = pixel_colour(t, iso_rgb[(size_t)(2 * y + 1) * pw + x], x, 2 * y + 1, NULL);
                if (fg < 0 && bg < 0) {
                    continue;   /* backdrop: the erased cell */
                }
                if (fg < 0) {
                    /* only the lower pixel has colour: a lower half block */
                    attr = A_NORMAL;
                    fg = pixel_colour(t, iso_rgb[(size_t)(2 * y + 1) * pw + x], x, 2 * y + 1, &attr);
                    colors_put_cell(win, y, x, L'\u2584', attr, colors_pair(t, fg, -1));
                    continue;
                }
                pair = colors_pair(t, fg, bg);
                colors_put_cell(win, y, x, L'\u2580', attr, pair);
            } else {
                uint32_t c = iso_rgb[(size_t)y * pw + x];
                int lum = (int)((((c >> 16) & 0xff) * 3 + ((c >> 8) & 0xff) * 6 + (c & 0xff)) /
                                10);
                if (t->col.mode != TUI_COLOR_NONE) {
                    fg = pixel_colour(t, c, x, y, &attr);
                    pair = colors_pair(t, fg, -1);
                }
                colors_put_cell(win, y, x, (wchar_t)ramp[lum * 9 / 255], attr, pair);
            }
        }
    }
    wnoutrefresh(win);
}

void
isoview_free(struct tui *t)
{
    (void)t;
    iso_preview_release();
    free(iso_rgb);
    iso_rgb = NULL;
    iso_cap = 0;
}
