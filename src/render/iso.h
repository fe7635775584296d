/* iso: the isometric camera, tessellation, jitter and lighting that turn a
 * world into shaded triangles for render/raster (no curses, no PNG).
 *
 * Source: the "Rendering Pipeline" of Donjourno (seeds/hybrid-donjourno.txt):
 *   camera   sx = (x - y) * 32,  sy = (x + y) * 16 - h * 80
 *   tessellation  each cell split into N x N micro-quads (N = 1..64) with
 *            vertex heights by bilinear interpolation of the cell corners
 *   jitter   h' = h + (hash(x, y) - 0.5) * clamp(1.5 h, 0, 1) * roughness,
 *            the hash depending only on the vertex position
 *   light    I = clamp(0.35 + 0.8 * max(n . L, 0), 0, 1) per triangle
 *   cache    tessellated, lit geometry kept until its inputs change.
 * Our reading of it (doc/rendering.md): h is the height normalised so that
 * sea level is 0 and the highest land 1; the 80 is for a 16-cell map and
 * grows with the map side so relief keeps its proportion at any resolution,
 * times the exaggeration; x runs east, y south, so the default view looks
 * north-west from the south-east corner. */
#ifndef OROGEN_RENDER_ISO_H
#define OROGEN_RENDER_ISO_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "render/raster.h"

/* The colour behind the terrain in every render (0xRRGGBB; the TUI shows it
 * as the terminal's own background in palette modes). */
#define ISO_BACKGROUND 0x1b2130u
#define ISO_MAX_SUBDIV 64
#define ISO_MAX_VERTICES ((size_t)1 << 26)  /* tessellated vertices per render */
#define ISO_DEFAULT_ROUGHNESS 0.25          /* for worlds without a roughness field */
#define ISO_MAX_THREADS 64
/* Hybrid heights have steep mask edges (the Delta_blend ramp spans a few
 * cells): at the map-relative scale they read as towers, at the seed's
 * literal 80 px per unit as a flat plate; 0.3 of the map-relative scale
 * keeps their slopes plausible (doc/rendering.md). */
#define ISO_HYBRID_RELIEF 0.3
/* render.exaggeration's default: 1.5 x true scale where the world's scale
 * is known. The 30-degree orthographic camera has no perspective, haze or
 * parallax, so relief drawn at true scale reads flatter than the same land
 * seen in a photograph; block diagrams of landscapes use 1.5 to 3, and more
 * than 1.5 turns the base of a high plateau (walls drawn down to sea level)
 * into most of the picture (doc/scale.md). Worlds of unknown scale keep
 * the map-relative scale at this default. */
#define ISO_DEFAULT_EXAGGERATION 1.5

/* What changes interactively: cheap to vary (no re-tessellation). */
struct iso_view {
    double time;          /* time of day, hours in [6, 18] */
    int rotation;         /* quarter turns 0..3 */
    double exaggeration;  /* height multiplier >= 0: 1 is true scale for a world
                             of known scale, else 1 / ISO_DEFAULT_EXAGGERATION
                             of the map-relative scale (doc/scale.md) */
};

struct iso_options {
    struct iso_view view;
    int subdiv;               /* N, 1..64 */
    int fine;                 /* 1: N raised until micro-quads are at most
                                 ISO_MICRO_PX px wide (large renders sample
                                 the surface at their own resolution); 0:
                                 exactly subdiv (iso_options_from_params
                                 sets 1) */
    double jitter;            /* roughness jitter >= 0, in cell widths, times the
                                 world's roughness (ISO_DEFAULT_ROUGHNESS without) */
    int island_resolution;    /* heightfield side for mesh worlds, 16..4096 */
    int threads;              /* raster threads, 1..ISO_MAX_THREADS (0: 1); the
                                 image is the same for any count */
    atomic_int *progress;     /* if not NULL: per-mille of the render so far
                                 (tessellation to 250, light to 500, raster
                                 to 1000), for a status bar */
    atomic_int *cancel;       /* if not NULL and non-zero: stop, OG_ECANCELED */
};

/* A heightfield ready to render: width x height samples (vertices), row-major,
 * x east, y south. Heights are normalised (0 sea level, 1 highest land). */
struct iso_rivers;

struct detail;

struct iso_field {
    int width, height;   /* >= 2 each */
    float *terrain;      /* ground height, including the sea floor (< 0) */
    float *water;        /* water surface height, or -INFINITY where dry */
    uint32_t *color;     /* 0xRRGGBB ground colour */
    float *roughness;    /* 0..1 per sample, or NULL for 1 everywhere */
    uint8_t *trees;      /* 1 where a tree stands (hybrid), or NULL: none */
    int have_lowest;     /* 1: lowest is the lowest ground for the block's
                            base (the ground before water beds were
                            shaped for the shore, iso_field.c) */
    float lowest;
    struct iso_rivers *rivers; /* river lines (mesh worlds, iso_rivers.c), or NULL */
    double vscale;       /* screen px (camera units) per unit of height: true
                            scale for a world of known scale (true_scale),
                            else the map-relative 80 * (side - 1) / 16
                            (times ISO_HYBRID_RELIEF for hybrid worlds),
                            which ISO_DEFAULT_EXAGGERATION draws */
    int true_scale;      /* vscale is true scale (world_metric) */
    struct detail *detail; /* grids: sub-grid detail (render.detail,
                            render/detail.h) for the tessellation, or NULL;
                            terrain = (elevation - detail_sea) / detail_rel */
    double detail_rel, detail_sea;
};

