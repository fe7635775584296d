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

/* Keys typed while the probe waits are kept, at most this many bytes. */
#define TERM_TYPED_MAX 128

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
    /* Bytes read during the probe that were no answer: keys the user typed
     * meanwhile, oldest first, for the key loop (never thrown away). */
    unsigned char typed[TERM_TYPED_MAX];
    size_t ntyped;
};

/* Telling the terminal's answers from keys. An answer is
 *   - a string: DCS (ESC P), APC (ESC _) or OSC (ESC ]) up to ST (ESC \)
 *     or BEL: XTVERSION, the kitty graphics reply;
 *   - a CSI sequence with a private marker (ESC [ ? / > / =), or ending in
 *     c or t: DA1, DA2, XTSMGRAPHICS, the CSI 16 t cell size.
 * Any other CSI (ESC [ A, ESC [ 1 ; 5 D ...) is a key and comes out
 * unchanged. A terminal writes an answer at once, so a sequence whose bytes
 * are more than TERM_ANSWER_GAP_MS apart is taken as typed: the held bytes
 * come out as keys (or, inside a string, are dropped) and the filter starts
 * afresh. The filter runs on the probe's bytes and then in the key loop, on
 * the codes wgetch returns (0..255 bytes; curses key codes >= 256 always
 * pass), so answers arriving after the probe's timeout never act as keys.
 * Method: ECMA-48 5.4-5.6 (control sequences and strings). */
#define TERM_ANSWER_GAP_MS 300.0
#define TERM_FILTER_HOLD 32                   /* the longest CSI held */
#define TERM_FILTER_OUT (TERM_FILTER_HOLD + 2) /* the most codes one call gives */

struct term_filter {
    int state;                     /* 0: between sequences */
    int held[TERM_FILTER_HOLD];    /* ESC, ESC [ params... not yet judged */
    int nheld;
    size_t string_len;             /* bytes of the string being dropped */
    double last_ms;                /* when its previous byte came */
};

/* Feed one code ch (a byte, or a curses key >= 256) that arrived at now_ms
 * (any monotonic clock). Writes the codes that are keys, in order, to
 * out[TERM_FILTER_OUT] and returns how many (0 while a sequence is held or
 * an answer is being dropped). A zeroed struct is a fresh filter. */
int term_filter_key(struct term_filter *f, int ch, double now_ms, int *out);

/* The input has run dry (wgetch said ERR: curses already waited its escape
 * delay): a lone ESC held is the Esc key. Writes it to out and returns 1,
 * else 0; a partial answer stays held. */
int term_filter_idle(struct term_filter *f, int *out);

/* End of the input: everything held comes out as keys (a partial answer
 * string is dropped) and the filter is fresh again. Returns the count. */
int term_filter_flush(struct term_filter *f, int *out);

/* Ask the terminal on file descriptors in/out (a tty), waiting at most
 * timeout_ms for the answers (longer only to finish an answer that has
 * begun: at most TERM_ANSWER_GAP_MS after its last byte, and never more
 * than TERM_ANSWER_GAP_MS past the timeout). The tty is
 * put in non-canonical no-echo mode for the exchange and restored. Bytes
 * that are no answer (term_filter) are keys typed meanwhile: they go to
 * p->typed, and nothing is flushed. Returns 0 (p filled, possibly with
 * nothing answered) or -1 when the tty cannot be set up. */
int term_query_run(struct term_probe *p, int in, int out, int timeout_ms);

/* Parse a buffer of answers into p (for tests: the reply bytes of a real
 * terminal). Returns 1 when the DA1 answer was seen. */
int term_query_parse(struct term_probe *p, const char *buf, size_t len);

/* Write s to fd wrapped for tmux passthrough when wrap is set (ESC P tmux;
 * s-with-ESC-doubled ESC \), else as is. Returns 0 or -1 on a write error. */
int term_write_wrapped(int fd, const char *s, size_t len, int wrap);

#endif
