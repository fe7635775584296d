#include "config.h"
#include "tests.h"

#include <stdio.h>
#include <stdlib.h>

const char *
test_data_path(const char *name)
{
    static char buf[1024];
    const char *dir = getenv("OROGEN_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/%s", dir != NULL ? dir : "tests/data", name);
    return buf;
}

const char *
test_shared_data_path(const char *name)
{
    static char buf[1024];
    const char *dir = getenv("OROGEN_DATA");
    snprintf(buf, sizeof buf, "%s/%s", dir != NULL ? dir : "data", name);
    return buf;
}

uint64_t
test_fnv1a(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
