/* hybrid256: the hybrid colour layer in the 256-colour palette (issue 10).
 *
 * The layer is categorical on the flat lowland (grass, trees, dirt: the
 * seed's colour table) and hill-shaded inside the mountain mask, and the
 * streams are anti-aliased lines blended over both (mapimg_rivers.c). The
 * nearest entry of every pixel turned any pixel a stream touched (15 % of
 * blue over grass) into the cube's bright teal, two pixels wide, and left
 * the shaded mountains in flat bands. Here the stream's coverage of a pixel
 * is recovered from its colour and the colour its cell has without streams
 * (mapimg_cell_drawn_color), and a 4 x 4 Bayer threshold keyed to world
 * pixels picks the stream's own entry or the land's (a pixel covered at
 * least half, class MC_RIVER, is always the stream's); the land takes its
 * nearest entry outside the mask (categories stay one colour each,
 * ../shared/TERMINAL.md 1.5) and the two-entry dither inside it (shading is
 * continuous); lakes take their own entry. */
#ifndef OROGEN_TUI_HYBRID256_H
#define OROGEN_TUI_HYBRID256_H

#include <stdint.h>

struct world;

/* The xterm 256-colour index (16..255) of a colour-layer pixel of hybrid
 * world w: rgb as mapimg_render drew it over grid cell `cell` (-1: none)
 * with class cls (enum map_class), (wx, wy) its pixel in world-anchored
 * coordinates (the dither's key, stable while panning). */
int hybrid256_index(const struct world *w, long cell, int cls, uint32_t rgb, long wx, long wy);

#endif
