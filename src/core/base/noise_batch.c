/* noise_batch: fbm2 over many samples, vectorised across samples.
 *
 * Each vector lane is one sample and performs exactly the scalar
 * operations of noise.c's perlin2/fbm2 in the same order (multiply, then
 * add: the build has -ffp-contract=off and no FMA is used), so every result
 * is bit-identical to fbm2. Two paths on x86-64: SSE2 (the baseline, two
 * samples per register) and AVX2 (four samples per register), the latter
 * chosen at run time with __builtin_cpu_supports and compiled through a
 * target attribute, so the binary still runs on any x86-64.
 *
 * Per octave and sample the lattice corners a = perm[xi] + yi and
 * b = perm[xi + 1] + yi are found with scalar byte loads; the gradients of
 * the corner pairs (a, a + 1) and (b, b + 1) are one 32-byte row each of
 * perlin.grad2, loaded whole and transposed into lanes. A sample whose
 * octave coordinate is not below 2^30 in magnitude (or not finite) makes
 * its group fall back to the scalar definition. */
#include "config.h"
#include "core/base/noise.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/noise_internal.h"

#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2__))
#define NOISE_X86 1
#include <immintrin.h>
#endif

#ifdef NOISE_X86

/* Two samples in the lanes of vx, vy; out[0..1]. Returns nonzero when a
 * lane left the fast range (the caller recomputes those with the scalar
 * code). */
