#include "config.h"
#include "cli/batch.h"
#include "io/export_globe.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/batch_dataout.h"
#include "core/generators.h"
#include "core/planet/planet_edit.h"
#include "core/recipe/recipe.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "io/export.h"
#include "io/georef.h"
#include "render/globe.h"
#include "io/export_iso.h"
#include "render/mapimg.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "render/raster.h"
#include "io/tiles.h"

enum og_status
batch_load_dem(const struct cli_args *a, struct dem_raster *r, struct og_error *err)
{
    enum og_status st;

    memset(r, 0, sizeof *r);
    if (a->dem_path == NULL) {
        return OG_OK;
    }
    st = pngio_read_raster(a->dem_path, r, err);
    /* Recipes name the file by size, SHA-256 and name, never by a path:
     * --from finds it beside the PNG or here (core/recipe/recipe.h). */
    if (st == OG_OK) {
        st = recipe_dem_identity(a->dem_path, r->identity, sizeof r->identity, err);
    }
    /* The cell size in metres from the world file or .aux.xml beside it
     * (doc/scale.md); an orogen heightmap's own chunk otherwise. */
    if (st == OG_OK) {
        struct georef g;
        double m[2];
        st = georef_read(a->dem_path, r->width, r->height, &g, err);
        if (st == OG_OK && georef_cell_metres(&g, m)) {
            r->cell_m[0] = m[0];
            r->cell_m[1] = m[1];
        }
        if (st == OG_OK) {
            r->has_georef_lat = georef_centre_latitude(&g, &r->georef_lat);
        }
        georef_free(&g);
    }
    if (st != OG_OK) {
        dem_raster_fini(r);
    }
    return st;
}

/* A seed sweep's DEM (cli/sweep.c): decoded once, lent to every seed's
 * export. A DEM file does not change with the seed. */
static struct {
    int on, live;
    char path[4096];
    struct dem_raster r;
} dem_cache;

void
batch_dem_cache(int on)
{
    if (!on && dem_cache.live) {
        dem_raster_fini(&dem_cache.r);
    }
    dem_cache.live = 0;
    dem_cache.on = on;
}

/* batch_load_dem through the sweep's cache: *borrowed set when r is the
 * cache's (not to be freed). */
static enum og_status
load_dem_cached(const struct cli_args *a, struct dem_raster *r, int *borrowed,
                struct og_error *err)
{
    enum og_status st;
    *borrowed = 0;
    if (!dem_cache.on || a->dem_path == NULL || strlen(a->dem_path) >= sizeof dem_cache.path) {
        return batch_load_dem(a, r, err);
    }
    if (dem_cache.live && strcmp(dem_cache.path, a->dem_path) == 0) {
        *r = dem_cache.r;
        *borrowed = 1;
        return OG_OK;
    }
    batch_dem_cache(1);
    st = batch_load_dem(a, &dem_cache.r, err);
    if (st == OG_OK) {
        strcpy(dem_cache.path, a->dem_path);
        dem_cache.live = 1;
        *r = dem_cache.r;
        *borrowed = 1;
    }
    return st;
}

/* Apply the land edits of a --from planet recipe to the generated world. */
static enum og_status
replay_edits(const struct cli_args *a, struct world **w, struct og_error *err)
{
    int32_t *cells = NULL;
    uint8_t *land = NULL;
    double *radius = NULL;
    size_t n = 0;
    struct world *nw = NULL;
    enum og_status st;

    if ((*w)->gen != GEN_PLANET) {
        return og_error_set(err, OG_EFORMAT, "%s: planet.edits in a %s recipe",
                            a->from != NULL ? a->from : a->preset != NULL ? a->preset : "preset",
                            world_gen_name((*w)->gen));
    }
    st = planet_edits_parse(a->recipe_edits, (*w)->ncells, &cells, &land, &radius, &n, err);
    if (st == OG_OK) {
        st = planet_edit_replay(*w, cells, land, radius, n, &nw, err);
    }
    free(cells);
    free(land);
    free(radius);
    if (st == OG_OK) {
        world_unref(*w);
        *w = nw;
    }
    return st;
}

