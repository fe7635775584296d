/* lloyd: Voronoi cells clipped to a box, their areas and centroids, and
 * Lloyd's iteration.
 *
 * An interior site's Voronoi cell is the polygon of the circumcentres of the
 * Delaunay triangles around it (in fan order), clipped to the box with
 * Sutherland-Hodgman. A hull site's cell is unbounded; it is built directly
 * as the box clipped by the perpendicular bisectors to each of its Delaunay
 * neighbours, which is the same region as the polygon closed by the two hull
 * rays and then clipped to the box, without having to pick far points.
 * Areas and centroids come from the shoelace formula, computed relative to
 * the site for precision. */
#include "config.h"

#include "core/lloyd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/delaunay.h"
#include "core/mesh.h"
#include "core/parallel.h"
#include "core/pipeline.h"

/* Sites per batch of the parallel cell pass (fixed: the partition never
 * depends on the thread count). */
#define LLOYD_BATCH 4096

struct lloyd_box {
    double x0, y0, x1, y1;
};

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

static size_t
lloyd_box_polygon(double *poly, const struct lloyd_box *b)
{
    poly[0] = b->x0;
    poly[1] = b->y0;
    poly[2] = b->x1;
    poly[3] = b->y0;
    poly[4] = b->x1;
    poly[5] = b->y1;
    poly[6] = b->x0;
    poly[7] = b->y1;
    return 4;
}

/* Clip poly to the half-plane of points nearer to p than to q. */
static size_t
lloyd_clip_bisector(double **poly, double **tmp, size_t n, const double *p, const double *q)
{
    double *t;

    n = lloyd_clip(*poly, n, *tmp, q[0] - p[0], q[1] - p[1], 0.5 * (p[0] + q[0]),
                   0.5 * (p[1] + q[1]));
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

/* Clipped cell areas (areas may be NULL) and centroids (cen may be NULL)
 * of all n sites; ctx/it/iterations only for progress. Duplicate sites get
 * area 0 and keep their position. */
/* One Lloyd pass over the sites of a triangulation: shared inputs. */
struct lloyd_job {
    const double *xy;      /* local (sweep-order) coordinates */
    const int32_t *order;  /* local id -> input id (where results go) */
    size_t n;
    const struct lloyd_box *box;
    const struct delaunay *d;
    const int32_t *inedge;
    double *areas, *cen;
};

/* Cells of the sites begin..end-1 in local ids (the sweep made each site's
 * fan at about the time it reached the site, so fans and circumcentres are
 * walked nearly in memory order): each writes only its own site's area and
 * centroid, so any partition gives the same bits. */
static enum og_status
lloyd_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct lloyd_job *J = arg;
    const struct delaunay *dd = J->d;
    const struct lloyd_box *box = J->box;
    const double *xy = J->xy, *centers = dd->centers;
    const int32_t *inedge = J->inedge, *order = J->order;
    double *areas = J->areas, *cen = J->cen;
    double *bufa, *bufb;
    size_t cap = 64, n = J->n, i, j; /* polygon vertices; grown for high-degree sites */
    enum og_status st = OG_OK;

    (void)batch;
    bufa = malloc(2 * cap * sizeof *bufa);
    bufb = malloc(2 * cap * sizeof *bufb);
    if (bufa == NULL || bufb == NULL) {
        st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
        goto done;
    }
    for (j = begin; j < end; j++) {
        const double *p;
        double *poly = bufa, *tmp = bufb, cx, cy, area = 0.0;
        size_t k = 0;
        int32_t start;

        i = j;
        p = xy + 2 * i;
        cx = p[0];
        cy = p[1];
        start = inedge[i];
        if (start >= 0 && dd->ntriangles > 0) {
            /* Room for the fan plus what clipping adds (one vertex per
             * clip at most; four for the box). */
            size_t deg = 0;
            int32_t in = start;
            do {
                deg++;
                in = dd->halfedges[mesh_edge_next(in)];
            } while (in >= 0 && in != start);
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
                    st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
                    goto done;
                }
                poly = bufa;
                tmp = bufb;
            }
        }
        if (dd->ntriangles == 0) {
            /* No triangles: n < 3 distinct or collinear sites. The hull lists
             * the distinct ones along their line; each cell is the box
             * between the bisectors to its hull neighbours. */
            size_t h = start >= 0 ? (size_t)start : dd->nhull;
            if (h < dd->nhull) {
                k = lloyd_box_polygon(poly, box);
                if (h > 0) {
                    k = lloyd_clip_bisector(&poly, &tmp, k, p, xy + 2 * dd->hull[h - 1]);
                }
                if (h + 1 < dd->nhull) {
                    k = lloyd_clip_bisector(&poly, &tmp, k, p, xy + 2 * dd->hull[h + 1]);
                }
                area = lloyd_area_centroid(poly, k, p, &cx, &cy);
            }
        } else if (start >= 0 && dd->halfedges[start] >= 0) {
            /* Interior site: circumcentres in fan order, then the box. */
            int32_t in = start;
            do {
                int32_t t = in / 3;
                poly[2 * k] = centers[2 * t];
                poly[2 * k + 1] = centers[2 * t + 1];
                k++;
                in = dd->halfedges[mesh_edge_next(in)];
            } while (in != start);
            k = lloyd_clip_box(&poly, &tmp, k, box);
            area = lloyd_area_centroid(poly, k, p, &cx, &cy);
        } else if (start >= 0) {
            /* Hull site: the box cut by the bisectors to every neighbour. */
            int32_t in = start;
            k = lloyd_box_polygon(poly, box);
            for (;;) {
                int32_t out = mesh_edge_next(in);
                k = lloyd_clip_bisector(&poly, &tmp, k, p, xy + 2 * dd->triangles[in]);
                in = dd->halfedges[out];
                if (in < 0) {
                    k = lloyd_clip_bisector(&poly, &tmp, k, p,
                                            xy + 2 * dd->triangles[mesh_edge_next(out)]);
                    break;
                }
            }
            area = lloyd_area_centroid(poly, k, p, &cx, &cy);
        }
        i = (size_t)order[i];
        if (areas != NULL) {
            areas[i] = area;
        }
        if (cen != NULL) {
            /* The centroid of a convex polygon inside the box is inside it;
             * this only removes rounding at the sides. */
            cen[2 * i] = cx < box->x0 ? box->x0 : (cx > box->x1 ? box->x1 : cx);
            cen[2 * i + 1] = cy < box->y0 ? box->y0 : (cy > box->y1 ? box->y1 : cy);
        }
    }

