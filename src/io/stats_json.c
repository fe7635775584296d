/* stats_json: the stats JSON of a world (keys: doc/stats.md). */
#include "config.h"
#include "io/stats_json.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/recipe/recipe.h"
#include "core/report.h"
#include "core/stats.h"
#include "io/outfile.h"

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

/* "params": the parameters of the generator's groups. */
static void
stats_params(struct sbuf *b, const struct world *w)
{
    const struct generator *g = generator_get(w->gen);
    unsigned mask = g != NULL ? g->param_groups : (1u << PG_COMMON);
    int i, first = 1;

    sb_printf(b, "  \"params\": {");
    for (i = 0; i < P_COUNT; i++) {
        char val[64];
        const struct param_def *d = param_def((enum param_id)i);
        if (!param_in_groups((enum param_id)i, mask)) {
            continue;
        }
        sb_printf(b, "%s\n    ", first ? "" : ",");
        first = 0;
        sb_json_string(b, d->name);
        sb_printf(b, ": ");
        params_format(&w->params, (enum param_id)i, val, sizeof val);
        if (d->type == PT_ENUM || isnan(w->params.v[i])) { /* "auto" too */
            sb_json_string(b, val);
        } else {
            sb_printf(b, "%s", val);
        }
    }
    sb_printf(b, "\n  },\n");
}

/* "x": [a, b] */
static void
sb_pair(struct sbuf *b, const char *key, double x, double y)
{
    sb_printf(b, "\"%s\": [", key);
    sb_number(b, x);
    sb_printf(b, ", ");
    sb_number(b, y);
    sb_printf(b, "]");
}

/* "world": kind, size, land, scale and the elevation range. */
static void
stats_world(struct sbuf *b, const struct world *w)
{
    struct world_summary s;
    double mx, my, mz;

    stats_summarize(w, &s);
    sb_printf(b, "  \"world\": {\n    \"kind\": \"%s\",\n", kind_name(w->kind));
    if (w->kind == WORLD_GRID) {
        sb_printf(b, "    \"width\": %d,\n    \"height\": %d,\n", w->width, w->height);
    }
    sb_printf(b, "    \"cells\": %zu,\n    \"land_cells\": %zu,\n    \"land_fraction\": ", s.cells,
              s.land_cells);
    sb_number(b, s.land_fraction);
    sb_printf(b, ",\n    \"elevation_units\": \"%s\",\n", w->gen == GEN_DEM ? "m" : "model");
    /* the world's scale where known (doc/scale.md) */
    world_metric(w, &mx, &my, &mz);
    if (mz > 0.0) {
        sb_printf(b, "    \"metres_per_elevation_unit\": ");
        sb_number(b, mz);
        sb_printf(b, ",\n");
    }
    if (mx > 0.0 && my > 0.0) {
        sb_printf(b, "    ");
        sb_pair(b, "extent_m", mx, my);
        sb_printf(b, ",\n");
    }
    if (mx > 0.0 && my > 0.0 && w->kind == WORLD_GRID) {
        sb_printf(b, "    ");
        sb_pair(b, "cell_size_m", mx / w->width, my / w->height);
        sb_printf(b, ",\n");
    }
    sb_printf(b, "    \"elevation_min\": ");
    sb_number(b, s.elev_min);
    sb_printf(b, ",\n    ");
    sb_pair(b, "elevation_min_at", s.min_pos[0], s.min_pos[1]);
    sb_printf(b, ",\n    \"elevation_max\": ");
    sb_number(b, s.elev_max);
    sb_printf(b, ",\n    ");
    sb_pair(b, "elevation_max_at", s.max_pos[0], s.max_pos[1]);
    sb_printf(b, "\n  },\n");
}

/* "stages" and "total_ms". */
static void
stats_stages(struct sbuf *b, const struct world *w)
{
    double total = 0.0;
    int i;

    sb_printf(b, "  \"stages\": [");
    for (i = 0; i < w->nstages; i++) {
        sb_printf(b, "%s\n    {\"name\": \"%s\", \"ms\": ", i ? "," : "", w->times[i].name);
        sb_number(b, w->times[i].ms);
        sb_printf(b, "}");
        total += w->times[i].ms;
    }
    sb_printf(b, "\n  ],\n  \"total_ms\": ");
    sb_number(b, total);
}

