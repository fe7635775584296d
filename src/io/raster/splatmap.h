/* splatmap: texture weight ("splat") maps of a world's ground materials,
 * for engines' terrain shaders: Godot Terrain3D's splat importer (N RGBA
 * images plus one material id per channel), Unity's alphamaps, Unreal's
 * weight-blended layers.
 *
 * Eight materials in two RGBA8 images, splat_0.png (grass, forest floor,
 * rock, scree) and splat_1.png (snow, sand, mud, dirt), at the data size,
 * sampled like the heightmap (the grid's nodes, row 0 north; planets
 * equirectangular, render/sample.h, doc/grid.md). The eight channels of a
 * pixel sum to 255. A planet's pixels take the ground alone (its biomes
 * mapped to these: planet_biome in splatmap.c; rivers by cell), no slope.
 *
 * Each pixel's weights (splat_weights):
 *   ground   the material of the nearest cell: its water (ocean floor
 *            sand, lake bed mud), a river through it (mud), else its
 *            Whittaker biome (core/biome/biome.h, whose classes already
 *            stand for elevation or temperature and moisture): beach and
 *            deserts sand; marsh and playa mud; snow snow;
 *            tundra dirt; bare scree; scorched rock; forests and
 *            taiga forest floor; grassland and shrubland grass. A hybrid
 *            world has no biomes: its cell kinds stand in (grass, trees:
 *            grass; mountain ground and dirt: dirt; snow; grey rock:
 *            rock; lakes: mud), and its forest density f moves a share
 *            f of grass to forest floor.
 *   slope    s, the rise over run of central differences of the sampled
 *            heights (metres per metre where the scale is known; else the
 *            relief at 1/12 of the map's side, io/raster/normalmap.h):
 *            rock = ramp(s, tan 35, tan 45), scree = ramp(s, tan 25,
 *            tan 35) (1 - rock), the ground material the rest, where
 *            ramp rises linearly from 0 to 1 between its two bounds. The
 *            angles are those of talus (scree rests at up to its angle
 *            of repose, about 35 degrees) and bare rock faces beyond.
 * Weights are quantised to 0..255 by the largest remainder, ties to the
 * lower material id, so they sum to exactly 255. */
#ifndef OROGEN_IO_RASTER_SPLATMAP_H
#define OROGEN_IO_RASTER_SPLATMAP_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/georef.h"

enum splat_material {
    SPLAT_GRASS,
    SPLAT_FOREST_FLOOR,
    SPLAT_ROCK,
    SPLAT_SCREE,
    SPLAT_SNOW,
    SPLAT_SAND,
    SPLAT_MUD,
    SPLAT_DIRT,
    SPLAT_COUNT
};

/* The RGBA images: materials 4k .. 4k + 3 in image k. */
#define SPLAT_IMAGES ((SPLAT_COUNT + 3) / 4)

/* What one pixel's weights depend on. */
struct splat_point {
    int biome;       /* enum biome of the nearest cell */
    int water;       /* WATER_* of the nearest cell (WATER_LAKE also for a grid's lake) */
    int river;       /* non-zero: a river runs through the nearest cell */
    double forest;   /* hybrid forest density 0..1; < 0: none */
    double slope;    /* rise over run, >= 0 */
};

/* "grass", "forest_floor", ... ; "?" past the end. */
const char *splat_material_name(enum splat_material m);

/* The ground material of a pixel before slopes (as above). */
enum splat_material splat_ground(const struct splat_point *p);

/* The eight weights of p (as above) into out[SPLAT_COUNT], summing to
 * 255. */
void splat_weights(const struct splat_point *p, uint8_t out[SPLAT_COUNT]);

/* Write w's splat maps at width x height into the folder dir (which
 * exists): splat_0.png, splat_1.png (each with the recipe and, with g,
 * its world file), and splat.json: the images, the material of every
 * channel, Terrain3D's material_ids and the method's bounds. Errors:
 * OG_ERANGE for a size outside 1..HEIGHTMAP_MAX_SIDE, OG_EINVAL for a
 * world without biomes, OG_EIO naming a file, OG_ENOMEM. */
enum og_status export_splat(const struct world *w, int width, int height,
                            const struct georef *g, const char *dir, struct og_error *err);

#endif
