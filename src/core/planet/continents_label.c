#include "config.h"
#include "core/planet/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/base/noise.h"
#include "core/base/rng.h"

/* Landmass labels and the shape figures of a land mask (the step after the
 * five steps, also run on edited worlds). */

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

/* Suture bending: how far the two plates' border may move from where the
 * growth fronts met (radians, about 7 degrees), and how far from that
 * border the plates are relabelled (3 times as far). */
#define SUTURE_WARP 0.3
#define SUTURE_REACH (1.3 * SUTURE_WARP)

/* Vertices warped together (fbm3_batch). */
#define PLATE_BLOCK 256

/* Continental land of one growth component: where collision ranges rise. */
static int
continental(const struct continents *c, size_t v)
{
    return c->state[v] == CONT_LAND && c->origin[v] >= 0;
}

static int
same_root(const struct continents *c, int32_t a, int32_t b)
{
    while (c->parent[a] != a) {
        a = c->parent[a];
    }
    while (c->parent[b] != b) {
        b = c->parent[b];
    }
    return a == b;
}

/* Breadth-first over continental land from the queue's first `tail`
 * entries (dist 0), distances summed along the search tree, out to `reach`;
 * carry[] (may be NULL) and fcarry[] (may be NULL) are copied along. */
static size_t
spread(const struct continents *c, const struct adjacency *adj, const double *xyz,
       int32_t *queue, size_t tail, double *dist, double reach, int32_t *carry, float *fcarry)
{
    size_t head = 0;
    while (head < tail) {
        int32_t v = queue[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            double d;
            if (dist[u] >= 0.0 || !continental(c, (size_t)u)) {
                continue;
            }
            d = dist[v] + continents_chord(xyz, v, u);
            if (d > reach) {
                continue;
            }
            dist[u] = d;
            if (carry != NULL) {
                carry[u] = carry[v];
            }
            if (fcarry != NULL) {
                fcarry[u] = fcarry[v];
            }
            queue[tail++] = u;
        }
    }
    return tail;
}

/* The plate of each continental vertex: the continent that grew it, except
 * within SUTURE_REACH of where two continents' fronts met, where it is the
 * nearer of the two in additively weighted distance (level0 + chord to the
 * centre) measured from the vertex's position warped by a vector fBm field
 * (3 fields, 4 octaves from 2 cycles per radian, SUTURE_WARP radians). The
 * fronts of noise growth meet where level0 + distance is equal for both,
 * a great circle for two continents seeded together, so the ranges raised
 * along it were straight arcs; the warp bends the border into a wandering
 * line without moving any land (the land, and so every landmass figure,
 * is the growth's). plate: n entries (-1 off continental land). */
