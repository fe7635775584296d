/* lloyd_cells: the Voronoi cells of Lloyd's framed triangulation (see
 * lloyd.c), clipped to the box: summed edge by edge where no clipping is
 * needed, walked and clipped (Sutherland-Hodgman) elsewhere; areas and
 * centroids by the shoelace formula, relative to the site for precision. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/lloyd_internal.h"
#include "core/mesh.h"
#include "core/parallel.h"
#include "core/pipeline.h"

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

/* Area and centroid of every cell that needs no clipping, by summing over
 * the Delaunay edges in memory order (where the fan walk chases twins):
 * the interior edge from a to b between triangles t (a -> b) and t' (b ->
 * a) adds the Voronoi edge from t's centre to t''s to a's cell and the
 * reverse to b's. Cells of the frame and those with a centre outside the
 * box are flagged in `clip` (their sums are not used). acc gets (2 *
 * signed area, sum x, sum y) per point. */
static void
lloyd_stream(const struct delaunay *d, const double *c, const double *pts,
             const struct lloyd_box *box, unsigned char *clip, double *acc, size_t m)
{
    const int32_t *tri = d->triangles, *half = d->halfedges;
    size_t t, nt = d->ntriangles;

    memset(clip, 0, m);
    memset(acc, 0, 3 * m * sizeof *acc);
    for (t = 0; t < nt; t++) {
        const double *ct = c + 2 * t;
        int32_t e0 = (int32_t)(3 * t), k;
#if defined(__GNUC__)
        /* The indices ahead are known: ask for their scattered data now
         * (the twins' centres, the sites and their sums). */
        if (t + LLOYD_AHEAD < nt) {
            size_t u = 3 * (t + LLOYD_AHEAD);
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
            clip[tri[e0]] = 1;
            clip[tri[e0 + 1]] = 1;
            clip[tri[e0 + 2]] = 1;
        }
        for (k = 0; k < 3; k++) {
            int32_t e = e0 + k, f = half[e];
            size_t a, b;
            const double *cf;
            if (f < 0) {
                clip[tri[e]] = 1; /* the frame's hull */
                continue;
            }
            if (f < e) {
                continue; /* done from the other side */
            }
            a = (size_t)tri[e];
            b = (size_t)tri[k == 2 ? e0 : e + 1];
            cf = c + 2 * (size_t)(f / 3);
            lloyd_add_edge(acc + 3 * a, pts + 2 * a, ct, cf);
            lloyd_add_edge(acc + 3 * b, pts + 2 * b, cf, ct);
        }
    }
}

/* Clipped cell areas (areas, input order, may be NULL) and centroids (cen,
 * local order, 2 * (n + LLOYD_FRAME): frame points and duplicate sites
 * keep their position; duplicates get area 0) of the triangulation's
 * sites; ctx/it/iterations only for progress. */
enum og_status
lloyd_cells(const struct lloyd_tri *T, const struct lloyd_box *box, struct lloyd_work *W,
            double *areas, double *cen, struct run_ctx *ctx, int it, int iterations,
            struct og_error *err)
{
    const struct delaunay *d = &T->d;
    size_t n = T->n, m = n + LLOYD_FRAME, i, e, ne = 3 * d->ntriangles, nvisit = 0;
    int32_t *inedge = W->inedge, *visit = W->visit;
    unsigned char *clip = W->clip;
    double *acc = W->acc;
    enum og_status st = OG_OK;

    lloyd_stream(d, T->centers, T->pts, box, clip, acc, m);
    for (i = 0; i < m; i++) {
        const double *p = T->pts + 2 * i;
        double a2 = acc[3 * i], cx = p[0], cy = p[1];
        size_t o = (size_t)T->order[i];
        if (o >= n) {
            cen[2 * i] = cx; /* the frame stays */
            cen[2 * i + 1] = cy;
            continue;
        }
        if (clip[i]) {
            visit[nvisit++] = (int32_t)i;
            continue;
        }
        if (a2 != 0.0) { /* 0: a duplicate, in no triangle */
            cx = p[0] + acc[3 * i + 1] / (3.0 * a2);
            cy = p[1] + acc[3 * i + 2] / (3.0 * a2);
        }
        if (areas != NULL) {
            areas[o] = fabs(0.5 * a2);
        }
        /* inside the box up to rounding, as in lloyd_batch */
        cen[2 * i] = cx < box->x0 ? box->x0 : (cx > box->x1 ? box->x1 : cx);
        cen[2 * i + 1] = cy < box->y0 ? box->y0 : (cy > box->y1 ? box->y1 : cy);
    }
    /* An incoming half-edge of each site left to the walk (all of them
     * interior points). */
    for (e = 0; e < ne; e++) {
        int32_t q = d->triangles[mesh_edge_next((int32_t)e)];
        if (clip[q]) {
            inedge[q] = (int32_t)e;
        }
    }
    {
        struct lloyd_job job = { T, box, inedge, visit, areas, cen };
        int threads = ctx != NULL && ctx->threads > 0 ? ctx->threads : 1;
        st = og_parallel_for(threads, nvisit, LLOYD_BATCH, lloyd_batch, &job, ctx,
                             (double)it / (double)iterations,
                             (double)(it + 1) / (double)iterations, err);
        if (st == OG_ECANCELED) {
            og_error_set(err, st, "lloyd: cancelled");
        }
    }
    return st;
}
