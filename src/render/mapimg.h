/* mapimg: the top-down layer sampler shared by the TUI map view and the map
 * PNG. Any world can be sampled over a window of its [0,1]^2 map square
 * (grids: x/width, y/height; meshes: the unit square; spheres:
 * equirectangular: u = 0..1 is longitude -180..180 degrees, v = 0..1 is
 * latitude 90..-90, on the unit sphere with z pointing north and longitude 0
 * along +x). Each pixel gets a colour and a class
 * (for glyph and 8/16-colour terminals). Voronoi look-ups walk the Delaunay
 * neighbours from the previous pixel's cell, so a row costs O(width). */
#ifndef OROGEN_RENDER_MAPIMG_H
#define OROGEN_RENDER_MAPIMG_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/river_index.h"

enum map_layer {
    LAYER_COLOR,      /* the generator's display colour (biomes, rule colours) */
    LAYER_ELEVATION,  /* hypsometric tint */
    LAYER_MOISTURE,
    LAYER_RIVERS,     /* flow on a log scale */
    LAYER_LAKES,
    LAYER_ROUGHNESS,
    LAYER_FOREST,
    LAYER_MASK,
    LAYER_LANDMASS,
    LAYER_PLATES,     /* planet: tectonic plates and boundaries (render/planet_layers.h) */
    LAYER_CLIMATE,    /* planet: Köppen climate classes (render/planet_layers.h) */
    LAYER_WEAR,       /* landscape evolution: total erosion, metres */
    LAYER_DEPOSITION, /* landscape evolution: total deposition, metres */
    LAYER_SLOPE,      /* grids: steepest slope, metres per metre */
    LAYER_COUNT
};

/* Semantic class of a sample, for glyphs and the 8/16-colour palette. */
enum map_class {
    MC_DEEP, MC_WATER, MC_LAKE, MC_RIVER, MC_BEACH, MC_LOW, MC_GRASS, MC_FOREST,
    MC_TREE, MC_DIRT, MC_DESERT, MC_HILL, MC_ROCK, MC_MOUNTAIN, MC_SNOW, MC_ICE,
    MC_VOID, /* outside the map */
    MC_COUNT
};

struct map_view {
    double u0, v0, u1, v1;   /* window of the map square, u right, v down */
};

/* Stable layer name ("color", "elevation", ...); NULL past the end. */
const char *mapimg_layer_name(enum map_layer layer);

/* Layer by name, or -1. */
int mapimg_layer_find(const char *name);

/* Whether world w has the fields layer needs. */
int mapimg_layer_available(const struct world *w, enum map_layer layer);

/* Glyph and name for a class ('~' "water", ...). */
char mapimg_class_glyph(enum map_class c);
const char *mapimg_class_name(enum map_class c);

/* The class of one world cell (for inspectors and legends). */
enum map_class mapimg_cell_class(const struct world *w, size_t cell);

/* Sample view into width x height pixels: rgb[i] = 0xRRGGBB (may be NULL),
 * cls[i] = map_class (may be NULL). Errors: OG_EINVAL for a layer the world
 * lacks, OG_ENOMEM. */
enum og_status mapimg_render(const struct world *w, enum map_layer layer,
                             const struct map_view *view, int width, int height, uint32_t *rgb,
                             uint8_t *cls, struct og_error *err);

/* The steepest slope of grid cell `cell` in metres per metre (central
 * differences of the heights in metres, one-sided at the edges): the
 * `slope` layer's value; 0 where that layer is not available. */
double mapimg_cell_slope(const struct world *w, size_t cell);

/* The colour one cell gets in layer before shading and river lines (the
 * legend's source): scale is mapimg_layer_scale(w, layer), the layer's
 * normaliser (rivers: log1p of the largest flow; roughness: the largest
 * roughness; 0 for other layers). mapimg_cell_flow: the flow shown for a
 * cell (a mesh cell: the largest flow of its Voronoi vertices). */
double mapimg_layer_scale(const struct world *w, enum map_layer layer);
uint32_t mapimg_cell_color(const struct world *w, enum map_layer layer, size_t cell,
                           double scale);
double mapimg_cell_flow(const struct world *w, size_t cell);
/* The colour mapimg_render gives a grid cell's pixels before river lines
 * (cell colour and hill shading) in the colour and elevation layers; other
 * layers and worlds: mapimg_cell_color with scale 0. */
uint32_t mapimg_cell_drawn_color(const struct world *w, enum map_layer layer, size_t cell);
/* Which cell is under map point (u, v)? For grids y*width+x, for meshes the
 * Voronoi cell; -1 outside. */
long mapimg_cell_at(const struct world *w, double u, double v);

/* Hypsometric tint for elevation t in [-1, 1] relative to the coast (0). */
uint32_t mapimg_hypsometric(double t);

/* The colour of river lines over the colour and lakes layers (legends). */
#define MAPIMG_RIVER_COLOR 0x3b78b4u

