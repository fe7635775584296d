/* output_picture: the registry's picture kinds (io/output.h): the map, the
 * isometric render and the globe, each a PNG with the recipe. */
#include "config.h"
#include "io/output.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/interrupt.h"
#include "core/dem/dem.h"
#include "core/recipe/params.h"
#include "io/export.h"
#include "io/export_globe.h"
#include "io/export_iso.h"
#include "render/iso.h"
#include "render/layer_sources.h"
#include "render/projection.h"
#include "render/raster.h"

int
output_probe(const struct output_plan *p, struct world *probe)
{
    memset(probe, 0, sizeof *probe);
    probe->kind = p->gen->kind;
    probe->gen = p->gen->id;
    if (p->params != NULL) {
        probe->params = *p->params;   /* a planet's projection shapes its map */
    }
    if (p->gen->id == GEN_DEM && p->dem != NULL) {
        probe->width = p->dem->width;
        probe->height = p->dem->height;
    } else if (p->gen->id == GEN_HYBRID && p->params != NULL) {
        probe->width = (int)params_get(p->params, P_HYBRID_WIDTH);
        probe->height = (int)params_get(p->params, P_HYBRID_HEIGHT);
    }
    return p->gen->id != GEN_DEM || p->dem != NULL;
}

/* The map's size before generation: given, a recipe's, else the default
 * of a world of this kind; 0 when not known yet (output_probe). */
static int
map_size_planned(const struct output_plan *p, int *w, int *h)
{
    struct world probe;
    if (p->map_w > 0 && p->map_h > 0) {
        *w = p->map_w;
        *h = p->map_h;
    } else if (p->recipe_map_w > 0 && p->recipe_map_h > 0) {
        *w = p->recipe_map_w;
        *h = p->recipe_map_h;
    } else if (output_probe(p, &probe)) {
        export_map_default_size(&probe, w, h);
    } else {
        return 0;
    }
    return 1;
}

/* A map keeps the world's aspect: a --size for another shape (meant for the
 * iso render, say) would stretch it without a word. One pixel of rounding
 * either way is allowed. */
static enum og_status
check_map_aspect(const struct world *w, const char *flag, int mw, int mh, struct og_error *err)
{
    int dw, dh, a, b;
    long keep_h;

    export_map_default_size(w, &dw, &dh);
    keep_h = ((long)mw * dh + dw / 2) / dw;
    if (labs((long)mh - keep_h) <= 1 || labs((long)mw * dh - (long)mh * dw) <= (long)dw) {
        return OG_OK;
    }
    for (a = dw, b = dh; b != 0;) {
        int t = a % b;
        a = b;
        b = t;
    }
    return og_error_set(err, OG_EUSAGE, "%s %dx%d would stretch the map, which is %d:%d "
                        "(%dx%ld keeps it)%s", flag, mw, mh, dw / a, dh / a, mw,
                        keep_h < 1 ? 1L : keep_h, strcmp(flag, "--size") == 0
                        ? "; use --map-size for the map, --iso-size for the render" : "");
}

/* The map's layer is not in w (or, with w NULL, in any world of the plan's
 * generator, render/layer_sources.h): one line listing the ones it has. */
static enum og_status
layer_error(const struct output_plan *p, const struct world *w, struct og_error *err)
{
    char names[512] = "";
    size_t n = 0;
    for (int k = 0; k < LAYER_COUNT && n < sizeof names; k++) {
        if (w != NULL ? mapimg_layer_available(w, (enum map_layer)k)
                      : layer_sources_possible(p->gen->id, p->params, (enum map_layer)k)) {
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n > 0 ? ", " : "",
                                  mapimg_layer_name((enum map_layer)k));
        }
    }
    return og_error_set(err, OG_EUSAGE, "the %s generator has no '%s' layer (its layers: %s)",
                        p->gen->name, mapimg_layer_name((enum map_layer)p->layer), names);
}

/* Before generation (issue 28: no usage error after the work): a layer the
 * generator never makes, a --map-size of another shape than the world's
 * (known from the recipe, or the DEM once it is read), the tiles. */
