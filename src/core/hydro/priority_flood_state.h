/* priority_flood_state.h: the state of one flood of core/hydro/priority_flood.c
 * and the per-node steps every graph shares. Internal: include only from
 * priority_flood.c (after priority_flood_queues.h).
 *
 * A node's state is a byte: ST_DONE (reached: its filled height and rank
 * are final) and ST_EDGE (a grid border cell, whose neighbours need bounds
 * checks). Packing the states two bits a node (4 MB instead of 16 on the
 * 4000^2 bench) and reading the 8 neighbours' done bits as one mask made
 * the fill slower, not faster: the byte tests branch well, and the fill is
 * bound by its instruction count, not by memory. */
#ifndef OROGEN_CORE_HYDRO_PRIORITY_FLOOD_STATE_H
#define OROGEN_CORE_HYDRO_PRIORITY_FLOOD_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/hydro/hydro.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/pipeline.h"

struct flood {
    const struct hydro_graph *g;
    const float *elev;  /* heights of unreached nodes: aliases filled */
    float *filled;
    uint32_t *rank;
    uint8_t *st;        /* ST_DONE | ST_EDGE, a byte a node */
    uint8_t *scanned;   /* seed searches only (allocated on first use) */
    int32_t *pit;       /* FIFO of cells at the current level (depressions, flats) */
    size_t pit_head, pit_tail;
    float pit_level;    /* the one filled height of every cell in the pit FIFO */
    int32_t *trace;     /* FIFO of slope cells found by tracing upward (fast method) */
    size_t trace_len;
    int32_t *cand;      /* traced cells with a lower unreached neighbour, not yet queued */
    uint8_t *cand_lower; /* 8-neighbour grids: which neighbours of cand[k] were lower */
    size_t ncand;
    struct heap heap;   /* plain method */
    struct radix rq;    /* fast method */
    uint32_t next_rank;
    size_t done, next_tick;
    struct run_ctx *ctx;
    int grid8;          /* an 8-neighbour grid (flood_grid8) */
    int32_t off8[8];    /* index offsets of the 8 neighbours, nbrs' order */
};

#define ST_DONE 1u
#define ST_EDGE 2u

static inline int
st_done(const struct flood *f, size_t i)
{
    return (f->st[i] & ST_DONE) != 0;
}

static inline int
st_edge(const struct flood *f, size_t i)
{
    return (f->st[i] & ST_EDGE) != 0;
}

/* Neighbours of c, as nbrs: an interior cell of an 8-neighbour grid adds
 * the fixed offsets without nbrs' switch on the graph kind. */
static inline int
flood_nbrs(const struct flood *f, int32_t c, int32_t *nb)
{
    int border = st_edge(f, (size_t)c), k;

    if (f->grid8 && !border) {
        for (k = 0; k < 8; k++) {
            nb[k] = c + f->off8[k];
        }
        return 8;
    }
    return nbrs(f->g, (size_t)c, border, nb);
}

/* Reach node i at filled height h: the next rank. */
static inline void
visit(struct flood *f, int32_t i, float h)
{
    f->st[i] |= ST_DONE;
    f->filled[i] = h;
    if (f->rank != NULL) {
        f->rank[i] = f->next_rank;
    }
    f->next_rank++;
    f->done++;
}

#endif