/* Draw the rivers of w over an image that mapimg_render made for the same
 * view (src/render/mapimg_rivers.c): anti-aliased lines from every river
 * node to its downhill node, along Voronoi edges (circumcentre to
 * circumcentre) on a mesh or between cell centres on a grid, as wide as
 * w->river_width (node spacings; thinner than a pixel: one pixel, faded
 * in proportion), tapering to the
 * next node's width; blue over the colour and lakes layers, near-white over
 * the flow layer (layer). Pixels mostly covered become MC_RIVER in cls (water
 * classes stay). rgb and cls may be NULL; a world without hydrology is left
 * as it is. Errors: OG_ENOMEM. */
enum og_status mapimg_draw_rivers(const struct world *w, enum map_layer layer,
                                  const struct map_view *view, int width, int height,
                                  uint32_t *rgb, uint8_t *cls, struct og_error *err);

/* The same rivers drawn band by band (mapimg_bands): prepare the
 * segments in the view's pixels once, then draw rows y0..y1-1 over rgb and
 * cls holding just those rows; every band gives the pixels the whole image
 * would. Free with mapimg_rivers_free (also after an error). */
struct mapimg_rivers {
    const struct world *w;
    struct map_view view;
    double du, dv, spacing_px;
    struct river_index rid;   /* node -> river node index, or -1 (1.5 bits a node) */
    double *uv;               /* smoothed positions of the river nodes */
    int32_t *seg;             /* segment start nodes by first row */
    size_t *row_first;        /* seg[row_first[y + 1]..] start on row y (y >= -1) */
    size_t nseg;
    int max_rows;             /* the most rows one segment spans */
    int width, height;
    int cx0, cw;              /* the columns drawn (0, width; a tile's window) */
    uint32_t color;
    float *cov;               /* coverage of the current band, cw a row */
    size_t cov_px;
};
enum og_status mapimg_rivers_prepare(const struct world *w, enum map_layer layer,
                                     const struct map_view *view, int width, int height,
                                     struct mapimg_rivers *r, struct og_error *err);
enum og_status mapimg_rivers_band(struct mapimg_rivers *r, int y0, int y1, uint32_t *rgb,
                                  uint8_t *cls, struct og_error *err);
void mapimg_rivers_free(struct mapimg_rivers *r);

/* A map rendered in bands of rows, for images too large to hold whole
 * (a 16384^2 map is 1 GiB of RGB): mapimg_bands_new checks the layer and
 * prepares the rivers; mapimg_bands_render fills rows y0..y1-1 (y0 a
 * multiple of MAPIMG_BAND_ALIGN, as every band's sampling starts afresh
 * there) into rgb and cls (may be NULL) holding just those rows, exactly
 * as mapimg_render would fill them. threads as og_parallel_for. Errors as
 * mapimg_render; OG_EINVAL for a misaligned band. */
#define MAPIMG_BAND_ALIGN 16
struct mapimg_bands;
enum og_status mapimg_bands_new(const struct world *w, enum map_layer layer,
                                const struct map_view *view, int width, int height,
                                struct mapimg_bands **out, struct og_error *err);
enum og_status mapimg_bands_render(struct mapimg_bands *b, int y0, int y1, uint32_t *rgb,
                                   uint8_t *cls, struct og_error *err);
void mapimg_bands_free(struct mapimg_bands *b);

/* Render only columns x0 .. x0 + n - 1 from now on (a tile of a map too
 * large to render whole, io/tiles.h): the bands then hold n pixels a row,
 * each the pixel the whole image has there, as every pixel is sampled
 * from its own map point and river lines are clipped, not shifted.
 * Errors: OG_EINVAL for columns outside the map. */
enum og_status mapimg_bands_window(struct mapimg_bands *b, int x0, int n, struct og_error *err);

/* Rows per band for a width-pixel-wide map: a multiple of
 * MAPIMG_BAND_ALIGN of about 4 M pixels (16 MiB of RGB), at least one
 * alignment step. */
int mapimg_band_rows(int width);

/* One row of n 0xRRGGBB pixels as 8-bit RGBA (alpha 255), for PNG rows. */
void mapimg_row_rgba(const uint32_t *rgb, int n, uint8_t *row);

/* A map as a row source (render/rows.h) for a writer that streams rows:
 * mapimg_rows_new prepares a width x height map of layer over view;
 * mapimg_rows_row (a render_row_fn) gives row y as 8-bit RGBA, rendering
 * one band of rows at a time (rows asked in increasing order render each
 * band once), so only one band is ever held; the pixels are those of
 * mapimg_render. Errors: as mapimg_render, OG_ENOMEM. */
struct mapimg_rows;
enum og_status mapimg_rows_new(const struct world *w, enum map_layer layer,
                               const struct map_view *view, int width, int height,
                               struct mapimg_rows **out, struct og_error *err);
enum og_status mapimg_rows_row(void *rows, int y, uint8_t *rgba, struct og_error *err);
void mapimg_rows_free(struct mapimg_rows *rows);

#endif
