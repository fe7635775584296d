#include "config.h"
#include "core/base/noise.h"

#include <math.h>

#include "core/base/rng.h"

#include "core/base/noise_internal.h"

void
perlin_init(struct perlin *p, uint64_t seed)
{
    struct rng r;
    int i;

    rng_seed(&r, seed, 0x9e2f1a7c3b5d4e61ull);
    for (i = 0; i < 256; i++) {
        p->perm[i] = (uint8_t)i;
    }
    for (i = 255; i > 0; i--) {
        uint32_t j = rng_next_below(&r, (uint32_t)i + 1);
        uint8_t t = p->perm[i];
        p->perm[i] = p->perm[j];
        p->perm[j] = t;
    }
    for (i = 0; i < 256; i++) {
        p->perm[256 + i] = p->perm[i];
    }
    for (i = 0; i < 512; i++) {
        p->grad2[i][0] = noise_grad2_x[p->perm[i] & 7u];
        p->grad2[i][1] = noise_grad2_y[p->perm[i] & 7u];
    }
    for (i = 0; i < NOISE_MAX_OCTAVES; i++) {
        /* Offsets in [0, 256) keep coordinates small enough for exact floors. */
        p->offset[i][0] = rng_next_double(&r) * 256.0;
        p->offset[i][1] = rng_next_double(&r) * 256.0;
        p->offset[i][2] = rng_next_double(&r) * 256.0;
    }
}

