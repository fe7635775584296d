/* noise_batch3: fbm3 over many samples, vectorised across samples.
 *
 * The design of noise_batch.c (fbm2_batch) in three dimensions: each
 * vector lane is one sample and performs the operations of noise.c's
 * perlin3/fbm3 in the same order (multiply, then add: the build has
 * -ffp-contract=off and no FMA is used). SSE2 (two samples a register)
 * is the baseline on x86-64; AVX2 (four) is chosen at run time by
 * noise_simd_set and compiled through a target attribute.
 *
 * Per octave and sample the eight corner hashes are found with scalar
 * byte loads from the permutation, as in the scalar code.
 *  - SSE2 multiplies the corner offsets by the gradient components, row
 *    grad3_t[hash] transposed into lanes: the very operations of grad3.
 *  - AVX2 selects and negates instead of multiplying. Every gradient has
 *    two components +-1 and one 0, so g . d is +-d_i +- d_j, one rounded
 *    sum: grad3's (g0 d0 + g1 d1) + g2 d2 adds an exact +-0 product
 *    before or after that same rounding, so both give the same real
 *    number, and can differ only in the sign of a zero. +, - and * of
 *    equal reals give equal reals, the clamp compares reals, and fbm3's
 *    sum starts at +0, to which a -0 adds +0: the results are the same
 *    bits (test_rng_noise compares every path with fbm3).
 * A sample whose octave coordinate is not below 2^30 in magnitude (or not
 * finite) makes its group fall back to the scalar definition. */
#include "config.h"
#include "core/base/noise.h"

#include <math.h>
#include <string.h>

#include "core/base/noise_internal.h"

#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2__))
#define NOISE_X86 1
#include <immintrin.h>
#endif

#ifdef NOISE_X86

/* The eight corner hashes of one sample and octave, lattice cell
 * (xi, yi, zi) in [0, 256): h[0..7] for corners 000, 100, 010, 110, 001,
 * 101, 011, 111 (x, y, z; 1 = the far side), as perlin3 indexes them. */
static inline void
corner_hashes(const uint8_t *P, int xi, int yi, int zi, uint8_t *h, int step)
{
    int a = P[xi] + yi, aa = P[a] + zi, ab = P[a + 1] + zi;
    int b = P[xi + 1] + yi, ba = P[b] + zi, bb = P[b + 1] + zi;
    h[0] = P[aa];
    h[step] = P[ba];
    h[2 * step] = P[ab];
    h[3 * step] = P[bb];
    h[4 * step] = P[aa + 1];
    h[5 * step] = P[ba + 1];
    h[6 * step] = P[ab + 1];
    h[7 * step] = P[bb + 1];
}

/* grad3_t of noise.c as rows of four (the fourth 0), for loads in pairs. */
static const double grad3_rows[16][4] __attribute__((aligned(32))) = {
    { 1, 1, 0, 0 },  { -1, 1, 0, 0 }, { 1, -1, 0, 0 }, { -1, -1, 0, 0 },
    { 1, 0, 1, 0 },  { -1, 0, 1, 0 }, { 1, 0, -1, 0 }, { -1, 0, -1, 0 },
    { 0, 1, 1, 0 },  { 0, -1, 1, 0 }, { 0, 1, -1, 0 }, { 0, -1, -1, 0 },
    { 1, 1, 0, 0 },  { 0, -1, 1, 0 }, { -1, 1, 0, 0 }, { 0, -1, -1, 0 },
};

static inline __m128d
fade_sse2(__m128d t)
{
    return _mm_mul_pd(_mm_mul_pd(_mm_mul_pd(t, t), t),
                      _mm_add_pd(_mm_mul_pd(t, _mm_sub_pd(_mm_mul_pd(t, _mm_set1_pd(6.0)),
                                                          _mm_set1_pd(15.0))),
                                 _mm_set1_pd(10.0)));
}

