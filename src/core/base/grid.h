/* grid: helpers for W x H row-major fields (index = y * width + x).
 * The hybrid generator and dem imports live on grids. */
#ifndef OROGEN_CORE_BASE_GRID_H
#define OROGEN_CORE_BASE_GRID_H

#include <stddef.h>

#include "core/base/og_error.h"

/* Allocate count * size zeroed bytes into *out, checking the product for
 * overflow. Errors: OG_ENOMEM naming `what` ("elevation field"). */
enum og_status grid_calloc(void **out, size_t count, size_t size, const char *what,
                           struct og_error *err);

/* grid_calloc without the zeroing, for arrays every element of which is
 * written before it is read: a big calloc served from the heap (glibc
 * raises its mmap threshold after big frees) clears every byte on the
 * calling thread first. Errors: as grid_calloc. */
enum og_status grid_malloc(void **out, size_t count, size_t size, const char *what,
                           struct og_error *err);

/* count = width * height for width, height > 0, checked for overflow against
 * limit cells. Errors: OG_ERANGE "what: WxH exceeds N cells". */
enum og_status grid_cells(size_t *count, long width, long height, size_t limit, const char *what,
                          struct og_error *err);

#endif
