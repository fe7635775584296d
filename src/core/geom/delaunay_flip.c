/* delaunay_flip: Lawson flips, visibility-walk point location and insertion
 * inside the current triangulation, for the insertion in delaunay.c and
 * delaunay_brio.c (see delaunay.c's header comment for the method). */
#include "config.h"

#include "core/geom/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay_internal.h"
#include "core/geom/predicates.h"

enum og_status
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
 * the two edges that the flip puts opposite p0 (one now, one stacked).
 * Edges a, then b and c (if >= 0), start it.
 * Half-edge ids are non-negative, so the triangle of e is computed in
 * unsigned arithmetic (a multiply and a shift, not a signed division). */
static enum og_status
dl_lawson(struct dl *s, int32_t a, int32_t b0, int32_t c0)
{
    int32_t *tri = s->tri, *half = s->half, *hedge = s->hedge;
    const double *p = s->p;
    const double sb = s->incircle_static;
    int32_t *stack = s->stack;
    uint32_t ta = (uint32_t)a / 3u * 3u;
    int32_t p0 = tri[(uint32_t)a == ta ? ta + 2 : (uint32_t)a - 1];
    const double *pc = p + 2 * (size_t)p0;
    size_t top = 0;

    if (b0 >= 0) {
        stack[top++] = b0;
    }
    if (c0 >= 0) {
        stack[top++] = c0;
    }
    for (;;) {
        int32_t b = half[a];

        if (b >= 0) {
            uint32_t tb = (uint32_t)b / 3u * 3u;
            int32_t al, ar, bl, br, pr, pl, p1, hbl, har;

            ta = (uint32_t)a / 3u * 3u;
            al = (uint32_t)a == ta + 2 ? (int32_t)ta : a + 1;
            ar = (uint32_t)a == ta ? (int32_t)ta + 2 : a - 1;
            bl = (uint32_t)b == tb ? (int32_t)tb + 2 : b - 1;
            br = (uint32_t)b == tb + 2 ? (int32_t)tb : b + 1;
            pr = tri[a];
            pl = tri[al];
            p1 = tri[bl];
            /* (p0, pl, pr) is counter-clockwise in the y-up sense. */
            if (dl_incircle_positive_static(pc, p + 2 * (size_t)pl, p + 2 * (size_t)pr,
                                            p + 2 * (size_t)p1, sb)) {
                /* Flip: A = (pr, pl, p0) and B = (pl, pr, p1) become
                 * A' = (p1, pl, p0) in A's slot and B' = (p0, pr, p1) in
                 * B's; a (p1 -> pl) and br (pr -> p1) face p0 now. */
                hbl = half[bl];
                har = half[ar];
                tri[a] = p1;
                tri[b] = p0;
                half[a] = hbl;
                if (hbl >= 0) {
                    half[hbl] = a;
                } else {
                    hedge[p1] = a;
                }
                half[b] = har;
                if (har >= 0) {
                    half[har] = b;
                } else {
                    hedge[p0] = b;
                }
                half[ar] = bl;
                half[bl] = ar;
                if (top == s->stack_cap) {
                    if (dl_grow_stack(s) != OG_OK) {
                        return OG_ENOMEM;
                    }
                    stack = s->stack;
                }
                stack[top++] = br;
                continue;
            }
        }
        if (top == 0) {
            return OG_OK;
        }
        a = stack[--top];
    }
}

enum og_status
dl_legalize(struct dl *s, int32_t a)
{
    return dl_lawson(s, a, -1, -1);
}

/* Find the triangle containing q (closed), starting from triangle t, by a
 * visibility walk (which terminates on a Delaunay triangulation); falls back
 * to a scan should the walk ever exceed the triangle count. Returns the
 * triangle and the orientation of q against its three edges; or -1 with
 * *outside set to a hull half-edge that q lies strictly outside of, if the
 * walk meets one; or -1 with *outside = -1 if q is in no triangle. */
int32_t
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
enum og_status
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
        return dl_lawson(s, e0, u, v);
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
            if (dl_lawson(s, g0 + 2, w + 1, -1) != OG_OK) {
                return OG_ENOMEM;
            }
        }
        return dl_lawson(s, e0 + 2, u + 1, -1);
    }
}

/* Circumradius squared of a, b, c (inf or NaN when degenerate), and the
 * circumcentre relative to a in (*ux, *uy). */
