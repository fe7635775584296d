#include "config.h"
#include "render/mapimg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/planet/wfc.h"
#include "render/mapimg_internal.h"
#include "render/planet_layers.h"
#include "render/mapimg_sphere.h"
#include "core/base/interrupt.h"
#include "render/tint.h"

static const char *const layer_names[LAYER_COUNT] = {
    "color", "elevation", "moisture", "rivers", "lakes", "roughness", "forest", "mask",
    "landmass", "plates", "climate", "wear", "deposition", "slope",
};

/* One glyph per class, shared only by the two names of one kind of land
 * (lowland and grass, forest and tree: island and hybrid words); river and
 * ice had water's '~' and snow's '*' (issue 29). */
static const struct {
    char glyph;
    const char *name;
} classes[MC_COUNT] = {
    [MC_DEEP] = { '-', "deep water" },   [MC_WATER] = { '~', "water" },
    [MC_LAKE] = { '=', "lake" },         [MC_RIVER] = { ';', "river" },
    [MC_BEACH] = { ',', "beach" },       [MC_LOW] = { '.', "lowland" },
    [MC_GRASS] = { '.', "grass" },       [MC_FOREST] = { 'T', "forest" },
    [MC_TREE] = { 'T', "tree" },         [MC_DIRT] = { ':', "dirt" },
    [MC_DESERT] = { '_', "desert" },     [MC_HILL] = { 'n', "hills" },
    [MC_ROCK] = { '#', "rock" },         [MC_MOUNTAIN] = { '^', "mountain" },
    [MC_SNOW] = { '*', "snow" },         [MC_ICE] = { '%', "ice" },
    [MC_VOID] = { ' ', "outside the map" },
};

const char *
mapimg_layer_name(enum map_layer layer)
{
    return (unsigned)layer < LAYER_COUNT ? layer_names[layer] : NULL;
}

int
mapimg_layer_find(const char *name)
{
    int i;
    for (i = 0; i < LAYER_COUNT; i++) {
        if (strcmp(layer_names[i], name) == 0) {
            return i;
        }
    }
    /* the flow mask of issue 26 is the rivers layer (flow on a log scale) */
    return strcmp(name, "flow") == 0 ? LAYER_RIVERS : -1;
}

int
mapimg_layer_available(const struct world *w, enum map_layer layer)
{
    switch (layer) {
    case LAYER_COLOR: return w->color != NULL;
    case LAYER_ELEVATION: return w->elevation != NULL;
    case LAYER_MOISTURE: return w->moisture != NULL;
    case LAYER_RIVERS: return w->flow != NULL;
    case LAYER_LAKES: return w->water != NULL && w->lake != NULL;
    case LAYER_ROUGHNESS: return w->roughness != NULL;
    case LAYER_FOREST: return w->forest != NULL;
    case LAYER_MASK: return w->mask != NULL;
    case LAYER_LANDMASS: return w->landmass != NULL;
    case LAYER_PLATES: return w->plate != NULL && w->plate_boundary != NULL;
    case LAYER_CLIMATE: return w->climate != NULL;
    case LAYER_WEAR: return w->wear != NULL;
    case LAYER_DEPOSITION: return w->deposition != NULL;
    case LAYER_SLOPE:
        return w->kind == WORLD_GRID && w->elevation != NULL && w->cell_size > 0.0 &&
               w->width > 1 && w->height > 1;
    case LAYER_COUNT: break;
    }
    return 0;
}

char
mapimg_class_glyph(enum map_class c)
{
    return (unsigned)c < MC_COUNT ? classes[c].glyph : '?';
}

const char *
mapimg_class_name(enum map_class c)
{
    return (unsigned)c < MC_COUNT ? classes[c].name : "?";
}

uint32_t
mapimg_hypsometric(double t)
{
    return tint_hypsometric(t);
}

/* Elevation of a cell on the [-1, 1] axis of the hypsometric tint: 0 at the
 * coast, 1 at the world's highest point, -1 at its deepest. */
