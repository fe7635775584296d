#include "config.h"
#include "core/hybrid/gen_hybrid_internal.h"

/* Phase 3 at the world's erosion scale (doc/hybrid.md, "Erosion scale").
 *
 * The seed's droplet model is written per cell: a droplet's speed is in
 * cells per unit time, it deposits on the 2 x 2 cells around it, and its
 * capacity grows with the drop between its old and new positions, so the
 * width and depth of the gullies it cuts are set by the cell, not by the
 * ground. On 25 m cells the same droplets cut gullies a quarter as wide
 * and deeper through the rims of basins that 100 m cells keep. Here the
 * model runs on a grid whose cell is hybrid.erosion_cell metres over the
 * map's extent: every length of the model (step, brush, capacity per
 * drop) is then fixed in metres, and a finer map samples the same eroded
 * world: its own phases 1-2 plus the height change of the erosion grid,
 * interpolated bilinearly (which creates no pit the erosion grid does not
 * have). */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"
#include "core/world.h"

/* Catmull-Rom weights of the four nodes around t in [0, 1). */
static void
catmull_rom_weights(double t, double *w)
{
    double t2 = t * t, t3 = t2 * t;
    w[0] = 0.5 * (-t3 + 2.0 * t2 - t);
    w[1] = 0.5 * (3.0 * t3 - 5.0 * t2 + 2.0);
    w[2] = 0.5 * (-3.0 * t3 + 4.0 * t2 + t);
    w[3] = 0.5 * (t3 - t2);
}

/* Catmull-Rom (bicubic, interpolating, C1) sample of a gw x gh field at
 * (u, v) in its cells, nodes clamped at the border, and the result clamped
 * to the range of the quad's four corners: the nodes keep their values,
 * shading shows no creases along the erosion grid, and no spot between
 * nodes goes below or above them (no new pit, no new peak). */
/* Node (i, j) of a gw x gh field (gw, gh >= 2), continued linearly past
 * the border nodes, so a surface through them keeps its slope there. */
static double
node(const float *f, int gw, int gh, int i, int j)
{
    if (j < 0 || j >= gh) {
        int e = j < 0 ? 0 : gh - 1, in = j < 0 ? 1 : gh - 2;
        double a = node(f, gw, gh, i, e), b = node(f, gw, gh, i, in);
        return a + (double)(j < 0 ? -j : j - e) * (a - b);
    }
    if (i < 0 || i >= gw) {
        int e = i < 0 ? 0 : gw - 1, in = i < 0 ? 1 : gw - 2;
        double a = f[(size_t)j * (size_t)gw + (size_t)e], b = f[(size_t)j * (size_t)gw + (size_t)in];
        return a + (double)(i < 0 ? -i : i - e) * (a - b);
    }
    return f[(size_t)j * (size_t)gw + (size_t)i];
}

/* Catmull-Rom (bicubic, interpolating, C1) sample of a gw x gh field at
 * (u, v) in its nodes (u, v >= 0; past the last node the field continues
 * linearly: a map's last cells can lie up to one map cell short of the
 * erosion grid's next node, and clamping them there drew a straight seam
 * 16 cells from the right and bottom of a 4096^2 map of 100 m erosion
 * cells), and the result clamped to the range of the quad's four corners:
 * the nodes keep their values, shading shows no creases along the erosion
 * grid, and no spot between nodes goes below or above them (no new pit,
 * no new peak). */
static float
cubic(const float *f, int gw, int gh, double u, double v)
{
    double wx[4], wy[4], sum = 0.0, lo, hi, c[4];
    int i0, j0, a, b;
    u = u < 0.0 ? 0.0 : u;
    v = v < 0.0 ? 0.0 : v;
    i0 = (int)u;
    j0 = (int)v;
    catmull_rom_weights(u - i0, wx);
    catmull_rom_weights(v - j0, wy);
    for (b = 0; b < 4; b++) {
        double rowsum = 0.0;
        for (a = 0; a < 4; a++) {
            rowsum += wx[a] * node(f, gw, gh, i0 - 1 + a, j0 - 1 + b);
        }
        sum += wy[b] * rowsum;
    }
    for (a = 0; a < 4; a++) {
        c[a] = node(f, gw, gh, i0 + (a & 1), j0 + (a >> 1));
    }
    lo = fmin(fmin(c[0], c[1]), fmin(c[2], c[3]));
    hi = fmax(fmax(c[0], c[1]), fmax(c[2], c[3]));
    return (float)(sum < lo ? lo : (sum > hi ? hi : sum));
}

/* Bilinear sample of a gw x gh field at (u, v) in its cells, clamped to the
 * field. */
static float
bilinear(const float *f, int gw, int gh, double u, double v)
{
    int i, j, i1, j1;
    double fx, fy, top, bot;
    u = u < 0.0 ? 0.0 : (u > gw - 1 ? gw - 1 : u);
    v = v < 0.0 ? 0.0 : (v > gh - 1 ? gh - 1 : v);
    i = (int)u;
    j = (int)v;
    i1 = i + 1 < gw ? i + 1 : i;
    j1 = j + 1 < gh ? j + 1 : j;
    fx = u - i;
    fy = v - j;
    top = f[(size_t)j * (size_t)gw + (size_t)i] * (1.0 - fx) +
          f[(size_t)j * (size_t)gw + (size_t)i1] * fx;
    bot = f[(size_t)j1 * (size_t)gw + (size_t)i] * (1.0 - fx) +
          f[(size_t)j1 * (size_t)gw + (size_t)i1] * fx;
    return (float)(top * (1.0 - fy) + bot * fy);
}

