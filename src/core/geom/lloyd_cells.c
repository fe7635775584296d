/* lloyd_cells: the Voronoi cells of Lloyd's framed triangulation (see
 * lloyd.c), clipped to the box: summed edge by edge where no clipping is
 * needed, walked and clipped (Sutherland-Hodgman) elsewhere; areas and
 * centroids by the shoelace formula, relative to the site for precision. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/lloyd_internal.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"

/* Triangles ahead whose data lloyd_stream prefetches. */
#define LLOYD_AHEAD 16

/* Sites per batch of the parallel clipped-cell pass (fixed: the partition
 * never depends on the thread count). */
#define LLOYD_BATCH 1024

/* Keep the part of polygon in (n vertices, xy pairs) where
 * nx * (x - px) + ny * (y - py) <= 0; returns the new vertex count. */
static size_t
lloyd_clip(const double *in, size_t n, double *out, double nx, double ny, double px, double py)
{
    size_t i, k = 0;
    double db;

    if (n == 0) {
        return 0;
    }
    /* Edges (i, i + 1), the last one closing the polygon. */
    db = nx * (in[0] - px) + ny * (in[1] - py);
    for (i = 0; i < n; i++) {
        const double *a = in + 2 * i;
        const double *b = in + 2 * (i + 1 < n ? i + 1 : 0);
        double da = db;

        db = nx * (b[0] - px) + ny * (b[1] - py);
        if (da <= 0.0) {
            out[2 * k] = a[0];
            out[2 * k + 1] = a[1];
            k++;
        }
        if ((da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0)) {
            double t = da / (da - db);
            out[2 * k] = a[0] + t * (b[0] - a[0]);
            out[2 * k + 1] = a[1] + t * (b[1] - a[1]);
            k++;
        }
    }
    return k;
}

/* Clip *poly to the four sides of the box (buffers swap; result in *poly). */
static size_t
lloyd_clip_box(double **poly, double **tmp, size_t n, const struct lloyd_box *b)
{
    double *t;
    size_t i;

    /* Most cells lie inside the box: nothing to clip. */
    for (i = 0; i < n; i++) {
        const double *p = *poly + 2 * i;
        if (!(p[0] >= b->x0 && p[0] <= b->x1 && p[1] >= b->y0 && p[1] <= b->y1)) {
            break;
        }
    }
    if (i == n) {
        return n;
    }

    n = lloyd_clip(*poly, n, *tmp, -1.0, 0.0, b->x0, 0.0);
    t = *poly, *poly = *tmp, *tmp = t;
    n = lloyd_clip(*poly, n, *tmp, 1.0, 0.0, b->x1, 0.0);
    t = *poly, *poly = *tmp, *tmp = t;
    n = lloyd_clip(*poly, n, *tmp, 0.0, -1.0, 0.0, b->y0);
    t = *poly, *poly = *tmp, *tmp = t;
    n = lloyd_clip(*poly, n, *tmp, 0.0, 1.0, 0.0, b->y1);
    t = *poly, *poly = *tmp, *tmp = t;
    return n;
}

/* Area and centroid of a simple polygon (either orientation) by the
 * shoelace formula, relative to the origin o. */
static double
lloyd_area_centroid(const double *poly, size_t n, const double *o, double *cx, double *cy)
{
    double a2 = 0.0, sx = 0.0, sy = 0.0;
    size_t i;

    for (i = 0; i < n; i++) {
        const double *p = poly + 2 * i, *q = poly + 2 * (i + 1 < n ? i + 1 : 0);
        double px = p[0] - o[0], py = p[1] - o[1];
        double qx = q[0] - o[0], qy = q[1] - o[1];
        double cr = px * qy - qx * py;
        a2 += cr;
        sx += (px + qx) * cr;
        sy += (py + qy) * cr;
    }
    if (a2 == 0.0) {
        *cx = o[0];
        *cy = o[1];
        return 0.0;
    }
    *cx = o[0] + sx / (3.0 * a2);
    *cy = o[1] + sy / (3.0 * a2);
    return fabs(0.5 * a2);
}

