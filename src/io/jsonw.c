/* jsonw: growing-string JSON writer (see jsonw.h). */
#include "config.h"
#include "io/jsonw.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
reserve(struct jsonw *b, size_t extra)
{
    if (b->failed) {
        return -1;
    }
    if (b->len + extra + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        char *ns;
        while (b->len + extra + 1 > cap) {
            cap *= 2;
        }
        ns = realloc(b->s, cap);
        if (ns == NULL) {
            b->failed = 1;
            return -1;
        }
        b->s = ns;
        b->cap = cap;
    }
    return 0;
}

void
jsonw_printf(struct jsonw *b, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n) != 0) {
        b->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void
jsonw_string(struct jsonw *b, const char *s)
{
    jsonw_printf(b, "\"");
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            jsonw_printf(b, "\\%c", c);
        } else if (c == '\n') {
            jsonw_printf(b, "\\n");
        } else if (c < 0x20) {
            jsonw_printf(b, "\\u%04x", c);
        } else {
            jsonw_printf(b, "%c", c);
        }
    }
    jsonw_printf(b, "\"");
}

void
jsonw_number(struct jsonw *b, double v)
{
    char buf[40];
    int prec;
    if (!isfinite(v)) {
        jsonw_printf(b, "null");
        return;
    }
    for (prec = 6; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) {
            break;
        }
    }
    jsonw_printf(b, "%s", buf);
}
