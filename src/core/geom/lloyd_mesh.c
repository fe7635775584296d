/* lloyd_mesh: the island's dual mesh from Lloyd's last triangulation
 * instead of a triangulation from scratch.
 *
 * Lloyd's triangulation (lloyd.c) holds the sites and a frame of four
 * points far around the box. It first follows the sites' last move
 * (delaunay_move_local). Its triangles without a frame corner (the region
 * R) are Delaunay triangles of the sites alone: their circumcircles are
 * empty of all points, so of the sites. What the frame's triangles
 * covered inside the sites' convex hull (the pockets between R and the
 * hull) is tiled by Delaunay triangles of the sites whose corners all lie
 * on R's boundary or outside R (the set B): an empty circle of all sites
 * is empty of B. So, in general position, the pockets are exactly the
 * triangles of the Delaunay triangulation of B (a few thousand points)
 * on the outer side of R's boundary edges, which are edges of it too.
 * A flood fill over that small triangulation, stopped at R's boundary,
 * sorts its triangles into R's and the pockets'.
 *
 * Every step is checked (each boundary edge found, the flood consistent,
 * the triangle count 2n - 2 - h, each boundary edge locally Delaunay in
 * exact arithmetic); if anything fails (degenerate input, cocircular
 * sites) the mesh is triangulated from scratch, which is always right.
 *
 * Triangles of R keep their order; the pockets follow. The points keep
 * the triangulation's local order (lloyd.h), and each centre is computed as
 * delaunay_build_centers does (dl_center on the triangle's corners in its
 * rotation). */
#include "config.h"

#include "core/geom/lloyd.h"

#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/delaunay_internal.h"
#include "core/geom/lloyd_internal.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/geom/predicates.h"

/* Triangles per batch of the centre and renaming pass (fixed). */
#define LM_GRAIN 32768

void
lm_free(struct lm_state *S)
{
    free(S->newid);
    free(S->bid);
    free(S->bloc);
    free(S->rb);
    free(S->rbh);
    delaunay_fini(&S->db);
    free(S->inside);
    free(S->pid);
    free(S->rmatch);
}

/* The half-edge a -> b of DT(B) (B ids), from the outgoing lists first[],
 * out[]; -1 if it has none. */
static int32_t
lm_find(const struct delaunay *db, const int32_t *first, const int32_t *out, int32_t a,
        int32_t b)
{
    int32_t i;

    for (i = first[a]; i < first[a + 1]; i++) {
        if (db->triangles[mesh_edge_next(out[i])] == b) {
            return out[i];
        }
    }
    return -1;
}

enum og_status
lm_plan(struct lm_state *S, int *ok, struct og_error *err)
{
    const struct lloyd_tri *T = S->T;
    const int32_t *tri = T->d.triangles, *half = T->d.halfedges, *order = T->order;
    size_t n = S->n, m = S->m, nt = S->nt, t, i, kept = 0;
    unsigned char *inr = NULL;
    enum og_status st = OG_OK;

    *ok = 0;
    S->newid = malloc(nt * sizeof *S->newid);
    S->bid = malloc(m * sizeof *S->bid);
    inr = calloc(m, 1);
    if (S->newid == NULL || S->bid == NULL || inr == NULL) {
        goto nomem;
    }
    for (t = 0; t < nt; t++) {
        const int32_t *v = tri + 3 * t;
        if (S->keep != NULL ? !S->keep[t]
                            : ((size_t)order[v[0]] >= n || (size_t)order[v[1]] >= n ||
                               (size_t)order[v[2]] >= n)) {
            S->newid[t] = -1;
            continue;
        }
        S->newid[t] = (int32_t)kept++;
        inr[v[0]] = inr[v[1]] = inr[v[2]] = 1;
    }
    /* R's boundary: kept half-edges whose twin is a frame triangle (the
     * framed hull is the frame's, so every twin exists). */
    S->nrb = 0;
    for (t = 0; t < nt; t++) {
        int k;
        if (S->newid[t] < 0) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t f = half[3 * t + (size_t)k];
            if (f < 0 || S->newid[(uint32_t)f / 3u] < 0) {
                S->nrb++;
            }
        }
    }
    S->rb = malloc((S->nrb + 1) * sizeof *S->rb);
    if (S->rb == NULL) {
        goto nomem;
    }
    S->nrb = 0;
    for (i = 0; i < m; i++) {
        S->bid[i] = -1;
    }
    for (t = 0; t < nt; t++) {
        int k;
        if (S->newid[t] < 0) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t e = (int32_t)(3 * t) + k, f = half[e];
            if (f < 0 || S->newid[(uint32_t)f / 3u] < 0) {
                S->rb[S->nrb++] = e;
                S->bid[tri[e]] = 0;
            }
        }
    }
    /* B: R's boundary points and the sites outside R, in local order. */
    S->nb = 0;
    for (i = 0; i < m; i++) {
        if ((size_t)order[i] < n && (S->bid[i] == 0 || !inr[i])) {
            S->bid[i] = (int32_t)S->nb++;
        } else {
            S->bid[i] = -1;
        }
    }
    S->nkept = kept;
    if (S->nb < 3) {
        goto done;
    }
    S->bloc = malloc(S->nb * sizeof *S->bloc);
    if (S->bloc == NULL) {
        goto nomem;
    }
    for (i = 0; i < m; i++) {
        if (S->bid[i] >= 0) {
            S->bloc[S->bid[i]] = (int32_t)i;
        }
    }
    st = lm_seam(S, ok, err);
    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for the mesh of %zu sites", n);
