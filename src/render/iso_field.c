#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/rng.h"
#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "render/iso_internal.h"
#include "render/mapimg.h"
#include "render/surface.h"
#include "render/tint.h"

/* --- vertex hash (jitter) ---------------------------------------------- */

static long
gcd_long(long a, long b)
{
    while (b != 0) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The reduced fraction a/n (0 <= a < n) packed as numerator << 32 | denominator. */
static uint64_t
frac_key(long a, long n)
{
    long g = a == 0 ? n : gcd_long(a, n);

    return (uint64_t)(a / g) << 32 | (uint64_t)(n / g);
}

/* Hash of a canonical position (whole parts, reduced fraction keys). */
static double
vertex_hash_key(long cx, uint64_t fx, long cy, uint64_t fy)
{
    uint64_t h;

    h = rng_mix64((uint64_t)cx * 0x9e3779b97f4a7c15ull ^ 0x6f726f67656e2d69ull);
    h = rng_mix64(h ^ fx);
    h = rng_mix64(h ^ (uint64_t)cy * 0xc2b2ae3d27d4eb4full);
    h = rng_mix64(h ^ fy);
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

double
iso_vertex_hash(long cx, long a, long cy, long b, long n)
{
    /* canonical position: whole part + reduced fraction in [0, 1) */
    cx += a / n;
    a %= n;
    cy += b / n;
    b %= n;
    return vertex_hash_key(cx, frac_key(a, n), cy, frac_key(b, n));
}

/* --- fields -------------------------------------------------------------- */

enum og_status
iso_field_alloc(struct iso_field *f, int width, int height, int with_roughness,
                struct og_error *err)
{
    size_t n, i;

    memset(f, 0, sizeof *f);
    if (width < 2 || height < 2 || width > 65536 || height > 65536) {
        return og_error_set(err, OG_ERANGE, "heightfield %dx%d outside [2, 65536] per side",
                            width, height);
    }
    n = (size_t)width * (size_t)height;
    f->width = width;
    f->height = height;
    f->vscale = ISO_HPX * ((width > height ? width : height) - 1) / ISO_REF_SIDE;
    f->terrain = calloc(n, sizeof *f->terrain);
    f->water = malloc(n * sizeof *f->water);
    f->color = malloc(n * sizeof *f->color);
    if (with_roughness) {
        f->roughness = calloc(n, sizeof *f->roughness);
    }
    if (f->terrain == NULL || f->water == NULL || f->color == NULL ||
        (with_roughness && f->roughness == NULL)) {
        iso_field_fini(f);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d heightfield", width,
                            height);
    }
    for (i = 0; i < n; i++) {
        f->water[i] = -INFINITY;
        f->color[i] = 0x808080u;
    }
    return OG_OK;
}

void
iso_field_fini(struct iso_field *f)
{
    if (f != NULL) {
        free(f->terrain);
        free(f->water);
        free(f->color);
        free(f->roughness);
        free(f->trees);
        iso_rivers_free(f->rivers);
        detail_delete(f->detail);
        memset(f, 0, sizeof *f);
    }
}

/* Height normalisation of a world: (e - sea) / relief, relief being the
 * land's height range (or the whole range for a world without land). */
double
iso_world_relief(const struct world *w)
{
    double r = (double)w->elev_max - w->sea_level;

    if (!(r > 0.0)) {
        r = (double)w->elev_max - w->elev_min;
    }
    return r > 0.0 ? r : 1.0;
}

/* A world of known scale (world_metric, doc/scale.md) at true scale: a
 * rise of one field cell's length draws as ISO_PX_PER_CELL_UP px, so one
 * unit of normalised height (rel elevation units) takes that times its
 * metres over the cell's. Non-square cells (geographic DEMs) are drawn
 * square with the geometric mean of their sides. Returns 0 (f unchanged)
 * without a known scale. */
int
iso_true_scale(struct iso_field *f, const struct world *w, double rel)
{
    double mx, my, mz, cell;
    if (!world_metric(w, &mx, &my, &mz)) {
        return 0;
    }
    cell = sqrt(mx / (f->width - (w->kind == WORLD_GRID ? 0 : 1)) *
                (my / (f->height - (w->kind == WORLD_GRID ? 0 : 1))));
    f->vscale = ISO_PX_PER_CELL_UP * rel * mz / cell;
    f->true_scale = 1;
    return 1;
}

uint32_t
iso_cell_ground_color(const struct world *w, size_t c, double hn)
{
    if (w->color != NULL) {
        return w->color[c] & 0xffffffu;
    }
    return tint_hypsometric(hn < -1.0 ? -1.0 : (hn > 1.0 ? 1.0 : hn));
}

uint32_t
iso_mix_rgb(uint32_t a, uint32_t b, double t)
{
    int k, out = 0;

    for (k = 16; k >= 0; k -= 8) {
        double ca = (a >> k) & 255u, cb = (b >> k) & 255u;
        int c = (int)lround(ca + (cb - ca) * t);
        out |= (c < 0 ? 0 : (c > 255 ? 255 : c)) << k;
    }
    return (uint32_t)out;
}

static int
cell_is_lake(const struct world *w, size_t c)
{
    if (w->water != NULL && w->water[c] == WATER_LAKE) {
        return 1;
    }
    return w->kind == WORLD_GRID && w->lake != NULL && w->nhydro == w->ncells &&
           w->lake[c] == LAKE_WATER;
}

/* Rivers of a grid world painted into the vertex colours the way the map
 * draws them (render/mapimg.h): the field's vertices are the cell centres,
 * so the map drawn at one pixel per cell gives every vertex the coverage of
 * the river curves (smoothed along the flow, anti-aliased, thinner than a
 * cell: faded in proportion). The rasteriser's bilinear colour then draws a
 * smooth band along the flow instead of one tinted square per cell (the D8
 * staircase). Lakes and the sea keep their colour. */
static enum og_status
grid_rivers(struct iso_field *f, const struct world *w, struct og_error *err)
{
    struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
    size_t n = (size_t)f->width * (size_t)f->height, i;
    uint32_t *rgb = malloc(n * sizeof *rgb);
    enum og_status st;

    if (rgb == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    memcpy(rgb, f->color, n * sizeof *rgb);
    st = mapimg_draw_rivers(w, LAYER_COLOR, &v, f->width, f->height, rgb, NULL, err);
    if (st == OG_OK) {
        for (i = 0; i < n; i++) {
            if (f->water[i] == -INFINITY) {
                f->color[i] = rgb[i];
            }
        }
    }
    free(rgb);
    return st;
}

/* Water over a bed as high as its surface (the flat sea of a DEM, 0 m
 * from shore to edge) would put the coast on the wet samples themselves:
 * the ground rises from the water's level only inside the dry cells, so
 * the shore follows cell edges (a staircase). Every wet sample's ground
 * lies at least the mean rise of its dry 8-neighbours below its level
 * (at least delta, 1e-4 of the relief, at most 0.05 of it), the land's
 * slope mirrored under the water, so the shore, the contour of the interpolated ground at the
 * level, runs midway between wet and dry samples as on the map
 * (render/mapimg_grid.c's mirror_depth). */
static void
mirror_flat_water(struct iso_field *f)
{
    long W = f->width, H = f->height, x, y, dx, dy;
    const double delta = 1e-4;
    size_t i, n = (size_t)W * (size_t)H;

    /* the block's base stays under the ground as it was */
    f->lowest = INFINITY;
    for (i = 0; i < n; i++) {
        f->lowest = f->terrain[i] < f->lowest ? f->terrain[i] : f->lowest;
    }
    f->have_lowest = 1;

    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t o = (size_t)(y * W + x);
            double rise = 0.0, wl = f->water[o];
            int m = 0;
            if (wl == -INFINITY) {
                continue;
            }
            for (dy = -1; dy <= 1; dy++) {
                for (dx = -1; dx <= 1; dx++) {
                    long xx = x + dx, yy = y + dy;
                    size_t k = (size_t)(yy * W + xx);
                    if ((dx == 0 && dy == 0) || xx < 0 || yy < 0 || xx >= W || yy >= H ||
                        f->water[k] != -INFINITY) {
                        continue;
                    }
                    rise += f->terrain[k] - wl > delta ? f->terrain[k] - wl : delta;
                    m++;
                }
            }
            rise = m > 0 && rise / m > delta ? rise / m : delta;
            /* at most a twentieth of the relief: a sea cell under a cliff
             * is not dug a cliff deep (it would show below the block) */
            rise = rise < 0.05 ? rise : 0.05;
            if (f->terrain[o] > wl - rise) {
                f->terrain[o] = (float)(wl - rise);
            }
        }
    }
}

