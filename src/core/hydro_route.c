#include "config.h"
#include "core/hydro.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid.h"
#include "core/hydro_nbrs.h"
#include "core/pipeline.h"

#define TICK_MASK HYDRO_TICK_MASK

/* --- routing and accumulation ------------------------------------------------ */

/* --- flats (Barnes, Lehman and Mulla 2014b) ------------------------------------ */

#define L_NONFLAT (-2) /* not on a flat: drains to a lower node, or a sink */
#define L_UNSET (-1)   /* on a flat, not reached yet */

/* Breadth-first distances over the flat cells (dist[i] >= 0 or L_UNSET),
 * from the seeds already in queue[0..tail) at distance 1. */
static void
flat_bfs(const struct hydro_graph *g, const int32_t *onflat, int32_t *dist, int32_t *queue,
         size_t tail)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t head = 0;

    while (head < tail) {
        int32_t c = queue[head++];
        int k, cnt = nbrs(g, (size_t)c, on_border(g, (size_t)c), nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            if (onflat[m] != L_NONFLAT && dist[m] == L_UNSET) {
                dist[m] = dist[c] + 1;
                queue[tail++] = m;
            }
        }
    }
}

/* Re-route the cells of flats, which hydro_route sent along the flood order
 * (a ruler line from the spill point), with the combined gradient of Barnes,
 * Lehman and Mulla (2014), "An efficient assignment of drainage direction
 * over flat surfaces in raster digital elevation models", Computers &
 * Geosciences 62: towards lower terrain (L, hops to the flat's drain cells)
 * and away from higher terrain (H, hops from the cells touching higher
 * ground), the key C = 2 L - H (Barnes adds the flat's largest H to make it
 * non-negative, which cancels when comparing cells of one flat). One step
 * towards the drain lowers L by 1 and changes H by at most 1, so every flat
 * cell has a neighbour with a smaller C or a drain neighbour: routing to the
 * steepest fall of C (C per unit of distance, diagonals sqrt 2) is acyclic.
 * Flat cells = non-sinks whose route was a tie on the filled surface (no
 * lower neighbour); adjacent flat cells always share one height. A flat
 * without a drain keeps the flood-order route. Heights are not changed. */
static enum og_status
route_flats(const struct hydro_graph *g, const float *filled, const uint32_t *rank,
            int32_t *downhill, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int32_t *lo = NULL, *hi = NULL, *queue = NULL;
    size_t i, n = g->n, flats = 0, tail;
    size_t w = (size_t)g->width;
    enum og_status st;

    for (i = 0; i < n; i++) {
        flats += downhill[i] >= 0 && filled[downhill[i]] == filled[i];
    }
    if (flats == 0) {
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&lo, n, sizeof *lo, "flat distances", err)) != OG_OK ||
        (st = grid_calloc((void **)&hi, n, sizeof *hi, "flat distances", err)) != OG_OK ||
        (st = grid_calloc((void **)&queue, flats, sizeof *queue, "flat queue", err)) != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        int on = downhill[i] >= 0 && filled[downhill[i]] == filled[i];
        lo[i] = on ? L_UNSET : L_NONFLAT;
        hi[i] = on ? L_UNSET : L_NONFLAT;
    }
    /* towards lower: seeds touch a drain (a non-flat node of equal height) */
    tail = 0;
    for (i = 0; i < n; i++) {
        int k, cnt;
        if (lo[i] == L_NONFLAT) {
            continue;
        }
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            if (lo[nb[k]] == L_NONFLAT && filled[nb[k]] == filled[i]) {
                lo[i] = 1;
                queue[tail++] = (int32_t)i;
                break;
            }
        }
    }
    flat_bfs(g, lo, lo, queue, tail);
    /* away from higher: seeds touch higher ground */
    tail = 0;
    for (i = 0; i < n; i++) {
        int k, cnt;
        if (hi[i] == L_NONFLAT) {
            continue;
        }
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            if (filled[nb[k]] > filled[i]) {
                hi[i] = 1;
                queue[tail++] = (int32_t)i;
                break;
            }
        }
    }
    flat_bfs(g, lo, hi, queue, tail);
    for (i = 0; i < n; i++) {
        int k, cnt;
        int32_t best = -1;
        double bs = 0.0, ci;
        uint32_t br = 0;
        if (lo[i] < 1) { /* not a flat cell, or a flat without a drain */
            continue;
        }
        ci = 2.0 * lo[i] - (hi[i] > 0 ? hi[i] : 0);
        cnt = nbrs(g, i, on_border(g, i), nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            double drop, s;
            size_t d = (size_t)(m > (int32_t)i ? m - (int32_t)i : (int32_t)i - m);
            if (filled[m] != filled[i]) {
                continue;
            }
            if (lo[m] == L_NONFLAT) {
                drop = 2.0; /* a drain: one step of L below this cell */
            } else if (lo[m] >= 1) {
                drop = ci - (2.0 * lo[m] - (hi[m] > 0 ? hi[m] : 0));
            } else {
                continue;
            }
            if (!(drop > 0.0)) {
                continue;
            }
            s = d == 1 || d == w ? drop : drop * 0.7071067811865476;
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
done:
    free(lo);
    free(hi);
    free(queue);
    return st;
}

enum og_status
hydro_route(const struct hydro_graph *g, const float *filled, const uint32_t *rank,
            const uint8_t *outlet, int32_t *downhill, struct run_ctx *ctx, struct og_error *err)
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
    st = route_flats(g, filled, rank, downhill, err);
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

