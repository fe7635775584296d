#include "config.h"
#include "core/geom/poisson_disk_cube.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Cell (x, y) of the d-th step of a Hilbert curve over an m x m grid (m a
 * power of two): the classic iterative conversion (Hacker's Delight 16). */
static void
hilbert_cell(uint32_t m, uint32_t d, uint32_t *x, uint32_t *y)
{
    uint32_t s, rx, ry, t = d;
    *x = 0;
    *y = 0;
    for (s = 1; s < m; s *= 2) {
        rx = 1u & (t / 2);
        ry = 1u & (t ^ rx);
        if (ry == 0) {
            if (rx == 1) {
                *x = s - 1 - *x;
                *y = s - 1 - *y;
            }
            {
                uint32_t tmp = *x;
                *x = *y;
                *y = tmp;
            }
        }
        *x += s * rx;
        *y += s * ry;
        t /= 4;
    }
}

double *
poisson_disk_hilbert_order(const double *pts, const uint32_t *cell, size_t n, int Nc)
{
    size_t ncell = (size_t)6 * (size_t)Nc * (size_t)Nc, k = 0, i;
    double *out = malloc((n > 0 ? n : 1) * 3 * sizeof *out);
    uint32_t *rank = malloc(ncell * sizeof *rank), *cellof = malloc((n + 1) * sizeof *cellof);
    size_t *start = calloc(ncell + 1, sizeof *start);
    uint32_t m = 1, d, x, y;
    int f;

    if (out == NULL || rank == NULL || cellof == NULL || start == NULL) {
        free(out);
        free(rank);
        free(cellof);
        free(start);
        return NULL;
    }
    while (m < (uint32_t)Nc) {
        m *= 2;
    }
    for (f = 0; f < 6; f++) {
        for (d = 0; d < m * m; d++) {
            hilbert_cell(m, d, &x, &y);
            if (x < (uint32_t)Nc && y < (uint32_t)Nc) {
                rank[cube_index(Nc, f, (int)x, (int)y)] = (uint32_t)k++;
            }
        }
    }
    for (i = 0; i < n; i++) {
        cellof[i] = rank[cell[i]];
        start[cellof[i] + 1]++;
    }
    for (k = 0; k < ncell; k++) {
        start[k + 1] += start[k];
    }
    for (i = n; i-- > 0;) {
        memcpy(&out[3 * start[cellof[i]]++], &pts[3 * i], 3 * sizeof *out);
    }
    free(rank);
    free(cellof);
    free(start);
    return out;
}

