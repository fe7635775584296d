#include "config.h"
#include "core/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/noise.h"
#include "core/pipeline.h"
#include "core/rng.h"

/* Steps 2 to 4, the continents' growth: seeding on free triangles, the
 * candidate frontier (uniform or noise-keyed), the land components joined
 * by union-find, and the reseeding that keeps the continents alive. */

static int32_t
uf_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void
cand_add(struct continents *c, int32_t v)
{
    if (c->cand_pos[v] < 0) {
        c->cand_pos[v] = (int32_t)c->ncand;
        c->cand[c->ncand++] = v;
    }
}

static void
cand_remove(struct continents *c, int32_t v)
{
    int32_t i = c->cand_pos[v];
    if (i >= 0) {
        int32_t last = c->cand[--c->ncand];
        c->cand[i] = last;
        c->cand_pos[last] = i;
        c->cand_pos[v] = -1;
    }
}

/* A candidate u reached from land vertex v: in noise growth, its arrival
 * (graph arc distance along the growth) and key; in uniform growth, a slot
 * in the candidate array. */
static int
offer(struct continents *c, const double *xyz, int32_t v, int32_t u)
{
    if (c->rough == NULL) {
        cand_add(c, u);
        return 0;
    }
    {
        /* the distance from the centre of v's continent (a smooth field, so
         * the coast is a level set of distance minus noise at every
         * resolution; a distance summed along the mesh would add the
         * graph's own roughness, which grows with the resolution) */
        double t;
        const double *q = &xyz[3 * (size_t)u];
        if (c->origin[v] >= 0) {
            const double *o = &c->centre[3 * (size_t)c->origin[v]];
            double dx = o[0] - q[0], dy = o[1] - q[1], dz = o[2] - q[2];
            /* the chord: monotone in the arc, and sqrt is exactly rounded
             * (no libm result decides the growth order) */
            t = c->level0[c->origin[v]] + sqrt(dx * dx + dy * dy + dz * dz);
        } else {
            /* a growing cap: the distance in z below the pole */
            t = 1.0 - fabs(q[2]);
        }
        if (t < c->arrive[u]) {
            c->arrive[u] = t;
            c->origin[u] = c->origin[v];
            return continents_heap_push(c, t - c->rough[u], u);
        }
    }
    return 0;
}

/* v becomes land: join the land components around it (counting continents
 * that disappear into others or into a cap) and offer candidates for
 * growth: in uniform growth (the source) the unassigned mutual neighbours
 * of v and each land neighbour; in noise growth every unassigned neighbour
 * of v. The source's rule needs a land edge to advance, so a front closes
 * at a neck under two mesh spacings wide, a width in vertices: at 10k
 * points (1.6 degrees) necks a 500k mesh (0.23 degrees) crosses stay shut,
 * and whole lobes, merges and reseeds came and went with the resolution.
 * Any neighbour advances through every neck the key field leaves open, so
 * the land tends to the same sublevel set at every resolution. org: v's continent
 * (a seed index), or CONT_ORIGIN_NONE to take a land neighbour's. Returns
 * -1 when out of memory. */
static int
make_land(struct continents *c, const struct adjacency *adj, const double *xyz, int32_t v,
          int is_seed, int32_t org)
{
    int32_t j, roots[64];
    int nroots = 0, k;
    long seeded = 0;

    c->state[v] = CONT_LAND;
    cand_remove(c, v);
    c->parent[v] = v;
    if (org != CONT_ORIGIN_NONE) {
        c->origin[v] = org;
    }
    for (j = adj->start[v]; j < adj->start[v + 1] && c->origin[v] < 0; j++) {
        int32_t u = adj->nbr[j];
        if (c->state[u] == CONT_LAND && c->origin[u] >= 0) {
            c->origin[v] = c->origin[u];
        }
    }
    for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
        int32_t u = adj->nbr[j];
        if (c->rough != NULL && c->state[u] == CONT_UNASSIGNED && offer(c, xyz, v, u) != 0) {
            return -1;
        }
        if (c->state[u] == CONT_LAND && u != v) {
            int32_t ru = uf_find(c->parent, u), common[8];
            int nc, m;
            for (k = 0; k < nroots && roots[k] != ru; k++) {
            }
            if (k == nroots && nroots < 64) {
                roots[nroots++] = ru;
            }
            nc = c->rough == NULL ? adjacency_common(adj, v, u, common, 8) : 0;
            for (m = 0; m < nc; m++) {
                if (c->state[common[m]] == CONT_UNASSIGNED && offer(c, xyz, v, common[m]) != 0) {
                    return -1;
                }
            }
        }
    }
    for (k = 0; k < nroots; k++) {
        seeded += c->has_seed[roots[k]];
        c->parent[roots[k]] = v;
    }
    /* v's component is a continent if it holds a seed; the seeded
     * components around v become one (a cap alone is no continent) */
    c->has_seed[v] = (uint8_t)(seeded > 0 || is_seed);
    if (is_seed && seeded == 0) {
        c->live++;
    } else if (seeded > 1) {
        c->live -= seeded - 1;
        c->merges += (size_t)(seeded - 1);
    }
    return 0;
}