static inline __m128d
lerp_sse2(__m128d a, __m128d b, __m128d t)
{
    return _mm_add_pd(a, _mm_mul_pd(t, _mm_sub_pd(b, a)));
}

/* grad3 of the hashes h0 (lane 0) and h1 (lane 1) at offsets (x, y, z). */
static inline __m128d
grad3_sse2(unsigned h0, unsigned h1, __m128d x, __m128d y, __m128d z)
{
    const double *r0 = grad3_rows[h0 & 15u], *r1 = grad3_rows[h1 & 15u];
    __m128d a = _mm_load_pd(r0), b = _mm_load_pd(r1);
    __m128d gx = _mm_unpacklo_pd(a, b), gy = _mm_unpackhi_pd(a, b);
    __m128d gz = _mm_loadh_pd(_mm_load_sd(r0 + 2), r1 + 2);
    return _mm_add_pd(_mm_add_pd(_mm_mul_pd(gx, x), _mm_mul_pd(gy, y)), _mm_mul_pd(gz, z));
}

/* Two samples in the lanes of vx, vy, vz; out[0..1]. Returns nonzero when
 * a lane left the fast range. */
static int
fbm3_x2_sse2(const struct perlin *p, int n, const double *amp, const double *freq, double norm,
             __m128d vx, __m128d vy, __m128d vz, double *out)
{
    const uint8_t *P = p->perm;
    const __m128d one = _mm_set1_pd(1.0), lim = _mm_set1_pd(NOISE_FAST_LIMIT);
    const __m128d absm = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
    __m128d sum = _mm_setzero_pd(), bad = _mm_setzero_pd();
    int i;

    for (i = 0; i < n; i++) {
        __m128d fr = _mm_set1_pd(freq[i]);
        __m128d x = _mm_add_pd(_mm_mul_pd(vx, fr), _mm_set1_pd(p->offset[i][0]));
        __m128d y = _mm_add_pd(_mm_mul_pd(vy, fr), _mm_set1_pd(p->offset[i][1]));
        __m128d z = _mm_add_pd(_mm_mul_pd(vz, fr), _mm_set1_pd(p->offset[i][2]));
        __m128d t, fx, fy, fz, xf, yf, zf, xm, ym, zm, u, v, w, x1, x2, x3, x4, y1, y2, r;
        int xs[4], ys[4], zs[4];
        uint8_t h[2][8];

        bad = _mm_or_pd(bad, _mm_cmpnlt_pd(_mm_and_pd(x, absm), lim));
        bad = _mm_or_pd(bad, _mm_cmpnlt_pd(_mm_and_pd(y, absm), lim));
        bad = _mm_or_pd(bad, _mm_cmpnlt_pd(_mm_and_pd(z, absm), lim));
        /* floor = trunc - (c < trunc) */
        t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(x));
        fx = _mm_sub_pd(t, _mm_and_pd(_mm_cmplt_pd(x, t), one));
        t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(y));
        fy = _mm_sub_pd(t, _mm_and_pd(_mm_cmplt_pd(y, t), one));
        t = _mm_cvtepi32_pd(_mm_cvttpd_epi32(z));
        fz = _mm_sub_pd(t, _mm_and_pd(_mm_cmplt_pd(z, t), one));
        _mm_storeu_si128((__m128i *)(void *)xs, _mm_cvttpd_epi32(fx));
        _mm_storeu_si128((__m128i *)(void *)ys, _mm_cvttpd_epi32(fy));
        _mm_storeu_si128((__m128i *)(void *)zs, _mm_cvttpd_epi32(fz));
        corner_hashes(P, xs[0] & 255, ys[0] & 255, zs[0] & 255, h[0], 1);
        corner_hashes(P, xs[1] & 255, ys[1] & 255, zs[1] & 255, h[1], 1);
        xf = _mm_sub_pd(x, fx);
        yf = _mm_sub_pd(y, fy);
        zf = _mm_sub_pd(z, fz);
        xm = _mm_sub_pd(xf, one);
        ym = _mm_sub_pd(yf, one);
        zm = _mm_sub_pd(zf, one);
        u = fade_sse2(xf);
        v = fade_sse2(yf);
        w = fade_sse2(zf);
        x1 = lerp_sse2(grad3_sse2(h[0][0], h[1][0], xf, yf, zf),
                       grad3_sse2(h[0][1], h[1][1], xm, yf, zf), u);
        x2 = lerp_sse2(grad3_sse2(h[0][2], h[1][2], xf, ym, zf),
                       grad3_sse2(h[0][3], h[1][3], xm, ym, zf), u);
        y1 = lerp_sse2(x1, x2, v);
        x3 = lerp_sse2(grad3_sse2(h[0][4], h[1][4], xf, yf, zm),
                       grad3_sse2(h[0][5], h[1][5], xm, yf, zm), u);
        x4 = lerp_sse2(grad3_sse2(h[0][6], h[1][6], xf, ym, zm),
                       grad3_sse2(h[0][7], h[1][7], xm, ym, zm), u);
        y2 = lerp_sse2(x3, x4, v);
        r = lerp_sse2(y1, y2, w);
        /* perlin3's clamp to [-1, 1] (r is finite here) */
        r = _mm_min_pd(_mm_max_pd(r, _mm_set1_pd(-1.0)), one);
        sum = _mm_add_pd(sum, _mm_mul_pd(_mm_set1_pd(amp[i]), r));
    }
    _mm_storeu_pd(out, _mm_div_pd(sum, _mm_set1_pd(norm)));
    return _mm_movemask_pd(bad);
}

