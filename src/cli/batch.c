#include "config.h"
#include "cli/batch.h"
#include "cli/memcheck.h"
#include "io/export_globe.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/planet/planet_edit.h"
#include "core/recipe/recipe.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "io/dem/dem_load.h"
#include "io/export.h"
#include "io/georef.h"
#include "render/globe.h"
#include "io/export_iso.h"
#include "render/mapimg.h"
#include "io/outfile.h"
#include "io/output.h"
#include "io/png/pngio.h"
#include "render/raster.h"
#include "io/tiles.h"

enum og_status
batch_load_dem(const struct cli_args *a, struct dem_raster *r, struct og_error *err)
{
    memset(r, 0, sizeof *r);
    if (a->dem_path == NULL) {
        return OG_OK;
    }
    /* PNG or anything GDAL reads, with its georeferencing and identity */
    return dem_load(a->dem_path, r, err);
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
batch_note_write(void *arg, const char *what, const char *path)
{
    static struct batch_write_progress wp;
    (void)arg;
    fprintf(stderr, "write %s %s\n", what, path);
    fflush(stderr);
    wp.what = what;
    wp.path = path;
    wp.last = -1;
    pngio_set_progress(batch_on_write, &wp);
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

/* The export's outputs (io/output.h) from the command line. */
static void
batch_plan(const struct cli_args *a, const struct generator *g, int layer,
           struct output_plan *p)
{
    memset(p, 0, sizeof *p);
    memcpy(p->path, a->outputs, sizeof p->path);
    p->gen = g;
    p->params = &a->params;
    p->dem_path = a->dem_path;
    if (a->size_given) {
        p->size_w = a->size_w;
        p->size_h = a->size_h;
    }
    if (a->size_given || a->map_size_given) {
        p->map_w = a->map_w;
        p->map_h = a->map_h;
        p->map_flag = a->map_size_given ? "--map-size" : "--size";
    }
    p->recipe_map_w = a->recipe_w;
    p->recipe_map_h = a->recipe_h;
    p->layer = layer;
    p->view = (struct map_view){ 0.0, 0.0, 1.0, 1.0 };
    if (a->recipe_view_given) {
        /* a TUI view export: the same part of the map again */
        p->view = (struct map_view){ a->recipe_view[0], a->recipe_view[1], a->recipe_view[2],
                                     a->recipe_view[3] };
        p->view_given = 1;
    }
    if (a->size_given || a->iso_size_given) {
        p->iso_w = a->iso_w;
        p->iso_h = a->iso_h;
        p->iso_flag = a->iso_size_given ? "--iso-size" : "--size";
    }
    p->subdiv = a->subdiv;
    p->rotate = a->rotate;
    p->time_of_day = a->time_of_day;
    p->globe_size = a->globe_size;
    p->globe_flag = a->globe_size_given ? "--globe-size" : "--size";
    p->recipe_globe = a->recipe_globe;
    p->mesh_w = a->out.mesh_w;
    p->mesh_h = a->out.mesh_h;
    p->range = a->out.range;
    p->engine = a->out.engine;
    p->normals_convention = a->out.normals_convention;
    p->tiles = a->out.tiles;
    p->origin = a->out.origin;   /* its srs is resolved (and freed) by the plan */
    if (a->progress) {
        p->on_write = batch_note_write;
    }
}

/* --extent went into island.extent or hybrid.extent (cli/args.c): refused
 * where it means nothing. */
static enum og_status
check_extent(const struct cli_args *a, const struct generator *g, struct og_error *err)
{
    if (!(a->out.extent_m > 0.0)) {
        return OG_OK;
    }
    if (g->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EUSAGE, "--extent is for flat maps, not a planet");
    }
    if (a->dem_path != NULL) {
        return og_error_set(err, OG_EUSAGE, "--extent is for generated worlds; a DEM keeps its "
                            "own georeferencing");
    }
    return OG_OK;
}

/* Generate the world of a (progress on a terminal's stderr, or plain lines
 * with --progress), with a --from planet recipe's land edits replayed. */
static enum og_status
batch_generate(const struct cli_args *a, const struct generator *g,
               struct dem_raster *raster, int release, struct world **w, struct og_error *err)
{
    struct batch_progress bp = { -1, -1, a->progress };
    int tty = !a->progress && isatty(STDERR_FILENO);
    struct run_ctx ctx;
    enum og_status st;

    memset(&ctx, 0, sizeof ctx);
    ctx.params = &a->params;
    ctx.dem = raster;
    ctx.dem_release = release ? raster : NULL; /* not a cached one (batch_dem_cache) */
    ctx.threads = og_threads_default();
    ctx.cancel = og_interrupt_flag();  /* SIGINT, SIGTERM, SIGHUP (main.c) */
    if (tty || a->progress) {
        ctx.progress = a->progress ? batch_on_progress_plain : batch_on_progress;
        ctx.progress_arg = &bp;
    }
    st = pipeline_run(g, &ctx, w, err);
    if (tty) {
        fprintf(stderr, "\r%40s\r", "");  /* blank the progress line */
        fflush(stderr);
    }
    if (st == OG_OK && a->recipe_edits[0] != '\0') {
        st = replay_edits(a, w, err);   /* an edited planet's recipe */
    }
    return st;
}

int
batch_layer_find(const char *name, struct og_error *err)
{
    char names[512] = "";
    size_t n = 0;
    int layer = mapimg_layer_find(name);

    if (layer >= 0) {
        return layer;
    }
    for (int k = 0; k < LAYER_COUNT && n < sizeof names; k++) {
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", k > 0 ? ", " : "",
                              mapimg_layer_name((enum map_layer)k));
    }
    og_error_set(err, OG_EINVAL, "unknown layer '%s' (%s)", name, names);
    return -1;
}

