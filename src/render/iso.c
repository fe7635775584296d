#include "config.h"
#include "render/iso.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "render/iso_internal.h"
#include "render/tint.h"


/* --- options ------------------------------------------------------------- */

void
iso_options_from_params(struct iso_options *o, const struct params *p)
{
    o->view.time = params_get(p, P_RENDER_TIME);
    o->view.rotation = params_int(p, P_RENDER_ROTATE);
    o->view.exaggeration = params_get(p, P_RENDER_EXAGGERATION);
    o->subdiv = params_int(p, P_RENDER_SUBDIV);
    o->fine = 1;
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

void
iso_cache_drop_light(struct iso_cache *c)
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
    iso_cache_drop_light(c);
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
static enum og_status
render_cached(struct iso_cache *c, const struct iso_field *f, const struct iso_options *o,
              struct raster *fb, struct iso_stats *st, struct og_error *err)
{
    double vscale = iso_vscale(f, o->view.exaggeration), t0;
    int N = o->fine ? iso_auto_subdiv(f, o, vscale, fb->width, fb->height) : o->subdiv;
    enum og_status s;

    if (iso_tick(o, 0)) {
        return og_error_set(err, OG_ECANCELED, "render cancelled");
    }
    if (c->streamed) {
        /* nothing kept: the draw computes vertices and light band by band */
        s = iso_tess_init(&c->tess, f, N, o->jitter, err);
        if (s != OG_OK) {
            return s;
        }
        c->subdiv = N;
        c->jitter = o->jitter;
        c->nx = c->tess.NX;
        c->ny = c->tess.NY;
        iso_light_params_init(&c->lp, o->view.time, vscale, N);
        c->time = o->view.time;
        c->vscale = vscale;
        st->rebuilt_geometry = 1;
        st->rebuilt_light = 1;
    } else if (!c->have_geom || c->subdiv != N || c->jitter != o->jitter) {
        cache_drop_geom(c);
        t0 = pipeline_now_ms();
        s = iso_tessellate(f, N, o->jitter, &c->vh, &c->nx, &c->ny, err);
        if (s != OG_OK) {
            return s;
        }
        c->subdiv = N;
        c->jitter = o->jitter;
        c->have_geom = 1;
        st->rebuilt_geometry = 1;
        st->ms_geometry = pipeline_now_ms() - t0;
    }
    iso_tick(o, 250);
    if (!c->streamed && (!c->have_light || c->time != o->view.time || c->vscale != vscale)) {
        t0 = pipeline_now_ms();
        s = iso_build_light(c, f, o->view.time, vscale, o, err);
        if (s != OG_OK) {
            return s;
        }
        st->rebuilt_light = 1;
        st->ms_light = pipeline_now_ms() - t0;
    }
    if (iso_tick(o, 500)) {
        return og_error_set(err, OG_ECANCELED, "render cancelled");
    }
    t0 = pipeline_now_ms();
    s = iso_draw_scene(fb, c, f, o, st, err);
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
    c.streamed = 1;
    s = render_cached(&c, f, o, fb, &st, err);
    cache_drop_geom(&c);
    if (stats != NULL) {
        *stats = st;
    }
    return s;
}

/* Trees of a thinned field, aggregated instead of dropped: a sample stands
 * for the stride x stride block of cells from it, and gets a tree with the
 * probability of the block's tree share (a fixed hash of the sample), so
 * the forest keeps its density and its stands. Cones are drawn per sample
 * at a sample's scale (iso_trees.c), so a forest reads the same. */
static enum og_status
decimate_trees(struct iso_field *out, const struct iso_field *f, int stride,
               struct og_error *err)
{
    int x, y, i, j;

    if (f->trees == NULL) {
        return OG_OK;
    }
    out->trees = malloc((size_t)out->width * (size_t)out->height);
    if (out->trees == NULL) {
        iso_field_fini(out);
        return og_error_set(err, OG_ENOMEM, "out of memory for the trees");
    }
    for (y = 0; y < out->height; y++) {
        for (x = 0; x < out->width; x++) {
            int count = 0, total = 0;
            for (j = y * stride; j < (y + 1) * stride && j < f->height; j++) {
                for (i = x * stride; i < (x + 1) * stride && i < f->width; i++) {
                    count += f->trees[(size_t)j * (size_t)f->width + (size_t)i] != 0;
                    total++;
                }
            }
            out->trees[(size_t)y * (size_t)out->width + (size_t)x] =
                (uint8_t)(total > 0 && iso_vertex_hash(x, 0, y, 0, 1) * total < count);
        }
    }
    return OG_OK;
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
    out->true_scale = f->true_scale;
    out->have_lowest = f->have_lowest;
    out->lowest = f->lowest;
    st = iso_rivers_scaled(&out->rivers, f->rivers, (double)(w - 1) / (f->width - 1), w, h, err);
    if (st != OG_OK) {
        iso_field_fini(out);
        return st;
    }
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
    return decimate_trees(out, f, stride, err);
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
        tmp.streamed = 1; /* nothing to keep: no full-size geometry */
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
