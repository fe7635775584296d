/* detail: sub-grid terrain detail, gullies and ridges below the
 * simulation's cell that follow the local slope (issue 24 item 3).
 *
 * Method: an "erosion filter" in the manner of Rune Skovbo Johansen's
 * (runevision, "Fast and Gorgeous Erosion Filter", 2026, after Clay John's
 * and Felix Westin's eroded-terrain noise): a sum of octaves of stripes
 * running down the slope, each octave's stripes following the gradient of
 * the surface with the octaves before it added, so the walls of a coarse
 * gully carry finer gullies that run obliquely into it: a branching,
 * drainage-like pattern, evaluated at each point alone. Our own
 * formulation (no code taken):
 *   - octave k has wavelength L / 2^k metres (L = render.detail_scale, 0:
 *     twice the world's cell) and a square lattice of pivots L / 2^k apart;
 *     at point p the four pivots c_i around it each give a unit phasor
 *     exp(i (2 pi (p - c_i) . t / lambda + r_i)), t the unit vector across
 *     the slope (perpendicular to the gradient so far), r_i a random phase
 *     per pivot from the seed; they are blended with C2 (quintic) bilinear
 *     weights. The blend is a stripe pattern along the slope whose phase
 *     drifts between pivots; where it cancels (phase singularities) one
 *     gully forks into two. The phasor is softly normalised and its real
 *     part is the octave's profile, its derivative across the stripes
 *     added to the gradient the next octave follows;
 *   - amplitude per metre of relief: octave k's stripes rise and fall by
 *     lambda_k / (2 pi) times the local slope (so their walls are as steep
 *     as the slope times render.detail), zero-mean;
 *   - fades: by slope (none below a 1 % grade, full from 5 %: flat lowland
 *     keeps its plain surface), on water and toward the water level: with
 *     x the height above the highest water (sea or lake) within two cells,
 *     the offset is at most half of x (a soft minimum), so no point changes
 *     side of a coast or lake shore; inside river channels (render/sample.c
 *     asks river_carve_detail_fade). Octaves finer than two output samples
 *     are faded out (band limit: a raster twice the size shows the same
 *     gullies plus one finer octave);
 *   - pointwise: the offset depends on the world, its seed, the map point
 *     and the raster's sample spacing only, so tiles equal the same window
 *     of the whole export. Transcendentals from core/base/detmath: the same
 *     bits on every compiler and thread count. */
#ifndef OROGEN_RENDER_DETAIL_H
#define OROGEN_RENDER_DETAIL_H

#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

#define DETAIL_MAX_OCTAVES 6

struct detail {
    const struct world *w;
    double amount;         /* render.detail, 0..1 */
    double l0;             /* the coarsest wavelength, metres */
    double mx, my, mz;     /* metres across the map square, per elevation unit */
    double lambda[DETAIL_MAX_OCTAVES]; /* wavelengths, metres */
    double weight[DETAIL_MAX_OCTAVES]; /* band-limit fade of each octave */
    int octaves;
    uint64_t seed;
    /* the water level near each point: per cell of a gw x gh grid over the
       map square, the highest water level within two cells (far below the
       world when none), blended bilinearly */
    int gw, gh;
    float *level;
    float *wet;            /* 1 on a water cell, blended bilinearly */
    double unit_cos[256], unit_sin[256]; /* the pivots' random phases */
};

/* Prepare d for a raster whose samples lie px_m metres apart (0: no band
 * limit) over w. Returns OG_OK with d->octaves = 0 (no detail, nothing
 * allocated) when render.detail is 0, w is a sphere or has no elevation.
 * Errors: OG_ENOMEM. Release with detail_free. */
enum og_status detail_init(struct detail *d, const struct world *w, double px_m,
                           struct og_error *err);

void detail_free(struct detail *d);

/* Set d's octaves for samples px_m metres apart (0: no band limit), the
 * water grid kept; d->octaves may become 0 (no detail at that size). */
void detail_band(struct detail *d, double px_m);

/* detail_init into a new allocation *out, or *out = NULL when render.detail
 * is 0 or no octave is left at px_m. Errors: OG_ENOMEM. Release with
 * detail_delete (NULL allowed). */
enum og_status detail_new(const struct world *w, double px_m, struct detail **out,
                          struct og_error *err);
void detail_delete(struct detail *d);

/* Metres between neighbouring samples (the larger side) of a raster whose
 * samples lie du, dv apart in the map square (sample_axes' ax[1], ax[3]). */
double detail_spacing_m(const struct world *w, double du, double dv);

/* The detail's height offset (world elevation units) at map point (u, v)
 * whose plain surface has height h (world units) and gradient (hu, hv)
 * (world units per map-square unit along u and v); its own gradient,
 * the same units, into *ou, *ov (either may be NULL). 0 when d has no
 * octaves. */
double detail_offset(const struct detail *d, double u, double v, double h, double hu, double hv,
                     double *ou, double *ov);

#endif
