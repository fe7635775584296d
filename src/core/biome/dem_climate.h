/* dem_climate: a temperature for each DEM cell from latitude and height, and
 * its place on the Whittaker table's temperature axis (doc/hydrology.md).
 *
 *   sea-level annual mean  T0(lat) = -20 + 47 cos(lat)  degC
 *     a cosine fit through the zonal annual mean surface air temperature,
 *     about 27 degC at the equator and -20 degC at the (northern) pole
 *     (Hartmann, Global Physical Climatology, 2nd ed. 2016, fig. 1.x / 2.x
 *     zonal means; Peixoto & Oort, Physics of Climate, 1992, fig. 7.4)
 *   at height h metres     T = T0 - 0.0065 h       (ICAO standard atmosphere,
 *                                                 ISO 2533:1975, 6.5 K/km)
 * Latitude, in order: dem.latitude when not "auto"; the georeferencing
 * (world file / .aux.xml, io/georef.h) when it gives one; an XYZ tile name
 * "*_Z_X_Y.png" (Web Mercator, the tile's centre row); else 45 degrees.
 * Everything is computed with core/detmath, so the same on every libm. */
#ifndef OROGEN_CORE_BIOME_DEM_CLIMATE_H
#define OROGEN_CORE_BIOME_DEM_CLIMATE_H

#include <stddef.h>

#include "core/base/og_error.h"

struct run_ctx;
struct world;

/* The alpine treeline (degC annual mean): the boreal | tundra limit of the
 * temperature axis. Trees stop where the growing season averages about
 * 6.4 degC (Koerner & Paulsen, J. Biogeogr. 31, 2004); with the half annual
 * range of about 10 K of temperate mountains that is an annual mean near
 * +2 degC, which puts Fuji's alpine zone at its observed 2.5 km (35.4 N:
 * (18.3 - 2) / 6.5 = 2.51 km). Whittaker's -5 degC is the latitudinal tundra
 * limit of continental lowlands; it put Fuji's at 3.6 km. */
#define DEM_TREELINE_T 2.0

/* Snow and ice only where the annual mean is below DEM_SNOW_T degC: a
 * perennial snow cover needs a mean well below freezing, and -6 degC is the
 * annual mean of Fuji's summit (3776 m), bare of snow in summer, so only
 * colder ground keeps it. Wet cells above the treeline but warmer are
 * tundra (biome.c clamps their moisture to DEM_SNOW_MOISTURE_MAX, the
 * tundra column). */
#define DEM_SNOW_T (-6.0)
#define DEM_SNOW_MOISTURE_MAX 0.45
#define DEM_SNOW_FADE 0.06

/* Sea-level annual mean temperature (degC) at lat degrees (-90..90). */
double dem_climate_sea_level_temp(double lat);

/* Annual mean temperature (degC) at lat degrees and height_m metres above
 * the datum (negative heights warm), in the free atmosphere. */
double dem_climate_temp(double lat, double height_m);

/* The mass elevation effect (Massenerhebung; de Quervain 1904; Han et al.,
 * J. Geogr. Sci. 22, 2012): a high land mass heats the air above it, so the
 * surface of a plateau or a range's base is warmer than free air at its
 * height. Across a region the annual mean falls with the height of the
 * ground by about DEM_BASE_LAPSE K/m (Kansas City 12.9 degC at 0.3 km to
 * Denver 10.4 degC at 1.6 km is 1.9 K/km; 3 K/km is used), and only above
 * that base by the free-air 6.5 K/km. With it the Front Range's treeline
 * (base 2.3 km, 40.15 N) is near its observed 3.4-3.5 km, where free air
 * alone put the whole tile above it; an isolated cone (Fuji, base 0.2 km)
 * moves by tens of metres. */
#define DEM_BASE_LAPSE 0.003

/* The base height (metres) of a DEM for the mass elevation effect: the 5th
 * percentile of the n heights above sea_level (sea excluded), or 0 when
 * fewer than 20 are. NaN heights are skipped. Returns -1 when out of memory. */
int dem_climate_base(const float *heights, size_t n, float sea_level, double *base_m);

/* Annual mean temperature (degC) at lat degrees and height_m metres on a
 * terrain whose base is base_m metres (dem_climate_base): the free-air
 * dem_climate_temp warmed by (6.5e-3 - DEM_BASE_LAPSE) K/m x base_m. */
double dem_climate_temp_on(double lat, double height_m, double base_m);

/* The Whittaker table's temperature axis value (0..1, core/biome/biome.h's e) for
 * an annual mean temperature t degC: piecewise linear through
 *   30 degC -> 0.03 (hottest tropical), 20 -> 0.3 (tropical | temperate),
 *   5 -> 0.6 (temperate | boreal), DEM_TREELINE_T -> 0.8 (boreal | tundra),
 *   -15 -> 1.0 (ice), clamped outside; never below 0.03, so temperature
 * alone makes no beach (beaches come from the coast, biome.c). Band limits
 * after Whittaker's biome diagram (Whittaker, Communities and Ecosystems,
 * 1975; Ricklefs, The Economy of Nature, fig. 5.x). */
double dem_climate_axis(double t);

