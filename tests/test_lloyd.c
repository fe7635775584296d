/* Tests of lloyd.c: clipped Voronoi cell areas and Lloyd relaxation. */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/lloyd.h"
#include "core/geom/mesh.h"
#include "core/geom/predicates.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "tests.h"

static void
random_sites(double *xy, size_t n, uint64_t seed, double x0, double y0, double x1, double y1)
{
    struct rng r;
    size_t i;

    rng_seed(&r, seed, 9);
    for (i = 0; i < n; i++) {
        xy[2 * i] = x0 + (x1 - x0) * rng_next_double(&r);
        xy[2 * i + 1] = y0 + (y1 - y0) * rng_next_double(&r);
    }
}

/* Coefficient of variation of the clipped cell areas; checks they tile the
 * box (sum = box area). */
static double
area_cv(const double *xy, size_t n, double x0, double y0, double x1, double y1)
{
    double *a = malloc(n * sizeof *a);
    double s = 0.0, s2 = 0.0, mean;
    size_t i;

    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(lloyd_cell_areas(xy, n, x0, y0, x1, y1, a, NULL), OG_OK);
    for (i = 0; i < n; i++) {
        if (!(a[i] > 0.0)) {
            ck_abort_msg("cell %zu has area %g", i, a[i]);
        }
        s += a[i];
        s2 += a[i] * a[i];
    }
    ck_assert_msg(fabs(s - (x1 - x0) * (y1 - y0)) <= 1e-9 * (x1 - x0) * (y1 - y0),
                  "areas sum to %.17g", s);
    mean = s / (double)n;
    free(a);
    return sqrt(s2 / (double)n - mean * mean) / mean;
}

START_TEST(test_cv_decreases)
{
    enum { N = 2000 };
    double *xy = malloc(2 * N * sizeof *xy);
    double cv0, cv1, cv2;
    size_t i;

    random_sites(xy, N, 1, 0.0, 0.0, 1.0, 1.0);
    cv0 = area_cv(xy, N, 0.0, 0.0, 1.0, 1.0);
    /* Uniform random sites: cell areas roughly gamma-distributed, CV about
     * 0.53 (Ferenc and Neda 2007); a centroidal tessellation approaches a
     * regular hexagonal one. */
    ck_assert(cv0 > 0.45 && cv0 < 0.6);
    ck_assert_int_eq(lloyd_relax(xy, N, 5, 0.0, 0.0, 1.0, 1.0, NULL, NULL), OG_OK);
    cv1 = area_cv(xy, N, 0.0, 0.0, 1.0, 1.0);
    ck_assert_int_eq(lloyd_relax(xy, N, 25, 0.0, 0.0, 1.0, 1.0, NULL, NULL), OG_OK);
    cv2 = area_cv(xy, N, 0.0, 0.0, 1.0, 1.0);
    ck_assert_msg(cv1 < 0.6 * cv0 && cv2 < 0.6 * cv1, "cv %g -> %g -> %g", cv0, cv1, cv2);
    for (i = 0; i < N; i++) {
        if (!(xy[2 * i] >= 0.0 && xy[2 * i] <= 1.0 && xy[2 * i + 1] >= 0.0 &&
              xy[2 * i + 1] <= 1.0)) {
            ck_abort_msg("site %zu left the box", i);
        }
    }
    free(xy);
}
END_TEST

START_TEST(test_other_box_and_determinism)
{
    enum { N = 500 };
    double a[2 * N], b[2 * N];

    random_sites(a, N, 5, -2.0, 1.0, 3.0, 1.5);
    memcpy(b, a, sizeof a);
    (void)area_cv(a, N, -2.0, 1.0, 3.0, 1.5);
    ck_assert_int_eq(lloyd_relax(a, N, 3, -2.0, 1.0, 3.0, 1.5, NULL, NULL), OG_OK);
    ck_assert_int_eq(lloyd_relax(b, N, 3, -2.0, 1.0, 3.0, 1.5, NULL, NULL), OG_OK);
    ck_assert(memcmp(a, b, sizeof a) == 0);
    (void)area_cv(a, N, -2.0, 1.0, 3.0, 1.5);
}
END_TEST

