#include "config.h"
#include "render/outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum og_status
outfile_resolve(const char *path, char *out, size_t size, struct og_error *err)
{
    struct stat sb;
    char cur[PATH_MAX];
    int hops;

    if (path == NULL || path[0] == '\0') {
        return og_error_set(err, OG_EIO, "output file name is empty");
    }
    if (strlen(path) >= sizeof cur) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(cur, path);
    for (hops = 0; hops < 32; hops++) {
        if (lstat(cur, &sb) != 0) {
            if (errno == ENOENT) {
                break;  /* a new file */
            }
            return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        }
        if (S_ISREG(sb.st_mode)) {
            break;
        }
        if (S_ISDIR(sb.st_mode)) {
            return og_error_set(err, OG_EIO, "cannot write %s: is a directory", path);
        }
        if (!S_ISLNK(sb.st_mode)) {
            return og_error_set(err, OG_EIO,
                                "cannot write %s: not a regular file (device, pipe or socket)",
                                path);
        }
        /* Follow the link: its target is relative to the link's folder. */
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
    }
    if (hops == 32) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ELOOP));
    }
    if (strlen(cur) >= size) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(out, cur);
    return OG_OK;
}

enum og_status
outfile_open(struct outfile *of, const char *path, struct og_error *err)
{
    enum og_status st;
    mode_t mask;
    int fd;

    memset(of, 0, sizeof *of);
    of->path = path;
    st = outfile_resolve(path, of->real, sizeof of->real, err);
    if (st != OG_OK) {
        return st;
    }
    snprintf(of->tmp, sizeof of->tmp, "%s.XXXXXX", of->real);
    fd = mkstemp(of->tmp);
    if (fd < 0) {
        of->tmp[0] = '\0';
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    /* mkstemp makes 0600; outputs are ordinary files. */
    mask = umask(022);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    of->fp = fdopen(fd, "wb");
    if (of->fp == NULL) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(of->tmp);
        of->tmp[0] = '\0';
        return st;
    }
    return OG_OK;
}

enum og_status
outfile_commit(struct outfile *of, struct og_error *err)
{
    enum og_status st;
    int bad = ferror(of->fp) || fflush(of->fp) != 0 || fsync(fileno(of->fp)) != 0;
    int e = errno;

    if (fclose(of->fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    of->fp = NULL;
    if (!bad && rename(of->tmp, of->real) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", of->path,
                          strerror(e != 0 ? e : EIO));
        unlink(of->tmp);
        of->tmp[0] = '\0';
        return st;
    }
    of->tmp[0] = '\0';
    return OG_OK;
}

void
outfile_abort(struct outfile *of)
{
    if (of->fp != NULL) {
        fclose(of->fp);
        of->fp = NULL;
    }
    if (of->tmp[0] != '\0') {
        unlink(of->tmp);
        of->tmp[0] = '\0';
    }
}

enum og_status
outfile_write(const char *path, const void *data, size_t len, struct og_error *err)
{
    char real[PATH_MAX], tmp[PATH_MAX + 16];
    enum og_status st = outfile_resolve(path, real, sizeof real, err);
    mode_t mask;
    FILE *f;
    int fd;

    if (st != OG_OK) {
        return st;
    }
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", real);
    fd = mkstemp(tmp);
    if (fd < 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    /* mkstemp makes 0600; outputs are ordinary files. */
    mask = umask(022);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    f = fdopen(fd, "wb");
    if (f == NULL) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return st;
    }
    if (fwrite(data, 1, len, f) != len || fflush(f) != 0 || fsync(fileno(f)) != 0) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        fclose(f);
        unlink(tmp);
        return st;
    }
    if (fclose(f) != 0 || rename(tmp, real) != 0) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        return st;
    }
    return OG_OK;
}
