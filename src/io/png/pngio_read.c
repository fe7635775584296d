#include "config.h"
#include "io/png/pngio.h"
#include "io/outfile.h"
#include "io/png/pngio_internal.h"
#include "io/png/pngio_read_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <png.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/base/infile.h"

/*
 * All libpng calls that can longjmp run inside the *_run() helpers below,
 * whose only local that outlives setjmp is a pointer that never changes.
 * Everything they allocate lives in a context owned by the caller's frame,
 * so the cleanup after a longjmp never reads an indeterminate local.
 */

/* --- reading ------------------------------------------------------------- */

/* Text reading: libpng drops a text chunk it cannot use (bad CRC, too big
 * to inflate) with a warning; a recipe reader must say so, not "no recipe". */
static void
pngio_text_warning_fn(png_structp png, png_const_charp msg)
{
    struct pngio_rctx *c = png_get_error_ptr(png);

    if (c->text_warning[0] == '\0' &&
        (strncmp(msg, "tEXt", 4) == 0 || strncmp(msg, "zTXt", 4) == 0 ||
         strncmp(msg, "iTXt", 4) == 0)) {
        size_t n = strlen(msg);
        /* libpng says "truncated" both for a stream that ends early and for
           one that inflates past the limit of a text chunk (issue 28: a
           100 MB zTXt) */
        if (n >= 9 && strcmp(msg + n - 9, "truncated") == 0 && strncmp(msg, "tEXt", 4) != 0) {
            snprintf(c->text_warning, sizeof c->text_warning,
                     "%.4s chunk ends early or inflates to more than %u MiB, the limit of a "
                     "text chunk", msg, PNGIO_CHUNK_MAX >> 20);
        } else {
            snprintf(c->text_warning, sizeof c->text_warning, "%s", msg);
        }
    }
}

static void
pngio_read_error_fn(png_structp png, png_const_charp msg)
{
    struct pngio_rctx *c = png_get_error_ptr(png);

    if (c->code == OG_EIO && c->saved_errno != 0) {
        og_error_set(c->err, OG_EIO, "cannot read %s: %s", c->path, strerror(c->saved_errno));
    } else {
        og_error_set(c->err, c->code, "cannot read %s: %s", c->path, msg);
    }
    png_longjmp(png, 1);
}

static void
pngio_read_data_fn(png_structp png, png_bytep data, size_t len)
{
    struct pngio_rctx *c = png_get_io_ptr(png);

    if (fread(data, 1, len, c->fp) != len) {
        if (ferror(c->fp)) {
            c->code = OG_EIO;
            c->saved_errno = errno != 0 ? errno : EIO;
            png_error(png, "read failed");
        }
        png_error(png, "truncated PNG file");
    }
}

/* Read through the image row by row for the text chunks that may follow
 * its data; keep them in c->keys and c->values. 0, or -1 with c->err set.
 * Runs under pngio_read_run's setjmp. */
static int
read_texts(struct pngio_rctx *const c, png_uint_32 h)
{
    int npass, pass, nt, i;
    size_t rowbytes, y;
    png_textp t;

    /* Text may follow the image data: read through it row by row. */
    npass = png_set_interlace_handling(c->png);
    png_read_update_info(c->png, c->info);
    rowbytes = png_get_rowbytes(c->png, c->info);
    c->buf = malloc(rowbytes > 0 ? rowbytes : 1);
    if (c->buf == NULL) {
        og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for a row", c->path);
        return -1;
    }
    for (pass = 0; pass < npass; pass++) {
        for (y = 0; y < h; y++) {
            png_read_row(c->png, c->buf, NULL);
        }
    }
    png_read_end(c->png, c->info);
    nt = png_get_text(c->png, c->info, &t, NULL);
    if (nt > 0) {
        c->keys = calloc((size_t)nt, sizeof *c->keys);
        c->values = calloc((size_t)nt, sizeof *c->values);
        if (c->keys == NULL || c->values == NULL) {
            og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for %d texts",
                         c->path, nt);
            return -1;
        }
        for (i = 0; i < nt; i++) {
            c->keys[i] = strdup(t[i].key != NULL ? t[i].key : "");
            c->values[i] = strdup(t[i].text != NULL ? t[i].text : "");
            c->ntext = (size_t)i + 1;
            if (c->keys[i] == NULL || c->values[i] == NULL) {
                og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for %d texts",
                             c->path, nt);
                return -1;
            }
        }
    }
    return 0;
}