static inline int
fbm2_x2_sse2(const struct perlin *p, int n, const double *amp, const double *freq, double norm,
             __m128d vx, __m128d vy, double *out)
{
    const uint8_t *P = p->perm;
    const __m128d one = _mm_set1_pd(1.0), lim = _mm_set1_pd(NOISE_FAST_LIMIT);
    const __m128d absm = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
    const __m128d c6 = _mm_set1_pd(6.0), c15 = _mm_set1_pd(15.0), c10 = _mm_set1_pd(10.0);
    __m128d even = _mm_setzero_pd(), odd = _mm_setzero_pd(), bad = _mm_setzero_pd();
    int i;

    for (i = 0; i < n; i++) {
        __m128d fr = _mm_set1_pd(freq[i]);
        __m128d x = _mm_add_pd(_mm_mul_pd(vx, fr), _mm_set1_pd(p->offset[i][0]));
        __m128d y = _mm_add_pd(_mm_mul_pd(vy, fr), _mm_set1_pd(p->offset[i][1]));
        __m128d tx, ty, fx, fy, xf, yf, xm, ym, u, v;
        __m128d gx00, gy00, gx10, gy10, gx01, gy01, gx11, gy11, n00, n10, n01, n11, i0, i1, r;
        __m128d ra0, ra1, rb0, rb1;
        __m128i ix, iy;
        int xs[4], ys[4], a0, b0, a1, b1, x0, x1, y0, y1;

        /* !(|c| < limit): also true for NaN */
        bad = _mm_or_pd(bad, _mm_cmpnlt_pd(_mm_and_pd(x, absm), lim));
        bad = _mm_or_pd(bad, _mm_cmpnlt_pd(_mm_and_pd(y, absm), lim));
        ix = _mm_cvttpd_epi32(x);
        iy = _mm_cvttpd_epi32(y);
        tx = _mm_cvtepi32_pd(ix);
        ty = _mm_cvtepi32_pd(iy);
        /* floor = trunc - (c < trunc) */
        fx = _mm_sub_pd(tx, _mm_and_pd(_mm_cmplt_pd(x, tx), one));
        fy = _mm_sub_pd(ty, _mm_and_pd(_mm_cmplt_pd(y, ty), one));
        _mm_storeu_si128((__m128i *)(void *)xs, _mm_cvttpd_epi32(fx));
        _mm_storeu_si128((__m128i *)(void *)ys, _mm_cvttpd_epi32(fy));
        x0 = xs[0] & 255;
        x1 = xs[1] & 255;
        y0 = ys[0] & 255;
        y1 = ys[1] & 255;
        a0 = P[x0] + y0;
        b0 = P[x0 + 1] + y0;
        a1 = P[x1] + y1;
        b1 = P[x1 + 1] + y1;
        xf = _mm_sub_pd(x, fx);
        yf = _mm_sub_pd(y, fy);
        u = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(xf, xf), xf),
                       _mm_add_pd(_mm_mul_pd(xf, _mm_sub_pd(_mm_mul_pd(xf, c6), c15)), c10));
        v = _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(yf, yf), yf),
                       _mm_add_pd(_mm_mul_pd(yf, _mm_sub_pd(_mm_mul_pd(yf, c6), c15)), c10));
        ra0 = _mm_load_pd(p->grad2[a0]);
        ra1 = _mm_load_pd(p->grad2[a1]);
        gx00 = _mm_unpacklo_pd(ra0, ra1);
        gy00 = _mm_unpackhi_pd(ra0, ra1);
        rb0 = _mm_load_pd(p->grad2[b0]);
        rb1 = _mm_load_pd(p->grad2[b1]);
        gx10 = _mm_unpacklo_pd(rb0, rb1);
        gy10 = _mm_unpackhi_pd(rb0, rb1);
        ra0 = _mm_load_pd(p->grad2[a0 + 1]);
        ra1 = _mm_load_pd(p->grad2[a1 + 1]);
        gx01 = _mm_unpacklo_pd(ra0, ra1);
        gy01 = _mm_unpackhi_pd(ra0, ra1);
        rb0 = _mm_load_pd(p->grad2[b0 + 1]);
        rb1 = _mm_load_pd(p->grad2[b1 + 1]);
        gx11 = _mm_unpacklo_pd(rb0, rb1);
        gy11 = _mm_unpackhi_pd(rb0, rb1);
        xm = _mm_sub_pd(xf, one);
        ym = _mm_sub_pd(yf, one);
        n00 = _mm_add_pd(_mm_mul_pd(gx00, xf), _mm_mul_pd(gy00, yf));
        n10 = _mm_add_pd(_mm_mul_pd(gx10, xm), _mm_mul_pd(gy10, yf));
        n01 = _mm_add_pd(_mm_mul_pd(gx01, xf), _mm_mul_pd(gy01, ym));
        n11 = _mm_add_pd(_mm_mul_pd(gx11, xm), _mm_mul_pd(gy11, ym));
        i0 = _mm_add_pd(n00, _mm_mul_pd(u, _mm_sub_pd(n10, n00)));
        i1 = _mm_add_pd(n01, _mm_mul_pd(u, _mm_sub_pd(n11, n01)));
        r = _mm_mul_pd(_mm_set1_pd(amp[i]), _mm_add_pd(i0, _mm_mul_pd(v, _mm_sub_pd(i1, i0))));
        if (i & 1) {
            odd = _mm_add_pd(odd, r);
        } else {
            even = _mm_add_pd(even, r);
        }
    }
    _mm_storeu_pd(out, _mm_div_pd(_mm_add_pd(even, odd), _mm_set1_pd(norm)));
    return _mm_movemask_pd(bad);
}

