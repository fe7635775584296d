/* Tests of the terminal colour arithmetic (tui/colorquant.c), without a
 * terminal: the xterm palette, OKLab, the 256-colour quantizer, its dither,
 * and the 8/16-colour palettes. The reference table below is the picture
 * orogen draws (map, iso render at dusk, the globe's night side), each with
 * the hue families it must keep in every mode (issue 14). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/iso.h"
#include "core/generators.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "render/mapimg.h"
#include "tests.h"
#include "tui/colorquant.h"
#include "tui/term_query.h"

/* Family of an ANSI colour 0..15 (xterm's defaults). */
static enum quant_family
ansi_family(int idx)
{
    static const enum quant_family f[16] = {
        QF_GREY, QF_RED, QF_GREEN, QF_YELLOW, QF_BLUE, QF_MAGENTA, QF_CYAN, QF_GREY,
        QF_GREY, QF_RED, QF_GREEN, QF_YELLOW, QF_BLUE, QF_MAGENTA, QF_CYAN, QF_GREY,
    };
    return idx >= 0 && idx < 16 ? f[idx] : QF_COUNT;
}

#define FAM(x) (1u << (x))
#define WARM (FAM(QF_RED) | FAM(QF_YELLOW))

static const struct ref_colour {
    uint32_t rgb;
    unsigned families;   /* allowed families of the answer, every mode */
    const char *what;
} refs[] = {
    { 0x142850, FAM(QF_BLUE), "deep ocean (issue 14)" },
    { 0x1e3a59, FAM(QF_BLUE), "deep ocean, seed 7's left edge" },
    { 0x24456a, FAM(QF_BLUE), "ocean" },
    { 0x1a3050, FAM(QF_BLUE), "ocean (was grey 236)" },
    { 0x2f5a8a, FAM(QF_BLUE), "shallow ocean" },
    { 0x3b78b4, FAM(QF_BLUE), "shallow water" },
    { 0x0d2a55, FAM(QF_BLUE), "iso deep water" },
    { 0x07162d, FAM(QF_BLUE), "iso sea at dusk" },
    { 0x081120, FAM(QF_BLUE), "globe night-side sea" },
    { 0x0e2132, FAM(QF_BLUE), "globe night-side sea" },
    { 0x193562, FAM(QF_BLUE), "globe sea" },
    { 0x09200d, FAM(QF_GREEN), "globe night-side land" },
    { 0x271f18, WARM, "iso land at dusk" },
    { 0x342a20, WARM, "iso land at dusk" },
    { 0x6e5a44, WARM, "iso wall" },
    { 0x8b7355, WARM, "dirt" },
    { 0x6e5f4b, WARM, "brown rock" },
    { 0x388a38, FAM(QF_GREEN), "forest" },
    { 0x337848, FAM(QF_GREEN), "lowland" },
    { 0x689858, FAM(QF_GREEN), "grass" },
    { 0x1e641e, FAM(QF_GREEN), "trees" },
    { 0xd8c890, WARM, "beach" },
    { 0x777777, FAM(QF_GREY), "grey rock" },
    { 0x303030, FAM(QF_GREY), "dark grey" },
    { 0xf0f0fa, FAM(QF_GREY), "snow (a tinted white)" },
    { 0xffffff, FAM(QF_GREY), "white" },
};
#define NREFS (sizeof refs / sizeof refs[0])

