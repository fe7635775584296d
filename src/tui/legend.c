/* legend: what the colours and glyphs of the current view mean. In the
 * direct and 256-colour modes the top part is the layer's own legend
 * (render/legend.h): its classes with a swatch, name and share of the
 * world, or its colour ramp with the values at the ends (the rivers' flow
 * scale, the elevation range ...); in glyph mode the glyphs drawn in the
 * view, with their share of it, come first (below a ramp). In the 8/16-colour and
 * monochrome modes the map draws every layer by terrain class, so the
 * legend is that class list alone, each swatch drawn exactly as the map
 * draws the class. Reachable with L and shown automatically in glyph mode
 * (when no other panel is open). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "core/planet/planet_names.h"
#include "render/legend.h"
#include "render/tint.h"
#include "tui/colorquant.h"
#include "tui/legend_flow.h"
#include "tui/tui_state.h"

/* The legend of the shown world and layer, rebuilt when either changes
 * (the cache holds a reference, so the address is not reused meanwhile). */
static struct legend cached;
static struct world *cached_world;
static int cached_layer = -1;

void
legend_free(void)
{
    world_unref(cached_world);
    cached_world = NULL;
    cached_layer = -1;
}

static const struct legend *
current_legend(struct tui *t)
{
    struct og_error err;

    if (t->world == NULL) {
        return NULL;
    }
    if (cached_world != t->world || cached_layer != (int)t->layer) {
        legend_free();
        if (legend_build(t->world, t->layer, &cached, &err) != OG_OK) {
            return NULL;
        }
        cached_world = world_ref(t->world);
        cached_layer = (int)t->layer;
    }
    return &cached;
}

/* Glyph mode (no colours) draws a layer with a colour ramp (elevation,
 * moisture, flow, roughness, forest, wear ...) as digits, 0 the ramp's low
 * end to 9 its high end, and that layer's own exact classes (water beside
 * the moisture ramp, lakes) with their glyph: the pixel's colour is matched
 * to the nearest ramp stop or class swatch (findings tui.md item 2: the
 * glyph map showed terrain classes whatever the layer). Digits are no
 * class's glyph (render/mapimg.c), so the two never read alike. */
static int
glyph_ramp_layer(struct tui *t, const struct legend **out)
{
    const struct legend *lg;

    if (t->col.mode != TUI_COLOR_NONE || (lg = current_legend(t)) == NULL || lg->nramp < 2) {
        return 0;
    }
    *out = lg;
    return 1;
}

/* Distance of two colours for the match, in 1/1e6: mostly their direction
 * in RGB, since the map's hill shading scales a colour (mapimg.c shade),
 * plus a tenth of their brightness difference. */
static long
rgb_dist(uint32_t a, uint32_t b)
{
    double x[3] = { (a >> 16) & 0xff, (a >> 8) & 0xff, a & 0xff };
    double y[3] = { (b >> 16) & 0xff, (b >> 8) & 0xff, b & 0xff };
    double nx = x[0] + x[1] + x[2] + 1.0, ny = y[0] + y[1] + y[2] + 1.0, d = 0.0;
    int i;
    for (i = 0; i < 3; i++) {
        d += (x[i] / nx - y[i] / ny) * (x[i] / nx - y[i] / ny);
    }
    d += 0.1 * ((nx - ny) / 766.0) * ((nx - ny) / 766.0);
    return (long)(d * 1e6);
}

static char
ramp_digit(int k, int nramp)
{
    return (char)('0' + (k * 9 + (nramp - 1) / 2) / (nramp - 1));
}

int
legend_glyph(struct tui *t, uint32_t rgb, int cls, char *glyph)
{
    const struct legend *lg;
    long best = -1, d;
    int i, k = 0, entry = -1, from = 0, to;

    if (!glyph_ramp_layer(t, &lg)) {
        return 0;
    }
    to = lg->nramp;
    if (lg->layer == LAYER_ELEVATION) {
        /* the hypsometric tint (render/tint.h) at 101 points: its sand at
         * the coast falls between the legend's 16 stops, and matched to
         * them read as grey highland; the sea's pixels take the tint's
         * lower half, the land's its upper half */
        static uint32_t hyps[101];
        static int have;
        int sea = cls == MC_DEEP || cls == MC_WATER;
        if (!have) {
            for (i = 0; i <= 100; i++) {
                hyps[i] = tint_hypsometric(-1.0 + i / 50.0);
            }
            have = 1;
        }
        /* a beach pixel is the anti-aliased coast (mapimg.c), a blend of
         * sea and sand that reads as grey highland: it is the coast */
        for (i = sea ? 0 : 50; cls != MC_BEACH && i <= (sea ? 49 : 100); i++) {
            if ((d = rgb_dist(rgb, hyps[i])) < best || best < 0) {
                best = d;
                k = i;
            }
        }
        from = to = 0;
        k = cls == MC_BEACH ? 50 : k;
        k = k * (lg->nramp - 1) / 100;   /* as a ramp index */
    }
    for (i = from; i < to; i++) {
        if ((d = rgb_dist(rgb, lg->ramp[i])) < best || best < 0) {
            best = d;
            k = i;
        }
    }
    for (i = 0; i < lg->n; i++) {
        if (lg->e[i].exact && lg->e[i].glyph != '\0' &&
            (d = rgb_dist(rgb, lg->e[i].rgb)) < best) {
            best = d;
            entry = i;
        }
    }
    *glyph = entry >= 0 ? lg->e[entry].glyph : ramp_digit(k, lg->nramp);
    return 1;
}