/* The cells that need clipping, one by one: shared inputs. */
struct lloyd_job {
    const struct lloyd_tri *T;
    const struct lloyd_box *box;
    const int32_t *inedge; /* an incoming half-edge per site to walk */
    const int32_t *visit;  /* the sites to walk, local ids */
    double *areas;         /* input order, or NULL */
    double *cen;           /* local order */
};

/* Cells of the sites visit[begin..end): the circumcentres in fan order,
 * clipped to the box. Each writes only its own site's area and centroid,
 * so any partition gives the same bits. */
static enum og_status
lloyd_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct lloyd_job *J = arg;
    const struct delaunay *dd = &J->T->d;
    const struct lloyd_box *box = J->box;
    const double *pts = J->T->pts, *centers = J->T->centers;
    double *bufa, *bufb;
    size_t cap = 64, j; /* polygon vertices; grown for high-degree sites */
    enum og_status st = OG_OK;

    (void)batch;
    bufa = malloc(2 * cap * sizeof *bufa);
    bufb = malloc(2 * cap * sizeof *bufb);
    if (bufa == NULL || bufb == NULL) {
        st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", J->T->n);
        goto done;
    }
    for (j = begin; j < end; j++) {
        size_t i = (size_t)J->visit[j], k = 0, deg = 0;
        const double *p = pts + 2 * i;
        double *poly, *tmp, cx, cy, area;
        int32_t start = J->inedge[i], in = start;

        /* Room for the fan plus what clipping adds (one vertex per clip at
         * most). */
        do {
            deg++;
            in = dd->halfedges[mesh_edge_next(in)];
        } while (in != start);
        if (deg + 8 > cap) {
            double *na, *nb;
            cap = 2 * (deg + 8);
            na = realloc(bufa, 2 * cap * sizeof *na);
            if (na != NULL) {
                bufa = na;
            }
            nb = realloc(bufb, 2 * cap * sizeof *nb);
            if (nb != NULL) {
                bufb = nb;
            }
            if (na == NULL || nb == NULL) {
                st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", J->T->n);
                goto done;
            }
        }
        poly = bufa;
        tmp = bufb;
        do {
            int32_t t = in / 3;
            poly[2 * k] = centers[2 * t];
            poly[2 * k + 1] = centers[2 * t + 1];
            k++;
            in = dd->halfedges[mesh_edge_next(in)];
        } while (in != start);
        k = lloyd_clip_box(&poly, &tmp, k, box);
        area = lloyd_area_centroid(poly, k, p, &cx, &cy);
        if (J->areas != NULL) {
            J->areas[J->T->order[i]] = area;
        }
        /* The centroid of a convex polygon inside the box is inside it;
         * this only removes rounding at the sides. */
        J->cen[2 * i] = cx < box->x0 ? box->x0 : (cx > box->x1 ? box->x1 : cx);
        J->cen[2 * i + 1] = cy < box->y0 ? box->y0 : (cy > box->y1 ? box->y1 : cy);
    }

done:
    free(bufa);
    free(bufb);
    return st;
}

/* Blocks of points for the parallel sums: block b holds the local ids v
 * with v >> sh == b, for the least sh >= 15 that makes at most 16 blocks;
 * their number depends only on m (never on the thread count), and the
 * sums do not depend on it at all. */
#define LLOYD_BLOCK_PTS 32768
#define LLOYD_BLOCK_SHIFT 15
#define LLOYD_MAX_BLOCKS 16

/* Blocks of the triangulation's moves: each border leaves its points to
 * the serial pass (about 1 % of 500k points for one border), so they are
 * few; two keep two threads busy. */
#define LLOYD_MOVE_BLOCKS 2

size_t
lloyd_move_blocks(size_t m)
{
    return m >= 2 * LLOYD_BLOCK_PTS ? LLOYD_MOVE_BLOCKS : 1;
}

static size_t
lloyd_block_shift(size_t m)
{
    size_t sh = LLOYD_BLOCK_SHIFT;

    while (((m + ((size_t)1 << sh) - 1) >> sh) > LLOYD_MAX_BLOCKS) {
        sh++;
    }
    return sh;
}

