/* export_ui: the TUI's export keys. `e` exports the view on screen (the
 * visible part of the map layer, the globe as turned, or the isometric
 * picture) at a size asked for; `E` the whole world's map at the CLI's
 * default size (io/export.h export_map_default_size). Both first offer
 * a file name in an editable prompt on the last status line: names are
 * relative to the folder orogen was started in, the default never names an
 * existing file (-2, -3 ... are added) and a typed name that exists is only
 * overwritten after a second Enter. The job itself (its thread, progress
 * and cancel) is export_run.c's. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/base/numparse.h"
#include "core/pipeline.h"
#include "core/dem/dem.h"
#include "io/output.h"
#include "render/raster.h"
#include "tui/export_ui.h"

static struct export_args export_args;   /* the one being asked for */


/* What `e` (whole = 0) or `E` (whole = 1) exports in the current view. */
static enum export_what
export_kind(const struct tui *t, int whole)
{
    if (whole) {
        return EXPORT_MAP;
    }
    if (t->view == TUI_VIEW_GLOBE && t->world->kind == WORLD_SPHERE) {
        return EXPORT_GLOBE;
    }
    if (t->view == TUI_VIEW_ISO) {
        return EXPORT_ISO;
    }
    return EXPORT_MAP_VIEW;
}

/* The folder relative names start from: --export-dir, else the folder
 * orogen was started in. */
static const char *
base_dir(const struct tui *t)
{
    if (t->opt->export_dir != NULL) {
        return t->opt->export_dir;
    }
    return t->start_dir[0] != '\0' ? t->start_dir : ".";
}

