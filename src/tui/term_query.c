/* term_query: see term_query.h. */
#include "config.h"
#include "tui/term_query.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double
now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
write_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, s, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        s += n;
        len -= (size_t)n;
    }
    return 0;
}

int
term_write_wrapped(int fd, const char *s, size_t len, int wrap)
{
    size_t i, start = 0;

    if (!wrap) {
        return write_all(fd, s, len);
    }
    if (write_all(fd, "\033Ptmux;", 7) != 0) {
        return -1;
    }
    for (i = 0; i < len; i++) {
        if (s[i] == '\033') {
            /* the ESC itself, then once more */
            if (write_all(fd, s + start, i + 1 - start) != 0 || write_all(fd, "\033", 1) != 0) {
                return -1;
            }
            start = i + 1;
        }
    }
    if (write_all(fd, s + start, len - start) != 0) {
        return -1;
    }
    return write_all(fd, "\033\\", 2);
}

/* Find the end of a string terminator (ESC \ or BEL) from i; returns the
 * index after it, or 0 when incomplete. */
static size_t
st_end(const char *b, size_t len, size_t i, size_t *body_end)
{
    for (; i < len; i++) {
        if (b[i] == '\007') {
            *body_end = i;
            return i + 1;
        }
        if (b[i] == '\033' && i + 1 < len && b[i + 1] == '\\') {
            *body_end = i;
            return i + 2;
        }
    }
    return 0;
}

int
term_query_parse(struct term_probe *p, const char *b, size_t len)
{
    size_t i = 0, j, end, body;
    int done = 0;

    while (i < len) {
        if (b[i] != '\033' || i + 1 >= len) {
            i++;
            continue;
        }
        if (b[i + 1] == '_' || b[i + 1] == 'P') {
            /* APC (kitty) or DCS (XTVERSION) */
            end = st_end(b, len, i + 2, &body);
            if (end == 0) {
                break;
            }
            p->answered = 1;
            if (b[i + 1] == '_' && body - i >= 3 && b[i + 2] == 'G') {
                /* "Gi=31;OK" */
                const char *semi = memchr(b + i + 2, ';', body - (i + 2));
                if (semi != NULL && (size_t)(b + body - semi) >= 3 && semi[1] == 'O' &&
                    semi[2] == 'K') {
                    p->kitty = 1;
                }
            } else if (b[i + 1] == 'P' && body - i >= 4 && b[i + 2] == '>' && b[i + 3] == '|') {
                size_t n = body - (i + 4);
                if (n >= sizeof p->version) {
                    n = sizeof p->version - 1;
                }
                memcpy(p->version, b + i + 4, n);
                p->version[n] = '\0';
                if (strstr(p->version, "iTerm2") != NULL || strstr(p->version, "WezTerm") != NULL) {
                    p->iterm = 1;
                }
            }
            i = end;
            continue;
        }
        if (b[i + 1] == '[') {
            /* CSI: parameters then a final byte 0x40..0x7e */
            for (j = i + 2; j < len && !((unsigned char)b[j] >= 0x40 && (unsigned char)b[j] <= 0x7e);
                 j++) {
            }
            if (j >= len) {
                break;
            }
            p->answered = 1;
            if (b[j] == 'c' && b[i + 2] == '?') {
                /* DA1: ESC [ ? 63 ; 1 ; 2 ; 4 ; ... c */
                char tmp[128];
                size_t n = j - (i + 3);
                char *tok, *save = NULL;
                if (n >= sizeof tmp) {
                    n = sizeof tmp - 1;
                }
                memcpy(tmp, b + i + 3, n);
                tmp[n] = '\0';
                for (tok = strtok_r(tmp, ";", &save); tok != NULL; tok = strtok_r(NULL, ";", &save)) {
                    if (strcmp(tok, "4") == 0) {
                        p->sixel = 1;
                    }
                }
                p->da1 = 1;
                done = 1;
            } else if (b[j] == 'S' && b[i + 2] == '?') {
                /* XTSMGRAPHICS: ESC [ ? 2 ; 0 ; W ; H S */
                int item, status, w, h;
                if (sscanf(b + i + 3, "%d;%d;%d;%dS", &item, &status, &w, &h) == 4 && item == 2 &&
                    status == 0) {
                    p->sixel_w = w;
                    p->sixel_h = h;
                }
            } else if (b[j] == 't') {
                /* CSI 16 t answer: ESC [ 6 ; H ; W t */
                int kind, h, w;
                if (sscanf(b + i + 2, "%d;%d;%dt", &kind, &h, &w) == 3 && kind == 6 && w > 0 &&
                    h > 0) {
                    p->cell_w = w;
                    p->cell_h = h;
                }
            }
            i = j + 1;
            continue;
        }
        i++;
    }
    return done;
}

