/* outfile_target: what an output name really is (see outfile_target.h). */
#include "config.h"
#include "io/outfile_target.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- inputs of this run -------------------------------------------------- */

#define PROTECT_MAX 32

static struct {
    dev_t dev;
    ino_t ino;
    char what[24];
    char path[256];
} protected_inputs[PROTECT_MAX];
static int protected_count;
static pthread_mutex_t protect_lock = PTHREAD_MUTEX_INITIALIZER;

void
outfile_protect_input(const char *path, const char *what)
{
    struct stat sb;
    int i;

    if (path == NULL || stat(path, &sb) != 0) {
        return;
    }
    pthread_mutex_lock(&protect_lock);
    for (i = 0; i < protected_count; i++) {
        if (protected_inputs[i].dev == sb.st_dev && protected_inputs[i].ino == sb.st_ino) {
            break;
        }
    }
    if (i == protected_count && protected_count < PROTECT_MAX) {
        protected_inputs[i].dev = sb.st_dev;
        protected_inputs[i].ino = sb.st_ino;
        snprintf(protected_inputs[i].what, sizeof protected_inputs[i].what, "%s", what);
        snprintf(protected_inputs[i].path, sizeof protected_inputs[i].path, "%s", path);
        protected_count++;
    }
    pthread_mutex_unlock(&protect_lock);
}

void
outfile_protect_reset(void)
{
    pthread_mutex_lock(&protect_lock);
    protected_count = 0;
    pthread_mutex_unlock(&protect_lock);
}

/* OG_EIO when sb is a protected input. */
static enum og_status
check_not_input(const char *path, const struct stat *sb, struct og_error *err)
{
    enum og_status st = OG_OK;
    int i;

    pthread_mutex_lock(&protect_lock);
    for (i = 0; i < protected_count; i++) {
        if (protected_inputs[i].dev == sb->st_dev && protected_inputs[i].ino == sb->st_ino) {
            st = og_error_set(err, OG_EIO, "cannot write %s: it is the input %s %s of this run",
                              path, protected_inputs[i].what, protected_inputs[i].path);
            break;
        }
    }
    pthread_mutex_unlock(&protect_lock);
    return st;
}

/* --- resolution ----------------------------------------------------------- */

/* The descriptor number that name stands for when it is an entry of this
 * process's descriptor folder (/proc/PID/fd/N, /proc/PID/task/TID/fd/N,
 * reached as /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N), else -1. */
static int
descriptor_of(const char *name)
{
    const char *slash = strrchr(name, '/'), *p;
    char dir[PATH_MAX], real[PATH_MAX], want[64];
    long n = 0;
    int pid = (int)getpid(), tid, used = 0;

    if (slash == NULL || slash[1] == '\0' || slash - name >= (long)sizeof dir) {
        return -1;
    }
    for (p = slash + 1; *p != '\0'; p++) {
        if (*p < '0' || *p > '9' || n > 100000000) {
            return -1;
        }
        n = n * 10 + (*p - '0');
    }
    memcpy(dir, name, (size_t)(slash - name));
    dir[slash - name] = '\0';
    if (dir[0] == '\0' || realpath(dir, real) == NULL) {
        return -1;
    }
    snprintf(want, sizeof want, "/proc/%d/fd", pid);
    if (strcmp(real, want) == 0) {
        return (int)n;
    }
    snprintf(want, sizeof want, "/proc/%d/task/", pid);
    if (strncmp(real, want, strlen(want)) == 0 &&
        sscanf(real + strlen(want), "%d/fd%n", &tid, &used) == 1 &&
        real[strlen(want) + (size_t)used] == '\0') {
        return (int)n;
    }
    return -1;
}

/* The stream kind for this process's descriptor fd. */
static enum og_status
resolve_descriptor(const char *path, int fd, struct outfile_target *tg, struct og_error *err)
{
    int fl = fcntl(fd, F_GETFL);

    if (fl < 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: descriptor %d is not open", path, fd);
    }
    if ((fl & O_ACCMODE) == O_RDONLY) {
        return og_error_set(err, OG_EIO, "cannot write %s: descriptor %d is open for reading "
                            "only", path, fd);
    }
    tg->kind = OUTFILE_STREAM;
    tg->fd = fd;
    snprintf(tg->real, sizeof tg->real, "%s", path);
    return OG_OK;
}