done:
    free(inr);
    return st;
}

enum og_status
lm_seam(struct lm_state *S, int *ok, struct og_error *err)
{
    const struct lloyd_tri *T = S->T;
    const int32_t *tri = T->d.triangles;
    size_t n = S->n, kept = S->nkept, t, i, ndb, ne;
    int32_t *first = NULL, *out = NULL, *stack = NULL;
    double *bxy = NULL;
    enum og_status st = OG_OK;

    *ok = 0;
    if (S->nb < 3) {
        return OG_OK;
    }
    bxy = malloc(2 * S->nb * sizeof *bxy);
    if (bxy == NULL) {
        goto nomem;
    }
    for (i = 0; i < S->nb; i++) {
        bxy[2 * i] = T->pts[2 * (size_t)S->bloc[i]];
        bxy[2 * i + 1] = T->pts[2 * (size_t)S->bloc[i] + 1];
    }
    st = delaunay_build(&S->db, bxy, S->nb, err);
    if (st != OG_OK) {
        goto done;
    }
    ndb = S->db.ntriangles;
    ne = 3 * ndb;
    if (ndb == 0 || S->db.nduplicates != 0) {
        goto done;
    }
    /* Outgoing half-edges of DT(B) by start point (a counting sort). */
    first = calloc(S->nb + 1, sizeof *first);
    out = malloc(ne * sizeof *out);
    S->rbh = malloc((S->nrb + 1) * sizeof *S->rbh);
    S->inside = calloc(ndb, 1);
    S->rmatch = malloc(ne * sizeof *S->rmatch);
    stack = malloc(ndb * sizeof *stack);
    if (first == NULL || out == NULL || S->rbh == NULL || S->inside == NULL ||
        S->rmatch == NULL || stack == NULL) {
        goto nomem;
    }
    for (i = 0; i < ne; i++) {
        first[S->db.triangles[i] + 1]++;
        S->rmatch[i] = -1;
    }
    for (i = 0; i < S->nb; i++) {
        first[i + 1] += first[i];
    }
    for (i = 0; i < ne; i++) {
        out[first[S->db.triangles[i]]++] = (int32_t)i;
    }
    for (i = S->nb; i > 0; i--) {
        first[i] = first[i - 1];
    }
    first[0] = 0;
    /* Each boundary edge a -> b of R is the edge a -> b of a triangle of
     * DT(B) on R's side; the flood starts there and never crosses one. */
    {
        size_t top = 0;
        for (i = 0; i < S->nrb; i++) {
            int32_t e = S->rb[i];
            int32_t h = lm_find(&S->db, first, out, S->bid[tri[e]],
                                S->bid[tri[mesh_edge_next(e)]]);
            if (h < 0 || S->rmatch[h] >= 0) {
                goto done;
            }
            S->rbh[i] = h;
            S->rmatch[h] = (int32_t)i; /* the boundary edge's index for now */
            if (!S->inside[h / 3]) {
                S->inside[h / 3] = 1;
                stack[top++] = h / 3;
            }
        }
        while (top > 0) {
            int32_t u = stack[--top];
            int k;
            for (k = 0; k < 3; k++) {
                int32_t h = 3 * u + k, g = S->db.halfedges[h];
                if (g < 0 || S->rmatch[h] >= 0 || S->inside[g / 3]) {
                    continue;
                }
                S->inside[g / 3] = 1;
                stack[top++] = g / 3;
            }
        }
    }
    /* Across each boundary edge lies a pocket or the hull; a pocket edge
     * that meets R is one of R's boundary edges. */
    for (i = 0; i < S->nrb; i++) {
        int32_t g = S->db.halfedges[S->rbh[i]];
        if (g >= 0 && S->inside[g / 3]) {
            goto done;
        }
    }
    S->pid = malloc(ndb * sizeof *S->pid);
    if (S->pid == NULL) {
        goto nomem;
    }
    {
        size_t np = 0;
        for (t = 0; t < ndb; t++) {
            int k;
            if (S->inside[t]) {
                S->pid[t] = -1;
                continue;
            }
            S->pid[t] = (int32_t)(kept + np++);
            for (k = 0; k < 3; k++) {
                int32_t g = S->db.halfedges[3 * t + (size_t)k];
                if (g >= 0 && S->inside[g / 3] && S->rmatch[g] < 0) {
                    goto done;
                }
            }
        }
        /* Euler: a triangulation of n points, h on the hull. */
        if (kept + np != 2 * n - 2 - S->db.nhull) {
            goto done;
        }
    }
    /* Each boundary edge locally Delaunay against the pocket across it
     * (the others are edges of R or of DT(B), Delaunay already). */
    for (i = 0; i < S->nrb; i++) {
        int32_t e = S->rb[i], g = S->db.halfedges[S->rbh[i]];
        const double *pr, *pl, *p0, *p1;
        if (g < 0) {
            continue;
        }
        pr = T->pts + 2 * (size_t)tri[e];
        pl = T->pts + 2 * (size_t)tri[mesh_edge_next(e)];
        p0 = T->pts + 2 * (size_t)tri[mesh_edge_prev(e)];
        p1 = T->pts + 2 * (size_t)S->bloc[S->db.triangles[mesh_edge_prev(g)]];
        if (predicates_incircle(p0, pl, pr, p1) > 0.0) {
            goto done;
        }
    }
    *ok = 1;
    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for the mesh of %zu sites", n);
done:
    free(first);
    free(out);
    free(stack);
    free(bxy);
    return st;
}

