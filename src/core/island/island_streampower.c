#include "config.h"
#include "core/island/island_streampower.h"

/* The island's relief from rivers: rasterise the mesh (each grid cell takes
 * its nearest mesh point, found in a bucket grid), run the landscape
 * evolution model of core/lem there, read the heights back at the mesh
 * points (bilinear) and the wear and deposition at their grid cell. */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/geom/mesh.h"
#include "core/lem/lem.h"
#include "core/lem/lem_recipe.h"
#include "core/pipeline.h"
#include "core/world.h"

#define DEFAULT_EXTENT_M 10000.0 /* the map's width when island.extent is 0 */
#define START_SHARE 0.05 /* the start surface: this share of the noise heights */

struct buckets {
    int b;            /* b x b bins over the unit square */
    int32_t *start;   /* b * b + 1 */
    int32_t *items;   /* point indices by bin */
};

static int
bin_of(double v, int b)
{
    int k = (int)(v * b);
    return k < 0 ? 0 : (k >= b ? b - 1 : k);
}

static enum og_status
buckets_build(struct buckets *bk, const struct mesh *m, struct og_error *err)
{
    size_t i, n = m->npoints;
    int b = (int)sqrt((double)n / 2.0), k;
    enum og_status st;

    bk->b = b < 1 ? 1 : b;
    b = bk->b;
    if ((st = grid_calloc((void **)&bk->start, (size_t)b * (size_t)b + 1, sizeof(int32_t),
                          "point bins", err)) ||
        (st = grid_malloc((void **)&bk->items, n, sizeof(int32_t), "point bins", err))) {
        return st;
    }
    for (i = 0; i < n; i++) {
        bk->start[bin_of(m->points[2 * i + 1], b) * b + bin_of(m->points[2 * i], b) + 1]++;
    }
    for (k = 0; k < b * b; k++) {
        bk->start[k + 1] += bk->start[k];
    }
    for (i = 0; i < n; i++) {
        int c = bin_of(m->points[2 * i + 1], b) * b + bin_of(m->points[2 * i], b);
        bk->items[bk->start[c]++] = (int32_t)i;
    }
    for (k = b * b; k > 0; k--) {
        bk->start[k] = bk->start[k - 1];
    }
    bk->start[0] = 0;
    return OG_OK;
}

/* The mesh point nearest (x, y) (the smaller index on ties): rings of bins
 * until a found point is nearer than any unvisited ring can be. */
static int32_t
nearest(const struct buckets *bk, const struct mesh *m, double x, double y)
{
    int b = bk->b, cx = bin_of(x, b), cy = bin_of(y, b), r;
    int32_t best = -1;
    double bd = INFINITY;

    for (r = 0; r < b; r++) {
        int ix, iy;
        double reach = (double)(r - 1) / b; /* the nearest an unvisited ring can be */
        if (best >= 0 && reach > 0.0 && reach * reach > bd) {
            break;
        }
        for (iy = cy - r; iy <= cy + r; iy++) {
            for (ix = cx - r; ix <= cx + r; ix++) {
                int32_t k;
                if (ix < 0 || iy < 0 || ix >= b || iy >= b ||
                    (abs(ix - cx) != r && abs(iy - cy) != r)) {
                    continue;
                }
                for (k = bk->start[iy * b + ix]; k < bk->start[iy * b + ix + 1]; k++) {
                    int32_t p = bk->items[k];
                    double dx = m->points[2 * p] - x, dy = m->points[2 * p + 1] - y;
                    double d = dx * dx + dy * dy;
                    if (d < bd || (d == bd && p < best)) {
                        bd = d;
                        best = p;
                    }
                }
            }
        }
    }
    return best;
}

/* Bilinear sample of z (g x g cells, centres at (i + 0.5) / g) at (x, y). */
static double
bilinear(const float *z, int g, double x, double y)
{
    double fx = x * g - 0.5, fy = y * g - 0.5, tx, ty;
    int x0 = (int)floor(fx), y0 = (int)floor(fy), x1, y1;
    tx = fx - x0;
    ty = fy - y0;
    x0 = x0 < 0 ? 0 : (x0 >= g ? g - 1 : x0);
    y0 = y0 < 0 ? 0 : (y0 >= g ? g - 1 : y0);
    x1 = x0 + 1 < g ? x0 + 1 : g - 1;
    y1 = y0 + 1 < g ? y0 + 1 : g - 1;
    tx = tx < 0.0 ? 0.0 : (tx > 1.0 ? 1.0 : tx);
    ty = ty < 0.0 ? 0.0 : (ty > 1.0 ? 1.0 : ty);
    return (1 - ty) * ((1 - tx) * z[y0 * g + x0] + tx * z[y0 * g + x1]) +
           ty * ((1 - tx) * z[y1 * g + x0] + tx * z[y1 * g + x1]);
}

