/* tui: the main loop of the terminal interface.
 *
 * Threads (../shared/TERMINAL.md section 3): only this thread calls curses.
 * The generation worker and export jobs are started with SIGWINCH, SIGTSTP
 * and every og_stop_signals entry blocked, so those signals interrupt our poll()
 * and ncurses reports KEY_RESIZE. Workers wake the loop by writing a byte to
 * a non-blocking self-pipe polled together with stdin; keys are then drained
 * with a non-blocking getch on a 1x1 window that is never drawn (getch on a
 * modified window would refresh it). The map is redrawn only on new data or
 * a view change; progress ticks redraw the status line alone, at most ten
 * times a second. Parameter edits regenerate after TUI_DEBOUNCE_MS. */
#include "config.h"
#include "tui/tui.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/planet/planet_edit.h"
#include "core/base/cpu_limit.h"
#include "core/base/rng.h"
#include "io/export_iso.h"
#include "render/globe.h"
#include "io/png/pngio.h"
#include "render/raster.h"
#include "io/outfile.h"
#include "tui/tui_state.h"

static volatile sig_atomic_t sig_quit;
static volatile sig_atomic_t sig_cancelled;  /* Ctrl-C cancelled an export */
static int sig_wake_fd = -1;

/* Whether a SIGINT came from the terminal (the user typed Ctrl-C: the line
 * discipline sends it, si_code SI_KERNEL on Linux) rather than from
 * kill(2) (SI_USER: a supervisor, `kill -INT`, which stops the process as
 * every og_stop_signals entry does). */
static int
typed_interrupt(int sig, const siginfo_t *si)
{
    if (sig != SIGINT) {
        return 0;
    }
#ifdef SI_KERNEL
    return si != NULL && si->si_code == SI_KERNEL;
#else
    return si == NULL || si->si_code != SI_USER;
#endif
}

static void
on_signal(int sig, siginfo_t *si, void *ctx)
{
    int saved = errno;
    char c = 's';

    (void)ctx;
    if (typed_interrupt(sig, si) && tui_export_cancel_signal()) {
        /* Ctrl-C during an export cancels it, the TUI stays (issue 29) */
        sig_cancelled = 1;
        if (sig_wake_fd >= 0) {
            ssize_t r = write(sig_wake_fd, &c, 1);
            (void)r;
        }
        errno = saved;
        return;
    }
    sig_quit = sig;
    og_interrupt(sig);  /* running exports stop and remove their temporaries */
    if (sig_wake_fd >= 0) {
        ssize_t r = write(sig_wake_fd, &c, 1);
        (void)r;
    }
    errno = saved;
}

void
tui_wake_cb(void *arg)
{
    struct tui *t = arg;
    char c = 'w';
    /* A full pipe already holds a wake-up: EAGAIN is fine. */
    ssize_t r = write(t->wake_fd[1], &c, 1);
    (void)r;
}

int
tui_color_mode_parse(const char *s)
{
    if (strcmp(s, "auto") == 0) {
        return TUI_COLOR_AUTO;
    }
    if (strcmp(s, "direct") == 0 || strcmp(s, "truecolor") == 0 || strcmp(s, "24bit") == 0) {
        return TUI_COLOR_DIRECT;
    }
    if (strcmp(s, "256") == 0) {
        return TUI_COLOR_256;
    }
    if (strcmp(s, "16") == 0 || strcmp(s, "8") == 0) {
        return TUI_COLOR_16;
    }
    if (strcmp(s, "none") == 0) {
        return TUI_COLOR_NONE;
    }
    return -2;
}

const char *
tui_color_mode_name(int mode)
{
    switch (mode) {
    case TUI_COLOR_DIRECT: return "direct";
    case TUI_COLOR_256: return "256";
    case TUI_COLOR_16: return "16";
    case TUI_COLOR_NONE: return "none";
    default: return "auto";
    }
}

void
tui_message(struct tui *t, int error, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_error = error;
    t->chrome_dirty = 1;
}

/* Run f with the signals the UI thread handles blocked, so a thread it
 * creates inherits the mask (STYLE.md, threads and ncurses). */
void
tui_block_ui_signals(sigset_t *old)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGWINCH);
    sigaddset(&set, SIGTSTP);
    for (int i = 0; og_stop_signals[i] != 0; i++) {
        sigaddset(&set, og_stop_signals[i]);
    }
    pthread_sigmask(SIG_BLOCK, &set, old);
}

/* --- main loop ------------------------------------------------------------ */

static void
drain(int fd)
{
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {
    }
}

