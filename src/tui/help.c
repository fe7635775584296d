/* help: the `?` overlay listing every key, grouped (doc/keys.md has the
 * same list). Drawn in its own window over the map; any key closes it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui/tui_state.h"

static const char *const help_lines[] = {
    "#Map",
    "arrows, h j k l   pan",
    "+ / -             zoom in / out",
    "0                 whole map",
    "a / A             next / previous layer",
    "c                 colour mode: direct, 256, 16/8, none",
    "p                 isometric preview / flat map",
    "g                 globe view (planets) / flat map",
    "#Isometric preview",
    "[ / ]             rotate a quarter turn",
    ", / .             time of day -/+ 30 min",
    "+ / -             relief (render.exaggeration)",
    "e                 export the render (name, size asked)",
    "#Globe view (planet)",
    "arrows, W A S D   rotate the globe",
    "h j k l, 0        move the cursor, recentre it",
    "+ / -             add / remove land under the cursor",
    "m                 select the landmass under it",
    "space             new planet",
    "e                 export the globe as shown (PNG)",
    "#World",
    "n                 new seed",
    "r                 regenerate now",
    "Tab / Shift-Tab   next / previous generator",
    "e                 export the view on screen (PNG)",
    "E                 export the whole world's map",
    "                  (file name, then size, asked)",
    "#Panels",
    "t                 parameter panel",
    "i                 inspect cursor (cell values)",
    "L                 legend of the current layer",
    "o                 load a preset (Esc or q closes)",
    "w                 save the parameters as a preset",
    "Esc               close the panel or field",
    "#In the parameter panel",
    "Up / Down         select a parameter",
    "Left/Right, - +   step the value",
    "PgUp/PgDn, S-L/R  step x10",
    "Enter             type an exact value",
    "d                 reset to the default",
    "#Other",
    "?                 this help",
    "q                 quit (asks while an export runs)",
};

/* Draw lines [from, to) of the help in a column at x. */
static void
help_column(WINDOW *win, int from, int to, int x, int w, int h)
{
    int i, row = 1;

    for (i = from; i >= 0 && i < to && row < h - 1; i++, row++) {
        const char *s = help_lines[i];
        if (s[0] == '#') {
            wattron(win, A_BOLD);
            mvwaddnstr(win, row, x, s + 1, w);
            wattroff(win, A_BOLD);
        } else {
            mvwaddnstr(win, row, x + 1, s, w - 1);
        }
    }
}

void
help_draw(struct tui *t)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    int colw = 54, ncol = 1, split = n, w, h, y, x, i, rows;
    WINDOW *win;

    /* Two columns when one does not fit the height but two fit the width;
     * the split falls on a group heading. */
    if (n + 2 > t->rows - TUI_STATUS_ROWS && t->cols >= 2 * colw + 4) {
        ncol = 2;
        for (i = 1; i < n; i++) {
            if (help_lines[i][0] == '#' && abs(2 * i - n) < abs(2 * split - n)) {
                split = i;
            }
        }
    }
    rows = ncol == 1 ? n : (split > n - split ? split : n - split);
    w = ncol * colw + 2;
    h = rows + 2;
    if (w > t->cols - 2) {
        w = t->cols - 2;
    }
    if (h > t->rows - TUI_STATUS_ROWS) {
        h = t->rows - TUI_STATUS_ROWS;
    }
    if (w < 10 || h < 4) {
        return;
    }
    y = (t->rows - TUI_STATUS_ROWS - h) / 2;
    x = (t->cols - w) / 2;
    win = newwin(h, w, y < 0 ? 0 : y, x < 0 ? 0 : x);
    if (win == NULL) {
        return;
    }
    /* A short terminal scrolls the list (help_key). */
    t->help_max = rows - (h - 2) > 0 ? rows - (h - 2) : 0;
    if (t->help_top > t->help_max) {
        t->help_top = t->help_max;
    }
    werase(win);
    tui_box(t, win);
    mvwaddnstr(win, 0, 2, " orogen keys ", w - 4);
    help_column(win, t->help_top, split, 2, (ncol == 1 ? w : colw) - 3, h);
    if (ncol == 2) {
        help_column(win, split + t->help_top, n, 2 + colw, colw - 3, h);
    }
    if (t->help_max > 0) {
        mvwaddnstr(win, h - 1, 2,
                   t->help_top < t->help_max ? " Down/PgDn: more, any other key closes "
                                             : " Up/PgUp: back, any other key closes ",
                   w - 4);
    } else {
        mvwaddnstr(win, h - 1, 2, " any key closes ", w - 4);
    }
    wnoutrefresh(win);
    delwin(win);
}

int
help_key(struct tui *t, int ch)
{
    int page = t->rows - TUI_STATUS_ROWS - 3 > 1 ? t->rows - TUI_STATUS_ROWS - 3 : 1;
    int top = t->help_top;

    switch (ch) {
    case KEY_DOWN: case 'j': top += 1; break;
    case KEY_NPAGE: case ' ': top += page; break;
    case KEY_UP: case 'k': top -= 1; break;
    case KEY_PPAGE: top -= page; break;
    default: return 0;
    }
    if (t->help_max == 0) {
        return 0;
    }
    t->help_top = top < 0 ? 0 : top > t->help_max ? t->help_max : top;
    /* The overlay is redrawn over a freshly drawn map. */
    t->map_dirty = t->chrome_dirty = 1;
    return 1;
}
