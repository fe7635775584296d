/* globeview_internal: the globe view's state, shared by globeview.c (drawing,
 * keys) and globe_edit.c (land edits, brush, undo and redo). Main thread
 * only. */
#ifndef OROGEN_TUI_GLOBEVIEW_INTERNAL_H
#define OROGEN_TUI_GLOBEVIEW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tui/tui_state.h"

#define BRUSH_MAX 9        /* brush sizes 1..9: caps on the sphere of
                              planet_brush_radius(size) degrees */
#define UNDO_CACHE 64       /* worlds kept for instant undo and redo; farther
                               steps replay the edit list (planet_edit.h) */

/* What a background edit job does. */
enum edit_kind {
    EDIT_BRUSH,   /* planet_edit_brush: one stroke around the cursor's cell */
    EDIT_GOTO,    /* undo / redo: replay a prefix of the edit list on base */
    EDIT_LOAD     /* replay a preset's or recipe's list on a new planet */
};

struct edit_args {
    enum edit_kind kind;
    const struct world *src; /* the world edited or replayed on (the job holds
                                a reference) */
    const struct world *shown; /* t->world when the job started */
    int32_t cell;            /* the cell under the cursor: the brush's centre */
    double radius;           /* the brush's cap radius, degrees of arc */
    size_t under;            /* cells under the brush (set by the job) */
    int land;
    /* EDIT_GOTO / EDIT_LOAD: the edits to replay on src (malloc'd) and the
       stroke the result is (EDIT_GOTO) */
    int32_t *rcells;
    uint8_t *rland;
    double *rradius;
    size_t rn;
    int target;
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
    int brush;               /* brush size 1..BRUSH_MAX (planet_brush_radius) */
    /* undo and redo on the world's edit list (core/planet/planet_edit.h), the one
       truth also for presets, recipes and exports. A stroke is one brush
       edit (or a loaded list); marks[k] is the edit count after k strokes,
       pos the stroke shown. Undo and redo show the first marks[k] edits of
       tip replayed on base; at[k] caches that world (own references, at
       most UNDO_CACHE besides base). */
    struct world *base;      /* the planet before any edit, NULL: no history */
    struct world *tip;       /* the longest list reached (redo's source) */
    size_t *marks;
    struct world **at;
    int nmarks, cap_marks, pos;
    size_t saved_edits;      /* edit count last saved in a named preset */
    int saved_pos;           /* and its stroke */
    /* edits of a preset or --from recipe, replayed on the first finished
       world made from pending_params (NULL: none) */
    char *pending;
    struct params pending_params;
    char pending_from[80];
    const struct world *current; /* the world the history leads to */
};

/* globeview.c: whether w is a drawable planet; where the cursor is drawn
 * (window cell); the cell under it (-1 off the globe). */
int globeview_is_planet(const struct world *w);
void globeview_cursor_pos(const struct globeview *g, int w, int h, int *x, int *y);
int32_t globeview_cursor_cell(const struct tui *t, int w, int h);

/* globeview.c: the view's state, made on first use (NULL when out of
 * memory). */
struct globeview *globeview_state(struct tui *t);

/* globe_edit.c: start an edit under the brush (land 1: add, 0: remove);
 * undo (redo 0) or redo (1); drop the history. */
void globe_edit_start(struct tui *t, int land);
void globe_undo_redo(struct tui *t, int redo);
void globe_edit_free(struct globeview *g);

#endif