START_TEST(test_reference_families)
{
    size_t i;

    for (i = 0; i < NREFS; i++) {
        const struct ref_colour *r = &refs[i];
        int q256 = quant_xterm256_exact(r->rgb), qt = quant_xterm256(r->rgb);
        int q16 = quant_ansi16(r->rgb, 16), q8 = quant_ansi16(r->rgb, 8);
        enum quant_family f = quant_family(r->rgb);
        long x, y;

        /* the table itself: each colour is in one of its families */
        ck_assert_msg(r->families & FAM(f), "%06x (%s): family %d", r->rgb, r->what, f);
        /* direct colour: 6 bits per channel move no channel by more than 3 */
        for (x = 0; x < 24; x += 8) {
            long d = (long)((r->rgb >> x) & 255) - (long)((quant_rgb6(r->rgb) >> x) & 255);
            ck_assert_msg(labs(d) <= 3, "%06x (%s): direct", r->rgb, r->what);
        }
        /* 256 colours: the entry, exact and through the table, is in the
         * family; never the grey ramp (232..255) for a chromatic colour */
        ck_assert_msg(r->families & FAM(quant_family(quant_xterm_rgb(q256))) ||
                          q256 == 16,
                      "%06x (%s): 256 -> %d (%06x)", r->rgb, r->what, q256,
                      quant_xterm_rgb(q256));
        ck_assert_msg(r->families & FAM(quant_family(quant_xterm_rgb(qt))),
                      "%06x (%s): 256 table -> %d", r->rgb, r->what, qt);
        if (f != QF_GREY) {
            ck_assert_msg(q256 < 232 && qt < 232, "%06x (%s): grey ramp", r->rgb, r->what);
        }
        /* the dither only mixes in entries of the family */
        for (y = 0; y < 8; y++) {
            for (x = 0; x < 8; x++) {
                int d = quant_xterm256_dither(r->rgb, x, y);
                ck_assert_msg(d == 16 || (r->families & FAM(quant_family(quant_xterm_rgb(d)))),
                              "%06x (%s): dither -> %d", r->rgb, r->what, d);
            }
        }
        /* 16 and 8 colours */
        ck_assert_msg(r->families & FAM(ansi_family(q16)), "%06x (%s): 16 -> %d", r->rgb,
                      r->what, q16);
        ck_assert_msg(q8 >= 0 && q8 < 8 && (r->families & FAM(ansi_family(q8))),
                      "%06x (%s): 8 -> %d", r->rgb, r->what, q8);
    }
}
END_TEST

START_TEST(test_dark_colours_not_grey)
{
    /* The cases of issue 14 by number: deep ocean (20, 40, 80) goes to the
     * cube's darkest blue 17, not grey 236/237; dusk land to maroon 52. */
    ck_assert_int_eq(quant_xterm256_exact(0x142850), 17);
    ck_assert_int_eq(quant_xterm256_exact(0x0e2132), 17);
    ck_assert_int_eq(quant_xterm256_exact(0x271f18), 52);
    ck_assert_int_eq(quant_xterm256_exact(0x1e3a59), 24);   /* 0x005f87 */
    /* a near-black blue: black (cube 16), not the grey ramp */
    ck_assert_int_eq(quant_xterm256_exact(0x000015), 16);
    /* the forest green goes to a green, not the yellow-green 64 a plain
     * OKLab distance picks; a muted ocean blue to a blue */
    ck_assert_int_eq(quant_xterm256_exact(0x388a38), 28);
    ck_assert_int_eq(quant_xterm256_exact(0x1b3a6b), 24);
    ck_assert_int_eq(quant_xterm256(0x388a38), 28);
    /* greys stay on the ramp */
    ck_assert_int_eq(quant_xterm256_exact(0x767676), 243);
    ck_assert_int_eq(quant_xterm256_exact(0x303030), 236);
    ck_assert(!quant_is_chromatic(0xf0f0fa));
    ck_assert(quant_is_chromatic(0x271f18));
    /* the iso backdrop is a blue too (the TUI draws it as the terminal's
     * background, isoview.c) */
    ck_assert_int_eq(quant_family(ISO_BACKGROUND), QF_BLUE);
}
END_TEST

