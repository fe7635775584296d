/* mesh: the half-edge dual mesh (Delaunay triangles, Voronoi cells).
 *
 * Walks around a point follow delaunator's convention: from an incoming
 * half-edge e (ending at p), next(e) leaves p and its twin is the next
 * incoming half-edge. point_edge holds, for hull points, the incoming hull
 * half-edge, so one walk covers the whole fan. */
#include "config.h"

#include "core/geom/mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/parallel.h"
#include "core/geom/delaunay.h"

static struct mesh *
mesh_alloc(int dim, size_t npoints, size_t ntriangles)
{
    struct mesh *m = calloc(1, sizeof *m);

    if (m == NULL) {
        return NULL;
    }
    m->dim = dim;
    m->npoints = npoints;
    m->ntriangles = ntriangles;
    /* Sizes were bounded by the callers (n <= INT32_MAX / 6), so these
     * products cannot overflow size_t. */
    m->points = malloc((npoints > 0 ? npoints : 1) * (size_t)dim * sizeof *m->points);
    m->point_edge = malloc((npoints > 0 ? npoints : 1) * sizeof *m->point_edge);
    m->centers = malloc((ntriangles > 0 ? ntriangles : 1) * (size_t)dim * sizeof *m->centers);
    if (m->points == NULL || m->point_edge == NULL || m->centers == NULL) {
        mesh_free(m);
        return NULL;
    }
    return m;
}

/* Fill point_edge: an incoming half-edge per point, the twinless one if
 * any (hull points), -1 for unused points. */
static void
mesh_fill_point_edges(struct mesh *m)
{
    size_t e, ne = 3 * m->ntriangles;

    for (e = 0; e < m->npoints; e++) {
        m->point_edge[e] = -1;
    }
    /* Plain stores first (no read of point_edge: the scattered writes do
     * not wait on each other), then the hull edges win. */
    for (e = 0; e < ne; e++) {
        m->point_edge[m->triangles[mesh_edge_next((int32_t)e)]] = (int32_t)e;
    }
    for (e = 0; e < ne; e++) {
        if (m->halfedges[e] < 0) {
            m->point_edge[m->triangles[mesh_edge_next((int32_t)e)]] = (int32_t)e;
        }
    }
}

enum og_status
mesh_build_planar(struct mesh **out, const double *xy, size_t n, struct og_error *err)
{
    struct delaunay d;
    enum og_status st;

    *out = NULL;
    st = delaunay_build_centers(&d, xy, n, err);
    if (st != OG_OK) {
        return st;
    }
    return mesh_adopt_planar(out, &d, xy, n, err);
}

/* mesh_adopt_planar, and with own != NULL the points are own (taken
 * over on success) instead of a copy of xy. */
static enum og_status
mesh_adopt(struct mesh **out, struct delaunay *dp, const double *xy, double *own, size_t n,
           struct og_error *err)
{
    struct delaunay d = *dp;
    struct mesh *m;

    *out = NULL;
    memset(dp, 0, sizeof *dp);
    /* The circumcentres come from the triangulation: allocate none here. */
    m = mesh_alloc(2, n, 0);
    if (m == NULL) {
        delaunay_fini(&d);
        return og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu points", n);
    }
    m->ntriangles = d.ntriangles;
    if (own != NULL) {
        free(m->points);
        m->points = own;
    } else if (n > 0) {
        memcpy(m->points, xy, 2 * n * sizeof *xy);
    }
    m->triangles = d.triangles;
    m->halfedges = d.halfedges;
    m->hull = d.hull;
    m->nhull = d.nhull;
    m->nduplicates = d.nduplicates;
    if (m->triangles == NULL) {
        /* No triangles: keep valid (non-NULL) arrays for callers. */
        m->triangles = malloc(sizeof *m->triangles);
        m->halfedges = malloc(sizeof *m->halfedges);
        if (m->triangles == NULL || m->halfedges == NULL) {
            free(d.centers);
            if (own != NULL) {
                m->points = NULL; /* still the caller's */
            }
            mesh_free(m);
            return og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu points", n);
        }
    }
    if (d.centers != NULL) {
        free(m->centers);
        m->centers = d.centers;
    }
    mesh_fill_point_edges(m);
    *out = m;
    return OG_OK;
}

