/* tiles: tiled raster exports (see tiles.h). */
#include "config.h"
#include "io/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/png/pngio.h"
#include "render/mapimg.h"

enum og_status
tile_check(const struct tile_grid *g, int width, int height, struct og_error *err)
{
    int minw, minh;
    if (g->nx < 1 || g->ny < 1) {
        return og_error_set(err, OG_ERANGE, "--tiles %dx%d needs at least one tile each way",
                            g->nx, g->ny);
    }
    if (g->nx > width || g->ny > height) {
        return og_error_set(err, OG_ERANGE, "--tiles %dx%d: more tiles than samples (%dx%d)",
                            g->nx, g->ny, width, height);
    }
    minw = width / g->nx;
    minh = height / g->ny;
    if (g->overlap < 0 || g->overlap > (minw < minh ? minw : minh)) {
        return og_error_set(err, OG_ERANGE, "--tile-overlap %d is larger than a tile (%dx%d "
                            "samples)", g->overlap, minw, minh);
    }
    if (g->only && (g->tx < 0 || g->ty < 0 || g->tx >= g->nx || g->ty >= g->ny)) {
        return og_error_set(err, OG_ERANGE, "--tile %d,%d outside the %dx%d grid (0..%d, 0..%d)",
                            g->tx, g->ty, g->nx, g->ny, g->nx - 1, g->ny - 1);
    }
    return OG_OK;
}

enum og_status
tile_check_sizes(const struct tile_grid *g, int width, int height, const char *what,
                 int file_max, struct og_error *err)
{
    struct raster_window win;
    enum og_status st;
    int i;

    if (g->nx <= 0) {
        if (width < 1 || height < 1 || width > file_max || height > file_max) {
            return og_error_set(err, OG_ERANGE, "%s size %dx%d outside 1..%d per side (up to "
                                "%d with --tiles)", what, width, height, file_max,
                                TILES_MAX_SIDE);
        }
        return OG_OK;
    }
    if (width < 1 || height < 1 || width > TILES_MAX_SIDE || height > TILES_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "%s size %dx%d outside 1..%d per side, tiled or "
                            "not", what, width, height, TILES_MAX_SIDE);
    }
    if ((st = tile_check(g, width, height, err)) != OG_OK) {
        return st;
    }
    for (i = 0; i < (g->nx > g->ny ? g->nx : g->ny); i++) {
        tile_window(g, width, height, i < g->nx ? i : 0, i < g->ny ? i : 0, &win);
        if (win.w > file_max || win.h > file_max) {
            return og_error_set(err, OG_ERANGE, "%s %dx%d in --tiles %dx%d: a tile of %dx%d, "
                                "past %d per side (use more tiles)", what, width, height,
                                g->nx, g->ny, win.w, win.h, file_max);
        }
    }
    return OG_OK;
}

void
tile_window(const struct tile_grid *g, int width, int height, int tx, int ty,
            struct raster_window *win)
{
    long x0 = (long)tx * width / g->nx, x1 = (long)(tx + 1) * width / g->nx + g->overlap;
    long y0 = (long)ty * height / g->ny, y1 = (long)(ty + 1) * height / g->ny + g->overlap;
    win->width = width;
    win->height = height;
    win->x0 = (int)x0;
    win->y0 = (int)y0;
    win->w = (int)((x1 < width ? x1 : width) - x0);
    win->h = (int)((y1 < height ? y1 : height) - y0);
}

