/* globeview_internal: the globe view's state, shared by globeview.c (drawing,
 * keys) and globe_edit.c (land edits, brush, undo and redo). Main thread
 * only. */
#ifndef OROGEN_TUI_GLOBEVIEW_INTERNAL_H
#define OROGEN_TUI_GLOBEVIEW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tui/tui_state.h"

#define BRUSH_MAX 9        /* brush radius 1..9: 1 is the cell under the cursor */
#define BRUSH_CELLS ((2 * BRUSH_MAX - 1) * (2 * BRUSH_MAX - 1))
#define UNDO_MAX 64         /* land edits kept for undo */

struct edit_args {
    const struct world *src; /* the world edited (the job holds a reference) */
    int32_t cells[BRUSH_CELLS]; /* the distinct cells under the brush */
    int ncells;
    int32_t cell;            /* the one under the cursor */
    int land;
    int wake_fd;
    int changed;             /* cells that changed */
    struct world *out;       /* NULL when nothing changed */
};

struct globeview {
    double yaw, pitch;       /* degrees */
    int cx, cy;              /* cursor offset from the window centre, cells */
    int32_t sel_cell;        /* a cell of the selected landmass, or -1 */
    uint32_t *rgb;
    int32_t *cells;
    size_t cap;
    struct export_job *job;  /* a running edit */
    struct edit_args args;
    int edit_mode;           /* b: the edit keys act (shown in the status bar) */
    int brush;               /* brush radius 1..BRUSH_MAX (globe pixels) */
    /* undo and redo: the worlds before and after each edit (own
       references); current is the world they lead to */
    struct world *undo[UNDO_MAX], *redo[UNDO_MAX];
    int nundo, nredo;
    const struct world *current;
};

/* globeview.c: whether w is a drawable planet; where the cursor is drawn
 * (window cell); the cell under it (-1 off the globe). */
int globeview_is_planet(const struct world *w);
void globeview_cursor_pos(const struct globeview *g, int w, int h, int *x, int *y);
int32_t globeview_cursor_cell(const struct tui *t, int w, int h);

/* globe_edit.c: start an edit under the brush (land 1: add, 0: remove);
 * undo (redo 0) or redo (1); drop the undo and redo worlds. */
void globe_edit_start(struct tui *t, int land);
void globe_undo_redo(struct tui *t, int redo);
void globe_edit_free(struct globeview *g);

#endif
