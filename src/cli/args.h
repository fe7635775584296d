/* args: command-line parsing for orogen (no curses, no I/O beyond reading
 * preset and recipe files). */
#ifndef OROGEN_CLI_ARGS_H
#define OROGEN_CLI_ARGS_H

#include <stdint.h>

#include "cli/args_dataout.h"
#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "io/output.h"

enum cli_command { CLI_TUI, CLI_EXPORT, CLI_PARAMS, CLI_HELP, CLI_VERSION, CLI_GALLERY };

struct cli_args {
    enum cli_command command;
    enum gen_id gen;
    int gen_given;
    struct params params;
    const char *dem_path;     /* --dem FILE */
    const char *preset;       /* --preset NAME|FILE (already applied to params) */
    const char *from;         /* --from FILE.png (already applied) */
    const char *color;        /* --color MODE */
    const char *graphics;     /* --graphics auto|kitty|sixel|iterm|none */
    const char *symbols;      /* --symbols auto|half|sextant|octant */
    const char *gallery_out;  /* orogen gallery --out FILE.png */
    int gallery_tile;         /* --tile N (pixels), 0: default */
    int gallery_cols;         /* --columns N, 0: default */
    int ascii;                /* --ascii: glyph map even in a UTF-8 locale */
    int threads;              /* --threads N, 0 when not given */
    int progress;             /* --progress: plain progress lines on stderr */
    uint64_t max_memory;      /* --max-memory SIZE in bytes, 0 when not given */
    /* export: the file of each output kind (io/output.h), NULL when not asked */
    const char *outputs[OUT_COUNT];
    const char *layer;
    int map_w, map_h;
    int iso_w, iso_h;
    int size_given;           /* --size WxH: the default of every output */
    int size_w, size_h;
    int map_size_given, iso_size_given;  /* --map-size, --iso-size */
    int globe_size;           /* --globe-size N (or --size when square), 0: default */
    int globe_size_given;     /* --globe-size itself (for messages) */
    /* render overrides for --iso (-1 when not given) */
    int subdiv, rotate;
    double time_of_day;       /* hours, -1 when not given */
    /* from a --from recipe: the map's layer and size, used when --layer or
       --size are not given */
    char recipe_layer[32];
    int recipe_w, recipe_h;
    int recipe_globe; /* the recipe's globe.size, 0 when none */
    /* data exports: --heightmap, --raw, ... (cli/args_dataout.h) */
    struct cli_dataout out;
    char recipe_note[256];    /* e.g. the recipe's generator version differs */
    /* the dem file a --from recipe names (size, SHA-256) and where it was
       found; an explicit --dem must have the same SHA-256 */
    char recipe_dem_name[161];
    char recipe_dem_sha256[65];
    long long recipe_dem_size;
    char recipe_dem_path[4096];
    char recipe_edits[16384]; /* planet.edits of a --from recipe or a --preset, "" if none */
    double recipe_view[4];    /* map.view u0 v0 u1 v1 of a TUI view export */
    int recipe_view_given;
    /* parameters named by --set (to warn about ones the generator ignores) */
    unsigned char set_explicitly[P_COUNT];
    /* parameters the --preset changed, and its generator (-1: none named),
       for the note when -g picks a generator that ignores them */
    unsigned char preset_set[P_COUNT];
    int preset_gen;
    int recipe_gen;           /* the generator of a --from recipe, -1: none */
    int gen_opt;              /* the generator -g named, -1: no -g */
};

/* Parse argv into a; params start at their defaults, then --preset, --from,
 * --seed and --set apply in command-line order. Errors: a one-line message
 * naming the option. */
enum og_status cli_parse(int argc, char **argv, struct cli_args *a, struct og_error *err);

/* Read a whole (small) text file into a malloc'd NUL-terminated string. */
enum og_status cli_read_file(const char *path, char **out, struct og_error *err);

/* Apply the recipe stored in a PNG's tEXt chunks: generator, seed, params,
 * and the map layer and size it was exported with. */
enum og_status cli_apply_recipe(const char *png_path, struct cli_args *a, struct og_error *err);

/* One-line notes about options that the chosen generator or outputs ignore
 * (e.g. --set island.cells with -g hybrid), written to out one per line;
 * returns how many. */
int cli_warnings(const struct cli_args *a, char *out, size_t size);

/* The usage text. */
const char *cli_usage(void);

#endif