/* In 256 colours two classes can fall on one palette entry (temperate
 * rain forest and marsh both 65): a legend whose swatches look alike tells
 * nothing. number[i] gets each entry's palette colour, a later entry that
 * would repeat an earlier one taking the nearest unused entry (OKLab) of
 * its own hue family; -1 (the usual mapping) in other modes. */
static void
distinct_256(struct tui *t, const struct legend *lg, int number[LEGEND_MAX])
{
    int i, j, k;
    for (i = 0; i < LEGEND_MAX; i++) {
        number[i] = -1;
    }
    if (t->col.mode != TUI_COLOR_256) {
        return;
    }
    for (i = 0; i < lg->n && i < LEGEND_MAX; i++) {
        attr_t attr = A_NORMAL;
        int c = colors_number(t, lg->e[i].rgb, MC_LOW, 0, 0, 0, &attr), taken = 0;
        for (j = 0; j < i; j++) {
            taken |= number[j] == c;
        }
        if (taken) {
            struct quant_lab a = quant_oklab(lg->e[i].rgb);
            enum quant_family f = quant_family(lg->e[i].rgb);
            double best = 1e30;
            for (k = 16; k < 256; k++) {
                struct quant_lab b;
                uint32_t krgb = quant_xterm_rgb(k);
                double d;
                int used = 0;
                for (j = 0; j < i; j++) {
                    used |= number[j] == k;
                }
                if (used || quant_family(krgb) != f) {
                    continue;
                }
                b = quant_oklab(krgb);
                d = (a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) +
                    (a.b - b.b) * (a.b - b.b);
                if (d < best) {
                    best = d;
                    c = k;
                }
            }
        }
        number[i] = c;
    }
}

/* Two cells of colour rgb in the direct or 256-colour mode (colour
 * without map classes): full blocks, or "##" in the colour in glyph mode,
 * where the map's glyphs are the terrain classes of class_list. number >= 0
 * forces that palette entry (distinct_256). */
static void
swatch(struct tui *t, WINDOW *win, int row, int x, uint32_t rgb, int number)
{
    attr_t attr = A_NORMAL;
    int pair = 0, i;
    wchar_t wc[2] = { L'#', L'\0' };
    cchar_t cc;

    if (colors_halfblocks(t) && t->utf8) {
        wc[0] = L'\u2580';  /* same colour above and below: a block */
    }
    if (t->col.mode != TUI_COLOR_NONE) {
        int c = number >= 0 ? number : colors_number(t, rgb, MC_LOW, 0, 0, 0, &attr);
        pair = colors_pair(t, c, colors_halfblocks(t) ? c : -1);
    }
    setcchar(&cc, wc, attr, 0, &pair);
    for (i = 0; i < 2; i++) {
        mvwadd_wch(win, row, x + i, &cc);
    }
}

static void
ramp(struct tui *t, WINDOW *win, int row, int w, const struct legend *lg)
{
    int n = w - 4 < 32 ? w - 4 : 32, i;

    if (n < 8) {
        return;
    }
    for (i = 0; i < n; i++) {
        int k = i * (lg->nramp - 1) / (n - 1);
        attr_t attr = A_NORMAL;
        cchar_t cc;
        wchar_t wc[2] = { t->utf8 ? L'\u2588' : L'#', L'\0' };
        int pair = 0;
        if (t->col.mode != TUI_COLOR_NONE) {
            int c = colors_number(t, lg->ramp[k], MC_LOW, 0, 0, 0, &attr);
            pair = colors_pair(t, c, c);
        } else {
            wc[0] = (wchar_t)ramp_digit(k, lg->nramp);
        }
        setcchar(&cc, wc, attr, 0, &pair);
        mvwadd_wch(win, row, 2 + i, &cc);
    }
    mvwaddnstr(win, row + 1, 2, lg->lo_label, n / 2 - 1);
    {
        int len = (int)strlen(lg->hi_label);
        int x = 2 + n - len > 2 + n / 2 ? 2 + n - len : 2 + n / 2;
        mvwaddnstr(win, row + 1, x, lg->hi_label, w - x - 1);
    }
}

