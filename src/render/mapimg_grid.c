/* mapimg_grid: grid worlds (hybrid, dem) drawn from continuous fields when
 * a cell covers more than one pixel (issue 24, render/mapimg_internal.h):
 * no colour change sits on a cell border.
 *   heights   Catmull-Rom bicubic (render/surface.h), C1; relief shading
 *             from its gradient at every pixel;
 *   water     the sea's coast and a lake's shore are the zero contours of
 *             bicubic fields: height minus the water level, with wet cells
 *             pushed to at most -delta and dry cells to at least +delta
 *             (delta = 1e-4 of the relief) so every cell centre keeps its
 *             own side; anti-aliased over one pixel by the field's value
 *             over its gradient (the distance to the contour). Water is
 *             flat: its colour lightens toward the shore with depth in
 *             metres, exp(-depth / 12 m), with no bed relief;
 *   classes   hybrid worlds: the seed's colour table (gen_hybrid_color)
 *             evaluated at the pixel on the interpolated height and slope,
 *             the mountain mask blended bilinearly and cut at one half,
 *             trees where a canopy noise lies under the interpolated forest
 *             density, 2 x 2 samples per pixel; other worlds: the colours
 *             of the dry (or wet) cell centres around the pixel blended
 *             bilinearly; the elevation layer: the hypsometric tint of the
 *             interpolated height. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/base/rng.h"
#include "core/base/value_noise.h"
#include "core/biome/biome.h"
#include "core/hybrid/gen_hybrid.h"
#include "render/detail.h"
#include "render/mapimg_internal.h"
#include "render/surface.h"
#include "render/tint.h"

/* e-folding depth of the shallow-water tint, metres */
#define SHALLOW_M 12.0
#define BATHY_M 10.0
/* the canopy noise's lattice spacing, metres: woods of a few hundred
 * metres inside the forest density's stands */
#define CANOPY_M 80.0
/* the ground texture's coarsest lattice spacing, metres, and its
 * brightness amplitude (+-) */
#define GROUND_M 160.0
#define GROUND_AMP 0.06

/* A sea cell's depth below the coast field's zero: at least the mean
 * height above the sea of its dry 8-neighbours (the land's slope mirrored
 * under the water, so a flat model sea at its level puts the coast midway
 * between wet and dry centres, not hugging the wet ones), at least delta. */
static double
mirror_depth(const struct world *w, size_t i, double delta)
{
    int x = (int)(i % (size_t)w->width), y = (int)(i / (size_t)w->width), dx, dy, n = 0;
    double sum = 0.0;
    for (dy = -1; dy <= 1; dy++) {
        for (dx = -1; dx <= 1; dx++) {
            int xx = x + dx, yy = y + dy;
            size_t k;
            if ((dx == 0 && dy == 0) || xx < 0 || yy < 0 || xx >= w->width || yy >= w->height) {
                continue;
            }
            k = (size_t)yy * (size_t)w->width + (size_t)xx;
            if (w->water[k] == WATER_LAND) {
                sum += fmax(w->elevation[k] - (double)w->sea_level, delta);
                n++;
            }
        }
    }
    return n > 0 && sum / n > delta ? sum / n : delta;
}

