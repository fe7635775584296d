/* river_bed: the channels' bed profile (see river_bed.h). */
#include "config.h"
#include "render/river_bed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/recipe/params.h"
#include "render/river_curve.h"


void
river_nodes_free(struct carve_nodes *k)
{
    river_index_free(&k->rid);
    free(k->node);
    free(k->order);
    free(k->uv);
    free(k->t);
    free(k->dep);
    free(k->hw);
    free(k->bed);
    free(k->lakein);
    free(k->sb);
    free(k->st);
}

int
river_carves(const struct world *w)
{
    return params_int(&w->params, P_RENDER_CARVE_RIVERS) != 0 && w->river_width != NULL &&
           w->downhill != NULL && w->flow != NULL && w->nhydro > 0 && w->elevation != NULL &&
           (w->kind == WORLD_GRID ? w->nhydro == w->ncells
                                  : (w->kind == WORLD_MESH && w->mesh != NULL));
}

/* Upstream-first order of the river nodes (Kahn's order over river
 * donors) into k->order. */
static enum og_status
nodes_order(const struct world *w, struct carve_nodes *k, struct og_error *err)
{
    int32_t *indeg = NULL;
    size_t head = 0, tail = 0, i;
    enum og_status st = grid_calloc((void **)&indeg, k->n, sizeof *indeg, "river order", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < k->n; i++) {
        int32_t d = w->downhill[k->node[i]];
        int32_t rd = d >= 0 ? river_index_at(&k->rid, (size_t)d) : -1;
        if (rd >= 0) {
            indeg[rd]++;
        }
    }
    for (i = 0; i < k->n; i++) {
        if (indeg[i] == 0) {
            k->order[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t d = w->downhill[k->node[k->order[head++]]];
        int32_t rd = d >= 0 ? river_index_at(&k->rid, (size_t)d) : -1;
        if (rd >= 0 && --indeg[rd] == 0) {
            k->order[tail++] = rd;
        }
    }
    free(indeg);
    if (tail != k->n) {
        return og_error_set(err, OG_EINVAL, "river carving: the river network has a cycle");
    }
    return OG_OK;
}

/* The level of the water a river ends in when it reaches node d (< 0: an
 * outlet): a lake's surface, else the sea (none for a world without one,
 * such as a hybrid's lowland at its sea level). */
double
river_end_level(const struct world *w, const struct carve_nodes *k, int32_t d)
{
    if (d >= 0 && w->lake != NULL && w->lake[d] == LAKE_WATER && w->hydro_elev != NULL) {
        return w->hydro_elev[d];
    }
    return k->sea;
}

/* The end of river node i's segment: its receiver's curve position,
 * depth and (*e) river index, or the receiver's own place (*e = -1). */
void
river_seg_end(const struct world *w, const struct carve_nodes *k, size_t i, double *u1, double *v1,
        double *dep1, int32_t *e)
{
    int32_t d = w->downhill[k->node[i]];
    *e = river_index_at(&k->rid, (size_t)d);
    if (*e >= 0) {
        *u1 = k->uv[2 * (size_t)*e];
        *v1 = k->uv[2 * (size_t)*e + 1];
        *dep1 = k->dep[*e];
    } else {
        river_node_uv(w, (size_t)d, u1, v1);
        *dep1 = k->dep[i];
    }
}

/* The bed samples of river node i's segment from its bed b (upstream
 * first): the surface under the curve less the depth, never above the bed
 * before it nor below the floor fl; the last sample only for a river's end. */
static void
seg_beds(const struct world *w, struct carve_nodes *k, size_t i, double b, double fl,
         river_carve_height_fn hfn, void *ctx)
{
    double u0 = k->uv[2 * i], v0 = k->uv[2 * i + 1], u1, v1, dep1, *sb = k->sb + i * (SEG_K + 1);
    double *ts = k->st + i * (SEG_K + 1);
    int32_t e;
    int m;

    sb[0] = b;
    ts[0] = k->t[i];
    river_seg_end(w, k, i, &u1, &v1, &dep1, &e);
    for (m = 1; m <= SEG_K; m++) {
        double f = (double)m / SEG_K, x;
        if (m == SEG_K && e >= 0) {
            ts[m] = k->t[e];
            break;   /* the receiver's own bed, set once it is known */
        }
        ts[m] = hfn(ctx, u0 + (u1 - u0) * f, v0 + (v1 - v0) * f);
        x = ts[m] - (k->dep[i] + (dep1 - k->dep[i]) * f);
        if (m == SEG_K) {
            fl = river_end_level(w, k, w->downhill[k->node[i]]);
        }
        b = x < b ? x : b;
        b = b > fl ? b : fl;
        sb[m] = b;
    }
}

/* Beds: each node's surface less its depth, never above a bed upstream,
 * never below the floor (the level of the water its river ends in). */
static enum og_status
nodes_beds(const struct world *w, struct carve_nodes *k, river_carve_height_fn hfn, void *ctx,
           struct og_error *err)
{
    double *floor_ = NULL, *upmin = NULL;
    size_t j;
    enum og_status st;

    if ((st = grid_calloc((void **)&floor_, k->n, sizeof *floor_, "river beds", err)) != OG_OK ||
        (st = grid_calloc((void **)&upmin, k->n, sizeof *upmin, "river beds", err)) != OG_OK) {
        free(floor_);
        return st;
    }
    for (j = k->n; j-- > 0;) {   /* downstream first */
        int32_t i = k->order[j], d = w->downhill[k->node[i]];
        int32_t rd = d >= 0 ? river_index_at(&k->rid, (size_t)d) : -1;
        floor_[i] = rd >= 0 ? floor_[rd] : river_end_level(w, k, d);
    }
    for (j = 0; j < k->n; j++) {
        upmin[j] = HUGE_VAL;
    }
    for (j = 0; j < k->n; j++) {   /* upstream first */
        int32_t i = k->order[j], d = w->downhill[k->node[i]], rd;
        double b = k->t[i] - k->dep[i];
        b = b < upmin[i] ? b : upmin[i];
        k->bed[i] = b > floor_[i] ? b : floor_[i];
        if (d < 0) {
            continue;
        }
        seg_beds(w, k, (size_t)i, k->bed[i], floor_[i], hfn, ctx);
        rd = river_index_at(&k->rid, (size_t)d);
        if (rd >= 0) {
            double last = k->sb[(size_t)i * (SEG_K + 1) + SEG_K - 1];
            upmin[rd] = last < upmin[rd] ? last : upmin[rd];
        }
    }
    for (j = 0; j < k->n; j++) {   /* segments end on their receiver's bed */
        int32_t d = w->downhill[k->node[j]];
        int32_t rd = d >= 0 ? river_index_at(&k->rid, (size_t)d) : -1;
        if (rd >= 0) {
            k->sb[j * (SEG_K + 1) + SEG_K] = k->bed[rd];
        }
    }
    /* a lake draining into a river: its level, for the segments leaving it */
    for (j = 0; j < w->nhydro; j++) {
        int32_t d = w->downhill[j];
        int32_t rd = d >= 0 && w->lake != NULL && w->lake[j] == LAKE_WATER
                         ? river_index_at(&k->rid, (size_t)d) : -1;
        if (rd >= 0) {
            double lv = w->hydro_elev[j];
            k->lakein[rd] = lv > k->lakein[rd] ? lv : k->lakein[rd];
        }
    }
    free(floor_);
    free(upmin);
    return OG_OK;
}

/* The river nodes of w with their heights, depths, widths and beds. */
enum og_status
river_nodes_build(const struct world *w, double px, river_carve_height_fn hfn, void *ctx,
            double mx, double my, double mz, struct carve_nodes *k, struct og_error *err)
{
    size_t i, n = w->nhydro;
    enum og_status st;

    if ((st = river_index_new(w, &k->rid, err)) != OG_OK) {
        return st;
    }
    k->n = k->rid.n;
    k->sea = -HUGE_VAL;
    for (i = 0; w->water != NULL && i < w->ncells; i++) {
        if (w->water[i] == WATER_OCEAN) {
            k->sea = w->sea_level;
            break;
        }
    }
    if (k->n == 0) {
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&k->node, k->n, sizeof *k->node, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->order, k->n, sizeof *k->order, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->uv, 2 * k->n, sizeof *k->uv, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->t, k->n, sizeof *k->t, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->dep, k->n, sizeof *k->dep, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->hw, k->n, sizeof *k->hw, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->bed, k->n, sizeof *k->bed, "river nodes", err)) != OG_OK ||
        (st = grid_calloc((void **)&k->lakein, k->n, sizeof *k->lakein, "river nodes", err)) !=
            OG_OK ||
        (st = grid_calloc((void **)&k->sb, k->n * (SEG_K + 1), sizeof *k->sb, "river beds",
                          err)) != OG_OK ||
        (st = grid_calloc((void **)&k->st, k->n * (SEG_K + 1), sizeof *k->st, "river beds",
                          err)) != OG_OK ||
        (st = river_curve(w, &k->rid, k->uv, err)) != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t ri = river_index_at(&k->rid, i);
        if (ri >= 0) {
            size_t r = (size_t)ri;
            double q = river_carve_discharge(w, i), hw = 0.5 * river_carve_width_m(q);
            k->node[r] = (int32_t)i;
            k->t[r] = hfn(ctx, k->uv[2 * r], k->uv[2 * r + 1]);
            k->dep[r] = river_carve_depth_m(q) / mz;
            k->hw[r] = hw > FLOOR_PIXELS * px ? hw : FLOOR_PIXELS * px;
            k->lakein[r] = k->sea;
        }
    }
    if ((st = nodes_order(w, k, err)) != OG_OK) {
        return st;
    }
    return nodes_beds(w, k, hfn, ctx, err);
}

double
river_nodes_lowest(const struct world *w, const struct carve_nodes *k)
{
    double lowest = HUGE_VAL;
    size_t i;

    for (i = 0; i < k->n; i++) {
        int m;
        if (w->downhill[k->node[i]] < 0) {
            lowest = k->bed[i] < lowest ? k->bed[i] : lowest;
            continue;
        }
        for (m = 0; m <= SEG_K; m++) {
            double b = k->sb[i * (SEG_K + 1) + (size_t)m];
            lowest = b < lowest ? b : lowest;
        }
    }
    return lowest;
}

enum og_status
river_carve_lowest(const struct world *w, river_carve_height_fn height_fn, void *ctx,
                   double *lowest, struct og_error *err)
{
    struct carve_nodes k;
    double mx, my, mz;
    enum og_status st = OG_OK;

    *lowest = HUGE_VAL;
    if (!river_carves(w)) {
        return OG_OK;
    }
    river_carve_scale(w, &mx, &my, &mz);
    memset(&k, 0, sizeof k);
    st = river_nodes_build(w, 0.0, height_fn, ctx, mx, my, mz, &k, err);
    if (st == OG_OK) {
        *lowest = river_nodes_lowest(w, &k);
    }
    river_nodes_free(&k);
    return st;
}
