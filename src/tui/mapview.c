/* mapview: the map window. In colour modes with a UTF-8 locale each
 * character cell shows two map pixels with the upper half block U+2580
 * (fg = upper pixel, bg = lower); otherwise one map cell per character with
 * the terrain glyphs of render/mapimg.h ('~' water, '.' low land, '^' high
 * land ...), coloured when the terminal has colour.
 *
 * Geometry: a character cell is one unit wide and two units tall, so a
 * half-block pixel is square. The [0,1]^2 map square is shown at its aspect
 * (grids W:H, the equirectangular sphere 2:1); `zoom` 1 fits all of it;
 * only the part of the view inside the square is sampled. The sampled
 * pixels are cached: they are recomputed when the world, view, layer or
 * window size change (map_stale), and the window is redrawn only then or
 * when the colour mode changes (map_dirty), never per progress tick. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "core/world.h"
#include "render/mapimg.h"
#include "tui/hybrid256.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

/* Width / height of the map square as shown: grids keep their cell
 * aspect, the equirectangular sphere is twice as wide as tall. */
static double
view_aspect(const struct tui *t)
{
    const struct world *w = t->world;

    if (w == NULL) {
        return 1.0;
    }
    if (w->kind == WORLD_SPHERE) {
        return 2.0;
    }
    if (w->kind == WORLD_GRID && w->width > 0 && w->height > 0) {
        return (double)w->width / w->height;
    }
    return 1.0;
}

/* Map v units per unit (half a character height); a character width spans
 * view_scale / view_aspect map u units. */
static double
view_scale(const struct tui *t)
{
    int w, h;
    double fit;

    getmaxyx(t->mapwin, h, w);
    fit = fmax(view_aspect(t) / (w > 0 ? w : 1), 1.0 / (2.0 * (h > 0 ? h : 1)));
    return fit / t->zoom;
}

double
mapview_aspect(const struct tui *t)
{
    return view_aspect(t);
}

void
mapview_reset(struct tui *t)
{
    t->cu = 0.5;
    t->cv = 0.5;
    t->zoom = 1.0;
    t->map_stale = t->map_dirty = 1;
}

void
mapview_fit(struct tui *t, const struct map_view *v)
{
    int w, h;
    double su, sv, fit;

    if (t->mapwin == NULL || !(v->u1 > v->u0) || !(v->v1 > v->v0)) {
        return;
    }
    getmaxyx(t->mapwin, h, w);
    w = w > 0 ? w : 1;
    h = h > 0 ? h : 1;
    /* view_scale at zoom 1, and the scale that shows all of v */
    fit = fmax(view_aspect(t) / w, 1.0 / (2.0 * h));
    su = (v->u1 - v->u0) * view_aspect(t) / w;
    sv = (v->v1 - v->v0) / (2.0 * h);
    t->cu = fmin(1.0, fmax(0.0, 0.5 * (v->u0 + v->u1)));
    t->cv = fmin(1.0, fmax(0.0, 0.5 * (v->v0 + v->v1)));
    t->zoom = fmin(256.0, fmax(0.5, fit / fmax(su, sv)));
    t->map_stale = t->map_dirty = 1;
}

void
mapview_pan(struct tui *t, double dx, double dy)
{
    int w, h;
    double s;

    if (t->mapwin == NULL) {
        return;
    }
    getmaxyx(t->mapwin, h, w);
    s = view_scale(t);
    /* One press moves an eighth of the visible span; the view stays over
     * the map (a view limit, not a user value). */
    t->cu = t->cu + dx * w * s / view_aspect(t) / 8.0;
    t->cv = t->cv + dy * 2.0 * h * s / 8.0;
    mapview_clamp(t);
    t->map_stale = t->map_dirty = 1;
}

