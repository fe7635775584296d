/* The spherical Delaunay triangulation (sphere_delaunay.c): closed,
 * outward, Delaunay on Poisson-disk sets, cospherical and degenerate sets
 * (the octahedron, the cube, edge midpoints, rings on great circles,
 * near-duplicates), points in one cap (the sphere's centre outside their
 * hull), any input order, the error contract, and libqhull_r's convex hull
 * as an oracle when available. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/geom/mesh.h"
#include "core/geom/predicates.h"
#include "core/base/rng.h"
#include "core/geom/sphere_delaunay.h"
#include "tests.h"

/* What check_surface tests besides a closed, consistently oriented
 * surface with Euler's 2 of the sphere (the mesh derives the twins itself
 * and refuses anything else). */
enum {
    CHECK_OUTWARD = 1,   /* the sphere's centre is below every triangle */
    CHECK_DELAUNAY = 2,  /* every edge passes the spherical in-circle test (the far
                            vertex is not above the triangle's plane), and for small
                            sets no point is above any triangle (the convex hull) */
};

static void check_hull(const double *xyz, size_t n, const int32_t *tri, size_t nt);

static void
check_surface(const double *xyz, size_t n, const int32_t *tri, size_t nt, int what)
{
    struct mesh *m;
    struct og_error e;
    const double origin[3] = { 0.0, 0.0, 0.0 };
    size_t t, nedges = 0;
    int32_t s;

    ck_assert_int_eq(nt, 2 * n - 4);
    ck_assert_msg(mesh_build_sphere(&m, xyz, n, tri, nt, &e) == OG_OK, "%s", e.msg);
    for (s = 0; s < (int32_t)(3 * nt); s++) {
        int32_t tw = m->halfedges[s];
        ck_assert_int_ge(tw, 0);
        ck_assert_int_eq(m->halfedges[tw], s);
        ck_assert_int_eq(m->triangles[tw], m->triangles[mesh_edge_next(s)]);
        ck_assert_int_eq(m->triangles[s], m->triangles[mesh_edge_next(tw)]);
        if (s < tw) {
            const double *a = &xyz[3 * m->triangles[s]];
            const double *b = &xyz[3 * m->triangles[mesh_edge_next(s)]];
            const double *c = &xyz[3 * m->triangles[mesh_edge_prev(s)]];
            const double *d = &xyz[3 * m->triangles[mesh_edge_prev(tw)]];
            ck_assert_msg(!(what & CHECK_DELAUNAY) || predicates_orient3d(a, b, c, d) >= 0.0,
                          "edge %d not Delaunay", s);
            nedges++;
        }
    }
    ck_assert_int_eq((long)n - (long)nedges + (long)nt, 2);
    for (t = 0; (what & CHECK_OUTWARD) && t < nt; t++) {
        ck_assert(predicates_orient3d(&xyz[3 * tri[3 * t]], &xyz[3 * tri[3 * t + 1]],
                                      &xyz[3 * tri[3 * t + 2]], origin) > 0.0);
    }
    if ((what & CHECK_DELAUNAY) && n <= 600) {
        check_hull(xyz, n, tri, nt);
    }
    mesh_free(m);
}

void
test_check_sphere_triangulation(const double *xyz, size_t n, const int32_t *tri, size_t nt)
{
    check_surface(xyz, n, tri, nt, CHECK_OUTWARD | CHECK_DELAUNAY);
}

/* The convex hull, globally: no point above the plane of any triangle
 * (O(n nt), for small sets). */
static void
check_hull(const double *xyz, size_t n, const int32_t *tri, size_t nt)
{
    size_t t, i;

    for (t = 0; t < nt; t++) {
        for (i = 0; i < n; i++) {
            ck_assert_msg(predicates_orient3d(&xyz[3 * tri[3 * t]], &xyz[3 * tri[3 * t + 1]],
                                              &xyz[3 * tri[3 * t + 2]], &xyz[3 * i]) >= 0.0,
                          "point %zu above triangle %zu", i, t);
        }
    }
}

/* Triangulate, check_surface, check the twins handed out, free. */
static void
triangulate_and_check(const double *xyz, size_t n, int what)
{
    int32_t *tri, *he;
    size_t nt, e;
    struct og_error err;

    ck_assert_msg(sphere_delaunay(xyz, n, &tri, &he, &nt, NULL, &err) == OG_OK, "%s", err.msg);
    check_surface(xyz, n, tri, nt, what);
    /* the twins handed out are the mesh's */
    for (e = 0; e < 3 * nt; e++) {
        ck_assert_int_eq(tri[he[e]], tri[mesh_edge_next((int32_t)e)]);
        ck_assert_int_eq(he[he[e]], (int32_t)e);
    }
    free(tri);
    free(he);
}