static void
run_loop(struct tui *t)
{
    struct pollfd pfd[2];

    while (!t->quit && !sig_quit) {
        double now = pipeline_now_ms();
        int timeout = 250;

        drain(t->wake_fd[0]);
        if (sig_cancelled) {
            sig_cancelled = 0;
            tui_export_cancelling(t);
        }
        /* after q q ("quitting after the export"), Ctrl-C quits now */
        tui_export_quit_pending(t->quit_asked == 2);
        tui_worker_poll(t);
        tui_export_poll(t);
        globeview_poll(t);
        galleryview_poll(t);
        if (t->regen_at > 0 && now >= t->regen_at) {
            tui_regen_now(t);
        }
        tui_draw_frame(t);
        if (t->quit) {
            break;
        }
        if (t->regen_at > 0) {
            double d = t->regen_at - pipeline_now_ms();
            timeout = d <= 0 ? 0 : d < 250 ? (int)ceil(d) : 250;
        }
        /* The 250 ms bound also covers a SIGWINCH that arrived between the
         * last getch and poll (ncurses then holds the KEY_RESIZE). */
        pfd[0].fd = STDIN_FILENO;
        pfd[0].events = POLLIN;
        pfd[1].fd = t->wake_fd[0];
        pfd[1].events = POLLIN;
        if (poll(pfd, 2, timeout) < 0 && errno != EINTR) {
            break;
        }
        if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
            break;  /* the terminal is gone (SSH dropped) */
        }
        tui_read_keys(t);
    }
}

/* The preset's name as the status line shows it: "archipelago" for
 * "archipelago" and "dir/archipelago.ini". */
static void
preset_display_name(struct tui *t, const char *preset)
{
    const char *base;
    size_t len;

    if (preset == NULL) {
        return;
    }
    base = strrchr(preset, '/');
    base = base != NULL ? base + 1 : preset;
    len = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".ini") == 0) {
        len -= 4;
    }
    if (len >= sizeof t->preset_name) {
        len = sizeof t->preset_name - 1;
    }
    memcpy(t->preset_name, base, len);
    t->preset_name[len] = '\0';
}

/* A --from recipe's land edits, map layer and view window. */
static void
apply_recipe_view(struct tui *t, const struct tui_options *opt)
{
    if (opt->edits != NULL) {
        globeview_load_edits(t, opt->edits, opt->edits_from != NULL ? opt->edits_from
                                                                    : "the recipe");
    }
    if (opt->layer != NULL && mapimg_layer_find(opt->layer) >= 0) {
        t->layer = (enum map_layer)mapimg_layer_find(opt->layer);
    }
    if (opt->view_given) {
        t->view_pending = 1;
        t->view_want.u0 = opt->view[0];
        t->view_want.v0 = opt->view[1];
        t->view_want.u1 = opt->view[2];
        t->view_want.v1 = opt->view[3];
    }
}

/* An export still running when the loop ends was interrupted (Ctrl-C,
 * SIGTERM): its temporary is gone (og_interrupt) and the target was never
 * renamed into place. The line for stderr, said after the screen is
 * restored so a Ctrl-C does not end in silence (stop 13, finding 22); ""
 * when no export ran. */
static void
say_interrupted_export(struct tui *t, char *cancelled, size_t size)
{
    struct og_error err;

    cancelled[0] = '\0';
    if (t->job != NULL) {
        og_error_clear(&err);
        if (export_job_finish(t->job, &err) == OG_OK) {
            snprintf(cancelled, size, "orogen: interrupted; the export %.4000s had "
                     "already been written", t->export_path);
        } else {
            snprintf(cancelled, size, "orogen: interrupted: the export of %.4000s "
                     "was cancelled and no file was written", t->export_path);
        }
        t->job = NULL;
    }
}

/* Never lose the work: the session's parameters (and a planet's land
 * edits) become the user preset "last" (`orogen --preset last`, or o in
 * the TUI). A failure's line for stderr in why, "" when saved. */
static void
save_last_preset(struct tui *t, char *why, size_t size)
{
    const struct generator *g = generator_get(t->gen);
    struct og_error err;
    char *edits = NULL;

    if (t->gen == GEN_PLANET && planet_edit_count(t->world) > 0) {
        planet_edits_to_text(t->world, &edits, NULL);   /* NULL: saved without */
    }
    if (preset_save("last", &t->params, tui_groups(t), g != NULL ? g->name : NULL, edits, NULL,
                    0, &err) != OG_OK) {
        snprintf(why, size, "orogen: parameters not saved as preset 'last': %s", err.msg);
    } else {
        why[0] = '\0';
    }
    free(edits);
}