void
mapview_clamp(struct tui *t)
{
    int w, h;
    double s, hu, hv;

    if (t->mapwin == NULL) {
        return;
    }
    getmaxyx(t->mapwin, h, w);
    s = view_scale(t);
    hu = w * s / view_aspect(t) / 2.0;   /* half the visible span */
    hv = h * s;
    /* a view wider than the map centres it, a narrower one keeps its
     * edges inside the map (no half screen of nothing past an edge) */
    t->cu = hu >= 0.5 ? 0.5 : fmin(1.0 - hu, fmax(hu, t->cu));
    t->cv = hv >= 0.5 ? 0.5 : fmin(1.0 - hv, fmax(hv, t->cv));
}

void
mapview_zoom(struct tui *t, double factor)
{
    t->zoom = fmin(256.0, fmax(0.5, t->zoom * factor));
    t->map_stale = t->map_dirty = 1;
}

void
mapview_cell_uv(const struct tui *t, int x, int y, double *u, double *v)
{
    int w, h;
    double s;

    getmaxyx(t->mapwin, h, w);
    s = view_scale(t);
    *u = t->cu + (x + 0.5 - w / 2.0) * s / view_aspect(t);
    *v = t->cv + (2.0 * y + 1.0 - h) * s;
}

void
mapview_uv_cell(const struct tui *t, double u, double v, int *x, int *y)
{
    int w, h;
    double s;

    getmaxyx(t->mapwin, h, w);
    s = view_scale(t);
    *x = (int)floor((u - t->cu) * view_aspect(t) / s + w / 2.0);
    *y = (int)floor(((v - t->cv) / s + h) / 2.0);
}

void
mapview_free(struct tui *t)
{
    free(t->rgb);
    free(t->cls);
    t->rgb = NULL;
    t->cls = NULL;
    t->buf_cap = 0;
}


/* Continuous layers are dithered in 256 colours: the ramps, and the colour
 * layer of island and DEM worlds (biome colours blended across cells, the
 * ocean shaded by depth, hill shading), whose nearest entries alone made
 * flat areas with hard edges. Categorical colours (hybrid rules, planet
 * biomes, lakes, mask, landmass) are not (TERMINAL.md 1.5). */
static int
layer_dithers(const struct world *w, enum map_layer layer)
{
    if (layer == LAYER_COLOR) {
        return w != NULL && w->biome != NULL && (w->gen == GEN_ISLAND || w->gen == GEN_DEM);
    }
    return layer == LAYER_ELEVATION || layer == LAYER_MOISTURE || layer == LAYER_ROUGHNESS ||
           layer == LAYER_FOREST || layer == LAYER_WEAR || layer == LAYER_DEPOSITION ||
           layer == LAYER_SLOPE;
}

static void
resample(struct tui *t, int pw, int ph, double su, double sv, double u0, double v0)
{
    struct map_view view;
    struct og_error err;
    size_t need;
    int x0, x1, y0, y1;

    t->map_stale = 0;
    t->sub_w = t->sub_h = 0;
    t->shown.u0 = t->shown.v0 = t->shown.u1 = t->shown.v1 = 0.0;
    if (t->world == NULL || !mapimg_layer_available(t->world, t->layer)) {
        return;
    }
    x0 = (int)fmax(0.0, ceil(-u0 / su - 0.5));
    x1 = (int)fmin(pw, ceil((1.0 - u0) / su - 0.5));
    y0 = (int)fmax(0.0, ceil(-v0 / sv - 0.5));
    y1 = (int)fmin(ph, ceil((1.0 - v0) / sv - 0.5));
    if (x1 <= x0 || y1 <= y0) {
        return;
    }
    need = (size_t)(x1 - x0) * (size_t)(y1 - y0);
    if (need > t->buf_cap) {
        uint32_t *nr = realloc(t->rgb, need * sizeof *nr);
        uint8_t *nc;
        if (nr == NULL) {
            tui_message(t, 1, "out of memory for a %dx%d map view", x1 - x0, y1 - y0);
            return;
        }
        t->rgb = nr;
        nc = realloc(t->cls, need);
        if (nc == NULL) {
            tui_message(t, 1, "out of memory for a %dx%d map view", x1 - x0, y1 - y0);
            return;
        }
        t->cls = nc;
        t->buf_cap = need;
    }
    view.u0 = u0 + x0 * su;
    view.u1 = u0 + x1 * su;
    view.v0 = v0 + y0 * sv;
    view.v1 = v0 + y1 * sv;
    if (mapview_render_supersampled(t, &view, x1 - x0, y1 - y0, su, sv, &err) != OG_OK) {
        tui_message(t, 1, "map: %s", err.msg);
        return;
    }
    t->shown = view;    /* what `e` exports */
    t->sub_x0 = x0;
    t->sub_y0 = y0;
    t->sub_w = x1 - x0;
    t->sub_h = y1 - y0;
    t->pw = pw;
    t->ph = ph;
}

