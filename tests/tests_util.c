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

void
test_sort3(int32_t *t)
{
    int32_t x;
    if (t[0] > t[1]) {
        x = t[0], t[0] = t[1], t[1] = x;
    }
    if (t[1] > t[2]) {
        x = t[1], t[1] = t[2], t[2] = x;
    }
    if (t[0] > t[1]) {
        x = t[0], t[0] = t[1], t[1] = x;
    }
}

int
test_cmp_tri(const void *a, const void *b)
{
    const int32_t *x = a, *y = b;
    int k;
    for (k = 0; k < 3; k++) {
        if (x[k] != y[k]) {
            return x[k] < y[k] ? -1 : 1;
        }
    }
    return 0;
}
