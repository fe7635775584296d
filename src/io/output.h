/* output: the registry of output kinds, one table row per kind of file an
 * export can write (map, iso, globe, heightmap, raw, mesh, vector, stats,
 * bundle, engine, normals, splat), in the manner of GDAL's and SQLite's driver tables.
 *
 * Each row names its option, the file name extensions it takes, how its
 * size is chosen, and three functions: a check run for every output before
 * the world is generated (folders, names, sizes, the generator's kind), a
 * check run once the world exists but before anything is written (layers,
 * sizes that depend on the world), and the writer. A front end fills one
 * struct output_plan (paths and settings) and calls
 *
 *   output_plan_check_paths -> (load the DEM) -> output_plan_check
 *     -> (generate) -> output_plan_write
 *
 * output_plan_write writes every output in table order inside one
 * io/outfile group, so an export appears whole or not at all, then
 * standard output (--stats -) last, as it cannot be taken back. The CLI's
 * export, its seed sweeps and tiles, and the TUI's e/E all go through it.
 * Adding a format: one writer file in io/ and one row in output.c. */
#ifndef OROGEN_IO_OUTPUT_H
#define OROGEN_IO_OUTPUT_H

#include <limits.h>

#include "core/base/og_error.h"
#include "core/pipeline.h"
#include "core/world.h"
#include "io/bundle.h"
#include "io/georef.h"
#include "io/georef_origin.h"
#include "io/raster/heightmap.h"
#include "io/tiles.h"
#include "render/mapimg.h"

/* The kinds, in the order they are written. */
enum output_id {
    OUT_MAP,
    OUT_ISO,
    OUT_GLOBE,
    OUT_HEIGHTMAP,
    OUT_MESH,
    OUT_VECTOR,
    OUT_RAW,
    OUT_STATS,
    OUT_BUNDLE,
    OUT_ENGINE,
    OUT_NORMALS,
    OUT_SPLAT,
    OUT_COUNT
};

/* struct output_kind.flags */
#define OUTPUT_STDOUT   (1u << 0)  /* "-" is standard output */
#define OUTPUT_FOLDER   (1u << 1)  /* the path is a folder made whole (bundle) */
#define OUTPUT_TILED    (1u << 2)  /* --tiles splits it */
#define OUTPUT_DATA     (1u << 3)  /* a data output (rasters at the data size) */

struct output_plan;

struct output_kind {
    enum output_id id;
    const char *name;        /* "map", for messages */
    const char *option;      /* "--map" */
    const char *exts;        /* accepted extensions, space-separated (".glb .obj");
                                NULL: any name */
    int ext_required;        /* 0: a name without an extension is fine */
    unsigned flags;
    const char *help;        /* one line for the usage text: what and its size */
    enum og_status (*check)(struct output_plan *p, struct og_error *err);
    enum og_status (*check_world)(struct output_plan *p, const struct world *w,
                                  struct og_error *err);
    enum og_status (*write)(struct output_plan *p, const struct world *w, struct og_error *err);
};

/* Everything the writers of one export need. Sizes of 0 mean the kind's
 * default; a *_flag names the option that set a size, for messages (NULL
 * when it came from elsewhere). */