__attribute__((target("avx2"))) static inline __m256d
fade_avx2(__m256d t)
{
    return _mm256_mul_pd(
        _mm256_mul_pd(_mm256_mul_pd(t, t), t),
        _mm256_add_pd(_mm256_mul_pd(t, _mm256_sub_pd(_mm256_mul_pd(t, _mm256_set1_pd(6.0)),
                                                     _mm256_set1_pd(15.0))),
                      _mm256_set1_pd(10.0)));
}

__attribute__((target("avx2"))) static inline __m256d
lerp_avx2(__m256d a, __m256d b, __m256d t)
{
    return _mm256_add_pd(a, _mm256_mul_pd(t, _mm256_sub_pd(b, a)));
}

/* The hashes in the form the AVX2 path selects by: hash & 15 with 12..15
 * renamed to the corner-equivalent 0, 9, 1, 11 (12 is x + y like 0, 13 is
 * -y + z like 9, 14 is -x + y like 1, 15 is -y - z like 11); then for h
 * in 0..11, g . d = (+-u) + (+-v) with u = x below 8, else y; v = y below
 * 4, else z; the signs bits 0 and 1. Code bits: 0 sign of u, 1 sign of v,
 * 2 u is y, 3 v is y. */
static const uint8_t code_of_hash[16] = {
#define C(h) (uint8_t)(((h) & 3) | ((h) >= 8 ? 4 : 0) | ((h) < 4 ? 8 : 0))
    C(0), C(1), C(2), C(3), C(4), C(5), C(6), C(7),
    C(8), C(9), C(10), C(11), C(0), C(9), C(1), C(11),
#undef C
};

/* grad3 of the four codes at c (one byte a lane) at offsets (x, y, z). */
__attribute__((target("avx2"))) static inline __m256d
grad3_avx2(const uint8_t *c, __m256d x, __m256d y, __m256d z)
{
    int32_t c4;
    __m256i k, su, sv;
    __m256d u, v;
    memcpy(&c4, c, 4);
    k = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(c4));
    su = _mm256_slli_epi64(k, 63);
    sv = _mm256_slli_epi64(_mm256_srli_epi64(k, 1), 63);
    u = _mm256_blendv_pd(x, y, _mm256_castsi256_pd(_mm256_slli_epi64(k, 61)));
    v = _mm256_blendv_pd(z, y, _mm256_castsi256_pd(_mm256_slli_epi64(k, 60)));
    return _mm256_add_pd(_mm256_xor_pd(u, _mm256_castsi256_pd(su)),
                         _mm256_xor_pd(v, _mm256_castsi256_pd(sv)));
}

