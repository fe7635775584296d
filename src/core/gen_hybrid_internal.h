/* Internal to the hybrid generator's files (gen_hybrid*.c): units and the
 * erosion phase shared between the stages. */
#ifndef OROGEN_CORE_GEN_HYBRID_INTERNAL_H
#define OROGEN_CORE_GEN_HYBRID_INTERNAL_H

#include "core/droplet.h"
#include "core/og_error.h"
#include "core/params.h"
#include "core/pipeline.h"

struct world;

#define HYBRID_REF_CELL_KM 0.1 /* the seed's cell: 256 cells over 25.6 km */

/* Kilometres per cell: the extent spread over the width. */
static inline double
cell_km(const struct params *p)
{
    return params_get(p, P_HYBRID_EXTENT) / (double)params_int(p, P_HYBRID_WIDTH);
}

/* Per-100 m slopes and reliefs to per-cell ones: a slope of s units per
 * 100 m is s * cell_km / 0.1 units per cell. */
static inline double
per_cell_from_per_100m(const struct params *p)
{
    return cell_km(p) / HYBRID_REF_CELL_KM;
}

/* The combined droplet bounds the parameter table's per-row ranges cannot
 * express (dt x friction, dt x deposition <= 1, dt x evaporation < 1).
 * Errors: OG_ERANGE naming the product. */
enum og_status gen_hybrid_check_droplet_params(const struct params *p, struct og_error *err);

/* Phase 3 on w->elevation (mask w->mask): round(droplets_per_cell x mask
 * cells) droplets, live snapshots through ctx; fills activity[ncells] and
 * the totals. Errors: those of core/droplet.h, OG_ECANCELED. */
enum og_status gen_hybrid_erode(struct world *w, struct run_ctx *ctx, float *activity,
                                struct droplet_totals *tot, struct og_error *err);

/* The activity that counts as "full" roughness: the 99th percentile over
 * the mask cells (0 when nothing eroded) into *out. Errors: OG_ENOMEM. */
enum og_status gen_hybrid_activity_scale(const float *activity, const uint8_t *mask, size_t n,
                                         float *out, struct og_error *err);

#endif
