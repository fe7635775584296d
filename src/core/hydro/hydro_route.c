#include "config.h"
#include "core/hydro/hydro.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/pipeline.h"

#define TICK_MASK HYDRO_TICK_MASK

/* --- routing and accumulation ------------------------------------------------ */

/* --- flats (Barnes, Lehman and Mulla 2014b) ------------------------------------ */

#define FLAT_NONE (-1.0f)  /* not a flat cell */
#define FLAT_UNSET (-2.0f) /* a flat cell not reached yet */
#define FLAT_DEPTH_WEIGHT 4.0 /* a flat cell's step costs 1 + this / (raise / D + floor)^2 */
#define FLAT_DEPTH_FLOOR 0.1

struct flat_item {
    float d;
    int32_t i;
};

struct flat_heap {
    struct flat_item *a;
    size_t len, cap;
};

static int
flat_push(struct flat_heap *h, float d, int32_t i)
{
    size_t k;
    if (h->len == h->cap) {
        size_t cap = h->cap != 0 ? 2 * h->cap : 1024;
        struct flat_item *na = realloc(h->a, cap * sizeof *na);
        if (na == NULL) {
            return -1;
        }
        h->a = na;
        h->cap = cap;
    }
    k = h->len++;
    while (k > 0) {
        size_t p = (k - 1) / 2;
        if (h->a[p].d < d || (h->a[p].d == d && h->a[p].i < i)) {
            break;
        }
        h->a[k] = h->a[p];
        k = p;
    }
    h->a[k].d = d;
    h->a[k].i = i;
    return 0;
}

