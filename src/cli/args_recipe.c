/* args_recipe: parameters from presets, PNG recipes and --set (see
 * args_internal.h). */
#include "config.h"
#include "cli/args_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/base/infile.h"
#include "core/recipe/recipe.h"
#include "io/png/pngio.h"

enum og_status
cli_read_file(const char *path, char **out, struct og_error *err)
{
    size_t len;
    enum og_status st = infile_read_all(path, 16u << 20, out, &len, err);

    if (st != OG_OK) {
        return st;
    }
    if (strlen(*out) != len) {
        free(*out);
        *out = NULL;
        return og_error_set(err, OG_EFORMAT, "%s: not a text file", path);
    }
    return OG_OK;
}

enum og_status
cli_apply_preset(struct cli_args *a, const char *name, struct og_error *err)
{
    int gen = -1;
    char *edits = NULL;
    struct params before = a->params;
    enum og_status st = preset_load(name, &a->params, &gen, &edits, NULL, 0, err);
    if (st == OG_OK && gen >= 0 && !a->gen_given) {
        a->gen = (enum gen_id)gen;
    }
    if (st == OG_OK) {
        for (int i = 0; i < P_COUNT; i++) {
            double was = params_get(&before, (enum param_id)i),
                   now = params_get(&a->params, (enum param_id)i);
            /* NaN is "auto" (params.h), the same on both sides */
            a->preset_set[i] = !(was == now || (isnan(was) && isnan(now)));
        }
        a->preset_gen = gen;
    }
    if (st == OG_OK && edits != NULL) {
        /* a planet preset's land edits, replayed like a recipe's */
        if (strlen(edits) >= sizeof a->recipe_edits) {
            st = og_error_set(err, OG_ERANGE, "preset %s: planet.edits longer than %zu bytes",
                              name, sizeof a->recipe_edits - 1);
        } else {
            memcpy(a->recipe_edits, edits, strlen(edits) + 1);
        }
    }
    free(edits);
    return st;
}

enum og_status
cli_apply_recipe(const char *png_path, struct cli_args *a, struct og_error *err)
{
    char **keys = NULL, **values = NULL;
    size_t n = 0;
    struct recipe r;
    enum og_status st = pngio_read_text(png_path, &keys, &values, &n, err);

    if (st != OG_OK) {
        return st;
    }
    memset(&r, 0, sizeof r);
    r.params = a->params;
    /* Validated whole in core: format, chunks, keys, ranges (recipe.h). */
    st = recipe_from_chunks(keys, values, n, png_path, &r, err);
    pngio_text_free(keys, values, n);
    if (st != OG_OK) {
        recipe_fini(&r);
        return st;
    }
    a->params = r.params;
    a->gen = r.gen;
    a->gen_given = 1;
    a->recipe_gen = (int)r.gen;
    snprintf(a->recipe_layer, sizeof a->recipe_layer, "%s", r.map_layer);
    a->recipe_w = r.map_w;
    a->recipe_h = r.map_h;
    a->recipe_globe = r.globe_size;
    a->recipe_view_given = r.map_view_given;
    memcpy(a->recipe_view, r.map_view, sizeof a->recipe_view);
    snprintf(a->recipe_note, sizeof a->recipe_note, "%s", r.note);
    /* The dem file is looked for once every option is read; an explicit --dem
     * must have the recipe's SHA-256 (args.c). */
    snprintf(a->recipe_dem_name, sizeof a->recipe_dem_name, "%s", r.dem_name);
    snprintf(a->recipe_dem_sha256, sizeof a->recipe_dem_sha256, "%s", r.dem_sha256);
    a->recipe_dem_size = r.dem_size;
    snprintf(a->recipe_dem_path, sizeof a->recipe_dem_path, "%s", r.dem_legacy_path);
    a->recipe_edits[0] = '\0';
    if (r.edits != NULL) {
        if (strlen(r.edits) >= sizeof a->recipe_edits) {
            recipe_fini(&r);
            return og_error_set(err, OG_ERANGE, "%s: planet.edits longer than %zu bytes",
                                png_path, sizeof a->recipe_edits - 1);
        }
        memcpy(a->recipe_edits, r.edits, strlen(r.edits) + 1);
    }
    recipe_fini(&r);
    return OG_OK;
}

/* The dem file of a --from recipe when no --dem was given: beside the PNG,
 * then here, the first whose SHA-256 matches (core/recipe/recipe.h). */
enum og_status
cli_find_recipe_dem(struct cli_args *a, struct og_error *err)
{
    struct recipe r;
    enum og_status st;

    if (a->recipe_dem_name[0] == '\0') {
        if (a->recipe_dem_path[0] != '\0') {   /* format 1: a path */
            a->dem_path = a->recipe_dem_path;
        }
        return OG_OK;
    }
    memset(&r, 0, sizeof r);
    snprintf(r.dem_name, sizeof r.dem_name, "%s", a->recipe_dem_name);
    snprintf(r.dem_sha256, sizeof r.dem_sha256, "%s", a->recipe_dem_sha256);
    r.dem_size = a->recipe_dem_size;
    st = recipe_find_dem(&r, a->from, a->recipe_dem_path, sizeof a->recipe_dem_path, err);
    if (st == OG_OK) {
        a->dem_path = a->recipe_dem_path;
    }
    return st;
}

/* --set NAME=VALUE where NAME is a full parameter name or what follows one
 * of its dots ("coverage" for hybrid.coverage), looked up first among the
 * generator chosen so far, then among all; an ambiguous short name lists
 * its candidates. *id gets the parameter set. */
enum og_status
cli_set_param(struct cli_args *a, const char *assignment, int *id, struct og_error *err)
{
    const struct generator *g = generator_get(a->gen);
    size_t k = strcspn(assignment, "= \t");
    char name[96], full[512], list[256];
    int pass, i, n = 0, found = -1;

    *id = -1;
    if (k == 0 || k >= sizeof name || assignment[k] == '\0') {
        return params_set_assignment(&a->params, assignment, err);
    }
    memcpy(name, assignment, k);
    name[k] = '\0';
    if ((*id = params_find(name)) >= 0) {
        return params_set_assignment(&a->params, assignment, err);
    }
    list[0] = '\0';
    for (pass = 0; pass < 2 && n == 0; pass++) {
        for (i = 0; i < P_COUNT; i++) {
            const char *dn = param_def((enum param_id)i)->name;
            size_t len = strlen(dn);
            if (pass == 0 && g != NULL && !param_in_groups((enum param_id)i, g->param_groups)) {
                continue;
            }
            if (len > k && dn[len - k - 1] == '.' && strcmp(dn + len - k, name) == 0) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s%s", n > 0 ? ", " : "", dn);
                found = i;
                n++;
            }
        }
    }
    if (n == 0) {
        return params_set_assignment(&a->params, assignment, err);  /* names it unknown */
    }
    if (n > 1) {
        /* pass is 1 after a match among the generator's own, else 2 */
        return og_error_set(err, OG_EINVAL, "parameter '%s' is ambiguous%s%s: %s", name,
                            pass == 1 ? " for the generator " : " (none is the generator's)",
                            pass == 1 && g != NULL ? g->name : "", list);
    }
    snprintf(full, sizeof full, "%s%s", param_def((enum param_id)found)->name, assignment + k);
    *id = found;
    return params_set_assignment(&a->params, full, err);
}
