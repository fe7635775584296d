/* world: the result of a generation run.
 *
 * A world is built by the stages of one generator, then published and never
 * changed again: the UI, an exporter and the next generation share it through
 * a C11 atomic reference count without locks. Every field is optional (NULL
 * when the generator does not produce it); arrays are indexed by cell
 * (mesh point or grid cell y * width + x) unless said otherwise. */
#ifndef OROGEN_CORE_WORLD_H
#define OROGEN_CORE_WORLD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/recipe/params.h"

struct mesh;
struct planet_names;

enum gen_id { GEN_ISLAND, GEN_DEM, GEN_HYBRID, GEN_PLANET, GEN_COUNT };

enum world_kind {
    WORLD_MESH,   /* planar Voronoi cells on [0,1]^2 */
    WORLD_GRID,   /* width x height cells */
    WORLD_SPHERE  /* Voronoi cells on the unit sphere */
};

/* Water classes in world->water. */
enum { WATER_LAND = 0, WATER_OCEAN = 1, WATER_LAKE = 2 };
/* w->lake: a lake node, or the dry bed of an ephemeral closed lake (a
 * playa: land; core/hydro/hydro_balance.h) */
enum { LAKE_NONE = 0, LAKE_WATER = 1, LAKE_PLAYA = 2 };

#define WORLD_MAX_STAGES 24
#define WORLD_MAX_STATS 96

struct world_stage_time {
    const char *name;
    double ms;
    /* CPU ms (parallel.h's account): the work of all threads, and the
     * critical path, with each parallel region at its busiest thread */
    double cpu_work_ms, cpu_path_ms;
    /* own CPU plus the 2-worker replay of the regions run on one thread
     * (parallel.h's replay2_ms, with og_parallel_replay on) */
    double cpu_replay2_ms;
};

/* One figure for the stats JSON: "section.key" -> number, integer, point or
 * string. Keys are stable and documented in doc/stats.md. */
enum world_stat_type { WSTAT_REAL, WSTAT_INT, WSTAT_POINT, WSTAT_TEXT };
struct world_stat {
    char key[48];
    enum world_stat_type type;
    double a, b;      /* value; for WSTAT_POINT the (x, y) */
    char text[64];
};

struct world {
    atomic_uint refs;
    enum gen_id gen;
    enum world_kind kind;
    struct params params;
    char source[256];      /* dem: the file it came from; "" otherwise */

    /* geometry */
    struct mesh *mesh;     /* WORLD_MESH, WORLD_SPHERE */
    int width, height;     /* WORLD_GRID */
    /* scale (doc/scale.md), each 0 when unknown: */
    double cell_size;      /* grid: metres per cell east-west */
    double cell_size_y;    /* grid: metres per cell north-south (0: = cell_size) */
    double extent_m;       /* mesh: metres across the [0,1]^2 map square */
    double elev_unit_m;    /* metres per elevation unit (dem: 1) */
    double latitude;       /* dem: degrees north of the tile centre, for the climate
                              (core/biome/dem_climate.h); 0 otherwise */
    double climate_base_m; /* dem: the terrain's base height (metres) for the mass
                              elevation effect (core/biome/dem_climate.h); 0 otherwise */
    double depression_storage_m; /* dem: the mean depth of the depressions a plain
                              fill raises (core/biome/dem_climate.h), set by the
                              hydrology before closed lakes lower it; 0 otherwise */
    size_t ncells;

