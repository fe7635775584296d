#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/mesh.h"
#include "core/pipeline.h"
#include "render/tint.h"

/* Screen units of the seed's camera: one cell is 32 px across the (x - y)
 * axis and 16 px down the (x + y) axis; the height unit is 80 px on a
 * 16-cell map. */
#define ISO_SX 32.0
#define ISO_SY 16.0
#define ISO_HPX 80.0
#define ISO_REF_SIDE 16.0
/* The projection is a 2:1 dimetric view from 30 degrees above the ground:
 * a vertical rise of one cell length shows as 32 * sqrt(2) * cos(30 deg)
 * px. Lighting uses that to turn screen heights back into cell units, so
 * the shading matches the shape drawn. */
#define ISO_PX_PER_CELL_UP 39.191835884530846
#define ISO_SUN_TILT 0.6108652381980153  /* 35 degrees: noon sun 55 degrees high */
#define ISO_BACKGROUND 0x1b2130u
#define ISO_WALL 0x6e5a44u
#define ISO_WATER_SHALLOW 0x4f9fd0u
#define ISO_WATER_DEEP 0x0d2a55u
#define ISO_RIVER 0x3f7fc0u
#define ISO_MARGIN 0.94            /* the scene fills 94% of the image */
#define ISO_WATER_BIAS 0.01f       /* depth bias (px) so water wins ties */
#define ISO_WATER_WALL 0x1d4f85u
/* Heights below sea level are drawn at this fraction of their depth: the
 * sea floor only shows through the water tint and in the side walls, and a
 * full-depth floor would make the block mostly wall. */
#define ISO_SEA_FLOOR_SCALE 0.25

struct iso_cache {
    /* field, from world (kept referenced) at field_res */
    struct world *world;
    int field_res, stride;
    struct iso_field field;
    int have_field;
    /* tessellation */
    int subdiv;
    double jitter;
    float *vh;
    size_t nx, ny;
    int have_geom;
    /* light: lit colour per terrain triangle, per water cell (0 = none) */
    double time, vscale;
    uint32_t *tri_rgb;
    uint32_t *water_rgb;
    float *water_level;
    int have_light;
};

/* --- options ------------------------------------------------------------- */

void
iso_options_from_params(struct iso_options *o, const struct params *p)
{
    o->view.time = params_get(p, P_RENDER_TIME);
    o->view.rotation = params_int(p, P_RENDER_ROTATE);
    o->view.exaggeration = params_get(p, P_RENDER_EXAGGERATION);
    o->subdiv = params_int(p, P_RENDER_SUBDIV);
    o->jitter = params_get(p, P_RENDER_JITTER);
    o->island_resolution = params_int(p, P_RENDER_ISLAND_RES);
    o->threads = 1;
    o->progress = NULL;
    o->cancel = NULL;
}

enum og_status
iso_options_to_params(const struct iso_options *o, struct params *p, struct og_error *err)
{
    struct params q = *p;
    enum og_status st;

    if ((st = params_set(&q, P_RENDER_TIME, o->view.time, err)) != OG_OK ||
        (st = params_set(&q, P_RENDER_ROTATE, o->view.rotation, err)) != OG_OK ||
        (st = params_set(&q, P_RENDER_EXAGGERATION, o->view.exaggeration, err)) != OG_OK ||
        (st = params_set(&q, P_RENDER_SUBDIV, o->subdiv, err)) != OG_OK ||
        (st = params_set(&q, P_RENDER_JITTER, o->jitter, err)) != OG_OK ||
        (st = params_set(&q, P_RENDER_ISLAND_RES, o->island_resolution, err)) != OG_OK) {
        return st;
    }
    *p = q;
    return OG_OK;
}

enum og_status
iso_options_check(const struct iso_options *o, struct og_error *err)
{
    struct params p;

    if (o->threads < 0 || o->threads > ISO_MAX_THREADS) {
        return og_error_set(err, OG_ERANGE, "render threads %d outside [0, %d]", o->threads,
                            ISO_MAX_THREADS);
    }
    /* The parameter table holds the ranges: check by setting a scratch set. */
    params_defaults(&p);
    return iso_options_to_params(o, &p, err);
}

/* --- sun, light, hash ---------------------------------------------------- */

void
iso_sun_direction(double hours, double L[3])
{
    double t = hours < 6.0 ? 6.0 : (hours > 18.0 ? 18.0 : hours);
    double th = M_PI * (t - 6.0) / 12.0;   /* 0 at sunrise, pi at sunset */

    L[0] = cos(th);                        /* east in the morning */
    L[1] = sin(th) * sin(ISO_SUN_TILT);    /* south at noon */
    L[2] = sin(th) * cos(ISO_SUN_TILT);    /* up */
}

double
iso_lambert(const double n[3], const double L[3])
{
    double d = n[0] * L[0] + n[1] * L[1] + n[2] * L[2];
    double i = 0.35 + 0.8 * (d > 0.0 ? d : 0.0);

    return i < 0.0 ? 0.0 : (i > 1.0 ? 1.0 : i);
}

static uint64_t
mix64(uint64_t x)
{
    /* splitmix64 finaliser (Steele, Lea and Flood 2014) */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

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

    h = mix64((uint64_t)cx * 0x9e3779b97f4a7c15ull ^ 0x6f726f67656e2d69ull);
    h = mix64(h ^ fx);
    h = mix64(h ^ (uint64_t)cy * 0xc2b2ae3d27d4eb4full);
    h = mix64(h ^ fy);
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
        memset(f, 0, sizeof *f);
    }
}

