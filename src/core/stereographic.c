#include "config.h"
#include "core/stereographic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/delaunay.h"
#include "core/predicates.h"

void
stereographic_basis(const double pole[3], double u[3], double v[3])
{
    double a[3] = { 1.0, 0.0, 0.0 };
    double l;

    if (fabs(pole[0]) > 0.6) {
        a[0] = 0.0;
        a[1] = 1.0;
    }
    /* u = normalise(a x pole) is perpendicular to pole; v = pole x u */
    u[0] = a[1] * pole[2] - a[2] * pole[1];
    u[1] = a[2] * pole[0] - a[0] * pole[2];
    u[2] = a[0] * pole[1] - a[1] * pole[0];
    l = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    u[0] /= l;
    u[1] /= l;
    u[2] /= l;
    v[0] = pole[1] * u[2] - pole[2] * u[1];
    v[1] = pole[2] * u[0] - pole[0] * u[2];
    v[2] = pole[0] * u[1] - pole[1] * u[0];
}

void
stereographic_project(const double *xyz, size_t n, const double pole[3], double *xy)
{
    double u[3], v[3];
    size_t i;

    stereographic_basis(pole, u, v);
    for (i = 0; i < n; i++) {
        const double *q = &xyz[3 * i];
        double s = 1.0 - (q[0] * pole[0] + q[1] * pole[1] + q[2] * pole[2]);
        xy[2 * i] = (q[0] * u[0] + q[1] * u[1] + q[2] * u[2]) / s;
        xy[2 * i + 1] = (q[0] * v[0] + q[1] * v[1] + q[2] * v[2]) / s;
    }
}

void
stereographic_unproject(const double *xy, size_t n, const double pole[3], double *xyz)
{
    double u[3], v[3];
    size_t i;
    int k;

    stereographic_basis(pole, u, v);
    for (i = 0; i < n; i++) {
        double x = xy[2 * i], y = xy[2 * i + 1];
        double r2 = x * x + y * y, d = 1.0 + r2;
        /* inverse of x = q.u / (1 - q.p): q = (2x u + 2y v + (r2 - 1) p) / (1 + r2) */
        for (k = 0; k < 3; k++) {
            xyz[3 * i + k] = (2.0 * x * u[k] + 2.0 * y * v[k] + (r2 - 1.0) * pole[k]) / d;
        }
    }
}

static void
link_edges(int32_t *halfedges, int32_t a, int32_t b)
{
    halfedges[a] = b;
    if (b >= 0) {
        halfedges[b] = a;
    }
}

static int32_t
edge_next(int32_t e)
{
    return (e % 3 == 2) ? e - 2 : e + 1;
}

static int32_t
edge_prev(int32_t e)
{
    return (e % 3 == 0) ? e + 2 : e - 1;
}

/* Lawson flips until every edge passes the spherical in-circle test; the
 * test is exact, ties do not flip, and the bound is only a safety net. */
static enum og_status
lawson_repair(const double *xyz, int32_t *tri, int32_t *he, size_t nt, size_t *nflips,
              struct og_error *err)
{
    size_t ne = 3 * nt, top = 0, flips = 0, limit = 4 * ne + 16;
    int32_t *stack = malloc(ne * sizeof *stack);
    uint8_t *queued = calloc(ne, 1);
    size_t i;

    if (stack == NULL || queued == NULL) {
        free(stack);
        free(queued);
        return og_error_set(err, OG_ENOMEM, "out of memory for the Delaunay repair of %zu edges",
                            ne);
    }
    /* each edge once, from its lower half-edge: the test from the other
     * side is the same exact orient3d with both pairs swapped (an even
     * permutation), so it has the same sign */
    for (i = ne; i-- > 0;) {
        if ((int32_t)i < he[i]) {
            stack[top++] = (int32_t)i;
            queued[i] = 1;
        }
    }
    while (top > 0 && flips < limit) {
        int32_t e = stack[--top], f, e1, e2, f1, f2, hf1, he1;
        int32_t a, b, c, d;
        queued[e] = 0;
        f = he[e];
        e1 = edge_next(e);
        e2 = edge_prev(e);
        f1 = edge_next(f);
        f2 = edge_prev(f);
        a = tri[e];
        b = tri[e1];
        c = tri[e2];
        d = tri[f2];
        /* d strictly above the plane of the outward triangle abc: the
         * circumcircle of abc holds d, so the edge is illegal */
        if (predicates_orient3d(&xyz[3 * a], &xyz[3 * b], &xyz[3 * c], &xyz[3 * d]) >= 0.0) {
            continue;
        }
        /* (a,b,c),(b,a,d) -> (a,d,c),(b,c,d) */
        hf1 = he[f1];
        he1 = he[e1];
        tri[e1] = d;
        tri[f1] = c;
        link_edges(he, e, hf1);
        link_edges(he, f, he1);
        link_edges(he, e1, f1);
        flips++;
        {
            int32_t again[4] = { e, e2, f, f2 };
            int k;
            for (k = 0; k < 4; k++) {
                if (!queued[again[k]]) {
                    queued[again[k]] = 1;
                    stack[top++] = again[k];
                }
            }
        }
    }
    free(stack);
    free(queued);
    if (nflips != NULL) {
        *nflips = flips;
    }
    if (top > 0) {
        return og_error_set(err, OG_EINVAL,
                            "spherical Delaunay: repair stopped after %zu flips (limit)", flips);
    }
    return OG_OK;
}

