/* sphere_delaunay: incremental Delaunay triangulation on the unit sphere
 * (method in sphere_delaunay.h). */
#include "config.h"
#include "core/geom/sphere_delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay_internal.h"
#include "core/geom/predicates.h"

/* The inlined filter relies on separately rounded operations (see
 * predicates.c). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Work state of one triangulation. */
struct sdt {
    const double *p;    /* 3 * n coordinates */
    int32_t *tri;       /* half-edge -> start point */
    int32_t *he;        /* half-edge -> twin */
    int32_t nt;         /* triangles in use */
    int32_t *mark;      /* point -> the last insertion that joined it to its point */
    int32_t *tri_of;    /* point -> a triangle with it (kept through splits and flips) */
    int32_t *stack;     /* edges to test, each opposite the new point */
    size_t cap;
    double c[3];        /* cone apex: strictly inside every triangle's plane */
    uint32_t rnd;       /* xorshift state of the walk's first edge */
    size_t flips;
};

/* next and previous half-edge in a triangle by corner: e = 3t + k (the
 * signed e % 3 costs a multiply and a sign fix-up each time) */
static const int32_t sd_nx[3] = { 1, 2, 0 };
static const int32_t sd_pv[3] = { 2, 0, 1 };

static inline const double *
sd_pt(const struct sdt *s, int32_t i)
{
    return s->p + 3 * (size_t)i;
}

static inline void
sd_link(int32_t *he, int32_t a, int32_t b)
{
    he[a] = b;
    he[b] = a;
}

/* A static error bound of sd_orient3d's floating-point stage: every
 * coordinate is at most 1 + 1e-9 (points on the unit sphere within the
 * input check, the apex inside their hull), so each difference is at most
 * 2 + 2e-9 in size, the permanent at most 6 (2 + 2e-9)^3 < 48.0001, and
 * Shewchuk's bound PREDICATES_ORIENT3D_BOUND * permanent < 3.74e-14. */
#define SD_STATIC_BOUND 3.8e-14

/* predicates_orient3d's sign: the floating-point stage inline, decided by
 * the static bound when it can (nearly always), else by the dynamic
 * bound, and the exact predicate only when neither can decide. */
static inline double
sd_orient3d(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1], adz = a[2] - d[2];
    double bdx = b[0] - d[0], bdy = b[1] - d[1], bdz = b[2] - d[2];
    double cdx = c[0] - d[0], cdy = c[1] - d[1], cdz = c[2] - d[2];
    double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
    double cdxady = cdx * ady, adxcdy = adx * cdy;
    double adxbdy = adx * bdy, bdxady = bdx * ady;
    double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
    double perm, bound;

    if (det > SD_STATIC_BOUND || -det > SD_STATIC_BOUND) {
        return det;
    }
    perm = (fabs(bdxcdy) + fabs(cdxbdy)) * fabs(adz) + (fabs(cdxady) + fabs(adxcdy)) * fabs(bdz) +
           (fabs(adxbdy) + fabs(bdxady)) * fabs(cdz);
    bound = PREDICATES_ORIENT3D_BOUND * perm;
    if (det > bound || -det > bound) {
        return det;
    }
    return predicates_orient3d(a, b, c, d);
}

/* The triangle whose closed cone from the apex holds q, by a visibility
 * walk from triangle t: cross any edge whose plane through the apex has q
 * on the far side (never back through the entry edge), the first edge
 * tried chosen at random so that no cycle can last (Devillers, Pion and
 * Teillaud, "Walking in a triangulation", 2002). -1 after `limit` steps. */
static int32_t
sd_locate(struct sdt *s, const double *q, int32_t t, size_t limit)
{
    static const int32_t rot[3][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 } };
    int32_t entry = -1;
    size_t steps = 0;

    for (;;) {
        uint32_t x = s->rnd;
        const int32_t *r;
        int k;

        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        s->rnd = x;
        r = rot[x % 3];
        for (k = 0; k < 3; k++) {
            int32_t e = 3 * t + r[k];
            if (e == entry) {
                continue;
            }
            if (sd_orient3d(sd_pt(s, s->tri[e]), sd_pt(s, s->tri[3 * t + sd_nx[r[k]]]), q, s->c)
                < 0.0) {
                entry = s->he[e];
                t = (int32_t)((uint32_t)entry / 3u);
                break;
            }
        }
        if (k == 3) {
            return t;
        }
        if (++steps > limit) {
            return -1;
        }
    }
}