struct output_plan {
    const char *path[OUT_COUNT];   /* NULL: not asked for; OUT_STATS may be "-" */
    const struct generator *gen;   /* required */
    const struct params *params;   /* the request's parameters (render.*, sizes) */
    const char *dem_path;          /* the DEM file (its georeferencing), or NULL */
    const struct dem_raster *dem;  /* the loaded DEM (sizes before generation), or NULL */
    /* the data rasters' size (heightmap, raw, bundle): --size */
    int size_w, size_h;
    /* map: --map-size/--size, else a --from recipe's, else the default */
    int map_w, map_h;
    const char *map_flag;
    int recipe_map_w, recipe_map_h;
    int layer;                     /* enum map_layer */
    struct map_view view;          /* the part of the map square written */
    int view_given;                /* a TUI view export (no aspect check) */
    /* iso: --iso-size/--size, else render.width/height; overrides (-1) */
    int iso_w, iso_h;
    const char *iso_flag;
    int subdiv, rotate;
    double time_of_day;            /* hours; < 0: the recipe's */
    /* globe: --globe-size (square), else the recipe's, else 1024 */
    int globe_size;
    const char *globe_flag;
    int recipe_globe;
    int globe_view_given;          /* the TUI's orientation instead of the recipe's */
    double globe_yaw, globe_pitch;
    /* mesh */
    int mesh_w, mesh_h;
    /* heightmaps and r16 */
    struct height_range range;
    /* --engine-out: the profile (enum engine_profile, io/engine.h) */
    int engine;
    /* --normals: enum normalmap_convention (io/raster/normalmap.h) */
    int normals_convention;
    /* tiles of the OUTPUT_TILED kinds (nx = 0: none) */
    struct tile_grid tiles;
    /* --georef: a generated flat world in a real CRS (io/georef_origin.h;
       output_plan_check resolves it, output_plan_fini frees its srs) */
    struct georef_origin origin;
    /* called before each file is written (progress lines), may be NULL */
    void (*on_write)(void *arg, const char *what, const char *path);
    void *on_write_arg;
    /* --- kept by the registry while it runs (zero them with the rest) --- */
    char canon[OUT_COUNT][PATH_MAX + 8];
    struct georef dem_georef;      /* the DEM's world file / .aux.xml */
    int dem_georef_read;
    struct georef planet_georef, extent_georef;
    char *exports;                 /* the rasters written, JSON objects for the stats
                                      (kept only when --stats is asked for) */
    long tiles_written;            /* tiles renamed into place by this write */
    struct bundle_stage stage;
    struct bundle_stage splat_stage;  /* --splat's folder */
};

/* The row of kind id. */
const struct output_kind *output_kind(enum output_id id);

/* The kind whose option arg is ("--map" or "--map=..."), or NULL. */
const struct output_kind *output_find_option(const char *arg);

/* path can be written: io/outfile resolves it, in an existing writable
 * folder; canon (size bytes) gets a canonical name to compare outputs
 * with. Errors: OG_EIO naming path. */
enum og_status output_check_writable(const char *path, char *canon, size_t size,
                                     struct og_error *err);

/* A name whose extension is not one of k's (a PNG named .jpg, a mesh
 * named .stl); a name without an extension passes unless k requires one.
 * Errors: OG_EINVAL naming the option and what the name must end in. */
enum og_status output_check_name(const struct output_kind *k, const char *path,
                                 struct og_error *err);

/* Non-zero when any output is asked for; output_plan_any_data: any data
 * output (OUTPUT_DATA). */
int output_plan_any(const struct output_plan *p);
int output_plan_any_data(const struct output_plan *p);

/* Before anything is read or generated: every path can be written (its
 * folder exists and is writable, io/outfile resolves it), has an accepted
 * extension, and no two outputs name one file. Errors: OG_EIO naming the
 * path, OG_EINVAL naming the options ("--map and --heightmap both write
 * x.png"). */
enum og_status output_plan_check_paths(struct output_plan *p, struct og_error *err);

/* No two files of an export, or of a sweep over seeds lo..hi (sweep != 0:
 * every {seed} in path replaced), have one name: outputs, tiles, the world
 * files and .aux.xml of rasters (whether or not the world will have
 * georeferencing), a bundle's folder (io/output_names.c). Errors:
 * OG_EINVAL naming both ("tile 0,0 of --map a.png and --stats a_x0_y0.png
 * both write a_x0_y0.png"). */
enum og_status output_names_check(const char *const path[OUT_COUNT],
                                  const struct tile_grid *tiles, int sweep, uint64_t lo,
                                  uint64_t hi, struct og_error *err);

/* Before generation: each kind's own check (world kind, size limits,
 * tiles). Call it before reading a DEM (p->dem NULL: what needs the DEM's
 * size waits) and again once it is loaded. Errors: one line naming the
 * option and the limit. */
enum og_status output_plan_check(struct output_plan *p, struct og_error *err);