/* Height normalisation of a world: (e - sea) / relief, relief being the
 * land's height range (or the whole range for a world without land). */
static double
world_relief(const struct world *w)
{
    double r = (double)w->elev_max - w->sea_level;

    if (!(r > 0.0)) {
        r = (double)w->elev_max - w->elev_min;
    }
    return r > 0.0 ? r : 1.0;
}

static uint32_t
cell_ground_color(const struct world *w, size_t c, double hn)
{
    if (w->color != NULL) {
        return w->color[c] & 0xffffffu;
    }
    return tint_hypsometric(hn < -1.0 ? -1.0 : (hn > 1.0 ? 1.0 : hn));
}

static uint32_t
mix_rgb(uint32_t a, uint32_t b, double t)
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
    return w->kind == WORLD_GRID && w->lake != NULL && w->nhydro == w->ncells && w->lake[c];
}

static enum og_status
field_from_grid(struct iso_field *f, const struct world *w, struct og_error *err)
{
    double sea = w->sea_level, rel = world_relief(w), wmax = 0.0;
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
    if (w->gen == GEN_HYBRID) {
        f->vscale *= ISO_HYBRID_RELIEF;
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
        f->color[i] = cell_ground_color(w, i, hn);
        if (w->water != NULL && w->water[i] == WATER_OCEAN) {
            f->water[i] = 0.0f;
        } else if (cell_is_lake(w, i)) {
            double lv = w->hydro_elev != NULL && w->nhydro == w->ncells ? w->hydro_elev[i]
                                                                         : w->elevation[i];
            double ln = (lv - sea) / rel;
            /* a lake below sea level sits on the compressed floor too */
            f->water[i] = (float)(ln < 0.0 ? ln * ISO_SEA_FLOOR_SCALE : ln);
        } else if (w->river_width != NULL && w->nhydro == w->ncells && w->river_width[i] > 0.0f) {
            /* small streams tint, big rivers paint */
            f->color[i] = mix_rgb(f->color[i], ISO_RIVER,
                                  0.4 + 0.5 * sqrt(fmin(1.0, w->river_width[i] / wmax)));
        }
        if (w->roughness != NULL) {
            float r = w->roughness[i];
            f->roughness[i] = r < 0.0f ? 0.0f : (r > 1.0f ? 1.0f : r);
        }
    }
    return OG_OK;
}

/* Paint a river segment (map units) into the field's colours. */
static void
paint_segment(struct iso_field *f, double x0, double y0, double x1, double y1, double radius)
{
    int R = f->width;
    double s = R - 1, len, t;
    int steps, k, i, j, ci, cj, rr = (int)ceil(radius);

    x0 *= s, y0 *= s, x1 *= s, y1 *= s;
    len = hypot(x1 - x0, y1 - y0);
    steps = (int)ceil(len * 2.0) + 1;
    if (steps > 4 * R) {
        return; /* not a river segment but a wrap or a bad index */
    }
    for (k = 0; k <= steps; k++) {
        t = (double)k / steps;
        ci = (int)lround(x0 + (x1 - x0) * t);
        cj = (int)lround(y0 + (y1 - y0) * t);
        for (j = cj - rr; j <= cj + rr; j++) {
            for (i = ci - rr; i <= ci + rr; i++) {
                if (i < 0 || j < 0 || i >= R || j >= f->height) {
                    continue;
                }
                if ((double)((i - ci) * (i - ci) + (j - cj) * (j - cj)) > radius * radius + 0.25) {
                    continue;
                }
                size_t o = (size_t)j * (size_t)R + (size_t)i;
                if (f->water[o] == -INFINITY) {
                    f->color[o] = ISO_RIVER;
                }
            }
        }
    }
}

