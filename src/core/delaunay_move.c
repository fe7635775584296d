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
 * triangulates from scratch when some point does not arrive. */
#include "config.h"

#include "core/delaunay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/delaunay_internal.h"
#include "core/parallel.h"
#include "core/predicates.h"

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

/* Flip interior edge a (as dl_legalize does: A = (pr, pl, p0) and B = (pl,
 * pr, p1) become (p1, pl, p0) and (p0, pr, p1)); vedge keeps an edge
 * leaving each of the four points. */
static void
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

/* Push edge e (if interior) for the Lawson sweep; OG_ENOMEM on failure. */
static enum og_status
dm_push(struct dl *s, size_t *top, int32_t e)
{
    if (s->half[e] < 0) {
        return OG_OK;
    }
    if (*top == s->stack_cap && dl_grow_stack(s) != OG_OK) {
        return OG_ENOMEM;
    }
    s->stack[(*top)++] = e;
    return OG_OK;
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

/* Is triangle (a, b, c) counter-clockwise (y down) with the points of
 * todo 2 at their targets and the others where they are? */
static int
dm_tri_ok(const double *pts, const double *target, const unsigned char *todo, int32_t a,
          int32_t b, int32_t c)
{
    const double *pa = (todo[a] == 2 ? target : pts) + 2 * (size_t)a;
    const double *pb = (todo[b] == 2 ? target : pts) + 2 * (size_t)b;
    const double *pc = (todo[c] == 2 ? target : pts) + 2 * (size_t)c;

    return dl_orient_positive(pa, pc, pb);
}

/* Hold back the tentatively moved points among v[0..2] (todo 2 -> 1) and
 * queue them for their stars to be checked. */
static void
dm_hold(unsigned char *todo, int32_t *queue, size_t *nq, const int32_t *v)
{
    int k;

    for (k = 0; k < 3; k++) {
        if (todo[v[k]] == 2) {
            todo[v[k]] = 1;
            queue[(*nq)++] = v[k];
        }
    }
}

/* Make the stacked edges and everything their flips disturb locally
 * Delaunay. */
static enum og_status
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

/* --- blocks: the first pass in parallel ---------------------------------------
 *
 * The points are cut into K blocks of local ids (v * K / n). A triangle
 * whose three corners lie in block b is b's; the others are mixed. A
 * point none of whose triangles is mixed moves in its block's task (with
 * the hold of the serial pass), and each block then sweeps the edges of
 * its triangles, flipping only where both triangles are its own (a flip
 * keeps them its own). An edge that wants a flip across a mixed triangle
 * is deferred. Nothing a block writes is read by another: the corners of
 * mixed triangles never move in this pass, mixed triangles never flip,
 * and a twin link of a mixed triangle across an edge of b is written by b
 * only. The deferred edges, then the points that could not move (all
 * mixed triangles' corners among them), go through the serial passes in
 * a fixed order: the result does not depend on the thread count. With one
 * block this is the serial algorithm, step for step. */

#define DM_MIXED 255

struct dm_block {
    struct dl s;          /* a copy with its own stack */
    int32_t *def;         /* deferred edges */
    size_t ndef, capdef, arrived;
    enum og_status st;
};

struct dm_par {
    struct dl *s;
    const double *target;
    unsigned char *todo;
    int32_t *vedge, *moved;
    size_t K, n;
    const unsigned char *owner;
    const int32_t *list;
    const size_t *lfirst;
    struct dm_block *blk;
};

static inline size_t
dm_block_start(size_t b, size_t K, size_t n)
{
    return (b * n + K - 1) / K;
}

static enum og_status
dm_defer(struct dm_block *B, int32_t e)
{
    if (B->ndef == B->capdef) {
        size_t cap = 2 * B->capdef + 64;
        int32_t *nd = realloc(B->def, cap * sizeof *nd);
        if (nd == NULL) {
            return OG_ENOMEM;
        }
        B->def = nd;
        B->capdef = cap;
    }
    B->def[B->ndef++] = e;
    return OG_OK;
}

/* dm_lawson within block b: a flip that needs a mixed triangle is
 * deferred instead. */
static enum og_status
dm_lawson_block(struct dm_block *B, int32_t *vedge, size_t top, const unsigned char *owner,
                unsigned char b)
{
    struct dl *s = &B->s;
    int32_t *tri = s->tri, *half = s->half;

    while (top > 0) {
        int32_t a = s->stack[--top], c = half[a];
        int32_t al, br, pr, pl, p0, p1;

        if (c < 0) {
            continue;
        }
        al = dl_next(a);
        br = dl_next(c);
        pr = tri[a];
        pl = tri[al];
        p0 = tri[dl_prev(a)];
        p1 = tri[dl_prev(c)];
        if (!dl_incircle_positive(dl_pt(s, p0), dl_pt(s, pl), dl_pt(s, pr), dl_pt(s, p1))) {
            continue;
        }
        if (owner[a / 3] != b || owner[c / 3] != b) {
            if (dm_defer(B, a) != OG_OK) {
                return OG_ENOMEM;
            }
            continue;
        }
        dm_flip(s, vedge, a);
        if (dm_push(s, &top, a) != OG_OK || dm_push(s, &top, al) != OG_OK ||
            dm_push(s, &top, c) != OG_OK || dm_push(s, &top, br) != OG_OK) {
            return OG_ENOMEM;
        }
    }
    return OG_OK;
}

/* Region 1, block b: everyone of the block's movable points jumps at once,
 * but a point in a triangle that would turn over stays behind (todo 2:
 * tentatively at the target), with the points around it rechecked; one
 * pass over the block's triangles in memory order, then the held points'
 * stars. */
static enum og_status
dm_jump_block(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct dm_par *P = arg;
    const struct dl *s = P->s;
    double *pts = (double *)s->p;
    unsigned char *todo = P->todo;
    size_t p0 = dm_block_start(b, P->K, P->n), p1 = dm_block_start(b + 1, P->K, P->n);
    int32_t *queue = P->moved + p0;
    size_t nq = 0, j, k, done = 0;

    (void)begin;
    (void)end;
    (void)err;
    for (j = P->lfirst[b]; j < P->lfirst[b + 1]; j++) {
        const int32_t *v = s->tri + 3 * (size_t)P->list[j];
        if (!dm_tri_ok(pts, P->target, todo, v[0], v[1], v[2])) {
            dm_hold(todo, queue, &nq, v);
        }
    }
    while (nq > 0) {
        int32_t u = queue[--nq], e0 = P->vedge[u], e = e0;
        do {
            int32_t w[3];
            w[0] = u;
            w[1] = s->tri[dl_next(e)];
            w[2] = s->tri[dl_prev(e)];
            if (!dm_tri_ok(pts, P->target, todo, w[0], w[1], w[2])) {
                dm_hold(todo, queue, &nq, w);
            }
            e = s->half[dl_prev(e)];
        } while (e != e0);
    }
    for (k = p0; k < p1; k++) {
        if (todo[k] == 2) {
            pts[2 * k] = P->target[2 * k];
            pts[2 * k + 1] = P->target[2 * k + 1];
            todo[k] = 0;
            done++;
        }
    }
    P->blk[b].arrived = done;
    return OG_OK;
}

/* Region 2, block b: every edge of the block's triangles once, the
 * in-circle test here, the flips and what they disturb in
 * dm_lawson_block (which tests the edge again). */
static enum og_status
dm_sweep_block(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    const struct dm_par *P = arg;
    struct dm_block *B = &P->blk[b];
    struct dl *s = &B->s;
    const unsigned char *owner = P->owner;
    size_t j;

    (void)begin;
    (void)end;
    (void)err;
    for (j = P->lfirst[b]; j < P->lfirst[b + 1] && B->st == OG_OK; j++) {
        int32_t e0 = 3 * P->list[j], k;
        for (k = 0; k < 3; k++) {
            int32_t e = e0 + k, f = s->half[e];
            size_t top = 0;
            int own;
            if (f < 0) {
                continue;
            }
            own = owner[f / 3] == (unsigned char)b;
            if ((own && f <= e) ||
                !dl_incircle_positive(dl_pt(s, s->tri[dl_prev(e)]), dl_pt(s, s->tri[dl_next(e)]),
                                      dl_pt(s, s->tri[e]), dl_pt(s, s->tri[dl_prev(f)]))) {
                continue;
            }
            if (!own) {
                B->st = dm_defer(B, e);
            } else if (dm_push(s, &top, e) != OG_OK ||
                       dm_lawson_block(B, P->vedge, top, owner, (unsigned char)b) != OG_OK) {
                B->st = OG_ENOMEM;
            }
        }
    }
    return OG_OK;
}

/* Owners of the triangles, each block's own triangles in increasing order
 * (list, lfirst[K + 1]) and the corners of mixed triangles (frontier). */
static void
dm_owners(const struct dl *s, size_t nt, size_t K, size_t n, unsigned char *owner,
          int32_t *list, size_t *lfirst, unsigned char *frontier)
{
    size_t t, b;

    memset(frontier, 0, n);
    for (b = 0; b <= K; b++) {
        lfirst[b] = 0;
    }
    for (t = 0; t < nt; t++) {
        const int32_t *v = s->tri + 3 * t;
        size_t l0 = (size_t)v[0] * K / n, l1 = (size_t)v[1] * K / n, l2 = (size_t)v[2] * K / n;
        if (l0 == l1 && l1 == l2) {
            owner[t] = (unsigned char)l0;
            lfirst[l0 + 1]++;
        } else {
            owner[t] = DM_MIXED;
            frontier[v[0]] = frontier[v[1]] = frontier[v[2]] = 1;
        }
    }
    for (b = 0; b < K; b++) {
        lfirst[b + 1] += lfirst[b];
    }
    for (t = 0; t < nt; t++) {
        if (owner[t] != DM_MIXED) {
            list[lfirst[owner[t]]++] = (int32_t)t;
        }
    }
    for (b = K; b > 0; b--) {
        lfirst[b] = lfirst[b - 1];
    }
    lfirst[0] = 0;
}

static enum og_status
dm_run(struct delaunay *d, double *pts, size_t n, const double *target, size_t K, int threads,
       int *arrived, struct og_error *err)
{
    struct dl s;
    int32_t *vedge = NULL;
    unsigned char *todo = NULL;
    int32_t *moved = NULL, *list = NULL;
    unsigned char *owner = NULL, *frontier = NULL;
    size_t *lfirst = NULL;
    struct dm_block *blk = NULL;
    size_t k, ne = 3 * d->ntriangles, left = 0, nmoved, nfront = 0;
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
    for (k = 0; k < n; k++) {
        vedge[k] = -1;
    }
    for (k = 0; k < ne; k++) {
        vedge[s.tri[k]] = (int32_t)k;
    }
    for (k = 0; k < ne; k++) {
        if (s.half[k] < 0) {
            vedge[s.tri[k]] = -1; /* hull points stay */
        }
    }
    for (k = 0; k < n; k++) {
        todo[k] = vedge[k] >= 0 &&
                  (pts[2 * k] != target[2 * k] || pts[2 * k + 1] != target[2 * k + 1]);
        left += todo[k];
    }
    if (K < 1 || n < K) {
        K = 1;
    }
    if (K > DM_MIXED) {
        K = DM_MIXED;
    }
    owner = malloc((d->ntriangles > 0 ? d->ntriangles : 1));
    list = malloc((d->ntriangles > 0 ? d->ntriangles : 1) * sizeof *list);
    frontier = malloc(n > 0 ? n : 1);
    lfirst = malloc((K + 1) * sizeof *lfirst);
    blk = calloc(K, sizeof *blk);
    if (owner == NULL || list == NULL || frontier == NULL || lfirst == NULL || blk == NULL) {
        goto nomem;
    }
    dm_owners(&s, d->ntriangles, K, n, owner, list, lfirst, frontier);
    for (k = 0; k < n; k++) {
        todo[k] = todo[k] ? (frontier[k] ? 1 : 2) : 0;
        nfront += todo[k] == 1;
    }
    {
        struct dm_par P = { &s, target, todo, vedge, moved, K, n, owner, list, lfirst, blk };
        size_t b;
        (void)og_parallel_for(threads, K, 1, dm_jump_block, &P, NULL, 0.0, 1.0, NULL);
        for (b = 0; b < K; b++) {
            left -= blk[b].arrived;
        }
        if (left - nfront > n / 32) {
            goto done; /* far from a small move: triangulating is cheaper */
        }
        for (b = 0; b < K; b++) {
            blk[b].s = s;
            blk[b].s.stack_cap = 256;
            if ((blk[b].s.stack = malloc(256 * sizeof *blk[b].s.stack)) == NULL) {
                goto nomem;
            }
        }
        (void)og_parallel_for(threads, K, 1, dm_sweep_block, &P, NULL, 0.0, 1.0, NULL);
        /* the deferred edges, block by block */
        for (b = 0; b < K; b++) {
            size_t j, top = 0;
            if (blk[b].st != OG_OK) {
                goto nomem;
            }
            for (j = 0; j < blk[b].ndef; j++) {
                if (dm_push(&s, &top, blk[b].def[j]) != OG_OK) {
                    goto nomem;
                }
            }
            if (dm_lawson(&s, vedge, top) != OG_OK) {
                goto nomem;
            }
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
    if (blk != NULL) {
        for (k = 0; k < K; k++) {
            free(blk[k].s.stack);
            free(blk[k].def);
        }
    }
    free(blk);
    free(owner);
    free(list);
    free(frontier);
    free(lfirst);
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
