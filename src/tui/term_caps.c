/* term_caps: opening the terminal and deciding what it can show, following
 * ../shared/TERMINAL.md: newterm (not initscr) so an unknown TERM is our own
 * one-line error; TERM=dumb refused for lack of cursor addressing; LC_CTYPE
 * from the environment only, half blocks only on a UTF-8 codeset; colour
 * mode from terminfo (RGB -> direct, COLORS >= 256, >= 8, none) with the
 * --color override; COLORTERM=truecolor without RGB gets a hint. */
#include "config.h"

#include <langinfo.h>
#include <signal.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include "tui/term_query.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

/* How long the terminal may take to answer the start-up queries (ms): a
 * local terminal answers in about 1 ms, SSH adds the round trip. */
#define TERM_QUERY_TIMEOUT_MS 500

static int
cap_string_ok(const char *s)
{
    return s != NULL && s != (char *)-1 && s[0] != '\0';
}

/* --- restoring the terminal after a crash ---------------------------------
 * A fatal signal must not leave an SSH user in the alternate screen with no
 * echo. The handler only does async-signal-safe things
 * (../shared/TERMINAL.md section 3): write(2) the precomputed rmcup, cnorm,
 * sgr0 and rmkx strings, tcsetattr the termios saved before curses started,
 * then hand the signal to the previous handler (a sanitizer's report) or
 * re-raise it with the default action (a core, status 128 + n). */

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
#define NFATAL (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction fatal_old[NFATAL];
static char fatal_reset[256];
static size_t fatal_reset_len;
static struct termios fatal_termios;
static int fatal_have_termios;
static int fatal_installed;