static enum og_status
field_from_mesh(struct iso_field *f, const struct world *w, int res, struct og_error *err)
{
    const struct mesh *m = w->mesh;
    double sea = w->sea_level, rel = world_relief(w), s = res - 1;
    enum og_status st;
    size_t t, n;
    int i, j;
    int32_t start = 0;

    if (m == NULL || m->dim != 2 || m->npoints == 0) {
        return og_error_set(err, OG_EUNSUPPORTED, "world has no planar mesh to render");
    }
    if (res < 16 || res > 4096) {
        return og_error_set(err, OG_ERANGE,
                            "param 'render.island_resolution' = %d outside [16, 4096]", res);
    }
    st = iso_field_alloc(f, res, res, 0, err);
    if (st != OG_OK) {
        return st;
    }
    n = (size_t)res * (size_t)res;
    for (t = 0; t < n; t++) {
        f->terrain[t] = NAN;
    }
    /* Elevation: linear interpolation over each Delaunay triangle. */
    for (t = 0; t < m->ntriangles; t++) {
        int32_t a = m->triangles[3 * t], b = m->triangles[3 * t + 1], c = m->triangles[3 * t + 2];
        double ax = m->points[2 * a] * s, ay = m->points[2 * a + 1] * s;
        double bx = m->points[2 * b] * s, by = m->points[2 * b + 1] * s;
        double cx = m->points[2 * c] * s, cy = m->points[2 * c + 1] * s;
        double det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        double minx = fmin(ax, fmin(bx, cx)), maxx = fmax(ax, fmax(bx, cx));
        double miny = fmin(ay, fmin(by, cy)), maxy = fmax(ay, fmax(by, cy));
        int i0 = (int)ceil(minx), i1 = (int)floor(maxx);
        int j0 = (int)ceil(miny), j1 = (int)floor(maxy);
        double ea = w->elevation[a], eb = w->elevation[b], ec = w->elevation[c];

        if (det == 0.0) {
            continue;
        }
        i0 = i0 < 0 ? 0 : i0;
        j0 = j0 < 0 ? 0 : j0;
        i1 = i1 > res - 1 ? res - 1 : i1;
        j1 = j1 > res - 1 ? res - 1 : j1;
        for (j = j0; j <= j1; j++) {
            for (i = i0; i <= i1; i++) {
                double l1 = ((i - ax) * (cy - ay) - (j - ay) * (cx - ax)) / det;
                double l2 = ((bx - ax) * (j - ay) - (by - ay) * (i - ax)) / det;
                double l0 = 1.0 - l1 - l2;
                if (l0 < -1e-9 || l1 < -1e-9 || l2 < -1e-9) {
                    continue;
                }
                double hn = (l0 * ea + l1 * eb + l2 * ec - sea) / rel;
                f->terrain[(size_t)j * res + i] = (float)(hn < 0.0 ? hn * ISO_SEA_FLOOR_SCALE : hn);
            }
        }
    }
    /* Colour and water from the nearest cell (a walk from the last one). */
    for (j = 0; j < res; j++) {
        for (i = 0; i < res; i++) {
            size_t o = (size_t)j * res + i;
            double q[2] = {i / s, j / s};
            int32_t c = mesh_nearest_point(m, q, start);
            double hn;

            if (c < 0) {
                continue;
            }
            start = c;
            hn = ((double)w->elevation[c] - sea) / rel;
            if (isnan(f->terrain[o])) {
                f->terrain[o] = (float)(hn < 0.0 ? hn * ISO_SEA_FLOOR_SCALE : hn);
            }
            f->color[o] = cell_ground_color(w, (size_t)c, hn);
            if (w->water != NULL && w->water[c] == WATER_OCEAN) {
                f->water[o] = 0.0f;
            } else if (w->water != NULL && w->water[c] == WATER_LAKE) {
                f->water[o] = (float)(hn > 0.0 ? hn : 0.0);
            }
        }
    }
    for (t = 0; t < n; t++) {
        if (isnan(f->terrain[t])) {
            f->terrain[t] = 0.0f;
        }
    }
    /* Rivers along the Voronoi edges between routed vertices. */
    if (w->river_width != NULL && w->downhill != NULL && m->centers != NULL &&
        w->nhydro == m->ntriangles) {
        float wmax = 0.0f;
        for (t = 0; t < w->nhydro; t++) {
            wmax = w->river_width[t] > wmax ? w->river_width[t] : wmax;
        }
        for (t = 0; t < w->nhydro; t++) {
            int32_t d = w->downhill[t];
            if (w->river_width[t] <= 0.0f || d < 0 || (size_t)d >= w->nhydro) {
                continue;
            }
            /* width relative to the widest river: 0.5 to 2 samples */
            paint_segment(f, m->centers[2 * t], m->centers[2 * t + 1], m->centers[2 * d],
                          m->centers[2 * d + 1], 0.5 + 1.5 * w->river_width[t] / wmax);
        }
    }
    return OG_OK;
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
        return field_from_mesh(f, w, res, err);
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
static double
iso_vscale(const struct iso_field *f, double exaggeration)
{
    return f->vscale * exaggeration;
}

enum og_status
iso_tessellate(const struct iso_field *f, int subdiv, double jitter, float **out, size_t *nx,
               size_t *ny, struct og_error *err)
{
    size_t NX, NY, j, i, W = (size_t)f->width;
    long N = subdiv;
    double amp = iso_jitter_amplitude(f, jitter);
    uint64_t fkey[ISO_MAX_SUBDIV];
    float *vh;

    *out = NULL;
    if (subdiv < 1 || subdiv > ISO_MAX_SUBDIV) {
        return og_error_set(err, OG_ERANGE, "param 'render.subdiv' = %d outside [1, %d]", subdiv,
                            ISO_MAX_SUBDIV);
    }
    NX = (W - 1) * (size_t)N + 1;
    NY = ((size_t)f->height - 1) * (size_t)N + 1;
    if (NX > ISO_MAX_VERTICES / NY) {
        return og_error_set(err, OG_ERANGE,
                            "tessellation %dx%d cells x %d^2 exceeds %zu vertices; lower "
                            "render.subdiv", f->width - 1, f->height - 1, subdiv,
                            (size_t)ISO_MAX_VERTICES);
    }
    vh = malloc(NX * NY * sizeof *vh);
    if (vh == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for %zux%zu tessellated vertices", NX,
                            NY);
    }
    for (i = 0; i < (size_t)N; i++) {
        fkey[i] = frac_key((long)i, N);
    }
    for (j = 0; j < NY; j++) {
        size_t cy = j / (size_t)N, b = j % (size_t)N;
        double fy;
        if (cy == (size_t)f->height - 1) {
            cy--, b = (size_t)N;
        }
        fy = (double)b / N;
        for (i = 0; i < NX; i++) {
            size_t cx = i / (size_t)N, a = i % (size_t)N, o;
            double fx, h, rough;
            if (cx == W - 1) {
                cx--, a = (size_t)N;
            }
            fx = (double)a / N;
            o = cy * W + cx;
            h = (1 - fy) * ((1 - fx) * f->terrain[o] + fx * f->terrain[o + 1]) +
                fy * ((1 - fx) * f->terrain[o + W] + fx * f->terrain[o + W + 1]);
            if (jitter > 0.0) {
                double k = 1.5 * h;
                k = k < 0.0 ? 0.0 : (k > 1.0 ? 1.0 : k);
                rough = amp * ISO_DEFAULT_ROUGHNESS;
                if (f->roughness != NULL) {
                    const float *r = f->roughness + o;
                    rough = amp * ((1 - fy) * ((1 - fx) * r[0] + fx * r[1]) +
                                   fy * ((1 - fx) * r[W] + fx * r[W + 1]));
                }
                /* = iso_vertex_hash(cx, a, cy, b, N), the fractions precomputed */
                h += (vertex_hash_key((long)(cx + a / (size_t)N), fkey[a % (size_t)N],
                                      (long)(cy + b / (size_t)N), fkey[b % (size_t)N]) -
                      0.5) * k * rough;
            }
            vh[j * NX + i] = (float)h;
        }
    }
    *out = vh;
    *nx = NX;
    *ny = NY;
    return OG_OK;
}