enum og_status
mesh_adopt_planar(struct mesh **out, struct delaunay *d, const double *xy, size_t n,
                  struct og_error *err)
{
    return mesh_adopt(out, d, xy, NULL, n, err);
}

enum og_status
mesh_adopt_planar_owned(struct mesh **out, struct delaunay *d, double *xy, size_t n,
                        struct og_error *err)
{
    return mesh_adopt(out, d, xy, xy, n, err);
}

/* Circumcentres of a sphere mesh's triangles [begin, end) into
 * m->centers (3 per triangle, allocated by the caller): one batch of
 * og_parallel_for, each triangle its own. */
static enum og_status
sphere_centers(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct mesh *m = arg;
    const double *xyz = m->points;
    const int32_t *triangles = m->triangles;
    size_t t;

    (void)batch;
    (void)err;
    for (t = begin; t < end; t++) {
        const double *a = xyz + 3 * (size_t)triangles[3 * t];
        const double *b = xyz + 3 * (size_t)triangles[3 * t + 1];
        const double *c = xyz + 3 * (size_t)triangles[3 * t + 2];
        double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        double v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        double nx = u[1] * v[2] - u[2] * v[1];
        double ny = u[2] * v[0] - u[0] * v[2];
        double nz = u[0] * v[1] - u[1] * v[0];
        double len = sqrt(nx * nx + ny * ny + nz * nz);
        double s = nx * (a[0] + b[0] + c[0]) + ny * (a[1] + b[1] + c[1]) +
                   nz * (a[2] + b[2] + c[2]);

        /* The circumcentre on the sphere is the unit normal of the plane
         * through a, b, c, on the side of the triangle. */
        if (len == 0.0) {
            nx = a[0] + b[0] + c[0];
            ny = a[1] + b[1] + c[1];
            nz = a[2] + b[2] + c[2];
            len = sqrt(nx * nx + ny * ny + nz * nz);
            s = 1.0;
        }
        if (s < 0.0) {
            len = -len;
        }
        m->centers[3 * t] = len != 0.0 ? nx / len : 0.0;
        m->centers[3 * t + 1] = len != 0.0 ? ny / len : 0.0;
        m->centers[3 * t + 2] = len != 0.0 ? nz / len : 0.0;
    }
    return OG_OK;
}

enum og_status
mesh_sphere_centers(struct mesh *m, int threads, struct og_error *err)
{
    if (m->centers != NULL) {
        return OG_OK;
    }
    m->centers = malloc((m->ntriangles > 0 ? m->ntriangles : 1) * 3 * sizeof *m->centers);
    if (m->centers == NULL) {
        return og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu circumcentres",
                            m->ntriangles);
    }
    return og_parallel_for(threads, m->ntriangles, 16384, sphere_centers, m, NULL, 0.0, 0.0, err);
}

/* Twins, point edges and checks of a closed sphere mesh whose points and
 * triangles are in place. Scratch: 4 bytes per half-edge and 12 per point.
 * The twin of a -> b is the edge leaving b that ends at a, found among
 * b's outgoing edges (a bucket by start point, a counting sort); an edge
 * used twice in one direction, or without a reverse, is refused. Linear
 * time for bounded degrees (a vertex of degree d costs d^2). */
