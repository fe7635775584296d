/* lloyd: Lloyd relaxation of planar sites toward a centroidal Voronoi
 * tessellation (S. P. Lloyd, "Least squares quantization in PCM", 1982; Du,
 * Faber and Gunzburger, "Centroidal Voronoi Tessellations", SIAM Review 1999).
 * Each iteration triangulates, clips every Voronoi cell to the box
 * [x0,x1] x [y0,y1], and moves each site to its cell's area centroid. */
#ifndef OROGEN_CORE_GEOM_LLOYD_H
#define OROGEN_CORE_GEOM_LLOYD_H

#include <stddef.h>

#include "core/base/og_error.h"

struct run_ctx;

/* Relax n sites (xy pairs, updated in place, all inside the closed box) for
 * `iterations` steps; every site stays inside the box. Exact duplicate
 * sites own no cell and stay where they are. ctx may be NULL; if given,
 * progress is reported and cancellation honoured (OG_ECANCELED). Errors:
 * OG_ERANGE for iterations < 0 or a site outside the box (naming it),
 * OG_EINVAL for an empty or non-finite box, else as delaunay_build. The
 * cells are computed on ctx->threads threads (1 without ctx); the result
 * does not depend on the thread count. */
enum og_status lloyd_relax(double *xy, size_t n, int iterations, double x0, double y0, double x1,
                           double y1, struct run_ctx *ctx, struct og_error *err);

struct lloyd_kept;
struct mesh;

/* As lloyd_relax, and hand Lloyd's last triangulation over in *keep for
 * lloyd_mesh (NULL when there is none: no sites, no iterations, exact
 * duplicates, or out of memory for the hand-over; lloyd_mesh then
 * triangulates). Errors as lloyd_relax (*keep is NULL). */
enum og_status lloyd_relax_keep(double *xy, size_t n, int iterations, double x0, double y0,
                                double x1, double y1, struct run_ctx *ctx,
                                struct lloyd_kept **keep, struct og_error *err);

/* The dual mesh of the n relaxed sites xy (a Delaunay triangulation with
 * hull, point edges and centres, as mesh_build_planar makes) from keep,
 * which lloyd_mesh frees: the triangulation follows the sites' last move
 * (delaunay_move_local) and loses its frame, whose triangles are replaced
 * by the Delaunay triangles of the sites they covered. Its points are the
 * sites in the order of Lloyd's triangulation (its Hilbert order, spatially
 * coherent; m->points says where each is), its triangles numbered in
 * their own way; the same for every thread count (ctx->threads; ctx may
 * be NULL). keep NULL, or a move or check that fails:
 * mesh_build_planar(xy), points in input order. Errors as
 * mesh_build_planar. */
enum og_status lloyd_mesh(struct lloyd_kept *keep, const double *xy, size_t n,
                          struct run_ctx *ctx, struct mesh **out, struct og_error *err);

/* Free what lloyd_relax_keep handed over (NULL allowed). */
void lloyd_kept_free(struct lloyd_kept *keep);

/* Areas of the n sites' Voronoi cells clipped to the box into areas[n]
 * (for tests and statistics); they sum to the box area, duplicates get 0.
 * Errors as lloyd_relax. */
enum og_status lloyd_cell_areas(const double *xy, size_t n, double x0, double y0, double x1,
                                double y1, double *areas, struct og_error *err);

#endif