enum og_status
stereographic_delaunay(const double *xyz, size_t n, int32_t **triangles, size_t *ntriangles,
                       size_t *nflips, struct og_error *err)
{
    return stereographic_delaunay_he(xyz, n, triangles, NULL, ntriangles, nflips, err);
}

enum og_status
stereographic_delaunay_he(const double *xyz, size_t n, int32_t **triangles, int32_t **halfedges,
                          size_t *ntriangles, size_t *nflips, struct og_error *err)
{
    struct delaunay d;
    double *xy = NULL;
    int32_t *tri = NULL, *he = NULL, *pole_of_end = NULL;
    size_t i, nt, npl, nhe;
    const double *pole;
    int32_t ip;
    enum og_status st;

    *triangles = NULL;
    if (halfedges != NULL) {
        *halfedges = NULL;
    }
    *ntriangles = 0;
    if (nflips != NULL) {
        *nflips = 0;
    }
    memset(&d, 0, sizeof d);
    if (n < 4) {
        return og_error_set(err, OG_EINVAL, "spherical Delaunay needs at least 4 points, got %zu",
                            n);
    }
    if (n > (size_t)INT32_MAX / 6) {
        return og_error_set(err, OG_EINVAL, "spherical Delaunay: %zu points over %d", n,
                            INT32_MAX / 6);
    }
    for (i = 0; i < n; i++) {
        const double *q = &xyz[3 * i];
        double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        if (!(fabs(l - 1.0) <= 1e-9)) {
            return og_error_set(err, OG_EINVAL,
                                "spherical Delaunay: point %zu has length %g, not 1",
                                i, l);
        }
    }
    /* project from the last point; the others keep their indices. The
     * triangulation is unique up to cospherical ties, so the choice only
     * matters there, and it is fixed, so the result is deterministic. */
    ip = (int32_t)(n - 1);
    pole = &xyz[3 * (size_t)ip];
    xy = malloc(2 * (n - 1) * sizeof *xy);
    if (xy == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory projecting %zu points", n);
    }
    stereographic_project(xyz, n - 1, pole, xy);
    for (i = 0; i + 1 < n; i++) {
        if (!isfinite(xy[2 * i]) || !isfinite(xy[2 * i + 1])) {
            free(xy);
            return og_error_set(err, OG_EINVAL,
                                "spherical Delaunay: points %zu and %zu coincide", i, n - 1);
        }
    }
    st = delaunay_build(&d, xy, n - 1, err);
    free(xy);
    if (st != OG_OK) {
        return st;
    }
    if (d.nduplicates > 0 || d.ntriangles == 0) {
        st = og_error_set(err, OG_EINVAL, "spherical Delaunay: %zu coincident points%s",
                          d.nduplicates, d.ntriangles == 0 ? " or all on one circle" : "");
        goto fail;
    }
    npl = d.ntriangles;
    nt = npl;
    for (i = 0; i < 3 * npl; i++) {
        nt += d.halfedges[i] == -1;
    }
    nhe = 3 * nt;
    /* the planar arrays grow into the spherical ones (no copy) */
    tri = realloc(d.triangles, nhe * sizeof *tri);
    if (tri != NULL) {
        d.triangles = NULL;
    }
    he = realloc(d.halfedges, nhe * sizeof *he);
    if (he != NULL) {
        d.halfedges = NULL;
    }
    pole_of_end = malloc(n * sizeof *pole_of_end);
    if (tri == NULL || he == NULL || pole_of_end == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %zu spherical triangles", nt);
        goto fail;
    }
    /* close the hole at the pole: hull half-edge a->b gets triangle (b, a, P) */
    {
        size_t t = npl;
        for (i = 0; i < 3 * npl; i++) {
            if (he[i] == -1) {
                int32_t e = (int32_t)i, a = tri[e], b = tri[edge_next(e)];
                int32_t s = (int32_t)(3 * t);
                tri[s] = b;
                tri[s + 1] = a;
                tri[s + 2] = ip;
                link_edges(he, e, s);
                he[s + 1] = -1;
                he[s + 2] = -1;
                pole_of_end[b] = (int32_t)t; /* P->b is half-edge 3t+2 */
                t++;
            }
        }
        /* a->P (3t+1 of the triangle on hull edge a->b) twins P->a, the
         * third edge of the triangle on the hull edge ending at a */
        for (t = npl; t < nt; t++) {
            int32_t a = tri[3 * t + 1];
            link_edges(he, (int32_t)(3 * t + 1), 3 * pole_of_end[a] + 2);
        }
    }
    free(pole_of_end);
    pole_of_end = NULL;
    delaunay_fini(&d);
    if (nt != 2 * n - 4) {
        st = og_error_set(err, OG_EINVAL,
                          "spherical Delaunay: %zu triangles for %zu points, not %zu",
                          nt, n, 2 * n - 4);
        goto fail;
    }
    if ((st = lawson_repair(xyz, tri, he, nt, nflips, err)) != OG_OK) {
        goto fail;
    }
    if (halfedges != NULL) {
        *halfedges = he;
    } else {
        free(he);
    }
    *triangles = tri;
    *ntriangles = nt;
    return OG_OK;

fail:
    delaunay_fini(&d);
    free(tri);
    free(he);
    free(pole_of_end);
    return st;
}