static double
relative_height(const struct world *w, size_t c)
{
    double h = w->elevation[c], sea = w->sea_level;
    int wet = w->water != NULL && w->water[c] == WATER_OCEAN;
    if (wet) {
        double depth = sea - w->elev_min;
        return depth > 0.0 ? -(sea - h) / depth : -0.5;
    }
    double top = w->elev_max - sea;
    double t = top > 0.0 ? (h - sea) / top : 0.0;
    return t < 0.0 ? 0.0 : t;
}

/* hybrid worlds: the legend (. grass, ^ mountain, T tree, * snow,
 * : dirt, # rock), read from the colour rules (core/hybrid/gen_hybrid.h). */
static enum map_class
hybrid_class(const struct world *w, size_t cell)
{
    switch (gen_hybrid_cell_kind(w, cell)) {
    case HYBRID_KIND_MOUNTAIN: return MC_MOUNTAIN;
    case HYBRID_KIND_TREE: return MC_TREE;
    case HYBRID_KIND_SNOW: return MC_SNOW;
    case HYBRID_KIND_DIRT: return MC_DIRT;
    case HYBRID_KIND_ROCK: return MC_ROCK;
    case HYBRID_KIND_WATER: return MC_LAKE;
    case HYBRID_KIND_GRASS: break;
    }
    return MC_GRASS;
}

enum map_class
mapimg_cell_class(const struct world *w, size_t cell)
{
    double t;
    if (w->gen == GEN_HYBRID && w->color != NULL) {
        return hybrid_class(w, cell);
    }
    if (w->gen == GEN_PLANET && w->biome != NULL && w->biome[cell] < wfc_planet_rules()->nbiomes) {
        /* ice caps and sea ice are ice whatever their height */
        const char *b = wfc_planet_rules()->biome[w->biome[cell]].name;
        if (strcmp(b, "ice") == 0 || strcmp(b, "sea_ice") == 0) {
            return MC_ICE;
        }
    }
    if (w->water != NULL && w->water[cell] == WATER_OCEAN) {
        t = w->elevation != NULL ? relative_height(w, cell) : -0.5;
        return t < -0.35 ? MC_DEEP : MC_WATER;
    }
    if ((w->water != NULL && w->water[cell] == WATER_LAKE) || (w->kind == WORLD_GRID &&
                                                               w->lake != NULL && w->lake[cell] == LAKE_WATER)) {
        return MC_LAKE;
    }
    if (w->kind == WORLD_GRID && w->river_width != NULL && w->river_width[cell] > 0.0f) {
        return MC_RIVER;
    }
    if (w->trees != NULL && w->trees[cell]) {
        return MC_TREE;
    }
    if (w->elevation == NULL) {
        return MC_LOW;
    }
    t = relative_height(w, cell);
    if (w->mask != NULL) {  /* hybrid: the mountain mask decides */
        if (!w->mask[cell] || w->elevation[cell] <= 0.1f) {
            return MC_GRASS;
        }
        return t > 0.8 ? MC_SNOW : (t > 0.45 ? MC_ROCK : MC_MOUNTAIN);
    }
    if (t < 0.03) {
        return MC_BEACH;
    }
    if (t < 0.3) {
        return MC_LOW;
    }
    if (t < 0.55) {
        return MC_HILL;
    }
    if (t < 0.82) {
        return MC_MOUNTAIN;
    }
    return MC_SNOW;
}

static uint32_t
shade(uint32_t rgb, double s)
{
    int r = (int)((rgb >> 16 & 255) * s), g = (int)((rgb >> 8 & 255) * s), b = (int)((rgb & 255) * s);
    r = r > 255 ? 255 : r;
    g = g > 255 ? 255 : g;
    b = b > 255 ? 255 : b;
    return (uint32_t)(r << 16 | g << 8 | b);
}

/* Hillshade factor of a grid cell from central differences, sun from the
 * north-west at 45 degrees. The vertical scale maps the world's relief to an
 * eighth of its width, so flat and steep models both read well. */
