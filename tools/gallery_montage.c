/* gallery_montage: tile PNG renders into one gallery image with orogen's
 * own PNG code (io/png/pngio.h), for `make gallery` (tools/gallery.sh).
 *   gallery_montage OUT.png COLUMNS TILE_W TILE_H IN.png...
 * Every input is scaled to TILE_W x TILE_H by box filtering (nearest pixel
 * when enlarging) and placed row by row, COLUMNS per row, with a 4 px
 * dark gutter. Exit 1 with one line on stderr on any error. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "io/png/pngio.h"

#define GUTTER 4
#define BACKGROUND 0x1b1f2e

static int
fail(const char *msg, const char *arg)
{
    fprintf(stderr, "gallery_montage: %s%s%s\n", msg, arg != NULL ? ": " : "", arg ? arg : "");
    return 1;
}

/* Sample channel c of pixel (x, y) as 8 bits. */
static unsigned
sample(const struct dem_raster *r, int x, int y, int c)
{
    int ch = r->channels, k = c;
    unsigned v;
    if (ch < 3) {
        k = c == 3 ? (ch == 2 ? 1 : -1) : 0; /* grey (+ alpha) */
    } else if (c == 3 && ch == 3) {
        k = -1;
    }
    if (k < 0) {
        return 255;
    }
    v = r->samples[((size_t)y * (size_t)r->width + (size_t)x) * (size_t)ch + (size_t)k];
    return r->bit_depth == 16 ? v >> 8 : v;
}

int
main(int argc, char **argv)
{
    struct og_error err;
    int cols, tw, th, n, rows, W, H, k;
    uint8_t *out;

    if (argc < 6) {
        return fail("usage: gallery_montage OUT.png COLUMNS TILE_W TILE_H IN.png...", NULL);
    }
    cols = atoi(argv[2]);
    tw = atoi(argv[3]);
    th = atoi(argv[4]);
    n = argc - 5;
    if (cols < 1 || tw < 1 || th < 1 || tw > 4096 || th > 4096) {
        return fail("bad COLUMNS or tile size", NULL);
    }
    rows = (n + cols - 1) / cols;
    W = cols * tw + (cols + 1) * GUTTER;
    H = rows * th + (rows + 1) * GUTTER;
    out = malloc((size_t)W * (size_t)H * 4);
    if (out == NULL) {
        return fail("out of memory", NULL);
    }
    for (k = 0; k < W * H; k++) {
        out[4 * k] = BACKGROUND >> 16;
        out[4 * k + 1] = (BACKGROUND >> 8) & 0xff;
        out[4 * k + 2] = BACKGROUND & 0xff;
        out[4 * k + 3] = 255;
    }
    for (k = 0; k < n; k++) {
        struct dem_raster r;
        int ox = GUTTER + (k % cols) * (tw + GUTTER), oy = GUTTER + (k / cols) * (th + GUTTER);
        int x, y;
        memset(&r, 0, sizeof r);
        if (pngio_read_raster(argv[5 + k], &r, &err) != OG_OK) {
            free(out);
            return fail(err.msg, NULL);
        }
        for (y = 0; y < th; y++) {
            int y0 = (int)((long long)y * r.height / th), y1 = (int)((long long)(y + 1) * r.height / th);
            y1 = y1 > y0 ? y1 : y0 + 1;
            for (x = 0; x < tw; x++) {
                int x0 = (int)((long long)x * r.width / tw), x1 = (int)((long long)(x + 1) * r.width / tw);
                unsigned long sum[4] = { 0, 0, 0, 0 }, cnt = 0;
                int c, sx, sy;
                x1 = x1 > x0 ? x1 : x0 + 1;
                for (sy = y0; sy < y1; sy++) {
                    for (sx = x0; sx < x1; sx++) {
                        for (c = 0; c < 4; c++) {
                            sum[c] += sample(&r, sx, sy, c);
                        }
                        cnt++;
                    }
                }
                for (c = 0; c < 4; c++) {
                    out[4 * ((size_t)(oy + y) * (size_t)W + (size_t)(ox + x)) + (size_t)c] =
                        (uint8_t)((sum[c] + cnt / 2) / cnt);
                }
            }
        }
        free(r.samples);
    }
    if (pngio_write_rgba(argv[1], out, W, H, NULL, 0, 6, &err) != OG_OK) {
        free(out);
        return fail(err.msg, NULL);
    }
    free(out);
    return 0;
}
