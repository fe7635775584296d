#include "config.h"
#include "core/continents.h"

#include <math.h>
#include <stdlib.h>

#include "core/adjacency.h"
#include "core/rng.h"

/* The shared tools of continent and island growth: the frontier's binary
 * min-heap of (key, vertex), chords, the nearest vertex to a point of the
 * sphere, and uniformly random points of the sphere. */

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

double
continents_chord(const double *xyz, int32_t a, int32_t b)
{
    const double *p = &xyz[3 * (size_t)a], *q = &xyz[3 * (size_t)b];
    double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
    return sqrt(dx * dx + dy * dy + dz * dz);
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
