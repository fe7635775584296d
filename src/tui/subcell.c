/* subcell: see subcell.h. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>

#include "tui/subcell.h"
#include "tui/tui.h"

int
subcell_parse(const char *s)
{
    static const char *const words[][2] = {
        { "auto", NULL }, { "half", "halfblocks" }, { "sextant", "sextants" },
        { "octant", "octants" },
    };
    int i;

    for (i = 0; i < SUBCELL_COUNT; i++) {
        if (strcmp(s, words[i][0]) == 0 || (words[i][1] != NULL && strcmp(s, words[i][1]) == 0)) {
            return i;
        }
    }
    return -1;
}

int
tui_symbols_parse(const char *s)
{
    return subcell_parse(s);
}

const char *
subcell_name(int sym)
{
    static const char *const names[] = { "auto", "half", "sextant", "octant" };
    return sym >= 0 && sym < SUBCELL_COUNT ? names[sym] : "?";
}

void
subcell_grid(int sym, int *cols, int *rows)
{
    *cols = sym == SUBCELL_SEXTANT || sym == SUBCELL_OCTANT ? 2 : 1;
    *rows = sym == SUBCELL_SEXTANT ? 3 : sym == SUBCELL_OCTANT ? 4 : 2;
}

/* Octant patterns Unicode encoded before version 16 (bit i: sub-pixel i,
 * rows top first, left then right), and the four single corner pixels of
 * U+1CEA0.. that are left out here (the drawing inverts or drops them). The
 * block U+1CD00..1CDE5 holds every other pattern but empty and full, in
 * increasing order of the mask (U+1CD00 is BLOCK OCTANT-3, mask 0x04). */
static const struct {
    unsigned mask;
    wchar_t ch;
} octant_old[] = {
    { 0x0f, 0x2580 }, { 0xf0, 0x2584 }, { 0x55, 0x258c }, { 0xaa, 0x2590 },
    { 0xc0, 0x2582 }, { 0xfc, 0x2586 }, { 0x03, 0x1fb82 }, { 0x3f, 0x1fb85 },
    { 0x14, 0x1fbe6 }, { 0x28, 0x1fbe7 },
    { 0x50, 0x2596 }, { 0xa0, 0x2597 }, { 0x05, 0x2598 }, { 0xf5, 0x2599 },
    { 0xa5, 0x259a }, { 0x5f, 0x259b }, { 0xaf, 0x259c }, { 0x0a, 0x259d },
    { 0x5a, 0x259e }, { 0xfa, 0x259f },
    { 0x01, 0 }, { 0x02, 0 }, { 0x40, 0 }, { 0x80, 0 },
};

static wchar_t
octant_char(unsigned mask)
{
    static wchar_t table[256];
    static int ready;
    unsigned m;
    size_t i;

    if (!ready) {
        wchar_t next = 0x1cd00;
        for (m = 1; m < 255; m++) {
            int old = 0;
            for (i = 0; i < sizeof octant_old / sizeof octant_old[0]; i++) {
                if (octant_old[i].mask == m) {
                    table[m] = octant_old[i].ch;
                    old = 1;
                }
            }
            if (!old) {
                table[m] = next++;
            }
        }
        ready = 1;
    }
    return mask < 256 ? table[mask] : 0;
}

wchar_t
subcell_char(int sym, unsigned mask)
{
    switch (sym) {
    case SUBCELL_SEXTANT:
        /* U+1FB00.. in increasing order of the mask, without empty, full
         * and the two half blocks (left 0x15, right 0x2a) */
        if (mask == 0 || mask >= 63) {
            return 0;
        }
        if (mask == 0x15) {
            return 0x258c;
        }
        if (mask == 0x2a) {
            return 0x2590;
        }
        return (wchar_t)(0x1fb00 + mask - 1 - (mask > 0x15) - (mask > 0x2a));
    case SUBCELL_OCTANT:
        return octant_char(mask);
    default:
        return mask == 1 ? 0x2580 : mask == 2 ? 0x2584 : 0;
    }
}

int
subcell_usable(int sym)
{
    switch (sym) {
    case SUBCELL_SEXTANT:
        return wcwidth(0x1fb00) == 1 && wcwidth(0x1fb3b) == 1;
    case SUBCELL_OCTANT:
        return wcwidth(0x1cd00) == 1 && wcwidth(0x1cde5) == 1 && wcwidth(0x1fbe6) == 1;
    default:
        return 1;
    }
}

