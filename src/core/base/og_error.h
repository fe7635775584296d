/* og_error: status codes and one-line error messages shared by every layer.
 *
 * Fallible functions return an enum og_status and fill a caller-owned
 * struct og_error. The message is one line, no trailing newline, no "error:"
 * prefix, naming the thing and the bound ("param 'island.cells' = 10 outside
 * [100, 1000000]"). No allocation happens on the error path, so OG_ENOMEM
 * can always be reported. */
#ifndef OROGEN_CORE_BASE_OG_ERROR_H
#define OROGEN_CORE_BASE_OG_ERROR_H

enum og_status {
    OG_OK = 0,
    OG_EINVAL,    /* bad argument or input value */
    OG_ERANGE,    /* a value outside its documented range */
    OG_ENOMEM,    /* allocation failed or size would overflow */
    OG_EIO,       /* file could not be read or written */
    OG_EFORMAT,   /* malformed file contents */
    OG_ECANCELED, /* a newer request cancelled this run */
    OG_EUNSUPPORTED, /* a request this world or build cannot satisfy */
    OG_EUSAGE     /* options that contradict each other or the world they
                     name (two outputs of one file, --globe on a flat
                     world, a size over its limit): the command line's
                     fault, exit status 2 (doc/batch.md) */
};

struct og_error {
    enum og_status code;
    char msg[256];
};

/* Record code and a printf-style message in err (which may be NULL) and
 * return code, so callers can write `return og_error_set(err, ...)`.
 * Control characters in the formatted text (a CR or ESC read from a file)
 * are stored escaped as \r, \n, \t or \xNN, so a message never moves the
 * cursor or drives the terminal. */
enum og_status og_error_set(struct og_error *err, enum og_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reset err to OG_OK with an empty message. err may be NULL. */
void og_error_clear(struct og_error *err);

/* A short constant name for a status ("out of memory"). */
const char *og_status_str(enum og_status code);

#endif