/* Pixel (x, y) of the full grid: 1 and its colour/class, or 0 if outside. */
static int
pixel(const struct tui *t, int x, int y, uint32_t *rgb, int *cls)
{
    int sx = x - t->sub_x0, sy = y - t->sub_y0;
    size_t i;

    if (sx < 0 || sy < 0 || sx >= t->sub_w || sy >= t->sub_h) {
        return 0;
    }
    i = (size_t)sy * (size_t)t->sub_w + (size_t)sx;
    *rgb = t->rgb[i];
    *cls = t->cls[i];
    return 1;
}

/* The colour number of a half-block pixel (x, y) of colour rgb and class
 * cls: the hybrid colour layer in 256 colours goes through hybrid256.h
 * (streams and categories), everything else through colors_number. */
static int
pixel_number(struct tui *t, int hyb, int x, int y, uint32_t rgb, int cls, int dither, long wx,
             long wy, attr_t *attr)
{
    if (hyb) {
        double u = t->shown.u0 + (x - t->sub_x0 + 0.5) * (t->shown.u1 - t->shown.u0) / t->sub_w;
        double v = t->shown.v0 + (y - t->sub_y0 + 0.5) * (t->shown.v1 - t->shown.v0) / t->sub_h;
        return colors_index_number(
            t, hybrid256_index(t->world, mapimg_cell_at(t->world, u, v), cls, rgb, wx, wy));
    }
    return colors_number(t, rgb, cls, dither, wx, wy, attr);
}

/* Cell (x, y) drawn with the sub-cell symbols sym (subcell.h): its
 * sub-pixels' colour numbers as the half blocks would take them, fitted to
 * two colours and a symbol. */
static void
draw_subcell(struct tui *t, int x, int y, int sym, int hyb, int dither, long wx0, long wy0)
{
    uint32_t src[SUBCELL_MAX];
    int num[SUBCELL_MAX], gc, gr, i, j, n, any = 0;
    attr_t attr = A_NORMAL;

    subcell_grid(sym, &gc, &gr);
    n = gc * gr;
    for (j = 0; j < gr; j++) {
        for (i = 0; i < gc; i++) {
            int px = gc * x + i, py = gr * y + j, k = j * gc + i, cls = 0;
            src[k] = 0;
            num[k] = -1;
            if (pixel(t, px, py, &src[k], &cls)) {
                num[k] = pixel_number(t, hyb, px, py, src[k], cls, dither, wx0 + px, wy0 + py,
                                      NULL);
                any = 1;
            }
        }
    }
    if (any) {
        colors_put_subcell(t, t->mapwin, y, x, sym, src, num, n, attr);
    }
}

void
gfx_cross(struct tui *t, uint32_t *px, int pw, int ph, int cx, int cy)
{
    /* a cross over the cell (cx, cy): white with a black outline, one
     * cell wide, so it reads on sea and snow */
    int x0 = cx * t->gfx.cell_w, y0 = cy * t->gfx.cell_h;
    int mx = x0 + t->gfx.cell_w / 2, my = y0 + t->gfx.cell_h / 2, r = t->gfx.cell_w, d, o;

    for (d = -r; d <= r; d++) {
        for (o = -1; o <= 1; o++) {
            uint32_t c = o == 0 ? 0xffffff : 0x000000;
            int x = mx + d, y = my + o;
            if (x >= 0 && x < pw && y >= 0 && y < ph) {
                px[(size_t)y * pw + x] = c;
            }
            x = mx + o;
            y = my + d;
            if (x >= 0 && x < pw && y >= 0 && y < ph) {
                px[(size_t)y * pw + x] = c;
            }
        }
    }
}

