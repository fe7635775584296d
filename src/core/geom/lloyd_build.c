/* lloyd_build: Lloyd's first triangulation in fixed blocks, in parallel.
 *
 * The points are cut into K strips of the box across x (the frame's
 * points in the outer two). Each strip is triangulated on its own
 * (delaunay_build_local, one strip a task); the local ids are the strips'
 * Hilbert orders one after the other, so memory stays local. A strip's
 * triangle whose circumcircle lies strictly between the strips beside it
 * (right of every point of the strips to the left, left of every point
 * of those to the right, with a margin for rounding) has no point of any
 * other strip inside it: it is a Delaunay triangle of all the points.
 * These triangles (R) are kept; what the rest covered is filled as in
 * lloyd_mesh.c (lm_plan: the Delaunay triangles of the points on R's
 * boundary or outside R, checked exactly), which is serial but only sees
 * the points along the seams. When a check fails, or a strip holds an
 * exact duplicate, the caller triangulates from scratch.
 *
 * The strips and their order depend on the box and the points only, so
 * the triangulation (numbering included) is the same for every thread
 * count. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/delaunay_internal.h"
#include "core/geom/lloyd_internal.h"
#include "core/base/parallel.h"

struct lb_job {
    const double *bxy;      /* the strips' points (input order within a strip), strip by strip */
    const int32_t *ids;     /* their input ids */
    const size_t *pfirst;   /* strip b: [pfirst[b], pfirst[b + 1]); also its first local id */
    size_t K;
    struct delaunay *db;
    int32_t **lorder;
    double **lpts;
    double *bmin, *bmax, *rin, *rout;
    size_t *toff;             /* strip b's triangles in keep/newid: from toff[b] */
    size_t *soff;             /* strip b's safe triangles in the output: from soff[b] */
    size_t *nsafe, *nrb, *nbp; /* per strip: safe triangles, boundary edges, points of B */
    int32_t *tri, *half, *order;
    double *pts;
    unsigned char *keep, *inr;
    int32_t *newid;           /* safe triangle -> its index among its strip's safe ones */
    int32_t *rb;              /* boundary edges (output ids), strip b's from 3 * soff[b] */
    int32_t *bpts;            /* points of B, strip b's from pfirst[b] */
    int32_t *bid;
    enum og_status *bst;
};