static void
fatal_handler(int sig, siginfo_t *info, void *ctx)
{
    size_t i;
    ssize_t r;

    if (fatal_reset_len > 0) {
        r = write(STDOUT_FILENO, fatal_reset, fatal_reset_len);
        (void)r;
    }
    if (fatal_have_termios) {
        tcsetattr(STDIN_FILENO, TCSANOW, &fatal_termios);
    }
    for (i = 0; i < NFATAL; i++) {
        if (fatal_signals[i] != sig) {
            continue;
        }
        sigaction(sig, &fatal_old[i], NULL);
        if ((fatal_old[i].sa_flags & SA_SIGINFO) && fatal_old[i].sa_sigaction != NULL) {
            fatal_old[i].sa_sigaction(sig, info, ctx);
            return;
        }
        if (fatal_old[i].sa_handler != SIG_DFL && fatal_old[i].sa_handler != SIG_IGN) {
            fatal_old[i].sa_handler(sig);
            return;
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void
fatal_add(const char *cap)
{
    const char *s = tigetstr(cap);
    size_t len;

    if (!cap_string_ok(s)) {
        return;
    }
    len = strlen(s);
    if (fatal_reset_len + len < sizeof fatal_reset) {
        memcpy(fatal_reset + fatal_reset_len, s, len);
        fatal_reset_len += len;
    }
}

/* Called once curses is up: the strings come from the terminal's entry. */
static void
fatal_install(void)
{
    struct sigaction sa;
    size_t i;

    fatal_reset_len = 0;
    fatal_add("sgr0");
    fatal_add("cnorm");
    fatal_add("rmkx");
    fatal_add("rmcup");
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fatal_handler;
    sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < NFATAL; i++) {
        sigaction(fatal_signals[i], &sa, &fatal_old[i]);
    }
    fatal_installed = 1;
}

static void
fatal_remove(void)
{
    size_t i;

    if (!fatal_installed) {
        return;
    }
    for (i = 0; i < NFATAL; i++) {
        sigaction(fatal_signals[i], &fatal_old[i], NULL);
    }
    fatal_installed = 0;
}

/* Open a screen for type (NULL: $TERM) and check cursor addressing. */
static int
open_screen(struct tui *t, const char *type, char *why, size_t why_size)
{
    const char *shown = type != NULL ? type : getenv("TERM");

    t->screen = newterm(type, stdout, stdin);
    if (t->screen == NULL) {
        snprintf(why, why_size,
                 "orogen: unknown terminal type TERM=%s (no terminfo entry; try "
                 "TERM=xterm-256color%s)",
                 shown, strstr(shown, "-direct") != NULL ? ", or apt-get install ncurses-term" : "");
        return -1;
    }
    set_term(t->screen);
    if (!cap_string_ok(tigetstr("cup"))) {
        endwin();
        delscreen(t->screen);
        t->screen = NULL;
        snprintf(why, why_size,
                 "orogen: TERM=%s cannot move the cursor; orogen needs a full-screen terminal "
                 "(e.g. TERM=xterm-256color)",
                 shown);
        return -1;
    }
    return 0;
}

static void
detect_colours(struct tui *t)
{
    struct tui_colors *c = &t->col;
    int rgb = tigetflag("RGB") > 0 || tigetnum("RGB") > 0;

    memset(c, 0, sizeof *c);
    if (has_colors()) {
        start_color();
        use_default_colors();
        c->ncolors = COLORS;
    }
    c->bold = cap_string_ok(tigetstr("bold"));
    c->rgb_term = rgb && c->ncolors > 256;
    c->available[TUI_COLOR_DIRECT] = c->rgb_term;
    c->available[TUI_COLOR_256] = c->rgb_term || c->ncolors >= 256;
    c->available[TUI_COLOR_16] = c->ncolors >= 8;
    c->available[TUI_COLOR_NONE] = 1;
}

/* "xterm-256color" -> "xterm-direct", "tmux-256color" -> "tmux-direct". */
static void
direct_name(const char *term, char *buf, size_t size)
{
    size_t len = strcspn(term, "-");
    snprintf(buf, size, "%.*s-direct", (int)len, term);
}

/* The sub-cell symbols: --symbols when given, else those the terminal is
 * known to draw itself (subcell_auto); a note in sym_note when the C
 * library cannot measure them and sextants or half blocks stand in. */
static void
choose_symbols(struct tui *t, const char *term, const struct term_probe *probe, char *sym_note,
               size_t sym_size)
{
    /* Sub-cell symbols only where the terminal is known to draw them
     * itself (subcell_auto); elsewhere the font decides, so --symbols or S. */
    t->symbols_who[0] = '\0';
    t->symbols = t->opt->symbols > SUBCELL_AUTO && t->opt->symbols < SUBCELL_COUNT
                     ? t->opt->symbols
                     : subcell_auto(term, probe->version, t->symbols_who, sizeof t->symbols_who);
    if (!subcell_usable(t->symbols)) {
        /* the C library does not know the characters' width (octants need
         * Unicode 16): curses would break the lines */
        snprintf(sym_note, sym_size,
                 "%ss need a C library with Unicode 16 (wcwidth U+1CD00 is not 1 here): "
                 "sextants instead", subcell_name(t->symbols));
        t->symbols = subcell_usable(SUBCELL_SEXTANT) ? SUBCELL_SEXTANT : SUBCELL_HALF;
    }
}

/* The colour mode: --color when the terminal has it (for direct colour
 * through TERM's -direct sibling when TERM lacks RGB), else the richest
 * the terminal has. -1 with the reason in why when --color cannot be. */
static int
choose_colour_mode(struct tui *t, int want, const char *term, char *why, size_t why_size)
{
    if (want == TUI_COLOR_DIRECT && !t->col.available[TUI_COLOR_DIRECT]) {
        char alt[64];
        direct_name(term, alt, sizeof alt);
        endwin();
        delscreen(t->screen);
        t->screen = NULL;
        if (open_screen(t, alt, why, why_size) != 0) {
            snprintf(why, why_size,
                     "orogen: --color direct: TERM=%s has no RGB capability and there is no "
                     "%s terminfo entry (apt-get install ncurses-term)",
                     term, alt);
            return -1;
        }
        detect_colours(t);
        if (!t->col.available[TUI_COLOR_DIRECT]) {
            caps_close(t);
            snprintf(why, why_size, "orogen: --color direct: %s has no RGB capability", alt);
            return -1;
        }
        snprintf(t->hint, sizeof t->hint, "--color direct: drawing through TERM=%s", alt);
    }
    if (want >= 0 && want < TUI_COLOR_COUNT && !t->col.available[want]) {
        caps_close(t);
        snprintf(why, why_size, "orogen: --color %s: TERM=%s has %d colours%s",
                 tui_color_mode_name(want), term, t->col.ncolors,
                 want == TUI_COLOR_256 ? " (try TERM=xterm-256color)" : "");
        return -1;
    }
    if (want >= 0 && want < TUI_COLOR_COUNT) {
        t->col.mode = want;
    } else if (t->col.available[TUI_COLOR_DIRECT]) {
        t->col.mode = TUI_COLOR_DIRECT;
    } else if (t->col.available[TUI_COLOR_256]) {
        t->col.mode = TUI_COLOR_256;
    } else if (t->col.available[TUI_COLOR_16]) {
        t->col.mode = TUI_COLOR_16;
    } else {
        t->col.mode = TUI_COLOR_NONE;
    }
    return 0;
}

/* The status line's first hint about the terminal: a truecolor terminal
 * with a TERM that hides it, the Linux console, a missing or non-UTF-8
 * locale. Leaves a hint already set. */
static void
first_hint(struct tui *t, const char *term, const char *cs, int locale_ok)
{
    const char *colorterm = getenv("COLORTERM");

    if (colorterm != NULL && !t->col.rgb_term &&
        (strcasecmp(colorterm, "truecolor") == 0 || strcasecmp(colorterm, "24bit") == 0)) {
        char alt[64];
        direct_name(term, alt, sizeof alt);
        snprintf(t->hint, sizeof t->hint,
                 "for 24-bit colour run with TERM=%s: TERM=%s has no RGB although "
                 "COLORTERM=%s (package ncurses-term)",
                 strncmp(term, "tmux", 4) == 0 ? "tmux-direct" : "xterm-direct", term, colorterm);
    } else if (t->utf8 && !t->blocks && !t->opt->ascii && t->hint[0] == '\0') {
        snprintf(t->hint, sizeof t->hint,
                 "TERM=%s (Linux console): glyph map, its fonts often lack half blocks", term);
    } else if (!locale_ok && t->hint[0] == '\0') {
        const char *lang = getenv("LC_ALL");
        if (lang == NULL || lang[0] == '\0') {
            lang = getenv("LC_CTYPE");
        }
        if (lang == NULL || lang[0] == '\0') {
            lang = getenv("LANG");
        }
        snprintf(t->hint, sizeof t->hint,
                 "locale %s is not installed here: glyph map (try LANG=C.UTF-8)",
                 lang != NULL ? lang : "?");
    } else if (!t->utf8 && !t->opt->ascii && t->hint[0] == '\0') {
        snprintf(t->hint, sizeof t->hint,
                 "locale %s is not UTF-8: glyph map (LANG=C.UTF-8 for half blocks)",
                 cs != NULL && cs[0] != '\0' ? cs : "?");
    }
}

int
caps_open(struct tui *t, char *why, size_t why_size)
{
    const char *term = getenv("TERM");
    const char *cs;
    int want = t->opt->color_mode, locale_ok;
    struct term_probe probe;
    char gfx_note[200], sym_note[160] = "";

    /* Over SSH a forwarded LANG the server lacks makes this fail: say so
     * rather than just drawing glyphs. */
    locale_ok = setlocale(LC_CTYPE, "") != NULL;
    cs = nl_langinfo(CODESET);
    t->utf8 = cs != NULL && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
    /* The Linux console's fonts often lack U+2580 (TERMINAL.md 1.6). */
    t->blocks = t->utf8 && !t->opt->ascii &&
                !(term != NULL && strncmp(term, "linux", 5) == 0);
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        snprintf(why, why_size,
                 "orogen: the interface needs a terminal on standard input and output "
                 "(use `orogen export` in scripts)");
        return -1;
    }
    if (term == NULL || term[0] == '\0') {
        snprintf(why, why_size,
                 "orogen: TERM is not set; set it to your terminal type (e.g. "
                 "TERM=xterm-256color)");
        return -1;
    }
    fatal_have_termios = tcgetattr(STDIN_FILENO, &fatal_termios) == 0;
    /* Ask the terminal what it draws (images) before curses owns it; not
     * when images are off or cannot be encoded anyway. */
    memset(&probe, 0, sizeof probe);
#ifdef HAVE_CHAFA
    if (t->opt->graphics != TUI_GFX_NONE && strcmp(term, "dumb") != 0) {
        term_query_run(&probe, STDIN_FILENO, STDOUT_FILENO, TERM_QUERY_TIMEOUT_MS);
    }
#endif
    /* An exported LINES/COLUMNS must not override the real pty size. */
    use_tioctl(TRUE);
    if (open_screen(t, NULL, why, why_size) != 0) {
        return -1;
    }
    detect_colours(t);
    gfx_setup(t, &probe, gfx_note, sizeof gfx_note);
    choose_symbols(t, term, &probe, sym_note, sizeof sym_note);
    if (choose_colour_mode(t, want, term, why, why_size) != 0) {
        return -1;
    }
    first_hint(t, term, cs, locale_ok);
    if (sym_note[0] != '\0' && t->hint[0] == '\0') {
        snprintf(t->hint, sizeof t->hint, "%s", sym_note);
    }
    if (gfx_note[0] != '\0' && t->hint[0] == '\0') {
        snprintf(t->hint, sizeof t->hint, "%s", gfx_note);
    }
    cbreak();
    noecho();
    nonl();
    set_escdelay(75);
    curs_set(0);
    fatal_install();
    /* keys typed while the probe waited: the key loop reads them first */
    memcpy(t->typed, probe.typed, probe.ntyped);
    t->ntyped = probe.ntyped;
    return 0;
}

void
caps_close(struct tui *t)
{
    if (t->screen != NULL) {
        fatal_remove();
        endwin();
        delscreen(t->screen);
        t->screen = NULL;
    }
}

static void
wide_char(cchar_t *cc, wchar_t ch)
{
    wchar_t wc[2] = { ch, L'\0' };
    setcchar(cc, wc, A_NORMAL, 0, NULL);
}

void
tui_hline(const struct tui *t, WINDOW *win, int y, int x, int n)
{
    cchar_t cc;

    if (!t->utf8) {
        mvwhline(win, y, x, '-', n);
        return;
    }
    wide_char(&cc, L'\u2500');
    mvwhline_set(win, y, x, &cc, n);
}

void
tui_box(const struct tui *t, WINDOW *win)
{
    cchar_t h, v, tl, tr, bl, br;

    if (!t->utf8) {
        wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
        return;
    }
    wide_char(&h, L'\u2500');
    wide_char(&v, L'\u2502');
    wide_char(&tl, L'\u250c');
    wide_char(&tr, L'\u2510');
    wide_char(&bl, L'\u2514');
    wide_char(&br, L'\u2518');
    wborder_set(win, &v, &v, &h, &h, &tl, &tr, &bl, &br);
}
