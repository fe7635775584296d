/* colorquant: colour arithmetic for the terminal map, without curses (so the
 * unit tests can check it).
 *
 * The 256-colour mode quantizes 0xRRGGBB to the xterm palette entries 16..255
 * (the 6x6x6 cube with axis levels 0,95,135,175,215,255 and the grey ramp
 * 232..255 = 8 + 10k), skipping 0..15 because they are the user's theme. The
 * nearest entry is chosen in OKLab (B. Ottosson, "A perceptual color space
 * for image processing", 2020), which keeps greys grey and dark blues blue
 * where a raw-RGB distance would not; a 32x32x32 table makes it O(1). The
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

/* 0xRRGGBB of xterm palette entry idx (0..255; 0..15 are xterm's defaults). */
uint32_t quant_xterm_rgb(int idx);

/* Nearest xterm entry in 16..255 to rgb by exhaustive OKLab search. */
int quant_xterm256_exact(uint32_t rgb);

/* The same through a 32x32x32 table filled on first use of each bucket (not
 * thread-safe; the TUI calls it from the main thread only). Returns the entry
 * for the centre of rgb's 5-bit bucket, so it may differ from the exact
 * answer by one neighbouring entry. */
int quant_xterm256(uint32_t rgb);

/* Nearest of the first n (8 or 16) xterm default colours in OKLab, for
 * pictures without map classes on 8/16-colour terminals. */
int quant_ansi16(uint32_t rgb, int n);

/* Reduce a colour to 6 bits per channel (top bits replicated into the low
 * ones), bounding the number of distinct direct-colour pairs. */
uint32_t quant_rgb6(uint32_t rgb);

/* ANSI colour 0..15 for a map class (render/mapimg.h enum map_class):
 * water blue, lowland green, desert yellow, rock grey, snow bright white. */
int quant_class_ansi(int map_class);

/* 4x4 ordered (Bayer) dither of rgb towards the 256-colour palette, keyed
 * to world pixel coordinates (x, y) so it stays put while panning. */
uint32_t quant_bayer(uint32_t rgb, long x, long y);

#endif