START_TEST(test_xterm256_palette)
{
    int i;

    ck_assert_int_eq(quant_xterm256_exact(0xff0000), 196);
    ck_assert_int_eq(quant_xterm256_exact(0x000000), 16);
    ck_assert_int_eq(quant_xterm256_exact(0xffffff), 231);
    ck_assert_int_eq(quant_xterm256_exact(0x5f87af), 67);
    ck_assert_int_eq(quant_xterm256_exact(0x808080), 244);
    ck_assert_int_eq(quant_xterm256_exact(0x121212), 233);
    for (i = 16; i < 256; i++) {
        uint32_t c = quant_xterm_rgb(i);
        int q = quant_xterm256_exact(c);
        /* every entry maps to an entry of the same colour */
        ck_assert_uint_eq(quant_xterm_rgb(q), c);
    }
    ck_assert_int_eq(quant_xterm256(0x84848c), quant_xterm256_exact(0x84848c));
    /* OKLab: white L = 1, black L = 0; sRGB red is (0.627955, 0.224863,
     * 0.125846) in Ottosson's published table. */
    ck_assert_double_eq_tol(quant_oklab(0xffffff).l, 1.0, 1e-4);
    ck_assert_double_eq_tol(quant_oklab(0x000000).l, 0.0, 1e-9);
    ck_assert_double_eq_tol(quant_oklab(0xff0000).l, 0.627955, 1e-4);
    ck_assert_double_eq_tol(quant_oklab(0xff0000).a, 0.224863, 1e-4);
    ck_assert_double_eq_tol(quant_oklab(0xff0000).b, 0.125846, 1e-4);
    ck_assert_uint_eq(quant_rgb6(0xffffff), 0xffffff);
    ck_assert_uint_eq(quant_rgb6(0x030303), 0x000000);
    ck_assert_int_eq(quant_ansi16(0xff0000, 16), 9);
    ck_assert_int_eq(quant_ansi16(0xff0000, 8), 1);
    ck_assert_int_eq(quant_ansi16(0x202020, 16), 0);
    ck_assert_int_eq(quant_ansi16(0x07162d, 16), 4);   /* dusk sea: blue, not black */
}
END_TEST

/* Mean OKLab colour of the dithered pattern of rgb over a 64x64 block. */
static struct quant_lab
dither_mean(uint32_t rgb, long x0, long y0)
{
    struct quant_lab m = { 0, 0, 0 };
    long x, y;

    for (y = y0; y < y0 + 64; y++) {
        for (x = x0; x < x0 + 64; x++) {
            struct quant_lab p = quant_oklab(quant_xterm_rgb(quant_xterm256_dither(rgb, x, y)));
            m.l += p.l / 4096.0;
            m.a += p.a / 4096.0;
            m.b += p.b / 4096.0;
        }
    }
    return m;
}

static double
lab_gap(struct quant_lab p, struct quant_lab q)
{
    return sqrt((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b));
}

START_TEST(test_dither_grain)
{
    long x, y;
    int n28 = 0, n34 = 0;
    struct quant_lab c = quant_oklab(0x009800), m;

    for (y = 0; y < 64; y++) {
        for (x = 0; x < 64; x++) {
            int d = quant_xterm256_dither(0x009800, x, y);
            /* a palette colour shows no pattern, a grey between two ramp
             * entries only those two */
            int g = quant_xterm256_dither(0x7e7e7e, x, y);
            ck_assert_int_eq(quant_xterm256_dither(0x5f87af, x, y), 67);
            ck_assert(g == 243 || g == 244);
            ck_assert(d == 28 || d == 34);
            n28 += d == 28;
            n34 += d == 34;
            /* keyed to the world pixel: the same answer every time */
            ck_assert_int_eq(d, quant_xterm256_dither(0x009800, x, y));
        }
    }
    ck_assert_int_eq(quant_xterm256(0x009800), 28);
    /* 28 and 34 in proportion (Knoll's candidates): the
     * pattern's mean is nearer the colour than either entry (a quarter of
     * their gap) */
    ck_assert_int_ge(n28, 64 * 64 / 10);
    ck_assert_int_ge(n34, 64 * 64 / 10);
    ck_assert_int_eq(n28 + n34, 64 * 64);
    m = dither_mean(0x009800, 0, 0);
    ck_assert_double_lt(lab_gap(m, c), 0.25 * lab_gap(quant_oklab(0x008700), quant_oklab(0x00af00)));
}
END_TEST