enum og_status
output_map_check(struct output_plan *p, struct og_error *err)
{
    char what[64];
    enum og_status st;
    struct world probe;
    int W, H;

    if (!layer_sources_possible(p->gen->id, p->params, (enum map_layer)p->layer)) {
        return layer_error(p, NULL, err);
    }
    if (p->map_flag != NULL && !p->view_given && p->map_w > 0 && p->map_h > 0 &&
        output_probe(p, &probe) &&
        (st = check_map_aspect(&probe, p->map_flag, p->map_w, p->map_h, err)) != OG_OK) {
        return st;
    }
    if (p->map_flag != NULL) {
        snprintf(what, sizeof what, "%s: map", p->map_flag);
        if ((st = tile_check_sizes(&p->tiles, p->map_w, p->map_h, what, EXPORT_MAX_SIDE,
                                   err)) != OG_OK) {
            return output_usage(st, err);   /* the flag's size */
        }
    }
    if (p->tiles.nx > 0 && map_size_planned(p, &W, &H)) {
        return tile_check_sizes(&p->tiles, W, H, "map", EXPORT_MAX_SIDE, err);
    }
    return OG_OK;
}

enum og_status
output_map_check_world(struct output_plan *p, const struct world *w, struct og_error *err)
{
    enum og_status st;

    if (!mapimg_layer_available(w, (enum map_layer)p->layer)) {
        return layer_error(p, w, err);
    }
    if (p->map_w <= 0 || p->map_h <= 0) {
        if (p->recipe_map_w > 0 && p->recipe_map_h > 0) {
            p->map_w = p->recipe_map_w;
            p->map_h = p->recipe_map_h;
        } else {
            export_map_default_size(w, &p->map_w, &p->map_h);
        }
        return tile_check_sizes(&p->tiles, p->map_w, p->map_h, "map", EXPORT_MAX_SIDE, err);
    }
    if (p->map_flag != NULL && !p->view_given &&
        (st = check_map_aspect(w, p->map_flag, p->map_w, p->map_h, err)) != OG_OK) {
        return st;
    }
    return OG_OK;
}

/* g (a 1 x 1 raster of the map square) narrowed to the view window of it. */
static void
georef_view(const struct georef *g, const struct map_view *v, struct georef *out)
{
    double du = v->u1 - v->u0, dv = v->v1 - v->v0;
    *out = *g;
    out->width = out->height = 1;
    out->gt[0] = g->gt[0] + v->u0 * g->width * g->gt[1] + v->v0 * g->height * g->gt[2];
    out->gt[3] = g->gt[3] + v->u0 * g->width * g->gt[4] + v->v0 * g->height * g->gt[5];
    out->gt[1] = g->gt[1] * g->width * du;
    out->gt[4] = g->gt[4] * g->width * du;
    out->gt[2] = g->gt[2] * g->height * dv;
    out->gt[5] = g->gt[5] * g->height * dv;
}

/* A planet's Mollweide map (render/projection.h): metres of the projection
 * on a sphere of 6371 km, x -2 sqrt 2 R .. 2 sqrt 2 R, y sqrt 2 R .. -sqrt 2
 * R; GDAL reads the WKT as ESRI:54009 on that sphere. */
static char mollweide_srs[] =
    "<SRS>PROJCS[\"World_Mollweide_Sphere\",GEOGCS[\"Sphere\",DATUM[\"Sphere\","
    "SPHEROID[\"Sphere\",6371000,0]],PRIMEM[\"Greenwich\",0],"
    "UNIT[\"degree\",0.0174532925199433]],PROJECTION[\"Mollweide\"],"
    "PARAMETER[\"central_meridian\",0],PARAMETER[\"false_easting\",0],"
    "PARAMETER[\"false_northing\",0],UNIT[\"metre\",1]]</SRS>";

/* The georeferencing of the map's square (the world's, a planet's
 * Mollweide in *moll), or NULL: none, or an orthographic planet map
 * (centred anywhere: no CRS written, doc/planet.md). */
static const struct georef *
map_georef(struct output_plan *p, const struct world *w, struct georef *moll)
{
    const struct georef *g = output_georef(p, w);
    if (w->kind == WORLD_SPHERE) {
        int proj = params_int(&w->params, P_PLANET_PROJECTION);
        if (proj == PROJ_ORTHOGRAPHIC) {
            return NULL;
        }
        if (proj == PROJ_MOLLWEIDE && g != NULL) {
            double r = 6371000.0 * M_SQRT2;
            *moll = *g;
            moll->gt[0] = -2.0 * r;
            moll->gt[1] = 4.0 * r;
            moll->gt[2] = moll->gt[4] = 0.0;
            moll->gt[3] = r;
            moll->gt[5] = -2.0 * r;
            moll->srs = mollweide_srs;
            return moll;
        }
    }
    return g;
}

/* A map tile's world file and .aux.xml, right after the tile. */
static enum og_status
tile_sidecars(void *arg, const struct raster_window *win, const char *name,
              struct og_error *err)
{
    const struct georef *g = arg;
    return g != NULL ? georef_write(g, win, NULL, name, err) : OG_OK;
}