/* --- cache --------------------------------------------------------------- */

enum og_status
iso_cache_new(struct iso_cache **out, struct og_error *err)
{
    *out = calloc(1, sizeof **out);
    if (*out == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the render cache");
    }
    return OG_OK;
}

static void
cache_drop_light(struct iso_cache *c)
{
    free(c->tri_rgb);
    free(c->water_rgb);
    free(c->water_level);
    c->tri_rgb = NULL;
    c->water_rgb = NULL;
    c->water_level = NULL;
    c->have_light = 0;
}

static void
cache_drop_geom(struct iso_cache *c)
{
    cache_drop_light(c);
    free(c->vh);
    c->vh = NULL;
    c->have_geom = 0;
}

static void
cache_drop_field(struct iso_cache *c)
{
    cache_drop_geom(c);
    iso_field_fini(&c->field);
    c->have_field = 0;
    world_unref(c->world);
    c->world = NULL;
}

void
iso_cache_free(struct iso_cache *c)
{
    if (c != NULL) {
        cache_drop_field(c);
        free(c);
    }
}


/* rgb times I in [0, 1], rounded half up (values are non-negative) */
static uint32_t
shade_rgb(uint32_t rgb, double I)
{
    int r = (int)(((rgb >> 16) & 255u) * I + 0.5);
    int g = (int)(((rgb >> 8) & 255u) * I + 0.5);
    int b = (int)((rgb & 255u) * I + 0.5);

    return (uint32_t)(r << 16 | g << 8 | b);
}

static double
bilinear_channel(uint32_t c00, uint32_t c10, uint32_t c01, uint32_t c11, int k, double fx,
                 double fy)
{
    double a = (c00 >> k) & 255u, b = (c10 >> k) & 255u, c = (c01 >> k) & 255u,
           d = (c11 >> k) & 255u;

    return (1 - fy) * ((1 - fx) * a + fx * b) + fy * ((1 - fx) * c + fx * d);
}

/* Report progress (per-mille) and poll the cancel flag: non-zero to stop. */
static int
tick(const struct iso_options *o, int permille)
{
    if (o->progress != NULL) {
        atomic_store(o->progress, permille);
    }
    return o->cancel != NULL && atomic_load(o->cancel) != 0;
}

/* Lit colour of every terrain triangle and every water cell. */
static enum og_status
build_light(struct iso_cache *c, const struct iso_field *f, double time, double vscale,
            const struct iso_options *opt, struct og_error *err)
{
    size_t NX = c->nx, NY = c->ny, W = (size_t)f->width, H = (size_t)f->height;
    size_t ntri = 2 * (NX - 1) * (NY - 1), ncell = (W - 1) * (H - 1);
    long N = c->subdiv;
    double L[3], zk = vscale / ISO_PX_PER_CELL_UP, d = 1.0 / N, flat;
    size_t cx, cy, a, b;

    cache_drop_light(c);
    c->tri_rgb = malloc(ntri * sizeof *c->tri_rgb);
    c->water_rgb = malloc(ncell * sizeof *c->water_rgb);
    c->water_level = malloc(ncell * sizeof *c->water_level);
    if (c->tri_rgb == NULL || c->water_rgb == NULL || c->water_level == NULL) {
        cache_drop_light(c);
        return og_error_set(err, OG_ENOMEM, "out of memory for %zu lit triangles", ntri);
    }
    iso_sun_direction(time, L);
    {
        double up[3] = {0.0, 0.0, 1.0};
        flat = iso_lambert(up, L);
    }
    for (cy = 0; cy < H - 1; cy++) {
        if (cy % 16 == 0 && tick(opt, 250 + (int)(250 * cy / (H - 1)))) {
            cache_drop_light(c);
            return og_error_set(err, OG_ECANCELED, "render cancelled");
        }
        for (cx = 0; cx < W - 1; cx++) {
            size_t o = cy * W + cx;
            uint32_t c00 = f->color[o], c10 = f->color[o + 1], c01 = f->color[o + W],
                     c11 = f->color[o + W + 1];
            float wl = -INFINITY;
            int k;

            for (b = 0; b < (size_t)N; b++) {
                double fy = (b + 0.5) / N;
                for (a = 0; a < (size_t)N; a++) {
                    double fx = (a + 0.5) / N, n0[3], n1[3], len;
                    size_t qx = cx * N + a, qy = cy * N + b, v = qy * NX + qx;
                    double z00 = c->vh[v] * zk, z10 = c->vh[v + 1] * zk;
                    double z01 = c->vh[v + NX] * zk, z11 = c->vh[v + NX + 1] * zk;
                    uint32_t base = 0;
                    size_t t = 2 * (qy * (NX - 1) + qx);

                    for (k = 16; k >= 0; k -= 8) {
                        int ch = (int)(bilinear_channel(c00, c10, c01, c11, k, fx, fy) + 0.5);
                        base |= (uint32_t)(ch > 255 ? 255 : ch) << k;
                    }
                    /* triangle (v00, v10, v11) and (v00, v11, v01); normals
                     * are the edge cross products divided by d */
                    n0[0] = -(z10 - z00);
                    n0[1] = z10 - z11;
                    n0[2] = d;
                    n1[0] = z01 - z11;
                    n1[1] = -(z01 - z00);
                    n1[2] = d;
                    len = sqrt(n0[0] * n0[0] + n0[1] * n0[1] + n0[2] * n0[2]);
                    n0[0] /= len, n0[1] /= len, n0[2] /= len;
                    len = sqrt(n1[0] * n1[0] + n1[1] * n1[1] + n1[2] * n1[2]);
                    n1[0] /= len, n1[1] /= len, n1[2] /= len;
                    c->tri_rgb[t] = shade_rgb(base, iso_lambert(n0, L));
                    c->tri_rgb[t + 1] = shade_rgb(base, iso_lambert(n1, L));
                }
            }
            /* water: flat at the highest water level of the corners */
            for (k = 0; k < 4; k++) {
                size_t q = o + (k & 1) + (k >> 1) * W;
                wl = f->water[q] > wl ? f->water[q] : wl;
            }
            c->water_level[cy * (W - 1) + cx] = wl;
            if (wl == -INFINITY) {
                c->water_rgb[cy * (W - 1) + cx] = 0;
            } else {
                double ground = 0.25 * (f->terrain[o] + f->terrain[o + 1] + f->terrain[o + W] +
                                        f->terrain[o + W + 1]);
                double depth = wl - ground, tt = depth > 0.0 ? 1.0 - exp(-depth / 0.03) : 0.0;
                c->water_rgb[cy * (W - 1) + cx] =
                    0xff000000u | shade_rgb(mix_rgb(ISO_WATER_SHALLOW, ISO_WATER_DEEP, tt), flat);
            }
        }
    }
    c->time = time;
    c->vscale = vscale;
    c->have_light = 1;
    return OG_OK;
}