static enum og_status
field_from_grid(struct iso_field *f, const struct world *w, struct og_error *err)
{
    double sea = w->sea_level, rel = iso_world_relief(w), wmax = 0.0;
    enum og_status st;
    size_t i, n;

    if (w->width < 2 || w->height < 2) {
        return og_error_set(err, OG_ERANGE, "grid %dx%d too small to render (at least 2x2)",
                            w->width, w->height);
    }
    st = iso_field_alloc(f, w->width, w->height, w->roughness != NULL, err);
    if (st != OG_OK) {
        return st;
    }
    if (!iso_true_scale(f, w, rel) && w->gen == GEN_HYBRID) {
        f->vscale *= ISO_HYBRID_RELIEF;
    }
    if (w->trees != NULL) { /* drawn as cones (iso_trees.c) */
        f->trees = malloc((size_t)w->width * (size_t)w->height);
        if (f->trees == NULL) {
            iso_field_fini(f);
            return og_error_set(err, OG_ENOMEM, "out of memory for the trees");
        }
        memcpy(f->trees, w->trees, (size_t)w->width * (size_t)w->height);
    }
    n = (size_t)w->width * (size_t)w->height;
    if (w->river_width != NULL && w->nhydro == w->ncells) {
        for (i = 0; i < n; i++) {
            wmax = w->river_width[i] > wmax ? w->river_width[i] : wmax;
        }
    }
    for (i = 0; i < n; i++) {
        double hn = ((double)w->elevation[i] - sea) / rel;
        f->terrain[i] = (float)(hn < 0.0 ? hn * ISO_SEA_FLOOR_SCALE : hn);
        f->color[i] = iso_cell_ground_color(w, i, hn);
        if (w->water != NULL && w->water[i] == WATER_OCEAN) {
            f->water[i] = 0.0f;
        } else if (cell_is_lake(w, i)) {
            double lv = w->hydro_elev != NULL && w->nhydro == w->ncells ? w->hydro_elev[i]
                                                                         : w->elevation[i];
            double ln = (lv - sea) / rel;
            /* a lake below sea level sits on the compressed floor too */
            f->water[i] = (float)(ln < 0.0 ? ln * ISO_SEA_FLOOR_SCALE : ln);
        }
        if (w->roughness != NULL) {
            float r = w->roughness[i];
            f->roughness[i] = r < 0.0f ? 0.0f : (r > 1.0f ? 1.0f : r);
        }
    }
    mirror_flat_water(f);
    if (wmax > 0.0) {
        st = grid_rivers(f, w, err);
        if (st != OG_OK) {
            iso_field_fini(f);
            return st;
        }
    }
    /* sub-grid detail, band-limited when the tessellation is known */
    f->detail_rel = rel;
    f->detail_sea = sea;
    if ((st = detail_new(w, 0.0, &f->detail, err)) != OG_OK) {
        iso_field_fini(f);
    }
    return st;
}

