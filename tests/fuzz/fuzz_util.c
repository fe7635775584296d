#include "config.h"
#include "fuzz.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const char *
fuzz_memfile(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];

    if (fd < 0) {
        fd = memfd_create("orogen-fuzz", 0);
        fuzz_assert(fd >= 0);
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    fuzz_assert(ftruncate(fd, 0) == 0);
    fuzz_assert(pwrite(fd, data, size, 0) == (ssize_t)size);
    return path;
}

char *
fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    fuzz_assert(s != NULL);
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

int
fuzz_has_control(const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) {
            return 1;
        }
    }
    return 0;
}
