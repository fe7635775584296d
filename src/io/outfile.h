/* outfile: where an output file really goes, temporary files that become
 * outputs all together or not at all, and interruption.
 *
 * Every orogen output that is a regular file is written to a temporary
 * file beside its target and renamed into place, with the permission bits
 * of the file it replaces. Renaming over something that is not a regular
 * file would destroy it, so outputs are resolved first
 * (io/outfile_target.h): a symlink is followed to the file it names (the
 * link survives), a missing file is fine; a descriptor of this process
 * (/dev/stdout), a character device or a FIFO is a stream, written in
 * place when its group commits; a folder, a socket, a read-only file and
 * an input of the same run are refused.
 *
 * Writers (PNG, JSON, and every new format) go through one path:
 *
 *     struct outfile_temp *t; FILE *fp;
 *     if ((st = outfile_temp_open(path, &t, &fp, err)) != OG_OK) return st;
 *     ... write to fp; poll og_interrupted() in long loops; on any
 *         failure: outfile_temp_discard(t); return the error ...
 *     return outfile_temp_commit(t, err);   (flush, fsync, close, rename)
 *
 * Every live temporary file is in a process-wide registry (a mutex-guarded
 * list), so nothing is forgotten when an export stops half-way.
 *
 * Groups: between outfile_group_begin() and outfile_group_end() on one
 * thread, outfile_temp_commit() only flushes and closes; outfile_group_end(1)
 * then renames them all, outfile_group_end(0) removes them all. An export of
 * several outputs thus writes all of them or none (issue 15 item 3).
 *
 * Interruption: a signal handler calls og_interrupt(sig)
 * (core/base/interrupt.h); writers poll og_interrupted(), discard their
 * temporary file and return OG_ECANCELED. */
#ifndef OROGEN_IO_OUTFILE_H
#define OROGEN_IO_OUTFILE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>

#include "core/base/interrupt.h"
#include "core/base/og_error.h"

/* Resolve path into out (size bytes): the regular file renamed over, or
 * for a stream the name written in place (outfile_target.h). Errors
 * (OG_EIO, naming path): those of outfile_target_resolve, a name too long. */
enum og_status outfile_resolve(const char *path, char *out, size_t size, struct og_error *err);

/* Atomically write len bytes to path (resolved as above): temporary file in
 * the same folder, fsync, rename; mode 0666 minus the umask. On error no
 * file is left and the message names path and the reason. Joins the
 * current group like any other temporary file. */
enum og_status outfile_write(const char *path, const void *data, size_t len,
                             struct og_error *err);

/* As outfile_write, to this process's descriptor fd (1: standard output)
 * as a stream (outfile_target.h) named name in messages: the bytes wait in
 * an unnamed temporary file and are delivered at the commit, or with the
 * current group before any of its renames. Errors: OG_EIO "cannot write
 * NAME: REASON" (a closed or read-only descriptor, EPIPE, ENOSPC). */
enum og_status outfile_write_fd(int fd, const char *name, const void *data, size_t len,
                                struct og_error *err);

/* A temporary file "TARGET.XXXXXX" beside the resolved target. */
struct outfile_temp;

/* Resolve path and create its temporary file (O_EXCL, close-on-exec, mode
 * 0666 minus the umask); *fp is a stream on it (owned by t). Errors: those
 * of outfile_resolve, OG_EIO "cannot write PATH: REASON", OG_ECANCELED when
 * an interruption is already pending. */
enum og_status outfile_temp_open(const char *path, struct outfile_temp **t, FILE **fp,
                                 struct og_error *err);

/* The name given to outfile_temp_open (for messages). */
const char *outfile_temp_path(const struct outfile_temp *t);

/* Flush, fsync and close t's stream, then rename it into place (or, inside
 * a group, leave it for outfile_group_end). On error the temporary file is
 * removed, t is freed and err names the path and reason (EFBIG: "File too
 * large"). A write error noted earlier on the stream is reported here. */
enum og_status outfile_temp_commit(struct outfile_temp *t, struct og_error *err);

/* Close and remove t's temporary file and free t (t may be NULL). */
void outfile_temp_discard(struct outfile_temp *t);

/* Start a group on this thread (groups do not nest). Streams of the group
 * wait in unnamed temporary files and are delivered first at its end, so a
 * full or closed standard output stops the renames. */
void outfile_group_begin(void);

/* End this thread's group: commit != 0 renames every file of the group into
 * place (after checking that no interruption is pending), else removes them.
 * Files are renamed in the order they were opened. Returns OG_OK;
 * OG_ECANCELED when interrupted (nothing renamed); or OG_EIO when a rename
 * fails. A rename in the same folder fails only if the folder changed under
 * us (full, read-only, removed, a directory put in place of an output).
 * POSIX cannot rename several names at once, so the outputs renamed before
 * the failure stay, and the later ones are not renamed (their temporaries
 * are removed). The message says so: "cannot write B: REASON; written: A;
 * not written: C" (doc/robustness.md). */
enum og_status outfile_group_end(int commit, struct og_error *err);

/* Make g this thread's group and return the one it had (0: none). With
 * g = 0 the files opened until the old group is given back are renamed at
 * their own commit, one at a time. Tiles use it (issue 28 item 7): a run
 * of a million tiles holds one temporary file, not a million, and an
 * interruption or a SIGKILL leaves at most one behind; the tiles renamed
 * before stay (doc/batch.md). */
int outfile_group_switch(int g);

/* Remove every temporary file still registered, of every thread (for the
 * exit path; not async-signal-safe). Returns how many were removed. */
int outfile_discard_all(void);

/* As outfile_discard_all from a handler of a fatal signal (SIGSEGV,
 * SIGABRT...): no lock, only unlink (async-signal-safe); best effort. */
int outfile_discard_all_from_signal(void);

/* Number of live temporary files (tests). */
int outfile_live_count(void);

/* A file written in pieces (streamed rows), the same temporary file as
 * above in a caller-owned struct: outfile_open resolves path and creates
 * the temporary file; write to of->fp; outfile_commit is
 * outfile_temp_commit (renamed now or with its group); outfile_abort
 * removes the temporary file (after a failed commit it does nothing).
 * Errors as outfile_temp_open / outfile_temp_commit. */
struct outfile {
    FILE *fp;
    const char *path;            /* the name asked for, for messages */
    struct outfile_temp *temp;   /* NULL once committed or aborted */
};
enum og_status outfile_open(struct outfile *of, const char *path, struct og_error *err);
enum og_status outfile_commit(struct outfile *of, struct og_error *err);
void outfile_abort(struct outfile *of);

#endif
