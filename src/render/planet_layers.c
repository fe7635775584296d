#include "config.h"
#include "render/planet_layers.h"

#include <stdio.h>

#include "core/planet/koppen.h"
#include "core/planet/plates.h"

/* A plate's shade: warm for continental plates, blue-grey for oceanic
 * ones, varied by id so neighbours differ. */
static uint32_t
plate_shade(const struct world *w, int id)
{
    uint32_t h = (uint32_t)(id + 1) * 2654435761u;
    int v = (int)(h >> 27) - 16; /* -16..15 */
    int cont = w->plate_continental != NULL && w->plate_continental[id];
    int r = cont ? 196 : 92, g = cont ? 170 : 122, b = cont ? 120 : 160;
    r += 2 * v;
    g += (int)((h >> 22) & 31) - 16;
    b -= v;
    return (uint32_t)(r << 16 | g << 8 | b);
}

uint32_t
planet_layer_color(const struct world *w, enum map_layer layer, size_t c)
{
    if (layer == LAYER_PLATES) {
        switch (w->plate_boundary[c]) {
        case PB_CONVERGENT: return 0xd8321eu;
        case PB_DIVERGENT: return 0x28c8e8u;
        case PB_TRANSFORM: return 0xf0d040u;
        default: break;
        }
        return plate_shade(w, w->plate[c]);
    }
    if (layer == LAYER_CLIMATE) {
        return koppen_color(w->climate[c]);
    }
    return 0;
}

long
planet_layer_class(const struct world *w, enum map_layer layer, size_t c)
{
    if (layer == LAYER_PLATES) {
        if (w->plate_boundary[c] != PB_NONE) {
            return 1 + w->plate_boundary[c];
        }
        return w->plate_continental != NULL && w->plate_continental[w->plate[c]] ? 0 : 1;
    }
    if (layer == LAYER_CLIMATE) {
        return w->climate[c];
    }
    return 0;
}

void
planet_layer_class_name(enum map_layer layer, long id, char *name, size_t size)
{
    static const char *const plates[5] = { "continental plate", "oceanic plate",
                                           "convergent boundary", "divergent boundary",
                                           "transform boundary" };
    if (layer == LAYER_PLATES && id >= 0 && id < 5) {
        snprintf(name, size, "%s", plates[id]);
        return;
    }
    if (layer == LAYER_CLIMATE && id >= 0 && id < KG_COUNT) {
        if (id == KG_SEA) {
            snprintf(name, size, "sea");
        } else {
            snprintf(name, size, "%s %s", koppen_code((int)id), koppen_group((int)id));
        }
        return;
    }
    snprintf(name, size, "?");
}
