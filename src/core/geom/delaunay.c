/* delaunay: incremental Delaunay triangulation with exact predicates.
 *
 * Points are renumbered along a Hilbert curve over their bounding box
 * (local ids) and inserted in rounds: every 2^r-th local id first, then
 * the odd multiples of each smaller power of two, down to the odd ids (a
 * biased randomized insertion order, BRIO, after Amenta, Choi and Rote
 * 2003, with the curve's order in place of the random one, as CGAL's
 * spatial sort does). Each point is located by a visibility walk from the
 * triangle of the point inserted before it, which is near, and inserted
 * by splitting its triangle or edge, or by fanning it to the hull edges it
 * sees when it lies outside; Lawson flips then make the triangulation
 * Delaunay again (delaunay_brio.c, delaunay_flip.c). Every round reads the
 * points in one forward pass, beside the smaller rounds before it, and
 * each insertion touches only a few triangles made near it: far fewer
 * flips and cache misses than a radial sweep (s-hull, Sinclair 2010, which
 * orogen used up to output version 3 of the island).
 *
 * The half-edge formulation is delaunator's. Every orientation and
 * in-circle decision is exact (predicates.c: the floating-point filters
 * inlined, decided first by a static bound from the bounding box, then by
 * Shewchuk's dynamic bound, the adaptive predicate last), so the result is
 * an exact Delaunay triangulation of all distinct input points, and any
 * insertion order gives a right one; the order only makes it fast. */
#include "config.h"

#include "core/geom/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/predicates.h"
#include "core/geom/delaunay_internal.h"

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

/* The triangulation. want_centers: fill d->centers. lorder, lpts: if not NULL,
 * leave the result in local ids and hand over the order and the local
 * points (delaunay_build_local). */
