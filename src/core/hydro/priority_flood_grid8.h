/* priority_flood_grid8.h: the flood loop of core/hydro/priority_flood.c for an
 * 8-neighbour grid, the graph of every DEM and of the bench. Internal:
 * include only from priority_flood.c, after its per-graph steps.
 *
 * It does exactly what the per-graph loop (flood_graph) does, in the same
 * order, so filled and rank come out the same; it is only written for the
 * compiler: the flood's counters and array pointers live in locals (a
 * store through the byte states may alias anything reachable from the
 * struct, which made every step reload them), an interior cell's 8
 * neighbours are fixed displacements from three row pointers, walked
 * without a loop, a traced cell's filled height is not rewritten (it is its
 * own), a candidate remembers which of its neighbours were lower so the
 * check before the next pop looks at those only, and the method and the
 * presence of rank are constants of the four instances. The fill is bound
 * by instructions (the byte tests branch well): on the 4000^2 bench these
 * (with the 8-bit radix heap) cut the fast fill from 2.8 G to 1.8 G
 * instructions. Border cells take the per-graph steps. */
#ifndef OROGEN_CORE_HYDRO_PRIORITY_FLOOD_GRID8_H
#define OROGEN_CORE_HYDRO_PRIORITY_FLOOD_GRID8_H

#include <stddef.h>
#include <stdint.h>

#include "core/hydro/priority_flood_queues.h" /* radix_first_bit */

#if defined(__GNUC__)
#define G8_INLINE static inline __attribute__((always_inline))
#else
#define G8_INLINE static inline
#endif

/* The neighbours of an interior cell c of an 8-neighbour grid of width w,
 * in nbrs' order (row by row), each passed to STEP in turn. */
#define GRID8_EACH(c, w, STEP)                                                                     \
    do {                                                                                           \
        STEP((c) - (w) - 1);                                                                       \
        STEP((c) - (w));                                                                           \
        STEP((c) - (w) + 1);                                                                       \
        STEP((c) - 1);                                                                             \
        STEP((c) + 1);                                                                             \
        STEP((c) + (w) - 1);                                                                       \
        STEP((c) + (w));                                                                           \
        STEP((c) + (w) + 1);                                                                       \
    } while (0)

/* covered (priority_flood.c) for an interior cell m. */
G8_INLINE int
g8_covered(const uint8_t *st, const float *fl, int32_t m, int32_t w)
{
    float em = fl[m];
#define COVERED_STEP(v)                                                                            \
    if ((st[(v)] & ST_DONE) != 0 && fl[(v)] <= em) {                                               \
        return 1;                                                                                  \
    }
    GRID8_EACH(m, w, COVERED_STEP);
#undef COVERED_STEP
    return 0;
}

/* flush_cand's test for an interior trace cell t whose neighbours in the
 * mask `lower` (bit k: neighbour k) were unreached and lower when t was
 * traced: is one of them still unreached and not covered? (The others were
 * reached then, or traced from t.) */
G8_INLINE int
g8_needs_queue(const struct flood *f, int32_t t, unsigned lower)
{
    const uint8_t *st = f->st;

    while (lower != 0) {
        int32_t m = t + f->off8[radix_first_bit(lower)];
        lower &= lower - 1;
        if ((st[m] & ST_DONE) == 0 &&
            ((st[m] & ST_EDGE) != 0 ? !covered(f, m) : !g8_covered(st, f->filled, m, f->g->width))) {
            return 1;
        }
    }
    return 0;
}

/* The flood loop; f is set up and the outlets are queued. Returns OG_OK,
 * OG_ENOMEM or the status of a cancelled tick. */