enum og_status
island_streampower(struct world *w, const float *uplift, struct run_ctx *ctx,
                   struct og_error *err)
{
    const struct params *p = ctx->params;
    const struct mesh *m = w->mesh;
    struct buckets bk = { 0, NULL, NULL };
    struct lem_params lp;
    struct lem *s = NULL;
    uint8_t *base = NULL;
    float *z = NULL, *up = NULL;
    double extent = params_get(p, P_ISLAND_EXTENT) * 1000.0;
    double vscale = params_get(p, P_ISLAND_VSCALE), u0 = params_get(p, P_LEM_UPLIFT) * 1e-3;
    double zmax = 0.0;
    int g = (int)lround(sqrt((double)m->npoints)), x, y;
    long k, steps;
    size_t i, n;
    enum og_status st;

    if ((st = lem_recipe_read(p, params_get(p, P_LEM_YEARS), "lem.years", &lp, &steps, err)) !=
        OG_OK) {
        return st;
    }
    g = g < 32 ? 32 : (g > 2048 ? 2048 : g);
    extent = extent > 0.0 ? extent : DEFAULT_EXTENT_M;
    n = (size_t)g * (size_t)g;
    if ((st = buckets_build(&bk, m, err)) ||
        (st = grid_malloc((void **)&base, n, 1, "island raster", err)) ||
        (st = grid_malloc((void **)&z, n, sizeof *z, "island raster", err)) ||
        (st = grid_malloc((void **)&up, n, sizeof *up, "island raster", err)) ||
        (st = world_alloc((void **)&w->wear, m->npoints, sizeof(float), "wear", err)) ||
        (st = world_alloc((void **)&w->deposition, m->npoints, sizeof(float), "deposition",
                          err))) {
        goto done;
    }
    for (y = 0; y < g; y++) {
        for (x = 0; x < g; x++) {
            size_t c = (size_t)y * (size_t)g + (size_t)x;
            int32_t q = nearest(&bk, m, (x + 0.5) / g, (y + 0.5) / g);
            int sea = w->water[q] == WATER_OCEAN;
            base[c] = (uint8_t)(sea || x == 0 || y == 0 || x == g - 1 || y == g - 1);
            /* the sea at sea level; land from a low copy of the noise */
            z[c] = base[c] ? 0.0f : (float)(START_SHARE * vscale * (double)w->elevation[q]);
            up[c] = base[c] ? 0.0f : (float)(u0 * (double)uplift[q]);
        }
    }
    if ((st = lem_new(&s, g, g, extent / g, base, err)) != OG_OK) {
        goto done;
    }
    for (k = 0; k < steps; k++) {
        if ((st = lem_step(s, z, up, &lp, ctx->threads, ctx, err)) != OG_OK ||
            (st = pipeline_tick(ctx, (double)(k + 1) / (double)steps)) != OG_OK) {
            goto done;
        }
    }
    /* land heights at the mesh points, over the highest of them */
    for (i = 0; i < m->npoints; i++) {
        int cx = bin_of(m->points[2 * i], g), cy = bin_of(m->points[2 * i + 1], g);
        w->wear[i] = lem_wear(s)[cy * g + cx];
        w->deposition[i] = lem_deposition(s)[cy * g + cx];
        if (w->water[i] != WATER_OCEAN) {
            double h = bilinear(z, g, m->points[2 * i], m->points[2 * i + 1]);
            w->elevation[i] = (float)h;
            zmax = h > zmax ? h : zmax;
        }
    }
    for (i = 0; i < m->npoints; i++) {
        double h;
        if (w->water[i] == WATER_OCEAN) {
            continue;
        }
        h = zmax > 0.0 ? params_get(p, P_ISLAND_LAND_HEIGHT) * (double)w->elevation[i] / zmax
                       : 0.0;
        /* land stays land: the coast is the noise's */
        w->elevation[i] = h > 1e-6 ? (float)h : 1e-6f;
    }
    world_stat_int(w, "lem.steps", steps);
    world_stat_real(w, "lem.years", (double)steps * lp.dt);
    world_stat_int(w, "lem.grid", g);
    world_stat_real(w, "lem.relief_m", zmax);
    world_update_extent(w);
done:
    lem_free(s);
    free(bk.start);
    free(bk.items);
    free(base);
    free(z);
    free(up);
    return st;
}
