/* export_ui: the TUI's export keys: start an export job for the view
 * (map layer, globe or isometric render) and report its progress and end
 * on the status line. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "core/generators.h"
#include "render/export_iso.h"
#include "render/globe.h"
#include "render/pngio.h"
#include "render/raster.h"
#include "tui/tui_state.h"

struct export_args {
    enum map_layer layer;
    int width, height;
    char path[1024];
    int iso;            /* an isometric render (export_iso_job) */
    int globe;          /* the globe view: a size x size shaded globe */
    double yaw, pitch;  /* its orientation (degrees), as on screen */
    int shown_permille; /* iso progress last shown */
};
static struct export_args export_args;
static struct export_iso_request export_iso_req;

static enum og_status
export_run(const struct world *w, void *arg, struct og_error *err)
{
    const struct export_args *a = arg;
    return export_map_png(w, a->layer, a->width, a->height, a->path, err);
}

/* The globe as on screen: the view's yaw and pitch, recorded in the recipe
 * so `orogen --from` renders the same view. */
static enum og_status
export_globe_run(const struct world *w, void *arg, struct og_error *err)
{
    const struct export_args *a = arg;
    return globe_export_png_view(w, a->yaw, a->pitch, a->width, a->path, err);
}

/* In the isometric preview, e renders the picture on screen at
 * render.width x render.height (render/export_iso.h), with the render.*
 * values of the session, which the keys may have changed since the world
 * was made. */
static void
export_iso_start(struct tui *t)
{
    const char *dir = t->opt->export_dir != NULL ? t->opt->export_dir : ".";
    struct export_iso_request *r = &export_iso_req;
    struct og_error err;
    sigset_t old;
    enum og_status st;

    memset(r, 0, sizeof *r);
    r->width = params_int(&t->params, P_RENDER_WIDTH);
    r->height = params_int(&t->params, P_RENDER_HEIGHT);
    r->have_options = 1;
    iso_options_from_params(&r->options, &t->params);
    atomic_init(&r->progress, 0);
    atomic_init(&r->cancel, 0);
    if (snprintf(r->path, sizeof t->export_path, "%s/orogen-%s-%llu-iso.png", dir,
                 world_gen_name(t->world->gen), (unsigned long long)t->world->params.seed) >=
        (int)sizeof t->export_path) {
        tui_message(t, 1, "export folder name too long: %s", dir);
        return;
    }
    export_args.iso = 1;
    export_args.globe = 0;
    export_args.width = r->width;
    export_args.height = r->height;
    export_args.shown_permille = 0;
    memcpy(t->export_path, r->path, sizeof t->export_path);
    tui_block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, export_iso_job, r, tui_wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    tui_message(t, 0, "rendering %s (%dx%d) ...", t->export_path, r->width, r->height);
}

void
tui_export_start(struct tui *t)
{
    const struct world *w = t->world;
    const char *dir = t->opt->export_dir != NULL ? t->opt->export_dir : ".";
    struct og_error err;
    sigset_t old;
    enum og_status st;

    if (t->job != NULL) {
        tui_message(t, 1, "an export is already running (%s)", export_args.path);
        return;
    }
    if (w == NULL) {
        tui_message(t, 1, "nothing to export yet: the world is still generating");
        return;
    }
    if (t->view == TUI_VIEW_ISO) {
        export_iso_start(t);
        return;
    }
    export_args.iso = 0;
    export_args.globe = t->view == TUI_VIEW_GLOBE && w->kind == WORLD_SPHERE;
    export_args.layer = t->layer;
    if (export_args.globe) {
        /* the CLI's --globe size */
        export_args.width = export_args.height = 1024;
        globeview_orientation(t, &export_args.yaw, &export_args.pitch);
        snprintf(export_args.path, sizeof export_args.path, "%s/orogen-%s-%llu-globe.png", dir,
                 world_gen_name(w->gen), (unsigned long long)w->params.seed);
        snprintf(t->export_path, sizeof t->export_path, "%s", export_args.path);
        tui_block_ui_signals(&old);
        st = export_job_start(&t->job, t->world, export_globe_run, &export_args, tui_wake_cb, t,
                              &err);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        if (st != OG_OK) {
            t->job = NULL;
            tui_message(t, 1, "export: %s", err.msg);
            return;
        }
        tui_message(t, 0, "rendering the globe %s ...", t->export_path);
        return;
    }
    if (w->kind == WORLD_GRID && w->width > 0 && w->height > 0) {
        double k = fmin(1.0, 2048.0 / fmax(w->width, w->height));
        export_args.width = (int)lround(w->width * k);
        export_args.height = (int)lround(w->height * k);
    } else if (w->kind == WORLD_SPHERE) {
        export_args.width = 2048;
        export_args.height = 1024;
    } else {
        export_args.width = export_args.height = 1024;
    }
    snprintf(export_args.path, sizeof export_args.path, "%s/orogen-%s-%llu%s%s.png", dir,
             world_gen_name(w->gen), (unsigned long long)w->params.seed,
             t->layer != LAYER_COLOR ? "-" : "", t->layer != LAYER_COLOR ?
             mapimg_layer_name(t->layer) : "");
    snprintf(t->export_path, sizeof t->export_path, "%s", export_args.path);
    tui_block_ui_signals(&old);
    st = export_job_start(&t->job, t->world, export_run, &export_args, tui_wake_cb, t, &err);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (st != OG_OK) {
        t->job = NULL;
        tui_message(t, 1, "export: %s", err.msg);
        return;
    }
    tui_message(t, 0, "exporting %s ...", t->export_path);
}

void
tui_export_poll(struct tui *t)
{
    struct og_error err;

    if (t->job == NULL) {
        return;
    }
    if (!export_job_done(t->job)) {
        /* The main loop wakes at least every 250 ms: show the render's
         * progress in 10 % steps. */
        int pm = export_args.iso ? atomic_load(&export_iso_req.progress) : 0;
        if (export_args.iso && pm / 100 != export_args.shown_permille / 100) {
            export_args.shown_permille = pm;
            tui_message(t, 0, "rendering %s ... %d%%", t->export_path, pm / 10);
        }
        return;
    }
    og_error_clear(&err);
    if (export_job_finish(t->job, &err) == OG_OK) {
        tui_message(t, 0, "exported %s (%dx%d)", t->export_path, export_args.width,
                    export_args.height);
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
