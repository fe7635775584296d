/* PRNG determinism and distribution; Perlin/fBm range and continuity. */
#include "config.h"

#include <math.h>

#include "core/noise.h"
#include "core/rng.h"
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
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    return s;
}
