#include "config.h"
#include "io/export.h"
#include "io/export_map.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/planet/planet_edit.h"
#include "core/recipe/recipe.h"
#include "core/report.h"
#include "core/stats.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "render/projection.h"

enum og_status
export_check_size(const char *what, int width, int height, struct og_error *err)
{
    if (width < 1 || height < 1 || width > EXPORT_MAX_SIDE || height > EXPORT_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "%s size %dx%d outside 1..%d per side", what, width,
                            height, EXPORT_MAX_SIDE);
    }
    return OG_OK;
}
/* Default map sizes: small grids grow by an integer factor towards
 * EXPORT_DEFAULT_LONG pixels on the long side, big ones shrink to
 * EXPORT_DEFAULT_MAX. */
#define EXPORT_DEFAULT_LONG 1024
#define EXPORT_DEFAULT_MAX 2048

enum og_status
export_recipe(const struct world *w, const char *extra, struct pngio_text **text, size_t *ntext,
              void **block, struct og_error *err)
{
    return export_recipe_world(w, &w->params, extra, text, ntext, block, err);
}

enum og_status
export_recipe_world(const struct world *w, const struct params *p, const char *extra,
                    struct pngio_text **text, size_t *ntext, void **block, struct og_error *err)
{
    char *edits = NULL, *all;
    size_t elen = extra != NULL ? strlen(extra) : 0;
    enum og_status st;

    if (w->nedits == 0) {
        return export_recipe_for(w->gen, p, w->source, extra, text, ntext, block, err);
    }
    if ((st = planet_edits_to_text(w, &edits, err)) != OG_OK) {
        return st;
    }
    all = malloc(elen + strlen(edits) + 32);
    if (all == NULL) {
        free(edits);
        return og_error_set(err, OG_ENOMEM, "out of memory for the PNG recipe");
    }
    sprintf(all, "%splanet.edits = %s\n", extra != NULL ? extra : "", edits);
    free(edits);
    st = export_recipe_for(w->gen, p, w->source, all, text, ntext, block, err);
    free(all);
    return st;
}

enum og_status
export_recipe_for(enum gen_id gen, const struct params *p, const char *source, const char *extra,
                  struct pngio_text **text, size_t *ntext, void **block, struct og_error *err)
{
    const struct generator *g = generator_get(gen);
    size_t srclen = strlen(source) + 1;
    unsigned mask = g != NULL ? g->param_groups : (1u << PG_COMMON);
    char *params = NULL, *all;
    struct pngio_text *t;
    char seed[32], software[64], format[16], genver[16];
    size_t plen, elen, need;
    enum og_status st;

    st = params_to_text(p, mask, &params, err);
    if (st != OG_OK) {
        return st;
    }
    plen = strlen(params);
    elen = extra != NULL ? strlen(extra) : 0;
    snprintf(seed, sizeof seed, "%" PRIu64, p->seed);
    snprintf(software, sizeof software, "orogen %s", PACKAGE_VERSION);
    snprintf(format, sizeof format, "%d", RECIPE_FORMAT);
    snprintf(genver, sizeof genver, "%d", recipe_generator_version(gen));
    /* One block: the text array, then the strings it points into. */
    need = 8 * sizeof *t + plen + elen + 2 + sizeof seed + sizeof software + sizeof format +
           sizeof genver + srclen;
    all = malloc(need);
    if (all == NULL) {
        free(params);
        return og_error_set(err, OG_ENOMEM, "out of memory for the PNG recipe");
    }
    t = (struct pngio_text *)(void *)all;
    char *s = all + 8 * sizeof *t;
    char *pv = s;
    memcpy(pv, params, plen);
    if (elen > 0) {
        memcpy(pv + plen, extra, elen);
    }
    pv[plen + elen] = '\0';
    s += plen + elen + 1;
    char *sv = s;
    memcpy(sv, seed, sizeof seed);
    s += sizeof seed;
    char *sw = s;
    memcpy(sw, software, sizeof software);
    s += sizeof software;
    char *fv = s;
    memcpy(fv, format, sizeof format);
    s += sizeof format;
    char *gv = s;
    memcpy(gv, genver, sizeof genver);
    s += sizeof genver;
    char *src = s;
    memcpy(src, source, srclen);
    free(params);

    size_t n = 0;
    t[n].key = "Software";
    t[n++].value = sw;
    t[n].key = "orogen:format";
    t[n++].value = fv;
    t[n].key = "orogen:version";
    t[n++].value = PACKAGE_VERSION;
    t[n].key = "orogen:generator";
    t[n++].value = world_gen_name(gen);
    t[n].key = "orogen:generator-version";
    t[n++].value = gv;
    t[n].key = "orogen:seed";
    t[n++].value = sv;
    t[n].key = "orogen:params";
    t[n++].value = pv;
    if (source[0] != '\0') {
        /* The dem's identity "SIZE SHA256 NAME", never a path. */
        t[n].key = "orogen:dem";
        t[n++].value = src;
    }
    *text = t;
    *ntext = n;
    *block = all;
    return OG_OK;
}

