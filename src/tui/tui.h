/* tui: the ncurses front end (the only code that includes <curses.h>, through
 * tui/curses_compat.h). main() in src/cli fills a struct tui_options and calls
 * tui_main(), which owns the terminal until the user quits. */
#ifndef OROGEN_TUI_TUI_H
#define OROGEN_TUI_TUI_H

#include "core/recipe/params.h"
#include "core/world.h"
#include "io/georef_origin.h"

struct dem_raster;

/* Colour modes of the map view. TUI_COLOR_AUTO picks the best the terminal
 * offers: terminfo RGB -> direct, COLORS >= 256 -> 256, >= 8 -> 16, else none
 * (../shared/TERMINAL.md section 1.4). */
enum tui_color_mode {
    TUI_COLOR_AUTO = -1,
    TUI_COLOR_DIRECT = 0,  /* 24-bit through a -direct terminfo entry */
    TUI_COLOR_256,         /* xterm 256-colour cube + grey ramp, OKLab nearest */
    TUI_COLOR_16,          /* semantic 8/16-colour palette (the user's theme) */
    TUI_COLOR_NONE,        /* glyph map, no colour */
    TUI_COLOR_COUNT
};

/* How the map window shows pictures: TUI_GFX_AUTO asks the terminal
 * (tui/term_query.h) and picks kitty, then sixel, then iTerm2; NONE is the
 * half-block (or glyph) map. Zero is AUTO, so a zeroed tui_options asks. */
enum tui_graphics {
    TUI_GFX_AUTO = 0,
    TUI_GFX_NONE,
    TUI_GFX_KITTY,   /* kitty graphics protocol */
    TUI_GFX_SIXEL,   /* DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm ...) */
    TUI_GFX_ITERM,   /* iTerm2 inline images (iTerm2, WezTerm) */
    TUI_GFX_COUNT
};

/* Parse a --graphics argument: auto, none, kitty, sixel, iterm (or iterm2).
 * Returns the mode, or -1 for an unknown word. */
int tui_graphics_parse(const char *s);

/* Parse a --symbols argument: auto (0), half, sextant, octant (also the
 * plurals); -1 for an unknown word (tui/subcell.h enum subcell_symbols). */
int tui_symbols_parse(const char *s);

struct tui_options {
    enum gen_id generator;        /* the generator shown first */
    struct params params;         /* initial parameters (already validated) */
    const struct dem_raster *dem; /* decoded DEM or NULL; must outlive tui_main */
    int color_mode;               /* TUI_COLOR_AUTO or an enum tui_color_mode */
    int ascii;                    /* non-zero: glyph map even in a UTF-8 locale */
    int graphics;                 /* enum tui_graphics (0: auto) */
    int symbols;                  /* tui/subcell.h enum subcell_symbols (0: auto,
                                     by the terminal's identity) */
    const char *preset;           /* name of the preset the CLI applied to params
                                     (shown in the status bar), or NULL */
    const char *export_dir;       /* folder for `e` exports, NULL: current folder */
    /* from a --from recipe (or a --preset's planet.edits): */
    const char *edits;            /* planet land edits to replay ("+12 -345"), or NULL */
    const char *edits_from;       /* their source, for messages */
    const char *layer;            /* map.layer to show first, or NULL */
    int view_given;               /* view: map.view, the exported window (u0 v0 u1 v1
                                     of the map square) to show first */
    double view[4];
    /* --georef: the map exports of a generated flat world placed in a
       real CRS, as `orogen export --georef` places them (given = 0: their
       local metric CRS); srs unresolved, each export's plan resolves it */
    struct georef_origin georef;
};

/* Parse a --color argument: "auto", "direct" (also "truecolor", "24bit"),
 * "256", "16", "8" (same as 16) or "none". Returns the mode, or -2 for an
 * unknown word. */
int tui_color_mode_parse(const char *s);

/* Name of a colour mode ("direct", "256", "16", "none", "auto"). */
const char *tui_color_mode_name(int mode);

/* Run the interactive interface until the user quits. Returns the process
 * exit status: 0 after q, 1 when the terminal cannot be used (unknown TERM,
 * TERM=dumb, --color direct without an RGB terminfo entry); the reason is
 * printed as one line on standard error. Only the calling thread touches
 * curses; the generation worker and exports run on their own threads. */
int tui_main(const struct tui_options *opt);

#endif
