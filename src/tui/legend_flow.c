/* legend_flow: the legend panel's column flow and entries (legend_flow.h). */
#include "config.h"
#include "tui/legend_flow.h"

#include <stdio.h>
#include <string.h>

#include "tui/abbrev.h"

/* "12%", or "<1%" for a class present but under half a percent. */
void
share_text(char *buf, size_t size, double pct)
{
    if (pct > 0.0 && pct < 0.5) {
        snprintf(buf, size, "<1%%");
    } else {
        snprintf(buf, size, "%.0f%%", pct);
    }
}

void
flow_init(struct flow *f, WINDOW *win, int top, int w, int h, int lines)
{
    int per = h - top, ncols;

    f->win = win;
    f->top = f->row = top;
    f->col = 0;
    f->w = w;
    f->h = h;
    f->full = 0;
    ncols = per > 0 ? (lines + per - 1) / per : 1;
    ncols = ncols < 1 ? 1 : ncols;
    f->colw = w / ncols;
    if (f->colw < FLOW_MIN_COLS) {
        f->colw = w / FLOW_MIN_COLS > 0 ? w / (w / FLOW_MIN_COLS) : w;
    }
}

/* The row of the next line (its column at f->col), or -1 when the panel is
 * full; a line at the bottom of the last column is kept for "more". */
int
flow_next(struct flow *f, int remaining)
{
    int last_col = f->col + 2 * f->colw > f->w;

    if (f->full) {
        return -1;
    }
    if (f->row >= f->h || (last_col && f->row == f->h - 1 && remaining > 1)) {
        if (last_col) {
            int pair = 0;
            wattr_set(f->win, A_NORMAL, 0, &pair);
            if (f->row < f->h) {
                mvwaddnstr(f->win, f->row, f->col + 1, "... (more: enlarge)",
                           f->colw - 2);
            }
            f->full = 1;
            return -1;
        }
        f->row = f->top;
        f->col += f->colw;
    }
    return f->row++;
}

/* Text in the flow (a title or note), word-wrapped to the column. */
void
flow_text(struct flow *f, const char *text, int remaining)
{
    int width = f->colw - 2 > 1 ? f->colw - 2 : 1;

    while (*text != '\0') {
        int len = (int)strlen(text), fit = len, i, row;

        if (len > width) {
            fit = 0;
            for (i = 1; i <= width; i++) {
                if (text[i] == ' ') {
                    fit = i;
                }
            }
            fit = fit == 0 ? width : fit;
        }
        row = flow_next(f, remaining);
        if (row < 0) {
            return;
        }
        mvwaddnstr(f->win, row, f->col + 1, text, fit);
        text += fit;
        while (*text == ' ') {
            text++;
        }
    }
}

/* Rows flow_text needs for text in a column of width colw. */
int
text_rows(const char *text, int colw)
{
    int width = colw - 2 > 1 ? colw - 2 : 1, len = (int)strlen(text);
    return len == 0 ? 0 : (len + width - 1) / width + (len > width);
}

/* An entry: a two-cell swatch (drawn by the caller at the returned row and
 * f->col + 1), the name fitted by whole words (abbrev.h) and the share
 * right-aligned. */
int
flow_entry(struct flow *f, const char *name, const char *share, int remaining)
{
    char line[160], fit[128];
    int row = flow_next(f, remaining), nw = f->colw - 9, used;
    int pair = 0;

    if (row < 0) {
        return -1;
    }
    nw = nw < 4 ? 4 : nw > 28 ? 28 : nw;
    wattr_set(f->win, A_NORMAL, 0, &pair);
    /* whole words, abbreviated where the column is narrow (issue 29:
     * "Kafeshwesh rive", "water (sea, lak" at 80x24) */
    used = abbrev_fit(name, nw, fit, sizeof fit);
    snprintf(line, sizeof line, " %s%*s %4s", fit, nw - used, "", share);
    mvwaddnstr(f->win, row, f->col + 3, line, f->colw - 3 > 0 ? f->colw - 3 : 0);
    return row;
}