/* A triangle whose vertices are unassigned and have no land neighbour. */
static int
seed_ok(const struct continents *c, const struct adjacency *adj, const int32_t *t)
{
    int k;
    for (k = 0; k < 3; k++) {
        int32_t v = t[k], j;
        if (v < 0 || c->state[v] != CONT_UNASSIGNED) {
            return 0;
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            if (c->state[adj->nbr[j]] == CONT_LAND) {
                return 0;
            }
        }
    }
    return 1;
}

/* The triangle of the mesh nearest a random point of the sphere: its
 * nearest vertex, the neighbour nearest the point, and their common
 * neighbour nearest the point. Positions, not vertex numbers, so a seed
 * lands on the same spot of the globe at every resolution. */
static void
triangle_at(const struct adjacency *adj, const double *xyz, const double *q, int32_t *t)
{
    int32_t v = continents_nearest(adj, xyz, 0, q), j, common[8];
    double best = -2.0;
    int nc, m;
    t[0] = v;
    t[1] = t[2] = -1;
    for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
        const double *p = &xyz[3 * (size_t)adj->nbr[j]];
        double d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
        if (d > best) {
            best = d;
            t[1] = adj->nbr[j];
        }
    }
    if (t[1] < 0) {
        return;
    }
    nc = adjacency_common(adj, v, t[1], common, 8);
    for (m = 0, best = -2.0; m < nc; m++) {
        const double *p = &xyz[3 * (size_t)common[m]];
        double d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
        if (d > best) {
            best = d;
            t[2] = common[m];
        }
    }
}

/* Instance one continent on a free triangle: 1 if placed, 0 if none is
 * left, -1 out of memory. `level`: the growth key reached so far, where
 * the new continent starts in noise growth. */
static int
seed(struct continents *c, const struct adjacency *adj, const double *xyz,
     const int32_t *triangles, size_t nt, struct rng *r, double level)
{
    size_t t, i;
    int32_t tri[3];
    int tries, k;
    for (tries = 0; tries < 256; tries++) {
        double q[3];
        continents_random_point(r, q);
        triangle_at(adj, xyz, q, tri);
        if (seed_ok(c, adj, tri)) {
            goto found;
        }
    }
    /* crowded: scan from a random start so the choice stays seeded */
    t = rng_next_below(r, (uint32_t)nt);
    for (i = 0; i < nt; i++, t = (t + 1) % nt) {
        if (seed_ok(c, adj, &triangles[3 * t])) {
            memcpy(tri, &triangles[3 * t], sizeof tri);
            goto found;
        }
    }
    return 0;
found:
    if (c->seeds == c->ncentre_cap) {
        size_t cap = c->ncentre_cap ? 2 * c->ncentre_cap : 64;
        double *ce = realloc(c->centre, 3 * cap * sizeof *ce);
        double *lv = realloc(c->level0, cap * sizeof *lv);
        if (ce != NULL) {
            c->centre = ce;
        }
        if (lv != NULL) {
            c->level0 = lv;
        }
        if (ce == NULL || lv == NULL) {
            return -1;
        }
        c->ncentre_cap = cap;
    }
    memcpy(&c->centre[3 * c->seeds], &xyz[3 * (size_t)tri[0]], 3 * sizeof *c->centre);
    /* a continent seeded later starts at the level reached so far */
    c->level0[c->seeds] = level;
    for (k = 0; k < 3; k++) {
        if (c->rough != NULL) {
            c->arrive[tri[k]] = level + c->rough[tri[k]];
        }
        if (make_land(c, adj, xyz, tri[k], k == 0, (int32_t)c->seeds) != 0) {
            return -1;
        }
    }
    c->seeds++;
    return 1;
}

static size_t
count_land(const struct continents *c)
{
    size_t i, k = 0;
    for (i = 0; i < c->n; i++) {
        k += c->state[i] == CONT_LAND;
    }
    return k;
}

