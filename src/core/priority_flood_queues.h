/* priority_flood_queues.h: the two priority queues of core/priority_flood.c,
 * kept inline in its translation unit (they are its inner loop):
 *   - a 4-ary min-heap of packed 64-bit (level, node) keys, for the plain
 *     method (Barnes, Lehman & Mulla 2014);
 *   - a monotone radix heap on the order-preserving bits of float levels
 *     (Ahuja, Mehlhorn, Orlin & Tarjan 1990), for the slope-tracing fast
 *     method (Zhou, Sun & Fu 2016; Wei, Zhou & Fu 2019).
 * The heap pops equal levels in node order, the radix heap last in, first
 * out: both deterministic. Internal: include only from priority_flood.c. */
#ifndef OROGEN_CORE_PRIORITY_FLOOD_QUEUES_H
#define OROGEN_CORE_PRIORITY_FLOOD_QUEUES_H

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- 4-ary min-heap on (level, node) ----------------------------------------- */

/* Items are packed 64-bit keys: the order-preserving bits of the level
 * (radix_key, below) above the node index, so one integer compare orders by
 * level and then by index, and the heap holds 8 bytes an item. -0 is keyed
 * as +0, so the two compare equal and tie on the index like the floats do.
 * The level is not decoded from the key: a popped node's filled height is
 * the level it was pushed at (the plain method pushes a node at its own,
 * final height), read by the caller. */
static inline uint32_t radix_key(float h);

static inline uint64_t
heap_key(float h, int32_t i)
{
    if (h == 0.0f) {
        h = 0.0f; /* -0 -> +0 */
    }
    return (uint64_t)radix_key(h) << 32 | (uint32_t)i;
}

/* A 4-ary heap: half the levels of a binary heap, and the four children of
 * a node share one 32-byte block (the array is offset by 3 slots on a
 * 32-byte boundary), so a sift-down touches one cache line per level. */
#define HEAP_PAD 3

struct heap {
    uint64_t *mem; /* allocation; items live at mem[HEAP_PAD + k] */
    uint64_t *a;
    size_t len, cap;
};

static int
heap_grow(struct heap *hp)
{
    size_t cap = hp->cap != 0 ? hp->cap * 2 : 4096, bytes;
    uint64_t *mem;

    if (cap > SIZE_MAX / sizeof *mem - 64) {
        return -1;
    }
    bytes = (cap + HEAP_PAD + 8) * sizeof *mem;
    bytes = (bytes + 63) / 64 * 64;
    mem = aligned_alloc(64, bytes);
    if (mem == NULL) {
        return -1;
    }
    if (hp->len > 0) {
        memcpy(mem + HEAP_PAD, hp->a, hp->len * sizeof *mem);
    }
    free(hp->mem);
    hp->mem = mem;
    hp->a = mem + HEAP_PAD;
    hp->cap = cap;
    return 0;
}

static int
heap_push(struct heap *hp, float h, int32_t i)
{
    uint64_t it = heap_key(h, i);
    size_t k;

    if (hp->len == hp->cap && heap_grow(hp) != 0) {
        return -1;
    }
    k = hp->len++;
    while (k > 0) {
        size_t p = (k - 1) / 4;
        if (it >= hp->a[p]) {
            break;
        }
        hp->a[k] = hp->a[p];
        k = p;
    }
    hp->a[k] = it;
    return 0;
}

/* Pop the node of the smallest key (keys are distinct: one per node). */
static int32_t
heap_pop(struct heap *hp)
{
    uint64_t *a = hp->a, top = a[0], last = a[--hp->len];
    size_t k = 0, n = hp->len;

    for (;;) {
        size_t c = 4 * k + 1, best = c, j;
        uint64_t m;
        if (c + 3 < n) {
            /* the usual case: four children, no bounds to test */
            m = a[c];
            if (a[c + 1] < m) {
                m = a[c + 1], best = c + 1;
            }
            if (a[c + 2] < m) {
                m = a[c + 2], best = c + 2;
            }
            if (a[c + 3] < m) {
                m = a[c + 3], best = c + 3;
            }
        } else if (c < n) {
            m = a[c];
            for (j = c + 1; j < n; j++) {
                if (a[j] < m) {
                    m = a[j], best = j;
                }
            }
        } else {
            break;
        }
        if (m >= last) {
            break;
        }
        a[k] = m;
        k = best;
    }
    if (n > 0) {
        a[k] = last;
    }
    return (int32_t)(uint32_t)top;
}

