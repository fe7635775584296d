#include "config.h"
#include "core/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/pipeline.h"
#include "core/rng.h"

enum og_status
continents_init(struct continents *c, size_t n, struct og_error *err)
{
    memset(c, 0, sizeof *c);
    if (n == 0 || n >= (size_t)INT32_MAX) {
        return og_error_set(err, OG_ERANGE, "continents: %zu vertices outside [1, %d]", n,
                            INT32_MAX - 1);
    }
    c->n = n;
    c->state = calloc(n, 1);
    c->landmass = malloc(n * sizeof *c->landmass);
    c->parent = malloc(n * sizeof *c->parent);
    c->has_seed = calloc(n, 1);
    c->cand = malloc(n * sizeof *c->cand);
    c->cand_pos = malloc(n * sizeof *c->cand_pos);
    if (c->state == NULL || c->landmass == NULL || c->parent == NULL || c->has_seed == NULL
        || c->cand == NULL || c->cand_pos == NULL) {
        continents_fini(c);
        return og_error_set(err, OG_ENOMEM, "out of memory for continents of %zu vertices", n);
    }
    memset(c->parent, 0xff, n * sizeof *c->parent);
    memset(c->cand_pos, 0xff, n * sizeof *c->cand_pos);
    memset(c->landmass, 0xff, n * sizeof *c->landmass);
    return OG_OK;
}

void
continents_fini(struct continents *c)
{
    free(c->state);
    free(c->landmass);
    free(c->parent);
    free(c->has_seed);
    free(c->cand);
    free(c->cand_pos);
    memset(c, 0, sizeof *c);
}

enum og_status
continents_check(const struct continents_params *p, struct og_error *err)
{
    if (!(p->cap_latitude >= 0.0 && p->cap_latitude <= 90.0)) {
        return og_error_set(err, OG_ERANGE, "cap latitude %g outside [0, 90]", p->cap_latitude);
    }
    if (p->ncontinents < 1 || p->ncontinents > 10000) {
        return og_error_set(err, OG_ERANGE, "continents %d outside [1, 10000]", p->ncontinents);
    }
    if (!(p->land_target >= 0.0 && p->land_target <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "land target %g outside [0, 1]", p->land_target);
    }
    if (!(p->island_chance >= 0.0 && p->island_chance <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "island chance %g outside [0, 1]", p->island_chance);
    }
    if (p->caps_grow != 0 && p->caps_grow != 1) {
        return og_error_set(err, OG_ERANGE, "caps_grow %d outside [0, 1]", p->caps_grow);
    }
    return OG_OK;
}

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

void
continents_caps(struct continents *c, const double *xyz, const struct continents_params *p)
{
    double zc = sin(p->cap_latitude * M_PI / 180.0);
    size_t i;

    for (i = 0; i < c->n; i++) {
        if (fabs(xyz[3 * i + 2]) > zc) {
            c->state[i] = CONT_LAND;
            c->parent[i] = (int32_t)i;
            c->cap_vertices++;
        }
    }
}

/* v becomes land: join the land components around it (counting continents
 * that disappear into others or into a cap) and make the unassigned mutual
 * neighbours of v and each land neighbour candidates for growth. */
