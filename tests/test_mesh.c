/* Tests of mesh.c: the dual mesh of a planar Delaunay triangulation
 * (cells, neighbours, nearest point, hull fans) and the closed mesh of a
 * sphere (twins, orientation, the fan of every vertex), checked exactly
 * against the triangulation they are built from (test_delaunay.c). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/mesh.h"
#include "core/geom/predicates.h"
#include "core/base/rng.h"
#include "tests.h"

/* Sum of neighbour counts, neighbour symmetry, fan order and circumcentres
 * on a random planar mesh; nearest-point walk against brute force. */
START_TEST(test_mesh_planar)
{
    enum { N = 1500 };
    double xy[2 * N];
    struct mesh *m;
    struct rng r;
    struct og_error err;
    int32_t nb[64], tr[64];
    size_t i, e, ne, nhull_edges = 0, total = 0;

    rng_seed(&r, 11, 4);
    for (i = 0; i < 2 * N; i++) {
        xy[i] = rng_next_double(&r);
    }
    xy[2] = xy[0]; /* one exact duplicate: point 1 == point 0 */
    xy[3] = xy[1];
    ck_assert_int_eq(mesh_build_planar(&m, xy, N, &err), OG_OK);
    ck_assert_int_eq(m->dim, 2);
    ck_assert_int_eq(m->nduplicates, 1);
    ck_assert_int_eq(m->point_edge[1], -1);
    ck_assert_int_eq(mesh_cell_neighbors(m, 1, nb, 64), 0);
    ne = 3 * m->ntriangles;
    for (e = 0; e < ne; e++) {
        nhull_edges += m->halfedges[e] < 0;
    }
    ck_assert_int_eq(nhull_edges, m->nhull);
    for (i = 0; i < N; i++) {
        int k = mesh_cell_neighbors(m, (int32_t)i, nb, 64);
        int kt = mesh_cell_triangles(m, (int32_t)i, tr, 64);
        int j, hull = m->point_edge[i] >= 0 && m->halfedges[m->point_edge[i]] < 0;
        if (k > 64 || kt != (hull ? k - 1 : k)) {
            ck_abort_msg("point %zu: %d neighbours, %d triangles", i, k, kt);
        }
        total += (size_t)k;
        for (j = 0; j < kt; j++) {
            /* Triangle j has the point and neighbours j and j+1, and they
             * turn counter-clockwise in the y-up sense. */
            const int32_t *t = m->triangles + 3 * tr[j];
            int32_t a = nb[j], b = nb[(j + 1) % k];
            if (!(t[0] == (int32_t)i || t[1] == (int32_t)i || t[2] == (int32_t)i) ||
                !(t[0] == a || t[1] == a || t[2] == a) || !(t[0] == b || t[1] == b || t[2] == b) ||
                !(predicates_orient2d(xy + 2 * i, xy + 2 * a, xy + 2 * b) > 0.0)) {
                ck_abort_msg("point %zu: fan step %d wrong", i, j);
            }
        }
    }
    /* Each undirected edge counted from both ends. */
    ck_assert_int_eq(total, 2 * ((ne + nhull_edges) / 2));
    for (i = 0; i < m->ntriangles; i++) {
        const double *c = m->centers + 2 * i;
        double d[3];
        int k;
        int32_t tn[3];
        for (k = 0; k < 3; k++) {
            const double *p = m->points + 2 * m->triangles[3 * i + k];
            d[k] = hypot(p[0] - c[0], p[1] - c[1]);
        }
        if (!(fabs(d[0] - d[1]) <= 1e-9 * d[0] && fabs(d[0] - d[2]) <= 1e-9 * d[0])) {
            ck_abort_msg("centre of triangle %zu not equidistant", i);
        }
        mesh_triangle_neighbors(m, (int32_t)i, tn);
        for (k = 0; k < 3; k++) {
            int32_t h = m->halfedges[3 * i + k];
            if (tn[k] != (h < 0 ? -1 : h / 3)) {
                ck_abort_msg("triangle %zu neighbour %d wrong", i, k);
            }
        }
    }
    for (i = 0; i < 500; i++) {
        double q[2] = {rng_next_double(&r) * 1.2 - 0.1, rng_next_double(&r) * 1.2 - 0.1};
        int32_t got = mesh_nearest_point(m, q, (int32_t)(i % N));
        double dg = hypot(xy[2 * got] - q[0], xy[2 * got + 1] - q[1]), db = INFINITY;
        size_t j;
        for (j = 0; j < N; j++) {
            double dd = hypot(xy[2 * j] - q[0], xy[2 * j + 1] - q[1]);
            db = dd < db ? dd : db;
        }
        if (dg != db) {
            ck_abort_msg("nearest to (%g, %g): walk %g, brute force %g", q[0], q[1], dg, db);
        }
    }
    mesh_free(m);
    mesh_free(NULL);
}
END_TEST