static int
sd_push(struct sdt *s, size_t *top, int32_t e)
{
    if (*top == s->cap) {
        size_t cap = 2 * s->cap;
        int32_t *st = realloc(s->stack, cap * sizeof *st);
        if (st == NULL) {
            return -1;
        }
        s->stack = st;
        s->cap = cap;
    }
    s->stack[(*top)++] = e;
    return 0;
}

/* Insert point i into triangle t, whose cone holds it, and flip the edges
 * opposite it until each passes the in-circle test. Returns 0, or -1 when
 * out of memory. */
static int
sd_insert(struct sdt *s, int32_t i, int32_t t)
{
    int32_t *tri = s->tri, *he = s->he;
    const double *q = sd_pt(s, i);
    int32_t a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
    int32_t t1 = s->nt, t2 = s->nt + 1;
    int32_t h1 = he[3 * t + 1], h2 = he[3 * t + 2];
    size_t top = 0;

    s->nt += 2;
    /* (a, b, c) -> (a, b, i), (b, c, i), (c, a, i) */
    tri[3 * t + 2] = i;
    tri[3 * t1] = b;
    tri[3 * t1 + 1] = c;
    tri[3 * t1 + 2] = i;
    tri[3 * t2] = c;
    tri[3 * t2 + 1] = a;
    tri[3 * t2 + 2] = i;
    sd_link(he, 3 * t1, h1);
    sd_link(he, 3 * t2, h2);
    sd_link(he, 3 * t + 1, 3 * t1 + 2);
    sd_link(he, 3 * t1 + 1, 3 * t2 + 2);
    sd_link(he, 3 * t2 + 1, 3 * t + 2);
    s->mark[a] = i;
    s->mark[b] = i;
    s->mark[c] = i;
    s->tri_of[a] = t;
    s->tri_of[b] = t;
    s->tri_of[c] = t1;
    s->tri_of[i] = t;
    s->stack[top++] = 3 * t;
    s->stack[top++] = 3 * t1;
    s->stack[top++] = 3 * t2;
    while (top > 0) {
        /* e: a -> b in (a, b, i); its twin f: b -> a in (b, a, d) */
        int32_t e = s->stack[--top], f = he[e];
        int32_t te = (int32_t)((uint32_t)e / 3u), tf = (int32_t)((uint32_t)f / 3u);
        int32_t e1 = 3 * te + sd_nx[e - 3 * te];
        int32_t f1 = 3 * tf + sd_nx[f - 3 * tf], f2 = 3 * tf + sd_pv[f - 3 * tf];
        int32_t d = tri[f2], hf1, he1;

        /* flip only when d lies strictly above the plane of (a, b, i):
         * ties keep the edge. A d already joined to i can only come from
         * points a rounding off the sphere (not in convex position); the
         * flip would repeat an edge, so the edge stays. */
        if (sd_orient3d(sd_pt(s, tri[e]), sd_pt(s, tri[e1]), q, sd_pt(s, d)) >= 0.0
            || s->mark[d] == i) {
            continue;
        }
        /* (a, b, i), (b, a, d) -> (a, d, i), (b, i, d) */
        hf1 = he[f1];
        he1 = he[e1];
        tri[e1] = d;
        tri[f1] = i;
        sd_link(he, e, hf1);
        sd_link(he, f, he1);
        sd_link(he, e1, f1);
        s->mark[d] = i;
        s->tri_of[tri[e]] = te;
        s->tri_of[tri[f]] = tf;
        s->flips++;
        if (sd_push(s, &top, e) != 0 || sd_push(s, &top, f2) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Index of the sampled point that maximises score (over every stride-th
 * point, then over all points if no sample scores above zero); -1 if none
 * does. */
enum sd_score { SD_FAR, SD_OFF_LINE, SD_OFF_PLANE };

static double
sd_score(const double *p, const int32_t *v, int32_t i, enum sd_score what)
{
    const double *q = p + 3 * (size_t)i, *a = p + 3 * (size_t)v[0];
    double u[3], w[3], x[3];
    int k;

    for (k = 0; k < 3; k++) {
        u[k] = q[k] - a[k];
    }
    if (what == SD_FAR) {
        return u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    }
    for (k = 0; k < 3; k++) {
        w[k] = p[3 * (size_t)v[1] + k] - a[k];
    }
    x[0] = w[1] * u[2] - w[2] * u[1];
    x[1] = w[2] * u[0] - w[0] * u[2];
    x[2] = w[0] * u[1] - w[1] * u[0];
    if (what == SD_OFF_LINE) {
        return x[0] * x[0] + x[1] * x[1] + x[2] * x[2];
    }
    /* exact sign of the volume, its floating-point size */
    if (predicates_orient3d(a, p + 3 * (size_t)v[1], p + 3 * (size_t)v[2], q) == 0.0) {
        return 0.0;
    }
    return fabs(x[0] * (p[3 * (size_t)v[2]] - a[0]) + x[1] * (p[3 * (size_t)v[2] + 1] - a[1]) +
                x[2] * (p[3 * (size_t)v[2] + 2] - a[2])) + 1e-300;
}

static int32_t
sd_pick(const double *p, size_t n, const int32_t *v, enum sd_score what)
{
    size_t stride = n / 1024 + 1, i, pass;
    int32_t best = -1;
    double top = 0.0;

    for (pass = 0; pass < 2 && best < 0; pass++) {
        size_t step = pass == 0 ? stride : 1;
        for (i = 0; i < n; i += step) {
            double sc = sd_score(p, v, (int32_t)i, what);
            if (sc > top) {
                top = sc;
                best = (int32_t)i;
            }
        }
    }
    return best;
}

/* The first tetrahedron: point 0, the sampled point farthest from it, the
 * one farthest from their line, the one farthest from their plane; its
 * four triangles outward, and the apex at its centroid. */
static enum og_status
sd_tetrahedron(struct sdt *s, size_t n, int32_t v[4], struct og_error *err)
{
    static const int faces[4][3] = { { 0, 1, 2 }, { 1, 3, 2 }, { 0, 2, 3 }, { 0, 3, 1 } };
    int32_t e, f;
    int k;

    v[0] = 0;
    if ((v[1] = sd_pick(s->p, n, v, SD_FAR)) < 0) {
        return og_error_set(err, OG_EINVAL, "spherical Delaunay: points 0 and 1 coincide");
    }
    if ((v[2] = sd_pick(s->p, n, v, SD_OFF_LINE)) < 0
        || (v[3] = sd_pick(s->p, n, v, SD_OFF_PLANE)) < 0) {
        return og_error_set(err, OG_EINVAL,
                            "spherical Delaunay: all %zu points lie on one circle", n);
    }
    if (predicates_orient3d(sd_pt(s, v[0]), sd_pt(s, v[1]), sd_pt(s, v[2]), sd_pt(s, v[3]))
        < 0.0) {
        int32_t x = v[1];
        v[1] = v[2];
        v[2] = x;
    }
    for (k = 0; k < 3; k++) {
        s->c[k] = ((sd_pt(s, v[0])[k] + sd_pt(s, v[1])[k]) + (sd_pt(s, v[2])[k] +
                                                              sd_pt(s, v[3])[k])) * 0.25;
    }
    for (f = 0; f < 4; f++) {
        for (k = 0; k < 3; k++) {
            s->tri[3 * f + k] = v[faces[f][k]];
        }
        if (predicates_orient3d(sd_pt(s, s->tri[3 * f]), sd_pt(s, s->tri[3 * f + 1]),
                                sd_pt(s, s->tri[3 * f + 2]), s->c) <= 0.0) {
            return og_error_set(err, OG_EINVAL,
                                "spherical Delaunay: the points lie too close to one circle");
        }
    }
    /* twins: the reverse edge among the twelve */
    for (e = 0; e < 12; e++) {
        for (f = 0; f < 12; f++) {
            if (s->tri[f] == s->tri[e - e % 3 + sd_nx[e % 3]]
                && s->tri[f - f % 3 + sd_nx[f % 3]] == s->tri[e]) {
                s->he[e] = f;
            }
        }
    }
    s->nt = 4;
    return OG_OK;
}

static inline int32_t
sd_min3(const int32_t *t)
{
    int32_t m = t[0] < t[1] ? t[0] : t[1];
    return m < t[2] ? m : t[2];
}

/* The triangles back in input ids (ord: local -> input) and renumbered by
 * their smallest point, in a stable counting sort: the insertion rounds
 * leave a point's triangles in as many places in memory as there were
 * rounds, and every pass over the fans afterwards (neighbour lists,
 * circumcentres) then reads them in the input's order. The twins follow.
 * No new big block: nid (nt entries) is the caller's scratch, the
 * triangles move into spare (3 nt entries, which *tri then is) and the
 * twins into the old triangle array (which *he then is; the old twin
 * array is freed). 0, or -1 when out of memory (nothing changed). */
static int
sd_renumber(int32_t **tri, int32_t **he, const int32_t *ord, size_t n, size_t nt,
            int32_t *spare, uint32_t *nid)
{
    int32_t *t0 = *tri, *h0 = *he;
    uint32_t *pos = calloc(n + 1, sizeof *pos);
    size_t t, i;

    if (pos == NULL) {
        return -1;
    }
    for (t = 0; t < nt; t++) {
        int32_t *c = &t0[3 * t];
        c[0] = ord[c[0]];
        c[1] = ord[c[1]];
        c[2] = ord[c[2]];
        pos[sd_min3(c) + 1]++;
    }
    for (i = 0; i < n; i++) {
        pos[i + 1] += pos[i];
    }
    for (t = 0; t < nt; t++) {
        nid[t] = pos[sd_min3(&t0[3 * t])]++;
    }
    free(pos);
    for (i = 0; i < 3 * nt; i++) {
        uint32_t h = (uint32_t)h0[i], th = h / 3u;
        h0[i] = (int32_t)(3 * nid[th] + (h - 3 * th));
    }
    for (t = 0; t < nt; t++) {
        memcpy(&spare[3 * (size_t)nid[t]], &t0[3 * t], 3 * sizeof *spare);
    }
    for (t = 0; t < nt; t++) {
        memcpy(&t0[3 * (size_t)nid[t]], &h0[3 * t], 3 * sizeof *t0);
    }
    free(h0);
    *tri = spare;
    *he = t0;
    return 0;
}

/* The insertion order: the four corners, then rounds over the input
 * order (every 2^rounds-th point, then the odd multiples of each smaller
 * power of two, down to the odd indices). ord: local id -> input id;
 * near[k]: the local id of a point already in when k goes in, its
 * predecessor on the input order at the round's step (-1 in the first
 * round), whose triangle starts k's walk. inv: scratch, n entries. */
static void
sd_order(int32_t *ord, int32_t *near, int32_t *inv, size_t n, const int32_t v[4])
{
    size_t i, k = 4;
    int j, rounds;

    memcpy(ord, v, 4 * sizeof *ord);
    for (k = 0; k < 4; k++) {
        near[k] = -1;
        inv[v[k]] = (int32_t)k;
    }
    for (rounds = 0; (n >> rounds) > 64; rounds++) {
    }
    for (j = rounds; j >= 0; j--) {
        size_t step = (size_t)1 << j;
        size_t from = j == rounds ? 0 : step, inc = j == rounds ? step : 2 * step;
        for (i = from; i < n; i += inc) {
            int32_t id = (int32_t)i;
            if (id != v[0] && id != v[1] && id != v[2] && id != v[3]) {
                near[k] = j == rounds ? -1 : inv[i - step];
                inv[i] = (int32_t)k;
                ord[k++] = id;
            }
        }
    }
}

enum og_status
sphere_delaunay(const double *xyz, size_t n, int32_t **triangles, int32_t **halfedges,
                size_t *ntriangles, size_t *nflips, struct og_error *err)
{
    struct sdt s;
    int32_t v[4], last = 0, *ord = NULL, *near = NULL, *tri_of;
    double *lp = NULL;
    size_t i, nt;
    enum og_status st = OG_OK;

    *triangles = NULL;
    if (halfedges != NULL) {
        *halfedges = NULL;
    }
    *ntriangles = 0;
    if (nflips != NULL) {
        *nflips = 0;
    }
    if (n < 4) {
        return og_error_set(err, OG_EINVAL, "spherical Delaunay needs at least 4 points, got %zu",
                            n);
    }
    if (n > (size_t)INT32_MAX / 6) {
        return og_error_set(err, OG_EINVAL, "spherical Delaunay: %zu points over %d", n,
                            INT32_MAX / 6);
    }
    for (i = 0; i < n; i++) {
        /* | |q| - 1 | <= 1e-9 without a square root, the root for the
         * message only */
        const double *q = &xyz[3 * i];
        double l2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2];
        if (!(l2 >= (1.0 - 1e-9) * (1.0 - 1e-9) && l2 <= (1.0 + 1e-9) * (1.0 + 1e-9))) {
            return og_error_set(err, OG_EINVAL,
                                "spherical Delaunay: point %zu has length %g, not 1", i,
                                sqrt(l2));
        }
    }
    memset(&s, 0, sizeof s);
    s.p = xyz;
    nt = 2 * n - 4;
    s.tri = dl_alloc(3 * nt * sizeof *s.tri);
    s.he = dl_alloc(3 * nt * sizeof *s.he);
    s.mark = malloc(n * sizeof *s.mark);
    ord = dl_alloc(n * sizeof *ord);
    /* near and tri_of in one block: the renumbering's scratch later */
    near = dl_alloc(2 * n * sizeof *near);
    tri_of = near + n;
    /* 3 n doubles: room for the renumbered triangles (3 nt < 6 n ids) */
    lp = dl_alloc(3 * n * sizeof *lp);
    s.cap = 64;
    s.stack = malloc(s.cap * sizeof *s.stack);
    s.rnd = 2463534242u;
    if (s.tri == NULL || s.he == NULL || s.mark == NULL || ord == NULL || near == NULL
        || lp == NULL || s.stack == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %zu spherical triangles", nt);
        goto done;
    }
    memset(s.mark, 0xff, n * sizeof *s.mark);
    if ((st = sd_tetrahedron(&s, n, v, err)) != OG_OK) {
        goto done;
    }
    /* the points in insertion order (local ids): each round then reads
     * memory in one pass, beside the smaller rounds before it */
    sd_order(ord, near, tri_of, n, v);
    for (i = 0; i < n; i++) {
        memcpy(&lp[3 * i], &xyz[3 * (size_t)ord[i]], 3 * sizeof *lp);
    }
    for (i = 0; i < 12; i++) {
        int k;
        for (k = 0; k < 4 && s.tri[i] != v[k]; k++) {
        }
        s.tri[i] = k;
    }
    s.p = lp;
    s.tri_of = tri_of;
    tri_of[0] = tri_of[1] = tri_of[2] = 0;
    tri_of[3] = 1;
    for (i = 4; i < n; i++) {
        int32_t id = (int32_t)i, t, *c;
        const double *q = sd_pt(&s, id);
        int k;
        t = sd_locate(&s, q, near[i] >= 0 ? tri_of[near[i]] : last, 4 * (size_t)s.nt + 64);
        if (t < 0) {
            st = og_error_set(err, OG_EINVAL,
                              "spherical Delaunay: the walk to point %d did not end",
                              (int)ord[i]);
            goto done;
        }
        c = &s.tri[3 * t];
        for (k = 0; k < 3; k++) {
            const double *w = sd_pt(&s, c[k]);
            if (w[0] == q[0] && w[1] == q[1] && w[2] == q[2]) {
                int32_t x = ord[c[k]], y = ord[i];
                st = og_error_set(err, OG_EINVAL,
                                  "spherical Delaunay: points %d and %d coincide",
                                  (int)(x < y ? x : y), (int)(x < y ? y : x));
                goto done;
            }
        }
        if (sd_insert(&s, id, t) != 0) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for the Delaunay flips");
            goto done;
        }
        last = t;
    }
    free(s.mark);
    s.mark = NULL;
    if (sd_renumber(&s.tri, &s.he, ord, n, nt, (int32_t *)(void *)lp, (uint32_t *)near) != 0) {
        st = og_error_set(err, OG_ENOMEM, "out of memory renumbering %zu triangles", nt);
        goto done;
    }
    lp = NULL; /* now s.tri */
    *triangles = s.tri;
    s.tri = NULL;
    if (halfedges != NULL) {
        *halfedges = s.he;
        s.he = NULL;
    }
    *ntriangles = nt;
    if (nflips != NULL) {
        *nflips = s.flips;
    }
done:
    free(s.tri);
    free(s.he);
    free(s.mark);
    free(s.stack);
    free(ord);
    free(near);
    free(lp);
    return st;
}