static void
make_land(struct continents *c, const struct adjacency *adj, int32_t v, int is_seed)
{
    int32_t j, roots[64];
    int nroots = 0, k;
    long seeded = 0;

    c->state[v] = CONT_LAND;
    cand_remove(c, v);
    c->parent[v] = v;
    for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
        int32_t u = adj->nbr[j];
        if (c->state[u] == CONT_LAND && u != v) {
            int32_t ru = uf_find(c->parent, u), common[8];
            int nc, m;
            for (k = 0; k < nroots && roots[k] != ru; k++) {
            }
            if (k == nroots && nroots < 64) {
                roots[nroots++] = ru;
            }
            nc = adjacency_common(adj, v, u, common, 8);
            for (m = 0; m < nc; m++) {
                if (c->state[common[m]] == CONT_UNASSIGNED) {
                    cand_add(c, common[m]);
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
}

/* A triangle whose vertices are unassigned and have no land neighbour. */
static int
seed_ok(const struct continents *c, const struct adjacency *adj, const int32_t *t)
{
    int k;
    for (k = 0; k < 3; k++) {
        int32_t v = t[k], j;
        if (c->state[v] != CONT_UNASSIGNED) {
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

static int
seed(struct continents *c, const struct adjacency *adj, const int32_t *triangles, size_t nt,
     struct rng *r)
{
    size_t t, i;
    int tries;
    for (tries = 0; tries < 256; tries++) {
        t = rng_next_below(r, (uint32_t)nt);
        if (seed_ok(c, adj, &triangles[3 * t])) {
            goto found;
        }
    }
    /* crowded: scan from a random start so the choice stays seeded */
    t = rng_next_below(r, (uint32_t)nt);
    for (i = 0; i < nt; i++, t = (t + 1) % nt) {
        if (seed_ok(c, adj, &triangles[3 * t])) {
            goto found;
        }
    }
    return 0;
found:
    make_land(c, adj, triangles[3 * t], 1);
    make_land(c, adj, triangles[3 * t + 1], 0);
    make_land(c, adj, triangles[3 * t + 2], 0);
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

enum og_status
continents_grow(struct continents *c, const struct adjacency *adj, const int32_t *triangles,
                size_t nt, const struct continents_params *p, struct rng *r, struct run_ctx *ctx,
                struct og_error *err)
{
    size_t land = count_land(c), target, i, steps = 0;
    int initial = 1;

    target = (size_t)llround(p->land_target * (double)c->n);
    c->target_vertices = target;
    /* the caps' components; with caps_grow, every edge between two cap
     * vertices also makes their mutual neighbours candidates */
    for (i = 0; i < c->n; i++) {
        int32_t j;
        if (c->state[i] != CONT_LAND) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int32_t u = adj->nbr[j], common[8];
            int nc, m;
            if (c->state[u] == CONT_LAND) {
                nc = p->caps_grow ? adjacency_common(adj, (int32_t)i, u, common, 8) : 0;
                for (m = 0; m < nc; m++) {
                    if (c->state[common[m]] == CONT_UNASSIGNED) {
                        cand_add(c, common[m]);
                    }
                }
                /* join cap vertices into their components */
                c->parent[uf_find(c->parent, u)] = uf_find(c->parent, (int32_t)i);
            }
        }
    }
    while (land < target) {
        /* steps 2 and 3: keep ncontinents alive while there is room for a
         * whole triple under the target */
        while (c->live < p->ncontinents && land + 3 <= target) {
            if (!seed(c, adj, triangles, nt, r)) {
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
        if (c->ncand == 0) {
            if (land + 3 <= target && seed(c, adj, triangles, nt, r)) {
                land += 3;
                c->reseeds++;
                continue;
            }
            break; /* nothing reachable: stop short of the target */
        }
        make_land(c, adj, c->cand[rng_next_below(r, (uint32_t)c->ncand)], 0);
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
    return OG_OK;
}

void
continents_coast(struct continents *c, const struct adjacency *adj)
{
    size_t i;
    for (i = 0; i < c->n; i++) {
        int32_t j;
        if (c->state[i] != CONT_UNASSIGNED) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            if (c->state[adj->nbr[j]] == CONT_LAND) {
                c->state[i] = CONT_SEA;
                break;
            }
        }
    }
}

int
continents_south_heavier(const struct continents *c, const double *xyz)
{
    size_t i, north = 0, south = 0;
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_LAND) {
            if (xyz[3 * i + 2] > 0.0) {
                north++;
            } else if (xyz[3 * i + 2] < 0.0) {
                south++;
            }
        }
    }
    return south > north;
}

void
continents_flip(double *xyz, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        xyz[3 * i + 1] = -xyz[3 * i + 1];
        xyz[3 * i + 2] = -xyz[3 * i + 2];
    }
}

void
continents_islands(struct continents *c, const struct continents_params *p, struct rng *r)
{
    size_t i;
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_UNASSIGNED) {
            if (rng_next_double(r) < p->island_chance) {
                c->state[i] = CONT_LAND;
                c->islands++;
            } else {
                c->state[i] = CONT_SEA;
            }
        }
    }
}

enum og_status
continents_label(const uint8_t *land, const struct adjacency *adj, int32_t *landmass,
                 size_t *count, size_t *largest, struct og_error *err)
{
    size_t n = adj->n, i, ncomp = 0, big = 0;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);

    if (queue == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory labelling %zu vertices", n);
    }
    for (i = 0; i < n; i++) {
        landmass[i] = -1;
    }
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        if (!land[i] || landmass[i] >= 0) {
            continue;
        }
        landmass[i] = (int32_t)ncomp;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t v = queue[head++], j;
            for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
                int32_t u = adj->nbr[j];
                if (land[u] && landmass[u] < 0) {
                    landmass[u] = (int32_t)ncomp;
                    queue[tail++] = u;
                }
            }
        }
        if (tail > big) {
            big = tail;
        }
        ncomp++;
    }
    free(queue);
    if (count != NULL) {
        *count = ncomp;
    }
    if (largest != NULL) {
        *largest = big;
    }
    return OG_OK;
}

enum og_status
continents_landmasses(struct continents *c, const struct adjacency *adj, struct og_error *err)
{
    uint8_t *land = malloc(c->n);
    enum og_status st;
    size_t i;

    if (land == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory labelling %zu vertices", c->n);
    }
    c->land = 0;
    for (i = 0; i < c->n; i++) {
        land[i] = c->state[i] == CONT_LAND;
        c->land += land[i];
    }
    st = continents_label(land, adj, c->landmass, &c->nlandmasses, &c->largest, err);
    free(land);
    return st;
}

static int
cmp_size_desc(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

enum og_status
continents_shape(const int32_t *landmass, size_t count, size_t land, const struct adjacency *adj,
                 struct landmass_shape *out, struct og_error *err)
{
    size_t n = adj->n, i, nine = 0;
    size_t *size = calloc(count > 0 ? count : 1, sizeof *size);

    memset(out, 0, sizeof *out);
    if (size == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for %zu landmass sizes", count);
    }
    for (i = 0; i < n; i++) {
        int32_t j;
        if (landmass[i] < 0) {
            continue;
        }
        size[landmass[i]]++;
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            out->coast_edges += landmass[adj->nbr[j]] < 0;
        }
    }
    qsort(size, count, sizeof *size, cmp_size_desc);
    for (i = 0; i < count; i++) {
        /* strictly more than the share: size / n > s  <=>  size * 1000 > n * s * 1000 */
        out->over_0_1pct += size[i] * 1000 > n;
        out->over_1pct += size[i] * 100 > n;
        out->over_5pct += size[i] * 20 > n;
        if (i < 9) {
            nine += size[i];
        }
    }
    out->nine_share = land > 0 ? (double)nine / (double)land : 0.0;
    out->coast_complexity = land > 0 ? (double)out->coast_edges / sqrt((double)land) : 0.0;
    free(size);
    return OG_OK;
}
