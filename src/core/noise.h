/* noise: gradient (Perlin) noise in 2D and 3D and fractal Brownian motion.
 *
 * Method: K. Perlin, "Improving Noise" (SIGGRAPH 2002): quintic fade,
 * gradients on cube edges, a 256-entry permutation. Unlike stb_perlin (8 seed
 * bits) the whole 64-bit seed shuffles the permutation (Fisher-Yates driven by
 * PCG32) and sets a per-octave offset, so distinct seeds give distinct fields.
 * fBm: sum over octaves of gain^i * noise(frequency * lacunarity^i * p +
 * offset_i), divided by the sum of the amplitudes (Musgrave, "Texturing and
 * Modeling"). Even and odd octaves are summed apart, then added, so that the
 * SSE2 path (two octaves per instruction) and the scalar path agree bit for
 * bit.
 *
 * All values lie in [-1, 1]; the functions are pure and thread-safe once the
 * struct perlin is initialised. */
#ifndef OROGEN_CORE_NOISE_H
#define OROGEN_CORE_NOISE_H

#include <stdint.h>

#define NOISE_MAX_OCTAVES 16

struct perlin {
    uint8_t perm[512];                 /* permutation, repeated twice */
    double offset[NOISE_MAX_OCTAVES][3]; /* per-octave domain offsets */
};

struct fbm_params {
    int octaves;        /* 1..NOISE_MAX_OCTAVES */
    double frequency;   /* cycles per unit of the input domain */
    double lacunarity;  /* frequency ratio between octaves, typically 2 */
    double gain;        /* amplitude ratio between octaves, typically 0.5 */
};

/* Build the permutation and octave offsets from a 64-bit seed. */
void perlin_init(struct perlin *p, uint64_t seed);

/* Perlin gradient noise at (x, y); in [-1, 1], 0 at integer lattice points. */
double perlin2(const struct perlin *p, double x, double y);

/* Perlin gradient noise at (x, y, z); in [-1, 1]. */
double perlin3(const struct perlin *p, double x, double y, double z);

/* fBm of perlin2; octaves outside 1..NOISE_MAX_OCTAVES are clamped by the
 * caller's parameter validation (the parameter table enforces the range). */
double fbm2(const struct perlin *p, const struct fbm_params *f, double x, double y);

/* fBm of perlin3, e.g. for noise on the unit sphere. */
double fbm3(const struct perlin *p, const struct fbm_params *f, double x, double y, double z);

#endif
