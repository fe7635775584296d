#include "config.h"
#include "core/recipe/params.h"
#include "core/base/numparse.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct param_def table[P_COUNT] = {
#define PARAM(id, nm, grp, typ, df, mn, mx, st, un, ch, hl) \
    [P_##id] = { nm, grp, typ, df, mn, mx, st, un, ch, hl },
#include "core/recipe/params.def"
#undef PARAM
};

static const char *const group_names[PG_COUNT] = {
    "common", "island", "dem", "hybrid", "planet", "hydro", "render", "lem",
};

const struct param_def *
param_def(enum param_id id)
{
    return &table[id];
}

const char *
param_group_name(enum param_group g)
{
    return (unsigned)g < PG_COUNT ? group_names[g] : "?";
}

int
params_find(const char *name)
{
    int i;
    for (i = 0; i < P_COUNT; i++) {
        if (strcmp(table[i].name, name) == 0) {
            return i;
        }
    }
    return -1;
}

void
params_defaults(struct params *p)
{
    int i;
    for (i = 0; i < P_COUNT; i++) {
        p->v[i] = table[i].def;
    }
    p->seed = (uint64_t)table[P_SEED].def;
}

double
params_get(const struct params *p, enum param_id id)
{
    if (id == P_SEED) {
        return (double)p->seed;
    }
    return p->v[id];
}

int
params_int(const struct params *p, enum param_id id)
{
    return (int)p->v[id];
}

char *
params_format_number(double v, char *buf, size_t size)
{
    int prec;
    if (v == floor(v) && fabs(v) < 1e15) {
        snprintf(buf, size, "%.0f", v);
        return buf;
    }
    for (prec = 6; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) {
            break;
        }
    }
    return buf;
}

static void
fmt_real(double v, char *buf, size_t size)
{
    params_format_number(v, buf, size);
}

static enum og_status
range_error(const struct param_def *d, double v, struct og_error *err)
{
    char a[32], lo[32], hi[32];
    fmt_real(v, a, sizeof a);
    fmt_real(d->min, lo, sizeof lo);
    fmt_real(d->max, hi, sizeof hi);
    return og_error_set(err, OG_ERANGE, "param '%s' = %s outside [%s, %s]", d->name, a, lo, hi);
}

enum og_status
params_set(struct params *p, enum param_id id, double v, struct og_error *err)
{
    const struct param_def *d;

    if ((unsigned)id >= P_COUNT) {
        return og_error_set(err, OG_EINVAL, "no parameter with id %d", (int)id);
    }
    d = &table[id];
    if (!isfinite(v)) {
        return og_error_set(err, OG_EINVAL, "param '%s' must be a finite number", d->name);
    }
    if (d->type != PT_REAL && v != floor(v)) {
        /* before the range: "1.5 outside [16, 2000000]" hid the real fault */
        char a[32], lo[32], hi[32];
        fmt_real(v, a, sizeof a);
        fmt_real(d->min, lo, sizeof lo);
        fmt_real(d->max, hi, sizeof hi);
        return og_error_set(err, OG_EINVAL, "param '%s' = %s must be an integer in [%s, %s]",
                            d->name, a, lo, hi);
    }
    if (v < d->min || v > d->max) {
        return range_error(d, v, err);
    }
    if (id == P_SEED) {
        p->seed = (uint64_t)v;
        p->v[id] = v;
        return OG_OK;
    }
    p->v[id] = v;
    return OG_OK;
}

int
param_choice_count(enum param_id id)
{
    const char *s = table[id].choices;
    int n = 1;
    if (table[id].type != PT_ENUM || s == NULL || *s == '\0') {
        return 0;
    }
    for (; *s != '\0'; s++) {
        n += (*s == '|');
    }
    return n;
}

char *
param_choice_name(enum param_id id, int index, char *buf, size_t size)
{
    const char *s = table[id].choices, *e;
    int i = 0;

    buf[0] = '\0';
    if (table[id].type != PT_ENUM || index < 0) {
        return buf;
    }
    while (s != NULL && *s != '\0') {
        e = strchr(s, '|');
        size_t len = e != NULL ? (size_t)(e - s) : strlen(s);
        if (i == index) {
            if (len >= size) {
                len = size - 1;
            }
            memcpy(buf, s, len);
            buf[len] = '\0';
            return buf;
        }
        i++;
        s = e != NULL ? e + 1 : NULL;
    }
    return buf;
}

/* A number as typed in a preset, recipe or --set: blanks around it are
 * fine, the number itself is strict decimal (core/base/numparse.h). */
static enum num_status
parse_double(const char *text, double *out)
{
    char buf[128];
    size_t n = strlen(text);

    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t')) {
        n--;
    }
    if (n >= sizeof buf) {
        return NUM_SYNTAX;
    }
    memcpy(buf, text, n);
    buf[n] = '\0';
    return num_parse_real(buf, out);
}