/* The map at the terminal's pixel resolution (graphics.h): the same view
 * (centre, zoom, the map square at its aspect) sampled per screen pixel. */
static int
draw_pixels(struct tui *t)
{
    int pw, ph, x0, x1, y0, y1, sw, sh, y;
    uint32_t *px = gfx_canvas(t, &pw, &ph), *rgb;
    uint8_t *cls;
    double a = view_aspect(t), s, su, sv, u0, v0;
    struct map_view view;
    struct og_error err;

    if (px == NULL) {
        return 0;
    }
    s = fmax(a / pw, 1.0 / ph) / t->zoom;
    su = s / a;
    sv = s;
    u0 = t->cu - pw / 2.0 * su;
    v0 = t->cv - ph / 2.0 * sv;
    x0 = (int)fmax(0.0, ceil(-u0 / su - 0.5));
    x1 = (int)fmin(pw, ceil((1.0 - u0) / su - 0.5));
    y0 = (int)fmax(0.0, ceil(-v0 / sv - 0.5));
    y1 = (int)fmin(ph, ceil((1.0 - v0) / sv - 0.5));
    if (x1 > x0 && y1 > y0) {
        sw = x1 - x0;
        sh = y1 - y0;
        rgb = malloc((size_t)sw * (size_t)sh * sizeof *rgb);
        cls = malloc((size_t)sw * (size_t)sh);
        view.u0 = u0 + x0 * su;
        view.u1 = u0 + x1 * su;
        view.v0 = v0 + y0 * sv;
        view.v1 = v0 + y1 * sv;
        if (rgb == NULL || cls == NULL ||
            mapimg_render(t->world, t->layer, &view, sw, sh, rgb, cls, &err) != OG_OK) {
            free(rgb);
            free(cls);
            return 0;
        }
        for (y = 0; y < sh; y++) {
            memcpy(px + (size_t)(y0 + y) * pw + x0, rgb + (size_t)y * sw, (size_t)sw * sizeof *rgb);
        }
        free(rgb);
        free(cls);
    }
    if (t->inspect) {
        gfx_cross(t, px, pw, ph, t->cur_x, t->cur_y);
    }
    gfx_commit(t);
    return 1;
}

static void
draw_centered(WINDOW *win, const char *text)
{
    int w, h, len = (int)strlen(text);

    getmaxyx(win, h, w);
    mvwaddnstr(win, h / 2, len < w ? (w - len) / 2 : 0, text, w);
}

