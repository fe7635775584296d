/* Shared helpers of the fuzz targets (libFuzzer's LLVMFuzzerTestOneInput,
 * also driven by driver_main.c for AFL++ and corpus replays). A finding is
 * a sanitizer report or a violated property (fuzz_assert aborts). */
#ifndef OROGEN_FUZZ_H
#define OROGEN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define fuzz_assert(cond)                                                                     \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);       \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

/* Path of an in-memory file (memfd, a regular file to fstat) holding the
 * input bytes; valid until the next call. */
const char *fuzz_memfile(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (malloc'd; NULs inside stay). */
char *fuzz_string(const uint8_t *data, size_t size);

/* Non-zero if s holds a control character other than none allowed. */
int fuzz_has_control(const char *s);

#endif