/* True when name (a word ending in '(' or ' ' or the string's end) starts
 * s, case-insensitively; *ver gets the version number after it (0 if none;
 * "0.26.5" -> 26.5 minor scale: major * 1000 + minor). */
static int
names(const char *s, const char *name, long *ver)
{
    size_t n = strlen(name);
    const char *p;
    long major = 0, minor = 0;

    if (strncasecmp(s, name, n) != 0) {
        return 0;
    }
    p = s + n;
    while (*p == '(' || *p == ' ' || *p == '-') {
        p++;
    }
    major = strtol(p, (char **)&p, 10);
    if (*p == '.') {
        minor = strtol(p + 1, NULL, 10);
    }
    *ver = major * 1000 + minor;
    return 1;
}

int
subcell_auto(const char *term, const char *version, char *who, size_t who_size)
{
    long v = 0;
    int sym = SUBCELL_HALF;
    const char *name = NULL;

    version = version != NULL ? version : "";
    term = term != NULL ? term : "";
    if (names(version, "kitty", &v) || (version[0] == '\0' && strstr(term, "kitty") != NULL)) {
        name = "kitty";
        sym = v >= 37 ? SUBCELL_OCTANT : SUBCELL_SEXTANT;
    } else if (names(version, "foot", &v) || (version[0] == '\0' && strncmp(term, "foot", 4) == 0)) {
        name = "foot";
        sym = v >= 1020 ? SUBCELL_OCTANT : SUBCELL_SEXTANT;
    } else if (names(version, "WezTerm", &v) || (version[0] == '\0' && strstr(term, "wezterm") != NULL)) {
        name = "WezTerm";
        sym = SUBCELL_SEXTANT;
    } else if (names(version, "ghostty", &v) || (version[0] == '\0' && strstr(term, "ghostty") != NULL)) {
        name = "ghostty";
        sym = SUBCELL_OCTANT;
    }
    if (name != NULL && who != NULL) {
        snprintf(who, who_size, "%s", name);
    }
    return sym;
}