int
tile_name(const char *path, int tx, int ty, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    int n;
    if (dot == NULL || (slash != NULL && dot < slash) || dot == (slash ? slash + 1 : path)) {
        dot = path + strlen(path);  /* no extension */
    }
    n = snprintf(out, size, "%.*s_x%d_y%d%s", (int)(dot - path), path, tx, ty, dot);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* The rows of one map tile: bands of whole-image rows (aligned as
 * mapimg_bands_render wants) narrowed to the tile's columns. */
struct tile_rows {
    struct mapimg_bands *b;
    const struct raster_window *win;
    int band_rows, y0, y1;   /* rows held in rgb (of the whole image) */
    uint32_t *rgb;           /* band_rows x win->w */
};

static enum og_status
tile_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct tile_rows *r = arg;
    int at = r->win->y0 + y, end = r->win->y0 + r->win->h;

    if (at < r->y0 || at >= r->y1) {
        enum og_status st;
        r->y0 = at - at % MAPIMG_BAND_ALIGN;
        r->y1 = r->y0 + r->band_rows < end ? r->y0 + r->band_rows : end;
        st = mapimg_bands_render(r->b, r->y0, r->y1, r->rgb, NULL, err);
        if (st != OG_OK) {
            r->y0 = r->y1 = 0;
            return st;
        }
    }
    mapimg_row_rgba(r->rgb + (size_t)(at - r->y0) * (size_t)r->win->w, r->win->w, row);
    return OG_OK;
}

/* One tile: its window of the map streamed into an RGBA PNG with the
 * recipe and the window. */
static enum og_status
map_tile(const struct world *w, enum map_layer layer, struct tile_rows *r, int tx, int ty,
         const char *name, struct og_error *err)
{
    const struct raster_window *win = r->win;
    struct pngio_text *text = NULL;
    size_t ntext = 0;
    void *block = NULL;
    char extra[256];
    enum og_status st;

    snprintf(extra, sizeof extra,
             "map.layer = %s\nmap.size = %dx%d\nmap.tile = %d,%d %dx%d at %d,%d\n",
             mapimg_layer_name(layer), win->width, win->height, tx, ty, win->w, win->h,
             win->x0, win->y0);
    st = export_recipe(w, extra, &text, &ntext, &block, err);
    if (st == OG_OK) {
        st = mapimg_bands_window(r->b, win->x0, win->w, err);
    }
    if (st == OG_OK) {
        r->y0 = r->y1 = 0;
        st = pngio_write_rows(name, win->w, win->h, 8, 4, tile_row, r, text, ntext, 6, err);
    }
    free(block);
    return st;
}

enum og_status
export_map_tiles(const struct world *w, enum map_layer layer, int width, int height,
                 const struct tile_grid *g, const char *path, struct tile_done *done,
                 struct og_error *err)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct raster_window win;
    struct tile_rows r;
    enum og_status st;
    int tx, ty, widest = 0;
    char name[4096];

    if ((st = tile_check_sizes(g, width, height, "map", EXPORT_MAX_SIDE, err)) != OG_OK) {
        return st;
    }
    memset(&r, 0, sizeof r);
    for (tx = 0; tx < g->nx; tx++) {
        tile_window(g, width, height, tx, 0, &win);
        widest = win.w > widest ? win.w : widest;
    }
    r.band_rows = mapimg_band_rows(widest);
    r.rgb = malloc((size_t)r.band_rows * (size_t)widest * sizeof *r.rgb);
    if (r.rgb == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d map band", widest,
                            r.band_rows);
    }
    st = mapimg_bands_new(w, layer, &view, width, height, &r.b, err);
    for (ty = 0; ty < g->ny && st == OG_OK; ty++) {
        for (tx = 0; tx < g->nx && st == OG_OK; tx++) {
            if (g->only && (tx != g->tx || ty != g->ty)) {
                continue;
            }
            tile_window(g, width, height, tx, ty, &win);
            if (tile_name(path, tx, ty, name, sizeof name) != 0) {
                st = og_error_set(err, OG_EIO, "cannot write %s: tile name too long", path);
                break;
            }
            r.win = &win;
            st = map_tile(w, layer, &r, tx, ty, name, err);
            if (st == OG_OK && done != NULL) {
                done->count++;
                if (done->fn != NULL) {
                    st = done->fn(done->arg, &win, name, err);
                }
            }
        }
    }
    mapimg_bands_free(r.b);
    free(r.rgb);
    return st;
}
