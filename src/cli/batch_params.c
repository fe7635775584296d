/* batch_params: `orogen params`, the parameter table (cli/batch.h). */
#include "config.h"
#include "cli/batch.h"

#include <stdio.h>
#include <string.h>

#include "core/generators.h"
#include "core/recipe/params.h"

/* One row of `orogen params`. */
struct param_row {
    const char *name, *unit, *help;
    char def[64], range[64];
};

void
batch_print_params(const struct cli_args *a, FILE *out)
{
    const struct generator *g = a->gen_given ? generator_get(a->gen) : NULL;
    static struct param_row rows[P_COUNT];
    int i, n = 0, wn = 4, wd = 7, wr = 5, wu = 4;

    for (i = 0; i < P_COUNT; i++) {
        const struct param_def *d = param_def((enum param_id)i);
        struct param_row *r = &rows[n];
        struct params p;
        if (g != NULL && !param_in_groups((enum param_id)i, g->param_groups)) {
            continue;
        }
        params_defaults(&p);
        params_format(&p, (enum param_id)i, r->def, sizeof r->def);
        if (d->type == PT_ENUM) {
            snprintf(r->range, sizeof r->range, "%s", d->choices);
        } else if (d->type == PT_SEED) {
            snprintf(r->range, sizeof r->range, "0..2^64-1");
        } else {
            char lo[32], hi[32];
            snprintf(r->range, sizeof r->range, "%s..%s",
                     params_format_number(d->min, lo, sizeof lo),
                     params_format_number(d->max, hi, sizeof hi));
        }
        r->name = d->name;
        r->unit = d->unit;
        r->help = d->help;
        /* columns as wide as their widest entry, so none runs into the next */
        wn = (int)strlen(r->name) > wn ? (int)strlen(r->name) : wn;
        wd = (int)strlen(r->def) > wd ? (int)strlen(r->def) : wd;
        wr = (int)strlen(r->range) > wr ? (int)strlen(r->range) : wr;
        wu = (int)strlen(r->unit) > wu ? (int)strlen(r->unit) : wu;
        n++;
    }
    fprintf(out, "%-*s  %-*s  %-*s  %-*s  %s\n", wn, "name", wd, "default", wr, "range", wu, "unit",
            "help");
    for (i = 0; i < n; i++) {
        fprintf(out, "%-*s  %-*s  %-*s  %-*s  %s\n", wn, rows[i].name, wd, rows[i].def, wr,
                rows[i].range, wu, rows[i].unit, rows[i].help);
    }
}
