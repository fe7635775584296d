/* stereographic: stereographic projection of the unit sphere and the
 * spherical Delaunay triangulation built on it.
 *
 * Method: the stereographic projection from a point P of the sphere maps
 * circles not through P to circles and the cap away from P to the disk's
 * inside, so the planar Delaunay triangulation of the other points is the
 * spherical Delaunay triangulation (= the 3-D convex hull) minus the
 * triangles at P; those are closed by joining P to every edge of the planar
 * convex hull (Brown 1979, "Voronoi diagrams from convex hulls"; Red Blob
 * Games, "Delaunay and Voronoi on a sphere", 2019). A final Lawson pass with
 * the spherical in-circle test (exact orient3d, predicates.h) repairs edges
 * that rounding in the projection left illegal. */
#ifndef OROGEN_CORE_STEREOGRAPHIC_H
#define OROGEN_CORE_STEREOGRAPHIC_H

#include <stddef.h>
#include <stdint.h>

#include "core/og_error.h"

/* Project n unit vectors (xyz triples) from the unit vector pole onto the
 * plane through the origin perpendicular to pole, in the right-handed basis
 * (u, v, pole) with u = stereographic_basis's u: x = q.u / (1 - q.pole),
 * y = q.v / (1 - q.pole). The pole itself (q.pole == 1) maps to +inf. */
void stereographic_project(const double *xyz, size_t n, const double pole[3], double *xy);

/* The inverse of stereographic_project: n planar points to unit vectors. */
void stereographic_unproject(const double *xy, size_t n, const double pole[3], double *xyz);

/* The orthonormal basis (u, v) used with pole: u x v = pole. */
void stereographic_basis(const double pole[3], double u[3], double v[3]);

/* Spherical Delaunay triangulation of n >= 4 distinct unit vectors (xyz):
 * *triangles gets 3 * *ntriangles point indices (malloc'd, caller frees),
 * *ntriangles = 2n - 4, every triangle counter-clockwise seen from outside
 * (outward normals), every edge shared by exactly two triangles, and for
 * every edge the opposite vertex of the neighbour lies on or below the
 * plane of the triangle (empty circumcircle on the sphere). *nflips gets
 * the number of repair flips (may be NULL). Errors: OG_EINVAL for n < 4,
 * coincident points or points not on the unit sphere (|q| - 1 > 1e-9),
 * OG_ENOMEM; errors of delaunay_build. */
enum og_status stereographic_delaunay(const double *xyz, size_t n, int32_t **triangles,
                                      size_t *ntriangles, size_t *nflips, struct og_error *err);

/* As stereographic_delaunay, and *halfedges (if not NULL) gets the twin of
 * every half-edge (3 * *ntriangles, malloc'd, caller frees; delaunator's
 * convention: half-edge e of triangle e / 3 runs from triangles[e] to
 * triangles[next(e)], and halfedges[e] runs back), which the sweep and the
 * repair keep anyway: the mesh takes them instead of searching for twins. On error *halfedges is NULL. */
enum og_status stereographic_delaunay_he(const double *xyz, size_t n, int32_t **triangles,
                                         int32_t **halfedges, size_t *ntriangles,
                                         size_t *nflips, struct og_error *err);

#endif
