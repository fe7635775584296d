#include "config.h"
#include "tui/colorquant.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "render/mapimg.h"

static const int cube_level[6] = { 0, 95, 135, 175, 215, 255 };

static double
srgb_to_linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

struct quant_lab
quant_oklab(uint32_t rgb)
{
    double r = srgb_to_linear(((rgb >> 16) & 0xff) / 255.0);
    double g = srgb_to_linear(((rgb >> 8) & 0xff) / 255.0);
    double b = srgb_to_linear((rgb & 0xff) / 255.0);
    /* Ottosson's linear sRGB -> LMS -> OKLab matrices. */
    double l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    double m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    double s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    struct quant_lab o;

    o.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s;
    o.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s;
    o.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s;
    return o;
}

uint32_t
quant_xterm_rgb(int idx)
{
    static const uint32_t ansi[16] = {
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    };
    if (idx < 0) {
        return 0;
    }
    if (idx < 16) {
        return ansi[idx];
    }
    if (idx < 232) {
        int i = idx - 16;
        return (uint32_t)cube_level[i / 36] << 16 | (uint32_t)cube_level[(i / 6) % 6] << 8 |
               (uint32_t)cube_level[i % 6];
    }
    if (idx < 256) {
        uint32_t v = (uint32_t)(8 + 10 * (idx - 232));
        return v << 16 | v << 8 | v;
    }
    return 0xffffff;
}

static struct quant_lab palette_lab[256];
static int palette_ready;

static void
palette_init(void)
{
    int i;
    if (palette_ready) {
        return;
    }
    for (i = 16; i < 256; i++) {
        palette_lab[i] = quant_oklab(quant_xterm_rgb(i));
    }
    palette_ready = 1;
}

/* Distance for the nearest-entry search: OKLab split into lightness,
 * chroma and hue differences (the structure of CIE94's dE) with chroma and
 * hue weighted above lightness: a chroma loss 3x, a gain 1.5x, hue 4x.
 * The palette's cube is coarse (levels 0, 95, 135 ...) while its grey ramp
 * is fine, so plain dE picks an L-matched grey for a muted blue (ocean
 * 0x1b3a6b -> grey 237) and a yellow-green for a green (forest 0x388a38 ->
 * 0x5f8700); weights judged on the map and globe palettes. Dark colours
 * need more than weights (the cube has no chromatic entry darker than
 * 0x00005f): nearest2 keeps them in their hue family. */
static double
lab_dist(struct quant_lab c, struct quant_lab p)
{
    double dl = c.l - p.l, da = c.a - p.a, db = c.b - p.b;
    double dc = sqrt(c.a * c.a + c.b * c.b) - sqrt(p.a * p.a + p.b * p.b);
    double dh2 = da * da + db * db - dc * dc;

    return dl * dl + (dc > 0.0 ? 3.0 : 1.5) * dc * dc + 4.0 * (dh2 > 0.0 ? dh2 : 0.0);
}

static double
lab_chroma(struct quant_lab c)
{
    return sqrt(c.a * c.a + c.b * c.b);
}

/* OKLab hue angle in degrees, -180..180. */
static double
lab_hue(struct quant_lab c)
{
    return atan2(c.b, c.a) * (180.0 / M_PI);
}

int
quant_is_chromatic(uint32_t rgb)
{
    struct quant_lab c = quant_oklab(rgb);
    double ch = lab_chroma(c);

    return ch >= QUANT_GREY_CHROMA && ch >= QUANT_GREY_SATURATION * c.l;
}

enum quant_family
quant_family(uint32_t rgb)
{
    double h;

    if (!quant_is_chromatic(rgb)) {
        return QF_GREY;
    }
    h = lab_hue(quant_oklab(rgb));
    if (h >= -10.0 && h < 45.0) {
        return QF_RED;
    }
    if (h >= 45.0 && h < 125.0) {
        return QF_YELLOW;
    }
    if (h >= 125.0 && h < 170.0) {
        return QF_GREEN;
    }
    if (h >= 170.0 || h < -135.0) {
        return QF_CYAN;
    }
    if (h < -75.0) {
        return QF_BLUE;
    }
    return QF_MAGENTA;
}

static double
hue_diff(double h1, double h2)
{
    double d = fabs(h1 - h2);
    return d > 180.0 ? 360.0 - d : d;
}