static enum og_status
sphere_topology(struct mesh *m, struct og_error *err)
{
    size_t n = m->npoints, ne = 3 * m->ntriangles, e, t;
    const int32_t *triangles = m->triangles;
    uint32_t *first = calloc(n + 1, sizeof *first);
    int32_t *stamp = malloc((n > 0 ? n : 1) * sizeof *stamp);
    int32_t *outgoing = malloc(ne * sizeof *outgoing);
    enum og_status st = OG_OK;

    if (first == NULL || stamp == NULL || outgoing == NULL) {
        st = og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu triangles",
                          m->ntriangles);
        goto done;
    }
    for (e = 0; e < ne; e++) {
        first[triangles[e] + 1]++;
    }
    for (t = 0; t < n; t++) {
        first[t + 1] += first[t];
        stamp[t] = 0;
    }
    for (e = 0; e < ne; e++) {
        outgoing[first[triangles[e]] + (uint32_t)stamp[triangles[e]]++] = (int32_t)e;
    }
    for (t = 0; t < n; t++) {
        stamp[t] = -1;
    }
    for (t = 0; t < n; t++) {
        uint32_t i;
        for (i = first[t]; i < first[t + 1]; i++) {
            int32_t to = triangles[mesh_edge_next(outgoing[i])];
            if (stamp[to] == (int32_t)t) {
                st = og_error_set(err, OG_EINVAL,
                                  "mesh: edge %u -> %u used twice (not consistently oriented)",
                                  (unsigned)t, (unsigned)to);
                goto done;
            }
            stamp[to] = (int32_t)t;
        }
    }
    for (e = 0; e < ne; e++) {
        int32_t from = triangles[e], to = triangles[mesh_edge_next((int32_t)e)], twin = -1;
        uint32_t i;
        for (i = first[to]; i < first[to + 1]; i++) {
            if (triangles[mesh_edge_next(outgoing[i])] == from) {
                twin = outgoing[i];
                break;
            }
        }
        if (twin < 0) {
            st = og_error_set(err, OG_EINVAL, "mesh: edge %u -> %u has no twin (not closed)",
                              (unsigned)from, (unsigned)to);
            goto done;
        }
        m->halfedges[e] = twin;
    }
    mesh_fill_point_edges(m);
    /* Every vertex must be a single fan (a manifold vertex): the walk from
     * point_edge must meet all of its incoming half-edges (as many as its
     * outgoing ones on a closed surface: first[] gives the count). */
    for (t = 0; t < n; t++) {
        int32_t start = m->point_edge[t], in = start, k = 0;
        int32_t count = (int32_t)(first[t + 1] - first[t]);
        if (start < 0) {
            continue;
        }
        do {
            k++;
            in = m->halfedges[mesh_edge_next(in)];
        } while (in != start && k <= count);
        if (k != count) {
            st = og_error_set(err, OG_EINVAL, "mesh: point %zu is not a single fan (%d of %d)",
                              t, (int)k, (int)count);
            goto done;
        }
    }
done:
    free(first);
    free(stamp);
    free(outgoing);
    return st;
}

/* Point edges of a closed sphere mesh whose twins are given and trusted
 * (a spherical Delaunay triangulation): no twinless edge, so the first
 * pass of mesh_fill_point_edges is all of it, and the same edges. */
static enum og_status
sphere_adopt_edges(struct mesh *m, struct og_error *err)
{
    size_t n = m->npoints, ne = 3 * m->ntriangles, e, t;
    const int32_t *tri = m->triangles;

    (void)err;
    for (t = 0; t < n; t++) {
        m->point_edge[t] = -1;
    }
    for (e = 0; e < ne; e++) {
        m->point_edge[tri[mesh_edge_next((int32_t)e)]] = (int32_t)e;
    }
    return OG_OK;
}