/* Region 1: strip b's triangulation and the range of its x. */
static enum og_status
lb_build(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct lb_job *J = arg;
    size_t p0 = J->pfirst[b], p1 = J->pfirst[b + 1], v;
    double lo = INFINITY, hi = -INFINITY;

    (void)begin;
    (void)end;
    for (v = p0; v < p1; v++) {
        double x = J->bxy[2 * v];
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    J->bmin[b] = lo;
    J->bmax[b] = hi;
    J->bst[b] = delaunay_build_local(&J->db[b], J->bxy + 2 * p0, p1 - p0, &J->lorder[b],
                                     &J->lpts[b], err);
    return OG_OK;
}

/* Region 2: which of strip b's triangles are safe, and their index
 * among the strip's safe ones. */
static enum og_status
lb_classify(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct lb_job *J = arg;
    const struct delaunay *d = &J->db[b];
    const double *lp = J->lpts[b];
    size_t t, o = J->toff[b], ns = 0;
    double rin = J->rin[b], rout = J->rout[b];

    (void)begin;
    (void)end;
    (void)err;
    for (t = 0; t < d->ntriangles; t++) {
        const int32_t *it = d->triangles + 3 * t;
        double c[2], r, dx, dy, margin;
        dl_center(lp + 2 * (size_t)it[0], lp + 2 * (size_t)it[1], lp + 2 * (size_t)it[2], c);
        dx = lp[2 * (size_t)it[0]] - c[0];
        dy = lp[2 * (size_t)it[0] + 1] - c[1];
        r = sqrt(dx * dx + dy * dy);
        margin = 1e-7 * (fabs(c[0]) + r) + 1e-300;
        /* NaN or infinite centres (flat triangles) compare false: unsafe */
        J->keep[o + t] = c[0] - r > rin + margin && c[0] + r < rout - margin;
        J->newid[o + t] = J->keep[o + t] ? (int32_t)ns++ : -1;
    }
    J->nsafe[b] = ns;
    return OG_OK;
}

/* Region 3: strip b's points and safe triangles into the output (local
 * ids), its boundary edges (twin unsafe or none: -1 for now) and its
 * points of B (on the boundary or in no safe triangle). */
static enum og_status
lb_write(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct lb_job *J = arg;
    const struct delaunay *d = &J->db[b];
    size_t p0 = J->pfirst[b], np = J->pfirst[b + 1] - p0, t, v, o = J->toff[b];
    size_t so = J->soff[b], nrb = 0, nb = 0;
    int32_t *rb = J->rb + 3 * so;
    unsigned char *inr = J->inr;

    (void)begin;
    (void)end;
    (void)err;
    for (v = 0; v < np; v++) {
        J->order[p0 + v] = J->ids[p0 + (size_t)J->lorder[b][v]];
        J->bid[p0 + v] = -1;
    }
    memcpy(J->pts + 2 * p0, J->lpts[b], 2 * np * sizeof *J->pts);
    memset(inr + p0, 0, np);
    for (t = 0; t < d->ntriangles; t++) {
        const int32_t *it = d->triangles + 3 * t, *ih = d->halfedges + 3 * t;
        int32_t q = J->newid[o + t], *ot, *oh;
        int k;
        if (q < 0) {
            continue;
        }
        ot = J->tri + 3 * (so + (size_t)q);
        oh = J->half + 3 * (so + (size_t)q);
        for (k = 0; k < 3; k++) {
            int32_t f = ih[k], g = f >= 0 ? J->newid[o + (uint32_t)f / 3u] : -1;
            ot[k] = (int32_t)p0 + it[k];
            inr[ot[k]] |= 1;
            if (g >= 0) {
                oh[k] = (int32_t)(3 * (so + (size_t)g) + (uint32_t)f % 3u);
            } else {
                oh[k] = -1;
                rb[nrb++] = (int32_t)(3 * (so + (size_t)q)) + k;
                inr[ot[k]] |= 2; /* starts a boundary edge */
            }
        }
    }
    for (v = p0; v < p0 + np; v++) {
        if (inr[v] != 1) {
            J->bpts[p0 + nb++] = (int32_t)v;
        }
    }
    J->nrb[b] = nrb;
    J->nbp[b] = nb;
    return OG_OK;
}

enum og_status
lloyd_build_blocks(struct delaunay *out, const double *xy, size_t m, const struct lloyd_box *box,
                   size_t K, int threads, int32_t **order, double **pts, int *ok,
                   struct og_error *err)
{
    struct lb_job J;
    struct lloyd_tri T;
    struct lm_state S;
    int32_t *ids = NULL, *hull = NULL;
    size_t *pfirst = NULL, *bk = NULL;
    double *bxy = NULL;
    size_t i, b, nt = 0, cap;
    enum og_status st = OG_OK;

    *ok = 0;
    *order = NULL;
    *pts = NULL;
    memset(out, 0, sizeof *out);
    memset(&J, 0, sizeof J);
    memset(&S, 0, sizeof S);
    memset(&T, 0, sizeof T);
    if (K < 2 || m < 16 * K) {
        return OG_OK;
    }
    bk = malloc(m * sizeof *bk);
    ids = malloc(m * sizeof *ids);
    bxy = malloc(2 * m * sizeof *bxy);
    pfirst = calloc(K + 1, sizeof *pfirst);
    *order = malloc(m * sizeof **order);
    *pts = malloc(2 * m * sizeof **pts);
    J.db = calloc(K, sizeof *J.db);
    J.lorder = calloc(K, sizeof *J.lorder);
    J.lpts = calloc(K, sizeof *J.lpts);
    J.bmin = malloc(4 * K * sizeof *J.bmin);
    J.bst = malloc(K * sizeof *J.bst);
    J.toff = malloc((K + 1) * sizeof *J.toff);
    if (bk == NULL || ids == NULL || bxy == NULL || pfirst == NULL || *order == NULL ||
        *pts == NULL || J.db == NULL || J.lorder == NULL || J.lpts == NULL || J.bmin == NULL ||
        J.bst == NULL || J.toff == NULL) {
        goto nomem;
    }
    J.bmax = J.bmin + K;
    J.rin = J.bmin + 2 * K;
    J.rout = J.bmin + 3 * K;
    /* The strips, each point list in input order. */
    for (i = 0; i < m; i++) {
        double f = (xy[2 * i] - box->x0) / (box->x1 - box->x0) * (double)K;
        bk[i] = f <= 0.0 ? 0 : (f >= (double)(K - 1) ? K - 1 : (size_t)f);
        pfirst[bk[i] + 1]++;
    }
    for (b = 0; b < K; b++) {
        pfirst[b + 1] += pfirst[b];
    }
    for (i = 0; i < m; i++) {
        size_t j = pfirst[bk[i]]++;
        ids[j] = (int32_t)i;
        bxy[2 * j] = xy[2 * i];
        bxy[2 * j + 1] = xy[2 * i + 1];
    }
    for (b = K; b > 0; b--) {
        pfirst[b] = pfirst[b - 1];
    }
    pfirst[0] = 0;
    free(bk);
    bk = NULL;
    for (b = 0; b < K; b++) {
        if (pfirst[b + 1] - pfirst[b] < 3) {
            goto done; /* from scratch */
        }
    }
    J.bxy = bxy;
    J.ids = ids;
    J.pfirst = pfirst;
    J.K = K;
    (void)og_parallel_for(threads, K, 1, lb_build, &J, NULL, 0.0, 1.0, NULL);
    for (b = 0; b < K; b++) {
        if (J.bst[b] != OG_OK) {
            st = og_error_set(err, J.bst[b], "lloyd: out of memory for %zu sites", m);
            goto done;
        }
        if (J.db[b].nduplicates != 0 || J.db[b].ntriangles == 0) {
            goto done; /* from scratch */
        }
        J.rin[b] = b == 0 ? -INFINITY : (J.bmax[b - 1] > J.rin[b - 1] ? J.bmax[b - 1] : J.rin[b - 1]);
    }
    for (b = K; b-- > 0;) {
        J.rout[b] = b + 1 == K ? INFINITY
                               : (J.bmin[b + 1] < J.rout[b + 1] ? J.bmin[b + 1] : J.rout[b + 1]);
    }
    J.toff[0] = 0;
    for (b = 0; b < K; b++) {
        J.toff[b + 1] = J.toff[b] + J.db[b].ntriangles;
    }
    nt = J.toff[K];
    cap = 2 * m;
    J.keep = malloc(nt);
    J.newid = malloc(nt * sizeof *J.newid);
    J.soff = malloc((K + 1) * sizeof *J.soff);
    J.nsafe = malloc(3 * K * sizeof *J.nsafe);
    if (J.keep == NULL || J.newid == NULL || J.soff == NULL || J.nsafe == NULL) {
        goto nomem;
    }
    J.nrb = J.nsafe + K;
    J.nbp = J.nsafe + 2 * K;
    (void)og_parallel_for(threads, K, 1, lb_classify, &J, NULL, 0.0, 1.0, NULL);
    J.soff[0] = 0;
    for (b = 0; b < K; b++) {
        J.soff[b + 1] = J.soff[b] + J.nsafe[b];
    }
    if (J.soff[K] + 2 > cap) {
        goto done; /* cannot be: R is part of a triangulation */
    }
    J.tri = dl_alloc(3 * cap * sizeof *J.tri);
    J.half = dl_alloc(3 * cap * sizeof *J.half);
    J.rb = malloc(3 * (J.soff[K] + 1) * sizeof *J.rb);
    J.bpts = malloc(m * sizeof *J.bpts);
    J.bid = malloc(m * sizeof *J.bid);
    J.inr = malloc(m);
    if (J.tri == NULL || J.half == NULL || J.rb == NULL || J.bpts == NULL || J.bid == NULL ||
        J.inr == NULL) {
        goto nomem;
    }
    J.order = *order;
    J.pts = *pts;
    (void)og_parallel_for(threads, K, 1, lb_write, &J, NULL, 0.0, 1.0, NULL);
    for (b = 0; b < K; b++) {
        delaunay_fini(&J.db[b]);
    }
    /* The strips' boundary edges and points of B, one list each, in strip
     * order (R is in place: lm_seam needs no compaction). */
    S.nrb = 0;
    S.nb = 0;
    for (b = 0; b < K; b++) {
        memmove(J.rb + S.nrb, J.rb + 3 * J.soff[b], J.nrb[b] * sizeof *J.rb);
        S.nrb += J.nrb[b];
        memmove(J.bpts + S.nb, J.bpts + J.pfirst[b], J.nbp[b] * sizeof *J.bpts);
        S.nb += J.nbp[b];
    }
    for (i = 0; i < S.nb; i++) {
        J.bid[J.bpts[i]] = (int32_t)i;
    }
    T.d.triangles = J.tri;
    T.d.halfedges = J.half;
    T.d.ntriangles = J.soff[K];
    T.d.npoints = m;
    T.order = *order;
    T.pts = *pts;
    T.n = m;
    S.T = &T;
    S.n = m;
    S.m = m;
    S.nt = J.soff[K];
    S.nkept = J.soff[K];
    S.rb = J.rb;
    S.bloc = J.bpts;
    S.bid = J.bid;
    J.rb = J.bpts = J.bid = NULL; /* lm_free frees them */
    st = lm_seam(&S, ok, err);
    if (st != OG_OK || !*ok) {
        *ok = 0;
        goto done;
    }
    hull = malloc(S.db.nhull * sizeof *hull);
    if (hull == NULL) {
        *ok = 0;
        goto nomem;
    }
    out->ntriangles = lm_assemble_tri(&S, J.tri, J.half, hull);
    out->npoints = m;
    out->triangles = J.tri;
    out->halfedges = J.half;
    out->hull = hull;
    out->nhull = S.db.nhull;
    J.tri = NULL;
    J.half = NULL;
    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", m);
done:
    lm_free(&S);
    for (b = 0; J.db != NULL && b < K; b++) {
        delaunay_fini(&J.db[b]);
        free(J.lorder[b]);
        free(J.lpts[b]);
    }
    free(J.db);
    free(J.lorder);
    free(J.lpts);
    free(J.bmin);
    free(J.bst);
    free(J.toff);
    free(J.tri);
    free(J.half);
    free(J.keep);
    free(J.newid);
    free(J.soff);
    free(J.nsafe);
    free(J.rb);
    free(J.bpts);
    free(J.bid);
    free(J.inr);
    free(bk);
    free(ids);
    free(bxy);
    free(pfirst);
    if (!*ok) {
        free(*order);
        free(*pts);
        *order = NULL;
        *pts = NULL;
    }
    return st;
}