START_TEST(test_mesh_degenerate)
{
    static const double line[] = {0, 0, 2, 0, 1, 0};
    struct mesh *m;
    int32_t nb[4];
    double q[2] = {1.8, 5.0};

    ck_assert_int_eq(mesh_build_planar(&m, line, 3, NULL), OG_OK);
    ck_assert_int_eq(m->ntriangles, 0);
    ck_assert_int_eq(m->nhull, 3);
    ck_assert_int_eq(mesh_cell_neighbors(m, 0, nb, 4), 0);
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), 1);
    mesh_free(m);
    ck_assert_int_eq(mesh_build_planar(&m, NULL, 0, NULL), OG_OK);
    ck_assert_int_eq(m->npoints, 0);
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), -1);
    mesh_free(m);
}
END_TEST

/* Octahedron: 6 unit vectors, 8 outward counter-clockwise faces. */
static void
octahedron(double xyz[18], int32_t tri[24])
{
    int k, t = 0, sx, sy, sz;

    memset(xyz, 0, 18 * sizeof *xyz);
    for (k = 0; k < 3; k++) {
        xyz[3 * (2 * k) + k] = 1.0;
        xyz[3 * (2 * k + 1) + k] = -1.0;
    }
    for (sx = 0; sx < 2; sx++) {
        for (sy = 0; sy < 2; sy++) {
            for (sz = 0; sz < 2; sz++) {
                int32_t x = sx, y = 2 + sy, z = 4 + sz;
                if ((sx + sy + sz) % 2 == 0) {
                    tri[t++] = x, tri[t++] = y, tri[t++] = z;
                } else {
                    tri[t++] = x, tri[t++] = z, tri[t++] = y;
                }
            }
        }
    }
}

START_TEST(test_mesh_sphere)
{
    double xyz[18];
    int32_t tri[24], nb[8], tt[8];
    struct mesh *m;
    struct og_error err;
    size_t i, e;
    double q[3] = {0.1, -0.2, -0.9};

    octahedron(xyz, tri);
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_OK);
    ck_assert_int_eq(m->dim, 3);
    for (e = 0; e < 24; e++) {
        ck_assert(m->halfedges[e] >= 0);
        ck_assert_int_eq(m->halfedges[m->halfedges[e]], (int32_t)e);
    }
    for (i = 0; i < 6; i++) {
        ck_assert_int_eq(mesh_cell_neighbors(m, (int32_t)i, nb, 8), 4);
        ck_assert_int_eq(mesh_cell_triangles(m, (int32_t)i, tt, 8), 4);
    }
    for (i = 0; i < 8; i++) {
        /* Circumcentre of face (+-x, +-y, +-z) is its normalised centroid,
         * outward: (+-1, +-1, +-1) / sqrt(3). */
        const double *c = m->centers + 3 * i;
        int k;
        for (k = 0; k < 3; k++) {
            const double *v = xyz + 3 * tri[3 * i + k];
            ck_assert(fabs(c[0] * v[0] + c[1] * v[1] + c[2] * v[2] - 1 / sqrt(3.0)) < 1e-12);
        }
    }
    ck_assert_int_eq(mesh_nearest_point(m, q, 0), 5);
    mesh_free(m);

    /* One face reversed: edges used twice in the same direction. */
    tri[1] ^= tri[2], tri[2] ^= tri[1], tri[1] ^= tri[2];
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_EINVAL);
    ck_assert_ptr_null(m);
    ck_assert(strstr(err.msg, "used twice") != NULL);
    /* A missing face: not closed. */
    octahedron(xyz, tri);
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 7, &err), OG_EINVAL);
    ck_assert(strstr(err.msg, "no twin") != NULL);
    tri[0] = 9;
    ck_assert_int_eq(mesh_build_sphere(&m, xyz, 6, tri, 8, &err), OG_EINVAL);
}
END_TEST

static int
cmp_xyz_id(const void *a, const void *b)
{
    const double *p = a, *q = b;
    int k;

    for (k = 0; k < 3; k++) {
        if (p[k] != q[k]) {
            return p[k] < q[k] ? -1 : 1;
        }
    }
    return 0;
}

/* Octahedron split 4 levels deep (midpoints pushed to the sphere): 2048
 * faces, 1026 vertices. Twins symmetric, 6 neighbours per vertex except
 * the 6 original ones (4), Euler V - E + F = 2, circumcentres on the unit
 * sphere at equal distance from their corners. */
