/* value_noise: hash-based 2D value noise and its fBm, for the hybrid
 * generator (Donjourno's "hash-based value noise function, zero
 * dependencies").
 *
 * Method: lattice value noise (D. Peachey, "Building Procedural Textures",
 * in Ebert et al., "Texturing and Modeling", ch. 2, "vnoise"): every
 * integer lattice point (i, j) gets a pseudo-random value in [0, 1) from a
 * 64-bit integer hash of (i, j, seed), and a point between lattice points
 * blends its four corners with the quintic fade 6t^5 - 15t^4 + 10t^3, so the
 * field is C2-continuous. The hash is splitmix64's finaliser (Steele, Lea and
 * Flood 2014) over the coordinates mixed with the whole 64-bit seed, so
 * distinct seeds give distinct fields (unlike 8-bit permutation tables).
 * fBm (Musgrave): sum over octaves o of 0.5^o * noise(2^o * p), each octave
 * with its own derived seed, divided by the sum of the amplitudes, so the
 * result stays in [0, 1].
 *
 * Pure functions, thread-safe, deterministic on every platform with IEEE
 * doubles (no fast-math). Coordinates must be finite with |x|, |y| < 2^52. */
#ifndef OROGEN_CORE_BASE_VALUE_NOISE_H
#define OROGEN_CORE_BASE_VALUE_NOISE_H

#include <stddef.h>
#include <stdint.h>

#define VALUE_NOISE_MAX_OCTAVES 16

/* The lattice value at integer point (i, j) for seed: uniform in [0, 1) with
 * 53 bits. */
double value_noise_lattice(uint64_t seed, int64_t i, int64_t j);

/* Value noise at (x, y): the quintic blend of the four surrounding lattice
 * values; in [0, 1], equal to value_noise_lattice at integer points. */
double value_noise2(uint64_t seed, double x, double y);

/* fBm of value_noise2 with `octaves` octaves (1..VALUE_NOISE_MAX_OCTAVES;
 * the caller validates), lacunarity 2 and gain 0.5, normalised by the sum of
 * the amplitudes: in [0, 1]. */
double value_noise_fbm2(uint64_t seed, int octaves, double x, double y);

/* A row of value_noise_fbm2: out[k] = value_noise_fbm2(seed, octaves,
 * k * scale, y) for k in [0, n), bit for bit, but each octave's lattice
 * corners are hashed once per lattice cell instead of once per sample (a
 * large saving at low frequencies). out holds n doubles. */
void value_noise_fbm2_row(uint64_t seed, int octaves, double scale, double y, size_t n,
                          double *out);

/* value_noise_fbm2_row with octave o's noise n_o replaced by weight[o] n_o
 * + (1 - weight[o]) / 2 (weights in [0, 1]; 1: the plain octave, 0: its mean,
 * so the sum's mean and normalisation stay): a band limit that fades out
 * octaves too fine for a grid. weight NULL: all 1, bit for bit
 * value_noise_fbm2_row. */
void value_noise_fbm2_row_weighted(uint64_t seed, int octaves, const double *weight,
                                   double scale, double y, size_t n, double *out);

#endif
