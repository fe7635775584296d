/* sphere_rivers: river lines on pictures of a planet (maps in every
 * projection and the globe), drawn per pixel from the world's hydrology
 * (core/planet/planet_rivers.h): a river cell's segment runs from its
 * centre to its next cell's (to the coast, half way, when that is sea),
 * as wide on the picture as 0.5 + 0.6 log2(1 + Q / PLANET_RIVER_MIN)
 * pixels either side (a display width: real rivers are under a pixel),
 * anti-aliased by the pixel's distance from the segment (chords on the
 * unit sphere). */
#ifndef OROGEN_RENDER_SPHERE_RIVERS_H
#define OROGEN_RENDER_SPHERE_RIVERS_H

#include <stdint.h>

#include "core/world.h"

#define SPHERE_RIVER_SEGS 24

/* The segments near one cell (its own and its neighbours'), kept while
 * consecutive pixels stay in that cell; one per thread. */
struct sphere_rivers {
    int32_t cell;      /* -1: none yet */
    int nseg;
    double a[SPHERE_RIVER_SEGS][3], b[SPHERE_RIVER_SEGS][3];
    double hw[SPHERE_RIVER_SEGS]; /* half-widths in pixels */
};

/* Whether w has rivers to draw (a sphere with flow and widths). */
int sphere_rivers_on(const struct world *w);

/* Blend river colour rgb_river into *rgb where the pixel at the unit
 * vector q, in cell, is covered; px is one pixel's size there in radians.
 * Start with cache->cell = -1. */
void sphere_rivers_shade(const struct world *w, struct sphere_rivers *cache, int32_t cell,
                         const double *q, double px, uint32_t rgb_river, uint32_t *rgb);

/* The segment of river cell c into a, b (unit-sphere points) and its
 * half-width in pixels; returns 0 when c draws none. */
int sphere_river_segment(const struct world *w, int32_t c, double *a, double *b, double *hw);

#endif
