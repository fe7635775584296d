/* droplet_internal: what droplet.c (the field and the batch driver) and
 * droplet_lanes.c (one batch's lockstep kernel) share. Not a public API. */
#ifndef OROGEN_CORE_HYBRID_DROPLET_INTERNAL_H
#define OROGEN_CORE_HYBRID_DROPLET_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/hybrid/droplet.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"

/* Quad corner bits: which corners of the quad whose top-left is a cell lie
 * inside the mask. Bit 0 is the cell itself. */
enum { Q00 = 1, Q10 = 2, Q01 = 4, Q11 = 8 };

/* The batches of a round are committed in up to this many bands of cells
 * (index ranges of 2^band_shift), in parallel; a cell's changes are added
 * in batch order inside its band. */
#define DROPLET_BANDS 64

/* What a batch changed in one cell. */
struct droplet_change {
    uint32_t cell;
    float dh, da;
};

/* One thread's replica for the batch it runs: the heights it sees (the
 * round's, f->h, plus the batch's own changes), the batch's erosion
 * activity, and the cells it wrote. Between batches the replica equals
 * f->h again and act and listed are 0. */
struct droplet_worker {
    float *h;
    float *act;
    uint8_t *listed;    /* 1 for the cells in touched */
    uint32_t *touched;
    size_t ntouched, cap;
    struct droplet_change *changes;  /* scratch for the batch's changes */
    size_t changes_cap;
    int failed;   /* a list could not grow: the batch reports OG_ENOMEM */
};

/* The result of one batch of a round: its changes sorted by band (band k
 * is e[band[k] .. band[k + 1])) and its totals. */
struct droplet_out {
    struct droplet_change *e;
    size_t cap;
    size_t band[DROPLET_BANDS + 1];
    struct droplet_totals tot;
};

/* Heights live in a (width + 1) x (height + 1) array whose extra column and
 * row replicate the last real column and row (positions stay below W - 1 and
 * H - 1, so they are never read by a live droplet); a quad can always be read
 * without bounds checks. The quad flags and activity share that layout. */
struct droplet_field {
    int width, height;
    size_t stride;        /* width + 1 */
    size_t npad;          /* (width + 1) * (height + 1) */
    float *h;
    float *activity;
    uint8_t *quad;
    uint32_t *spawn;      /* padded indices of the mask cells */
    float lo, hi;         /* the starting range of the heights */
    size_t nspawn;
    uint64_t batch;       /* droplets per batch (droplet_round_size) */
    unsigned band_shift;  /* a cell's commit band is its index >> band_shift */
    int nworkers;
    struct droplet_worker *workers;
    struct og_team *team; /* kept across calls; team_threads asked for */
    int team_threads;
    struct droplet_out out[DROPLET_ROUND_BATCHES];
};

/* Run `count` droplets of one batch on the replica wk (spawned from r),
 * adding to *tot; no corner loses more than `share` of its room above f->lo in the
 * round's heights, nor gains more than `share` of its room below f->hi. */
void droplet_batch_run(const struct droplet_field *f, struct droplet_worker *wk,
                       const struct droplet_params *p, struct rng *r, uint64_t count, float share,
                       struct droplet_totals *tot);

#endif
