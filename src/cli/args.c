/* args: the option loop of the command line (see args.h); presets,
 * recipes and --set are in args_recipe.c, the usage text in args_usage.c. */
#include "config.h"
#include "cli/args_internal.h"
#include "cli/batch.h"
#include "cli/gallery.h"
#include "cli/memcheck.h"
#include "cli/sweep.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/generators.h"
#include "core/base/numparse.h"
#include "core/base/parallel.h"
#include "core/base/sha256.h"

#define CLI_SIZE_MAX 100000

/* "WxH", strict (core/base/numparse.h): no blanks, signs or hex. */
static int
parse_size(const char *s, int *w, int *h)
{
    return num_parse_size(s, CLI_SIZE_MAX, w, h) == NUM_OK ? 0 : -1;
}

/* The error for a size value v of flag that parse_size refused: its form,
 * or a side of 0 or past CLI_SIZE_MAX. A plain "N" (--globe-size) is NxN. */
static enum og_status
size_error(const char *flag, const char *v, const char *form, struct og_error *err)
{
    char sq[64];
    int w = 0, h = 0;
    if (strchr(v, 'x') == NULL && strchr(v, 'X') == NULL && strlen(v) < 30) {
        snprintf(sq, sizeof sq, "%sx%s", v, v);
    } else {
        snprintf(sq, sizeof sq, "%s", strlen(v) < sizeof sq ? v : "");
    }
    switch (num_parse_size(sq, INT_MAX, &w, &h)) {
    case NUM_SYNTAX:
        return og_error_set(err, OG_EINVAL, "%s '%s' is not %s", flag, v, form);
    case NUM_OK:
        if (strcmp(sq, v) != 0 && w <= CLI_SIZE_MAX) {
            /* a plain N where WIDTHxHEIGHT is wanted (--size 512 said "a
             * side over 100000 px", issue 29) */
            return og_error_set(err, OG_EINVAL, "%s '%s' is not %s (for a square: %s)", flag, v,
                                form, sq);
        }
        return og_error_set(err, OG_ERANGE, "%s '%s': a side over %d px", flag, v, CLI_SIZE_MAX);
    default:
        /* a side of 0, or past INT_MAX (then the other is not 0) */
        if (strtoul(sq, NULL, 10) == 0 || strtoul(strpbrk(sq, "xX") + 1, NULL, 10) == 0) {
            return og_error_set(err, OG_ERANGE, "%s '%s': sizes must be at least 1 px", flag, v);
        }
        return og_error_set(err, OG_ERANGE, "%s '%s': a side over %d px", flag, v, CLI_SIZE_MAX);
    }
}

const char *
cli_opt_value(int argc, char **argv, int *i, const char *opt, struct og_error *err)
{
    const char *arg = argv[*i];
    size_t len = strlen(opt);
    /* Every option with a value is given once, except --set (one parameter
     * each): a second --map would silently replace the first where a user
     * expects two files, a second --seed or --size the first where the user
     * meant one of them. Earlier arguments are scanned as written; a value
     * spelled like this option counts too (the safe side). */
    int is_output = output_find_option(opt) != NULL || strcmp(opt, "--out") == 0;
    const char *shrt = strcmp(opt, "--seed") == 0        ? "-s"
                       : strcmp(opt, "--generator") == 0 ? "-g"
                                                         : NULL;
    if (strcmp(opt, "--set") != 0) {
        for (int j = 1; j < *i; j++) {
            int same = cli_opt_is(argv[j], opt, shrt) ||
                       (strcmp(opt, "--color") == 0 && cli_opt_is(argv[j], "--colour", NULL));
            if (same && is_output) {
                og_error_set(err, OG_EINVAL, "%s given twice; one export writes one %s file",
                             opt, opt + 2);
                return NULL;
            }
            if (same) {
                og_error_set(err, OG_EINVAL, "%s%s%s%s given twice; give it once (the second "
                             "would replace the first)", opt, shrt ? " (" : "", shrt ? shrt : "",
                             shrt ? ")" : "");
                return NULL;
            }
        }
    }
    if (strncmp(arg, opt, len) == 0 && arg[len] == '=') {
        return arg + len + 1;
    }
    if (*i + 1 >= argc) {
        og_error_set(err, OG_EINVAL, "option %s needs a value", opt);
        return NULL;
    }
    return argv[++*i];
}

