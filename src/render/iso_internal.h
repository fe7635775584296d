/* Internal to the iso renderer (iso.c, iso_field.c, iso_light.c,
 * iso_draw.c): camera constants, the render cache, and the passes that
 * share it. */
#ifndef OG_RENDER_ISO_INTERNAL_H
#define OG_RENDER_ISO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "render/detail.h"
#include "render/iso.h"
#include "render/raster.h"

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

/* The camera of one render (render/iso_camera.c). */
struct iso_proj {
    int rot;
    double xmax, ymax;   /* field extent in cells */
    double vscale;       /* px per unit of normalised height */
    double s, ox, oy;    /* fit: screen = o + s * iso */
};

/* Project field position (x, y) in cells at normalised height h to
 * screen x, y and depth. */
static inline void
iso_proj_point(const struct iso_proj *p, double x, double y, double h, float out[3])
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

/* The tessellation of a field at subdiv N (iso_tessellate), vertex by
 * vertex: NX x NY vertices. */
struct iso_tess {
    const struct iso_field *f;
    long N;
    double amp, jitter;
    uint64_t fkey[ISO_MAX_SUBDIV];
    double cw[ISO_MAX_SUBDIV + 1][4]; /* Catmull-Rom weights of fraction a / N */
    size_t NX, NY;
    int has_detail;      /* det: f->detail band-limited at the vertices */
    struct detail det;
};

/* Set t up for f at subdiv and jitter (cells). Errors: OG_ERANGE for a
 * subdiv outside [1, ISO_MAX_SUBDIV] or more than ISO_MAX_VERTICES. */
enum og_status iso_tess_init(struct iso_tess *t, const struct iso_field *f, int subdiv,
                             double jitter, struct og_error *err);

/* Height of tessellated vertex (i, j), i < NX, j < NY: the value
 * iso_tessellate stores at vh[j * NX + i]. */
float iso_tess_vertex(const struct iso_tess *t, size_t i, size_t j);

/* The light of one render: sun direction, px-to-height factor, the lit
 * intensity of flat ground (water), quad size 1 / N. */
struct iso_light_params {
    double L[3], zk, flat, d;
    long N;
};

void iso_light_params_init(struct iso_light_params *lp, double time, double vscale, long N);

/* Lit colours of the two triangles of quad (qx, qy) (tessellation units)
 * of field f from its corner heights h00 (qx, qy), h10 (qx + 1, qy), h01
 * (qx, qy + 1), h11: what iso_build_light stores at tri_rgb[2 (qy (NX - 1)
 * + qx)] and the next. */
void iso_light_quad(const struct iso_light_params *lp, const struct iso_field *f, size_t qx,
                    size_t qy, float h00, float h10, float h01, float h11, uint32_t out[2]);

/* Water surface of field cell (cx, cy): the highest water level of its
 * corners (-INFINITY: dry), as iso_build_light's water_level. */
float iso_water_level(const struct iso_field *f, size_t cx, size_t cy);

/* Lit water colour of cell (cx, cy) at level wl, 0xff000000 | rgb, or 0
 * where dry, as iso_build_light's water_rgb. */
uint32_t iso_water_rgb(const struct iso_field *f, size_t cx, size_t cy, float wl, double flat);

/* Lit water colour, 0xff000000 | rgb, of water at level wl over ground at
 * height `ground` (normalised units): shallow to deep blue by
 * 1 - exp(-depth / 0.03), a lake's depth (wl > 0) scaled as the drawn sea
 * floor (ISO_SEA_FLOOR_SCALE); flat is the light of flat ground. */
uint32_t iso_water_depth_rgb(float wl, double ground, double flat);

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
    /* streamed (no cache kept: exports): no vh, tri_rgb, water arrays; the
     * draw computes each vertex, light and water where a band needs it,
     * with the same functions, so the full-size geometry is never held */
    int streamed;
    struct iso_tess tess;
    struct iso_light_params lp;
};

/* Height normalisation of a world: the land's height range in elevation
 * units (the whole range for a world without land; 1 for a flat one). */
double iso_world_relief(const struct world *w);

/* Set f->vscale to true scale for a world of known scale (world_metric,
 * doc/scale.md) with relief rel; 0 (f unchanged) without one. */
int iso_true_scale(struct iso_field *f, const struct world *w, double rel);

/* Display colour of cell c (0xRRGGBB), or the hypsometric tint of its
 * normalised height hn for worlds without colours. */
uint32_t iso_cell_ground_color(const struct world *w, size_t c, double hn);

