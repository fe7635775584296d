#include "config.h"
#include "core/poisson_disk.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/pipeline.h"
#include "core/rng.h"

/* Cube-map buckets: a sample belongs to the cube face of its largest
 * coordinate and to a cell of an N x N grid on that face, in S2's quadratic
 * (u, v) -> (s, t) coordinates (Google S2 geometry), whose cells are nearly
 * equal in area. A cell of that grid is at least S2_MIN_WIDTH / N radians
 * wide between opposite edges; N is chosen so that this exceeds the radius,
 * so every sample closer than the radius to a query lies in the 3 x 3 cells
 * around it on its face, or, for a query within the radius of a face edge,
 * near that edge on the neighbouring face. The cells are a dense array
 * (about 0.7 cells per sample), walked row by row: no hashing, and lookups
 * for one active sample stay in a few cache lines. Expected O(1) per test,
 * O(n) in all. */
#define S2_MIN_WIDTH 0.9428090415820634 /* 2 sqrt(2) / 3 */
#define CUBE_MARGIN 0.9                  /* cells a tenth wider than needed */
#define CUBE_MIN_N 8                     /* below: few samples, scan them all */

struct sampler {
    double cell;      /* chord of the radius */
    double chord2;    /* squared chord of the radius */
    double edge_gap;  /* sqrt(2) sin(radius): reach across a face edge */
    int N;            /* cells per face side; 0: linear scan */
    int32_t *head;    /* 6 N N cells: first sample, -1 empty */
    double *pts;
    int32_t *next;
    size_t n, cap;
};

/* (u, v) in [-1, 1] on a face (beyond it for neighbouring-face queries) ->
 * S2 quadratic s in [0, 1] (extended). */
static inline double
uv_to_st(double u)
{
    return u >= 0.0 ? 0.5 * sqrt(1.0 + 3.0 * u) : 1.0 - 0.5 * sqrt(1.0 - 3.0 * u);
}

/* Face of q (axis of its largest |coordinate|, first on ties; 2 * axis +
 * negative) and its two in-face axes. */
static inline int
cube_face(const double *q, int *b, int *c)
{
    double ax = fabs(q[0]), ay = fabs(q[1]), az = fabs(q[2]);
    int a = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
    *b = a == 0 ? 1 : (a == 1 ? 2 : 0);
    *c = a == 0 ? 2 : (a == 1 ? 0 : 1);
    return 2 * a + (q[a] < 0.0);
}

/* Cell indices of q projected on face f (gnomonic, then quadratic), not
 * clamped: a query beyond the face gets indices outside [0, N). */
static inline void
cube_cell_on(const struct sampler *s, const double *q, int f, int *i, int *j)
{
    int a = f >> 1, b = a == 0 ? 1 : (a == 1 ? 2 : 0), c = a == 0 ? 2 : (a == 1 ? 0 : 1);
    double w = 1.0 / ((f & 1) ? -q[a] : q[a]);
    double x = uv_to_st(q[b] * w) * s->N, y = uv_to_st(q[c] * w) * s->N;
    int xi = (int)x, yi = (int)y;
    *i = xi - (x < (double)xi); /* floor without a libm call */
    *j = yi - (y < (double)yi);
}

static inline size_t
cube_index(const struct sampler *s, int f, int i, int j)
{
    i = i < 0 ? 0 : (i >= s->N ? s->N - 1 : i);
    j = j < 0 ? 0 : (j >= s->N ? s->N - 1 : j);
    return ((size_t)f * (size_t)s->N + (size_t)i) * (size_t)s->N + (size_t)j;
}

