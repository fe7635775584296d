#include "config.h"
#include "core/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/noise.h"
#include "core/rng.h"

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

enum og_status
continents_uplift(const struct continents *c, const struct adjacency *adj, const double *xyz,
                  double width, uint64_t noise_seed, float *out, struct og_error *err)
{
    size_t n = c->n, i, head = 0, tail = 0;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    double *dist = malloc((n > 0 ? n : 1) * sizeof *dist);
    float *amp = malloc((n > 0 ? n : 1) * sizeof *amp);
    struct perlin pn;
    const struct fbm_params fp = { 4, 3.0, 2.0, 0.5 };

    if (queue == NULL || dist == NULL || amp == NULL) {
        free(queue);
        free(dist);
        free(amp);
        return og_error_set(err, OG_ENOMEM, "out of memory for the collision uplift");
    }
    perlin_init(&pn, noise_seed ^ rng_hash_str("planet.sutures"));
    /* sources: continental land with a neighbour grown by another continent */
    for (i = 0; i < n; i++) {
        int32_t j, o = c->origin[i];
        dist[i] = -1.0;
        out[i] = 0.0f;
        if (c->state[i] != CONT_LAND || o < 0) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (c->state[u] == CONT_LAND && c->origin[u] >= 0 && c->origin[u] != o) {
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
    while (head < tail) {
        int32_t v = queue[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            double d;
            if (dist[u] >= 0.0 || c->state[u] != CONT_LAND || c->origin[u] < 0) {
                continue;
            }
            d = dist[v] + continents_chord(xyz, v, u);
            if (d > 3.0 * width) {
                continue;
            }
            dist[u] = d;
            amp[u] = amp[v];
            queue[tail++] = u;
        }
    }
    for (i = 0; i < n; i++) {
        if (dist[i] >= 0.0) {
            double x = dist[i] / width;
            out[i] = (float)(amp[i] * exp(-x * x));
        }
    }
    free(queue);
    free(dist);
    free(amp);
    return OG_OK;
}
