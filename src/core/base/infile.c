#include "config.h"
#include "core/base/infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum og_status
infile_fopen(const char *path, FILE **fp, off_t *size, struct og_error *err)
{
    struct stat sb;
    int fd, flags, e;

    *fp = NULL;
    if (path == NULL || path[0] == '\0') {
        return og_error_set(err, OG_EIO, "input file name is empty");
    }
    /* O_NONBLOCK: open() of a FIFO without a writer returns at once. */
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        return og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(errno));
    }
    if (fstat(fd, &sb) != 0) {
        e = errno;
        close(fd);
        return og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(e));
    }
    if (!S_ISREG(sb.st_mode)) {
        close(fd);
        return og_error_set(err, OG_EIO, "cannot read %s: not a regular file%s", path,
                            S_ISDIR(sb.st_mode) ? " (a folder)" : "");
    }
    flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        e = errno;
        close(fd);
        return og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(e));
    }
    *fp = fdopen(fd, "rb");
    if (*fp == NULL) {
        e = errno;
        close(fd);
        return og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(e));
    }
    if (size != NULL) {
        *size = sb.st_size;
    }
    return OG_OK;
}

int
infile_is_regular(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

enum og_status
infile_read_all(const char *path, size_t max, char **out, size_t *len, struct og_error *err)
{
    FILE *f;
    off_t size;
    char *s;
    size_t n;
    enum og_status st;

    *out = NULL;
    st = infile_fopen(path, &f, &size, err);
    if (st != OG_OK) {
        return st;
    }
    if (size < 0 || (unsigned long long)size > max) {
        fclose(f);
        return og_error_set(err, OG_EFORMAT, "%s: larger than %zu bytes", path, max);
    }
    /* One byte more than the limit: a file that grew since fstat is caught. */
    s = malloc((size_t)size + 2);
    if (s == NULL) {
        fclose(f);
        return og_error_set(err, OG_ENOMEM, "out of memory reading %s", path);
    }
    n = fread(s, 1, (size_t)size + 1, f);
    if (ferror(f)) {
        st = og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(errno));
        fclose(f);
        free(s);
        return st;
    }
    fclose(f);
    if (n > (size_t)size) {
        free(s);
        return og_error_set(err, OG_EIO, "cannot read %s: it changed while being read", path);
    }
    s[n] = '\0';
    *out = s;
    if (len != NULL) {
        *len = n;
    }
    return OG_OK;
}
