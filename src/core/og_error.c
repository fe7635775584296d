#include "config.h"
#include "core/og_error.h"

#include <stdarg.h>
#include <stdio.h>

enum og_status
og_error_set(struct og_error *err, enum og_status code, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL) {
        return code;
    }
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
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
    }
    return "unknown error";
}
