/* delaunay_move: move the interior points of a triangulation and restore
 * the Delaunay property by edge flips, instead of triangulating again.
 *
 * Kinetic in the simplest sense: each point jumps to its target if every
 * triangle around it keeps its orientation there (exact orient2d), else to
 * the midpoint (halved a few times), else waits; the triangulation is
 * valid throughout. After each round a single sweep of Lawson flips over
 * all edges, each flip stacking the four outer edges of its quadrilateral,
 * makes every edge locally Delaunay, hence the triangulation Delaunay for
 * the current positions. Rounds repeat for the points still short of their
 * targets. Hull points never move, so the domain stays convex (Lloyd's
 * iteration adds a fixed frame around its box for this). The caller
 * triangulates from scratch when some point does not arrive. The first
 * pass (everyone jumps, then one sweep over all edges) runs in blocks in
 * delaunay_move_blocks.c. */
#include "config.h"

#include "core/geom/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay_internal.h"
#include "core/geom/predicates.h"

/* Rounds of moves and flips, halvings of a blocked move, and flips that
 * open the way for one point in a round. */
#define DM_ROUNDS 24
#define DM_HALVINGS 8
#define DM_OPEN 8

/* May point v (not on the hull; e0 an edge leaving it) stand at q? Every
 * triangle of its star must stay counter-clockwise (y down). Returns -1 if
 * so, else the edge leaving v in the first triangle that would turn over. */
static int32_t
dm_star_ok(const struct dl *s, int32_t e0, const double *q)
{
    int32_t e = e0;

    do {
        int32_t en = dl_next(e), ep = dl_prev(e);
        /* (q, b, c) must have orient2d < 0 (y up): orient2d(q, c, b) > 0 */
        if (!dl_orient_positive(q, dl_pt(s, s->tri[ep]), dl_pt(s, s->tri[en]))) {
            return e;
        }
        e = s->half[ep];
    } while (e != e0);
    return -1;
}

void
dm_flip(struct dl *s, int32_t *vedge, int32_t a)
{
    int32_t *tri = s->tri, *half = s->half;
    int32_t b = half[a], al = dl_next(a), ar = dl_prev(a), bl = dl_prev(b), br = dl_next(b);
    int32_t p0 = tri[ar], p1 = tri[bl], pr = tri[a], pl = tri[al];
    int32_t hbl = half[bl], har = half[ar];

    tri[a] = p1;
    tri[b] = p0;
    dl_link(s, a, hbl);
    dl_link(s, b, har);
    dl_link(s, ar, bl);
    vedge[p1] = a;
    vedge[pl] = al;
    vedge[p0] = ar;
    vedge[pr] = br;
}

/* Can interior edge a be flipped: do its two triangles make a strictly
 * convex quadrilateral (its ends strictly on either side of the other
 * diagonal)? */
static int
dm_flippable(const struct dl *s, int32_t a)
{
    int32_t b = s->half[a];
    const double *pr, *pl, *p0, *p1;

    if (b < 0) {
        return 0;
    }
    pr = dl_pt(s, s->tri[a]);
    pl = dl_pt(s, s->tri[dl_next(a)]);
    p0 = dl_pt(s, s->tri[dl_prev(a)]);
    p1 = dl_pt(s, s->tri[dl_prev(b)]);
    return (dl_orient_positive(p0, p1, pr) && dl_orient_positive(p1, p0, pl)) ||
           (dl_orient_positive(p1, p0, pr) && dl_orient_positive(p0, p1, pl));
}

/* Point v at p, heading for q, is blocked by its triangle (v, b, c) (e
 * leaves v in it), which would turn over where the path crosses the line
 * bc. Flip the edge that the crossing makes the longest: bc itself if the
 * path crosses the segment, else the side from v to the farther of b and
 * c. Returns whether it flipped; the six edges of the two new triangles
 * are stacked for the Lawson pass (a flip of a side of v's star makes a
 * triangle without v, whose outer edges the star's would miss). OG_ENOMEM
 * in *st. */
static int
dm_open(struct dl *s, int32_t *vedge, int32_t e, const double *p, const double *q, size_t *top,
        enum og_status *st)
{
    const double *b = dl_pt(s, s->tri[dl_next(e)]), *c = dl_pt(s, s->tri[dl_prev(e)]);
    double ob = predicates_orient2d(p, q, b), oc = predicates_orient2d(p, q, c);
    int32_t x, y;
    int k;

    if ((ob > 0.0 && oc < 0.0) || (ob < 0.0 && oc > 0.0) || ob == 0.0 || oc == 0.0) {
        x = dl_next(e); /* b -> c */
    } else if (fabs(oc) < fabs(ob)) {
        x = e; /* c lies between: v -> b */
    } else {
        x = dl_prev(e); /* b lies between: c -> v */
    }
    if (!dm_flippable(s, x)) {
        return 0;
    }
    y = s->half[x];
    dm_flip(s, vedge, x);
    for (k = 0; k < 3; k++) {
        if (dm_push(s, top, 3 * (x / 3) + k) != OG_OK || dm_push(s, top, 3 * (y / 3) + k) != OG_OK) {
            *st = OG_ENOMEM;
        }
    }
    return 1;
}

