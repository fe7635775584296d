/* Internal to the hybrid generator's files (gen_hybrid*.c): units and the
 * erosion phase shared between the stages. */
#ifndef OROGEN_CORE_HYBRID_GEN_HYBRID_INTERNAL_H
#define OROGEN_CORE_HYBRID_GEN_HYBRID_INTERNAL_H

#include "core/hybrid/droplet.h"
#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"

struct world;

#define HYBRID_REF_CELL_KM 0.1 /* the seed's cell: 256 cells over 25.6 km */

/* Kilometres per cell: the extent spread over the width. */
static inline double
cell_km(const struct params *p)
{
    return params_get(p, P_HYBRID_EXTENT) / (double)params_int(p, P_HYBRID_WIDTH);
}

/* The droplets' cell in km (hybrid.erosion_cell; 0: none, erode on the
 * map's own cells). */
static inline double
erosion_cell_km(const struct params *p)
{
    return params_get(p, P_HYBRID_EROSION_CELL) / 1000.0;
}

/* Per-100 m slopes and reliefs to per-cell ones: a slope of s units per
 * 100 m is s * cell_km / 0.1 units per cell. */
static inline double
per_cell_from_per_100m(const struct params *p)
{
    return cell_km(p) / HYBRID_REF_CELL_KM;
}

/* Phases 1 and 2 of a width x height grid over the extent's params:
 * what they give besides the fields. */
struct hybrid_initial {
    size_t nmask;        /* mask cells */
    float tau;           /* the exact-coverage threshold of the mask noise */
    double blend;        /* Delta_blend in mask-noise units */
    double height_scale; /* s, the height fBm's frequency per km */
};

/* Phases 1 and 2 (doc/hybrid.md) on a width x height grid spanning
 * hybrid.extent: mask[] (0/1) and elevation[] (0 outside the mask) of
 * width x height cells. The fields are functions of the world position,
 * so any grid over the extent samples the same world. The noise rows and
 * the mask selection run on `threads` threads (results never depend on
 * it); ctx (may be NULL) gets progress ticks 0..0.1. Errors: OG_ENOMEM,
 * OG_ECANCELED. */
enum og_status gen_hybrid_initial(const struct params *p, int width, int height, int threads,
                                  struct run_ctx *ctx, float *elevation, uint8_t *mask,
                                  struct hybrid_initial *out, struct og_error *err);

/* Phase 3 at the world's erosion scale (gen_hybrid_escale.c): when the
 * map's cells are finer than hybrid.erosion_cell, the droplets run on a
 * grid of that cell size over the same extent and the map gets its height
 * change and activity by bilinear interpolation; else gen_hybrid_erode on
 * the map itself. Same errors as gen_hybrid_erode. */
enum og_status gen_hybrid_erode_world_scale(struct world *w, struct run_ctx *ctx,
                                            float *activity, struct droplet_totals *tot,
                                            struct og_error *err);

/* The combined droplet bounds the parameter table's per-row ranges cannot
 * express (dt x friction, dt x deposition <= 1, dt x evaporation < 1).
 * Errors: OG_ERANGE naming the product. */
enum og_status gen_hybrid_check_droplet_params(const struct params *p, struct og_error *err);

/* Phase 3 on w->elevation (mask w->mask): round(droplets_per_cell x mask
 * cells) droplets, live snapshots through ctx; fills activity[ncells] and
 * the totals. Errors: those of core/hybrid/droplet.h, OG_ECANCELED. */
/* hybrid.erosion = streampower|both (gen_hybrid_streampower.c): the
 * landscape evolution model of core/lem on w->elevation (the mask rises
 * with its initial height, the land outside is base level) for lem.years,
 * progress f0..f1; fills w->wear, w->deposition (metres) and activity (the
 * wear in height units). Errors: OG_ERANGE for lem.* out of range or too
 * many steps, OG_ENOMEM, OG_ECANCELED. */
enum og_status gen_hybrid_streampower(struct world *w, struct run_ctx *ctx, double f0, double f1,
                                      float *activity, struct og_error *err);

enum og_status gen_hybrid_erode(struct world *w, struct run_ctx *ctx, float *activity,
                                struct droplet_totals *tot, struct og_error *err);

/* The activity that counts as "full" roughness: the 99th percentile over
 * the nmask mask cells (0 when nothing eroded) into *out, so that a few
 * cells where many droplets met do not make every other cell look
 * smooth; a radix selection on up to `threads` threads, the same value
 * for any count (gen_hybrid_kth_largest_threads). Errors: OG_ENOMEM. */
enum og_status gen_hybrid_activity_scale(const float *activity, const uint8_t *mask, size_t n,
                                         size_t nmask, int threads, float *out,
                                         struct og_error *err);

/* The largest of start and the values v[i] (i < n, only[i] != 0 when only
 * is given) that are not NaN, by `v > max` from the first cell to the last:
 * fixed batches on up to `threads` threads, combined in batch order, the
 * same bits for any thread count. */
float gen_hybrid_max(const float *v, const uint8_t *only, size_t n, float start, int threads);

#endif
