/* delaunay_brio: the insertion order and the incremental insertion of
 * delaunay.c (see its header comment): points renumbered along a Hilbert
 * curve, inserted in rounds (a biased randomized insertion order in the
 * manner of N. Amenta, S. Choi and G. Rote, "Incremental constructions con
 * BRIO", 2003, with the curve in place of the random sample, as CGAL's
 * spatial sort does), each located by a visibility walk from the triangle
 * of the point before it. */
#include "config.h"

#include "core/geom/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay_internal.h"
#include "core/geom/predicates.h"

/* Hilbert curve indices of the cells of a 2^16 x 2^16 grid, four levels
 * a table lookup. One level of the classic xy-to-d conversion takes the
 * quadrant bits (rx, ry) in the current frame, emits the digit
 * (3 rx) ^ ry and, when ry = 0, swaps the axes of the lower bits (and
 * complements them first when rx = 1). The frame is one of four (bit 0:
 * axes swapped, bit 1: complemented; the two commute), so a level is a
 * state machine: dl_hilbert_table fills tab[frame << 8 | x4 << 4 | y4]
 * with the four digits of four levels of x and y bits (x4, y4), and the
 * frame after them in bits 8-9. */
void
dl_hilbert_table(uint16_t tab[1024])
{
    uint32_t f0, x4, y4;

    for (f0 = 0; f0 < 4; f0++) {
        for (x4 = 0; x4 < 16; x4++) {
            for (y4 = 0; y4 < 16; y4++) {
                uint32_t f = f0, d = 0;
                int lev;
                for (lev = 3; lev >= 0; lev--) {
                    uint32_t rx = (x4 >> lev) & 1u, ry = (y4 >> lev) & 1u, t;
                    if (f & 2u) {
                        rx ^= 1u;
                        ry ^= 1u;
                    }
                    if (f & 1u) {
                        t = rx;
                        rx = ry;
                        ry = t;
                    }
                    d = (d << 2) | ((3u * rx) ^ ry);
                    if (ry == 0) {
                        f ^= rx == 1 ? 3u : 1u;
                    }
                }
                tab[f0 << 8 | x4 << 4 | y4] = (uint16_t)(d | f << 8);
            }
        }
    }
}

uint32_t
dl_hilbert(const uint16_t tab[1024], uint32_t x, uint32_t y)
{
    uint32_t d = 0, f = 0;
    int sh;

    for (sh = 12; sh >= 0; sh -= 4) {
        uint32_t v = tab[f << 8 | ((x >> sh) & 15u) << 4 | ((y >> sh) & 15u)];
        d = (d << 8) | (v & 255u);
        f = v >> 8;
    }
    return d;
}

void
dl_hilbert_order(const double *xy, size_t n, const double box[4], uint64_t *keys,
                 uint64_t *tmp, int32_t *order, double *pts)
{
    double w = box[2] - box[0], h = box[3] - box[1];
    double sx = w > 0.0 ? 65536.0 / w : 0.0, sy = h > 0.0 ? 65536.0 / h : 0.0;
    const uint64_t *sorted;
    uint16_t tab[1024];
    size_t i, k;

    dl_hilbert_table(tab);
    for (i = 0; i < n; i++) {
        double fx = (xy[2 * i] - box[0]) * sx, fy = (xy[2 * i + 1] - box[1]) * sy;
        uint32_t qx = fx < 65535.0 ? (uint32_t)fx : 65535u;
        uint32_t qy = fy < 65535.0 ? (uint32_t)fy : 65535u;
        keys[i] = ((uint64_t)dl_hilbert(tab, qx, qy) << 32) | (uint64_t)i;
    }
    sorted = dl_radix_sort(keys, tmp, n);
    for (k = 0; k < n; k++) {
        size_t j = (size_t)(sorted[k] & 0xffffffffu);
        order[k] = (int32_t)j;
        pts[2 * k] = xy[2 * j];
        pts[2 * k + 1] = xy[2 * j + 1];
    }
}

size_t
dl_round_count(size_t n)
{
    size_t r = 0;

    while ((n >> r) > 64) {
        r++;
    }
    return r;
}

/* orient2d(a, b, c) with an exact sign: the filter inlined, the exact
 * predicate when it cannot decide. */
static inline double
dl_orient(const double *a, const double *b, const double *c)
{
    double left = (a[0] - c[0]) * (b[1] - c[1]);
    double right = (a[1] - c[1]) * (b[0] - c[0]);
    double det = left - right;
    double bound = PREDICATES_ORIENT2D_BOUND * (fabs(left) + fabs(right));

    if (det > bound || -det > bound) {
        return det;
    }
    return predicates_orient2d(a, b, c);
}

/* The visibility walk: from triangle t, cross an edge that has q strictly
 * on its far side, never the one just crossed; this ends on a Delaunay
 * triangulation (Edelsbrunner). Returns the triangle holding q (closed)
 * with q's orientations against its edges in o (exact signs, exact zeros);
 * or -1 with *outside the hull half-edge that q is strictly outside of;
 * or -1 with *outside = -1 after more steps than triangles (the caller
 * falls back to dl_locate). */
