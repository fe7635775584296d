/* args_dataout: the data-export options of `orogen export` (issue 11):
 * --heightmap, --raw, --height-range, --clip and the options that follow
 * them. Parsed here so that args.c only hands over unknown options. */
#ifndef OROGEN_CLI_ARGS_DATAOUT_H
#define OROGEN_CLI_ARGS_DATAOUT_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "io/raster/heightmap.h"
#include "io/tiles.h"

struct cli_dataout {
    const char *heightmap_path;   /* --heightmap FILE.png */
    const char *raw_path;         /* --raw FILE.r16 */
    struct height_range range;    /* --height-range LO:HI, --clip */
    const char *mesh_path;        /* --mesh FILE.glb | FILE.obj */
    int mesh_w, mesh_h;           /* --mesh-size WxH (0: default) */
    const char *vector_path;      /* --vector FILE.geojson */
    struct tile_grid tiles;       /* --tiles NxM, --tile-overlap K, --tile X,Y */
    int overlap_given;
    const char *bundle_dir;       /* --bundle DIR */
    double extent_m;              /* --extent METRES: map width of a generated world (0: none) */
    int seeds_given;              /* --seeds A-B (cli/sweep.h) */
    uint64_t seed_lo, seed_hi;
};

/* If argv[*i] is one of these options, consume it (and its value, moving
 * *i) into o and return 1; 0 if it is not; -1 with err set for a bad
 * value. */
int cli_parse_dataout(int argc, char **argv, int *i, struct cli_dataout *o,
                      struct og_error *err);

/* Non-zero when any data output is asked for. */
int cli_dataout_any(const struct cli_dataout *o);

/* Checks that need every option (after parsing): --clip without a range.
 * Errors: a one-line message naming the options. */
enum og_status cli_dataout_check(const struct cli_dataout *o, struct og_error *err);

#endif
