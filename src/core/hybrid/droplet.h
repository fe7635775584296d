/* droplet: Newtonian particle ("droplet") hydraulic erosion on a masked grid.
 *
 * Method: N. McDonald, "Simple Particle-Based Hydraulic Erosion" (2020,
 * the SimpleErosion program) as composed by Donjourno's HybridTerrain phase
 * 3 (../shared/seeds/hybrid-donjourno.txt). A droplet has position p (cells),
 * speed s (cells per unit time), volume V and sediment S. Each step:
 *   1. s += dt * n_xz / (V * rho)     n the unit surface normal of z = relief*h
 *   2. p += dt * s;  s *= 1 - dt * friction
 *   3. killed when p leaves [0, W-1) x [0, H-1) (cell centres at integer
 *      positions) or its nearest cell is outside the mask (sediment lost)
 *   4. C = V * |s| * max(h(p_old) - h(p_new), 0)
 *      dh = min(dt * V * D * (C - S), h(p_old) - h(p_new)) removed at p_old
 *      (negative: deposited), no corner leaving the starting range
 *      [min h, max h]; S += moved / V
 * The two limits of step 4 make the integration stable for every value
 * droplet_params_check allows: heights stay within the field's starting
 * range (doc/hybrid.md, "Stability").
 *   5. V *= 1 - dt * evaporation;  dies when V < min_volume
 * Heights and gradients are bilinear over the cell quad that holds p (the
 * gradient is the central difference across the quad, bilinearly weighted);
 * the height change is spread over the quad's four corners with the same
 * bilinear weights, renormalised over the corners inside the mask, so cells
 * outside the mask never change. Spawn points are uniform over the unit
 * square around a mask cell's centre (cut at the grid edge), so the model
 * looks the same from all four sides. A droplet on a flat spot (zero gradient
 * and zero speed, i.e. zero speed after step 1) stops and dies there.
 * Four droplets advance in lockstep (vector arithmetic; per step all four
 * read the heights, then write in lane order) and a lane whose droplet dies
 * takes the next one.
 *
 * Deterministic batches (issue 13; the shape of chafa's fixed batches and
 * Brogue's per-purpose random streams): droplet g (counted from 0 over a
 * whole erosion) belongs to batch g / B and round g / (4 B), B a batch
 * size fixed by the mask's size (droplet_round_size). Each batch draws its
 * spawn points from its own random stream (seed, batch index) and runs its
 * droplets in order, seeing the heights at the start of the round plus its
 * own changes; at the end of the round the batches' changes are added in
 * batch order. A batch takes no corner more than 1/(batches in the round)
 * of its room above the starting minimum, nor raises it more than that
 * share of its room below the starting maximum, so the sum stays in range.
 * Nothing depends on the thread count or on which thread ran a batch: the
 * same field, parameters, seed and droplets give the same bytes for every
 * thread count and platform, however a run is split into calls at
 * multiples of the round size.
 *
 * Sediment bookkeeping, in height units summed over cells: the height a
 * step removes equals V * dS, so
 *   eroded - deposited = lost + evaporated
 * where lost is V * S of droplets when they die, and evaporated is the V * S
 * * dt * e that vanishes with the evaporating water in the seed's model
 * (keep_sediment = 0). With keep_sediment = 1 the droplet keeps its material
 * as it shrinks (S /= 1 - dt * e), evaporated stays 0 and
 * eroded - deposited = lost exactly (to float rounding). */
#ifndef OROGEN_CORE_HYBRID_DROPLET_H
#define OROGEN_CORE_HYBRID_DROPLET_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct droplet_params {
    float dt;            /* integration time step (seed: 1.2) */
    float friction;      /* speed loss per unit time (0.05); dt * friction <= 1 */
    float density;       /* droplet density rho, mass = V * rho (1.0); > 0 */
    float deposition;    /* rate D of approach to the capacity (0.1); dt * D <= 1 */
    float evaporation;   /* volume loss per unit time (0.01); dt * e < 1 */
    float min_volume;    /* a droplet below this volume dies (0.01); > 0 */
    float relief;        /* cells per height unit in the surface normal; > 0 */
    int max_steps;       /* a droplet dies after this many steps; >= 1 */
    int keep_sediment;   /* 1: evaporation keeps the carried material */
};

/* Running totals of droplet_run (added to, never reset by it; each batch's
 * totals are added in batch order). */
struct droplet_totals {
    uint64_t droplets;   /* droplets spawned */
    uint64_t steps;      /* steps simulated (moves that stayed in the mask) */
    double eroded;       /* height removed from the grid, summed over cells */
    double deposited;    /* height added to the grid */
    double lost;         /* V * S of droplets when they died or left the mask */
    double evaporated;   /* material that vanished with evaporating water */
};

struct droplet_field;

/* Batches in a round (a fixed number, so the partition never depends on
 * the thread count; up to this many threads share a round). More batches
 * a round drift from the sequential model where many droplets meet: with
 * 8, droplets that all run into one pit dug its rim to the base level
 * before any batch saw the others (tests/test_droplet.c, the pit). */
#define DROPLET_ROUND_BATCHES 4

/* A working copy of a width x height row-major height field and its mask
 * (non-zero = inside; droplets spawn in and may only move through mask
 * cells). Heights outside the mask should be 0; they are never changed.
 * Errors: OG_ERANGE for a size below 2 x 2 or over 2^31 cells, OG_ENOMEM. */
enum og_status droplet_field_new(struct droplet_field **out, const float *heights,
                                 const uint8_t *mask, int width, int height,
                                 struct og_error *err);

/* Free a field (NULL allowed). */
void droplet_field_free(struct droplet_field *f);

/* Number of mask cells (spawn positions). */
size_t droplet_field_mask_cells(const struct droplet_field *f);

/* Check the parameters: every bound in struct droplet_params. Errors:
 * OG_ERANGE naming the field and its bound ("dt * friction = 1.2 exceeds
 * 1"). */
enum og_status droplet_params_check(const struct droplet_params *p, struct og_error *err);

/* The seed's defaults (dt 1.2, friction 0.05, density 1, deposition 0.1,
 * evaporation 0.01, min volume 0.01), relief 1, 1000 steps, keep 0. */
void droplet_params_default(struct droplet_params *p);

/* Droplets in a round of this field: DROPLET_ROUND_BATCHES batches of one
 * batch size (64..256 droplets, by the number of mask cells). */
uint64_t droplet_round_size(const struct droplet_field *f);

/* Simulate droplets first .. first + count - 1 of an erosion seeded with
 * `seed` (see the batches above), each spawned at a uniformly chosen mask
 * cell with a random offset inside it, on up to `threads` threads (<= 0:
 * og_threads_default()), updating the field and adding to *tot. A run split
 * into calls at multiples of droplet_round_size gives the same result as
 * one call. Nothing happens when the mask is empty (tot->droplets
 * unchanged). p must pass droplet_params_check. Never produces NaN or Inf
 * from finite heights. Errors: OG_ENOMEM (per-thread views of 8 bytes a
 * cell, and the touched cells of a round); the field is then part-way
 * through a round. */
enum og_status droplet_run(struct droplet_field *f, const struct droplet_params *p, uint64_t seed,
                           uint64_t first, uint64_t count, int threads,
                           struct droplet_totals *tot, struct og_error *err);

/* Copy the current heights into out (width * height floats). */
void droplet_field_heights(const struct droplet_field *f, float *out);

/* Copy the cumulative erosion activity (sum of |height change| of the steps
 * taken from each cell, credited to the cell under the droplet) into out
 * (width * height floats). */
void droplet_field_activity(const struct droplet_field *f, float *out);

#endif