done:
    free(bufa);
    free(bufb);
    return st;
}

static enum og_status
lloyd_cells(const double *xy, size_t n, const struct lloyd_box *box, double *areas, double *cen,
            struct run_ctx *ctx, int it, int iterations, struct og_error *err)
{
    struct delaunay d;
    int32_t *inedge = NULL, *order = NULL;
    double *pts = NULL;
    size_t i, e, ne;
    enum og_status st;

    /* In the sweep's order (local ids) the fans, the circumcentres and the
     * sites lie close together in memory; only the results are written in
     * input order. */
    st = delaunay_build_local(&d, xy, n, &order, &pts, err);
    if (st != OG_OK) {
        return st;
    }
    ne = 3 * d.ntriangles;
    if ((inedge = malloc((n > 0 ? n : 1) * sizeof *inedge)) == NULL) {
        st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
        goto done;
    }
    for (i = 0; i < n; i++) {
        inedge[i] = -1;
    }
    /* An incoming half-edge per site (the last one, in half-edge order),
     * the twinless one for hull sites; e = 3t + k ends where 3t + k + 1
     * (mod 3) starts. */
    for (e = 0; e < ne; e += 3) {
        inedge[d.triangles[e + 1]] = (int32_t)e;
        inedge[d.triangles[e + 2]] = (int32_t)e + 1;
        inedge[d.triangles[e]] = (int32_t)e + 2;
    }
    for (e = 0; e < ne; e++) {
        if (d.halfedges[e] < 0) {
            inedge[d.triangles[mesh_edge_next((int32_t)e)]] = (int32_t)e;
        }
    }

