/* Internal to lloyd.c (the iteration, the framed triangulation) and
 * lloyd_cells.c (the cells, clipped to the box): shared types. */
#ifndef OG_CORE_LLOYD_INTERNAL_H
#define OG_CORE_LLOYD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/geom/delaunay.h"
#include "core/base/og_error.h"

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

/* Seams (lloyd_mesh.c): a triangulation T whose kept triangles (R: those
 * without a frame corner, or keep[t] when keep is given) are Delaunay
 * triangles of the points, the rest filled with the Delaunay triangles of
 * the points on R's boundary or outside R (B) that lie outside R. */
struct lm_state {
    const struct lloyd_tri *T;
    const unsigned char *keep; /* per triangle of T, or NULL: no frame corner */
    size_t n, m, nt;          /* sites, points with the frame, framed triangles */
    int32_t *newid;           /* framed triangle -> kept index, or -1 (NULL: R is T's
                                 first nkept triangles, boundary twins -1) */
    size_t nkept;             /* triangles in R */
    int32_t *bid;             /* local point -> index in B, or -1 */
    int32_t *bloc;            /* index in B -> local point */
    size_t nb;
    int32_t *rb;              /* R's boundary half-edges (framed ids) */
    size_t nrb;
    int32_t *rbh;             /* their half-edges in DT(B) */
    struct delaunay db;       /* DT(B) */
    unsigned char *inside;    /* DT(B) triangle lies in R */
    int32_t *pid;             /* DT(B) triangle -> output triangle (pockets) */
    int32_t *rmatch;          /* DT(B) half-edge -> R's boundary half-edge (output id) or -1 */
};

/* R, its boundary, B and DT(B), the matching and the flood, and every
 * check (edges found, the flood consistent, 2n - 2 - h triangles, each
 * boundary edge locally Delaunay, exactly); *ok = 0 when one fails.
 * Nothing of T changes. Errors: OG_ENOMEM. */
enum og_status lm_plan(struct lm_state *S, int *ok, struct og_error *err);

/* The second half of lm_plan, from R's boundary edges (rb, nrb, in T's
 * ids), B (bid, bloc, nb) and nkept: DT(B), the matching, the flood and
 * the checks. */
enum og_status lm_seam(struct lm_state *S, int *ok, struct og_error *err);

/* After lm_plan with *ok: R compacted in place in tri/half (T's arrays,
 * room for the result), the pockets after it; hull (DT(B)'s nhull
 * entries) in T's point ids. Returns the triangle count. */
size_t lm_assemble_tri(struct lm_state *S, int32_t *tri, int32_t *half, int32_t *hull);

/* Free S's arrays (not T). */
void lm_free(struct lm_state *S);

/* Lloyd's first triangulation of the m points xy (frame included) in K
 * strips of the box on up to `threads` threads (lloyd_build.c): local ids
 * by the distance from the box centre; *order (local -> input) and *pts (local
 * coordinates) malloc'd as delaunay_build_local gives them, d without
 * centres. *ok = 0 (and nothing allocated) when it cannot (K < 2, few
 * points, a duplicate, a failed seam check): the caller triangulates
 * from scratch. Errors: OG_ENOMEM. */
enum og_status lloyd_build_blocks(struct delaunay *d, const double *xy, size_t m,
                                  const struct lloyd_box *box, size_t K, int threads,
                                  int32_t **order, double **pts, int *ok, struct og_error *err);

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