START_TEST(test_exact_cells)
{
    /* Quadrant centres: four equal squares, a fixed point of Lloyd. */
    double q[8] = {0.25, 0.25, 0.75, 0.25, 0.75, 0.75, 0.25, 0.75};
    double q0[8];
    double areas[4];
    double two[4] = {0.2, 0.5, 0.7, 0.5};
    double one[2] = {0.3, 0.9};
    double dup[8] = {0.1, 0.1, 0.5, 0.5, 0.1, 0.1, 0.9, 0.9};
    int i;

    memcpy(q0, q, sizeof q);
    ck_assert_int_eq(lloyd_cell_areas(q, 4, 0, 0, 1, 1, areas, NULL), OG_OK);
    for (i = 0; i < 4; i++) {
        ck_assert_double_eq_tol(areas[i], 0.25, 1e-15);
    }
    ck_assert_int_eq(lloyd_relax(q, 4, 3, 0, 0, 1, 1, NULL, NULL), OG_OK);
    for (i = 0; i < 8; i++) {
        ck_assert_double_eq_tol(q[i], q0[i], 1e-15);
    }
    /* Two sites: the bisector x = 0.45 splits the box; relaxation moves
     * them to the centroids 0.225 and 0.725. */
    ck_assert_int_eq(lloyd_cell_areas(two, 2, 0, 0, 1, 1, areas, NULL), OG_OK);
    ck_assert_double_eq_tol(areas[0], 0.45, 1e-15);
    ck_assert_double_eq_tol(areas[1], 0.55, 1e-15);
    ck_assert_int_eq(lloyd_relax(two, 2, 1, 0, 0, 1, 1, NULL, NULL), OG_OK);
    ck_assert_double_eq_tol(two[0], 0.225, 1e-15);
    ck_assert_double_eq_tol(two[2], 0.725, 1e-15);
    ck_assert_double_eq_tol(two[1], 0.5, 1e-15);
    /* One site owns the box and moves to its centre. */
    ck_assert_int_eq(lloyd_cell_areas(one, 1, 0, 0, 2, 1, areas, NULL), OG_OK);
    ck_assert_double_eq_tol(areas[0], 2.0, 1e-15);
    ck_assert_int_eq(lloyd_relax(one, 1, 1, 0, 0, 2, 1, NULL, NULL), OG_OK);
    ck_assert_double_eq_tol(one[0], 1.0, 1e-15);
    ck_assert_double_eq_tol(one[1], 0.5, 1e-15);
    /* Collinear sites with a duplicate: strips between the bisectors; the
     * duplicate gets no area. */
    ck_assert_int_eq(lloyd_cell_areas(dup, 4, 0, 0, 1, 1, areas, NULL), OG_OK);
    ck_assert_double_eq_tol(areas[0] + areas[1] + areas[2] + areas[3], 1.0, 1e-14);
    ck_assert(areas[0] == 0.0 || areas[2] == 0.0);
    ck_assert_double_eq_tol(areas[0] + areas[2], 0.5 * 0.6 * 0.6, 1e-14);
}
END_TEST

START_TEST(test_high_degree_and_collinear)
{
    enum { K = 100, M = 1000 };
    double xy[2 * (K + 1)], areas[M], line[2 * M];
    const double pi = 3.14159265358979323846;
    double sum = 0.0;
    int i;

    /* A site with 100 neighbours on a circle of radius 0.3: its cell is the
     * regular 100-gon with apothem 0.15, area K a^2 tan(pi / K). */
    xy[0] = 0.5;
    xy[1] = 0.5;
    for (i = 0; i < K; i++) {
        xy[2 * i + 2] = 0.5 + 0.3 * cos(2 * pi * i / K);
        xy[2 * i + 3] = 0.5 + 0.3 * sin(2 * pi * i / K);
    }
    ck_assert_int_eq(lloyd_cell_areas(xy, K + 1, 0, 0, 1, 1, areas, NULL), OG_OK);
    ck_assert_double_eq_tol(areas[0], K * 0.15 * 0.15 * tan(pi / K), 1e-12);
    for (i = 0; i <= K; i++) {
        sum += areas[i];
    }
    ck_assert_double_eq_tol(sum, 1.0, 1e-12);
    /* 1000 sites on y = 0.5 at x = (i + 0.5) / M, in reverse order: vertical
     * strips of width 1 / M (the end ones reach the box sides). */
    for (i = 0; i < M; i++) {
        line[2 * i] = (M - i - 0.5) / M;
        line[2 * i + 1] = 0.5;
    }
    ck_assert_int_eq(lloyd_cell_areas(line, M, 0, 0, 1, 1, areas, NULL), OG_OK);
    for (i = 0; i < M; i++) {
        if (fabs(areas[i] - 1.0 / M) > 1e-12) {
            ck_abort_msg("strip %d has area %g", i, areas[i]);
        }
    }
}
END_TEST

