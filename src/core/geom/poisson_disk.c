#include "config.h"
#include "core/geom/poisson_disk.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/base/detmath.h"
#include "core/geom/poisson_disk_cube.h"
#include "core/base/progress.h"
#include "core/base/rng.h"

/* Cube-map buckets: a sample belongs to the cube face of its largest
 * coordinate and to a cell of an N x N grid on that face, in S2's quadratic
 * (u, v) -> (s, t) coordinates (Google S2 geometry), whose cells are nearly
 * equal in area. A cell of an M x M grid is at least S2_MIN_WIDTH / M
 * radians wide between opposite edges. The order grid (Nc per side) is
 * chosen so that this exceeds the reach of a gather (twice the radius,
 * CUBE_MARGIN); the gather grid has N = 2 Nc, cells at least 0.55 reach
 * wide, so every sample within the reach of a parent lies in the 5 x 5
 * cells around it on its face (it crosses at most one whole cell between),
 * or, for a parent within the reach of a face edge, near that edge on the
 * neighbouring face. The finer grid reads about 30 % fewer samples a
 * gather than 3 x 3 cells of the order grid. The cells are a dense array
 * of sample indices walked row by row: no hashing. Expected O(1) per
 * gather, O(n) in all. */
#define S2_MIN_WIDTH 0.9428090415820634 /* 2 sqrt(2) / 3 */
#define CUBE_MARGIN 0.9                  /* cells a tenth wider than needed */
#define CUBE_MIN_N 8                     /* below: few samples, scan them all */
#define POISSON_DISK_EPS 1e-6            /* candidates at r (1 + eps) */

#include "core/geom/poisson_disk_gather.h"

static enum og_status
add_point(struct sampler *s, const double *q, struct og_error *err)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        double *pts;
        int32_t *next;
        if (cap > POISSON_DISK_MAX_POINTS) {
            cap = POISSON_DISK_MAX_POINTS;
        }
        if (s->n >= cap) {
            return og_error_set(err, OG_ERANGE, "poisson disk: more than %d samples",
                                POISSON_DISK_MAX_POINTS);
        }
        pts = realloc(s->pts, cap * 3 * sizeof *pts);
        if (pts == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", cap);
        }
        s->pts = pts;
        next = realloc(s->next, cap * sizeof *next);
        if (next == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", cap);
        }
        s->next = next;
        if (s->order != NULL) {
            uint32_t *order = realloc(s->order, cap * sizeof *order);
            if (order == NULL) {
                return og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples",
                                    cap);
            }
            s->order = order;
        }
        s->cap = cap;
    }
    memcpy(&s->pts[3 * s->n], q, 3 * sizeof *q);
    if (s->N > 0) {
        int b, c, f = cube_face(q, &b, &c), i, j;
        size_t cell;
        cube_cell_on(s->N, q, f, &i, &j);
        cell = cube_index(s->N, f, i, j);
        /* the order grid's cell: N = 2 Nc, so the gather grid's
         * coordinate is exactly twice the order grid's, and halving the
         * clamped index gives the order grid's clamped index */
        i = i < 0 ? 0 : (i >= s->N ? s->N - 1 : i);
        j = j < 0 ? 0 : (j >= s->N ? s->N - 1 : j);
        s->order[s->n] = (uint32_t)(((size_t)f * (size_t)s->Nc + (size_t)(i >> 1)) * (size_t)s->Nc
                                    + (size_t)(j >> 1));
        if (s->count[cell] < CELL_CAP) {
            struct cell *cl = &s->cell[cell];
            unsigned k = s->count[cell];
            cl->x[k] = (float)q[0];
            cl->y[k] = (float)q[1];
            cl->z[k] = (float)q[2];
            cl->idx[k] = (int32_t)s->n;
        } else {
            s->next[s->n] = s->head[cell];
            s->head[cell] = (int32_t)s->n;
        }
        /* counts past CELL_CAP only say that the overflow list is used */
        s->count[cell] += s->count[cell] < 255;
    }
    s->n++;
    return OG_OK;
}

/* Uniform unit vector by Marsaglia's method (1972): (x, y) uniform in the
 * unit disc by rejection, s = x^2 + y^2, then (2x sqrt(1-s), 2y sqrt(1-s),
 * 1 - 2s). Only + - * / and sqrt: the same bits everywhere. */