/* The image's declared size: within PNGIO_MAX_SIDE and one its compressed
 * data can fill. 0, or -1 with c->err set. */
static int
check_size(struct pngio_rctx *const c, png_uint_32 w, png_uint_32 h, int depth)
{
    uint64_t bpp, raw;

    if (w > PNGIO_MAX_SIDE || h > PNGIO_MAX_SIDE) {
        og_error_set(c->err, OG_ERANGE, "cannot read %s: image size %lux%lu outside [1, %d]",
                     c->path, (unsigned long)w, (unsigned long)h, PNGIO_MAX_SIDE);
        return -1;
    }
    /* The declared size must be one the compressed data can fill. */
    bpp = (uint64_t)png_get_channels(c->png, c->info) * (uint64_t)depth;
    raw = ((uint64_t)w * bpp + 7) / 8 + 1;
    raw *= h;
    if (raw / PNGIO_DEFLATE_RATIO > c->idat_bytes + 1024) {
        og_error_set(c->err, OG_EFORMAT,
                     "cannot read %s: %lux%lu image with only %llu bytes of pixel data "
                     "(truncated or corrupt)", c->path, (unsigned long)w, (unsigned long)h,
                     (unsigned long long)c->idat_bytes);
        return -1;
    }
    return 0;
}

/* The samples a pixel of color_type reads as (palette images expand to
 * RGB here, so that tRNS never adds alpha; *pal, *npal their PLTE). -1
 * with c->err set on a palette without PLTE or an unknown type. */
static int
color_channels(struct pngio_rctx *const c, int color_type, png_colorp *pal, int *npal)
{
    switch (color_type) {
    case PNG_COLOR_TYPE_PALETTE:
        /* Expanded here, not by libpng, so that tRNS never adds alpha. */
        if (png_get_PLTE(c->png, c->info, pal, npal) == 0 || *npal <= 0) {
            og_error_set(c->err, OG_EFORMAT, "cannot read %s: palette image without PLTE",
                         c->path);
            return -1;
        }
        return 3;
    case PNG_COLOR_TYPE_GRAY:
        return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA:
        return 2;
    case PNG_COLOR_TYPE_RGB:
        return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA:
        return 4;
    default:
        og_error_set(c->err, OG_EFORMAT, "cannot read %s: colour type %d", c->path, color_type);
        return -1;
    }
}

static int
pngio_read_run(struct pngio_rctx *const c)
{
    png_uint_32 w, h;
    int depth, color_type, interlace, channels, npal, npass;
    png_colorp pal;
    size_t rowbytes, total, y, nsamples;

    if (setjmp(png_jmpbuf(c->png)) != 0) {
        return -1;
    }
    png_set_read_fn(c->png, c, pngio_read_data_fn);
    png_set_sig_bytes(c->png, 8);
    png_read_info(c->png, c->info);
    png_get_IHDR(c->png, c->info, &w, &h, &depth, &color_type, &interlace, NULL, NULL);

    if (!c->want_pixels) {
        return read_texts(c, h);
    }
    if (check_size(c, w, h, depth) != 0) {
        return -1;
    }
    npal = 0;
    pal = NULL;
    if ((channels = color_channels(c, color_type, &pal, &npal)) < 0) {
        return -1;
    }
    if (depth < 8) {
        png_set_packing(c->png);
    }
    npass = png_set_interlace_handling(c->png);
    (void)npass;
    png_read_update_info(c->png, c->info);
    rowbytes = png_get_rowbytes(c->png, c->info);

    /* Sizes are bounded by 16384^2 x 4 x 2, but check anyway. */
    if (rowbytes == 0 || h > SIZE_MAX / rowbytes) {
        og_error_set(c->err, OG_ENOMEM, "cannot read %s: row size overflows", c->path);
        return -1;
    }
    total = rowbytes * h;
    nsamples = (size_t)w * h * (size_t)channels;
    c->buf = malloc(total);
    c->rows = malloc(h * sizeof *c->rows);
    c->out->samples = malloc(nsamples * sizeof *c->out->samples);
    if (c->buf == NULL || c->rows == NULL || c->out->samples == NULL) {
        og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for %lux%lu pixels",
                     c->path, (unsigned long)w, (unsigned long)h);
        return -1;
    }
    for (y = 0; y < h; y++) {
        c->rows[y] = c->buf + y * rowbytes;
    }
    png_read_image(c->png, c->rows);
    png_read_end(c->png, NULL);
    pngio_height_scale(c);

    c->out->width = (int)w;
    c->out->height = (int)h;
    c->out->channels = channels;
    c->out->bit_depth = depth == 16 ? 16 : 8;
    if (pngio_convert(c, color_type, depth, pal, npal) != 0) {
        return -1;
    }
    return pngio_trns_voids(c, color_type, depth);
}

