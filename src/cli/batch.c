#include "config.h"
#include "cli/batch.h"

#include <string.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "render/export.h"
#include "render/globe.h"
#include "render/export_iso.h"
#include "render/mapimg.h"
#include "render/pngio.h"

enum og_status
batch_load_dem(const struct cli_args *a, struct dem_raster *r, struct og_error *err)
{
    memset(r, 0, sizeof *r);
    if (a->dem_path == NULL) {
        return OG_OK;
    }
    return pngio_read_raster(a->dem_path, r, err);
}

void
batch_default_map_size(const struct world *w, int *width, int *height)
{
    if (w->kind == WORLD_GRID) {
        int W = w->width, H = w->height;
        int big = W > H ? W : H;
        if (big > 1024) {
            W = (int)((long)W * 1024 / big);
            H = (int)((long)H * 1024 / big);
        }
        *width = W < 1 ? 1 : W;
        *height = H < 1 ? 1 : H;
    } else if (w->kind == WORLD_SPHERE) {
        *width = 1024;
        *height = 512;
    } else {
        *width = 1024;
        *height = 1024;
    }
}

enum og_status
batch_export(const struct cli_args *a, struct og_error *err)
{
    const struct generator *g = generator_get(a->gen);
    struct dem_raster raster;
    struct run_ctx ctx;
    struct world *w = NULL;
    enum og_status st;

    if (g == NULL) {
        return og_error_set(err, OG_EUNSUPPORTED, "generator '%s' is not in this build",
                            world_gen_name(a->gen));
    }
    st = batch_load_dem(a, &raster, err);
    if (st != OG_OK) {
        return st;
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &a->params;
    ctx.dem = a->dem_path != NULL ? &raster : NULL;
    ctx.threads = 1;
    st = pipeline_run(g, &ctx, &w, err);
    if (st != OG_OK) {
        goto done;
    }
    if (a->map_path != NULL) {
        int layer = a->layer != NULL ? mapimg_layer_find(a->layer) : LAYER_COLOR;
        int mw = a->map_w, mh = a->map_h;
        if (layer < 0) {
            st = og_error_set(err, OG_EINVAL,
                              "unknown layer '%s' (color, elevation, moisture, rivers, lakes, "
                              "roughness, forest, mask, landmass)", a->layer);
            goto done;
        }
        if (!a->size_given) {
            batch_default_map_size(w, &mw, &mh);
        }
        st = export_map_png(w, (enum map_layer)layer, mw, mh, a->map_path, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* Isometric render: the world's render.* parameters, then the flags. */
    if (a->iso_path != NULL) {
        struct iso_options io;
        iso_options_from_params(&io, &w->params);
        if (a->subdiv > 0) {
            io.subdiv = a->subdiv;
        }
        if (a->rotate >= 0) {
            io.view.rotation = a->rotate;
        }
        if (a->time_of_day >= 0.0) {
            io.view.time = a->time_of_day;
        }
        st = export_iso_png(w, &io, a->size_given ? a->iso_w : 0, a->size_given ? a->iso_h : 0,
                            a->iso_path, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* Globe (issue 6): square, the smaller side of --size, default 1024. */
    if (a->globe_path != NULL) {
        int side = !a->size_given ? 1024 : (a->map_w < a->map_h ? a->map_w : a->map_h);
        if (w->kind != WORLD_SPHERE) {
            st = og_error_set(err, OG_EINVAL, "--globe needs a planet world (--generator planet)");
            goto done;
        }
        st = globe_export_png(w, side, a->globe_path, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    if (a->stats_path != NULL) {
        st = export_stats_file(w, a->stats_path, err);
    }
done:
    world_unref(w);
    dem_raster_fini(&raster);
    return st;
}

void
batch_print_params(const struct cli_args *a, FILE *out)
{
    const struct generator *g = a->gen_given ? generator_get(a->gen) : NULL;
    int i;

    fprintf(out, "%-28s %-12s %-26s %-8s %s\n", "name", "default", "range", "unit", "help");
    for (i = 0; i < P_COUNT; i++) {
        const struct param_def *d = param_def((enum param_id)i);
        struct params p;
        char def[64], range[64];
        if (g != NULL && !param_in_groups((enum param_id)i, g->param_groups)) {
            continue;
        }
        params_defaults(&p);
        params_format(&p, (enum param_id)i, def, sizeof def);
        if (d->type == PT_ENUM) {
            snprintf(range, sizeof range, "%s", d->choices);
        } else if (d->type == PT_SEED) {
            snprintf(range, sizeof range, "0..2^64-1");
        } else {
            snprintf(range, sizeof range, "%g..%g", d->min, d->max);
        }
        fprintf(out, "%-28s %-12s %-26s %-8s %s\n", d->name, def, range, d->unit, d->help);
    }
}
