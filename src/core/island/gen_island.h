/* gen_island: the Voronoi island generator (after "From Chaos to
 * Continents", ../shared/seeds/island-voronoi-hydrology.txt): random sites,
 * Lloyd relaxation, Delaunay dual mesh, elevation = fBm Perlin - falloff *
 * (d_min / R)^2 with N land anchors, piecewise power curve, sea level, then
 * hydrology, moisture and Whittaker biomes (core/hydro/hydro.h, core/biome/biome.h). */
#ifndef OROGEN_CORE_ISLAND_GEN_ISLAND_H
#define OROGEN_CORE_ISLAND_GEN_ISLAND_H

#include "core/pipeline.h"

extern const struct generator gen_island;

#endif
