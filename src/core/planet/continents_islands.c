#include "config.h"
#include "core/planet/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/base/noise.h"
#include "core/base/rng.h"

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

/* Grow one island from the point q (nearest vertex v) over unassigned
 * vertices to `size` vertices, lowest key first: the chord from q minus
 * 0.6 radius fBm (ragged, not round; a field of the position, so the
 * island's outline is the same at every resolution, only finer), then ring
 * it with sea so the next island stays apart. The noise scales with the
 * island: 4 octaves from 2 cycles per island radius, so small islands are
 * as ragged as large ones (a fixed frequency left every island under its
 * lattice cell a disc). Returns the vertices made land, or -1 out of memory. */
static long
grow_island(struct continents *c, const struct adjacency *adj, const double *xyz,
            const double *q, int32_t v, size_t size, double radius, const struct perlin *pn)
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
            if (c->state[w] == CONT_UNASSIGNED && c->arrive[w] == HUGE_VAL) {
                const double *p = &xyz[3 * (size_t)w];
                double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
                double k = sqrt(dx * dx + dy * dy + dz * dz)
                           - 0.6 * radius * fbm3(pn, &fp, p[0], p[1], p[2]);
                c->arrive[w] = k;
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

/* How far (growth key, about radians) an island's point keeps from the
 * continents' final front, and (degrees of latitude) from the caps' edge. */
#define ISLAND_KEY_MARGIN 0.03
#define ISLAND_CAP_MARGIN_DEG 1.5

/* Does an island at q (radius rad) keep clear of the continents, the caps
 * and the islands placed so far (points `placed`, 4 doubles each: q and
 * radius)? Decided on the fields and points, not on vertices, so an island
 * lands alike at every resolution. */
static int
island_point_ok(const struct continents *c, const double *q, double rad, const double *placed,
                size_t nplaced)
{
    double g[3] = { q[0], q[1], q[2] };
    size_t i;
    if (c->flipped) { /* the fields are in the coordinates of the growth */
        g[1] = -g[1];
        g[2] = -g[2];
    }
    if (c->cap_z <= 1.0) {
        double mz = ISLAND_CAP_MARGIN_DEG * M_PI / 180.0 * sqrt(1.0 - c->cap_z * c->cap_z);
        if (continents_cap_excess(c, g) > -mz) {
            return 0;
        }
    }
    if (c->rough != NULL && !(continents_key_at(c, g) > c->level + ISLAND_KEY_MARGIN)) {
        return 0;
    }
    for (i = 0; i < nplaced; i++) {
        const double *o = &placed[4 * i];
        double dx = o[0] - q[0], dy = o[1] - q[1], dz = o[2] - q[2];
        if (dx * dx + dy * dy + dz * dz < (o[3] + rad) * (o[3] + rad)) {
            return 0;
        }
    }
    return 1;
}

static enum og_status
islands_by_area(struct continents *c, const struct adjacency *adj, const double *xyz,
                const struct continents_params *p, struct rng *r, struct og_error *err)
{
    struct perlin pn;
    int k;
    size_t i, nplaced = 0;
    double *placed = malloc(4 * (size_t)(p->island_count > 0 ? p->island_count : 1)
                            * sizeof *placed);

    if (placed == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory placing islands");
    }
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
        area = p->island_min_area * det_pow(1.0 - u, -1.0 / p->island_tail);
        area = area < p->island_max_area ? area : p->island_max_area;
        radius = 2.0 * sqrt(area); /* of a disc with that share of 4 pi */
        if (!island_point_ok(c, q, radius, placed, nplaced)) {
            continue;
        }
        v = continents_nearest(adj, xyz, 0, q);
        if (c->state[v] != CONT_UNASSIGNED) {
            continue;
        }
        size = (size_t)llround(area * (double)c->n);
        size = size > 0 ? size : 1;
        if ((made = grow_island(c, adj, xyz, q, v, size, radius, &pn)) < 0) {
            free(placed);
            return og_error_set(err, OG_ENOMEM, "out of memory growing islands");
        }
        memcpy(&placed[4 * nplaced], q, 3 * sizeof *q);
        placed[4 * nplaced + 3] = radius;
        nplaced++;
        c->islands += (size_t)made;
        c->island_seeds++;
    }
    free(placed);
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