/* Progress of a long export on a terminal: one line on standard error,
 * rewritten in place at most every 2 % of a stage. Silent when stderr is
 * not a terminal, so scripts and logs see only errors, unless --progress
 * asks for plain lines ("stage N/M name 42%"), one per 10 % of a stage. */
struct batch_progress {
    int last_stage, last_pct;
    int plain;
};

static void
batch_on_progress_plain(void *arg, int stage, int nstages, const char *name, double fraction)
{
    struct batch_progress *bp = arg;
    int pct = (int)(fraction * 100.0);
    if (stage == bp->last_stage && pct / 10 == bp->last_pct / 10) {
        return;
    }
    bp->last_stage = stage;
    bp->last_pct = pct;
    fprintf(stderr, "stage %d/%d %s %d%%\n", stage + 1, nstages, name != NULL ? name : "", pct);
    fflush(stderr);
}

/* With --progress, "write WHAT FILE P%" lines while a PNG is written, one
 * per 10 % of its rows (a map is rendered as its rows are written). */
struct batch_write_progress {
    const char *what, *path;
    int last;
};

static void
batch_on_write(void *arg, int rows, int height)
{
    struct batch_write_progress *wp = arg;
    int pct = height > 0 ? (int)((long long)rows * 100 / height) : 100;
    if (pct / 10 == wp->last / 10 && wp->last >= 0) {
        return;
    }
    wp->last = pct;
    fprintf(stderr, "write %s %s %d%%\n", wp->what, wp->path, pct);
    fflush(stderr);
}

/* With --progress, one line before each file is written, then its PNG
 * rows' progress (pngio_set_progress). */
static void
batch_note_write(const struct cli_args *a, const char *what, const char *path)
{
    static struct batch_write_progress wp;
    if (a->progress) {
        fprintf(stderr, "write %s %s\n", what, path);
        fflush(stderr);
        wp.what = what;
        wp.path = path;
        wp.last = -1;
        pngio_set_progress(batch_on_write, &wp);
    }
}

static void
batch_on_progress(void *arg, int stage, int nstages, const char *name, double fraction)
{
    struct batch_progress *bp = arg;
    int pct = (int)(fraction * 100.0);
    if (stage == bp->last_stage && pct / 2 == bp->last_pct / 2) {
        return;
    }
    bp->last_stage = stage;
    bp->last_pct = pct;
    fprintf(stderr, "\rorogen: %d/%d %-16.16s %3d%%", stage + 1, nstages,
            name != NULL ? name : "", pct);
    fflush(stderr);
}

/* The folder part of a path ("." when there is none). */
static void
dir_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        snprintf(dir, size, ".");
    } else if (slash == path) {
        snprintf(dir, size, "/");
    } else {
        snprintf(dir, size, "%.*s", (int)(slash - path), path);
    }
}

/* Check an output before any work: resolvable, in an existing writable
 * folder; canon gets a canonical name to compare outputs with. */
