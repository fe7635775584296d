/* args_dataout: the data-export options of `orogen export` (issue 11):
 * --height-range, --clip, --mesh-size, --tiles and the options that
 * follow the data outputs (whose file names are parsed through the output
 * registry, io/output.h, in args.c). */
#ifndef OROGEN_CLI_ARGS_DATAOUT_H
#define OROGEN_CLI_ARGS_DATAOUT_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "io/raster/heightmap.h"
#include "io/georef_origin.h"
#include "io/output.h"
#include "io/tiles.h"

struct cli_dataout {
    struct height_range range;    /* --height-range LO:HI, --clip */
    int mesh_w, mesh_h;           /* --mesh-size WxH (0: default) */
    struct tile_grid tiles;       /* --tiles NxM, --tile-overlap K, --tile X,Y */
    int overlap_given;
    double extent_m;              /* --extent METRES: map width of a generated world (0: none) */
    struct georef_origin origin;  /* --georef EPSG:CODE,EASTING,NORTHING (io/georef_origin.h) */
    int seeds_given;              /* --seeds A-B (cli/sweep.h) */
    uint64_t seed_lo, seed_hi;
    int engine;                   /* --engine unity|unreal|godot (io/engine.h) */
    int normals_convention;       /* --normals-convention (io/raster/normalmap.h) */
    int normals_conv_given;
};

/* If argv[*i] is one of these options, consume it (and its value, moving
 * *i) into o and return 1; 0 if it is not; -1 with err set for a bad
 * value. */
int cli_parse_dataout(int argc, char **argv, int *i, struct cli_dataout *o,
                      struct og_error *err);

/* Checks that need every option (after parsing): --clip without a range,
 * --mesh-size without --mesh; outputs is cli_args.outputs. Errors: a
 * one-line message naming the options. */
enum og_status cli_dataout_check(const struct cli_dataout *o, const char *const *outputs,
                                 struct og_error *err);

#endif