static int32_t
dl_walk(const struct dl *s, int32_t t, const double *q, double o[3], int32_t *outside)
{
    const int32_t *tri = s->tri, *half = s->half;
    const double *p = s->p;
    int32_t limit = s->nedges / 3 + 2, steps, e, f, k;
    double v;

    *outside = -1;
    /* the first triangle: all three edges */
    for (k = 0; k < 3; k++) {
        e = 3 * t + k;
        v = dl_orient(p + 2 * (size_t)tri[e], p + 2 * (size_t)tri[k == 2 ? 3 * t : e + 1], q);
        o[k] = v;
        if (v > 0.0) {
            break;
        }
    }
    if (k == 3) {
        return t;
    }
    for (steps = 0; steps <= limit; steps++) {
        /* cross e (q beyond it) into f's triangle; then try the two edges
         * after f, whose corners are f+1 -> f+2 -> f */
        uint32_t tf, rf;
        int32_t e1, e2, a, b, c;
        double v1, v2;

        f = half[e];
        if (f < 0) {
            *outside = e;
            return -1;
        }
        tf = (uint32_t)f / 3u * 3u;
        rf = (uint32_t)f - tf;
        e1 = (int32_t)(rf == 2 ? tf : (uint32_t)f + 1);
        e2 = (int32_t)(rf == 0 ? tf + 2 : (uint32_t)f - 1);
        a = tri[f];
        b = tri[e1];
        c = tri[e2];
        v1 = dl_orient(p + 2 * (size_t)b, p + 2 * (size_t)c, q);
        if (v1 > 0.0) {
            e = e1;
            v = v1;
            continue;
        }
        v2 = dl_orient(p + 2 * (size_t)c, p + 2 * (size_t)a, q);
        if (v2 > 0.0) {
            e = e2;
            v = v2;
            continue;
        }
        o[rf] = -v;
        o[(uint32_t)e1 - tf] = v1;
        o[(uint32_t)e2 - tf] = v2;
        return (int32_t)(tf / 3u);
    }
    return -1;
}

enum og_status
dl_insert_point(struct dl *s, int32_t p, int32_t *last, int32_t *dup, struct og_error *err)
{
    const double *pp = dl_pt(s, p);
    double o[3];
    int32_t out, e, q, t, nn, he;

    *dup = -1;
    t = dl_walk(s, *last, pp, o, &out);
    if (t < 0 && out < 0) {
        t = dl_locate(s, *last, pp, o, &out);
    }
    if (t >= 0) {
        int same;
        if (dl_insert_inside(s, p, t, o, &same) != OG_OK) {
            return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for the flips");
        }
        if (same) {
            /* p coincides with a corner of t (two zero orientations) */
            int k;
            for (k = 0; k < 3; k++) {
                const double *c = dl_pt(s, s->tri[3 * t + k]);
                if (c[0] == pp[0] && c[1] == pp[1]) {
                    *dup = s->tri[3 * t + k];
                }
            }
        }
        *last = t;
        return OG_OK;
    }
    if (out < 0) {
        return og_error_set(err, OG_EINVAL, "delaunay: could not locate a point");
    }
    /* Outside the hull edge out: fan p to the chain of visible hull edges
     * around it (both directions), legalising each new triangle. */
    e = s->tri[out];
    q = s->hnext[e];
    he = s->hedge[e];
    t = dl_add(s, e, p, q);
    dl_link(s, t + 2, he);
    dl_link(s, t, -1);
    dl_link(s, t + 1, -1);
    *last = t / 3;
    if (dl_legalize(s, t + 2) != OG_OK) {
        goto nomem;
    }
    nn = q;
    while (dl_visible(s, nn, pp)) {
        q = s->hnext[nn];
        t = dl_add(s, nn, p, q);
        dl_link(s, t, s->hedge[p]);
        dl_link(s, t + 1, -1);
        dl_link(s, t + 2, s->hedge[nn]);
        if (dl_legalize(s, t + 2) != OG_OK) {
            goto nomem;
        }
        s->hnext[nn] = nn;
        nn = q;
    }
    for (;;) {
        int32_t q0 = s->hprev[e];
        if (!dl_visible(s, q0, pp)) {
            break;
        }
        he = s->hedge[q0];
        t = dl_add(s, q0, p, e);
        dl_link(s, t + 1, s->hedge[e]);
        dl_link(s, t + 2, he);
        dl_link(s, t, -1);
        if (dl_legalize(s, t + 2) != OG_OK) {
            goto nomem;
        }
        s->hnext[e] = e;
        e = q0;
    }
    s->hprev[p] = e;
    s->hnext[e] = p;
    s->hnext[p] = nn;
    s->hprev[nn] = p;
    s->hull_start = e;
    return OG_OK;
nomem:
    return og_error_set(err, OG_ENOMEM, "delaunay: out of memory for the flips");
}