static enum og_status
dl_build_unscaled(struct delaunay *d, const double *xy, size_t n, int want_centers, int32_t **lorder,
         double **lpts, struct og_error *err)
{
    struct dl s;
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    double ux, uy, box[4];
    size_t i, i1 = SIZE_MAX, i2 = SIZE_MAX, k, maxtri, rounds;
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

    /* Renumber the points along a Hilbert curve over their bounding box
     * (local ids). The keys and the sort's scratch live in the triangle
     * arrays (24n bytes each, at least the 8n of the keys), which the
     * insertion overwrites afterwards: fewer fresh pages to fault in. */
    maxtri = n >= 3 ? 2 * n - 5 : 1;
    {
        size_t tbytes = 3 * maxtri * sizeof *s.tri;
        tbytes = tbytes > n * sizeof(uint64_t) ? tbytes : n * sizeof(uint64_t);
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
    box[0] = minx;
    box[1] = miny;
    box[2] = maxx;
    box[3] = maxy;
    dl_hilbert_order(xy, n, box, (uint64_t *)(void *)s.tri, (uint64_t *)(void *)s.half, order,
                     pts);
    s.p = pts;
    s.n = n;
    rounds = dl_round_count(n);

    /* Seed triangle: local point 0, the first point of the first round
     * (every 2^rounds-th) apart from it and the first one off their line;
     * any point of the set if the first round has none. */
    {
        size_t step = (size_t)1 << rounds, pass;
        for (pass = 0; pass < 2 && i2 == SIZE_MAX; pass++) {
            size_t inc = pass == 0 ? step : 1;
            i1 = SIZE_MAX;
            for (i = inc; i < n && i2 == SIZE_MAX; i += inc) {
                if (i1 == SIZE_MAX) {
                    if (pts[2 * i] != pts[0] || pts[2 * i + 1] != pts[1]) {
                        i1 = i;
                    }
                } else if (predicates_orient2d(pts, pts + 2 * i1, pts + 2 * i) != 0.0) {
                    i2 = i;
                }
            }
        }
    }
    if (i2 == SIZE_MAX) {
        free(order);
        free(pts);
        free(s.tri);
        free(s.half);
        dl_free(&s);
        st = dl_collinear(d, xy, n, err);
        if (st == OG_OK && lorder != NULL && dl_identity(xy, n, lorder, lpts) != OG_OK) {
            delaunay_fini(d);
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
        }
        return st;
    }
    /* Our triangles are clockwise in the y-up sense (counter-clockwise with
     * y down). */
    if (predicates_orient2d(pts, pts + 2 * i1, pts + 2 * i2) > 0.0) {
        size_t t = i1;
        i1 = i2;
        i2 = t;
    }
    s.incircle_static = dl_incircle_static_bound(maxx - minx, maxy - miny);
    s.stack_cap = 256;
    if ((s.stack = malloc(s.stack_cap * sizeof *s.stack)) == NULL) {
        st = OG_ENOMEM;
        goto fail;
    }
    for (k = 0; k < n; k++) {
        s.hnext[k] = -1;
    }
    {
        int32_t a0 = 0, a1 = (int32_t)i1, a2 = (int32_t)i2;
        dl_add(&s, a0, a1, a2);
        dl_link(&s, 0, -1);
        dl_link(&s, 1, -1);
        dl_link(&s, 2, -1);
        s.hnext[a0] = a1;
        s.hnext[a1] = a2;
        s.hnext[a2] = a0;
        s.hprev[a1] = a0;
        s.hprev[a2] = a1;
        s.hprev[a0] = a2;
        s.hull_start = a0;
    }

    /* Rounds: every 2^rounds-th point, then the odd multiples of each
     * smaller power of two, down to the odd ids. */
    {
        /* last: a triangle of the point inserted before (each walk
         * starts there) */
        int32_t last = 0;
        int j;

        for (j = (int)rounds; j >= 0; j--) {
            size_t step = (size_t)1 << j;
            size_t from = (size_t)j == rounds ? 0 : step, inc = (size_t)j == rounds ? step : 2 * step;
            for (k = from; k < n; k += inc) {
                int32_t dup;
                if (k == 0 || k == i1 || k == i2) {
                    continue;
                }
                if ((st = dl_insert_point(&s, (int32_t)k, &last, &dup, err)) != OG_OK) {
                    goto fail_err;
                }
                if (dup >= 0) {
                    /* Of exact duplicates the first in input order is
                     * the one used: swap the two local ids' input ids
                     * (same coordinates). */
                    d->nduplicates++;
                    if (order[k] < order[dup]) {
                        int32_t x = order[k];
                        order[k] = order[dup];
                        order[dup] = x;
                    }
                }
            }
        }
    }

    /* Triangles along the local order for Lloyd, which walks them in
     * memory order step after step (delaunay_build_local); the other
     * builds leave them in insertion order (the sort costs about a sixth
     * of a triangulation). */
    if (lorder != NULL && dl_sort_triangles(&s, n) != OG_OK) {
        st = OG_ENOMEM;
        goto fail;
    }
    /* Circumcentres while the points are still in local (Hilbert) order
     * (triangles made together share nearby points: far fewer cache misses
     * than in input order). */
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
    og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
fail_err:
    free(order);
    free(pts);
    free(s.tri);
    free(s.half);
    dl_free(&s);
    delaunay_fini(d);
    return st;
}

/* The scale window: points whose largest |coordinate| lies in
 * [2^-DL_SCALE_WINDOW, 2^DL_SCALE_WINDOW] are triangulated as they are;
 * others are first multiplied by a power of two (exact) that brings it
 * to [1, 2). */
#define DL_SCALE_WINDOW 32
/* The dynamic range: every non-zero |coordinate| must be at least the
 * largest times 2^-DL_SCALE_RANGE. The exact predicates form products of
 * four coordinate differences; every coordinate is then a multiple of
 * 2^(-32 - 180 - 52), so each product's lowest bit stays above 2^-1074 (no
 * underflow, Shewchuk's condition), and the largest below 2^140 (no
 * overflow). */
#define DL_SCALE_RANGE 180

/* The power of two to scale xy by (0: none), or OG_EINVAL naming the
 * range when the coordinates span more than the predicates can take.
 * Non-finite coordinates are left to dl_build_unscaled to report. */
static enum og_status
dl_scale(const double *xy, size_t n, int *k, struct og_error *err)
{
    double big = 0.0, small = INFINITY;
    size_t i;
    int e;

    *k = 0;
    for (i = 0; i < 2 * n; i++) {
        double a = fabs(xy[i]);
        if (!isfinite(a)) {
            return OG_OK;
        }
        big = a > big ? a : big;
        small = a > 0.0 && a < small ? a : small;
    }
    if (big == 0.0) {
        return OG_OK;
    }
    e = ilogb(big);
    if (small < ldexp(big, -DL_SCALE_RANGE)) {
        return og_error_set(err, OG_EINVAL, "delaunay: coordinates from %g to %g span more "
                            "than 2^%d, beyond exact predicates; round or translate the points",
                            small, big, DL_SCALE_RANGE);
    }
    if (e > DL_SCALE_WINDOW || e < -DL_SCALE_WINDOW) {
        *k = -e;
    }
    return OG_OK;
}

/* dl_build_unscaled on the points scaled into the predicates' range
 * (exactly, by a power of two), the centres and local points scaled back:
 * the result is that of exact arithmetic on the input as given (issue 28
 * item 12). */
static enum og_status
dl_build(struct delaunay *d, const double *xy, size_t n, int want_centers, int32_t **lorder,
         double **lpts, struct og_error *err)
{
    enum og_status st;
    double *sxy;
    size_t i;
    int k;

    if ((st = dl_scale(xy, n, &k, err)) != OG_OK) {
        memset(d, 0, sizeof *d);
        if (lorder != NULL) {
            *lorder = NULL;
            *lpts = NULL;
        }
        return st;
    }
    if (k == 0) {
        return dl_build_unscaled(d, xy, n, want_centers, lorder, lpts, err);
    }
    if ((sxy = malloc(2 * n * sizeof *sxy)) == NULL) {
        memset(d, 0, sizeof *d);
        return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
    }
    for (i = 0; i < 2 * n; i++) {
        sxy[i] = ldexp(xy[i], k);
    }
    st = dl_build_unscaled(d, sxy, n, want_centers, lorder, lpts, err);
    free(sxy);
    if (st != OG_OK) {
        return st;
    }
    if (d->centers != NULL) {
        for (i = 0; i < 2 * d->ntriangles; i++) {
            d->centers[i] = ldexp(d->centers[i], -k);
        }
    }
    if (lpts != NULL && *lpts != NULL) {
        for (i = 0; i < 2 * n; i++) {
            (*lpts)[i] = ldexp((*lpts)[i], -k);
        }
    }
    return OG_OK;
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
