/* Tests of lloyd.c: clipped Voronoi cell areas and Lloyd relaxation. */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/lloyd.h"
#include "core/pipeline.h"
#include "core/rng.h"
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
    tcase_set_timeout(tc, 20);
    suite_add_tcase(s, tc);
    tcase_add_test(tk, test_contract);
    suite_add_tcase(s, tk);
    return s;
}
