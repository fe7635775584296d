/* term_query: ask the terminal what it can draw, before curses starts.
 *
 * Terminals that show images say so when asked, and TERM does not (xterm
 * draws sixels only as -ti vt340, kitty's TERM is often rewritten over
 * SSH). The queries, sent at once and answered in order:
 *   - kitty graphics: a 1x1 query image (a=q) answered "OK" by terminals
 *     with the kitty protocol (kitty, WezTerm, Konsole, ghostty);
 *   - XTVERSION (CSI > 0 q): the terminal's name and version;
 *   - XTSMGRAPHICS (CSI ? 2 ; 1 ; 0 S): the largest sixel image;
 *   - CSI 16 t: the character cell in pixels (when the pty does not say);
 *   - DA1 (CSI c), last: every terminal answers it, so its answer ends the
 *     wait; attribute 4 means sixel.
 * A terminal that answers nothing costs the timeout, never a hang. Inside
 * tmux the queries are wrapped for passthrough (ESC P tmux; ... ESC \ with
 * ESC doubled) when `allow-passthrough` is on, and there is no DA1 end
 * marker (tmux answers a plain DA1 itself), so the whole timeout passes.
 */
#ifndef OROGEN_TUI_TERM_QUERY_H
#define OROGEN_TUI_TERM_QUERY_H

#include <stddef.h>

struct term_probe {
    int answered;          /* any answer at all */
    int da1;               /* DA1 answered */
    int sixel;             /* DA1 attribute 4 */
    int kitty;             /* the kitty graphics query answered OK */
    char version[64];      /* XTVERSION text, "" if none */
    int iterm;             /* XTVERSION names iTerm2 or WezTerm (inline images) */
    int sixel_w, sixel_h;  /* XTSMGRAPHICS largest sixel image, 0 if unknown */
    int cell_w, cell_h;    /* character cell in pixels, 0 if unknown */
    int in_tmux;           /* $TMUX is set */
    int passthrough;       /* tmux allow-passthrough is on (queries wrapped) */
};

/* Ask the terminal on file descriptors in/out (a tty), waiting at most
 * timeout_ms for the answers. The tty is put in non-canonical no-echo mode
 * for the exchange and restored. Returns 0 (p filled, possibly with
 * nothing answered) or -1 when the tty cannot be set up. */
int term_query_run(struct term_probe *p, int in, int out, int timeout_ms);

/* Parse a buffer of answers into p (for tests: the reply bytes of a real
 * terminal). Returns 1 when the DA1 answer was seen. */
int term_query_parse(struct term_probe *p, const char *buf, size_t len);

/* Write s to fd wrapped for tmux passthrough when wrap is set (ESC P tmux;
 * s-with-ESC-doubled ESC \), else as is. Returns 0 or -1 on a write error. */
int term_write_wrapped(int fd, const char *s, size_t len, int wrap);

#endif
