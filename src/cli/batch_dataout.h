/* batch_dataout: the data exports of `orogen export` (issue 11) around the
 * generation of batch.c: checks before it, files after it. */
#ifndef OROGEN_CLI_BATCH_DATAOUT_H
#define OROGEN_CLI_BATCH_DATAOUT_H

#include "cli/args.h"
#include "io/bundle.h"
#include "core/pipeline.h"
#include "core/world.h"

/* Before any generation: every data output's folder is writable, no two
 * outputs (data or not) name one file, sizes are within the formats'
 * limits. Errors: one line naming the option and the limit. */
enum og_status batch_dataout_check(const struct cli_args *a, const struct generator *g,
                                   struct og_error *err);

/* Write the data outputs of a for w. *exports (may stay NULL) gets a
 * malloc'd JSON array describing each raster written (file, format, size,
 * byte order, height offset and step) for the stats JSON. */
enum og_status batch_dataout_write(const struct cli_args *a, const struct world *w,
                                   char **exports, struct og_error *err);

/* World file and .aux.xml beside the --map (or each of its tiles) of a
 * georeferenced dem world at width x height (io/georef.h); nothing
 * otherwise. */
enum og_status batch_dataout_map_sidecars(const struct cli_args *a, const struct world *w,
                                          int width, int height, struct og_error *err);

/* Write the --bundle folder (if asked for) at the heightmap size inside the
 * caller's output group, staged (io/bundle.h): after the group's end
 * bundle_finish renames it into place, so a bundle and the other outputs
 * of one command appear together or not at all. */
enum og_status batch_dataout_bundle(const struct cli_args *a, const struct world *w,
                                    struct bundle_stage *stage, struct og_error *err);

/* The tile and size checks that need the raster sizes, before generation
 * even without --size: the sizes a world of generator g (with raster, the
 * loaded DEM, for dem) will get. Errors: as tile_check, the bundle's limit. */
enum og_status batch_dataout_check_sizes(const struct cli_args *a, const struct generator *g,
                                         const struct dem_raster *raster, struct og_error *err);

/* The stats JSON of w with "exports": EXPORTS added when it is not NULL,
 * to path ("-" for standard output). */
enum og_status batch_dataout_stats(const struct world *w, const char *path, const char *exports,
                                   struct og_error *err);

/* Heightmap size for w: --size when given, else grids at their own size,
 * planes 1024 x 1024, spheres 1024 x 512 (equirectangular). */
void batch_heightmap_size(const struct cli_args *a, const struct world *w, int *width,
                          int *height);

#endif
