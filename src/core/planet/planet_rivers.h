/* planet_rivers: rivers and lakes of a planet world (issue 25) with the
 * core's hydrology (core/hydro/hydro.h) on the sphere mesh's cells
 * (HYDRO_MESH_POINTS: Voronoi cells, neighbours across their edges).
 *
 * 1. Priority-flood of the land from the sea (every ocean cell an outlet)
 *    and routing on the filled surface (hydro_priority_flood,
 *    hydro_route), flow accumulation of the runoff (hydro_accumulate).
 * 2. Runoff per cell from the climate: Schreiber's (1904) curve,
 *    evapotranspiration ET = PET (1 - exp(-P / PET)), runoff P - ET (mm a
 *    year; PET = 300 + 50 T mm, at least 150, T the annual mean), as
 *    m^3/s over the cell's area (4 pi R^2 / n, R = 6371 km). Without the
 *    climate model (planet.climate = latitude), P = 1500 x moisture.
 * 3. Every depression of the fill deeper than 30 m (0.01 model units), off
 *    the ice caps (Köppen EF), is
 *    a lake when the inflow (the flow leaving it) exceeds the evaporation
 *    of its full area at the lake's PET: an open lake, its water passing
 *    on to the spill point. Otherwise the basin is endorheic (closed): its
 *    lowest cell becomes an outlet (a terminal lake), the land is flooded
 *    and routed again with those outlets, and the lake keeps the lowest
 *    cells whose area evaporates the inflow (at least one).
 * 4. Rivers: land cells with at least PLANET_RIVER_MIN m^3/s draining at
 *    least PLANET_RIVER_AREA km^2, width (m)
 *    2.7 sqrt(Q) (Leopold and Maddock 1953's at-a-station power law with
 *    the exponent 0.5 of downstream hydraulic geometry).
 *
 * World fields: nhydro = ncells, hydro_elev (filled, model units),
 * downhill (next cell, -1 at the sea or a terminal lake), flow (m^3/s),
 * river_width (m, 0 off rivers), lake (LAKE_WATER) and water = WATER_LAKE
 * on lake cells. Stats planet.rivers (river systems: the outlets, a sea
 * cell or a terminal lake, that river mouths drain to; a river through an
 * open lake is one system), planet.major_rivers (of those, draining at
 * least PLANET_MAJOR_AREA at the mouth), both also per 1000 km^2 of land
 * (planet.rivers_per_1000km2, planet.major_rivers_per_1000km2),
 * planet.lakes, planet.endorheic_basins, planet.lake_cells. */
#ifndef OROGEN_CORE_PLANET_PLANET_RIVERS_H
#define OROGEN_CORE_PLANET_PLANET_RIVERS_H

#include <stddef.h>

#include "core/base/og_error.h"

struct world;

/* m^3/s of the smallest river drawn (the Rhine's mean is about 2,300) */
#define PLANET_RIVER_MIN 1000.0
/* km^2 drained by the smallest river drawn (the Rhine drains 185,000):
 * ten cells at 10k points, so a coarse mesh does not call every wet
 * cell a river */
#define PLANET_RIVER_AREA 500000.0
/* km^2 drained by a major river (the Danube's 800,000, the Zambezi's
 * 1,390,000) */
#define PLANET_MAJOR_AREA 1000000.0
/* the colour layer's lakes (0xRRGGBB) */
#define PLANET_LAKE_COLOR 0x4a86c0u

/* Rivers and lakes of w (water WATER_LAND / WATER_OCEAN, elevation,
 * temperature and precipitation or moisture set). The runoff runs in fixed
 * batches on up to `threads` threads (0: the default). Errors: OG_ENOMEM,
 * and those of the hydrology. */
enum og_status planet_rivers(struct world *w, int threads, struct og_error *err);

/* The runoff of cell i of w (point 2 above), m^3/s; 0 at sea. */
double planet_cell_runoff(const struct world *w, size_t i);

#endif
