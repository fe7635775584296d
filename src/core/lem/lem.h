/* lem: a landscape evolution model on a grid (issue 26, doc/lem.md).
 *
 * Each step (lem_step): the surface is filled by priority-flood (water
 * fills depressions and spills: Barnes, Lehman and Mulla 2014), every node
 * gets the receiver of steepest descent on the filled surface (flats and
 * lake surfaces drain along the flood's order), the receivers' stack
 * (Braun and Willett 2013, core/hydro hydro_stack) gives the drainage area
 * A, by one direction or by multiple flow directions (Freeman 1991;
 * resolution-independent valley spacing, Armitage 2019), then
 *   dz/dt = U - K A^m S^n + Kd lap(z)
 * is advanced by dt: uplift U (a map), stream power erosion solved
 * implicitly in stack order from the base level up (Braun and Willett
 * 2013: exact for n = 1, Newton per node otherwise; unconditionally
 * stable), hillslope diffusion (explicit, conservative, sub-stepped to be
 * stable) and an optional talus limit (thermal erosion: slopes above it
 * shed the excess downhill). Nodes under lake water (filled above their
 * height) are not eroded by rivers; their water passes on. Base-level
 * nodes (the `base` mask: sea, grid border) keep their height. Units:
 * metres, years. */
#ifndef OROGEN_CORE_LEM_LEM_H
#define OROGEN_CORE_LEM_LEM_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct run_ctx;

struct lem_params {
    double dt;     /* years per step, > 0 */
    double k;      /* K of the stream power law, m^(1 - 2m) / yr, >= 0 */
    double m, n;   /* exponents of A (m^2) and S (m/m); n > 0 */
    double kd;     /* hillslope diffusivity, m^2 / yr (0: none) */
    double talus;  /* steepest stable slope, m/m (0: no limit) */
    int mfd;       /* 1: A by multiple flow directions, 0: by the receivers */
};

/* Volumes in m^3, summed in double over the steps. */
struct lem_totals {
    double uplift;   /* rock added by uplift */
    double fluvial;  /* removed by stream power erosion (leaves the map) */
    double boundary; /* moved by diffusion and talus onto base-level nodes */
};

struct lem;

/* A model for a width x height grid of cell_m metres; base[width * height]
 * (copied) marks the base-level nodes (at least one is needed; border and
 * sea cells). Errors: OG_ERANGE for a size outside 2..2^31 - 1 cells or a
 * cell size that is not positive, OG_EINVAL without base-level nodes,
 * OG_ENOMEM. */
enum og_status lem_new(struct lem **out, int width, int height, double cell_m,
                       const uint8_t *base, struct og_error *err);
void lem_free(struct lem *s);

/* Check p: OG_ERANGE naming the bad field. */
enum og_status lem_params_check(const struct lem_params *p, struct og_error *err);

/* One step of p->dt years on z[width * height] (metres, in place) under
 * uplift[] (m/yr, NULL: none; ignored on base-level nodes). Byte-identical
 * on any thread count (`threads` <= 0: the default). ctx (may be NULL) can
 * cancel. Errors: those of lem_params_check, OG_EINVAL for a non-finite
 * height, OG_ENOMEM, OG_ECANCELED. */
enum og_status lem_step(struct lem *s, float *z, const float *uplift,
                        const struct lem_params *p, int threads, struct run_ctx *ctx,
                        struct og_error *err);

/* Results of the last step and of all steps, width * height each: the
 * drainage area (m^2), the receiver (node index, -1 on base level), the
 * surface filled by the last step's priority-flood (m), and the total
 * erosion ("wear") and deposition (m) since lem_new. */
const float *lem_area(const struct lem *s);
const int32_t *lem_stack(const struct lem *s); /* donors before receivers (hydro_stack) */
const int32_t *lem_receivers(const struct lem *s);
const float *lem_filled(const struct lem *s);
const float *lem_wear(const struct lem *s);
const float *lem_deposition(const struct lem *s);

/* The volumes moved since lem_new, and the steps taken. */
void lem_get_totals(const struct lem *s, struct lem_totals *t);
long lem_steps(const struct lem *s);

#endif
