/* priority_flood_queues.h: the two priority queues of core/hydro/priority_flood.c,
 * kept inline in its translation unit (they are its inner loop):
 *   - a 4-ary min-heap of packed 64-bit (level, node) keys, for the plain
 *     method (Barnes, Lehman & Mulla 2014);
 *   - a monotone radix heap on the order-preserving bits of float levels
 *     (Ahuja, Mehlhorn, Orlin & Tarjan 1990), for the slope-tracing fast
 *     method (Zhou, Sun & Fu 2016; Wei, Zhou & Fu 2019).
 * The heap pops equal levels in node order, the radix heap last in, first
 * out: both deterministic. Internal: include only from priority_flood.c and
 * hydro_flats.c (whose Dijkstra distances never fall either). */
#ifndef OROGEN_CORE_HYDRO_PRIORITY_FLOOD_QUEUES_H
#define OROGEN_CORE_HYDRO_PRIORITY_FLOOD_QUEUES_H

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

static inline int
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

/* Pop the node of the smallest key (keys are distinct: one per node). The
 * smallest of four children is picked by index arithmetic on the compares,
 * not by branches: those compares are coin flips, and mispredicting them
 * was most of the pop's time (callgrind's branch model: 119 M -> 23 M
 * mispredicts for the 4000^2 bench). The 16 grandchildren (two cache
 * lines) are fetched one level ahead. */
static inline int32_t
heap_pop(struct heap *hp)
{
    uint64_t *a = hp->a, top = a[0], last = a[--hp->len];
    size_t n = hp->len, k = 0, c = 1;

    while (c + 3 < n) {
        size_t b01, b23, b;
        uint64_t m;
#if defined(__GNUC__)
        if (4 * c + 17 <= hp->cap) {
            __builtin_prefetch(a + 4 * c + 1);
            __builtin_prefetch(a + 4 * c + 9);
        }
#endif
        b01 = c + (size_t)(a[c + 1] < a[c]);
        b23 = c + 2 + (size_t)(a[c + 3] < a[c + 2]);
        b = b01 + ((b23 - b01) & ((size_t)0 - (size_t)(a[b23] < a[b01])));
        m = a[b];
        if (m >= last) {
            goto place;
        }
        a[k] = m;
        k = b;
        c = 4 * k + 1;
    }
    if (c < n) {
        size_t b = c, j;
        for (j = c + 1; j < n; j++) {
            b = a[j] < a[b] ? j : b;
        }
        if (a[b] < last) {
            a[k] = a[b];
            k = b;
        }
    }
place:
    if (n > 0) {
        a[k] = last;
    }
    return (int32_t)(uint32_t)top;
}

/* A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on the float bits:
 * a monotone priority queue, valid because a priority-flood never pushes a
 * level below the one it last popped. Pushes are O(1) appends, and all
 * memory is sequential: far fewer cache misses than a heap of millions of
 * items. Used by the fast method.
 *
 * The keys are split into 4 digits of 8 bits. An item lives at level L,
 * the highest digit in which its key differs from `last` (a lower bound of
 * every key queued), in the bucket of its digit L; level 0's 256 buckets
 * are exact keys. A pop takes the lowest non-empty bucket of level 0; when
 * level 0 is empty, the lowest non-empty bucket of the lowest non-empty
 * level is spread one level down or more (`last` becomes its digits above
 * L and its digit L, zeros below), so an item moves at most 3 times, where
 * the binary radix heap (a bucket per bit) moved each about 10 times on the
 * bench. Items of one key always share a bucket, in push order (moves are
 * stable and only fill empty levels), so equal keys pop last in, first
 * out. */
struct radix_item {
    uint32_t key;
    int32_t i;
};

struct radix_bucket {
    struct radix_item *a;
    size_t len, cap;
};

