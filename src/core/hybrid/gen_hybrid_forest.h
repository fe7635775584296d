/* gen_hybrid_forest: the seed's ForestMask and ForestPlacement layers
 * (doc/hybrid.md "Forest").
 *   ForestMask       fertility clamp(1 - (max(h, 0) / h_limit)^steepness,
 *                    0, 1), 0 on Mountain, lakes and streams; with
 *                    hybrid.forest_stands = on it is multiplied by a stand
 *                    density: a 4-octave fBm at hybrid.stand_scale per km,
 *                    thresholded so hybrid.stand_cover of the map lies
 *                    inside stands, with a smooth edge 0.04 noise units
 *                    wide. Trees then grow in clustered woods instead of
 *                    per-cell salt and pepper.
 *   ForestPlacement  tree where random() < mask x hybrid.forest_density,
 *                    one draw per cell in row order (stream
 *                    "ForestPlacement"). */
#ifndef OROGEN_CORE_HYBRID_GEN_HYBRID_FOREST_H
#define OROGEN_CORE_HYBRID_GEN_HYBRID_FOREST_H

#include "core/base/og_error.h"
#include "core/pipeline.h"

/* ForestMask into w->forest (0..1 per cell). Needs elevation, mask and
 * water (river_width when the Water stage ran). Errors: OG_ENOMEM. */
enum og_status gen_hybrid_forest_mask(struct world *w, struct run_ctx *ctx, struct og_error *err);

/* ForestPlacement into w->trees (1 = tree) and the hybrid.trees stat.
 * Errors: OG_ENOMEM. */
enum og_status gen_hybrid_forest_placement(struct world *w, struct run_ctx *ctx,
                                           struct og_error *err);

#endif
