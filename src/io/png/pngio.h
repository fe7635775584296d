/* pngio: the only user of <png.h>. Writes RGBA PNGs with tEXt recipe chunks
 * and reads PNGs as raw samples (for DEMs and tests), through libpng's
 * low-level API (libpng's example.c). All setjmp/longjmp stays in
 * pngio_write.c and pngio_read.c. */
#ifndef OROGEN_IO_PNG_PNGIO_H
#define OROGEN_IO_PNG_PNGIO_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct dem_raster;

struct pngio_text {
    const char *key;    /* Latin-1 keyword, 1..79 characters */
    const char *value;
};

/* Write width x height RGBA pixels (rgba[4 * (y * width + x) + c], 8 bits)
 * to path with the given tEXt chunks and zlib level (0..9; 1 is a good
 * speed/size trade-off for renders). The level also picks one PNG filter
 * for every row instead of libpng's adaptive choice (which tries all five
 * per row and took about half the write time); measured on 1920x1080
 * renders of island, hybrid and Fuji, a 2048^2 island map and 16-bit
 * heightmaps (doc/rendering.md):
 *   0: no filter (no compression either);
 *   1 (renders): Sub with zlib's run-length strategy: 0.43-0.49x the CPU
 *      time of libpng's default at level 1, files -11 % to +15 %;
 *   2-9 (maps, heightmaps): Up: at level 6 0.74-0.78x the time of the
 *      adaptive filter and 4-9 % smaller (Fuji's heightmap 2 % larger).
 * The pixels never depend on the choice. The rows are filtered and deflated
 * in parallel, in fixed chunks of about 256 KiB on og_threads_default()
 * threads (io/png/pngio_deflate.h), and the file is the same bytes for any
 * thread count. The file is written to a temporary name
 * in the same folder and renamed into place, so path is never half-written.
 * Errors: OG_EIO "cannot write PATH: REASON" (missing or unwritable folder,
 * full disk), OG_EINVAL for a zero size. */
enum og_status pngio_write_rgba(const char *path, const uint8_t *rgba, int width, int height,
                                const struct pngio_text *text, size_t ntext, int level,
                                struct og_error *err);

/* Fill row y (0 at the top) of a pngio_write_rows image: width x channels
 * samples, 16-bit ones big-endian (two bytes, high first). Return OG_OK,
 * or an error (set in err) to abandon the file. */
typedef enum og_status pngio_row_fn(void *arg, int y, uint8_t *row, struct og_error *err);

/* Write a PNG streamed row by row from row(arg, y, ...): depth 8 or 16
 * bits, channels 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA. No gAMA, sRGB or
 * iCCP chunk: samples are stored as given (linear data such as heights).
 * Only a few chunks of rows per thread are held (pngio_deflate.h), never
 * the image. Atomic and with errors as pngio_write_rgba. */
enum og_status pngio_write_rows(const char *path, int width, int height, int depth,
                                int channels, pngio_row_fn *row, void *arg,
                                const struct pngio_text *text, size_t ntext, int level,
                                struct og_error *err);

/* pngio_write_rows for one grey channel with a no-data sample: nodata
 * >= 0 (below 2^depth) writes a tRNS chunk of that grey, which GDAL reads
 * as the band's no-data value and pngio_read (and so --dem) as voids;
 * nodata < 0: none. Errors as pngio_write_rows, OG_EINVAL for a nodata
 * outside the depth. */
enum og_status pngio_write_rows_nodata(const char *path, int width, int height, int depth,
                                       pngio_row_fn *row, void *arg,
                                       const struct pngio_text *text, size_t ntext, int level,
                                       int nodata, struct og_error *err);

/* Progress of the PNG writes made by the calling thread (a thread-local
 * hook, so a TUI export thread and the CLI each see their own): fn(arg,
 * rows, height) once before the first row and after each percent of the
 * rows, rows rising to height. For a map the rows are rendered as they
 * are written (mapimg_write_png), so this is the export's progress.
 * fn = NULL removes the hook. */
typedef void pngio_progress_fn(void *arg, int rows, int height);
void pngio_set_progress(pngio_progress_fn *fn, void *arg);

/* Read a PNG as raw samples without colour management: palette images are
 * expanded to RGB, samples kept at their bit depth (8 or 16; 1/2/4-bit grey
 * expanded to 8), 16-bit kept big-endian-decoded to host integers. A tRNS
 * chunk marks voids in out->nodata (its grey or RGB colour; palette entries
 * with alpha 0), never an alpha channel.
 * Errors: OG_EIO (cannot open), OG_EFORMAT (not a PNG, corrupt), OG_ERANGE
 * (larger than 16384 x 16384). */
enum og_status pngio_read_raster(const char *path, struct dem_raster *out, struct og_error *err);

/* Read the tEXt/zTXt/iTXt chunks of a PNG: *keys and *values become arrays
 * of *n malloc'd strings (free with pngio_text_free). */
enum og_status pngio_read_text(const char *path, char ***keys, char ***values, size_t *n,
                               struct og_error *err);
void pngio_text_free(char **keys, char **values, size_t n);

#endif
