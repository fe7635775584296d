/* delaunay: sweep-hull Delaunay triangulation with exact predicates.
 *
 * Written from the descriptions of s-hull (Sinclair 2010) and delaunator's
 * half-edge formulation. Points are renumbered in the order of insertion
 * (distance from the seed triangle's circumcentre) so that the sweep walks
 * memory forward; indices are mapped back at the end.
 *
 * Every orientation and in-circle decision uses predicates.c, so the result
 * is an exact Delaunay triangulation of all distinct input points. A point
 * that reaches the sweep while it is not strictly outside the current hull
 * (sort keys are 32-bit, so near ties keep input order) is not dropped, as
 * delaunator does: it is located by a visibility walk and inserted by
 * splitting its triangle or edge, then legalised like the others (Lawson
 * flips). Any insertion order therefore gives the right result; the sweep
 * order only makes it fast.
 *
 * The hull hash uses pseudo-angles around the seed triangle's centroid and
 * the sort keys span [min, max] of the squared distances, so that a nearly
 * collinear seed (circumcentre far away) does not degrade to quadratic
 * time; a hash probe that finds no visible edge within DL_HULL_WALK hull
 * edges falls back to the triangle walk, which ends at a visible hull edge
 * if the point is outside. */
#include "config.h"

#include "core/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/predicates.h"
#include "core/delaunay_internal.h"

static double
dl_circum(const double *a, const double *b, const double *c, double *ux, double *uy)
{
    double dx = b[0] - a[0], dy = b[1] - a[1];
    double ex = c[0] - a[0], ey = c[1] - a[1];
    double bl = dx * dx + dy * dy, cl = ex * ex + ey * ey;
    double den = 0.5 / (dx * ey - dy * ex);
    double x = (ey * bl - dy * cl) * den;
    double y = (dx * cl - ex * bl) * den;

    *ux = x;
    *uy = y;
    return x * x + y * y;
}

/* The sweep. want_centers: fill d->centers. lorder, lpts: if not NULL,
 * leave the result in local ids and hand over the order and the local
 * points (delaunay_build_local). */
