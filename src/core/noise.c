#include "config.h"
#include "core/noise.h"

#include <math.h>

#include "core/rng.h"

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
 * sqrt(2)/2 = 1, so the interpolated value stays in [-1, 1]. */
static inline double
grad2(unsigned h, double x, double y)
{
    switch (h & 7u) {
    case 0: return x + y;
    case 1: return -x + y;
    case 2: return x - y;
    case 3: return -x - y;
    case 4: return 1.4142135623730951 * x;
    case 5: return -1.4142135623730951 * x;
    case 6: return 1.4142135623730951 * y;
    default: return -1.4142135623730951 * y;
    }
}

double
perlin2(const struct perlin *p, double x, double y)
{
    double fx = floor(x), fy = floor(y);
    int xi = (int)((long long)fx & 255), yi = (int)((long long)fy & 255);
    double xf = x - fx, yf = y - fy;
    double u = fade(xf), v = fade(yf);
    const uint8_t *P = p->perm;
    int a = P[xi] + yi, b = P[xi + 1] + yi;

    double n00 = grad2(P[a], xf, yf);
    double n10 = grad2(P[b], xf - 1.0, yf);
    double n01 = grad2(P[a + 1], xf, yf - 1.0);
    double n11 = grad2(P[b + 1], xf - 1.0, yf - 1.0);
    return lerp(lerp(n00, n10, u), lerp(n01, n11, u), v);
}

/* The twelve cube-edge gradients of "Improving Noise" (length sqrt(2)). */
static inline double
grad3(unsigned hash, double x, double y, double z)
{
    unsigned h = hash & 15u;
    double u = h < 8 ? x : y;
    double v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1u) ? -u : u) + ((h & 2u) ? -v : v);
}

double
perlin3(const struct perlin *p, double x, double y, double z)
{
    double fx = floor(x), fy = floor(y), fz = floor(z);
    int xi = (int)((long long)fx & 255), yi = (int)((long long)fy & 255);
    int zi = (int)((long long)fz & 255);
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
    /* Edge gradients can reach exactly 1 at cell centres; keep the contract. */
    return r > 1.0 ? 1.0 : (r < -1.0 ? -1.0 : r);
}

double
fbm2(const struct perlin *p, const struct fbm_params *f, double x, double y)
{
    double sum = 0.0, amp = 1.0, norm = 0.0, freq = f->frequency;
    int i, n = f->octaves;

    if (n < 1) {
        n = 1;
    } else if (n > NOISE_MAX_OCTAVES) {
        n = NOISE_MAX_OCTAVES;
    }
    for (i = 0; i < n; i++) {
        sum += amp * perlin2(p, x * freq + p->offset[i][0], y * freq + p->offset[i][1]);
        norm += amp;
        amp *= f->gain;
        freq *= f->lacunarity;
    }
    return sum / norm;
}

double
fbm3(const struct perlin *p, const struct fbm_params *f, double x, double y, double z)
{
    double sum = 0.0, amp = 1.0, norm = 0.0, freq = f->frequency;
    int i, n = f->octaves;

    if (n < 1) {
        n = 1;
    } else if (n > NOISE_MAX_OCTAVES) {
        n = NOISE_MAX_OCTAVES;
    }
    for (i = 0; i < n; i++) {
        sum += amp * perlin3(p, x * freq + p->offset[i][0], y * freq + p->offset[i][1],
                             z * freq + p->offset[i][2]);
        norm += amp;
        amp *= f->gain;
        freq *= f->lacunarity;
    }
    return sum / norm;
}