int
param_has_auto(enum param_id id)
{
    return (unsigned)id < P_COUNT && table[id].type == PT_REAL &&
           strcmp(table[id].choices, "auto") == 0;
}

enum og_status
params_set_text(struct params *p, enum param_id id, const char *text, struct og_error *err)
{
    const struct param_def *d;
    double v;

    if ((unsigned)id >= P_COUNT) {
        return og_error_set(err, OG_EINVAL, "no parameter with id %d", (int)id);
    }
    d = &table[id];
    while (*text == ' ' || *text == '\t') {
        text++;
    }
    if (d->type == PT_SEED) {
        char *end;
        if (*text == '-' || *text == '\0') {
            return og_error_set(err, OG_EINVAL, "param 'seed' must be an unsigned integer, got '%s'",
                                text);
        }
        errno = 0;
        unsigned long long s = strtoull(text, &end, 10);
        while (*end == ' ' || *end == '\t') {
            end++;
        }
        if (errno == ERANGE || *end != '\0') {
            return og_error_set(err, OG_EINVAL,
                                "param 'seed' must be an integer in [0, 18446744073709551615], got '%s'",
                                text);
        }
        p->seed = (uint64_t)s;
        p->v[id] = (double)s;
        return OG_OK;
    }
    if (d->type == PT_ENUM) {
        int n = param_choice_count(id), i;
        char name[64];
        for (i = 0; i < n; i++) {
            if (strcmp(param_choice_name(id, i, name, sizeof name), text) == 0) {
                p->v[id] = i;
                return OG_OK;
            }
        }
        if (parse_double(text, &v) == 0 && v == floor(v) && v >= 0 && v < n) {
            p->v[id] = v;
            return OG_OK;
        }
        return og_error_set(err, OG_EINVAL, "param '%s' = '%s' is not one of %s", d->name, text,
                            d->choices);
    }
    if (param_has_auto(id)) {
        /* "auto" (a real row whose choices are "auto"): derive the value;
           kept as NaN, printed back as "auto" */
        size_t n = strlen(text);
        while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t')) {
            n--;
        }
        if (n == 4 && strncmp(text, "auto", 4) == 0) {
            p->v[id] = NAN;
            return OG_OK;
        }
    }
    if (id == P_RENDER_TIME) {
        /* a time of day: 9, 9:30, 09:30 or 9.5 (issue 16); printed as 9.5 */
        char buf[32];
        size_t n = strlen(text);
        while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\t')) {
            n--;
        }
        if (n < sizeof buf) {
            memcpy(buf, text, n);
            buf[n] = '\0';
            if (num_parse_time(buf, &v) == NUM_OK) {
                return params_set(p, id, v, err);
            }
        }
    }
    switch (parse_double(text, &v)) {
    case NUM_OK:
        break;
    case NUM_OVERFLOW: {
        char lo[32], hi[32];
        fmt_real(d->min, lo, sizeof lo);
        fmt_real(d->max, hi, sizeof hi);
        return og_error_set(err, OG_ERANGE, "param '%s' = %s outside [%s, %s]", d->name, text,
                            lo, hi);
    }
    case NUM_UNDERFLOW:
        return og_error_set(err, OG_ERANGE,
                            "param '%s' = %s underflows (too close to 0 for a double)", d->name,
                            text);
    default:
        return og_error_set(err, OG_EINVAL, "param '%s' = '%s' is not a number%s", d->name, text,
                            id == P_RENDER_TIME ? " or a time of day (9, 9:30, 09:30, 9.5)"
                            : "");
    }
    return params_set(p, id, v, err);
}

enum og_status
params_set_assignment(struct params *p, const char *assignment, struct og_error *err)
{
    char name[96];
    const char *eq = strchr(assignment, '=');
    size_t len;
    int id;

    if (eq == NULL) {
        return og_error_set(err, OG_EINVAL, "expected name=value, got '%s'", assignment);
    }
    len = (size_t)(eq - assignment);
    while (len > 0 && (assignment[len - 1] == ' ' || assignment[len - 1] == '\t')) {
        len--;
    }
    if (len == 0 || len >= sizeof name) {
        return og_error_set(err, OG_EINVAL, "expected name=value, got '%s'", assignment);
    }
    memcpy(name, assignment, len);
    name[len] = '\0';
    id = params_find(name);
    if (id < 0) {
        return og_error_set(err, OG_EINVAL, "unknown parameter '%s' (see `orogen params`)", name);
    }
    return params_set_text(p, (enum param_id)id, eq + 1, err);
}