static enum og_status
dl_build(struct delaunay *d, const double *xy, size_t n, int want_centers, int32_t **lorder,
         double **lpts, struct og_error *err)
{
    struct dl s;
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    double mx, my, best, ccx, ccy, ux, uy, dmax, dmin, scale;
    size_t i, i0 = 0, i1 = SIZE_MAX, i2 = SIZE_MAX, k, m, maxtri;
    uint64_t *keys, *tmp;
    const uint64_t *sorted;
    int32_t *order = NULL;
    double *pts = NULL;
    enum og_status st = OG_OK;

    memset(d, 0, sizeof *d);
    memset(&s, 0, sizeof s);
    if (lorder != NULL) {
        *lorder = NULL;
        *lpts = NULL;
    }
    if (n > (size_t)INT32_MAX / 6) {
        return og_error_set(err, OG_EINVAL, "delaunay: %zu points exceeds the limit %d", n,
                            INT32_MAX / 6);
    }
    d->npoints = n;
    for (i = 0; i < n; i++) {
        double x = xy[2 * i], y = xy[2 * i + 1];
        if (!isfinite(x) || !isfinite(y)) {
            return og_error_set(err, OG_EINVAL, "delaunay: point %zu = (%g, %g) is not finite",
                                i, x, y);
        }
        minx = x < minx ? x : minx;
        miny = y < miny ? y : miny;
        maxx = x > maxx ? x : maxx;
        maxy = y > maxy ? y : maxy;
    }
    if (n == 0) {
        if (lorder != NULL && dl_identity(xy, n, lorder, lpts) != OG_OK) {
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
        }
        return OG_OK;
    }

    /* Seed: the point nearest the bounding-box centre, its nearest distinct
     * neighbour, and the third point making the smallest circumcircle. */
    mx = 0.5 * (minx + maxx);
    my = 0.5 * (miny + maxy);
    best = INFINITY;
    for (i = 0; i < n; i++) {
        double dx = xy[2 * i] - mx, dy = xy[2 * i + 1] - my, dd = dx * dx + dy * dy;
        if (dd < best) {
            best = dd;
            i0 = i;
        }
    }
    best = INFINITY;
    for (i = 0; i < n; i++) {
        double dx = xy[2 * i] - xy[2 * i0], dy = xy[2 * i + 1] - xy[2 * i0 + 1];
        double dd = dx * dx + dy * dy;
        if (dd < best && (dx != 0.0 || dy != 0.0)) {
            best = dd;
            i1 = i;
        }
    }
    if (i1 == SIZE_MAX) {
        /* Underflowing squared distances are possible for tiny offsets. */
        for (i = 0; i < n && i1 == SIZE_MAX; i++) {
            if (xy[2 * i] != xy[2 * i0] || xy[2 * i + 1] != xy[2 * i0 + 1]) {
                i1 = i;
            }
        }
    }
    if (i1 != SIZE_MAX) {
        best = INFINITY;
        for (i = 0; i < n; i++) {
            double r = dl_circum(xy + 2 * i0, xy + 2 * i1, xy + 2 * i, &ux, &uy);
            if (r < best &&
                predicates_orient2d(xy + 2 * i0, xy + 2 * i1, xy + 2 * i) != 0.0) {
                best = r;
                i2 = i;
            }
        }
        for (i = 0; i < n && i2 == SIZE_MAX; i++) {
            if (predicates_orient2d(xy + 2 * i0, xy + 2 * i1, xy + 2 * i) != 0.0) {
                i2 = i;
            }
        }
    }
    if (i2 == SIZE_MAX) {
        st = dl_collinear(d, xy, n, err);
        if (st == OG_OK && lorder != NULL && dl_identity(xy, n, lorder, lpts) != OG_OK) {
            delaunay_fini(d);
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
        }
        return st;
    }
    /* Our triangles are clockwise in the y-up sense (counter-clockwise with
     * y down). */
    if (predicates_orient2d(xy + 2 * i0, xy + 2 * i1, xy + 2 * i2) > 0.0) {
        size_t t = i1;
        i1 = i2;
        i2 = t;
    }
    dl_circum(xy + 2 * i0, xy + 2 * i1, xy + 2 * i2, &ux, &uy);
    ccx = xy[2 * i0] + ux;
    ccy = xy[2 * i0 + 1] + uy;
    if (!isfinite(ccx) || !isfinite(ccy)) {
        ccx = (xy[2 * i0] + xy[2 * i1] + xy[2 * i2]) / 3.0;
        ccy = (xy[2 * i0 + 1] + xy[2 * i1 + 1] + xy[2 * i2 + 1]) / 3.0;
    }

    /* Sort the other points by distance to the circumcentre: 32-bit keys
     * (squared distance scaled to the maximum), index in the low word so
     * that the stable radix sort keeps ties in input order. The keys and
     * the sort's scratch live in the triangle arrays (24n bytes each, at
     * least the 8n of the keys), which the sweep overwrites afterwards:
     * fewer fresh pages to fault in. */
    maxtri = 2 * n - 5;
    {
        size_t tbytes = 3 * maxtri * sizeof *s.tri;
        tbytes = tbytes > n * sizeof *keys ? tbytes : n * sizeof *keys;
        if ((order = dl_alloc(n * sizeof *order)) == NULL ||
            (pts = dl_alloc(2 * n * sizeof *pts)) == NULL ||
            (s.tri = dl_alloc(tbytes)) == NULL || (s.half = dl_alloc(tbytes)) == NULL ||
            (s.hnext = dl_alloc(n * sizeof *s.hnext)) == NULL ||
            (s.hprev = dl_alloc(n * sizeof *s.hprev)) == NULL ||
            (s.hedge = dl_alloc(n * sizeof *s.hedge)) == NULL) {
            st = OG_ENOMEM;
            goto fail;
        }
    }
    keys = (uint64_t *)(void *)s.tri;
    tmp = (uint64_t *)(void *)s.half;
    /* Keys span [dmin, dmax], not [0, dmax]: when the circumcentre is far
     * away (nearly collinear seed) all distances are huge and close
     * together, and only their differences order the sweep. */
    dmax = 0.0;
    dmin = INFINITY;
    for (i = 0; i < n; i++) {
        double dx = xy[2 * i] - ccx, dy = xy[2 * i + 1] - ccy;
        double dd = dx * dx + dy * dy;
        pts[i] = dd; /* pts is scratch until the coordinates are copied */
        dmax = dd > dmax ? dd : dmax;
        dmin = dd < dmin ? dd : dmin;
    }
    scale = dmax > dmin ? 4294967000.0 / (dmax - dmin) : 0.0;
    m = 0;
    for (i = 0; i < n; i++) {
        if (i == i0 || i == i1 || i == i2) {
            continue;
        }
        keys[m++] = ((uint64_t)(uint32_t)((pts[i] - dmin) * scale) << 32) | (uint64_t)i;
    }
    sorted = dl_radix_sort(keys, tmp, m);
    order[0] = (int32_t)i0;
    order[1] = (int32_t)i1;
    order[2] = (int32_t)i2;
    for (k = 0; k < m; k++) {
        order[3 + k] = (int32_t)(sorted[k] & 0xffffffffu);
    }
    for (k = 0; k < n; k++) {
        pts[2 * k] = xy[2 * (size_t)order[k]];
        pts[2 * k + 1] = xy[2 * (size_t)order[k] + 1];
    }

    s.p = pts;
    s.n = n;
    /* The hull hash uses angles around the seed triangle's centroid, which
     * is inside every later hull (so hull points are in angular order
     * around it); the circumcentre may lie far outside. */
    s.cx = (pts[0] + pts[2] + pts[4]) / 3.0;
    s.cy = (pts[1] + pts[3] + pts[5]) / 3.0;
    s.hash_size = (int32_t)ceil(sqrt((double)n));
    s.stack_cap = 256;
    if ((s.hash = malloc((size_t)s.hash_size * sizeof *s.hash)) == NULL ||
        (s.stack = malloc(s.stack_cap * sizeof *s.stack)) == NULL) {
        st = OG_ENOMEM;
        goto fail;
    }
    for (k = 0; k < (size_t)s.hash_size; k++) {
        s.hash[k] = -1;
    }
    for (k = 0; k < n; k++) {
        s.hnext[k] = -1;
    }

    /* Seed triangle (0, 1, 2) in local ids; its hull runs 0 -> 1 -> 2. */
    dl_add(&s, 0, 1, 2);
    dl_link(&s, 0, -1);
    dl_link(&s, 1, -1);
    dl_link(&s, 2, -1);
    s.hnext[0] = 1;
    s.hnext[1] = 2;
    s.hnext[2] = 0;
    s.hprev[1] = 0;
    s.hprev[2] = 1;
    s.hprev[0] = 2;
    s.hull_start = 0;
    for (k = 0; k < 3; k++) {
        dl_hash_put(&s, (int32_t)k);
    }

    for (k = 3; k < n; k++) {
        int32_t p = (int32_t)k, key, j, start = 0, e, q, t, nn, s0, he, both;
        const double *pp = dl_pt(&s, p);

        if (pp[0] == pts[2 * k - 2] && pp[1] == pts[2 * k - 1]) {
            d->nduplicates++;
            continue;
        }
        key = dl_hash_key(&s, pp[0], pp[1]);
        for (j = 0; j < s.hash_size; j++) {
            start = s.hash[key];
            if (start >= 0 && s.hnext[start] != start) {
                break;
            }
            key = key + 1 < s.hash_size ? key + 1 : 0;
        }
        s0 = s.hprev[start];
        e = s0;
        both = 0;
        for (j = 0; !dl_visible(&s, e, pp); j++) {
            e = s.hnext[e];
            if (e == s0 || j == DL_HULL_WALK) {
                e = -1;
                break;
            }
        }
        if (e < 0) {
            /* No visible edge near the hash entry: q is inside the hull, on
             * its boundary, or outside where the hash could not point.
             * Walk the triangles from there: either a containing triangle
             * (split it) or a hull edge that q sees. */
            double o[3];
            int dup;
            int32_t out, tt = dl_locate(&s, s.hedge[s0] / 3, pp, o, &out);
            if (tt >= 0) {
                if (dl_insert_inside(&s, p, tt, o, &dup) != OG_OK) {
                    st = OG_ENOMEM;
                    goto fail;
                }
                if (dup) {
                    d->nduplicates++;
                }
                continue;
            }
            if (out >= 0) {
                e = s.tri[out];
            } else {
                /* Last resort: the whole hull. */
                for (e = s0; !dl_visible(&s, e, pp);) {
                    e = s.hnext[e];
                    if (e == s0) {
                        st = OG_EINVAL;
                        og_error_set(err, st, "delaunay: could not locate point %d",
                                     (int)order[k]);
                        goto fail_err;
                    }
                }
            }
            /* The visible chain may extend on both sides of e. */
            both = 1;
        }

        /* First triangle on the visible edge e -> q. */
        q = s.hnext[e];
        he = s.hedge[e];
        t = dl_add(&s, e, p, q);
        dl_link(&s, t + 2, he);
        dl_link(&s, t, -1);
        dl_link(&s, t + 1, -1);
        if (dl_legalize(&s, t + 2) != OG_OK) {
            st = OG_ENOMEM;
            goto fail;
        }
        /* Walk forward over further visible edges. */
        nn = q;
        while (dl_visible(&s, nn, pp)) {
            q = s.hnext[nn];
            t = dl_add(&s, nn, p, q);
            dl_link(&s, t, s.hedge[p]);
            dl_link(&s, t + 1, -1);
            dl_link(&s, t + 2, s.hedge[nn]);
            if (dl_legalize(&s, t + 2) != OG_OK) {
                st = OG_ENOMEM;
                goto fail;
            }
            s.hnext[nn] = nn;
            nn = q;
        }
        /* And backward, if the chain may extend before e. */
        if (e == s0 || both) {
            for (;;) {
                int32_t q0 = s.hprev[e];
                if (!dl_visible(&s, q0, pp)) {
                    break;
                }
                he = s.hedge[q0];
                t = dl_add(&s, q0, p, e);
                dl_link(&s, t + 1, s.hedge[e]);
                dl_link(&s, t + 2, he);
                dl_link(&s, t, -1);
                if (dl_legalize(&s, t + 2) != OG_OK) {
                    st = OG_ENOMEM;
                    goto fail;
                }
                s.hnext[e] = e;
                e = q0;
            }
        }
        s.hprev[p] = e;
        s.hnext[e] = p;
        s.hnext[p] = nn;
        s.hprev[nn] = p;
        s.hull_start = e;
        dl_hash_put(&s, p);
        dl_hash_put(&s, e);
    }

    /* Circumcentres while the points are still in sweep order (triangles
     * made together share nearby points: far fewer cache misses than in
     * input order). */
    d->ntriangles = (size_t)s.nedges / 3;
    if (want_centers && (d->centers = malloc(2 * d->ntriangles * sizeof *d->centers)) == NULL) {
        st = OG_ENOMEM;
        goto fail;
    }
    for (k = 0; want_centers && k < d->ntriangles; k++) {
        const double *a = dl_pt(&s, s.tri[3 * k]);
        dl_circum(a, dl_pt(&s, s.tri[3 * k + 1]), dl_pt(&s, s.tri[3 * k + 2]), &ux, &uy);
        d->centers[2 * k] = a[0] + ux;
        d->centers[2 * k + 1] = a[1] + uy;
    }

    /* Back to input ids (unless local ids are wanted). */
    for (k = 0; lorder == NULL && k < (size_t)s.nedges; k++) {
        s.tri[k] = order[s.tri[k]];
    }
    d->triangles = s.tri;
    d->halfedges = s.half;
    s.tri = NULL;
    s.half = NULL;
    {
        int32_t h = s.hull_start;
        size_t nh = 0;
        do {
            s.hprev[nh++] = lorder == NULL ? order[h] : h; /* hprev: output scratch */
            h = s.hnext[h];
        } while (h != s.hull_start && nh < n);
        d->hull = malloc(nh * sizeof *d->hull);
        if (d->hull == NULL) {
            st = OG_ENOMEM;
            goto fail;
        }
        memcpy(d->hull, s.hprev, nh * sizeof *d->hull);
        d->nhull = nh;
    }
    if (lorder != NULL) {
        *lorder = order;
        *lpts = pts;
        order = NULL;
        pts = NULL;
    }
    free(order);
    free(pts);
    dl_free(&s);
    return OG_OK;

fail:
    og_error_set(err, st, "delaunay: out of memory for %zu points", n);
fail_err:
    free(order);
    free(pts);
    free(s.tri);
    free(s.half);
    dl_free(&s);
    delaunay_fini(d);
    return st;
}

enum og_status
delaunay_build(struct delaunay *d, const double *xy, size_t n, struct og_error *err)
{
    return dl_build(d, xy, n, 0, NULL, NULL, err);
}

enum og_status
delaunay_build_centers(struct delaunay *d, const double *xy, size_t n, struct og_error *err)
{
    return dl_build(d, xy, n, 1, NULL, NULL, err);
}

enum og_status
delaunay_build_local(struct delaunay *d, const double *xy, size_t n, int32_t **order,
                     double **pts, struct og_error *err)
{
    return dl_build(d, xy, n, 0, order, pts, err);
}

void
delaunay_fini(struct delaunay *d)
{
    if (d == NULL) {
        return;
    }
    free(d->triangles);
    free(d->halfedges);
    free(d->hull);
    free(d->centers);
    memset(d, 0, sizeof *d);
}