/* A smooth gradient (the hypsometric ocean ramp, deep to the coast) in 256
 * colours: each colour is drawn with at most two entries, both of its hue
 * family and within 22 degrees of its hue (26 for the colour itself: the
 * table decides on the 6-bit bucket's centre) (issue 14, and stop 13's
 * finding 3: no purple-grey 0x5f5f87 in a blue); the pattern's 64x64 mean
 * is never further from the colour than the nearest entry alone; and where
 * the nearest entry changes between entries at most 0.2 OKLab apart the
 * picture fades (the largest step of the mean between ramp steps of 1/64
 * is below the nearest entry's), while
 * most of the ramp shows no pattern at all. */
/* Issue 29: the iso block's earth walls in 256 colours were the cube's
 * olive 0x5f5f00 (95, 95, 0): a shaded brown keeps the warm side of the
 * red-green axis, exactly and through the table, flat and dithered. */
START_TEST(test_brown_walls_not_olive)
{
    static const uint32_t walls[] = { 0x534433, 0x4a3c2e, 0x5d4c39, 0x3a2f24, 0x6e5a44 };
    size_t i;
    long x, y;

    for (i = 0; i < sizeof walls / sizeof walls[0]; i++) {
        ck_assert_msg(quant_oklab(walls[i]).a > 0.0, "%06x is a warm brown", walls[i]);
        ck_assert_msg(quant_oklab(quant_xterm_rgb(quant_xterm256_exact(walls[i]))).a > 0.0,
                      "%06x: exact -> %d", walls[i], quant_xterm256_exact(walls[i]));
        ck_assert_int_ne(quant_xterm256(walls[i]), 58);
        for (y = 0; y < 8; y++) {
            for (x = 0; x < 8; x++) {
                int d = quant_xterm256_dither(walls[i], x, y);
                ck_assert_msg(d != 58 && quant_oklab(quant_xterm_rgb(d)).a >= 0.0,
                              "%06x: dither -> %d", walls[i], d);
            }
        }
    }
}
END_TEST

START_TEST(test_dither_follows_gradient)
{
    struct quant_lab prev = { 0, 0, 0 }, nprev = { 0, 0, 0 };
    double jump = 0.0, near_jump = 0.0;
    int k, flat = 0;

    for (k = 0; k <= 64; k++) {
        uint32_t rgb = mapimg_hypsometric(-1.0 + k / 64.0 * 0.999);
        struct quant_lab c = quant_oklab(rgb), m = dither_mean(rgb, 64 * k, 0);
        struct quant_lab n = quant_oklab(quant_xterm_rgb(quant_xterm256(rgb)));
        int used[256] = { 0 }, nused = 0, i;
        long x, y;

        for (y = 0; y < 64; y++) {
            for (x = 64 * k; x < 64 * k + 64; x++) {
                used[quant_xterm256_dither(rgb, x, y)] = 1;
            }
        }
        for (i = 16; i < 256; i++) {
            double dh;
            if (!used[i]) {
                continue;
            }
            nused++;
            dh = fabs(atan2(quant_oklab(quant_xterm_rgb(i)).b, quant_oklab(quant_xterm_rgb(i)).a) -
                      atan2(c.b, c.a)) * 180.0 / M_PI;
            ck_assert_msg(i == quant_xterm256(rgb) ||
                              (quant_family(quant_xterm_rgb(i)) == quant_family(rgb) &&
                               fmin(dh, 360.0 - dh) <= 26.0),
                          "%06x: entry %d off its hue", rgb, i);
        }
        ck_assert_msg(nused <= 2, "%06x: %d entries", rgb, nused);
        flat += nused == 1;
        ck_assert_msg(lab_gap(m, c) <= lab_gap(n, c) + 0.002, "%06x: mean %.3f, nearest %.3f",
                      rgb, lab_gap(m, c), lab_gap(n, c));
        /* entries further apart than 0.2 OKLab are not mixed (the speckle
         * of issue 29): there the picture steps like the nearest entry */
        if (k > 0 && lab_gap(n, nprev) <= 0.2) {
            jump = fmax(jump, lab_gap(m, prev));
            near_jump = fmax(near_jump, lab_gap(n, nprev));
        }
        prev = m;
        nprev = n;
    }
    ck_assert_msg(jump < 0.75 * near_jump, "mean jumps %.3f, nearest %.3f", jump, near_jump);
    ck_assert_int_ge(flat, 32);
}
END_TEST