/* Centres and renaming to the sites' ids of the output triangles. */
struct lm_cjob {
    int32_t *tri;
    const double *pts;
    const int32_t *order;
    double *centers;
};

static enum og_status
lm_centers_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct lm_cjob *J = arg;
    size_t t;

    (void)batch;
    (void)err;
    for (t = begin; t < end; t++) {
        int32_t *v = J->tri + 3 * t;
        /* renamed first: pts are the mesh's (frame points taken out) */
        v[0] = J->order[v[0]];
        v[1] = J->order[v[1]];
        v[2] = J->order[v[2]];
        dl_center(J->pts + 2 * (size_t)v[0], J->pts + 2 * (size_t)v[1], J->pts + 2 * (size_t)v[2],
                  J->centers + 2 * t);
    }
    return OG_OK;
}

size_t
lm_assemble_tri(struct lm_state *S, int32_t *tri, int32_t *half, int32_t *hull)
{
    const int32_t *newid = S->newid;
    size_t nt = newid != NULL ? S->nt : 0, t, i, kept = newid != NULL ? 0 : S->nkept, nout;
    size_t ndb = S->db.ntriangles;

    /* R in place: newid[t] <= t, so nothing is overwritten before it is
     * read. Boundary twins are set below. Without newid R is in place
     * already, its boundary twins -1. */
    for (t = 0; t < nt; t++) {
        int k;
        if (newid[t] < 0) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t f = half[3 * t + (size_t)k];
            uint32_t u = (uint32_t)f;
            tri[3 * kept + (size_t)k] = tri[3 * t + (size_t)k];
            half[3 * kept + (size_t)k] =
                f >= 0 && newid[u / 3u] >= 0 ? 3 * newid[u / 3u] + (int32_t)(u % 3u) : -1;
        }
        kept++;
    }
    /* rmatch: boundary edge index -> its output id */
    for (i = 0; i < S->nrb; i++) {
        int32_t e = S->rb[i];
        S->rmatch[S->rbh[i]] = newid != NULL ? 3 * newid[e / 3] + e % 3 : e;
    }
    nout = kept;
    for (t = 0; t < ndb; t++) {
        int k;
        if (S->pid[t] < 0) {
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t h = (int32_t)(3 * t) + k, g = S->db.halfedges[h];
            int32_t o = 3 * S->pid[t] + k, w;
            tri[o] = S->bloc[S->db.triangles[h]];
            if (g < 0) {
                w = -1;
            } else if (S->pid[g / 3] >= 0) {
                w = 3 * S->pid[g / 3] + g % 3;
            } else {
                w = S->rmatch[g];
                half[w] = o;
            }
            half[o] = w;
        }
        nout++;
    }
    for (i = 0; i < S->db.nhull; i++) {
        hull[i] = S->bloc[S->db.hull[i]];
    }
    return nout;
}

