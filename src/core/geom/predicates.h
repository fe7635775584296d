/* predicates: robust geometric predicates on doubles.
 *
 * Method: J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and
 * Fast Robust Geometric Predicates", Discrete & Computational Geometry 18
 * (1997). Each predicate first evaluates the determinant in floating point
 * with a forward error bound (the paper's "stage A" bounds); only when the
 * result is too close to zero to trust is the determinant recomputed exactly
 * with expansion arithmetic (Two-Sum, Two-Product with Dekker's split,
 * Fast-Expansion-Sum, Scale-Expansion, all with zero elimination). The sign
 * of the returned value is therefore always exact; its magnitude is an
 * approximation of the determinant.
 *
 * Assumes IEEE 754 binary64 with round-to-nearest-even and no extended
 * precision or fused multiply-add contraction (the build uses -std=c11, under
 * which GCC does not contract). Inputs must be finite; intermediate overflow
 * or underflow is not handled: in-circle multiplies four coordinate
 * differences, so it needs |coordinates| below about 1e76 and every
 * coordinate a multiple of about 1e-81 (2^-268). delaunay_build scales its
 * input by a power of two into that range (core/geom/delaunay.h).
 *
 * Sign conventions are the paper's (y pointing up): a point is an array of
 * two (or three) doubles. */
#ifndef OROGEN_CORE_GEOM_PREDICATES_H
#define OROGEN_CORE_GEOM_PREDICATES_H

/* Relative error bounds of the floating-point stage (Shewchuk's
 * ccwerrboundA, iccerrboundA, o3derrboundA; epsilon = 2^-53), for callers
 * that inline the filter and call the predicate only when it cannot
 * decide: |det| > bound * permanent means the sign of det is exact. */
#define PREDICATES_EPS 1.1102230246251565e-16
#define PREDICATES_ORIENT2D_BOUND ((3.0 + 16.0 * PREDICATES_EPS) * PREDICATES_EPS)
#define PREDICATES_ORIENT3D_BOUND ((7.0 + 56.0 * PREDICATES_EPS) * PREDICATES_EPS)
#define PREDICATES_INCIRCLE_BOUND ((10.0 + 96.0 * PREDICATES_EPS) * PREDICATES_EPS)

/* Twice the signed area of triangle abc: positive if a, b, c are
 * counter-clockwise (y up), negative if clockwise, exactly zero if
 * collinear. */
double predicates_orient2d(const double *a, const double *b, const double *c);

/* Positive if d lies strictly inside the circle through a, b, c when a, b, c
 * are counter-clockwise (y up), negative if outside, zero if the four points
 * are cocircular. The sign is reversed when a, b, c are clockwise. */
double predicates_incircle(const double *a, const double *b, const double *c, const double *d);

/* Positive if d lies below the plane through a, b, c, where "below" means
 * a, b, c appear counter-clockwise seen from above; negative if above, zero
 * if coplanar. Six times the signed volume of the tetrahedron. Points are
 * three doubles each. */
double predicates_orient3d(const double *a, const double *b, const double *c, const double *d);

#endif