/* Four samples per register; the same operations lane by lane. */
__attribute__((target("avx2"))) static int
fbm2_x4_avx2(const struct perlin *p, int n, const double *amp, const double *freq, double norm,
             __m256d vx, __m256d vy, double *out)
{
    const uint8_t *P = p->perm;
    const __m256d one = _mm256_set1_pd(1.0), lim = _mm256_set1_pd(NOISE_FAST_LIMIT);
    const __m256d absm = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffll));
    const __m256d c6 = _mm256_set1_pd(6.0), c15 = _mm256_set1_pd(15.0);
    const __m256d c10 = _mm256_set1_pd(10.0);
    __m256d even = _mm256_setzero_pd(), odd = _mm256_setzero_pd(), bad = _mm256_setzero_pd();
    int i, k;

    for (i = 0; i < n; i++) {
        __m256d fr = _mm256_set1_pd(freq[i]);
        __m256d x = _mm256_add_pd(_mm256_mul_pd(vx, fr), _mm256_set1_pd(p->offset[i][0]));
        __m256d y = _mm256_add_pd(_mm256_mul_pd(vy, fr), _mm256_set1_pd(p->offset[i][1]));
        __m256d fx, fy, xf, yf, xm, ym, u, v, ra[4], rb[4], t0, t1, t2, t3;
        __m256d gx00, gy00, gx10, gy10, gx01, gy01, gx11, gy11, n00, n10, n01, n11, i0, i1, r;
        int xs[4], ys[4];

        bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(x, absm), lim, _CMP_NLT_UQ));
        bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_and_pd(y, absm), lim, _CMP_NLT_UQ));
        fx = _mm256_floor_pd(x);
        fy = _mm256_floor_pd(y);
        _mm_storeu_si128((__m128i *)(void *)xs, _mm256_cvttpd_epi32(fx));
        _mm_storeu_si128((__m128i *)(void *)ys, _mm256_cvttpd_epi32(fy));
        for (k = 0; k < 4; k++) {
            int xi = xs[k] & 255, yi = ys[k] & 255;
            ra[k] = _mm256_loadu_pd(p->grad2[P[xi] + yi]);
            rb[k] = _mm256_loadu_pd(p->grad2[P[xi + 1] + yi]);
        }
        xf = _mm256_sub_pd(x, fx);
        yf = _mm256_sub_pd(y, fy);
        u = _mm256_mul_pd(
            _mm256_mul_pd(_mm256_mul_pd(xf, xf), xf),
            _mm256_add_pd(_mm256_mul_pd(xf, _mm256_sub_pd(_mm256_mul_pd(xf, c6), c15)), c10));
        v = _mm256_mul_pd(
            _mm256_mul_pd(_mm256_mul_pd(yf, yf), yf),
            _mm256_add_pd(_mm256_mul_pd(yf, _mm256_sub_pd(_mm256_mul_pd(yf, c6), c15)), c10));
        /* rows {gx(a), gy(a), gx(a+1), gy(a+1)} of samples 0..3 into lanes */
        t0 = _mm256_unpacklo_pd(ra[0], ra[1]);
        t1 = _mm256_unpackhi_pd(ra[0], ra[1]);
        t2 = _mm256_unpacklo_pd(ra[2], ra[3]);
        t3 = _mm256_unpackhi_pd(ra[2], ra[3]);
        gx00 = _mm256_permute2f128_pd(t0, t2, 0x20);
        gx01 = _mm256_permute2f128_pd(t0, t2, 0x31);
        gy00 = _mm256_permute2f128_pd(t1, t3, 0x20);
        gy01 = _mm256_permute2f128_pd(t1, t3, 0x31);
        t0 = _mm256_unpacklo_pd(rb[0], rb[1]);
        t1 = _mm256_unpackhi_pd(rb[0], rb[1]);
        t2 = _mm256_unpacklo_pd(rb[2], rb[3]);
        t3 = _mm256_unpackhi_pd(rb[2], rb[3]);
        gx10 = _mm256_permute2f128_pd(t0, t2, 0x20);
        gx11 = _mm256_permute2f128_pd(t0, t2, 0x31);
        gy10 = _mm256_permute2f128_pd(t1, t3, 0x20);
        gy11 = _mm256_permute2f128_pd(t1, t3, 0x31);
        xm = _mm256_sub_pd(xf, one);
        ym = _mm256_sub_pd(yf, one);
        n00 = _mm256_add_pd(_mm256_mul_pd(gx00, xf), _mm256_mul_pd(gy00, yf));
        n10 = _mm256_add_pd(_mm256_mul_pd(gx10, xm), _mm256_mul_pd(gy10, yf));
        n01 = _mm256_add_pd(_mm256_mul_pd(gx01, xf), _mm256_mul_pd(gy01, ym));
        n11 = _mm256_add_pd(_mm256_mul_pd(gx11, xm), _mm256_mul_pd(gy11, ym));
        i0 = _mm256_add_pd(n00, _mm256_mul_pd(u, _mm256_sub_pd(n10, n00)));
        i1 = _mm256_add_pd(n01, _mm256_mul_pd(u, _mm256_sub_pd(n11, n01)));
        r = _mm256_mul_pd(_mm256_set1_pd(amp[i]),
                          _mm256_add_pd(i0, _mm256_mul_pd(v, _mm256_sub_pd(i1, i0))));
        if (i & 1) {
            odd = _mm256_add_pd(odd, r);
        } else {
            even = _mm256_add_pd(even, r);
        }
    }
    _mm256_storeu_pd(out, _mm256_div_pd(_mm256_add_pd(even, odd), _mm256_set1_pd(norm)));
    return _mm256_movemask_pd(bad);
}

