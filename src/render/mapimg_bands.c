/* A map rendered band by band (render/mapimg.h): the bands share the
 * river segments prepared once, and each band's sampling starts on a
 * MAPIMG_BAND_ALIGN row, so any banding gives the whole image's pixels;
 * mapimg_rows hands them out row by row to a writer that pulls rows in
 * order (io/export_map.c streams them into the PNG encoder). */
#include "config.h"
#include "render/mapimg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "render/mapimg_internal.h"
#include "render/mapimg_sphere.h"
#include "render/sphere_surface.h"

struct mapimg_bands {
    struct sample_job job;
    struct map_view view;
    struct mapimg_rivers rivers;
    struct grid_look *look;
    struct mesh_look *mlook;
    struct sphere_surface *slook;
    int rivers_on;
};

enum og_status
mapimg_bands_new(const struct world *w, enum map_layer layer, const struct map_view *view,
                 int width, int height, struct mapimg_bands **out, struct og_error *err)
{
    struct mapimg_bands *b;
    enum og_status st;

    *out = NULL;
    if ((unsigned)layer >= LAYER_COUNT || !mapimg_layer_available(w, layer)) {
        return og_error_set(err, OG_EINVAL, "the %s generator has no '%s' layer",
                            world_gen_name(w->gen),
                            (unsigned)layer < LAYER_COUNT ? mapimg_layer_name(layer) : "?");
    }
    if (width <= 0 || height <= 0) {
        return og_error_set(err, OG_ERANGE, "map size %dx%d must be positive", width, height);
    }
    b = calloc(1, sizeof *b);
    if (b == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a map");
    }
    b->view = *view;
    b->job = (struct sample_job){
        .w = w, .layer = layer, .view = &b->view, .width = width, .height = height,
        .x0 = 0, .xn = width,
        .flow_log_max = mapimg_layer_scale(w, layer),
        .du = (view->u1 - view->u0) / width, .dv = (view->v1 - view->v0) / height,
    };
    if (w->kind == WORLD_MESH && w->mesh != NULL && w->mesh->npoints > 0 && w->water != NULL &&
        params_int(&w->params, P_RENDER_MAP_CELLS) == 0 &&
        (layer == LAYER_COLOR || layer == LAYER_ELEVATION || layer == LAYER_MOISTURE)) {
        /* pixels per cell over the view */
        double area = (view->u1 - view->u0) * (view->v1 - view->v0);
        double ppc = area > 0.0 ? (double)width * (double)height /
                                      (area * (double)w->mesh->npoints)
                                : 0.0;
        b->job.smooth = ppc >= MAP_SMOOTH_PIXELS;
    } else if (w->kind == WORLD_GRID && w->gen == GEN_DEM && w->water != NULL &&
               params_int(&w->params, P_RENDER_MAP_CELLS) == 0 &&
               (layer == LAYER_COLOR || layer == LAYER_ELEVATION || layer == LAYER_MOISTURE)) {
        double area = (view->u1 - view->u0) * (view->v1 - view->v0);
        double ppc = area > 0.0 ? (double)width * (double)height /
                                      (area * (double)w->ncells)
                                : 0.0;
        b->job.smooth = ppc >= MAP_SMOOTH_GRID_PIXELS;
    }
    if ((st = mapimg_grid_look_new(w, layer, view, width, height, &b->look, err)) != OG_OK) {
        mapimg_bands_free(b);
        return st;
    }
    b->job.look = b->look;
    if ((st = mapimg_mesh_look_new(w, layer, b->job.smooth,
                                   fmax(b->job.du, b->job.dv), &b->mlook, err)) != OG_OK) {
        mapimg_bands_free(b);
        return st;
    }
    b->job.mlook = b->mlook;
    if (w->kind == WORLD_SPHERE && params_int(&w->params, P_RENDER_MAP_CELLS) == 0 &&
        (st = sphere_surface_new(w, layer, mapimg_sphere_pixel(w, b->job.dv), &b->slook,
                                 err)) != OG_OK) {
        mapimg_bands_free(b);
        return st;
    }
    b->job.slook = b->slook;
    b->rivers_on = layer == LAYER_COLOR || layer == LAYER_RIVERS || layer == LAYER_LAKES;
    if (b->rivers_on &&
        (st = mapimg_rivers_prepare(w, layer, view, width, height, &b->rivers, err)) != OG_OK) {
        mapimg_bands_free(b);
        return st;
    }
    *out = b;
    return OG_OK;
}

enum og_status
mapimg_bands_render(struct mapimg_bands *b, int y0, int y1, uint32_t *rgb, uint8_t *cls,
                    struct og_error *err)
{
    enum og_status st;