enum og_status
iso_field_from_world(struct iso_field *f, const struct world *w, int res, struct og_error *err)
{
    memset(f, 0, sizeof *f);
    if (w->elevation == NULL) {
        return og_error_set(err, OG_EUNSUPPORTED, "%s world has no elevation to render",
                            world_gen_name(w->gen));
    }
    switch (w->kind) {
    case WORLD_GRID:
        return field_from_grid(f, w, err);
    case WORLD_MESH:
        return iso_field_from_mesh(f, w, res, err);
    case WORLD_SPHERE:
        break;
    }
    return og_error_set(err, OG_EUNSUPPORTED,
                        "isometric renders need a map; the %s world is a sphere (use the globe)",
                        world_gen_name(w->gen));
}

/* --- tessellation -------------------------------------------------------- */

double
iso_jitter_amplitude(const struct iso_field *f, double jitter)
{
    /* px of a one-cell rise over px per normalised unit (exaggeration 1) */
    return f->vscale > 0.0 ? jitter * ISO_PX_PER_CELL_UP / f->vscale : 0.0;
}

/* Vertical scale: screen px per unit of normalised height. */
double
iso_vscale(const struct iso_field *f, double exaggeration)
{
    /* unknown scale: the default exaggeration draws the map-relative scale */
    return f->true_scale ? f->vscale * exaggeration
                         : f->vscale * (exaggeration / ISO_DEFAULT_EXAGGERATION);
}

