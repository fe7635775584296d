#include "config.h"
#include "tui/hybrid256.h"

#include "core/world.h"
#include "render/mapimg.h"
#include "tui/colorquant.h"

/* The streams' entry. MAPIMG_RIVER_COLOR (59, 120, 180) is nearest to the
 * cube's (0, 135, 215), a neon azure over the greens; one cube step down
 * in green, (0, 95, 175), keeps the hue, is darker than the lakes' entry
 * (95, 135, 175) and reads as water beside the trees' (0, 95, 0). */
#define STREAM_256 25

/* 4 x 4 Bayer matrix: thresholds (k + 0.5) / 16. */
static const unsigned char bayer4[4][4] = {
    { 0, 8, 2, 10 }, { 12, 4, 14, 6 }, { 3, 11, 1, 9 }, { 15, 7, 13, 5 }
};

/* How much of colour b is blended into a to give c (the river lines'
 * blend, mapimg_rivers.c), least squares over the three channels, in
 * [0, 1]; 0 when a and b are the same. */
static double
coverage(uint32_t a, uint32_t b, uint32_t c)
{
    double num = 0.0, den = 0.0, t;
    int s;
    for (s = 16; s >= 0; s -= 8) {
        double ca = (double)((a >> s) & 0xffu), cb = (double)((b >> s) & 0xffu);
        double cc = (double)((c >> s) & 0xffu);
        num += (cc - ca) * (cb - ca);
        den += (cb - ca) * (cb - ca);
    }
    if (den <= 0.0) {
        return 0.0;
    }
    t = num / den;
    return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

/* The nearest entry of a category colour, kept in its hue family: shaded
 * brown rock at 40 % light is nearest to the cube's dark red (95, 0, 0),
 * specks of blood on every north face; a colour whose nearest entry is of
 * another family takes the grey of its lightness instead. */
static int
nearest_in_family(uint32_t rgb)
{
    int idx = quant_xterm256(rgb);
    enum quant_family f = quant_family(rgb);
    if (f != QF_GREY && quant_family(quant_xterm_rgb(idx)) != f) {
        struct quant_lab c = quant_oklab(rgb);
        uint32_t lo = 0, hi = 255;
        while (lo < hi) { /* the grey of the same OKLab lightness */
            uint32_t mid = (lo + hi) / 2;
            if (quant_oklab(mid << 16 | mid << 8 | mid).l < c.l) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        idx = quant_xterm256(lo << 16 | lo << 8 | lo);
    }
    return idx;
}

int
hybrid256_index(const struct world *w, long cell, int cls, uint32_t rgb, long wx, long wy)
{
    uint32_t land, base;
    double c;
    int shaded;

    if (cell < 0 || (size_t)cell >= w->ncells || w->color == NULL) {
        return quant_xterm256(rgb);
    }
    if (cls == MC_LAKE) { /* a class of its own: one entry, no shading */
        return nearest_in_family(mapimg_cell_color(w, LAYER_COLOR, (size_t)cell, 0.0));
    }
    land = mapimg_cell_drawn_color(w, LAYER_COLOR, (size_t)cell);
    /* Ordered dither of the stream's coverage between the stream's own
     * entry and the land's, so a line keeps its mean colour as in direct
     * colour (a stream a fifth of a pixel wide is a dotted line); a pixel
     * the stream covers at least half (class MC_RIVER, as the 16-colour
     * map draws it) is the stream's, so rivers are solid lines. */
    c = coverage(land, MAPIMG_RIVER_COLOR, rgb);
    if (cls == MC_RIVER || c * 16.0 > (double)bayer4[wy & 3][wx & 3] + 0.5) {
        return STREAM_256;
    }
    /* The lowland outside the mask is flat (exactly 0): its colours are
     * the seed's categories, one entry each. Inside the mask hill shading
     * makes them continuous: grey rock and snow are dithered along the
     * grey ramp; browns and greens stay on their nearest entry in their
     * family (their dither candidates are red and olive, teal and olive: a
     * hue checker on every hillside). */
    base = w->color[cell];
    shaded = w->mask != NULL && w->mask[cell] != 0 && !quant_is_chromatic(base);
    return shaded ? quant_xterm256_dither(land, wx, wy) : nearest_in_family(land);
}
