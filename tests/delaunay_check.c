/* Exact validation of planar Delaunay triangulations for the tests
 * (tests.h): delaunator's JSON point fixtures, an independent exact convex
 * hull, and the checks every triangulation must pass. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/mesh.h"
#include "core/geom/predicates.h"
#include "tests.h"

/* Read a JSON array of [x, y] pairs: every number in the file, in order. */
double *
test_read_points(const char *name, size_t *n)
{
    char path[256];
    size_t len;
    char *buf, *p, *end;
    double *xy;
    size_t m = 0;

    snprintf(path, sizeof path, "points/%s", name);
    buf = (char *)test_slurp(test_data_path(path), &len);
    buf[len] = '\0';
    xy = malloc((len / 2 + 2) * sizeof *xy);
    ck_assert_ptr_nonnull(xy);
    for (p = buf; *p != '\0';) {
        if (*p == '-' || (*p >= '0' && *p <= '9')) {
            xy[m++] = strtod(p, &end);
            if (end == p) {
                ck_abort_msg("bad number in %s", name);
            }
            p = end;
        } else {
            p++;
        }
    }
    free(buf);
    ck_assert_int_eq(m % 2, 0);
    *n = m / 2;
    return xy;
}

static int
cmp_xy(const void *a, const void *b)
{
    const double *p = a, *q = b;

    if (p[0] != q[0]) {
        return p[0] < q[0] ? -1 : 1;
    }
    if (p[1] != q[1]) {
        return p[1] < q[1] ? -1 : 1;
    }
    return 0;
}

/* Distinct points and the number b of them on the convex-hull boundary
 * (collinear ones included), by Andrew's monotone chain with exact
 * orientation. */
static void
count_distinct_hull(const double *xy, size_t n, size_t *distinct, size_t *b)
{
    double *s = malloc((2 * n + 2) * sizeof *s);
    size_t *h = malloc((2 * n + 2) * sizeof *h);
    size_t i, m = 0, k = 0, lower;

    ck_assert(s != NULL && h != NULL);
    memcpy(s, xy, 2 * n * sizeof *s);
    qsort(s, n, 2 * sizeof *s, cmp_xy);
    for (i = 0; i < n; i++) {
        if (m == 0 || s[2 * i] != s[2 * m - 2] || s[2 * i + 1] != s[2 * m - 1]) {
            s[2 * m] = s[2 * i];
            s[2 * m + 1] = s[2 * i + 1];
            m++;
        }
    }
    *distinct = m;
    if (m < 3) {
        *b = m;
        free(s);
        free(h);
        return;
    }
    /* Keep collinear points: pop only on a strict right turn (y up). */
    for (i = 0; i < m; i++) {
        while (k >= 2 && predicates_orient2d(s + 2 * h[k - 2], s + 2 * h[k - 1], s + 2 * i) < 0) {
            k--;
        }
        h[k++] = i;
    }
    lower = k;
    for (i = m - 1; i-- > 0;) {
        while (k > lower &&
               predicates_orient2d(s + 2 * h[k - 2], s + 2 * h[k - 1], s + 2 * i) < 0) {
            k--;
        }
        h[k++] = i;
    }
    /* All collinear: both chains are the same line. */
    *b = k - 1 == 2 * (m - 1) ? m : k - 1;
    free(s);
    free(h);
}

