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
        W = 2 * EXPORT_DEFAULT_LONG;
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

/* A growing string buffer for the JSON writer. */
struct sbuf {
    char *s;
    size_t len, cap;
    int failed;
};

static void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (b->failed) {
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = 1;
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->len + (size_t)n + 1 > cap) {
            cap *= 2;
        }
        char *ns = realloc(b->s, cap);
        if (ns == NULL) {
            b->failed = 1;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void
sb_json_string(struct sbuf *b, const char *s)
{
    sb_printf(b, "\"");
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            sb_printf(b, "\\%c", c);
        } else if (c < 0x20) {
            sb_printf(b, "\\u%04x", c);
        } else {
            sb_printf(b, "%c", c);
        }
    }
    sb_printf(b, "\"");
}

/* JSON numbers: finite values with round-trip precision, null otherwise. */
static void
sb_number(struct sbuf *b, double v)
{
    char buf[40];
    int prec;
    if (v != v || v > 1e308 || v < -1e308) {
        sb_printf(b, "null");
        return;
    }
    for (prec = 6; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) {
            break;
        }
    }
    sb_printf(b, "%s", buf);
}

static const char *
kind_name(enum world_kind k)
{
    return k == WORLD_GRID ? "grid" : (k == WORLD_MESH ? "mesh" : "sphere");
}