/* Squared colour distance, weighted for the eye (2, 4, 3 on R, G, B). */
static long
dist2(uint32_t a, uint32_t b)
{
    long dr = (long)(a >> 16 & 255) - (long)(b >> 16 & 255);
    long dg = (long)(a >> 8 & 255) - (long)(b >> 8 & 255);
    long db = (long)(a & 255) - (long)(b & 255);
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

static uint32_t
mean_of(const uint32_t *src, int n, unsigned mask, int want)
{
    long r = 0, g = 0, b = 0, k = 0;
    int i;

    for (i = 0; i < n; i++) {
        if (((mask >> i) & 1u) == (unsigned)want) {
            r += src[i] >> 16 & 255;
            g += src[i] >> 8 & 255;
            b += src[i] & 255;
            k++;
        }
    }
    if (k == 0) {
        return 0;
    }
    return (uint32_t)((r + k / 2) / k) << 16 | (uint32_t)((g + k / 2) / k) << 8 |
           (uint32_t)((b + k / 2) / k);
}

/* Direct colour: every split of the cell into two groups (bit n-1 fixed in
 * the background group, so each split is tried once), each group drawn in
 * its mean; the least squared error wins. Pixels outside (num -1) form the
 * background group by themselves. */
static void
fit_direct(const uint32_t *src, const int *num, int n, struct subcell_fit *out)
{
    unsigned outside = 0, m, best_m = 0, full = (1u << n) - 1;
    long best = -1;
    int i;

    for (i = 0; i < n; i++) {
        outside |= num[i] < 0 ? 1u << i : 0;
    }
    if (outside == full) {
        out->fg = out->bg = -1;
        out->mask = 0;
        return;
    }
    if (outside != 0) {
        out->mask = full & ~outside;
        out->fg_rgb = mean_of(src, n, out->mask, 1);
        out->fg = (int)out->fg_rgb;
        out->bg = -1;
        return;
    }
    for (m = 0; m < (1u << (n - 1)); m++) {
        uint32_t a = mean_of(src, n, m, 1), b = mean_of(src, n, m, 0);
        long e = 0;
        for (i = 0; i < n; i++) {
            e += dist2(src[i], (m >> i) & 1u ? a : b);
        }
        if (best < 0 || e < best) {
            best = e;
            best_m = m;
        }
    }
    out->mask = best_m;
    out->fg_rgb = mean_of(src, n, best_m, 1);
    out->bg_rgb = mean_of(src, n, best_m, 0);
    out->fg = (int)out->fg_rgb;
    out->bg = (int)out->bg_rgb;
}

/* Palette modes: the two numbers (of those present) whose mean source
 * colours leave the least error when each pixel takes the nearer one. */
static void
fit_palette(const uint32_t *src, const int *num, int n, struct subcell_fit *out)
{
    int ids[SUBCELL_MAX] = { 0 }, nid = 0, i, j, a, b, best_a = 0, best_b = 0;
    uint32_t rep[SUBCELL_MAX] = { 0 };
    long best = -1;

    for (i = 0; i < n; i++) {
        for (j = 0; j < nid && ids[j] != num[i]; j++) {
        }
        if (j == nid) {
            ids[nid++] = num[i];
        }
    }
    for (j = 0; j < nid; j++) {
        unsigned m = 0;
        for (i = 0; i < n; i++) {
            m |= num[i] == ids[j] ? 1u << i : 0;
        }
        rep[j] = mean_of(src, n, m, 1);
    }
    for (a = 0; a < nid; a++) {
        for (b = nid == 1 ? a : a + 1; b < nid; b++) {
            long e = 0;
            for (i = 0; i < n; i++) {
                /* the outside (-1) matches only itself */
                long da = num[i] == ids[a] ? 0 : ids[a] < 0 || num[i] < 0 ? 1L << 40
                                                                        : dist2(src[i], rep[a]);
                long db = num[i] == ids[b] ? 0 : ids[b] < 0 || num[i] < 0 ? 1L << 40
                                                                        : dist2(src[i], rep[b]);
                e += da < db ? da : db;
            }
            if (best < 0 || e < best) {
                best = e;
                best_a = a;
                best_b = b;
            }
        }
    }
    out->fg = ids[best_a];
    out->bg = ids[best_b];
    out->fg_rgb = rep[best_a];
    out->bg_rgb = rep[best_b];
    out->mask = 0;
    for (i = 0; i < n; i++) {
        long da = num[i] == out->fg ? 0 : out->fg < 0 || num[i] < 0 ? 1L << 40
                                                                  : dist2(src[i], out->fg_rgb);
        long db = num[i] == out->bg ? 0 : out->bg < 0 || num[i] < 0 ? 1L << 40
                                                                  : dist2(src[i], out->bg_rgb);
        out->mask |= da < db ? 1u << i : 0;
    }
}

void
subcell_fit(const uint32_t *src, const int *num, int n, int direct, struct subcell_fit *out)
{
    if (direct) {
        fit_direct(src, num, n, out);
    } else {
        fit_palette(src, num, n, out);
    }
}

void
subcell_factors(int sym, int *fx, int *fy)
{
    *fx = sym == SUBCELL_SEXTANT ? 3 : sym == SUBCELL_OCTANT ? 2 : 1;
    *fy = sym == SUBCELL_SEXTANT ? 4 : sym == SUBCELL_OCTANT ? 2 : 1;
}

int
subcell_block_mean(const uint32_t *px, int pw, int sx, int sy, int fx, int fy, uint32_t *rgb,
                   long *centre)
{
    long r = 0, g = 0, b = 0, k = 0, best = -1, bd = 0;
    int i, j;

    for (j = 0; j < fy; j++) {
        for (i = 0; i < fx; i++) {
            long o = (long)(sy * fy + j) * pw + (long)sx * fx + i;
            long d = (2 * i + 1 - fx) * (2 * i + 1 - fx) + (2 * j + 1 - fy) * (2 * j + 1 - fy);
            uint32_t c = px[o];
            if (c & SUBCELL_OUTSIDE) {
                continue;
            }
            r += c >> 16 & 255;
            g += c >> 8 & 255;
            b += c & 255;
            k++;
            if (best < 0 || d < bd) {
                best = o;
                bd = d;
            }
        }
    }
    if (2 * k <= (long)fx * fy) {
        return 0;
    }
    *rgb = (uint32_t)((r + k / 2) / k) << 16 | (uint32_t)((g + k / 2) / k) << 8 |
           (uint32_t)((b + k / 2) / k);
    *centre = best;
    return 1;
}