size_t
lloyd_nblocks(size_t m)
{
    size_t sh = lloyd_block_shift(m), k = (m + ((size_t)1 << sh) - 1) >> sh;

    return k < 1 ? 1 : k;
}

/* The blocks of points and, for each, the triangles with a corner in it
 * in increasing order (bfirst[b] .. bfirst[b + 1] in list). */
struct lloyd_sjob {
    const struct delaunay *d;
    const struct lloyd_tri *T;
    const struct lloyd_box *box;
    const int32_t *list;
    const size_t *bfirst;
    size_t K, m, sh;
    unsigned char *clip;
    double *acc;
    int32_t *inedge, *visit;
    size_t *nvisit;  /* per block: clipped sites, listed from visit[first point] */
    double *areas, *cen;
};

/* First local id of block b (m past the last). */
static inline size_t
lloyd_block_start(size_t b, size_t sh, size_t m)
{
    size_t v = b << sh;

    return v < m ? v : m;
}

/* Add the Voronoi edge from centre u to centre v to the cell of the site
 * at p (shoelace terms relative to p) in acc[0..2]. */
static inline void
lloyd_add_edge(double *acc, const double *p, const double *u, const double *v)
{
    double px = u[0] - p[0], py = u[1] - p[1];
    double qx = v[0] - p[0], qy = v[1] - p[1];
    double cr = px * qy - qx * py;

    acc[0] += cr;
    acc[1] += (px + qx) * cr;
    acc[2] += (py + qy) * cr;
}

/* Area and centroid of every cell of block b that needs no clipping, by
 * summing over the Delaunay edges in memory order (where the fan walk
 * chases twins): the interior edge from a to b between triangles t (a ->
 * b) and t' (b -> a) adds the Voronoi edge from t's centre to t''s to a's
 * cell and the reverse to b's. Each block walks the triangles with a
 * corner in it, in increasing order, and adds to its own points only: a
 * point gets its terms in the order of a single pass over all triangles,
 * whatever the blocks. Cells of the frame and those with a centre outside
 * the box are flagged in `clip` and listed for the walk (visit, from the
 * block's first point; inedge: an incoming half-edge, the last in memory
 * order); the others get their centroid (cen) and area. */