/* The four masks of each code (sign of u, sign of v, u is y, v is y: code
 * bit k into the sign bit), four lanes each, for codes the whole register
 * shares. */
#define SG(c, b) (((c) >> (b) & 1) ? 0x8000000000000000ull : 0ull)
#define ROW(c, b) { SG(c, b), SG(c, b), SG(c, b), SG(c, b) }
#define CODE(c) { ROW(c, 0), ROW(c, 1), ROW(c, 2), ROW(c, 3) }
static const uint64_t code_masks[16][4][4] __attribute__((aligned(32))) = {
    CODE(0), CODE(1), CODE(2),  CODE(3),  CODE(4),  CODE(5),  CODE(6),  CODE(7),
    CODE(8), CODE(9), CODE(10), CODE(11), CODE(12), CODE(13), CODE(14), CODE(15),
};
#undef CODE
#undef ROW
#undef SG

/* grad3_avx2 for one code in every lane (its masks m). */
__attribute__((target("avx2"))) static inline __m256d
grad3_shared_avx2(const uint64_t (*m)[4], __m256d x, __m256d y, __m256d z)
{
    const __m256d su = _mm256_load_pd((const double *)(const void *)m[0]);
    const __m256d sv = _mm256_load_pd((const double *)(const void *)m[1]);
    __m256d u = _mm256_blendv_pd(x, y, _mm256_load_pd((const double *)(const void *)m[2]));
    __m256d v = _mm256_blendv_pd(z, y, _mm256_load_pd((const double *)(const void *)m[3]));
    return _mm256_add_pd(_mm256_xor_pd(u, su), _mm256_xor_pd(v, sv));
}

/* perlin3 of four samples (before its clamp) from their offsets in the
 * cell, (xf, yf, zf), and the codes of their corners: in memory (a: the
 * pairs aa and ba, b: ab and bb, four bytes a corner) or, when shared is
 * nonzero, one code a corner for every lane (uc, in corner_hashes order). */
__attribute__((target("avx2"), always_inline)) static inline __m256d
perlin3_x4_avx2(const uint8_t *a, const uint8_t *b, const uint8_t *uc, int shared, __m256d xf,
                __m256d yf, __m256d zf)
{
#define G(mem, k, X, Y, Z) \
    (shared ? grad3_shared_avx2(code_masks[uc[k]], X, Y, Z) : grad3_avx2(mem, X, Y, Z))
    __m256d xm = _mm256_sub_pd(xf, _mm256_set1_pd(1.0));
    __m256d ym = _mm256_sub_pd(yf, _mm256_set1_pd(1.0));
    __m256d u = fade_avx2(xf), v, w, zm, x1, x2, x3, x4, y1, y2;
    x1 = lerp_avx2(G(a, 0, xf, yf, zf), G(a + 8, 1, xm, yf, zf), u);
    x2 = lerp_avx2(G(b, 2, xf, ym, zf), G(b + 8, 3, xm, ym, zf), u);
    v = fade_avx2(yf);
    y1 = lerp_avx2(x1, x2, v);
    zm = _mm256_sub_pd(zf, _mm256_set1_pd(1.0));
    w = fade_avx2(zf);
    x3 = lerp_avx2(G(a + 4, 4, xf, yf, zm), G(a + 12, 5, xm, yf, zm), u);
    x4 = lerp_avx2(G(b + 4, 6, xf, ym, zm), G(b + 12, 7, xm, ym, zm), u);
    y2 = lerp_avx2(x3, x4, v);
    return lerp_avx2(y1, y2, w);
#undef G
}