#define ALL (CHECK_OUTWARD | CHECK_DELAUNAY)

static void
normalise(double *q)
{
    double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
    q[0] /= l;
    q[1] /= l;
    q[2] /= l;
}

START_TEST(test_sphere_poisson)
{
    size_t n, nt, flips;
    double *xyz = test_sphere_sample(3000, 5, &n);
    int32_t *tri;

    ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, NULL, &nt, &flips, NULL), OG_OK);
    test_check_sphere_triangulation(xyz, n, tri, nt);
    /* Lawson's insertion flips a few edges a point (about 3 in a
     * coherent order) */
    ck_assert_uint_gt(flips, n);
    ck_assert_uint_lt(flips, 6 * n);
    free(tri);
    free(xyz);
}
END_TEST

/* The same points in another order give the same triangles (no four of a
 * Poisson-disk set are cospherical): reversed, and a fixed shuffle. */
START_TEST(test_sphere_any_order)
{
    size_t n, nt, nt2, i;
    double *xyz = test_sphere_sample(2000, 7, &n), *other = malloc(3 * n * sizeof *other);
    int32_t *tri, *tri2, *perm = malloc(n * sizeof *perm);
    struct rng r;
    int pass;

    ck_assert_ptr_nonnull(other);
    ck_assert_ptr_nonnull(perm);
    ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, NULL, &nt, NULL, NULL), OG_OK);
    test_sort_triangles(tri, nt);
    rng_for_stage(&r, 3, "shuffle");
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < n; i++) {
            perm[i] = (int32_t)(pass == 0 ? n - 1 - i : i);
        }
        for (i = n; pass == 1 && i > 1; i--) {
            size_t j = (size_t)(rng_next_double(&r) * (double)i);
            int32_t x = perm[i - 1];
            perm[i - 1] = perm[j];
            perm[j] = x;
        }
        for (i = 0; i < n; i++) {
            memcpy(&other[3 * i], &xyz[3 * (size_t)perm[i]], 3 * sizeof *other);
        }
        ck_assert_int_eq(sphere_delaunay(other, n, &tri2, NULL, &nt2, NULL, NULL), OG_OK);
        ck_assert_int_eq(nt2, nt);
        for (i = 0; i < 3 * nt2; i++) {
            tri2[i] = perm[tri2[i]];
        }
        test_sort_triangles(tri2, nt2);
        ck_assert(memcmp(tri, tri2, 3 * nt * sizeof *tri) == 0);
        free(tri2);
    }
    free(tri);
    free(perm);
    free(other);
    free(xyz);
}
END_TEST

/* Cospherical sets, where every diagonal of a cocircular face is Delaunay
 * and only exact predicates keep the surface closed: the octahedron; the
 * cube; the cube with its face centres; the octahedron's 12 edge
 * midpoints with its vertices (planet.subdivide's case); two rings of 64
 * points on great circles with the poles. */
START_TEST(test_sphere_cospherical)
{
    const double s = 1.0 / sqrt(3.0);
    double oct[18] = { 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1 };
    double pts[3 * 200];
    size_t n, i, j;

    triangulate_and_check(oct, 6, ALL);
    /* the fewest points: a tetrahedron (4 triangles, no insertion), and
     * one more point */
    memcpy(pts, oct, 3 * sizeof *pts);
    memcpy(&pts[3], &oct[6], 3 * sizeof *pts);
    memcpy(&pts[6], &oct[12], 3 * sizeof *pts);
    pts[9] = -s;
    pts[10] = -s;
    pts[11] = -s;
    triangulate_and_check(pts, 4, ALL);
    pts[12] = 0.0;
    pts[13] = 0.0;
    pts[14] = -1.0;
    triangulate_and_check(pts, 5, ALL);
    for (i = 0; i < 8; i++) {
        pts[3 * i] = (i & 1) ? s : -s;
        pts[3 * i + 1] = (i & 2) ? s : -s;
        pts[3 * i + 2] = (i & 4) ? s : -s;
    }
    triangulate_and_check(pts, 8, ALL);
    memcpy(&pts[24], oct, sizeof oct);
    triangulate_and_check(pts, 14, ALL);
    /* octahedron + edge midpoints */
    memcpy(pts, oct, sizeof oct);
    n = 6;
    for (i = 0; i < 6; i++) {
        for (j = i + 1; j < 6; j++) {
            if (j == (i ^ 1)) {
                continue; /* antipodes: no edge */
            }
            pts[3 * n] = oct[3 * i] + oct[3 * j];
            pts[3 * n + 1] = oct[3 * i + 1] + oct[3 * j + 1];
            pts[3 * n + 2] = oct[3 * i + 2] + oct[3 * j + 2];
            normalise(&pts[3 * n]);
            n++;
        }
    }
    ck_assert_int_eq(n, 18);
    triangulate_and_check(pts, n, ALL);
    /* the equator and the meridian through x, 64 points each (sharing two),
     * and the poles of the equator */
    n = 0;
    for (i = 0; i < 64; i++) {
        double a = 2.0 * M_PI * (double)i / 64.0;
        pts[3 * n] = cos(a);
        pts[3 * n + 1] = sin(a);
        pts[3 * n + 2] = 0.0;
        n++;
        if (i % 32 != 0) {
            pts[3 * n] = cos(a);
            pts[3 * n + 1] = 0.0;
            pts[3 * n + 2] = sin(a);
            n++;
        }
    }
    pts[3 * n] = 0.0;
    pts[3 * n + 1] = 1.0;
    pts[3 * n + 2] = 0.0;
    n++;
    ck_assert_int_eq(n, 127);
    triangulate_and_check(pts, n, ALL);
}
END_TEST