void
mapview_draw(struct tui *t)
{
    WINDOW *win = t->mapwin;
    int w, h, hb, pw, ph, x, y, sym, gc, gr;
    double s, su, sv, u0, v0;
    long wx0, wy0;
    int dither, hyb;

    if (win == NULL) {
        return;
    }
    t->map_dirty = 0;
    werase(win);
    getmaxyx(win, h, w);
    hb = colors_halfblocks(t);
    sym = colors_symbols(t);
    subcell_grid(sym, &gc, &gr);
    pw = hb ? gc * w : w;
    ph = hb ? gr * h : h;
    s = view_scale(t);
    su = s / view_aspect(t) * w / pw;
    sv = 2.0 * h * s / ph;
    u0 = t->cu - pw / 2.0 * su;
    v0 = t->cv - h * s;
    if (t->map_stale || pw != t->pw || ph != t->ph) {
        resample(t, pw, ph, su, sv, u0, v0);
    }
    if (t->world == NULL) {
        draw_centered(win, t->wst.busy ? "generating ..." : "no world yet");
        wnoutrefresh(win);
        return;
    }
    if (t->sub_w == 0) {
        draw_centered(win, "(outside the map: press 0 to recentre)");
        wnoutrefresh(win);
        return;
    }
    if (gfx_active(t) && draw_pixels(t)) {
        wnoutrefresh(win);   /* blank cells under the image */
        return;
    }
    dither = t->col.mode == TUI_COLOR_256 && layer_dithers(t->world, t->layer);
    hyb = t->col.mode == TUI_COLOR_256 && t->layer == LAYER_COLOR && t->world->gen == GEN_HYBRID &&
          t->world->kind == WORLD_GRID;
    wx0 = lround(u0 / su);
    wy0 = lround(v0 / sv);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            uint32_t c1 = 0, c2 = 0;
            int k1 = 0, k2 = 0, in1, in2, fg, bg, pair;
            char glyph;
            attr_t attr = A_NORMAL;

            if (hb && sym != SUBCELL_HALF) {
                draw_subcell(t, x, y, sym, hyb, dither, wx0, wy0);
            } else if (hb) {
                in1 = pixel(t, x, 2 * y, &c1, &k1);
                in2 = pixel(t, x, 2 * y + 1, &c2, &k2);
                if (!in1 && !in2) {
                    continue;
                }
                if (in1) {
                    fg = pixel_number(t, hyb, x, 2 * y, c1, k1, dither, wx0 + x, wy0 + 2 * y,
                                      &attr);
                    bg = in2 ? pixel_number(t, hyb, x, 2 * y + 1, c2, k2, dither, wx0 + x,
                                            wy0 + 2 * y + 1, NULL)
                             : -1;
                    pair = colors_pair(t, fg, bg);
                    colors_put_cell(win, y, x, L'\u2580', attr, pair);
                } else {
                    fg = pixel_number(t, hyb, x, 2 * y + 1, c2, k2, dither, wx0 + x,
                                      wy0 + 2 * y + 1, &attr);
                    pair = colors_pair(t, fg, -1);
                    colors_put_cell(win, y, x, L'\u2584', attr, pair);
                }
            } else {
                if (!pixel(t, x, y, &c1, &k1)) {
                    continue;
                }
                pair = 0;
                if (t->col.mode != TUI_COLOR_NONE) {
                    fg = colors_number(t, c1, k1, 0, wx0 + x, wy0 + y, &attr);
                    pair = colors_pair(t, fg, -1);
                }
                glyph = mapimg_class_glyph((enum map_class)k1);
                legend_glyph(t, c1, k1, &glyph);   /* a ramp layer's digit */
                colors_put_cell(win, y, x, (wchar_t)(unsigned char)glyph, attr, pair);
            }
        }
    }
    if (t->inspect && t->cur_x < w && t->cur_y < h) {
        colors_put_cell(win, t->cur_y, t->cur_x, L'+', A_REVERSE | A_BOLD, 0);
    }
    wnoutrefresh(win);
}

int
mapview_class_stats(const struct tui *t, long counts[MC_COUNT], uint32_t mean[MC_COUNT])
{
    double sum[MC_COUNT][3];
    size_t i, n = (size_t)t->sub_w * (size_t)t->sub_h;
    int c, total = 0;

    memset(sum, 0, sizeof sum);
    for (c = 0; c < MC_COUNT; c++) {
        counts[c] = 0;
    }
    if (t->world == NULL || t->rgb == NULL) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        c = t->cls[i];
        if (c >= MC_COUNT) {
            continue;
        }
        counts[c]++;
        sum[c][0] += (t->rgb[i] >> 16) & 0xff;
        sum[c][1] += (t->rgb[i] >> 8) & 0xff;
        sum[c][2] += t->rgb[i] & 0xff;
        total++;
    }
    for (c = 0; c < MC_COUNT; c++) {
        if (counts[c] > 0) {
            mean[c] = (uint32_t)lround(sum[c][0] / counts[c]) << 16 |
                      (uint32_t)lround(sum[c][1] / counts[c]) << 8 |
                      (uint32_t)lround(sum[c][2] / counts[c]);
        } else {
            mean[c] = 0;
        }
    }
    return total;
}