/* "report": what was asked against what came out (core/report.h,
 * doc/stats.md). */
static enum og_status
stats_report(struct sbuf *b, const struct world *w, struct og_error *err)
{
    struct world_report rep;
    enum og_status st = world_report_build(w, &rep, err);
    int i;

    if (st != OG_OK) {
        return st;
    }
    sb_printf(b, ",\n  \"report\": {");
    for (i = 0; i < rep.n; i++) {
        const struct report_row *x = &rep.row[i];
        sb_printf(b, "%s\n    \"%s\": {\"asked\": ", i ? "," : "", x->key);
        if (isnan(x->asked)) {
            sb_printf(b, "null");
        } else {
            sb_number(b, x->asked);
        }
        sb_printf(b, ", \"got\": ");
        sb_number(b, x->got);
        sb_printf(b, ", \"ok\": %s}", x->ok ? "true" : "false");
    }
    sb_printf(b, "\n  }");
    return OG_OK;
}

/* One generator figure's value. */
static void
stats_value(struct sbuf *b, const struct world_stat *st)
{
    switch (st->type) {
    case WSTAT_INT:
        sb_printf(b, "%.0f", st->a);
        break;
    case WSTAT_REAL:
        sb_number(b, st->a);
        break;
    case WSTAT_POINT:
        sb_printf(b, "[");
        sb_number(b, st->a);
        sb_printf(b, ", ");
        sb_number(b, st->b);
        sb_printf(b, "]");
        break;
    case WSTAT_TEXT:
        sb_json_string(b, st->text);
        break;
    }
}

/* Generator figures: "section.key" grouped by section, in order. */
static void
stats_sections(struct sbuf *b, const struct world *w)
{
    int i, j, first;

    for (i = 0; i < w->nstats; i++) {
        const char *dot = strchr(w->stats[i].key, '.');
        size_t slen = dot != NULL ? (size_t)(dot - w->stats[i].key) : 0;
        int seen = 0;
        for (j = 0; j < i && !seen; j++) {
            const char *d2 = strchr(w->stats[j].key, '.');
            size_t l2 = d2 != NULL ? (size_t)(d2 - w->stats[j].key) : 0;
            seen = l2 == slen && strncmp(w->stats[j].key, w->stats[i].key, slen) == 0;
        }
        if (seen) {
            continue;
        }
        if (slen == 0) {
            slen = strlen(w->stats[i].key);
        }
        sb_printf(b, ",\n  \"%.*s\": {", (int)slen, w->stats[i].key);
        first = 1;
        for (j = i; j < w->nstats; j++) {
            const struct world_stat *st = &w->stats[j];
            const char *d2 = strchr(st->key, '.');
            size_t l2 = d2 != NULL ? (size_t)(d2 - st->key) : strlen(st->key);
            if (l2 != slen || strncmp(st->key, w->stats[i].key, slen) != 0) {
                continue;
            }
            sb_printf(b, "%s\n    ", first ? "" : ",");
            first = 0;
            sb_json_string(b, d2 != NULL ? d2 + 1 : st->key);
            sb_printf(b, ": ");
            stats_value(b, st);
        }
        sb_printf(b, "\n  }");
    }
}

enum og_status
export_stats_json(const struct world *w, char **out, struct og_error *err)
{
    struct sbuf b = { 0 };
    enum og_status st;

    sb_printf(&b, "{\n  \"orogen_version\": \"%s\",\n  \"generator\": \"%s\",\n", PACKAGE_VERSION,
              world_gen_name(w->gen));
    sb_printf(&b, "  \"seed\": %" PRIu64 ",\n", w->params.seed);
    if (w->source[0] != '\0') {
        sb_printf(&b, "  \"source\": ");
        sb_json_string(&b, recipe_dem_identity_name(w->source));
        sb_printf(&b, ",\n");
    }
    stats_params(&b, w);
    stats_world(&b, w);
    stats_stages(&b, w);
    if ((st = stats_report(&b, w, err)) != OG_OK) {
        free(b.s);
        return st;
    }
    stats_sections(&b, w);
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

