/* stats: figures every world has (extent, land fraction, extremes), shared
 * by the stats JSON and the TUI inspector. */
#ifndef OROGEN_CORE_STATS_H
#define OROGEN_CORE_STATS_H

#include <stddef.h>

#include "core/world.h"

struct world_summary {
    size_t cells;
    size_t land_cells;
    double land_fraction;       /* land cells / cells (lakes count as land) */
    double elev_min, elev_max;  /* in the world's elevation units */
    size_t min_cell, max_cell;
    double min_pos[2], max_pos[2]; /* grid: (x, y) pixel; plane: (x, y) in [0,1];
                                      sphere: (longitude, latitude) degrees */
};

/* Summarise w. Worlds without elevation report zeros for the extremes. */
void stats_summarize(const struct world *w, struct world_summary *s);

/* Position of a cell in the units described for min_pos. */
void stats_cell_position(const struct world *w, size_t cell, double pos[2]);

#endif