/* Tear the session down: the worker, the world, every window and view,
 * the terminal restored and the stop signals back to their defaults. */
static void
tui_free(struct tui *t)
{
    struct sigaction sa;
    int i;

    worker_free(t->wk);
    legend_free();
    world_unref(t->world);
    if (t->prompt != PROMPT_NONE) {
        prompt_close(t);
    }
    tui_delete_windows(t);
    globeview_free(t);
    isoview_free(t);
    galleryview_free(t);
    openfile_free();
    gfx_free(t);
    delwin(t->inwin);
    caps_close(t);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (i = 0; og_stop_signals[i] != 0; i++) {
        sigaction(og_stop_signals[i], &sa, NULL);
    }
    sig_wake_fd = -1;
    close(t->wake_fd[0]);
    close(t->wake_fd[1]);
    mapview_free(t);
    free(t->presets);
    free(t);
}

int
tui_main(const struct tui_options *opt)
{
    struct tui *t;
    struct og_error err;
    struct sigaction sa;
    sigset_t old;
    char why[512], cancelled[4200];
    int i;

    t = calloc(1, sizeof *t);
    if (t == NULL) {
        fputs("orogen: out of memory\n", stderr);
        return 1;
    }
    t->opt = opt;
    t->params = opt->params;
    t->dem = opt->dem;
    t->gen = opt->generator;
    t->layer = LAYER_COLOR;
    t->zoom = 1.0;
    t->cu = t->cv = 0.5;
    /* Exports are named relative to this folder, and reported in full. */
    if (getcwd(t->start_dir, sizeof t->start_dir) == NULL) {
        t->start_dir[0] = '\0';
    }
    preset_display_name(t, opt->preset);
    if (pipe(t->wake_fd) != 0) {
        fprintf(stderr, "orogen: cannot create a pipe: %s\n", strerror(errno));
        free(t);
        return 1;
    }
    for (i = 0; i < 2; i++) {
        fcntl(t->wake_fd[i], F_SETFL, fcntl(t->wake_fd[i], F_GETFL) | O_NONBLOCK);
        fcntl(t->wake_fd[i], F_SETFD, FD_CLOEXEC);
    }
    if (caps_open(t, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        close(t->wake_fd[0]);
        close(t->wake_fd[1]);
        free(t);
        return 1;
    }
    t->inwin = newwin(1, 1, 0, 0);
    if (t->inwin == NULL) {
        caps_close(t);
        fputs("orogen: cannot create a curses window\n", stderr);
        free(t);
        return 1;
    }
    keypad(t->inwin, TRUE);
    nodelay(t->inwin, TRUE);
    tui_unget_typed(t);   /* keys typed while the terminal was asked */

    tui_block_ui_signals(&old);
    if (worker_new(&t->wk, tui_wake_cb, t, &err) != OG_OK) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        caps_close(t);
        fprintf(stderr, "orogen: %s\n", err.msg);
        free(t);
        return 1;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sig_wake_fd = t->wake_fd[1];
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    /* every signal that would end us (SIGQUIT: Ctrl-\, SIGXCPU: ulimit -t)
       quits cleanly, the terminal restored (issue 28 item 5) */
    for (i = 0; og_stop_signals[i] != 0; i++) {
        sigaction(og_stop_signals[i], &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
    (void)og_cpu_limit_arm();   /* SIGXCPU before ulimit -t's SIGKILL */

    paramedit_init(&t->pe, &t->params, tui_groups(t));
    apply_recipe_view(t, opt);
    if (!colors_halfblocks(t)) {
        /* Glyphs need their key: show the legend from the start. */
        t->panel = PANEL_LEGEND;
    }
    tui_layout(t);
    t->legend_auto = t->panel == PANEL_LEGEND;
    if (t->hint[0] != '\0') {
        tui_message(t, 0, "%s", t->hint);
    }
    tui_regen_now(t);
    run_loop(t);

    say_interrupted_export(t, cancelled, sizeof cancelled);
    save_last_preset(t, why, sizeof why);
    tui_free(t);
    if (cancelled[0] != '\0') {
        fprintf(stderr, "%s\n", cancelled);
    } else if (sig_quit != 0) {
        fprintf(stderr, "orogen: interrupted by %s; no export was running\n",
                og_signal_name(sig_quit));
    }
    if (why[0] != '\0') {
        fprintf(stderr, "%s\n", why);
    }
    return sig_quit != 0 ? 128 + sig_quit : 0;
}
