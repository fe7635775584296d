/* tui_state: the private state shared by the TUI's parts (tui.c owns it;
 * mapview, statusbar, help, paramform, inspect and legend draw from it).
 * Everything here is touched by the main thread only. */
#ifndef OROGEN_TUI_TUI_STATE_H
#define OROGEN_TUI_TUI_STATE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "core/recipe/params.h"
#include "core/worker.h"
#include "core/world.h"
#include "io/export.h"
#include "render/mapimg.h"
#include "tui/curses_compat.h"
#include "tui/globeview.h"
#include "tui/graphics.h"
#include "tui/paramedit.h"
#include "tui/term_query.h"
#include "tui/tui.h"

/* The smallest usable terminal; below it a 'terminal too small' message. */
#define TUI_MIN_COLS 40
#define TUI_MIN_ROWS 12
/* Status lines at the bottom: state, message, keys. */
#define TUI_STATUS_ROWS 3
/* Side panel width (a parameter row: 20 name, 10 value, a 13-column unit
 * such as "quarter turns", margins); the panel goes to the side when the
 * map keeps TUI_SIDE_MIN_MAP columns (90 columns and wider), else below,
 * where the panel has the whole width (doc/keys.md; at 80x24 a side
 * parameter panel left a 32-column map); the legend, a long list, stays
 * at the side while that shows the larger map square (layout.c). */
#define TUI_PANEL_COLS 48
#define TUI_SIDE_MIN_MAP 42
#define TUI_PANEL_ROWS 9
/* Parameter changes regenerate after this pause (ms). */
#define TUI_DEBOUNCE_MS 250.0

/* What fills the map area. The isometric preview is the renderer's: it
 * adds its drawing function and the `p` key here. */
enum tui_view { TUI_VIEW_MAP, TUI_VIEW_ISO, TUI_VIEW_GLOBE, TUI_VIEW_COUNT };

/* What fills the panel (side or bottom). */
enum tui_panel { PANEL_NONE, PANEL_PARAMS, PANEL_INSPECT, PANEL_LEGEND, PANEL_PRESETS, PANEL_REPORT };

/* The inline formw field, when open: a parameter value in the panel, or
 * on the last status line a preset name, an export's file name and size. */
enum tui_prompt { PROMPT_NONE, PROMPT_VALUE, PROMPT_PRESET_NAME, PROMPT_EXPORT_NAME,
                  PROMPT_EXPORT_SIZE, PROMPT_OPEN };
#define TUI_PROMPT_ON_STATUS(k) ((k) == PROMPT_PRESET_NAME || (k) == PROMPT_EXPORT_NAME || \
                                 (k) == PROMPT_EXPORT_SIZE || (k) == PROMPT_OPEN)

struct tui_colors {
    int mode;                        /* active enum tui_color_mode */
    int rgb_term;                    /* terminfo RGB: colour numbers are 0xRRGGBB */
    int ncolors;                     /* COLORS */
    int bold;                        /* terminfo has bold (8 colours: bright fg) */
    int available[TUI_COLOR_COUNT];  /* modes this terminal can show */
    long live_pairs;                 /* pairs allocated since the last reset */
    long pair_limit;                 /* reset_color_pairs() beyond this */
};

struct tui {
    const struct tui_options *opt;
    struct params params;       /* the parameters of the newest request */
    const struct dem_raster *dem; /* the DEM of the dem generator (--dem, or
                                   opened with O: openfile.c), NULL if none */
    enum gen_id gen;

    /* terminal */
    SCREEN *screen;
    int utf8;                   /* the locale's codeset is UTF-8 */
    int blocks;                 /* half blocks usable: UTF-8, not --ascii, not
                                   the Linux console (fonts lack them) */
    int symbols;                /* enum subcell_symbols (not AUTO): the cell
                                   picture's block symbols (key S) */
    char symbols_who[32];       /* the terminal that made auto pick them, "" */
    char hint[200];             /* one-time hint (COLORTERM without RGB ...) */
    struct tui_colors col;
    struct tui_gfx gfx;         /* real images (graphics.c) */
    int rows, cols;
    int too_small;
    struct term_filter answers; /* late terminal answers are no keys (keys.c) */
    unsigned char typed[TERM_TYPED_MAX]; /* keys typed during the probe */
    size_t ntyped;

    /* windows (NULL while too small) */
    WINDOW *inwin;              /* 1x1, never drawn: keys are read here */
    WINDOW *mapwin, *statwin, *panelwin;
    int panel_side;             /* panel at the right (else below the map) */

    /* generation */
    struct worker *wk;
    int wake_fd[2];
    struct world *world;        /* displayed world, own reference (or NULL) */
    int world_final;
    uint64_t request;           /* generation number of the newest request */
    struct worker_status wst;