/* Near-duplicates are distinct points and get their own triangles: pairs
 * 1e-7 rad apart (the sphere's bulge between them, 1e-15, is still far
 * above the rounding of the coordinates: Delaunay), pairs 1e-13 rad apart
 * (below it: four such points need not be in convex position, and the
 * surface is only checked to be closed and outward), and a point within
 * 1e-15 of a cube corner but outside the cube. */
START_TEST(test_sphere_near_duplicates)
{
    static const double gaps[2] = { 1e-7, 1e-13 };
    size_t n, i, g;
    double *xyz = test_sphere_sample(300, 11, &n);
    double *more = malloc(3 * (n + 20) * sizeof *more);
    const double s = 1.0 / sqrt(3.0);
    double cube[27];

    ck_assert_ptr_nonnull(more);
    for (g = 0; g < 2; g++) {
        memcpy(more, xyz, 3 * n * sizeof *more);
        for (i = 0; i < 20; i++) {
            const double *q = &xyz[3 * (i * 7)];
            double *p = &more[3 * (n + i)];
            p[0] = q[0] + gaps[g] * q[1];
            p[1] = q[1] - gaps[g] * q[0];
            p[2] = q[2];
            normalise(p);
        }
        triangulate_and_check(more, n + 20, g == 0 ? ALL : CHECK_OUTWARD);
    }
    for (i = 0; i < 8; i++) {
        cube[3 * i] = (i & 1) ? s : -s;
        cube[3 * i + 1] = (i & 2) ? s : -s;
        cube[3 * i + 2] = (i & 4) ? s : -s;
    }
    cube[24] = s + 1e-15;
    cube[25] = s;
    cube[26] = s - 1e-15;
    triangulate_and_check(cube, 9, ALL);
    free(more);
    free(xyz);
}
END_TEST

/* Points in one cap (z > 0.4): the sphere's centre is outside their hull,
 * whose big bottom face is still an empty cap; the surface is the hull. */
START_TEST(test_sphere_cap)
{
    size_t n, i, k = 0;
    double *xyz = test_sphere_sample(2000, 13, &n);

    for (i = 0; i < n; i++) {
        if (xyz[3 * i + 2] > 0.4) {
            memmove(&xyz[3 * k++], &xyz[3 * i], 3 * sizeof *xyz);
        }
    }
    ck_assert_uint_gt(k, 400);
    triangulate_and_check(xyz, k, CHECK_DELAUNAY);
    triangulate_and_check(xyz, 500, CHECK_DELAUNAY);
    free(xyz);
}
END_TEST

