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

/* The inlined predicate filters rely on separately rounded operations (see
 * predicates.c). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Hull edges tried from the hash entry before walking the triangles. */
#define DL_HULL_WALK 64

/* Work state of one triangulation; points use local (sorted) ids. */
struct dl {
    const double *p;    /* 2 * n local coordinates */
    size_t n;
    int32_t *tri;       /* half-edge -> start point */
    int32_t *half;      /* half-edge -> twin or -1 */
    int32_t nedges;     /* half-edges in use */
    int32_t *hnext;     /* hull successor (counter-clockwise, y down); hnext[p] == p: removed */
    int32_t *hprev;
    int32_t *hedge;     /* hull half-edge starting at p */
    int32_t *hash;      /* pseudo-angle bucket -> a (possibly stale) hull point */
    int32_t hash_size;
    int32_t *hkey;      /* point -> its bucket */
    double cx, cy;      /* hash centre */
    int32_t hull_start;
    int32_t *stack;     /* edges to legalise */
    size_t stack_cap;
};

static inline int32_t
dl_next(int32_t e)
{
    return (e % 3 == 2) ? e - 2 : e + 1;
}

static inline int32_t
dl_prev(int32_t e)
{
    return (e % 3 == 0) ? e + 2 : e - 1;
}

static inline const double *
dl_pt(const struct dl *s, int32_t i)
{
    return s->p + 2 * (size_t)i;
}

/* In-circle test of p1 against the circle through p0, pl, pr
 * (counter-clockwise, y up): the filter of predicates_incircle inlined,
 * which decides almost every call; the exact predicate otherwise. */
static inline int
dl_incircle_positive(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1];
    double bdx = b[0] - d[0], bdy = b[1] - d[1];
    double cdx = c[0] - d[0], cdy = c[1] - d[1];
    double bc = bdx * cdy, cb = cdx * bdy;
    double ca = cdx * ady, ac = adx * cdy;
    double ab = adx * bdy, ba = bdx * ady;
    double al = adx * adx + ady * ady;
    double bl = bdx * bdx + bdy * bdy;
    double cl = cdx * cdx + cdy * cdy;
    double det = al * (bc - cb) + bl * (ca - ac) + cl * (ab - ba);
    double perm = (fabs(bc) + fabs(cb)) * al + (fabs(ca) + fabs(ac)) * bl +
                  (fabs(ab) + fabs(ba)) * cl;
    double bound = PREDICATES_INCIRCLE_BOUND * perm;

    if (det > bound) {
        return 1;
    }
    if (-det > bound) {
        return 0;
    }
    return predicates_incircle(a, b, c, d) > 0.0;
}

/* orient2d(a, b, c) > 0, filter inlined as above. */
static inline int
dl_orient_positive(const double *a, const double *b, const double *c)
{
    double left = (a[0] - c[0]) * (b[1] - c[1]);
    double right = (a[1] - c[1]) * (b[0] - c[0]);
    double det = left - right;
    double bound = PREDICATES_ORIENT2D_BOUND * (fabs(left) + fabs(right));

    if (det > bound) {
        return 1;
    }
    if (-det > bound) {
        return 0;
    }
    return predicates_orient2d(a, b, c) > 0.0;
}

/* Make e's twin f (f may be -1: e is then the hull edge from tri[e]). */
static inline void
dl_link(struct dl *s, int32_t e, int32_t f)
{
    s->half[e] = f;
    if (f >= 0) {
        s->half[f] = e;
    } else {
        s->hedge[s->tri[e]] = e;
    }
}

/* Append triangle (a, b, c) and return its first half-edge; twins unset. */
static inline int32_t
dl_add(struct dl *s, int32_t a, int32_t b, int32_t c)
{
    int32_t t = s->nedges;

    s->tri[t] = a;
    s->tri[t + 1] = b;
    s->tri[t + 2] = c;
    s->nedges += 3;
    return t;
}

/* Bucket of (x, y) by the pseudo-angle around the hash centre: a monotone
 * function of the angle in [0, 1) that needs no trigonometry. */
