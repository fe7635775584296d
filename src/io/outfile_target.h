/* outfile_target: what an output name really is, before anything is
 * written to it (doc/robustness.md "Where an output goes").
 *
 * A name resolves to one of two kinds:
 *   - a regular file, new or existing (a symlink is followed to the file it
 *     names; the link survives): written to a temporary file beside it and
 *     renamed into place, its permission bits kept when it existed;
 *   - a stream, written in place because renaming over it would destroy
 *     something that is not ours: a descriptor of this process
 *     (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the bytes go
 *     to that descriptor at its offset, so `>> log` appends), a character
 *     device (/dev/null, /dev/tty, /dev/full) or a FIFO with a reader.
 * Refused, with one line naming the name: an empty name, a folder, a
 * socket, a symlink loop, a descriptor that is closed or read-only, a
 * regular file without write permission (0444: orogen does not replace
 * what its owner protected), and a file that is an input of this run
 * (outfile_protect_input). */
#ifndef OROGEN_IO_OUTFILE_TARGET_H
#define OROGEN_IO_OUTFILE_TARGET_H

#include <limits.h>
#include <sys/types.h>

#include "core/base/og_error.h"

enum outfile_kind { OUTFILE_REGULAR, OUTFILE_STREAM };

struct outfile_target {
    enum outfile_kind kind;
    char real[PATH_MAX];   /* regular: the file renamed over; stream: the name to open */
    int fd;                /* stream: this process's descriptor to dup, -1: open real */
    int exists;            /* regular: the file exists (mode is its mode) */
    mode_t mode;           /* regular: its permission bits */
    uid_t uid;             /* regular: its owner and group */
    gid_t gid;
};

/* Resolve path (see above) into tg. Errors: OG_EIO "cannot write PATH:
 * REASON" for the refusals listed above. */
enum og_status outfile_target_resolve(const char *path, struct outfile_target *tg,
                                      struct og_error *err);

/* A descriptor to write the stream tg in place: a duplicate of tg->fd, or
 * real opened for writing without creating or truncating it (a FIFO
 * without a reader is refused rather than waited for). Returns -1 with err
 * set (OG_EIO naming path). */
int outfile_target_open_stream(const struct outfile_target *tg, const char *path,
                               struct og_error *err);

/* Record path as an input of this run, named by what ("--dem"): an output
 * that resolves to the same file (same device and inode: the name, a link
 * or a symlink to it) is refused, "cannot write PATH: it is the input
 * WHAT FILE of this run". A path that does not exist is ignored. At most
 * 32 inputs are kept; thread-safe. */
void outfile_protect_input(const char *path, const char *what);

/* Forget every protected input (tests). */
void outfile_protect_reset(void);

#endif
