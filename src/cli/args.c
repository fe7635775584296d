#include "config.h"
#include "cli/args.h"
#include "cli/sweep.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/generators.h"
#include "core/infile.h"
#include "core/numparse.h"
#include "core/parallel.h"
#include "render/pngio.h"
#include "core/recipe.h"
#include "tui/tui.h"

int
cli_warnings(const struct cli_args *a, char *out, size_t size)
{
    const struct generator *g = generator_get(a->gen);
    size_t len = 0;
    int i, n = 0;

    out[0] = '\0';
    if (g == NULL) {
        return 0;
    }
    if (a->recipe_note[0] != '\0') {
        int k = snprintf(out, size, "%s\n", a->recipe_note);
        if (k > 0 && (size_t)k < size) {
            len = (size_t)k;
            n++;
        }
    }
    if (a->recipe_edits[0] != '\0' && a->command == CLI_TUI) {
        /* Only `orogen export --from` replays them so far. */
        int k = snprintf(out + len, size - len, "%s holds planet edits; the terminal view shows "
                         "the planet before them (orogen export --from replays them)\n", a->from);
        if (k > 0 && (size_t)k < size - len) {
            len += (size_t)k;
            n++;
        }
    }
    for (i = 0; i < P_COUNT; i++) {
        if (a->set_explicitly[i] && !param_in_groups((enum param_id)i, g->param_groups)) {
            int k = snprintf(out + len, size - len, "%s is not used by the %s generator\n",
                             param_def((enum param_id)i)->name, g->name);
            if (k < 0 || (size_t)k >= size - len) {
                break;
            }
            len += (size_t)k;
            n++;
        }
    }
    return n;
}

const char *
cli_usage(void)
{
    return
        "usage: orogen [OPTIONS]                 explore a world in the terminal\n"
        "       orogen export [OPTIONS] OUTPUTS  write files without a terminal\n"
        "       orogen params [-g NAME]          list every parameter\n"
        "       orogen gallery --seeds A-B --out FILE.png [--tile PX] [--columns N]\n"
        "                                        contact sheet of seeds A..B, labelled\n"
        "\n"
        "options:\n"
        "  -g, --generator NAME   island (default), dem, hybrid or planet\n"
        "      --dem FILE         real elevation model (grey, terrain-RGB or Terrarium PNG)\n"
        "  -s, --seed N           world seed (unsigned 64-bit)\n"
        "      --set NAME=VALUE   set a parameter (repeatable; see `orogen params`)\n"
        "      --preset NAME|FILE apply a preset (key = value lines)\n"
        "      --from FILE.png    start from the recipe stored in an orogen PNG\n"
        "      --color MODE       auto, direct, 256, 16 or none (glyph map)\n"
        "      --graphics MODE    auto, kitty, sixel, iterm or none: real images in the map\n"
        "                         window (auto asks the terminal; none: half blocks)\n"
        "      --ascii            glyph map even in a UTF-8 locale (for terminals that draw\n"
        "                         half blocks wide or with seams)\n"
        "      --threads N        worker threads, 1..64 (default: $OROGEN_THREADS or the\n"
        "                         online CPUs; results do not depend on it)\n"
        "      --progress         plain progress lines on stderr (stage N/M name 42%)\n"
        "  -h, --help             this text\n"
        "  -V, --version          print the version\n"
        "\n"
        "outputs of `orogen export`:\n"
        "      --map FILE.png     top-down map (RGBA PNG with the recipe in tEXt chunks)\n"
        "      --layer NAME       color, elevation, moisture, rivers, lakes, roughness,\n"
        "                         forest, mask, landmass (default color)\n"
        "      --size WxH         size of every image output (default: see below)\n"
        "      --map-size WxH     map size (default: a grid's own size, small grids scaled\n"
        "                         up by a whole factor towards 1024, planets 2048x1024,\n"
        "                         islands 1024x1024)\n"
        "      --iso-size WxH     isometric render size (default render.width x height)\n"
        "      --globe-size N     globe size, square (default 1024)\n"
        "      --stats FILE|-     world figures as JSON ('-' for standard output)\n"
        "      --iso FILE.png     shaded isometric render\n"
        "      --subdiv N --time T --rotate K   isometric render settings (T: 9, 9:30, 9.5)\n"
        "      --exaggeration X   relief of the isometric render and preview (render.exaggeration;\n"
        "                         1: the land's height range drawn at 1/8 of the map's side)\n"
        "      --globe FILE.png   shaded globe (planet)\n"
        "      --heightmap FILE.png  16-bit grey heightmap, linear (planet: equirectangular);\n"
        "                         --size WxH (default: the world's own size)\n"
        "      --raw FILE.r16     the same as little-endian 16-bit without a header (Unity)\n"
        "      --height-range LO:HI  map LO..HI to 0..65535 (default: the world's range);\n"
        "      --clip             clamp heights outside it instead of refusing them\n"
        "      --mesh FILE.glb|FILE.obj  glTF 2.0 binary or OBJ mesh with normals and vertex\n"
        "                         colours (planet: a sphere); --mesh-size COLSxROWS vertices\n"
        "      --vector FILE.geojson  rivers, lakes, coasts and biome regions (RFC 7946)\n"
        "      --tiles NxM        cut --map, --heightmap and --raw into NAME_x{X}_y{Y}.EXT\n"
        "      --tile-overlap K   neighbouring tiles share K samples (1 for engines)\n"
        "      --tile X,Y         write only that tile (one tile per process)\n"
        "      --bundle DIR       every layer, stats and manifest.json in a new folder\n"
        "      --extent METRES    map width of a generated world: world files in metres\n"
        "      --seeds FIRST-LAST one world per seed; every output name needs {seed}\n"
        "                         (doc/batch.md: GNU parallel, Slurm arrays)\n"
        "\n"
        "examples:\n"
        "  orogen --seed 42\n"
        "  orogen --dem data/dem/fuji.png\n"
        "  orogen export --seed 7 --map island.png --stats -\n"
        "  orogen export --dem data/dem/fuji.png --map fuji.png --size 1024x1024\n";
}

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

