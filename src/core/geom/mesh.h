/* mesh: the half-edge dual mesh shared by the plane (island) and the sphere
 * (planet). Points are Voronoi cells; triangles are Delaunay triangles whose
 * circumcentres are the Voronoi vertices; half-edges follow delaunator's
 * convention (see delaunay.h). On the sphere the mesh is closed (no -1 twins). */
#ifndef OROGEN_CORE_GEOM_MESH_H
#define OROGEN_CORE_GEOM_MESH_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

#define MESH_NO_TWIN (-1)

struct mesh {
    int dim;              /* 2: plane, points in [0,1]^2 for generated maps; 3: unit sphere */
    size_t npoints;
    double *points;       /* npoints * dim */
    size_t ntriangles;
    int32_t *triangles;   /* 3 * ntriangles: start point of each half-edge */
    int32_t *halfedges;   /* 3 * ntriangles: twin half-edge or MESH_NO_TWIN */
    double *centers;      /* ntriangles * dim: circumcentres (on the sphere: normalised) */
    int32_t *point_edge;  /* npoints: a half-edge ending at p, the one whose twin is -1 for hull
                             points (so a walk covers the whole fan); -1 if p is unused */
    int32_t *hull;        /* plane only: convex hull point indices */
    size_t nhull;
    size_t nduplicates;   /* input points skipped as exact duplicates */
};

static inline int32_t mesh_edge_next(int32_t e) { return (e % 3 == 2) ? e - 2 : e + 1; }
static inline int32_t mesh_edge_prev(int32_t e) { return (e % 3 == 0) ? e + 2 : e - 1; }
static inline int32_t mesh_edge_triangle(int32_t e) { return e / 3; }

/* Triangulate 2-D points (xy, n pairs) and build the dual mesh; the mesh keeps
 * its own copy of the points. Errors as delaunay_build. */
enum og_status mesh_build_planar(struct mesh **out, const double *xy, size_t n,
                                 struct og_error *err);

struct delaunay;

/* The dual mesh around a planar Delaunay triangulation already made (d of
 * the n points xy, in their ids, with d->centers filled), e.g. Lloyd's
 * last one (lloyd_mesh): the mesh takes over d's arrays (d is zeroed) and
 * copies xy; the same mesh as mesh_build_planar gives for that
 * triangulation. Errors: OG_ENOMEM (d's arrays are then freed). */
enum og_status mesh_adopt_planar(struct mesh **out, struct delaunay *d, const double *xy,
                                 size_t n, struct og_error *err);

/* As mesh_adopt_planar, and the mesh takes over xy too (malloc'd, at
 * least 2n doubles) instead of copying it; on error xy stays the
 * caller's. */
enum og_status mesh_adopt_planar_owned(struct mesh **out, struct delaunay *d, double *xy,
                                       size_t n, struct og_error *err);

/* Build a closed mesh from unit vectors (xyz, n triples) and a triangle list
 * already computed (e.g. spherical Delaunay); the mesh takes ownership of
 * nothing and copies the arrays. Twins are derived; errors OG_EINVAL if the
 * triangles do not form a closed, consistently oriented surface. */
enum og_status mesh_build_sphere(struct mesh **out, const double *xyz, size_t n,
                                 const int32_t *triangles, size_t ntriangles,
                                 struct og_error *err);

/* The mesh around a spherical Delaunay triangulation from sphere_delaunay
 * (triangles and their twins, 3 * ntriangles each, malloc'd), like
 * mesh_adopt_planar: the mesh takes over xyz, triangles and halfedges,
 * and trusts them (closed, consistently oriented, twins paired: what
 * sphere_delaunay guarantees and its tests check), so only the point
 * edges are filled. The same mesh as mesh_build_sphere gives for those
 * triangles, without the copies (the 2M-point planet saves 120 MB);
 * centers = 0 leaves m->centers NULL until mesh_sphere_centers, so a
 * generator can fill them once its stage data is freed. Errors: OG_EINVAL
 * for no triangles or too many points, OG_ENOMEM; on error the arrays
 * stay the caller's. */
enum og_status mesh_adopt_sphere(struct mesh **out, double *xyz, size_t n, int32_t *triangles,
                                 int32_t *halfedges, size_t ntriangles, int centers,
                                 struct og_error *err);

/* Fill the circumcentres of a sphere mesh built without them (unit
 * normals of the triangles' planes, on their side); a no-op if present.
 * In fixed batches of triangles on up to `threads` threads (<= 0: the
 * default): the same bytes on every count. Errors: OG_ENOMEM. */
enum og_status mesh_sphere_centers(struct mesh *m, int threads, struct og_error *err);

/* Free a mesh (NULL allowed). */
void mesh_free(struct mesh *m);

/* Write up to max neighbour point ids of point p into out, in order around
 * p (on the plane counter-clockwise in the y-up sense, i.e. clockwise with y
 * down; for a hull point from one hull neighbour to the other); returns the total neighbour count (may
 * exceed max), 0 for an unused (duplicate) point or a mesh without
 * triangles. */
int mesh_cell_neighbors(const struct mesh *m, int32_t p, int32_t *out, int max);

/* Write up to max triangle ids (Voronoi vertices) around point p, in the same
 * order as mesh_cell_neighbors (triangle j lies between neighbours j and
 * j + 1); returns the total, one less than the neighbour count for a hull
 * point. */
int mesh_cell_triangles(const struct mesh *m, int32_t p, int32_t *out, int max);

/* The (up to 3) triangles adjacent to triangle t; -1 across the hull. */
void mesh_triangle_neighbors(const struct mesh *m, int32_t t, int32_t out[3]);

/* Barycentric weights of q in triangle t of m into l (planar or on the
 * sphere, as the caller measures them); non-zero when q lies in t. */
typedef int (*mesh_tri_weights_fn)(const struct mesh *m, int32_t t, const double *q,
                                   double l[3]);

/* The triangle holding q among the triangles around site p (q's nearest
 * site, so the holder is almost always one of them), then their edge
 * neighbours, with its weights in l; -1 if none holds it (outside the
 * hull). Defined in mesh_locate.c. */
int32_t mesh_triangle_near(const struct mesh *m, int32_t p, const double *q, double l[3],
                           mesh_tri_weights_fn weights);

/* Nearest point to q (dim coordinates), found by greedy walk over Delaunay
 * neighbours starting at `start` (exact for a Delaunay triangulation: a
 * point no farther from q than all its neighbours is the nearest; on ties
 * the first found is kept). An unused or out-of-range start falls back to
 * the first used point; -1 for an empty mesh. */
int32_t mesh_nearest_point(const struct mesh *m, const double *q, int32_t start);

#endif
