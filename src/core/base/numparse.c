#include "config.h"
#include "core/base/numparse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
is_digit(char c)
{
    return c >= '0' && c <= '9';
}

enum num_status
num_parse_real(const char *s, double *out)
{
    const char *p = s;
    int mant = 0;
    char *end;
    double v;

    if (*p == '+' || *p == '-') {
        p++;
    }
    while (is_digit(*p)) {
        p++;
        mant++;
    }
    if (*p == '.') {
        p++;
        while (is_digit(*p)) {
            p++;
            mant++;
        }
    }
    if (mant == 0) {
        return NUM_SYNTAX;  /* "", ".", "-", "x", "inf", "nan" */
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') {
            p++;
        }
        if (!is_digit(*p)) {
            return NUM_SYNTAX;
        }
        while (is_digit(*p)) {
            p++;
        }
    }
    if (*p != '\0') {
        return NUM_SYNTAX;  /* "0x10" stops at 'x', "10 " at ' ' */
    }
    /* The text is now plain decimal, which strtod reads the same way in
     * every locale that orogen runs numbers in (LC_NUMERIC stays C). */
    errno = 0;
    v = strtod(s, &end);
    if (end != p) {
        return NUM_SYNTAX;
    }
    if (errno == ERANGE) {
        return fabs(v) < 1.0 ? NUM_UNDERFLOW : NUM_OVERFLOW;
    }
    *out = v;
    return NUM_OK;
}

/* Digits of s[0..n) as a value, NUM_OVERFLOW past limit (limit < 2^62). */
static enum num_status
digits_value(const char *s, size_t n, long long limit, long long *out)
{
    long long v = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        v = v * 10 + (s[i] - '0');
        if (v > limit) {
            return NUM_OVERFLOW;
        }
    }
    *out = v;
    return NUM_OK;
}

enum num_status
num_parse_int(const char *s, long min, long max, long *out)
{
    const char *p = s;
    int neg = 0;
    size_t n = 0;
    long long v, lim;

    if (*p == '-') {
        neg = 1;
        p++;
    }
    while (is_digit(p[n])) {
        n++;
    }
    if (n == 0 || p[n] != '\0') {
        return NUM_SYNTAX;
    }
    lim = neg ? -(long long)min : (long long)max;
    if (lim < 0) {
        lim = 0;
    }
    if (digits_value(p, n, lim, &v) != NUM_OK) {
        return NUM_OVERFLOW;
    }
    v = neg ? -v : v;
    if (v < min || v > max) {
        return NUM_OVERFLOW;
    }
    *out = (long)v;
    return NUM_OK;
}

enum num_status
num_parse_size(const char *s, int max, int *w, int *h)
{
    size_t a = 0, b = 0;
    long long vw, vh;
    const char *q;

    while (is_digit(s[a])) {
        a++;
    }
    if (a == 0 || (s[a] != 'x' && s[a] != 'X')) {
        return NUM_SYNTAX;
    }
    q = s + a + 1;
    while (is_digit(q[b])) {
        b++;
    }
    if (b == 0 || q[b] != '\0') {
        return NUM_SYNTAX;  /* "10x 10", "10x+10", "10x10 " */
    }
    if (digits_value(s, a, max, &vw) != NUM_OK || digits_value(q, b, max, &vh) != NUM_OK ||
        vw < 1 || vh < 1) {
        return NUM_OVERFLOW;
    }
    *w = (int)vw;
    *h = (int)vh;
    return NUM_OK;
}

enum num_status
num_parse_time(const char *s, double *hours)
{
    size_t n = 0;
    long long hh, mm;

    while (is_digit(s[n])) {
        n++;
    }
    if (n == 0) {
        return NUM_SYNTAX;
    }
    if (s[n] == ':') {
        const char *m = s + n + 1;
        if (!is_digit(m[0]) || !is_digit(m[1]) || m[2] != '\0') {
            return NUM_SYNTAX;  /* minutes are two digits */
        }
        if (digits_value(s, n, 24, &hh) != NUM_OK) {
            return NUM_OVERFLOW;
        }
        mm = (m[0] - '0') * 10 + (m[1] - '0');
        if (mm > 59 || (hh == 24 && mm > 0)) {
            return NUM_OVERFLOW;
        }
        *hours = (double)hh + (double)mm / 60.0;
        return NUM_OK;
    }
    if (s[n] == '\0') {
        if (digits_value(s, n, 24, &hh) != NUM_OK) {
            return NUM_OVERFLOW;
        }
        *hours = (double)hh;
        return NUM_OK;
    }
    if (s[n] == '.') {
        double v;
        size_t k = n + 1;
        if (!is_digit(s[k])) {
            return NUM_SYNTAX;
        }
        while (is_digit(s[k])) {
            k++;
        }
        if (s[k] != '\0' || num_parse_real(s, &v) != NUM_OK) {
            return NUM_SYNTAX;
        }
        if (v > 24.0) {
            return NUM_OVERFLOW;
        }
        *hours = v;
        return NUM_OK;
    }
    return NUM_SYNTAX;
}