/* The nearest (*i0) and second-nearest (*i1) entries in 16..255. A
 * chromatic colour (quant_is_chromatic) only considers black (16) and the
 * cube entries with chroma whose hue lies within QUANT_HUE_WINDOW degrees:
 * the cube has no muted dark colours, so by distance alone a dark blue
 * (deep ocean 0x1e3a59, the globe's night side 0x0e2132, dusk sea 0x07162d)
 * lands on the L-matched grey ramp, which is the wrong picture (issue 14);
 * keeping the hue family and paying in chroma looks right. A colour of the
 * yellow family also keeps its side of OKLab's red-green axis (the sign of
 * a): browns (a > 0) never take olive entries (a < 0) nor the reverse; the
 * iso block's shaded earth walls (0x534433, hue 70) took the cube's olive
 * 0x5f5f00 (hue 110) by lightness (issue 29), now brown 0x875f00. Greys
 * search every entry. */
static void
nearest2(uint32_t rgb, int chromatic, int *i0, int *i1)
{
    struct quant_lab c = quant_oklab(rgb);
    double best = INFINITY, second = INFINITY;
    double hue = lab_hue(c);
    int i;

    int yellow = chromatic && quant_family(rgb) == QF_YELLOW;

    palette_init();
    *i0 = *i1 = 16;
    for (i = 16; i < 256; i++) {
        double d;
        if (chromatic && i != 16 &&
            (lab_chroma(palette_lab[i]) < QUANT_GREY_CHROMA ||
             hue_diff(hue, lab_hue(palette_lab[i])) > QUANT_HUE_WINDOW ||
             (yellow && (c.a > 0.0) != (palette_lab[i].a > 0.0)))) {
            continue;
        }
        d = lab_dist(c, palette_lab[i]);
        if (d < best) {
            second = best;
            *i1 = *i0;
            best = d;
            *i0 = i;
        } else if (d < second) {
            second = d;
            *i1 = i;
        }
    }
}

int
quant_xterm256_exact(uint32_t rgb)
{
    int i0, i1;

    nearest2(rgb, quant_is_chromatic(rgb), &i0, &i1);
    return i0;
}

/* Filled lazily: 0 means "not computed yet" (answers are >= 16), so a map
 * only pays for the few hundred buckets it uses. Six bits a channel, and the grey/chromatic
 * decision taken on the colour itself (the first index), not on the bucket
 * centre: with five bits and the centre's decision, dusk land 0x271f18
 * (centre 0x241c1c) went grey. */
static uint8_t lut[2][64 * 64 * 64];

static uint32_t
bucket(uint32_t rgb, int chromatic)
{
    uint32_t r = (rgb >> 18) & 63, g = (rgb >> 10) & 63, b = (rgb >> 2) & 63;
    uint32_t i = r << 12 | g << 6 | b;

    if (lut[chromatic][i] == 0) {
        int i0, i1;
        /* Bucket centre: 4 * k + 2 on each channel. */
        nearest2((r * 4 + 2) << 16 | (g * 4 + 2) << 8 | (b * 4 + 2), chromatic, &i0, &i1);
        lut[chromatic][i] = (uint8_t)i0;
    }
    return i;
}

int
quant_xterm256(uint32_t rgb)
{
    int ch = quant_is_chromatic(rgb);
    return lut[ch][bucket(rgb, ch)];
}

int
quant_ansi16(uint32_t rgb, int n)
{
    /* ANSI colour of each family: normal, bright. */
    static const int family_ansi[QF_COUNT][2] = {
        [QF_GREY] = { 8, 7 }, [QF_RED] = { 1, 9 },    [QF_YELLOW] = { 3, 11 },
        [QF_GREEN] = { 2, 10 }, [QF_CYAN] = { 6, 14 }, [QF_BLUE] = { 4, 12 },
        [QF_MAGENTA] = { 5, 13 },
    };
    struct quant_lab c = quant_oklab(rgb);
    enum quant_family f = quant_family(rgb);
    int idx;

    if (f == QF_GREY) {
        /* black, dark grey, light grey, white by lightness */
        idx = c.l < 0.3 ? 0 : c.l < 0.6 ? 8 : c.l < 0.9 ? 7 : 15;
    } else {
        /* bright when lighter than halfway between xterm's normal and
         * bright colour of the family */
        double mid = 0.5 * (quant_oklab(quant_xterm_rgb(family_ansi[f][0])).l +
                            quant_oklab(quant_xterm_rgb(family_ansi[f][1])).l);
        idx = family_ansi[f][c.l >= mid];
    }
    if (n < 16 && idx == 8) {
        idx = c.l < 0.45 ? 0 : 7;   /* no dark grey: the nearer of black, white */
    } else if (n < 16 && idx > 8) {
        idx -= 8;
    }
    return idx;
}

