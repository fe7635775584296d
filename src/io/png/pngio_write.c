#include "config.h"
#include "io/png/pngio.h"
#include "io/outfile.h"
#include "io/png/pngio_internal.h"
#include "io/png/pngio_deflate.h"

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
#include <zlib.h>

#include "core/dem/dem.h"
#include "core/base/infile.h"
#include "core/base/parallel.h"

/*
 * All libpng calls that can longjmp run inside the *_run() helpers below,
 * whose only local that outlives setjmp is a pointer that never changes.
 * Everything they allocate lives in a context owned by the caller's frame,
 * so the cleanup after a longjmp never reads an indeterminate local.
 */


/* --- writing ------------------------------------------------------------- */

struct pngio_wctx {
    const char *path;          /* the final name, for messages */
    struct outfile_temp *temp; /* the temporary file next to it */
    FILE *fp;                  /* its stream (owned by temp) */
    png_structp png;
    png_infop info;
    const uint8_t *rgba;
    pngio_row_fn *rowfn;       /* or rows from a callback (pngio_write_rows) */
    void *rowarg;
    struct pngio_idat *idat;   /* our filter and deflate (pngio_deflate.h) */
    int depth, color_type, channels;
    png_uint_32 width, height;
    const struct pngio_text *text;
    size_t ntext;
    png_textp ptext;
    int level;
    int trns;                  /* grey no-data sample for a tRNS chunk, or -1 */
    int saved_errno;           /* errno of a failed fwrite/fflush */
    struct og_error *err;
};

static void
pngio_write_error_fn(png_structp png, png_const_charp msg)
{
    struct pngio_wctx *c = png_get_error_ptr(png);

    if (c->saved_errno == -1) {
        og_error_set(c->err, OG_ECANCELED, "cannot write %s: interrupted", c->path);
    } else if (c->saved_errno != 0) {
        og_error_set(c->err, OG_EIO, "cannot write %s: %s", c->path, strerror(c->saved_errno));
    } else {
        og_error_set(c->err, OG_EIO, "cannot write %s: %s", c->path, msg);
    }
    png_longjmp(png, 1);
}

void
pngio_warning_fn(png_structp png, png_const_charp msg)
{
    /* Library code never prints; libpng's warnings are not errors. */
    (void)png;
    (void)msg;
}

static void
pngio_write_data_fn(png_structp png, png_bytep data, size_t len)
{
    struct pngio_wctx *c = png_get_io_ptr(png);

    if (fwrite(data, 1, len, c->fp) != len) {
        c->saved_errno = errno != 0 ? errno : EIO;
        png_error(png, "write failed");
    }
}

static void
pngio_flush_fn(png_structp png)
{
    struct pngio_wctx *c = png_get_io_ptr(png);

    if (fflush(c->fp) != 0) {
        c->saved_errno = errno != 0 ? errno : EIO;
        png_error(png, "flush failed");
    }
}

static _Thread_local pngio_progress_fn *write_progress;
static _Thread_local void *write_progress_arg;

void
pngio_set_progress(pngio_progress_fn *fn, void *arg)
{
    write_progress = fn;
    write_progress_arg = arg;
}

/* Runs every libpng write call; returns 0 on success, -1 after a longjmp
 * (c->err is then set). libpng writes the signature, IHDR, the tEXt
 * chunks and IEND and checksums every chunk; the image data is filtered
 * and deflated by pngio_deflate.h, in parallel, and each of its pieces
 * goes out through png_write_chunk as one IDAT chunk. (So libpng's own
 * row writer and its zlib stream are never used, nor png_write_end, which
 * insists on IDATs written by that row writer.) */