void
export_map_default_size(const struct world *w, int *width, int *height)
{
    int W = 1024, H = 1024;

    if (w->kind == WORLD_GRID && w->width > 0 && w->height > 0) {
        int big = w->width > w->height ? w->width : w->height;
        W = w->width;
        H = w->height;
        if (big > EXPORT_DEFAULT_MAX) {
            W = (int)((long)W * EXPORT_DEFAULT_MAX / big);
            H = (int)((long)H * EXPORT_DEFAULT_MAX / big);
        } else if (2 * big <= EXPORT_DEFAULT_LONG) {
            /* an integer factor: every cell the same number of pixels */
            int k = EXPORT_DEFAULT_LONG / big;
            W *= k;
            H *= k;
        }
    } else if (w->kind == WORLD_SPHERE) {
        /* 2:1 (equirectangular, Mollweide), the orthographic disc square */
        W = params_int(&w->params, P_PLANET_PROJECTION) == PROJ_ORTHOGRAPHIC ? 1 : 2;
        W *= EXPORT_DEFAULT_LONG;
        H = EXPORT_DEFAULT_LONG;
    }
    *width = W < 1 ? 1 : W;
    *height = H < 1 ? 1 : H;
}

enum og_status
export_map_png(const struct world *w, enum map_layer layer, int width, int height,
               const char *path, struct og_error *err)
{
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    return export_map_png_view(w, layer, &view, width, height, path, err);
}

enum og_status
export_map_png_view(const struct world *w, enum map_layer layer, const struct map_view *vw,
                    int width, int height, const char *path, struct og_error *err)
{
    struct map_view view = *vw;
    int full = view.u0 == 0.0 && view.v0 == 0.0 && view.u1 == 1.0 && view.v1 == 1.0;
    struct pngio_text *text = NULL;
    size_t ntext = 0;
    void *block = NULL;
    char extra[192];
    enum og_status st;

    if (!(view.u0 >= 0.0 && view.v0 >= 0.0 && view.u1 <= 1.0 && view.v1 <= 1.0 &&
          view.u0 < view.u1 && view.v0 < view.v1)) {
        return og_error_set(err, OG_EINVAL, "map view %g %g %g %g is not inside the map square",
                            view.u0, view.v0, view.u1, view.v1);
    }
    if ((st = export_check_size("map", width, height, err)) != OG_OK) {
        return st;
    }
    {
        int k = snprintf(extra, sizeof extra, "map.layer = %s\nmap.size = %dx%d\n",
                         mapimg_layer_name(layer), width, height);
        if (!full) {
            /* %.17g: the recipe gives back the same doubles */
            snprintf(extra + k, sizeof extra - (size_t)k, "map.view = %.17g %.17g %.17g %.17g\n",
                     view.u0, view.v0, view.u1, view.v1);
        }
    }
    st = export_recipe(w, extra, &text, &ntext, &block, err);
    if (st != OG_OK) {
        return st;
    }
    /* rendered band by band into the encoder: a 16384^2 map never holds
     * its 1 GiB of pixels (render/mapimg.h) */
    st = mapimg_write_png(w, layer, &view, width, height, path, text, ntext, 6, err);
    free(block);
    return st;
}

struct export_job {
    pthread_t thread;
    struct world *world;
    export_fn *fn;
    void *arg;
    void (*done)(void *);
    void *done_arg;
    atomic_int finished;
    enum og_status status;
    struct og_error err;
};

static void *
job_main(void *p)
{
    struct export_job *job = p;
    og_error_clear(&job->err);
    job->status = job->fn(job->world, job->arg, &job->err);
    atomic_store(&job->finished, 1);
    if (job->done != NULL) {
        job->done(job->done_arg);
    }
    return NULL;
}

enum og_status
export_job_start(struct export_job **out, struct world *w, export_fn *fn, void *arg,
                 void (*done)(void *), void *done_arg, struct og_error *err)
{
    struct export_job *job = calloc(1, sizeof *job);
    *out = NULL;
    if (job == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for an export");
    }
    job->world = world_ref(w);
    job->fn = fn;
    job->arg = arg;
    job->done = done;
    job->done_arg = done_arg;
    atomic_init(&job->finished, 0);
    if (pthread_create(&job->thread, NULL, job_main, job) != 0) {
        world_unref(job->world);
        free(job);
        return og_error_set(err, OG_EIO, "cannot start the export thread");
    }
    *out = job;
    return OG_OK;
}

int
export_job_done(struct export_job *job)
{
    return atomic_load(&job->finished);
}

enum og_status
export_job_finish(struct export_job *job, struct og_error *err)
{
    enum og_status st;
    pthread_join(job->thread, NULL);
    st = job->status;
    if (err != NULL) {
        *err = job->err;
    }
    world_unref(job->world);
    free(job);
    return st;
}
