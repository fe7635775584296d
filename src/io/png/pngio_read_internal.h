/* Internal to src/io/png/pngio_read.c and pngio_samples.c: one PNG read's
 * state, and the sample conversions done after libpng decoded the rows. */
#ifndef OROGEN_IO_PNG_PNGIO_READ_INTERNAL_H
#define OROGEN_IO_PNG_PNGIO_READ_INTERNAL_H

#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "core/base/og_error.h"

struct dem_raster;

struct pngio_rctx {
    const char *path;
    FILE *fp;
    png_structp png;
    png_infop info;
    off_t file_size;           /* bytes, from fstat */
    uint64_t idat_bytes;       /* sum of the IDAT chunk lengths (pngio_prescan) */
    enum og_status code;       /* OG_EIO for read errors, OG_EFORMAT else */
    int saved_errno;
    struct og_error *err;
    /* raster reading */
    struct dem_raster *out;
    png_bytep buf;             /* decoded rows, rowbytes * height */
    png_bytepp rows;
    /* text reading */
    int want_pixels;
    char **keys, **values;
    size_t ntext;
    char text_warning[160];    /* libpng's first complaint about a text chunk */
};

/* Decode the rows in c->buf into c->out->samples (already sized): palette
 * entries expanded to RGB, 16-bit samples to host order. 0, or -1 with
 * c->err set. */
int pngio_convert(struct pngio_rctx *c, int color_type, int depth, png_colorp pal, int npal);

/* A tRNS chunk marks voids (core/dem/dem_void.h) in c->out->nodata (left
 * NULL when no pixel is one). 0, or -1 with c->err set (out of memory). */
int pngio_trns_voids(struct pngio_rctx *c, int color_type, int depth);

/* An orogen heightmap's sample scale (io/raster/heightmap.h) from the tEXt
 * chunks before the image into c->out, when both keys are valid. */
void pngio_height_scale(struct pngio_rctx *c);

#endif
