/* wfc_internal: the search's minimum-remaining-values queue, shared by
 * wfc.c (the search) and wfc_queue.c (its implementation). Not public. */
#ifndef OROGEN_CORE_PLANET_WFC_INTERNAL_H
#define OROGEN_CORE_PLANET_WFC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/planet/wfc.h"

/* A set of integers in [0, cap): one bit each at level 0, and above it
 * levels of one bit per 64-bit word below (set when that word is not
 * zero), up to a single word; so insert, remove and the minimum cost one
 * step a level (5 levels hold 2^30). */
#define WFC_SET_LEVELS 6

/* Bits set in x (SWAR: no popcnt instruction needed). */
static inline int
wfc_popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* The search's state of one vertex, packed so that a neighbour costs one
 * cache line. */
struct wfc_vertex {
    uint32_t dom;           /* biomes still allowed (bit set) */
    uint8_t done;           /* collapsed */
    uint8_t biome;          /* the biome, once done */
    uint8_t queued;         /* in the propagation queue */
    uint8_t pad;
};

struct wfc_set {
    int levels;
    uint64_t *w[WFC_SET_LEVELS];
};

/* The undecided vertices by (options, tie key, vertex), the order in
 * which the search collapses them. Vertices with one option are kept
 * apart, by vertex id: their collapse is forced (no draw changes it and
 * nothing propagates), so the search takes them in memory order, all of
 * them before any vertex with a choice (as the order says). The vertices
 * with more options go to one set per option count, indexed by rank: the
 * position of (tie key, vertex) in ascending order among the vertices that
 * had two or more options after the first arc consistency (domains never
 * grow back past that, so no other vertex ever needs a rank).
 *
 * Membership is lazy, as in a heap with lazy deletion: a vertex may stay
 * in a set it left; wfc_queue_pop checks it against the current domains. */
struct wfc_queue {
    size_t n;               /* vertices */
    size_t m;               /* ranked vertices (two or more options at the start) */
    int nlevels;            /* option counts 1..nlevels - 1 have a set */
    uint64_t nonempty;      /* bit c: set c may hold something */
    struct wfc_set set[WFC_MAX_BIOMES + 1];
    uint32_t *rank;         /* n: rank of a ranked vertex, else UINT32_MAX */
    int32_t *order;         /* m: the vertex of each rank */
    uint32_t *scratch;      /* 2 m: sort buffer */
};

/* Allocate for n vertices and option counts up to nbiomes. Returns -1 out
 * of memory (wfc_queue_fini frees whatever was allocated). */
int wfc_queue_init(struct wfc_queue *q, size_t n, int nbiomes);

void wfc_queue_fini(struct wfc_queue *q);

/* Rank the vertices with popcount(vs[v].dom) >= 2 by (tie[v], v) and empty
 * every set. Call after the first arc consistency (the ranked set is fixed
 * then) and again with fresh ties at every restart. Returns -1 out of
 * memory. */
int wfc_queue_rank(struct wfc_queue *q, const struct wfc_vertex *vs, const uint32_t *tie);

/* Mark vertex v (undecided, with `count` >= 1 options) as queued. */
void wfc_queue_push(struct wfc_queue *q, int32_t v, int count);

/* The undecided vertex first in (options, tie key, vertex) order, any one
 * of the single-option vertices (the lowest id) when there are some, or -1
 * when none is left. vs is the search's current state. *rank gets the
 * vertex's rank (SIZE_MAX for a single-option vertex): the vertices of
 * the next ranks are likely next, worth prefetching. */
int32_t wfc_queue_pop(struct wfc_queue *q, const struct wfc_vertex *vs, size_t *rank);

#endif
