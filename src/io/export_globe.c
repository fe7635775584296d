#include "config.h"
#include "io/export_globe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/recipe/params.h"
#include "io/export.h"
#include "io/png/pngio.h"
#include "render/globe.h"
#include "render/raster.h"

enum og_status
globe_export_png(const struct world *w, int size, const char *path, struct og_error *err)
{
    if (w == NULL || w->kind != WORLD_SPHERE) {
        return og_error_set(err, OG_EINVAL, "the globe needs a planet (sphere) world");
    }
    return globe_export_png_view(w, params_get(&w->params, P_PLANET_GLOBE_YAW),
                                 params_get(&w->params, P_PLANET_GLOBE_PITCH), size, path, err);
}

enum og_status
globe_export_png_view(const struct world *w, double yaw, double pitch, int size,
                      const char *path, struct og_error *err)
{
    struct pngio_text *text = NULL;
    struct raster *r = NULL;
    struct params recipe;
    size_t ntext = 0;
    void *block = NULL;
    char extra[64];
    enum og_status st;

    if (size < 1 || size > GLOBE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "globe size %d outside 1..%d", size, GLOBE_MAX_SIDE);
    }
    if (w == NULL || w->kind != WORLD_SPHERE) {
        return og_error_set(err, OG_EINVAL, "the globe needs a planet (sphere) world");
    }
    /* Longitude is periodic: wrap, do not refuse, a view turned past 180. */
    yaw = fmod(yaw, 360.0);
    yaw = yaw > 180.0 ? yaw - 360.0 : (yaw < -180.0 ? yaw + 360.0 : yaw);
    recipe = w->params;
    if ((st = params_set(&recipe, P_PLANET_GLOBE_YAW, yaw, err)) != OG_OK ||
        (st = params_set(&recipe, P_PLANET_GLOBE_PITCH, pitch, err)) != OG_OK) {
        return st;
    }
    if ((st = globe_render_raster(w, yaw, pitch, size, &r, err)) != OG_OK) {
        return st;
    }
    snprintf(extra, sizeof extra, "globe.size = %dx%d\n", size, size);
    st = export_recipe_world(w, &recipe, extra, &text, &ntext, &block, err);
    if (st == OG_OK) {
        st = pngio_write_rgba(path, r->rgba, size, size, text, ntext, 6, err);
    }
    free(block);
    raster_free(r);
    return st;
}