/* An existing regular file: not an input, writable, its mode kept. */
static enum og_status
resolve_regular(const char *path, const char *cur, const struct stat *sb,
                struct outfile_target *tg, struct og_error *err)
{
    enum og_status st = check_not_input(path, sb, err);

    if (st != OG_OK) {
        return st;
    }
    if ((sb->st_mode & 0222) == 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: the file is read-only (mode %04o); "
                            "remove it or make it writable first", path,
                            (unsigned)(sb->st_mode & 07777));
    }
    if (access(cur, W_OK) != 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    tg->exists = 1;
    tg->mode = sb->st_mode & 07777;
    tg->uid = sb->st_uid;
    tg->gid = sb->st_gid;
    return OG_OK;
}

/* cur is a symlink: the name it points at (relative to the link's folder). */
static enum og_status
follow_link(const char *path, char *cur, struct og_error *err)
{
    char target[PATH_MAX], next[PATH_MAX];
    ssize_t n = readlink(cur, target, sizeof target - 1);

    if (n < 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    target[n] = '\0';
    if (target[0] == '/') {
        strcpy(next, target);
    } else {
        const char *slash = strrchr(cur, '/');
        int len = slash != NULL ? (int)(slash - cur) + 1 : 0;
        if ((size_t)snprintf(next, sizeof next, "%.*s%s", len, cur, target) >= sizeof next) {
            return og_error_set(err, OG_EIO, "cannot write %s: %s", path,
                                strerror(ENAMETOOLONG));
        }
    }
    strcpy(cur, next);
    return OG_OK;
}

enum og_status
outfile_target_resolve(const char *path, struct outfile_target *tg, struct og_error *err)
{
    struct stat sb;
    char cur[PATH_MAX];
    enum og_status st;
    int hops, fd;

    memset(tg, 0, sizeof *tg);
    tg->kind = OUTFILE_REGULAR;
    tg->fd = -1;
    if (path == NULL || path[0] == '\0') {
        return og_error_set(err, OG_EIO, "output file name is empty");
    }
    if (strlen(path) >= sizeof cur) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(cur, path);
    for (hops = 0; hops < 32; hops++) {
        /* /dev/stdout is a link to /proc/self/fd/1, whose "target" is the
           file, pipe or terminal behind the descriptor: write to the
           descriptor itself, never rename over what it names */
        if ((fd = descriptor_of(cur)) >= 0) {
            return resolve_descriptor(path, fd, tg, err);
        }
        if (lstat(cur, &sb) != 0) {
            if (errno == ENOENT) {
                break;  /* a new file */
            }
            return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        }
        if (S_ISREG(sb.st_mode)) {
            if ((st = resolve_regular(path, cur, &sb, tg, err)) != OG_OK) {
                return st;
            }
            break;
        }
        if (S_ISDIR(sb.st_mode)) {
            return og_error_set(err, OG_EIO, "cannot write %s: is a directory", path);
        }
        if (S_ISCHR(sb.st_mode) || S_ISFIFO(sb.st_mode)) {
            tg->kind = OUTFILE_STREAM;
            strcpy(tg->real, cur);
            return OG_OK;
        }
        if (!S_ISLNK(sb.st_mode)) {
            return og_error_set(err, OG_EIO, "cannot write %s: not a regular file, device or "
                                "pipe (a socket or block device)", path);
        }
        if ((st = follow_link(path, cur, err)) != OG_OK) {
            return st;
        }
    }
    if (hops == 32) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ELOOP));
    }
    strcpy(tg->real, cur);
    return OG_OK;
}

int
outfile_target_open_stream(const struct outfile_target *tg, const char *path,
                           struct og_error *err)
{
    int fd;

    if (tg->fd >= 0) {
        fd = fcntl(tg->fd, F_DUPFD_CLOEXEC, 3);
        if (fd < 0) {
            og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        }
        return fd;
    }
    /* O_NONBLOCK: a FIFO nobody reads is refused (ENXIO), not waited for */
    fd = open(tg->real, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENXIO) {
            og_error_set(err, OG_EIO, "cannot write %s: a pipe with no reader", path);
        } else {
            og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        }
        return -1;
    }
    (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}