enum og_status
iso_tess_init(struct iso_tess *t, const struct iso_field *f, int subdiv, double jitter,
              struct og_error *err)
{
    size_t i, W = (size_t)f->width;

    memset(t, 0, sizeof *t);
    if (subdiv < 1 || subdiv > ISO_MAX_SUBDIV) {
        return og_error_set(err, OG_ERANGE, "param 'render.subdiv' = %d outside [1, %d]", subdiv,
                            ISO_MAX_SUBDIV);
    }
    t->f = f;
    t->N = subdiv;
    t->jitter = jitter;
    t->amp = iso_jitter_amplitude(f, jitter);
    t->NX = (W - 1) * (size_t)subdiv + 1;
    t->NY = ((size_t)f->height - 1) * (size_t)subdiv + 1;
    if (t->NX > ISO_MAX_VERTICES / t->NY) {
        return og_error_set(err, OG_ERANGE,
                            "tessellation %dx%d cells x %d^2 exceeds %zu vertices; lower "
                            "render.subdiv", f->width - 1, f->height - 1, subdiv,
                            (size_t)ISO_MAX_VERTICES);
    }
    for (i = 0; i < (size_t)subdiv; i++) {
        t->fkey[i] = frac_key((long)i, subdiv);
    }
    if (f->detail != NULL) {
        /* the detail band-limited at the vertices: a field sample is a
           cell of the world (field_from_grid) */
        t->det = *f->detail;
        detail_band(&t->det, fmax(t->det.mx / f->width, t->det.my / f->height) / subdiv);
        t->has_detail = t->det.octaves > 0;
    }
    for (i = 0; i <= (size_t)subdiv; i++) {
        /* Catmull-Rom (Keys 1981, a = -0.5) at x = i / N */
        double x = (double)i / subdiv, x2 = x * x, x3 = x2 * x;
        t->cw[i][0] = -0.5 * x3 + x2 - 0.5 * x;
        t->cw[i][1] = 1.5 * x3 - 2.5 * x2 + 1.0;
        t->cw[i][2] = -1.5 * x3 + 2.0 * x2 + 0.5 * x;
        t->cw[i][3] = 0.5 * x3 - 0.5 * x2;
    }
    return OG_OK;
}

/* Terrain of field sample (x, y), extended past the border linearly
 * (2 f[edge] - f[edge - 1]), so a planar field stays planar to its edge. */
static inline double
terrain_ext(const struct iso_field *f, long x, long y)
{
    long W = f->width, H = f->height, x0 = x, y0 = y, x1 = x, y1 = y;
    double v;

    if (x < 0) {
        x0 = 0, x1 = 1;
    } else if (x >= W) {
        x0 = W - 1, x1 = W - 2;
    }
    if (y < 0) {
        y0 = 0, y1 = 1;
    } else if (y >= H) {
        y0 = H - 1, y1 = H - 2;
    }
    v = f->terrain[y0 * W + x0];
    if (x1 != x) {
        v += v - f->terrain[y0 * W + x1];
    }
    if (y1 != y) {
        /* the same extension of row y1 */
        double r = f->terrain[y1 * W + x0];
        if (x1 != x) {
            r += r - f->terrain[y1 * W + x1];
        }
        v += v - r;
    }
    return v;
}

/* Catmull-Rom bicubic height at a / N across cell cx and b / N down cell
 * cy: C1 across cells, through every sample (issue 24: no facets along
 * the field's cells). */
static inline double
tess_bicubic(const struct iso_tess *t, size_t cx, size_t a, size_t cy, size_t b)
{
    const struct iso_field *f = t->f;
    long W = f->width, H = f->height, x = (long)cx, y = (long)cy, i, j;
    const double *wx = t->cw[a], *wy = t->cw[b];
    double h = 0.0;

    if (x >= 1 && y >= 1 && x + 2 < W && y + 2 < H) {
        const float *r = f->terrain + (y - 1) * W + (x - 1);
        for (j = 0; j < 4; j++, r += W) {
            h += wy[j] * (wx[0] * r[0] + wx[1] * r[1] + wx[2] * r[2] + wx[3] * r[3]);
        }
        return h;
    }
    for (j = 0; j < 4; j++) {
        double row = 0.0;
        for (i = 0; i < 4; i++) {
            row += wx[i] * terrain_ext(f, x - 1 + i, y - 1 + j);
        }
        h += wy[j] * row;
    }
    return h;
}