static struct flat_item
flat_pop(struct flat_heap *h)
{
    struct flat_item top = h->a[0], last = h->a[--h->len];
    size_t k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= h->len) {
            break;
        }
        if (c + 1 < h->len && (h->a[c + 1].d < h->a[c].d ||
                               (h->a[c + 1].d == h->a[c].d && h->a[c + 1].i < h->a[c].i))) {
            c++;
        }
        if (last.d < h->a[c].d || (last.d == h->a[c].d && last.i < h->a[c].i)) {
            break;
        }
        h->a[k] = h->a[c];
        k = c;
    }
    if (h->len > 0) {
        h->a[k] = last;
    }
    return top;
}

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
flat_dijkstra(const struct hydro_graph *g, const float *wt, float *dist, struct flat_heap *h)
{
    int32_t nb[HYDRO_MAX_DEGREE];

    while (h->len > 0) {
        struct flat_item it = flat_pop(h);
        int k, cnt;
        if (it.d > dist[it.i]) {
            continue; /* a stale entry */
        }
        cnt = nbrs(g, (size_t)it.i, on_border(g, (size_t)it.i), nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            float nd;
            if (dist[m] == FLAT_NONE) {
                continue;
            }
            nd = (float)((double)it.d +
                         step_len((size_t)g->width, it.i, m) * 0.5 * (wt[it.i] + wt[m]));
            if (dist[m] == FLAT_UNSET || nd < dist[m]) {
                dist[m] = nd;
                if (flat_push(h, nd, m) != 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
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
static enum og_status
route_flats(const struct hydro_graph *g, const float *elev, const float *filled,
            const uint32_t *rank, int32_t *downhill, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    float *lo = NULL, *hi = NULL, *wt = NULL;
    struct flat_heap heap = { NULL, 0, 0 };
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
    /* towards lower: from the drains (non-flat nodes of equal height) */
    for (i = 0; i < n; i++) {
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
            if (flat_push(&heap, best, (int32_t)i) != 0) {
                goto nomem;
            }
        }
    }
    if (flat_dijkstra(g, wt, lo, &heap) != 0) {
        goto nomem;
    }
    /* away from higher: from the flat cells touching higher ground */
    for (i = 0; i < n; i++) {
        int k, cnt;
        if (hi[i] == FLAT_NONE) {
            continue;
        }
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            if (filled[nb[k]] > filled[i]) {
                hi[i] = 0.0f;
                if (flat_push(&heap, 0.0f, (int32_t)i) != 0) {
                    goto nomem;
                }
                break;
            }
        }
    }
    if (flat_dijkstra(g, wt, hi, &heap) != 0) {
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
    free(heap.a);
    return st;
}

enum og_status
hydro_route(const struct hydro_graph *g, const float *filled, const uint32_t *rank,
            const uint8_t *outlet, int32_t *downhill, struct run_ctx *ctx, struct og_error *err)
{
    return hydro_route_terrain(g, NULL, filled, rank, outlet, downhill, ctx, err);
}

enum og_status
hydro_route_terrain(const struct hydro_graph *g, const float *elev, const float *filled,
                    const uint32_t *rank, const uint8_t *outlet, int32_t *downhill,
                    struct run_ctx *ctx, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t i, x = 0, y = 0, w = (size_t)g->width, h = (size_t)g->height;
    int grid = is_grid(g);
    enum og_status st;

    for (i = 0; i < g->n; i++) {
        int32_t best = -1;
        float bf;
        uint32_t br;
        int k, cnt, border = 0;

        if ((i & TICK_MASK) == 0 && ctx != NULL && pipeline_tick(ctx, (double)i / (double)g->n)) {
            return og_error_set(err, OG_ECANCELED, "hydrology: cancelled");
        }
        if (grid) {
            /* (x, y) of cell i, advanced without a division */
            if (i != 0 && ++x == w) {
                x = 0;
                y++;
            }
            border = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
        }
        if (outlet[i] != 0) {
            downhill[i] = -1;
            continue;
        }
        cnt = nbrs(g, i, border, nb);
        bf = filled[i];
        br = rank[i];
        for (k = 0; k < cnt; k++) {
            int32_t n = nb[k];
            if (filled[n] < bf || (filled[n] == bf && rank[n] < br)) {
                best = n;
                bf = filled[n];
                br = rank[n];
            }
        }
        downhill[i] = best;
    }
    if (!grid) {
        return OG_OK;
    }
    st = route_flats(g, elev, filled, rank, downhill, err);
    return st == OG_OK ? hydro_route_ltd(g, filled, downhill, err) : st;
}

#define DONOR_DONE UINT32_MAX

enum og_status
hydro_accumulate(size_t n, const int32_t *downhill, const float *rain, float *flow,
                 struct run_ctx *ctx, struct og_error *err)
{
    uint32_t *ndon = NULL;
    size_t i, processed = 0;
    enum og_status st;

    st = grid_calloc((void **)&ndon, n, sizeof *ndon, "donor counts", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t d = downhill[i];
        flow[i] = rain != NULL ? rain[i] : 1.0f;
        if (d >= 0) {
            if ((size_t)d >= n) {
                free(ndon);
                return og_error_set(err, OG_EINVAL, "downhill[%zu] = %ld is not a node", i,
                                    (long)d);
            }
            ndon[d]++;
        }
    }
    /* Walk each chain from a node whose donors are all done as far down as
     * the next node still waiting for other donors. */
    for (i = 0; i < n; i++) {
        size_t j = i;
        if (ndon[i] != 0) {
            continue;
        }
        for (;;) {
            int32_t d = downhill[j];
            ndon[j] = DONOR_DONE;
            processed++;
            if (d < 0) {
                break;
            }
            flow[d] += flow[j];
            if (--ndon[d] != 0) {
                break;
            }
            j = (size_t)d;
        }
        if ((i & TICK_MASK) == 0 && ctx != NULL && pipeline_tick(ctx, (double)i / (double)n)) {
            free(ndon);
            return og_error_set(err, OG_ECANCELED, "hydrology: cancelled");
        }
    }
    free(ndon);
    if (processed != n) {
        return og_error_set(err, OG_EINVAL, "downhill graph has a cycle (%zu of %zu nodes drain)",
                            processed, n);
    }
    return OG_OK;
}

void
hydro_fill_stats(size_t n, const float *elev, const float *filled, struct hydro_fill_stats *out)
{
    size_t i;
    memset(out, 0, sizeof *out);
    for (i = 0; i < n; i++) {
        double d = (double)filled[i] - (double)elev[i];
        if (filled[i] > elev[i]) {
            out->raised++;
            out->sum_raise += d;
            if (d > out->max_raise) {
                out->max_raise = d;
                out->max_at = i;
            }
        }
    }
}

/* --- lakes and rivers -------------------------------------------------------- */

enum og_status
hydro_lakes(const struct hydro_graph *g, const float *elev, const float *filled,
            double min_depth, uint8_t *lake, size_t *nlakes, size_t *lake_nodes,
            struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int32_t *label = NULL, *queue = NULL;
    double *depth = NULL;
    size_t ndep = 0, cap = 0, i, nl = 0, nn = 0;
    enum og_status st;

    st = grid_calloc((void **)&label, g->n, sizeof *label, "lake labels", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&queue, g->n, sizeof *queue, "lake queue", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < g->n; i++) {
        label[i] = -1;
    }
    for (i = 0; i < g->n; i++) {
        size_t head = 0, tail = 0;
        double deepest = 0.0;
        if (label[i] >= 0 || !(filled[i] > elev[i])) {
            continue;
        }
        if (ndep == cap) {
            size_t nc = cap != 0 ? cap * 2 : 64;
            double *d = realloc(depth, nc * sizeof *d);
            if (d == NULL) {
                st = og_error_set(err, OG_ENOMEM, "hydrology: out of memory for lakes");
                goto done;
            }
            depth = d;
            cap = nc;
        }
        label[i] = (int32_t)ndep;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = queue[head++];
            int k, cnt = hydro_neighbors(g, (size_t)c, nb);
            double d = (double)filled[c] - (double)elev[c];
            deepest = d > deepest ? d : deepest;
            for (k = 0; k < cnt; k++) {
                int32_t m = nb[k];
                if (label[m] < 0 && filled[m] > elev[m] && filled[m] == filled[i]) {
                    label[m] = (int32_t)ndep;
                    queue[tail++] = m;
                }
            }
        }
        depth[ndep++] = deepest;
        if (deepest > min_depth) {
            nl++;
        }
    }
    for (i = 0; i < g->n; i++) {
        lake[i] = (uint8_t)(label[i] >= 0 && depth[label[i]] > min_depth);
        nn += lake[i];
    }
    if (nlakes != NULL) {
        *nlakes = nl;
    }
    if (lake_nodes != NULL) {
        *lake_nodes = nn;
    }
done:
    free(label);
    free(queue);
    free(depth);
    return st;
}

enum og_status
hydro_rivers(size_t n, const int32_t *downhill, const float *flow, const uint8_t *lake,
             double threshold, double width_scale, float *width, size_t *sources,
             struct og_error *err)
{
    uint8_t *fed = NULL;
    size_t i, ns = 0;
    enum og_status st;

    if (!(threshold > 0.0)) {
        return og_error_set(err, OG_ERANGE, "river threshold %g must be positive", threshold);
    }
    st = grid_calloc((void **)&fed, n, 1, "river donors", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int river = flow[i] >= threshold;
        width[i] = river && (lake == NULL || lake[i] == 0)
                       ? (float)(width_scale * sqrt((double)flow[i] / threshold))
                       : 0.0f;
        if (river && downhill[i] >= 0) {
            fed[downhill[i]] = 1;
        }
    }
    for (i = 0; i < n; i++) {
        ns += flow[i] >= threshold && fed[i] == 0;
    }
    free(fed);
    if (sources != NULL) {
        *sources = ns;
    }
    return OG_OK;
}