    /* per cell */
    float *elevation;      /* island: land 0..1 above sea, ocean -1..0; dem: metres;
                              hybrid: model units (0 outside the mountain mask) */
    float sea_level;       /* in elevation units; cells at or below are ocean */
    float elev_min, elev_max;
    uint8_t *water;        /* WATER_* */
    uint8_t *nodata;       /* dem: 1 where the source has no data (a void, filled
                              from its rim for the hydrology, core/dem/dem_void.h);
                              NULL when it has none */
    float *moisture;       /* 0..1 */
    uint8_t *biome;        /* biome id (core/biome/biome.h) */
    uint32_t *color;       /* 0xRRGGBB display colour (biome colour after smoothing) */
    float *roughness;      /* hybrid; planet: collision uplift 0..1 (continents_uplift) */
    float *forest;         /* hybrid forest mask 0..1 */
    uint8_t *trees;        /* hybrid tree placement */
    uint8_t *mask;         /* hybrid mountain mask */
    float *wear;           /* landscape evolution (core/lem): total erosion, metres */
    float *deposition;     /* landscape evolution: total deposition, metres */
    int32_t *landmass;     /* planet: connected land component, -1 for sea */
    uint8_t *plate;        /* planet: tectonic plate id (core/planet/plates.h) */
    uint8_t *plate_boundary; /* planet: PB_* boundary class (core/planet/plates.h) */
    uint8_t *plate_continental; /* planet: per plate id, 1 for a continental plate */
    int nplates;           /* planet: plates (0: none) */
    float *temperature;    /* planet: annual mean temperature, degrees C */
    float *precipitation;  /* planet: annual precipitation, mm */
    uint8_t *climate;      /* planet: Köppen class (core/planet/koppen.h) */
    struct planet_names *names; /* planet: names of places in generated languages
                              (core/planet/planet_names.h) */
    /* planet: the land edits that made this world from its recipe, oldest
       first (core/planet/planet_edit.h): the brush stroke centred on edit_cells[i]
       with cap radius edit_radius[i] (degrees of arc; 0: that cell alone)
       made land when edit_land[i], else sea */
    int32_t *edit_cells;
    uint8_t *edit_land;
    double *edit_radius;
    size_t nedits;

    /* hydrology: on a mesh per Voronoi vertex (triangle), on a grid per cell */
    size_t nhydro;
    float *hydro_elev;     /* the filled (routed) surface */
    int32_t *downhill;     /* next node down, -1 at an outlet */
    float *flow;           /* accumulated flow */
    float *river_width;    /* 0 where no river */
    uint8_t *lake;         /* LAKE_*: LAKE_WATER where the node is in a lake */

    /* bookkeeping */
    struct world_stage_time times[WORLD_MAX_STAGES];
    int nstages;
    struct world_stat stats[WORLD_MAX_STATS];
    int nstats;

    /* generator-private data freed with the world */
    void *priv;
    void (*priv_free)(void *priv);
};

/* A new empty world with one reference. Errors: OG_ENOMEM. */
enum og_status world_new(struct world **out, enum gen_id gen, enum world_kind kind,
                         const struct params *params, struct og_error *err);

/* Take another reference; returns w. */
struct world *world_ref(struct world *w);

/* Drop a reference; the last one frees every field. NULL allowed. */
void world_unref(struct world *w);

/* Allocate a zeroed per-cell (or per-node) array of count elements of size
 * bytes into *field. Errors: OG_ENOMEM naming `what`. */
enum og_status world_alloc(void **field, size_t count, size_t size, const char *what,
                           struct og_error *err);

/* Record a figure for the stats output (silently ignored past
 * WORLD_MAX_STATS, which tests guard). */
void world_stat_real(struct world *w, const char *key, double v);
void world_stat_int(struct world *w, const char *key, long long v);
void world_stat_point(struct world *w, const char *key, double x, double y);
void world_stat_text(struct world *w, const char *key, const char *text);

/* Find a recorded figure by key, or NULL. */
const struct world_stat *world_stat_find(const struct world *w, const char *key);

/* Stable name of a generator ("island", "dem", "hybrid", "planet"). */
const char *world_gen_name(enum gen_id gen);

/* The world's scale in metres (doc/scale.md): *mx and *my across its map
 * square east-west and north-south, *mz per elevation unit. Returns 1 when
 * all three are known (a "metric" world), 0 otherwise (then the unknown
 * ones are 0). Spheres have none. */
int world_metric(const struct world *w, double *mx, double *my, double *mz);

/* Copy the scale fields (cell_size, cell_size_y, extent_m, elev_unit_m)
 * from src to dst. */
void world_copy_scale(struct world *dst, const struct world *src);

/* Recompute elev_min/elev_max from the elevation field. */
void world_update_extent(struct world *w);

#endif