/* --- projection and drawing ---------------------------------------------- */

struct iso_proj {
    int rot;
    double xmax, ymax;   /* field extent in cells */
    double vscale;       /* px per unit of normalised height */
    double s, ox, oy;    /* fit: screen = o + s * iso */
};

/* Project field position (x, y) in cells at normalised height h. */
static void
proj(const struct iso_proj *p, double x, double y, double h, float out[3])
{
    double xr, yr, sx, sy;

    switch (p->rot) {
    case 1:
        xr = p->ymax - y, yr = x;
        break;
    case 2:
        xr = p->xmax - x, yr = p->ymax - y;
        break;
    case 3:
        xr = y, yr = p->xmax - x;
        break;
    default:
        xr = x, yr = y;
        break;
    }
    sx = (xr - yr) * ISO_SX;
    sy = (xr + yr) * ISO_SY - h * p->vscale;
    out[0] = (float)(p->ox + p->s * sx);
    out[1] = (float)(p->oy + p->s * sy);
    /* Depth along the view ray: (x + y) and h both grow toward the camera,
     * so this is monotone along every ray for any vscale >= 0. */
    out[2] = (float)(-p->s * ((xr + yr) * ISO_SY + h * p->vscale + h));
}

static double
field_floor(const struct iso_field *f)
{
    size_t i, n = (size_t)f->width * (size_t)f->height;
    double lo = 0.0;

    for (i = 0; i < n; i++) {
        lo = f->terrain[i] < lo ? f->terrain[i] : lo;
    }
    return lo - 0.05;
}

/* Fit the scene's bounding box into the image. */
static void
fit(struct iso_proj *p, const struct iso_field *f, double base, int width, int height)
{
    double minx = INFINITY, maxx = -INFINITY, miny = INFINITY, maxy = -INFINITY;
    double bw, bh;
    int x, y;

    p->s = 1.0;
    p->ox = p->oy = 0.0;
    for (y = 0; y < f->height; y++) {
        for (x = 0; x < f->width; x++) {
            size_t o = (size_t)y * f->width + x;
            double top = f->terrain[o] > f->water[o] ? f->terrain[o] : f->water[o];
            float a[3], b[3];
            proj(p, x, y, top, a);
            proj(p, x, y, base, b);
            minx = fmin(minx, a[0]);
            maxx = fmax(maxx, a[0]);
            miny = fmin(miny, a[1]);
            maxy = fmax(maxy, b[1]);
        }
    }
    bw = maxx - minx;
    bh = maxy - miny;
    p->s = fmin(bw > 0.0 ? width * ISO_MARGIN / bw : 1.0,
                bh > 0.0 ? height * ISO_MARGIN / bh : 1.0);
    p->ox = width / 2.0 - p->s * (minx + maxx) / 2.0;
    p->oy = height / 2.0 - p->s * (miny + maxy) / 2.0;
}

/* One horizontal band of the image drawn by one thread: bands hold
 * disjoint rows and every band sees every triangle in the same order, so
 * the image does not depend on the number of bands. */
struct band {
    struct raster *fb;
    const struct iso_options *o;
    int first;   /* reports progress */
    const struct iso_cache *c;
    const struct iso_field *f;
    const struct iso_proj *p;
    double base, time;
    int y0, y1;
    size_t pixels, triangles;
    enum og_status status;
};