static int
pngio_write_run(struct pngio_wctx *const c)
{
    static const png_byte idat[5] = { 'I', 'D', 'A', 'T', '\0' };
    static const png_byte iend[5] = { 'I', 'E', 'N', 'D', '\0' };
    uint32_t y, y0, y1;
    size_t i, k;

    if (setjmp(png_jmpbuf(c->png)) != 0) {
        return -1;
    }
    png_set_write_fn(c->png, c, pngio_write_data_fn, pngio_flush_fn);
    png_set_IHDR(c->png, c->info, c->width, c->height, c->depth, c->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (c->trns >= 0) {
        png_color_16 tc;
        memset(&tc, 0, sizeof tc);
        tc.gray = (png_uint_16)c->trns;
        png_set_tRNS(c->png, c->info, NULL, 0, &tc);
    }
    if (c->ntext > 0) {
        for (i = 0; i < c->ntext; i++) {
            memset(&c->ptext[i], 0, sizeof c->ptext[i]);
            c->ptext[i].compression = PNG_TEXT_COMPRESSION_NONE;
            /* libpng copies keys and values; it never writes through them. */
            c->ptext[i].key = (png_charp)(uintptr_t)c->text[i].key;
            c->ptext[i].text = (png_charp)(uintptr_t)c->text[i].value;
            c->ptext[i].text_length = strlen(c->text[i].value);
        }
        png_set_text(c->png, c->info, c->ptext, (int)c->ntext);
    }
    png_write_info(c->png, c->info);
    if (write_progress != NULL) {
        write_progress(write_progress_arg, 0, (int)c->height);
    }
    while (pngio_idat_group(c->idat, &y0, &y1)) {
        if (og_interrupted()) {
            c->saved_errno = -1;
            png_error(c->png, "interrupted");
        }
        for (y = y0; y < y1 && c->rowfn != NULL; y++) {
            if (c->rowfn(c->rowarg, (int)y, pngio_idat_row(c->idat, y), c->err) != OG_OK) {
                return -1;
            }
        }
        if (pngio_idat_compress(c->idat, c->err) != OG_OK) {
            return -1;
        }
        for (k = 0; k < pngio_idat_pieces(c->idat); k++) {
            size_t len;
            const uint8_t *piece = pngio_idat_piece(c->idat, k, &len);
            png_write_chunk(c->png, idat, piece, len);
        }
        if (write_progress != NULL &&
            (y1 == c->height || (uint64_t)y1 * 100 / c->height != (uint64_t)y0 * 100 / c->height)) {
            write_progress(write_progress_arg, (int)y1, (int)c->height);
        }
    }
    png_write_chunk(c->png, iend, NULL, 0);
    return 0;
}

/* The writer behind pngio_write_rgba and pngio_write_rows: pixels from
 * rgba (8-bit RGBA) or, when rowfn is set, rows of the given depth and
 * colour type from the callback. */
static enum og_status
pngio_write_image(const char *path, const uint8_t *rgba, pngio_row_fn *rowfn, void *rowarg,
                  int depth, int color_type, int channels, int width, int height,
                  const struct pngio_text *text, size_t ntext, int level, int trns,
                  struct og_error *err)
{
    struct pngio_wctx c;
    size_t i, klen;

    char real[PNGIO_PATH_MAX];
    enum og_status rst;

    if (path == NULL || path[0] == '\0') {
        return og_error_set(err, OG_EIO, "output file name is empty");
    }
    if ((rgba == NULL && rowfn == NULL) || (ntext > 0 && text == NULL)) {
        return og_error_set(err, OG_EINVAL, "pngio_write_rgba: missing pixels or text");
    }
    /* Never rename over a device, FIFO or symlink: write where it points. */
    rst = outfile_resolve(path, real, sizeof real, err);
    if (rst != OG_OK) {
        return rst;
    }
    if (width <= 0 || height <= 0) {
        return og_error_set(err, OG_EINVAL, "cannot write %s: image size %dx%d is empty", path,
                            width, height);
    }
    if (width > PNGIO_WRITE_MAX_SIDE || height > PNGIO_WRITE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "cannot write %s: image size %dx%d outside [1, %d]",
                            path, width, height, PNGIO_WRITE_MAX_SIDE);
    }
    if (level < 0 || level > 9) {
        return og_error_set(err, OG_ERANGE, "cannot write %s: zlib level %d outside [0, 9]", path,
                            level);
    }
    if (ntext > INT_MAX / 2) {
        return og_error_set(err, OG_ERANGE, "cannot write %s: %zu text chunks", path, ntext);
    }
    for (i = 0; i < ntext; i++) {
        klen = text[i].key != NULL ? strlen(text[i].key) : 0;
        if (klen < 1 || klen > 79 || text[i].value == NULL) {
            return og_error_set(err, OG_EINVAL,
                                "cannot write %s: text key %zu has length %zu outside [1, 79]",
                                path, i, klen);
        }
    }
    if (strlen(real) + 8 > PNGIO_PATH_MAX) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }

    memset(&c, 0, sizeof c);
    c.path = path;
    c.rgba = rgba;
    c.rowfn = rowfn;
    c.rowarg = rowarg;
    c.depth = depth;
    c.color_type = color_type;
    c.channels = channels;
    c.width = (png_uint_32)width;
    c.height = (png_uint_32)height;
    c.text = text;
    c.ntext = ntext;
    c.level = level;
    c.trns = trns;
    c.err = err;

    if (ntext > 0) {
        c.ptext = calloc(ntext, sizeof *c.ptext);
        if (c.ptext == NULL) {
            return og_error_set(err, OG_ENOMEM, "cannot write %s: out of memory for %zu texts",
                                path, ntext);
        }
    }
    if (pngio_idat_new(&c.idat, (size_t)width * (size_t)channels * (size_t)(depth / 8),
                       channels * (depth / 8), (uint32_t)height, level, rgba, og_threads_default(),
                       err) != OG_OK) {
        free(c.ptext);
        return err != NULL ? err->code : OG_ENOMEM;
    }
    if (outfile_temp_open(path, &c.temp, &c.fp, err) != OG_OK) {
        pngio_idat_free(c.idat);
        free(c.ptext);
        return err != NULL ? err->code : OG_EIO;
    }
    c.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &c, pngio_write_error_fn,
                                    pngio_warning_fn);
    if (c.png == NULL) {
        og_error_set(err, OG_ENOMEM, "cannot write %s: out of memory for libpng", path);
        goto fail;
    }
    c.info = png_create_info_struct(c.png);
    if (c.info == NULL) {
        og_error_set(err, OG_ENOMEM, "cannot write %s: out of memory for libpng", path);
        goto fail;
    }
    if (pngio_write_run(&c) != 0) {
        goto fail;
    }
    png_destroy_write_struct(&c.png, &c.info);
    free(c.ptext);
    pngio_idat_free(c.idat);
    /* flush, fsync, rename (or wait for the group); names path on error */
    return outfile_temp_commit(c.temp, err) == OG_OK ? OG_OK
           : (err != NULL ? err->code : OG_EIO);

