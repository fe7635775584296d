/* raster: a software triangle rasterizer into an RGBA framebuffer with a
 * depth buffer (no curses, no PNG).
 *
 * Method: half-space (edge function) rasterization, J. Pineda, "A Parallel
 * Algorithm for Polygon Rasterization" (SIGGRAPH 1988), with the top-left
 * fill rule of Direct3D/OpenGL: a pixel is drawn when its centre
 * (x + 0.5, y + 0.5) lies strictly inside the triangle, or exactly on a top or
 * left edge. Vertices are snapped to 1/256 pixel and the edge functions are
 * evaluated in 64-bit integers, so two triangles sharing an edge cover every
 * pixel along it exactly once: no cracks, no double-drawn pixels.
 *
 * Screen coordinates are pixels, x right, y down. Clipping: the triangle's
 * bounding box is intersected with the image (scissor); vertices farther
 * than RASTER_GUARD pixels outside are rejected (guard band, keeps the
 * integer maths exact). Depth: smaller z is nearer; z is interpolated
 * linearly in screen space (orthographic cameras). */
#ifndef OROGEN_RENDER_RASTER_H
#define OROGEN_RENDER_RASTER_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

#define RASTER_MAX_SIDE 16384      /* largest width or height */
#define RASTER_GUARD 1048576.0f   /* guard band, pixels (2^20) */

/* raster_triangle flags */
enum {
    RASTER_DEPTH = 1u,      /* depth test (z < stored) and depth write */
    RASTER_CULL_BACK = 2u   /* skip triangles whose screen area is negative:
                               (b - a) x (c - a) < 0 with y down, i.e.
                               counter-clockwise on screen */
};

struct raster {
    int width, height;
    uint8_t *rgba;   /* 4 * width * height bytes, row-major, R G B A */
    float *depth;    /* width * height */
};

/* A width x height framebuffer, cleared to transparent black and depth
 * +infinity. Errors: OG_ERANGE "render size WxH outside [1, 16384]",
 * OG_ENOMEM (sizes are checked for overflow before allocating). */
enum og_status raster_new(struct raster **out, int width, int height, struct og_error *err);

/* Free a framebuffer (NULL allowed). */
void raster_free(struct raster *r);

/* Fill every pixel with rgb (0xRRGGBB) and alpha, depth with +infinity.
 * Stops part-way once an interruption is pending (og_interrupted): the
 * caller's next cancel poll then discards the image. */
void raster_clear(struct raster *r, uint32_t rgb, uint8_t alpha);

/* Draw one flat-coloured triangle; xyz = {x0, y0, z0, x1, y1, z1, x2, y2, z2}
 * in pixels (z any unit), rgb = 0xRRGGBB drawn opaque. Degenerate (zero
 * area) triangles draw nothing. Returns the number of pixels written. */
size_t raster_triangle(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags);

/* Same, restricted to rows [y0, y1) of the image: bands drawn separately
 * give exactly the pixels of one full draw (for threads working on bands). */
size_t raster_triangle_rows(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags,
                            int y0, int y1);

/* Same, restricted to the window [x0, x1) x [y0, y1): windows drawn
 * separately give exactly the pixels of one full draw (tiles, columns). */
size_t raster_triangle_rect(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags,
                            int x0, int x1, int y0, int y1);

/* A vertex snapped once for many triangles: x, y in 1/256 px (as the
 * rasterizer snaps them, rounded half away from zero), z as given; ok = 0
 * when outside the guard band (or NaN): triangles using it draw nothing. */
struct raster_vertex {
    int32_t x, y;
    float z;
    int32_t ok;
};

/* Snap xyz = {x, y, z} (pixels) into v. */
void raster_snap(const float xyz[3], struct raster_vertex *v);

/* The quad a b c d as the triangles (a, b, c) in rgb1 then (a, c, d) in
 * rgb2, exactly as two raster_triangle_rect calls with the unsnapped
 * vertices, but snapping shared vertices once and skipping at once a quad
 * whose box holds no pixel centre of the window. Returns pixels written. */
size_t raster_quad_snapped(struct raster *r, const struct raster_vertex *a,
                           const struct raster_vertex *b, const struct raster_vertex *c,
                           const struct raster_vertex *d, uint32_t rgb1, uint32_t rgb2,
                           unsigned flags, int x0, int x1, int y0, int y1);

#endif
