/* gallery: thumbnails of worlds with their key figures, and a tiny bitmap
 * font to label them (the contact sheet of `orogen gallery` and the TUI's
 * seed gallery). No curses, no printing. */
#ifndef OROGEN_RENDER_GALLERY_H
#define OROGEN_RENDER_GALLERY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

/* The figures shown under a thumbnail. */
struct gallery_figures {
    double land;        /* land share of the world's cells, 0..1 (core/stats.h
                           world_summary: lakes count as land) */
    long rivers;        /* hydro.rivers (river sources), -1 when the world has none */
    long landmasses;    /* planet.landmasses, else 4-connected land areas of the
                           thumbnail of at least GALLERY_MIN_LANDMASS_PX pixels */
    double mountain;    /* share of land pixels that are rock, mountain or snow */
};

#define GALLERY_MIN_LANDMASS_PX 4

/* Glyph cell of the font: 5 x 7 pixels drawn, 6 x 9 with spacing. */
#define GALLERY_FONT_W 6
#define GALLERY_FONT_H 9

/* Render w's colour map into rgb (tw x th, 0xRRGGBB), the map square fitted
 * at its aspect (spheres 2:1) on bg, its map classes into cls_out (may be
 * NULL; MC_VOID around the map), and fill f. Errors: as mapimg_render,
 * OG_ENOMEM. */
enum og_status gallery_thumb(const struct world *w, int tw, int th, uint32_t bg, uint32_t *rgb,
                             uint8_t *cls_out, struct gallery_figures *f, struct og_error *err);

/* The label lines of a tile: "seed N", "land P%  rivers R", "masses M  mtn Q%"
 * (rivers omitted when unknown), each at most 47 characters. */
void gallery_label(uint64_t seed, const struct gallery_figures *f, char lines[3][48]);

/* Draw s (ASCII; letters shown upper-case, unknown characters as blanks)
 * into rgb (w x h) with its top-left at (x, y), clipped. */
void gallery_text(uint32_t *rgb, int w, int h, int x, int y, const char *s, uint32_t colour);

#endif
