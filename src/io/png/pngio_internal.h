/* Internal to src/render/pngio_{write,read}.c: the limits both sides use. */
#ifndef OROGEN_IO_PNG_PNGIO_INTERNAL_H
#define OROGEN_IO_PNG_PNGIO_INTERNAL_H

#include <png.h>

#define PNGIO_MAX_SIDE 16384            /* read limit, per the header */
#define PNGIO_WRITE_MAX_SIDE 1000000    /* libpng's default user limit */
#define PNGIO_PATH_MAX 4096
/* Chunk limits (issue 15 item 4). No chunk but IDAT is allowed more than
 * PNGIO_CHUNK_MAX bytes (recipes are a few kB), and at most
 * PNGIO_CHUNK_COUNT ancillary chunks are kept. */
#define PNGIO_CHUNK_MAX (8u << 20)
#define PNGIO_CHUNK_COUNT 1000
/* deflate expands at most ~1032:1, so a declared image needs at least
 * raw / PNGIO_DEFLATE_RATIO bytes of IDAT; a file that has less is lying
 * about its size and is refused before its pixels are allocated. */
#define PNGIO_DEFLATE_RATIO 1100u

/* libpng warning callback for both sides: library code never prints, and
 * libpng's warnings are not errors. */
void pngio_warning_fn(png_structp png, png_const_charp msg);

#endif