enum og_status
batch_check_output(const char *path, char *canon, size_t size, struct og_error *err)
{
    char real[PATH_MAX], dir[PATH_MAX], rdir[PATH_MAX];
    enum og_status st = outfile_resolve(path, real, sizeof real, err);
    const char *base;

    if (st != OG_OK) {
        return st;
    }
    dir_of(real, dir, sizeof dir);
    if (realpath(dir, rdir) == NULL || access(rdir, W_OK) != 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    base = strrchr(real, '/');
    base = base != NULL ? base + 1 : real;
    if (strlen(rdir) + strlen(base) + 2 > size) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(canon, rdir);
    strcat(canon, "/");
    strcat(canon, base);
    return OG_OK;
}

/* A PNG output named .jpg or .tif would be a PNG under a name that promises
 * another format; a name with no extension is left as given. */
enum og_status
batch_check_png_name(const char *flag, const char *path, struct og_error *err)
{
    const char *base = strrchr(path, '/');
    const char *dot = strrchr(base != NULL ? base + 1 : path, '.');

    if (dot == NULL || dot[1] == '\0' || strcasecmp(dot, ".png") == 0) {
        return OG_OK;
    }
    return og_error_set(err, OG_EINVAL, "%s '%s': this output is a PNG; name it .png", flag,
                        path);
}

/* A map keeps the world's aspect: a --size for another shape (meant for the
 * iso render, say) would stretch it without a word. One pixel of rounding
 * either way is allowed. */
static enum og_status
batch_check_map_aspect(const struct world *w, const char *flag, int mw, int mh,
                       struct og_error *err)
{
    int dw, dh;
    long keep_h;

    export_map_default_size(w, &dw, &dh);
    keep_h = ((long)mw * dh + dw / 2) / dw;
    if (labs((long)mh - keep_h) <= 1 || labs((long)mw * dh - (long)mh * dw) <= (long)dw) {
        return OG_OK;
    }
    {
        int a = dw, b = dh;
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return og_error_set(err, OG_EINVAL,
                            "%s %dx%d would stretch the map, which is %d:%d (%dx%ld keeps it); "
                            "use --map-size for the map, --iso-size for the render",
                            flag, mw, mh, dw / a, dh / a, mw, keep_h < 1 ? 1L : keep_h);
    }
}

/* Every output is checked before the world is generated, and every output
 * that depends on the world before anything is written: a bad --iso never
 * leaves a --map of the same command behind. */
enum og_status
batch_export(const struct cli_args *a, struct og_error *err)
{
    const struct generator *g = generator_get(a->gen);
    const char *paths[4] = { a->map_path, a->iso_path, a->globe_path,
                             a->stats_path != NULL && strcmp(a->stats_path, "-") != 0
                                 ? a->stats_path : NULL };
    static const char *const flags[4] = { "--map", "--iso", "--globe", "--stats" };
    char canon[4][PATH_MAX + 8];
    struct dem_raster raster;
    struct run_ctx ctx;
    struct world *w = NULL;
    const char *layer_name = a->layer != NULL ? a->layer
                             : (a->recipe_layer[0] != '\0' ? a->recipe_layer : NULL);
    int layer = layer_name != NULL ? mapimg_layer_find(layer_name) : LAYER_COLOR;
    int i, j, mw = a->map_w, mh = a->map_h, in_group = 0;
    char *exports = NULL;
    struct bundle_stage stage;
    int dem_borrowed = 0;
    enum og_status st;

    memset(&raster, 0, sizeof raster);
    stage.live = 0;
    if (g == NULL) {
        return og_error_set(err, OG_EUNSUPPORTED, "generator '%s' is not in this build",
                            world_gen_name(a->gen));
    }
    if (layer < 0) {
        return og_error_set(err, OG_EINVAL,
                            "unknown layer '%s' (color, elevation, moisture, rivers, lakes, "
                            "roughness, forest, mask, landmass)", layer_name);
    }
    for (i = 0; i < 4; i++) {
        if (paths[i] == NULL) {
            continue;
        }
        st = batch_check_output(paths[i], canon[i], sizeof canon[i], err);
        if (st != OG_OK) {
            return st;
        }
        if (i < 3 && (st = batch_check_png_name(flags[i], paths[i], err)) != OG_OK) {
            return st;
        }
        for (j = 0; j < i; j++) {
            if (paths[j] != NULL && strcmp(canon[i], canon[j]) == 0) {
                return og_error_set(err, OG_EINVAL, "%s and %s both write %s", flags[j], flags[i],
                                    paths[i]);
            }
        }
    }
    if (a->globe_path != NULL && g->kind != WORLD_SPHERE) {
        return og_error_set(err, OG_EINVAL, "--globe needs a planet world (--generator planet)");
    }
    if (a->iso_path != NULL && g->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EINVAL,
                            "--iso renders a map; for a planet use --globe or --map");
    }
    /* Every size limit before any work (issue 15 items 3 and 11). */
    if (a->map_path != NULL && (a->size_given || a->map_size_given) &&
        (st = export_check_size(a->map_size_given ? "--map-size: map" : "--size: map", a->map_w,
                                a->map_h, err)) != OG_OK) {
        return st;
    }
    if (a->globe_path != NULL && a->globe_size > 0 &&
        (st = export_check_size(a->globe_size_given ? "--globe-size: globe" : "--size: globe",
                                a->globe_size, a->globe_size, err)) != OG_OK) {
        return st;
    }
    if (a->iso_path != NULL) {
        /* the iso render is drawn render.antialias times larger, then
           averaged down: say so, naming the flag that set the size */
        int aa = params_int(&a->params, P_RENDER_ANTIALIAS);
        int sized = a->size_given || a->iso_size_given;
        int iw = sized ? a->iso_w : params_int(&a->params, P_RENDER_WIDTH);
        int ih = sized ? a->iso_h : params_int(&a->params, P_RENDER_HEIGHT);
        const char *flag = a->iso_size_given ? "--iso-size" : a->size_given ? "--size"
                                                                           : "render.width/height";
        if (iw < 1 || ih < 1 || iw > RASTER_MAX_SIDE || ih > RASTER_MAX_SIDE) {
            return og_error_set(err, OG_ERANGE, "%s %dx%d: the iso render is 1..%d px per side",
                                flag, iw, ih, RASTER_MAX_SIDE);
        }
        if (aa > 1 &&
            (iw > RASTER_MAX_SIDE / aa || ih > RASTER_MAX_SIDE / aa)) {
            return og_error_set(err, OG_ERANGE,
                                "%s %dx%d: the iso render is drawn at render.antialias = %d times "
                                "that (%dx%d), past %d px per side; at most %d px per side, or "
                                "--set render.antialias=1", flag, iw, ih, aa, iw * aa, ih * aa,
                                RASTER_MAX_SIDE, RASTER_MAX_SIDE / aa);
        }
    }
    if (a->iso_path != NULL &&
        (st = export_iso_check_size(&a->params, a->size_given || a->iso_size_given ? a->iso_w : 0,
                                    a->size_given || a->iso_size_given ? a->iso_h : 0, err)) !=
            OG_OK) {
        return st;
    }

    st = batch_dataout_check(a, g, err);
    if (st != OG_OK) {
        return st;
    }
    st = load_dem_cached(a, &raster, &dem_borrowed, err);
    if (st != OG_OK) {
        return st;
    }
    /* tiles and sizes from the sizes the world will have, before generating it */
    st = batch_dataout_check_sizes(a, g, a->dem_path != NULL ? &raster : NULL, err);
    if (st != OG_OK) {
        goto done;
    }
    if (a->iso_path != NULL && a->dem_path != NULL && (raster.width < 2 || raster.height < 2)) {
        st = og_error_set(err, OG_ERANGE, "--iso: grid %dx%d too small to render (at least 2x2)",
                          raster.width, raster.height);
        goto done;
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &a->params;
    ctx.dem = a->dem_path != NULL ? &raster : NULL;
    ctx.threads = og_threads_default();
    ctx.cancel = og_interrupt_flag();  /* SIGINT, SIGTERM, SIGHUP (main.c) */
    {
        struct batch_progress bp = { -1, -1, a->progress };
        int tty = !a->progress && isatty(STDERR_FILENO);
        if (tty || a->progress) {
            ctx.progress = a->progress ? batch_on_progress_plain : batch_on_progress;
            ctx.progress_arg = &bp;
        }
        st = pipeline_run(g, &ctx, &w, err);
        if (tty) {
            fprintf(stderr, "\r%40s\r", "");  /* blank the progress line */
            fflush(stderr);
        }
    }
    if (st == OG_OK && a->recipe_edits[0] != '\0') {
        st = replay_edits(a, &w, err);   /* an edited planet's recipe */
    }
    if (st != OG_OK) {
        goto done;
    }
    if (a->map_path != NULL && !mapimg_layer_available(w, (enum map_layer)layer)) {
        st = og_error_set(err, OG_EINVAL, "the %s generator has no '%s' layer", g->name,
                          mapimg_layer_name((enum map_layer)layer));
        goto done;
    }
    if (a->map_path != NULL && !a->size_given && !a->map_size_given) {
        if (a->recipe_w > 0 && a->recipe_h > 0) {
            mw = a->recipe_w;
            mh = a->recipe_h;
        } else {
            export_map_default_size(w, &mw, &mh);
        }
        if ((st = export_check_size("map", mw, mh, err)) != OG_OK) {
            goto done;
        }
    }
    if (a->map_path != NULL && (a->size_given || a->map_size_given) && !a->recipe_view_given &&
        (st = batch_check_map_aspect(w, a->map_size_given ? "--map-size" : "--size", mw, mh,
                                     err)) != OG_OK) {
        goto done;
    }
    /* All or none: every file stays a temporary until all are written. */
    outfile_group_begin();
    in_group = 1;
    if (a->map_path != NULL && a->out.tiles.nx > 0) {
        /* --tiles (cli/batch_dataout.c, io/tiles.h) */
        st = export_map_tiles(w, (enum map_layer)layer, mw, mh, &a->out.tiles, a->map_path, err);
        if (st == OG_OK) {
            st = batch_dataout_map_sidecars(a, w, mw, mh, err);
        }
        if (st != OG_OK) {
            goto done;
        }
    } else if (a->map_path != NULL) {
        struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
        if (a->recipe_view_given) {
            /* a TUI view export: the same part of the map again */
            view.u0 = a->recipe_view[0];
            view.v0 = a->recipe_view[1];
            view.u1 = a->recipe_view[2];
            view.v1 = a->recipe_view[3];
        }
        batch_note_write(a, "map", a->map_path);
        st = export_map_png_view(w, (enum map_layer)layer, &view, mw, mh, a->map_path, err);
        if (st == OG_OK && !a->recipe_view_given) {
            st = batch_dataout_map_sidecars(a, w, mw, mh, err);  /* world file, CRS */
        }
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
        io.cancel = og_interrupt_flag();
        int sized = a->size_given || a->iso_size_given;
        batch_note_write(a, "iso", a->iso_path);
        st = export_iso_png(w, &io, sized ? a->iso_w : 0, sized ? a->iso_h : 0, a->iso_path, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* Globe (issue 6): square, --globe-size, or --size when square, else the
       recipe's globe.size, default 1024. */
    if (a->globe_path != NULL) {
        int gs = a->globe_size > 0 ? a->globe_size : a->recipe_globe > 0 ? a->recipe_globe : 1024;
        batch_note_write(a, "globe", a->globe_path);
        st = globe_export_png(w, gs, a->globe_path, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* Data exports (cli/batch_dataout.c): heightmaps, r16 ... */
    st = batch_dataout_write(a, w, &exports, err);
    if (st != OG_OK) {
        goto done;
    }
    if (a->stats_path != NULL && strcmp(a->stats_path, "-") != 0) {
        st = batch_dataout_stats(w, a->stats_path, exports, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* --bundle: written in the group, its folder renamed into place after
       the group's files (io/bundle.h): all outputs or none */
    st = batch_dataout_bundle(a, w, &stage, err);
    if (st != OG_OK) {
        goto done;
    }
    in_group = 0;
    st = outfile_group_end(1, err);
    if (st == OG_OK) {
        st = bundle_finish(&stage, 1, err);
    }
    /* Standard output last: it cannot be taken back. */
    if (st == OG_OK && a->stats_path != NULL && strcmp(a->stats_path, "-") == 0) {
        st = batch_dataout_stats(w, a->stats_path, exports, err);
    }
done:
    if (in_group) {
        outfile_group_end(0, NULL);
    }
    bundle_finish(&stage, 0, NULL);
    free(exports);
    world_unref(w);
    if (!dem_borrowed) {
        dem_raster_fini(&raster);
    }
    return st;
}
