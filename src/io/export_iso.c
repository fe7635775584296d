#include "config.h"
#include "io/export_iso.h"

#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/png/pngio.h"
#include "render/raster.h"

/* Rows of the PNG: the (k*w) x (k*h) framebuffer box-filtered down to
 * w x h RGBA (alpha 255) one row at a time as the encoder asks for it, so
 * no second image is held; k = 1 copies the framebuffer's row. */
struct iso_rows {
    const struct raster *big;
    int k, w;
};

static enum og_status
iso_row(void *arg, int y, uint8_t *out, struct og_error *err)
{
    const struct iso_rows *r = arg;
    const struct raster *big = r->big;
    int k = r->k, x, i, j, c;

    (void)err;
    if (k == 1) {
        memcpy(out, big->rgba + 4 * (size_t)y * big->width, 4 * (size_t)r->w);
        return OG_OK;
    }
    for (x = 0; x < r->w; x++) {
        unsigned sum[3] = {0, 0, 0};
        for (j = 0; j < k; j++) {
            const uint8_t *p = big->rgba + 4 * ((size_t)(y * k + j) * big->width + (size_t)x * k);
            for (i = 0; i < k; i++) {
                for (c = 0; c < 3; c++) {
                    sum[c] += p[4 * i + c];
                }
            }
        }
        for (c = 0; c < 3; c++) {
            out[4 * (size_t)x + c] = (uint8_t)((sum[c] + (unsigned)(k * k) / 2) / (unsigned)(k * k));
        }
        out[4 * (size_t)x + 3] = 255;
    }
    return OG_OK;
}

enum og_status
export_iso_check_size(const struct params *p, int width, int height, struct og_error *err)
{
    int aa = params_int(p, P_RENDER_ANTIALIAS);

    if (width == 0) {
        width = params_int(p, P_RENDER_WIDTH);
    }
    if (height == 0) {
        height = params_int(p, P_RENDER_HEIGHT);
    }
    if (width < 1 || height < 1 || width > RASTER_MAX_SIDE || height > RASTER_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "render size %dx%d outside [1, %d] per side", width,
                            height, RASTER_MAX_SIDE);
    }
    if (aa < 1 || width > RASTER_MAX_SIDE / aa || height > RASTER_MAX_SIDE / aa) {
        return og_error_set(err, OG_ERANGE,
                            "render size %dx%d with render.antialias = %d exceeds %d px per side "
                            "(lower render.antialias)", width, height, aa, RASTER_MAX_SIDE);
    }
    return OG_OK;
}

enum og_status
export_iso_png(const struct world *w, const struct iso_options *o, int width, int height,
               const char *path, struct og_error *err)
{
    struct iso_options opt;
    struct raster *fb = NULL;
    int aa = params_int(&w->params, P_RENDER_ANTIALIAS);
    struct pngio_text *text = NULL;
    struct params recipe;
    size_t ntext = 0;
    void *block = NULL;
    enum og_status st;

    if (o != NULL) {
        opt = *o;
    } else {
        iso_options_from_params(&opt, &w->params);
    }
    if (width == 0) {
        width = params_int(&w->params, P_RENDER_WIDTH);
    }
    if (height == 0) {
        height = params_int(&w->params, P_RENDER_HEIGHT);
    }
    if (width < 1 || height < 1 || width > RASTER_MAX_SIDE || height > RASTER_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "render size %dx%d outside [1, %d] per side", width,
                            height, RASTER_MAX_SIDE);
    }
    /* The recipe is the world's parameters with the render rows set to what
     * is drawn. */
    recipe = w->params;
    if ((st = iso_options_to_params(&opt, &recipe, err)) != OG_OK ||
        (st = params_set(&recipe, P_RENDER_WIDTH, width, err)) != OG_OK ||
        (st = params_set(&recipe, P_RENDER_HEIGHT, height, err)) != OG_OK) {
        return st;
    }
    if (width > RASTER_MAX_SIDE / aa || height > RASTER_MAX_SIDE / aa) {
        return og_error_set(err, OG_ERANGE,
                            "render size %dx%d with render.antialias = %d exceeds %d px per side "
                            "(lower render.antialias)", width, height, aa, RASTER_MAX_SIDE);
    }
    if ((st = raster_new(&fb, width * aa, height * aa, err)) != OG_OK) {
        return st;
    }
    if ((st = iso_render(NULL, w, &opt, fb, NULL, err)) != OG_OK) {
        goto out;
    }
    if ((st = export_recipe_for(w->gen, &recipe, w->source, NULL, &text, &ntext, &block, err)) !=
        OG_OK) {
        goto out;
    }
    if (opt.progress != NULL) {
        atomic_store(opt.progress, EXPORT_ISO_WRITING); /* the PNG phase, for a status bar */
    }
    {
        struct iso_rows rows = { fb, aa, width };
        st = pngio_write_rows(path, width, height, 8, 4, iso_row, &rows, text, ntext,
                              EXPORT_ISO_ZLIB_LEVEL, err);
    }
out:
    free(block);
    raster_free(fb);
    return st;
}

enum og_status
export_iso_job(const struct world *w, void *arg, struct og_error *err)
{
    struct export_iso_request *r = arg;
    struct iso_options o;

    if (r->have_options) {
        o = r->options;
    } else {
        iso_options_from_params(&o, &w->params);
    }
    o.progress = &r->progress;
    o.cancel = &r->cancel;
    return export_iso_png(w, &o, r->width, r->height, r->path, err);
}
