/* poisson_disk_gather.h: the sampler's store and its neighbour search
 * (core/geom/poisson_disk.c): the gather cells of the cube map with their
 * in-place samples, and the gather of every sample within the reach of a
 * parent, seen from the parent's frame. Kept inline in the one translation
 * unit that includes it, since the gather is the sampler's inner loop.
 * Internal: include only from poisson_disk.c, after its cube-map defines. */
#ifndef OROGEN_CORE_GEOM_POISSON_DISK_GATHER_H
#define OROGEN_CORE_GEOM_POISSON_DISK_GATHER_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/geom/poisson_disk_cube.h"

/* Samples a gather cell holds in place: about 2.5 on average, later ones
 * go to the cell's overflow list. In place a cell keeps their indices and
 * their coordinates rounded to float, in one cache line: four at a time,
 * a float test with a margin (gather2f) finds every sample the exact test
 * accepts and a few more, and only those take the exact test in double,
 * so the gather finds exactly the samples it found before. */
#define CELL_CAP 4

struct cell {
    float x[CELL_CAP], y[CELL_CAP], z[CELL_CAP];
    int32_t idx[CELL_CAP];
} __attribute__((aligned(64)));

struct sampler {
    double gather2;  /* squared chord of the gather reach */
    float gather2f;  /* above it in float, with a margin over the roundings */
    double edge_gap; /* sqrt(2) sin(reach): reach across a face edge */
    int N;           /* gather cells per face side; 0: linear scan */
    int Nc;          /* order cells per face side (N / 2) */
    struct cell *cell; /* 6 N N cells */
    uint8_t *count;  /* samples in place per cell */
    int32_t *head;   /* 6 N N cells: overflow list, newest first, -1 empty */
    double *pts;     /* the samples in insertion order */
    uint32_t *order; /* per sample its cell of the order grid */
    int32_t *next;
    size_t n, cap;
};

/* A sample near the parent p, seen from p's frame: a candidate
 * c = cos d p + sin d (ca t1 + sa t2) has c . b = P + ca U + sa V. */
struct near {
    double P, U, V;
};

struct gather {
    const double *p, *t1, *t2; /* parent, tangent basis scaled by sin d */
    int32_t parent;            /* its index: every candidate is d from it */
    double cos_d;
    struct near *nb;
    size_t n, cap;
    int32_t *idx;              /* samples found by the scan, before nb */
    size_t ni, icap;
};

/* Room for `more` entries in g's index list; -1 out of memory. */
static int
gather_room(struct gather *g, size_t more)
{
    if (g->ni + more > g->icap) {
        size_t cap = 2 * (g->ni + more);
        int32_t *idx = realloc(g->idx, cap * sizeof *idx);
        if (idx == NULL) {
            return -1;
        }
        g->idx = idx;
        g->icap = cap;
    }
    return 0;
}

static int
gather_push(struct gather *g, const double *b)
{
    struct near *e;
    if (g->n == g->cap) {
        size_t cap = 2 * g->cap;
        struct near *nb = realloc(g->nb, cap * sizeof *nb);
        if (nb == NULL) {
            return -1;
        }
        g->nb = nb;
        g->cap = cap;
    }
    e = &g->nb[g->n++];
    e->P = g->cos_d * (b[0] * g->p[0] + b[1] * g->p[1] + b[2] * g->p[2]);
    e->U = b[0] * g->t1[0] + b[1] * g->t1[1] + b[2] * g->t1[2];
    e->V = b[0] * g->t2[0] + b[1] * g->t2[1] + b[2] * g->t2[2];
    return 0;
}

/* Sample p onto g's index list if within the gather reach of the parent
 * and not the parent itself; branch-free (about one sample in five
 * passes, a branch on it would mispredict). Needs gather_room. */
static inline void
gather_test(const struct sampler *s, struct gather *g, int32_t p)
{
    const double *q = g->p, *b = &s->pts[3 * (size_t)p];
    double ex = b[0] - q[0], ey = b[1] - q[1], ez = b[2] - q[2];
    double d2 = ex * ex + ey * ey + ez * ez;
    g->idx[g->ni] = p;
    g->ni += (size_t)((d2 < s->gather2) & (p != g->parent));
}

/* Samples within the gather reach of the parent in cells [i0, i1] x
 * [j0, j1] of face f, onto g's index list. */
