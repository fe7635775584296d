/* args_dataout: parsing of the data-export options (see args_dataout.h). */
#include "config.h"
#include "cli/args_dataout.h"
#include "cli/args_internal.h"
#include "cli/sweep.h"
#include "io/engine.h"
#include "io/raster/normalmap.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
parse_real(const char *s, const char *end_at, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return end != s && end == end_at && errno == 0 && isfinite(*out) ? 0 : -1;
}

/* --tiles NxM, --tile X,Y, --tile-overlap K (io/tiles.h). */
static int
parse_tiles(int argc, char **argv, int *i, struct cli_dataout *o, struct og_error *err)
{
    const char *arg = argv[*i], *v;
    const char *opt = cli_opt_is(arg, "--tiles", NULL) ? "--tiles"
                      : cli_opt_is(arg, "--tile", NULL) ? "--tile" : "--tile-overlap";
    char *end;
    long a, b = 0;
    if ((v = cli_opt_value(argc, argv, i, opt, err)) == NULL) {
        return -1;
    }
    errno = 0;
    a = strtol(v, &end, 10);
    if (opt[6] != '-') {  /* NxM or X,Y */
        char sep = opt[6] == 's' ? 'x' : ',';
        if (end == v || (*end != sep && !(sep == 'x' && *end == 'X'))) {
            og_error_set(err, OG_EINVAL, "%s '%s' is not %s", opt, v,
                         sep == 'x' ? "NxM" : "X,Y");
            return -1;
        }
        const char *s2 = end + 1;
        b = strtol(s2, &end, 10);
        if (end == s2) {
            end = (char *)v;  /* force the error below */
        }
    }
    if (end == v || *end != '\0' || errno != 0 || a < 0 || b < 0 || a > 100000 ||
        b > 100000) {
        og_error_set(err, OG_EINVAL, "%s '%s' is not %s", opt, v,
                     opt[6] == 's' ? "NxM" : (opt[6] == '-' ? "a count" : "X,Y"));
        return -1;
    }
    if (opt[6] == 's') {
        if (a < 1 || b < 1) {
            og_error_set(err, OG_ERANGE, "--tiles '%s' needs at least 1x1", v);
            return -1;
        }
        o->tiles.nx = (int)a;
        o->tiles.ny = (int)b;
    } else if (opt[6] == '-') {
        o->tiles.overlap = (int)a;
        o->overlap_given = 1;
    } else {
        o->tiles.only = 1;
        o->tiles.tx = (int)a;
        o->tiles.ty = (int)b;
    }
    return 1;
}

