/* delaunay: planar Delaunay triangulation by incremental insertion.
 *
 * Method: points sorted along a Hilbert curve and inserted in rounds (a
 * biased randomized insertion order: N. Amenta, S. Choi, G. Rote,
 * "Incremental constructions con BRIO", 2003; the curve's order stands in
 * for the random sample, as in CGAL's spatial sort), each located by a
 * visibility walk from the previous point's triangle, split in (or fanned
 * to the hull edges it sees), then Lawson edge flips; in the half-edge
 * formulation popularised by delaunator. Orientation and in-circle tests are
 * exact (adaptive precision after J. R. Shewchuk, "Adaptive Precision
 * Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
 *
 * Output convention (delaunator's): triangle t has half-edges 3t, 3t+1, 3t+2;
 * triangles[e] is the point where half-edge e starts; halfedges[e] is its
 * twin or -1 on the convex hull. Triangles are counter-clockwise with y
 * pointing down, i.e. orient2d(a, b, c) < 0 in the y-up convention.
 * Exact duplicate points are skipped (never referenced) and counted; of a
 * set of duplicates the first in input order is the one used. */
#ifndef OROGEN_CORE_GEOM_DELAUNAY_H
#define OROGEN_CORE_GEOM_DELAUNAY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct delaunay {
    size_t npoints;       /* input points */
    size_t ntriangles;    /* triangles; arrays below hold 3 * ntriangles */
    int32_t *triangles;
    int32_t *halfedges;
    int32_t *hull;        /* convex hull, counter-clockwise (y down) */
    size_t nhull;
    size_t nduplicates;   /* exact duplicates skipped */
    double *centers;      /* 2 * ntriangles circumcentres (Voronoi vertices); only from
                             delaunay_build_centers, else NULL */
};

/* Triangulate n points given as xy[2i], xy[2i+1] (finite doubles). Every
 * distinct point is used, however close to another (near-duplicates are
 * kept), so a result has 2n' - 2 - b triangles for n' distinct points, b of
 * them on the hull boundary (collinear ones included, and listed in hull).
 * 0, 1, 2 or all-collinear points give zero triangles and the hull as
 * delaunator defines it (distinct points sorted along the line). The result
 * depends only on the input: same points, same bytes. Any scale of finite
 * doubles: a set whose largest |coordinate| is beyond 2^+-32 is first
 * multiplied by a power of two (exact) into [1, 2), so the predicates never
 * overflow or underflow (1e-300 works as 1e300 does, tests/
 * test_delaunay_scale.c). Errors: OG_EINVAL for NaN/Inf coordinates, for
 * non-zero coordinates spanning more than 2^180 (the smallest below the
 * largest times 2^-180: no exact predicate holds there), or n > INT32_MAX /
 * 6 (half-edge ids are int32_t), OG_ENOMEM. On error *d is zeroed. */
enum og_status delaunay_build(struct delaunay *d, const double *xy, size_t n,
                              struct og_error *err);

/* As delaunay_build, and also fill d->centers. Computed in the local
 * (Hilbert) order, this costs far less than from the triangles afterwards
 * (random access to the input points); the dual mesh and Lloyd use it. */
enum og_status delaunay_build_centers(struct delaunay *d, const double *xy, size_t n,
                                      struct og_error *err);

/* As delaunay_build, but the triangulation is left in local ids, the
 * points sorted along a Hilbert curve, which walks memory far more
 * locally than input order:
 * triangles[] and hull[] refer to local ids k = 0 .. n-1,
 * whose input point is (*order)[k] and whose coordinates are
 * (*pts)[2k], (*pts)[2k+1] (both malloc'd n and 2n long, the caller frees
 * them; an exact duplicate has a local id that no triangle uses). The
 * same triangles with the same rotations as delaunay_build, renamed, but
 * numbered by their smallest local corner (stable), so that they run along
 * the curve too (twins accordingly); no centres (d->centers is
 * NULL). Points with no three off one line keep
 * their input order (the identity).
 * Lloyd's iteration uses it. Errors as delaunay_build; on error *order and
 * *pts are NULL. */
enum og_status delaunay_build_local(struct delaunay *d, const double *xy, size_t n,
                                    int32_t **order, double **pts, struct og_error *err);

/* Move the points of a triangulation in local ids (delaunay_build_local;
 * pts its local points, n of them) to target (2n, local order) and make it
 * Delaunay again by edge flips (see delaunay_move.c). Hull points and
 * points in no triangle stay where they are. *arrived = 1 when every point
 * reached its target (pts == target then, and d is the Delaunay
 * triangulation of those points, with d->centers recomputed if present);
 * *arrived = 0 when some point could not get there without a triangle
 * turning over (or many could not at first): d is still a valid
 * triangulation of pts, which lie partway, but maybe not Delaunay; the
 * caller triangulates the targets from scratch.
 * Deterministic. Errors: OG_ENOMEM. */
enum og_status delaunay_move_local(struct delaunay *d, double *pts, size_t n,
                                   const double *target, int *arrived, struct og_error *err);

/* delaunay_move_local with its first pass (the jump of every point
 * whose triangles all lie in one block, and a sweep of each block's
 * edges) run in nblocks fixed blocks of local ids (v * nblocks / n) on up
 * to `threads` threads; the rest serially in a fixed order (see
 * delaunay_move.c). The result depends on nblocks, never on threads;
 * nblocks = 1 is delaunay_move_local. Errors: OG_ENOMEM. */
enum og_status delaunay_move_blocks(struct delaunay *d, double *pts, size_t n,
                                    const double *target, size_t nblocks, int threads,
                                    int *arrived, struct og_error *err);

/* Free the arrays of d (d itself is the caller's); accepts a zeroed struct. */
void delaunay_fini(struct delaunay *d);

#endif