enum og_status
mapimg_grid_look_new(const struct world *w, enum map_layer layer, const struct map_view *view,
                     int width, int height, struct grid_look **out, struct og_error *err)
{
    struct grid_look *g;
    double px;
    size_t i;
    int any_ocean = 0;

    *out = NULL;
    if (w->kind != WORLD_GRID || w->elevation == NULL || w->water == NULL ||
        params_int(&w->params, P_RENDER_MAP_CELLS) != 0 ||
        !(layer == LAYER_COLOR || layer == LAYER_ELEVATION)) {
        return OG_OK;
    }
    px = fmax((view->u1 - view->u0) * w->width / width, (view->v1 - view->v0) * w->height / height);
    if (!(px < 1.0)) {
        return OG_OK; /* a pixel covers a cell or more: cells are not seen */
    }
    g = calloc(1, sizeof *g);
    if (g == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a map");
    }
    g->w = w;
    g->layer = layer;
    g->px_cells = px;
    g->relief = w->elev_max - w->elev_min;
    g->delta = 1e-4 * (g->relief > 0.0 ? g->relief : 1.0);
    g->shade_k = g->relief > 0.0 ? (w->width / 8.0) / g->relief : 0.0;
    g->m_per_unit = w->elev_unit_m > 0.0 ? w->elev_unit_m : 0.0;
    g->cell_m = w->cell_size > 0.0 ? w->cell_size : 0.0;
    g->seed = w->params.seed;
    for (i = 0; i < w->ncells; i++) {
        any_ocean |= w->water[i] == WATER_OCEAN;
    }
    /* a sea no deeper than BATHY_M metres (or a hundredth of the relief)
       is a flat model sea without bathymetry: no depth tint */
    g->bathymetry = !any_ocean || (g->m_per_unit > 0.0
                                       ? (w->sea_level - w->elev_min) * g->m_per_unit > BATHY_M
                                       : w->sea_level - w->elev_min > 0.01 * g->relief);
    if (any_ocean) {
        g->coast = malloc(sizeof *g->coast * w->ncells);
        if (g->coast == NULL) {
            free(g);
            return og_error_set(err, OG_ENOMEM, "out of memory for a map's coast");
        }
        for (i = 0; i < w->ncells; i++) {
            double c = w->elevation[i] - (double)w->sea_level;
            c = w->water[i] == WATER_OCEAN ? fmin(c, -mirror_depth(w, i, g->delta))
                                           : fmax(c, g->delta);
            g->coast[i] = (float)c;
        }
    }
    g->hybrid = w->gen == GEN_HYBRID && layer == LAYER_COLOR && w->color != NULL &&
                w->mask != NULL;
    if (g->hybrid) {
        /* the generator's thresholds, per cell (gen_hybrid.c stage_texture) */
        double k = params_get(&w->params, P_HYBRID_EXTENT) /
                   (double)params_int(&w->params, P_HYBRID_WIDTH) / 0.1;
        for (i = 0; i < w->ncells; i++) {
            g->hmax = w->elevation[i] > g->hmax ? w->elevation[i] : g->hmax;
        }
        g->mountain_h = params_get(&w->params, P_HYBRID_MOUNTAIN);
        g->dirt_slope = params_get(&w->params, P_HYBRID_DIRT_SLOPE) * k;
        g->rock_slope = params_get(&w->params, P_HYBRID_ROCK_SLOPE) * k;
        g->forest_density = params_get(&w->params, P_HYBRID_FOREST_DENSITY);
        g->canopy_freq = g->cell_m > 0.0 ? g->cell_m / CANOPY_M : 1.25;
        g->ground_freq = g->cell_m > 0.0 ? g->cell_m / GROUND_M : 0.6;
    }
    if (detail_new(w, detail_spacing_m(w, px / w->width, px / w->height), &g->detail,
                          err) != OG_OK) {
        mapimg_grid_look_free(g);
        return OG_ENOMEM;
    }
    *out = g;
    return OG_OK;
}

void
mapimg_grid_look_free(struct grid_look *g)
{
    if (g != NULL) {
        detail_delete(g->detail);
        free(g->coast);
        free(g);
    }
}

static uint32_t
rgb_scale(uint32_t c, double s)
{
    return tint_mix(0, c, s);
}

/* Hill shade of a surface of gradient (hx, hy) per cell: the factor of
 * grid_hillshade in mapimg.c (sun from the north-west at 45 degrees). */
static double
hillshade(const struct grid_look *g, double hx, double hy)
{
    double dzdx = hx * g->shade_k, dzdy = hy * g->shade_k;
    double n = sqrt(dzdx * dzdx + dzdy * dzdy + 1.0);
    double l = (dzdx + dzdy + 1.41421356) / (2.0 * n);
    double s = 0.55 + 0.6 * l;
    return s < 0.35 ? 0.35 : (s > 1.25 ? 1.25 : s);
}