/* Eight samples, two registers of four; the same arithmetic lane by lane,
 * for samples within the fast range (fbm3_run_avx2 checks). Per octave the
 * hash chain of all eight runs in the 32-bit lanes of one register by
 * gathers: a gather at index i reads perm[i..i+3], so bytes 0 and 1 are
 * perm[i] and perm[i + 1] (i <= 510: the reads stay inside struct perlin,
 * whose offsets follow perm). The corner codes go to memory, four bytes a
 * corner and half, and the two halves are then evaluated in turn (fewer
 * registers live than sixteen ymm hold). */
__attribute__((target("avx2"))) static void
fbm3_x8_avx2(const struct perlin *p, int n, const double *amp, const double *freq, double norm,
             const __m256d *vx, const __m256d *vy, const __m256d *vz, double *out)
{
    const int *P = (const int *)(const void *)p->perm;
    const __m256i m8 = _mm256_set1_epi32(255), m15 = _mm256_set1_epi8(15);
    const __m256i tab = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(const void *)code_of_hash));
    /* per half: bytes 0 of its four lanes, then bytes 1 */
    const __m256i pick = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, -1, -1, -1, -1, -1, -1, -1,
                                          -1, 0, 4, 8, 12, 1, 5, 9, 13, -1, -1, -1, -1, -1, -1,
                                          -1, -1);
    __m256d sum[2] = { _mm256_setzero_pd(), _mm256_setzero_pd() };
    int i, h;

    for (i = 0; i < n; i++) {
        __m256d fr = _mm256_set1_pd(freq[i]), f[2][3], c[2][3];
        __m256i X, Y, Z, g, A, B, gA, gB;
        /* ca: pairs (aa, ba) per half; cb: (ab, bb); 16 bytes a half */
        uint8_t ca[32] __attribute__((aligned(32))), cb[32] __attribute__((aligned(32)));
        uint8_t uc[8];
        int shared;

        for (h = 0; h < 2; h++) {
            c[h][0] = _mm256_add_pd(_mm256_mul_pd(vx[h], fr), _mm256_set1_pd(p->offset[i][0]));
            c[h][1] = _mm256_add_pd(_mm256_mul_pd(vy[h], fr), _mm256_set1_pd(p->offset[i][1]));
            c[h][2] = _mm256_add_pd(_mm256_mul_pd(vz[h], fr), _mm256_set1_pd(p->offset[i][2]));
            f[h][0] = _mm256_floor_pd(c[h][0]);
            f[h][1] = _mm256_floor_pd(c[h][1]);
            f[h][2] = _mm256_floor_pd(c[h][2]);
        }
        X = _mm256_and_si256(_mm256_setr_m128i(_mm256_cvttpd_epi32(f[0][0]),
                                               _mm256_cvttpd_epi32(f[1][0])), m8);
        Y = _mm256_and_si256(_mm256_setr_m128i(_mm256_cvttpd_epi32(f[0][1]),
                                               _mm256_cvttpd_epi32(f[1][1])), m8);
        Z = _mm256_and_si256(_mm256_setr_m128i(_mm256_cvttpd_epi32(f[0][2]),
                                               _mm256_cvttpd_epi32(f[1][2])), m8);
        /* all eight samples in one lattice cell (the common case at low
         * frequencies for samples near each other, as the planet's are):
         * one scalar hash chain, codes shared by every lane */
        shared = _mm256_movemask_epi8(_mm256_and_si256(
                     _mm256_and_si256(
                         _mm256_cmpeq_epi32(X, _mm256_broadcastd_epi32(_mm256_castsi256_si128(X))),
                         _mm256_cmpeq_epi32(Y, _mm256_broadcastd_epi32(_mm256_castsi256_si128(Y)))),
                     _mm256_cmpeq_epi32(Z, _mm256_broadcastd_epi32(_mm256_castsi256_si128(Z)))))
                 == -1;
        if (shared) {
            int k;
            corner_hashes(p->perm, _mm256_cvtsi256_si32(X), _mm256_cvtsi256_si32(Y),
                          _mm256_cvtsi256_si32(Z), uc, 1);
            for (k = 0; k < 8; k++) {
                uc[k] = code_of_hash[uc[k] & 15u];
            }
        } else {
            g = _mm256_i32gather_epi32(P, X, 1);
            A = _mm256_add_epi32(_mm256_and_si256(g, m8), Y);
            B = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(g, 8), m8), Y);
            gA = _mm256_i32gather_epi32(P, A, 1);
            gB = _mm256_i32gather_epi32(P, B, 1);
            A = _mm256_add_epi32(_mm256_and_si256(gA, m8), Z);                        /* aa */
            gA = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(gA, 8), m8), Z); /* ab */
            B = _mm256_add_epi32(_mm256_and_si256(gB, m8), Z);                        /* ba */
            gB = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(gB, 8), m8), Z); /* bb */
            A = _mm256_i32gather_epi32(P, A, 1);
            B = _mm256_i32gather_epi32(P, B, 1);
            A = _mm256_unpacklo_epi64(_mm256_shuffle_epi8(A, pick), _mm256_shuffle_epi8(B, pick));
            _mm256_store_si256((__m256i *)(void *)ca,
                               _mm256_shuffle_epi8(tab, _mm256_and_si256(A, m15)));
            gA = _mm256_i32gather_epi32(P, gA, 1);
            gB = _mm256_i32gather_epi32(P, gB, 1);
            gA = _mm256_unpacklo_epi64(_mm256_shuffle_epi8(gA, pick),
                                       _mm256_shuffle_epi8(gB, pick));
            _mm256_store_si256((__m256i *)(void *)cb,
                               _mm256_shuffle_epi8(tab, _mm256_and_si256(gA, m15)));
        }
        for (h = 0; h < 2; h++) {
            __m256d xf = _mm256_sub_pd(c[h][0], f[h][0]), yf = _mm256_sub_pd(c[h][1], f[h][1]);
            __m256d zf = _mm256_sub_pd(c[h][2], f[h][2]), r;
            if (shared) {
                r = perlin3_x4_avx2(NULL, NULL, uc, 1, xf, yf, zf);
            } else {
                r = perlin3_x4_avx2(ca + 16 * h, cb + 16 * h, NULL, 0, xf, yf, zf);
            }
            r = _mm256_min_pd(_mm256_max_pd(r, _mm256_set1_pd(-1.0)), _mm256_set1_pd(1.0));
            sum[h] = _mm256_add_pd(sum[h], _mm256_mul_pd(_mm256_set1_pd(amp[i]), r));
        }
    }
    _mm256_storeu_pd(out, _mm256_div_pd(sum[0], _mm256_set1_pd(norm)));
    _mm256_storeu_pd(out + 4, _mm256_div_pd(sum[1], _mm256_set1_pd(norm)));
}