static double
grid_hillshade(const struct world *w, int x, int y)
{
    int W = w->width, H = w->height;
    int x0 = x > 0 ? x - 1 : x, x1 = x < W - 1 ? x + 1 : x;
    int y0 = y > 0 ? y - 1 : y, y1 = y < H - 1 ? y + 1 : y;
    double relief = w->elev_max - w->elev_min;
    double k = relief > 0.0 ? (W / 8.0) / relief : 0.0;
    if (w->gen == GEN_DEM && w->water != NULL && w->water[(size_t)y * W + x] == WATER_LAKE) {
        k = 0.0;  /* a dem lake is a flat water surface, not its bed's relief */
    }
    double dzdx = (w->elevation[(size_t)y * W + x1] - w->elevation[(size_t)y * W + x0]) * k /
                  (x1 - x0 > 0 ? x1 - x0 : 1);
    double dzdy = (w->elevation[(size_t)y1 * W + x] - w->elevation[(size_t)y0 * W + x]) * k /
                  (y1 - y0 > 0 ? y1 - y0 : 1);
    /* normal (-dzdx, -dzdy, 1); light (-1, -1, 1.414)/2 */
    double n = sqrt(dzdx * dzdx + dzdy * dzdy + 1.0);
    double l = (dzdx + dzdy + 1.41421356) / (2.0 * n);
    double s = 0.55 + 0.6 * l;
    return s < 0.35 ? 0.35 : (s > 1.25 ? 1.25 : s);
}

static uint32_t
landmass_color(int32_t id)
{
    uint32_t h = (uint32_t)id * 2654435761u;
    return 0x404040u | (h & 0xBFBFBFu);
}

/* Flow of a mesh cell: the largest accumulated flow of its Voronoi vertices. */
static double
cell_flow(const struct world *w, size_t c)
{
    if (w->kind != WORLD_MESH) {
        return (size_t)c < w->nhydro ? w->flow[c] : 0.0; /* grids, spheres: per cell */
    }
    int32_t tris[32];
    int i, n = mesh_cell_triangles(w->mesh, (int32_t)c, tris, 32);
    double f = 0.0;
    n = n > 32 ? 32 : n;
    for (i = 0; i < n; i++) {
        if (tris[i] >= 0 && (size_t)tris[i] < w->nhydro && w->flow[tris[i]] > f) {
            f = w->flow[tris[i]];
        }
    }
    return f;
}

/* The steepest slope of grid cell c in metres per metre: central
 * differences (one-sided at the edges) of the heights in metres. */
static double
grid_slope(const struct world *w, size_t c)
{
    size_t W = (size_t)w->width, H = (size_t)w->height, x = c % W, y = c / W;
    size_t xl = x > 0 ? x - 1 : x, xr = x + 1 < W ? x + 1 : x;
    size_t yu = y > 0 ? y - 1 : y, yd = y + 1 < H ? y + 1 : y;
    double unit = w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0;
    double cx = w->cell_size, cy = w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size;
    double gx = ((double)w->elevation[y * W + xr] - (double)w->elevation[y * W + xl]) * unit /
                ((double)(xr - xl) * cx);
    double gy = ((double)w->elevation[yd * W + x] - (double)w->elevation[yu * W + x]) * unit /
                ((double)(yd - yu) * cy);
    return sqrt(gx * gx + gy * gy);
}

/* flow_log_max: log1p of the largest flow (rivers layer) or the largest
 * roughness, wear or deposition (those layers); unused by other layers. */
