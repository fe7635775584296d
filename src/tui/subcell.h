/* subcell: sub-cell block symbols for the terminal pictures (map, globe,
 * isometric preview), without curses (so the unit tests can check them).
 *
 * A character cell is split into a grid of sub-pixels: half blocks 1x2
 * (U+2580), sextants 2x3 (U+1FB00.., Unicode 13) and octants 2x4
 * (U+1CD00.., Unicode 16, with the block elements and quadrants that already
 * existed for some patterns). A cell still has two colours, so per cell the
 * fit picks two colours and the pattern (which sub-pixels take the
 * foreground) with the least squared error: chafa's approach (H. P.
 * Jansson, chafa/internal/chafa-canvas.c: two colours per cell, the symbol
 * that fits best). Own code rather than libchafa's canvas: Debian 12's
 * libchafa 1.12 has no octants, prints its own escape sequences instead of
 * curses cells, and quantizes to RGB palettes, where orogen's 256-colour
 * entries (colorquant.h), 8/16-colour classes and the terminal's own
 * background for the iso backdrop are chosen per pixel before the fit.
 *
 * Sub-pixel i of a cell is row i / cols, column i % cols (row-major, top
 * first); bit i of a mask is that sub-pixel. */
#ifndef OROGEN_TUI_SUBCELL_H
#define OROGEN_TUI_SUBCELL_H

#include <stdint.h>
#include <wchar.h>

/* The symbol sets (values of tui_options.symbols; AUTO picks by the
 * terminal's identity, subcell_auto). */
enum subcell_symbols {
    SUBCELL_AUTO = 0,
    SUBCELL_HALF,      /* U+2580 upper half block: 1x2 */
    SUBCELL_SEXTANT,   /* U+1FB00..1FB3B and the half blocks: 2x3 */
    SUBCELL_OCTANT,    /* U+1CD00..1CDE5, block elements, quadrants: 2x4 */
    SUBCELL_COUNT
};

#define SUBCELL_MAX 8   /* sub-pixels of a cell at most (octants) */

/* Parse --symbols: auto, half, sextant, octant (plural forms too). Returns
 * the enum value or -1 for an unknown word. */
int subcell_parse(const char *s);
/* "auto", "half", "sextant", "octant". */
const char *subcell_name(int sym);

/* Sub-pixels across and down a cell for sym (half 1x2, sextant 2x3,
 * octant 2x4; AUTO counts as half). */
void subcell_grid(int sym, int *cols, int *rows);

/* The character that draws mask (bit i set: sub-pixel i in the foreground)
 * in sym's set, or 0 when the set has no character for it (the empty and
 * full masks, and octants' four single corner pixels, which the drawing
 * inverts or drops). */
wchar_t subcell_char(int sym, unsigned mask);

/* Whether the C library's wcwidth (LC_CTYPE set) gives sym's characters
 * one column: curses lays cells out by it, and a library older than the
 * set's Unicode version says -1 (Debian 12's glibc 2.36 knows sextants,
 * Unicode 13, but not octants, Unicode 16), which breaks the line. */
int subcell_usable(int sym);

/* The symbol set to use when --symbols is auto, from the terminal's
 * identity: term is $TERM, version the XTVERSION answer ("" if none).
 * Terminals that draw the block symbols themselves, without a font:
 * kitty (sextants since 0.20, octants since 0.37 [kitty changelog]), foot
 * (sextants; octants from 1.20), WezTerm (sextants; octants from 2024),
 * ghostty (both). Anything else (xterm and its font, tmux, which answers
 * for the terminal outside it) gets half blocks. Writes the terminal's name
 * into who (who_size bytes) when it chose sub-cells. */
int subcell_auto(const char *term, const char *version, char *who, size_t who_size);

/* One cell's fit: n sub-pixels with their colours src[i] (0xRRGGBB, the
 * picture's) and terminal colour numbers num[i] (-1: the terminal's
 * default background, e.g. outside the map). direct: num is 0xRRGGBB and
 * the two colours may be any colour (the means of the two groups, reduced
 * to 6 bits a channel by the caller); else the two colours are two of the
 * numbers present, the pair and the split with the least error, each
 * number standing for the mean source colour of its pixels, so a palette
 * mode keeps its per-pixel choice (dither, classes). Pixels of number -1
 * are never merged with a colour (map edges stay sharp). */
struct subcell_fit {
    int fg, bg;          /* colour numbers (bg may be -1) */
    uint32_t fg_rgb, bg_rgb; /* direct: the mean colours */
    unsigned mask;       /* sub-pixels drawn in fg */
};
void subcell_fit(const uint32_t *src, const int *num, int n, int direct, struct subcell_fit *out);

/* Pictures rendered with square pixels (the iso preview, the globe) are
 * made at fx x fy samples per sub-pixel, so that the samples are square
 * and whole: a cell is 1 x 2 units, so sextants take 3 x 4 (a 6 x 12
 * picture per cell), octants 2 x 2 (4 x 8), half blocks 1 x 1. */
void subcell_factors(int sym, int *fx, int *fy);

/* Marks a sample of such a picture as outside it (the globe's space, the
 * iso backdrop where it is the terminal's background): not a colour. */
#define SUBCELL_OUTSIDE 0x1000000u

/* The mean colour of the fx x fy block of samples at sub-pixel (sx, sy) of
 * picture px (pw samples a row) into *rgb, and the index of the inside
 * sample nearest the block's centre into *centre; returns 0 (block
 * outside) when half or more of its samples are SUBCELL_OUTSIDE. */
int subcell_block_mean(const uint32_t *px, int pw, int sx, int sy, int fx, int fy, uint32_t *rgb,
                       long *centre);

#endif
