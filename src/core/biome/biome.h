/* biome: Whittaker classification of (elevation, moisture) and the smoothed
 * colour table of "From Chaos to Continents" (../shared/seeds/
 * island-voronoi-hydrology.txt, Figure 3).
 *
 * The classification follows R. H. Whittaker's diagram as commonly adapted to
 * map generators (elevation standing in for temperature): four elevation
 * zones times up to four moisture bands, plus a shore band. Elevation e is
 * land height in [0, 1] above the coast (island: the generator's units; dem:
 * a temperature from latitude and lapse rate, core/biome/dem_climate.h), moisture
 * m is in [0, 1]:
 *   e <  0.03         m >= 0.8 marsh, else beach
 *   e <  0.30         subtropical desert < 0.16 <= grassland < 0.33 <=
 *                     tropical seasonal forest < 0.66 <= tropical rain forest
 *   e <  0.60         temperate desert < 0.16 <= grassland < 0.50 <=
 *                     temperate deciduous forest < 0.83 <= temperate rain forest
 *   e <  0.80         temperate desert < 0.33 <= shrubland < 0.66 <= taiga
 *   e >= 0.80         scorched < 0.10 <= bare < 0.20 <= tundra < 0.50 <= snow/ice
 * Ocean and lake come from the water mask, not from the table, and playa
 * (a dry lake bed) from the hydrology's closed lakes.
 *
 * Smoothing (the paper's three steps): the classification is rendered into a
 * 256 x 256 RGB table (row = elevation, column = moisture, texel centres at
 * (i + 0.5) / 256), blurred by a separable Gaussian of standard deviation
 * sigma texels (kernel radius ceil(3 sigma), normalised, edges clamped, as
 * SciPy's gaussian_filter with mode "nearest"), and each cell's colour is the
 * bilinear interpolation of the blurred table at (e, m). */
#ifndef OROGEN_CORE_BIOME_BIOME_H
#define OROGEN_CORE_BIOME_BIOME_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct run_ctx;
struct world;

enum biome {
    BIOME_OCEAN,
    BIOME_LAKE,
    BIOME_BEACH,
    BIOME_MARSH,
    BIOME_SNOW, /* ice and snow */
    BIOME_TUNDRA,
    BIOME_BARE,
    BIOME_SCORCHED,
    BIOME_TAIGA,
    BIOME_SHRUBLAND,
    BIOME_TEMPERATE_DESERT,
    BIOME_GRASSLAND,
    BIOME_TEMPERATE_DECIDUOUS_FOREST,
    BIOME_TEMPERATE_RAIN_FOREST,
    BIOME_SUBTROPICAL_DESERT,
    BIOME_TROPICAL_SEASONAL_FOREST,
    BIOME_TROPICAL_RAIN_FOREST,
    BIOME_PLAYA, /* the dry bed of an ephemeral lake (core/hydro/hydro_balance.h) */
    BIOME_COUNT
};

#define BIOME_TABLE_SIZE 256

/* Display name ("temperate rain forest"); "?" past the end. */
const char *biome_name(enum biome b);

/* Class colour 0xRRGGBB. */
uint32_t biome_color(enum biome b);

/* The land classification above; e and m outside [0, 1] count as the
 * nearest end. */
enum biome biome_classify(double e, double m);

/* The smoothed table: rgb[3 * (i * 256 + j) + c], channel values 0..255. */
struct biome_table {
    float rgb[3 * BIOME_TABLE_SIZE * BIOME_TABLE_SIZE];
};

/* Fill t with the classification's colours, blurred by sigma texels when
 * sigma > 0. Errors: OG_ERANGE for sigma > 64 or not finite, OG_ENOMEM. */
enum og_status biome_table_build(struct biome_table *t, double sigma, struct og_error *err);

/* Bilinear lookup at (e, m), clamped to the texel centres; 0xRRGGBB. */
uint32_t biome_table_lookup(const struct biome_table *t, double e, double m);

/* Separable Gaussian blur in place of a width x height image with
 * `channels` interleaved float channels: standard deviation sigma (> 0),
 * radius ceil(3 sigma), normalised kernel, edges clamped (nearest).
 * Errors: OG_ERANGE for a sigma outside (0, 64], OG_ENOMEM. */
enum og_status biome_blur(float *img, int width, int height, int channels, double sigma,
                          struct og_error *err);

/* Land elevation on the Whittaker axis for cell i of w: island: the
 * elevation itself; dem: dem_climate_axis of the cell's temperature
 * (core/biome/dem_climate.h); both limited to [0, 1]. */
double biome_elevation(const struct world *w, size_t i);

/* The ocean's shade at relative depth t (0 at the coast, 1 at the deepest
 * cell; clamped): the ocean colour's channels are multiplied by
 * 1.16 - 0.6 sqrt(t) and rounded. Its ends, 1.16 and 0.56, are multiples
 * of 0.04, so no integer channel times them lies on a rounding tie
 * (c p / 100 = k + 1/2 needs c p = 2 mod 4): the coast and the deepest
 * cell, which take them exactly, never sit on one (issue 28; with 1.15
 * and 0.55 the ocean's green, 90, did at both). */
double biome_ocean_factor(double t);

/* The biome stage (island and dem): fills w->biome and w->color from
 * w->water, w->elevation and w->moisture, through the blurred table when
 * hydro.smoothing is on. Errors: OG_EINVAL when a field is missing,
 * OG_ENOMEM. */
enum og_status biome_stage(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