static inline int32_t
dl_hash_key(const struct dl *s, double x, double y)
{
    double dx = x - s->cx, dy = y - s->cy;
    double den = fabs(dx) + fabs(dy);
    double q = den > 0.0 ? dx / den : 0.0;
    double a = (dy > 0.0 ? 3.0 - q : 1.0 + q) / 4.0;
    int32_t k = (int32_t)(a * (double)s->hash_size); /* a >= 0: truncation is floor */

    return k < s->hash_size ? k : s->hash_size - 1;
}

/* Record hull point i in its bucket (its key was computed on arrival). */
static inline void
dl_hash_put(struct dl *s, int32_t i)
{
    s->hash[s->hkey[i]] = i;
}

static enum og_status
dl_grow_stack(struct dl *s)
{
    size_t cap = s->stack_cap * 2;
    int32_t *ns = realloc(s->stack, cap * sizeof *ns);

    if (ns == NULL) {
        return OG_ENOMEM;
    }
    s->stack = ns;
    s->stack_cap = cap;
    return OG_OK;
}

/* Restore the Delaunay property after an insertion: every edge examined is
 * opposite the new point p0 in its triangle; flip it while the point on the
 * other side lies strictly inside the circumcircle (Lawson), then examine
 * the two edges that the flip puts opposite p0 (one now, one stacked). */
static enum og_status
dl_legalize(struct dl *s, int32_t a)
{
    static const int32_t next_off[3] = {1, 1, -2}, prev_off[3] = {2, -1, -1};
    int32_t *tri = s->tri, *half = s->half;
    int32_t p0 = tri[a + prev_off[a % 3]];
    const double *pc = dl_pt(s, p0);
    size_t top = 0;

    for (;;) {
        int32_t b = half[a];
        int32_t ra, rb, al, ar, bl, br, pr, pl, p1, hbl, har;

        if (b >= 0) {
            ra = a % 3;
            rb = b % 3;
            al = a + next_off[ra];
            ar = a + prev_off[ra];
            bl = b + prev_off[rb];
            br = b + next_off[rb];
            pr = tri[a];
            pl = tri[al];
            p1 = tri[bl];
            /* (p0, pl, pr) is counter-clockwise in the y-up sense. */
            if (dl_incircle_positive(pc, dl_pt(s, pl), dl_pt(s, pr), dl_pt(s, p1))) {
                /* Flip: A = (pr, pl, p0) and B = (pl, pr, p1) become
                 * A' = (p1, pl, p0) in A's slot and B' = (p0, pr, p1) in
                 * B's; a (p1 -> pl) and br (pr -> p1) face p0 now. */
                hbl = half[bl];
                har = half[ar];
                tri[a] = p1;
                tri[b] = p0;
                dl_link(s, a, hbl);
                dl_link(s, b, har);
                dl_link(s, ar, bl);
                if (top == s->stack_cap && dl_grow_stack(s) != OG_OK) {
                    return OG_ENOMEM;
                }
                s->stack[top++] = br;
                continue;
            }
        }
        if (top == 0) {
            return OG_OK;
        }
        a = s->stack[--top];
    }
}

/* Is hull edge e -> hnext[e] visible from q (q strictly outside it)? */
static inline int
dl_visible(const struct dl *s, int32_t e, const double *q)
{
    return dl_orient_positive(dl_pt(s, e), dl_pt(s, s->hnext[e]), q);
}

/* Find the triangle containing q (closed), starting from triangle t, by a
 * visibility walk (which terminates on a Delaunay triangulation); falls back
 * to a scan should the walk ever exceed the triangle count. Returns the
 * triangle and the orientation of q against its three edges; or -1 with
 * *outside set to a hull half-edge that q lies strictly outside of, if the
 * walk meets one; or -1 with *outside = -1 if q is in no triangle. */
