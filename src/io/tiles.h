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
 * (x_X, y_Y) gives the single export. Tile files are named
 * NAME_x{X}_y{Y}.EXT after the output NAME.EXT. */
#ifndef OROGEN_IO_TILES_H
#define OROGEN_IO_TILES_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/raster/heightmap.h"
#include "render/mapimg.h"

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

/* The window of tile (tx, ty). */
void tile_window(const struct tile_grid *g, int width, int height, int tx, int ty,
                 struct raster_window *win);

/* "dir/NAME_x{tx}_y{ty}.EXT" from path "dir/NAME.EXT" into out. Returns 0,
 * or -1 when it does not fit. */
int tile_name(const char *path, int tx, int ty, char *out, size_t size);

/* Write the tiles of the map of layer (width x height, io/export.h's
 * map PNG) named after path: the map is rendered once, each tile written
 * as an RGBA PNG with the recipe and its window; *written (may be NULL)
 * counts the tiles written. Errors as export_map_png. */
enum og_status export_map_tiles(const struct world *w, enum map_layer layer, int width,
                                int height, const struct tile_grid *g, const char *path,
                                long *written, struct og_error *err);

#endif