    /* view */
    enum tui_view view;
    struct globeview *globe;    /* globe view state (globeview.c), NULL until used */
    enum map_layer layer;
    int layer_steps;            /* a/A presses before a world arrived: applied
                                   to it (next_layer in tui.c) */
    double cu, cv;              /* view centre in map units */
    double zoom;                /* 1: whole map fits; 2: twice as close */
    int view_pending;           /* fit view_want once the first world arrives */
    struct map_view view_want;  /* a --from recipe's map.view */
    uint32_t *rgb;              /* sampled pixels of the map area */
    uint8_t *cls;
    size_t buf_cap;
    int pw, ph;                 /* pixel grid of the map window */
    int sub_x0, sub_y0, sub_w, sub_h; /* the part of it sampled (pixel centres
                                   inside the map square); rgb/cls hold it */
    int map_stale;              /* resample before drawing */
    int map_dirty;              /* redraw the map window */
    int chrome_dirty;           /* redraw status, panel, help */

    /* panel and forms */
    enum tui_panel panel;
    int legend_auto;            /* legend shown because of the glyph map */
    struct paramedit pe;
    double regen_at;            /* debounce deadline (pipeline_now_ms), 0 if none */
    struct preset_entry *presets;
    int npresets, preset_sel;
    char preset_name[PRESET_NAME_MAX];
    enum tui_prompt prompt;
    FORM *form;
    FIELD *fields[2];
    WINDOW *formsub;
    char **choices;             /* TYPE_ENUM list of the open field */
    char prompt_text[4096];     /* field contents kept across a resize */

    /* inspect cursor, in map-window cells */
    int inspect;
    int cur_x, cur_y;
    double cur_u, cur_v;        /* the map point under it, kept across resizes */

    int help;                   /* help overlay shown */
    int gallery;                /* the seed gallery fills the map window */
    struct galleryview *gal;    /* its state (galleryview.c), NULL until used */
    int help_top, help_max;     /* its scroll position and limit */

    /* export */
    struct export_job *job;
    char export_path[4096];     /* the file being written (absolute) */
    char start_dir[4096];       /* the folder orogen started in (absolute), "" if unknown */
    int export_what;            /* the prompt's export (export_ui.c enum export_what) */
    char export_confirm[4096];  /* an existing file named once: Enter again overwrites */
    char preset_confirm[64];    /* an existing preset named once: Enter again saves */
    struct map_view shown;      /* the part of the map square the map view samples */
    int quit_asked;             /* q during an export: 1 asked, 2 confirmed (q, q:
                                   quit when it is done) */
    int edits_warned;           /* 1 + the land edit count q last warned about, 0 none */

    /* status line message */
    char msg[256];
    int msg_error;

    volatile int quit;
};

/* Conventions for the functions below: main thread only; *_draw functions
 * paint their window and wnoutrefresh it (draw_frame in tui.c calls
 * doupdate once); *_key functions return 1 when they used the key, 0 to
 * let the caller try the next handler. */

/* tui.c: set the message line (error: shown bold); submit the request now
 * or after TUI_DEBOUNCE_MS of quiet; the parameter groups of the current
 * generator (bit 1 << PG_x). */