/* Build the output in T's arrays (R compacted in place, the pockets
 * after it) and hand it to a mesh. */
static enum og_status
lm_assemble(struct lm_state *S, struct lloyd_tri *T, int threads,
            struct mesh **out, struct og_error *err)
{
    int32_t *tri = T->d.triangles, *half = T->d.halfedges;
    size_t i, nout;
    struct delaunay d;
    int32_t *hull;
    enum og_status st;

    hull = malloc(S->db.nhull * sizeof *hull);
    if (hull == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for the mesh of %zu sites",
                            S->n);
    }
    nout = lm_assemble_tri(S, tri, half, hull);
    /* The sites keep the local (Hilbert) order (frame points taken out): cells
     * next to each other in the plane are near in memory, which the
     * stages after this one feel in every neighbour walk. order becomes
     * local id -> mesh point. */
    {
        size_t v, f = 0;
        for (v = 0; v < S->m; v++) {
            if ((size_t)T->order[v] >= S->n) {
                f++;
                T->order[v] = -1;
                continue;
            }
            T->order[v] = (int32_t)(v - f);
            T->pts[2 * (v - f)] = T->pts[2 * v];
            T->pts[2 * (v - f) + 1] = T->pts[2 * v + 1];
        }
    }
    for (i = 0; i < S->db.nhull; i++) {
        hull[i] = T->order[hull[i]];
    }
    {
        struct lm_cjob job = { tri, T->pts, T->order, T->centers };
        (void)og_parallel_for(threads, nout, LM_GRAIN, lm_centers_batch, &job, NULL, 0.0, 1.0,
                              NULL);
    }
    memset(&d, 0, sizeof d);
    d.npoints = S->n;
    d.ntriangles = nout;
    d.triangles = tri;
    d.halfedges = half;
    d.hull = hull;
    d.nhull = S->db.nhull;
    d.centers = T->centers;
    T->d.triangles = NULL;
    T->d.halfedges = NULL;
    T->centers = NULL;
    st = mesh_adopt_planar_owned(out, &d, T->pts, S->n, err);
    if (st == OG_OK) {
        T->pts = NULL; /* the mesh's now */
    }
    return st;
}

enum og_status
lloyd_mesh(struct lloyd_kept *K, const double *xy, size_t n, struct run_ctx *ctx,
           struct mesh **out, struct og_error *err)
{
    struct lm_state S;
    int arrived = 0, ok = 0, threads = ctx != NULL && ctx->threads > 0 ? ctx->threads : 1;
    enum og_status st = OG_OK;

    *out = NULL;
    memset(&S, 0, sizeof S);
    if (K != NULL && K->T.n == n && n >= 3) {
        st = delaunay_move_blocks(&K->T.d, K->T.pts, n + LLOYD_FRAME, K->cen,
                                  lloyd_move_blocks(n + LLOYD_FRAME), threads, &arrived, err);
    }
    if (st == OG_OK && arrived) {
        S.T = &K->T;
        S.n = n;
        S.m = n + LLOYD_FRAME;
        S.nt = K->T.d.ntriangles;
        st = lm_plan(&S, &ok, err);
    }
    if (st == OG_OK && ok) {
        st = lm_assemble(&S, &K->T, threads, out, err);
    } else if (st == OG_OK) {
        st = mesh_build_planar(out, xy, n, err);
    }
    lm_free(&S);
    lloyd_kept_free(K);
    return st;
}