/* Stop 13's finding 3: the default island's ocean in 256 colours was a
 * checkerboard at cell size (entries 17, 24 and the purple-grey 60
 * alternating; 83 % of neighbouring sea pixels differed). Drawn at the
 * pixel sizes of an 80x24 and a 200x60 terminal's map (half blocks), the
 * sea now uses blue entries near its hue only, and neighbouring sea pixels
 * differ about as often as the nearest entries alone do (where the depth
 * shading crosses from one entry to the next), under 8 %. */
START_TEST(test_island_ocean_256)
{
    static const int size[][2] = { { 42, 42 }, { 120, 116 } };
    struct params p;
    struct world *w;
    size_t s;

    params_defaults(&p);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    for (s = 0; s < 2; s++) {
        int W = size[s][0], H = size[s][1], x, y;
        struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
        uint32_t *rgb = malloc((size_t)W * H * sizeof *rgb);
        uint8_t *cls = malloc((size_t)W * H);
        int *q = malloc((size_t)W * H * sizeof *q);
        long pairs = 0, differ = 0, sea = 0;
        struct og_error e;

        ck_assert(rgb != NULL && cls != NULL && q != NULL);
        ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &v, W, H, rgb, cls, &e), OG_OK);
        for (y = 0; y < H; y++) {
            for (x = 0; x < W; x++) {
                size_t i = (size_t)y * W + x;
                struct quant_lab c = quant_oklab(rgb[i]), e2;
                double dh;

                q[i] = quant_xterm256_dither(rgb[i], x, y);
                if (cls[i] != MC_DEEP && cls[i] != MC_WATER) {
                    continue;
                }
                sea++;
                e2 = quant_oklab(quant_xterm_rgb(q[i]));
                dh = fabs(atan2(e2.b, e2.a) - atan2(c.b, c.a)) * 180.0 / M_PI;
                ck_assert_msg(quant_family(quant_xterm_rgb(q[i])) == QF_BLUE &&
                                  fmin(dh, 360.0 - dh) <= 26.0,
                              "sea %06x at (%d,%d) -> entry %d", rgb[i], x, y, q[i]);
            }
        }
        for (y = 0; y < H; y++) {
            for (x = 0; x < W; x++) {
                size_t i = (size_t)y * W + x, j;
                int o;
                if (cls[i] != MC_DEEP && cls[i] != MC_WATER) {
                    continue;
                }
                for (o = 0; o < 2; o++) {
                    if ((o == 0 && x + 1 >= W) || (o == 1 && y + 1 >= H)) {
                        continue;
                    }
                    j = o == 0 ? i + 1 : i + (size_t)W;
                    if (cls[j] == MC_DEEP || cls[j] == MC_WATER) {
                        pairs++;
                        differ += q[i] != q[j];
                    }
                }
            }
        }
        ck_assert_int_gt(sea, W * H / 3);
        ck_assert_msg(differ * 100 < pairs * 8, "%dx%d: %ld of %ld sea neighbours differ", W, H,
                      differ, pairs);
        free(rgb);
        free(cls);
        free(q);
    }
    world_unref(w);
}
END_TEST

