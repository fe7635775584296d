#include "config.h"
#include "io/outfile.h"
#include "io/outfile_target.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/rng.h"

enum og_status
outfile_resolve(const char *path, char *out, size_t size, struct og_error *err)
{
    struct outfile_target tg;
    enum og_status st = outfile_target_resolve(path, &tg, err);

    if (st != OG_OK) {
        return st;
    }
    if (strlen(tg.real) >= size) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(out, tg.real);
    return OG_OK;
}

/* --- the registry of temporary files ------------------------------------ */

struct outfile_temp {
    struct outfile_temp *prev, *next;
    char path[PATH_MAX];      /* as given, for messages */
    char real[PATH_MAX];      /* the resolved target */
    char tmp[PATH_MAX + 8];   /* real + ".XXXXXX"; "" for a stream */
    FILE *fp;                 /* NULL once closed (a stream's stays open) */
    int stream_fd;            /* a stream's destination (outfile_target.h), else -1 */
    int group;                /* id of the group it belongs to, 0 for none */
    int ready;                /* closed and waiting for its group's rename */
};

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct outfile_temp *reg_head;
static atomic_int group_ids;
static _Thread_local int cur_group;

static void
reg_add(struct outfile_temp *t)
{
    pthread_mutex_lock(&reg_lock);
    t->prev = NULL;
    t->next = reg_head;
    if (reg_head != NULL) {
        reg_head->prev = t;
    }
    reg_head = t;
    pthread_mutex_unlock(&reg_lock);
}

/* Take t off the list; reg_lock is held. */
static void
reg_unlink_locked(struct outfile_temp *t)
{
    if (t->prev != NULL) {
        t->prev->next = t->next;
    } else {
        reg_head = t->next;
    }
    if (t->next != NULL) {
        t->next->prev = t->prev;
    }
}

static void
reg_remove(struct outfile_temp *t)
{
    pthread_mutex_lock(&reg_lock);
    reg_unlink_locked(t);
    pthread_mutex_unlock(&reg_lock);
}

/* Open a new file "PATH.XXXXXX" next to path with O_EXCL (mode 0666 minus
 * the umask, like any other output file). Returns the fd or -1 with errno. */
static int
open_temp(const char *path, char *tmp, size_t tmpsize)
{
    static atomic_uint counter;
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    struct timespec ts;
    uint64_t x;
    int attempt, k, fd;

    for (attempt = 0; attempt < 100; attempt++) {
        clock_gettime(CLOCK_REALTIME, &ts);
        x = (uint64_t)getpid() * 0x9e3779b97f4a7c15ull ^ (uint64_t)ts.tv_nsec ^
            ((uint64_t)atomic_fetch_add(&counter, 1u) << 32);
        x = rng_mix64(x);  /* spread the bits over the six characters */
        if ((size_t)snprintf(tmp, tmpsize, "%s.XXXXXX", path) >= tmpsize) {
            errno = ENAMETOOLONG;
            return -1;
        }
        for (k = 0; k < 6; k++) {
            tmp[strlen(path) + 1 + (size_t)k] = digits[x % 36];
            x /= 36;
        }
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) {
            return fd;
        }
    }
    errno = EEXIST;
    return -1;
}

/* fsync the folder holding path so the rename itself is durable; best
 * effort (some file systems refuse fsync on directories). */
static void
sync_dir(const char *path)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    int fd;

    if (slash == NULL) {
        strcpy(dir, ".");
    } else if (slash == path) {
        strcpy(dir, "/");
    } else {
        memcpy(dir, path, (size_t)(slash - path));
        dir[slash - path] = '\0';
    }
    fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* The temporary file of a regular target: beside it, with the mode (and,
 * for root, the owner) of the file it replaces. */
static enum og_status
temp_open_regular(struct outfile_temp *t, const struct outfile_target *tg, struct og_error *err)
{
    int fd = open_temp(t->real, t->tmp, sizeof t->tmp), e;

    if (fd < 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(errno));
    }
    if (tg->exists) {
        /* a 0600 file stays 0600 (issue 28 item 11); best effort */
        if (geteuid() == 0) {
            (void)fchown(fd, tg->uid, tg->gid);
        }
        (void)fchmod(fd, tg->mode);
    }
    t->fp = fdopen(fd, "wb");
    if (t->fp == NULL) {
        e = errno;
        close(fd);
        unlink(t->tmp);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(e));
    }
    return OG_OK;
}