uint32_t
quant_rgb6(uint32_t rgb)
{
    uint32_t hi = rgb & 0xfcfcfc;
    return hi | ((hi >> 6) & 0x030303);
}

int
quant_class_ansi(int map_class)
{
    switch (map_class) {
    case MC_DEEP: return 4;       /* blue */
    case MC_WATER: return 12;     /* bright blue */
    case MC_LAKE: return 6;       /* cyan */
    case MC_RIVER: return 14;     /* bright cyan */
    case MC_BEACH: return 11;     /* bright yellow */
    case MC_LOW: return 10;       /* bright green */
    case MC_GRASS: return 2;      /* green */
    case MC_FOREST: return 2;     /* green */
    case MC_TREE: return 2;       /* green */
    case MC_DIRT: return 3;       /* yellow (brown on most themes) */
    case MC_DESERT: return 11;    /* bright yellow */
    case MC_HILL: return 3;       /* yellow */
    case MC_ROCK: return 7;       /* white (grey) */
    case MC_MOUNTAIN: return 8;   /* bright black (dark grey) */
    case MC_SNOW: return 15;      /* bright white */
    case MC_ICE: return 15;       /* bright white: ice is white, never a hue */
    default: return 7;
    }
}

/* Interleaved gradient noise (J. Jimenez, "Next generation post processing
 * in Call of Duty: Advanced Warfare", SIGGRAPH 2014): a threshold in [0, 1)
 * per pixel whose spectrum is close to blue noise, so a mix of two entries
 * reads as a fine grain rather than the regular grid of a Bayer matrix. */
static double
ign(long x, long y)
{
    double v = 0.06711056 * (double)(x & 1023) + 0.00583715 * (double)(y & 1023);
    v = 52.9829189 * (v - floor(v));
    return v - floor(v);
}

int
quant_class_ansi8(int map_class, int *bright)
{
    int b = 0, idx;

    switch (map_class) {
    case MC_DEEP: idx = 4; break;                 /* blue */
    case MC_WATER: idx = 4; b = 1; break;
    case MC_LAKE: idx = 6; break;                 /* cyan */
    case MC_RIVER: idx = 6; b = 1; break;
    case MC_BEACH: idx = 3; b = 1; break;         /* yellow */
    case MC_DESERT: idx = 3; b = 1; break;
    case MC_LOW: idx = 2; b = 1; break;           /* green */
    case MC_GRASS: case MC_FOREST: case MC_TREE: idx = 2; break;
    case MC_DIRT: case MC_HILL: idx = 3; break;   /* yellow: brown on most themes */
    /* white without bold: grey in nearly every theme (xterm 0xe5e5e5, VGA
     * 0xaaaaaa, Tango 0xd3d7cf); red made mountains look like lava (issue
     * 29). Snow is the bright white (bold, glyph maps only). */
    case MC_ROCK: case MC_MOUNTAIN: idx = 7; break;
    case MC_SNOW: case MC_ICE: idx = 7; b = 1; break; /* white */
    default: idx = 7; break;
    }
    if (bright != NULL) {
        *bright = b;
    }
    return idx;
}

/* The dither of a colour c: between two entries of its hue family, and
 * only where c lies between them, near the contour where the nearest entry
 * changes:
 *   - a = the nearest entry (quant_xterm256; distance lab_dist);
 *   - b = the nearest other entry of c's family within DITHER_HUE degrees
 *     of c's hue (greys: the grey entries) that lies "beyond" c seen from
 *     a: c's projection on the segment a..b falls inside it, and c is at
 *     most DITHER_NEAR times the segment's length off it (plain OKLab). So
 *     no pixel leaves the family nor turns a blue sea purple-grey
 *     (0x5f5f87, 31 degrees from the ocean's hue, is the blue family's
 *     edge), and a colour far from every entry but between none (the
 *     island's ocean, 0.1 OKLab from the cube) stays flat;
 *   - r = da / (da + db), da and db the square roots of lab_dist to a and
 *     b: 0 on a, 0.5 on the contour between a and b; b's share of the
 *     pixels is (r - DITHER_FLAT) / (1 - 2 DITHER_FLAT), so none up to
 *     DITHER_FLAT and one half on the contour, where the other side mixes
 *     the same two entries half and half: the picture is continuous, and
 *     the nearest entry always keeps the majority.
 * A terminal cell is far larger than the pixel dithering was made for: the
 * old 16-entry pattern made that ocean a checkerboard of entries 17, 24 and
 * 60 (stop 13, finding 3). And two entries further apart than DITHER_GAP
 * (OKLab) are not mixed at all: at cell size such a mix reads as dots of
 * another colour, not as the colour between them. The sea darkening
 * towards the map's edges (0x1e3a59 .. 0x1d3857) lay between the cube's
 * 0x005f87 (24) and 0x00005f (17), 0.25 apart, and showed as dark-navy
 * speckle along every edge (issue 29); neighbouring cube entries of one hue
 * are 0.06 .. 0.12 apart, grey-ramp steps 0.05. */
