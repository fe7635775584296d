/* Internal to lloyd.c (the iteration, the framed triangulation) and
 * lloyd_cells.c (the cells, clipped to the box): shared types. */
#ifndef OG_CORE_LLOYD_INTERNAL_H
#define OG_CORE_LLOYD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/delaunay.h"
#include "core/og_error.h"

struct run_ctx;

/* Frame points added around the box (input ids n .. n + 3). */
#define LLOYD_FRAME 4

struct lloyd_box {
    double x0, y0, x1, y1;
};

/* Lloyd's triangulation: the n sites and the frame, in the sweep's local
 * ids (the move keeps them). */
struct lloyd_tri {
    struct delaunay d;
    double *centers; /* 2 per triangle (lloyd_centers) */
    int32_t *order; /* local id -> input id; >= n: a frame point */
    double *pts;    /* local positions, 2 * (n + LLOYD_FRAME) */
    size_t n;       /* sites */
};

/* Lloyd's last triangulation and centroids (local order), handed from
 * lloyd_relax_keep to lloyd_mesh. */
struct lloyd_kept {
    struct lloyd_tri T;
    struct lloyd_box box;
    double *cen;
};

/* Scratch of lloyd_cells, m = n + LLOYD_FRAME entries each, allocated once
 * for all iterations (fresh pages cost a fault each). */
struct lloyd_work {
    int32_t *inedge, *visit;
    unsigned char *clip;
    double *acc; /* 3 per point */
    int32_t *blist;   /* lloyd_cells: the triangles of each block of points */
    size_t blist_cap;
};

/* The number of fixed blocks of local ids for m points (lloyd_cells.c):
 * the cells' sums are cut into lloyd_nblocks, the triangulation's moves
 * into lloyd_move_blocks; both depend on m only. */
size_t lloyd_nblocks(size_t m);
size_t lloyd_move_blocks(size_t m);

/* Clipped cell areas (areas, input order, may be NULL) and centroids (cen,
 * local order, 2 * (n + LLOYD_FRAME): frame points and duplicate sites
 * keep their position; duplicates get area 0) of the triangulation's
 * sites on ctx->threads threads (1 without ctx), the same bits for any
 * count; ctx/it/iterations also for progress. OG_OK, OG_ECANCELED or
 * OG_ENOMEM. */
enum og_status lloyd_cells(const struct lloyd_tri *T, const struct lloyd_box *box,
                           struct lloyd_work *W, double *areas, double *cen, struct run_ctx *ctx,
                           int it, int iterations, struct og_error *err);

#endif
