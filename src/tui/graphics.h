/* graphics: real images in the map window (kitty graphics protocol, sixel,
 * iTerm2 inline images), encoded by libchafa, with curses still drawing the
 * status bar and panels around them.
 *
 * The rules that keep curses' picture of the screen true:
 *   - the map window is erased (blank cells) whenever it holds an image, so
 *     curses never sends anything into it; cursors are drawn into the
 *     pixels, not as cells;
 *   - the image is sent after doupdate(), inside DECSC/DECRC so the cursor
 *     is where curses left it, and only when its pixels or place changed;
 *   - never while the help overlay is over the map (kitty images sit above
 *     text: the image is deleted while the help is open);
 *   - a relayout (resize, panel toggle), a frame without an image, or a
 *     protocol change clears it: kitty deletes its placements, sixel and
 *     iTerm2 (pixels in the text cells) get a full curses repaint.
 * Detection comes from term_query (the terminal's answers, never TERM);
 * --graphics or the G key override it. */
#ifndef OROGEN_TUI_GRAPHICS_H
#define OROGEN_TUI_GRAPHICS_H

#include <stddef.h>
#include <stdint.h>

struct tui;
struct term_probe;

struct tui_gfx {
    int proto;                      /* active enum tui_graphics (NONE: half blocks) */
    int available[8];               /* per enum tui_graphics */
    int cell_w, cell_h;             /* character cell in pixels */
    int max_w, max_h;               /* largest image (XTSMGRAPHICS for sixel), 0: none */
    int wrap;                       /* tmux passthrough */
    int pane_x, pane_y;             /* the tmux pane's offset in the outer terminal */
    /* the frame being drawn */
    uint32_t *px;                   /* 0xRRGGBB, pw x ph */
    size_t cap;
    int pw, ph;
    int pending;                    /* px holds this frame's image */
    int at_x, at_y, cols, rows;     /* where it goes, in cells */
    /* what the screen shows */
    int shown;
    uint64_t shown_hash;
    int clear_needed;               /* a stale image must be removed */
    double last_ms;                 /* encode + write time of the last image */
    size_t last_bytes;
};

/* Choose the protocol from the option (enum tui_graphics) and the probe;
 * writes a one-line note into note (why images are or are not shown). */
void gfx_setup(struct tui *t, const struct term_probe *p, char *note, size_t note_size);

/* Whether the map window draws real images now. */
int gfx_active(const struct tui *t);

/* A pixel buffer covering the map window at the cell size (*pw x *ph),
 * filled with 0 (black); NULL when out of memory. The view draws into it
 * and calls gfx_commit. */
uint32_t *gfx_canvas(struct tui *t, int *pw, int *ph);
void gfx_commit(struct tui *t);

/* Draw the cursor cross over window cell (cx, cy) into an image. */
void gfx_cross(struct tui *t, uint32_t *px, int pw, int ph, int cx, int cy);

/* After doupdate(): send the committed image if it differs from the one
 * shown, or clear a stale one. map_drawn: the map window was redrawn in
 * this frame (without a commit it holds text now). */
void gfx_flush(struct tui *t, int map_drawn);

/* The screen layout changed (resize, panel): what is shown is stale. */
void gfx_invalidate(struct tui *t);

/* Next available protocol (key G); returns its name. */
const char *gfx_cycle(struct tui *t);

/* Name of a protocol: "none", "kitty", "sixel", "iterm", "auto". */
const char *gfx_name(int proto);

void gfx_free(struct tui *t);

#endif