void tui_message(struct tui *t, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void tui_schedule_regen(struct tui *t);
void tui_regen_now(struct tui *t);
unsigned tui_groups(const struct tui *t);
/* Switch to generator gen if this build and session have it (dem needs a
 * loaded DEM); returns 0, or -1 with a status message. Does not submit. */
int tui_set_generator(struct tui *t, enum gen_id gen);

/* Lines and boxes: Unicode box drawing in a UTF-8 locale, ASCII otherwise
 * (ACS line drawing shows as letters in some captures and terminals). */
void tui_hline(const struct tui *t, WINDOW *win, int y, int x, int n);
void tui_box(const struct tui *t, WINDOW *win);

/* term_caps.c: open the terminal (locale, newterm, cup check, colour
 * detection and the --color override). Returns 0, or -1 with a one-line
 * reason in why (nothing is left on the screen). caps_close ends curses. */
int caps_open(struct tui *t, char *why, size_t why_size);
void caps_close(struct tui *t);

/* colors.c: the terminal colour number for a map pixel (0xRRGGBB and its
 * map class) in the active mode, -1 for the default colour; dither with
 * world pixel coordinates (wx, wy) in 256 mode; attr may gain A_BOLD for
 * bright colours on 8-colour terminals. colors_pair: an alloc_pair pair
 * (0 when colour is off); colors_check_reset: reset_color_pairs() past the
 * limit, returns 1 when everything must be repainted; colors_cycle: the next
 * mode the terminal can show; colors_halfblocks: whether the map uses
 * U+2580 (else one glyph per cell). */
int colors_number(struct tui *t, uint32_t rgb, int cls, int dither, long wx, long wy,
                  attr_t *attr);
/* colors_index_number: the colour number of xterm palette entry idx in
 * 256-colour mode (its RGB on an RGB terminal). */
int colors_index_number(const struct tui *t, int idx);
int colors_pair(struct tui *t, int fg, int bg);
int colors_check_reset(struct tui *t);
void colors_cycle(struct tui *t);
int colors_halfblocks(const struct tui *t);
/* colors_symbols: the block symbols the cell pictures use now (enum
 * subcell_symbols; HALF also when glyphs are drawn); cycle_symbols: key S.
 * colors_put_subcell: draw cell (y, x) from its n sub-pixels (row-major,
 * subcell_grid of sym): source colours src and colour numbers num (-1: the
 * terminal's background), fitted to two colours and a block symbol
 * (subcell.h); a cell all of -1 is left erased. */
int colors_symbols(const struct tui *t);
void colors_cycle_symbols(struct tui *t);
void colors_put_subcell(struct tui *t, WINDOW *win, int y, int x, int sym, const uint32_t *src,
                        const int *num, int n, attr_t attr);
/* The active mode as the status bar names it: "direct", "256", "16", "8"
 * (the 16 mode on an 8-colour terminal) or "none". */
const char *colors_mode_label(const struct tui *t);
/* Draw one wide character with attributes and an extended pair number
 * (pairs above 255 need setcchar's opts, not COLOR_PAIR). */
void colors_put_cell(WINDOW *win, int y, int x, wchar_t ch, attr_t attr, int pair);

/* mapview.c: the view (centre, zoom 1 = whole map) and the map window;
 * pan by dx, dy eighths of the visible span; cell_uv: map coordinates of
 * the centre of window cell (x, y). */
void mapview_reset(struct tui *t);
/* Centre and zoom so that window v of the map square fills the map window
 * (a --from recipe's map.view); needs the world (its aspect). */
void mapview_fit(struct tui *t, const struct map_view *v);
void mapview_pan(struct tui *t, double dx, double dy);
/* Keep the view over the map: centred when the map fits, else its edges
 * inside the map (mapview_pan calls it). */
void mapview_clamp(struct tui *t);
void mapview_zoom(struct tui *t, double factor);
void mapview_draw(struct tui *t);
void mapview_cell_uv(const struct tui *t, int x, int y, double *u, double *v);
/* The window cell showing map point (u, v) (may lie outside the window). */
void mapview_uv_cell(const struct tui *t, double u, double v, int *x, int *y);
void mapview_free(struct tui *t);
/* mapsample.c: render view into t->rgb, t->cls (w x h pixels), box-filtered
 * in linear light where a pixel (su x sv map units) spans several cells of a
 * continuous layer; rivers crossing a pixel stay whole. */
enum og_status mapview_render_supersampled(struct tui *t, const struct map_view *view, int w,
                                           int h, double su, double sv, struct og_error *err);
/* Width / height of the map square as shown (grids W:H, spheres 2). */
double mapview_aspect(const struct tui *t);
/* Pixel counts and mean colour per map class over the sampled view; returns
 * the number of pixels. */
int mapview_class_stats(const struct tui *t, long counts[MC_COUNT], uint32_t mean[MC_COUNT]);

/* statusbar.c: state line, message line, key hints (or the preset-name
 * prompt). */
void statusbar_draw(struct tui *t);

/* help.c: the `?` overlay over the map; help_key scrolls it on a short
 * terminal (1) or leaves the key to close it (0). */
void help_draw(struct tui *t);
int help_key(struct tui *t, int ch);

/* paramform.c: the parameter panel; presetlist.c: the preset list;
 * prompt.c: the inline formw field (prompt): open it over the selected value (PROMPT_VALUE) or on the
 * last status line (PROMPT_PRESET_NAME), returning -1 with a message when
 * there is no room; suspend/resume keep its text across a resize. */
void paramform_draw(struct tui *t);
int paramform_key(struct tui *t, int ch);
void presets_draw(struct tui *t);
int presets_key(struct tui *t, int ch);
void presets_open(struct tui *t);
int prompt_open(struct tui *t, enum tui_prompt kind, const char *initial);
/* The text before a status-line prompt ("save preset as: " ...). */
const char *prompt_label(const struct tui *t, enum tui_prompt kind);
int prompt_key(struct tui *t, int ch);
void prompt_close(struct tui *t);
void prompt_suspend(struct tui *t);
void prompt_resume(struct tui *t);

/* inspect.c: the cursor keys and the cell panel. */
void inspect_draw(struct tui *t);
int inspect_key(struct tui *t, int ch);

/* report.c: the world report panel (R), core/report.h's rows. */
void report_draw(struct tui *t);

/* legend.c: the current layer's legend (render/legend.h) and, in glyph
 * mode, the glyphs of the view; legend_free drops its cached legend. */
void legend_draw(struct tui *t);
/* Glyph mode: the glyph of a map pixel of colour rgb for a layer drawn as
 * a ramp (digits 0..9 low to high, the layer's exact classes their own
 * glyph; cls the pixel's terrain class, enum map_class); returns 0, glyph untouched, when the map draws terrain classes
 * (colour modes, layers without a ramp). */
int legend_glyph(struct tui *t, uint32_t rgb, int cls, char *glyph);
void legend_free(void);

/* galleryview.c: the seed gallery (key v) over the map window: open
 * starts making thumbnails of the next seeds on its own thread, close and
 * free cancel it; relayout restarts the page for a new window size; poll
 * follows its wake-ups; key takes every key while it is open. */
struct galleryview;
void galleryview_open(struct tui *t);
void galleryview_close(struct tui *t);
void galleryview_free(struct tui *t);
void galleryview_relayout(struct tui *t);
void galleryview_poll(struct tui *t);
void galleryview_draw(struct tui *t);
int galleryview_key(struct tui *t, int ch);

/* isoview.c: the isometric preview (render/iso.h iso_render_preview) in
 * the map window: p toggles it, its keys step render.rotate/time/
 * exaggeration, isoview_free drops the renderer's preview cache. */
void isoview_toggle(struct tui *t);
int isoview_key(struct tui *t, int ch);
void isoview_draw(struct tui *t);
void isoview_free(struct tui *t);

/* The TUI's own parts (tui.c is the event loop):
 * tui.c: the self-pipe wake-up for worker threads (arg: struct tui *), and
 * blocking the UI thread's signals so threads it starts inherit the mask
 * (restore with pthread_sigmask(SIG_SETMASK, old, NULL)). */
void tui_wake_cb(void *arg);
void tui_block_ui_signals(sigset_t *old);
/* tui_worker.c: take finished worlds and progress from the worker. */
void tui_worker_poll(struct tui *t);
/* layout.c: create the windows for the terminal size and panel; open a
 * panel (PANEL_NONE closes it); draw what is dirty and doupdate. */
void tui_delete_windows(struct tui *t);
void tui_layout(struct tui *t);
void tui_set_panel(struct tui *t, enum tui_panel p);
/* Start drawing a panel: win cleared, its height and width into *h and *w,
 * title in bold on row 0 from column 1, cut to the panel. */
void tui_panel_begin(WINDOW *win, const char *title, int *h, int *w);
void tui_draw_frame(struct tui *t);
/* export_ui.c: e (whole 0: the view on screen) and E (whole 1: the whole
 * world's map) open the export prompts; submit takes the prompt's text
 * (file name, then size); the label of the open export prompt; poll
 * reports the job's progress and end. */
void tui_export_ask(struct tui *t, int whole);
void tui_export_prompt_submit(struct tui *t, const char *text);
const char *tui_export_prompt_label(const struct tui *t);
const char *tui_export_prompt_hint(const struct tui *t);
void tui_export_poll(struct tui *t);
/* x while an export runs: the map, globe or iso export stops at its next
 * band (its temporary file is removed, nothing written) and the message
 * line says so when the job has ended. Returns 0 when no export is
 * running. */
int tui_export_cancel(struct tui *t);
/* Say on the message line that the running export is being cancelled. */
void tui_export_cancelling(struct tui *t);
/* From the SIGINT handler, for a Ctrl-C typed at the terminal: cancel the
 * running export (map, globe or iso) instead of quitting; 1 when it did, 0
 * when no export runs, a cancel was already asked (a second Ctrl-C quits)
 * or q q asked to quit after the export (Ctrl-C then quits now).
 * Async-signal-safe. */
int tui_export_cancel_signal(void);
/* Whether q q is pending (main thread, every loop). */
void tui_export_quit_pending(int pending);
/* openfile.c: O opens a file prompt; complete: Tab on its text (the
 * completed text into out, returns 0 when nothing completes; the matches
 * go to the message line); submit opens the DEM or the PNG's recipe;
 * free drops the DEMs opened (at exit). */
void openfile_ask(struct tui *t);
int openfile_complete(struct tui *t, const char *text, char *out, size_t size);
void openfile_submit(struct tui *t, const char *text);
void openfile_free(void);
/* keys.c: one key (ncurses code); step the map layer by dir. */
void tui_handle_key(struct tui *t, int ch);
/* Act on every key waiting on t->inwin. Terminal answers among them (late
 * replies to the start-up probe) are dropped, never acted on (term_filter
 * in term_query.h). */
void tui_read_keys(struct tui *t);
/* Push the keys typed during the start-up probe (t->typed) back into curses'
 * input, oldest first, decoded into curses key codes as wgetch would
 * (key_defined); needs keypad mode on. */
void tui_unget_typed(struct tui *t);
void tui_next_layer(struct tui *t, int dir);

#endif
