/* export_map: a map (render/mapimg.h) streamed into a PNG band by band. */
#ifndef OROGEN_IO_EXPORT_MAP_H
#define OROGEN_IO_EXPORT_MAP_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/mapimg.h"

struct pngio_text;

/* Render a map straight into a PNG (pngio_write_rows, 8-bit RGBA, zlib
 * level), band by band through mapimg_rows: only one band of rows is ever
 * held, and the bytes are those of mapimg_render followed by
 * pngio_write_rgba. Errors as mapimg_render and pngio_write_rows. */
enum og_status mapimg_write_png(const struct world *w, enum map_layer layer,
                                const struct map_view *view, int width, int height,
                                const char *path, const struct pngio_text *text, size_t ntext,
                                int level, struct og_error *err);

#endif
