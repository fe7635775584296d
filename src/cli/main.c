/* orogen: entry point. Parses the command line, then runs the TUI, a batch
 * export or the parameter listing, and picks the exit status: 0 success,
 * 1 runtime failure (also a --from or --preset file that cannot be read, or
 * a --from file that is no orogen PNG), 2 usage error (options, values,
 * names, bad lines in a preset). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/batch.h"
#include "cli/gallery.h"
#include "cli/sweep.h"
#include "core/base/cpu_limit.h"
#include "core/base/parallel.h"
#include "io/georef.h"
#include "io/outfile.h"
#include "io/outfile_target.h"
#include "tui/tui.h"

/* A signal that would end the process during `orogen export` (SIGINT,
 * SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, ...: og_stop_signals) only raises the
 * cancel flag; generation and writers poll it, remove their temporary
 * files and return, and main exits 128 + the signal (issue 15 item 2,
 * issue 28 item 5). SIGPIPE is ignored, so a closed pipe is a write error
 * (EPIPE) that stops the export before any rename. */
static void
on_export_signal(int sig)
{
    og_interrupt(sig);
}

static void
export_signals(void)
{
    struct sigaction sa;
    size_t i;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_export_signal;
    sigemptyset(&sa.sa_mask);
    for (i = 0; og_stop_signals[i] != 0; i++) {
        struct sigaction old;
        /* A signal ignored by whoever started us (nohup, a shell's
         * background job) stays ignored. */
        if (sigaction(og_stop_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
            continue;
        }
        sigaction(og_stop_signals[i], &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
    /* `ulimit -t N` sets the hard limit too, whose SIGKILL would come
       before SIGXCPU: ask for an earlier SIGXCPU (core/base/cpu_limit.h) */
    (void)og_cpu_limit_arm();
}

/* A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, or one sent from
 * outside) must not leave NAME.XXXXXX temporaries either: remove them, say
 * so with write(2) (async-signal-safe), and die of the same signal (the
 * handler is reset first, so raise() kills with the default action and
 * the core dump, if any, is the crash's). */
static void
on_fatal_signal(int sig)
{
    static const char msg[] = "orogen: interrupted by a fatal signal; temporary files removed\n";
    ssize_t r;

    outfile_discard_all_from_signal();
    r = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)r;
    raise(sig);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define OROGEN_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define OROGEN_SANITIZED 1
#endif
#endif

static void
fatal_signals(void)
{
    static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    struct sigaction sa;
    size_t i;

#ifdef OROGEN_SANITIZED
    return;   /* the sanitizer's own report of a crash comes first */
#endif
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        sigaction(sigs[i], &sa, NULL);
    }
}

/* Descriptors 0, 1 and 2 that the caller closed (`2>&-`) are opened on
 * /dev/null, so the first file orogen opens never becomes standard error
 * and receives its messages (issue 28 item 1). Returns -1 when /dev/null
 * cannot be opened. */
static int
std_fds_open(void)
{
    int fd;

    for (fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            int n = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (n < 0) {
                return -1;
            }
            if (n != fd) {
                /* open takes the lowest free number, so this is rare */
                dup2(n, fd);
                close(n);
            }
        }
    }
    return 0;
}

/* Standard output written in full, else one line and exit status 1 (a
 * --help or params listing to a full disk: issue 28 item 10). */
static int
stdout_done(int rc)
{
    int e = errno;   /* a failed buffered write left its reason here */

    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        e = errno != 0 ? errno : e != 0 ? e : EIO;
        fprintf(stderr, "orogen: cannot write standard output: %s\n", strerror(e));
        return rc != 0 ? rc : 1;
    }
    return rc;
}

/* The inputs of this run: no output may replace one (issue 28 item 3).
 * The DEM and its sidecars always; a --from recipe in exports (the TUI may
 * save over the picture it opened, as it saves presets over theirs). */
static void
protect_inputs(const struct cli_args *a)
{
    if (a->dem_path != NULL) {
        outfile_protect_input(a->dem_path, "--dem");
        georef_protect_sidecars(a->dem_path);
    }
    if (a->from != NULL && a->command != CLI_TUI) {
        outfile_protect_input(a->from, "--from");
    }
    if (a->recipe_dem_path[0] != '\0') {
        outfile_protect_input(a->recipe_dem_path, "(the recipe's DEM)");
        georef_protect_sidecars(a->recipe_dem_path);
    }
}

/* --georef given to the interface: the checks `orogen export` makes
 * before any work (io/output.c), so that a code GDAL does not know or a
 * world it cannot place is one line now rather than at the first export.
 * Its map exports then carry the CRS (tui/export_run.c). */
static enum og_status
tui_georef_check(const struct cli_args *a, struct og_error *err)
{
    struct georef_origin o = a->out.origin;
    enum og_status st;

    if (!o.given) {
        return OG_OK;
    }
    if (a->gen == GEN_PLANET) {
        return og_error_set(err, OG_EINVAL, "--georef is for flat maps, not a planet (planets "
                            "are in longitude and latitude)");
    }
    if (a->gen == GEN_DEM || a->dem_path != NULL) {
        return og_error_set(err, OG_EINVAL, "--georef is for generated worlds; a DEM keeps its "
                            "own georeferencing");
    }
    if (a->gen == GEN_ISLAND && !(params_get(&a->params, P_ISLAND_EXTENT) > 0.0)) {
        return og_error_set(err, OG_EINVAL, "--georef needs the island's size in metres: give "
                            "--extent METRES too");
    }
    o.srs = NULL;
    st = georef_origin_resolve(&o, err);
    georef_origin_free(&o);
    return st;
}

