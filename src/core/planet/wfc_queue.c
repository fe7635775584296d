#include "config.h"
#include "core/planet/wfc_internal.h"

#include <stdlib.h>
#include <string.h>

/* The minimum-remaining-values queue of the wave-function collapse
 * (wfc_internal.h): a bit set per option count, with summary levels so
 * that the minimum is one count-trailing-zeros a level, and the rank
 * order of the tie keys by a least-significant-digit radix sort. */

static int
set_init(struct wfc_set *s, size_t cap)
{
    size_t len = cap;
    int k = 0;
    do {
        len = (len + 63) / 64;
        if (k == WFC_SET_LEVELS) {
            return -1;
        }
        s->w[k] = calloc(len > 0 ? len : 1, sizeof *s->w[k]);
        if (s->w[k] == NULL) {
            return -1;
        }
        k++;
        s->levels = k;
    } while (len > 1);
    return 0;
}

static void
set_fini(struct wfc_set *s)
{
    int k;
    for (k = 0; k < s->levels; k++) {
        free(s->w[k]);
    }
    s->levels = 0;
}

static void
set_clear_all(struct wfc_set *s, size_t cap)
{
    size_t len = cap;
    int k;
    for (k = 0; k < s->levels; k++) {
        len = (len + 63) / 64;
        memset(s->w[k], 0, (len > 0 ? len : 1) * sizeof *s->w[k]);
    }
}

static inline void
set_add(struct wfc_set *s, size_t i)
{
    int k;
    for (k = 0; k < s->levels; k++) {
        uint64_t old = s->w[k][i >> 6];
        s->w[k][i >> 6] = old | (uint64_t)1 << (i & 63);
        if (old != 0) {
            return;
        }
        i >>= 6;
    }
}

static inline void
set_remove(struct wfc_set *s, size_t i)
{
    int k;
    for (k = 0; k < s->levels; k++) {
        uint64_t nw = s->w[k][i >> 6] & ~((uint64_t)1 << (i & 63));
        s->w[k][i >> 6] = nw;
        if (nw != 0) {
            return;
        }
        i >>= 6;
    }
}

/* The smallest member, or SIZE_MAX when empty. */
static inline size_t
set_min(const struct wfc_set *s)
{
    size_t i;
    int k = s->levels - 1;
    if (s->w[k][0] == 0) {
        return SIZE_MAX;
    }
    i = (size_t)__builtin_ctzll(s->w[k][0]);
    for (k--; k >= 0; k--) {
        i = i * 64 + (size_t)__builtin_ctzll(s->w[k][i]);
    }
    return i;
}

int
wfc_queue_init(struct wfc_queue *q, size_t n, int nbiomes)
{
    memset(q, 0, sizeof *q);
    q->n = n;
    q->nlevels = 2;
    q->rank = malloc((n > 0 ? n : 1) * sizeof *q->rank);
    q->order = malloc((n > 0 ? n : 1) * sizeof *q->order);
    q->scratch = malloc(2 * (n > 0 ? n : 1) * sizeof *q->scratch);
    if (q->rank == NULL || q->order == NULL || q->scratch == NULL
        || set_init(&q->set[1], n) != 0) {
        return -1;
    }
    (void)nbiomes;
    return 0;
}

void
wfc_queue_fini(struct wfc_queue *q)
{
    int c;
    for (c = 0; c <= WFC_MAX_BIOMES; c++) {
        set_fini(&q->set[c]);
    }
    free(q->rank);
    free(q->order);
    free(q->scratch);
    memset(q, 0, sizeof *q);
}

/* Stable sort of idx[0..m) by key[idx[i]] (32 bits), three passes of 11,
 * 11 and 10 bits; tmp holds m entries. The result ends in idx. */
static void
radix_sort(uint32_t *idx, uint32_t *tmp, size_t m, const uint32_t *key)
{
    static const int shift[3] = { 0, 11, 22 };
    size_t count[2048];
    int pass;
    for (pass = 0; pass < 3; pass++) {
        size_t i, sum = 0;
        uint32_t *t;
        int sh = shift[pass];
        memset(count, 0, sizeof count);
        for (i = 0; i < m; i++) {
            count[(key[idx[i]] >> sh) & 2047]++;
        }
        for (i = 0; i < 2048; i++) {
            size_t c = count[i];
            count[i] = sum;
            sum += c;
        }
        for (i = 0; i < m; i++) {
            tmp[count[(key[idx[i]] >> sh) & 2047]++] = idx[i];
        }
        t = idx;
        idx = tmp;
        tmp = t;
    }
    /* three passes: the sorted order is in the first buffer's partner;
     * copy it back */
    memcpy(tmp, idx, m * sizeof *idx);
}

int
wfc_queue_rank(struct wfc_queue *q, const struct wfc_vertex *vs, const uint32_t *tie)
{
    size_t v, m = 0, i;
    int maxc = 1, c;
    uint32_t *idx = q->scratch, *tmp = q->scratch + q->n;

    for (v = 0; v < q->n; v++) {
        int pc = wfc_popcount(vs[v].dom);
        q->rank[v] = UINT32_MAX;
        if (pc >= 2) {
            idx[m++] = (uint32_t)v;
            maxc = pc > maxc ? pc : maxc;
        }
    }
    radix_sort(idx, tmp, m, tie);
    for (i = 0; i < m; i++) {
        q->order[i] = (int32_t)idx[i];
        q->rank[idx[i]] = (uint32_t)i;
    }
    /* the ranked set is the same at every call (the domains after the
     * first arc consistency), so the sets are made once */
    for (c = 2; c <= maxc; c++) {
        if (q->set[c].levels == 0 && set_init(&q->set[c], m) != 0) {
            return -1;
        }
    }
    q->m = m;
    q->nlevels = maxc + 1 > q->nlevels ? maxc + 1 : q->nlevels;
    for (c = 1; c < q->nlevels; c++) {
        set_clear_all(&q->set[c], c == 1 ? q->n : m);
    }
    q->nonempty = 0;
    return 0;
}

void
wfc_queue_push(struct wfc_queue *q, int32_t v, int count)
{
    if (count == 1) {
        set_add(&q->set[1], (size_t)v);
    } else {
        set_add(&q->set[count], q->rank[v]);
    }
    q->nonempty |= (uint64_t)1 << count;
}

int32_t
wfc_queue_pop(struct wfc_queue *q, const struct wfc_vertex *vs, size_t *rank)
{
    while (q->nonempty != 0) {
        int c = __builtin_ctzll(q->nonempty);
        struct wfc_set *s = &q->set[c];
        size_t i = set_min(s);
        int32_t v;
        if (i == SIZE_MAX) {
            q->nonempty &= ~((uint64_t)1 << c);
            continue;
        }
        set_remove(s, i);
        v = c == 1 ? (int32_t)i : q->order[i];
        if (!vs[v].done && wfc_popcount(vs[v].dom) == c) {
            *rank = c == 1 ? SIZE_MAX : i;
            return v;
        }
    }
    return -1;
}