/* The terrain classes of the view (render/mapimg.h enum map_class) as the
 * map draws them: in glyph mode the class glyph in the colour the map gives
 * it, with half blocks a cell of that colour (U+2580 with the same colour
 * above and below, so it reads as a full block). The colour comes from the
 * same colors_number call as the map's, on the class's mean view colour, so
 * in the 8/16-colour modes, where a cell's colour depends on its class
 * alone, each swatch is exactly the colour of that class's cells. Classes
 * the screen cannot tell apart (snow and ice both bright white in 16
 * colours, with half blocks or one glyph) share one line. Fills first[] with
 * the classes listed (each with merged_into for the others) and returns
 * their number; total gets the view's pixel count. */
struct class_rows {
    long counts[MC_COUNT];
    uint32_t mean[MC_COUNT];
    int merged_into[MC_COUNT];
    int total, n;
};

static void
class_rows(struct tui *t, struct class_rows *cr)
{
    int c, d, hb = colors_halfblocks(t), fgs[MC_COUNT];

    cr->total = mapview_class_stats(t, cr->counts, cr->mean);
    cr->n = 0;
    for (c = 0; c < MC_COUNT; c++) {
        attr_t attr = A_NORMAL;
        fgs[c] = cr->counts[c] > 0 && t->col.mode != TUI_COLOR_NONE
                     ? colors_number(t, cr->mean[c], c, 0, 0, 0, &attr) : -1;
    }
    for (c = 0; c < MC_COUNT; c++) {
        cr->merged_into[c] = -1;
        for (d = 0; d < c && cr->counts[c] > 0 && fgs[c] >= 0; d++) {
            if (cr->counts[d] > 0 && cr->merged_into[d] < 0 && fgs[d] == fgs[c] &&
                (hb || mapimg_class_glyph((enum map_class)d) ==
                           mapimg_class_glyph((enum map_class)c))) {
                cr->merged_into[c] = d;
                break;
            }
        }
        cr->n += cr->counts[c] > 0 && cr->merged_into[c] < 0;
    }
}

static void
class_list(struct tui *t, struct flow *f, const struct class_rows *cr, const char *title)
{
    int c, hb = colors_halfblocks(t), left = cr->n + 1;

    if (cr->total == 0) {
        return;
    }
    flow_text(f, title, left--);
    for (c = 0; c < MC_COUNT; c++) {
        char share[16], name[40];
        attr_t attr = A_NORMAL;
        int pair = 0, i, d, row;
        long n = cr->counts[c];
        wchar_t wc[2] = { L' ', L'\0' };
        cchar_t cc;

        if (cr->counts[c] == 0 || cr->merged_into[c] >= 0) {
            continue;
        }
        snprintf(name, sizeof name, "%s", mapimg_class_name((enum map_class)c));
        for (d = c + 1; d < MC_COUNT; d++) {
            if (cr->merged_into[d] == c) {
                size_t len = strlen(name);
                snprintf(name + len, sizeof name - len, ", %s",
                         mapimg_class_name((enum map_class)d));
                n += cr->counts[d];
            }
        }
        share_text(share, sizeof share, (n * 100.0) / cr->total);
        row = flow_entry(f, name, share, left--);
        if (row < 0) {
            return;
        }
        wc[0] = hb ? L'\u2580' : (wchar_t)(unsigned char)mapimg_class_glyph((enum map_class)c);
        if (t->col.mode != TUI_COLOR_NONE) {
            int fg = colors_number(t, cr->mean[c], c, 0, 0, 0, &attr);
            pair = colors_pair(t, fg, hb ? fg : -1);
        }
        setcchar(&cc, wc, attr, 0, &pair);
        for (i = 0; i < 2; i++) {
            mvwadd_wch(f->win, row, f->col + 1 + i, &cc);
        }
    }
}

/* A planet's named places (planet_names.h), share of the globe (drained). */
static void
names_list(const struct world *w, struct flow *f, int left)
{
    size_t i;
    for (i = 0; w != NULL && w->names != NULL && i < w->names->nplace && !f->full; i++) {
        const struct place *p = &w->names->place[i];
        char name[48], share[16];
        snprintf(name, sizeof name, "%s %s", p->name, place_kind_name(p->kind));
        share_text(share, sizeof share, 100.0 * (double)p->cells / (double)w->ncells);
        flow_entry(f, name, share, left--);
    }
}

/* Whether the map draws terrain classes rather than the layer's colours:
 * the 8/16-colour palette (quant_class_ansi) and monochrome glyphs. The
 * layer's own colours would then explain nothing on screen. */
