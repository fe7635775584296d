/* flow_mfd: multiple-flow-direction (MFD) flow accumulation on a grid, for
 * river widths that follow the terrain (issue 10).
 *
 * Method: Freeman (1991), "Calculating catchment area with divergent flow
 * based on a regular grid", Computers & Geosciences 17(3), with Quinn et
 * al. (1991)'s distance weighting: a cell passes its flow to every
 * neighbour lower on the filled surface in proportion to (drop /
 * distance)^p, p = 1.1 (Freeman's value). On a flat (no lower neighbour)
 * it passes everything to its D8 receiver (the flat routing of
 * core/hydro/hydro.h), so flats drain as the routing says and nothing pools.
 * Cells are processed in Kahn's topological order of that graph (a cell
 * once all its donors have passed their flow on). Flow spreads across slopes and gathers
 * in valleys instead of collecting on single D8 lines, so a river's width
 * follows the catchment it drains rather than one grid path. */
#ifndef OROGEN_CORE_HYDRO_FLOW_MFD_H
#define OROGEN_CORE_HYDRO_FLOW_MFD_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

/* MFD accumulation over a width x height grid: filled from one
 * hydro_priority_flood, downhill from hydro_route on it, rain per cell
 * (NULL: 1). flow[width * height] gets the accumulated flow (rain units).
 * Errors: OG_ERANGE for a size outside 1..2^31 - 1 cells, OG_ENOMEM,
 * OG_EINVAL if downhill makes a cycle on a flat. */
enum og_status flow_mfd_accumulate(int width, int height, const float *filled,
                                   const int32_t *downhill, const float *rain, float *flow,
                                   struct og_error *err);

/* River widths from MFD flow on the D8 river network: every cell with
 * width[i] > 0 (from hydro_rivers) gets width_scale * sqrt(max(mfd, 1) /
 * threshold), mfd its MFD flow, the rest stays 0. Arguments as
 * flow_mfd_accumulate; errors likewise. */
enum og_status flow_mfd_river_widths(int width, int height, const float *filled,
                                     const int32_t *downhill, const float *rain,
                                     double threshold, double width_scale, float *river_width,
                                     struct og_error *err);

#endif