static enum og_status
lloyd_stream_block(void *arg, size_t blk, size_t begin, size_t end, struct og_error *err)
{
    const struct lloyd_sjob *J = arg;
    const struct delaunay *d = J->d;
    const int32_t *tri = d->triangles, *half = d->halfedges, *list = J->list;
    const double *c = J->T->centers, *pts = J->T->pts;
    const struct lloyd_box *box = J->box;
    size_t m = J->m, n = J->T->n, nv = 0;
    size_t p0 = lloyd_block_start(blk, J->sh, m), p1 = lloyd_block_start(blk + 1, J->sh, m);
    size_t j, j0 = J->bfirst[blk], j1 = J->bfirst[blk + 1], i;
    unsigned char *clip = J->clip;
    double *acc = J->acc;

    (void)begin;
    (void)end;
    (void)err;
    memset(clip + p0, 0, p1 - p0);
    memset(acc + 3 * p0, 0, 3 * (p1 - p0) * sizeof *acc);
    for (j = j0; j < j1; j++) {
        size_t t = (size_t)list[j];
        const double *ct = c + 2 * t;
        int32_t e0 = (int32_t)(3 * t), k;
#if defined(__GNUC__)
        /* The indices ahead are known: ask for their scattered data now
         * (the twins' centres, the sites and their sums). */
        if (j + LLOYD_AHEAD < j1) {
            size_t u = 3 * (size_t)list[j + LLOYD_AHEAD];
            for (k = 0; k < 3; k++) {
                int32_t f = half[u + (size_t)k];
                size_t v = (size_t)tri[u + (size_t)k];
                if (f >= 0) {
                    __builtin_prefetch(c + 2 * (size_t)(f / 3));
                }
                __builtin_prefetch(pts + 2 * v);
                __builtin_prefetch(acc + 3 * v, 1);
            }
        }
#endif
        if (!(ct[0] >= box->x0 && ct[0] <= box->x1 && ct[1] >= box->y0 && ct[1] <= box->y1)) {
            for (k = 0; k < 3; k++) {
                size_t v = (size_t)tri[e0 + k];
                if (v >= p0 && v < p1) {
                    clip[v] = 1;
                }
            }
        }
        for (k = 0; k < 3; k++) {
            int32_t e = e0 + k, f = half[e];
            size_t a, b;
            const double *cf;
            if (f < 0) {
                a = (size_t)tri[e];
                if (a >= p0 && a < p1) {
                    clip[a] = 1; /* the frame's hull */
                }
                continue;
            }
            if (f < e) {
                continue; /* done from the other side */
            }
            a = (size_t)tri[e];
            b = (size_t)tri[k == 2 ? e0 : e + 1];
            cf = c + 2 * (size_t)(f / 3);
            if (a >= p0 && a < p1) {
                lloyd_add_edge(acc + 3 * a, pts + 2 * a, ct, cf);
            }
            if (b >= p0 && b < p1) {
                lloyd_add_edge(acc + 3 * b, pts + 2 * b, cf, ct);
            }
        }
    }
    for (i = p0; i < p1; i++) {
        const double *p = pts + 2 * i;
        double a2 = acc[3 * i], cx = p[0], cy = p[1];
        size_t o = (size_t)J->T->order[i];
        if (o >= n) {
            J->cen[2 * i] = cx; /* the frame stays */
            J->cen[2 * i + 1] = cy;
            continue;
        }
        if (clip[i]) {
            J->visit[p0 + nv++] = (int32_t)i;
            continue;
        }
        if (a2 != 0.0) { /* 0: a duplicate, in no triangle */
            cx = p[0] + acc[3 * i + 1] / (3.0 * a2);
            cy = p[1] + acc[3 * i + 2] / (3.0 * a2);
        }
        if (J->areas != NULL) {
            J->areas[o] = fabs(0.5 * a2);
        }
        /* inside the box up to rounding, as in lloyd_batch */
        J->cen[2 * i] = cx < box->x0 ? box->x0 : (cx > box->x1 ? box->x1 : cx);
        J->cen[2 * i + 1] = cy < box->y0 ? box->y0 : (cy > box->y1 ? box->y1 : cy);
    }
    J->nvisit[blk] = nv;
    /* An incoming half-edge of each site left to the walk (all of them
     * interior points): the last one in memory order. */
    for (j = j0; nv > 0 && j < j1; j++) {
        int32_t e0 = 3 * list[j], k;
        for (k = 0; k < 3; k++) {
            size_t q = (size_t)tri[mesh_edge_next(e0 + k)];
            if (q >= p0 && q < p1 && clip[q]) {
                J->inedge[q] = e0 + k;
            }
        }
    }
    return OG_OK;
}

/* Triangles per chunk of the parallel list building (fixed). */
#define LLOYD_LIST_CHUNK 65536

/* The list building: chunk c of the triangles counts (pass 0) or files
 * (pass 1) its triangles per block, at pos[c * K + b]. */
struct lloyd_ljob {
    const int32_t *tri;
    size_t K, sh;
    size_t *pos;
    int32_t *list;
    int pass;
};

static enum og_status
lloyd_list_chunk(void *arg, size_t c, size_t begin, size_t end, struct og_error *err)
{
    const struct lloyd_ljob *J = arg;
    const int32_t *tri = J->tri;
    size_t *pos = J->pos + c * J->K, sh = J->sh, t;

    (void)err;
    for (t = begin; t < end; t++) {
        size_t l0 = (size_t)tri[3 * t] >> sh;
        size_t l1 = (size_t)tri[3 * t + 1] >> sh;
        size_t l2 = (size_t)tri[3 * t + 2] >> sh;
        if (J->pass == 0) {
            pos[l0]++;
            pos[l1] += l1 != l0;
            pos[l2] += l2 != l0 && l2 != l1;
            continue;
        }
        J->list[pos[l0]++] = (int32_t)t;
        if (l1 != l0) {
            J->list[pos[l1]++] = (int32_t)t;
        }
        if (l2 != l0 && l2 != l1) {
            J->list[pos[l2]++] = (int32_t)t;
        }
    }
    return OG_OK;
}