/* Figures of one render (for benchmarks and the status bar). */
struct iso_stats {
    size_t triangles;     /* triangles sent to the rasterizer */
    size_t pixels;        /* pixels written (after the depth test) */
    double ms_field, ms_geometry, ms_light, ms_raster;
    int rebuilt_geometry, rebuilt_light;  /* 1 when the cache was (re)built */
};

/* Options from the render.* parameters of p (one thread, no progress). */
void iso_options_from_params(struct iso_options *o, const struct params *p);

/* Store o into the render.* rows of p (for recipes). Errors as params_set. */
enum og_status iso_options_to_params(const struct iso_options *o, struct params *p,
                                     struct og_error *err);

/* Check every option against its parameter range. Errors: OG_ERANGE naming
 * the parameter and range, like params_set. */
enum og_status iso_options_check(const struct iso_options *o, struct og_error *err);

/* Unit vector towards the sun at `hours` (6..18; values outside are
 * clamped to the daylight arc, a camera setting rather than user input):
 * rises in the east (+x) at 6, culminates in the south (+y) at 12 at 55
 * degrees elevation, sets in the west at 18. L[2] is up. */
void iso_sun_direction(double hours, double L[3]);

/* Lambert intensity of the seed: clamp(0.35 + 0.8 * max(n . L, 0), 0, 1). */
double iso_lambert(const double n[3], const double L[3]);

/* Position-only hash in [0, 1) of the vertex at (cx + a/n, cy + b/n): the
 * fraction is reduced first, so every tessellation level gives a shared
 * point the same value. */
double iso_vertex_hash(long cx, long a, long cy, long b, long n);

/* Build a field from a world: grids sample for sample; meshes (island)
 * rasterized to res x res samples by interpolating elevation linearly over
 * the Delaunay triangles, colours and water from the nearest cell.
 * Errors: OG_EUNSUPPORTED for sphere worlds or a world without elevation,
 * OG_ERANGE for a grid smaller than 2x2, OG_ENOMEM. */
enum og_status iso_field_from_world(struct iso_field *f, const struct world *w, int res,
                                    struct og_error *err);

/* Allocate a w x h field (all samples 0, dry, grey, vscale for its side).
 * Errors: OG_ERANGE, OG_ENOMEM. */
enum og_status iso_field_alloc(struct iso_field *f, int width, int height, int with_roughness,
                               struct og_error *err);

/* Free a field's arrays (the struct is the caller's). */
void iso_field_fini(struct iso_field *f);

/* The seed's `roughness` for a roughness of 1 and a jitter in cell widths,
 * in normalised height units (a cell's rise at the field's scale). */
double iso_jitter_amplitude(const struct iso_field *f, double jitter);

/* Tessellated vertex heights: ((width-1)*subdiv+1) x ((height-1)*subdiv+1)
 * floats into *out (malloc'd), sizes in *nx, *ny; with jitter 0 they are the
 * bilinear surface exactly, else h' = h + (hash - 0.5) * clamp(1.5 h, 0, 1)
 * * iso_jitter_amplitude(f, jitter) * roughness (bilinear in the field's
 * roughness, ISO_DEFAULT_ROUGHNESS without). Errors: OG_ERANGE beyond
 * ISO_MAX_VERTICES, OG_ENOMEM. */
enum og_status iso_tessellate(const struct iso_field *f, int subdiv, double jitter, float **out,
                              size_t *nx, size_t *ny, struct og_error *err);

/* A geometry cache: keeps the field, tessellation and lighting of the last
 * render and rebuilds only what the new request changes. Not thread-safe:
 * one cache per thread. */
struct iso_cache;

enum og_status iso_cache_new(struct iso_cache **out, struct og_error *err);
void iso_cache_free(struct iso_cache *c);

/* Render world w into fb (cleared first, background opaque). The cache may
 * be NULL (nothing kept, and the tessellation and light are computed band
 * by band as the draw meets them, so only the field is held: about 12 B a
 * field sample instead of 32 at subdiv 1); with a cache, w is kept
 * referenced until the cache is freed or given another world. The pixels
 * are the same either way. stats may be NULL.
 * Errors: as iso_field_from_world, iso_options_check, iso_tessellate;
 * OG_ECANCELED when o->cancel was raised (fb then holds a partial image). */
enum og_status iso_render(struct iso_cache *c, const struct world *w,
                          const struct iso_options *o, struct raster *fb, struct iso_stats *stats,
                          struct og_error *err);

/* Render a field directly (tests, tools); nothing is cached. */
enum og_status iso_render_field(const struct iso_field *f, const struct iso_options *o,
                                struct raster *fb, struct iso_stats *stats, struct og_error *err);

/* Terminal preview for the TUI: render w at width x height into
 * rgb[y * width + x] = 0xRRGGBB, untessellated, with view. Keeps one
 * geometry cache (and a reference to the last world) behind a mutex, so
 * changing time or rotation only relights or reprojects.
 * Errors: as iso_render, OG_ERANGE for a size outside 1..16384. */
enum og_status iso_render_preview(const struct world *w, const struct iso_view *view, int width,
                                  int height, uint32_t *rgb, struct og_error *err);

/* Drop the preview cache and its world reference (at TUI exit). */
void iso_preview_release(void);

#endif
