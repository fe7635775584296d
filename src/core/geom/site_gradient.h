/* site_gradient: a gradient at every site of a planar mesh, for the C1
 * surfaces (clough_tocher.h: the height exports and the maps' relief).
 *
 * Minimum curvature: the gradients that minimise the summed squared second
 * derivative of the Clough-Tocher surface along every Delaunay edge (where
 * it is the cubic Hermite of the edge's two ends), the global estimate of
 * Nielson 1983 ("A method for interpolating scattered data based upon a
 * minimum norm network", Math. Comp. 40) and Renka & Cline 1984 ("A
 * triangle-based C1 interpolation method", Rocky Mountain J. Math. 14),
 * solved as scipy's estimate_gradients_2d_global does: Gauss-Seidel sweeps
 * over the sites in index order, each site's 2x2 system with its
 * neighbours' (the first 64) current gradients, from zero. Each sweep
 * shrinks the error about twofold; it stops when no gradient moved by more
 * than 1e-12 of the largest, or after 400 sweeps. Exact for a linear field
 * (to rounding); fewer bumps between sites than a local least-squares
 * plane gives. A site with collinear neighbours (or none) keeps zero.
 *
 * Units: value units per position unit. + - * / and sqrt (correctly
 * rounded) only: the same bits on every compiler; sequential, so the same
 * bits at every thread count. */
#ifndef OROGEN_CORE_GEOM_SITE_GRADIENT_H
#define OROGEN_CORE_GEOM_SITE_GRADIENT_H

#include <stddef.h>

struct mesh;

/* grad[2 * m->npoints] gets d/dx, d/dy of the values f[m->npoints] at every
 * site of planar mesh m (dim 2). Returns the sweeps taken, 0 if 400 did not
 * settle (grad then holds the last sweep's). */
int site_gradients(const struct mesh *m, const float *f, double *grad);

/* The same for double values f[p * stride] (a field's component, as the
 * x part of another gradient: stride 2). */
int site_gradients_of(const struct mesh *m, const double *f, size_t stride, double *grad);

#endif
