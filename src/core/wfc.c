#include "config.h"
#include "core/wfc.h"

#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/pipeline.h"
#include "core/rng.h"

/* The search side of the wave-function collapse: minimum-remaining-values
 * heap, arc consistency with an undo trail, backtracking and restarts. The
 * rule tables and domains are in wfc_rules.c. */

static int
popcount32(uint32_t x)
{
    int n = 0;
    while (x != 0) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* Min-heap of (options << 32 | tie key, vertex) with lazy deletion. */
struct heap_item {
    uint64_t key;
    int32_t v;
};

/* Undo log: v >= 0 records dom[v] before a change; v < 0 records the
 * collapse of vertex ~v (dom[~v] before it; done[~v] was 0). */
struct trail_item {
    int32_t v;
    uint32_t dom;
};

struct decision {
    size_t trail;     /* trail length before the collapse */
    int32_t v;
    int b;
};

struct solver {
    const struct adjacency *adj;
    uint32_t compat[WFC_MAX_BIOMES];
    uint32_t *dom;
    uint8_t *done;
    uint32_t *tie;
    struct heap_item *heap;
    size_t nheap, heap_cap;
    int32_t *queue;
    uint8_t *queued;
    struct trail_item *trail;
    size_t ntrail, trail_cap;
    struct decision *dec;
    size_t ndec, dec_cap;
};

static int
trail_push(struct solver *s, int32_t v, uint32_t dom)
{
    if (s->ntrail == s->trail_cap) {
        size_t cap = s->trail_cap * 2;
        struct trail_item *t = realloc(s->trail, cap * sizeof *t);
        if (t == NULL) {
            return -1;
        }
        s->trail = t;
        s->trail_cap = cap;
    }
    s->trail[s->ntrail].v = v;
    s->trail[s->ntrail].dom = dom;
    s->ntrail++;
    return 0;
}

static int
heap_push(struct solver *s, int32_t v)
{
    size_t i;
    if (s->nheap == s->heap_cap) {
        size_t cap = s->heap_cap * 2;
        struct heap_item *h = realloc(s->heap, cap * sizeof *h);
        if (h == NULL) {
            return -1;
        }
        s->heap = h;
        s->heap_cap = cap;
    }
    i = s->nheap++;
    s->heap[i].key = ((uint64_t)popcount32(s->dom[v]) << 32) | s->tie[v];
    s->heap[i].v = v;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        struct heap_item t;
        if (s->heap[p].key <= s->heap[i].key) {
            break;
        }
        t = s->heap[p];
        s->heap[p] = s->heap[i];
        s->heap[i] = t;
        i = p;
    }
    return 0;
}

/* The undecided vertex with the fewest options, or -1. */
static int32_t
heap_pop(struct solver *s)
{
    while (s->nheap > 0) {
        struct heap_item top = s->heap[0];
        size_t i = 0;
        s->heap[0] = s->heap[--s->nheap];
        for (;;) {
            size_t l = 2 * i + 1, r = l + 1, m = i;
            struct heap_item t;
            if (l < s->nheap && s->heap[l].key < s->heap[m].key) {
                m = l;
            }
            if (r < s->nheap && s->heap[r].key < s->heap[m].key) {
                m = r;
            }
            if (m == i) {
                break;
            }
            t = s->heap[m];
            s->heap[m] = s->heap[i];
            s->heap[i] = t;
            i = m;
        }
        if (!s->done[top.v] && (top.key >> 32) == (uint64_t)popcount32(s->dom[top.v])) {
            return top.v;
        }
    }
    return -1;
}

