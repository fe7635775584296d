/* bundle_internal: what bundle.c and bundle_layers.c share. */
#ifndef OROGEN_IO_BUNDLE_INTERNAL_H
#define OROGEN_IO_BUNDLE_INTERNAL_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/georef.h"
#include "io/jsonw.h"

struct pngio_text;
struct sampler;

/* One manifest entry (a comma before it unless *first): the file, its
 * format, size (width 0: none), units and range (units NULL: none), what
 * it means, and whether it is registered on the map raster. */
void bundle_entry(struct jsonw *j, int *first, const char *file, const char *format, int width,
                  int height, const char *units, double lo, double hi, const char *meaning,
                  int registered);

/* The layer rasters of w at smp's raster size (a sampler of w,
 * render/sample.h: the layers take its cells, not its carved heights)
 * into folder tmp, each with its world file (g may be NULL), its manifest
 * entry in man, and the biome legend JSON beside biome.png. Errors: the
 * first failing file's. */
enum og_status bundle_write_layers(const struct world *w, const struct sampler *smp,
                                   const struct georef *g, const char *tmp,
                                   const struct pngio_text *text, size_t ntext, struct jsonw *man,
                                   int *first, struct og_error *err);

#endif
