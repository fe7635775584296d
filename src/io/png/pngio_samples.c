/* Sample conversions of a PNG read (io/png/pngio_read_internal.h): the
 * decoded rows into a dem_raster's samples, tRNS voids, the heightmap's
 * height scale. */
#include "config.h"
#include "io/png/pngio_read_internal.h"

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"

/* Decode the rows in c->buf into c->out->samples (already sized). */
int
pngio_convert(struct pngio_rctx *c, int color_type, int depth, png_colorp pal, int npal)
{
    struct dem_raster *r = c->out;
    size_t w = (size_t)r->width, h = (size_t)r->height;
    size_t x, y, k, ch = (size_t)r->channels;
    uint16_t *s = r->samples;
    unsigned idx, v;

    for (y = 0; y < h; y++) {
        const png_byte *row = c->rows[y];
        uint16_t *o = s + y * w * ch;

        if (color_type == PNG_COLOR_TYPE_PALETTE) {
            for (x = 0; x < w; x++) {
                idx = row[x];
                if ((int)idx >= npal) {
                    og_error_set(c->err, OG_EFORMAT,
                                 "cannot read %s: palette index %u outside [0, %d] at (%zu, %zu)",
                                 c->path, idx, npal - 1, x, y);
                    return -1;
                }
                o[3 * x + 0] = pal[idx].red;
                o[3 * x + 1] = pal[idx].green;
                o[3 * x + 2] = pal[idx].blue;
            }
        } else if (depth < 8) {
            /* png_set_packing gave one byte per sample; scale 0..2^d-1 to
             * 0..255 by bit replication, as the PNG spec recommends. */
            unsigned mul = depth == 1 ? 255u : depth == 2 ? 85u : 17u;
            for (x = 0; x < w; x++) {
                o[x] = (uint16_t)(row[x] * mul);
            }
        } else if (depth == 16) {
            for (k = 0; k < w * ch; k++) {
                v = (unsigned)row[2 * k] << 8 | row[2 * k + 1];
                o[k] = (uint16_t)v;
            }
        } else {
            for (k = 0; k < w * ch; k++) {
                o[k] = row[k];
            }
        }
    }
    return 0;
}

/* A tRNS chunk marks voids (core/dem/dem_void.h): grey or RGB pixels of its
 * colour, palette pixels whose entry is fully transparent; into
 * c->out->nodata (left NULL when no pixel is one). */
int
pngio_trns_voids(struct pngio_rctx *c, int color_type, int depth)
{
    struct dem_raster *r = c->out;
    png_bytep alpha = NULL;
    int ntrans = 0;
    png_color_16p tc = NULL;
    size_t x, y, w = (size_t)r->width, h = (size_t)r->height, count = 0;
    unsigned mul = depth == 1 ? 255u : depth == 2 ? 85u : depth == 4 ? 17u : 1u;

    if (!png_get_valid(c->png, c->info, PNG_INFO_tRNS) ||
        png_get_tRNS(c->png, c->info, &alpha, &ntrans, &tc) == 0) {
        return 0;
    }
    r->nodata = calloc(w * h, 1);
    if (r->nodata == NULL) {
        og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for its tRNS mask",
                     c->path);
        return -1;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            const uint16_t *s = r->samples + (y * w + x) * (size_t)r->channels;
            int v = 0;
            if (color_type == PNG_COLOR_TYPE_PALETTE) {
                unsigned idx = c->rows[y][x];
                v = alpha != NULL && (int)idx < ntrans && alpha[idx] == 0;
            } else if (color_type == PNG_COLOR_TYPE_GRAY && tc != NULL) {
                v = s[0] == tc->gray * mul;
            } else if (color_type == PNG_COLOR_TYPE_RGB && tc != NULL) {
                v = s[0] == tc->red && s[1] == tc->green && s[2] == tc->blue;
            }
            r->nodata[y * w + x] = (uint8_t)v;
            count += (size_t)v;
        }
    }
    if (count == 0) {
        free(r->nodata);
        r->nodata = NULL;
    }
    return 0;
}

/* An orogen heightmap's sample scale from the tEXt chunks before the image
 * (io/raster/heightmap.h): both keys, finite, a positive step. */
void
pngio_height_scale(struct pngio_rctx *c)
{
    png_textp t;
    int nt = png_get_text(c->png, c->info, &t, NULL), i, found = 0;
    double off = 0.0, step = 0.0;

    for (i = 0; i < nt; i++) {
        char *end;
        double v;
        if (t[i].key == NULL || t[i].text == NULL) {
            continue;
        }
        if (strcmp(t[i].key, "orogen:pixel_size") == 0) {  /* "X Y" metres */
            double a = strtod(t[i].text, &end), b = strtod(end, &end);
            if (*end == '\0' && a > 0.0 && a < 1e9 && b > 0.0 && b < 1e9) {
                c->out->cell_m[0] = a;
                c->out->cell_m[1] = b;
            }
            continue;
        }
        v = strtod(t[i].text, &end);
        if (end == t[i].text || *end != '\0' || !(v > -1e300 && v < 1e300)) {
            continue;
        }
        if (strcmp(t[i].key, "orogen:height_offset") == 0) {
            off = v;
            found |= 1;
        } else if (strcmp(t[i].key, "orogen:height_step") == 0 && v > 0.0) {
            step = v;
            found |= 2;
        }
    }
    if (found == 3) {
        c->out->height_scaled = 1;
        c->out->height_offset = off;
        c->out->height_step = step;
    }
}