enum og_status
output_map_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    struct georef moll, narrowed;
    const struct georef *g = map_georef(p, w, &moll);
    struct raster_window win;
    enum og_status st;

    if (p->tiles.nx > 0) {
        struct tile_done done = { 0, tile_sidecars, (void *)g };
        st = export_map_tiles(w, (enum map_layer)p->layer, p->map_w, p->map_h, &p->tiles,
                              p->path[OUT_MAP], &done, err);
        p->tiles_written += done.count;
        return st;
    }
    st = export_map_png_view(w, (enum map_layer)p->layer, &p->view, p->map_w, p->map_h,
                             p->path[OUT_MAP], err);
    if (st != OG_OK || g == NULL) {
        return st;
    }
    raster_window_full(&win, p->map_w, p->map_h);
    if (!p->view_given) {
        return georef_write(g, &win, NULL, p->path[OUT_MAP], err);
    }
    georef_view(g, &p->view, &narrowed);
    return georef_write(&narrowed, &win, NULL, p->path[OUT_MAP], err);
}

enum og_status
output_iso_check(struct output_plan *p, struct og_error *err)
{
    /* the iso render is drawn render.antialias times larger, then averaged
       down: say so, naming the flag that set the size */
    int aa = params_int(p->params, P_RENDER_ANTIALIAS);
    int iw = p->iso_w > 0 ? p->iso_w : params_int(p->params, P_RENDER_WIDTH);
    int ih = p->iso_h > 0 ? p->iso_h : params_int(p->params, P_RENDER_HEIGHT);
    const char *flag = p->iso_flag != NULL ? p->iso_flag : "render.width/height";
    enum og_status st;

    if (p->gen->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EUSAGE,
                            "--iso renders a map; for a planet use --globe or --map");
    }
    if (iw < 1 || ih < 1 || iw > RASTER_MAX_SIDE || ih > RASTER_MAX_SIDE) {
        return og_error_set(err, OG_EUSAGE, "%s %dx%d: the iso render is 1..%d px per side",
                            flag, iw, ih, RASTER_MAX_SIDE);
    }
    if (aa > 1 && (iw > RASTER_MAX_SIDE / aa || ih > RASTER_MAX_SIDE / aa)) {
        return og_error_set(err, OG_EUSAGE,
                            "%s %dx%d: the iso render is drawn at render.antialias = %d times "
                            "that (%dx%d), past %d px per side; at most %d px per side, or "
                            "--set render.antialias=1", flag, iw, ih, aa, iw * aa, ih * aa,
                            RASTER_MAX_SIDE, RASTER_MAX_SIDE / aa);
    }
    if ((st = export_iso_check_size(p->params, p->iso_w, p->iso_h, err)) != OG_OK) {
        return st;
    }
    if (p->gen->id == GEN_DEM && p->dem != NULL && (p->dem->width < 2 || p->dem->height < 2)) {
        return og_error_set(err, OG_ERANGE, "--iso: grid %dx%d too small to render (at least "
                            "2x2)", p->dem->width, p->dem->height);
    }
    return OG_OK;
}

/* The world's render.* parameters, then the overrides. */
enum og_status
output_iso_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    struct iso_options io;

    iso_options_from_params(&io, &w->params);
    if (p->subdiv > 0) {
        io.subdiv = p->subdiv;
    }
    if (p->rotate >= 0) {
        io.view.rotation = p->rotate;
    }
    if (p->time_of_day >= 0.0) {
        io.view.time = p->time_of_day;
    }
    io.cancel = og_interrupt_flag();
    return export_iso_png(w, &io, p->iso_w, p->iso_h, p->path[OUT_ISO], err);
}

enum og_status
output_globe_check(struct output_plan *p, struct og_error *err)
{
    char what[64];

    if (p->gen->kind != WORLD_SPHERE) {
        return og_error_set(err, OG_EUSAGE, "--globe needs a planet world (--generator planet)");
    }
    if (p->globe_size > 0) {
        snprintf(what, sizeof what, "%s: globe",
                 p->globe_flag != NULL ? p->globe_flag : "--globe-size");
        return output_usage(export_check_size(what, p->globe_size, p->globe_size, err), err);
    }
    return OG_OK;
}

/* Square: --globe-size, else the recipe's globe.size, else 1024. */
enum og_status
output_globe_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    int gs = p->globe_size > 0 ? p->globe_size : p->recipe_globe > 0 ? p->recipe_globe : 1024;

    if (p->globe_view_given) {
        return globe_export_png_view(w, p->globe_yaw, p->globe_pitch, gs, p->path[OUT_GLOBE],
                                     err);
    }
    return globe_export_png(w, gs, p->path[OUT_GLOBE], err);
}
