/* delaunay_move_blocks: the first pass of delaunay_move's moves (everyone
 * jumps at once, then a sweep of Lawson flips over every edge) in fixed
 * blocks, in parallel.
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
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/geom/delaunay.h"
#include "core/geom/delaunay_internal.h"
#include "core/base/parallel.h"

#define DM_MIXED 255

struct dm_block {
    struct dl s;          /* a copy with its own stack */
    int32_t *def;         /* deferred edges */
    size_t ndef, capdef, arrived, movers;
    int32_t *hull;        /* frontier points on a hull edge of the block's triangles */
    size_t nhull, caphull;
    enum og_status st;
};

struct dm_par {
    struct dl *s;
    const double *target;
    unsigned char *todo;
    int32_t *vedge, *moved;
    size_t K, n;
    const unsigned char *owner, *frontier;
    const int32_t *list;
    const size_t *lfirst;
    struct dm_block *blk;
};

static inline size_t
dm_block_start(size_t b, size_t K, size_t n)
{
    return (b * n + K - 1) / K;
}

/* Append e to a growing list (*v, *nv entries, room for *cap). */
static enum og_status
dm_append(int32_t **v, size_t *nv, size_t *cap, int32_t e)
{
    if (*nv == *cap) {
        size_t c = 2 * *cap + 64;
        int32_t *nd = realloc(*v, c * sizeof *nd);
        if (nd == NULL) {
            return OG_ENOMEM;
        }
        *v = nd;
        *cap = c;
    }
    (*v)[(*nv)++] = e;
    return OG_OK;
}

/* The block of point v: v * K / n, without the division for two blocks
 * (the same values). */
static inline size_t
dm_block_of(size_t v, size_t K, size_t n)
{
    return K == 2 ? 2 * v >= n : v * K / n;
}