/* Coverage 0..1 of the side below zero of a field of value c and gradient
 * (cx, cy) per cell, over one pixel. */
static double
coverage_below(const struct grid_look *g, double c, double cx, double cy)
{
    double grad = sqrt(cx * cx + cy * cy) * g->px_cells, a;
    if (!(grad > 0.0)) {
        return c < 0.0 ? 1.0 : 0.0;
    }
    a = 0.5 - c / grad;
    return a < 0.0 ? 0.0 : (a > 1.0 ? 1.0 : a);
}

static double
bilinear_mask(const struct world *w, double gx, double gy)
{
    double x0 = floor(gx), y0 = floor(gy), fx = gx - x0, fy = gy - y0, s = 0.0;
    int k;
    for (k = 0; k < 4; k++) {
        long x = (long)x0 + (k & 1), y = (long)y0 + (k >> 1);
        x = x < 0 ? 0 : (x >= w->width ? w->width - 1 : x);
        y = y < 0 ? 0 : (y >= w->height ? w->height - 1 : y);
        if (w->mask[y * w->width + x]) {
            s += ((k & 1) ? fx : 1.0 - fx) * ((k >> 1) ? fy : 1.0 - fy);
        }
    }
    return s;
}

/* The hybrid colour table at grid point (gx, gy); *tree set for trees. */
static uint32_t
hybrid_rule(const struct grid_look *g, double gx, double gy, int *tree)
{
    const struct world *w = g->w;
    double h, hx, hy, slope, dens = 0.0;
    int mountain;
    uint32_t c;

    surface_bicubic(w->elevation, w->width, w->height, gx, gy, &h, &hx, &hy);
    slope = sqrt(hx * hx + hy * hy);
    mountain = bilinear_mask(w, gx, gy) >= 0.5 && h > g->mountain_h;
    *tree = 0;
    if (!mountain && w->forest != NULL) {
        double n = value_noise_fbm2(g->seed ^ 0x7265655472656554ull, 2, gx * g->canopy_freq,
                                    gy * g->canopy_freq);
        surface_bicubic(w->forest, w->width, w->height, gx, gy, &dens, NULL, NULL);
        dens = (dens < 0.0 ? 0.0 : (dens > 1.0 ? 1.0 : dens)) * g->forest_density;
        *tree = n < dens;
    }
    c = gen_hybrid_color(mountain, *tree, (float)(g->hmax > 0.0 ? h / g->hmax : 0.0),
                         (float)slope, (float)g->dirt_slope, (float)g->rock_slope);
    return c;
}

/* Ground texture: a brightness factor 1 +- GROUND_AMP from value noise
 * octaves of GROUND_M metres down to two pixels (band-limited, so no
 * octave aliases), pointwise from the seed. */
static double
ground_texture(const struct grid_look *g, double gx, double gy)
{
    double f = g->ground_freq, amp = 1.0, sum = 0.0, norm = 0.0;
    uint64_t seed = g->seed ^ 0x67726f756e640000ull;
    int o;
    for (o = 0; o < 8 && f * g->px_cells <= 0.5; o++) {
        sum += amp * (value_noise2(seed + (uint64_t)o, gx * f, gy * f) - 0.5);
        norm += amp;
        amp *= 0.6;
        f *= 2.0;
    }
    return norm > 0.0 ? 1.0 + 2.0 * GROUND_AMP * sum / norm : 1.0;
}

/* The colours of the cells of water class `kind` among the four centres
 * around the point (idx, fx, fy as surface_taps gives them), blended
 * bilinearly; *cell gets the one of largest weight. None of that kind:
 * the first of the 4 x 4 (or *cell's own colour). */
