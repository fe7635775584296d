/* dem_flatwater: water surfaces stored as exact flats.
 *
 * SRTM (its water body mask) and the Copernicus DEM (its water body edits)
 * flatten lakes and wide rivers to one height, and an exact flat is not
 * terrain: routing over it draws parallel lines, and it holds no
 * depression the fill could raise into a lake when its level is the
 * outflow's. A flat here is a connected set of cells (8 neighbours) of
 * exactly equal height, above sea level and with data (no void). It is
 * water when it is large (at least min_cells) and either drains over a
 * short part of its rim (some rim cells lower, at most a fifth of them: a
 * lake's outflow, not a contour band of integer heights on a gentle slope,
 * whose lower side is half its rim) or has no lower rim cell but reaches
 * the map's border (water cut by the tile's edge, or a plain that is flat
 * everywhere). A flat with no lower rim cell inside the map is a
 * depression floor: the hydrology's fill and lakes decide it. */
#ifndef OROGEN_CORE_DEM_DEM_FLATWATER_H
#define OROGEN_CORE_DEM_DEM_FLATWATER_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct dem_flatwater_stats {
    size_t bodies;  /* flats taken as water */
    size_t cells;   /* their cells */
};

/* Mark the water flats of the width x height field h into out[] (1 water,
 * 0 otherwise); cells with voids[i] != 0 (voids may be NULL) and cells at
 * or below sea_level are never part of a flat. min_cells 0 finds none.
 * Deterministic. Errors: OG_ENOMEM. */
enum og_status dem_flatwater_find(const float *h, const uint8_t *voids, int width, int height,
                                  float sea_level, size_t min_cells, uint8_t *out,
                                  struct dem_flatwater_stats *stats, struct og_error *err);

#endif