struct radix {
    struct radix_bucket *b; /* [4][256], allocated on the first push */
    uint64_t nonempty[4][4]; /* bit j of level L: bucket (L, j) holds items */
    uint32_t last;           /* every key in the queue is >= last */
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

static int
radix_grow(struct radix_bucket *bk)
{
    size_t cap = bk->cap != 0 ? bk->cap * 2 : 256;
    struct radix_item *a;

    if (cap > SIZE_MAX / sizeof *a) {
        return -1;
    }
    a = realloc(bk->a, cap * sizeof *a);
    if (a == NULL) {
        return -1;
    }
    bk->a = a;
    bk->cap = cap;
    return 0;
}

static inline int
radix_append(struct radix *r, int level, unsigned j, struct radix_item it)
{
    struct radix_bucket *bk = &r->b[level * 256 + (int)j];

    if (bk->len == bk->cap && radix_grow(bk) != 0) {
        return -1;
    }
    bk->a[bk->len++] = it;
    r->nonempty[level][j >> 6] |= (uint64_t)1 << (j & 63);
    return 0;
}

/* The level and bucket of key k for the current `last`. */
static inline int
radix_place(const struct radix *r, uint32_t k, unsigned *j)
{
    uint32_t x = k ^ r->last;
    int level = 0;

    if (x != 0) {
#if defined(__GNUC__)
        level = (31 - __builtin_clz(x)) >> 3;
#else
        while ((x >> 8) != 0) {
            x >>= 8;
            level++;
        }
#endif
    }
    *j = (k >> (8 * level)) & 0xffu;
    return level;
}

static inline int
radix_first_bit(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int k = 0;
    while ((m & 1u) == 0) {
        m >>= 1;
        k++;
    }
    return k;
#endif
}

/* The lowest non-empty bucket of a level, or -1. */
static inline int
radix_lowest(const struct radix *r, int level)
{
    int w;

    for (w = 0; w < 4; w++) {
        if (r->nonempty[level][w] != 0) {
            return w * 64 + radix_first_bit(r->nonempty[level][w]);
        }
    }
    return -1;
}

static inline int
radix_push(struct radix *r, float h, int32_t i)
{
    struct radix_item it;
    unsigned j;
    int level;

    if (r->b == NULL && (r->b = calloc(4 * 256, sizeof *r->b)) == NULL) {
        return -1;
    }
    it.key = radix_key(h);
    it.i = i;
    assert(it.key >= r->last);
    level = radix_place(r, it.key, &j);
    r->size++;
    return radix_append(r, level, j, it);
}

/* Pop a node with the smallest level into *out; the queue must not be
 * empty. Ties come out last in, first out, which is deterministic. Returns
 * -1 when memory runs out while redistributing. */
static int
radix_pop(struct radix *r, int32_t *out, float *level)
{
    struct radix_bucket *bk;
    struct radix_item it;
    int j = radix_lowest(r, 0);

    while (j < 0) {
        /* spread the lowest bucket of the lowest non-empty level down */
        int lv = 1, jj;
        size_t k, n;
        struct radix_item *a;
        uint32_t keep;
        while ((jj = radix_lowest(r, lv)) < 0) {
            lv++;
        }
        keep = lv == 3 ? 0u : ~(uint32_t)0 << (8 * (lv + 1));
        r->last = (r->last & keep) | (uint32_t)jj << (8 * lv);
        bk = &r->b[lv * 256 + jj];
        a = bk->a;
        n = bk->len;
        bk->len = 0;
        r->nonempty[lv][jj >> 6] &= ~((uint64_t)1 << (jj & 63));
        for (k = 0; k < n; k++) {
            unsigned to;
            int tl = radix_place(r, a[k].key, &to);
            if (radix_append(r, tl, to, a[k]) != 0) {
                return -1;
            }
        }
        j = radix_lowest(r, 0);
    }
    bk = &r->b[j];
    it = bk->a[--bk->len];
    if (bk->len == 0) {
        r->nonempty[0][j >> 6] &= ~((uint64_t)1 << (j & 63));
    }
    r->size--;
    *out = it.i;
    *level = radix_level(it.key);
    return 0;
}

static void
radix_fini(struct radix *r)
{
    int b;

    if (r->b != NULL) {
        for (b = 0; b < 4 * 256; b++) {
            free(r->b[b].a);
        }
    }
    free(r->b);
}

#endif