/* The triangles of each block (W->blist, grown as needed) in increasing
 * order: fixed chunks count, a prefix over (block, chunk), the chunks
 * fill. OG_ENOMEM with err set. */
static enum og_status
lloyd_block_lists(const struct delaunay *d, struct lloyd_work *W, size_t K, size_t m,
                  int threads, size_t *bfirst, struct og_error *err)
{
    size_t nt = d->ntriangles, nc = nt / LLOYD_LIST_CHUNK + 1, b, c, total = 0;
    size_t *pos = calloc(nc * K, sizeof *pos);
    struct lloyd_ljob job = { d->triangles, K, lloyd_block_shift(m), pos, NULL, 0 };

    if (pos == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", m);
    }
    (void)og_parallel_for(threads, nt, LLOYD_LIST_CHUNK, lloyd_list_chunk, &job, NULL, 0.0, 1.0,
                          NULL);
    for (b = 0; b < K; b++) {
        bfirst[b] = total;
        for (c = 0; c < nc; c++) {
            size_t k = pos[c * K + b];
            pos[c * K + b] = total;
            total += k;
        }
    }
    bfirst[K] = total;
    if (total > W->blist_cap) {
        int32_t *nl = realloc(W->blist, (total + total / 8 + 16) * sizeof *nl);
        if (nl == NULL) {
            free(pos);
            return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", m);
        }
        W->blist = nl;
        W->blist_cap = total + total / 8 + 16;
    }
    job.list = W->blist;
    job.pass = 1;
    (void)og_parallel_for(threads, nt, LLOYD_LIST_CHUNK, lloyd_list_chunk, &job, NULL, 0.0, 1.0,
                          NULL);
    free(pos);
    return OG_OK;
}

enum og_status
lloyd_cells(const struct lloyd_tri *T, const struct lloyd_box *box, struct lloyd_work *W,
            double *areas, double *cen, struct run_ctx *ctx, int it, int iterations,
            struct og_error *err)
{
    const struct delaunay *d = &T->d;
    size_t n = T->n, m = n + LLOYD_FRAME, nvisit = 0, b, K = lloyd_nblocks(m);
    size_t bfirst[LLOYD_MAX_BLOCKS + 1], nv[LLOYD_MAX_BLOCKS];
    int threads = ctx != NULL && ctx->threads > 0 ? ctx->threads : 1;
    enum og_status st;

    st = lloyd_block_lists(d, W, K, m, threads, bfirst, err);
    if (st != OG_OK) {
        return st;
    }
    {
        struct lloyd_sjob job = { d, T, box, W->blist, bfirst, K, m, lloyd_block_shift(m),
                                  W->clip, W->acc, W->inedge, W->visit, nv, areas, cen };
        (void)og_parallel_for(threads, K, 1, lloyd_stream_block, &job, NULL, 0.0, 1.0, NULL);
    }
    /* the blocks' clipped sites, in block order (so in increasing order) */
    for (b = 0; b < K; b++) {
        size_t p0 = lloyd_block_start(b, lloyd_block_shift(m), m);
        memmove(W->visit + nvisit, W->visit + p0, nv[b] * sizeof *W->visit);
        nvisit += nv[b];
    }
    {
        struct lloyd_job job = { T, box, W->inedge, W->visit, areas, cen };
        st = og_parallel_for(threads, nvisit, LLOYD_BATCH, lloyd_batch, &job, ctx,
                             (double)it / (double)iterations,
                             (double)(it + 1) / (double)iterations, err);
        if (st == OG_ECANCELED) {
            og_error_set(err, st, "lloyd: cancelled");
        }
    }
    return st;
}