static int
heap_rebuild(struct solver *s)
{
    size_t v;
    s->nheap = 0;
    for (v = 0; v < s->adj->n; v++) {
        if (!s->done[v] && heap_push(s, (int32_t)v) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Arc consistency from the queued vertices, logging every change on the
 * trail. Returns the first vertex left with no option, or -1; -2 on
 * allocation failure. The queue is left empty either way. */
static int32_t
propagate(struct solver *s, size_t qhead, size_t qtail)
{
    const struct adjacency *adj = s->adj;
    size_t qn = adj->n + 1;
    int32_t bad = -1;
    while (qhead != qtail && bad == -1) {
        int32_t v = s->queue[qhead], j;
        uint32_t sup = 0, d = s->dom[v];
        int b;
        qhead = (qhead + 1) % qn;
        s->queued[v] = 0;
        for (b = 0; d != 0; b++, d >>= 1) {
            if (d & 1) {
                sup |= s->compat[b];
            }
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            uint32_t nd = s->dom[u] & sup;
            if (nd == s->dom[u]) {
                continue;
            }
            if (trail_push(s, u, s->dom[u]) != 0) {
                bad = -2;
                break;
            }
            s->dom[u] = nd;
            if (nd == 0) {
                bad = u;
                break;
            }
            if (!s->done[u] && heap_push(s, u) != 0) {
                bad = -2;
                break;
            }
            if (!s->queued[u]) {
                s->queued[u] = 1;
                s->queue[qtail] = u;
                qtail = (qtail + 1) % qn;
            }
        }
    }
    while (qhead != qtail) {
        s->queued[s->queue[qhead]] = 0;
        qhead = (qhead + 1) % qn;
    }
    return bad;
}

static int32_t
propagate_from(struct solver *s, int32_t v)
{
    s->queue[0] = v;
    s->queued[v] = 1;
    return propagate(s, 0, 1);
}

/* Undo the trail down to length `to`, putting undone vertices back on the
 * heap. Returns -1 on allocation failure. */
static int
undo(struct solver *s, size_t to, uint8_t *out)
{
    while (s->ntrail > to) {
        struct trail_item *t = &s->trail[--s->ntrail];
        int32_t v = t->v < 0 ? ~t->v : t->v;
        s->dom[v] = t->dom;
        if (t->v < 0) {
            s->done[v] = 0;
            out[v] = 0;
        }
        if (!s->done[v] && heap_push(s, v) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Weighted choice among dom[v], favouring biomes of decided neighbours. */
static int
choose(const struct wfc_rules *rules, struct solver *s, int32_t v, const uint8_t *out,
       struct rng *r)
{
    double w[WFC_MAX_BIOMES], total = 0.0, x;
    int same[WFC_MAX_BIOMES] = { 0 };
    int b, last = -1;
    int32_t j;
    uint32_t d = s->dom[v];

    for (j = s->adj->start[v]; j < s->adj->start[v + 1]; j++) {
        int32_t u = s->adj->nbr[j];
        if (s->done[u]) {
            same[out[u]]++;
        }
    }
    for (b = 0; b < rules->nbiomes; b++) {
        w[b] = 0.0;
        if ((d >> b) & 1) {
            w[b] = rules->biome[b].weight * (1.0 + rules->affinity * same[b]);
            if (rules->prefer != NULL && rules->prefer[v] == b) {
                w[b] *= rules->prefer_weight;
            }
            total += w[b];
            last = b;
        }
    }
    x = rng_next_double(r) * total;
    for (b = 0; b < rules->nbiomes; b++) {
        if (w[b] > 0.0) {
            if (x < w[b]) {
                return b;
            }
            x -= w[b];
        }
    }
    return last;
}

enum og_status
wfc_solve(const struct wfc_rules *rules, const struct adjacency *adj, const uint32_t *dom,
          uint8_t *out, struct rng *r, int max_restarts, struct wfc_stats *stats,
          struct run_ctx *ctx, struct og_error *err)
{
    struct solver s;
    size_t n = adj->n, v, steps = 0, budget = 256, spent = 0;
    struct wfc_stats local;
    int32_t bad;
    enum og_status st = OG_OK;

    memset(&s, 0, sizeof s);
    memset(&local, 0, sizeof local);
    if (stats == NULL) {
        stats = &local;
    }
    memset(stats, 0, sizeof *stats);
    if ((st = wfc_rules_check(rules, err)) != OG_OK) {
        return st;
    }
    if (max_restarts < 0) {
        return og_error_set(err, OG_ERANGE, "wfc: max restarts %d below 0", max_restarts);
    }
    if (n == 0) {
        return OG_OK;
    }
    s.adj = adj;
    wfc_compat_table(rules, s.compat);
    s.heap_cap = n + 16;
    s.trail_cap = 2 * n + 16;
    s.dec_cap = n + 1;  /* decisions collapse distinct vertices: never more than n */
    s.dom = malloc(n * sizeof *s.dom);
    s.done = calloc(n, 1);
    s.tie = malloc(n * sizeof *s.tie);
    s.heap = malloc(s.heap_cap * sizeof *s.heap);
    s.queue = malloc((n + 1) * sizeof *s.queue);
    s.queued = calloc(n, 1);
    s.trail = malloc(s.trail_cap * sizeof *s.trail);
    s.dec = malloc(s.dec_cap * sizeof *s.dec);
    if (s.dom == NULL || s.done == NULL || s.tie == NULL || s.heap == NULL || s.queue == NULL
        || s.queued == NULL || s.trail == NULL || s.dec == NULL) {
        goto nomem;
    }
    memset(out, 0, n);
    for (v = 0; v < n; v++) {
        s.dom[v] = dom[v];
        s.tie[v] = rng_next_u32(r);
        if (s.dom[v] == 0) {
            st = og_error_set(err, OG_EINVAL, "wfc: no biome fits vertex %zu (rules exclude all)",
                              v);
            goto done;
        }
    }
    /* initial arc consistency over every vertex (nothing to undo below it) */
    for (v = 0; v < n; v++) {
        s.queue[v] = (int32_t)v;
        s.queued[v] = 1;
    }
    bad = propagate(&s, 0, n);
    s.ntrail = 0;
    if (bad == -2) {
        goto nomem;
    }
    if (bad >= 0) {
        st = og_error_set(err, OG_EINVAL, "wfc: no biome fits vertex %ld next to its neighbours",
                          (long)bad);
        goto done;
    }
    if (heap_rebuild(&s) != 0) {
        goto nomem;
    }
    for (;;) {
        int32_t x = heap_pop(&s);
        int b;
        if (x < 0) {
            break;
        }
        b = choose(rules, &s, x, out, r);
        if (s.ndec == s.dec_cap) {
            struct decision *d = realloc(s.dec, 2 * s.dec_cap * sizeof *d);
            if (d == NULL) {
                goto nomem;
            }
            s.dec = d;
            s.dec_cap *= 2;
        }
        s.dec[s.ndec].trail = s.ntrail;
        s.dec[s.ndec].v = x;
        s.dec[s.ndec].b = b;
        s.ndec++;
        if (trail_push(&s, ~x, s.dom[x]) != 0) {
            goto nomem;
        }
        out[x] = (uint8_t)b;
        s.done[x] = 1;
        stats->collapses++;
        bad = -1;
        if (s.dom[x] != (1u << b)) {
            s.dom[x] = 1u << b;
            bad = propagate_from(&s, x);
        }
        /* contradiction: undo the newest decision and forbid its choice
         * there; if that empties the vertex too, go one decision further
         * back (depth-first search with forward checking, bounded) */
        while (bad != -1) {
            struct decision d;
            if (bad == -2) {
                goto nomem;
            }
            stats->backtracks++;
            if (s.ndec == 0) {
                st = og_error_set(err, OG_EINVAL,
                                  "wfc: no solution (the rules cannot be satisfied here)");
                goto done;
            }
            if (stats->backtracks > (size_t)max_restarts) {
                st = og_error_set(err, OG_EINVAL,
                                  "wfc: no solution found within %d backtracks (rules may be "
                                  "unsatisfiable)",
                                  max_restarts);
                goto done;
            }
            if (++spent > budget && s.ndec > 1) {
                /* a search stuck deep (heavy-tailed): start over with new
                 * ties and draws and twice the patience (randomised
                 * restarts, Gomes, Selman and Kautz 1998) */
                if (undo(&s, 0, out) != 0) {
                    goto nomem;
                }
                s.ndec = 0;
                stats->restarts++;
                spent = 0;
                budget *= 2;
                for (v = 0; v < n; v++) {
                    s.tie[v] = rng_next_u32(r);
                }
                if (heap_rebuild(&s) != 0) {
                    goto nomem;
                }
                bad = -1;
                break;
            }
            d = s.dec[--s.ndec];
            if (undo(&s, d.trail, out) != 0) {
                goto nomem;
            }
            if (trail_push(&s, d.v, s.dom[d.v]) != 0) {
                goto nomem;
            }
            s.dom[d.v] &= ~(1u << d.b);
            if (s.dom[d.v] == 0) {
                bad = d.v;
                continue;
            }
            if (heap_push(&s, d.v) != 0) {
                goto nomem;
            }
            bad = propagate_from(&s, d.v);
        }
        if ((++steps & 4095) == 0) {
            enum og_status t = pipeline_tick(ctx, (double)s.ndec / (double)n);
            if (t != OG_OK) {
                st = og_error_set(err, t, "wfc: cancelled");
                goto done;
            }
        }
    }
    goto done;

nomem:
    st = og_error_set(err, OG_ENOMEM, "out of memory for wave-function collapse of %zu vertices",
                      n);
done:
    free(s.dom);
    free(s.done);
    free(s.tie);
    free(s.heap);
    free(s.queue);
    free(s.queued);
    free(s.trail);
    free(s.dec);
    return st;
}