int
cli_opt_is(const char *arg, const char *lng, const char *shrt)
{
    size_t len = strlen(lng);
    if (shrt != NULL && strcmp(arg, shrt) == 0) {
        return 1;
    }
    return strncmp(arg, lng, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* An output's file name (io/output.h): given once, not empty, standard
 * output only where the kind allows it, and its extension (a mesh's .glb or
 * .obj, --raw h.png, a PNG named .jpg) checked now, as a usage error. */
static int
parse_output(int argc, char **argv, int *i, const struct output_kind *k, struct cli_args *a,
             struct og_error *err)
{
    const char *v = cli_opt_value(argc, argv, i, k->option, err);

    if (v == NULL) {
        return -1;
    }
    if (v[0] == '\0') {
        og_error_set(err, OG_EINVAL, "%s needs a file name", k->option);
        return -1;
    }
    if (strcmp(v, "-") == 0 && !(k->flags & OUTPUT_STDOUT) && k->exts != NULL &&
        strcmp(k->exts, ".png") == 0) {
        og_error_set(err, OG_EINVAL, "%s -: a PNG is not written to standard output (only "
                     "--stats - is); name a file, ./- for one called '-'", k->option);
        return -1;
    }
    if (output_check_name(k, v, err) != OG_OK) {
        return -1;
    }
    a->outputs[k->id] = v;
    return 1;
}

/* Options of every command: generator, DEM, seed, parameters, presets,
 * recipes, colour, threads. 1: consumed, 0: not one of these, -1: error. */
static int
parse_general(int argc, char **argv, int *i, struct cli_args *a, struct og_error *err)
{
    const char *arg = argv[*i], *v;
    enum og_status st;
    int id;

    if (cli_opt_is(arg, "--generator", "-g")) {
        const struct generator *g;
        if ((v = cli_opt_value(argc, argv, i, "--generator", err)) == NULL) {
            return -1;
        }
        if ((g = generator_find(v)) == NULL) {
            og_error_set(err, OG_EINVAL, "unknown generator '%s' (island, dem, hybrid, planet)", v);
            return -1;
        }
        a->gen = g->id;
        a->gen_given = 1;
        a->gen_opt = (int)g->id;
    } else if (cli_opt_is(arg, "--dem", NULL)) {
        if ((a->dem_path = cli_opt_value(argc, argv, i, "--dem", err)) == NULL) {
            return -1;
        }
        if (!a->gen_given) {
            a->gen = GEN_DEM;
        }
    } else if (cli_opt_is(arg, "--seed", "-s")) {
        if ((v = cli_opt_value(argc, argv, i, "--seed", err)) == NULL ||
            params_set_text(&a->params, P_SEED, v, err) != OG_OK) {
            return -1;
        }
    } else if (cli_opt_is(arg, "--set", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--set", err)) == NULL ||
            cli_set_param(a, v, &id, err) != OG_OK) {
            return -1;
        }
        if (id >= 0) {
            a->set_explicitly[id] = 1;
        }
    } else if (cli_opt_is(arg, "--exaggeration", NULL)) {
        /* render.exaggeration (doc/rendering.md: what 1 means) */
        if ((v = cli_opt_value(argc, argv, i, "--exaggeration", err)) == NULL ||
            params_set_text(&a->params, P_RENDER_EXAGGERATION, v, err) != OG_OK) {
            return -1;
        }
        a->set_explicitly[P_RENDER_EXAGGERATION] = 1;
    } else if (cli_opt_is(arg, "--projection", NULL)) {
        /* planet.projection: the planet map's projection (render/projection.h) */
        if ((v = cli_opt_value(argc, argv, i, "--projection", err)) == NULL ||
            params_set_text(&a->params, P_PLANET_PROJECTION, v, err) != OG_OK) {
            return -1;
        }
        a->set_explicitly[P_PLANET_PROJECTION] = 1;
    } else if (cli_opt_is(arg, "--preset", NULL)) {
        if ((a->preset = cli_opt_value(argc, argv, i, "--preset", err)) == NULL ||
            cli_apply_preset(a, a->preset, err) != OG_OK) {
            return -1;
        }
    } else if (cli_opt_is(arg, "--from", NULL)) {
        if ((a->from = cli_opt_value(argc, argv, i, "--from", err)) == NULL) {
            return -1;
        }
        if ((st = cli_apply_recipe(a->from, a, err)) != OG_OK) {
            /* Not a PNG or no recipe in it: like a missing file, a
             * runtime failure (exit 1), not a usage error. */
            err->code = st == OG_EFORMAT ? OG_EIO : st;
            return -1;
        }
    } else if (cli_opt_is(arg, "--color", NULL) || cli_opt_is(arg, "--colour", NULL)) {
        if ((a->color = cli_opt_value(argc, argv, i, "--color", err)) == NULL) {
            return -1;
        }
        if (strcmp(a->color, "auto") != 0 && strcmp(a->color, "direct") != 0 &&
            strcmp(a->color, "256") != 0 && strcmp(a->color, "16") != 0 &&
            strcmp(a->color, "8") != 0 && strcmp(a->color, "none") != 0) {
            og_error_set(err, OG_EINVAL, "--color '%s' is not one of auto, direct, 256, 16, none",
                         a->color);
            return -1;
        }
    } else if (strcmp(arg, "--ascii") == 0) {
        a->ascii = 1;
    } else if (cli_opt_is(arg, "--graphics", NULL)) {
        /* checked by main.c (the TUI's entry point knows the modes) */
        if ((a->graphics = cli_opt_value(argc, argv, i, "--graphics", err)) == NULL) {
            return -1;
        }
    } else if (cli_opt_is(arg, "--symbols", NULL)) {
        /* checked by main.c, as --graphics */
        if ((a->symbols = cli_opt_value(argc, argv, i, "--symbols", err)) == NULL) {
            return -1;
        }
    } else if (cli_opt_is(arg, "--threads", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--threads", err)) == NULL) {
            return -1;
        }
        if (num_parse_int(v, LONG_MIN, LONG_MAX, &(long){ 0 }) == NUM_SYNTAX) {
            og_error_set(err, OG_EINVAL, "--threads '%s' is not a whole number (1..%d)", v,
                         OG_MAX_THREADS);
            return -1;
        }
        if (og_threads_parse(v, "--threads", &a->threads, err) != OG_OK) {
            return -1;
        }
    } else if (strcmp(arg, "--progress") == 0) {
        a->progress = 1;
    } else if (cli_opt_is(arg, "--max-memory", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--max-memory", err)) == NULL) {
            return -1;
        }
        if (memcheck_parse(v, &a->max_memory) != 0) {
            og_error_set(err, OG_EINVAL, "--max-memory '%s' is not a size (e.g. 800M, 4G)", v);
            return -1;
        }
    } else {
        return 0;
    }
    return 1;
}

/* orogen gallery's own options: --out, --tile, --columns. */
static int
parse_gallery(int argc, char **argv, int *i, struct cli_args *a, struct og_error *err)
{
    const char *arg = argv[*i], *v;
    int is_tile = cli_opt_is(arg, "--tile", NULL);
    char *end;
    long n;

    if (cli_opt_is(arg, "--out", NULL)) {
        return (a->gallery_out = cli_opt_value(argc, argv, i, "--out", err)) == NULL ? -1 : 1;
    }
    if (!is_tile && !cli_opt_is(arg, "--columns", NULL)) {
        return 0;
    }
    if ((v = cli_opt_value(argc, argv, i, is_tile ? "--tile" : "--columns", err)) == NULL) {
        return -1;
    }
    n = strtol(v, &end, 10);
    if (*end != '\0' || end == v || n < (is_tile ? 16 : 1) || n > (is_tile ? 1024 : 64)) {
        og_error_set(err, OG_EINVAL, "%s '%s' is not a whole number in %s", arg, v,
                     is_tile ? "16..1024 (pixels)" : "1..64");
        return -1;
    }
    *(is_tile ? &a->gallery_tile : &a->gallery_cols) = (int)n;
    return 1;
}

/* --size, --map-size, --iso-size, --globe-size. */
static int
parse_sizes(int argc, char **argv, int *i, struct cli_args *a, struct og_error *err)
{
    const char *arg = argv[*i], *v;

    if (cli_opt_is(arg, "--size", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--size", err)) == NULL) {
            return -1;
        }
        if (parse_size(v, &a->size_w, &a->size_h) != 0) {
            size_error("--size", v, "WIDTHxHEIGHT", err);
            return -1;
        }
        if (!a->map_size_given) {
            a->map_w = a->size_w;
            a->map_h = a->size_h;
        }
        if (!a->iso_size_given) {
            a->iso_w = a->size_w;
            a->iso_h = a->size_h;
        }
        a->size_given = 1;
    } else if (cli_opt_is(arg, "--map-size", NULL) || cli_opt_is(arg, "--iso-size", NULL)) {
        int iso = arg[2] == 'i';
        const char *flag = iso ? "--iso-size" : "--map-size";
        if ((v = cli_opt_value(argc, argv, i, flag, err)) == NULL) {
            return -1;
        }
        if (parse_size(v, iso ? &a->iso_w : &a->map_w, iso ? &a->iso_h : &a->map_h) != 0) {
            size_error(flag, v, "WIDTHxHEIGHT", err);
            return -1;
        }
        *(iso ? &a->iso_size_given : &a->map_size_given) = 1;
    } else if (cli_opt_is(arg, "--globe-size", NULL)) {
        int gw, gh;
        char sq[32];
        if ((v = cli_opt_value(argc, argv, i, "--globe-size", err)) == NULL) {
            return -1;
        }
        snprintf(sq, sizeof sq, "%sx%s", v, v);
        if (strchr(v, 'x') == NULL && strchr(v, 'X') == NULL ? parse_size(sq, &gw, &gh) != 0
                                                             : parse_size(v, &gw, &gh) != 0) {
            size_error("--globe-size", v, "N or NxN", err);
            return -1;
        }
        if (gw != gh) {
            og_error_set(err, OG_EINVAL, "--globe-size %dx%d: globe renders are square", gw, gh);
            return -1;
        }
        a->globe_size = gw;
        a->globe_size_given = 1;
    } else {
        return 0;
    }
    return 1;
}

/* The iso render's overrides: --subdiv, --rotate, --time. */
static int
parse_iso(int argc, char **argv, int *i, struct cli_args *a, struct og_error *err)
{
    const char *arg = argv[*i], *v;
    long n;

    if (cli_opt_is(arg, "--subdiv", NULL) || cli_opt_is(arg, "--rotate", NULL)) {
        int sub = arg[2] == 's';
        if ((v = cli_opt_value(argc, argv, i, sub ? "--subdiv" : "--rotate", err)) == NULL) {
            return -1;
        }
        if (num_parse_int(v, 0, sub ? 64 : 3, &n) != NUM_OK || (sub && n < 1)) {
            og_error_set(err, OG_ERANGE, sub ? "--subdiv '%s' outside 1..64"
                                             : "--rotate '%s' outside 0..3 quarter turns", v);
            return -1;
        }
        *(sub ? &a->subdiv : &a->rotate) = (int)n;
    } else if (cli_opt_is(arg, "--time", NULL)) {
        /* 9, 9:30, 09:30 or 9.5 (issue 16), overflow-safe (issue 15) */
        double hours;
        enum num_status ns;
        if ((v = cli_opt_value(argc, argv, i, "--time", err)) == NULL) {
            return -1;
        }
        ns = num_parse_time(v, &hours);
        if (ns == NUM_SYNTAX) {
            og_error_set(err, OG_EINVAL, "--time '%s' is not a time of day (9, 9:30, 09:30 or "
                         "9.5)", v);
            return -1;
        }
        if (ns != NUM_OK && strchr(v, ':') != NULL && atoi(strchr(v, ':') + 1) > 59) {
            og_error_set(err, OG_ERANGE, "--time '%s': minutes are 00..59", v);
            return -1;
        }
        if (ns != NUM_OK || hours < 6.0 || hours > 18.0) {
            og_error_set(err, OG_ERANGE, "--time '%s' outside 6..18 h (06:00..18:00)", v);
            return -1;
        }
        a->time_of_day = hours;
    } else {
        return 0;
    }
    return 1;
}

/* --extent METRES is the generator's own extent parameter, in km
 * (doc/scale.md), so the recipe keeps it. */
static enum og_status
apply_extent(struct cli_args *a, struct og_error *err)
{
    enum param_id id = a->gen == GEN_ISLAND ? P_ISLAND_EXTENT : P_HYBRID_EXTENT;

    if (!(a->out.extent_m > 0.0) || (a->gen != GEN_ISLAND && a->gen != GEN_HYBRID)) {
        return OG_OK;
    }
    if (params_set(&a->params, id, a->out.extent_m / 1000.0, err) != OG_OK) {
        /* in the option's unit, metres: the parameter's km range read as
         * "0.005 outside [0.1, 100000]" for --extent 5 (issue 29) */
        const struct param_def *d = param_def(id);
        return og_error_set(err, OG_ERANGE,
                            "--extent %g: %g m is outside %.0f .. %.0f m (the map's width in "
                            "metres; stored as %s in km)",
                            a->out.extent_m, a->out.extent_m, 1000.0 * d->min, 1000.0 * d->max,
                            d->name);
    }
    a->set_explicitly[id] = 1;
    return OG_OK;
}

enum og_status
cli_parse(int argc, char **argv, struct cli_args *a, struct og_error *err)
{
    int i = 1, k;
    enum og_status st;

    memset(a, 0, sizeof *a);
    params_defaults(&a->params);
    a->command = CLI_TUI;
    a->gen = GEN_ISLAND;
    a->subdiv = a->rotate = -1;
    a->time_of_day = -1.0;
    a->preset_gen = -1;
    a->recipe_gen = a->gen_opt = -1;
    if (argc > 1 && strcmp(argv[1], "export") == 0) {
        a->command = CLI_EXPORT;
        i = 2;
    } else if (argc > 1 && strcmp(argv[1], "params") == 0) {
        a->command = CLI_PARAMS;
        i = 2;
    } else if (argc > 1 && strcmp(argv[1], "gallery") == 0) {
        a->command = CLI_GALLERY;
        i = 2;
    }
    for (; i < argc; i++) {
        const char *arg = argv[i];
        const struct output_kind *kind = output_find_option(arg);
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            a->command = CLI_HELP;
            return OG_OK;
        } else if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
            a->command = CLI_VERSION;
            return OG_OK;
        }
        if (kind != NULL) {
            k = parse_output(argc, argv, &i, kind, a, err);
        } else if (cli_opt_is(arg, "--layer", NULL)) {
            k = (a->layer = cli_opt_value(argc, argv, &i, "--layer", err)) == NULL ||
                batch_layer_find(a->layer, err) < 0 ? -1 : 1;
        } else if ((k = parse_general(argc, argv, &i, a, err)) == 0 &&
                   (a->command != CLI_GALLERY || (k = parse_gallery(argc, argv, &i, a, err)) == 0) &&
                   (k = parse_sizes(argc, argv, &i, a, err)) == 0 &&
                   (k = parse_iso(argc, argv, &i, a, err)) == 0 &&
                   (k = cli_parse_dataout(argc, argv, &i, &a->out, err)) == 0) {
            return og_error_set(err, OG_EINVAL, "unknown option '%s' (see orogen --help)", arg);
        }
        if (k < 0) {
            return err->code;
        }
    }
    if ((st = apply_extent(a, err)) != OG_OK) {
        return st;
    }
    return cli_check_parsed(a, err);
}