/* A stream's bytes wait in an unnamed temporary file (nothing to remove
 * after a signal) until the commit copies them to the destination. */
static enum og_status
temp_open_stream(struct outfile_temp *t, const struct outfile_target *tg, struct og_error *err)
{
    int e;

    t->stream_fd = outfile_target_open_stream(tg, t->path, err);
    if (t->stream_fd < 0) {
        return OG_EIO;
    }
    t->fp = tmpfile();
    if (t->fp == NULL) {
        e = errno;
        close(t->stream_fd);
        t->stream_fd = -1;
        return og_error_set(err, OG_EIO, "cannot write %s: no temporary file: %s", t->path,
                            strerror(e));
    }
    return OG_OK;
}

/* outfile_temp_open for a resolved target tg. */
static enum og_status
temp_open_target(const char *path, const struct outfile_target *tg, struct outfile_temp **out,
                 FILE **fp, struct og_error *err)
{
    struct outfile_temp *t;
    enum og_status st;

    *out = NULL;
    *fp = NULL;
    if (og_interrupted()) {
        return og_error_set(err, OG_ECANCELED, "interrupted");
    }
    t = calloc(1, sizeof *t);
    if (t == NULL) {
        return og_error_set(err, OG_ENOMEM, "cannot write %s: out of memory", path);
    }
    t->stream_fd = -1;
    snprintf(t->real, sizeof t->real, "%s", tg->real);
    snprintf(t->path, sizeof t->path, "%s", path);
    /* Registered before the file exists, so no moment leaves it unlisted. */
    reg_add(t);
    st = tg->kind == OUTFILE_STREAM ? temp_open_stream(t, tg, err)
                                    : temp_open_regular(t, tg, err);
    if (st != OG_OK) {
        reg_remove(t);
        free(t);
        return st;
    }
    t->group = cur_group;
    *out = t;
    *fp = t->fp;
    return OG_OK;
}

enum og_status
outfile_temp_open(const char *path, struct outfile_temp **out, FILE **fp, struct og_error *err)
{
    struct outfile_target tg;
    enum og_status st;

    *out = NULL;
    *fp = NULL;
    if (og_interrupted()) {
        return og_error_set(err, OG_ECANCELED, "interrupted");
    }
    st = outfile_target_resolve(path, &tg, err);
    if (st != OG_OK) {
        return st;
    }
    return temp_open_target(path, &tg, out, fp, err);
}

const char *
outfile_temp_path(const struct outfile_temp *t)
{
    return t->path;
}

void
outfile_temp_discard(struct outfile_temp *t)
{
    if (t == NULL) {
        return;
    }
    if (t->fp != NULL) {
        fclose(t->fp);
        t->fp = NULL;
    }
    if (t->stream_fd >= 0) {
        close(t->stream_fd);
    }
    if (t->tmp[0] != '\0') {
        unlink(t->tmp);
    }
    reg_remove(t);
    free(t);
}

/* Copy a stream's waiting bytes to its destination and close both.
 * Returns 0 or the errno of the failure (EPIPE when the reader has gone:
 * SIGPIPE is ignored during exports, cli/main.c). */
static int
deliver_stream(struct outfile_temp *t)
{
    char buf[65536];
    size_t n, off;
    ssize_t w;
    int e = 0;

    rewind(t->fp);
    while (e == 0 && (n = fread(buf, 1, sizeof buf, t->fp)) > 0) {
        for (off = 0; off < n && e == 0; off += (size_t)w) {
            w = write(t->stream_fd, buf + off, n - off);
            if (w < 0) {
                w = 0;
                if (errno != EINTR) {
                    e = errno;
                } else if (og_interrupted()) {
                    e = EINTR;
                }
            }
        }
    }
    if (e == 0 && ferror(t->fp)) {
        e = EIO;
    }
    fclose(t->fp);
    t->fp = NULL;
    if (close(t->stream_fd) != 0 && e == 0 && errno != EINTR) {
        e = errno;
    }
    t->stream_fd = -1;
    return e;
}