/* Exact validation of d for the points xy (tests.h). */
void
test_delaunay_validate(const struct delaunay *d, const double *xy, size_t n)
{
    size_t e, t, ne = 3 * d->ntriangles, distinct, b, used = 0, i;
    char *seen;

    ck_assert_int_eq(d->npoints, n);
    /* Check's assertions cost a message each even when they pass: count
     * failures in the loops and assert once. */
    for (e = 0; e < ne; e++) {
        int32_t f = d->halfedges[e];
        if (d->triangles[e] < 0 || (size_t)d->triangles[e] >= n) {
            ck_abort_msg("half-edge %zu starts at point %d", e, (int)d->triangles[e]);
        }
        /* Twins are symmetric and run between the same two points,
         * reversed. */
        if (f >= 0 && ((size_t)f >= ne || d->halfedges[f] != (int32_t)e ||
                       d->triangles[f] != d->triangles[mesh_edge_next((int32_t)e)] ||
                       d->triangles[e] != d->triangles[mesh_edge_next(f)])) {
            ck_abort_msg("half-edge %zu and its twin %d disagree", e, (int)f);
        }
    }
    for (t = 0; t < d->ntriangles; t++) {
        const double *a = xy + 2 * d->triangles[3 * t];
        const double *bb = xy + 2 * d->triangles[3 * t + 1];
        const double *c = xy + 2 * d->triangles[3 * t + 2];
        if (!(predicates_orient2d(a, bb, c) < 0.0)) {
            ck_abort_msg("triangle %zu not clockwise (y up)", t);
        }
    }
    for (e = 0; e < ne; e++) {
        int32_t f = d->halfedges[e];
        if (f >= 0 && (size_t)f > e) {
            int32_t en = mesh_edge_next((int32_t)e);
            const double *pr = xy + 2 * d->triangles[e];
            const double *pl = xy + 2 * d->triangles[en];
            const double *p0 = xy + 2 * d->triangles[mesh_edge_prev((int32_t)e)];
            const double *p1 = xy + 2 * d->triangles[mesh_edge_prev(f)];
            if (predicates_incircle(p0, pl, pr, p1) > 0.0) {
                ck_abort_msg("edge %zu not locally Delaunay", e);
            }
        }
    }
    count_distinct_hull(xy, n, &distinct, &b);
    ck_assert_int_eq(d->nduplicates, n - distinct);
    seen = calloc(n, 1);
    ck_assert_ptr_nonnull(seen);
    for (e = 0; e < ne; e++) {
        if (!seen[d->triangles[e]]) {
            seen[d->triangles[e]] = 1;
            used++;
        }
    }
    if (distinct >= 3 && d->ntriangles > 0) {
        ck_assert_int_eq(used, distinct);
        ck_assert_int_eq(d->ntriangles, 2 * distinct - 2 - b);
        ck_assert_int_eq(d->nhull, b);
        /* Hull: convex, and each step a -> b is a twinless half-edge (and
         * there are no others). */
        int32_t *hull_to = malloc(n * sizeof *hull_to);
        size_t nfree = 0;
        ck_assert_ptr_nonnull(hull_to);
        for (i = 0; i < n; i++) {
            hull_to[i] = -1;
        }
        for (e = 0; e < ne; e++) {
            if (d->halfedges[e] < 0) {
                if (hull_to[d->triangles[e]] != -1) {
                    ck_abort_msg("two hull edges leave point %d", (int)d->triangles[e]);
                }
                hull_to[d->triangles[e]] = d->triangles[mesh_edge_next((int32_t)e)];
                nfree++;
            }
        }
        ck_assert_int_eq(nfree, d->nhull);
        for (i = 0; i < d->nhull; i++) {
            int32_t ha = d->hull[i], hb = d->hull[(i + 1) % d->nhull];
            int32_t hc = d->hull[(i + 2) % d->nhull];
            if (predicates_orient2d(xy + 2 * ha, xy + 2 * hb, xy + 2 * hc) > 0.0) {
                ck_abort_msg("hull not convex at %d", (int)hb);
            }
            if (hull_to[ha] != hb) {
                ck_abort_msg("hull step %d -> %d is not a hull half-edge", ha, hb);
            }
        }
        free(hull_to);
    } else {
        ck_assert_int_eq(d->ntriangles, 0);
        ck_assert_int_eq(d->nhull, distinct);
    }
    free(seen);
}

void
test_delaunay_check_points(const double *xy, size_t n, size_t expect_tri, size_t expect_dup, size_t expect_hull)
{
    struct delaunay d;
    struct og_error err;

    ck_assert_int_eq(delaunay_build(&d, xy, n, &err), OG_OK);
    test_delaunay_validate(&d, xy, n);
    ck_assert_int_eq(d.ntriangles, expect_tri);
    ck_assert_int_eq(d.nduplicates, expect_dup);
    ck_assert_int_eq(d.nhull, expect_hull);
    delaunay_fini(&d);
}

void
test_delaunay_check_file(const char *name, size_t npoints, size_t distinct, size_t b, size_t ntri)
{
    size_t n;
    double *xy = test_read_points(name, &n);

    ck_assert_int_eq(n, npoints);
    test_delaunay_check_points(xy, n, ntri, npoints - distinct, b);
    free(xy);
}
