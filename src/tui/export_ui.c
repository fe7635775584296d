/* export_ui: the TUI's export keys. `e` exports the view on screen (the
 * visible part of the map layer, the globe as turned, or the isometric
 * picture) at a size asked for; `E` the whole world's map at the CLI's
 * default size (io/export.h export_map_default_size). Both first offer
 * a file name in an editable prompt on the last status line: names are
 * relative to the folder orogen was started in, the default never names an
 * existing file (-2, -3 ... are added) and a typed name that exists is only
 * overwritten after a second Enter. The job runs on its own thread; the
 * message line reports its progress and the full path written. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
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
#include "io/export_iso.h"
#include "io/output.h"
#include "io/raster/heightmap.h"
#include "render/globe.h"
#include "io/png/pngio.h"
#include "render/raster.h"
#include "core/planet/planet_edit.h"
#include "tui/tui_state.h"

/* What an export writes. */
enum export_what { EXPORT_MAP, EXPORT_MAP_VIEW, EXPORT_GLOBE, EXPORT_ISO };

struct export_args {
    enum export_what what;
    enum map_layer layer;
    struct map_view view;  /* EXPORT_MAP_VIEW: the part of the map shown */
    int width, height;
    char path[PATH_MAX];
    double yaw, pitch;     /* EXPORT_GLOBE: its orientation (degrees), as on screen */
    int shown_permille;    /* iso progress last shown */
    double started_ms;     /* when the job started (pipeline_now_ms) */
    long shown_s;          /* seconds shown with that progress */
    char dem_path[PATH_MAX];  /* a dem world's file (its georeferencing), "" if none */
};
static struct export_args export_args;
static struct export_iso_request export_iso_req;
static atomic_int export_rows_permille;  /* a map or globe PNG's rows written */

/* On the export's thread: the PNG's rows (a map renders them as it writes). */
static void
export_rows(void *arg, int rows, int height)
{
    (void)arg;
    atomic_store(&export_rows_permille, height > 0 ? (int)((long long)rows * 1000 / height) : 0);
}
/* The world and land edit count an export started with. */
static const struct world *export_world;
static size_t export_edits;

/* A map or globe export through the output registry (io/output.h), as
 * the CLI's --map and --globe: the same checks, the same world file and
 * CRS beside a map (narrowed to the window shown), written whole or not
 * at all. */
static enum og_status
export_plan_run(const struct world *w, const struct export_args *a, struct og_error *err)
{
    struct output_plan plan;
    enum og_status st;

    memset(&plan, 0, sizeof plan);
    plan.gen = generator_get(w->gen);
    plan.params = &w->params;
    plan.dem_path = a->dem_path[0] != '\0' ? a->dem_path : NULL;
    if (a->what == EXPORT_GLOBE) {
        plan.path[OUT_GLOBE] = a->path;
        plan.globe_size = a->width;
        plan.globe_view_given = 1;
        plan.globe_yaw = a->yaw;
        plan.globe_pitch = a->pitch;
    } else {
        plan.path[OUT_MAP] = a->path;
        plan.layer = (int)a->layer;
        plan.view = a->view;
        plan.view_given = a->what == EXPORT_MAP_VIEW;
        plan.map_w = a->width;
        plan.map_h = a->height;
    }
    pngio_set_progress(export_rows, NULL);
    st = plan.gen == NULL ? og_error_set(err, OG_EUNSUPPORTED, "no generator for this world")
                          : output_plan_write(&plan, w, err);
    output_plan_fini(&plan);
    return st;
}

static enum og_status
export_run(const struct world *w, void *arg, struct og_error *err)
{
    return export_plan_run(w, arg, err);
}

/* The iso render, with its PNG's rows reported as a map's are (the
 * writing phase of a big render takes seconds). */
static enum og_status
export_iso_run(const struct world *w, void *arg, struct og_error *err)
{
    pngio_set_progress(export_rows, NULL);
    return export_iso_job(w, arg, err);
}

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

static void
job_start(struct tui *t, export_fn *fn, void *arg, const char *what)
{
    struct og_error err;
    sigset_t old;
    enum og_status st;

    tui_block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, fn, arg, tui_wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    tui_message(t, 0, "%s %s ...", what, t->export_path);
    export_world = t->world;
    export_edits = t->gen == GEN_PLANET ? planet_edit_count(t->world) : 0;
}

