/* tiles: one raster export cut into N x M files, for engines that stream
 * terrain in tiles and for clusters that build a large tiling one tile per
 * process.
 *
 * The full W x H raster is split at x_i = floor(i * W / N) (and y_j =
 * floor(j * H / M)); tile (X, Y) holds columns x_X .. x_{X+1} + K - 1 and
 * rows y_Y .. y_{Y+1} + K - 1, clipped to the raster, where K is the
 * overlap: with K >= 1 neighbouring tiles share K columns (rows) of
 * identical samples, the seam-free layout engines want (e.g. 1025 = 4 x 256
 * + 1 with K = 1 gives four 257-sample tiles). Every tile is a window of the
 * same full raster (io/raster/heightmap.h), so tiles written by separate
 * processes are byte-identical to those of one process, and pasting them at
 * (x_X, y_Y) gives the single export. Each tile is computed from the world
 * and its own window, so a tiling may be far larger than one file or one
 * machine's memory (TILES_MAX_SIDE); tiles are written and renamed one at
 * a time (io/outfile.h outfile_group_switch). Tile files are named
 * NAME_x{X}_y{Y}.EXT after the output NAME.EXT. */
#ifndef OROGEN_IO_TILES_H
#define OROGEN_IO_TILES_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/raster/heightmap.h"
#include "render/mapimg.h"

/* Largest side of a tiled raster (map, heightmap, r16): 2^16 + 1, eight
 * 8193-sample tiles a side with a one-sample overlap (issue 24 item 5).
 * Each tile is still one file within its kind's limit (io/export.h's
 * EXPORT_MAX_SIDE for a map, HEIGHTMAP_MAX_SIDE for heightmaps and r16). */
#define TILES_MAX_SIDE HEIGHTMAP_TILED_MAX_SIDE

struct tile_grid {
    int nx, ny;          /* N x M tiles (0: no tiling) */
    int overlap;         /* K >= 0 */
    int only;            /* 1: just tile (tx, ty) */
    int tx, ty;
};

/* Check g against a W x H raster: at least one sample per tile, an overlap
 * no larger than the smallest tile, the single tile inside the grid.
 * Errors: OG_ERANGE naming the limit ("--tile-overlap 9 is larger than a
 * tile (8 samples)", "--tile 4,0 outside the 4x2 grid"). */
enum og_status tile_check(const struct tile_grid *g, int width, int height,
                          struct og_error *err);

/* A width x height raster of kind what ("map", "heightmap", "r16") can be
 * written: untiled (g->nx = 0) within 1..file_max per side; tiled within
 * 1..TILES_MAX_SIDE, passing tile_check, every tile within file_max.
 * Errors: OG_ERANGE, one line naming the size and the limit. */
enum og_status tile_check_sizes(const struct tile_grid *g, int width, int height,
                                const char *what, int file_max, struct og_error *err);

/* The window of tile (tx, ty). */
void tile_window(const struct tile_grid *g, int width, int height, int tx, int ty,
                 struct raster_window *win);

/* "dir/NAME_x{tx}_y{ty}.EXT" from path "dir/NAME.EXT" into out. Returns 0,
 * or -1 when it does not fit. */
int tile_name(const char *path, int tx, int ty, char *out, size_t size);

/* Tiles written so far (count), and fn (may be NULL) called after each
 * with its window and file name (the map's world files). */
struct tile_done {
    long count;
    enum og_status (*fn)(void *arg, const struct raster_window *win, const char *name,
                         struct og_error *err);
    void *arg;
};

/* Write the tiles of the map of layer (width x height, io/export.h's map
 * PNG) named after path, each an RGBA PNG with the recipe and its window,
 * one after the other. Each tile is rendered alone from the world
 * (mapimg_bands_window: the tile's columns, its rows in bands of
 * MAPIMG_BAND_ALIGN-aligned rows), so memory is a band of the widest tile
 * plus the world's, never the whole map, and every tile is byte-identical
 * to the same window of the whole map (tests/test_dataout.c). Errors as
 * export_map_png; sizes as tile_check_sizes. */
enum og_status export_map_tiles(const struct world *w, enum map_layer layer, int width,
                                int height, const struct tile_grid *g, const char *path,
                                struct tile_done *done, struct og_error *err);

#endif
