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

/* Check an output before any work: resolvable (io/outfile.h), in an
 * existing writable folder; canon (size bytes) gets a canonical name to
 * compare outputs with. Errors: OG_EIO naming path. */
enum og_status batch_check_output(const char *path, char *canon, size_t size,
                                  struct og_error *err);

/* Refuse a PNG output (flag names it) whose name has an extension other
 * than .png, such as .jpg or .tif. Errors: OG_EINVAL. */
enum og_status batch_check_png_name(const char *flag, const char *path, struct og_error *err);

/* Print the parameter table (for the generator of a if one was given). */
void batch_print_params(const struct cli_args *a, FILE *out);

/* The default map size is io/export.h export_map_default_size. */

#endif
