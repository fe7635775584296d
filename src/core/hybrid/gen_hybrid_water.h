/* gen_hybrid_water: streams and lakes for the hybrid grid, from the same
 * priority-flood, routing, accumulation, lake and river code as dem
 * (core/hydro/hydro.h; doc/hybrid.md "Water").
 *
 * The routing surface is the eroded height plus a faint lowland relief,
 * hybrid.lowland_relief x fbm7(km x hybrid.lowland_scale): the seed's flat
 * walkable land (exactly 0) would otherwise drain along the flood's
 * breadth-first front in straight lines. Outlets: the map border. Rain: 1
 * per cell. A stream starts where the accumulated area reaches
 * hybrid.stream_area (km^2); its width is hybrid.stream_width (m) there
 * and grows as sqrt(area / stream_area). A depression deeper than
 * hybrid.lake_depth (height units) on that surface is a lake at its spill
 * height; its cells become WATER_LAKE. */
#ifndef OROGEN_CORE_HYBRID_GEN_HYBRID_WATER_H
#define OROGEN_CORE_HYBRID_GEN_HYBRID_WATER_H

#include "core/base/og_error.h"
#include "core/pipeline.h"

/* The Water stage: fills w->nhydro (= ncells), hydro_elev (the filled
 * routing surface), downhill, flow (cells), river_width (cells), lake,
 * marks lake cells WATER_LAKE and records hybrid.lakes, hybrid.lake_cells,
 * hybrid.streams, hybrid.stream_cells. Does nothing when hybrid.water is
 * off. Needs w->elevation and w->water. Errors: those of core/hydro/hydro.h. */
enum og_status gen_hybrid_water(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