static void
chunk_name(const unsigned char *t, char *out)
{
    int k;
    for (k = 0; k < 4; k++) {
        out[k] = (t[k] >= 'A' && t[k] <= 'Z') || (t[k] >= 'a' && t[k] <= 'z') ? (char)t[k] : '?';
    }
    out[4] = '\0';
}

/* Walk the chunk headers (length, type) from just after the signature to
 * IEND with fseek, before libpng sees the file: every declared length must
 * fit in what the file holds, so no length makes libpng allocate memory the
 * file cannot fill. Sums the IDAT bytes into c->idat_bytes. */
static enum og_status
pngio_prescan(struct pngio_rctx *c)
{
    unsigned char h[8];
    uint64_t pos = 8, size = (uint64_t)c->file_size;
    char name[5];

    c->idat_bytes = 0;
    for (;;) {
        uint32_t len;
        if (size - pos < 8) {
            break;  /* truncated before IEND: libpng reports it where it matters */
        }
        if (fseek(c->fp, (long)pos, SEEK_SET) != 0 || fread(h, 1, 8, c->fp) != 8) {
            return og_error_set(c->err, OG_EIO, "cannot read %s: %s", c->path,
                                strerror(errno != 0 ? errno : EIO));
        }
        len = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 | (uint32_t)h[2] << 8 | h[3];
        chunk_name(h + 4, name);
        if (len > 0x7fffffffu) {
            return og_error_set(c->err, OG_EFORMAT,
                                "cannot read %s: %s chunk length %lu over 2^31-1 at byte %llu",
                                c->path, name, (unsigned long)len, (unsigned long long)pos);
        }
        if ((uint64_t)len + 12 > size - pos) {
            return og_error_set(c->err, OG_EFORMAT,
                                "cannot read %s: truncated PNG file (%s chunk of %lu bytes at "
                                "byte %llu, file of %llu bytes)", c->path, name,
                                (unsigned long)len, (unsigned long long)pos,
                                (unsigned long long)size);
        }
        if (memcmp(h + 4, "IDAT", 4) == 0) {
            c->idat_bytes += len;
        } else if (len > PNGIO_CHUNK_MAX) {
            return og_error_set(c->err, OG_EFORMAT,
                                "cannot read %s: %s chunk of %lu bytes (at most %u)", c->path,
                                name, (unsigned long)len, PNGIO_CHUNK_MAX);
        }
        pos += (uint64_t)len + 12;
        if (memcmp(h + 4, "IEND", 4) == 0) {
            break;
        }
    }
    if (fseek(c->fp, 8, SEEK_SET) != 0) {
        return og_error_set(c->err, OG_EIO, "cannot read %s: %s", c->path, strerror(errno));
    }
    return OG_OK;
}