/* Noise growth: the coast roughness field, b * fBm on the unit vectors
 * (5 octaves from 1.4 cycles per radian, gain 0.5: bays and peninsulas from a
 * quarter of a continent down to about one degree). */
static int
rough_field(struct continents *c, const double *xyz, const struct continents_params *p)
{
    struct perlin pn;
    const struct fbm_params fp = { 5, 1.4, 2.0, 0.5 };
    double b = CONT_ROUGH_SCALE * p->coast_roughness;
    size_t i;

    c->rough = malloc(c->n * sizeof *c->rough);
    if (c->rough == NULL) {
        return -1;
    }
    perlin_init(&pn, p->noise_seed ^ rng_hash_str("planet.coast"));
    for (i = 0; i < c->n; i++) {
        const double *q = &xyz[3 * i];
        c->rough[i] = b * fbm3(&pn, &fp, q[0], q[1], q[2]);
    }
    return 0;
}

enum og_status
continents_grow(struct continents *c, const struct adjacency *adj, const double *xyz,
                const int32_t *triangles, size_t nt, const struct continents_params *p,
                struct rng *r, struct run_ctx *ctx, struct og_error *err)
{
    size_t land = count_land(c), target, i, steps = 0;
    double level = 0.0;
    int initial = 1, s;

    target = (size_t)llround(p->land_target * (double)c->n);
    c->target_vertices = target;
    if (p->noise_growth && c->rough == NULL && rough_field(c, xyz, p) != 0) {
        goto nomem;
    }
    /* the caps' components; with caps_grow, every edge between two cap
     * vertices also offers their mutual neighbours */
    for (i = 0; i < c->n; i++) {
        int32_t j;
        if (c->state[i] != CONT_LAND) {
            continue;
        }
        c->arrive[i] = 0.0;
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int32_t u = adj->nbr[j], common[8];
            int nc, m;
            if (c->state[u] == CONT_LAND) {
                nc = p->caps_grow ? adjacency_common(adj, (int32_t)i, u, common, 8) : 0;
                for (m = 0; m < nc; m++) {
                    if (c->state[common[m]] == CONT_UNASSIGNED
                        && offer(c, xyz, (int32_t)i, common[m]) != 0) {
                        goto nomem;
                    }
                }
                /* join cap vertices into their components */
                c->parent[uf_find(c->parent, u)] = uf_find(c->parent, (int32_t)i);
            }
        }
    }
    while (land < target) {
        int32_t v;
        /* steps 2 and 3: keep ncontinents alive while there is room for a
         * whole triple under the target */
        while (c->live < p->ncontinents && land + 3 <= target) {
            if ((s = seed(c, adj, xyz, triangles, nt, r, level)) < 0) {
                goto nomem;
            }
            if (s == 0) {
                break;
            }
            land += 3;
            if (!initial) {
                c->reseeds++;
            }
        }
        initial = 0;
        if (land >= target) {
            break;
        }
        if (c->rough != NULL) {
            /* the frontier vertex with the lowest key (stale entries of
             * vertices reached again on a shorter path are skipped) */
            double key;
            do {
                v = continents_heap_pop(c, &key);
            } while (v >= 0
                     && (c->state[v] != CONT_UNASSIGNED || key != c->arrive[v] - c->rough[v]));
            if (v >= 0) {
                level = key > level ? key : level;
            }
        } else {
            v = c->ncand > 0 ? c->cand[rng_next_below(r, (uint32_t)c->ncand)] : -1;
        }
        if (v < 0) {
            if (land + 3 <= target && (s = seed(c, adj, xyz, triangles, nt, r, level)) != 0) {
                if (s < 0) {
                    goto nomem;
                }
                land += 3;
                c->reseeds++;
                continue;
            }
            break; /* nothing reachable: stop short of the target */
        }
        if (make_land(c, adj, xyz, v, 0, CONT_ORIGIN_NONE) != 0) {
            goto nomem;
        }
        land++;
        if ((++steps & 4095) == 0) {
            double done = target > 0 ? (double)land / (double)target : 1.0;
            enum og_status st = pipeline_tick(ctx, done);
            if (st != OG_OK) {
                return og_error_set(err, st, "continents: cancelled");
            }
        }
    }
    c->land_after_growth = land;
    c->nheap = 0;
    return OG_OK;
nomem:
    return og_error_set(err, OG_ENOMEM, "out of memory growing continents on %zu vertices", c->n);
}