/* Write every output of p for w: the world checks, then each writer in
 * table order inside one outfile group (all or nothing), the bundle's
 * folder renamed after the group, standard output last. Errors: the first
 * failing output's. */
enum og_status output_plan_write(struct output_plan *p, const struct world *w,
                                 struct og_error *err);

/* Free what p holds (georeferencing, the exports list, an unfinished
 * bundle stage). p itself is the caller's. */
void output_plan_fini(struct output_plan *p);

/* The size of the data rasters of w: p's --size, else a grid's own size,
 * planes 1025 x 1025 (samples on the nodes of 1024 x 1024 cells, the
 * 2^n + 1 size engines take: doc/grid.md), spheres 1024 x 512
 * (equirectangular, pixel-is-area). */
void output_data_size(const struct output_plan *p, const struct world *w, int *width,
                      int *height);

/* The georeferencing of the rasters of w's whole map square (a 1 x 1
 * raster of it, io/georef.h), or NULL when w has none: a planet in
 * longitude/latitude, a generated world of known extent in metres, a DEM
 * its file's sidecars (p->dem_path). */
const struct georef *output_georef(struct output_plan *p, const struct world *w);

/* A stand-in world with only what is known before generation: the
 * generator's kind and id, and a grid's size (the DEM's, hybrid's
 * parameters), for default sizes. Returns 0 when the size is not known
 * yet (a dem world before its DEM is read), else 1. */
int output_probe(const struct output_plan *p, struct world *probe);

/* st, made OG_EUSAGE when it is OG_ERANGE: a size the command line gave
 * (--map-size, --globe-size...) that is over its limit is a usage error
 * (exit 2), where the same check on a size from the world is not. */
enum og_status output_usage(enum og_status st, struct og_error *err);

/* The kinds' functions (io/output_picture.c, io/output_data.c,
 * io/output_stats.c), for the table. */
enum og_status output_map_check(struct output_plan *p, struct og_error *err);
enum og_status output_map_check_world(struct output_plan *p, const struct world *w,
                                      struct og_error *err);
enum og_status output_map_write(struct output_plan *p, const struct world *w,
                                struct og_error *err);
enum og_status output_iso_check(struct output_plan *p, struct og_error *err);
enum og_status output_iso_write(struct output_plan *p, const struct world *w,
                                struct og_error *err);
enum og_status output_globe_check(struct output_plan *p, struct og_error *err);
enum og_status output_globe_write(struct output_plan *p, const struct world *w,
                                  struct og_error *err);
enum og_status output_raster_check(struct output_plan *p, struct og_error *err);
enum og_status output_heightmap_write(struct output_plan *p, const struct world *w,
                                      struct og_error *err);
enum og_status output_raw_write(struct output_plan *p, const struct world *w,
                                struct og_error *err);
enum og_status output_mesh_check(struct output_plan *p, struct og_error *err);
enum og_status output_mesh_write(struct output_plan *p, const struct world *w,
                                 struct og_error *err);
enum og_status output_vector_write(struct output_plan *p, const struct world *w,
                                   struct og_error *err);
enum og_status output_stats_write(struct output_plan *p, const struct world *w,
                                  struct og_error *err);
enum og_status output_bundle_check(struct output_plan *p, struct og_error *err);
enum og_status output_bundle_write(struct output_plan *p, const struct world *w,
                                   struct og_error *err);

enum og_status output_normals_write(struct output_plan *p, const struct world *w,
                                    struct og_error *err);
enum og_status output_normals_check(struct output_plan *p, struct og_error *err);
enum og_status output_splat_check(struct output_plan *p, struct og_error *err);
enum og_status output_splat_write(struct output_plan *p, const struct world *w,
                                  struct og_error *err);
enum og_status output_engine_check(struct output_plan *p, struct og_error *err);
enum og_status output_engine_write(struct output_plan *p, const struct world *w,
                                   struct og_error *err);

/* The stats JSON of w with p's exports list, to path ("-": standard
 * output). Errors: OG_EIO naming the path. */
enum og_status output_stats_to(struct output_plan *p, const struct world *w, const char *path,
                               struct og_error *err);

#endif