/* --- answers and keys (term_filter) ------------------------------------ */

enum { TF_GROUND, TF_ESC, TF_CSI, TF_STRING, TF_STRING_ESC };

/* Everything held comes out as keys; the filter starts afresh. */
static int
tf_release(struct term_filter *f, int *out)
{
    int i, n = f->nheld;

    for (i = 0; i < n; i++) {
        out[i] = f->held[i];
    }
    f->nheld = 0;
    f->state = TF_GROUND;
    return n;
}

/* A complete CSI (held: ESC [ params..., then final) is an answer when it
 * has a private marker or ends in c (DA) or t (window report). */
static int
tf_csi_is_answer(const struct term_filter *f, int final)
{
    int marker = f->nheld > 2 ? f->held[2] : 0;
    return marker == '?' || marker == '>' || marker == '=' || final == 'c' || final == 't';
}

static int
tf_feed(struct term_filter *f, int ch, double now_ms, int *out)
{
    int n = 0;

    if (ch < 0 || ch > 255) {
        out[0] = ch;   /* a curses key: never part of an answer */
        return 1;
    }
    if (f->state != TF_GROUND && now_ms - f->last_ms > TERM_ANSWER_GAP_MS) {
        /* too slow for a terminal: the held bytes were typed */
        n = f->state == TF_STRING || f->state == TF_STRING_ESC ? 0 : tf_release(f, out);
        f->nheld = 0;
        f->state = TF_GROUND;
    }
    f->last_ms = now_ms;
    switch (f->state) {
    case TF_GROUND:
        if (ch == 0x1b) {
            f->held[0] = ch;
            f->nheld = 1;
            f->state = TF_ESC;
        } else {
            out[n++] = ch;
        }
        break;
    case TF_ESC:
        if (ch == 'P' || ch == '_' || ch == ']') {
            f->nheld = 0;
            f->string_len = 0;
            f->state = TF_STRING;
        } else if (ch == '[') {
            f->held[f->nheld++] = ch;
            f->state = TF_CSI;
        } else {
            /* Esc, then a key */
            n += tf_release(f, out + n);
            n += tf_feed(f, ch, now_ms, out + n);
        }
        break;
    case TF_CSI:
        if (ch >= 0x20 && ch <= 0x3f && f->nheld < TERM_FILTER_HOLD) {
            f->held[f->nheld++] = ch;   /* parameter or intermediate byte */
        } else if (ch >= 0x40 && ch <= 0x7e) {
            if (tf_csi_is_answer(f, ch)) {
                f->nheld = 0;
                f->state = TF_GROUND;
            } else {
                n += tf_release(f, out + n);
                out[n++] = ch;
            }
        } else {
            /* not a control sequence after all */
            n += tf_release(f, out + n);
            n += tf_feed(f, ch, now_ms, out + n);
        }
        break;
    case TF_STRING:
        if (ch == 0x07) {
            f->state = TF_GROUND;
        } else if (ch == 0x1b) {
            f->state = TF_STRING_ESC;
        } else if (++f->string_len > 4096) {
            f->state = TF_GROUND;   /* no terminal says this much */
        }
        break;
    case TF_STRING_ESC:
        f->state = TF_GROUND;
        if (ch != '\\') {
            /* ESC ends the string and begins something new */
            f->held[0] = 0x1b;
            f->nheld = 1;
            f->state = TF_ESC;
            n += tf_feed(f, ch, now_ms, out + n);
        }
        break;
    default:
        f->state = TF_GROUND;
        break;
    }
    return n;
}

int
term_filter_key(struct term_filter *f, int ch, double now_ms, int *out)
{
    return tf_feed(f, ch, now_ms, out);
}

int
term_filter_idle(struct term_filter *f, int *out)
{
    return f->state == TF_ESC ? tf_release(f, out) : 0;
}

int
term_filter_flush(struct term_filter *f, int *out)
{
    int n = f->state == TF_ESC || f->state == TF_CSI ? tf_release(f, out) : 0;
    f->nheld = 0;
    f->state = TF_GROUND;
    return n;
}

