/* args_check: the checks of the command line once every option is read
 * (cli_parse in args.c calls them last): a --dem the run would not use,
 * outputs and the options that need them, export-only options given to
 * the interface, {seed} only in sweeps. */
#include "config.h"
#include "cli/args_internal.h"
#include "cli/gallery.h"
#include "cli/sweep.h"

#include <stdio.h>
#include <string.h>

#include "core/generators.h"
#include "core/base/sha256.h"

/* A --dem that the export would not use or that is not the recipe's:
 * refused, since the world written would not be the one asked for. In the
 * TUI, -g island --dem FILE is fine (Tab reaches the dem generator). */
static enum og_status
check_dem_conflicts(const struct cli_args *a, struct og_error *err)
{
    char hex[OG_SHA256_HEX];
    long long bytes = 0;
    enum og_status st;

    if (a->dem_path == NULL || a->command == CLI_PARAMS) {
        return OG_OK;
    }
    if (a->gen != GEN_DEM && a->command == CLI_EXPORT) {
        const struct generator *g = generator_get(a->gen);
        if (a->from != NULL) {
            return og_error_set(err, OG_EINVAL, "--dem %s: the recipe of %s is for the %s generator, which "
                                "uses no DEM; drop --dem (or --from)", a->dem_path, a->from,
                                g->name);
        }
        return og_error_set(err, OG_EINVAL, "--dem %s and -g %s: the %s generator uses no DEM; "
                            "drop one of them (--dem alone means -g dem)", a->dem_path, g->name,
                            g->name);
    }
    if (a->gen != GEN_DEM || a->from == NULL || a->recipe_dem_sha256[0] == '\0') {
        return OG_OK;
    }
    if ((st = og_sha256_file(a->dem_path, hex, &bytes, err)) != OG_OK) {
        return st == OG_EINVAL ? OG_EIO : st;
    }
    if (strcmp(hex, a->recipe_dem_sha256) != 0 || bytes != a->recipe_dem_size) {
        return og_error_set(err, OG_EINVAL, "--dem %s is not the DEM of %s's recipe (%s, SHA-256 "
                            "%.12s...; this file %.12s...): the world would differ; drop --dem "
                            "to use %s", a->dem_path, a->from, a->recipe_dem_name,
                            a->recipe_dem_sha256, hex, a->recipe_dem_name);
    }
    return OG_OK;
}

/* Whether any output is asked for; data_only: any data output. */
static int
any_output(const struct cli_args *a, int data_only)
{
    for (int k = 0; k < OUT_COUNT; k++) {
        if (a->outputs[k] != NULL && (!data_only || (output_kind(k)->flags & OUTPUT_DATA))) {
            return 1;
        }
    }
    return 0;
}

/* The checks after every option: the DEM, at least one output for export,
 * options that need an output, {seed} only in sweeps. */
enum og_status
cli_check_parsed(struct cli_args *a, struct og_error *err)
{
    enum og_status st;
    int k;

    if ((st = check_dem_conflicts(a, err)) != OG_OK) {
        return st;
    }
    /* -g before or after --from: either would silently win */
    if (a->from != NULL && a->recipe_gen >= 0 && a->gen_opt >= 0 &&
        a->gen_opt != a->recipe_gen && a->command != CLI_PARAMS) {
        return og_error_set(err, OG_EINVAL, "--from %s is a recipe of the %s generator; -g %s "
                            "would make another world: drop -g (or --from)", a->from,
                            world_gen_name((enum gen_id)a->recipe_gen),
                            world_gen_name((enum gen_id)a->gen_opt));
    }
    if (a->gen == GEN_DEM && a->dem_path == NULL && a->from != NULL &&
        a->command != CLI_PARAMS && (st = cli_find_recipe_dem(a, err)) != OG_OK) {
        return st == OG_EFORMAT ? OG_EIO : st;
    }
    if (a->gen == GEN_DEM && a->dem_path == NULL && a->command != CLI_PARAMS) {
        return og_error_set(err, OG_EINVAL, "the dem generator needs --dem FILE");
    }
    if (a->command == CLI_EXPORT && !any_output(a, 0)) {
        char list[256];
        size_t n = 0;
        for (k = 0; k < OUT_COUNT; k++) {
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", k > 0 ? ", " : "",
                                  output_kind(k)->option);
        }
        return og_error_set(err, OG_EINVAL, "export needs at least one of %s", list);
    }
    if ((st = cli_dataout_check(&a->out, a->outputs, err)) != OG_OK) {
        return st;
    }
    if (a->command == CLI_GALLERY && (!a->out.seeds_given || a->gallery_out == NULL)) {
        return og_error_set(err, OG_EINVAL, "gallery needs --seeds FIRST-LAST and --out FILE.png");
    } else if (a->command == CLI_GALLERY && (st = gallery_check_out(a->gallery_out, err)) != OG_OK) {
        return st;
    }
    if (a->command == CLI_EXPORT && a->out.seeds_given && (st = sweep_check(a, err)) != OG_OK) {
        return st;  /* before any generation */
    }
    for (k = 0; a->command == CLI_EXPORT && !a->out.seeds_given && k < OUT_COUNT; k++) {
        /* a literal x{seed}.png is never what was meant (doc/batch.md) */
        if (a->outputs[k] != NULL && strstr(a->outputs[k], "{seed}") != NULL) {
            return og_error_set(err, OG_EINVAL, "'%s': {seed} in an output name needs "
                                "--seeds FIRST-LAST (one seed: --seeds 7)", a->outputs[k]);
        }
    }
    if (a->outputs[OUT_GLOBE] != NULL && a->globe_size == 0 && a->size_given) {
        if (a->size_w != a->size_h) {
            return og_error_set(err, OG_EINVAL, "--globe renders are square: --size %dx%d is not "
                                "(add --globe-size N)", a->size_w, a->size_h);
        }
        a->globe_size = a->size_w;
    }
    if ((a->map_size_given && a->outputs[OUT_MAP] == NULL) ||
        (a->iso_size_given && a->outputs[OUT_ISO] == NULL) ||
        (a->globe_size > 0 && a->outputs[OUT_GLOBE] == NULL)) {
        return og_error_set(err, OG_EINVAL, "--map-size, --iso-size and --globe-size need "
                                            "their output (--map, --iso, --globe)");
    }
    if ((a->subdiv > 0 || a->rotate >= 0 || a->time_of_day >= 0.0) && a->outputs[OUT_ISO] == NULL) {
        return og_error_set(err, OG_EINVAL, "--subdiv, --time and --rotate apply to --iso only");
    }
    if (a->command != CLI_EXPORT && any_output(a, 0)) {
        return og_error_set(err, OG_EINVAL, "outputs such as --map need `orogen export`");
    }
    if (a->command == CLI_TUI && (a->size_given || a->out.tiles.nx > 0 || a->out.seeds_given)) {
        /* the interface asks a view export's size; it shows one seed */
        return og_error_set(err, OG_EINVAL, "%s applies to `orogen export`%s",
                            a->size_given ? "--size" : a->out.tiles.nx > 0 ? "--tiles" : "--seeds",
                            a->size_given ? " (in the interface, e asks for an export's size)"
                                          : "");
    }
    return OG_OK;
}
