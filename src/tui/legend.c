/* legend: the classes drawn in the current view, with their glyph, a colour
 * swatch in the active mode, their name and share of the view. Reachable
 * with L and shown automatically in glyph mode (when no other panel is
 * open), since glyphs need a key to be read. */
#include "config.h"

#include <stdio.h>

#include "tui/tui_state.h"

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
    wnoutrefresh(win);
}
