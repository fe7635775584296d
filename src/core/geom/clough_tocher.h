/* clough_tocher: the C1 Clough-Tocher interpolant on a planar triangle
 * mesh (issue 24: heights without triangle facets in hillshade).
 *
 * Each triangle is split at its centroid into three sub-triangles, each
 * carrying a cubic in Bernstein-Bezier form. Its 19 ordinates come from
 * the corners' values and gradients (Farin 1986, "Triangular
 * Bernstein-Bezier patches", CAGD 3; Lai & Schumaker 2007, "Spline
 * Functions on Triangulations", ch. 6):
 *   - the corner ordinates and their neighbours along the edges are the
 *     value and the first derivative along the edge at each corner, so
 *     along an edge the surface is the cubic Hermite of its two ends;
 *   - the ordinates next to each corner towards the centroid lie in the
 *     corner's tangent plane, the ones around the centroid make the three
 *     cubics C1 across the split;
 *   - the ordinate between an edge and the centroid makes the derivative
 *     across the edge, in a direction w both triangles sharing the edge
 *     agree on, linear along the edge, so the patch is C1 across edges.
 *     The mesh patches take w from one triangle's centroid to its
 *     neighbour's (affine invariant, as scipy's CloughTocher2DInterpolator;
 *     the edge normal lets a sliver triangle oscillate); hull edges point
 *     from the edge's midpoint to the centroid.
 * The patch passes through the corner values with the given gradients and
 * reproduces every quadratic whose exact gradients it is given.
 *
 * Units: positions and values in any units; gradients in value units per
 * position unit. Pure arithmetic (+ - * /), no libm: the same bits on every
 * compiler and thread count. */
#ifndef OROGEN_CORE_GEOM_CLOUGH_TOCHER_H
#define OROGEN_CORE_GEOM_CLOUGH_TOCHER_H

#include <stdint.h>

struct mesh;

/* One triangle's patch: corners, the gradients of its barycentric
 * coordinates, and the Bezier ordinates of its three cubics. */
struct ct_patch {
    double dl[3][2];   /* d l_k / dx, d l_k / dy (per position unit) */
    double v[3];       /* corner values */
    double e[3][3];    /* e[i][j]: next to corner i on edge i-j */
    double a[3];       /* next to corner i towards the centroid */
    double in[3];      /* between the edge opposite corner k and the centroid */
    double b[3];       /* next to the centroid towards corner i */
    double c;          /* the centroid */
};

/* Build the patch of triangle p[3] (x, y each; any orientation, not
 * degenerate) from values f[3] and gradients g[3] (d/dx, d/dy) at its
 * corners. w[k] is the direction across the edge opposite corner k in
 * which the derivative is made linear (both triangles sharing an edge must
 * pass parallel directions); a zero w[k] means from that edge's midpoint
 * to the centroid; w == NULL means the edge normals. A degenerate triangle
 * gives the plane through its first corner (zero dl). */
void ct_patch_init(struct ct_patch *P, const double p[3][2], const double f[3],
                   const double g[3][2], const double w[3][2]);

/* The patch of triangle t of planar mesh m (dim 2) for values f[3] and
 * gradients g[3] at its corners (in the order of m->triangles), with the
 * centroid-to-centroid directions across interior edges. */
void ct_mesh_patch(struct ct_patch *P, const struct mesh *m, int32_t t, const double f[3],
                   const double g[3][2]);

/* The same for site values f (npoints floats: elevations) and site
 * gradients grad (2 per site, as site_gradient.h). */
void ct_site_patch(struct ct_patch *P, const struct mesh *m, int32_t t, const float *f,
                   const double *grad);

/* Value of the patch at barycentric coordinates l[3] (sum 1, each >= 0
 * inside; the order of the corners given to ct_patch_init) into *h and,
 * where hx, hy are not NULL, its gradient per position unit. */
void ct_patch_eval(const struct ct_patch *P, const double l[3], double *h, double *hx,
                   double *hy);

#endif
