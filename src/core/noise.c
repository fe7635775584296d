#include "config.h"
#include "core/noise.h"

#include <math.h>

#include "core/rng.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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
 * sqrt(2)/2 = 1, so the interpolated value stays in [-1, 1]. Table look-ups
 * instead of a switch: the gradient index is random, so branches on it
 * would mispredict about half the time. */
static const double grad2_x[8] = { 1, -1, 1, -1, 1.4142135623730951, -1.4142135623730951, 0, 0 };
static const double grad2_y[8] = { 1, 1, -1, -1, 0, 0, 1.4142135623730951, -1.4142135623730951 };

/* floor() as an integer without a libm call (x well inside int range). */
static inline int
fast_floor(double x)
{
    int i = (int)x;
    return i - (x < (double)i);
}

/* The body of perlin2, inlined into fbm2 so octaves overlap in the CPU. */
static inline __attribute__((always_inline)) double
perlin2_inline(const struct perlin *p, double x, double y)
{
    int fx = fast_floor(x), fy = fast_floor(y);
    int xi = fx & 255, yi = fy & 255;
    double xf = x - fx, yf = y - fy;
    double u = fade(xf), v = fade(yf);
    const uint8_t *P = p->perm;
    int a = P[xi] + yi, b = P[xi + 1] + yi;
    unsigned h00 = P[a] & 7u, h10 = P[b] & 7u, h01 = P[a + 1] & 7u, h11 = P[b + 1] & 7u;

    double n00 = grad2_x[h00] * xf + grad2_y[h00] * yf;
    double n10 = grad2_x[h10] * (xf - 1.0) + grad2_y[h10] * yf;
    double n01 = grad2_x[h01] * xf + grad2_y[h01] * (yf - 1.0);
    double n11 = grad2_x[h11] * (xf - 1.0) + grad2_y[h11] * (yf - 1.0);
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
    int fx = fast_floor(x), fy = fast_floor(y), fz = fast_floor(z);
    int xi = fx & 255, yi = fy & 255, zi = fz & 255;
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

#ifdef __SSE2__
/* Two octaves of perlin2 at once in the two double lanes of SSE2 (baseline
 * on x86-64). Every lane performs exactly the scalar operations of
 * perlin2_inline in the same order, so results are bit-identical to it. */
static inline __m128d
perlin2_pair(const struct perlin *p, __m128d x, __m128d y)
{
    const uint8_t *P = p->perm;
    __m128d tx = _mm_cvtepi32_pd(_mm_cvttpd_epi32(x));
    __m128d ty = _mm_cvtepi32_pd(_mm_cvttpd_epi32(y));
    /* floor = trunc - (x < trunc) */
    __m128d one = _mm_set1_pd(1.0);
    __m128d fx = _mm_sub_pd(tx, _mm_and_pd(_mm_cmplt_pd(x, tx), one));
    __m128d fy = _mm_sub_pd(ty, _mm_and_pd(_mm_cmplt_pd(y, ty), one));
    __m128i ix = _mm_cvttpd_epi32(fx), iy = _mm_cvttpd_epi32(fy);
    int x0 = _mm_cvtsi128_si32(ix) & 255, x1 = _mm_cvtsi128_si32(_mm_srli_si128(ix, 4)) & 255;
    int y0 = _mm_cvtsi128_si32(iy) & 255, y1 = _mm_cvtsi128_si32(_mm_srli_si128(iy, 4)) & 255;
    __m128d xf = _mm_sub_pd(x, fx), yf = _mm_sub_pd(y, fy);
    __m128d c6 = _mm_set1_pd(6.0), c15 = _mm_set1_pd(15.0), c10 = _mm_set1_pd(10.0);
    __m128d u = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(xf, xf), xf),
                           _mm_add_pd(_mm_mul_pd(xf, _mm_sub_pd(_mm_mul_pd(xf, c6), c15)), c10));
    __m128d v = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(yf, yf), yf),
                           _mm_add_pd(_mm_mul_pd(yf, _mm_sub_pd(_mm_mul_pd(yf, c6), c15)), c10));
    int a0 = P[x0] + y0, b0 = P[x0 + 1] + y0, a1 = P[x1] + y1, b1 = P[x1 + 1] + y1;
    unsigned h00a = P[a0] & 7u, h10a = P[b0] & 7u, h01a = P[a0 + 1] & 7u, h11a = P[b0 + 1] & 7u;
    unsigned h00b = P[a1] & 7u, h10b = P[b1] & 7u, h01b = P[a1 + 1] & 7u, h11b = P[b1 + 1] & 7u;
    __m128d xm = _mm_sub_pd(xf, one), ym = _mm_sub_pd(yf, one);
    __m128d n00 = _mm_add_pd(_mm_mul_pd(_mm_set_pd(grad2_x[h00b], grad2_x[h00a]), xf),
                             _mm_mul_pd(_mm_set_pd(grad2_y[h00b], grad2_y[h00a]), yf));
    __m128d n10 = _mm_add_pd(_mm_mul_pd(_mm_set_pd(grad2_x[h10b], grad2_x[h10a]), xm),
                             _mm_mul_pd(_mm_set_pd(grad2_y[h10b], grad2_y[h10a]), yf));
    __m128d n01 = _mm_add_pd(_mm_mul_pd(_mm_set_pd(grad2_x[h01b], grad2_x[h01a]), xf),
                             _mm_mul_pd(_mm_set_pd(grad2_y[h01b], grad2_y[h01a]), ym));
    __m128d n11 = _mm_add_pd(_mm_mul_pd(_mm_set_pd(grad2_x[h11b], grad2_x[h11a]), xm),
                             _mm_mul_pd(_mm_set_pd(grad2_y[h11b], grad2_y[h11a]), ym));
    __m128d i0 = _mm_add_pd(n00, _mm_mul_pd(u, _mm_sub_pd(n10, n00)));
    __m128d i1 = _mm_add_pd(n01, _mm_mul_pd(u, _mm_sub_pd(n11, n01)));
    return _mm_add_pd(i0, _mm_mul_pd(v, _mm_sub_pd(i1, i0)));
}
#endif