static uint32_t
cell_color(const struct world *w, enum map_layer layer, size_t c, double flow_log_max)
{
    int wet = w->water != NULL && w->water[c] != WATER_LAND;
    switch (layer) {
    case LAYER_COLOR:
        return w->color[c];
    case LAYER_ELEVATION:
        return tint_hypsometric(relative_height(w, c));
    case LAYER_MOISTURE:
        return wet ? 0x2a4f8cu : tint_sequential(w->moisture[c]);
    case LAYER_RIVERS: {
        if (wet) {
            return 0x1c3060u;
        }
        double f = cell_flow(w, c);
        double t = flow_log_max > 0.0 && f > 0.0 ? det_log1p(f) / flow_log_max : 0.0;
        return tint_sequential(t);
    }
    case LAYER_LAKES:
        if (w->water[c] == WATER_OCEAN) {
            return 0x1c3c78u;
        }
        if (w->water[c] == WATER_LAKE || (w->kind == WORLD_GRID && w->lake[c] == LAKE_WATER)) {
            return 0x58a8e8u;
        }
        if (w->kind == WORLD_GRID && w->lake[c] == LAKE_PLAYA) {
            return 0xe0d6bcu; /* a dry lake bed */
        }
        return shade(0x9a9a8au, 0.6 + 0.5 * (w->elevation ? relative_height(w, c) : 0.5));
    case LAYER_ROUGHNESS:
        /* flow_log_max carries the world's largest roughness here; a square
           root spreads the many small values over the ramp. */
        return tint_sequential(flow_log_max > 0.0 ? sqrt(w->roughness[c] / flow_log_max) : 0.0);
    case LAYER_FOREST:
        return tint_sequential(w->forest[c]);
    case LAYER_MASK:
        return w->mask[c] ? 0xe0e0e0u : 0x303030u;
    case LAYER_LANDMASS:
        return w->landmass[c] < 0 ? 0x1c3060u : landmass_color(w->landmass[c]);
    case LAYER_PLATES:
    case LAYER_CLIMATE:
        return planet_layer_color(w, layer, c);
    case LAYER_WEAR:
    case LAYER_DEPOSITION: {
        double v = layer == LAYER_WEAR ? w->wear[c] : w->deposition[c];
        return tint_sequential(flow_log_max > 0.0 && v > 0.0 ? sqrt(v / flow_log_max) : 0.0);
    }
    case LAYER_SLOPE: {
        double s = grid_slope(w, c); /* 1 m/m (45 degrees) and steeper: the top */
        return tint_sequential(s < 1.0 ? s : 1.0);
    }
    case LAYER_COUNT:
        break;
    }
    return 0;
}

double
mapimg_layer_scale(const struct world *w, enum map_layer layer)
{
    double scale = 0.0;
    size_t i;

    if (layer == LAYER_RIVERS && w->flow != NULL) {
        size_t n = w->kind == WORLD_GRID ? w->ncells : w->nhydro;
        double fmax = 0.0;
        for (i = 0; i < n; i++) {
            fmax = w->flow[i] > fmax ? w->flow[i] : fmax;
        }
        scale = det_log1p(fmax);
    } else if (layer == LAYER_ROUGHNESS && w->roughness != NULL) {
        for (i = 0; i < w->ncells; i++) {
            scale = w->roughness[i] > scale ? w->roughness[i] : scale;
        }
    } else if ((layer == LAYER_WEAR && w->wear != NULL) ||
               (layer == LAYER_DEPOSITION && w->deposition != NULL)) {
        const float *v = layer == LAYER_WEAR ? w->wear : w->deposition;
        for (i = 0; i < w->ncells; i++) {
            scale = v[i] > scale ? v[i] : scale;
        }
    }
    return scale;
}

double
mapimg_cell_slope(const struct world *w, size_t cell)
{
    return mapimg_layer_available(w, LAYER_SLOPE) ? grid_slope(w, cell) : 0.0;
}

uint32_t
mapimg_cell_color(const struct world *w, enum map_layer layer, size_t cell, double scale)
{
    return cell_color(w, layer, cell, scale);
}

uint32_t
mapimg_cell_drawn_color(const struct world *w, enum map_layer layer, size_t cell)
{
    uint32_t col = cell_color(w, layer, cell, 0.0);
    if (w->kind == WORLD_GRID && w->elevation != NULL &&
        (layer == LAYER_COLOR || layer == LAYER_ELEVATION)) {
        col = shade(col, grid_hillshade(w, (int)(cell % (size_t)w->width),
                                        (int)(cell / (size_t)w->width)));
    }
    return col;
}

double
mapimg_cell_flow(const struct world *w, size_t cell)
{
    return w->flow != NULL ? cell_flow(w, cell) : 0.0;
}

long
mapimg_cell_at(const struct world *w, double u, double v)
{
    if (w->kind == WORLD_SPHERE) {
        double q[3];
        int32_t start = 0;
        return mapimg_sphere_cell(w, NULL, u, v, &start, q);
    }
    if (u < 0.0 || u >= 1.0 || v < 0.0 || v >= 1.0) {
        return -1;
    }
    if (w->kind == WORLD_GRID) {
        long x = (long)(u * w->width), y = (long)(v * w->height);
        return y * w->width + x;
    }
    if (w->mesh == NULL) {
        return -1;
    }
    double q[2] = { u, v };
    return mesh_nearest_point(w->mesh, q, 0);
}