/* The field of a planar mesh world (island) at res x res samples
 * (render/iso_field_mesh.c). Errors: OG_EUNSUPPORTED without a mesh,
 * OG_ERANGE for res outside [16, 4096], OG_ENOMEM. */
enum og_status iso_field_from_mesh(struct iso_field *f, const struct world *w, int res,
                                   struct og_error *err);

/* River lines over a width x height field (render/iso_rivers.c): nseg
 * segments, 5 floats each (x0, y0, x1, y1 in samples, half width in
 * samples), indexed by field cell into *out (NULL when nseg is 0).
 * Errors: OG_ENOMEM. */
enum og_status iso_rivers_new(struct iso_rivers **out, const float *seg, size_t nseg, int width,
                              int height, struct og_error *err);
void iso_rivers_free(struct iso_rivers *r);
/* The rivers of r with positions times k, over a width x height field
 * (a thinned field); *out NULL for r NULL. Errors: OG_ENOMEM. */
enum og_status iso_rivers_scaled(struct iso_rivers **out, const struct iso_rivers *r, double k,
                                 int width, int height, struct og_error *err);
/* Share 0..1 of field point (x, y) (samples) a river covers, its edge
 * anti-aliased over px samples; 0 for r NULL. */
double iso_rivers_cover(const struct iso_rivers *r, double x, double y, double px);

/* Vertical scale (px per height unit) of field f at the given exaggeration. */
double iso_vscale(const struct iso_field *f, double exaggeration);

/* Report progress (per-mille) and poll the cancel flag: non-zero to stop. */
int iso_tick(const struct iso_options *o, int permille);

/* Lit colour of every terrain triangle and every water cell into c. */
enum og_status iso_build_light(struct iso_cache *c, const struct iso_field *f, double time,
                               double vscale, const struct iso_options *opt,
                               struct og_error *err);

/* The block's base height under field f (normalised units). */
double iso_field_floor(const struct iso_field *f);

/* Fit the camera p (rot, xmax, ymax, vscale set) to field f standing on
 * base in a width x height image: p->s, ox, oy. */
void iso_fit(struct iso_proj *p, const struct iso_field *f, double base, int width, int height);

/* Micro-quads are drawn at most this wide (px of the image drawn, before
 * the antialias filter): the tessellation is raised above render.subdiv
 * until a cell's width on screen over its subdivision is at most this, so
 * large renders sample the continuous surface at their own resolution
 * instead of showing the field's cells as flat facets (issue 24). */
#define ISO_MICRO_PX 8.0

/* The subdivision a render of f at vscale into width x height px draws
 * at: render.subdiv (o->subdiv) raised until a micro-quad is at most
 * ISO_MICRO_PX px wide, within ISO_MAX_SUBDIV and ISO_MAX_VERTICES. */
int iso_auto_subdiv(const struct iso_field *f, const struct iso_options *o, double vscale,
                    int width, int height);

/* Rasterize the cached scene (geometry and light of c) into fb, in bands. */
enum og_status iso_draw_scene(struct raster *fb, const struct iso_cache *c,
                              const struct iso_field *f, const struct iso_options *o,
                              struct iso_stats *st, struct og_error *err);

/* Linear blend of two 0xRRGGBB colours, t in [0, 1]. */
uint32_t iso_mix_rgb(uint32_t a, uint32_t b, double t);

/* rgb times I in [0, 1], rounded half up. */
uint32_t iso_shade_rgb(uint32_t rgb, double I);

/* Projection of field position (x, y) in cells at normalised height h to
 * screen x, y and depth (iso_draw.c's camera). */
typedef void iso_tree_proj_fn(const void *ctx, double x, double y, double h, float out[3]);

/* Cells [*lo, *hi] of field row y whose centres project within a margin of
 * screen columns [x0, x1) (the margin at least (2 TREE_JITTER + the widest
 * cone's half width) camera px); 0 when none (iso_draw.c's camera). */
typedef int iso_tree_span_fn(const void *ctx, int y, int x0, int x1, long *lo, long *hi);

/* Draw the trees of f (f->trees, may be NULL: nothing) as shaded cones into
 * the rectangle [x0, x1) x [y0, y1) of fb, depth-tested; proj and span share
 * proj_ctx, scale is the camera's px per camera unit, time the hour of the
 * sun (render/iso_trees.c). */
void iso_draw_trees(struct raster *fb, const struct iso_field *f, iso_tree_proj_fn *proj,
                    iso_tree_span_fn *span, const void *proj_ctx, double scale, double time,
                    int x0, int x1, int y0, int y1);

/* Free the lit colours of c (kept geometry and field stay). */
void iso_cache_drop_light(struct iso_cache *c);

#endif