static int
class_mode(struct tui *t)
{
    const struct legend *lg;
    return t->col.mode == TUI_COLOR_16 ||
           (t->col.mode == TUI_COLOR_NONE && !glyph_ramp_layer(t, &lg));
}

void
legend_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    const struct legend *lg;
    int w, h, row, i, number[LEGEND_MAX], lines, glyphs, top;
    char head[96], share[16];
    struct class_rows cr;
    struct flow f;

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    werase(win);
    lg = current_legend(t);
    wattron(win, A_BOLD);
    if (lg != NULL && class_mode(t)) {
        snprintf(head, sizeof head, "Legend: %.16s - terrain classes", mapimg_layer_name(t->layer));
    } else {
        snprintf(head, sizeof head, "Legend: %.16s%s%.40s", mapimg_layer_name(t->layer),
                 lg != NULL ? " - " : "", lg != NULL ? lg->title : "");
    }
    mvwaddnstr(win, 0, 1, head, w - 2);
    wattroff(win, A_BOLD);
    if (lg == NULL) {
        mvwaddnstr(win, 1, 1, "(nothing drawn yet)", w - 2);
        wnoutrefresh(win);
        return;
    }
    class_rows(t, &cr);
    top = 1;
    if (t->view == TUI_VIEW_ISO && !colors_halfblocks(t)) {
        /* the iso preview's glyphs are its shading, not the map's classes
         * listed below (isoview.c; findings item 2) */
        mvwaddnstr(win, top++, 1, "iso preview: shade ' .:-=+*#%@' dark to light", w - 2);
    }
    if (class_mode(t)) {
        /* 8/16 colours and monochrome glyphs draw every layer by terrain
         * class: list those classes, as drawn, and say why */
        int more = t->col.available[TUI_COLOR_256] || t->col.available[TUI_COLOR_DIRECT];
        flow_init(&f, win, top, w, h, cr.n + 1 + 2 * more);
        class_list(t, &f, &cr,
                   t->col.mode == TUI_COLOR_NONE ? "glyphs (view share):"
                                                 : "colours (view share):");
        if (more && !f.full && f.row + 1 < h) {
            f.row++;
            flow_text(&f, "c: more colours", 1);
        }
        wnoutrefresh(win);
        return;
    }
    row = top;
    if (lg->nramp > 0 && row + 2 <= h) {
        ramp(t, win, row, w, lg);
        row += 2;
        if (lg->note[0] != '\0' && row < h) {
            mvwaddnstr(win, row++, 2, lg->note, w - 3);
        }
    }
    /* The classes in the legend's order ("world %" is their share of all
     * cells), the lines, the note, then in glyph mode the glyphs: one flow. */
    glyphs = !colors_halfblocks(t) && cr.total > 0 && t->col.mode != TUI_COLOR_NONE;
    lines = lg->n + (lg->lines[0] != '\0') +
            (lg->nramp == 0 ? text_rows(lg->note, w / 2) : 0) + (glyphs ? cr.n + 3 : 0) +
            (t->world != NULL && t->world->names != NULL ? (int)t->world->names->nplace : 0);
    flow_init(&f, win, row, w, h, lines);
    if (glyphs) {
        /* the glyphs first: they are what the map draws, so they must not
         * be the part that falls off a small panel (findings item 4) */
        class_list(t, &f, &cr, "glyphs (view share):");
        lines -= cr.n + 2;
        if (!f.full && f.row > f.top && f.row < h) {
            f.row++;
        }
    }
    distinct_256(t, lg, number);
    for (i = 0; i < lg->n; i++) {
        share_text(share, sizeof share, 100.0 * lg->e[i].share);
        row = flow_entry(&f, lg->e[i].name, share, lines--);
        if (row < 0) {
            break;
        }
        swatch(t, win, row, f.col + 1, lg->e[i].rgb, number[i]);
        if (t->col.mode == TUI_COLOR_NONE && lg->e[i].glyph != '\0') {
            char two[3] = { lg->e[i].glyph, lg->e[i].glyph, '\0' };
            mvwaddnstr(win, row, f.col + 1, two, 2);   /* the digits' classes */
        }
    }
    if (lg->lines[0] != '\0') {
        share_text(share, sizeof share, 100.0 * lg->lines_share);
        row = flow_entry(&f, lg->lines, share, lines--);
        if (row >= 0) {
            swatch(t, win, row, f.col + 1, lg->lines_rgb, -1);
        }
    }
    if (lg->nramp == 0 && lg->note[0] != '\0') {
        flow_text(&f, lg->note, lines--);
    }
    names_list(t->world, &f, lines);
    wnoutrefresh(win);
}
