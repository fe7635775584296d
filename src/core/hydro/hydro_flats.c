#include "config.h"
#include "core/hydro/hydro.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/hydro/priority_flood_queues.h"

/* --- flats (Barnes, Lehman and Mulla 2014b) ------------------------------------ */

#define FLAT_NONE (-1.0f)  /* not a flat cell */
#define FLAT_UNSET (-2.0f) /* a flat cell not reached yet */
#define FLAT_DEPTH_WEIGHT 4.0 /* a flat cell's step costs 1 + this / (raise / D + floor)^2 */
#define FLAT_DEPTH_FLOOR 0.1


/* Length of the grid step between neighbours i and j (1 or sqrt 2). */
static double
step_len(size_t w, int32_t i, int32_t j)
{
    size_t d = (size_t)(j > i ? j - i : i - j);
    return d == 1 || d == w ? 1.0 : 1.4142135623730951;
}

/* Shortest-path distances over the flat cells (dist[i] >= 0, FLAT_UNSET
 * where unreached) from the seeds already in the heap, with the symmetric
 * step cost len x (wt[i] + wt[j]) / 2. Returns -1 when memory runs out. */
static int
flat_dijkstra(const struct hydro_graph *g, const float *wt, float *dist, struct radix *h)
{
    int32_t nb[HYDRO_MAX_DEGREE];

    while (h->size > 0) {
        int32_t i;
        float d;
        int k, cnt;
        if (radix_pop(h, &i, &d) != 0) {
            return -1;
        }
        if (d > dist[i]) {
            continue; /* a stale entry */
        }
        cnt = nbrs(g, (size_t)i, on_border(g, (size_t)i), nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            float nd;
            if (dist[m] == FLAT_NONE) {
                continue;
            }
            nd = (float)((double)d + step_len((size_t)g->width, i, m) * 0.5 * (wt[i] + wt[m]));
            if (dist[m] == FLAT_UNSET || nd < dist[m]) {
                dist[m] = nd;
                if (radix_push(h, nd, m) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* L: distances to the flat's drain cells (non-flat nodes of equal height). */
static int
flats_lower(const struct hydro_graph *g, const float *filled, const float *wt, float *lo)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    struct radix heap;
    size_t i, n = g->n, w = (size_t)g->width;
    int r = 0;

    memset(&heap, 0, sizeof heap);
    for (i = 0; i < n && r == 0; i++) {
        int k, cnt;
        float best = FLAT_UNSET;
        if (lo[i] == FLAT_NONE) {
            continue;
        }
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            if (lo[nb[k]] == FLAT_NONE && filled[nb[k]] == filled[i]) {
                float c = (float)(step_len(w, (int32_t)i, nb[k]) * wt[i]);
                best = best == FLAT_UNSET || c < best ? c : best;
            }
        }
        if (best != FLAT_UNSET) {
            lo[i] = best;
            r = radix_push(&heap, best, (int32_t)i);
        }
    }
    r = r == 0 ? flat_dijkstra(g, wt, lo, &heap) : r;
    radix_fini(&heap);
    return r;
}

/* H: distances from the flat cells touching higher ground. */
static int
flats_higher(const struct hydro_graph *g, const float *filled, const float *wt, float *hi)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    struct radix heap;
    size_t i, n = g->n;
    int r = 0;

    memset(&heap, 0, sizeof heap);
    for (i = 0; i < n && r == 0; i++) {
        int k, cnt;
        if (hi[i] == FLAT_NONE) {
            continue;
        }
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            if (filled[nb[k]] > filled[i]) {
                hi[i] = 0.0f;
                r = radix_push(&heap, 0.0f, (int32_t)i);
                break;
            }
        }
    }
    r = r == 0 ? flat_dijkstra(g, wt, hi, &heap) : r;
    radix_fini(&heap);
    return r;
}

struct flat_job {
    const struct hydro_graph *g;
    const float *filled, *wt;
    float *lo, *hi;
};

/* Batch 0 computes L, batch 1 H: they share only read-only inputs, and a
 * Dijkstra's distances do not depend on its pop order, so the two run on
 * two threads with the same result as on one. */
static enum og_status
flat_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct flat_job *j = arg;
    int r = batch == 0 ? flats_lower(j->g, j->filled, j->wt, j->lo)
                       : flats_higher(j->g, j->filled, j->wt, j->hi);
    (void)begin;
    (void)end;
    return r == 0 ? OG_OK : og_error_set(err, OG_ENOMEM, "out of memory");
}