/* Load the DEM (if any) and hand the terminal to the TUI. */
static int
run_tui(const struct cli_args *a)
{
    struct tui_options opt;
    struct dem_raster raster;
    struct og_error err;
    char edits_from[1100];
    int mode = TUI_COLOR_AUTO, rc;

    if (a->color != NULL) {
        mode = tui_color_mode_parse(a->color);
        if (mode == -2) {
            fprintf(stderr, "orogen: --color '%s' is not one of auto, direct, 256, 16, none\n",
                    a->color);
            return 2;
        }
    }
    og_error_clear(&err);
    if (tui_georef_check(a, &err) != OG_OK) {
        fprintf(stderr, "orogen: %s\n", err.msg);
        return err.code == OG_ENOMEM ? 1 : 2;
    }
    if (batch_load_dem(a, &raster, &err) != OG_OK) {
        fprintf(stderr, "orogen: %s\n", err.msg);
        return 1;
    }
    memset(&opt, 0, sizeof opt);
    opt.generator = a->gen;
    opt.params = a->params;
    opt.dem = a->dem_path != NULL ? &raster : NULL;
    opt.color_mode = mode;
    opt.preset = a->preset;
    /* what a --from recipe (or a --preset) holds besides parameters */
    opt.edits = a->recipe_edits[0] != '\0' ? a->recipe_edits : NULL;
    if (a->from == NULL && a->preset != NULL) {
        snprintf(edits_from, sizeof edits_from, "preset %s", a->preset);
    } else {
        snprintf(edits_from, sizeof edits_from, "%s", a->from != NULL ? a->from : "the recipe");
    }
    opt.edits_from = edits_from;
    opt.layer = a->recipe_layer[0] != '\0' ? a->recipe_layer : NULL;
    opt.view_given = a->recipe_view_given;
    memcpy(opt.view, a->recipe_view, sizeof opt.view);
    opt.ascii = a->ascii;
    opt.graphics = a->graphics != NULL ? tui_graphics_parse(a->graphics) : TUI_GFX_AUTO;
    opt.symbols = a->symbols != NULL ? tui_symbols_parse(a->symbols) : 0;
    opt.georef = a->out.origin;
    rc = tui_main(&opt);
    dem_raster_fini(&raster);
    /* the TUI quits on SIGINT, SIGTERM, SIGQUIT... with 128 + the signal, its
       exports stopped and their temporaries removed, and says so in one
       line naming the export (tui.c) */
    return rc;
}

int
main(int argc, char **argv)
{
    struct cli_args a;
    struct og_error err;
    enum og_status st;

    if (std_fds_open() != 0) {
        return 1;   /* nowhere to say it: no /dev/null */
    }
    /* Character classification only: numbers stay in the C locale so
     * "0.5" means the same everywhere (presets, recipes, forms). */
    setlocale(LC_CTYPE, "");
    /* Past `ulimit -f`, write() then fails with EFBIG and is reported
     * ("File too large") instead of the process dying silently. */
    signal(SIGXFSZ, SIG_IGN);
    og_error_clear(&err);
    st = cli_parse(argc, argv, &a, &err);
    if (st != OG_OK) {
        fprintf(stderr, "orogen: %s\n", err.msg);
        return st == OG_EIO ? 1 : 2;
    }
    /* The only option the TUI's entry point judges, so that args.c needs
     * nothing from src/tui (issue 12). */
    if (a.graphics != NULL && tui_graphics_parse(a.graphics) < 0) {
        fprintf(stderr, "orogen: --graphics '%s' is not one of auto, kitty, sixel, iterm, none\n",
                a.graphics);
        return 2;
    }
    if (a.symbols != NULL && tui_symbols_parse(a.symbols) < 0) {
        fprintf(stderr, "orogen: --symbols '%s' is not one of auto, half, sextant, octant\n",
                a.symbols);
        return 2;
    }
    if (a.threads > 0) {
        og_threads_set_default(a.threads);
    }
    {
        char notes[1024];
        if (cli_warnings(&a, notes, sizeof notes) > 0) {
            char *line = notes, *nl;
            while ((nl = strchr(line, '\n')) != NULL) {
                *nl = '\0';
                fprintf(stderr, "orogen: note: %s\n", line);
                line = nl + 1;
            }
        }
    }
    protect_inputs(&a);
    switch (a.command) {
    case CLI_HELP:
        fputs(cli_usage(), stdout);
        return stdout_done(0);
    case CLI_VERSION:
        printf("orogen %s\n", PACKAGE_VERSION);
        return stdout_done(0);
    case CLI_PARAMS:
        batch_print_params(&a, stdout);
        return stdout_done(0);
    case CLI_EXPORT:
        export_signals();
        fatal_signals();
        st = a.out.seeds_given ? batch_sweep(&a, &err) : batch_export(&a, &err);
        if (og_interrupted() > 0 && st != OG_OK) {
            int sig = og_interrupted();
            outfile_discard_all();  /* none should be left; make sure */
            if (a.out.seeds_given && st == OG_ECANCELED) {
                fprintf(stderr, "orogen: interrupted by %s %s\n", og_signal_name(sig), err.msg);
            } else {
                fprintf(stderr, "orogen: interrupted by %s; no file written\n",
                        og_signal_name(sig));
            }
            return 128 + sig;
        }
        if (st != OG_OK) {
            fprintf(stderr, "orogen: %s\n", err.msg);
            return st == OG_EUSAGE ? 2 : 1;
        }
        return stdout_done(0);
    case CLI_GALLERY:
        export_signals();
        fatal_signals();
        if ((st = cli_gallery(&a, &err)) != OG_OK) {
            fprintf(stderr, "orogen: %s\n", err.msg);
            return og_interrupted() > 0 ? 128 + og_interrupted() : 1;
        }
        return 0;
    case CLI_TUI:
        break;
    }
    return run_tui(&a);
}