/* The map's cells from the erosion grid, a batch of RESAMPLE_ROWS rows at
 * a time in parallel (each cell is its own function of the two grids). */
#define RESAMPLE_ROWS 16

struct resample_job {
    struct world *w;
    const float *change, *eact; /* the erosion grid's height change, activity */
    float *activity;
    int ew, eh;
    double r;                   /* map cells per erosion cell */
    float hi;                   /* the map's highest height before erosion */
};

static enum og_status
resample_rows(void *arg, size_t batch, size_t y0, size_t y1, struct og_error *err)
{
    const struct resample_job *J = arg;
    struct world *w = J->w;
    size_t x, y;

    (void)batch;
    (void)err;
    for (y = y0; y < y1; y++) {
        for (x = 0; x < (size_t)w->width; x++) {
            size_t c = y * (size_t)w->width + x;
            double u = (double)x * J->r, v = (double)y * J->r;
            float h;
            if (w->mask[c] == 0) {
                continue;
            }
            h = w->elevation[c] + cubic(J->change, J->ew, J->eh, u, v);
            w->elevation[c] = h < 0.0f ? 0.0f : (h > J->hi ? J->hi : h);
            J->activity[c] = bilinear(J->eact, J->ew, J->eh, u, v) * (float)(J->r * J->r);
        }
    }
    return OG_OK;
}

enum og_status
gen_hybrid_erode_world_scale(struct world *w, struct run_ctx *ctx, float *activity,
                             struct droplet_totals *tot, struct og_error *err)
{
    const struct params *p = ctx->params;
    double extent = params_get(p, P_HYBRID_EXTENT), ecell = params_get(p, P_HYBRID_EROSION_CELL);
    double km = cell_km(p), kc, r;
    struct params pc;
    struct world *e = NULL;
    struct hybrid_initial ini;
    float *before = NULL, *eact = NULL, hi = 0.0f;
    const struct params *saved_params = ctx->params;
    snapshot_fn *saved_snapshot = ctx->snapshot;
    long ew, eh;
    size_t n = w->ncells, en, i;
    enum og_status st;

    ecell /= 1000.0; /* km */
    if (!(ecell > 0.0) || km >= ecell * (1.0 - 1e-9)) {
        return gen_hybrid_erode(w, ctx, activity, tot, err);
    }
    /* The erosion grid: cells of (about) ecell over the same extent, its
     * rows spaced like its columns (as the map's), covering the map. */
    ew = lround(extent / ecell);
    ew = ew < 16 ? 16 : ew;
    kc = extent / (double)ew;
    eh = (long)ceil((double)w->height * km / kc - 1e-9);
    eh = eh < 16 ? 16 : eh;
    pc = *p;
    if ((st = params_set(&pc, P_HYBRID_WIDTH, (double)ew, err)) != OG_OK ||
        (st = params_set(&pc, P_HYBRID_HEIGHT, (double)eh, err)) != OG_OK) {
        return st;
    }
    en = (size_t)ew * (size_t)eh;
    if ((st = world_new(&e, w->gen, w->kind, &pc, err)) != OG_OK) {
        return st;
    }
    e->width = (int)ew;
    e->height = (int)eh;
    e->ncells = en;
    if ((st = world_alloc((void **)&e->elevation, en, sizeof(float), "erosion grid", err)) ||
        (st = world_alloc((void **)&e->mask, en, 1, "erosion grid mask", err)) ||
        (st = grid_calloc((void **)&before, en, sizeof *before, "erosion grid start", err)) ||
        (st = grid_calloc((void **)&eact, en, sizeof *eact, "erosion grid activity", err))) {
        goto done;
    }
    st = gen_hybrid_initial(&pc, (int)ew, (int)eh, ctx->threads, NULL, e->elevation, e->mask,
                            &ini, err);
    if (st != OG_OK) {
        goto done;
    }
    memcpy(before, e->elevation, en * sizeof *before);
    /* The erosion grid is not the map: no live view of it. */
    ctx->params = &pc;
    ctx->snapshot = NULL;
    st = gen_hybrid_erode(e, ctx, eact, tot, err);
    ctx->params = saved_params;
    ctx->snapshot = saved_snapshot;
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < en; i++) {
        before[i] = e->elevation[i] - before[i]; /* now the height change */
    }
    hi = gen_hybrid_max(w->elevation, NULL, n, 0.0f, ctx->threads);
    /* Activity is a sum over droplet steps per cell; per map cell it is the
     * erosion cell's share. */
    r = km / kc;
    {
        struct resample_job job = { w, before, eact, activity, (int)ew, (int)eh, r, hi };
        st = og_parallel_for(ctx->threads, (size_t)w->height, RESAMPLE_ROWS, resample_rows, &job,
                             NULL, 0.0, 0.0, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    world_stat_int(w, "hybrid.erosion_width", ew);
    world_stat_int(w, "hybrid.erosion_height", eh);
done:
    free(before);
    free(eact);
    world_unref(e);
    return st;
}
