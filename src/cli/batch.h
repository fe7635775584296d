/* batch: headless commands (`orogen export`, `orogen params`). */
#ifndef OROGEN_CLI_BATCH_H
#define OROGEN_CLI_BATCH_H

#include <stdio.h>

#include "cli/args.h"
#include "core/dem/dem.h"

/* Load the DEM named in a (if any) into r. */
/* on != 0: batch_export keeps the DEM it decodes and lends it to the next
 * export of the same file (a seed sweep: one decode, one SHA-256 for all
 * seeds); 0 frees it and stops. */
void batch_dem_cache(int on);

enum og_status batch_load_dem(const struct cli_args *a, struct dem_raster *r, struct og_error *err);

/* Generate the world of a and write every requested output. */
enum og_status batch_export(const struct cli_args *a, struct og_error *err);

/* The map layer called name (render/mapimg.h), or -1 with one line in err
 * listing every layer's name. */
int batch_layer_find(const char *name, struct og_error *err);

/* Print the parameter table (for the generator of a if one was given). */
void batch_print_params(const struct cli_args *a, FILE *out);

/* The default map size is io/export.h export_map_default_size. */

#endif