static enum og_status
dm_defer(struct dm_block *B, int32_t e)
{
    return dm_append(&B->def, &B->ndef, &B->capdef, e);
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
    int32_t *queue = P->moved + p0, *vedge = P->vedge;
    size_t nq = 0, j, k, done = 0, movers = 0;

    (void)begin;
    (void)end;
    (void)err;
    /* An edge leaving each point, the last in memory order (the frontier's
     * are finished serially, over the mixed triangles); -1 on the hull
     * (hull points stay) and for unused points. Points to move: todo 2
     * (1 on the frontier: they move later). */
    for (k = p0; k < p1; k++) {
        vedge[k] = -1;
    }
    for (j = P->lfirst[b]; j < P->lfirst[b + 1]; j++) {
        int32_t e = 3 * P->list[j];
        vedge[s->tri[e]] = e;
        vedge[s->tri[e + 1]] = e + 1;
        vedge[s->tri[e + 2]] = e + 2;
    }
    for (j = P->lfirst[b]; j < P->lfirst[b + 1]; j++) {
        int32_t e = 3 * P->list[j], i;
        for (i = e; i < e + 3; i++) {
            if (s->half[i] < 0) {
                vedge[s->tri[i]] = -1;
                if (P->frontier[s->tri[i]] &&
                    dm_append(&P->blk[b].hull, &P->blk[b].nhull, &P->blk[b].caphull,
                              s->tri[i]) != OG_OK) {
                    P->blk[b].st = OG_ENOMEM;
                }
            }
        }
    }
    for (k = p0; k < p1; k++) {
        if (P->frontier[k]) {
            todo[k] = 1;
            continue;
        }
        todo[k] = vedge[k] >= 0 && (pts[2 * k] != P->target[2 * k] ||
                                    pts[2 * k + 1] != P->target[2 * k + 1])
                      ? 2
                      : 0;
        movers += todo[k] != 0;
    }
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
    P->blk[b].movers = movers;
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
          int32_t *list, size_t *lfirst, unsigned char *frontier, int32_t *mixed, size_t *nmixed)
{
    size_t t, b;

    memset(frontier, 0, n);
    for (b = 0; b <= K; b++) {
        lfirst[b] = 0;
    }
    for (t = 0; t < nt; t++) {
        const int32_t *v = s->tri + 3 * t;
        size_t l0 = dm_block_of((size_t)v[0], K, n), l1 = dm_block_of((size_t)v[1], K, n);
        size_t l2 = dm_block_of((size_t)v[2], K, n);
        if (l0 == l1 && l1 == l2) {
            owner[t] = (unsigned char)l0;
            lfirst[l0 + 1]++;
        } else {
            owner[t] = DM_MIXED;
            frontier[v[0]] = frontier[v[1]] = frontier[v[2]] = 1;
            mixed[(*nmixed)++] = (int32_t)t;
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


enum og_status
dm_first_pass(struct dl *s, const double *target, unsigned char *todo, int32_t *vedge,
              int32_t *moved, size_t nt, size_t K, int threads, size_t *left, int *far)
{
    size_t n = s->n, j, b, nfront = 0, nmixed = 0;
    unsigned char *owner, *frontier;
    int32_t *list, *mixed;
    size_t *lfirst;
    struct dm_block *blk;
    enum og_status st = OG_OK;

    *far = 0;
    if (K < 1 || n < K) {
        K = 1;
    }
    if (K > DM_MIXED) {
        K = DM_MIXED;
    }
    owner = malloc(nt > 0 ? nt : 1);
    list = malloc((nt > 0 ? nt : 1) * sizeof *list);
    mixed = malloc((nt > 0 ? nt : 1) * sizeof *mixed);
    frontier = malloc(n > 0 ? n : 1);
    lfirst = malloc((K + 1) * sizeof *lfirst);
    blk = calloc(K, sizeof *blk);
    if (owner == NULL || list == NULL || mixed == NULL || frontier == NULL || lfirst == NULL ||
        blk == NULL) {
        st = OG_ENOMEM;
        goto done;
    }
    dm_owners(s, nt, K, n, owner, list, lfirst, frontier, mixed, &nmixed);
    {
        struct dm_par P = { s, target, todo, vedge, moved, K, n, owner, frontier, list, lfirst,
                            blk };
        (void)og_parallel_for(threads, K, 1, dm_jump_block, &P, NULL, 0.0, 1.0, NULL);
        /* The frontier's edges: the last in memory order over all
         * triangles, -1 on the hull; then which of them move. */
        for (j = 0; j < nmixed; j++) {
            int32_t e = 3 * mixed[j], i;
            for (i = e; i < e + 3; i++) {
                vedge[s->tri[i]] = i > vedge[s->tri[i]] ? i : vedge[s->tri[i]];
            }
        }
        for (j = 0; j < nmixed; j++) {
            int32_t e = 3 * mixed[j], i;
            for (i = e; i < e + 3; i++) {
                if (s->half[i] < 0) {
                    vedge[s->tri[i]] = -1;
                }
            }
        }
        for (b = 0; b < K; b++) {
            if (blk[b].st != OG_OK) {
                st = OG_ENOMEM;
                goto done;
            }
            for (j = 0; j < blk[b].nhull; j++) {
                vedge[blk[b].hull[j]] = -1;
            }
        }
        for (j = 0; j < nmixed; j++) {
            const int32_t *v = s->tri + 3 * (size_t)mixed[j];
            int i;
            for (i = 0; i < 3; i++) {
                size_t q = (size_t)v[i];
                if (todo[q] == 1 && frontier[q] == 1) {
                    todo[q] = vedge[q] >= 0 && (s->p[2 * q] != target[2 * q] ||
                                                s->p[2 * q + 1] != target[2 * q + 1]);
                    frontier[q] = 2; /* decided */
                    nfront += todo[q];
                }
            }
        }
        *left = nfront;
        for (b = 0; b < K; b++) {
            *left += blk[b].movers - blk[b].arrived;
        }
        /* the points held back, not those waiting on a border */
        if (*left - nfront > n / 32) {
            *far = 1;
            goto done;
        }
        for (b = 0; b < K; b++) {
            blk[b].s = *s;
            blk[b].s.stack_cap = 256;
            if ((blk[b].s.stack = malloc(256 * sizeof *blk[b].s.stack)) == NULL) {
                st = OG_ENOMEM;
                goto done;
            }
        }
        (void)og_parallel_for(threads, K, 1, dm_sweep_block, &P, NULL, 0.0, 1.0, NULL);
    }
    /* the deferred edges, block by block */
    for (b = 0; b < K; b++) {
        size_t top = 0;
        if (blk[b].st != OG_OK) {
            st = OG_ENOMEM;
            goto done;
        }
        for (j = 0; j < blk[b].ndef; j++) {
            if (dm_push(s, &top, blk[b].def[j]) != OG_OK) {
                st = OG_ENOMEM;
                goto done;
            }
        }
        if (dm_lawson(s, vedge, top) != OG_OK) {
            st = OG_ENOMEM;
            goto done;
        }
    }
done:
    if (blk != NULL) {
        for (b = 0; b < K; b++) {
            free(blk[b].s.stack);
            free(blk[b].def);
            free(blk[b].hull);
        }
    }
    free(blk);
    free(owner);
    free(list);
    free(mixed);
    free(frontier);
    free(lfirst);
    return st;
}
