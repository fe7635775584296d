/* adjacency: compressed neighbour lists (CSR) of a triangulated point set.
 *
 * The planet stages walk the neighbours of every vertex many times (growth,
 * wave-function collapse, breadth-first distances); a CSR copy of the mesh's
 * edges, sorted by index, makes that a flat, cache-friendly loop and lets
 * "mutual neighbours" be a merge of two sorted lists. */
#ifndef OROGEN_CORE_GEOM_ADJACENCY_H
#define OROGEN_CORE_GEOM_ADJACENCY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency {
    size_t n;          /* vertices */
    int32_t *start;    /* n + 1 offsets into nbr */
    int32_t *nbr;      /* neighbours of v: nbr[start[v] .. start[v + 1]), ascending */
};

/* Build the neighbour lists of n vertices from nt triangles (3 * nt vertex
 * ids, each edge seen from one or both sides). Errors: OG_EINVAL for an id
 * outside [0, n), OG_ENOMEM. On error *a is zeroed. */
enum og_status adjacency_from_triangles(struct adjacency *a, size_t n, const int32_t *triangles,
                                        size_t nt, struct og_error *err);

/* The same lists from a closed triangulation with its twins (halfedges[e]
 * runs back along half-edge e, as sphere_delaunay gives): each vertex's
 * fan is walked once, so each neighbour is met once, and sorted. The
 * result equals adjacency_from_triangles' for the same triangles (for a
 * triangulation without repeated edges). Fast when the triangles around a
 * vertex are near each other in memory (sphere_delaunay's numbering).
 * Errors: OG_EINVAL for an id outside [0, n), a twin outside the mesh or
 * a fan that does not close; OG_ENOMEM. On error *a is zeroed. */
enum og_status adjacency_from_halfedges(struct adjacency *a, size_t n, const int32_t *triangles,
                                        const int32_t *halfedges, size_t nt,
                                        struct og_error *err);

/* Free the lists (accepts a zeroed struct). */
void adjacency_fini(struct adjacency *a);

/* Are u and v neighbours? (binary search, O(log degree)) */
int adjacency_has(const struct adjacency *a, int32_t u, int32_t v);

/* Write up to max common neighbours of u and v into out; returns the count
 * written (two for an inner edge of a triangulation). */
int adjacency_common(const struct adjacency *a, int32_t u, int32_t v, int32_t *out, int max);

/* Number of edges (each counted once). */
size_t adjacency_edges(const struct adjacency *a);

#endif