static int32_t
dl_locate(const struct dl *s, int32_t t, const double *q, double o[3], int32_t *outside)
{
    int32_t ntri = s->nedges / 3;
    int32_t steps = 0, from = -1;

    *outside = -1;
    while (steps++ <= ntri + 2) {
        int32_t k, moved = 0;
        for (k = 0; k < 3; k++) {
            int32_t e = 3 * t + k;
            o[k] = predicates_orient2d(dl_pt(s, s->tri[e]), dl_pt(s, s->tri[dl_next(e)]), q);
            if (o[k] > 0.0 && s->half[e] < 0) {
                *outside = e;
                return -1;
            }
            if (o[k] > 0.0 && s->half[e] / 3 != from) {
                from = t;
                t = s->half[e] / 3;
                moved = 1;
                break;
            }
        }
        if (!moved) {
            if (o[0] <= 0.0 && o[1] <= 0.0 && o[2] <= 0.0) {
                return t;
            }
            /* Only the edge we came through points outward: go back. */
            for (k = 0; k < 3; k++) {
                int32_t e = 3 * t + k;
                if (o[k] > 0.0 && s->half[e] >= 0) {
                    from = t;
                    t = s->half[e] / 3;
                    break;
                }
            }
            if (k == 3) {
                break;
            }
        }
    }
    for (t = 0; t < ntri; t++) {
        int32_t k;
        for (k = 0; k < 3; k++) {
            int32_t e = 3 * t + k;
            o[k] = predicates_orient2d(dl_pt(s, s->tri[e]), dl_pt(s, s->tri[dl_next(e)]), q);
            if (o[k] > 0.0) {
                break;
            }
        }
        if (k == 3) {
            return t;
        }
    }
    return -1;
}

/* Insert point i, which lies in the closed triangle t (o: its orientation
 * against t's edges), by splitting t or the edge it lies on, then legalise.
 * If i coincides with a vertex nothing changes and *dup is set. Returns
 * OG_OK or OG_ENOMEM (legalisation stack). */
static enum og_status
dl_insert_inside(struct dl *s, int32_t i, int32_t t, const double o[3], int *dup)
{
    int32_t e0 = 3 * t, k, zero = -1, nzero = 0;

    *dup = 0;
    for (k = 0; k < 3; k++) {
        if (o[k] == 0.0) {
            zero = e0 + k;
            nzero++;
        }
    }
    if (nzero >= 2) {
        *dup = 1;
        return OG_OK;
    }
    if (nzero == 0) {
        /* (a, b, c) becomes (a, b, i) in place, plus (b, c, i), (c, a, i). */
        int32_t a = s->tri[e0], b = s->tri[e0 + 1], c = s->tri[e0 + 2];
        int32_t h0 = s->half[e0], h1 = s->half[e0 + 1], h2 = s->half[e0 + 2];
        int32_t u, v;

        s->tri[e0 + 2] = i;
        u = dl_add(s, b, c, i);
        v = dl_add(s, c, a, i);
        dl_link(s, e0 + 1, u + 2);
        dl_link(s, u + 1, v + 2);
        dl_link(s, v + 1, e0 + 2);
        dl_link(s, e0, h0);
        dl_link(s, u, h1);
        dl_link(s, v, h2);
        if (dl_legalize(s, e0) != OG_OK || dl_legalize(s, u) != OG_OK ||
            dl_legalize(s, v) != OG_OK) {
            return OG_ENOMEM;
        }
        return OG_OK;
    }
    {
        /* i lies on edge zero: a -> b of triangle (a, b, c). */
        int32_t e = zero, en = dl_next(e), ep = dl_prev(e);
        int32_t a = s->tri[e], b = s->tri[en], c = s->tri[ep];
        int32_t hn = s->half[en], hp = s->half[ep], f = s->half[e];
        int32_t u;

        /* Reuse t as (a, i, c); new u = (i, b, c). */
        e0 = 3 * t;
        s->tri[e0] = a;
        s->tri[e0 + 1] = i;
        s->tri[e0 + 2] = c;
        u = dl_add(s, i, b, c);
        dl_link(s, e0 + 1, u + 2); /* i->c with c->i */
        dl_link(s, e0 + 2, hp);    /* c->a */
        dl_link(s, u + 1, hn);     /* b->c */
        if (f < 0) {
            dl_link(s, e0, -1); /* a->i on the hull */
            dl_link(s, u, -1);  /* i->b on the hull */
            s->hnext[a] = i;
            s->hprev[i] = a;
            s->hnext[i] = b;
            s->hprev[b] = i;
            dl_hash_put(s, i);
        } else {
            /* Twin triangle (b, a, d) becomes (b, i, d) and new w = (i, a, d). */
            int32_t g0 = 3 * (f / 3);
            int32_t fn = dl_next(f), fp = dl_prev(f);
            int32_t d = s->tri[fp];
            int32_t gn = s->half[fn], gp = s->half[fp];
            int32_t w;

            s->tri[g0] = b;
            s->tri[g0 + 1] = i;
            s->tri[g0 + 2] = d;
            w = dl_add(s, i, a, d);
            dl_link(s, g0 + 1, w + 2); /* i->d with d->i */
            dl_link(s, g0 + 2, gp);    /* d->b */
            dl_link(s, w + 1, gn);     /* a->d */
            dl_link(s, g0, u);         /* b->i with i->b */
            dl_link(s, w, e0);         /* i->a with a->i */
            if (dl_legalize(s, g0 + 2) != OG_OK || dl_legalize(s, w + 1) != OG_OK) {
                return OG_ENOMEM;
            }
        }
        if (dl_legalize(s, e0 + 2) != OG_OK || dl_legalize(s, u + 1) != OG_OK) {
            return OG_ENOMEM;
        }
        return OG_OK;
    }
}

