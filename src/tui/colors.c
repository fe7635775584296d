/* colors: terminal colour numbers and colour pairs for the map.
 *
 * A map pixel 0xRRGGBB (and its semantic class) becomes a terminal colour
 * number for the active mode: direct colour sends the packed value (6 bits a
 * channel, so pairs stay bounded), 256 the nearest xterm entry in OKLab,
 * 16 the class's ANSI colour. On an RGB terminal the 256 and 16 modes send
 * their palette's RGB so they can be compared side by side (key c). Pairs
 * come from ncurses' alloc_pair; when more than pair_limit have been made,
 * reset_color_pairs() drops them all and the caller repaints
 * (../shared/TERMINAL.md section 1.3). */
#include "config.h"

#include "tui/colorquant.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

/* Direct-colour values below 8 are palette colours on xterm-direct (setaf
 * sends SGR 30..37 for them): nudge them off the palette. */
static int
direct_value(uint32_t rgb)
{
    return rgb < 8 ? 8 : (int)rgb;
}

int
colors_halfblocks(const struct tui *t)
{
    return t->blocks && t->col.mode != TUI_COLOR_NONE;
}

int
colors_number(struct tui *t, uint32_t rgb, int cls, int dither, long wx, long wy, attr_t *attr)
{
    int idx;

    switch (t->col.mode) {
    case TUI_COLOR_DIRECT:
        return direct_value(quant_rgb6(rgb & 0xffffff));
    case TUI_COLOR_256:
        idx = dither ? quant_xterm256_dither(rgb, wx, wy) : quant_xterm256(rgb);
        return t->col.rgb_term ? direct_value(quant_xterm_rgb(idx)) : idx;
    case TUI_COLOR_16:
        if (t->col.rgb_term || t->col.ncolors >= 16) {
            idx = quant_class_ansi(cls);
            return t->col.rgb_term ? direct_value(quant_xterm_rgb(idx)) : idx;
        }
        /* Eight colours: a palette of its own (no grey), bright only as
         * bold and only where terminfo has bold. Bold brightens the
         * foreground only, so half blocks (the lower pixel is the
         * background) would stripe: glyph maps only. */
        {
            int bright = 0;
            idx = quant_class_ansi8(cls, &bright);
            if (bright && t->col.bold && !colors_halfblocks(t) && attr != NULL) {
                *attr |= A_BOLD;
            }
        }
        return idx;
    default:
        return -1;
    }
}

int
colors_index_number(const struct tui *t, int idx)
{
    return t->col.rgb_term ? direct_value(quant_xterm_rgb(idx)) : idx;
}

int
colors_symbols(const struct tui *t)
{
    if (!colors_halfblocks(t) || t->symbols < SUBCELL_HALF || t->symbols >= SUBCELL_COUNT) {
        return SUBCELL_HALF;
    }
    return t->symbols;
}

void
colors_cycle_symbols(struct tui *t)
{
    do {
        t->symbols = t->symbols + 1 >= SUBCELL_COUNT ? SUBCELL_HALF : t->symbols + 1;
    } while (!subcell_usable(t->symbols));
    t->symbols_who[0] = '\0';   /* chosen by hand now */
}

void
colors_put_subcell(struct tui *t, WINDOW *win, int y, int x, int sym, const uint32_t *src,
                   const int *num, int n, attr_t attr)
{
    struct subcell_fit f;
    unsigned full = (1u << n) - 1, mask;
    wchar_t ch;
    int tmp;

    subcell_fit(src, num, n, t->col.mode == TUI_COLOR_DIRECT, &f);
    if (t->col.mode == TUI_COLOR_DIRECT) {
        f.fg = f.fg < 0 ? -1 : direct_value(quant_rgb6(f.fg_rgb));
        f.bg = f.bg < 0 ? -1 : direct_value(quant_rgb6(f.bg_rgb));
    }
    mask = f.mask & full;
    if (mask == 0 || f.fg == f.bg) {
        mask = full;
        f.fg = f.bg;
    }
    if (mask != full && f.fg < 0) {
        /* the terminal's background can only be the background */
        tmp = f.fg, f.fg = f.bg, f.bg = tmp;
        mask = full & ~mask;
    }
    ch = mask == full ? 0 : subcell_char(sym, mask);
    if (mask != full && ch == 0 && f.bg >= 0) {
        /* an octant corner pixel: its complement has a character */
        tmp = f.fg, f.fg = f.bg, f.bg = tmp;
        mask = full & ~mask;
        ch = subcell_char(sym, mask);
    }
    if (mask != full && ch == 0) {
        /* a lone corner pixel on the terminal's background: dropped */
        mask = full;
        f.fg = f.bg;
    }
    if (mask == full) {
        if (f.fg < 0) {
            return;   /* the erased cell */
        }
        /* one colour: an upper half block in it above and below, as the
         * half-block map draws it (a space on a background would let
         * curses clear line ends with the background colour, which some
         * terminals and tmux captures do not keep) */
        colors_put_cell(win, y, x, L'\u2580', attr, colors_pair(t, f.fg, f.fg));
        return;
    }
    colors_put_cell(win, y, x, ch, attr, colors_pair(t, f.fg, f.bg));
}

const char *
colors_mode_label(const struct tui *t)
{
    if (t->col.mode == TUI_COLOR_16 && !t->col.rgb_term && t->col.ncolors < 16) {
        return "8";
    }
    return tui_color_mode_name(t->col.mode);
}

int
colors_pair(struct tui *t, int fg, int bg)
{
    int p;

    if (t->col.ncolors == 0 || t->col.mode == TUI_COLOR_NONE) {
        return 0;
    }
    p = find_pair(fg, bg);
    if (p < 0) {
        p = alloc_pair(fg, bg);
        if (p < 0) {
            return 0;
        }
        t->col.live_pairs++;
    }
    return p;
}

int
colors_check_reset(struct tui *t)
{
    if (t->col.live_pairs <= t->col.pair_limit || t->col.ncolors == 0) {
        return 0;
    }
    reset_color_pairs();
    t->col.live_pairs = 0;
    return 1;
}

void
colors_cycle(struct tui *t)
{
    int m = t->col.mode, i;

    for (i = 0; i < TUI_COLOR_COUNT; i++) {
        m = (m + 1) % TUI_COLOR_COUNT;
        if (t->col.available[m]) {
            break;
        }
    }
    t->col.mode = m;
}

void
colors_put_cell(WINDOW *win, int y, int x, wchar_t ch, attr_t attr, int pair)
{
    cchar_t cc;
    wchar_t wc[2] = { ch, L'\0' };

    setcchar(&cc, wc, attr, 0, &pair);
    mvwadd_wch(win, y, x, &cc);
}
