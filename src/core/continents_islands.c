#include "config.h"
#include "core/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/noise.h"
#include "core/rng.h"

/* Step 5, islands, two ways: the source's chance per leftover vertex, or
 * island seeds per unit of the globe's area grown to areas drawn from a
 * heavy-tailed (Pareto) law, so the count and sizes of islands do not
 * depend on the number of vertices. */

/* The source's rule: each unassigned vertex is land with island_chance. */
static void
islands_per_vertex(struct continents *c, const struct continents_params *p, struct rng *r)
{
    size_t i;
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_UNASSIGNED) {
            if (rng_next_double(r) < p->island_chance) {
                c->state[i] = CONT_LAND;
                c->origin[i] = CONT_ORIGIN_ISLAND;
                c->islands++;
            } else {
                c->state[i] = CONT_SEA;
            }
        }
    }
}

/* Grow one island from v over unassigned vertices to `size` vertices,
 * nearest first by arc with a noisy key (ragged, not round), then ring it
 * with sea so the next island stays apart. The noise scales with the
 * island: 4 octaves from 2 cycles per island radius, so small islands are
 * as ragged as large ones (a fixed frequency left every island under its
 * lattice cell a disc). Returns the vertices made land, or -1 out of memory. */
static long
grow_island(struct continents *c, const struct adjacency *adj, const double *xyz, int32_t v,
            size_t size, double radius, const struct perlin *pn)
{
    const struct fbm_params fp = { 4, 2.0 / radius, 2.0, 0.5 };
    size_t made = 0, i;
    double key;

    c->nheap = 0;
    c->arrive[v] = 0.0;
    if (continents_heap_push(c, 0.0, v) != 0) {
        return -1;
    }
    while (made < size) {
        int32_t u = continents_heap_pop(c, &key), j;
        if (u < 0) {
            break;
        }
        if (c->state[u] != CONT_UNASSIGNED) {
            continue;
        }
        c->state[u] = CONT_LAND;
        c->origin[u] = CONT_ORIGIN_ISLAND;
        made++;
        for (j = adj->start[u]; j < adj->start[u + 1]; j++) {
            int32_t w = adj->nbr[j];
            if (c->state[w] == CONT_UNASSIGNED) {
                const double *q = &xyz[3 * (size_t)w];
                double t = c->arrive[u] + continents_chord(xyz, u, w);
                double k = t - 0.6 * radius * fbm3(pn, &fp, q[0], q[1], q[2]);
                c->arrive[w] = t < c->arrive[w] ? t : c->arrive[w];
                if (continents_heap_push(c, k, w) != 0) {
                    return -1;
                }
            }
        }
    }
    /* the sea ring: every unassigned neighbour of the new land */
    for (i = 0; i < c->nheap; i++) {
        int32_t w = c->heap[i].v;
        if (c->state[w] == CONT_UNASSIGNED) {
            c->state[w] = CONT_SEA;
        }
    }
    /* arrivals back to unreached for the vertices the heap touched */
    for (i = 0; i < c->nheap; i++) {
        c->arrive[c->heap[i].v] = HUGE_VAL;
    }
    c->nheap = 0;
    return (long)made;
}

static enum og_status
islands_by_area(struct continents *c, const struct adjacency *adj, const double *xyz,
                const struct continents_params *p, struct rng *r, struct og_error *err)
{
    struct perlin pn;
    int k;
    size_t i;

    perlin_init(&pn, p->noise_seed ^ rng_hash_str("planet.islands"));
    for (i = 0; i < c->n; i++) {
        c->arrive[i] = HUGE_VAL;
    }
    for (k = 0; k < p->island_count; k++) {
        double q[3], u, area, radius;
        int32_t v;
        size_t size;
        long made;
        /* every draw is made whether or not the island lands in open sea,
         * so the islands of one seed are the same at every resolution */
        continents_random_point(r, q);
        u = rng_next_double(r);
        area = p->island_min_area * pow(1.0 - u, -1.0 / p->island_tail);
        area = area < p->island_max_area ? area : p->island_max_area;
        v = continents_nearest(adj, xyz, 0, q);
        if (c->state[v] != CONT_UNASSIGNED) {
            continue;
        }
        size = (size_t)llround(area * (double)c->n);
        size = size > 0 ? size : 1;
        radius = 2.0 * sqrt(area); /* of a disc with that share of 4 pi */
        if ((made = grow_island(c, adj, xyz, v, size, radius, &pn)) < 0) {
            return og_error_set(err, OG_ENOMEM, "out of memory growing islands");
        }
        c->islands += (size_t)made;
        c->island_seeds++;
    }
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_UNASSIGNED) {
            c->state[i] = CONT_SEA;
        }
    }
    return OG_OK;
}

enum og_status
continents_islands(struct continents *c, const struct adjacency *adj, const double *xyz,
                   const struct continents_params *p, struct rng *r, struct og_error *err)
{
    if (!p->island_area) {
        islands_per_vertex(c, p, r);
        return OG_OK;
    }
    return islands_by_area(c, adj, xyz, p, r, err);
}