    if (y0 < 0 || y0 % MAPIMG_BAND_ALIGN != 0 || y1 <= y0 || y1 > b->job.height) {
        return og_error_set(err, OG_EINVAL, "map band rows %d..%d of %d", y0, y1,
                            b->job.height);
    }
    b->job.y0 = y0;
    b->job.rgb = rgb;
    b->job.cls = cls;
    st = og_parallel_for(og_threads_default(), (size_t)(y1 - y0), MAPIMG_BAND_ALIGN, mapimg_sample_rows,
                         &b->job, NULL, 0.0, 1.0, err);
    if (st == OG_OK && b->rivers_on) {
        st = mapimg_rivers_band(&b->rivers, y0, y1, rgb, cls, err);
    }
    return st;
}

enum og_status
mapimg_bands_window(struct mapimg_bands *b, int x0, int n, struct og_error *err)
{
    if (x0 < 0 || n < 1 || n > b->job.width - x0) {
        return og_error_set(err, OG_EINVAL, "map columns %d..%d of %d", x0, x0 + n - 1,
                            b->job.width);
    }
    b->job.x0 = x0;
    b->job.xn = n;
    b->rivers.cx0 = x0;
    b->rivers.cw = n;
    return OG_OK;
}

void
mapimg_bands_free(struct mapimg_bands *b)
{
    if (b != NULL) {
        mapimg_grid_look_free(b->look);
        mapimg_mesh_look_free(b->mlook);
        sphere_surface_free(b->slook);
        if (b->rivers_on) {
            mapimg_rivers_free(&b->rivers);
        }
        free(b);
    }
}

int
mapimg_band_rows(int width)
{
    long rows = width > 0 ? (4L << 20) / width : MAPIMG_BAND_ALIGN;
    rows -= rows % MAPIMG_BAND_ALIGN;
    return rows < MAPIMG_BAND_ALIGN ? MAPIMG_BAND_ALIGN : (int)rows;
}

enum og_status
mapimg_render(const struct world *w, enum map_layer layer, const struct map_view *view, int width,
              int height, uint32_t *rgb, uint8_t *cls, struct og_error *err)
{
    struct mapimg_bands *b;
    enum og_status st = mapimg_bands_new(w, layer, view, width, height, &b, err);

    if (st == OG_OK) {
        st = mapimg_bands_render(b, 0, height, rgb, cls, err);
    }
    mapimg_bands_free(b);
    return st;
}

/* The rows of a streamed map: a band is rendered when the writer asks for
 * its first row, and each row converted to RGBA. */
struct mapimg_rows {
    struct mapimg_bands *bands;
    int width, height, band_rows;
    int y0, y1;       /* rows held in rgb */
    uint32_t *rgb;
};

enum og_status
mapimg_rows_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct mapimg_rows *m = arg;

    if (y < m->y0 || y >= m->y1) {
        enum og_status st;
        m->y0 = y - y % m->band_rows;
        m->y1 = m->y0 + m->band_rows < m->height ? m->y0 + m->band_rows : m->height;
        st = mapimg_bands_render(m->bands, m->y0, m->y1, m->rgb, NULL, err);
        if (st != OG_OK) {
            m->y0 = m->y1 = 0;
            return st;
        }
    }
    mapimg_row_rgba(m->rgb + (size_t)(y - m->y0) * (size_t)m->width, m->width, row);
    return OG_OK;
}

void
mapimg_row_rgba(const uint32_t *rgb, int n, uint8_t *row)
{
    int x;
    for (x = 0; x < n; x++) {
        row[4 * x] = (uint8_t)(rgb[x] >> 16);
        row[4 * x + 1] = (uint8_t)(rgb[x] >> 8);
        row[4 * x + 2] = (uint8_t)rgb[x];
        row[4 * x + 3] = 255;
    }
}

enum og_status
mapimg_rows_new(const struct world *w, enum map_layer layer, const struct map_view *view,
                int width, int height, struct mapimg_rows **out, struct og_error *err)
{
    struct mapimg_rows *m;
    enum og_status st;

    *out = NULL;
    m = calloc(1, sizeof *m);
    if (m == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d map", width, height);
    }
    m->width = width;
    m->height = height;
    m->band_rows = mapimg_band_rows(width);
    if ((st = mapimg_bands_new(w, layer, view, width, height, &m->bands, err)) != OG_OK) {
        free(m);
        return st;
    }
    if (m->band_rows > height) {
        m->band_rows = height;
    }
    m->rgb = malloc((size_t)m->band_rows * (size_t)width * sizeof *m->rgb);
    if (m->rgb == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d map band", width,
                          m->band_rows);
        mapimg_rows_free(m);
        return st;
    }
    *out = m;
    return OG_OK;
}

void
mapimg_rows_free(struct mapimg_rows *m)
{
    if (m != NULL) {
        free(m->rgb);
        mapimg_bands_free(m->bands);
        free(m);
    }
}