/* Checks of a sphere mesh's input before anything is allocated. */
static enum og_status
sphere_check(size_t n, const int32_t *triangles, size_t ntriangles, struct og_error *err)
{
    size_t e, t, ne;

    if (n > (size_t)INT32_MAX / 6 || ntriangles > (size_t)INT32_MAX / 3) {
        return og_error_set(err, OG_EINVAL,
                            "mesh: %zu points / %zu triangles exceed the limit %d / %d", n,
                            ntriangles, INT32_MAX / 6, INT32_MAX / 3);
    }
    if (ntriangles == 0) {
        return og_error_set(err, OG_EINVAL, "mesh: a closed sphere mesh needs triangles");
    }
    ne = 3 * ntriangles;
    for (e = 0; e < ne; e++) {
        if (triangles[e] < 0 || (size_t)triangles[e] >= n) {
            return og_error_set(err, OG_EINVAL, "mesh: triangle corner %zu = %d outside [0, %zu)",
                                e, (int)triangles[e], n);
        }
    }
    for (t = 0; t < ntriangles; t++) {
        int32_t a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
        if (a == b || b == c || a == c) {
            return og_error_set(err, OG_EINVAL, "mesh: triangle %zu repeats a point", t);
        }
    }
    return OG_OK;
}

/* The sphere mesh around points and triangles already in place (owned
 * by the new mesh), with or without circumcentres. */
static enum og_status
sphere_build(struct mesh **out, double *xyz, size_t n, int32_t *triangles, int32_t *halfedges,
             size_t ntriangles, int centers, struct og_error *err)
{
    struct mesh *m = calloc(1, sizeof *m);
    enum og_status st;

    if (m == NULL) {
        return og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu points", n);
    }
    m->dim = 3;
    m->npoints = n;
    m->ntriangles = ntriangles;
    m->points = xyz;
    m->triangles = triangles;
    m->point_edge = malloc((n > 0 ? n : 1) * sizeof *m->point_edge);
    m->halfedges = halfedges != NULL ? halfedges : malloc(3 * ntriangles * sizeof *m->halfedges);
    if (m->point_edge == NULL || m->halfedges == NULL) {
        st = og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu triangles", ntriangles);
    } else {
        st = halfedges != NULL ? sphere_adopt_edges(m, err) : sphere_topology(m, err);
    }
    if (st == OG_OK && centers) {
        st = mesh_sphere_centers(m, 0, err);
    }
    if (st != OG_OK) {
        m->points = NULL;  /* still the caller's */
        m->triangles = NULL;
        if (halfedges != NULL) {
            m->halfedges = NULL;
        }
        mesh_free(m);
        return st;
    }
    *out = m;
    return OG_OK;
}

enum og_status
mesh_build_sphere(struct mesh **out, const double *xyz, size_t n, const int32_t *triangles,
                  size_t ntriangles, struct og_error *err)
{
    double *pts;
    int32_t *tri;
    enum og_status st;

    *out = NULL;
    if ((st = sphere_check(n, triangles, ntriangles, err)) != OG_OK) {
        return st;
    }
    pts = malloc((n > 0 ? n : 1) * 3 * sizeof *pts);
    tri = malloc(3 * ntriangles * sizeof *tri);
    if (pts == NULL || tri == NULL) {
        free(pts);
        free(tri);
        return og_error_set(err, OG_ENOMEM, "mesh: out of memory for %zu triangles", ntriangles);
    }
    if (n > 0) {
        memcpy(pts, xyz, 3 * n * sizeof *xyz);
    }
    memcpy(tri, triangles, 3 * ntriangles * sizeof *triangles);
    if ((st = sphere_build(out, pts, n, tri, NULL, ntriangles, 1, err)) != OG_OK) {
        free(pts);
        free(tri);
    }
    return st;
}

enum og_status
mesh_adopt_sphere(struct mesh **out, double *xyz, size_t n, int32_t *triangles,
                  int32_t *halfedges, size_t ntriangles, int centers, struct og_error *err)
{
    *out = NULL;
    if (ntriangles == 0 || n > (size_t)INT32_MAX / 6) {
        return og_error_set(err, OG_EINVAL, "mesh: %zu points / %zu triangles are no sphere",
                            n, ntriangles);
    }
    return sphere_build(out, xyz, n, triangles, halfedges, ntriangles, centers, err);
}

