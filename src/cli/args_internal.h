/* args_internal: what the parts of the command-line parser share
 * (args.c, args_check.c, args_recipe.c, args_usage.c). */
#ifndef OROGEN_CLI_ARGS_INTERNAL_H
#define OROGEN_CLI_ARGS_INTERNAL_H

#include "cli/args.h"

/* Apply preset NAME (a name in the preset folders, or a file) to a->params;
 * its generator becomes a->gen unless -g was given. Errors: as preset_load. */
enum og_status cli_apply_preset(struct cli_args *a, const char *name, struct og_error *err);

/* The dem file of a --from recipe when no --dem was given: beside the PNG,
 * then here, the first whose SHA-256 matches (core/recipe/recipe.h); sets
 * a->dem_path. Errors: OG_EIO/OG_EFORMAT naming the file looked for. */
enum og_status cli_find_recipe_dem(struct cli_args *a, struct og_error *err);

/* --set NAME=VALUE with full or unambiguous short names; *id gets the
 * parameter set (-1 if none). Errors: unknown, ambiguous or bad values. */
enum og_status cli_set_param(struct cli_args *a, const char *assignment, int *id,
                             struct og_error *err);

/* The value of option opt at argv[*i], given as "--opt=value" or "--opt
 * value" (then *i moves to it); NULL with err set when it is missing. */
const char *cli_opt_value(int argc, char **argv, int *i, const char *opt, struct og_error *err);

/* Non-zero when arg is option lng ("--opt" or "--opt=...") or the short
 * form shrt (may be NULL). */
int cli_opt_is(const char *arg, const char *lng, const char *shrt);

/* The checks after every option (args_check.c): the DEM against the
 * generator and the recipe, at least one output for export, options that
 * need an output or `orogen export`, {seed} only in sweeps. Errors: one
 * line naming the options (OG_EINVAL, OG_ERANGE), OG_EIO for a DEM that
 * cannot be read. */
enum og_status cli_check_parsed(struct cli_args *a, struct og_error *err);

#endif
