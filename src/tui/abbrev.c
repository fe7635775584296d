/* abbrev: labels fitted to a column by whole words (abbrev.h). */
#include "config.h"
#include "tui/abbrev.h"

#include <stdio.h>
#include <string.h>

#define MAXW 16   /* words of a label considered */

/* Common words of legend and place names and their short forms, the
 * shortest last: each step takes the next shorter form. */
static const struct {
    const char *word, *forms[2];
} table[] = {
    { "continent", { "cont.", NULL } },
    { "island", { "isl.", NULL } },
    { "river", { "riv.", "r." } },
    { "mountain", { "mtn", NULL } },
    { "mountains", { "mtns", NULL } },
    { "forest", { "for.", NULL } },
    { "temperate", { "temp.", NULL } },
    { "tropical", { "trop.", NULL } },
    { "deciduous", { "decid.", NULL } },
    { "seasonal", { "seas.", NULL } },
    { "landmass", { "landm.", NULL } },
    { "landmasses", { "landm.", NULL } },
    { "surface", { "surf.", NULL } },
    { "grassland", { "grassl.", NULL } },
    { "shrubland", { "shrubl.", NULL } },
    { "desert", { "des.", NULL } },
};

/* Columns of s: its UTF-8 code points. */
static int
cols(const char *s)
{
    int n = 0;
    for (; *s != '\0'; s++) {
        n += ((unsigned char)*s & 0xc0) != 0x80;
    }
    return n;
}

/* Words that do not end a shortened label. */
static int
small_word(const char *w)
{
    static const char *const small[] = { "the", "of", "and", "a", "an", "in", "on", "by", "to" };
    size_t k;
    for (k = 0; k < sizeof small / sizeof small[0]; k++) {
        if (strcmp(w, small[k]) == 0) {
            return 1;
        }
    }
    return 0;
}

struct words {
    char w[MAXW][48];
    int n;
};

static void
join(const struct words *ws, int n, char *out, size_t size)
{
    size_t len = 0;
    int i;

    out[0] = '\0';
    for (i = 0; i < n && len + 1 < size; i++) {
        int k = snprintf(out + len, size - len, "%s%s", i > 0 ? " " : "", ws->w[i]);
        len = k < 0 || (size_t)k >= size - len ? size - 1 : len + (size_t)k;
    }
}

static int
fits(const struct words *ws, int n, int width, char *out, size_t size)
{
    join(ws, n, out, size);
    return cols(out) <= width;
}

/* The next shorter form of word i from the table; 0 when none. */
static int
shorten(struct words *ws, int i)
{
    size_t k;
    int f;

    for (k = 0; k < sizeof table / sizeof table[0]; k++) {
        for (f = -1; f < 2; f++) {
            const char *cur = f < 0 ? table[k].word : table[k].forms[f];
            const char *next = f + 1 < 2 ? table[k].forms[f + 1] : NULL;
            if (cur != NULL && strcmp(ws->w[i], cur) == 0) {
                if (next == NULL) {
                    return 0;
                }
                snprintf(ws->w[i], sizeof ws->w[i], "%s", next);
                return 1;
            }
        }
    }
    return 0;
}

int
abbrev_fit(const char *name, int width, char *out, size_t size)
{
    struct words ws;
    char buf[256];
    const char *p;
    int i, n, again;

    if (size == 0) {
        return 0;
    }
    width = width < 1 ? 1 : width;
    snprintf(out, size, "%s", name);
    if (cols(out) <= width) {
        return cols(out);
    }
    /* without a parenthesised tail */
    snprintf(buf, sizeof buf, "%s", name);
    p = strstr(buf, " (");
    if (p != NULL && p > buf) {
        buf[p - buf] = '\0';
    }
    ws.n = 0;
    for (p = strtok(buf, " "); p != NULL && ws.n < MAXW; p = strtok(NULL, " ")) {
        snprintf(ws.w[ws.n++], sizeof ws.w[0], "%s", p);
    }
    if (ws.n == 0) {
        out[0] = '\0';
        return 0;
    }
    if (fits(&ws, ws.n, width, out, size)) {
        return cols(out);
    }
    /* the table's short forms, last word first, each word as far as it goes */
    do {
        again = 0;
        for (i = ws.n - 1; i >= 0; i--) {
            if (shorten(&ws, i)) {
                again = 1;
                if (fits(&ws, ws.n, width, out, size)) {
                    return cols(out);
                }
                break;
            }
        }
    } while (again);
    /* other long words after the first: their first three letters */
    for (i = ws.n - 1; i >= 1; i--) {
        const unsigned char *u = (const unsigned char *)ws.w[i];
        if (cols(ws.w[i]) >= 6 && strchr(ws.w[i], '.') == NULL && u[0] < 0x80 && u[1] < 0x80 &&
            u[2] < 0x80) {
            ws.w[i][3] = '.';
            ws.w[i][4] = '\0';
            if (fits(&ws, ws.n, width, out, size)) {
                return cols(out);
            }
        }
    }
    /* whole words off the end, and a small word left last with them
     * ("outside the mask" -> "outside", not "outside the") */
    for (n = ws.n - 1; n >= 1; n--) {
        int k = n;
        while (k > 1 && small_word(ws.w[k - 1])) {
            k--;
        }
        if (fits(&ws, k, width, out, size)) {
            return cols(out);
        }
    }
    /* the first word alone, cut, with a dot */
    {
        const char *s = ws.w[0];
        size_t b = 0;
        int c = 0;
        while (s[b] != '\0' && c < width - 1) {
            b++;
            while (((unsigned char)s[b] & 0xc0) == 0x80) {
                b++;
            }
            c++;
        }
        snprintf(out, size, "%.*s%s", (int)b, s, width > 1 ? "." : "");
    }
    return cols(out);
}