/* A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on the float bits:
 * a monotone priority queue, valid because a priority-flood never pushes a
 * level below the one it last popped. Pushes are O(1) appends and each item
 * moves between at most 32 buckets, all sequential memory: far fewer cache
 * misses than a heap of millions of items. Used by the fast method. */
struct radix_item {
    uint32_t key;
    int32_t i;
};

struct radix {
    struct radix_item *b[33];
    size_t len[33], cap[33];
    uint32_t last; /* key of the last pop; every key in the queue is >= it */
    size_t size;
};

/* Order-preserving map of a float onto uint32. */
static inline uint32_t
radix_key(float h)
{
    uint32_t u;
    memcpy(&u, &h, sizeof u);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

/* The inverse of radix_key. */
static inline float
radix_level(uint32_t k)
{
    uint32_t u = (k & 0x80000000u) != 0 ? (k & 0x7fffffffu) : ~k;
    float h;
    memcpy(&h, &u, sizeof h);
    return h;
}

static inline int
radix_bucket(uint32_t k, uint32_t last)
{
    uint32_t x = k ^ last;
    int b = 0;
    if (x == 0) {
        return 0;
    }
#if defined(__GNUC__)
    b = 32 - __builtin_clz(x);
#else
    while (x != 0) {
        x >>= 1;
        b++;
    }
#endif
    return b;
}

static int
radix_append(struct radix *r, int b, struct radix_item it)
{
    if (r->len[b] == r->cap[b]) {
        size_t cap = r->cap[b] != 0 ? r->cap[b] * 2 : 1024;
        struct radix_item *a;
        if (cap > SIZE_MAX / sizeof *a) {
            return -1;
        }
        a = realloc(r->b[b], cap * sizeof *a);
        if (a == NULL) {
            return -1;
        }
        r->b[b] = a;
        r->cap[b] = cap;
    }
    r->b[b][r->len[b]++] = it;
    return 0;
}

static int
radix_push(struct radix *r, float h, int32_t i)
{
    struct radix_item it;
    it.key = radix_key(h);
    it.i = i;
    assert(it.key >= r->last);
    r->size++;
    return radix_append(r, radix_bucket(it.key, r->last), it);
}

/* Pop a node with the smallest level into *out; the queue must not be
 * empty. Ties come out last in, first out, which is deterministic. Returns
 * -1 when memory runs out while redistributing. */
static int
radix_pop(struct radix *r, int32_t *out, float *level)
{
    if (r->len[0] == 0) {
        int b = 1;
        size_t k, n;
        uint32_t lo = UINT32_MAX;
        while (r->len[b] == 0) {
            b++;
        }
        n = r->len[b];
        for (k = 0; k < n; k++) {
            lo = r->b[b][k].key < lo ? r->b[b][k].key : lo;
        }
        r->last = lo;
        r->len[b] = 0;
        /* Every item lands in a lower bucket (its bits above bucket b agree
         * with the new minimum's). */
        for (k = 0; k < n; k++) {
            struct radix_item it = r->b[b][k];
            if (radix_append(r, radix_bucket(it.key, lo), it) != 0) {
                return -1;
            }
        }
    }
    r->size--;
    r->len[0]--;
    *out = r->b[0][r->len[0]].i;
    *level = radix_level(r->b[0][r->len[0]].key);
    return 0;
}

static void
radix_fini(struct radix *r)
{
    int b;
    for (b = 0; b < 33; b++) {
        free(r->b[b]);
    }
}

#endif