    if (d.ntriangles == 0) {
        /* Collinear sites: inedge holds each one's place along the hull. */
        for (i = 0; i < d.nhull; i++) {
            inedge[d.hull[i]] = (int32_t)i;
        }
    }
    {
        struct lloyd_job job = { pts, order, n, box, &d, inedge, areas, cen };
        int threads = ctx != NULL && ctx->threads > 0 ? ctx->threads : 1;
        st = og_parallel_for(threads, n, LLOYD_BATCH, lloyd_batch, &job, ctx,
                             (double)it / (double)iterations,
                             (double)(it + 1) / (double)iterations, err);
        if (st == OG_ECANCELED) {
            og_error_set(err, st, "lloyd: cancelled");
        }
        if (st != OG_OK) {
            goto done;
        }
    }
    st = OG_OK;

done:
    free(inedge);
    free(order);
    free(pts);
    delaunay_fini(&d);
    return st;
}

static enum og_status
lloyd_check(const double *xy, size_t n, double x0, double y0, double x1, double y1,
            struct og_error *err)
{
    size_t i;

    if (!(isfinite(x0) && isfinite(y0) && isfinite(x1) && isfinite(y1) && x0 < x1 && y0 < y1)) {
        return og_error_set(err, OG_EINVAL, "lloyd: box [%g, %g] x [%g, %g] is empty or not finite",
                            x0, x1, y0, y1);
    }
    if (n > (size_t)INT32_MAX / 6) {
        return og_error_set(err, OG_EINVAL, "lloyd: %zu sites exceeds the limit %d", n,
                            INT32_MAX / 6);
    }
    for (i = 0; i < n; i++) {
        double x = xy[2 * i], y = xy[2 * i + 1];
        if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) {
            return og_error_set(err, OG_ERANGE,
                                "lloyd: site %zu = (%g, %g) outside the box [%g, %g] x [%g, %g]",
                                i, x, y, x0, x1, y0, y1);
        }
    }
    return OG_OK;
}

enum og_status
lloyd_relax(double *xy, size_t n, int iterations, double x0, double y0, double x1, double y1,
            struct run_ctx *ctx, struct og_error *err)
{
    struct lloyd_box box = {x0, y0, x1, y1};
    double *cen;
    enum og_status st;
    int it;

    if (iterations < 0) {
        return og_error_set(err, OG_ERANGE, "lloyd: iterations = %d outside [0, %d]", iterations,
                            INT32_MAX);
    }
    st = lloyd_check(xy, n, x0, y0, x1, y1, err);
    if (st != OG_OK || n == 0 || iterations == 0) {
        return st;
    }
    cen = malloc(2 * n * sizeof *cen);
    if (cen == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    for (it = 0; it < iterations; it++) {
        if (ctx != NULL && pipeline_tick(ctx, (double)it / (double)iterations) != OG_OK) {
            free(cen);
            return og_error_set(err, OG_ECANCELED, "lloyd: cancelled");
        }
        st = lloyd_cells(xy, n, &box, NULL, cen, ctx, it, iterations, err);
        if (st != OG_OK) {
            free(cen);
            return st;
        }
        memcpy(xy, cen, 2 * n * sizeof *cen);
    }
    free(cen);
    if (ctx != NULL && pipeline_tick(ctx, 1.0) != OG_OK) {
        return og_error_set(err, OG_ECANCELED, "lloyd: cancelled");
    }
    return OG_OK;
}

enum og_status
lloyd_cell_areas(const double *xy, size_t n, double x0, double y0, double x1, double y1,
                 double *areas, struct og_error *err)
{
    struct lloyd_box box = {x0, y0, x1, y1};
    enum og_status st = lloyd_check(xy, n, x0, y0, x1, y1, err);

    if (st != OG_OK || n == 0) {
        return st;
    }
    return lloyd_cells(xy, n, &box, areas, NULL, NULL, 0, 1, err);
}
