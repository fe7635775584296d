/* legend: the classes drawn in the current view, with their glyph, a colour
 * swatch in the active mode, their name and share of the view. Reachable
 * with L and shown automatically in glyph mode (when no other panel is
 * open), since glyphs need a key to be read. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "tui/tui_state.h"

/* The hypsometric ramp of the elevation layer (render/mapimg.h), deep sea
 * to peak, with the coast and the world's highest point marked. */
static void
ramp(struct tui *t, WINDOW *win, int row, int w)
{
    const struct world *wd = t->world;
    int n = w - 4 < 30 ? w - 4 : 30, i;
    char lo[32], hi[32];

    if (n < 8) {
        return;
    }
    for (i = 0; i < n; i++) {
        attr_t attr = A_NORMAL;
        int c = colors_number(t, mapimg_hypsometric(-1.0 + 2.0 * i / (n - 1)), MC_LOW, 0, 0, 0,
                              &attr);
        int pair = colors_pair(t, c, c);
        cchar_t cc;
        wchar_t wc[2] = { t->utf8 ? L'\u2588' : L'#', L'\0' };
        setcchar(&cc, wc, attr, 0, &pair);
        mvwadd_wch(win, row, 2 + i, &cc);
    }
    /* The ramp runs from the deepest sea to the highest peak; the world's
     * own top is printed at its end (it need not have any sea). */
    snprintf(lo, sizeof lo, "deep");
    if (wd->gen == GEN_DEM) {
        snprintf(hi, sizeof hi, "%.0f m", (double)wd->elev_max);
    } else {
        snprintf(hi, sizeof hi, "peak %.2f", (double)wd->elev_max);
    }
    mvwaddnstr(win, row + 1, 2, lo, n);
    mvwaddnstr(win, row + 1, 2 + n / 2 - 2, "coast", 5);
    mvwaddnstr(win, row + 1, 2 + n - (int)strlen(hi) > 2 + n / 2 + 4 ? 2 + n - (int)strlen(hi)
                                                                      : 2 + n / 2 + 4,
               hi, w - n / 2 - 8);
}

void
legend_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    long counts[MC_COUNT];
    uint32_t mean[MC_COUNT];
    int w, h, total, c, row, col, hb;

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    werase(win);
    wattron(win, A_BOLD);
    mvwprintw(win, 0, 1, "Legend: %s", mapimg_layer_name(t->layer));
    wattroff(win, A_BOLD);
    total = mapview_class_stats(t, counts, mean);
    if (total == 0) {
        mvwaddnstr(win, 1, 1, "(nothing drawn yet)", w - 2);
        wnoutrefresh(win);
        return;
    }
    hb = colors_halfblocks(t);
    row = 1;
    col = 0;
    for (c = 0; c < MC_COUNT; c++) {
        char line[64];
        attr_t attr = A_NORMAL;
        int pair = 0;
        if (counts[c] == 0) {
            continue;
        }
        if (row >= h) {
            /* A bottom panel is short: continue in a second column. */
            row = 1;
            col += 20;
            if (col + 18 > w) {
                break;
            }
        }
        if (t->col.mode != TUI_COLOR_NONE) {
            int fg = colors_number(t, mean[c], c, 0, 0, 0, &attr);
            pair = colors_pair(t, fg, hb ? fg : -1);
        }
        wattr_set(win, attr, 0, &pair);
        mvwaddch(win, row, col + 1, (chtype)(unsigned char)mapimg_class_glyph((enum map_class)c));
        waddch(win, (chtype)(unsigned char)mapimg_class_glyph((enum map_class)c));
        pair = 0;
        wattr_set(win, A_NORMAL, 0, &pair);
        snprintf(line, sizeof line, " %-10s %3ld%%", mapimg_class_name((enum map_class)c),
                 (counts[c] * 100 + total / 2) / total);
        waddnstr(win, line, w - col - 4 > 0 ? w - col - 4 : 0);
        row++;
    }
    if (t->layer == LAYER_ELEVATION && t->col.mode != TUI_COLOR_NONE && t->world != NULL &&
        row + 2 < h && col == 0) {
        ramp(t, win, row + 1, w);
    }
    wnoutrefresh(win);
}
