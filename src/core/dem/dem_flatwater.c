/* dem_flatwater: exact flats that are water (see dem_flatwater.h). */
#include "config.h"
#include "core/dem/dem_flatwater.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"

static const int DX[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int DY[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };

struct flat_ctx {
    const float *h;
    const uint8_t *voids;
    int w, hgt;
    uint8_t *seen;
    size_t *cells;  /* the current flat's cells (grown as needed) */
    size_t ncells, cap;
};

static int
usable(const struct flat_ctx *c, size_t k)
{
    return c->voids == NULL || c->voids[k] == 0;
}

static int
append(struct flat_ctx *c, size_t k)
{
    if (c->ncells == c->cap) {
        size_t cap = c->cap != 0 ? 2 * c->cap : 1024;
        size_t *p = realloc(c->cells, cap * sizeof *p);
        if (p == NULL) {
            return -1;
        }
        c->cells = p;
        c->cap = cap;
    }
    c->cells[c->ncells++] = k;
    return 0;
}

/* Grow the flat of seed (breadth first, in c->cells); count its rim:
 * neighbour cells outside it with data, and the lower ones among them.
 * Returns -1 when out of memory. */
static int
grow(struct flat_ctx *c, size_t seed, size_t *rim, size_t *lower, int *border)
{
    float z = c->h[seed];
    size_t head = 0;
    int d;

    c->ncells = 0;
    *rim = *lower = 0;
    *border = 0;
    c->seen[seed] = 1;
    if (append(c, seed) != 0) {
        return -1;
    }
    while (head < c->ncells) {
        size_t k = c->cells[head++];
        int x = (int)(k % (size_t)c->w), y = (int)(k / (size_t)c->w);
        for (d = 0; d < 8; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            size_t j;
            if (nx < 0 || ny < 0 || nx >= c->w || ny >= c->hgt) {
                *border = 1;
                continue;
            }
            j = (size_t)ny * (size_t)c->w + (size_t)nx;
            if (!usable(c, j)) {
                continue;
            }
            if (c->h[j] == z) {
                if (!c->seen[j]) {
                    c->seen[j] = 1;
                    if (append(c, j) != 0) {
                        return -1;
                    }
                }
                continue;
            }
            (*rim)++;
            *lower += c->h[j] < z;
        }
    }
    return 0;
}

enum og_status
dem_flatwater_find(const float *h, const uint8_t *voids, int width, int height, float sea_level,
                   size_t min_cells, uint8_t *out, struct dem_flatwater_stats *stats,
                   struct og_error *err)
{
    struct flat_ctx c;
    size_t i, k, n = (size_t)width * (size_t)height;
    enum og_status st;

    memset(stats, 0, sizeof *stats);
    memset(out, 0, n);
    if (min_cells == 0) {
        return OG_OK;
    }
    memset(&c, 0, sizeof c);
    c.h = h;
    c.voids = voids;
    c.w = width;
    c.hgt = height;
    st = grid_calloc((void **)&c.seen, n, 1, "flat water", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n && st == OG_OK; i++) {
        size_t rim, lower;
        int border;
        if (c.seen[i] || !usable(&c, i) || !(h[i] > sea_level)) {
            continue;
        }
        if (grow(&c, i, &rim, &lower, &border) != 0) {
            st = og_error_set(err, OG_ENOMEM, "out of memory for a flat of %zu cells", c.ncells);
            break;
        }
        if (c.ncells < min_cells) {
            continue;
        }
        if (lower > 0 ? 5 * lower > rim : !border) {
            continue;
        }
        for (k = 0; k < c.ncells; k++) {
            out[c.cells[k]] = 1;
        }
        stats->bodies++;
        stats->cells += c.ncells;
    }
    free(c.cells);
    free(c.seen);
    return st;
}
