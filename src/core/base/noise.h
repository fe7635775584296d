/* noise: gradient (Perlin) noise in 2D and 3D and fractal Brownian motion.
 *
 * Method: K. Perlin, "Improving Noise" (SIGGRAPH 2002): quintic fade,
 * gradients on cube edges, a 256-entry permutation. Unlike stb_perlin (8 seed
 * bits) the whole 64-bit seed shuffles the permutation (Fisher-Yates driven by
 * PCG32) and sets a per-octave offset, so distinct seeds give distinct fields.
 * fBm: sum over octaves of gain^i * noise(frequency * lacunarity^i * p +
 * offset_i), divided by the sum of the amplitudes (Musgrave, "Texturing and
 * Modeling"). Even and odd octaves are summed apart, then added (the order
 * of an earlier two-octaves-per-instruction path, kept so that worlds stay
 * the same); fbm2_batch evaluates that same definition across samples.
 *
 * All values lie in [-1, 1]; the functions are pure and thread-safe once the
 * struct perlin is initialised. */
#ifndef OROGEN_CORE_BASE_NOISE_H
#define OROGEN_CORE_BASE_NOISE_H

#include <stddef.h>
#include <stdint.h>

#define NOISE_MAX_OCTAVES 16

struct perlin {
    uint8_t perm[512];                 /* permutation, repeated twice */
    double offset[NOISE_MAX_OCTAVES][3]; /* per-octave domain offsets */
    /* Derived by perlin_init for the batched fBm: grad2[a] is the 2-D
     * gradient (x, y) of hash perm[a] & 7, so that the gradients of the
     * corners a and a + 1 lie in one 32-byte row. */
    double grad2[512][2] __attribute__((aligned(32)));
};

struct fbm_params {
    int octaves;        /* 1..NOISE_MAX_OCTAVES */
    double frequency;   /* cycles per unit of the input domain */
    double lacunarity;  /* frequency ratio between octaves, typically 2 */
    double gain;        /* amplitude ratio between octaves, typically 0.5 */
};

/* Build the permutation and octave offsets from a 64-bit seed. */
void perlin_init(struct perlin *p, uint64_t seed);

/* Perlin gradient noise at (x, y); in [-1, 1], 0 at integer lattice points.
 * The lattice index is floor(x) mod 256 (exact for any finite x); a
 * non-finite coordinate gives NaN. */
double perlin2(const struct perlin *p, double x, double y);

/* Perlin gradient noise at (x, y, z); in [-1, 1]. The lattice index is
 * floor(x) mod 256, as perlin2's (exact for any finite x). */
double perlin3(const struct perlin *p, double x, double y, double z);

/* fBm of perlin2; octaves outside 1..NOISE_MAX_OCTAVES are clamped by the
 * caller's parameter validation (the parameter table enforces the range). */
double fbm2(const struct perlin *p, const struct fbm_params *f, double x, double y);

/* fBm of n samples: out[k] = fbm2(p, f, x[k * stride], y[k * stride]) for k
 * in [0, n), bit for bit (the scalar definition), computed 4 samples at a
 * time across samples: AVX2 when the CPU has it (chosen at run time), else
 * SSE2 on x86-64, else the scalar code. Samples whose octave coordinates
 * reach 2^30 in magnitude (or are not finite) take the scalar path. */
void fbm2_batch(const struct perlin *p, const struct fbm_params *f, const double *x,
                const double *y, size_t stride, size_t n, double *out);

/* The paths of fbm2_batch, slowest first. */
enum { NOISE_SIMD_SCALAR, NOISE_SIMD_SSE2, NOISE_SIMD_AVX2 };

/* Choose fbm2_batch's path for the process: a NOISE_SIMD_* level (lowered
 * to the best the CPU has), or -1 for the default: the best, unless
 * OROGEN_NOISE_SIMD=scalar or sse2 asks for less. Returns the level in
 * effect. For tests and benchmarks: every path gives the same bits. */
int noise_simd_set(int level);

/* fBm of perlin3, e.g. for noise on the unit sphere: the sum over octaves
 * of gain^i * perlin3 in octave order, over the sum of the amplitudes. */
double fbm3(const struct perlin *p, const struct fbm_params *f, double x, double y, double z);

/* fBm of n samples in 3-D: out[k] = fbm3(p, f, x[k * stride],
 * y[k * stride], z[k * stride]) for k in [0, n), bit for bit, across
 * samples on the path of fbm2_batch (AVX2, SSE2 or scalar; noise_simd_set).
 * Samples whose octave coordinates may reach 2^29 (AVX2, in groups of
 * eight) or 2^30 (SSE2, pairs) in magnitude, or are not finite, take the
 * scalar path. For unit vectors xyz[3k..3k+2]: x = xyz,
 * y = xyz + 1, z = xyz + 2, stride 3. */
void fbm3_batch(const struct perlin *p, const struct fbm_params *f, const double *x,
                const double *y, const double *z, size_t stride, size_t n, double *out);

#endif