/* Circumradius squared of a, b, c (inf or NaN when degenerate), and the
 * circumcentre relative to a in (*ux, *uy). */
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

/* Stable LSD radix sort of 64-bit items on their upper 32 bits. */
static void
dl_radix_sort(uint64_t *v, uint64_t *tmp, size_t n)
{
    static const int shifts[3] = {32, 43, 54};
    static const int bits[3] = {11, 11, 10};
    size_t count[2048];
    int pass;

    for (pass = 0; pass < 3; pass++) {
        size_t nb = (size_t)1 << bits[pass], i, sum = 0;
        uint64_t mask = nb - 1;
        int sh = shifts[pass];
        uint64_t *src = (pass % 2 == 0) ? v : tmp;
        uint64_t *dst = (pass % 2 == 0) ? tmp : v;

        memset(count, 0, nb * sizeof count[0]);
        for (i = 0; i < n; i++) {
            count[(src[i] >> sh) & mask]++;
        }
        for (i = 0; i < nb; i++) {
            size_t c = count[i];
            count[i] = sum;
            sum += c;
        }
        for (i = 0; i < n; i++) {
            dst[count[(src[i] >> sh) & mask]++] = src[i];
        }
    }
    /* Three passes leave the result in tmp. */
    memcpy(v, tmp, n * sizeof *v);
}

/* Fewer than three non-collinear points: no triangles; the hull lists the
 * distinct points sorted along their line. */
