/* river_curve: smoothed river centrelines (see river_curve.h). */
#include "config.h"
#include "render/river_curve.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/geom/mesh.h"

/* Map position (u, v) of hydrology node i. */
void
river_node_uv(const struct world *w, size_t i, double *u, double *v)
{
    if (w->kind == WORLD_GRID) {
        *u = ((double)(i % (size_t)w->width) + 0.5) / w->width;
        *v = ((double)(i / (size_t)w->width) + 0.5) / w->height;
    } else {
        *u = w->mesh->centers[2 * i];
        *v = w->mesh->centers[2 * i + 1];
    }
}

/* River nodes drawn as curves along the flow: every node's position is
 * smoothed along its river, three passes of [1 2 1] / 4 over (main donor,
 * node, receiver), the main donor being the river donor with the most
 * flow. Sources and nodes whose receiver is not a river keep their place,
 * so rivers still start and end where the routing says, and a tributary
 * ends on the smoothed main stem. D8 staircases become smooth lines at the
 * flow's real angle instead of ruler-straight steps. Only river nodes
 * (river_width > 0) move, so only they are stored: river_index_at(rid, i)
 * is node i's index among them (-1 for others) and uv gets 2 doubles per
 * river node. */
#define RIVER_SMOOTH_PASSES 3

enum og_status
river_curve(const struct world *w, const struct river_index *rid, double *uv,
            struct og_error *err)
{
    size_t n = w->nhydro, nriver = rid->n, i, k;
    int32_t *up = NULL;  /* main river donor (a node) of each river node, or -1 */
    double *tmp = NULL;
    enum og_status st;
    int pass;

    if ((st = grid_calloc((void **)&up, nriver, sizeof *up, "river donors", err)) != OG_OK ||
        (st = grid_calloc((void **)&tmp, 2 * nriver, sizeof *tmp, "river curve", err)) != OG_OK) {
        free(up);
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t ri = river_index_at(rid, i);
        if (ri >= 0) {
            up[ri] = -1;
            river_node_uv(w, i, &uv[2 * (size_t)ri], &uv[2 * (size_t)ri + 1]);
        }
    }
    for (i = 0; i < n; i++) {
        int32_t d = w->downhill[i], ud, rd;
        if (w->river_width[i] <= 0.0f || d < 0 || (rd = river_index_at(rid, (size_t)d)) < 0) {
            continue;  /* a donor only matters to a river node */
        }
        ud = up[rd];
        if (ud < 0 || (w->flow != NULL ? w->flow[i] > w->flow[ud]
                                       : w->river_width[i] > w->river_width[ud])) {
            up[rd] = (int32_t)i;
        }
    }
    for (pass = 0; pass < RIVER_SMOOTH_PASSES; pass++) {
        for (i = 0; i < n; i++) {
            int32_t d = w->downhill[i], u, kd, ku, ri = river_index_at(rid, i);
            if (ri < 0) {
                continue;
            }
            k = (size_t)ri;
            u = up[k];
            tmp[2 * k] = uv[2 * k];
            tmp[2 * k + 1] = uv[2 * k + 1];
            if (d < 0 || u < 0 || w->river_width[d] <= 0.0f) {
                continue;
            }
            kd = river_index_at(rid, (size_t)d);
            ku = river_index_at(rid, (size_t)u);
            tmp[2 * k] = 0.25 * (uv[2 * (size_t)ku] + 2.0 * uv[2 * k] + uv[2 * (size_t)kd]);
            tmp[2 * k + 1] =
                0.25 * (uv[2 * (size_t)ku + 1] + 2.0 * uv[2 * k + 1] + uv[2 * (size_t)kd + 1]);
        }
        memcpy(uv, tmp, 2 * nriver * sizeof *uv);
    }
    free(up);
    free(tmp);
    return OG_OK;
}
