/* export_run: the running export of the TUI (the prompts are in
 * export_ui.c). The job runs on its own thread through the output registry
 * (map, view, globe) or the iso exporter; the message line shows its
 * progress and the full path written. x or Ctrl-C cancels it part-way
 * (issue 29): the job's thread has export_cancel bound
 * (core/base/interrupt.h og_cancel_bind), so the writers' band loops stop,
 * the temporary is removed and nothing is written, while the TUI goes on. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "core/generators.h"
#include "core/base/interrupt.h"
#include "core/pipeline.h"
#include "core/dem/dem.h"
#include "io/export_iso.h"
#include "io/georef_origin.h"
#include "io/output.h"
#include "io/png/pngio.h"
#include "core/planet/planet_edit.h"
#include "tui/export_ui.h"

static struct export_args export_args;
static struct export_iso_request export_iso_req;
static atomic_int export_rows_permille;  /* a map or globe PNG's rows written */
/* Raised by x or Ctrl-C (tui_export_cancel_signal): the job's thread has it
 * bound (core/base/interrupt.h og_cancel_bind), so every band loop of the
 * map, globe and iso writers stops at its next poll and the temporary is
 * removed, while the TUI and its generation worker go on. */
static atomic_int export_cancel;
static atomic_int export_live;   /* a job started and not yet taken back */
static atomic_int quit_pending;  /* q q: Ctrl-C then quits at once */

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
export_plan_run(const struct world *w, void *arg, struct og_error *err)
{
    const struct export_args *a = arg;
    struct output_plan plan;
    enum og_status st;

    memset(&plan, 0, sizeof plan);
    plan.gen = generator_get(w->gen);
    plan.params = &w->params;
    plan.dem_path = a->dem_path[0] != '\0' ? a->dem_path : NULL;
    plan.origin = a->georef;  /* its srs is resolved (and freed) by the plan */
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
    if (plan.gen == NULL) {
        st = og_error_set(err, OG_EUNSUPPORTED, "no generator for this world");
    } else if (plan.origin.given && (st = georef_origin_resolve(&plan.origin, err)) != OG_OK) {
        /* the CLI checked the code when the TUI started; GDAL said no now */
    } else {
        st = output_plan_write(&plan, w, err);
    }
    output_plan_fini(&plan);
    return st;
}

/* The job's function (export_plan_run or export_iso_job), set before its
 * thread starts. */
static export_fn *job_fn;

/* On the export's thread: the PNG's rows reported as a map's are (the
 * writing phase of a big render takes seconds) and export_cancel bound
 * for the job's run. */
static enum og_status
job_main(const struct world *w, void *arg, struct og_error *err)
{
    enum og_status st;

    pngio_set_progress(export_rows, NULL);
    og_cancel_bind(&export_cancel);
    st = job_fn(w, arg, err);
    og_cancel_bind(NULL);
    return st;
}

static void
job_start(struct tui *t, export_fn *fn, void *arg, const char *what)
{
    struct og_error err;
    sigset_t old;
    enum og_status st;

    atomic_store(&export_cancel, 0);
    job_fn = fn;
    tui_block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, job_main, arg, tui_wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    atomic_store(&export_live, 1);
    tui_message(t, 0, "%s %s ... (x or Ctrl-C cancels)", what, t->export_path);
    export_world = t->world;
    export_edits = t->gen == GEN_PLANET ? planet_edit_count(t->world) : 0;
}

void
tui_export_start(struct tui *t, const struct export_args *req)
{
    struct export_args *a = &export_args;

    memset(a, 0, sizeof *a);
    a->what = req->what;
    a->width = req->width;
    a->height = req->height;
    snprintf(a->path, sizeof a->path, "%s", req->path);
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
        job_start(t, export_iso_job, r, "rendering");
        break;
    }
    case EXPORT_GLOBE:
        globeview_orientation(t, &a->yaw, &a->pitch);
        job_start(t, export_plan_run, a, "rendering the globe");
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
        /* --georef places generated flat worlds; a DEM keeps its own
           georeferencing and a planet its longitude and latitude */
        memset(&a->georef, 0, sizeof a->georef);
        if (t->world->gen != GEN_DEM && t->world->kind != WORLD_SPHERE) {
            a->georef = t->opt->georef;
            a->georef.srs = NULL;
        }
        job_start(t, export_plan_run, a, "exporting");
        break;
    }
}

int
tui_export_cancel(struct tui *t)
{
    if (t->job == NULL || export_job_done(t->job)) {
        return 0;
    }
    atomic_store(&export_cancel, 1);
    tui_export_cancelling(t);
    return 1;
}

void
tui_export_cancelling(struct tui *t)
{
    tui_message(t, 0, "cancelling the export of %s ... (Ctrl-C again quits)", t->export_path);
}

int
tui_export_cancel_signal(void)
{
    /* async-signal-safe: lock-free atomics only */
    return atomic_load(&export_live) && !atomic_load(&quit_pending) &&
           atomic_exchange(&export_cancel, 1) == 0;
}

void
tui_export_quit_pending(int pending)
{
    atomic_store(&quit_pending, pending);
}

void
tui_export_poll(struct tui *t)
{
    struct og_error err;
    enum og_status st;

    if (t->job == NULL) {
        return;
    }
    if (!export_job_done(t->job)) {
        /* The main loop wakes at least every 250 ms: show the progress,
         * but not over the question q asked ("export is still running") */
        if (t->quit_asked == 1 || atomic_load(&export_cancel)) {
            return;   /* nor over "cancelling ..." */
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
    atomic_store(&export_live, 0);
    st = export_job_finish(t->job, &err);
    if (st == OG_OK) {
        /* The file shows the planet with its land edits: they are kept (q
         * no longer warns), unless an edit came after the export began. */
        int kept = export_edits > 0 && t->world == export_world &&
                   planet_edit_count(t->world) == export_edits;
        if (kept) {
            globeview_edits_saved(t);
        }
        tui_message(t, 0, "exported %s (%dx%d)%s", t->export_path, export_args.width,
                    export_args.height, kept ? " with the land edits" : "");
    } else if (atomic_load(&export_cancel) && st == OG_ECANCELED) {
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