static void
draw_quad(struct band *bd, const float a[3], const float b[3], const float c[3], const float d[3],
          uint32_t rgb1, uint32_t rgb2, unsigned flags)
{
    float t[9];

    memcpy(t, a, sizeof(float) * 3);
    memcpy(t + 3, b, sizeof(float) * 3);
    memcpy(t + 6, c, sizeof(float) * 3);
    bd->pixels += raster_triangle_rows(bd->fb, t, rgb1, flags, bd->y0, bd->y1);
    memcpy(t + 3, c, sizeof(float) * 3);
    memcpy(t + 6, d, sizeof(float) * 3);
    bd->pixels += raster_triangle_rows(bd->fb, t, rgb2, flags, bd->y0, bd->y1);
    bd->triangles += 2;
}

/* Vertical walls under the four map edges, down to `base`, so the model
 * reads as a block; walls seen from behind are culled. */
static void
draw_walls(struct band *bd)
{
    const struct iso_cache *c = bd->c;
    const struct iso_proj *p = bd->p;
    long N = c->subdiv;
    size_t NX = c->nx, NY = c->ny, W = (size_t)bd->f->width, H = (size_t)bd->f->height, k, e;
    double L[3], base = bd->base;

    iso_sun_direction(bd->time, L);
    for (e = 0; e < 4; e++) {
        /* edge e: 0 north (y = 0), 1 east, 2 south, 3 west, walked
         * south -> east -> north -> west around the map so that a wall
         * seen from outside has positive screen area (front-facing) */
        size_t n = (e % 2 == 0) ? NX : NY;
        double nrm[3] = {e == 1 ? 1.0 : (e == 3 ? -1.0 : 0.0), e == 2 ? 1.0 : (e == 0 ? -1.0 : 0.0),
                         0.0};
        uint32_t col = shade_rgb(ISO_WALL, iso_lambert(nrm, L));
        uint32_t wcol = shade_rgb(ISO_WATER_WALL, iso_lambert(nrm, L));
        for (k = 0; k + 1 < n; k++) {
            size_t i0, j0, i1, j1;
            float a[3], b[3], cc[3], d[3];
            double h0, h1;
            switch (e) {
            case 0:
                i0 = k + 1, j0 = 0, i1 = k, j1 = 0;
                break;
            case 1:
                i0 = NX - 1, j0 = k + 1, i1 = NX - 1, j1 = k;
                break;
            case 2:
                i0 = k, j0 = NY - 1, i1 = k + 1, j1 = NY - 1;
                break;
            default:
                i0 = 0, j0 = k, i1 = 0, j1 = k + 1;
                break;
            }
            h0 = c->vh[j0 * NX + i0];
            h1 = c->vh[j1 * NX + i1];
            proj(p, (double)i0 / N, (double)j0 / N, h0, a);
            proj(p, (double)i1 / N, (double)j1 / N, h1, b);
            proj(p, (double)i1 / N, (double)j1 / N, base, cc);
            proj(p, (double)i0 / N, (double)j0 / N, base, d);
            draw_quad(bd, a, b, cc, d, col, col, RASTER_DEPTH | RASTER_CULL_BACK);
            /* the water column above the ground, up to the cell's level */
            {
                size_t ci = (i0 < i1 ? i0 : i1) / (size_t)N, cj = (j0 < j1 ? j0 : j1) / (size_t)N;
                double wl;
                ci = ci > W - 2 ? W - 2 : ci;
                cj = cj > H - 2 ? H - 2 : cj;
                wl = c->water_level[cj * (W - 1) + ci];
                if (wl > h0 || wl > h1) {
                    float ta[3], tb[3];
                    proj(p, (double)i0 / N, (double)j0 / N, wl > h0 ? wl : h0, ta);
                    proj(p, (double)i1 / N, (double)j1 / N, wl > h1 ? wl : h1, tb);
                    draw_quad(bd, ta, tb, b, a, wcol, wcol, RASTER_DEPTH | RASTER_CULL_BACK);
                }
            }
        }
    }
}

/* Ground, water and walls into one band. */
static void *
draw_band(void *arg)
{
    struct band *bd = arg;
    const struct iso_cache *c = bd->c;
    const struct iso_proj *p = bd->p;
    size_t NX = c->nx, NY = c->ny, W = (size_t)bd->f->width, H = (size_t)bd->f->height, i, j;
    long N = c->subdiv;
    float *block, *row0, *row1, *tmp;

    block = malloc(2 * 3 * NX * sizeof *block);
    if (block == NULL) {
        bd->status = OG_ENOMEM;
        return NULL;
    }
    row0 = block;
    row1 = block + 3 * NX;
    for (i = 0; i < NX; i++) {
        proj(p, (double)i / N, 0.0, c->vh[i], row0 + 3 * i);
    }
    for (j = 0; j + 1 < NY; j++) {
        if (j % 32 == 0) {
            int stop = bd->first ? tick(bd->o, 500 + (int)(500 * j / NY))
                                 : bd->o->cancel != NULL && atomic_load(bd->o->cancel) != 0;
            if (stop) {
                free(block);
                bd->status = OG_ECANCELED;
                return NULL;
            }
        }
        for (i = 0; i < NX; i++) {
            proj(p, (double)i / N, (double)(j + 1) / N, c->vh[(j + 1) * NX + i], row1 + 3 * i);
        }
        for (i = 0; i + 1 < NX; i++) {
            size_t t = 2 * (j * (NX - 1) + i);
            draw_quad(bd, row0 + 3 * i, row0 + 3 * (i + 1), row1 + 3 * (i + 1), row1 + 3 * i,
                      c->tri_rgb[t], c->tri_rgb[t + 1], RASTER_DEPTH | RASTER_CULL_BACK);
        }
        tmp = row0, row0 = row1, row1 = tmp;
    }
    free(block);

    /* water: one flat quad per wet cell, drawn after the ground */
    for (j = 0; j + 1 < H; j++) {
        for (i = 0; i + 1 < W; i++) {
            size_t cell = j * (W - 1) + i;
            float a[3], b[3], cc[3], d[3];
            double wl;
            if (c->water_rgb[cell] == 0) {
                continue;
            }
            wl = c->water_level[cell];
            proj(p, (double)i, (double)j, wl, a);
            proj(p, (double)i + 1, (double)j, wl, b);
            proj(p, (double)i + 1, (double)j + 1, wl, cc);
            proj(p, (double)i, (double)j + 1, wl, d);
            a[2] -= ISO_WATER_BIAS, b[2] -= ISO_WATER_BIAS, cc[2] -= ISO_WATER_BIAS;
            d[2] -= ISO_WATER_BIAS;
            draw_quad(bd, a, b, cc, d, c->water_rgb[cell] & 0xffffffu,
                      c->water_rgb[cell] & 0xffffffu, RASTER_DEPTH);
        }
    }
    draw_walls(bd);
    bd->status = OG_OK;
    return NULL;
}