/* Smooth grid maps (MAP_SMOOTH_GRID_PIXELS): the drawn colours (colour and
 * hill shade) of the four cell centres around map point (u, v), blended
 * bilinearly; the pixel is in a lake where the bilinear terrain height is
 * below the lake's surface (the shore is the terrain's contour at the lake
 * level), in the sea where the bilinear wet share exceeds one half, and
 * only the centres of its side are blended. *cell gets the centre of that
 * side with the largest weight (its class). Returns 0 outside the grid. */
static int
grid_smooth_color(const struct world *w, enum map_layer layer, double u, double v,
                  double flow_log_max, uint32_t *out, long *cell)
{
    double gx = u * w->width - 0.5, gy = v * w->height - 0.5, fx, fy, wt[4], wet = 0.0;
    double ch[3] = { 0.0, 0.0, 0.0 }, sum = 0.0, best = -1.0;
    long x0, y0, id[4];
    int k, side;

    if (u < 0.0 || u >= 1.0 || v < 0.0 || v >= 1.0) {
        return 0;
    }
    x0 = (long)floor(gx);
    y0 = (long)floor(gy);
    fx = gx - (double)x0;
    fy = gy - (double)y0;
    double h = 0.0, lake_level = -INFINITY;
    int any_ocean = 0;
    for (k = 0; k < 4; k++) {
        long x = x0 + (k & 1), y = y0 + (k >> 1);
        x = x < 0 ? 0 : (x >= w->width ? w->width - 1 : x);
        y = y < 0 ? 0 : (y >= w->height ? w->height - 1 : y);
        id[k] = y * w->width + x;
        wt[k] = ((k & 1) ? fx : 1.0 - fx) * ((k >> 1) ? fy : 1.0 - fy);
        wet += w->water[id[k]] != WATER_LAND ? wt[k] : 0.0;
        if (w->elevation != NULL) {
            h += wt[k] * w->elevation[id[k]];
        }
        any_ocean |= w->water[id[k]] == WATER_OCEAN;
        if (w->water[id[k]] == WATER_LAKE && w->hydro_elev != NULL &&
            (size_t)id[k] < w->nhydro && w->hydro_elev[id[k]] > lake_level) {
            lake_level = w->hydro_elev[id[k]];
        }
    }
    side = wet > 0.5;
    if (w->elevation != NULL && !any_ocean && lake_level > -INFINITY && wet > 0.0 && wet < 1.0) {
        /* a lake's shore is the terrain's contour at the lake's level: the
           bilinear height below its surface (the sea, flat at its level,
           has no such contour: its shore follows the wet share) */
        side = h < lake_level;
    }
    for (k = 0; k < 4; k++) {
        if ((w->water[id[k]] != WATER_LAND) == side && wt[k] > 0.0) {
            uint32_t c = cell_color(w, layer, (size_t)id[k], flow_log_max);
            if (w->elevation != NULL && (layer == LAYER_COLOR || layer == LAYER_ELEVATION)) {
                c = shade(c, grid_hillshade(w, (int)(id[k] % w->width), (int)(id[k] / w->width)));
            }
            ch[0] += wt[k] * (double)((c >> 16) & 255u);
            ch[1] += wt[k] * (double)((c >> 8) & 255u);
            ch[2] += wt[k] * (double)(c & 255u);
            sum += wt[k];
            if (wt[k] > best) {
                best = wt[k];
                *cell = id[k];
            }
        }
    }
    if (!(sum > 0.0)) {
        return 0;
    }
    *out = (uint32_t)(ch[0] / sum + 0.5) << 16 | (uint32_t)(ch[1] / sum + 0.5) << 8 |
           (uint32_t)(ch[2] / sum + 0.5);
    return 1;
}

