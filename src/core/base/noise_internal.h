/* noise_internal: what noise.c shares with the batched fBm (noise_batch.c). */
#ifndef OROGEN_CORE_BASE_NOISE_INTERNAL_H
#define OROGEN_CORE_BASE_NOISE_INTERNAL_H

#include "core/base/noise.h"

/* Below this magnitude a coordinate's floor is taken through int32 (exact);
 * at or above it, or when not finite, the scalar path's exact reduction. */
#define NOISE_FAST_LIMIT 1073741824.0

/* The eight 2-D gradients (length sqrt(2)) indexed by hash & 7. */
extern const double noise_grad2_x[8], noise_grad2_y[8];

/* Amplitude and frequency of each octave of f (as fbm2 computes them, in
 * that order), and their amplitude sum in *norm; returns the octave count
 * (1..NOISE_MAX_OCTAVES). */
int noise_fbm2_octaves(const struct fbm_params *f, double *amp, double *freq, double *norm);

/* fbm2 at (x, y) with the tables of noise_fbm2_octaves: the definition. */
double noise_fbm2_scalar(const struct perlin *p, int n, const double *amp, const double *freq,
                         double norm, double x, double y);

/* fbm3 at (x, y, z) with the same tables: the definition. */
double noise_fbm3_scalar(const struct perlin *p, int n, const double *amp, const double *freq,
                         double norm, double x, double y, double z);

/* The batched paths' NOISE_SIMD_* level (noise_simd_set(-1) on first use). */
int noise_simd_level(void);

#endif