static enum og_status
draw_scene(struct raster *fb, const struct iso_cache *c, const struct iso_field *f,
           const struct iso_options *o, struct iso_stats *st, struct og_error *err)
{
    struct band bands[ISO_MAX_THREADS];
    pthread_t tid[ISO_MAX_THREADS];
    int started[ISO_MAX_THREADS];
    int nb = o->threads < 1 ? 1 : o->threads; /* checked by iso_options_check */
    struct iso_proj p;
    double base = field_floor(f);
    enum og_status s = OG_OK;
    int k;

    p.rot = o->view.rotation & 3;
    p.xmax = (double)(f->width - 1);
    p.ymax = (double)(f->height - 1);
    p.vscale = c->vscale;
    fit(&p, f, base, fb->width, fb->height);
    raster_clear(fb, ISO_BACKGROUND, 255);

    if (nb > fb->height) {
        nb = fb->height;
    }
    for (k = 0; k < nb; k++) {
        memset(&bands[k], 0, sizeof bands[k]);
        bands[k].fb = fb;
        bands[k].o = o;
        bands[k].first = k == 0;
        bands[k].c = c;
        bands[k].f = f;
        bands[k].p = &p;
        bands[k].base = base;
        bands[k].time = o->view.time;
        bands[k].y0 = (int)((long long)fb->height * k / nb);
        bands[k].y1 = (int)((long long)fb->height * (k + 1) / nb);
        bands[k].status = OG_ENOMEM;
    }
    /* band 0 runs here; a thread that cannot start is run here too */
    for (k = 1; k < nb; k++) {
        started[k] = pthread_create(&tid[k], NULL, draw_band, &bands[k]) == 0;
    }
    draw_band(&bands[0]);
    for (k = 1; k < nb; k++) {
        if (started[k]) {
            pthread_join(tid[k], NULL);
        } else {
            draw_band(&bands[k]);
        }
    }
    for (k = 0; k < nb; k++) {
        st->pixels += bands[k].pixels;
        if (bands[k].status != OG_OK) {
            s = bands[k].status;
        }
    }
    st->triangles += bands[0].triangles;
    if (s == OG_ECANCELED) {
        return og_error_set(err, s, "render cancelled");
    }
    if (s != OG_OK) {
        return og_error_set(err, s, "out of memory for %zu projected vertices", 2 * c->nx);
    }
    tick(o, 1000);
    return OG_OK;
}

/* Bring the cache's geometry and light up to date for field f, then draw. */
static enum og_status
render_cached(struct iso_cache *c, const struct iso_field *f, const struct iso_options *o,
              struct raster *fb, struct iso_stats *st, struct og_error *err)
{
    double vscale = iso_vscale(f, o->view.exaggeration), t0;
    enum og_status s;

    if (tick(o, 0)) {
        return og_error_set(err, OG_ECANCELED, "render cancelled");
    }
    if (!c->have_geom || c->subdiv != o->subdiv || c->jitter != o->jitter) {
        cache_drop_geom(c);
        t0 = pipeline_now_ms();
        s = iso_tessellate(f, o->subdiv, o->jitter, &c->vh, &c->nx, &c->ny, err);
        if (s != OG_OK) {
            return s;
        }
        c->subdiv = o->subdiv;
        c->jitter = o->jitter;
        c->have_geom = 1;
        st->rebuilt_geometry = 1;
        st->ms_geometry = pipeline_now_ms() - t0;
    }
    tick(o, 250);
    if (!c->have_light || c->time != o->view.time || c->vscale != vscale) {
        t0 = pipeline_now_ms();
        s = build_light(c, f, o->view.time, vscale, o, err);
        if (s != OG_OK) {
            return s;
        }
        st->rebuilt_light = 1;
        st->ms_light = pipeline_now_ms() - t0;
    }
    if (tick(o, 500)) {
        return og_error_set(err, OG_ECANCELED, "render cancelled");
    }
    t0 = pipeline_now_ms();
    s = draw_scene(fb, c, f, o, st, err);
    st->ms_raster = pipeline_now_ms() - t0;
    return s;
}

enum og_status
iso_render_field(const struct iso_field *f, const struct iso_options *o, struct raster *fb,
                 struct iso_stats *stats, struct og_error *err)
{
    struct iso_cache c;
    struct iso_stats st;
    enum og_status s;

    memset(&st, 0, sizeof st);
    if ((s = iso_options_check(o, err)) != OG_OK) {
        return s;
    }
    memset(&c, 0, sizeof c);
    s = render_cached(&c, f, o, fb, &st, err);
    cache_drop_geom(&c);
    if (stats != NULL) {
        *stats = st;
    }
    return s;
}

