/* help: the `?` overlay listing every key, grouped (doc/keys.md has the
 * same list). Drawn in its own window over the map; any key closes it.
 * Two columns when the list is taller than the screen and two fit its
 * width, else one; entries wrap under their description when the screen is
 * narrower than the longest (nothing is cut). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tui/tui_state.h"

static const char *const help_lines[] = {
    "#Map",
    "arrows, h j k l   pan",
    "+ / - (= / _)     zoom in / out",
    "0                 whole map",
    "a / A             next / previous layer",
    "c                 colour mode: direct, 256, 16/8, none",
    "G                 images: kitty, sixel, iterm, none",
    "S                 symbols: half, sextant, octant",
    "p                 isometric preview / flat map",
    "g                 globe view (planets) / flat map",
    "#Isometric preview",
    "[ / ]             rotate a quarter turn",
    ", / .             time of day -/+ 30 min",
    "+ / -             relief (render.exaggeration)",
    "e / E             export the render / the whole map",
    "#Globe view (planet)",
    "arrows            rotate the globe",
    "h j k l, 0        move the cursor, recentre it",
    "b                 edit mode on / off (status: EDIT)",
    "Enter / x         edit mode: add / remove land",
    "1 - 9             edit mode: brush radius",
    "u / Ctrl-R        undo / redo a land edit",
    "m / space         select the landmass / new planet",
    "e / E             export the globe as shown / the map",
    "q                 asks first with unsaved land edits",
    "#World",
    "n / r             new seed / regenerate now",
    "v                 seed gallery: Enter opens, PgDn pages",
    "Tab / Shift-Tab   next / previous generator",
    "e                 export the view (asks name, then size)",
    "E                 export the whole map (name asked)",
    "#Panels",
    "t                 parameter panel",
    "i                 inspect: arrows move, Shift-arrows x8",
    "L                 legend of the current layer",
    "R                 world report: asked / got",
    "o                 presets: a letter jumps, Enter loads",
    "O                 open a DEM or an exported PNG",
    "w                 save the parameters as a preset",
    "Esc               close the panel or field",
    "#In the parameter panel",
    "Up / Down         select a parameter",
    "Left/Right, - +   step the value",
    "PgUp/PgDn, S-L/R  step x10",
    "Enter             type an exact value",
    "d                 reset to the default",
    "#Other",
    "? / F1            this help",
    "q / Ctrl-C        quit (q asks while an export runs)",
};

/* Width of the key field at the start of each entry ("arrows, h j k l   "). */
#define HELP_KEY_COLS 18
#define HELP_MAX_ROWS 256

/* One display row: a heading, an entry's first part, or the rest of an
 * entry wrapped under its description. */
struct help_row {
    const char *s;
    int len;
    int heading;
    int cont;        /* continuation: indented to the description */
};

/* Wrap every entry to width w (text columns), at spaces; returns the row
 * count. */
static int
help_rows(int w, struct help_row *rows, int max)
{
    int n = (int)(sizeof help_lines / sizeof help_lines[0]), i, k = 0;

    for (i = 0; i < n && k < max; i++) {
        const char *s = help_lines[i];
        int cont = 0;

        if (s[0] == '#') {
            rows[k].s = s + 1;
            rows[k].len = (int)strlen(s + 1);
            rows[k].heading = 1;
            rows[k].cont = 0;
            k++;
            continue;
        }
        while (*s != '\0' && k < max) {
            int room = cont ? w - HELP_KEY_COLS : w, len = (int)strlen(s), fit = len, j;

            if (room < 8) {
                room = 8;
            }
            if (len > room) {
                fit = 0;
                for (j = 1; j <= room; j++) {
                    if (s[j] == ' ' && (cont || j > HELP_KEY_COLS)) {
                        fit = j;
                    }
                }
                if (fit == 0) {
                    fit = room;
                }
            }
            rows[k].s = s;
            rows[k].len = fit;
            rows[k].heading = 0;
            rows[k].cont = cont;
            k++;
            s += fit;
            while (*s == ' ') {
                s++;
            }
            cont = 1;
        }
    }
    return k;
}

/* Draw rows [from, to) in a column at x (the box's row 1 down). */
static void
help_column(WINDOW *win, const struct help_row *rows, int from, int to, int x, int h)
{
    int i, row = 1;

    for (i = from; i >= 0 && i < to && row < h - 1; i++, row++) {
        const struct help_row *r = &rows[i];
        if (r->heading) {
            wattron(win, A_BOLD);
            mvwaddnstr(win, row, x, r->s, r->len);
            wattroff(win, A_BOLD);
        } else {
            mvwaddnstr(win, row, x + 1 + (r->cont ? HELP_KEY_COLS : 0), r->s, r->len);
        }
    }
}

void
help_draw(struct tui *t)
{
    static struct help_row rows[HELP_MAX_ROWS];
    int n = (int)(sizeof help_lines / sizeof help_lines[0]);
    int longest = 0, colw, textw, ncol = 1, split, nrows, w, h, y, x, i, shown;
    int avail = t->rows - TUI_STATUS_ROWS;
    WINDOW *win;

    for (i = 0; i < n; i++) {
        int len = (int)strlen(help_lines[i]);
        longest = len > longest ? len : longest;
    }
    /* A column is the longest entry, its one-space indent and a gap. Two
     * columns when one does not fit the height but two fit the width;
     * otherwise one, wrapped to the screen when it is narrower. */
    colw = longest + 3;
    if (n + 2 > avail && t->cols >= 2 * colw + 2) {
        ncol = 2;
    }
    textw = ncol == 2 ? longest : (t->cols - 6 < longest ? t->cols - 6 : longest);
    nrows = help_rows(textw, rows, HELP_MAX_ROWS);
    split = nrows;
    if (ncol == 2) {
        /* the split falls on the heading nearest the middle */
        for (i = 1; i < nrows; i++) {
            if (rows[i].heading && abs(2 * i - nrows) < abs(2 * split - nrows)) {
                split = i;
            }
        }
    }
    shown = ncol == 1 ? nrows : (split > nrows - split ? split : nrows - split);
    w = ncol == 2 ? 2 * colw + 2 : textw + 5;
    h = shown + 2;
    if (w > t->cols) {
        w = t->cols;
    }
    if (h > avail) {
        h = avail;
    }
    if (w < 10 || h < 4) {
        return;
    }
    y = (avail - h) / 2;
    x = (t->cols - w) / 2;
    win = newwin(h, w, y < 0 ? 0 : y, x < 0 ? 0 : x);
    if (win == NULL) {
        return;
    }
    /* A short terminal scrolls the list (help_key). */
    t->help_max = shown - (h - 2) > 0 ? shown - (h - 2) : 0;
    if (t->help_top > t->help_max) {
        t->help_top = t->help_max;
    }
    werase(win);
    tui_box(t, win);
    mvwaddnstr(win, 0, 2, " orogen keys ", w - 4);
    help_column(win, rows, t->help_top, split, 2, h);
    if (ncol == 2) {
        help_column(win, rows, split + t->help_top, nrows, 2 + colw, h);
    }
    if (t->help_max > 0) {
        mvwaddnstr(win, h - 1, 2,
                   t->help_top < t->help_max ? " Down/PgDn: more, any other key closes "
                                             : " Up/PgUp: back, any other key closes ",
                   w - 4);
    } else {
        mvwaddnstr(win, h - 1, 2, " any key closes ", w - 4);
    }
    /* Over a sixel or iTerm2 image curses must send the box's blank cells
     * too (it believes the map cells under them are blank already). */
    if (gfx_active(t)) {
        redrawwin(win);
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