/* tmux's allow-passthrough option ("on" or "all"), asked of the tmux
 * server this program runs under. */
static int
tmux_passthrough(void)
{
    char line[32] = "";
    FILE *f = popen("tmux show-options -gqv allow-passthrough 2>/dev/null", "r");

    if (f == NULL) {
        return 0;
    }
    if (fgets(line, sizeof line, f) == NULL) {
        line[0] = '\0';
    }
    pclose(f);
    return strncmp(line, "on", 2) == 0 || strncmp(line, "all", 3) == 0;
}

/* The filter's key bytes go to p->typed (the rest, past TERM_TYPED_MAX,
 * is more than anybody types in half a second: dropped). */
static void
keep_typed(struct term_probe *p, const int *keys, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (p->ntyped < sizeof p->typed) {
            p->typed[p->ntyped++] = (unsigned char)keys[i];
        }
    }
}

int
term_query_run(struct term_probe *p, int in, int out, int timeout_ms)
{
    static const char kitty_q[] = "\033_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\033\\";
    static const char rest_q[] = "\033[>0q\033[?2;1;0S\033[16t";
    static const char da1_q[] = "\033[c";
    struct termios saved, raw;
    struct winsize ws;
    struct term_filter filter;
    int keys[TERM_FILTER_OUT];
    char buf[1024];
    size_t len = 0;
    double deadline;
    const char *tmux = getenv("TMUX");
    int wrap;

    memset(p, 0, sizeof *p);
    memset(&filter, 0, sizeof filter);
    if (ioctl(out, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 && ws.ws_xpixel > 0 &&
        ws.ws_ypixel > 0) {
        p->cell_w = ws.ws_xpixel / ws.ws_col;
        p->cell_h = ws.ws_ypixel / ws.ws_row;
    }
    p->in_tmux = tmux != NULL && tmux[0] != '\0';
    if (p->in_tmux) {
        p->passthrough = tmux_passthrough();
        if (!p->passthrough) {
            return 0;   /* the queries would not reach the terminal */
        }
    }
    wrap = p->in_tmux;
    if (tcgetattr(in, &saved) != 0) {
        return -1;
    }
    raw = saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_iflag &= ~(tcflag_t)ICRNL;   /* typed bytes are kept as typed */
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(in, TCSANOW, &raw) != 0) {
        return -1;
    }
    if (term_write_wrapped(out, kitty_q, sizeof kitty_q - 1, wrap) != 0 ||
        term_write_wrapped(out, rest_q, sizeof rest_q - 1, wrap) != 0 ||
        term_write_wrapped(out, da1_q, sizeof da1_q - 1, wrap) != 0) {
        tcsetattr(in, TCSANOW, &saved);
        return -1;
    }
    deadline = now_ms() + timeout_ms;
    for (;;) {
        struct pollfd pfd = { in, POLLIN, 0 };
        double t = now_ms(), left = deadline - t;
        ssize_t n, i;
        if (left <= 0) {
            /* an answer under way may finish; its bytes come together */
            if (filter.state == TF_GROUND || filter.state == TF_ESC) {
                break;
            }
            left = filter.last_ms + TERM_ANSWER_GAP_MS - t;
            if (left > deadline + TERM_ANSWER_GAP_MS - t) {
                left = deadline + TERM_ANSWER_GAP_MS - t;   /* never longer than that */
            }
            if (left <= 0) {
                break;
            }
        }
        if (poll(&pfd, 1, (int)left + 1) <= 0) {
            continue;
        }
        n = read(in, buf + len, sizeof buf - 1 - len);
        if (n <= 0) {
            continue;
        }
        t = now_ms();
        for (i = 0; i < n; i++) {
            keep_typed(p, keys,
                       term_filter_key(&filter, (unsigned char)buf[len + (size_t)i], t, keys));
        }
        len += (size_t)n;
        {
            struct term_probe q = *p;
            if (term_query_parse(&q, buf, len)) {
                *p = q;
                break;
            }
        }
        if (len >= sizeof buf - 1) {
            /* no room to parse more: the rest is read by curses, whose key
             * loop runs the same filter */
            break;
        }
    }
    term_query_parse(p, buf, len);
    /* a lone ESC or an unfinished CSI was typed; nothing is flushed: keys
     * typed meanwhile are in p->typed, later answers are dropped by the
     * key loop's filter */
    keep_typed(p, keys, term_filter_flush(&filter, keys));
    tcsetattr(in, TCSANOW, &saved);
    return 0;
}