#define DITHER_FLAT 0.42
#define DITHER_HUE 22.0
#define DITHER_NEAR 0.35
#define DITHER_GAP 0.2

static double
lab_dist2(struct quant_lab c, struct quant_lab p)
{
    return (c.l - p.l) * (c.l - p.l) + (c.a - p.a) * (c.a - p.a) + (c.b - p.b) * (c.b - p.b);
}

/* out[0] = a, out[1] = b, out[2] = b's share 0..128 of 256 (0: flat). */
static void
dither_pair(uint32_t rgb, int chromatic, uint8_t *out)
{
    struct quant_lab c = quant_oklab(rgb), pa;
    enum quant_family fam = quant_family(rgb);
    double hue = lab_hue(c), best = INFINITY, da, r, share;
    int a, second, b, i;

    nearest2(rgb, chromatic, &a, &second);
    palette_init();
    pa = palette_lab[a];
    b = a;
    for (i = 16; i < 256; i++) {
        struct quant_lab p = palette_lab[i], q;
        double gap2, t, d;
        int grey = lab_chroma(p) < QUANT_GREY_CHROMA;

        if (i == a || (chromatic ? grey || quant_family(quant_xterm_rgb(i)) != fam ||
                                       hue_diff(hue, lab_hue(p)) > DITHER_HUE
                                 : !grey)) {
            continue;
        }
        gap2 = lab_dist2(pa, p);
        if (gap2 <= 0.0 || gap2 > DITHER_GAP * DITHER_GAP) {
            continue;
        }
        t = ((c.l - pa.l) * (p.l - pa.l) + (c.a - pa.a) * (p.a - pa.a) +
             (c.b - pa.b) * (p.b - pa.b)) / gap2;
        q.l = pa.l + t * (p.l - pa.l);
        q.a = pa.a + t * (p.a - pa.a);
        q.b = pa.b + t * (p.b - pa.b);
        if (t <= 0.0 || t >= 1.0 || lab_dist2(c, q) > DITHER_NEAR * DITHER_NEAR * gap2) {
            continue;
        }
        d = lab_dist(c, p);
        if (d < best) {
            best = d;
            b = i;
        }
    }
    da = sqrt(lab_dist(c, pa));
    r = b == a ? 0.0 : da / (da + sqrt(best));
    share = (r - DITHER_FLAT) / (1.0 - 2.0 * DITHER_FLAT);
    share = share < 0.0 ? 0.0 : share > 0.5 ? 0.5 : share;
    out[0] = (uint8_t)a;
    out[1] = (uint8_t)b;
    out[2] = (uint8_t)lround(share * 256.0);
}

/* The pair per 6-bit bucket as lut (first byte 0: not computed yet),
 * allocated on first use (the pages of buckets never used stay untouched). */
static uint8_t (*dlut)[3];

int
quant_xterm256_dither(uint32_t rgb, long x, long y)
{
    int ch = quant_is_chromatic(rgb);
    uint32_t r = (rgb >> 18) & 63, g = (rgb >> 10) & 63, b = (rgb >> 2) & 63;
    size_t i = (size_t)ch << 18 | r << 12 | g << 6 | b;

    if (dlut == NULL) {
        dlut = calloc((size_t)2 << 18, sizeof *dlut);
        if (dlut == NULL) {
            return quant_xterm256(rgb);
        }
    }
    if (dlut[i][0] == 0) {
        dither_pair((r * 4 + 2) << 16 | (g * 4 + 2) << 8 | (b * 4 + 2), ch, dlut[i]);
    }
    if (dlut[i][2] == 0) {
        return dlut[i][0];
    }
    return ign(x, y) * 256.0 < dlut[i][2] ? dlut[i][1] : dlut[i][0];
}