START_TEST(test_class_palettes)
{
    static const struct {
        int cls;
        enum quant_family fam;
    } want[] = {
        { MC_DEEP, QF_BLUE },    { MC_WATER, QF_BLUE },    { MC_RIVER, QF_CYAN },
        { MC_LAKE, QF_CYAN },    { MC_LOW, QF_GREEN },     { MC_FOREST, QF_GREEN },
        { MC_GRASS, QF_GREEN },  { MC_HILL, QF_YELLOW },   { MC_BEACH, QF_YELLOW },
        { MC_SNOW, QF_GREY },
    };
    size_t i;
    int b = -1;

    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert_int_eq(ansi_family(quant_class_ansi(want[i].cls)), want[i].fam);
        ck_assert_int_eq(ansi_family(quant_class_ansi8(want[i].cls, NULL)), want[i].fam);
    }
    ck_assert_int_eq(quant_class_ansi(MC_WATER), 12);
    ck_assert_int_eq(quant_class_ansi(MC_SNOW), 15);
    /* eight colours: hills and mountains differ; mountains are white
     * without bold (grey in the themes), never red (issue 29: lava), snow
     * the bright white */
    ck_assert_int_ne(quant_class_ansi8(MC_HILL, NULL), quant_class_ansi8(MC_SNOW, NULL));
    ck_assert_int_ne(quant_class_ansi8(MC_MOUNTAIN, NULL), quant_class_ansi8(MC_HILL, NULL));
    ck_assert_int_eq(quant_class_ansi8(MC_MOUNTAIN, &b), 7);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(quant_class_ansi8(MC_ROCK, &b), 7);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(quant_class_ansi8(MC_SNOW, &b), 7);
    ck_assert_int_eq(b, 1);
    for (i = 0; i < MC_COUNT; i++) {
        int c = quant_class_ansi8((int)i, NULL);
        ck_assert(c >= 1 && c < 8);   /* never black: the default background */
    }
}
END_TEST

/* The answers of real terminals to the start-up queries (term_query.h). */
START_TEST(test_term_answers)
{
    /* xterm 379 -ti vt340 (doc/terminal.md): XTVERSION, XTSMGRAPHICS,
     * CSI 16 t, DA1 with attribute 4 */
    static const char xterm[] = "\033P>|XTerm(379)\033\\\033[?2;0;1000;1000S\033[6;17;8t"
                                "\033[?63;1;2;4;6;9;15;16;22;28c";
    /* kitty: the graphics query answered OK, DA1 without sixel */
    static const char kitty[] = "\033_Gi=31;OK\033\\\033P>|kitty(0.26.5)\033\\\033[?62;c";
    /* a terminal that knows none of it: DA1 only (tmux, screen) */
    static const char plain[] = "\033[?1;2c";
    struct term_probe p;

    memset(&p, 0, sizeof p);
    ck_assert_int_eq(term_query_parse(&p, xterm, sizeof xterm - 1), 1);
    ck_assert(p.sixel && !p.kitty && !p.iterm && p.da1);
    ck_assert_str_eq(p.version, "XTerm(379)");
    ck_assert_int_eq(p.sixel_w, 1000);
    ck_assert_int_eq(p.sixel_h, 1000);
    ck_assert_int_eq(p.cell_w, 8);
    ck_assert_int_eq(p.cell_h, 17);
    memset(&p, 0, sizeof p);
    ck_assert_int_eq(term_query_parse(&p, kitty, sizeof kitty - 1), 1);
    ck_assert(p.kitty && !p.sixel);
    ck_assert_str_eq(p.version, "kitty(0.26.5)");
    memset(&p, 0, sizeof p);
    ck_assert_int_eq(term_query_parse(&p, plain, sizeof plain - 1), 1);
    ck_assert(!p.kitty && !p.sixel && p.version[0] == '\0');
    /* an answer cut short: not done, nothing invented */
    memset(&p, 0, sizeof p);
    ck_assert_int_eq(term_query_parse(&p, xterm, 20), 0);
    ck_assert(!p.sixel && !p.da1);
}
END_TEST

/* Feed s (bytes) to f, all at time t; append the keys that come out. */
static int
filter_run(struct term_filter *f, const char *s, size_t len, double t, int *keys, int n)
{
    size_t i;
    for (i = 0; i < len; i++) {
        n += term_filter_key(f, (unsigned char)s[i], t, keys + n);
    }
    return n;
}