/* Re-route the cells of flats, which hydro_route sent along the flood order
 * (a ruler line from the spill point), with the combined gradient of Barnes,
 * Lehman and Mulla (2014), "An efficient assignment of drainage direction
 * over flat surfaces in raster digital elevation models", Computers &
 * Geosciences 62: towards lower terrain (L, distance to the flat's drain
 * cells) and away from higher terrain (H, distance from the cells touching
 * higher ground), the key C = 2 L - H (Barnes adds the flat's largest H to
 * make it non-negative, which cancels when comparing cells of one flat).
 * Barnes counts hops; here both are shortest paths under one symmetric
 * step cost, len x the mean weight of the two cells, so along L's shortest
 * path C falls by at least the step's cost (|dH| <= cost by the triangle
 * inequality): routing to the steepest fall of C is acyclic. The weight is
 * 1 + FLAT_DEPTH_WEIGHT / (raise / D + FLAT_DEPTH_FLOOR)^2, raise = filled -
 * elev, D the mean raise of the raised flat cells: inside a filled
 * depression the cheap paths follow its original valley floor, its deepest
 * line, to the spill point instead of crossing it in straight lines (a kind
 * of least-cost breaching, Lindsay 2016, without changing heights). The
 * cost keeps falling with depth (it used to stop at D, so across the
 * deeper half of every depression all steps cost the same and shortest
 * paths were octile ruler lines: 21 % of seed 1's stream cells at 1024^2
 * lay in straight runs of 20 cells or more, 7 % now); the floor bounds it
 * at 401 on the dry rim, which keeps distances well inside float precision.
 * On a flat that was flat before the fill (or without elev) every weight
 * is equal and this is Barnes' rule with octile distances. Flat cells = non-sinks whose route was a tie on the
 * filled surface (no lower neighbour); adjacent flat cells always share one
 * height. A flat without a drain keeps the flood-order route. */
enum og_status
hydro_route_flats(const struct hydro_graph *g, const float *elev, const float *filled,
                  const uint32_t *rank, int32_t *downhill, int threads, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    float *lo = NULL, *hi = NULL, *wt = NULL;
    struct flat_job job;
    size_t i, n = g->n, flats = 0, raised = 0;
    size_t w = (size_t)g->width;
    double draise = 0.0;
    enum og_status st;

    for (i = 0; i < n; i++) {
        flats += downhill[i] >= 0 && filled[downhill[i]] == filled[i];
    }
    if (flats == 0) {
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&lo, n, sizeof *lo, "flat distances", err)) != OG_OK ||
        (st = grid_calloc((void **)&hi, n, sizeof *hi, "flat distances", err)) != OG_OK ||
        (st = grid_calloc((void **)&wt, n, sizeof *wt, "flat weights", err)) != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        int on = downhill[i] >= 0 && filled[downhill[i]] == filled[i];
        lo[i] = on ? FLAT_UNSET : FLAT_NONE;
        hi[i] = lo[i];
        if (on && elev != NULL && filled[i] > elev[i]) {
            draise += (double)filled[i] - (double)elev[i];
            raised++;
        }
    }
    draise = raised > 0 ? draise / (double)raised : 0.0;
    for (i = 0; i < n; i++) {
        double r = elev != NULL && draise > 0.0 ? ((double)filled[i] - (double)elev[i]) / draise
                                                : 0.0;
        r = r < 0.0 ? 0.0 : r;
        r += FLAT_DEPTH_FLOOR;
        wt[i] = (float)(1.0 + FLAT_DEPTH_WEIGHT / (r * r));
    }
    job.g = g;
    job.filled = filled;
    job.wt = wt;
    job.lo = lo;
    job.hi = hi;
    if (og_parallel_for(threads, 2, 1, flat_batch, &job, NULL, 0.0, 0.0, err) != OG_OK) {
        goto nomem;
    }
    for (i = 0; i < n; i++) {
        int k, cnt;
        int32_t best = -1;
        double bs = 0.0, ci;
        uint32_t br = 0;
        if (lo[i] < 0.0f) { /* not a flat cell, or a flat without a drain */
            continue;
        }
        ci = 2.0 * lo[i] - (hi[i] > 0.0f ? hi[i] : 0.0);
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            double len = step_len(w, (int32_t)i, m), drop, s;
            if (filled[m] != filled[i]) {
                continue;
            }
            if (lo[m] == FLAT_NONE) {
                drop = 2.0 * len * wt[i]; /* a drain: L = 0 there */
            } else if (lo[m] >= 0.0f) {
                drop = ci - (2.0 * lo[m] - (hi[m] > 0.0f ? hi[m] : 0.0));
            } else {
                continue;
            }
            if (!(drop > 0.0)) {
                continue;
            }
            s = drop / len;
            if (best < 0 || s > bs || (s == bs && rank[m] < br)) {
                best = m;
                bs = s;
                br = rank[m];
            }
        }
        if (best >= 0) {
            downhill[i] = best;
        }
    }
    st = OG_OK;
    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "hydrology: out of memory for the flat routing");
done:
    free(lo);
    free(hi);
    free(wt);
    return st;
}

