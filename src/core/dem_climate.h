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
 * (world file / .aux.xml, render/georef.h) when it gives one; an XYZ tile name
 * "*_Z_X_Y.png" (Web Mercator, the tile's centre row); else 45 degrees.
 * Everything is computed with core/detmath, so the same on every libm. */
#ifndef OROGEN_CORE_DEM_CLIMATE_H
#define OROGEN_CORE_DEM_CLIMATE_H

/* Sea-level annual mean temperature (degC) at lat degrees (-90..90). */
double dem_climate_sea_level_temp(double lat);

/* Annual mean temperature (degC) at lat degrees and height_m metres above
 * the datum (negative heights warm). */
double dem_climate_temp(double lat, double height_m);

/* The Whittaker table's temperature axis value (0..1, core/biome.h's e) for
 * an annual mean temperature t degC: piecewise linear through
 *   30 degC -> 0.03 (hottest tropical), 20 -> 0.3 (tropical | temperate),
 *   5 -> 0.6 (temperate | boreal), -5 -> 0.8 (boreal | tundra),
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

#endif
