#include "config.h"
#include "core/planet/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/base/noise.h"
#include "core/pipeline.h"
#include "core/base/rng.h"

/* Steps 2 to 4, the continents' growth: seeding on free triangles, the
 * candidate frontier (uniform or noise-keyed), the land components joined
 * by union-find, and the reseeding that keeps the continents alive. */

/* The coast noise of noise growth (rough_field). */
static const struct fbm_params coast_fbm = { 5, 1.4, 2.0, 0.5 };

/* Vertices evaluated together by rough_at (one fbm3_batch call). */
#define ROUGH_BLOCK 64

/* The coast noise at vertex u (rough_field), evaluated on first use for
 * the block of ROUGH_BLOCK vertex ids around u: the growth reads it only
 * where a front arrives, about the land and a ring of sea around it, and
 * the ids of a mesh's neighbours lie close together. */
static double
rough_at(struct continents *c, const double *xyz, int32_t u)
{
    double r = c->rough[u];
    if (isnan(r)) {
        size_t i0 = (size_t)u / ROUGH_BLOCK * ROUGH_BLOCK, i;
        size_t b = c->n - i0 < ROUGH_BLOCK ? c->n - i0 : ROUGH_BLOCK;
        fbm3_batch(c->coast_pn, &coast_fbm, xyz + 3 * i0, xyz + 3 * i0 + 1, xyz + 3 * i0 + 2, 3,
                   b, &c->rough[i0]);
        for (i = i0; i < i0 + b; i++) {
            c->rough[i] *= c->coast_amp;
        }
        r = c->rough[u];
    }
    return r;
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

/* Interior samples of the key field along an edge: one per EDGE_STEP of
 * arc (none on edges shorter), so that a front crossing the edge meets the
 * ridges of the coast noise between the vertices, per degree of the world
 * rather than per vertex. Without them a 10k-point mesh steps over the
 * narrow ridges of the finest octave (about 2.5 degrees across) that a
 * 500k mesh has to climb, the fronts pass low and early, and merges (and
 * the continents seeded after them) came up to 0.06 of key earlier at
 * 10k points. */
#define EDGE_STEP (0.5 * M_PI / 180.0)

static double key_on_edge(const struct continents *c, int32_t o, const double *a,
                          const double *b, double f, double *x);

/* The highest key of continent o on the interior samples of edge v-u
 * (-HUGE_VAL without samples). */
static double
edge_pass(const struct continents *c, const double *xyz, int32_t o, int32_t v, int32_t u)
{
    const double *a = &xyz[3 * (size_t)v], *b = &xyz[3 * (size_t)u];
    double h = continents_chord(xyz, v, u), best = -HUGE_VAL, x[3];
    int m = (int)(h / EDGE_STEP), k;
    for (k = 1; k <= m; k++) {
        double t = key_on_edge(c, o, a, b, (double)k / (m + 1), x);
        t -= c->coast_amp * fbm3(c->coast_pn, &coast_fbm, x[0], x[1], x[2]);
        best = t > best ? t : best;
    }
    return best;
}

/* A candidate u reached from land vertex v: in noise growth, its key (the
 * key field at u, or higher where the edge from v crosses a ridge: the
 * pass a front must rise to) and its continent, the one offering the
 * lowest key; in uniform growth, a slot in the candidate array. */
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
        double t, k;
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
        k = t - rough_at(c, xyz, u);
        if (k < c->arrive[u] && c->origin[v] >= 0) {
            double e = edge_pass(c, xyz, c->origin[v], v, u);
            k = e > k ? e : k;
        }
        if (k < c->arrive[u]) {
            c->arrive[u] = k;
            c->origin[u] = c->origin[v];
            return continents_heap_push(c, k, u);
        }
    }
    return 0;
}

/* The growth key of continent `o` at the point a + f (b - a) of the
 * sphere (normalised into x), without the coast noise. */
static double
key_on_edge(const struct continents *c, int32_t o, const double *a, const double *b, double f,
            double *x)
{
    const double *ce = &c->centre[3 * (size_t)o];
    double l, dx, dy, dz;
    int k;
    for (k = 0; k < 3; k++) {
        x[k] = a[k] + f * (b[k] - a[k]);
    }
    l = sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
    x[0] /= l;
    x[1] /= l;
    x[2] /= l;
    dx = x[0] - ce[0];
    dy = x[1] - ce[1];
    dz = x[2] - ce[2];
    return c->level0[o] + sqrt(dx * dx + dy * dy + dz * dz);
}

