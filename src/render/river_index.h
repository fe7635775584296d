/* river_index: which hydrology nodes are river nodes (river_width > 0) and
 * each one's index among them, as a rank bitmap: one bit a node and the
 * count of river nodes before each 64-node word, about 1.5 bits a node
 * instead of an int32 (a 16384^2 DEM's map and exports, issue 27; Jacobson
 * 1989, "Space-efficient static trees and graphs": rank by a popcount
 * within a word after a stored count per word). */
#ifndef OROGEN_RENDER_RIVER_INDEX_H
#define OROGEN_RENDER_RIVER_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

struct river_index {
    uint64_t *bits;     /* bit i & 63 of word i >> 6: node i is a river node */
    uint32_t *base;     /* river nodes before word k */
    size_t n;           /* river nodes in all */
};

/* The river nodes of w (river_width > 0 over its nhydro nodes) into x,
 * zeroed or not; free with river_index_free, also after an error.
 * Errors: OG_ENOMEM. */
enum og_status river_index_new(const struct world *w, struct river_index *x,
                               struct og_error *err);

void river_index_free(struct river_index *x);

/* The ones in x (a SWAR count: no compiler builtin). */
static inline unsigned
river_index_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}

/* Node i's index among the river nodes (0 .. x->n - 1), -1 when it is
 * none. i < nhydro. */
static inline int32_t
river_index_at(const struct river_index *x, size_t i)
{
    uint64_t word = x->bits[i >> 6], bit = (uint64_t)1 << (i & 63);
    if ((word & bit) == 0) {
        return -1;
    }
    return (int32_t)(x->base[i >> 6] + river_index_popcount(word & (bit - 1)));
}

#endif