START_TEST(test_mesh_sphere_subdivided)
{
    enum { LEVELS = 4, NF = 8 << (2 * LEVELS) };
    double xyz[18], *corner = malloc((size_t)NF * 9 * sizeof *corner);
    double *next = malloc((size_t)NF * 9 * sizeof *next), *key, *pts;
    int32_t tri[24], *faces, nb[16];
    size_t nf = 8, i, k, lev, nv = 0;
    struct mesh *m;
    struct og_error err;

    octahedron(xyz, tri);
    for (i = 0; i < 24; i++) {
        memcpy(corner + 3 * i, xyz + 3 * tri[i], 3 * sizeof *corner);
    }
    for (lev = 0; lev < LEVELS; lev++) {
        for (i = 0; i < nf; i++) {
            const double *a = corner + 9 * i, *b = a + 3, *c = a + 6;
            double ab[3], bc[3], ca[3];
            const double *out[4][3] = {{a, ab, ca}, {ab, b, bc}, {ca, bc, c}, {ab, bc, ca}};
            int f, v;
            for (k = 0; k < 3; k++) {
                ab[k] = a[k] + b[k];
                bc[k] = b[k] + c[k];
                ca[k] = c[k] + a[k];
            }
            for (v = 0; v < 3; v++) {
                double *q = v == 0 ? ab : (v == 1 ? bc : ca);
                double len = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
                q[0] /= len, q[1] /= len, q[2] /= len;
            }
            for (f = 0; f < 4; f++) {
                for (v = 0; v < 3; v++) {
                    memcpy(next + 9 * (4 * i + (size_t)f) + 3 * v, out[f][v], 3 * sizeof *next);
                }
            }
        }
        nf *= 4;
        memcpy(corner, next, nf * 9 * sizeof *corner);
    }
    /* Merge equal corners (midpoints are computed bit-identically from
     * both sides): sort (x, y, z, corner index) and number the runs. */
    key = malloc(3 * nf * 4 * sizeof *key);
    pts = malloc(3 * nf * 3 * sizeof *pts);
    faces = malloc(3 * nf * sizeof *faces);
    for (i = 0; i < 3 * nf; i++) {
        memcpy(key + 4 * i, corner + 3 * i, 3 * sizeof *key);
        key[4 * i + 3] = (double)i;
    }
    qsort(key, 3 * nf, 4 * sizeof *key, cmp_xyz_id);
    for (i = 0; i < 3 * nf; i++) {
        if (i == 0 || cmp_xyz_id(key + 4 * i, key + 4 * (i - 1)) != 0) {
            memcpy(pts + 3 * nv, key + 4 * i, 3 * sizeof *pts);
            nv++;
        }
        faces[(size_t)key[4 * i + 3]] = (int32_t)(nv - 1);
    }
    ck_assert_int_eq(nf, NF);
    ck_assert_int_eq(nv, 2 + NF / 2);
    ck_assert_int_eq(mesh_build_sphere(&m, pts, nv, faces, nf, &err), OG_OK);
    {
        size_t deg4 = 0, deg6 = 0, edges = 0;
        for (i = 0; i < 3 * nf; i++) {
            int32_t h = m->halfedges[i];
            if (h < 0 || m->halfedges[h] != (int32_t)i ||
                m->triangles[h] != m->triangles[mesh_edge_next((int32_t)i)]) {
                ck_abort_msg("half-edge %zu: bad twin %d", i, (int)h);
            }
        }
        for (i = 0; i < nv; i++) {
            int d = mesh_cell_neighbors(m, (int32_t)i, nb, 16);
            deg4 += d == 4;
            deg6 += d == 6;
            edges += (size_t)d;
        }
        ck_assert_int_eq(deg4, 6);
        ck_assert_int_eq(deg6, nv - 6);
        edges /= 2;
        ck_assert_int_eq((long)nv - (long)edges + (long)nf, 2);
        for (i = 0; i < nf; i++) {
            const double *c = m->centers + 3 * i;
            double d0 = 0.0, r = sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
            for (k = 0; k < 3; k++) {
                const double *v = pts + 3 * (size_t)faces[3 * i + k];
                double dd = (c[0] - v[0]) * (c[0] - v[0]) + (c[1] - v[1]) * (c[1] - v[1]) +
                            (c[2] - v[2]) * (c[2] - v[2]);
                if (k == 0) {
                    d0 = dd;
                } else if (fabs(dd - d0) > 1e-12) {
                    ck_abort_msg("centre of face %zu not equidistant", i);
                }
            }
            if (fabs(r - 1.0) > 1e-12) {
                ck_abort_msg("centre of face %zu off the sphere", i);
            }
        }
    }
    mesh_free(m);
    free(corner);
    free(next);
    free(key);
    free(pts);
    free(faces);
}
END_TEST

void
mesh_tests(Suite *s)
{
    TCase *tmesh = tcase_create("mesh");

    tcase_add_test(tmesh, test_mesh_planar);
    tcase_add_test(tmesh, test_mesh_degenerate);
    tcase_add_test(tmesh, test_mesh_sphere);
    tcase_add_test(tmesh, test_mesh_sphere_subdivided);
    tcase_set_timeout(tmesh, 20);
    suite_add_tcase(s, tmesh);
}