/* Latitude (degrees, centre row) of an XYZ tile named "..._Z_X_Y.png" or
 * "Z_X_Y.png" (the name part of a path or recipe identity); Web Mercator:
 * lat = atan(sinh(pi (1 - 2 (y + 0.5) / 2^z))). Returns 1 and sets *lat,
 * or 0 when the name is not a tile name (z outside 0..30, x or y >= 2^z). */
int dem_climate_tile_latitude(const char *name, double *lat);

/* Web Mercator: the latitude (degrees) atan(sinh(u)) of the normalised
 * northing u = y / 6378137 m (pi at the top of the world square). */
double dem_climate_mercator_latitude(double u);

/* The latitude to use: asked (degrees) unless NaN ("auto"), then
 * georef_lat when in -90..90 (the file's georeferencing; NaN when none),
 * then the tile name of source, then 45. *from names the rule used
 * ("parameter", "georeference", "tile name", "default"). */
double dem_climate_latitude(double asked, double georef_lat, const char *source,
                            const char **from);

/* Metres per pixel east-west of an XYZ tile named as above, width_px
 * pixels wide (Web Mercator at the tile's centre latitude:
 * 2 pi 6378137 cos(lat) / (2^z width_px)); 1 and *metres, or 0. */
int dem_climate_tile_cell_size(const char *name, int width_px, double *metres);

/* --- Moisture of a dem (src/core/dem/dem_moisture.c, doc/hydrology.md) --- */

/* Metres per cell for the moisture distances: the georeferenced cell size,
 * else a tile name's, else DEM_DEFAULT_CELL_M (SRTM's 1 arc-second); *from
 * names the rule ("georeference", "tile name", "default"). */
#define DEM_DEFAULT_CELL_M 30.0
double dem_climate_cell_metres(const struct world *w, const char **from);

/* Depression storage: the mean depth (m) over the land of the closed
 * depressions the priority-flood filled (hydro_elev - elevation). A DEM
 * maps a lake's water surface, not its bed, so in a humid climate, where
 * depressions fill and overflow, storage is near 0 (Vancouver 0.002 m,
 * Fuji 0.06 m with its summit crater); where evaporation beats the inflow
 * they stay dry and deep (southern Nevada 6.3 m: the closed basins of the
 * Basin and Range). 0 without a per-cell hydrology. */
double dem_climate_depression_storage(const struct world *w);

/* Aridity 0 (humid) .. 1 (arid) from the storage: smoothstep between
 * DEM_STORAGE_HUMID_M and DEM_STORAGE_ARID_M. */
#define DEM_STORAGE_HUMID_M 0.25
#define DEM_STORAGE_ARID_M 2.0
double dem_climate_aridity(double storage_m);

/* The aridity a world's climate uses: the dem.aridity parameter when set
 * (its recipe's climate, e.g. 0 for the pluvial lakes of a glacial age),
 * else dem_climate_aridity of the storage the hydrology kept
 * (w->depression_storage_m). *from (may be NULL) names the rule
 * ("parameter", "depression storage"). */
double dem_climate_world_aridity(const struct world *w, const char **from);

/* A cell's moisture before the water's boost: the climate's level
 * (1 - aridity) DEM_HUMID_LEVEL (the middle of the forest column) +
 * aridity * dry moisture, plus DEM_NOISE_SWING (1 - 0.6 aridity) times the
 * moisture noise's deviation from 0.5, clamped to [0, 1].
 * The moisture of an arid climate at a height above the basin floors (m):
 * DEM_DRY_FLOOR on the floors rising linearly to DEM_DRY_TOP at
 * DEM_DRY_RISE_M and above (precipitation in arid ranges rises with height:
 * about 100-200 mm on Great Basin valley floors, 400-600 mm on the ranges,
 * Houghton, Characteristics of rainfall in the Great Basin, 1969). The
 * floor is the height below which DEM_FLOOR_SHARE of the land lies. */
#define DEM_HUMID_LEVEL 0.65
#define DEM_NOISE_SWING 0.6
#define DEM_DRY_FLOOR 0.05
#define DEM_DRY_TOP 0.45
#define DEM_DRY_RISE_M 2000.0
#define DEM_FLOOR_SHARE 0.1
double dem_climate_dry_moisture(double above_floor_m);

/* The cell mean of a wet band exp(-x / reach_m) beside water, for a cell
 * `hops` cells from the water (cell_m metres a cell): over the cell's
 * width (hops - 1/2 .. hops + 1/2) cells, and over half a cell on each side
 * of the water's own cell (hops 0). Cells wider than the band get a part
 * of it, so a band keeps its width in metres at every resolution. */
double dem_climate_band(double hops, double cell_m, double reach_m);

/* The dem moisture stage (instead of core/hydro/moisture.h's): the moisture
 * noise, blended toward the dry moisture by the aridity, then raised by
 * the wet band of the nearest fresh water (reach dem.riparian_width *
 * sqrt(drainage km^2)) or the sea (hydro.ocean_moisture *
 * exp(-d / dem.marine_reach), weakened by the aridity); water cells 1.
 * Records dem.depression_storage_m, dem.aridity, dem.cell_m and
 * dem.cell_m_from. Errors: OG_EINVAL (no grid or water), OG_ENOMEM,
 * OG_ECANCELED. */
enum og_status dem_moisture_stage(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
