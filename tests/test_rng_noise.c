/* PRNG determinism and distribution; Perlin/fBm range and continuity. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/base/noise.h"
#include "core/base/rng.h"
#include "tests.h"

START_TEST(pcg_is_deterministic_and_stage_separated)
{
    struct rng a, b, c;
    int i, same = 0;
    rng_for_stage(&a, 42, "island.sites");
    rng_for_stage(&b, 42, "island.sites");
    rng_for_stage(&c, 42, "island.anchors");
    for (i = 0; i < 1000; i++) {
        uint32_t x = rng_next_u32(&a);
        ck_assert_uint_eq(x, rng_next_u32(&b));
        same += x == rng_next_u32(&c);
    }
    ck_assert_int_lt(same, 3);
}
END_TEST

START_TEST(pcg_uniform)
{
    struct rng r;
    int hist[10] = { 0 }, i;
    double sum = 0.0;
    rng_seed(&r, 7, 1);
    for (i = 0; i < 100000; i++) {
        double u = rng_next_double(&r);
        ck_assert(u >= 0.0 && u < 1.0);
        sum += u;
        hist[(int)(u * 10)]++;
    }
    ck_assert_double_eq_tol(sum / 100000, 0.5, 0.005);
    for (i = 0; i < 10; i++) {
        ck_assert_int_gt(hist[i], 9500);
        ck_assert_int_lt(hist[i], 10500);
    }
    for (i = 0; i < 10000; i++) {
        ck_assert_uint_lt(rng_next_below(&r, 7), 7);
    }
}
END_TEST

START_TEST(seeds_use_all_64_bits)
{
    struct perlin a, b;
    /* Seeds that differ only above bit 32 (stb_perlin would alias them). */
    perlin_init(&a, 0x100000000ull);
    perlin_init(&b, 0x200000000ull);
    ck_assert(perlin2(&a, 0.37, 1.61) != perlin2(&b, 0.37, 1.61));
}
END_TEST

