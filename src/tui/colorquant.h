/* colorquant: colour arithmetic for the terminal map, without curses (so the
 * unit tests can check it).
 *
 * The 256-colour mode quantizes 0xRRGGBB to the xterm palette entries 16..255
 * (the 6x6x6 cube with axis levels 0,95,135,175,215,255 and the grey ramp
 * 232..255 = 8 + 10k), skipping 0..15 because they are the user's theme. The
 * nearest entry is chosen in OKLab (B. Ottosson, "A perceptual color space
 * for image processing", 2020), with hue and chroma weighted above
 * lightness, which keeps greys grey and blues blue where a raw-RGB (or
 * plain OKLab) distance would not; a 64x64x64 table makes it O(1). The
 * 8/16-colour mode maps semantic map classes to ANSI colours instead, since
 * the user's palette makes RGB matching meaningless there
 * (../shared/TERMINAL.md section 1.5). */
#ifndef OROGEN_TUI_COLORQUANT_H
#define OROGEN_TUI_COLORQUANT_H

#include <stdint.h>

struct quant_lab {
    double l, a, b;
};

/* OKLab coordinates of an sRGB colour 0xRRGGBB (L in 0..1). */
struct quant_lab quant_oklab(uint32_t rgb);

/* A colour is chromatic (not grey) when its OKLab chroma is at least
 * QUANT_GREY_CHROMA and at least QUANT_GREY_SATURATION times its lightness
 * (so tinted whites such as snow 0xf0f0fa stay grey, dusk land 0x271f18 does
 * not). Chromatic colours keep their hue family in every mode. */
#define QUANT_GREY_CHROMA 0.015
#define QUANT_GREY_SATURATION 0.04
/* A chromatic colour's 256-colour entry is black or within this many
 * degrees of OKLab hue (the darkest cube hues are 30..80 degrees apart). */
#define QUANT_HUE_WINDOW 45.0

int quant_is_chromatic(uint32_t rgb);

/* Hue families, by OKLab hue angle h (degrees): red [-10, 45) (also pink,
 * maroon), yellow [45, 125) (orange, brown, olive), green [125, 170), cyan
 * [170, 225), blue [225, 285), magenta [285, 350); grey when not chromatic. */
enum quant_family {
    QF_GREY, QF_RED, QF_YELLOW, QF_GREEN, QF_CYAN, QF_BLUE, QF_MAGENTA, QF_COUNT
};
enum quant_family quant_family(uint32_t rgb);

/* 0xRRGGBB of xterm palette entry idx (0..255; 0..15 are xterm's defaults). */
uint32_t quant_xterm_rgb(int idx);

/* Nearest xterm entry in 16..255 to rgb by exhaustive OKLab search. */
int quant_xterm256_exact(uint32_t rgb);

/* The same through a 64x64x64 table filled on first use of each bucket (not
 * thread-safe; the TUI calls it from the main thread only). Returns the entry
 * for the centre of rgb's 6-bit bucket, so it may differ from the exact
 * answer by one neighbouring entry. */
int quant_xterm256(uint32_t rgb);

/* ANSI colour (0..15, or 0..7 when n is 8) for a picture without map
 * classes on 8/16-colour terminals (shaded iso render, globe): the colour's
 * hue family (quant_family) picks the ANSI hue, its OKLab lightness normal or
 * bright (lighter than halfway between xterm's two); greys go to black, dark grey, grey or white. Not a
 * nearest-RGB match: the user's theme defines those colours. */
int quant_ansi16(uint32_t rgb, int n);

/* Reduce a colour to 6 bits per channel (top bits replicated into the low
 * ones), bounding the number of distinct direct-colour pairs. */
uint32_t quant_rgb6(uint32_t rgb);

/* ANSI colour 0..15 for a map class (render/mapimg.h enum map_class):
 * water blue, lowland green, desert yellow, rock grey, snow and ice bright
 * white. */
int quant_class_ansi(int map_class);

/* ANSI colour 0..7 for a map class on an 8-colour terminal, where grey
 * does not exist and bright needs bold (foreground only): water blue, river
 * and lake cyan, lowland and forest green, hills yellow, mountain and rock
 * white (grey in nearly every theme), snow and ice bright white (bold, so
 * only the glyph map tells them from rock; red mountains read as lava).
 * *bright (may be NULL) is set to 1 for classes that would like the
 * bold/bright variant (shallow water, beach, snow). */
int quant_class_ansi8(int map_class, int *bright);

/* The 256-colour entry for rgb at world pixel (x, y): the nearest entry,
 * or where rgb lies between it and the next entry of its hue family (within
 * 22 degrees of OKLab hue) near the contour between them, one of the two
 * picked by an interleaved-gradient-noise threshold keyed to the pixel, the
 * second's share rising to one half on the contour. So a gradient fades from
 * one entry to the next over a band, and colours elsewhere are flat: at
 * terminal cell size any pattern reads as noise. Pairs per 6-bit bucket,
 * computed on first use (main thread only). For continuous pictures (ramps,
 * blended and shaded colours; TERMINAL.md section 1.5: categorical colours
 * are not dithered). */
int quant_xterm256_dither(uint32_t rgb, long x, long y);

#endif