static enum og_status
dl_collinear(struct delaunay *d, const double *xy, size_t n, struct og_error *err)
{
    size_t *idx = malloc(n * sizeof *idx);
    size_t i, k = 0;

    if (idx == NULL || (d->hull = malloc(n * sizeof *d->hull)) == NULL) {
        free(idx);
        return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
    }
    for (i = 0; i < n; i++) {
        idx[i] = i;
    }
    {
        /* Stable bottom-up merge sort on (x, y): ties keep input order, so
         * the first of a run of duplicates is the one kept. */
        size_t *tmp = malloc(n * sizeof *tmp);
        size_t width;
        if (tmp == NULL) {
            free(idx);
            free(d->hull);
            d->hull = NULL;
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for %zu points", n);
        }
        for (width = 1; width < n; width *= 2) {
            size_t lo;
            for (lo = 0; lo < n; lo += 2 * width) {
                size_t mid = lo + width < n ? lo + width : n;
                size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
                size_t p = lo, q = mid, o = lo;
                while (p < mid || q < hi) {
                    int takep;
                    if (q >= hi) {
                        takep = 1;
                    } else if (p >= mid) {
                        takep = 0;
                    } else {
                        const double *u = xy + 2 * idx[p], *v = xy + 2 * idx[q];
                        takep = u[0] < v[0] || (u[0] == v[0] && u[1] <= v[1]);
                    }
                    tmp[o++] = takep ? idx[p++] : idx[q++];
                }
            }
            memcpy(idx, tmp, n * sizeof *idx);
        }
        free(tmp);
    }
    for (i = 0; i < n; i++) {
        const double *p = xy + 2 * idx[i];
        if (k > 0) {
            const double *q = xy + 2 * (size_t)d->hull[k - 1];
            if (p[0] == q[0] && p[1] == q[1]) {
                d->nduplicates++;
                continue;
            }
        }
        d->hull[k++] = (int32_t)idx[i];
    }
    d->nhull = k;
    free(idx);
    return OG_OK;
}

static void
dl_free(struct dl *s)
{
    free(s->hnext);
    free(s->hprev);
    free(s->hedge);
    free(s->hash);
    free(s->hkey);
    free(s->stack);
}

static enum og_status
dl_build(struct delaunay *d, const double *xy, size_t n, int want_centers, struct og_error *err)
{
    struct dl s;
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    double mx, my, best, ccx, ccy, ux, uy, dmax, dmin, scale;
    size_t i, i0 = 0, i1 = SIZE_MAX, i2 = SIZE_MAX, k, m, maxtri;
    uint64_t *keys = NULL, *tmp = NULL;
    int32_t *order = NULL;
    double *pts = NULL;
    enum og_status st = OG_OK;

    memset(d, 0, sizeof *d);
    memset(&s, 0, sizeof s);
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
        return dl_collinear(d, xy, n, err);
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
     * that the stable radix sort keeps ties in input order. */
    maxtri = 2 * n - 5;
    if ((keys = malloc(n * sizeof *keys)) == NULL || (tmp = malloc(n * sizeof *tmp)) == NULL ||
        (order = malloc(n * sizeof *order)) == NULL ||
        (pts = malloc(2 * n * sizeof *pts)) == NULL ||
        (s.tri = malloc(3 * maxtri * sizeof *s.tri)) == NULL ||
        (s.half = malloc(3 * maxtri * sizeof *s.half)) == NULL ||
        (s.hnext = malloc(n * sizeof *s.hnext)) == NULL ||
        (s.hprev = malloc(n * sizeof *s.hprev)) == NULL ||
        (s.hedge = malloc(n * sizeof *s.hedge)) == NULL) {
        st = OG_ENOMEM;
        goto fail;
    }
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
    dl_radix_sort(keys, tmp, m);
    free(tmp);
    tmp = NULL;
    order[0] = (int32_t)i0;
    order[1] = (int32_t)i1;
    order[2] = (int32_t)i2;
    for (k = 0; k < m; k++) {
        order[3 + k] = (int32_t)(keys[k] & 0xffffffffu);
    }
    free(keys);
    keys = NULL;
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
        (s.hkey = malloc(n * sizeof *s.hkey)) == NULL ||
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
        s.hkey[k] = dl_hash_key(&s, pts[2 * k], pts[2 * k + 1]);
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
        s.hkey[p] = key;
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

    /* Back to input ids. */
    for (k = 0; k < (size_t)s.nedges; k++) {
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
            s.hprev[nh++] = order[h]; /* reuse hprev as output scratch */
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
    free(order);
    free(pts);
    dl_free(&s);
    return OG_OK;

fail:
    og_error_set(err, st, "delaunay: out of memory for %zu points", n);
fail_err:
    free(keys);
    free(tmp);
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
    return dl_build(d, xy, n, 0, err);
}

enum og_status
delaunay_build_centers(struct delaunay *d, const double *xy, size_t n, struct og_error *err)
{
    return dl_build(d, xy, n, 1, err);
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