/* Every output is checked before the world is generated, and every output
 * that depends on the world before anything is written (io/output.h): a
 * bad --iso never leaves a --map of the same command behind. */
enum og_status
batch_export(const struct cli_args *a, struct og_error *err)
{
    const struct generator *g = generator_get(a->gen);
    const char *layer_name = a->layer != NULL ? a->layer
                             : (a->recipe_layer[0] != '\0' ? a->recipe_layer : NULL);
    int layer = layer_name != NULL ? batch_layer_find(layer_name, err) : LAYER_COLOR;
    struct output_plan plan;
    struct dem_raster raster;
    struct world *w = NULL;
    int dem_borrowed = 0;
    enum og_status st;

    memset(&raster, 0, sizeof raster);
    if (g == NULL) {
        return og_error_set(err, OG_EUNSUPPORTED, "generator '%s' is not in this build",
                            world_gen_name(a->gen));
    }
    if (layer < 0) {   /* a --from recipe's layer (--layer was checked by cli_parse) */
        return err->code;
    }
    batch_plan(a, g, layer, &plan);
    if ((st = output_plan_check_paths(&plan, err)) != OG_OK ||
        (st = check_extent(a, g, err)) != OG_OK ||
        (st = output_plan_check(&plan, err)) != OG_OK ||
        /* the memory it needs, before any work (issue 28 item 6) */
        (st = memcheck_run(a, &plan, err)) != OG_OK ||
        (st = load_dem_cached(a, &raster, &dem_borrowed, err)) != OG_OK) {
        output_plan_fini(&plan);
        return st;
    }
    plan.dem = a->dem_path != NULL ? &raster : NULL;
    st = output_plan_check(&plan, err);
    if (st == OG_OK) {
        st = batch_generate(a, g, a->dem_path != NULL ? &raster : NULL, !dem_borrowed, &w, err);
    }
    if (st == OG_OK) {
        st = output_plan_write(&plan, w, err);
    }
    output_plan_fini(&plan);
    world_unref(w);
    if (!dem_borrowed) {
        dem_raster_fini(&raster);
    }
    return st;
}
