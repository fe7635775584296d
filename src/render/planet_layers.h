/* planet_layers: the planet-only map layers (render/mapimg.h): their cell
 * colours, legend classes and names.
 *   plates   each plate a shade (continental plates warm, oceanic ones
 *            blue-grey), boundary cells by class: convergent red,
 *            divergent cyan, transform yellow (core/planet/plates.h)
 *   climate  Köppen classes (core/planet/koppen.h) on land, the sea dark
 *            blue */
#ifndef OROGEN_RENDER_PLANET_LAYERS_H
#define OROGEN_RENDER_PLANET_LAYERS_H

#include <stddef.h>
#include <stdint.h>

#include "core/world.h"
#include "render/mapimg.h"

/* The colour of cell c in a planet layer (LAYER_PLATES, LAYER_CLIMATE). */
uint32_t planet_layer_color(const struct world *w, enum map_layer layer, size_t c);

/* The legend class of cell c in a planet layer (>= 0), and its name into
 * name (size bytes). */
long planet_layer_class(const struct world *w, enum map_layer layer, size_t c);
void planet_layer_class_name(enum map_layer layer, long id, char *name, size_t size);

#endif