static void
plates(const struct continents *c, const struct adjacency *adj, const double *xyz,
       uint64_t noise_seed, int32_t *plate, int32_t *queue, double *dist)
{
    size_t n = c->n, i, tail = 0;
    struct perlin pw[3];
    const struct fbm_params fp = { 4, 2.0, 2.0, 0.5 };
    int k;

    for (k = 0; k < 3; k++) {
        perlin_init(&pw[k], noise_seed ^ rng_hash_str(k == 0 ? "planet.suture_x"
                                                       : k == 1 ? "planet.suture_y"
                                                                : "planet.suture_z"));
    }
    /* the other continent at each place the fronts met (same component) */
    for (i = 0; i < n; i++) {
        int32_t j;
        dist[i] = -1.0;
        plate[i] = -1;
        if (!continental(c, i)) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (continental(c, (size_t)u) && c->origin[u] != c->origin[i]
                && same_root(c, (int32_t)i, u)) {
                dist[i] = 0.0;
                plate[i] = c->origin[u];
                queue[tail++] = (int32_t)i;
                break;
            }
        }
    }
    tail = spread(c, adj, xyz, queue, tail, dist, SUTURE_REACH, plate, NULL);
    /* the vertices between two plates (queue reused), warped in blocks */
    tail = 0;
    for (i = 0; i < n; i++) {
        if (!continental(c, i)) {
            continue;
        }
        if (dist[i] < 0.0) {
            plate[i] = c->origin[i];
        } else if (plate[i] != c->origin[i]) {
            queue[tail++] = (int32_t)i;
        } /* else both candidates are the same plate: no warp needed */
    }
    for (i = 0; i < tail; i += PLATE_BLOCK) {
        size_t b = tail - i < PLATE_BLOCK ? tail - i : PLATE_BLOCK, e;
        double pts[3 * PLATE_BLOCK], f[3][PLATE_BLOCK];
        for (e = 0; e < b; e++) {
            memcpy(&pts[3 * e], &xyz[3 * (size_t)queue[i + e]], 3 * sizeof *pts);
        }
        for (k = 0; k < 3; k++) {
            fbm3_batch(&pw[k], &fp, pts, pts + 1, pts + 2, 3, b, f[k]);
        }
        for (e = 0; e < b; e++) {
            int32_t v = queue[i + e], cand[2], m;
            const double *q = &pts[3 * e];
            double w[3], l, best = HUGE_VAL;
            for (k = 0; k < 3; k++) {
                w[k] = q[k] + SUTURE_WARP * f[k][e];
            }
            l = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            cand[0] = c->origin[v];
            cand[1] = plate[v];
            for (m = 0; m < 2; m++) {
                const double *o = &c->centre[3 * (size_t)cand[m]];
                double dx = w[0] / l - o[0], dy = w[1] / l - o[1], dz = w[2] / l - o[2];
                double t = c->level0[cand[m]] + sqrt(dx * dx + dy * dy + dz * dz);
                if (t < best) {
                    best = t;
                    plate[v] = cand[m];
                }
            }
        }
    }
}

enum og_status
continents_uplift(const struct continents *c, const struct adjacency *adj, const double *xyz,
                  double width, uint64_t noise_seed, float *out, struct og_error *err)
{
    size_t n = c->n, i, tail = 0;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    int32_t *plate = malloc((n > 0 ? n : 1) * sizeof *plate);
    double *dist = malloc((n > 0 ? n : 1) * sizeof *dist);
    float *amp = malloc((n > 0 ? n : 1) * sizeof *amp);
    struct perlin pn;
    const struct fbm_params fp = { 4, 3.0, 2.0, 0.5 };

    if (queue == NULL || plate == NULL || dist == NULL || amp == NULL) {
        free(queue);
        free(plate);
        free(dist);
        free(amp);
        return og_error_set(err, OG_ENOMEM, "out of memory for the collision uplift");
    }
    if (c->centre != NULL) {
        plates(c, adj, xyz, noise_seed, plate, queue, dist);
    } else {
        for (i = 0; i < n; i++) {
            plate[i] = continental(c, i) ? c->origin[i] : -1;
        }
    }
    perlin_init(&pn, noise_seed ^ rng_hash_str("planet.sutures"));
    /* sources: continental land with a neighbour of another plate in the
     * same component (two continents that met) */
    for (i = 0; i < n; i++) {
        int32_t j;
        dist[i] = -1.0;
        out[i] = 0.0f;
        if (!continental(c, i)) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (continental(c, (size_t)u) && plate[u] != plate[i] && same_root(c, (int32_t)i, u)) {
                const double *q = &xyz[3 * i];
                double a = 0.6 + 0.8 * fbm3(&pn, &fp, q[0], q[1], q[2]);
                dist[i] = 0.0;
                amp[i] = (float)(a < 0.0 ? 0.0 : a > 1.0 ? 1.0 : a);
                queue[tail++] = (int32_t)i;
                break;
            }
        }
    }
    /* breadth first over continental land, distances summed along the
     * search tree, out to three widths */
    spread(c, adj, xyz, queue, tail, dist, 3.0 * width, NULL, amp);
    for (i = 0; i < n; i++) {
        if (dist[i] >= 0.0) {
            double x = dist[i] / width;
            out[i] = (float)(amp[i] * det_exp(-x * x));
        }
    }
    free(queue);
    free(plate);
    free(dist);
    free(amp);
    return OG_OK;
}
