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
    enum og_status st = hydro_route_d8_flats(g, elev, filled, rank, outlet, downhill, ctx, err);
    return st == OG_OK ? hydro_route_ltd(g, filled, downhill, NULL, NULL, err) : st;
}

enum og_status
hydro_route_d8_flats(const struct hydro_graph *g, const float *elev, const float *filled,
                     const uint32_t *rank, const uint8_t *outlet, int32_t *downhill,
                     struct run_ctx *ctx, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t i, x = 0, y = 0, w = (size_t)g->width, h = (size_t)g->height;
    int grid = is_grid(g);

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
    return hydro_route_flats(g, elev, filled, rank, downhill, ctx != NULL ? ctx->threads : 0,
                             err);
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

