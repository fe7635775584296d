/* lloyd: Voronoi cells clipped to a box, their areas and centroids, and
 * Lloyd's iteration.
 *
 * The sites are triangulated together with a frame of four points around
 * the box, 1.1 box sizes out: a frame point is farther from every point of
 * the box than any site is (at most the box diagonal), so it owns no part
 * of the box and the clipped cells are those of the sites alone; but every
 * site is now an interior point, with a bounded cell (the polygon of the
 * circumcentres of its Delaunay triangles, in fan order), and the hull of
 * the triangulation never changes. Cells whose centres all lie in the box
 * are summed edge by edge in memory order (lloyd_stream); the few others
 * are walked and clipped to the box (Sutherland-Hodgman). Areas and
 * centroids come from the shoelace formula, relative to the site for
 * precision.
 *
 * Between iterations the sites move to their centroids. Instead of
 * triangulating again, the triangulation follows them
 * (delaunay_move_local: moves that keep every triangle's orientation, then
 * edge flips), which costs a fraction of a triangulation once the sites
 * move little; if some site cannot get there that way, the iteration
 * triangulates from scratch. Either way the result is a Delaunay
 * triangulation of the same points, and with points in general position
 * the same triangles; the sums follow the triangles' numbering, so the
 * path taken shows in the last bits of the centroids (deterministic: the
 * same input takes the same path). */
#include "config.h"

#include "core/geom/lloyd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/lloyd_internal.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"

static void
lloyd_tri_free(struct lloyd_tri *T)
{
    delaunay_fini(&T->d);
    free(T->order);
    free(T->pts);
    free(T->centers);
    T->order = NULL;
    T->pts = NULL;
    T->centers = NULL;
}

/* Circumcentres of the triangles into T->centers. Each is computed from a
 * corner that is a site, not a frame point (outside the box): from a frame
 * point, the short side between two sites would be the difference of two
 * long vectors and lose most of its digits. */
struct lloyd_cjob {
    struct lloyd_tri *T;
    const struct lloyd_box *b;
};

static enum og_status
lloyd_centers_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct lloyd_cjob *J = arg;
    struct lloyd_tri *T = J->T;
    const struct lloyd_box *b = J->b;
    const int32_t *tri = T->d.triangles;
    const double *pts = T->pts;
    size_t t;

    (void)batch;
    (void)err;
    for (t = begin; t < end; t++) {
        const double *v[3];
        double dx, dy, ex, ey, bl, cl, den;
        int k, r = 0;
        for (k = 0; k < 3; k++) {
            v[k] = pts + 2 * (size_t)tri[3 * t + k];
        }
        for (k = 0; k < 3; k++) {
            if (v[k][0] >= b->x0 && v[k][0] <= b->x1 && v[k][1] >= b->y0 && v[k][1] <= b->y1) {
                r = k;
                break;
            }
        }
        dx = v[(r + 1) % 3][0] - v[r][0];
        dy = v[(r + 1) % 3][1] - v[r][1];
        ex = v[(r + 2) % 3][0] - v[r][0];
        ey = v[(r + 2) % 3][1] - v[r][1];
        bl = dx * dx + dy * dy;
        cl = ex * ex + ey * ey;
        den = 0.5 / (dx * ey - dy * ex);
        T->centers[2 * t] = v[r][0] + (ey * bl - dy * cl) * den;
        T->centers[2 * t + 1] = v[r][1] + (dx * cl - ex * bl) * den;
    }
    return OG_OK;
}

/* Each centre depends on its triangle alone: any partition, same bits. */
static void
lloyd_centers(struct lloyd_tri *T, const struct lloyd_box *b, int threads)
{
    struct lloyd_cjob job = { T, b };

    (void)og_parallel_for(threads, T->d.ntriangles, 16384, lloyd_centers_batch, &job, NULL, 0.0,
                          1.0, NULL);
}

