/* hydro_balance: closed-basin lakes from a steady water balance.
 *
 * A priority-flood fills every depression to its spill height, which is
 * right where rain beats evaporation: the lake fills and overflows. Where
 * evaporation wins, a basin's lake stops growing at the area whose
 * evaporation takes all the water its catchment sends it, and the lake is
 * closed (terminal): nothing spills. The steady balance of a closed basin
 * with catchment A_B (lake included) and lake A_L,
 *
 *     A_L E = A_L P + c P (A_B - A_L),
 *
 * (lake evaporation E, precipitation P, runoff ratio c of the land around
 * the lake) gives the lake share of the catchment
 *
 *     f = A_L / A_B = c phi / (1 - phi + c phi),   phi = P / E,
 *
 * the relation behind the lake-area method of paleoclimate (Mifflin and
 * Wheat 1979, "Pluvial lakes and estimated pluvial climates of Nevada";
 * Street 1979). f >= 1 means the depression overflows. A lake whose mean
 * depth is less than HYDRO_BALANCE_DRY_YEARS years of net evaporation
 * E - P dries out in a run of dry years: it is ephemeral, and most of the
 * time its bed is a dry playa (the Great Salt Lake, 4.9 m deep on average
 * against about 0.9 m a year of net evaporation, lasts).
 *
 * The climate comes in as the dem's aridity a (core/biome/dem_climate.h, 0 humid
 * .. 1 arid): phi = 1 - HYDRO_BALANCE_PHI_SPAN a, c = HYDRO_BALANCE_C_HUMID
 * + (HYDRO_BALANCE_C_ARID - HYDRO_BALANCE_C_HUMID) a, E =
 * HYDRO_BALANCE_EVAP_M. At a = 1 that is phi 0.15 (180 mm of rain against
 * 1.2 m of lake evaporation: Great Basin valley floors get 100-200 mm,
 * Houghton 1969) and a storm runoff ratio of 5 %, so f = 0.9 % of the
 * catchment, and a lake must average 3.06 m deep to last. */
#ifndef OROGEN_CORE_HYDRO_HYDRO_BALANCE_H
#define OROGEN_CORE_HYDRO_HYDRO_BALANCE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct hydro_graph;

#define HYDRO_BALANCE_PHI_SPAN 0.85 /* phi = P / E falls from 1 to 0.15 */
#define HYDRO_BALANCE_C_HUMID 0.4   /* runoff ratio of a humid catchment */
#define HYDRO_BALANCE_C_ARID 0.05   /* and of an arid one (storm runoff) */
#define HYDRO_BALANCE_EVAP_M 1.2    /* lake evaporation E, metres a year */
#define HYDRO_BALANCE_DRY_YEARS 3.0 /* dry years a lasting lake outlives */

/* The closed-lake share f of a catchment at aridity a in [0, 1] (outside:
 * the nearest end); 1 or more at a = 0 (every depression overflows). */
double hydro_balance_lake_ratio(double aridity);

/* Runoff at aridity a relative to a humid climate's: c(a) / c(0), 1 at
 * a = 0, 1/8 at a = 1. A dem's river threshold is in rain units of a humid
 * climate, so an arid one needs 1 / that much more catchment per river. */
double hydro_balance_relative_runoff(double aridity);

/* The depth (metres) that HYDRO_BALANCE_DRY_YEARS years of net
 * evaporation E - P take off a lake at aridity a: a lake shallower than
 * that on average is ephemeral (a playa). 0 at a = 0. */
double hydro_balance_dry_depth_m(double aridity);

/* What hydro_balance_lakes found. */
struct hydro_balance_stats {
    size_t closed;      /* closed basins */
    size_t sinks;       /* of them, with a lake under half a node */
    size_t lake_nodes;  /* nodes of the others' lakes */
    double absorbed;    /* rain that ends in them (rain units) */
};

/* Closed lakes of the depressions of a filled surface. A depression is a
 * connected set of raised nodes (filled > elev) with one filled height, as
 * in hydro_lakes, raised somewhere by more than min_depth; its catchment C
 * is the flow leaving it (downhill, flow from hydro_route and
 * hydro_accumulate on `filled`), less what closed lakes upstream keep.
 * Depressions are taken from the highest spill down, so upstream first. If
 * ratio * C (nodes, at one rain unit a node) is smaller than the
 * depression, it holds a closed lake of that many nodes: the lowest node,
 * then always the lowest node next to the lake, as water rises, on heights
 * averaged over each node and its neighbours (a DEM's noise on a basin
 * floor is larger than a playa's depth). Its level is the highest of
 * their own heights, and the lake then also takes every node below that
 * level it reaches, so the noise leaves no holes in it. A lake that would cover less
 * than half a node is not drawn: its basin's lowest node is a sink
 * (HYDRO_BALANCE_SINK). Outputs: lake[i] = LAKE_WATER on lake nodes,
 * HYDRO_BALANCE_SINK on sinks, LAKE_NONE elsewhere; level[i] their level
 * (untouched elsewhere). Errors: OG_EINVAL for ratio not finite or < 0,
 * OG_ENOMEM. */
#define HYDRO_BALANCE_SINK 4
enum og_status hydro_balance_lakes(const struct hydro_graph *g, const float *elev,
                                   const float *filled, const int32_t *downhill,
                                   const float *flow, double min_depth, double ratio,
                                   uint8_t *lake, float *level, struct hydro_balance_stats *stats,
                                   struct og_error *err);

/* Ephemeral lakes: every lake (connected LAKE_WATER nodes with one filled
 * height; closed ones sit at their level) whose mean depth filled - elev is
 * below dry_depth (elevation units) becomes LAKE_PLAYA. *playas and
 * *playa_nodes get how many and their nodes. Errors: OG_ENOMEM. */
enum og_status hydro_balance_ephemeral(const struct hydro_graph *g, const float *elev,
                                       const float *filled, double dry_depth, uint8_t *lake,
                                       size_t *playas, size_t *playa_nodes,
                                       struct og_error *err);

#endif
