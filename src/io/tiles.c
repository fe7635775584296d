/* tiles: tiled raster exports (see tiles.h). */
#include "config.h"
#include "io/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/png/pngio.h"

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

struct map_rows {
    const uint32_t *rgb;
    const struct raster_window *win;
};

static enum og_status
map_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct map_rows *r = arg;
    (void)err;
    mapimg_row_rgba(r->rgb + (size_t)(r->win->y0 + y) * r->win->width + r->win->x0, r->win->w,
                    row);
    return OG_OK;
}

enum og_status
export_map_tiles(const struct world *w, enum map_layer layer, int width, int height,
                 const struct tile_grid *g, const char *path, long *written,
                 struct og_error *err)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t *rgb;
    enum og_status st;
    int tx, ty;

    if ((st = export_check_size("map", width, height, err)) != OG_OK ||
        (st = tile_check(g, width, height, err)) != OG_OK) {
        return st;
    }
    rgb = malloc((size_t)width * (size_t)height * sizeof *rgb);
    if (rgb == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d map", width, height);
    }
    st = mapimg_render(w, layer, &view, width, height, rgb, NULL, err);
    for (ty = 0; ty < g->ny && st == OG_OK; ty++) {
        for (tx = 0; tx < g->nx && st == OG_OK; tx++) {
            struct raster_window win;
            struct map_rows r;
            struct pngio_text *text = NULL;
            size_t ntext = 0;
            void *block = NULL;
            char extra[256], name[4096];
            if (g->only && (tx != g->tx || ty != g->ty)) {
                continue;
            }
            tile_window(g, width, height, tx, ty, &win);
            if (tile_name(path, tx, ty, name, sizeof name) != 0) {
                st = og_error_set(err, OG_EIO, "cannot write %s: tile name too long", path);
                break;
            }
            snprintf(extra, sizeof extra,
                     "map.layer = %s\nmap.size = %dx%d\nmap.tile = %d,%d %dx%d at %d,%d\n",
                     mapimg_layer_name(layer), width, height, tx, ty, win.w, win.h, win.x0,
                     win.y0);
            st = export_recipe(w, extra, &text, &ntext, &block, err);
            if (st == OG_OK) {
                r.rgb = rgb;
                r.win = &win;
                st = pngio_write_rows(name, win.w, win.h, 8, 4, map_row, &r, text, ntext, 6,
                                      err);
            }
            if (st == OG_OK && written != NULL) {
                (*written)++;
            }
            free(block);
        }
    }
    free(rgb);
    return st;
}