int
cli_parse_dataout(int argc, char **argv, int *i, struct cli_dataout *o, struct og_error *err)
{
    const char *arg = argv[*i], *v;

    if (cli_opt_is(arg, "--mesh-size", NULL)) {
        char *end;
        long a, b;
        if ((v = cli_opt_value(argc, argv, i, "--mesh-size", err)) == NULL) {
            return -1;
        }
        errno = 0;
        a = strtol(v, &end, 10);
        b = (*end == 'x' || *end == 'X') ? strtol(end + 1, &end, 10) : -1;
        if (errno != 0 || *end != '\0' || a < 2 || b < 2 || a > 100000 || b > 100000) {
            og_error_set(err, OG_EINVAL, "--mesh-size '%s' is not COLSxROWS (at least 2x2)", v);
            return -1;
        }
        o->mesh_w = (int)a;
        o->mesh_h = (int)b;
        return 1;
    }
    if (cli_opt_is(arg, "--tiles", NULL) || cli_opt_is(arg, "--tile", NULL) ||
        cli_opt_is(arg, "--tile-overlap", NULL)) {
        return parse_tiles(argc, argv, i, o, err);
    }
    if (cli_opt_is(arg, "--extent", NULL)) {
        const char *end;
        if ((v = cli_opt_value(argc, argv, i, "--extent", err)) == NULL) {
            return -1;
        }
        end = v + strlen(v);
        if (end > v && end[-1] == 'm') {
            end--;
        }
        if (parse_real(v, end, &o->extent_m) != 0 || !(o->extent_m > 0.0) ||
            o->extent_m > 1e8) {
            og_error_set(err, OG_EINVAL, "--extent '%s' is not a width in metres (0 < W <= 1e8)",
                         v);
            return -1;
        }
        return 1;
    }
    if (cli_opt_is(arg, "--georef", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--georef", err)) == NULL) {
            return -1;
        }
        return georef_origin_parse(v, &o->origin, err) == OG_OK ? 1 : -1;
    }
    if (cli_opt_is(arg, "--seeds", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--seeds", err)) == NULL) {
            return -1;
        }
        if (sweep_parse(v, &o->seed_lo, &o->seed_hi) != 0) {
            unsigned long long lo, hi;
            char tail;
            if (sscanf(v, "%llu-%llu%c", &lo, &hi, &tail) == 2 && lo > hi) {
                og_error_set(err, OG_EINVAL, "--seeds '%s': FIRST is after LAST (%llu-%llu?)", v,
                             hi, lo);
            } else {
                og_error_set(err, OG_EINVAL, "--seeds '%s' is not FIRST-LAST (at most %d seeds)",
                             v, SWEEP_MAX_SEEDS);
            }
            return -1;
        }
        o->seeds_given = 1;
        return 1;
    }
    if (cli_opt_is(arg, "--engine", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--engine", err)) == NULL) {
            return -1;
        }
        if ((o->engine = (int)engine_profile_parse(v)) == ENGINE_NONE) {
            og_error_set(err, OG_EINVAL, "--engine '%s' is not one of unity, unreal, godot", v);
            return -1;
        }
        return 1;
    }
    if (cli_opt_is(arg, "--normals-convention", NULL)) {
        if ((v = cli_opt_value(argc, argv, i, "--normals-convention", err)) == NULL) {
            return -1;
        }
        if ((o->normals_convention = normalmap_convention_parse(v)) < 0) {
            og_error_set(err, OG_EINVAL, "--normals-convention '%s' is not opengl or directx", v);
            return -1;
        }
        o->normals_conv_given = 1;
        return 1;
    }
    if (strcmp(arg, "--clip") == 0) {
        o->range.clip = 1;
        return 1;
    }
    if (cli_opt_is(arg, "--height-range", NULL)) {
        const char *colon;
        if ((v = cli_opt_value(argc, argv, i, "--height-range", err)) == NULL) {
            return -1;
        }
        /* LO:HI; a leading '-' belongs to LO, so look for ':' after it. */
        colon = strchr(v + (v[0] == '-' ? 1 : 0), ':');
        if (colon == NULL || parse_real(v, colon, &o->range.lo) != 0 ||
            parse_real(colon + 1, colon + 1 + strlen(colon + 1), &o->range.hi) != 0) {
            og_error_set(err, OG_EINVAL, "--height-range '%s' is not LO:HI", v);
            return -1;
        }
        if (!(o->range.lo < o->range.hi)) {
            og_error_set(err, OG_ERANGE, "--height-range '%s': LO must be below HI", v);
            return -1;
        }
        o->range.given = 1;
        return 1;
    }
    return 0;
}

enum og_status
cli_dataout_check(const struct cli_dataout *o, const char *const *outputs, struct og_error *err)
{
    if ((o->range.given || o->range.clip) && outputs[OUT_HEIGHTMAP] == NULL &&
        outputs[OUT_RAW] == NULL && outputs[OUT_ENGINE] == NULL) {
        return og_error_set(err, OG_EINVAL, "--height-range and --clip apply to --heightmap and "
                            "--raw only");
    }
    if ((o->overlap_given || o->tiles.only) && o->tiles.nx == 0) {
        return og_error_set(err, OG_EINVAL, "--tile and --tile-overlap need --tiles NxM");
    }
    if (o->tiles.only && (o->tiles.tx >= o->tiles.nx || o->tiles.ty >= o->tiles.ny)) {
        return og_error_set(err, OG_ERANGE, "--tile %d,%d outside the %dx%d grid (0..%d, 0..%d)",
                            o->tiles.tx, o->tiles.ty, o->tiles.nx, o->tiles.ny,
                            o->tiles.nx - 1, o->tiles.ny - 1);
    }
    if (o->mesh_w > 0 && outputs[OUT_MESH] == NULL) {
        return og_error_set(err, OG_EINVAL, "--mesh-size applies to --mesh only");
    }
    if (o->engine != ENGINE_NONE && outputs[OUT_ENGINE] == NULL) {
        return og_error_set(err, OG_EINVAL, "--engine %s needs --engine-out BASE (the files' "
                            "name without extension)", engine_profile_name(o->engine));
    }
    if (o->normals_conv_given && outputs[OUT_NORMALS] == NULL) {
        return og_error_set(err, OG_EINVAL, "--normals-convention applies to --normals only");
    }
    if (o->range.clip && !o->range.given) {
        return og_error_set(err, OG_EINVAL, "--clip needs --height-range LO:HI");
    }
    return OG_OK;
}