enum og_status
dm_lawson(struct dl *s, int32_t *vedge, size_t top)
{
    int32_t *tri = s->tri, *half = s->half;

    while (top > 0) {
        int32_t a = s->stack[--top], b = half[a];
        int32_t al, br, pr, pl, p0, p1;

        if (b < 0) {
            continue;
        }
        al = dl_next(a);
        br = dl_next(b);
        pr = tri[a];
        pl = tri[al];
        p0 = tri[dl_prev(a)];
        p1 = tri[dl_prev(b)];
        if (!dl_incircle_positive(dl_pt(s, p0), dl_pt(s, pl), dl_pt(s, pr), dl_pt(s, p1))) {
            continue;
        }
        dm_flip(s, vedge, a);
        if (dm_push(s, &top, a) != OG_OK || dm_push(s, &top, al) != OG_OK ||
            dm_push(s, &top, b) != OG_OK || dm_push(s, &top, br) != OG_OK) {
            return OG_ENOMEM;
        }
    }
    return OG_OK;
}

static enum og_status
dm_run(struct delaunay *d, double *pts, size_t n, const double *target, size_t K, int threads,
       int *arrived, struct og_error *err)
{
    struct dl s;
    int32_t *vedge = NULL;
    unsigned char *todo = NULL;
    int32_t *moved = NULL;
    size_t k, ne = 3 * d->ntriangles, left = 0, nmoved;
    int round;
    enum og_status st = OG_OK;

    *arrived = 0;
    memset(&s, 0, sizeof s);
    s.p = pts;
    s.n = n;
    s.tri = d->triangles;
    s.half = d->halfedges;
    s.nedges = (int32_t)ne;
    s.stack_cap = 256;
    if ((s.hedge = malloc((n > 0 ? n : 1) * sizeof *s.hedge)) == NULL ||
        (vedge = malloc((n > 0 ? n : 1) * sizeof *vedge)) == NULL ||
        (todo = malloc(n > 0 ? n : 1)) == NULL ||
        (moved = malloc((n > 0 ? n : 1) * sizeof *moved)) == NULL ||
        (s.stack = malloc(s.stack_cap * sizeof *s.stack)) == NULL) {
        st = og_error_set(err, OG_ENOMEM, "delaunay: out of memory moving %zu points", n);
        goto done;
    }
    /* vedge, todo and left: in dm_first_pass */
    {
        int far = 0;
        st = dm_first_pass(&s, target, todo, vedge, moved, d->ntriangles, K, threads, &left, &far);
        if (st != OG_OK) {
            goto nomem;
        }
        if (far) {
            goto done; /* far from a small move: triangulating is cheaper */
        }
    }
    for (round = 0; round < DM_ROUNDS && left > 0; round++) {
        size_t top = 0;
        nmoved = 0;
        for (k = 0; k < n; k++) {
            double q[2], *p = pts + 2 * k;
            int h, opened = 0;
            int32_t bad;
            if (!todo[k]) {
                continue;
            }
            q[0] = target[2 * k];
            q[1] = target[2 * k + 1];
            /* Blocked: flip the edge in the way (a few times) and retry;
             * then try shorter steps. The Lawson pass below revisits
             * every edge that a flip or a move touched. */
            while ((bad = dm_star_ok(&s, vedge[k], q)) >= 0 && opened < DM_OPEN &&
                   dm_open(&s, vedge, bad, p, q, &top, &st)) {
                opened++;
            }
            if (st != OG_OK) {
                goto nomem;
            }
            for (h = 0; bad >= 0 && h < DM_HALVINGS; h++) {
                q[0] = 0.5 * (p[0] + q[0]);
                q[1] = 0.5 * (p[1] + q[1]);
                bad = dm_star_ok(&s, vedge[k], q);
            }
            if (bad < 0) {
                p[0] = q[0];
                p[1] = q[1];
                if (h == 0) {
                    todo[k] = 0;
                    left--;
                }
            }
            if (bad < 0 || opened > 0) {
                moved[nmoved++] = (int32_t)k;
            }
        }
        if (nmoved == 0) {
            break; /* stuck */
        }
        {
            /* the edges of the triangles around the points that moved
             * (after those of the opening flips) */
            size_t j;
            for (j = 0; j < nmoved; j++) {
                int32_t e0 = vedge[moved[j]], e = e0;
                do {
                    if (dm_push(&s, &top, e) != OG_OK || dm_push(&s, &top, dl_next(e)) != OG_OK) {
                        goto nomem;
                    }
                    e = s.half[dl_prev(e)];
                } while (e != e0);
            }
            if (dm_lawson(&s, vedge, top) != OG_OK) {
                goto nomem;
            }
        }
    }
    *arrived = left == 0;
    if (*arrived && d->centers != NULL) {
        for (k = 0; k < d->ntriangles; k++) {
            dl_center(dl_pt(&s, s.tri[3 * k]), dl_pt(&s, s.tri[3 * k + 1]),
                      dl_pt(&s, s.tri[3 * k + 2]), d->centers + 2 * k);
        }
    }

    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "delaunay: out of memory moving %zu points", n);
done:
    free(moved);
    free(s.hedge);
    free(s.stack);
    free(vedge);
    free(todo);
    return st;
}

enum og_status
delaunay_move_local(struct delaunay *d, double *pts, size_t n, const double *target,
                    int *arrived, struct og_error *err)
{
    return dm_run(d, pts, n, target, 1, 1, arrived, err);
}

enum og_status
delaunay_move_blocks(struct delaunay *d, double *pts, size_t n, const double *target,
                     size_t nblocks, int threads, int *arrived, struct og_error *err)
{
    return dm_run(d, pts, n, target, nblocks, threads, arrived, err);
}