/* Open path, check the signature and create the read structs. */
static enum og_status
pngio_read_open(struct pngio_rctx *c)
{
    unsigned char sig[8];
    size_t n;

    /* Never blocks on a FIFO: regular files only (core/base/infile.h). */
    if (infile_fopen(c->path, &c->fp, &c->file_size, c->err) != OG_OK) {
        return c->err != NULL ? c->err->code : OG_EIO;
    }
    n = fread(sig, 1, sizeof sig, c->fp);
    if (n != sizeof sig && ferror(c->fp)) {
        return og_error_set(c->err, OG_EIO, "cannot read %s: %s", c->path, strerror(errno));
    }
    if (n != sizeof sig || png_sig_cmp(sig, 0, sizeof sig) != 0) {
        return og_error_set(c->err, OG_EFORMAT, "cannot read %s: not a PNG file", c->path);
    }
    if (pngio_prescan(c) != OG_OK) {
        return c->err != NULL ? c->err->code : OG_EFORMAT;
    }
    c->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, c, pngio_read_error_fn,
                                    pngio_warning_fn);
    if (c->png == NULL) {
        return og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for libpng",
                            c->path);
    }
    /* libpng's own limits, in case a chunk gets past the scan: sizes,
     * ancillary chunk count, and the memory one chunk (or a zTXt/iCCP
     * decompressed) may take. */
    png_set_user_limits(c->png, PNGIO_WRITE_MAX_SIDE, PNGIO_WRITE_MAX_SIDE);
    png_set_chunk_cache_max(c->png, PNGIO_CHUNK_COUNT);
    png_set_chunk_malloc_max(c->png, PNGIO_CHUNK_MAX);
    if (c->want_pixels) {
        /* A DEM reads only the heightmap scale, in plain tEXt (bounded by
         * the file's size, checked above): skip the compressed text chunks
         * unread, so no zTXt/iTXt is ever inflated. */
        static const png_byte text_chunks[] = "zTXt\0iTXt";
        png_set_keep_unknown_chunks(c->png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 2);
    }
    if (!c->want_pixels) {
        /* A recipe chunk with a bad CRC is an error, not a chunk to drop. */
        png_set_crc_action(c->png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
        png_set_error_fn(c->png, c, pngio_read_error_fn, pngio_text_warning_fn);
    }
    c->info = png_create_info_struct(c->png);
    if (c->info == NULL) {
        return og_error_set(c->err, OG_ENOMEM, "cannot read %s: out of memory for libpng",
                            c->path);
    }
    c->code = OG_EFORMAT;
    return OG_OK;
}

static void
pngio_read_close(struct pngio_rctx *c)
{
    if (c->png != NULL) {
        png_destroy_read_struct(&c->png, c->info != NULL ? &c->info : NULL, NULL);
    }
    if (c->fp != NULL) {
        fclose(c->fp);
    }
    free(c->rows);
    free(c->buf);
}

enum og_status
pngio_read_raster(const char *path, struct dem_raster *out, struct og_error *err)
{
    struct pngio_rctx c;
    enum og_status st;

    if (path == NULL || out == NULL) {
        return og_error_set(err, OG_EINVAL, "pngio_read_raster: missing path or raster");
    }
    memset(out, 0, sizeof *out);
    memset(&c, 0, sizeof c);
    c.path = path;
    c.err = err;
    c.out = out;
    c.want_pixels = 1;

    st = pngio_read_open(&c);
    if (st == OG_OK && pngio_read_run(&c) != 0) {
        st = err != NULL ? err->code : OG_EFORMAT;
    }
    pngio_read_close(&c);
    if (st != OG_OK) {
        free(out->samples);
        free(out->nodata);
        memset(out, 0, sizeof *out);
        return st;
    }
    snprintf(out->source, sizeof out->source, "%s", path);
    return OG_OK;
}

enum og_status
pngio_read_text(const char *path, char ***keys, char ***values, size_t *n,
                struct og_error *err)
{
    struct pngio_rctx c;
    enum og_status st;

    if (path == NULL || keys == NULL || values == NULL || n == NULL) {
        return og_error_set(err, OG_EINVAL, "pngio_read_text: missing path or outputs");
    }
    *keys = NULL;
    *values = NULL;
    *n = 0;
    memset(&c, 0, sizeof c);
    c.path = path;
    c.err = err;

    st = pngio_read_open(&c);
    if (st == OG_OK && pngio_read_run(&c) != 0) {
        st = err != NULL ? err->code : OG_EFORMAT;
    }
    pngio_read_close(&c);
    if (st == OG_OK && c.text_warning[0] != '\0') {
        st = og_error_set(err, OG_EFORMAT, "cannot read %s: %s", path, c.text_warning);
    }
    if (st != OG_OK) {
        pngio_text_free(c.keys, c.values, c.ntext);
        return st;
    }
    *keys = c.keys;
    *values = c.values;
    *n = c.ntext;
    return OG_OK;
}

void
pngio_text_free(char **keys, char **values, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (keys != NULL) {
            free(keys[i]);
        }
        if (values != NULL) {
            free(values[i]);
        }
    }
    free(keys);
    free(values);
}