/* Any sample closer than the chord in cells [i0, i1] x [j0, j1] of face f? */
static int
cells_conflict(const struct sampler *s, const double *q, int f, int i0, int i1, int j0, int j1)
{
    int i, j;

    i0 = i0 < 0 ? 0 : i0;
    j0 = j0 < 0 ? 0 : j0;
    i1 = i1 >= s->N ? s->N - 1 : i1;
    j1 = j1 >= s->N ? s->N - 1 : j1;
    for (i = i0; i <= i1; i++) {
        const int32_t *row = &s->head[((size_t)f * (size_t)s->N + (size_t)i) * (size_t)s->N];
        for (j = j0; j <= j1; j++) {
            int32_t p;
            for (p = row[j]; p >= 0; p = s->next[p]) {
                const double *b = &s->pts[3 * (size_t)p];
                double ex = b[0] - q[0], ey = b[1] - q[1], ez = b[2] - q[2];
                if (ex * ex + ey * ey + ez * ez < s->chord2) {
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* Is any sample closer than the radius to q? */
static int
too_close(const struct sampler *s, const double *q)
{
    int b, c, f, i, j, k;

    if (s->N == 0) {
        size_t m;
        for (m = 0; m < s->n; m++) {
            const double *p = &s->pts[3 * m];
            double ex = p[0] - q[0], ey = p[1] - q[1], ez = p[2] - q[2];
            if (ex * ex + ey * ey + ez * ez < s->chord2) {
                return 1;
            }
        }
        return 0;
    }
    f = cube_face(q, &b, &c);
    cube_cell_on(s, q, f, &i, &j);
    /* q's own cell first (a candidate near its parent is mostly refused
     * there), then the rest of the 3 x 3 block: the answer does not depend
     * on the order, only the work */
    if (cells_conflict(s, q, f, i, i, j, j) || cells_conflict(s, q, f, i - 1, i - 1, j - 1, j + 1) ||
        cells_conflict(s, q, f, i + 1, i + 1, j - 1, j + 1) ||
        cells_conflict(s, q, f, i, i, j - 1, j - 1) || cells_conflict(s, q, f, i, i, j + 1, j + 1)) {
        return 1;
    }
    /* The four faces sharing an edge with f: axes b and c, both signs. The
     * edge plane between f (axis a, sign sa) and face (axis d, sign sd) is
     * sa q_a = sd q_d; q is within the radius of it when the gap between
     * the two is below sqrt(2) sin(radius). */
    {
        int a = f >> 1;
        double qa = (f & 1) ? -q[a] : q[a];
        for (k = 0; k < 4; k++) {
            int d = k < 2 ? b : c, neg = k & 1, g = 2 * d + neg, gi, gj;
            double qd = neg ? -q[d] : q[d];
            if (qa - qd >= s->edge_gap) {
                continue;
            }
            cube_cell_on(s, q, g, &gi, &gj);
            if (cells_conflict(s, q, g, gi - 2, gi + 2, gj - 2, gj + 2)) {
                return 1;
            }
        }
    }
    return 0;
}

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
        s->cap = cap;
    }
    memcpy(&s->pts[3 * s->n], q, 3 * sizeof *q);
    if (s->N > 0) {
        int b, c, f = cube_face(q, &b, &c), i, j;
        size_t cell;
        cube_cell_on(s, q, f, &i, &j);
        cell = cube_index(s, f, i, j);
        s->next[s->n] = s->head[cell];
        s->head[cell] = (int32_t)s->n;
    }
    s->n++;
    return OG_OK;
}

/* Uniform unit vector (Marsaglia 1972 would do too; this is Archimedes'
 * z-uniform construction). */
static void
random_unit(struct rng *r, double *q)
{
    double z = 2.0 * rng_next_double(r) - 1.0;
    double t = 2.0 * M_PI * rng_next_double(r);
    double s = sqrt(1.0 - z * z);
    q[0] = s * cos(t);
    q[1] = s * sin(t);
    q[2] = z;
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
    int32_t *active = NULL;
    size_t nactive = 0, active_cap = 0;
    double expected, q[3];
    enum og_status st = OG_OK;

    *xyz = NULL;
    *n = 0;
    memset(&s, 0, sizeof s);
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
    s.cell = 2.0 * sin(radius / 2.0);
    s.chord2 = s.cell * s.cell;
    s.edge_gap = sqrt(2.0) * sin(radius) * 1.0001;
    s.cap = (size_t)(expected * 1.25) + 16;
    if (s.cap > POISSON_DISK_MAX_POINTS) {
        s.cap = POISSON_DISK_MAX_POINTS;
    }
    {
        double nf = floor(CUBE_MARGIN * S2_MIN_WIDTH / radius);
        s.N = nf >= CUBE_MIN_N ? (int)nf : 0;
    }
    s.pts = malloc(s.cap * 3 * sizeof *s.pts);
    s.next = malloc(s.cap * sizeof *s.next);
    s.head = s.N > 0 ? malloc((size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.head) : NULL;
    active_cap = s.cap;
    active = malloc(active_cap * sizeof *active);
    if (s.pts == NULL || s.next == NULL || (s.N > 0 && s.head == NULL) || active == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", s.cap);
        goto fail;
    }
    if (s.N > 0) {
        memset(s.head, 0xff, (size_t)6 * (size_t)s.N * (size_t)s.N * sizeof *s.head);
    }

    random_unit(r, q);
    if ((st = add_point(&s, q, err)) != OG_OK) {
        goto fail;
    }
    active[nactive++] = 0;
    while (nactive > 0) {
        uint32_t ai = rng_next_below(r, (uint32_t)nactive);
        const double *p = NULL;
        double t1[3], t2[3];
        int j, placed = 0;

        tangent_basis(&s.pts[3 * (size_t)active[ai]], t1, t2);
        for (j = 0; j < k; j++) {
            /* uniform by area in the annulus [r, 2r] (flat approximation) */
            double u = rng_next_double(r);
            double d = radius * sqrt(1.0 + 3.0 * u);
            double c = cos(d), sn = sin(d), ct, stt, l;
            int m;
            /* a uniform direction in the tangent plane without trigonometry:
             * a point of the unit disc by rejection, normalised */
            do {
                ct = 2.0 * rng_next_double(r) - 1.0;
                stt = 2.0 * rng_next_double(r) - 1.0;
                l = ct * ct + stt * stt;
            } while (l > 1.0 || l < 1e-12);
            l = sqrt(l);
            ct /= l;
            stt /= l;
            p = &s.pts[3 * (size_t)active[ai]];
            for (m = 0; m < 3; m++) {
                q[m] = c * p[m] + sn * (ct * t1[m] + stt * t2[m]);
            }
            l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
            q[0] /= l;
            q[1] /= l;
            q[2] /= l;
            if (!too_close(&s, q)) {
                if ((st = add_point(&s, q, err)) != OG_OK) {
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
                placed = 1;
                if ((s.n & 4095) == 0
                    && (st = pipeline_tick(ctx, fmin(1.0, (double)s.n / expected))) != OG_OK) {
                    st = og_error_set(err, st, "poisson disk: cancelled");
                    goto fail;
                }
                break;
            }
        }
        if (!placed) {
            active[ai] = active[--nactive];
        }
    }
    free(active);
    free(s.next);
    free(s.head);
    /* the capacity was 1.25x the expected count: give the rest back */
    if (s.n > 0 && s.n < s.cap) {
        double *fit = realloc(s.pts, s.n * 3 * sizeof *s.pts);
        s.pts = fit != NULL ? fit : s.pts;
    }
    *xyz = s.pts;
    *n = s.n;
    return OG_OK;

fail:
    free(active);
    free(s.pts);
    free(s.next);
    free(s.head);
    return st;
}