/* Late answers are dropped, keys around them kept in order (term_filter). */
START_TEST(test_term_filter)
{
    static const char answers[] = "\033P>|XTerm(388)\033\\\033_Gi=31;OK\033\\"
                                  "\033[?2;0;1000;1000S\033[6;20;10t\033[?63;1;2;4c\033]11;rgb:0/0/0\007";
    static const char arrows[] = "\033[A\033[1;5D\033OB";
    struct term_filter f;
    int keys[256], n, i;

    /* q, every answer of the probe at once, then a: only q and a */
    memset(&f, 0, sizeof f);
    n = filter_run(&f, "q", 1, 0, keys, 0);
    n = filter_run(&f, answers, sizeof answers - 1, 0, keys, n);
    n = filter_run(&f, "a", 1, 0, keys, n);
    n += term_filter_idle(&f, keys + n);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(keys[0], 'q');
    ck_assert_int_eq(keys[1], 'a');
    /* cursor keys curses did not decode come out whole */
    memset(&f, 0, sizeof f);
    n = filter_run(&f, arrows, sizeof arrows - 1, 0, keys, 0);
    ck_assert_int_eq(n, (int)sizeof arrows - 1);
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(keys[i], (unsigned char)arrows[i]);
    }
    /* a lone Esc: held while more may follow, the Esc key once input ends */
    memset(&f, 0, sizeof f);
    ck_assert_int_eq(term_filter_key(&f, 27, 0, keys), 0);
    ck_assert_int_eq(term_filter_idle(&f, keys), 1);
    ck_assert_int_eq(keys[0], 27);
    /* Esc then q, Esc Esc: keys */
    n = filter_run(&f, "\033q\033\033", 4, 0, keys, 0);
    n += term_filter_idle(&f, keys + n);
    ck_assert_int_eq(n, 4);
    ck_assert(keys[0] == 27 && keys[1] == 'q' && keys[2] == 27 && keys[3] == 27);
    /* a curses key inside an answer passes; the answer is still dropped */
    memset(&f, 0, sizeof f);
    n = filter_run(&f, "\033P>|XTe", 6, 0, keys, 0);
    n += term_filter_key(&f, 0632, 0, keys + n);   /* KEY_RESIZE */
    n = filter_run(&f, "rm\033\\x", 5, 0, keys, n);
    ck_assert_int_eq(n, 2);
    ck_assert(keys[0] == 0632 && keys[1] == 'x');
    /* typed, not answered: bytes 1 s apart (Alt-P, then typing) */
    memset(&f, 0, sizeof f);
    n = filter_run(&f, "\033P", 2, 0, keys, 0);
    n = filter_run(&f, "hi", 2, 1000, keys, n);
    ck_assert_int_eq(n, 2);
    ck_assert(keys[0] == 'h' && keys[1] == 'i');
    n = filter_run(&f, "\033[1", 3, 2000, keys, 0);
    n = filter_run(&f, "q", 1, 3000, keys, n);
    ck_assert_int_eq(n, 4);
    ck_assert(keys[0] == 27 && keys[1] == '[' && keys[2] == '1' && keys[3] == 'q');
    /* the probe's end: an unfinished CSI was typed, an unfinished string not */
    memset(&f, 0, sizeof f);
    n = filter_run(&f, "\033[2", 3, 0, keys, 0);
    n += term_filter_flush(&f, keys + n);
    ck_assert_int_eq(n, 3);
    n = filter_run(&f, "\033_Gi=31", 7, 0, keys, 0);
    n += term_filter_flush(&f, keys + n);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(f.state, 0);
}
END_TEST

Suite *
colorquant_suite(void)
{
    Suite *s = suite_create("colorquant");
    TCase *tc = tcase_create("colour");

    tcase_add_test(tc, test_reference_families);
    tcase_add_test(tc, test_dark_colours_not_grey);
    tcase_add_test(tc, test_xterm256_palette);
    tcase_add_test(tc, test_dither_grain);
    tcase_add_test(tc, test_dither_follows_gradient);
    tcase_add_test(tc, test_brown_walls_not_olive);
    tcase_add_test(tc, test_island_ocean_256);
    tcase_add_test(tc, test_class_palettes);
    tcase_add_test(tc, test_term_answers);
    tcase_add_test(tc, test_term_filter);
    suite_add_tcase(s, tc);
    return s;
}
