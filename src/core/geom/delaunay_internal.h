/* Internal to the Delaunay files (delaunay.c: set-up and API;
 * delaunay_brio.c: insertion order, walk and insertion; delaunay_prep.c:
 * allocation, sorting, degenerate inputs; delaunay_flip.c: Lawson flips,
 * point location and insertion inside the triangulation): the work state
 * of one triangulation and the inline half-edge helpers. */
#ifndef OG_CORE_DELAUNAY_INTERNAL_H
#define OG_CORE_DELAUNAY_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/geom/predicates.h"

/* The inlined predicate filters rely on separately rounded operations (see
 * predicates.c). */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* Work state of one triangulation; points use local (sorted) ids. */
struct dl {
    const double *p;    /* 2 * n local coordinates */
    size_t n;
    int32_t *tri;       /* half-edge -> start point */
    int32_t *half;      /* half-edge -> twin or -1 */
    int32_t nedges;     /* half-edges in use */
    int32_t *hnext;     /* hull successor (counter-clockwise, y down); hnext[p] == p: removed */
    int32_t *hprev;
    int32_t *hedge;     /* hull half-edge starting at p */
    int32_t hull_start; /* a point on the hull */
    int32_t *stack;     /* edges to legalise (at least 2 entries) */
    size_t stack_cap;
    double incircle_static; /* dl_incircle_static_bound of the points (dl_legalize) */
};

/* delaunay_prep.c. dl_alloc: malloc (freed with free()) that asks Linux to
 * fault large blocks in with one call; NULL when out of memory. */
void *dl_alloc(size_t bytes);

/* Stable LSD radix sort of n 64-bit items on their upper 32 bits, using tmp
 * (n items) as scratch; returns the array holding the result (tmp). */
const uint64_t *dl_radix_sort(uint64_t *v, uint64_t *tmp, size_t n);

struct delaunay;

/* The result for points with no three non-collinear (no triangles): the
 * hull lists the distinct points sorted along their line; duplicates are
 * counted in d->nduplicates. OG_ENOMEM with err set when out of memory. */
enum og_status dl_collinear(struct delaunay *d, const double *xy, size_t n,
                            struct og_error *err);

/* Local ids for a result without an insertion: the identity order and a copy of
 * the n points, both malloc'd; OG_ENOMEM (both NULL) when out of memory. */
enum og_status dl_identity(const double *xy, size_t n, int32_t **order, double **pts);

/* Renumber the triangles of s (n local points) by their smallest corner,
 * stable, twins following: the triangles then run along the local order
 * (the Hilbert curve), one pass over the points, instead of in the rounds
 * of the insertion; everything that walks them in memory order (Lloyd's
 * cells and moves, the mesh) gains. The arrays are replaced. OG_OK or
 * OG_ENOMEM (s unchanged). */
enum og_status dl_sort_triangles(struct dl *s, size_t n);

static inline int32_t
dl_min3(const int32_t *t)
{
    int32_t m = t[0] < t[1] ? t[0] : t[1];
    return m < t[2] ? m : t[2];
}

/* Free the work arrays of s that are not handed to the result. */
void dl_free(struct dl *s);

static inline int32_t
dl_next(int32_t e)
{
    return (e % 3 == 2) ? e - 2 : e + 1;
}

static inline int32_t
dl_prev(int32_t e)
{
    return (e % 3 == 0) ? e + 2 : e - 1;
}

static inline const double *
dl_pt(const struct dl *s, int32_t i)
{
    return s->p + 2 * (size_t)i;
}

/* In-circle test of p1 against the circle through p0, pl, pr
 * (counter-clockwise, y up): the filter of predicates_incircle inlined,
 * which decides almost every call; the exact predicate otherwise. */
static inline int
dl_incircle_positive(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1];
    double bdx = b[0] - d[0], bdy = b[1] - d[1];
    double cdx = c[0] - d[0], cdy = c[1] - d[1];
    double bc = bdx * cdy, cb = cdx * bdy;
    double ca = cdx * ady, ac = adx * cdy;
    double ab = adx * bdy, ba = bdx * ady;
    double al = adx * adx + ady * ady;
    double bl = bdx * bdx + bdy * bdy;
    double cl = cdx * cdx + cdy * cdy;
    double det = al * (bc - cb) + bl * (ca - ac) + cl * (ab - ba);
    double perm = (fabs(bc) + fabs(cb)) * al + (fabs(ca) + fabs(ac)) * bl +
                  (fabs(ab) + fabs(ba)) * cl;
    double bound = PREDICATES_INCIRCLE_BOUND * perm;

    if (det > bound) {
        return 1;
    }
    if (-det > bound) {
        return 0;
    }
    return predicates_incircle(a, b, c, d) > 0.0;
}