/* The groups of eight whose octave coordinates all stay below 2^30 in
 * magnitude: max |coordinate| * max |frequency| <= 2^29 bounds every
 * |c freq + offset| (offsets in [0, 256)) well below 2^30; false for NaN
 * and infinities. Other groups take the scalar definition. */
__attribute__((target("avx2"))) static size_t
fbm3_run_avx2(const struct perlin *p, int no, const double *amp, const double *freq,
              double norm, double fmax, const double *x, const double *y, const double *z,
              size_t s, size_t n, double *out)
{
    const __m256d absm = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffll));
    const __m256d vf = _mm256_set1_pd(fmax), lim = _mm256_set1_pd(0.5 * NOISE_FAST_LIMIT);
    size_t k, j;

    for (k = 0; k + 8 <= n; k += 8) {
        __m256d vx[2], vy[2], vz[2], ok = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
        int h;
        for (h = 0; h < 2; h++) {
            const double *xk = x + (k + 4 * h) * s, *yk = y + (k + 4 * h) * s;
            const double *zk = z + (k + 4 * h) * s;
            __m256d m;
            vx[h] = _mm256_set_pd(xk[3 * s], xk[2 * s], xk[s], xk[0]);
            vy[h] = _mm256_set_pd(yk[3 * s], yk[2 * s], yk[s], yk[0]);
            vz[h] = _mm256_set_pd(zk[3 * s], zk[2 * s], zk[s], zk[0]);
            m = _mm256_max_pd(_mm256_and_pd(vx[h], absm),
                              _mm256_max_pd(_mm256_and_pd(vy[h], absm), _mm256_and_pd(vz[h], absm)));
            /* max_pd gives its second operand when either is NaN: NaN in
             * any coordinate is caught by the two unordered tests */
            ok = _mm256_and_pd(ok, _mm256_cmp_pd(_mm256_mul_pd(m, vf), lim, _CMP_LE_OQ));
            ok = _mm256_andnot_pd(_mm256_cmp_pd(vx[h], vy[h], _CMP_UNORD_Q), ok);
            ok = _mm256_andnot_pd(_mm256_cmp_pd(vz[h], vz[h], _CMP_UNORD_Q), ok);
        }
        if (_mm256_movemask_pd(ok) == 15) {
            fbm3_x8_avx2(p, no, amp, freq, norm, vx, vy, vz, out + k);
        } else {
            for (j = k; j < k + 8; j++) {
                out[j] = noise_fbm3_scalar(p, no, amp, freq, norm, x[j * s], y[j * s],
                                           z[j * s]);
            }
        }
    }
    return k;
}