static int progress_calls;

static void
count_progress(void *arg, int stage, int nstages, const char *name, double fraction)
{
    (void)arg;
    (void)stage;
    (void)nstages;
    (void)name;
    ck_assert(fraction >= 0.0 && fraction <= 1.0);
    progress_calls++;
}

START_TEST(test_contract)
{
    double xy[20];
    struct og_error err;
    struct run_ctx ctx;
    atomic_int cancel;

    random_sites(xy, 10, 3, 0, 0, 1, 1);
    memset(&ctx, 0, sizeof ctx);
    atomic_init(&cancel, 0);
    ctx.cancel = &cancel;
    ctx.progress = count_progress;
    ctx.threads = 1;
    progress_calls = 0;
    ck_assert_int_eq(lloyd_relax(xy, 10, 4, 0, 0, 1, 1, &ctx, &err), OG_OK);
    ck_assert(progress_calls >= 4);
    atomic_store(&cancel, 1);
    ck_assert_int_eq(lloyd_relax(xy, 10, 4, 0, 0, 1, 1, &ctx, &err), OG_ECANCELED);

    ck_assert_int_eq(lloyd_relax(xy, 10, -1, 0, 0, 1, 1, NULL, &err), OG_ERANGE);
    ck_assert(strstr(err.msg, "iterations") != NULL);
    ck_assert_int_eq(lloyd_relax(xy, 10, 1, 0, 0, 0, 1, NULL, &err), OG_EINVAL);
    xy[6] = 1.5;
    ck_assert_int_eq(lloyd_relax(xy, 10, 1, 0, 0, 1, 1, NULL, &err), OG_ERANGE);
    ck_assert(strstr(err.msg, "site 3") != NULL);
    ck_assert_int_eq(lloyd_relax(xy, 0, 1, 0, 0, 1, 1, NULL, &err), OG_OK);
}
END_TEST

static const double *sort_pts;

static int
cmp_point_id(const void *pa, const void *pb)
{
    const double *p = sort_pts + 2 * *(const int32_t *)pa, *q = sort_pts + 2 * *(const int32_t *)pb;

    if (p[0] != q[0]) {
        return p[0] < q[0] ? -1 : 1;
    }
    return p[1] < q[1] ? -1 : (p[1] > q[1]);
}

/* Ids of n points sorted by (x, y). */
static int32_t *
sorted_ids(const double *pts, size_t n)
{
    int32_t *id = malloc(n * sizeof *id);
    size_t i;

    ck_assert_ptr_nonnull(id);
    for (i = 0; i < n; i++) {
        id[i] = (int32_t)i;
    }
    sort_pts = pts;
    qsort(id, n, sizeof *id, cmp_point_id);
    return id;
}

/* map[k] = the index in xy of mesh point k; the two lists must hold the
 * same n distinct points, exactly. */
static int32_t *
point_map(const double *mp, const double *xy, size_t n)
{
    int32_t *a = sorted_ids(mp, n), *b = sorted_ids(xy, n), *map = malloc(n * sizeof *map);
    size_t i;

    ck_assert_ptr_nonnull(map);
    for (i = 0; i < n; i++) {
        if (mp[2 * a[i]] != xy[2 * b[i]] || mp[2 * a[i] + 1] != xy[2 * b[i] + 1]) {
            ck_abort_msg("mesh point %d is no site", (int)a[i]);
        }
        map[a[i]] = b[i];
    }
    free(a);
    free(b);
    return map;
}

/* lloyd_mesh against mesh_build_planar on the same relaxed sites: a valid
 * Delaunay mesh (twins, orientation, empty circles in exact arithmetic,
 * hull, centres, point edges) with the same triangles, numbered its own
 * way (so it came from Lloyd's triangulation, not from scratch), its
 * points the same sites in another order. */
