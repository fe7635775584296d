/* legend_flow: the legend panel's layout (legend.c): lines that flow down
 * one column after the other, entries of a swatch, a name fitted to the
 * column by whole words (abbrev.h) and a share. Main thread only. */
#ifndef OROGEN_TUI_LEGEND_FLOW_H
#define OROGEN_TUI_LEGEND_FLOW_H

#include <stddef.h>

#include "tui/curses_compat.h"

/* The panel's lines flow down one column after the other (column-major),
 * so no part is drawn over another (stop 13's finding 4: the glyph list
 * restarted at the top of a second column, over the biome names). The
 * column width is the whole panel when everything fits, else the panel's
 * width shared by as many columns as the lines need (at least
 * FLOW_MIN_COLS wide); what still does not fit ends in a "more" line. */
#define FLOW_MIN_COLS 22

struct flow {
    WINDOW *win;
    int top, row, col, colw, w, h, full;
};

/* Start a flow of `lines` lines in win's rows top..h-1 and columns 0..w-1. */
void flow_init(struct flow *f, WINDOW *win, int top, int w, int h, int lines);

/* The row of the next line (its column at f->col), or -1 when the panel is
 * full; a line at the bottom of the last column is kept for "more". */
int flow_next(struct flow *f, int remaining);

/* Text in the flow (a title or note), word-wrapped to the column. */
void flow_text(struct flow *f, const char *text, int remaining);

/* Rows flow_text needs for text in a column of width colw. */
int text_rows(const char *text, int colw);

/* An entry: its row (the caller draws the two-cell swatch at f->col + 1),
 * or -1 when the panel is full. */
int flow_entry(struct flow *f, const char *name, const char *share, int remaining);

/* "12%", or "<1%" for a share present but under half a percent. */
void share_text(char *buf, size_t size, double pct);

#endif