__attribute__((target("avx2"))) static size_t
fbm2_run_avx2(const struct perlin *p, int no, const double *amp, const double *freq,
              double norm, const double *x, const double *y, size_t s, size_t n, double *out)
{
    size_t k, j;

    for (k = 0; k + 4 <= n; k += 4) {
        const double *xk = x + k * s, *yk = y + k * s;
        __m256d vx = _mm256_set_pd(xk[3 * s], xk[2 * s], xk[s], xk[0]);
        __m256d vy = _mm256_set_pd(yk[3 * s], yk[2 * s], yk[s], yk[0]);
        if (fbm2_x4_avx2(p, no, amp, freq, norm, vx, vy, out + k) != 0) {
            for (j = k; j < k + 4; j++) {
                out[j] = noise_fbm2_scalar(p, no, amp, freq, norm, x[j * s], y[j * s]);
            }
        }
    }
    return k;
}

static size_t
fbm2_run_sse2(const struct perlin *p, int no, const double *amp, const double *freq,
              double norm, const double *x, const double *y, size_t s, size_t n, double *out)
{
    size_t k, j;

    for (k = 0; k + 2 <= n; k += 2) {
        const double *xk = x + k * s, *yk = y + k * s;
        __m128d vx = _mm_set_pd(xk[s], xk[0]), vy = _mm_set_pd(yk[s], yk[0]);
        if (fbm2_x2_sse2(p, no, amp, freq, norm, vx, vy, out + k) != 0) {
            for (j = k; j < k + 2; j++) {
                out[j] = noise_fbm2_scalar(p, no, amp, freq, norm, x[j * s], y[j * s]);
            }
        }
    }
    return k;
}

#endif

/* The path in use: -1 until first asked, then a NOISE_SIMD_* level. */
static int simd_level = -1;

static int
simd_best(void)
{
#ifdef NOISE_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? NOISE_SIMD_AVX2 : NOISE_SIMD_SSE2;
#else
    return NOISE_SIMD_SCALAR;
#endif
}

int
noise_simd_set(int level)
{
    int best = simd_best();
    if (level < 0) {
        const char *e = getenv("OROGEN_NOISE_SIMD");
        level = best;
        if (e != NULL && strcmp(e, "scalar") == 0) {
            level = NOISE_SIMD_SCALAR;
        } else if (e != NULL && strcmp(e, "sse2") == 0) {
            level = NOISE_SIMD_SSE2;
        }
    }
    level = level > best ? best : level;
    __atomic_store_n(&simd_level, level, __ATOMIC_RELAXED);
    return level;
}

int
noise_simd_level(void)
{
    int level = __atomic_load_n(&simd_level, __ATOMIC_RELAXED);
    return level < 0 ? noise_simd_set(-1) : level;
}

void
fbm2_batch(const struct perlin *p, const struct fbm_params *f, const double *x, const double *y,
           size_t stride, size_t n, double *out)
{
    double amp[NOISE_MAX_OCTAVES], freq[NOISE_MAX_OCTAVES], norm;
    int no = noise_fbm2_octaves(f, amp, freq, &norm);
    size_t k = 0;

#ifdef NOISE_X86
    int level = noise_simd_level();
    if (level >= NOISE_SIMD_AVX2) {
        k = fbm2_run_avx2(p, no, amp, freq, norm, x, y, stride, n, out);
    }
    if (level >= NOISE_SIMD_SSE2) {
        k += fbm2_run_sse2(p, no, amp, freq, norm, x + k * stride, y + k * stride, stride, n - k,
                           out + k);
    }
#endif
    for (; k < n; k++) {
        out[k] = noise_fbm2_scalar(p, no, amp, freq, norm, x[k * stride], y[k * stride]);
    }
}
