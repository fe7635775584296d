/* The exact-coverage mask of the hybrid generator (gen_hybrid.h), in
 * parallel: a radix selection over fixed batches of cells.
 *
 * The mask is the `target` cells of largest key K(i) = F(m[i]) << 32 |
 * (2^32 - 1 - i), F = select_float_key (so equal values go to the lower
 * index). Instead of one quickselect over the keys, the threshold value
 * v = F(tau) is found digit by digit from the top (11, 11 and 10 bits):
 * each pass counts the cells of every digit value among those that share
 * the digits found so far, in fixed batches of SELECT_GRAIN cells (counts
 * are integers, so their sum is exact in any order), and walks the counts
 * down from the largest digit until `target` cells are reached. The cells
 * above v are in the mask, and of the cells equal to v the first r in
 * index order, where r makes the total exactly target; their rank among
 * the equal ones is a prefix sum, in batch order, of the last pass's
 * per-batch count of v. The
 * result is the cut of the (n - target)-th smallest key, the same as
 * select_nth_u64 gives, for any thread count. */
#include "config.h"
#include "core/hybrid/gen_hybrid.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"
#include "core/base/select.h"

#define SELECT_GRAIN 65536 /* cells a batch */
#define DIGIT_BINS 2048    /* 11-bit digits (the last pass uses 10) */

struct select_job {
    const float *m;
    const uint8_t *only; /* kth_largest: the cells that count (others key 0) */
    uint32_t *key;      /* F(m[i]) */
    size_t n;
    int shift;          /* this pass's digit: (F >> shift) & (DIGIT_BINS - 1) */
    uint32_t prefix;    /* the digits above it, F >> (shift + bits) */
    int bits;           /* bits of this pass's digit */
    uint32_t *hist;     /* per batch, DIGIT_BINS counts */
    uint32_t v;         /* mask pass: the threshold key */
    size_t *ties;       /* per batch: the rank of its first cell equal to v */
    size_t r;           /* mask pass: how many of those equal to v are in */
    uint8_t *mask;
};

/* select_float_key, inline: F(f) orders as f does (select.h). */
static inline uint32_t
float_key(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) != 0 ? ~u : u | 0x80000000u;
}

static enum og_status
key_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct select_job *J = arg;
    size_t i;

    (void)b;
    (void)err;
    if (J->only != NULL) {
        for (i = begin; i < end; i++) {
            J->key[i] = J->only[i] != 0 ? float_key(J->m[i]) : 0u;
        }
        return OG_OK;
    }
    for (i = begin; i < end; i++) {
        J->key[i] = float_key(J->m[i]);
    }
    return OG_OK;
}

static enum og_status
digit_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct select_job *J = arg;
    uint32_t *h = J->hist + b * DIGIT_BINS, mask = (1u << J->bits) - 1;
    size_t i;

    (void)err;
    memset(h, 0, DIGIT_BINS * sizeof *h);
    if (J->shift + J->bits >= 32) {
        for (i = begin; i < end; i++) {
            h[(J->key[i] >> J->shift) & mask]++;
        }
        return OG_OK;
    }
    for (i = begin; i < end; i++) {
        uint32_t f = J->key[i];
        if (f >> (J->shift + J->bits) == J->prefix) {
            h[(f >> J->shift) & mask]++;
        }
    }
    return OG_OK;
}

static enum og_status
mask_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct select_job *J = arg;
    size_t i, rank = J->ties[b];

    (void)err;
    for (i = begin; i < end; i++) {
        uint32_t f = J->key[i];
        if (f == J->v) {
            J->mask[i] = rank++ < J->r;
        } else {
            J->mask[i] = f > J->v;
        }
    }
    return OG_OK;
}

/* The key v of the target-th largest key (1 <= target <= the cells that
 * count), digit by digit from the top, and how many keys lie above it
 * (*above); J->key and J->hist (per batch, DIGIT_BINS counts) are
 * allocated here, J->hist keeping the last pass's counts. */