static size_t
fbm3_run_sse2(const struct perlin *p, int no, const double *amp, const double *freq,
              double norm, const double *x, const double *y, const double *z, size_t s,
              size_t n, double *out)
{
    size_t k, j;

    for (k = 0; k + 2 <= n; k += 2) {
        const double *xk = x + k * s, *yk = y + k * s, *zk = z + k * s;
        __m128d vx = _mm_set_pd(xk[s], xk[0]), vy = _mm_set_pd(yk[s], yk[0]);
        __m128d vz = _mm_set_pd(zk[s], zk[0]);
        if (fbm3_x2_sse2(p, no, amp, freq, norm, vx, vy, vz, out + k) != 0) {
            for (j = k; j < k + 2; j++) {
                out[j] = noise_fbm3_scalar(p, no, amp, freq, norm, x[j * s], y[j * s],
                                           z[j * s]);
            }
        }
    }
    return k;
}

#endif

void
fbm3_batch(const struct perlin *p, const struct fbm_params *f, const double *x, const double *y,
           const double *z, size_t stride, size_t n, double *out)
{
    double amp[NOISE_MAX_OCTAVES], freq[NOISE_MAX_OCTAVES], norm;
    int no = noise_fbm2_octaves(f, amp, freq, &norm);
    size_t k = 0;

#ifdef NOISE_X86
    int level = noise_simd_level(), i;
    double fmax = 0.0;
    for (i = 0; i < no; i++) {
        fmax = fabs(freq[i]) > fmax ? fabs(freq[i]) : fmax;
    }
    if (level >= NOISE_SIMD_AVX2) {
        k = fbm3_run_avx2(p, no, amp, freq, norm, fmax, x, y, z, stride, n, out);
    }
    if (level >= NOISE_SIMD_SSE2) {
        k += fbm3_run_sse2(p, no, amp, freq, norm, x + k * stride, y + k * stride,
                           z + k * stride, stride, n - k, out + k);
    }
#endif
    for (; k < n; k++) {
        out[k] = noise_fbm3_scalar(p, no, amp, freq, norm, x[k * stride], y[k * stride],
                                   z[k * stride]);
    }
}
