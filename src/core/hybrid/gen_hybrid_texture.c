#include "config.h"
#include "core/hybrid/gen_hybrid.h"

/* TerrainTexture: the seed's colour table, slopes and the terrain kinds of
 * glyph maps (gen_hybrid.h). */

#include <math.h>

#include "core/world.h"

uint32_t
gen_hybrid_grey_rock(float h_rel)
{
    float t = h_rel > 0.0f ? (h_rel < 1.0f ? h_rel : 1.0f) : 0.0f;
    uint32_t g = (uint32_t)lroundf(80.0f + 50.0f * t);
    return g << 16 | g << 8 | g;
}

uint32_t
gen_hybrid_color(int mountain, int tree, float h_rel, float slope, float dirt_slope,
                 float rock_slope)
{
    if (mountain) {
        if (slope > rock_slope) {
            return gen_hybrid_grey_rock(h_rel);
        }
        if (h_rel > 0.75f) {
            return HYBRID_SNOW;
        }
        if (h_rel > 0.4f) {
            return HYBRID_BROWN_ROCK;
        }
        return HYBRID_HIGHLAND_GRASS;
    }
    if (tree) {
        return HYBRID_TREE;
    }
    if (slope > dirt_slope) {
        return HYBRID_DIRT;
    }
    return HYBRID_GRASS;
}

float
gen_hybrid_slope(const float *field, int w, int h, int x, int y)
{
    int x0 = x > 0 ? x - 1 : x, x1 = x + 1 < w ? x + 1 : x;
    int y0 = y > 0 ? y - 1 : y, y1 = y + 1 < h ? y + 1 : y;
    float dx = 0.0f, dy = 0.0f;
    if (x1 > x0) {
        dx = (field[(size_t)y * (size_t)w + (size_t)x1] -
              field[(size_t)y * (size_t)w + (size_t)x0]) / (float)(x1 - x0);
    }
    if (y1 > y0) {
        dy = (field[(size_t)y1 * (size_t)w + (size_t)x] -
              field[(size_t)y0 * (size_t)w + (size_t)x]) / (float)(y1 - y0);
    }
    return sqrtf(dx * dx + dy * dy);
}

void
gen_hybrid_texture(const float *heights, const uint8_t *mask, const uint8_t *trees, int w, int h,
                   float mountain_h, float dirt_slope, float rock_slope, uint32_t *color)
{
    size_t n = (size_t)w * (size_t)h, i;
    float hmax = 0.0f;
    int x, y;

    for (i = 0; i < n; i++) {
        hmax = heights[i] > hmax ? heights[i] : hmax;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            size_t c = (size_t)y * (size_t)w + (size_t)x;
            float rel = hmax > 0.0f ? heights[c] / hmax : 0.0f;
            int mountain = mask[c] != 0 && heights[c] > mountain_h;
            int tree = trees != NULL && trees[c] != 0;
            color[c] = gen_hybrid_color(mountain, tree, rel,
                                        gen_hybrid_slope(heights, w, h, x, y), dirt_slope,
                                        rock_slope);
        }
    }
}

enum hybrid_kind
gen_hybrid_cell_kind(const struct world *w, size_t cell)
{
    uint32_t c, r, g, b;
    if (w->color == NULL || cell >= w->ncells) {
        return HYBRID_KIND_GRASS;
    }
    c = w->color[cell];
    r = c >> 16;
    g = (c >> 8) & 0xFFu;
    b = c & 0xFFu;
    switch (c) {
    case HYBRID_SNOW: return HYBRID_KIND_SNOW;
    case HYBRID_BROWN_ROCK: return HYBRID_KIND_MOUNTAIN;
    case HYBRID_HIGHLAND_GRASS: return HYBRID_KIND_MOUNTAIN;
    case HYBRID_TREE: return HYBRID_KIND_TREE;
    case HYBRID_DIRT: return HYBRID_KIND_DIRT;
    case HYBRID_WATER: return HYBRID_KIND_WATER;
    default: break;
    }
    if (r == g && g == b && r >= 80 && r <= 130) {
        return HYBRID_KIND_ROCK;
    }
    return HYBRID_KIND_GRASS;
}

char
gen_hybrid_kind_glyph(enum hybrid_kind kind)
{
    switch (kind) {
    case HYBRID_KIND_GRASS: return '.';
    case HYBRID_KIND_MOUNTAIN: return '^';
    case HYBRID_KIND_TREE: return 'T';
    case HYBRID_KIND_SNOW: return '*';
    case HYBRID_KIND_DIRT: return ':';
    case HYBRID_KIND_ROCK: return '#';
    case HYBRID_KIND_WATER: return '=';
    }
    return '?';
}