static void
random_unit(struct rng *r, double *q)
{
    double x, y, s, f;
    do {
        x = 2.0 * rng_next_double(r) - 1.0;
        y = 2.0 * rng_next_double(r) - 1.0;
        s = x * x + y * y;
    } while (s >= 1.0);
    f = 2.0 * sqrt(1.0 - s);
    q[0] = x * f;
    q[1] = y * f;
    q[2] = 1.0 - 2.0 * s;
}

/* An orthonormal tangent basis (t1, t2) at unit vector p. */
static void
tangent_basis(const double *p, double *t1, double *t2)
{
    double a[3] = { 1.0, 0.0, 0.0 };
    double l;
    if (fabs(p[0]) > 0.6) {
        a[0] = 0.0;
        a[1] = 1.0;
    }
    /* t1 = normalise(a x p), t2 = p x t1 */
    t1[0] = a[1] * p[2] - a[2] * p[1];
    t1[1] = a[2] * p[0] - a[0] * p[2];
    t1[2] = a[0] * p[1] - a[1] * p[0];
    l = sqrt(t1[0] * t1[0] + t1[1] * t1[1] + t1[2] * t1[2]);
    t1[0] /= l;
    t1[1] /= l;
    t1[2] /= l;
    t2[0] = p[1] * t1[2] - p[2] * t1[1];
    t2[1] = p[2] * t1[0] - p[0] * t1[2];
    t2[2] = p[0] * t1[1] - p[1] * t1[0];
}

double
poisson_disk_radius_for_count(size_t count)
{
    return sqrt(POISSON_DISK_DENSITY / (double)(count > 0 ? count : 1));
}

enum og_status
poisson_disk_sphere(double **xyz, size_t *n, double radius, int k, struct rng *r,
                    struct run_ctx *ctx, struct og_error *err)
{
    struct sampler s;
    struct gather g;
    int32_t *active = NULL;
    size_t nactive = 0, active_cap = 0;
    double expected, q[3], *ring = NULL, *ca_of = NULL, *sa_of, sin_d, cos_d, chord, cos_r_test;
    uint8_t *blocked = NULL;
    size_t ng;
    enum og_status st = OG_OK;
    int j, m;