static uint32_t
blend_cells(const struct grid_look *g, long idx[4][4], double fx, double fy, int kind,
            double flow_log_max, long *cell)
{
    const struct world *w = g->w;
    double ch[3] = { 0.0, 0.0, 0.0 }, sum = 0.0, best = -1.0;
    int k;

    for (k = 0; k < 4; k++) {
        long id = idx[1 + (k >> 1)][1 + (k & 1)];
        double wt = ((k & 1) ? fx : 1.0 - fx) * ((k >> 1) ? fy : 1.0 - fy);
        if (w->water[id] == kind) {
            uint32_t c = mapimg_cell_color(w, g->layer, (size_t)id, flow_log_max);
            ch[0] += wt * (double)((c >> 16) & 255u);
            ch[1] += wt * (double)((c >> 8) & 255u);
            ch[2] += wt * (double)(c & 255u);
            sum += wt;
            if (wt > best) {
                best = wt;
                *cell = id;
            }
        }
    }
    if (!(sum > 0.0)) {
        for (k = 0; k < 16; k++) {
            if (w->water[idx[k >> 2][k & 3]] == kind) {
                *cell = idx[k >> 2][k & 3];
                break;
            }
        }
        return mapimg_cell_color(w, g->layer, (size_t)*cell, flow_log_max);
    }
    return (uint32_t)(ch[0] / sum + 0.5) << 16 | (uint32_t)(ch[1] / sum + 0.5) << 8 |
           (uint32_t)(ch[2] / sum + 0.5);
}

/* The land colour at (gx, gy) before shading; *cell a dry cell near it. */
static uint32_t
land_color(const struct grid_look *g, double gx, double gy, double h, long idx[4][4],
           double fx, double fy, double flow_log_max, long *cell, int *tree)
{
    const struct world *w = g->w;
    int k;

    *tree = 0;
    if (g->layer == LAYER_ELEVATION) {
        double top = w->elev_max - w->sea_level, t = top > 0.0 ? (h - w->sea_level) / top : 0.0;
        return tint_hypsometric(t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t));
    }
    if (g->hybrid) {
        double o = 0.25 * g->px_cells;
        uint32_t c[4];
        int t[4];
        for (k = 0; k < 4; k++) {
            c[k] = hybrid_rule(g, gx + ((k & 1) ? o : -o), gy + ((k >> 1) ? o : -o), &t[k]);
        }
        *tree = t[0] + t[1] + t[2] + t[3] >= 2;
        return rgb_scale(tint_mix(tint_mix(c[0], c[1], 0.5), tint_mix(c[2], c[3], 0.5), 0.5),
                         ground_texture(g, gx, gy));
    }
    return blend_cells(g, idx, fx, fy, WATER_LAND, flow_log_max, cell);
}

/* A water surface's colour: the wet cells' colour (or the tint of depth)
 * lightened toward the shore by depth in metres (relative depth where the
 * world's vertical scale is unknown). */
static uint32_t
water_color(const struct grid_look *g, uint32_t base, double depth)
{
    double d = g->m_per_unit > 0.0 ? depth * g->m_per_unit / SHALLOW_M
                                   : depth / (0.02 * (g->relief > 0.0 ? g->relief : 1.0));
    double t = det_exp(-(d > 0.0 ? d : 0.0));
    if (!g->bathymetry) {
        return base;
    }
    return tint_mix(base, tint_mix(base, 0xd8eef0u, 0.45), t);
}

static enum map_class
rule_class(uint32_t c, int tree)
{
    if (tree) {
        return MC_TREE;
    }
    switch (c) {
    case HYBRID_SNOW: return MC_SNOW;
    case HYBRID_BROWN_ROCK:
    case HYBRID_HIGHLAND_GRASS: return MC_MOUNTAIN;
    case HYBRID_DIRT: return MC_DIRT;
    case HYBRID_GRASS: return MC_GRASS;
    default: break;
    }
    return ((c >> 16) == (c & 255u)) ? MC_ROCK : MC_GRASS;
}