enum og_status
outfile_temp_commit(struct outfile_temp *t, struct og_error *err)
{
    int e;

    if (og_interrupted()) {
        outfile_temp_discard(t);
        return og_error_set(err, OG_ECANCELED, "interrupted");
    }
    errno = 0;
    if (t->stream_fd >= 0) {
        /* a stream: its bytes wait in the unnamed file until delivered */
        if (ferror(t->fp) || fflush(t->fp) != 0) {
            e = errno != 0 ? errno : EIO;
            og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(e));
            outfile_temp_discard(t);
            return OG_EIO;
        }
        if (t->group != 0) {
            t->ready = 1;   /* delivered by outfile_group_end, before any rename */
            return OG_OK;
        }
        e = deliver_stream(t);
        if (e != 0) {
            og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(e));
        }
        reg_remove(t);
        free(t);
        return e != 0 ? OG_EIO : OG_OK;
    }
    /* Data must be on disk before the name points at it. */
    if (ferror(t->fp) || fflush(t->fp) != 0 || fsync(fileno(t->fp)) != 0) {
        e = errno != 0 ? errno : EIO;
        og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(e));
        outfile_temp_discard(t);
        return OG_EIO;
    }
    e = fclose(t->fp);
    t->fp = NULL;
    if (e != 0) {
        og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(errno));
        outfile_temp_discard(t);
        return OG_EIO;
    }
    if (t->group != 0) {
        t->ready = 1;   /* renamed by outfile_group_end */
        return OG_OK;
    }
    if (rename(t->tmp, t->real) != 0) {
        og_error_set(err, OG_EIO, "cannot write %s: %s", t->path, strerror(errno));
        outfile_temp_discard(t);
        return OG_EIO;
    }
    sync_dir(t->real);
    reg_remove(t);
    free(t);
    return OG_OK;
}

void
outfile_group_begin(void)
{
    cur_group = atomic_fetch_add(&group_ids, 1) + 1;
}

int
outfile_group_switch(int g)
{
    int old = cur_group;
    cur_group = g;
    return old;
}

/* Append name to the ", "-separated list in buf (cut short when full). */
static void
name_list_add(char *buf, size_t size, const char *name)
{
    size_t len = strlen(buf);
    int n = snprintf(buf + len, size - len, "%s%s", len > 0 ? ", " : "", name);
    if (n < 0 || (size_t)n >= size - len) {
        buf[size - 1] = '\0';   /* cut short: the message stays one line */
    }
}

/* list with its streams moved to the front, each part in its order */
static struct outfile_temp *
streams_first(struct outfile_temp *list)
{
    struct outfile_temp *streams = NULL, **st_tail = &streams, *files = NULL,
                        **f_tail = &files, *t, *next;

    for (t = list; t != NULL; t = next) {
        next = t->next;
        t->next = NULL;
        if (t->stream_fd >= 0) {
            *st_tail = t;
            st_tail = &t->next;
        } else {
            *f_tail = t;
            f_tail = &t->next;
        }
    }
    *st_tail = files;
    return streams;
}