    *xyz = NULL;
    *n = 0;
    memset(&s, 0, sizeof s);
    memset(&g, 0, sizeof g);
    if (!(radius >= 1e-4 && radius <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "poisson disk radius %g rad outside [0.0001, 1]",
                            radius);
    }
    if (k < 1 || k > 1000) {
        return og_error_set(err, OG_ERANGE, "poisson disk candidates %d outside [1, 1000]", k);
    }
    expected = POISSON_DISK_DENSITY / (radius * radius);
    if (expected > POISSON_DISK_MAX_POINTS) {
        return og_error_set(err, OG_ERANGE,
                            "poisson disk radius %g rad gives about %.0f samples, over %d",
                            radius, expected, POISSON_DISK_MAX_POINTS);
    }
    /* Two unit vectors are closer than the radius (arc) when their chord is
     * below 2 sin(r/2), i.e. when their dot product exceeds 1 - chord^2/2
     * = cos r. Candidates are tested in the parent's frame before they are
     * normalised (their length is 1 within a few ulp); the margin, far
     * above that rounding (a few ulp of 1, absolute) and far below any
     * spacing that matters, keeps
     * every accepted, normalised pair at least the radius apart. */
    chord = 2.0 * det_sin(radius / 2.0);
    cos_r_test = (1.0 - 0.5 * chord * chord) - 1e-12 * chord * chord - 1e-14;
    /* every candidate lies on the geodesic circle of radius
     * d = r (1 + eps) around its parent (Roberts 2019), so a sample closer
     * than r to a candidate is closer than d + r to the parent: the
     * gather reach, with room for rounding */
    det_sincos(radius * (1.0 + POISSON_DISK_EPS), &sin_d, &cos_d);
    {
        double reach = 2.0 * radius * (1.0 + 1e-4), gc = 2.0 * det_sin(reach / 2.0);
        double nf = floor(CUBE_MARGIN * S2_MIN_WIDTH / reach);
        s.gather2 = gc * gc;
        /* The float test: coordinates within 2^-24 of the doubles (|c| <=
         * 1), so a float chord within 4e-7 of the exact one, and its
         * square within a few float ulps: a margin of 1e-5 on the chord
         * and 1e-4 relative covers both at every radius. */
        s.gather2f = (float)((gc + 1e-5) * (gc + 1e-5) * 1.0001);
        s.edge_gap = sqrt(2.0) * det_sin(reach) * 1.0001;
        s.Nc = nf >= CUBE_MIN_N ? (int)nf : 0;
        s.N = 2 * s.Nc;
    }
    s.cap = (size_t)(expected * 1.25) + 16;
    if (s.cap > POISSON_DISK_MAX_POINTS) {
        s.cap = POISSON_DISK_MAX_POINTS;
    }
    s.pts = malloc(s.cap * 3 * sizeof *s.pts);
    s.next = malloc(s.cap * sizeof *s.next);
    s.order = s.N > 0 ? malloc(s.cap * sizeof *s.order) : NULL;
    s.head = s.N > 0 ? malloc((size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.head) : NULL;
    s.count = s.N > 0 ? calloc((size_t)6 * (size_t)s.N * (size_t)s.N, 1) : NULL;
    /* 64-byte aligned (one cache line a cell; malloc promises 16), and
     * zeroed: the unused places of a cell hold finite floats */
    s.cell = s.N > 0 ? aligned_alloc(_Alignof(struct cell),
                                     (size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.cell)
                     : NULL;
    if (s.cell != NULL)
        memset(s.cell, 0, (size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.cell);
    active_cap = s.cap;
    active = malloc(active_cap * sizeof *active);
    ring = malloc(2 * (size_t)k * sizeof *ring);
    ca_of = malloc(2 * (size_t)k * sizeof *ca_of);
    sa_of = ca_of != NULL ? ca_of + k : NULL;
    blocked = malloc((size_t)k);
    g.cap = 64;
    g.nb = malloc(g.cap * sizeof *g.nb);
    g.icap = 256;
    g.idx = malloc(g.icap * sizeof *g.idx);
    if (s.pts == NULL || s.next == NULL
        || (s.N > 0 && (s.head == NULL || s.count == NULL || s.cell == NULL || s.order == NULL)) || active == NULL
        || ring == NULL || ca_of == NULL || blocked == NULL || g.nb == NULL || g.idx == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", s.cap);
        goto fail;
    }
    if (s.N > 0) {
        memset(s.head, 0xff, (size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.head);
    }
    /* k directions evenly spaced on the circle, turned by a random angle
     * for each parent */
    for (j = 0; j < k; j++) {
        det_sincos(2.0 * M_PI * j / k, &ring[2 * j + 1], &ring[2 * j]);
    }

    random_unit(r, q);
    if ((st = add_point(&s, q, err)) != OG_OK) {
        goto fail;
    }
    active[nactive++] = 0;
    while (nactive > 0) {
        uint32_t ai = rng_next_below(r, (uint32_t)nactive);
        int32_t pi = active[ai];
        double p[3], t1[3], t2[3], c0, s0, l;

        /* The parent leaves the active list after one sweep of its circle:
         * the sweep takes every free candidate, and adding samples only
         * takes free space away, so a second sweep would find nothing. */
        active[ai] = active[--nactive];
        memcpy(p, &s.pts[3 * (size_t)pi], sizeof p);
        tangent_basis(p, t1, t2);
        for (m = 0; m < 3; m++) {
            t1[m] *= sin_d;
            t2[m] *= sin_d;
        }
        g.p = p;
        g.parent = pi;
        g.t1 = t1;
        g.t2 = t2;
        g.cos_d = cos_d;
        if (gather_near(&s, &g) != 0) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for poisson disk");
            goto fail;
        }
        /* a random turn of the ring: a uniform point of the unit disc by
         * rejection, normalised */
        do {
            c0 = 2.0 * rng_next_double(r) - 1.0;
            s0 = 2.0 * rng_next_double(r) - 1.0;
            l = c0 * c0 + s0 * s0;
        } while (l > 1.0 || l < 1e-12);
        l = 1.0 / sqrt(l);
        c0 *= l;
        s0 *= l;
        /* The candidates of the turned ring, each tested against every
         * gathered sample at once (two candidates a step): a candidate is
         * free when no sample has P + ca U + sa V above the test. Then in
         * ring order each free one is also tested against the samples
         * this sweep added before it, and taken. */
        ng = g.n;
        for (j = 0; j < k; j++) {
            ca_of[j] = ring[2 * j] * c0 - ring[2 * j + 1] * s0;
            sa_of[j] = ring[2 * j] * s0 + ring[2 * j + 1] * c0;
        }
        j = 0;
#ifdef __SSE2__
        {
            const __m128d lim = _mm_set1_pd(cos_r_test);
            for (; j + 2 <= k; j += 2) {
                __m128d a = _mm_loadu_pd(ca_of + j), b = _mm_loadu_pd(sa_of + j);
                __m128d acc = _mm_setzero_pd();
                size_t e;
                for (e = 0; e < ng; e++) {
                    __m128d t = _mm_add_pd(
                        _mm_add_pd(_mm_load1_pd(&g.nb[e].P), _mm_mul_pd(a, _mm_load1_pd(&g.nb[e].U))),
                        _mm_mul_pd(b, _mm_load1_pd(&g.nb[e].V)));
                    acc = _mm_or_pd(acc, _mm_cmpgt_pd(t, lim));
                }
                m = _mm_movemask_pd(acc);
                blocked[j] = (uint8_t)(m & 1);
                blocked[j + 1] = (uint8_t)(m >> 1);
            }
        }
#endif
        for (; j < k; j++) {
            size_t e;
            blocked[j] = 0;
            for (e = 0; e < ng; e++) {
                blocked[j] |= g.nb[e].P + ca_of[j] * g.nb[e].U + sa_of[j] * g.nb[e].V > cos_r_test;
            }
        }
        for (j = 0; j < k; j++) {
            double ca = ca_of[j], sa = sa_of[j];
            size_t e;
            if (blocked[j]) {
                continue;
            }
            for (e = ng; e < g.n; e++) {
                const struct near *b = &g.nb[e];
                if (b->P + ca * b->U + sa * b->V > cos_r_test) {
                    break;
                }
            }
            if (e < g.n) {
                continue;
            }
            for (m = 0; m < 3; m++) {
                q[m] = cos_d * p[m] + ca * t1[m] + sa * t2[m];
            }
            l = 1.0 / sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
            q[0] *= l;
            q[1] *= l;
            q[2] *= l;
            if ((st = add_point(&s, q, err)) != OG_OK) {
                goto fail;
            }
            /* the new sample limits the rest of this sweep */
            if (gather_push(&g, q) != 0) {
                st = og_error_set(err, OG_ENOMEM, "out of memory for poisson disk");
                goto fail;
            }
            if (nactive == active_cap) {
                int32_t *na = realloc(active, 2 * active_cap * sizeof *na);
                if (na == NULL) {
                    st = og_error_set(err, OG_ENOMEM, "out of memory for poisson disk");
                    goto fail;
                }
                active = na;
                active_cap *= 2;
            }
            active[nactive++] = (int32_t)(s.n - 1);
            if ((s.n & 4095) == 0
                && (st = pipeline_tick(ctx, fmin(1.0, (double)s.n / expected))) != OG_OK) {
                st = og_error_set(err, st, "poisson disk: cancelled");
                goto fail;
            }
        }
    }
    free(g.nb);
    free(g.idx);
    free(ring);
    free(ca_of);
    free(blocked);
    free(active);
    g.idx = NULL;
    g.nb = NULL;
    ring = NULL;
    ca_of = NULL;
    blocked = NULL;
    active = NULL;
    if (s.N > 0) {
        double *ordered = poisson_disk_hilbert_order(s.pts, s.order, s.n, s.Nc);
        if (ordered == NULL) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", s.n);
            goto fail;
        }
        free(s.pts);
        s.pts = ordered;
    } else if (s.n > 0 && s.n < s.cap) {
        /* the capacity was 1.25x the expected count: give the rest back */
        double *fit = realloc(s.pts, s.n * 3 * sizeof *s.pts);
        s.pts = fit != NULL ? fit : s.pts;
    }
    free(s.next);
    free(s.order);
    free(s.head);
    free(s.count);
    free(s.cell);
    *xyz = s.pts;
    *n = s.n;
    return OG_OK;

fail:
    free(g.nb);
    free(g.idx);
    free(ring);
    free(ca_of);
    free(blocked);
    free(active);
    free(s.pts);
    free(s.next);
    free(s.order);
    free(s.head);
    free(s.count);
    free(s.cell);
    return st;
}
