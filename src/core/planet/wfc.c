#include "config.h"
#include "core/planet/wfc.h"

#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "core/planet/wfc_internal.h"

/* The search side of the wave-function collapse: arc consistency with an
 * undo trail, the weighted choice, backtracking and restarts. The queue of
 * undecided vertices (minimum remaining values) is in wfc_queue.c, the
 * rule tables and domains in wfc_rules.c. */

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
    /* sup[k][x]: the biomes allowed next to any of the biomes 8 k + bits
     * of x (the union of their compatibility sets), a byte at a time */
    uint32_t sup[4][256];
    struct wfc_vertex *vs;
    uint32_t *tie;
    struct wfc_queue q;
    int32_t *queue;
    struct trail_item *trail;
    size_t ntrail, trail_cap;
    struct decision *dec;
    size_t ndec, dec_cap;
};

static int
trail_grow(struct solver *s)
{
    size_t cap = s->trail_cap * 2;
    struct trail_item *t = realloc(s->trail, cap * sizeof *t);
    if (t == NULL) {
        return -1;
    }
    s->trail = t;
    s->trail_cap = cap;
    return 0;
}

static inline int
trail_push(struct solver *s, int32_t v, uint32_t dom)
{
    if (s->ntrail == s->trail_cap && trail_grow(s) != 0) {
        return -1;
    }
    s->trail[s->ntrail].v = v;
    s->trail[s->ntrail].dom = dom;
    s->ntrail++;
    return 0;
}

static inline void
queue_vertex(struct solver *s, int32_t v)
{
    wfc_queue_push(&s->q, v, wfc_popcount(s->vs[v].dom));
}

/* Rank the vertices by fresh ties and queue every undecided one. */
static int
queue_rebuild(struct solver *s)
{
    size_t v;
    if (wfc_queue_rank(&s->q, s->vs, s->tie) != 0) {
        return -1;
    }
    for (v = 0; v < s->adj->n; v++) {
        if (!s->vs[v].done) {
            queue_vertex(s, (int32_t)v);
        }
    }
    return 0;
}

/* The vertices with a choice come in rank order while nothing changes
 * their domains, in no order in memory: fetch the state, neighbour list
 * and neighbours of the next ranks ahead (a hint only). */
/* always inlined: a function of prefetches alone counts as pure to GCC,
 * and the call would be dropped */
static inline __attribute__((always_inline)) void
prefetch_ahead(const struct solver *s, const struct wfc_rules *rules, size_t rank)
{
    const struct adjacency *adj = s->adj;
    size_t m = s->q.m;
    if (rank + 24 < m) {
        int32_t v = s->q.order[rank + 24];
        __builtin_prefetch(&s->vs[v]);
        __builtin_prefetch(&adj->start[v]);
        if (rules->prefer != NULL) {
            __builtin_prefetch(&rules->prefer[v]);
        }
    }
    if (rank + 12 < m) {
        int32_t v = s->q.order[rank + 12];
        __builtin_prefetch(&adj->nbr[adj->start[v]]);
    }
    if (rank + 6 < m) {
        int32_t v = s->q.order[rank + 6], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            __builtin_prefetch(&s->vs[adj->nbr[j]]);
        }
    }
}

/* Arc consistency from the queued vertices, logging every change on the
 * trail. Returns the first vertex left with no option, or -1; -2 on
 * allocation failure. The queue is left empty either way. */
static int32_t
propagate(struct solver *s, size_t qhead, size_t qtail)
{
    const struct adjacency *adj = s->adj;
    struct wfc_vertex *vs = s->vs;
    size_t qn = adj->n + 1;
    int32_t bad = -1;
    while (qhead != qtail && bad == -1) {
        int32_t v = s->queue[qhead], j;
        uint32_t d = vs[v].dom;
        uint32_t sup = s->sup[0][d & 255] | s->sup[1][(d >> 8) & 255]
                       | s->sup[2][(d >> 16) & 255] | s->sup[3][d >> 24];
        qhead = qhead + 1 == qn ? 0 : qhead + 1;
        vs[v].queued = 0;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            uint32_t nd = vs[u].dom & sup;
            if (nd == vs[u].dom) {
                continue;
            }
            if (trail_push(s, u, vs[u].dom) != 0) {
                bad = -2;
                break;
            }
            vs[u].dom = nd;
            if (nd == 0) {
                bad = u;
                break;
            }
            if (!vs[u].done) {
                queue_vertex(s, u);
            }
            if (!vs[u].queued) {
                vs[u].queued = 1;
                s->queue[qtail] = u;
                qtail = qtail + 1 == qn ? 0 : qtail + 1;
            }
        }
    }
    while (qhead != qtail) {
        vs[s->queue[qhead]].queued = 0;
        qhead = qhead + 1 == qn ? 0 : qhead + 1;
    }
    return bad;
}

static int32_t
propagate_from(struct solver *s, int32_t v)
{
    s->queue[0] = v;
    s->vs[v].queued = 1;
    return propagate(s, 0, 1);
}

/* Undo the trail down to length `to`, queueing the undone vertices again. */
static void
undo(struct solver *s, size_t to)
{
    while (s->ntrail > to) {
        struct trail_item *t = &s->trail[--s->ntrail];
        int32_t v = t->v < 0 ? ~t->v : t->v;
        s->vs[v].dom = t->dom;
        if (t->v < 0) {
            s->vs[v].done = 0;
            s->vs[v].biome = 0;
        }
        if (!s->vs[v].done) {
            queue_vertex(s, v);
        }
    }
}