/* A bound on the in-circle filter's error for any four points whose
 * coordinates differ by at most w in x and h in y: each difference the
 * filter takes is at most D = max(w, h) in size (rounding is monotone), so
 * its permanent is at most 12 D^4 (times a few roundings of 1 + eps), and
 * Shewchuk's bound PREDICATES_INCIRCLE_BOUND times the permanent is below
 * the value returned. +inf (the bound never decides) when D^4 overflows,
 * or comes near underflow, where the bound would not hold. */
static inline double
dl_incircle_static_bound(double w, double h)
{
    double m = w > h ? w : h;
    double b = PREDICATES_INCIRCLE_BOUND * 12.0 * (1.0 + 1e-12) * ((m * m) * (m * m));

    return b > 1e-250 ? b : INFINITY;
}

/* dl_incircle_positive deciding by the static bound sb first (almost
 * always for points spread over their box), then as dl_incircle_positive. */
static inline int
dl_incircle_positive_static(const double *a, const double *b, const double *c,
                            const double *d, double sb)
{
    double adx = a[0] - d[0], ady = a[1] - d[1];
    double bdx = b[0] - d[0], bdy = b[1] - d[1];
    double cdx = c[0] - d[0], cdy = c[1] - d[1];
    double bc = bdx * cdy, cb = cdx * bdy;
    double ca = cdx * ady, ac = adx * cdy;
    double ab = adx * bdy, ba = bdx * ady;
    double al = adx * adx + ady * ady;
    double bl = bdx * bdx + bdy * bdy;
    double cl = cdx * cdx + cdy * cdy;
    double det = al * (bc - cb) + bl * (ca - ac) + cl * (ab - ba);
    double perm, bound;

    if (det > sb) {
        return 1;
    }
    if (-det > sb) {
        return 0;
    }
    perm = (fabs(bc) + fabs(cb)) * al + (fabs(ca) + fabs(ac)) * bl + (fabs(ab) + fabs(ba)) * cl;
    bound = PREDICATES_INCIRCLE_BOUND * perm;
    if (det > bound) {
        return 1;
    }
    if (-det > bound) {
        return 0;
    }
    return predicates_incircle(a, b, c, d) > 0.0;
}

/* orient2d(a, b, c) > 0, filter inlined as above. */
static inline int
dl_orient_positive(const double *a, const double *b, const double *c)
{
    double left = (a[0] - c[0]) * (b[1] - c[1]);
    double right = (a[1] - c[1]) * (b[0] - c[0]);
    double det = left - right;
    double bound = PREDICATES_ORIENT2D_BOUND * (fabs(left) + fabs(right));

    if (det > bound) {
        return 1;
    }
    if (-det > bound) {
        return 0;
    }
    return predicates_orient2d(a, b, c) > 0.0;
}

/* Circumcentre of a, b, c into u[0], u[1] (inf or NaN when degenerate):
 * the offset from a by the usual closed form, then a added. */
static inline void
dl_center(const double *a, const double *b, const double *c, double *u)
{
    double dx = b[0] - a[0], dy = b[1] - a[1];
    double ex = c[0] - a[0], ey = c[1] - a[1];
    double bl = dx * dx + dy * dy, cl = ex * ex + ey * ey;
    double den = 0.5 / (dx * ey - dy * ex);

    u[0] = a[0] + (ey * bl - dy * cl) * den;
    u[1] = a[1] + (dx * cl - ex * bl) * den;
}

/* Make e's twin f (f may be -1: e is then the hull edge from tri[e]). */
static inline void
dl_link(struct dl *s, int32_t e, int32_t f)
{
    s->half[e] = f;
    if (f >= 0) {
        s->half[f] = e;
    } else {
        s->hedge[s->tri[e]] = e;
    }
}