static void
check_lloyd_mesh(size_t n, int iterations, double x0, double y0, double x1, double y1,
                 uint64_t seed, int threads, int expect_own)
{
    double *xy = malloc(2 * n * sizeof *xy);
    struct lloyd_kept *keep = NULL;
    struct mesh *m, *ref;
    struct run_ctx ctx;
    struct og_error err;
    size_t e, ne, t, i, nfree = 0;
    int32_t *a, *b, *map;
    const double *P;

    ck_assert_ptr_nonnull(xy);
    random_sites(xy, n, seed, x0, y0, x1, y1);
    memset(&ctx, 0, sizeof ctx);
    ctx.threads = threads;
    ck_assert_int_eq(lloyd_relax_keep(xy, n, iterations, x0, y0, x1, y1, &ctx, &keep, &err),
                     OG_OK);
    ck_assert_int_eq(keep != NULL, iterations > 0);
    ck_assert_int_eq(lloyd_mesh(keep, xy, n, &ctx, &m, &err), OG_OK);
    ck_assert_int_eq(mesh_build_planar(&ref, xy, n, &err), OG_OK);
    ck_assert_int_eq(m->npoints, n);
    ck_assert_int_eq(m->ntriangles, ref->ntriangles);
    ck_assert_int_eq(m->nhull, ref->nhull);
    ck_assert_int_eq(m->nduplicates, 0);
    /* the same sites, in another order: map mesh points to site ids */
    map = point_map(m->points, xy, n);
    P = m->points;
    ne = 3 * m->ntriangles;
    for (e = 0; e < ne; e++) {
        int32_t f = m->halfedges[e];
        if (m->triangles[e] < 0 || (size_t)m->triangles[e] >= n) {
            ck_abort_msg("half-edge %zu starts at %d", e, (int)m->triangles[e]);
        }
        if (f < 0) {
            nfree++;
            continue;
        }
        if ((size_t)f >= ne || m->halfedges[f] != (int32_t)e ||
            m->triangles[f] != m->triangles[mesh_edge_next((int32_t)e)] ||
            m->triangles[e] != m->triangles[mesh_edge_next(f)]) {
            ck_abort_msg("half-edge %zu and its twin %d disagree", e, (int)f);
        }
        if ((size_t)f > e) {
            const double *pr = P + 2 * m->triangles[e];
            const double *pl = P + 2 * m->triangles[mesh_edge_next((int32_t)e)];
            const double *p0 = P + 2 * m->triangles[mesh_edge_prev((int32_t)e)];
            const double *p1 = P + 2 * m->triangles[mesh_edge_prev(f)];
            if (predicates_incircle(p0, pl, pr, p1) > 0.0) {
                ck_abort_msg("edge %zu not locally Delaunay", e);
            }
        }
    }
    ck_assert_int_eq(nfree, m->nhull);
    for (i = 0; i < m->nhull; i++) {
        /* consecutive hull points are the ends of a twinless half-edge */
        int32_t ha = m->hull[i], hb = m->hull[(i + 1) % m->nhull], pe = m->point_edge[hb];
        if (m->halfedges[pe] >= 0 || m->triangles[pe] != ha) {
            ck_abort_msg("hull step %d -> %d", (int)ha, (int)hb);
        }
    }
    for (t = 0; t < m->ntriangles; t++) {
        const double *c = m->centers + 2 * t, *p[3];
        double d[3];
        int k;
        for (k = 0; k < 3; k++) {
            p[k] = P + 2 * m->triangles[3 * t + (size_t)k];
            d[k] = hypot(p[k][0] - c[0], p[k][1] - c[1]);
        }
        if (!(predicates_orient2d(p[0], p[1], p[2]) < 0.0) ||
            !(fabs(d[0] - d[1]) <= 1e-9 * d[0] && fabs(d[0] - d[2]) <= 1e-9 * d[0])) {
            ck_abort_msg("triangle %zu: orientation or centre wrong", t);
        }
    }
    for (i = 0; i < n; i++) {
        int32_t pe = m->point_edge[i];
        if (pe < 0 || m->triangles[mesh_edge_next(pe)] != (int32_t)i) {
            ck_abort_msg("point %zu: point edge %d", i, (int)pe);
        }
    }
    ck_assert_int_eq(expect_own, memcmp(m->triangles, ref->triangles, ne * sizeof *m->triangles) != 0);
    a = malloc(ne * sizeof *a);
    b = malloc(ne * sizeof *b);
    ck_assert(a != NULL && b != NULL);
    for (e = 0; e < ne; e++) {
        a[e] = map[m->triangles[e]];
    }
    memcpy(b, ref->triangles, ne * sizeof *b);
    test_sort_triangles(a, m->ntriangles);
    test_sort_triangles(b, m->ntriangles);
    ck_assert(memcmp(a, b, ne * sizeof *a) == 0);
    free(a);
    free(b);
    free(map);
    mesh_free(m);
    mesh_free(ref);
    free(xy);
}