/* Weighted choice among dom[v], favouring biomes of decided neighbours.
 * One draw per call; a single option needs nothing else. */
static int
choose(const struct wfc_rules *rules, struct solver *s, int32_t v, struct rng *r)
{
    double w[WFC_MAX_BIOMES], total = 0.0, x;
    int same[WFC_MAX_BIOMES] = { 0 };
    int b, last = -1, pref = rules->prefer != NULL ? rules->prefer[v] : -1;
    int32_t j;
    uint32_t d = s->vs[v].dom, e;

    if ((d & (d - 1)) == 0) {
        (void)rng_next_double(r);
        return __builtin_ctz(d);
    }
    for (j = s->adj->start[v]; j < s->adj->start[v + 1]; j++) {
        const struct wfc_vertex *u = &s->vs[s->adj->nbr[j]];
        if (u->done) {
            same[u->biome]++;
        }
    }
    /* the options in ascending order, as the sum and the draw take them */
    for (e = d; e != 0; e &= e - 1) {
        b = __builtin_ctz(e);
        w[b] = rules->biome[b].weight * (1.0 + rules->affinity * same[b]);
        if (pref == b) {
            w[b] *= rules->prefer_weight;
        }
        total += w[b];
        last = b;
    }
    x = rng_next_double(r) * total;
    for (e = d; e != 0; e &= e - 1) {
        b = __builtin_ctz(e);
        if (x < w[b]) {
            return b;
        }
        x -= w[b];
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
    uint32_t all, compat[WFC_MAX_BIOMES];
    int32_t bad;
    int k;
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
    memset(out, 0, n);
    s.adj = adj;
    wfc_compat_table(rules, compat);
    for (k = 0; k < 4; k++) {
        int x, b;
        for (x = 0; x < 256; x++) {
            uint32_t u = 0;
            for (b = 0; b < 8; b++) {
                if (((x >> b) & 1) && 8 * k + b < rules->nbiomes) {
                    u |= compat[8 * k + b];
                }
            }
            s.sup[k][x] = u;
        }
    }
    all = rules->nbiomes >= 32 ? 0xffffffffu : (1u << rules->nbiomes) - 1u;
    s.trail_cap = 2 * n + 16;
    s.dec_cap = n + 1;  /* decisions collapse distinct vertices: never more than n */
    s.vs = calloc(n, sizeof *s.vs);
    s.tie = malloc(n * sizeof *s.tie);
    s.queue = malloc((n + 1) * sizeof *s.queue);
    s.trail = malloc(s.trail_cap * sizeof *s.trail);
    s.dec = malloc(s.dec_cap * sizeof *s.dec);
    if (s.vs == NULL || s.tie == NULL || s.queue == NULL || s.trail == NULL || s.dec == NULL
        || wfc_queue_init(&s.q, n, rules->nbiomes) != 0) {
        goto nomem;
    }
    for (v = 0; v < n; v++) {
        s.vs[v].dom = dom[v] & all;
        s.tie[v] = rng_next_u32(r);
        if (s.vs[v].dom == 0) {
            st = og_error_set(err, OG_EINVAL, "wfc: no biome fits vertex %zu (rules exclude all)",
                              v);
            goto done;
        }
    }
    /* initial arc consistency over every vertex (nothing to undo below it) */
    for (v = 0; v < n; v++) {
        s.queue[v] = (int32_t)v;
        s.vs[v].queued = 1;
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
    if (queue_rebuild(&s) != 0) {
        goto nomem;
    }
    for (;;) {
        size_t rank;
        int32_t x = wfc_queue_pop(&s.q, s.vs, &rank);
        int b;
        if (x < 0) {
            break;
        }
        if (rank != SIZE_MAX) {
            prefetch_ahead(&s, rules, rank);
        }
        b = choose(rules, &s, x, r);
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
        if (trail_push(&s, ~x, s.vs[x].dom) != 0) {
            goto nomem;
        }
        s.vs[x].biome = (uint8_t)b;
        s.vs[x].done = 1;
        stats->collapses++;
        bad = -1;
        if (s.vs[x].dom != (1u << b)) {
            s.vs[x].dom = 1u << b;
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
                undo(&s, 0);
                s.ndec = 0;
                stats->restarts++;
                spent = 0;
                budget *= 2;
                for (v = 0; v < n; v++) {
                    s.tie[v] = rng_next_u32(r);
                }
                if (queue_rebuild(&s) != 0) {
                    goto nomem;
                }
                bad = -1;
                break;
            }
            d = s.dec[--s.ndec];
            undo(&s, d.trail);
            if (trail_push(&s, d.v, s.vs[d.v].dom) != 0) {
                goto nomem;
            }
            s.vs[d.v].dom &= ~(1u << d.b);
            if (s.vs[d.v].dom == 0) {
                bad = d.v;
                continue;
            }
            queue_vertex(&s, d.v);
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
    if (s.vs != NULL && st == OG_OK) {
        for (v = 0; v < n; v++) {
            out[v] = s.vs[v].biome;
        }
    }
    free(s.vs);
    free(s.tie);
    free(s.queue);
    free(s.trail);
    free(s.dec);
    wfc_queue_fini(&s.q);
    return st;
}