enum og_status
mapimg_sample_rows(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct sample_job *J = arg;
    const struct world *w = J->w;
    const struct map_view *view = J->view;
    enum map_layer layer = J->layer;
    int x0 = J->x0, x1 = J->x0 + J->xn, px, py, y0 = J->y0;
    uint32_t *rgb = J->rgb;
    uint8_t *cls = J->cls;
    double du = J->du, dv = J->dv, flow_log_max = J->flow_log_max;
    int32_t start = 0;
    struct mapimg_sphere_px sp;
    struct mesh_patch_cache pc;

    (void)batch;
    pc.tri = -1;
    for (py = y0 + (int)begin; py < y0 + (int)end; py++) {
        double v = view->v0 + (py + 0.5) * dv;
        if (og_interrupted()) {  /* an interrupted export (outfile.h) */
            return og_error_set(err, OG_ECANCELED, "map render interrupted");
        }
        mapimg_sphere_px_init(&sp, w, layer);
        for (px = x0; px < x1; px++) {
            double u = view->u0 + (px + 0.5) * du;
            size_t o = (size_t)(py - y0) * (size_t)J->xn + (size_t)(px - x0);
            long c = -1;
            double qs[3];
            if (w->kind == WORLD_GRID) {
                if (J->look != NULL && rgb != NULL &&
                    mapimg_grid_pixel(J->look, u, v, flow_log_max, &rgb[o],
                                      cls != NULL ? &cls[o] : NULL)) {
                    continue;
                }
                if (J->smooth && rgb != NULL &&
                    grid_smooth_color(w, layer, u, v, flow_log_max, &rgb[o], &c)) {
                    if (cls != NULL) {
                        cls[o] = (uint8_t)mapimg_cell_class(w, (size_t)c);
                    }
                    continue;
                }
                c = mapimg_cell_at(w, u, v);
            } else if (w->mesh != NULL && w->mesh->npoints > 0) {
                if (w->kind == WORLD_SPHERE) {
                    c = mapimg_sphere_cell(w, view, u, v, &start, qs);
                    if (c >= 0 && J->slook != NULL && rgb != NULL) {
                        int wet = 0;
                        long s = mapimg_sphere_surface_px(&sp, J->slook, layer, qs, dv, px == x0,
                                                          &start, &rgb[o], &wet);
                        if (s >= 0) {
                            if (cls != NULL) {
                                int site_wet = w->water[s] != WATER_LAND;
                                cls[o] = (uint8_t)(wet && !site_wet ? MC_WATER
                                                   : !wet && site_wet ? MC_BEACH
                                                                      : mapimg_cell_class(w, (size_t)s));
                            }
                            continue;
                        }
                    }
                } else if (u >= 0.0 && u < 1.0 && v >= 0.0 && v < 1.0) {
                    double q[2] = { u, v };
                    c = start = mesh_nearest_point(w->mesh, q, start);
                    int sm = J->smooth && rgb != NULL && c >= 0
                                 ? mapimg_mesh_smooth_color(w, layer, (int32_t)c, q, flow_log_max, J->mlook,
                                                &pc, &rgb[o])
                                 : 0;
                    if (sm) { /* 2: wet by the surface's contour, 3: dry */
                        if (cls != NULL) {
                            int site_wet = w->water[c] != WATER_LAND;
                            cls[o] = (uint8_t)(sm == 2 && !site_wet ? MC_WATER
                                               : sm == 3 && site_wet ? MC_BEACH
                                                                     : mapimg_cell_class(w, (size_t)c));
                        }
                        continue;
                    }
                }
            }
            if (c < 0) {
                if (rgb != NULL) {
                    rgb[o] = 0x101010u;
                }
                if (cls != NULL) {
                    cls[o] = MC_VOID;
                }
                continue;
            }
            if (rgb != NULL) {
                uint32_t col = cell_color(w, layer, (size_t)c, flow_log_max);
                if (w->kind == WORLD_GRID && w->elevation != NULL &&
                    (layer == LAYER_COLOR || layer == LAYER_ELEVATION)) {
                    col = shade(col, grid_hillshade(w, (int)(c % w->width), (int)(c / w->width)));
                }
                if (w->kind == WORLD_SPHERE) {  /* relief, rivers */
                    col = mapimg_sphere_px_color(&sp, w, layer, c, qs, dv, px == x0, col);
                }
                rgb[o] = col;
            }
            if (cls != NULL) {
                cls[o] = (uint8_t)mapimg_cell_class(w, (size_t)c);
            }
        }
    }
    return OG_OK;
}