static enum og_status
radix_top(struct select_job *J, size_t nb, size_t target, int threads, uint32_t *vout,
          size_t *above_out, struct og_error *err)
{
    static const int shifts[3] = { 21, 10, 0 }, bits[3] = { 11, 11, 10 };
    size_t above = 0, k, b;
    uint32_t v = 0;
    int pass;
    enum og_status st;

    st = grid_calloc((void **)&J->hist, nb * DIGIT_BINS, sizeof *J->hist, "coverage counts", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&J->ties, nb, sizeof *J->ties, "coverage counts", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&J->key, J->n, sizeof *J->key, "coverage keys", err);
    }
    if (st == OG_OK) {
        st = og_parallel_for(threads, J->n, SELECT_GRAIN, key_batch, J, NULL, 0.0, 0.0, err);
    }
    /* v digit by digit; `above` counts the cells whose key is above v's
     * digits so far */
    for (pass = 0; pass < 3 && st == OG_OK; pass++) {
        J->shift = shifts[pass];
        J->bits = bits[pass];
        J->prefix = pass == 0 ? 0 : v >> (J->shift + J->bits);
        st = og_parallel_for(threads, J->n, SELECT_GRAIN, digit_batch, J, NULL, 0.0, 0.0, err);
        for (k = (size_t)1 << J->bits; st == OG_OK && k-- > 0;) {
            size_t c = 0;
            for (b = 0; b < nb; b++) {
                c += J->hist[b * DIGIT_BINS + k];
            }
            if (above + c >= target) {
                v |= (uint32_t)k << J->shift;
                break;
            }
            above += c;
        }
    }
    *vout = v;
    *above_out = above;
    return st;
}

enum og_status
gen_hybrid_select_mask_threads(const float *m, size_t n, size_t target, uint8_t *mask,
                               float *tau, int threads, struct og_error *err)
{
    struct select_job J;
    size_t nb = (n + SELECT_GRAIN - 1) / SELECT_GRAIN, above = 0, b;
    enum og_status st = OG_OK;
    uint32_t v = 0;

    if (n == 0) {
        *tau = 0.0f;
        return OG_OK;
    }
    if (target == 0) {
        float hi = m[0];
        size_t i;
        for (i = 0; i < n; i++) {
            mask[i] = 0;
            hi = m[i] > hi ? m[i] : hi;
        }
        *tau = hi;
        return OG_OK;
    }
    target = target < n ? target : n;
    memset(&J, 0, sizeof J);
    J.m = m;
    J.n = n;
    J.mask = mask;
    st = radix_top(&J, nb, target, threads, &v, &above, err);
    if (st == OG_OK) {
        /* the last pass counted, per batch, the cells equal to v */
        size_t rank = 0;
        J.v = v;
        J.r = target - above;
        for (b = 0; b < nb; b++) {
            J.ties[b] = rank;
            rank += J.hist[b * DIGIT_BINS + (v & 1023u)];
        }
    }
    if (st == OG_OK) {
        st = og_parallel_for(threads, n, SELECT_GRAIN, mask_batch, &J, NULL, 0.0, 0.0, err);
        *tau = select_key_float(v);
    }
    free(J.hist);
    free(J.ties);
    free(J.key);
    return st;
}

enum og_status
gen_hybrid_kth_largest_threads(const float *v, const uint8_t *only, size_t n, size_t k,
                               int threads, float *out, struct og_error *err)
{
    struct select_job J;
    size_t nb = (n + SELECT_GRAIN - 1) / SELECT_GRAIN, above = 0;
    uint32_t key = 0;
    enum og_status st;

    *out = 0.0f;
    if (n == 0 || k == 0) {
        return OG_OK;
    }
    memset(&J, 0, sizeof J);
    J.m = v;
    J.only = only;
    J.n = n;
    st = radix_top(&J, nb, k, threads, &key, &above, err);
    if (st == OG_OK) {
        *out = select_key_float(key);
    }
    free(J.hist);
    free(J.ties);
    free(J.key);
    return st;
}

enum og_status
gen_hybrid_select_mask(const float *m, size_t n, size_t target, uint8_t *mask, float *tau,
                       struct og_error *err)
{
    return gen_hybrid_select_mask_threads(m, n, target, mask, tau, 1, err);
}