START_TEST(perlin_range_and_lattice_zeros)
{
    struct perlin p;
    struct rng r;
    double lo = 1, hi = -1;
    int i;
    perlin_init(&p, 99);
    rng_seed(&r, 3, 3);
    for (i = 0; i < 200000; i++) {
        double x = rng_next_double(&r) * 64 - 32, y = rng_next_double(&r) * 64 - 32;
        double z = rng_next_double(&r) * 64 - 32;
        double v = perlin2(&p, x, y), w = perlin3(&p, x, y, z);
        ck_assert(v >= -1.0 && v <= 1.0);
        ck_assert(w >= -1.0 && w <= 1.0);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    ck_assert(lo < -0.6 && hi > 0.6);  /* uses most of its range */
    ck_assert(perlin2(&p, 3.0, -5.0) == 0.0);
    ck_assert(perlin3(&p, 3.0, -5.0, 2.0) == 0.0);
}
END_TEST

START_TEST(noise_is_continuous)
{
    struct perlin p;
    struct fbm_params f = { 8, 1.0, 2.0, 0.5 };
    double x, prev;
    perlin_init(&p, 5);
    prev = fbm2(&p, &f, 0.0, 0.3);
    for (x = 1e-4; x < 4.0; x += 1e-4) {
        double v = fbm2(&p, &f, x, 0.3);
        /* Lipschitz bound: sum over octaves of gain^i * 2^i * max|grad| */
        ck_assert(fabs(v - prev) < 0.01);
        ck_assert(v >= -1.0 && v <= 1.0);
        prev = v;
    }
}
END_TEST

/* fBm (SSE2 pairs of octaves on x86-64) is bit-identical to the documented
 * scalar sum of perlin2 octaves, even and odd octaves accumulated apart. */
START_TEST(fbm_matches_scalar_definition)
{
    struct perlin p;
    struct rng r;
    int i, k, oct;
    perlin_init(&p, 0xfeedfacecafebeefull);
    rng_seed(&r, 1, 1);
    for (oct = 1; oct <= 9; oct++) {
        struct fbm_params f = { oct, 3.0, 2.0, 0.5 };
        for (i = 0; i < 2000; i++) {
            double x = rng_next_double(&r) * 3, y = rng_next_double(&r) * 3;
            double even = 0, odd = 0, amp = 1, norm = 0, fr = f.frequency;
            for (k = 0; k < oct; k++) {
                double v = amp * perlin2(&p, x * fr + p.offset[k][0], y * fr + p.offset[k][1]);
                if (k & 1) {
                    odd += v;
                } else {
                    even += v;
                }
                norm += amp;
                amp *= f.gain;
                fr *= f.lacunarity;
            }
            ck_assert(fbm2(&p, &f, x, y) == (even + odd) / norm);
        }
    }
}
END_TEST

/* fbm2_batch (AVX2 or SSE2 across samples, chosen at run time) is
 * bit-identical to fbm2 on many points: small, negative, near the 2^30
 * switch to the exact reduction, huge (1e12, 1e17, 2^60) and non-finite,
 * at every octave count, several frequencies and strides, and every
 * batch length 0..9 (the vector groups and the scalar tail). */
static int
same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

START_TEST(fbm_batch_matches_fbm2)
{
    static const double scale[] = { 1.0, 100.0, 1e5, 1073741000.0, 1e12, 1e17, 1.15e18 };
    static const struct { double freq, lac, gain; } fp[] = {
        { 3.0, 2.0, 0.5 }, { 0.37, 1.93, 0.61 }, { 17.0, 2.0, 0.5 } };
    struct perlin p;
    struct rng r;
    enum { N = 384 };
    static double xy[2 * N], out[N], out2[N];
    int oct, s, q, k, len;

    perlin_init(&p, 0x5eedull);
    rng_seed(&r, 7, 7);
    for (q = 0; q < 3 * (NOISE_SIMD_AVX2 + 1); q++) {
        int level = noise_simd_set(q / 3);
        if (level != q / 3) {
            continue; /* the CPU lacks this path */
        }
        for (oct = 1; oct <= NOISE_MAX_OCTAVES; oct++) {
            struct fbm_params f = { oct, fp[q % 3].freq, fp[q % 3].lac, fp[q % 3].gain };
            for (s = 0; s < (int)(sizeof scale / sizeof scale[0]); s++) {
                for (k = 0; k < 2 * N; k++) {
                    xy[k] = (rng_next_double(&r) * 2.0 - 1.0) * scale[s];
                }
                if (s == 3) { /* straddle the 2^30 switch within groups */
                    for (k = 0; k < 2 * N; k += 7) {
                        xy[k] = 1073741824.0 / fp[q % 3].freq * (k % 2 ? -1.0 : 1.0);
                    }
                }
                fbm2_batch(&p, &f, xy, xy + 1, 2, N, out);
                fbm2_batch(&p, &f, xy, xy + N, 1, N, out2);
                for (k = 0; k < N; k++) {
                    ck_assert_msg(same_bits(out[k], fbm2(&p, &f, xy[2 * k], xy[2 * k + 1])),
                                  "octaves %d scale %g point %d", oct, scale[s], k);
                    ck_assert(same_bits(out2[k], fbm2(&p, &f, xy[k], xy[N + k])));
                }
            }
        }
    }
    {
        struct fbm_params f = { 8, 4.0, 2.0, 0.5 };
        double x[9] = { 0.25, -0.5, INFINITY, 3.0, -1e300, NAN, 0.0, -0.0, 1e-310 };
        double y[9] = { 0.5, 0.75, 1.0, -INFINITY, 2.0, 0.5, -0.0, 0.0, -1e-310 };
        for (len = 0; len <= 9; len++) {
            double o[9];
            fbm2_batch(&p, &f, x, y, 1, (size_t)len, o);
            for (k = 0; k < len; k++) {
                double want = fbm2(&p, &f, x[k], y[k]);
                ck_assert(same_bits(o[k], want) || (isnan(o[k]) && isnan(want)));
            }
        }
        noise_simd_set(-1);
        /* far coordinates take the exact reduction: a lattice shift by
         * 256 * 2^40 gives the same noise */
        ck_assert(perlin2(&p, 0.25 + 256.0 * 1099511627776.0, 0.7) == perlin2(&p, 0.25, 0.7));
        ck_assert(perlin2(&p, 0.25 - 256.0 * 1099511627776.0, 0.7) == perlin2(&p, 0.25, 0.7));
        ck_assert(perlin2(&p, 0.25, 1e300) == perlin2(&p, 0.25, 0.0));
    }
}
END_TEST

/* fbm3_batch is bit-identical to fbm3 on every path: unit vectors (the
 * planet's use), small and large coordinates, both sides of the 2^29 / 2^30
 * switch to the scalar code, runs of 8 nearby vectors (one lattice cell for
 * the low octaves: the shared-hash path), exact lattice points and zeros of both signs
 * (the AVX2 path selects instead of multiplying by 0 and +-1), every
 * octave count, three strides and batch lengths 0..9. */
START_TEST(fbm3_batch_matches_fbm3)
{
    static const double scale[] = { 1.0, 100.0, 1e5, 3e4 };
    static const struct { double freq, lac, gain; } fp[] = {
        { 2.2, 2.0, 0.5 }, { 0.37, 1.93, 0.61 }, { 17.0, 1.1, 0.5 } };
    struct perlin p;
    struct rng r;
    enum { N = 258 };
    static double xyz[3 * N], out[N], out2[N];
    int oct, s, q, k, len;

    perlin_init(&p, 0x5eed3ull);
    rng_seed(&r, 9, 9);
    for (q = 0; q < 3 * (NOISE_SIMD_AVX2 + 1); q++) {
        int level = noise_simd_set(q / 3);
        if (level != q / 3) {
            continue; /* the CPU lacks this path */
        }
        for (oct = 1; oct <= NOISE_MAX_OCTAVES; oct++) {
            struct fbm_params f = { oct, fp[q % 3].freq, fp[q % 3].lac, fp[q % 3].gain };
            for (s = -1; s < (int)(sizeof scale / sizeof scale[0]); s++) {
                for (k = 0; k < 3 * N; k++) {
                    xyz[k] = (rng_next_double(&r) * 2.0 - 1.0) * (s < 0 ? 1.0 : scale[s]);
                }
                if (s < 0) { /* unit vectors, some on the axes and lattice */
                    for (k = 0; k < N; k++) {
                        double *v = &xyz[3 * k], l;
                        if (k % 11 == 0) {
                            v[k % 3] = 0.0;
                            v[(k + 1) % 3] = k % 2 ? -0.0 : 0.0;
                        }
                        l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
                        v[0] /= l;
                        v[1] /= l;
                        v[2] /= l;
                        if ((k / 8) % 2 == 1) { /* runs of 8 close together */
                            v[0] = xyz[3 * (k - 8)] + 1e-3 * (k % 8);
                            v[1] = xyz[3 * (k - 8) + 1] - 2e-4 * (k % 3);
                            v[2] = xyz[3 * (k - 8) + 2];
                            l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
                            v[0] /= l;
                            v[1] /= l;
                            v[2] /= l;
                        }
                        if (k % 13 == 0) { /* octave 0 on a lattice point */
                            v[0] = (floor(p.offset[0][0]) - p.offset[0][0]) / f.frequency;
                        }
                    }
                }
                if (s == 3) { /* straddle the switch within groups of 8 */
                    for (k = 0; k < 3 * N; k += 29) {
                        double top = fp[q % 3].freq;
                        int o;
                        for (o = 1; o < oct; o++) {
                            top *= fp[q % 3].lac;
                        }
                        xyz[k] = 536870912.0 / top * (k % 2 ? -1.0 : 1.0) * (k % 3 ? 1.0 : 1.5);
                    }
                }
                fbm3_batch(&p, &f, xyz, xyz + 1, xyz + 2, 3, N, out);
                fbm3_batch(&p, &f, xyz, xyz + N, xyz + 2 * N, 1, N, out2);
                for (k = 0; k < N; k++) {
                    double want = fbm3(&p, &f, xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]);
                    ck_assert_msg(same_bits(out[k], want), "octaves %d scale %d point %d: %a %a",
                                  oct, s, k, out[k], want);
                    ck_assert(same_bits(out2[k], fbm3(&p, &f, xyz[k], xyz[N + k], xyz[2 * N + k])));
                }
            }
        }
        {
            struct fbm_params f = { 8, 4.0, 2.0, 0.5 };
            double x[9] = { 0.25, -0.5, 1e6, 3.0, -2e6, 1.0, 0.0, -0.0, 1e-310 };
            double y[9] = { 0.5, 0.75, 1.0, -1e6, 2.0, 0.5, -0.0, 0.0, -1e-310 };
            double z[9] = { -0.5, 0.0, 0.5, 1.0, -1.0, 0.25, 0.0, -0.0, 1e-300 };
            for (len = 0; len <= 9; len++) {
                double o[9];
                fbm3_batch(&p, &f, x, y, z, 1, (size_t)len, o);
                for (k = 0; k < len; k++) {
                    double want = fbm3(&p, &f, x[k], y[k], z[k]);
                    ck_assert(same_bits(o[k], want) || (isnan(o[k]) && isnan(want)));
                }
            }
        }
    }
    noise_simd_set(-1);
}
END_TEST

Suite *
rng_noise_suite(void)
{
    Suite *s = suite_create("rng_noise");
    TCase *c = tcase_create("method");
    tcase_add_test(c, pcg_is_deterministic_and_stage_separated);
    tcase_add_test(c, pcg_uniform);
    tcase_add_test(c, seeds_use_all_64_bits);
    tcase_add_test(c, perlin_range_and_lattice_zeros);
    tcase_add_test(c, noise_is_continuous);
    tcase_add_test(c, fbm_matches_scalar_definition);
    tcase_add_test(c, fbm_batch_matches_fbm2);
    tcase_add_test(c, fbm3_batch_matches_fbm3);
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    return s;
}