/* The octaves are summed in two interleaved accumulators (even and odd
 * octaves), then added: the SSE2 path and the scalar path use this same
 * order, so both give the same bits. */
double
fbm2(const struct perlin *p, const struct fbm_params *f, double x, double y)
{
    double amp[NOISE_MAX_OCTAVES], freq[NOISE_MAX_OCTAVES];
    double norm = 0.0, a = 1.0, fr = f->frequency, even = 0.0, odd = 0.0;
    int i = 0, n = f->octaves;

    if (n < 1) {
        n = 1;
    } else if (n > NOISE_MAX_OCTAVES) {
        n = NOISE_MAX_OCTAVES;
    }
    for (i = 0; i < n; i++) {
        amp[i] = a;
        freq[i] = fr;
        norm += a;
        a *= f->gain;
        fr *= f->lacunarity;
    }
    i = 0;
#ifdef __SSE2__
    {
        __m128d acc = _mm_setzero_pd();
        __m128d vx = _mm_set1_pd(x), vy = _mm_set1_pd(y);
        for (; i + 1 < n; i += 2) {
            __m128d fr2 = _mm_loadu_pd(&freq[i]);
            __m128d px = _mm_add_pd(_mm_mul_pd(vx, fr2),
                                    _mm_set_pd(p->offset[i + 1][0], p->offset[i][0]));
            __m128d py = _mm_add_pd(_mm_mul_pd(vy, fr2),
                                    _mm_set_pd(p->offset[i + 1][1], p->offset[i][1]));
            acc = _mm_add_pd(acc, _mm_mul_pd(_mm_loadu_pd(&amp[i]), perlin2_pair(p, px, py)));
        }
        even = _mm_cvtsd_f64(acc);
        odd = _mm_cvtsd_f64(_mm_unpackhi_pd(acc, acc));
    }
#endif
    for (; i < n; i++) {
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
        sum += amp * perlin3_inline(p, x * freq + p->offset[i][0], y * freq + p->offset[i][1],
                             z * freq + p->offset[i][2]);
        norm += amp;
        amp *= f->gain;
        freq *= f->lacunarity;
    }
    return sum / norm;
}