/* The level at which continent A's land at v and the land at u (another
 * continent B, or a cap) meet in the continuous model: the highest point,
 * over samples along the edge (its ends and one per EDGE_STEP), of the
 * lower of the two fronts' keys (a cap's key is -inf inside it, and
 * outside +inf, or its own growth key when caps grow). Two land vertices
 * of different continents are neighbours on a coarse mesh while a strip
 * of sea narrower than the spacing still parts them; counted as a merge
 * at once, that made merges (and the continents seeded after them) come
 * early and in other places at 10k points than at 500k. */
static double
meet_level(const struct continents *c, const double *xyz, int32_t v, int32_t u)
{
    const double *a = &xyz[3 * (size_t)v], *b = &xyz[3 * (size_t)u];
    int32_t oa = c->origin[v], ob = c->origin[u];
    int m = (int)(continents_chord(xyz, v, u) / EDGE_STEP), k;
    double best = -HUGE_VAL, x[3];
    for (k = 0; k <= m + 1; k++) {
        double f = (double)k / (m + 1), ka, kb, r;
        ka = key_on_edge(c, oa, a, b, f, x);
        r = c->coast_amp * fbm3(c->coast_pn, &coast_fbm, x[0], x[1], x[2]);
        if (ob >= 0) {
            kb = key_on_edge(c, ob, a, b, f, x);
        } else if (continents_cap_excess(c, x) > 0.0) {
            kb = -HUGE_VAL;
        } else {
            kb = c->caps_grow ? 1.0 - fabs(x[2]) : HUGE_VAL;
        }
        ka = (ka < kb ? ka : kb) - r;
        best = ka > best ? ka : best;
    }
    return best;
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
 * the land tends to the same sublevel set at every resolution. In noise
 * growth land of another continent or a cap joins v's component only once
 * the level reaches where the two fronts meet (meet_level). org: v's
 * continent (a seed index), or CONT_ORIGIN_NONE to take a land
 * neighbour's. Returns -1 when out of memory. */
static int
make_land(struct continents *c, const struct adjacency *adj, const double *xyz, int32_t v,
          int is_seed, int32_t org)
{
    int32_t j;

    c->state[v] = CONT_LAND;
    cand_remove(c, v);
    c->parent[v] = v;
    c->has_seed[v] = (uint8_t)is_seed;
    c->live += is_seed;
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
            int32_t common[8];
            int nc, m;
            if (c->rough == NULL || c->origin[u] == c->origin[v] || c->origin[v] < 0) {
                continents_join(c, v, u);
            } else {
                double lv = meet_level(c, xyz, v, u);
                if (lv <= c->level) {
                    continents_join(c, v, u);
                } else if (continents_meet_push(c, lv, v, u) != 0) {
                    return -1;
                }
            }
            nc = c->rough == NULL ? adjacency_common(adj, v, u, common, 8) : 0;
            for (m = 0; m < nc; m++) {
                if (c->state[common[m]] == CONT_UNASSIGNED && offer(c, xyz, v, common[m]) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* The next pops are likely among the heap's top few: fetch their state
 * and neighbour lists ahead (a hint only; always inlined, as GCC drops a
 * call to a function of prefetches alone). */
static inline __attribute__((always_inline)) void
frontier_prefetch(const struct continents *c, const struct adjacency *adj)
{
    size_t k;
    for (k = 1; k < 7 && k < c->nheap; k++) {
        int32_t v = c->heap[k].v;
        __builtin_prefetch(&c->state[v]);
        __builtin_prefetch(&adj->start[v]);
        __builtin_prefetch(&c->arrive[v]);
    }
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

/* How far (in growth key, about radians) a new continent's seed keeps from
 * every front, and (in degrees of latitude) from the caps' edge. The test
 * is made on the fields at the seed's point, not on the vertices near it,
 * so a seed is taken or passed over alike at every resolution: only the
 * level, known to about a mesh spacing, depends on the mesh, and this
 * margin puts most seeds far from the threshold. */
#define SEED_KEY_MARGIN 0.12
#define SEED_CAP_MARGIN_DEG 4.0

/* A random point of the sphere is a seed in noise growth when the fields
 * put it clear of every front and cap. */
static int
seed_point_ok(const struct continents *c, const double *q, double level)
{
    double mz = SEED_CAP_MARGIN_DEG * M_PI / 180.0 * sqrt(1.0 - c->cap_z * c->cap_z);
    if (c->cap_z <= 1.0 && continents_cap_excess(c, q) > -mz) {
        return 0;
    }
    return continents_key_at(c, q) > level + SEED_KEY_MARGIN;
}

/* Instance one continent on a free triangle: 1 if placed, 0 if none is
 * left, -1 out of memory. `level`: the growth key reached so far, where
 * the new continent starts in noise growth. Seed points come from their
 * own stream (sr), so the other draws do not shift them; in noise growth
 * the continent's centre is the point itself, not its nearest vertex. */
static int
seed(struct continents *c, const struct adjacency *adj, const double *xyz,
     const int32_t *triangles, size_t nt, struct rng *r, struct rng *sr, double level)
{
    size_t t, i;
    int32_t tri[3];
    double q[3];
    int tries, k;
    for (tries = 0; tries < 256; tries++) {
        continents_random_point(sr, q);
        if (c->rough != NULL && !seed_point_ok(c, q, level)) {
            continue;
        }
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
            memcpy(q, &xyz[3 * (size_t)tri[0]], sizeof q);
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
    memcpy(&c->centre[3 * c->seeds], c->rough != NULL ? q : &xyz[3 * (size_t)tri[0]],
           3 * sizeof *c->centre);
    /* a continent seeded later starts at the level reached so far */
    c->level0[c->seeds] = level;
    for (k = 0; k < 3; k++) {
        if (c->rough != NULL) {
            const double *v = &xyz[3 * (size_t)tri[k]];
            double dx = q[0] - v[0], dy = q[1] - v[1], dz = q[2] - v[2];
            c->arrive[tri[k]] = level + sqrt(dx * dx + dy * dy + dz * dz)
                                - rough_at(c, xyz, tri[k]);
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
rough_field(struct continents *c, const struct continents_params *p)
{
    c->rough = malloc(c->n * sizeof *c->rough);
    if (c->rough == NULL) {
        return -1;
    }
    perlin_init(c->coast_pn, p->noise_seed ^ rng_hash_str("planet.coast"));
    c->coast_amp = CONT_ROUGH_SCALE * p->coast_roughness;
    /* all bits set: NaN, "not evaluated yet" (rough_at) */
    memset(c->rough, 0xff, c->n * sizeof *c->rough);
    return 0;
}

double
continents_key_at(const struct continents *c, const double *q)
{
    double best = HUGE_VAL;
    size_t i;
    if (c->rough == NULL) {
        return HUGE_VAL;
    }
    for (i = 0; i < c->seeds; i++) {
        const double *o = &c->centre[3 * i];
        double dx = o[0] - q[0], dy = o[1] - q[1], dz = o[2] - q[2];
        double t = c->level0[i] + sqrt(dx * dx + dy * dy + dz * dz);
        best = t < best ? t : best;
    }
    if (c->caps_grow && c->cap_z <= 1.0) {
        double t = 1.0 - fabs(q[2]);
        best = t < best ? t : best;
    }
    if (best == HUGE_VAL) {
        return best;
    }
    return best - c->coast_amp * fbm3(c->coast_pn, &coast_fbm, q[0], q[1], q[2]);
}

enum og_status
continents_grow(struct continents *c, const struct adjacency *adj, const double *xyz,
                const int32_t *triangles, size_t nt, const struct continents_params *p,
                struct rng *r, struct run_ctx *ctx, struct og_error *err)
{
    size_t land = count_land(c), target, i, steps = 0;
    double level = 0.0;
    int initial = 1, s;
    struct rng sr;

    /* seed points: a stream of their own, so that neither the uniform
     * growth's draws nor the number of points passed over move the islands
     * drawn after them */
    rng_for_stage(&sr, p->noise_seed, "planet.continent_seeds");
    c->caps_grow = p->caps_grow;
    target = (size_t)llround(p->land_target * (double)c->n);
    c->target_vertices = target;
    if (p->noise_growth && c->rough == NULL && rough_field(c, p) != 0) {
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
                m = continents_uf_find(c->parent, u);
                c->parent[m] = continents_uf_find(c->parent, (int32_t)i);
            }
        }
    }
    while (land < target) {
        int32_t v;
        /* steps 2 and 3: keep ncontinents alive while there is room for a
         * whole triple under the target */
        while (c->live < p->ncontinents && land + 3 <= target) {
            if ((s = seed(c, adj, xyz, triangles, nt, r, &sr, level)) < 0) {
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
                     && (c->state[v] != CONT_UNASSIGNED || key != c->arrive[v]));
            if (v >= 0) {
                level = key > level ? key : level;
                c->level = level;
                continents_meet_until(c, level);
                frontier_prefetch(c, adj);
            }
        } else {
            v = c->ncand > 0 ? c->cand[rng_next_below(r, (uint32_t)c->ncand)] : -1;
        }
        if (v < 0) {
            if (land + 3 <= target && (s = seed(c, adj, xyz, triangles, nt, r, &sr, level)) != 0) {
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
    c->level = level;
    c->nheap = 0;
    return OG_OK;
nomem:
    return og_error_set(err, OG_ENOMEM, "out of memory growing continents on %zu vertices", c->n);
}