static enum og_status
lloyd_tri_build(struct lloyd_tri *T, const double *xy, size_t n, const struct lloyd_box *b,
                int threads, struct og_error *err)
{
    /* Corners 1.1 box sizes out diagonally: 1.1 * sqrt(2) times the larger
     * side from the box, more than its diagonal, the farthest any box point
     * can be from its nearest site. Farther would only cost precision (far
     * circumcentres of the frame's triangles). */
    double w = b->x1 - b->x0, h = b->y1 - b->y0, L = 1.1 * (w > h ? w : h);
    double *xyf = malloc(2 * (n + LLOYD_FRAME) * sizeof *xyf);
    enum og_status st;
    int ok = 0;

    T->n = n;
    T->order = NULL;
    T->pts = NULL;
    T->centers = NULL;
    memset(&T->d, 0, sizeof T->d);
    if (xyf == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    memcpy(xyf, xy, 2 * n * sizeof *xyf);
    xyf[2 * n] = b->x0 - L;
    xyf[2 * n + 1] = b->y0 - L;
    xyf[2 * n + 2] = b->x1 + L;
    xyf[2 * n + 3] = b->y0 - L;
    xyf[2 * n + 4] = b->x1 + L;
    xyf[2 * n + 5] = b->y1 + L;
    xyf[2 * n + 6] = b->x0 - L;
    xyf[2 * n + 7] = b->y1 + L;
    st = lloyd_build_blocks(&T->d, xyf, n + LLOYD_FRAME, b, lloyd_move_blocks(n + LLOYD_FRAME),
                            threads, &T->order, &T->pts, &ok, err);
    if (st == OG_OK && !ok) {
        st = delaunay_build_local(&T->d, xyf, n + LLOYD_FRAME, &T->order, &T->pts, err);
    }
    free(xyf);
    if (st == OG_OK &&
        (T->centers = malloc((2 * T->d.ntriangles + 1) * sizeof *T->centers)) == NULL) {
        st = og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    if (st == OG_OK) {
        lloyd_centers(T, b, threads);
    }
    return st;
}

static void
lloyd_work_free(struct lloyd_work *W)
{
    free(W->inedge);
    free(W->visit);
    free(W->clip);
    free(W->acc);
    free(W->blist);
}

static enum og_status
lloyd_work_alloc(struct lloyd_work *W, size_t n, struct og_error *err)
{
    size_t m = n + LLOYD_FRAME;

    W->blist = NULL;
    W->blist_cap = 0;
    W->inedge = malloc(m * sizeof *W->inedge);
    W->visit = malloc(m * sizeof *W->visit);
    W->clip = malloc(m);
    W->acc = malloc(3 * m * sizeof *W->acc);
    if (W->inedge == NULL || W->visit == NULL || W->clip == NULL || W->acc == NULL) {
        lloyd_work_free(W);
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    return OG_OK;
}

/* The sites' new positions cen (local order, frame points included) into
 * xy in input order; the frame points are dropped. */
static void
lloyd_to_input_order(const struct lloyd_tri *T, const double *cen, double *xy)
{
    size_t i;
    for (i = 0; i < T->n + LLOYD_FRAME; i++) {
        size_t o = (size_t)T->order[i];
        if (o < T->n) {
            xy[2 * o] = cen[2 * i];
            xy[2 * o + 1] = cen[2 * i + 1];
        }
    }
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
    if (n > (size_t)INT32_MAX / 6 - LLOYD_FRAME) {
        return og_error_set(err, OG_EINVAL, "lloyd: %zu sites exceeds the limit %d", n,
                            INT32_MAX / 6 - LLOYD_FRAME);
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

void
lloyd_kept_free(struct lloyd_kept *K)
{
    if (K != NULL) {
        lloyd_tri_free(&K->T);
        free(K->cen);
        free(K);
    }
}

/* lloyd_relax; keep != NULL: hand the last triangulation and the last
 * centroids over in *keep (NULL if there is none to hand over). */
static enum og_status
lloyd_run(double *xy, size_t n, int iterations, const struct lloyd_box *bp, struct run_ctx *ctx,
          struct lloyd_kept **keep, struct og_error *err)
{
    struct lloyd_box box = *bp;
    struct lloyd_tri T;
    struct lloyd_work W;
    double *cen;
    enum og_status st;
    int it, threads = ctx != NULL && ctx->threads > 0 ? ctx->threads : 1;

    if (keep != NULL) {
        *keep = NULL;
    }
    if (iterations < 0) {
        return og_error_set(err, OG_ERANGE, "lloyd: iterations = %d outside [0, %d]", iterations,
                            INT32_MAX);
    }
    st = lloyd_check(xy, n, box.x0, box.y0, box.x1, box.y1, err);
    if (st != OG_OK || n == 0 || iterations == 0) {
        return st;
    }
    cen = malloc(2 * (n + LLOYD_FRAME) * sizeof *cen);
    if (cen == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    if (lloyd_work_alloc(&W, n, err) != OG_OK) {
        free(cen);
        return OG_ENOMEM;
    }
    st = lloyd_tri_build(&T, xy, n, &box, threads, err);
    for (it = 0; st == OG_OK && it < iterations; it++) {
        int arrived = 0;
        if (ctx != NULL && pipeline_tick(ctx, (double)it / (double)iterations) != OG_OK) {
            st = og_error_set(err, OG_ECANCELED, "lloyd: cancelled");
            break;
        }
        st = lloyd_cells(&T, &box, &W, NULL, cen, ctx, it, iterations, err);
        if (st != OG_OK || it + 1 == iterations) {
            break;
        }
        /* A duplicate site is in no triangle and could not follow: a
         * triangulation from scratch includes it once it has moved apart. */
        if (T.d.nduplicates == 0) {
            st = delaunay_move_blocks(&T.d, T.pts, n + LLOYD_FRAME, cen,
                                      lloyd_move_blocks(n + LLOYD_FRAME), threads, &arrived, err);
        }
        if (st == OG_OK && arrived) {
            lloyd_centers(&T, &box, threads);
        } else if (st == OG_OK) {
            lloyd_to_input_order(&T, cen, xy);
            lloyd_tri_free(&T);
            st = lloyd_tri_build(&T, xy, n, &box, threads, err);
        }
    }
    if (st == OG_OK) {
        /* the last centroids, back in input order */
        lloyd_to_input_order(&T, cen, xy);
    }
    lloyd_work_free(&W);
    if (st == OG_OK && keep != NULL && T.d.nduplicates == 0 &&
        (*keep = malloc(sizeof **keep)) != NULL) {
        (*keep)->T = T;
        (*keep)->box = box;
        (*keep)->cen = cen;
    } else {
        lloyd_tri_free(&T);
        free(cen);
    }
    if (st == OG_OK && ctx != NULL && pipeline_tick(ctx, 1.0) != OG_OK) {
        lloyd_kept_free(keep != NULL ? *keep : NULL);
        if (keep != NULL) {
            *keep = NULL;
        }
        return og_error_set(err, OG_ECANCELED, "lloyd: cancelled");
    }
    return st;
}

enum og_status
lloyd_relax(double *xy, size_t n, int iterations, double x0, double y0, double x1, double y1,
            struct run_ctx *ctx, struct og_error *err)
{
    struct lloyd_box box = {x0, y0, x1, y1};

    return lloyd_run(xy, n, iterations, &box, ctx, NULL, err);
}

enum og_status
lloyd_relax_keep(double *xy, size_t n, int iterations, double x0, double y0, double x1,
                 double y1, struct run_ctx *ctx, struct lloyd_kept **keep, struct og_error *err)
{
    struct lloyd_box box = {x0, y0, x1, y1};

    return lloyd_run(xy, n, iterations, &box, ctx, keep, err);
}

enum og_status
lloyd_cell_areas(const double *xy, size_t n, double x0, double y0, double x1, double y1,
                 double *areas, struct og_error *err)
{
    struct lloyd_box box = {x0, y0, x1, y1};
    struct lloyd_tri T;
    struct lloyd_work W;
    double *cen;
    enum og_status st = lloyd_check(xy, n, x0, y0, x1, y1, err);

    if (st != OG_OK || n == 0) {
        return st;
    }
    cen = malloc(2 * (n + LLOYD_FRAME) * sizeof *cen);
    if (cen == NULL) {
        return og_error_set(err, OG_ENOMEM, "lloyd: out of memory for %zu sites", n);
    }
    if (lloyd_work_alloc(&W, n, err) != OG_OK) {
        free(cen);
        return OG_ENOMEM;
    }
    st = lloyd_tri_build(&T, xy, n, &box, 1, err);
    if (st == OG_OK) {
        st = lloyd_cells(&T, &box, &W, areas, cen, NULL, 0, 1, err);
    }
    lloyd_tri_free(&T);
    lloyd_work_free(&W);
    free(cen);
    return st;
}
