#include "config.h"
#include "core/planet/planet_coast.h"

#include <math.h>
#include <stdlib.h>

#include "core/geom/adjacency.h"
#include "core/planet/continents.h"

/* Distance from the coast along the mesh: chords summed along a breadth
 * first search from every coastal vertex, which starts at half its
 * shortest chord across the coast; on either side of it. Returns -1 in
 * dist when there is no coast at all. near (may be NULL): per vertex the
 * landmass id of the coast it was reached from (landmass: ids, -1 on sea),
 * -1 where dist is -1. */
static void
coast_distance(const struct adjacency *adj, const double *xyz, const uint8_t *land,
               const int32_t *landmass, double *dist, int32_t *queue, int32_t *near)
{
    size_t n = adj->n, i, head = 0, tail = 0;
    for (i = 0; i < n; i++) {
        int32_t j, from = -1;
        double best = -1.0;
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            if (land[adj->nbr[j]] != land[i]) {
                double d = 0.5 * continents_chord(xyz, (int32_t)i, adj->nbr[j]);
                if (best < 0.0 || d < best) {
                    best = d;
                    from = land[i] ? (int32_t)i : adj->nbr[j];
                }
            }
        }
        dist[i] = best;
        if (near != NULL) {
            near[i] = from >= 0 ? landmass[from] : -1;
        }
        if (best >= 0.0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t v, j;
        /* The queue sweeps the globe once a ring, so each vertex's data is
         * far from the last one's: prefetch along the queue, in three
         * steps (its edge list's start, the list, the neighbours). */
        if (head + 40 < tail) {
            __builtin_prefetch(&adj->start[queue[head + 40]]);
        }
        if (head + 24 < tail) {
            v = queue[head + 24];
            __builtin_prefetch(&adj->nbr[adj->start[v]]);
            __builtin_prefetch(&xyz[3 * (size_t)v]);
            __builtin_prefetch(&dist[v]);
            if (near != NULL) {
                __builtin_prefetch(&near[v]);
            }
        }
        if (head + 10 < tail) {
            v = queue[head + 10];
            for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
                __builtin_prefetch(&dist[adj->nbr[j]]);
                __builtin_prefetch(&xyz[3 * (size_t)adj->nbr[j]]);
                __builtin_prefetch(&land[adj->nbr[j]]);
            }
        }
        v = queue[head++];
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (dist[u] < 0.0 && land[u] == land[v]) {
                dist[u] = dist[v] + continents_chord(xyz, v, u);
                if (near != NULL) {
                    near[u] = near[v];
                }
                queue[tail++] = u;
            }
        }
    }
}

/* The shelf of a landmass of `cells` out of n shrinks with its size: full
 * for a landmass whose disc radius 2 sqrt(cells / n) (radians) is 0.2 or
 * more (1 % of the globe), in proportion below, so a small oceanic island
 * rises from deep water with a narrow shelf instead of sitting in a ring
 * of shallows wider than itself. */
static double
shelf_scale(size_t cells, size_t n)
{
    double r = n > 0 ? 2.0 * sqrt((double)cells / (double)n) : 1.0;
    return r >= 0.2 ? 1.0 : r / 0.2;
}

/* Per vertex: the shelf scale of the landmass whose coast is nearest (its
 * own on land; 1 where there is no coast). size[id]: cells per landmass
 * id, count ids; each landmass's scale is computed once into ls. */
static void
shelf_scales(size_t n, const int32_t *near, const size_t *size, size_t count, float *ls,
             float *scale)
{
    size_t i;
    for (i = 0; i < count; i++) {
        ls[i] = (float)shelf_scale(size[i], n);
    }
    for (i = 0; i < n; i++) {
        scale[i] = near[i] < 0 ? 1.0f : ls[near[i]];
    }
}

/* The coast distance (dist, radians, -1 without a coast) and the shelf
 * scale per vertex (scale) from the land mask and its landmass ids
 * (0..count-1, -1 on sea). Returns -1 out of memory. */
int
planet_coast_fields(const struct adjacency *adj, const double *xyz, const uint8_t *land,
             const int32_t *landmass, size_t count, double *dist, float *scale)
{
    size_t n = adj->n, i;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    int32_t *near = malloc((n > 0 ? n : 1) * sizeof *near);
    size_t *size = calloc(count > 0 ? count : 1, sizeof *size);
    float *ls = malloc((count > 0 ? count : 1) * sizeof *ls);

    if (queue == NULL || near == NULL || size == NULL || ls == NULL) {
        free(queue);
        free(near);
        free(size);
        free(ls);
        return -1;
    }
    coast_distance(adj, xyz, land, landmass, dist, queue, near);
    for (i = 0; i < n; i++) {
        if (landmass[i] >= 0 && (size_t)landmass[i] < count) {
            size[landmass[i]]++;
        }
    }
    shelf_scales(n, near, size, count, ls, scale);
    free(queue);
    free(near);
    free(size);
    free(ls);
    return 0;
}