G8_INLINE enum og_status
g8_flood(struct flood *f, const int fast, uint32_t *const rank)
{
    uint8_t *const st = f->st;
    float *const fl = f->filled;
    int32_t *const pit = f->pit, *const trace = f->trace, *const cand = f->cand;
    uint8_t *const cand_lower = f->cand_lower;
    const int32_t w = f->g->width;
    const size_t n = f->g->n;
    struct run_ctx *const ctx = f->ctx;
    size_t ph = f->pit_head, pt = f->pit_tail, tl = 0, nc = 0, cursor = 0;
    size_t next_tick = f->next_tick;
    float plev = f->pit_level;
    uint32_t r = f->next_rank;
    int32_t c;

/* the locals to the struct for a per-graph step, and back */
#define G8_OUT()                                                                                   \
    (f->pit_head = ph, f->pit_tail = pt, f->pit_level = plev, f->trace_len = tl, f->ncand = nc,    \
     f->next_rank = r, f->done = r)
#define G8_IN()                                                                                    \
    (ph = f->pit_head, pt = f->pit_tail, plev = f->pit_level, tl = f->trace_len, nc = f->ncand,    \
     r = f->next_rank)
/* reach node i (its filled height is set by the caller, or is its own) */
#define G8_MARK(i)                                                                                 \
    do {                                                                                           \
        st[(i)] |= ST_DONE;                                                                        \
        if (rank != NULL) {                                                                        \
            rank[(i)] = r;                                                                         \
        }                                                                                          \
        r++;                                                                                       \
    } while (0)

    for (;;) {
        float level;
        if (ph < pt) {
            c = pit[ph++];
            level = plev;
            if (ph == pt) {
                ph = pt = 0;
            }
        } else if (fast && nc > 0) {
            size_t q;
            for (q = 0; q < nc; q++) {
                int32_t t = cand[q];
                int need;
                if ((st[t] & ST_EDGE) == 0) {
                    need = g8_needs_queue(f, t, cand_lower[q]);
                } else {
                    int32_t nb[HYDRO_MAX_DEGREE];
                    int k, cnt = flood_nbrs(f, t, nb);
                    need = 0;
                    for (k = 0; k < cnt && !need; k++) {
                        need = !st_done(f, (size_t)nb[k]) && !covered(f, nb[k]);
                    }
                }
                if (need && radix_push(&f->rq, fl[t], t) != 0) {
                    return OG_ENOMEM;
                }
            }
            nc = 0;
            continue;
        } else if (!fast && f->heap.len > 0) {
            c = heap_pop(&f->heap);
            level = fl[c]; /* the height it was pushed at */
        } else if (fast && f->rq.size > 0) {
            if (radix_pop(&f->rq, &c, &level) != 0) {
                return OG_ENOMEM;
            }
        } else if (r < n) {
            int seeded;
            G8_OUT();
            seeded = seed_next_component(f, &cursor);
            G8_IN();
            if (seeded < 0) {
                return OG_ENOMEM;
            }
            if (seeded == 0) {
                break;
            }
            continue;
        } else {
            break;
        }

        /* expand c at its final level */
        if ((st[c] & ST_EDGE) == 0) {
            /* row pointers: every neighbour is a fixed displacement */
            const ptrdiff_t ci = c;
            uint8_t *const s0 = st + ci - w, *const s1 = st + ci, *const s2 = st + ci + w;
            float *const f0 = fl + ci - w, *const f1 = fl + ci, *const f2 = fl + ci + w;
#define EXPAND_STEP(sp, fp, d, m)                                                                  \
    do {                                                                                           \
        if (((sp)[d] & ST_DONE) == 0) {                                                            \
            float e_ = (fp)[d];                                                                    \
            (sp)[d] |= ST_DONE;                                                                    \
            if (rank != NULL) {                                                                    \
                rank[(m)] = r;                                                                     \
            }                                                                                      \
            r++;                                                                                   \
            if (e_ <= level) {                                                                     \
                (fp)[d] = level;                                                                   \
                pit[pt++] = (m);                                                                   \
            } else if (fast) {                                                                     \
                trace[tl++] = (m);                                                                 \
            } else if (heap_push(&f->heap, e_, (m)) != 0) {                                        \
                return OG_ENOMEM;                                                                  \
            }                                                                                      \
        }                                                                                          \
    } while (0)
            plev = level; /* the pit holds this one level, or is empty */
            EXPAND_STEP(s0, f0, -1, c - w - 1);
            EXPAND_STEP(s0, f0, 0, c - w);
            EXPAND_STEP(s0, f0, 1, c - w + 1);
            EXPAND_STEP(s1, f1, -1, c - 1);
            EXPAND_STEP(s1, f1, 1, c + 1);
            EXPAND_STEP(s2, f2, -1, c + w - 1);
            EXPAND_STEP(s2, f2, 0, c + w);
            EXPAND_STEP(s2, f2, 1, c + w + 1);
#undef EXPAND_STEP
        } else {
            G8_OUT();
            if (expand(f, c, level, fast) != 0) {
                return OG_ENOMEM;
            }
            G8_IN();
        }

        /* fast: trace the slope cells upward, breadth-first */
        if (fast) {
            size_t th = 0;
            while (th < tl) {
                int32_t t = trace[th++];
                float et = fl[t];
                unsigned lower = 0;
                if ((st[t] & ST_EDGE) == 0) {
                    const ptrdiff_t ti = t;
                    uint8_t *const s0 = st + ti - w, *const s1 = st + ti, *const s2 = st + ti + w;
                    const float *const f0 = fl + ti - w, *const f1 = fl + ti, *const f2 = fl + ti + w;
#define TRACE_STEP(sp, fp, d, m, bit)                                                              \
    do {                                                                                           \
        if (((sp)[d] & ST_DONE) == 0) {                                                            \
            if ((fp)[d] >= et) {                                                                   \
                (sp)[d] |= ST_DONE;                                                                \
                if (rank != NULL) {                                                                \
                    rank[(m)] = r;                                                                 \
                }                                                                                  \
                r++;                                                                               \
                trace[tl++] = (m);                                                                 \
            } else {                                                                               \
                lower |= (bit);                                                                    \
            }                                                                                      \
        }                                                                                          \
    } while (0)
                    TRACE_STEP(s0, f0, -1, t - w - 1, 1u);
                    TRACE_STEP(s0, f0, 0, t - w, 2u);
                    TRACE_STEP(s0, f0, 1, t - w + 1, 4u);
                    TRACE_STEP(s1, f1, -1, t - 1, 8u);
                    TRACE_STEP(s1, f1, 1, t + 1, 16u);
                    TRACE_STEP(s2, f2, -1, t + w - 1, 32u);
                    TRACE_STEP(s2, f2, 0, t + w, 64u);
                    TRACE_STEP(s2, f2, 1, t + w + 1, 128u);
#undef TRACE_STEP
                } else {
                    G8_OUT();
                    lower = trace_cell(f, t, et) ? 0xffu : 0u;
                    G8_IN();
                }
                cand[nc] = t;
                cand_lower[nc] = (uint8_t)lower;
                nc += lower != 0;
            }
            tl = 0;
        }

        if (r >= next_tick && ctx != NULL) {
            enum og_status ts;
            next_tick = (size_t)r + TICK_MASK + 1;
            G8_OUT();
            if ((ts = pipeline_tick(ctx, (double)r / (double)n)) != OG_OK) {
                return ts;
            }
        }
    }
    G8_OUT();
    return OG_OK;
#undef G8_OUT
#undef G8_IN
#undef G8_MARK
}

/* The two methods, each with and without rank, as constants. */
static enum og_status
flood_grid8(struct flood *f, int fast)
{
    if (fast) {
        return f->rank != NULL ? g8_flood(f, 1, f->rank) : g8_flood(f, 1, NULL);
    }
    return f->rank != NULL ? g8_flood(f, 0, f->rank) : g8_flood(f, 0, NULL);
}

#endif