/* Append triangle (a, b, c) and return its first half-edge; twins unset. */
static inline int32_t
dl_add(struct dl *s, int32_t a, int32_t b, int32_t c)
{
    int32_t t = s->nedges;

    s->tri[t] = a;
    s->tri[t + 1] = b;
    s->tri[t + 2] = c;
    s->nedges += 3;
    return t;
}

/* Is hull edge e -> hnext[e] visible from q (q strictly outside it)? */
static inline int
dl_visible(const struct dl *s, int32_t e, const double *q)
{
    return dl_orient_positive(dl_pt(s, e), dl_pt(s, s->hnext[e]), q);
}


/* Grow the legalisation stack (doubling); OG_ENOMEM on failure. */
enum og_status dl_grow_stack(struct dl *s);

/* Restore the Delaunay property after inserting the point at the start of
 * half-edge a's triangle (Lawson flips). OG_OK or OG_ENOMEM. */
enum og_status dl_legalize(struct dl *s, int32_t a);

/* Triangle containing q by a visibility walk from t (see delaunay_flip.c). */
int32_t dl_locate(const struct dl *s, int32_t t, const double *q, double o[3],
                  int32_t *outside);

/* Insert point i lying in the closed triangle t (see delaunay_flip.c). */
enum og_status dl_insert_inside(struct dl *s, int32_t i, int32_t t, const double o[3],
                                int *dup);

/* delaunay_brio.c. dl_hilbert_table fills the lookup table of
 * dl_hilbert, the index of cell (x, y) (each < 2^16) along the Hilbert
 * curve of the 2^16 x 2^16 grid (the classic xy-to-d conversion, four
 * levels a lookup). */
void dl_hilbert_table(uint16_t tab[1024]);
uint32_t dl_hilbert(const uint16_t tab[1024], uint32_t x, uint32_t y);

/* The local ids: input points sorted along a Hilbert
 * curve over box (minx, miny, maxx, maxy); order (n) gets the input id of
 * each local id and pts (2n) its coordinates; keys and tmp (n each) are
 * scratch. */
void dl_hilbert_order(const double *xy, size_t n, const double box[4], uint64_t *keys,
                      uint64_t *tmp, int32_t *order, double *pts);

/* Insertion rounds for n points: the first takes every 2^r-th local id. */
size_t dl_round_count(size_t n);

/* Insert local point p into the triangulation (locating it by a walk
 * from triangle *last, which becomes a triangle near p): split the
 * triangle or edge holding it, or fan it to the hull edges it sees, then
 * legalise. *dup = the point p coincides with (nothing changed), else -1.
 * Errors: OG_ENOMEM, OG_EINVAL if p cannot be located (not expected). */
enum og_status dl_insert_point(struct dl *s, int32_t p, int32_t *last, int32_t *dup,
                               struct og_error *err);

/* --- moves (delaunay_move.c, delaunay_move_blocks.c) ------------------------ */

/* Push edge e (if interior) for the Lawson sweep; OG_ENOMEM on failure. */
static inline enum og_status
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

/* Is triangle (a, b, c) counter-clockwise (y down) with the points of
 * todo 2 at their targets and the others where they are? */
static inline int
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
static inline void
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

/* Flip interior edge a (as dl_legalize does: A = (pr, pl, p0) and B = (pl,
 * pr, p1) become (p1, pl, p0) and (p0, pr, p1)); vedge keeps an edge
 * leaving each of the four points. */
void dm_flip(struct dl *s, int32_t *vedge, int32_t a);

/* Make the stacked edges (top of them) and everything their flips
 * disturb locally Delaunay. OG_OK or OG_ENOMEM. */
enum og_status dm_lawson(struct dl *s, int32_t *vedge, size_t top);

/* The first pass of a move in K fixed blocks of local ids on up to
 * `threads` threads (delaunay_move_blocks.c): todo[v] = 1 for the points
 * to move on entry; on return 0 for those that arrived, *left counts the
 * others, every edge is locally Delaunay for the positions reached, and
 * *far = 1 (nothing swept) when more than n/32 points were held back.
 * OG_OK or OG_ENOMEM. */
enum og_status dm_first_pass(struct dl *s, const double *target, unsigned char *todo,
                             int32_t *vedge, int32_t *moved, size_t nt, size_t K, int threads,
                             size_t *left, int *far);

#endif
