/* mapsample: the map window's pixels, box-filtered where a pixel spans
 * several cells of the world (see mapview_render_supersampled in
 * tui_state.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/world.h"
#include "render/mapimg.h"
#include "tui/tui_state.h"

/* Layers whose values vary from cell to cell (moisture, flow, roughness,
 * forest, elevation) are box-filtered when a pixel spans several cells:
 * one sample per pixel picked single cells at random and an 80x24 map of
 * moisture or flow read as noise (stop 13, finding 15), where the PNG at
 * 1024 shows ridges and valleys. */
static int
layer_supersamples(enum map_layer layer)
{
    return layer == LAYER_ELEVATION || layer == LAYER_MOISTURE || layer == LAYER_RIVERS ||
           layer == LAYER_ROUGHNESS || layer == LAYER_FOREST || layer == LAYER_WEAR ||
           layer == LAYER_DEPOSITION || layer == LAYER_SLOPE;
}

static double
lin(uint32_t c)
{
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static uint32_t
enc(double v)
{
    v = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1.0 / 2.4) - 0.055;
    v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
    return (uint32_t)lround(v * 255.0);
}

/* mapimg_render of view into t->rgb, t->cls (w x h), with k x k samples a
 * pixel (k: the cells a pixel spans across, at most 4 and 4 M samples)
 * averaged in linear light for layer_supersamples; the class is the
 * middle sample's. A pixel where any sample is a river (MC_RIVER: mostly
 * covered at k times the resolution) takes that sample's colour and class,
 * so rivers stay lines at least a pixel wide. */
enum og_status
mapview_render_supersampled(struct tui *t, const struct map_view *view, int w, int h, double su,
                    double sv, struct og_error *err)
{
    const struct world *wd = t->world;
    double across = wd->kind == WORLD_GRID && wd->width > 0 ? (double)wd->width
                                                             : sqrt((double)wd->ncells);
    double span = fmax(su, sv) * across;
    int k = (int)ceil(span - 0.25), x, y;
    uint32_t *rgb;
    uint8_t *cls;
    enum og_status st;

    k = k > 4 ? 4 : k;
    while (k > 1 && (double)w * h * k * k > 4e6) {
        k--;
    }
    if (!layer_supersamples(t->layer) || k <= 1) {
        return mapimg_render(wd, t->layer, view, w, h, t->rgb, t->cls, err);
    }
    rgb = malloc((size_t)w * h * k * k * sizeof *rgb);
    cls = malloc((size_t)w * h * k * k);
    if (rgb == NULL || cls == NULL) {
        free(rgb);
        free(cls);
        return mapimg_render(wd, t->layer, view, w, h, t->rgb, t->cls, err);
    }
    st = mapimg_render(wd, t->layer, view, w * k, h * k, rgb, cls, err);
    for (y = 0; st == OG_OK && y < h; y++) {
        for (x = 0; x < w; x++) {
            double r = 0.0, g = 0.0, b = 0.0;
            int i, j, river = 0;
            uint32_t river_rgb = 0;
            size_t mid = ((size_t)y * k + k / 2) * (size_t)w * k + (size_t)x * k + k / 2;
            for (j = 0; j < k; j++) {
                for (i = 0; i < k; i++) {
                    size_t q = ((size_t)y * k + j) * (size_t)w * k + (size_t)x * k + i;
                    r += lin(rgb[q] >> 16 & 255);
                    g += lin(rgb[q] >> 8 & 255);
                    b += lin(rgb[q] & 255);
                    if (cls[q] == MC_RIVER && !river) {
                        river = 1;
                        river_rgb = rgb[q];
                    }
                }
            }
            r /= k * k;
            g /= k * k;
            b /= k * k;
            /* a river crossing the pixel is drawn whole, one pixel wide,
             * as the map PNG draws it (averaged it faded into the land) */
            t->rgb[(size_t)y * w + x] = river ? river_rgb : enc(r) << 16 | enc(g) << 8 | enc(b);
            t->cls[(size_t)y * w + x] = river ? MC_RIVER : cls[mid];
        }
    }
    free(rgb);
    free(cls);
    return st;
}