START_TEST(test_sphere_contract)
{
    double few[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
    double twice[15] = { 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 0, 1, 0 };
    double first[15] = { 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1 };
    double off[12] = { 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1.5 };
    double ring[3 * 12];
    int32_t *tri = (int32_t *)few, *he = (int32_t *)few;
    size_t nt = 5, flips = 9, i;
    struct og_error e;

    ck_assert_int_eq(sphere_delaunay(few, 3, &tri, &he, &nt, &flips, &e), OG_EINVAL);
    ck_assert(tri == NULL && he == NULL && nt == 0 && flips == 0);
    ck_assert_int_eq(sphere_delaunay(twice, 5, &tri, &he, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "points 1 and 4 coincide"));
    ck_assert(tri == NULL && he == NULL && nt == 0);
    /* a copy of a corner of the first tetrahedron */
    ck_assert_int_eq(sphere_delaunay(first, 5, &tri, NULL, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "points 0 and 2 coincide"));
    ck_assert_int_eq(sphere_delaunay(off, 4, &tri, NULL, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "length"));
    /* all on one circle: no surface */
    for (i = 0; i < 12; i++) {
        ring[3 * i] = cos(0.5 * (double)i);
        ring[3 * i + 1] = sin(0.5 * (double)i);
        ring[3 * i + 2] = 0.0;
    }
    ck_assert_int_eq(sphere_delaunay(ring, 12, &tri, NULL, &nt, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "one circle"));
    ck_assert(tri == NULL && nt == 0);
}
END_TEST

/* What the planet builds on the triangulation: the mesh adopted around
 * it (mesh_adopt_sphere, no checks) is the mesh mesh_build_sphere derives
 * (twins, point edges), and the neighbour lists from the fans
 * (adjacency_from_halfedges) are those from the triangles; a twin
 * outside the mesh, or a fan that does not close, is refused. */
START_TEST(test_sphere_mesh_and_neighbours)
{
    size_t n, nt, i;
    double *xyz = test_sphere_sample(3000, 17, &n), *own = malloc(3 * n * sizeof *own);
    int32_t *tri, *he;
    struct mesh *built, *adopted;
    struct adjacency a, b;
    struct og_error e;

    ck_assert_ptr_nonnull(own);
    ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, &he, &nt, NULL, NULL), OG_OK);
    ck_assert_int_eq(mesh_build_sphere(&built, xyz, n, tri, nt, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_triangles(&a, n, tri, nt, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_halfedges(&b, n, tri, he, nt, NULL), OG_OK);
    ck_assert_int_eq(a.start[n], (int32_t)(3 * nt));
    ck_assert(memcmp(a.start, b.start, (n + 1) * sizeof *a.start) == 0);
    ck_assert(memcmp(a.nbr, b.nbr, (size_t)a.start[n] * sizeof *a.nbr) == 0);
    for (i = 0; i < n; i++) {
        int32_t j;
        for (j = b.start[i] + 1; j < b.start[i + 1]; j++) {
            ck_assert_int_lt(b.nbr[j - 1], b.nbr[j]);
        }
    }
    adjacency_fini(&a);
    adjacency_fini(&b);
    /* a fan that does not close: two twins swapped */
    {
        int32_t x = he[0], y = he[1];
        he[0] = y;
        he[1] = x;
        ck_assert_int_eq(adjacency_from_halfedges(&b, n, tri, he, nt, &e), OG_EINVAL);
        he[0] = x;
        he[1] = y;
        he[7] = (int32_t)(3 * nt);
        ck_assert_int_eq(adjacency_from_halfedges(&b, n, tri, he, nt, &e), OG_EINVAL);
        ck_assert_ptr_nonnull(strstr(e.msg, "twin"));
        he[7] = built->halfedges[7];
    }
    memcpy(own, xyz, 3 * n * sizeof *own);
    ck_assert_int_eq(mesh_adopt_sphere(&adopted, own, n, tri, he, nt, 1, NULL), OG_OK);
    ck_assert(memcmp(adopted->halfedges, built->halfedges, 3 * nt * sizeof *he) == 0);
    ck_assert(memcmp(adopted->point_edge, built->point_edge, n * sizeof *he) == 0);
    ck_assert(memcmp(adopted->centers, built->centers, 3 * nt * sizeof *own) == 0);
    mesh_free(adopted);
    mesh_free(built);
    free(xyz);
}
END_TEST

#ifdef HAVE_QHULL
/* The spherical Delaunay triangulation is the convex hull of the points:
 * compare every triangle with libqhull_r's hull ("Qt": triangulated). */
START_TEST(test_sphere_qhull_oracle)
{
    size_t n, nt, nq = 0;
    double *xyz = test_sphere_sample(4000, 9, &n);
    int32_t *tri, *theirs;

    ck_assert_int_eq(sphere_delaunay(xyz, n, &tri, NULL, &nt, NULL, NULL), OG_OK);
    test_sort_triangles(tri, nt);
    theirs = test_qhull_triangles(3, xyz, n, "Qt", &nq);
    ck_assert_ptr_nonnull(theirs);
    ck_assert_int_eq(nq, nt);
    ck_assert(memcmp(tri, theirs, 3 * nt * sizeof *tri) == 0);
    free(theirs);
    free(tri);
    free(xyz);
}
END_TEST
#endif

Suite *
sphere_delaunay_suite(void)
{
    Suite *s = suite_create("sphere_delaunay");
    TCase *tc = tcase_create("sphere_delaunay");

    tcase_add_test(tc, test_sphere_poisson);
    tcase_add_test(tc, test_sphere_any_order);
    tcase_add_test(tc, test_sphere_cospherical);
    tcase_add_test(tc, test_sphere_near_duplicates);
    tcase_add_test(tc, test_sphere_cap);
    tcase_add_test(tc, test_sphere_contract);
    tcase_add_test(tc, test_sphere_mesh_and_neighbours);
#ifdef HAVE_QHULL
    tcase_add_test(tc, test_sphere_qhull_oracle);
#endif
    /* 0.6 s of CPU in all; a loaded machine stretches the wall clock */
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
    return s;
}