/* Start the export chosen in the prompts: export_args.path, size, kind. */
static void
export_go(struct tui *t)
{
    struct export_args *a = &export_args;

    a->shown_permille = -10;   /* shows 0 % at the first poll */
    a->shown_s = 0;
    a->started_ms = pipeline_now_ms();
    atomic_store(&export_rows_permille, 0);
    snprintf(t->export_path, sizeof t->export_path, "%.4000s", a->path);
    switch (a->what) {
    case EXPORT_ISO: {
        /* The picture on screen with the render.* values of the session,
         * which the keys may have changed since the world was made. */
        struct export_iso_request *r = &export_iso_req;
        memset(r, 0, sizeof *r);
        r->width = a->width;
        r->height = a->height;
        r->have_options = 1;
        iso_options_from_params(&r->options, &t->params);
        atomic_init(&r->progress, 0);
        atomic_init(&r->cancel, 0);
        snprintf(r->path, sizeof r->path, "%.4000s", a->path);
        job_start(t, export_iso_run, r, "rendering");
        break;
    }
    case EXPORT_GLOBE:
        globeview_orientation(t, &a->yaw, &a->pitch);
        job_start(t, export_run, a, "rendering the globe");
        break;
    default:
        a->layer = t->layer;
        /* The sampled pixels' edges may reach half a pixel past the map. */
        a->view.u0 = fmax(0.0, t->shown.u0);
        a->view.v0 = fmax(0.0, t->shown.v0);
        a->view.u1 = fmin(1.0, t->shown.u1);
        a->view.v1 = fmin(1.0, t->shown.v1);
        if (a->what == EXPORT_MAP) {
            a->view.u0 = a->view.v0 = 0.0;
            a->view.u1 = a->view.v1 = 1.0;
        }
        snprintf(a->dem_path, sizeof a->dem_path, "%s",
                 t->world->gen == GEN_DEM && t->dem != NULL ? t->dem->source : "");
        job_start(t, export_run, a, "exporting");
        break;
    }
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
        export_go(t);
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
    export_go(t);
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

int
tui_export_cancel(struct tui *t)
{
    if (t->job == NULL || export_job_done(t->job)) {
        return 0;
    }
    if (export_args.what != EXPORT_ISO) {
        /* map and globe writers stop only on a process-wide interruption
         * (core/base/interrupt.h); they take seconds, not minutes */
        tui_message(t, 0, "a map or globe export cannot be stopped part-way: it ends in a "
                          "moment");
        return 1;
    }
    atomic_store(&export_iso_req.cancel, 1);
    tui_message(t, 0, "cancelling the export of %s ...", t->export_path);
    return 1;
}

void
tui_export_poll(struct tui *t)
{
    struct og_error err;

    if (t->job == NULL) {
        return;
    }
    if (!export_job_done(t->job)) {
        /* The main loop wakes at least every 250 ms: show the progress,
         * but not over the question q asked ("export is still running") */
        if (t->quit_asked == 1) {
            return;
        }
        int iso = export_args.what == EXPORT_ISO;
        int pm = iso ? atomic_load(&export_iso_req.progress) : 0;
        if (iso && pm >= EXPORT_ISO_WRITING) {
            int rows = atomic_load(&export_rows_permille);
            if (export_args.shown_permille < EXPORT_ISO_WRITING ||
                rows / 10 != (export_args.shown_permille - EXPORT_ISO_WRITING) / 10) {
                export_args.shown_permille = EXPORT_ISO_WRITING + rows;
                tui_message(t, 0, "writing %s (PNG) ... %d%%", t->export_path, rows / 10);
            }
        } else if (iso) {
            /* every whole percent, and the seconds while a phase reports
             * nothing for a while (the shading of a big render), so the
             * line never sits on "..." */
            long s = (long)((pipeline_now_ms() - export_args.started_ms) / 1000.0);
            if (pm / 10 != export_args.shown_permille / 10 ||
                (s >= 2 && s != export_args.shown_s)) {
                export_args.shown_permille = pm;
                export_args.shown_s = s;
                if (s >= 2) {
                    tui_message(t, 0, "rendering %s ... %d%% (%ld s)", t->export_path, pm / 10,
                                s);
                } else {
                    tui_message(t, 0, "rendering %s ... %d%%", t->export_path, pm / 10);
                }
            }
        } else if (!iso && (pm = atomic_load(&export_rows_permille)) / 100 !=
                               export_args.shown_permille / 100) {
            export_args.shown_permille = pm;  /* map, globe: the PNG's rows */
            tui_message(t, 0, "writing %s (PNG) ... %d%%", t->export_path, pm / 10);
        }
        return;
    }
    og_error_clear(&err);
    if (export_job_finish(t->job, &err) == OG_OK) {
        /* The file shows the planet with its land edits: they are kept (q
         * no longer warns), unless an edit came after the export began. */
        int kept = export_edits > 0 && t->world == export_world &&
                   planet_edit_count(t->world) == export_edits;
        if (kept) {
            globeview_edits_saved(t);
        }
        tui_message(t, 0, "exported %s (%dx%d)%s", t->export_path, export_args.width,
                    export_args.height, kept ? " with the land edits" : "");
    } else if (export_args.what == EXPORT_ISO && atomic_load(&export_iso_req.cancel)) {
        tui_message(t, 0, "export cancelled: nothing written (%s)", t->export_path);
    } else {
        tui_message(t, 1, "export failed: %s", err.msg);
    }
    t->job = NULL;
    if (t->quit_asked == 2) {
        t->quit = 1;    /* q, q: quit once the file is written */
    } else if (t->quit_asked == 1) {
        /* Asked but not confirmed: the export finishing is no answer. */
        t->quit_asked = 0;
        if (!t->msg_error) {
            size_t n = strlen(t->msg);
            snprintf(t->msg + n, sizeof t->msg - n, "; the export is done, q quits");
        }
    }
}