void
mesh_free(struct mesh *m)
{
    if (m == NULL) {
        return;
    }
    free(m->points);
    free(m->triangles);
    free(m->halfedges);
    free(m->centers);
    free(m->point_edge);
    free(m->hull);
    free(m);
}

int
mesh_cell_neighbors(const struct mesh *m, int32_t p, int32_t *out, int max)
{
    int32_t start, in;
    int k = 0;

    if (p < 0 || (size_t)p >= m->npoints || (start = m->point_edge[p]) < 0) {
        return 0;
    }
    in = start;
    for (;;) {
        int32_t outgoing = mesh_edge_next(in);
        if (k < max) {
            out[k] = m->triangles[in];
        }
        k++;
        in = m->halfedges[outgoing];
        if (in < 0) {
            /* Hull: the far end of the last outgoing edge closes the fan. */
            if (k < max) {
                out[k] = m->triangles[mesh_edge_next(outgoing)];
            }
            k++;
            break;
        }
        if (in == start) {
            break;
        }
    }
    return k;
}

int
mesh_cell_triangles(const struct mesh *m, int32_t p, int32_t *out, int max)
{
    int32_t start, in;
    int k = 0;

    if (p < 0 || (size_t)p >= m->npoints || (start = m->point_edge[p]) < 0) {
        return 0;
    }
    in = start;
    do {
        if (k < max) {
            out[k] = mesh_edge_triangle(in);
        }
        k++;
        in = m->halfedges[mesh_edge_next(in)];
    } while (in >= 0 && in != start);
    return k;
}

void
mesh_triangle_neighbors(const struct mesh *m, int32_t t, int32_t out[3])
{
    int k;

    for (k = 0; k < 3; k++) {
        int32_t h = m->halfedges[3 * t + k];
        out[k] = h < 0 ? -1 : mesh_edge_triangle(h);
    }
}

static double
mesh_dist2(const struct mesh *m, int32_t p, const double *q)
{
    const double *a = m->points + (size_t)m->dim * (size_t)p;
    double s = 0.0;
    int k;

    for (k = 0; k < m->dim; k++) {
        double d = a[k] - q[k];
        s += d * d;
    }
    return s;
}

int32_t
mesh_nearest_point(const struct mesh *m, const double *q, int32_t start)
{
    int32_t cur = start, best;
    double dbest;

    if (m->npoints == 0) {
        return -1;
    }
    if (cur < 0 || (size_t)cur >= m->npoints || m->point_edge[cur] < 0) {
        /* Start at a used point. */
        size_t i;
        for (i = 0; i < m->npoints && m->point_edge[i] < 0; i++) {
        }
        if (i == m->npoints) {
            /* No triangles: linear scan of the distinct points. */
            int32_t bi = 0;
            double bd = mesh_dist2(m, 0, q);
            for (i = 1; i < m->npoints; i++) {
                double dd = mesh_dist2(m, (int32_t)i, q);
                if (dd < bd) {
                    bd = dd;
                    bi = (int32_t)i;
                }
            }
            return bi;
        }
        cur = (int32_t)i;
    }
    dbest = mesh_dist2(m, cur, q);
    /* Greedy descent: in a Delaunay triangulation a point that is no
     * farther than all its neighbours is the nearest (Voronoi property). */
    for (;;) {
        int32_t startedge = m->point_edge[cur], in = startedge;
        best = cur;
        for (;;) {
            int32_t outgoing = mesh_edge_next(in);
            int32_t nb = m->triangles[in];
            double dd = mesh_dist2(m, nb, q);
            if (dd < dbest) {
                dbest = dd;
                best = nb;
            }
            in = m->halfedges[outgoing];
            if (in < 0) {
                nb = m->triangles[mesh_edge_next(outgoing)];
                dd = mesh_dist2(m, nb, q);
                if (dd < dbest) {
                    dbest = dd;
                    best = nb;
                }
                break;
            }
            if (in == startedge) {
                break;
            }
        }
        if (best == cur) {
            return cur;
        }
        cur = best;
    }
}
