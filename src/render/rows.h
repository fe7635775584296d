/* rows: a picture handed out row by row, so that a writer can stream it
 * (io/png's encoder, io/tiles) without render/ knowing about files.
 *
 * The writer calls the function with the source and rows y = 0 .. H-1 in
 * increasing order (a writer may ask again for a row it already had, e.g.
 * after a tile's overlap; sources must allow it), each into a buffer of
 * W x 4 bytes of 8-bit RGBA. A non-OG_OK status stops the writer, which
 * passes it on. */
#ifndef OROGEN_RENDER_ROWS_H
#define OROGEN_RENDER_ROWS_H

#include <stdint.h>

#include "core/base/og_error.h"

typedef enum og_status (*render_row_fn)(void *source, int y, uint8_t *rgba,
                                        struct og_error *err);

#endif