enum og_status
export_stats_json(const struct world *w, char **out, struct og_error *err)
{
    const struct generator *g = generator_get(w->gen);
    unsigned mask = g != NULL ? g->param_groups : (1u << PG_COMMON);
    struct world_summary s;
    struct sbuf b = { 0 };
    double total = 0.0;
    int i, j, first;

    stats_summarize(w, &s);
    sb_printf(&b, "{\n  \"orogen_version\": \"%s\",\n  \"generator\": \"%s\",\n", PACKAGE_VERSION,
              world_gen_name(w->gen));
    sb_printf(&b, "  \"seed\": %" PRIu64 ",\n", w->params.seed);
    if (w->source[0] != '\0') {
        sb_printf(&b, "  \"source\": ");
        sb_json_string(&b, recipe_dem_identity_name(w->source));
        sb_printf(&b, ",\n");
    }
    sb_printf(&b, "  \"params\": {");
    first = 1;
    for (i = 0; i < P_COUNT; i++) {
        char val[64];
        const struct param_def *d = param_def((enum param_id)i);
        if (!param_in_groups((enum param_id)i, mask)) {
            continue;
        }
        sb_printf(&b, "%s\n    ", first ? "" : ",");
        first = 0;
        sb_json_string(&b, d->name);
        sb_printf(&b, ": ");
        params_format(&w->params, (enum param_id)i, val, sizeof val);
        if (d->type == PT_ENUM || isnan(w->params.v[i])) { /* "auto" too */
            sb_json_string(&b, val);
        } else {
            sb_printf(&b, "%s", val);
        }
    }
    sb_printf(&b, "\n  },\n");
    sb_printf(&b, "  \"world\": {\n    \"kind\": \"%s\",\n", kind_name(w->kind));
    if (w->kind == WORLD_GRID) {
        sb_printf(&b, "    \"width\": %d,\n    \"height\": %d,\n", w->width, w->height);
    }
    sb_printf(&b, "    \"cells\": %zu,\n    \"land_cells\": %zu,\n    \"land_fraction\": ", s.cells,
              s.land_cells);
    sb_number(&b, s.land_fraction);
    sb_printf(&b, ",\n    \"elevation_units\": \"%s\",\n",
              w->gen == GEN_DEM ? "m" : "model");
    {   /* the world's scale where known (doc/scale.md) */
        double mx, my, mz;
        world_metric(w, &mx, &my, &mz);
        if (mz > 0.0) {
            sb_printf(&b, "    \"metres_per_elevation_unit\": ");
            sb_number(&b, mz);
            sb_printf(&b, ",\n");
        }
        if (mx > 0.0 && my > 0.0) {
            sb_printf(&b, "    \"extent_m\": [");
            sb_number(&b, mx);
            sb_printf(&b, ", ");
            sb_number(&b, my);
            sb_printf(&b, "],\n");
        }
        if (mx > 0.0 && my > 0.0 && w->kind == WORLD_GRID) {
            sb_printf(&b, "    \"cell_size_m\": [");
            sb_number(&b, mx / w->width);
            sb_printf(&b, ", ");
            sb_number(&b, my / w->height);
            sb_printf(&b, "],\n");
        }
    }
    sb_printf(&b, "    \"elevation_min\": ");
    sb_number(&b, s.elev_min);
    sb_printf(&b, ",\n    \"elevation_min_at\": [");
    sb_number(&b, s.min_pos[0]);
    sb_printf(&b, ", ");
    sb_number(&b, s.min_pos[1]);
    sb_printf(&b, "],\n    \"elevation_max\": ");
    sb_number(&b, s.elev_max);
    sb_printf(&b, ",\n    \"elevation_max_at\": [");
    sb_number(&b, s.max_pos[0]);
    sb_printf(&b, ", ");
    sb_number(&b, s.max_pos[1]);
    sb_printf(&b, "]\n  },\n  \"stages\": [");
    for (i = 0; i < w->nstages; i++) {
        sb_printf(&b, "%s\n    {\"name\": \"%s\", \"ms\": ", i ? "," : "", w->times[i].name);
        sb_number(&b, w->times[i].ms);
        sb_printf(&b, "}");
        total += w->times[i].ms;
    }
    sb_printf(&b, "\n  ],\n  \"total_ms\": ");
    sb_number(&b, total);

    /* The world report: what was asked against what came out
     * (core/report.h, doc/stats.md). */
    {
        struct world_report rep;
        enum og_status rst = world_report_build(w, &rep, err);
        if (rst != OG_OK) {
            free(b.s);
            return rst;
        }
        sb_printf(&b, ",\n  \"report\": {");
        for (i = 0; i < rep.n; i++) {
            const struct report_row *x = &rep.row[i];
            sb_printf(&b, "%s\n    \"%s\": {\"asked\": ", i ? "," : "", x->key);
            if (isnan(x->asked)) {
                sb_printf(&b, "null");
            } else {
                sb_number(&b, x->asked);
            }
            sb_printf(&b, ", \"got\": ");
            sb_number(&b, x->got);
            sb_printf(&b, ", \"ok\": %s}", x->ok ? "true" : "false");
        }
        sb_printf(&b, "\n  }");
    }

    /* Generator figures: "section.key" grouped by section, in order. */
    for (i = 0; i < w->nstats; i++) {
        const char *dot = strchr(w->stats[i].key, '.');
        size_t slen = dot != NULL ? (size_t)(dot - w->stats[i].key) : 0;
        int seen = 0;
        for (j = 0; j < i; j++) {
            const char *d2 = strchr(w->stats[j].key, '.');
            size_t l2 = d2 != NULL ? (size_t)(d2 - w->stats[j].key) : 0;
            if (l2 == slen && strncmp(w->stats[j].key, w->stats[i].key, slen) == 0) {
                seen = 1;
                break;
            }
        }
        if (seen) {
            continue;
        }
        if (slen == 0) {
            slen = strlen(w->stats[i].key);
        }
        sb_printf(&b, ",\n  \"%.*s\": {", (int)slen, w->stats[i].key);
        first = 1;
        for (j = i; j < w->nstats; j++) {
            const struct world_stat *st = &w->stats[j];
            const char *d2 = strchr(st->key, '.');
            size_t l2 = d2 != NULL ? (size_t)(d2 - st->key) : strlen(st->key);
            if (l2 != slen || strncmp(st->key, w->stats[i].key, slen) != 0) {
                continue;
            }
            sb_printf(&b, "%s\n    ", first ? "" : ",");
            first = 0;
            sb_json_string(&b, d2 != NULL ? d2 + 1 : st->key);
            sb_printf(&b, ": ");
            switch (st->type) {
            case WSTAT_INT:
                sb_printf(&b, "%.0f", st->a);
                break;
            case WSTAT_REAL:
                sb_number(&b, st->a);
                break;
            case WSTAT_POINT:
                sb_printf(&b, "[");
                sb_number(&b, st->a);
                sb_printf(&b, ", ");
                sb_number(&b, st->b);
                sb_printf(&b, "]");
                break;
            case WSTAT_TEXT:
                sb_json_string(&b, st->text);
                break;
            }
        }
        sb_printf(&b, "\n  }");
    }
    sb_printf(&b, "\n}\n");
    if (b.failed) {
        free(b.s);
        return og_error_set(err, OG_ENOMEM, "out of memory writing stats");
    }
    *out = b.s;
    return OG_OK;
}

enum og_status
export_stats_file(const struct world *w, const char *path, struct og_error *err)
{
    char *json = NULL;
    enum og_status st = export_stats_json(w, &json, err);
    size_t len;

    if (st != OG_OK) {
        return st;
    }
    len = strlen(json);
    if (strcmp(path, "-") == 0) {
        if (fwrite(json, 1, len, stdout) != len || fflush(stdout) != 0) {
            st = og_error_set(err, OG_EIO, "cannot write stats to standard output: %s",
                              strerror(errno));
        }
    } else {
        st = outfile_write(path, json, len, err);
    }
    free(json);
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
