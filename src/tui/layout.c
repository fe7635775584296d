/* layout: the TUI's windows (map, panel at the side or below, status
 * lines) and drawing one frame of them with a single doupdate. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/tui_state.h"

void
tui_delete_windows(struct tui *t)
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

void
tui_layout(struct tui *t)
{
    int rows, cols, avail, mrows, mcols;

    tui_delete_windows(t);
    gfx_invalidate(t);
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
        /* the legend's list is long: it stays at the side down to 72
         * columns while the map square is larger there than above it */
        int below_rows = avail - (avail - 3 < TUI_PANEL_ROWS ? avail - 3 : TUI_PANEL_ROWS);
        int side_sq = cols - TUI_PANEL_COLS < 2 * avail ? cols - TUI_PANEL_COLS : 2 * avail;
        int below_sq = cols < 2 * below_rows ? cols : 2 * below_rows;
        if (cols - TUI_PANEL_COLS >= TUI_SIDE_MIN_MAP ||
            (t->panel == PANEL_LEGEND && cols - TUI_PANEL_COLS >= 24 && side_sq > below_sq)) {
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
        tui_delete_windows(t);
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
    galleryview_relayout(t);
}

void
tui_set_panel(struct tui *t, enum tui_panel p)
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
    tui_layout(t);
}

void
tui_panel_begin(WINDOW *win, const char *title, int *h, int *w)
{
    getmaxyx(win, *h, *w);
    werase(win);
    wattron(win, A_BOLD);
    mvwaddnstr(win, 0, 1, title, *w - 2);
    wattroff(win, A_BOLD);
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
    /* The two sizes stay on one line (compact when even that is too wide). */
    y = put_wrapped(t, 0, "terminal too small:");
    snprintf(text, sizeof text, "%dx%d < %dx%d", t->cols, t->rows, TUI_MIN_COLS, TUI_MIN_ROWS);
    if ((int)strlen(text) > t->cols) {
        snprintf(text, sizeof text, "%dx%d<%dx%d", t->cols, t->rows, TUI_MIN_COLS, TUI_MIN_ROWS);
    }
    if (y < t->rows) {
        mvwaddnstr(stdscr, y++, 0, text, t->cols);
    }
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
    case PANEL_REPORT:
        report_draw(t);
        break;
    default:
        break;
    }
}

void
tui_draw_frame(struct tui *t)
{
    int drew = 0, map_drawn = 0;

    if (t->too_small) {
        if (t->chrome_dirty || t->map_dirty) {
            draw_too_small(t);
            t->chrome_dirty = t->map_dirty = 0;
            doupdate();
            gfx_flush(t, 1);
        }
        return;
    }
    if (colors_check_reset(t)) {
        t->map_dirty = t->chrome_dirty = 1;
    }
    if (t->map_dirty) {
        if (t->gallery) {
            galleryview_draw(t);
        } else if (t->view == TUI_VIEW_GLOBE) {
            globeview_draw(t);
        } else if (t->view == TUI_VIEW_ISO) {
            isoview_draw(t);
        } else {
            mapview_draw(t);
        }
        drew = map_drawn = 1;
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
        /* real images go out after curses has drawn the blank map window */
        gfx_flush(t, map_drawn);
    }
}