static enum og_status
apply_preset(struct cli_args *a, const char *name, struct og_error *err)
{
    int gen = -1;
    enum og_status st = preset_load(name, &a->params, &gen, NULL, 0, err);
    if (st == OG_OK && gen >= 0 && !a->gen_given) {
        a->gen = (enum gen_id)gen;
    }
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
    snprintf(a->recipe_layer, sizeof a->recipe_layer, "%s", r.map_layer);
    a->recipe_w = r.map_w;
    a->recipe_h = r.map_h;
    a->recipe_view_given = r.map_view_given;
    memcpy(a->recipe_view, r.map_view, sizeof a->recipe_view);
    snprintf(a->recipe_note, sizeof a->recipe_note, "%s", r.note);
    /* The dem file is looked for once every option is read: --dem wins. */
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
 * then here, the first whose SHA-256 matches (core/recipe.h). */
static enum og_status
find_recipe_dem(struct cli_args *a, struct og_error *err)
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
static enum og_status
set_param(struct cli_args *a, const char *assignment, int *id, struct og_error *err)
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

/* "WxH", strict (core/numparse.h): no blanks, signs or hex. */
static int
parse_size(const char *s, int *w, int *h)
{
    return num_parse_size(s, 100000, w, h) == NUM_OK ? 0 : -1;
}

/* Value of an option given as "--opt=value" or "--opt value". */
static const char *
opt_value(int argc, char **argv, int *i, const char *opt, struct og_error *err)
{
    const char *arg = argv[*i];
    size_t len = strlen(opt);
    if (strncmp(arg, opt, len) == 0 && arg[len] == '=') {
        return arg + len + 1;
    }
    if (*i + 1 >= argc) {
        og_error_set(err, OG_EINVAL, "option %s needs a value", opt);
        return NULL;
    }
    return argv[++*i];
}

static int
opt_is(const char *arg, const char *lng, const char *shrt)
{
    size_t len = strlen(lng);
    if (shrt != NULL && strcmp(arg, shrt) == 0) {
        return 1;
    }
    return strncmp(arg, lng, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

enum og_status
cli_parse(int argc, char **argv, struct cli_args *a, struct og_error *err)
{
    int i = 1, dk;
    enum og_status st;

    memset(a, 0, sizeof *a);
    params_defaults(&a->params);
    a->command = CLI_TUI;
    a->gen = GEN_ISLAND;
    a->subdiv = a->rotate = -1;
    a->time_of_day = -1.0;
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
        const char *arg = argv[i], *v;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            a->command = CLI_HELP;
            return OG_OK;
        } else if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
            a->command = CLI_VERSION;
            return OG_OK;
        } else if (opt_is(arg, "--generator", "-g")) {
            if ((v = opt_value(argc, argv, &i, "--generator", err)) == NULL) {
                return OG_EINVAL;
            }
            const struct generator *g = generator_find(v);
            if (g == NULL) {
                return og_error_set(err, OG_EINVAL,
                                    "unknown generator '%s' (island, dem, hybrid, planet)", v);
            }
            a->gen = g->id;
            a->gen_given = 1;
        } else if (opt_is(arg, "--dem", NULL)) {
            if ((a->dem_path = opt_value(argc, argv, &i, "--dem", err)) == NULL) {
                return OG_EINVAL;
            }
            if (!a->gen_given) {
                a->gen = GEN_DEM;
            }
        } else if (opt_is(arg, "--seed", "-s")) {
            if ((v = opt_value(argc, argv, &i, "--seed", err)) == NULL) {
                return OG_EINVAL;
            }
            if ((st = params_set_text(&a->params, P_SEED, v, err)) != OG_OK) {
                return st;
            }
        } else if (opt_is(arg, "--set", NULL)) {
            if ((v = opt_value(argc, argv, &i, "--set", err)) == NULL) {
                return OG_EINVAL;
            }
            {
                int id;
                if ((st = set_param(a, v, &id, err)) != OG_OK) {
                    return st;
                }
                if (id >= 0) {
                    a->set_explicitly[id] = 1;
                }
            }
        } else if (opt_is(arg, "--exaggeration", NULL)) {
            /* render.exaggeration (doc/rendering.md: what 1 means) */
            if ((v = opt_value(argc, argv, &i, "--exaggeration", err)) == NULL) {
                return OG_EINVAL;
            }
            if ((st = params_set_text(&a->params, P_RENDER_EXAGGERATION, v, err)) != OG_OK) {
                return st;
            }
            a->set_explicitly[P_RENDER_EXAGGERATION] = 1;
        } else if (opt_is(arg, "--preset", NULL)) {
            if ((a->preset = opt_value(argc, argv, &i, "--preset", err)) == NULL) {
                return OG_EINVAL;
            }
            if ((st = apply_preset(a, a->preset, err)) != OG_OK) {
                return st;
            }
        } else if (opt_is(arg, "--from", NULL)) {
            if ((a->from = opt_value(argc, argv, &i, "--from", err)) == NULL) {
                return OG_EINVAL;
            }
            if ((st = cli_apply_recipe(a->from, a, err)) != OG_OK) {
                /* Not a PNG or no recipe in it: like a missing file, a
                 * runtime failure (exit 1), not a usage error. */
                return st == OG_EFORMAT ? OG_EIO : st;
            }
        } else if (opt_is(arg, "--color", NULL) || opt_is(arg, "--colour", NULL)) {
            if ((a->color = opt_value(argc, argv, &i, "--color", err)) == NULL) {
                return OG_EINVAL;
            }
            if (strcmp(a->color, "auto") != 0 && strcmp(a->color, "direct") != 0 &&
                strcmp(a->color, "256") != 0 && strcmp(a->color, "16") != 0 &&
                strcmp(a->color, "8") != 0 && strcmp(a->color, "none") != 0) {
                return og_error_set(err, OG_EINVAL,
                                    "--color '%s' is not one of auto, direct, 256, 16, none",
                                    a->color);
            }
        } else if (strcmp(arg, "--ascii") == 0) {
            a->ascii = 1;
        } else if (a->command == CLI_GALLERY && opt_is(arg, "--out", NULL)) {
            if ((a->gallery_out = opt_value(argc, argv, &i, "--out", err)) == NULL) {
                return OG_EINVAL;
            }
        } else if (a->command == CLI_GALLERY &&
                   (opt_is(arg, "--tile", NULL) || opt_is(arg, "--columns", NULL))) {
            int is_tile = opt_is(arg, "--tile", NULL);
            char *end;
            long n;
            if ((v = opt_value(argc, argv, &i, is_tile ? "--tile" : "--columns", err)) == NULL) {
                return OG_EINVAL;
            }
            n = strtol(v, &end, 10);
            if (*end != '\0' || end == v || n < (is_tile ? 16 : 1) || n > (is_tile ? 1024 : 64)) {
                return og_error_set(err, OG_EINVAL, "%s '%s' is not a whole number in %s", arg, v,
                                    is_tile ? "16..1024 (pixels)" : "1..64");
            }
            if (is_tile) {
                a->gallery_tile = (int)n;
            } else {
                a->gallery_cols = (int)n;
            }
        } else if (opt_is(arg, "--graphics", NULL)) {
            if ((a->graphics = opt_value(argc, argv, &i, "--graphics", err)) == NULL) {
                return OG_EINVAL;
            }
            if (tui_graphics_parse(a->graphics) < 0) {
                return og_error_set(err, OG_EINVAL,
                                    "--graphics '%s' is not one of auto, kitty, sixel, iterm, none",
                                    a->graphics);
            }
        } else if (opt_is(arg, "--map", NULL)) {
            if ((a->map_path = opt_value(argc, argv, &i, "--map", err)) == NULL) {
                return OG_EINVAL;
            }
            if (a->map_path[0] == '\0') {
                return og_error_set(err, OG_EINVAL, "--map needs a file name");
            }
            if (strcmp(a->map_path, "-") == 0) {
                return og_error_set(err, OG_EINVAL, "--map -: a PNG is not written to standard "
                                    "output (only --stats - is); name a file, ./- for one "
                                    "called '-'");
            }
        } else if (opt_is(arg, "--layer", NULL)) {
            if ((a->layer = opt_value(argc, argv, &i, "--layer", err)) == NULL) {
                return OG_EINVAL;
            }
        } else if (opt_is(arg, "--size", NULL)) {
            if ((v = opt_value(argc, argv, &i, "--size", err)) == NULL) {
                return OG_EINVAL;
            }
            if (parse_size(v, &a->size_w, &a->size_h) != 0) {
                return og_error_set(err, OG_EINVAL, "--size '%s' is not WIDTHxHEIGHT", v);
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
        } else if (opt_is(arg, "--map-size", NULL) || opt_is(arg, "--iso-size", NULL)) {
            int iso = arg[2] == 'i';
            const char *flag = iso ? "--iso-size" : "--map-size";
            if ((v = opt_value(argc, argv, &i, flag, err)) == NULL) {
                return OG_EINVAL;
            }
            if (parse_size(v, iso ? &a->iso_w : &a->map_w, iso ? &a->iso_h : &a->map_h) != 0) {
                return og_error_set(err, OG_EINVAL, "%s '%s' is not WIDTHxHEIGHT", flag, v);
            }
            *(iso ? &a->iso_size_given : &a->map_size_given) = 1;
        } else if (opt_is(arg, "--globe-size", NULL)) {
            int gw, gh;
            char sq[32];
            if ((v = opt_value(argc, argv, &i, "--globe-size", err)) == NULL) {
                return OG_EINVAL;
            }
            snprintf(sq, sizeof sq, "%sx%s", v, v);
            if (strchr(v, 'x') == NULL && strchr(v, 'X') == NULL ? parse_size(sq, &gw, &gh) != 0
                                                                 : parse_size(v, &gw, &gh) != 0) {
                return og_error_set(err, OG_EINVAL, "--globe-size '%s' is not N or NxN", v);
            }
            if (gw != gh) {
                return og_error_set(err, OG_EINVAL, "--globe-size %dx%d: globe renders are square",
                                    gw, gh);
            }
            a->globe_size = gw;
        } else if (opt_is(arg, "--stats", NULL)) {
            if ((a->stats_path = opt_value(argc, argv, &i, "--stats", err)) == NULL) {
                return OG_EINVAL;
            }
            if (a->stats_path[0] == '\0') {
                return og_error_set(err, OG_EINVAL, "--stats needs a file name");
            }
        } else if (opt_is(arg, "--iso", NULL)) {
            if ((a->iso_path = opt_value(argc, argv, &i, "--iso", err)) == NULL) {
                return OG_EINVAL;
            }
            if (a->iso_path[0] == '\0') {
                return og_error_set(err, OG_EINVAL, "--iso needs a file name");
            }
            if (strcmp(a->iso_path, "-") == 0) {
                return og_error_set(err, OG_EINVAL, "--iso -: a PNG is not written to standard "
                                    "output (only --stats - is); name a file, ./- for one "
                                    "called '-'");
            }
        } else if (opt_is(arg, "--globe", NULL)) {
            if ((a->globe_path = opt_value(argc, argv, &i, "--globe", err)) == NULL) {
                return OG_EINVAL;
            }
            if (a->globe_path[0] == '\0') {
                return og_error_set(err, OG_EINVAL, "--globe needs a file name");
            }
            if (strcmp(a->globe_path, "-") == 0) {
                return og_error_set(err, OG_EINVAL, "--globe -: a PNG is not written to standard "
                                    "output (only --stats - is); name a file, ./- for one "
                                    "called '-'");
            }
        } else if (opt_is(arg, "--threads", NULL)) {
            if ((v = opt_value(argc, argv, &i, "--threads", err)) == NULL) {
                return OG_EINVAL;
            }
            if ((st = og_threads_parse(v, "--threads", &a->threads, err)) != OG_OK) {
                return st;
            }
        } else if (strcmp(arg, "--progress") == 0) {
            a->progress = 1;
        } else if (opt_is(arg, "--subdiv", NULL)) {
            long n;
            if ((v = opt_value(argc, argv, &i, "--subdiv", err)) == NULL) {
                return OG_EINVAL;
            }
            if (num_parse_int(v, 1, 64, &n) != NUM_OK) {
                return og_error_set(err, OG_ERANGE, "--subdiv '%s' outside 1..64", v);
            }
            a->subdiv = (int)n;
        } else if (opt_is(arg, "--rotate", NULL)) {
            long n;
            if ((v = opt_value(argc, argv, &i, "--rotate", err)) == NULL) {
                return OG_EINVAL;
            }
            if (num_parse_int(v, 0, 3, &n) != NUM_OK) {
                return og_error_set(err, OG_ERANGE, "--rotate '%s' outside 0..3 quarter turns", v);
            }
            a->rotate = (int)n;
        } else if (opt_is(arg, "--time", NULL)) {
            /* 9, 9:30, 09:30 or 9.5 (issue 16), overflow-safe (issue 15) */
            double hours;
            enum num_status ns;
            if ((v = opt_value(argc, argv, &i, "--time", err)) == NULL) {
                return OG_EINVAL;
            }
            ns = num_parse_time(v, &hours);
            if (ns == NUM_SYNTAX) {
                return og_error_set(err, OG_EINVAL, "--time '%s' is not a time of day "
                                    "(9, 9:30, 09:30 or 9.5)", v);
            }
            if (ns != NUM_OK || hours < 6.0 || hours > 18.0) {
                return og_error_set(err, OG_ERANGE, "--time '%s' outside 6..18 h (06:00..18:00)",
                                    v);
            }
            a->time_of_day = hours;
        } else if ((dk = cli_parse_dataout(argc, argv, &i, &a->out, err)) != 0) {
            if (dk < 0) {
                return err->code;
            }
        } else {
            return og_error_set(err, OG_EINVAL, "unknown option '%s' (see orogen --help)", arg);
        }
    }
    if (a->gen == GEN_DEM && a->dem_path == NULL && a->from != NULL &&
        a->command != CLI_PARAMS && (st = find_recipe_dem(a, err)) != OG_OK) {
        return st == OG_EFORMAT ? OG_EIO : st;
    }
    if (a->gen == GEN_DEM && a->dem_path == NULL && a->command != CLI_PARAMS) {
        return og_error_set(err, OG_EINVAL, "the dem generator needs --dem FILE");
    }
    if (a->command == CLI_EXPORT && a->map_path == NULL && a->stats_path == NULL &&
        a->iso_path == NULL && a->globe_path == NULL && !cli_dataout_any(&a->out)) {
        return og_error_set(err, OG_EINVAL,
                            "export needs at least one of --map, --stats, --iso, --globe, "
                            "--heightmap, --raw, --mesh, --vector, --bundle");
    }
    if ((st = cli_dataout_check(&a->out, err)) != OG_OK) {
        return st;
    }
    if (a->command == CLI_GALLERY && (!a->out.seeds_given || a->gallery_out == NULL)) {
        return og_error_set(err, OG_EINVAL, "gallery needs --seeds FIRST-LAST and --out FILE.png");
    }
    if (a->command == CLI_EXPORT && a->out.seeds_given && (st = sweep_check(a, err)) != OG_OK) {
        return st;  /* before any generation */
    }
    if (a->globe_path != NULL && a->globe_size == 0 && a->size_given) {
        if (a->size_w != a->size_h) {
            return og_error_set(err, OG_EINVAL,
                                "--globe renders are square: --size %dx%d is not (add "
                                "--globe-size N)", a->size_w, a->size_h);
        }
        a->globe_size = a->size_w;
    }
    if ((a->map_size_given && a->map_path == NULL) || (a->iso_size_given && a->iso_path == NULL) ||
        (a->globe_size > 0 && a->globe_path == NULL)) {
        return og_error_set(err, OG_EINVAL, "--map-size, --iso-size and --globe-size need "
                                            "their output (--map, --iso, --globe)");
    }
    if ((a->subdiv > 0 || a->rotate >= 0 || a->time_of_day >= 0.0) && a->iso_path == NULL) {
        return og_error_set(err, OG_EINVAL, "--subdiv, --time and --rotate apply to --iso only");
    }
    if (a->command != CLI_EXPORT && (a->map_path != NULL || a->stats_path != NULL ||
                                     a->iso_path != NULL || a->globe_path != NULL ||
                                     cli_dataout_any(&a->out))) {
        return og_error_set(err, OG_EINVAL, "outputs such as --map need `orogen export`");
    }
    return OG_OK;
}
