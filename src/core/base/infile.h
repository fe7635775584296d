/* infile: opening input files (DEMs, recipes, presets) without ever
 * blocking on something that is not a file.
 *
 * open() on a FIFO with no writer blocks forever, and so does read() on a
 * terminal or a socket; a preset list that offers such a name freezes the
 * UI. Every input is therefore opened with O_NONBLOCK, checked with fstat
 * to be a regular file (symlinks to one are fine), and only then switched
 * back to blocking reads (issue 15 item 1). */
#ifndef OROGEN_CORE_BASE_INFILE_H
#define OROGEN_CORE_BASE_INFILE_H

#include <stdio.h>
#include <sys/types.h>

#include "core/base/og_error.h"

/* Open path for reading as a close-on-exec stream; *size (may be NULL)
 * gets its length in bytes. Errors: OG_EIO "cannot read PATH: REASON"
 * (missing, unreadable), OG_EIO "cannot read PATH: not a regular file" (a
 * FIFO, device, socket or folder). */
enum og_status infile_fopen(const char *path, FILE **fp, off_t *size, struct og_error *err);

/* Non-zero when path is a regular file (or a symlink to one); never blocks
 * and never opens it. For listings such as the TUI's preset list. */
int infile_is_regular(const char *path);

/* Read all of path into a malloc'd buffer with a NUL after the last byte;
 * *len (may be NULL) gets the length. Errors: as infile_fopen, OG_EFORMAT
 * "PATH: larger than MAX bytes" when it holds more than max bytes,
 * OG_ENOMEM. */
enum og_status infile_read_all(const char *path, size_t max, char **out, size_t *len,
                               struct og_error *err);

#endif