enum og_status
params_step(struct params *p, enum param_id id, int steps, struct og_error *err)
{
    const struct param_def *d = &table[id];
    double v;

    if (d->type == PT_SEED) {
        p->seed += (uint64_t)(int64_t)steps;
        p->v[id] = (double)p->seed;
        return OG_OK;
    }
    if (d->type == PT_ENUM) {
        int n = param_choice_count(id);
        int i = ((int)p->v[id] + steps) % n;
        p->v[id] = i < 0 ? i + n : i;  /* enums cycle */
        return OG_OK;
    }
    /* From "auto", stepping starts at 0 (then the range decides). */
    v = (isnan(p->v[id]) ? 0.0 : p->v[id]) + steps * d->step;
    /* Snap to the step grid so repeated steps do not accumulate rounding. */
    if (d->type == PT_REAL) {
        double q = round(v / d->step);
        double snapped = q * d->step;
        if (fabs(snapped - v) < d->step * 1e-6) {
            v = snapped;
        }
        /* Trim binary noise such as 0.30000000000000004 to 12 digits. */
        char buf[32];
        snprintf(buf, sizeof buf, "%.12g", v);
        v = strtod(buf, NULL);
    } else {
        v = round(v);
    }
    return params_set(p, id, v, err);
}

char *
params_format(const struct params *p, enum param_id id, char *buf, size_t size)
{
    const struct param_def *d = &table[id];
    switch (d->type) {
    case PT_SEED:
        snprintf(buf, size, "%" PRIu64, p->seed);
        break;
    case PT_INT:
        snprintf(buf, size, "%.0f", p->v[id]);
        break;
    case PT_ENUM:
        param_choice_name(id, (int)p->v[id], buf, size);
        break;
    case PT_REAL:
        if (isnan(p->v[id])) {
            snprintf(buf, size, "auto");
            break;
        }
        fmt_real(p->v[id], buf, size);
        break;
    }
    return buf;
}

int
param_in_groups(enum param_id id, unsigned mask)
{
    return (mask >> table[id].group) & 1u;
}

enum og_status
params_parse_text(struct params *p, const char *text, const char *source, struct og_error *err)
{
    struct params tmp = *p;
    struct og_error e;
    const char *line = text;
    int lineno = 0;
    int first[P_COUNT] = { 0 };  /* line that set each parameter, 0 if none */

    /* A UTF-8 byte order mark; lines end at LF, CRLF or a lone CR. */
    if (strncmp(line, "\xEF\xBB\xBF", 3) == 0) {
        line += 3;
    }
    while (line != NULL && *line != '\0') {
        const char *nl = line + strcspn(line, "\r\n");
        size_t len = (size_t)(nl - line);
        char buf[512];
        char *s, *end;

        lineno++;
        if (len >= sizeof buf) {
            return og_error_set(err, OG_EFORMAT, "%s:%d: line too long", source, lineno);
        }
        memcpy(buf, line, len);
        buf[len] = '\0';
        line = *nl == '\0' ? NULL : nl + (nl[0] == '\r' && nl[1] == '\n' ? 2 : 1);
        s = strchr(buf, '#');
        if (s != NULL) {
            *s = '\0';
        }
        s = buf;
        while (*s == ' ' || *s == '\t' || *s == '\r') {
            s++;
        }
        end = s + strlen(s);
        while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) {
            *--end = '\0';
        }
        if (*s == '\0') {
            continue;
        }
        if (strchr(s, '=') == NULL) {
            return og_error_set(err, OG_EFORMAT, "%s:%d: expected 'name = value', got '%s'",
                                source, lineno, s);
        }
        if (params_set_assignment(&tmp, s, &e) != OG_OK) {
            return og_error_set(err, e.code == OG_ERANGE ? OG_ERANGE : OG_EFORMAT, "%s:%d: %s",
                                source, lineno, e.msg);
        }
        {
            size_t k = strcspn(s, "= \t");
            char name[96];
            int id;
            if (k < sizeof name) {
                memcpy(name, s, k);
                name[k] = '\0';
                id = params_find(name);
                if (id >= 0 && first[id] > 0) {
                    return og_error_set(err, OG_EFORMAT, "%s:%d: '%s' set twice (first on line %d)",
                                        source, lineno, name, first[id]);
                }
                if (id >= 0) {
                    first[id] = lineno;
                }
            }
        }
    }
    *p = tmp;
    return OG_OK;
}

enum og_status
params_to_text(const struct params *p, unsigned mask, char **out, struct og_error *err)
{
    size_t cap = 256, len = 0;
    char *s = malloc(cap);
    int i;

    if (s == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory formatting parameters");
    }
    s[0] = '\0';
    for (i = 0; i < P_COUNT; i++) {
        char val[64];
        int n;
        if (!param_in_groups((enum param_id)i, mask)) {
            continue;
        }
        params_format(p, (enum param_id)i, val, sizeof val);
        n = snprintf(NULL, 0, "%s = %s\n", table[i].name, val);
        if (len + (size_t)n + 1 > cap) {
            char *ns;
            while (len + (size_t)n + 1 > cap) {
                cap *= 2;
            }
            ns = realloc(s, cap);
            if (ns == NULL) {
                free(s);
                return og_error_set(err, OG_ENOMEM, "out of memory formatting parameters");
            }
            s = ns;
        }
        snprintf(s + len, cap - len, "%s = %s\n", table[i].name, val);
        len += (size_t)n;
    }
    *out = s;
    return OG_OK;
}