static int
cells_gather(const struct sampler *s, struct gather *g, int f, int i0, int i1, int j0, int j1)
{
    const float qx = (float)g->p[0], qy = (float)g->p[1], qz = (float)g->p[2];
    int i, j;
#ifdef __SSE2__
    const __m128 vx = _mm_set1_ps(qx), vy = _mm_set1_ps(qy), vz = _mm_set1_ps(qz);
    const __m128 lim = _mm_set1_ps(s->gather2f);
#endif

    i0 = i0 < 0 ? 0 : i0;
    j0 = j0 < 0 ? 0 : j0;
    i1 = i1 >= s->N ? s->N - 1 : i1;
    j1 = j1 >= s->N ? s->N - 1 : j1;
    for (i = i0; i <= i1; i++) {
        size_t row = ((size_t)f * (size_t)s->N + (size_t)i) * (size_t)s->N;
        if (j1 >= j0 && gather_room(g, (size_t)(j1 - j0 + 1) * CELL_CAP) != 0) {
            return -1;
        }
        for (j = j0; j <= j1; j++) {
            size_t c = row + (size_t)j;
            const struct cell *cl = &s->cell[c];
            unsigned cnt = s->count[c], bits;
            int32_t p;
#ifdef __SSE2__
            __m128 ex = _mm_sub_ps(_mm_load_ps(cl->x), vx);
            __m128 ey = _mm_sub_ps(_mm_load_ps(cl->y), vy);
            __m128 ez = _mm_sub_ps(_mm_load_ps(cl->z), vz);
            __m128 d2 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(ex, ex), _mm_mul_ps(ey, ey)),
                                   _mm_mul_ps(ez, ez));
            bits = (unsigned)_mm_movemask_ps(_mm_cmplt_ps(d2, lim));
#else
            unsigned k;
            bits = 0;
            for (k = 0; k < CELL_CAP; k++) {
                float ex = cl->x[k] - qx, ey = cl->y[k] - qy, ez = cl->z[k] - qz;
                bits |= (unsigned)(ex * ex + ey * ey + ez * ez < s->gather2f) << k;
            }
#endif
            bits &= (1u << (cnt < CELL_CAP ? cnt : CELL_CAP)) - 1u;
            while (bits != 0) {
                gather_test(s, g, cl->idx[__builtin_ctz(bits)]);
                bits &= bits - 1u;
            }
            if (cnt > CELL_CAP) {
                for (p = s->head[c]; p >= 0; p = s->next[p]) {
                    if (gather_room(g, 1) != 0) {
                        return -1;
                    }
                    gather_test(s, g, p);
                }
            }
        }
    }
    return 0;
}

/* Every sample within the gather reach of the parent g->p but the parent
 * itself, into g; -1 when out of memory. Each sample is found
 * once: it belongs to one cell of one face, and the blocks searched on the
 * different faces are disjoint. */
static int
gather_near(const struct sampler *s, struct gather *g)
{
    const double *q = g->p;
    int b, c, f, i, j, k;
    size_t m;

    g->n = 0;
    g->ni = 0;
    if (s->N == 0) {
        if (gather_room(g, s->n) != 0) {
            return -1;
        }
        for (m = 0; m < s->n; m++) {
            gather_test(s, g, (int32_t)m);
        }
    } else {
        f = cube_face(q, &b, &c);
        cube_cell_on(s->N, q, f, &i, &j);
        if (cells_gather(s, g, f, i - 2, i + 2, j - 2, j + 2) != 0) {
            return -1;
        }
        /* The four faces sharing an edge with f: axes b and c, both signs.
         * The edge plane between f (axis a, sign sa) and face (axis d,
         * sign sd) is sa q_a = sd q_d; q is within the reach of it when the
         * gap between the two is below sqrt(2) sin(reach). There the block
         * is 11 x 11 cells, wider than 5 coarse cells of the order grid. */
        {
            int a = f >> 1;
            double qa = (f & 1) ? -q[a] : q[a];
            for (k = 0; k < 4; k++) {
                int d = k < 2 ? b : c, neg = k & 1, gf = 2 * d + neg, gi, gj;
                double qd = neg ? -q[d] : q[d];
                if (qa - qd >= s->edge_gap) {
                    continue;
                }
                cube_cell_on(s->N, q, gf, &gi, &gj);
                if (cells_gather(s, g, gf, gi - 5, gi + 5, gj - 5, gj + 5) != 0) {
                    return -1;
                }
            }
        }
    }
    for (m = 0; m < g->ni; m++) {
        if (gather_push(g, &s->pts[3 * (size_t)g->idx[m]]) != 0) {
            return -1;
        }
    }
    return 0;
}

#endif
