/* poisson_disk_cube: the cube map of the Poisson-disk sampler
 * (poisson_disk.c): faces, S2's quadratic cell coordinates and the
 * samples' final order along Hilbert curves over each face. Internal. */
#ifndef OROGEN_CORE_GEOM_POISSON_DISK_CUBE_H
#define OROGEN_CORE_GEOM_POISSON_DISK_CUBE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* (u, v) in [-1, 1] on a face (beyond it for neighbouring-face queries) ->
 * S2 quadratic s in [0, 1] (extended). */
static inline double
uv_to_st(double u)
{
    return u >= 0.0 ? 0.5 * sqrt(1.0 + 3.0 * u) : 1.0 - 0.5 * sqrt(1.0 - 3.0 * u);
}

/* Face of q (axis of its largest |coordinate|, first on ties; 2 * axis +
 * negative) and its two in-face axes. */
static inline int
cube_face(const double *q, int *b, int *c)
{
    double ax = fabs(q[0]), ay = fabs(q[1]), az = fabs(q[2]);
    int a = ax >= ay && ax >= az ? 0 : (ay >= az ? 1 : 2);
    *b = a == 0 ? 1 : (a == 1 ? 2 : 0);
    *c = a == 0 ? 2 : (a == 1 ? 0 : 1);
    return 2 * a + (q[a] < 0.0);
}

/* Cell indices of q projected on face f of an N x N grid (gnomonic, then
 * quadratic), not clamped: a query beyond the face gets indices outside
 * [0, N). */
static inline void
cube_cell_on(int N, const double *q, int f, int *i, int *j)
{
    int a = f >> 1, b = a == 0 ? 1 : (a == 1 ? 2 : 0), c = a == 0 ? 2 : (a == 1 ? 0 : 1);
    double w = 1.0 / ((f & 1) ? -q[a] : q[a]);
    double x = uv_to_st(q[b] * w) * N, y = uv_to_st(q[c] * w) * N;
    int xi = (int)x, yi = (int)y;
    *i = xi - (x < (double)xi); /* floor without a libm call */
    *j = yi - (y < (double)yi);
}

static inline size_t
cube_index(int N, int f, int i, int j)
{
    i = i < 0 ? 0 : (i >= N ? N - 1 : i);
    j = j < 0 ? 0 : (j >= N ? N - 1 : j);
    return ((size_t)f * (size_t)N + (size_t)i) * (size_t)N + (size_t)j;
}

/* The samples renumbered face by face along a Hilbert curve over each
 * face's cells of the order grid (Nc per side), newest first within a
 * cell, so that samples near on the sphere are near in memory for every
 * later stage (the triangulation, the mesh, growth, the biomes). A
 * counting sort: the rank of every cell along the curves, then the
 * samples from the newest into their cell's run. pts: the n samples in
 * insertion order; cell: each one's cell, cube_index(Nc, face, i, j).
 * Returns the new array (malloc'd), or NULL when out of memory. */
double *poisson_disk_hilbert_order(const double *pts, const uint32_t *cell, size_t n, int Nc);

#endif