static inline double
fade(double t)
{
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

static inline double
lerp(double a, double b, double t)
{
    return a + t * (b - a);
}

/* Eight gradients of length sqrt(2): the four diagonals and the four axes
 * scaled by sqrt(2). Each corner contributes at most |g| * |d| <= sqrt(2) *
 * sqrt(2)/2 = 1, so the interpolated value stays in [-1, 1]. Table look-ups
 * instead of a switch: the gradient index is random, so branches on it
 * would mispredict about half the time. */
const double noise_grad2_x[8] = { 1, -1, 1, -1, 1.4142135623730951, -1.4142135623730951, 0, 0 };
const double noise_grad2_y[8] = { 1, 1, -1, -1, 0, 0, 1.4142135623730951, -1.4142135623730951 };

/* floor() as an integer without a libm call (x well inside int range). */
static inline int
fast_floor(double x)
{
    int i = (int)x;
    return i - (x < (double)i);
}

/* floor(x) into *fl and floor(x) mod 256 as the result, exact for every
 * finite x: the integer path below 2^30 (where the two agree), else
 * f - 256 floor(f / 256), whose every step is exact in binary64. A
 * non-finite x gives index 0 (its fraction is NaN anyway). */
static inline int
lattice_floor(double x, double *fl)
{
    double f, m;
    if (fabs(x) < NOISE_FAST_LIMIT) {
        int i = fast_floor(x);
        *fl = (double)i;
        return i & 255;
    }
    f = floor(x);
    *fl = f;
    if (!isfinite(f)) {
        return 0;
    }
    m = f - 256.0 * floor(f * (1.0 / 256.0));
    return (int)m;
}

/* The body of perlin2, inlined into fbm2 so octaves overlap in the CPU. */
static inline __attribute__((always_inline)) double
perlin2_inline(const struct perlin *p, double x, double y)
{
    double fx, fy;
    int xi = lattice_floor(x, &fx), yi = lattice_floor(y, &fy);
    double xf = x - fx, yf = y - fy;
    double u = fade(xf), v = fade(yf);
    const uint8_t *P = p->perm;
    int a = P[xi] + yi, b = P[xi + 1] + yi;
    unsigned h00 = P[a] & 7u, h10 = P[b] & 7u, h01 = P[a + 1] & 7u, h11 = P[b + 1] & 7u;

    double n00 = noise_grad2_x[h00] * xf + noise_grad2_y[h00] * yf;
    double n10 = noise_grad2_x[h10] * (xf - 1.0) + noise_grad2_y[h10] * yf;
    double n01 = noise_grad2_x[h01] * xf + noise_grad2_y[h01] * (yf - 1.0);
    double n11 = noise_grad2_x[h11] * (xf - 1.0) + noise_grad2_y[h11] * (yf - 1.0);
    return lerp(lerp(n00, n10, u), lerp(n01, n11, u), v);
}

double
perlin2(const struct perlin *p, double x, double y)
{
    return perlin2_inline(p, x, y);
}

/* The twelve cube-edge gradients of "Improving Noise" (length sqrt(2)),
 * padded to 16 by repeating four, as the paper does. */
static const double grad3_t[16][3] = {
    { 1, 1, 0 }, { -1, 1, 0 }, { 1, -1, 0 }, { -1, -1, 0 },
    { 1, 0, 1 }, { -1, 0, 1 }, { 1, 0, -1 }, { -1, 0, -1 },
    { 0, 1, 1 }, { 0, -1, 1 }, { 0, 1, -1 }, { 0, -1, -1 },
    { 1, 1, 0 }, { 0, -1, 1 }, { -1, 1, 0 }, { 0, -1, -1 },
};

static inline double
grad3(unsigned hash, double x, double y, double z)
{
    const double *g = grad3_t[hash & 15u];
    return g[0] * x + g[1] * y + g[2] * z;
}

static inline __attribute__((always_inline)) double
perlin3_inline(const struct perlin *p, double x, double y, double z)
{
    double fx, fy, fz;
    int xi = lattice_floor(x, &fx), yi = lattice_floor(y, &fy), zi = lattice_floor(z, &fz);
    double xf = x - fx, yf = y - fy, zf = z - fz;
    double u = fade(xf), v = fade(yf), w = fade(zf);
    const uint8_t *P = p->perm;
    int a = P[xi] + yi, aa = P[a] + zi, ab = P[a + 1] + zi;
    int b = P[xi + 1] + yi, ba = P[b] + zi, bb = P[b + 1] + zi;

    double x1 = lerp(grad3(P[aa], xf, yf, zf), grad3(P[ba], xf - 1, yf, zf), u);
    double x2 = lerp(grad3(P[ab], xf, yf - 1, zf), grad3(P[bb], xf - 1, yf - 1, zf), u);
    double y1 = lerp(x1, x2, v);
    double x3 = lerp(grad3(P[aa + 1], xf, yf, zf - 1), grad3(P[ba + 1], xf - 1, yf, zf - 1), u);
    double x4 = lerp(grad3(P[ab + 1], xf, yf - 1, zf - 1),
                     grad3(P[bb + 1], xf - 1, yf - 1, zf - 1), u);
    double y2 = lerp(x3, x4, v);
    double r = lerp(y1, y2, w);
    /* The cube-edge gradients keep |r| <= 1 in theory; guard the last ulp. */
    return r > 1.0 ? 1.0 : (r < -1.0 ? -1.0 : r);
}

double
perlin3(const struct perlin *p, double x, double y, double z)
{
    return perlin3_inline(p, x, y, z);
}

int
noise_fbm2_octaves(const struct fbm_params *f, double *amp, double *freq, double *norm)
{
    double a = 1.0, fr = f->frequency, sum = 0.0;
    int i, n = f->octaves;

    if (n < 1) {
        n = 1;
    } else if (n > NOISE_MAX_OCTAVES) {
        n = NOISE_MAX_OCTAVES;
    }
    for (i = 0; i < n; i++) {
        amp[i] = a;
        freq[i] = fr;
        sum += a;
        a *= f->gain;
        fr *= f->lacunarity;
    }
    *norm = sum;
    return n;
}

/* The octaves are summed in two interleaved accumulators (even and odd
 * octaves), then added; fbm2_batch's vector paths keep this order. */
double
noise_fbm2_scalar(const struct perlin *p, int n, const double *amp, const double *freq,
                  double norm, double x, double y)
{
    double even = 0.0, odd = 0.0;
    int i;

    for (i = 0; i < n; i++) {
        double v = amp[i] * perlin2_inline(p, x * freq[i] + p->offset[i][0],
                                           y * freq[i] + p->offset[i][1]);
        if (i & 1) {
            odd += v;
        } else {
            even += v;
        }
    }
    return (even + odd) / norm;
}

double
fbm2(const struct perlin *p, const struct fbm_params *f, double x, double y)
{
    double amp[NOISE_MAX_OCTAVES], freq[NOISE_MAX_OCTAVES], norm;
    int n = noise_fbm2_octaves(f, amp, freq, &norm);
    return noise_fbm2_scalar(p, n, amp, freq, norm, x, y);
}

/* fbm3 at (x, y, z) with the tables of noise_fbm2_octaves: one sum in
 * octave order, started at +0 (fbm3_batch relies on it: a -0 term adds
 * +0, so the sum never depends on the sign of a zero). */
double
noise_fbm3_scalar(const struct perlin *p, int n, const double *amp, const double *freq,
                  double norm, double x, double y, double z)
{
    double sum = 0.0;
    int i;

    for (i = 0; i < n; i++) {
        sum += amp[i] * perlin3_inline(p, x * freq[i] + p->offset[i][0],
                                       y * freq[i] + p->offset[i][1],
                                       z * freq[i] + p->offset[i][2]);
    }
    return sum / norm;
}

double
fbm3(const struct perlin *p, const struct fbm_params *f, double x, double y, double z)
{
    double amp[NOISE_MAX_OCTAVES], freq[NOISE_MAX_OCTAVES], norm;
    int n = noise_fbm2_octaves(f, amp, freq, &norm);
    return noise_fbm3_scalar(p, n, amp, freq, norm, x, y, z);
}
