/* The hybrid generator's selections (core/base/select.h, gen_hybrid_select.c):
 * quickselect against a sort, the float key order, the exact-coverage
 * mask and its threaded radix selection. Split from test_hybrid.c. */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hybrid/gen_hybrid.h"
#include "core/base/rng.h"
#include "core/base/select.h"
#include "core/base/value_noise.h"

static int
cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* ---- select ------------------------------------------------------------ */

START_TEST(test_select_matches_sort)
{
    static const size_t sizes[] = { 1, 2, 3, 17, 100, 1000, 5000 };
    struct rng r;
    size_t si;

    rng_seed(&r, 123, 1);
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si], k, i, pattern;
        uint64_t *a = malloc(n * sizeof *a), *sorted = malloc(n * sizeof *a);
        for (pattern = 0; pattern < 4; pattern++) {
            for (i = 0; i < n; i++) {
                switch (pattern) {
                case 0: sorted[i] = rng_next_u32(&r); break;           /* random */
                case 1: sorted[i] = i; break;                           /* ascending */
                case 2: sorted[i] = n - i; break;                       /* descending */
                default: sorted[i] = rng_next_below(&r, 3); break;      /* many ties */
                }
            }
            memcpy(a, sorted, n * sizeof *a);
            qsort(sorted, n, sizeof *sorted, cmp_u64);
            for (k = 0; k < n; k += n / 7 + 1) {
                size_t kk = pattern == 3 ? n - 1 - k : k;
                uint64_t *b = malloc(n * sizeof *b);
                memcpy(b, a, n * sizeof *b);
                select_nth_u64(b, n, kk);
                ck_assert_uint_eq(b[kk], sorted[kk]);
                for (i = 0; i < kk; i++) {
                    ck_assert(b[i] <= b[kk]);
                }
                for (i = kk + 1; i < n; i++) {
                    ck_assert(b[i] >= b[kk]);
                }
                free(b);
            }
        }
        free(a);
        free(sorted);
    }
}
END_TEST

START_TEST(test_float_key_order)
{
    static const float v[] = { -INFINITY, -3.5f, -1e-30f, -0.0f, 0.0f, 1e-30f, 0.25f, 7.0f };
    size_t i;
    for (i = 0; i + 1 < sizeof v / sizeof v[0]; i++) {
        ck_assert(select_float_key(v[i]) < select_float_key(v[i + 1]));
    }
    for (i = 0; i < sizeof v / sizeof v[0]; i++) {
        float back = select_key_float(select_float_key(v[i]));
        ck_assert(memcmp(&back, &v[i], sizeof back) == 0);
    }
}
END_TEST

/* ---- exact coverage ------------------------------------------------------ */

/* The threaded radix selection against the quickselect of the packed keys
 * (the method it replaced: the (n - target)-th smallest key is the cut)
 * for 1, 2, 3 and 8 threads: the same mask and tau, over several batches,
 * with negative values, ties across the threshold and every coverage. */
START_TEST(test_select_mask_threads_match_quickselect)
{
    static const size_t sizes[] = { 5, 70000, 300001 };
    static const double cov[] = { 0.001, 0.3, 0.5, 0.97, 1.0 };
    static const int threads[] = { 1, 2, 3, 8 };
    struct rng r;
    size_t si, ci, ti, i;

    rng_seed(&r, 77, 3);
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        float *m = malloc(n * sizeof *m);
        uint8_t *mask = malloc(n), *want = malloc(n);
        uint64_t *keys = malloc(n * sizeof *keys);
        ck_assert(m != NULL && mask != NULL && want != NULL && keys != NULL);
        for (i = 0; i < n; i++) {
            uint32_t u = rng_next_u32(&r);
            /* a third coarse (ties), the rest fine, some below zero */
            m[i] = u % 3 == 0 ? (float)(u % 7) * 0.125f - 0.25f : (float)u / 4294967296.0f - 0.1f;
        }
        for (ci = 0; ci < sizeof cov / sizeof cov[0]; ci++) {
            size_t target = (size_t)floor(cov[ci] * (double)n + 0.5);
            uint64_t cut;
            float wtau;
            target = target > 0 ? target : 1;
            for (i = 0; i < n; i++) {
                keys[i] = (uint64_t)select_float_key(m[i]) << 32 |
                          (uint64_t)(UINT32_MAX - (uint32_t)i);
            }
            select_nth_u64(keys, n, n - target);
            cut = keys[n - target];
            wtau = select_key_float((uint32_t)(cut >> 32));
            for (i = 0; i < n; i++) {
                want[i] = ((uint64_t)select_float_key(m[i]) << 32 |
                           (uint64_t)(UINT32_MAX - (uint32_t)i)) >= cut;
            }
            for (ti = 0; ti < sizeof threads / sizeof threads[0]; ti++) {
                float tau = -9.0f;
                ck_assert_int_eq(gen_hybrid_select_mask_threads(m, n, target, mask, &tau,
                                                                threads[ti], NULL), OG_OK);
                ck_assert_msg(memcmp(mask, want, n) == 0, "n %zu target %zu, %d threads", n,
                              target, threads[ti]);
                ck_assert(memcmp(&tau, &wtau, sizeof tau) == 0);
            }
        }
        free(m);
        free(mask);
        free(want);
        free(keys);
    }
}
END_TEST

