/* sphere_delaunay: the Delaunay triangulation of points on the unit sphere,
 * built directly on the sphere.
 *
 * Method: the spherical Delaunay triangulation of points on a sphere is
 * their 3-D convex hull (Brown 1979, "Voronoi diagrams from convex
 * hulls"), and an edge is Delaunay when the far vertex of its other
 * triangle is not above the plane of the first (the plane cuts the sphere
 * in the triangle's circumcircle), the spherical in-circle test, one exact
 * orient3d. Points are inserted one by one (Lawson's incremental
 * algorithm, as in Bowyer-Watson and CGAL): a tetrahedron of four spread
 * points first, then each point is located by a visibility walk from the
 * last triangle over the cones from a fixed point C inside the tetrahedron
 * (its centroid), its triangle is split in three and the edges opposite it
 * are flipped while the in-circle test fails. Insertion runs in rounds
 * over the input order (every 2^k-th point, then the odd multiples of
 * 2^(k-1), ... then the odd indices; a deterministic form of Amenta, Choi
 * and Rote's biased randomized insertion order), so with spatially
 * coherent input, such as poisson_disk_sphere's Hilbert numbering, every
 * walk is a few triangles long and the whole is linear in practice; the
 * result does not depend on the order except at cospherical ties. Every
 * predicate is exact (a floating-point filter, then predicates_orient3d;
 * J. R. Shewchuk 1997), so cospherical points (the octahedron, the cube,
 * edge midpoints) and near-duplicates triangulate correctly; ties never
 * flip, so the result is deterministic. */
#ifndef OROGEN_CORE_GEOM_SPHERE_DELAUNAY_H
#define OROGEN_CORE_GEOM_SPHERE_DELAUNAY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

/* Spherical Delaunay triangulation of n >= 4 distinct unit vectors (xyz
 * triples). *triangles gets 3 * *ntriangles point indices and *halfedges
 * (if not NULL) the twin of every half-edge (both malloc'd, caller frees;
 * delaunator's convention: half-edge e of triangle e / 3 runs from
 * triangles[e] to triangles[next(e)], halfedges[e] runs back). *ntriangles
 * = 2n - 4; every triangle is counter-clockwise seen from outside
 * (outward normals), every edge is shared by exactly two triangles, and
 * for every edge the opposite vertex of the neighbour lies on or below the
 * plane of the triangle (empty circumcircle on the sphere). Points off
 * the sphere by rounding (within 1e-9) are taken as they are; when that
 * puts one below the hull of others (near-duplicates closer than about
 * 1e-8 rad), no triangulation of all points can pass every test, so the
 * edges at that point may fail them by the rounding, and a flip that
 * would join two points already joined is skipped, so the surface stays
 * closed and outward. *nflips (may be NULL)
 * gets the number of Lawson flips. Errors: OG_EINVAL for n < 4,
 * n > INT32_MAX / 6, a point not on the unit sphere (| |q| - 1 | > 1e-9),
 * coincident points ("coincide"), or all points on one circle (one
 * plane); OG_ENOMEM. On error the outputs are NULL and 0. */
enum og_status sphere_delaunay(const double *xyz, size_t n, int32_t **triangles,
                               int32_t **halfedges, size_t *ntriangles, size_t *nflips,
                               struct og_error *err);

#endif
