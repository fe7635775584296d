#include "config.h"
#include "core/base/select.h"

#include <assert.h>
#include <string.h>

static inline void
swap_u64(uint64_t *a, uint64_t *b)
{
    uint64_t t = *a;
    *a = *b;
    *b = t;
}

static void
sift_down(uint64_t *a, size_t root, size_t n)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n) {
            return;
        }
        if (child + 1 < n && a[child + 1] > a[child]) {
            child++;
        }
        if (a[root] >= a[child]) {
            return;
        }
        swap_u64(&a[root], &a[child]);
        root = child;
    }
}

static void
heap_sort(uint64_t *a, size_t n)
{
    size_t i;
    if (n < 2) {
        return;
    }
    for (i = n / 2; i-- > 0;) {
        sift_down(a, i, n);
    }
    for (i = n - 1; i > 0; i--) {
        swap_u64(&a[0], &a[i]);
        sift_down(a, 0, i);
    }
}

static void
insertion_sort(uint64_t *a, size_t n)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        uint64_t x = a[i];
        for (j = i; j > 0 && a[j - 1] > x; j--) {
            a[j] = a[j - 1];
        }
        a[j] = x;
    }
}

void
select_nth_u64(uint64_t *keys, size_t n, size_t k)
{
    size_t lo = 0, hi = n; /* the answer lies in [lo, hi) */
    int budget = 0;
    size_t m;

    assert(k < n);
    for (m = n; m > 1; m >>= 1) {
        budget += 2;
    }
    while (hi - lo > 16) {
        uint64_t *a = keys;
        size_t mid = lo + (hi - lo) / 2, i, j;
        uint64_t pivot;

        if (budget-- <= 0) {
            heap_sort(keys + lo, hi - lo);
            return;
        }
        /* Median of three into a[lo]; a[lo+1..hi) is then partitioned. */
        if (a[mid] < a[lo]) {
            swap_u64(&a[mid], &a[lo]);
        }
        if (a[hi - 1] < a[lo]) {
            swap_u64(&a[hi - 1], &a[lo]);
        }
        if (a[hi - 1] < a[mid]) {
            swap_u64(&a[hi - 1], &a[mid]);
        }
        swap_u64(&a[lo], &a[mid]);
        pivot = a[lo];
        /* Hoare partition of a[lo+1 .. hi): a[hi-1] >= pivot is a sentinel. */
        i = lo;
        j = hi;
        for (;;) {
            do {
                i++;
            } while (a[i] < pivot);
            do {
                j--;
            } while (a[j] > pivot);
            if (i >= j) {
                break;
            }
            swap_u64(&a[i], &a[j]);
        }
        swap_u64(&a[lo], &a[j]);
        /* Now a[lo..j) <= pivot = a[j] <= a(j..hi). */
        if (k == j) {
            return;
        }
        if (k < j) {
            hi = j;
        } else {
            lo = j + 1;
        }
    }
    insertion_sort(keys + lo, hi - lo);
}

uint32_t
select_float_key(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    /* Negative floats: flip all bits (larger magnitude sorts lower);
     * positive: set the sign bit so they sort above every negative. */
    return (u & 0x80000000u) != 0 ? ~u : u | 0x80000000u;
}

float
select_key_float(uint32_t key)
{
    uint32_t u = (key & 0x80000000u) != 0 ? key & 0x7FFFFFFFu : ~key;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
