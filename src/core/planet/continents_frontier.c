#include "config.h"
#include "core/planet/continents.h"

#include <math.h>
#include <stdlib.h>

#include "core/geom/adjacency.h"
#include "core/base/rng.h"

/* The shared tools of continent and island growth: the frontier's binary
 * min-heap of (key, vertex), the land components' union-find and the
 * deferred joins of noise growth, chords, the nearest vertex to a point of
 * the sphere, and uniformly random points of the sphere. */

static int
heap_less(const struct cont_heap_item *a, const struct cont_heap_item *b)
{
    return a->key < b->key || (a->key == b->key && a->v < b->v);
}

int
continents_heap_push(struct continents *c, double key, int32_t v)
{
    size_t i;
    if (c->nheap == c->heap_cap) {
        struct cont_heap_item *h = realloc(c->heap, 2 * c->heap_cap * sizeof *h);
        if (h == NULL) {
            return -1;
        }
        c->heap = h;
        c->heap_cap *= 2;
    }
    i = c->nheap++;
    c->heap[i].key = key;
    c->heap[i].v = v;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        struct cont_heap_item t;
        if (!heap_less(&c->heap[i], &c->heap[up])) {
            break;
        }
        t = c->heap[up];
        c->heap[up] = c->heap[i];
        c->heap[i] = t;
        i = up;
    }
    return 0;
}

int32_t
continents_heap_pop(struct continents *c, double *key)
{
    struct cont_heap_item top;
    size_t i = 0;
    if (c->nheap == 0) {
        return -1;
    }
    top = c->heap[0];
    c->heap[0] = c->heap[--c->nheap];
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        struct cont_heap_item t;
        if (l < c->nheap && heap_less(&c->heap[l], &c->heap[m])) {
            m = l;
        }
        if (r < c->nheap && heap_less(&c->heap[r], &c->heap[m])) {
            m = r;
        }
        if (m == i) {
            break;
        }
        t = c->heap[m];
        c->heap[m] = c->heap[i];
        c->heap[i] = t;
        i = m;
    }
    *key = top.key;
    return top.v;
}

int32_t
continents_nearest(const struct adjacency *adj, const double *xyz, int32_t start,
                   const double *q)
{
    int32_t v = start;
    double best = xyz[3 * (size_t)v] * q[0] + xyz[3 * (size_t)v + 1] * q[1]
                  + xyz[3 * (size_t)v + 2] * q[2];
    for (;;) {
        int32_t j, next = v;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            const double *p = &xyz[3 * (size_t)adj->nbr[j]];
            double d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
            if (d > best) {
                best = d;
                next = adj->nbr[j];
            }
        }
        if (next == v) {
            return v;
        }
        v = next;
    }
}

void
continents_random_point(struct rng *r, double *q)
{
    /* rejection from the cube: arithmetic and sqrt only, so the point is
     * the same bits under every libm */
    for (;;) {
        double x = 2.0 * rng_next_double(r) - 1.0, y = 2.0 * rng_next_double(r) - 1.0;
        double z = 2.0 * rng_next_double(r) - 1.0, s = x * x + y * y + z * z;
        if (s > 1e-6 && s <= 1.0) {
            s = sqrt(s);
            q[0] = x / s;
            q[1] = y / s;
            q[2] = z / s;
            return;
        }
    }
}

int32_t
continents_uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Join the land components of a and b, counting a merge when both hold a
 * continent seed (a cap alone is no continent). */
void
continents_join(struct continents *c, int32_t a, int32_t b)
{
    int32_t ra = continents_uf_find(c->parent, a), rb = continents_uf_find(c->parent, b);
    if (ra == rb) {
        return;
    }
    if (c->has_seed[ra] && c->has_seed[rb]) {
        c->live--;
        c->merges++;
    }
    c->has_seed[ra] = (uint8_t)(c->has_seed[ra] | c->has_seed[rb]);
    c->parent[rb] = ra;
}

/* The deferred joins (meet level, v, u): a min-heap in c->meet. */
static int
meet_less(const struct cont_meet *x, const struct cont_meet *y)
{
    return x->level < y->level
           || (x->level == y->level && (x->v < y->v || (x->v == y->v && x->u < y->u)));
}

int
continents_meet_push(struct continents *c, double level, int32_t v, int32_t u)
{
    size_t i;
    if (c->nmeet == c->meet_cap) {
        size_t cap = c->meet_cap ? 2 * c->meet_cap : 256;
        struct cont_meet *h = realloc(c->meet, cap * sizeof *h);
        if (h == NULL) {
            return -1;
        }
        c->meet = h;
        c->meet_cap = cap;
    }
    i = c->nmeet++;
    c->meet[i].level = level;
    c->meet[i].v = v;
    c->meet[i].u = u;
    while (i > 0 && meet_less(&c->meet[i], &c->meet[(i - 1) / 2])) {
        struct cont_meet t = c->meet[(i - 1) / 2];
        c->meet[(i - 1) / 2] = c->meet[i];
        c->meet[i] = t;
        i = (i - 1) / 2;
    }
    return 0;
}

/* Join every deferred pair whose fronts meet at or below `level`. */
void
continents_meet_until(struct continents *c, double level)
{
    while (c->nmeet > 0 && c->meet[0].level <= level) {
        struct cont_meet top = c->meet[0];
        size_t i = 0;
        c->meet[0] = c->meet[--c->nmeet];
        for (;;) {
            size_t l = 2 * i + 1, r = l + 1, m = i;
            struct cont_meet t;
            if (l < c->nmeet && meet_less(&c->meet[l], &c->meet[m])) {
                m = l;
            }
            if (r < c->nmeet && meet_less(&c->meet[r], &c->meet[m])) {
                m = r;
            }
            if (m == i) {
                break;
            }
            t = c->meet[m];
            c->meet[m] = c->meet[i];
            c->meet[i] = t;
            i = m;
        }
        continents_join(c, top.v, top.u);
    }
}
