/* pngio_deflate: the IDAT data of a PNG filtered and deflated in parallel
 * (internal to pngio_write.c).
 *
 * The rows are cut into fixed chunks of PNGIO_CHUNK_BYTES of filtered data
 * (a whole number of rows, at least one; the cut depends on the row size
 * only, never on the thread count). Each chunk is filtered (one PNG filter
 * for every row, chosen by the zlib level as pngio.h says) and deflated on
 * its own as raw deflate data, the way pigz does (Mark Adler's pigz.c):
 * the last 32 KiB of the previous chunk's filtered bytes are its dictionary
 * (deflateSetDictionary), every chunk but the last ends with Z_SYNC_FLUSH
 * (an empty stored block: the next chunk starts on a byte boundary and no
 * block is final) and the last with Z_FINISH. The zlib header (RFC 1950:
 * CMF 0x78, FLEVEL as zlib's own deflate sets it) goes before the first
 * chunk and the Adler-32 of all filtered bytes, combined chunk by chunk in
 * order (adler32_combine), after the last. So the concatenated chunks are
 * one zlib stream, the same bytes for any number of threads.
 *
 * Rows arrive a group of chunks at a time (pngio_idat_group), so memory is
 * a few chunks per thread, never the image; the chunks of a group are
 * filtered, then deflated, in parallel on a thread team. */
#ifndef OROGEN_IO_PNG_PNGIO_DEFLATE_H
#define OROGEN_IO_PNG_PNGIO_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

#define PNGIO_CHUNK_BYTES (256u << 10) /* filtered bytes a chunk, at most (one row if larger) */

struct pngio_idat;

/* An encoder for `height` rows of `rowbytes` bytes each, `bpp` bytes a
 * pixel (the Sub filter's distance, 1..8), at zlib level 0..9, on up to
 * `threads` threads (<= 0: og_threads_default()). If rows is not NULL the
 * image is already in memory (row y at rows + y * rowbytes) and is read in
 * place; else the caller fills each group's rows (pngio_idat_row).
 * Errors: OG_ENOMEM. */
enum og_status pngio_idat_new(struct pngio_idat **out, size_t rowbytes, int bpp,
                              uint32_t height, int level, const uint8_t *rows, int threads,
                              struct og_error *err);

/* The next group of rows, [*y0, *y1); 0 when every row has been given. */
int pngio_idat_group(struct pngio_idat *z, uint32_t *y0, uint32_t *y1);

/* Where row y of the current group goes (rowbytes bytes; not when the
 * image was given in memory). */
uint8_t *pngio_idat_row(struct pngio_idat *z, uint32_t y);

/* Filter and deflate the current group's chunks. Errors: OG_ENOMEM,
 * OG_EIO (zlib refused). */
enum og_status pngio_idat_compress(struct pngio_idat *z, struct og_error *err);

/* The group's compressed pieces, in order (k < pngio_idat_pieces): the
 * next bytes of the zlib stream, each written as one IDAT chunk. */
size_t pngio_idat_pieces(const struct pngio_idat *z);
const uint8_t *pngio_idat_piece(const struct pngio_idat *z, size_t k, size_t *len);

void pngio_idat_free(struct pngio_idat *z);

#endif
