#include "config.h"
#include "core/base/grid.h"

#include <stdint.h>
#include <stdlib.h>

/* Allocate count x size bytes (at least one), zeroed or not; one line
 * naming what on overflow or when out of memory. */
static enum og_status
grid_alloc(void **out, size_t count, size_t size, int zero, const char *what,
           struct og_error *err)
{
    size_t n = count == 0 ? 1 : count, sz = size == 0 ? 1 : size;

    *out = NULL;
    if (size != 0 && count > SIZE_MAX / size) {
        return og_error_set(err, OG_ENOMEM, "%s: %zu x %zu bytes overflows", what, count, size);
    }
    *out = zero ? calloc(n, sz) : malloc(n * sz);
    if (*out == NULL) {
        return og_error_set(err, OG_ENOMEM, "%s: out of memory for %zu bytes", what,
                            count * size);
    }
    return OG_OK;
}

enum og_status
grid_calloc(void **out, size_t count, size_t size, const char *what, struct og_error *err)
{
    return grid_alloc(out, count, size, 1, what, err);
}

enum og_status
grid_malloc(void **out, size_t count, size_t size, const char *what, struct og_error *err)
{
    return grid_alloc(out, count, size, 0, what, err);
}

enum og_status
grid_cells(size_t *count, long width, long height, size_t limit, const char *what,
           struct og_error *err)
{
    if (width <= 0 || height <= 0) {
        return og_error_set(err, OG_ERANGE, "%s: size %ldx%ld must be positive", what, width,
                            height);
    }
    if ((unsigned long)width > limit / (unsigned long)height) {
        return og_error_set(err, OG_ERANGE, "%s: %ldx%ld exceeds %zu cells", what, width, height,
                            limit);
    }
    *count = (size_t)width * (size_t)height;
    return OG_OK;
}
