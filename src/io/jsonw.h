/* jsonw: a small growing-string JSON writer for the data exports (glTF's
 * JSON chunk, GeoJSON, manifests): printf-style appends, escaped strings
 * and round-trip numbers. Out-of-memory is sticky: check `failed` once at
 * the end. */
#ifndef OROGEN_IO_JSONW_H
#define OROGEN_IO_JSONW_H

#include <stddef.h>

struct jsonw {
    char *s;          /* NUL-terminated text (malloc'd; the caller frees) */
    size_t len, cap;
    int failed;
};

/* Append formatted text. */
void jsonw_printf(struct jsonw *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append s as a JSON string literal (quotes, backslashes, control
 * characters escaped). */
void jsonw_string(struct jsonw *b, const char *s);

/* Append v with the fewest digits (6..17) that read back exactly; null
 * for non-finite values. */
void jsonw_number(struct jsonw *b, double v);

#endif