/* path = dir/name, or name when it is absolute; -1 when too long. */
static int
join_path(const struct tui *t, const char *name, char *path, size_t size)
{
    int n = name[0] == '/' ? snprintf(path, size, "%s", name)
                           : snprintf(path, size, "%s/%s", base_dir(t), name);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int
exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* The default name of an export, relative to the start folder, made unique
 * with -2, -3 ... before ".png". */
static void
default_name(const struct tui *t, enum export_what what, char *name, size_t size)
{
    const struct world *w = t->world;
    char stem[160], path[PATH_MAX], tile[96] = "";
    const char *layer = t->layer != LAYER_COLOR ? mapimg_layer_name(t->layer) : NULL;
    int k;

    /* a DEM's exports are named after its tile ("fuji-map.png"), not
     * "orogen-dem-1.png" (issue 29) */
    if (w->gen == GEN_DEM && t->dem != NULL && t->dem->source[0] != '\0') {
        const char *b = strrchr(t->dem->source, '/');
        size_t n;
        snprintf(tile, sizeof tile, "%.95s", b != NULL ? b + 1 : t->dem->source);
        n = strcspn(tile, ".");
        tile[n > 0 ? n : strlen(tile)] = '\0';
    }
    if (tile[0] != '\0') {
        snprintf(stem, sizeof stem, "%.95s%s%s%s", tile,
                 what == EXPORT_ISO ? "-iso" : layer != NULL ? "-" : "",
                 what == EXPORT_ISO ? "" : layer != NULL ? layer : "",
                 what == EXPORT_MAP_VIEW ? "-view"
                 : what == EXPORT_MAP && layer == NULL ? "-map" : "");
    } else if (what == EXPORT_GLOBE) {
        snprintf(stem, sizeof stem, "orogen-%s-%llu-globe", world_gen_name(w->gen),
                 (unsigned long long)w->params.seed);
    } else if (what == EXPORT_ISO) {
        snprintf(stem, sizeof stem, "orogen-%s-%llu-iso", world_gen_name(w->gen),
                 (unsigned long long)w->params.seed);
    } else {
        snprintf(stem, sizeof stem, "orogen-%s-%llu%s%s%s", world_gen_name(w->gen),
                 (unsigned long long)w->params.seed, layer != NULL ? "-" : "",
                 layer != NULL ? layer : "", what == EXPORT_MAP_VIEW ? "-view" : "");
    }
    snprintf(name, size, "%s.png", stem);
    for (k = 2; k < 1000; k++) {
        if (join_path(t, name, path, sizeof path) != 0 || !exists(path)) {
            return;
        }
        snprintf(name, size, "%s-%d.png", stem, k);
    }
}

/* The default size of a view export: the map view's aspect with 1024 pixels
 * on the long side, the iso picture at render.width x render.height, the
 * globe at the CLI's 1024. */
static void
default_size(const struct tui *t, enum export_what what, int *width, int *height)
{
    if (what == EXPORT_ISO) {
        *width = params_int(&t->params, P_RENDER_WIDTH);
        *height = params_int(&t->params, P_RENDER_HEIGHT);
    } else if (what == EXPORT_GLOBE) {
        *width = *height = 1024;
    } else if (what == EXPORT_MAP_VIEW) {
        double aw = (t->shown.u1 - t->shown.u0) * mapview_aspect(t);
        double ah = t->shown.v1 - t->shown.v0;
        if (!(aw > 0.0 && ah > 0.0)) {
            aw = ah = 1.0;
        }
        *width = (int)lround(aw >= ah ? 1024.0 : 1024.0 * aw / ah);
        *height = (int)lround(aw >= ah ? 1024.0 * ah / aw : 1024.0);
        *width = *width < 1 ? 1 : *width;
        *height = *height < 1 ? 1 : *height;
    } else {
        export_map_default_size(t->world, width, height);
    }
}

void
tui_export_ask(struct tui *t, int whole)
{
    char name[256];

    if (t->job != NULL) {
        tui_message(t, 1, "an export is already running (%s)", t->export_path);
        return;
    }
    if (t->world == NULL) {
        tui_message(t, 1, "nothing to export yet: the world is still generating");
        return;
    }
    if (!whole && t->view == TUI_VIEW_MAP && t->shown.u1 <= t->shown.u0) {
        tui_message(t, 1, "no map on screen to export (0 recentres; E exports the whole world)");
        return;
    }
    t->export_what = (int)export_kind(t, whole);
    t->export_confirm[0] = '\0';
    default_name(t, (enum export_what)t->export_what, name, sizeof name);
    prompt_open(t, PROMPT_EXPORT_NAME, name);
}

const char *
tui_export_prompt_label(const struct tui *t)
{
    if (t->prompt == PROMPT_EXPORT_SIZE) {
        return t->export_what == EXPORT_GLOBE ? "globe size: " : "size WxH: ";
    }
    switch ((enum export_what)t->export_what) {
    case EXPORT_MAP: return "export world as: ";
    case EXPORT_GLOBE: return "export globe as: ";
    case EXPORT_ISO: return "export render as: ";
    default: return "export view as: ";
    }
}

const char *
tui_export_prompt_hint(const struct tui *t)
{
    return t->prompt == PROMPT_EXPORT_NAME && t->export_what != EXPORT_MAP
               ? "Enter next: size  Esc cancel" : "Enter export  Esc cancel";
}


/* Canonical form of path: the real folder and the file name; -1 with a
 * message when the folder does not exist. */
static int
canonical(struct tui *t, const char *path, char *out, size_t size)
{
    char dir[PATH_MAX], real[PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;

    if (*base == '\0') {
        tui_message(t, 1, "'%s' names a folder: add a file name", path);
        return -1;
    }
    if (slash == NULL) {
        snprintf(dir, sizeof dir, ".");
    } else if (slash == path) {
        snprintf(dir, sizeof dir, "/");
    } else {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    }
    if (realpath(dir, real) == NULL) {
        tui_message(t, 1, "cannot write %s: folder %s: %s", path, dir, strerror(errno));
        return -1;
    }
    if (snprintf(out, size, "%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/", base) >=
        (int)size) {
        tui_message(t, 1, "file name too long: %s", path);
        return -1;
    }
    return 0;
}

static void
submit_name(struct tui *t, const char *text)
{
    char path[PATH_MAX], canon[PATH_MAX], size[32];
    const char *base = strrchr(text, '/');
    struct stat sb;

    base = base != NULL ? base + 1 : text;
    if (text[0] == '\0') {
        tui_message(t, 1, "type a file name (Esc cancels)");
        return;
    }
    if (join_path(t, text, path, sizeof path) != 0 ||
        (strchr(base, '.') == NULL && strlen(path) + 4 >= sizeof path)) {
        tui_message(t, 1, "file name too long: %s", text);
        return;
    }
    /* The CLI's rules for a PNG's name (io/output.h output_check_name):
     * another extension would promise another format */
    {
        struct og_error e;
        if (output_check_name(output_kind(OUT_MAP), base, &e) != OG_OK) {
            tui_message(t, 1, "'%s': this export is a PNG; name it .png", text);
            return;
        }
    }
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        /* "sub" naming a folder: no silent sub.png beside it */
        tui_message(t, 1, "%s is a folder: type %s/NAME.png to export into it", text, text);
        return;
    }
    if (strchr(base, '.') == NULL) {
        strcat(path, ".png");   /* "map" -> "map.png" */
    }
    if (canonical(t, path, canon, sizeof canon) != 0) {
        return;
    }
    if (stat(canon, &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            tui_message(t, 1, "%s is a folder: add a file name", canon);
            return;
        }
        if (strcmp(t->export_confirm, canon) != 0) {
            snprintf(t->export_confirm, sizeof t->export_confirm, "%s", canon);
            tui_message(t, 1, "file exists (Enter again overwrites it, or edit the name): %s",
                        canon);
            return;
        }
    }
    export_args.what = (enum export_what)t->export_what;
    snprintf(export_args.path, sizeof export_args.path, "%.4000s", canon);
    default_size(t, export_args.what, &export_args.width, &export_args.height);
    if (export_args.what == EXPORT_MAP) {
        prompt_close(t);
        tui_export_start(t, &export_args);
        return;
    }
    if (export_args.what == EXPORT_GLOBE) {
        snprintf(size, sizeof size, "%d", export_args.width);
    } else {
        snprintf(size, sizeof size, "%dx%d", export_args.width, export_args.height);
    }
    prompt_open(t, PROMPT_EXPORT_SIZE, size);
    tui_message(t, 0, "%s: the size in pixels, Enter starts", canon);
}

/* Parse "W", "WxH" (globe: "N" or "NxN"); 0 when valid. */
static int
parse_size(const char *s, int *w, int *h)
{
    long n;

    /* strict (core/base/numparse.h): "N" for N x N, or "WxH"; no blanks, signs */
    if (strchr(s, 'x') == NULL && strchr(s, 'X') == NULL) {
        if (num_parse_int(s, 1, 16384, &n) != NUM_OK) {
            return -1;
        }
        *w = *h = (int)n;
        return 0;
    }
    return num_parse_size(s, 16384, w, h) == NUM_OK ? 0 : -1;
}

static void
submit_size(struct tui *t, const char *text)
{
    int w, h;

    if (parse_size(text, &w, &h) != 0) {
        tui_message(t, 1, "size '%s' is not WIDTHxHEIGHT with sides 1..16384", text);
        return;
    }
    if (export_args.what == EXPORT_GLOBE && w != h) {
        tui_message(t, 1, "globe renders are square: %dx%d is not", w, h);
        return;
    }
    if (export_args.what != EXPORT_GLOBE && strchr(text, 'x') == NULL &&
        strchr(text, 'X') == NULL) {
        tui_message(t, 1, "size '%s' is not WIDTHxHEIGHT", text);
        return;
    }
    export_args.width = w;
    export_args.height = h;
    prompt_close(t);
    if (t->world == NULL) {
        tui_message(t, 1, "nothing to export: the world is regenerating");
        return;
    }
    tui_export_start(t, &export_args);
}

void
tui_export_prompt_submit(struct tui *t, const char *text)
{
    if (t->prompt == PROMPT_EXPORT_NAME) {
        submit_name(t, text);
    } else {
        submit_size(t, text);
    }
}
