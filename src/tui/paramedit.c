#include "config.h"
#include "tui/paramedit.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void
build_rows(struct paramedit *pe)
{
    int i;

    pe->nrows = 0;
    pe->rows[pe->nrows++] = P_SEED;
    for (i = 0; i < P_COUNT; i++) {
        if (i != P_SEED && param_in_groups((enum param_id)i, pe->groups)) {
            pe->rows[pe->nrows++] = (enum param_id)i;
        }
    }
}

void
paramedit_init(struct paramedit *pe, const struct params *p, unsigned groups)
{
    memset(pe, 0, sizeof *pe);
    pe->cur = *p;
    pe->groups = groups | 1u << PG_COMMON;
    build_rows(pe);
    pe->sel = 0;
}

void
paramedit_set_groups(struct paramedit *pe, unsigned groups)
{
    enum param_id keep = paramedit_selected(pe);
    int i;

    pe->groups = groups | 1u << PG_COMMON;
    build_rows(pe);
    pe->sel = 0;
    for (i = 0; i < pe->nrows; i++) {
        if (pe->rows[i] == keep) {
            pe->sel = i;
        }
    }
}

void
paramedit_move(struct paramedit *pe, int delta)
{
    long s = (long)pe->sel + delta;
    /* A selection, not a user value: stopping at the ends is the intent. */
    if (s < 0) {
        s = 0;
    }
    if (s >= pe->nrows) {
        s = pe->nrows - 1;
    }
    pe->sel = (int)s;
}

enum param_id
paramedit_selected(const struct paramedit *pe)
{
    if (pe->nrows == 0) {
        return P_SEED;
    }
    return pe->rows[pe->sel];
}

enum og_status
paramedit_step(struct paramedit *pe, int steps, struct og_error *err)
{
    enum param_id id = paramedit_selected(pe);

    if (param_def(id)->type == PT_SEED) {
        /* params_step wraps the 64-bit seed around; the panel refuses to
         * leave [0, 2^64 - 1] instead, like every other row. */
        uint64_t s = pe->cur.seed;
        if ((steps < 0 && s < (uint64_t)(-(int64_t)steps)) ||
            (steps > 0 && UINT64_MAX - s < (uint64_t)steps)) {
            return og_error_set(err, OG_ERANGE,
                                "param 'seed' stepped outside [0, 18446744073709551615]");
        }
    }
    return params_step(&pe->cur, id, steps, err);
}

/* Copy text without leading and trailing blanks (formw pads with spaces). */
static void
trim_copy(const char *text, char *buf, size_t size)
{
    size_t len;

    while (*text == ' ' || *text == '\t') {
        text++;
    }
    len = strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n' ||
                       text[len - 1] == '\r')) {
        len--;
    }
    if (len >= size) {
        len = size - 1;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
}

enum og_status
paramedit_set_text(struct paramedit *pe, const char *text, struct og_error *err)
{
    enum param_id id = paramedit_selected(pe);
    char buf[128];

    trim_copy(text, buf, sizeof buf);
    if (buf[0] == '\0') {
        return og_error_set(err, OG_EINVAL, "param '%s' needs a value", param_def(id)->name);
    }
    return params_set_text(&pe->cur, id, buf, err);
}

int
paramedit_reset(struct paramedit *pe)
{
    enum param_id id = paramedit_selected(pe);
    struct params def;
    double before = params_get(&pe->cur, id);
    uint64_t seed_before = pe->cur.seed;

    params_defaults(&def);
    if (id == P_SEED) {
        pe->cur.seed = def.seed;
    }
    pe->cur.v[id] = def.v[id];
    return id == P_SEED ? seed_before != pe->cur.seed : before != pe->cur.v[id];
}

/* The name after its group prefix ("cells" for island.cells), or the whole
 * name when another parameter ends the same (render.width, hybrid.width:
 * pixels of a render, cells of a grid). */
const char *
paramedit_label(enum param_id id)
{
    const char *name = param_def(id)->name;
    const char *dot = strchr(name, '.');
    int j;

    if (dot == NULL) {
        return name;
    }
    for (j = 0; j < P_COUNT; j++) {
        const char *o = param_def((enum param_id)j)->name, *od = strchr(o, '.');
        if (j != (int)id && od != NULL && strcmp(od + 1, dot + 1) == 0) {
            return name;
        }
    }
    return dot + 1;
}

/* Shortest C-locale text for a bound; whole numbers without exponent. */
static void
fmt_bound(double v, char *buf, size_t size)
{
    params_format_number(v, buf, size);
}

char *
paramedit_range_text(enum param_id id, char *buf, size_t size)
{
    const struct param_def *d = param_def(id);
    char lo[32], hi[32], st[32];

    if (d->type == PT_ENUM) {
        snprintf(buf, size, "one of %s", d->choices);
        return buf;
    }
    if (d->type == PT_SEED) {
        snprintf(buf, size, "[0, 18446744073709551615]");
        return buf;
    }
    fmt_bound(d->min, lo, sizeof lo);
    fmt_bound(d->max, hi, sizeof hi);
    fmt_bound(d->step, st, sizeof st);
    snprintf(buf, size, "[%s, %s]%s%s, step %s", lo, hi, d->unit[0] != '\0' ? " " : "", d->unit,
             st);
    return buf;
}
