/* outfile: where an output file really goes, and atomic text writes.
 *
 * Every orogen output is written to a temporary file beside its target and
 * renamed into place. Renaming over something that is not a regular file
 * would destroy it (a device such as /dev/full, a FIFO, the symlink
 * /dev/stdout), so outputs are resolved first: a symlink is followed to the
 * file it names (the link survives), a missing file is fine, and anything
 * that is not a regular file is refused. */
#ifndef OROGEN_RENDER_OUTFILE_H
#define OROGEN_RENDER_OUTFILE_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "core/og_error.h"

/* Resolve path into out (size bytes). Errors (OG_EIO, naming path): empty
 * name, a directory, a device/FIFO/socket, a symlink loop, a name too long. */
enum og_status outfile_resolve(const char *path, char *out, size_t size, struct og_error *err);

/* Atomically write len bytes to path (resolved as above): temporary file in
 * the same folder, fsync, rename; mode 0666 minus the umask. On error no
 * file is left and the message names path and the reason. */
enum og_status outfile_write(const char *path, const void *data, size_t len,
                             struct og_error *err);

/* A file written in pieces (streamed rows): outfile_open resolves path and
 * creates the temporary file beside it; write to of->fp; outfile_commit
 * flushes, fsyncs and renames it into place; outfile_abort (also after a
 * failed commit is not needed) removes the temporary file. Errors as
 * outfile_write. */
struct outfile {
    FILE *fp;
    const char *path;            /* the name asked for, for messages */
    char real[PATH_MAX];         /* resolved target */
    char tmp[PATH_MAX + 16];     /* the temporary file */
};
enum og_status outfile_open(struct outfile *of, const char *path, struct og_error *err);
enum og_status outfile_commit(struct outfile *of, struct og_error *err);
void outfile_abort(struct outfile *of);

#endif