enum og_status
outfile_group_end(int commit, struct og_error *err)
{
    struct outfile_temp *t, *next, *mine = NULL, *failed = NULL;
    enum og_status st = OG_OK;
    int g = cur_group, failed_errno = 0;
    char written[256] = "", unwritten[256] = "";

    cur_group = 0;
    if (g == 0) {
        return OG_OK;
    }
    /* Take the group's files off the shared list first. */
    pthread_mutex_lock(&reg_lock);
    for (t = reg_head; t != NULL; t = next) {
        next = t->next;
        if (t->group == g) {
            reg_unlink_locked(t);
            t->next = mine;
            mine = t;
        }
    }
    pthread_mutex_unlock(&reg_lock);
    if (commit && og_interrupted()) {
        commit = 0;
        st = og_error_set(err, OG_ECANCELED, "interrupted");
    }
    for (t = mine; t != NULL; t = t->next) {
        if (commit && !t->ready) {
            commit = 0;  /* a writer still open: the caller's bug; write none */
            st = og_error_set(err, OG_EINVAL, "cannot write %s: not finished", t->path);
        }
    }
    /* Streams first: what goes to a pipe or terminal cannot be taken back,
     * and a full or closed one must stop the renames (issue 28 item 9).
     * Then the files, in the order they were opened; the first delivery or
     * rename that fails stops the others (their temporaries are removed). */
    mine = streams_first(mine);
    for (t = mine; t != NULL; t = next) {
        next = t->next;
        if (commit) {
            int e = t->stream_fd >= 0 ? deliver_stream(t)
                                      : rename(t->tmp, t->real) != 0 ? errno : 0;
            if (e != 0) {
                failed = t;
                failed_errno = e;
                commit = 0;
                if (t->tmp[0] != '\0') {
                    unlink(t->tmp);
                }
                continue;   /* freed with the names below */
            }
            if (t->tmp[0] != '\0') {
                sync_dir(t->real);
            }
            name_list_add(written, sizeof written, t->path);
        } else {
            if (t->fp != NULL) {
                fclose(t->fp);
            }
            if (t->stream_fd >= 0) {
                close(t->stream_fd);
            }
            if (t->tmp[0] != '\0') {
                unlink(t->tmp);
            }
            if (failed != NULL) {
                name_list_add(unwritten, sizeof unwritten, t->path);
            }
        }
        free(t);
    }
    if (failed != NULL) {
        /* POSIX renames one name at a time: say what the folder now holds */
        st = og_error_set(err, OG_EIO, "cannot write %s: %s%s%s%s%s", failed->path,
                          strerror(failed_errno), written[0] != '\0' ? "; written: " : "",
                          written, unwritten[0] != '\0' ? "; not written: " : "", unwritten);
        free(failed);
    }
    return st;
}

/* The live temporaries, counted; their files removed when unlink_them. */
static int
reg_count(int unlink_them)
{
    struct outfile_temp *t;
    int n = 0;

    pthread_mutex_lock(&reg_lock);
    for (t = reg_head; t != NULL; t = t->next) {
        n += unlink_them ? t->tmp[0] != '\0' && unlink(t->tmp) == 0 : 1;
    }
    pthread_mutex_unlock(&reg_lock);
    return n;
}

int
outfile_discard_all(void)
{
    return reg_count(1);
}

int
outfile_discard_all_from_signal(void)
{
    struct outfile_temp *t;
    int n = 0;

    /* no lock: a crashed process cannot wait for one; unlink is
       async-signal-safe and the list's links are written before a file
       exists (reg_add), so at worst a name is missed */
    for (t = reg_head; t != NULL; t = t->next) {
        n += t->tmp[0] != '\0' && unlink(t->tmp) == 0;
    }
    return n;
}

int
outfile_live_count(void)
{
    return reg_count(0);
}

/* Write len bytes of data through t (opened on path) and commit it. */
static enum og_status
write_all(struct outfile_temp *t, FILE *fp, const char *path, const void *data, size_t len,
          struct og_error *err)
{
    enum og_status st;

    if (fwrite(data, 1, len, fp) != len) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path,
                          strerror(errno != 0 ? errno : EIO));
        outfile_temp_discard(t);
        return st;
    }
    return outfile_temp_commit(t, err);
}

enum og_status
outfile_write(const char *path, const void *data, size_t len, struct og_error *err)
{
    struct outfile_temp *t;
    enum og_status st;
    FILE *fp;

    st = outfile_temp_open(path, &t, &fp, err);
    if (st != OG_OK) {
        return st;
    }
    return write_all(t, fp, path, data, len, err);
}

enum og_status
outfile_write_fd(int fd, const char *name, const void *data, size_t len, struct og_error *err)
{
    struct outfile_target tg;
    struct outfile_temp *t;
    enum og_status st;
    FILE *fp;
    int fl = fcntl(fd, F_GETFL);

    if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
        return og_error_set(err, OG_EIO, "cannot write %s: descriptor %d is not open for "
                            "writing", name, fd);
    }
    memset(&tg, 0, sizeof tg);
    tg.kind = OUTFILE_STREAM;
    tg.fd = fd;
    snprintf(tg.real, sizeof tg.real, "%s", name);
    st = temp_open_target(name, &tg, &t, &fp, err);
    if (st != OG_OK) {
        return st;
    }
    return write_all(t, fp, name, data, len, err);
}