/* Every stride-th sample of f (and the last row and column) into out. */
static enum og_status
field_decimate(struct iso_field *out, const struct iso_field *f, int stride, struct og_error *err)
{
    int w = (f->width - 1 + stride - 1) / stride + 1, h = (f->height - 1 + stride - 1) / stride + 1;
    enum og_status st;
    int x, y;

    st = iso_field_alloc(out, w, h, f->roughness != NULL, err);
    if (st != OG_OK) {
        return st;
    }
    /* relief keeps its proportion to the (now smaller) map */
    out->vscale = f->vscale * ((w > h ? w : h) - 1) /
                  ((f->width > f->height ? f->width : f->height) - 1);
    for (y = 0; y < h; y++) {
        int sy = y * stride < f->height - 1 ? y * stride : f->height - 1;
        for (x = 0; x < w; x++) {
            int sx = x * stride < f->width - 1 ? x * stride : f->width - 1;
            size_t o = (size_t)y * w + x, i = (size_t)sy * f->width + sx;
            out->terrain[o] = f->terrain[i];
            out->water[o] = f->water[i];
            out->color[o] = f->color[i];
            if (f->roughness != NULL) {
                out->roughness[o] = f->roughness[i];
            }
        }
    }
    return OG_OK;
}

/* iso_render with the field thinned to every stride-th sample. */
static enum og_status
render_world(struct iso_cache *c, const struct world *w, const struct iso_options *o, int stride,
             struct raster *fb, struct iso_stats *stats, struct og_error *err)
{
    struct iso_cache tmp;
    struct iso_stats st;
    enum og_status s;
    double t0;
    int res = w->kind == WORLD_MESH ? o->island_resolution : 0;

    memset(&st, 0, sizeof st);
    if ((s = iso_options_check(o, err)) != OG_OK) {
        return s;
    }
    if (c == NULL) {
        memset(&tmp, 0, sizeof tmp);
        c = &tmp;
    }
    if (!c->have_field || c->world != w || c->field_res != res || c->stride != stride) {
        cache_drop_field(c);
        t0 = pipeline_now_ms();
        s = iso_field_from_world(&c->field, w, res, err);
        if (s != OG_OK) {
            goto out;
        }
        if (stride > 1) {
            struct iso_field full = c->field;
            s = field_decimate(&c->field, &full, stride, err);
            iso_field_fini(&full);
            if (s != OG_OK) {
                goto out;
            }
        }
        c->stride = stride;
        /* the cache keeps the world alive so its address stays unique */
        c->world = world_ref((struct world *)(uintptr_t)w);
        c->field_res = res;
        c->have_field = 1;
        st.ms_field = pipeline_now_ms() - t0;
    }
    s = render_cached(c, &c->field, o, fb, &st, err);
out:
    if (c == &tmp) {
        cache_drop_field(&tmp);
    }
    if (stats != NULL) {
        *stats = st;
    }
    return s;
}

enum og_status
iso_render(struct iso_cache *c, const struct world *w, const struct iso_options *o,
           struct raster *fb, struct iso_stats *stats, struct og_error *err)
{
    return render_world(c, w, o, 1, fb, stats, err);
}

/* --- terminal preview ------------------------------------------------------ */

static pthread_mutex_t preview_lock = PTHREAD_MUTEX_INITIALIZER;
static struct iso_cache *preview_cache;
static struct raster *preview_fb;

enum og_status
iso_render_preview(const struct world *w, const struct iso_view *view, int width, int height,
                   uint32_t *rgb, struct og_error *err)
{
    struct iso_options o;
    enum og_status s = OG_OK;
    size_t i, n;

    iso_options_from_params(&o, &w->params);
    o.view = *view;
    o.subdiv = 1;
    o.jitter = 0.0;
    if (o.island_resolution > 256) {
        o.island_resolution = 256;
    }
    if (width < 1 || height < 1 || width > RASTER_MAX_SIDE || height > RASTER_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "preview size %dx%d outside [1, %d] per side", width,
                            height, RASTER_MAX_SIDE);
    }
    pthread_mutex_lock(&preview_lock);
    if (preview_cache == NULL) {
        s = iso_cache_new(&preview_cache, err);
    }
    if (s == OG_OK && (preview_fb == NULL || preview_fb->width != width ||
                       preview_fb->height != height)) {
        raster_free(preview_fb);
        preview_fb = NULL;
        s = raster_new(&preview_fb, width, height, err);
    }
    if (s == OG_OK) {
        /* about two samples per pixel across: finer detail cannot show */
        int side = w->kind == WORLD_GRID ? (w->width > w->height ? w->width : w->height)
                                         : o.island_resolution;
        int want = 2 * (width > height ? width : height), stride = 1;
        want = want < 64 ? 64 : want;
        while ((side - 1) / stride > want) {
            stride++;
        }
        s = render_world(preview_cache, w, &o, stride, preview_fb, NULL, err);
    }
    if (s == OG_OK) {
        n = (size_t)width * (size_t)height;
        for (i = 0; i < n; i++) {
            const uint8_t *p = preview_fb->rgba + 4 * i;
            rgb[i] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    }
    pthread_mutex_unlock(&preview_lock);
    return s;
}

void
iso_preview_release(void)
{
    pthread_mutex_lock(&preview_lock);
    iso_cache_free(preview_cache);
    preview_cache = NULL;
    raster_free(preview_fb);
    preview_fb = NULL;
    pthread_mutex_unlock(&preview_lock);
}