/* The sub-grid detail (normalised height units) at field point (gx, gy)
 * of a grid world's field whose Catmull-Rom height there is h (land). */
static double
tess_detail(const struct iso_tess *t, double gx, double gy, double h)
{
    const struct iso_field *f = t->f;
    double rel = f->detail_rel, e, dx, dy;
    surface_bicubic(f->terrain, f->width, f->height, gx, gy, &e, &dx, &dy);
    return detail_offset(&t->det, (gx + 0.5) / f->width, (gy + 0.5) / f->height,
                         h * rel + f->detail_sea, dx * rel * f->width, dy * rel * f->height,
                         NULL, NULL) /
           rel;
}

/* Vertex a / N of the way across cell cx and b / N down cell cy (a, b in
 * [0, N]; the last row and column are b = N, a = N of the cell before). */
static inline float
tess_vertex_at(const struct iso_tess *t, size_t cx, size_t a, size_t cy, size_t b)
{
    const struct iso_field *f = t->f;
    size_t W = (size_t)f->width, o = cy * W + cx;
    double fx = (double)a / t->N, fy = (double)b / t->N, h, rough;

    h = a == 0 && b == 0 ? f->terrain[o] : tess_bicubic(t, cx, a, cy, b);
    if (t->has_detail && h > 0.0) {
        h += tess_detail(t, (double)cx + fx, (double)cy + fy, h);
    }
    if (t->jitter > 0.0) {
        double k = 1.5 * h;
        k = k < 0.0 ? 0.0 : (k > 1.0 ? 1.0 : k);
        rough = t->amp * ISO_DEFAULT_ROUGHNESS;
        if (f->roughness != NULL) {
            const float *r = f->roughness + o;
            rough = t->amp * ((1 - fy) * ((1 - fx) * r[0] + fx * r[1]) +
                              fy * ((1 - fx) * r[W] + fx * r[W + 1]));
        }
        /* value noise on the field's samples: iso_vertex_hash of the
         * cell's corners blended by smoothstep weights, a function of the
         * position (shared vertices of any subdivision agree) that is C1
         * and no finer than a cell, so a fine tessellation does not turn
         * it into per-vertex grain (issue 24) */
        double sx = fx * fx * (3.0 - 2.0 * fx), sy = fy * fy * (3.0 - 2.0 * fy), nz;
        nz = (1 - sy) * ((1 - sx) * vertex_hash_key((long)cx, 1, (long)cy, 1) +
                         sx * vertex_hash_key((long)cx + 1, 1, (long)cy, 1)) +
             sy * ((1 - sx) * vertex_hash_key((long)cx, 1, (long)cy + 1, 1) +
                   sx * vertex_hash_key((long)cx + 1, 1, (long)cy + 1, 1));
        h += (nz - 0.5) * k * rough;
    }
    return (float)h;
}

float
iso_tess_vertex(const struct iso_tess *t, size_t i, size_t j)
{
    size_t N = (size_t)t->N, cy = j / N, b = j % N, cx = i / N, a = i % N;

    if (cy == (size_t)t->f->height - 1) {
        cy--, b = N;
    }
    if (cx == (size_t)t->f->width - 1) {
        cx--, a = N;
    }
    return tess_vertex_at(t, cx, a, cy, b);
}

enum og_status
iso_tessellate(const struct iso_field *f, int subdiv, double jitter, float **out, size_t *nx,
               size_t *ny, struct og_error *err)
{
    struct iso_tess t;
    enum og_status st;
    size_t i, j;
    float *vh;

    *out = NULL;
    if ((st = iso_tess_init(&t, f, subdiv, jitter, err)) != OG_OK) {
        return st;
    }
    vh = malloc(t.NX * t.NY * sizeof *vh);
    if (vh == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for %zux%zu tessellated vertices",
                            t.NX, t.NY);
    }
    for (j = 0; j < t.NY; j++) {
        size_t N = (size_t)t.N, cy = j / N, b = j % N;
        if (cy == (size_t)f->height - 1) {
            cy--, b = N;
        }
        for (i = 0; i < t.NX; i++) {
            size_t cx = i / N, a = i % N;
            if (cx == (size_t)f->width - 1) {
                cx--, a = N;
            }
            vh[j * t.NX + i] = tess_vertex_at(&t, cx, a, cy, b);
        }
    }
    *out = vh;
    *nx = t.NX;
    *ny = t.NY;
    return OG_OK;
}
