#include "config.h"
#include "core/base/og_error.h"

#include <stdarg.h>
#include <stdio.h>

enum og_status
og_error_set(struct og_error *err, enum og_status code, const char *fmt, ...)
{
    static const char hex[] = "0123456789abcdef";
    char raw[sizeof err->msg];
    size_t i, k = 0;
    va_list ap;

    if (err == NULL) {
        return code;
    }
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    /* One line, never a control character (a CR from a file would move the
     * cursor, ESC would drive the terminal): those are written as \r, \t,
     * \n or \xNN, as C writes them. */
    for (i = 0; raw[i] != '\0' && k + 1 < sizeof err->msg; i++) {
        unsigned char c = (unsigned char)raw[i];
        if (c >= 0x20 && c != 0x7f) {
            err->msg[k++] = (char)c;
            continue;
        }
        if (k + 5 >= sizeof err->msg) {
            break;
        }
        err->msg[k++] = '\\';
        if (c == '\r' || c == '\n' || c == '\t') {
            err->msg[k++] = c == '\r' ? 'r' : c == '\n' ? 'n' : 't';
        } else {
            err->msg[k++] = 'x';
            err->msg[k++] = hex[c >> 4];
            err->msg[k++] = hex[c & 15];
        }
    }
    err->msg[k] = '\0';
    return code;
}

void
og_error_clear(struct og_error *err)
{
    if (err != NULL) {
        err->code = OG_OK;
        err->msg[0] = '\0';
    }
}

const char *
og_status_str(enum og_status code)
{
    switch (code) {
    case OG_OK: return "ok";
    case OG_EINVAL: return "invalid argument";
    case OG_ERANGE: return "out of range";
    case OG_ENOMEM: return "out of memory";
    case OG_EIO: return "input/output error";
    case OG_EFORMAT: return "malformed input";
    case OG_ECANCELED: return "cancelled";
    case OG_EUNSUPPORTED: return "unsupported";
    case OG_EUSAGE: return "usage error";
    }
    return "unknown error";
}