START_TEST(test_mesh_from_lloyd)
{
    check_lloyd_mesh(3000, 2, 0.0, 0.0, 1.0, 1.0, 5, 1, 1);
    check_lloyd_mesh(3000, 2, 0.0, 0.0, 1.0, 1.0, 5, 3, 1);
    check_lloyd_mesh(20000, 3, 0.0, 0.0, 1.0, 1.0, 6, 2, 1);
    /* two blocks of moves (one border), two blocks of sums and more */
    check_lloyd_mesh(150000, 2, 0.0, 0.0, 1.0, 1.0, 10, 2, 1);
    check_lloyd_mesh(150000, 3, -2.0, 1.0, 5.0, 2.0, 11, 1, 1);
    /* one big step in a thin box: about a third of the seeds move without
     * giving up (more than n/32 points held at first); 2 and 5 do */
    check_lloyd_mesh(700, 1, 10.0, -5.0, 30.0, 5.0, 2, 1, 1);
    check_lloyd_mesh(700, 1, 10.0, -5.0, 30.0, 5.0, 5, 1, 1);
    check_lloyd_mesh(5, 2, 0.0, 0.0, 1.0, 1.0, 8, 1, 1);
    /* no iterations: nothing handed over, triangulated from scratch */
    check_lloyd_mesh(500, 0, 0.0, 0.0, 1.0, 1.0, 9, 1, 0);
}
END_TEST

/* Enough sites for several blocks of the parallel sums (and of the
 * triangulation): the same bits for 1, 2, 3 and 8 threads, and the same
 * mesh after them. */
START_TEST(test_threads_identical)
{
    enum { N = 140000 };
    static const int threads[] = { 1, 2, 3, 8 };
    double *xy = malloc(2 * N * sizeof *xy), *ref = malloc(2 * N * sizeof *ref);
    struct mesh *m0 = NULL;
    size_t k;

    ck_assert(xy != NULL && ref != NULL);
    for (k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        struct run_ctx ctx;
        struct lloyd_kept *keep = NULL;
        struct mesh *m;
        struct og_error err;
        memset(&ctx, 0, sizeof ctx);
        ctx.threads = threads[k];
        random_sites(xy, N, 21, 0.0, 0.0, 1.0, 1.0);
        ck_assert_int_eq(lloyd_relax_keep(xy, N, 2, 0.0, 0.0, 1.0, 1.0, &ctx, &keep, &err), OG_OK);
        ck_assert_int_eq(lloyd_mesh(keep, xy, N, &ctx, &m, &err), OG_OK);
        if (k == 0) {
            memcpy(ref, xy, 2 * N * sizeof *xy);
            m0 = m;
            continue;
        }
        ck_assert_msg(memcmp(ref, xy, 2 * N * sizeof *xy) == 0, "%d threads: other sites",
                      threads[k]);
        ck_assert_int_eq(m->ntriangles, m0->ntriangles);
        ck_assert(memcmp(m->points, m0->points, 2 * N * sizeof *m->points) == 0);
        ck_assert(memcmp(m->triangles, m0->triangles, 3 * m->ntriangles * sizeof *m->triangles) == 0);
        ck_assert(memcmp(m->halfedges, m0->halfedges, 3 * m->ntriangles * sizeof *m->halfedges) == 0);
        ck_assert(memcmp(m->centers, m0->centers, 2 * m->ntriangles * sizeof *m->centers) == 0);
        mesh_free(m);
    }
    mesh_free(m0);
    free(xy);
    free(ref);
}
END_TEST

Suite *
lloyd_suite(void)
{
    Suite *s = suite_create("lloyd");
    TCase *tc = tcase_create("method");
    TCase *tk = tcase_create("contract");

    tcase_add_test(tc, test_cv_decreases);
    tcase_add_test(tc, test_other_box_and_determinism);
    tcase_add_test(tc, test_exact_cells);
    tcase_add_test(tc, test_high_degree_and_collinear);
    tcase_add_test(tc, test_mesh_from_lloyd);
    tcase_add_test(tc, test_threads_identical);
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
    tcase_add_test(tk, test_contract);
    suite_add_tcase(s, tk);
    return s;
}