int
mapimg_grid_pixel(const struct grid_look *g, double u, double v, double flow_log_max,
                  uint32_t *out, uint8_t *cls)
{
    const struct world *w = g->w;
    long idx[4][4], cell, wet_cell = -1;
    double gx = u * w->width - 0.5, gy = v * w->height - 0.5, fx, fy, p[4][4];
    double h, hx, hy, a_sea = 0.0, a_lake = 0.0, level = w->sea_level;
    double lake_level = -INFINITY;
    int i, j, any_ocean = 0, tree;
    uint32_t land, col;

    if (u < 0.0 || u >= 1.0 || v < 0.0 || v >= 1.0) {
        return 0;
    }
    surface_taps(w->width, w->height, gx, gy, idx, &fx, &fy);
    for (j = 0; j < 4; j++) {
        for (i = 0; i < 4; i++) {
            long c = idx[j][i];
            p[j][i] = w->elevation[c];
            any_ocean |= w->water[c] == WATER_OCEAN;
            if (w->water[c] == WATER_LAKE && w->hydro_elev != NULL && (size_t)c < w->nhydro &&
                w->hydro_elev[c] > lake_level) {
                lake_level = w->hydro_elev[c];
            }
        }
    }
    surface_bicubic16(p, fx, fy, &h, &hx, &hy);
    if (g->detail != NULL) {
        /* the gullies in the shading (the heights keep the classes and
           the water: detail never moves a coast) */
        double ou, ov;
        detail_offset(g->detail, u, v, h, hx * w->width, hy * w->height, &ou, &ov);
        hx += ou / w->width;
        hy += ov / w->height;
    }
    cell = idx[1 + (fy >= 0.5)][1 + (fx >= 0.5)];
    if (any_ocean && g->coast != NULL) {
        double c, cx, cy;
        for (j = 0; j < 4; j++) {
            for (i = 0; i < 4; i++) {
                p[j][i] = g->coast[idx[j][i]];
            }
        }
        surface_bicubic16(p, fx, fy, &c, &cx, &cy);
        a_sea = coverage_below(g, c, cx, cy);
    }
    if (lake_level > -INFINITY) {
        double c, cx, cy;
        for (j = 0; j < 4; j++) {
            for (i = 0; i < 4; i++) {
                long id = idx[j][i];
                double e = w->elevation[id] - lake_level;
                p[j][i] = w->water[id] == WATER_LAKE ? fmin(e, -g->delta) : fmax(e, g->delta);
            }
        }
        surface_bicubic16(p, fx, fy, &c, &cx, &cy);
        a_lake = coverage_below(g, c, cx, cy) * (1.0 - a_sea);
        level = lake_level;
    }
    land = land_color(g, gx, gy, h, idx, fx, fy, flow_log_max, &cell, &tree);
    col = rgb_scale(land, hillshade(g, hx, hy));
    if (a_sea + a_lake > 0.0) {
        int want = a_sea >= a_lake ? WATER_OCEAN : WATER_LAKE;
        uint32_t base;
        double depth;
        if (want == WATER_OCEAN) {
            level = w->sea_level;
        }
        depth = level - h;
        wet_cell = cell;
        base = blend_cells(g, idx, fx, fy, want, flow_log_max, &wet_cell);
        if (want == WATER_OCEAN && !g->bathymetry && w->gen == GEN_DEM) {
            base = biome_color(BIOME_OCEAN); /* not the cells' specks of depth */
        }
        if (g->layer == LAYER_ELEVATION) {
            double d = w->sea_level - w->elev_min;
            base = tint_hypsometric(want == WATER_OCEAN && d > 0.0 ? -fmin(1.0, fmax(0.0, depth / d))
                                                                   : -0.05);
        }
        col = tint_mix(col, water_color(g, base, depth), a_sea + a_lake);
        if (a_sea + a_lake > 0.5) {
            cell = wet_cell;
        }
    }
    *out = col;
    if (cls != NULL) {
        if (a_sea + a_lake > 0.5) {
            *cls = (uint8_t)mapimg_cell_class(w, (size_t)cell);
        } else {
            *cls = (uint8_t)(g->hybrid ? rule_class(land, tree) : mapimg_cell_class(w, (size_t)cell));
        }
    }
    return 1;
}