/* gen_hybrid_kth_largest_threads against select_nth_u64 on the keys of
 * the cells that count (the roughness scale's 99th percentile and other
 * ranks), for 1, 2, 3 and 8 threads, with ties, zeros and an unmasked
 * maximum; NULL counts every cell. */
START_TEST(test_kth_largest_threads_match_quickselect)
{
    static const size_t sizes[] = { 3, 70000, 300001 };
    static const int threads[] = { 1, 2, 3, 8 };
    struct rng r;
    size_t si, ti, i, q;

    rng_seed(&r, 78, 4);
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si], m = 0;
        float *v = malloc(n * sizeof *v);
        uint8_t *only = malloc(n);
        uint64_t *keys = malloc(n * sizeof *keys);
        ck_assert(v != NULL && only != NULL && keys != NULL);
        for (i = 0; i < n; i++) {
            uint32_t u = rng_next_u32(&r);
            v[i] = u % 4 == 0 ? 0.0f : u % 4 == 1 ? (float)(u % 5) : (float)u / 65536.0f;
            only[i] = (uint8_t)(u % 3 != 0 || i == 0);
        }
        if (n > 1) {
            v[n - 1] = 1e30f; /* the largest value, outside the mask */
            only[n - 1] = 0;
        }
        for (q = 0; q < 2; q++) {
            const uint8_t *o = q == 0 ? only : NULL;
            size_t k, want_rank;
            m = 0;
            for (i = 0; i < n; i++) {
                if (o == NULL || o[i] != 0) {
                    keys[m++] = select_float_key(v[i]);
                }
            }
            for (k = 1; k <= m; k += m / 3 + 1) {
                size_t kk = q == 0 && k == 1 ? m / 100 + 1 : k;
                float want;
                want_rank = m - kk;
                select_nth_u64(keys, m, want_rank);
                want = select_key_float((uint32_t)keys[want_rank]);
                for (ti = 0; ti < sizeof threads / sizeof threads[0]; ti++) {
                    float got = -1.0f;
                    ck_assert_int_eq(gen_hybrid_kth_largest_threads(v, o, n, kk, threads[ti],
                                                                    &got, NULL),
                                     OG_OK);
                    ck_assert_msg(memcmp(&got, &want, sizeof got) == 0,
                                  "n %zu k %zu, %d threads: %g, want %g", n, kk, threads[ti],
                                  (double)got, (double)want);
                }
            }
        }
        free(v);
        free(only);
        free(keys);
    }
}
END_TEST

START_TEST(test_select_mask_exact)
{
    static const size_t sizes[] = { 1, 7, 100, 4096, 65536 };
    static const double cov[] = { 0.0, 0.01, 0.25, 0.5, 0.999, 1.0 };
    size_t si, ci, i;

    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        float *m = malloc(n * sizeof *m);
        uint8_t *mask = malloc(n);
        for (i = 0; i < n; i++) {
            /* Coarse values: many ties across the threshold. */
            m[i] = (float)value_noise_lattice(5, (int64_t)i, 0) > 0.5f ? 0.75f
                   : (float)(i % 13) / 16.0f;
        }
        for (ci = 0; ci < sizeof cov / sizeof cov[0]; ci++) {
            size_t target = (size_t)floor(cov[ci] * (double)n + 0.5), count = 0;
            float tau = -1.0f;
            ck_assert_int_eq(gen_hybrid_select_mask(m, n, target, mask, &tau, NULL), OG_OK);
            for (i = 0; i < n; i++) {
                count += mask[i];
                if (target > 0) {
                    /* Everything in the mask is >= tau, everything out <= tau,
                     * and among cells equal to tau the lower index won. */
                    ck_assert(mask[i] ? m[i] >= tau : m[i] <= tau);
                }
            }
            ck_assert_uint_eq(count, target);
            if (target > 0 && target < n) {
                size_t last_in = 0, first_out = n;
                for (i = 0; i < n; i++) {
                    if (m[i] == tau && mask[i]) {
                        last_in = i;
                    }
                    if (m[i] == tau && !mask[i] && first_out == n) {
                        first_out = i;
                    }
                }
                ck_assert(first_out == n || last_in < first_out);
            }
        }
        free(m);
        free(mask);
    }
}
END_TEST

void
hybrid_select_tests(TCase *tc)
{
    tcase_add_test(tc, test_select_matches_sort);
    tcase_add_test(tc, test_float_key_order);
    tcase_add_test(tc, test_select_mask_exact);
    tcase_add_test(tc, test_select_mask_threads_match_quickselect);
    tcase_add_test(tc, test_kth_largest_threads_match_quickselect);
}