fail:
    if (c.png != NULL) {
        png_destroy_write_struct(&c.png, c.info != NULL ? &c.info : NULL);
    }
    free(c.ptext);
    pngio_idat_free(c.idat);
    outfile_temp_discard(c.temp);
    return err != NULL ? err->code : OG_EIO;
}

enum og_status
pngio_write_rgba(const char *path, const uint8_t *rgba, int width, int height,
                 const struct pngio_text *text, size_t ntext, int level, struct og_error *err)
{
    return pngio_write_image(path, rgba, NULL, NULL, 8, PNG_COLOR_TYPE_RGB_ALPHA, 4, width,
                             height, text, ntext, level, -1, err);
}

enum og_status
pngio_write_rows(const char *path, int width, int height, int depth, int channels,
                 pngio_row_fn *row, void *arg, const struct pngio_text *text, size_t ntext,
                 int level, struct og_error *err)
{
    static const int types[5] = { 0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                  PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA };
    if (row == NULL || (depth != 8 && depth != 16) || channels < 1 || channels > 4) {
        return og_error_set(err, OG_EINVAL, "pngio_write_rows: depth %d, %d channels", depth,
                            channels);
    }
    return pngio_write_image(path, NULL, row, arg, depth, types[channels], channels, width,
                             height, text, ntext, level, -1, err);
}

enum og_status
pngio_write_rows_nodata(const char *path, int width, int height, int depth, pngio_row_fn *row,
                        void *arg, const struct pngio_text *text, size_t ntext, int level,
                        int nodata, struct og_error *err)
{
    if (nodata >= 0 && nodata >= (1 << depth)) {
        return og_error_set(err, OG_EINVAL, "cannot write %s: no-data %d outside %d bits",
                            path, nodata, depth);
    }
    if (depth != 8 && depth != 16) {
        return og_error_set(err, OG_EINVAL, "cannot write %s: depth %d (8 or 16)", path, depth);
    }
    return pngio_write_image(path, NULL, row, arg, depth, PNG_COLOR_TYPE_GRAY, 1, width, height,
                             text, ntext, level, nodata, err);
}
