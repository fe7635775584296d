/* Hydrology: priority-flood reference numbers on real DEMs
 * (../shared/data/README.md), routing without cycles, flow conservation,
 * lakes and adversarial grids (real DEMs: test_hydro_dem.c; whole worlds: test_hydro_world.c). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"
#include "core/base/rng.h"
#include "tests.h"
#include "test_hydro.h"


void
test_hydro_run_alloc(struct run *r, size_t n)
{
    r->elev = calloc(n, sizeof *r->elev);
    r->filled = calloc(n, sizeof *r->filled);
    r->flow = calloc(n, sizeof *r->flow);
    r->rank = calloc(n, sizeof *r->rank);
    r->downhill = calloc(n, sizeof *r->downhill);
    r->outlet = calloc(n, 1);
    ck_assert(r->elev && r->filled && r->flow && r->rank && r->downhill && r->outlet);
}

void
test_hydro_run_free(struct run *r)
{
    free(r->elev);
    free(r->filled);
    free(r->flow);
    free(r->rank);
    free(r->downhill);
    free(r->outlet);
}

/* Flood, route and accumulate (rain may be NULL). */
void
test_hydro_run_all(struct run *r, enum hydro_flood_method method, const float *rain)
{
    struct og_error e;
    ck_assert_msg(hydro_priority_flood(&r->g, r->elev, r->outlet, method, r->filled, r->rank,
                                       NULL, &e) == OG_OK, "%s", e.msg);
    ck_assert_msg(hydro_route(&r->g, r->filled, r->rank, r->outlet, r->downhill, NULL, &e) == OG_OK,
                  "%s", e.msg);
    ck_assert_msg(hydro_accumulate(r->g.n, r->downhill, rain, r->flow, NULL, &e) == OG_OK, "%s",
                  e.msg);
}

/* From every node the downhill chain reaches a sink within n steps (no
 * cycle), each step goes to a graph neighbour, never rises on the filled
 * surface, and never rises above the original height of where it started
 * once on the filled surface. Every outlet is a sink. Returns the number
 * of sinks. */
size_t
test_hydro_check_chains(const struct run *r)
{
    size_t n = r->g.n, i, sinks = 0;
    uint8_t *ok = calloc(n, 1);
    int32_t nb[HYDRO_MAX_DEGREE];

    ck_assert_ptr_nonnull(ok);
    for (i = 0; i < n; i++) {
        int32_t d = r->downhill[i];
        int k, cnt, found = 0;
        if (r->outlet[i]) {
            ck_assert_int_eq(d, -1);
        }
        if (d < 0) {
            sinks++;
            continue;
        }
        cnt = hydro_neighbors(&r->g, i, nb);
        for (k = 0; k < cnt; k++) {
            found |= nb[k] == d;
        }
        ck_assert_msg(found, "downhill of %zu is not a neighbour", i);
        ck_assert_msg(r->filled[d] <= r->filled[i], "node %zu routes uphill", i);
        ck_assert(r->filled[i] >= r->elev[i]);
    }
    for (i = 0; i < n; i++) {
        size_t steps = 0, j = i;
        while (!ok[j] && r->downhill[j] >= 0) {
            j = (size_t)r->downhill[j];
            ck_assert_msg(++steps <= n, "cycle below node %zu", i);
        }
        for (j = i; !ok[j]; j = (size_t)r->downhill[j]) {
            ok[j] = 1;
            if (r->downhill[j] < 0) {
                break;
            }
        }
    }
    free(ok);
    return sinks;
}

/* Sum of flow at sinks (double) against the total rain. */
void
test_hydro_check_conservation(const struct run *r, const float *rain)
{
    double out = 0.0, total = 0.0;
    size_t i;
    for (i = 0; i < r->g.n; i++) {
        total += rain != NULL ? rain[i] : 1.0;
        if (r->downhill[i] < 0) {
            out += r->flow[i];
        }
    }
    ck_assert_double_eq_tol(out, total, 1e-5 * total);
}

/* --- adversarial grids -------------------------------------------------------- */

static void
grid_run(struct run *r, int w, int h)
{
    struct og_error e;
    ck_assert_int_eq(hydro_graph_grid(&r->g, w, h, 8, &e), OG_OK);
    test_hydro_run_alloc(r, r->g.n);
}

/* A bowl far inside the land, its rim lowest at one notch: the bowl fills
 * exactly to the notch and becomes one lake; every cell drains to the sea. */
START_TEST(closed_bowl)
{
    struct run r;
    struct og_error e;
    uint8_t *lake;
    size_t nlakes, nodes, sinks, i;
    int x, y, w = 40, h = 40;

    grid_run(&r, w, h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            double d = hypot(x - 20.0, y - 20.0);
            float v = d < 8.0 ? (float)(2.0 + d * 0.25) : d < 10.0 ? 9.0f : (float)(1.0 + x * 0.1);
            r.elev[y * w + x] = x == 0 ? 0.0f : v; /* the sea: column 0 */
        }
    }
    r.elev[20 * w + 11] = r.elev[20 * w + 12] = 7.0f; /* a notch through the rim, west side */
    /* Outlets: the sea only (no border rule), so the bowl is far from any. */
    for (i = 0; i < r.g.n; i++) {
        r.outlet[i] = r.elev[i] <= 0.0f;
    }
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    ck_assert_float_eq(r.filled[20 * w + 20], 7.0f);
    ck_assert_float_eq(r.filled[20 * w + 11], 7.0f);
    lake = calloc(r.g.n, 1);
    ck_assert_int_eq(hydro_lakes(&r.g, r.elev, r.filled, 0.5, lake, &nlakes, &nodes, &e), OG_OK);
    ck_assert_uint_eq(nlakes, 1);
    ck_assert(lake[20 * w + 20]);
    ck_assert(!lake[20 * w + 11]);
    sinks = test_hydro_check_chains(&r);
    ck_assert_uint_eq(sinks, (size_t)h);
    test_hydro_check_conservation(&r, NULL);
    /* The whole bowl's rain leaves through the notch. */
    ck_assert_float_ge(r.flow[20 * w + 11], 190.0f);
    free(lake);
    test_hydro_run_free(&r);
}
END_TEST

/* No outlet at all (a map of land, no sea, no border rule): the lowest cell
 * becomes the one sink and everything drains into it. */
START_TEST(all_land_no_ocean)
{
    struct run r;
    struct rng g;
    size_t i, sinks, lowest = 0;
    int w = 30, h = 20;

    grid_run(&r, w, h);
    rng_seed(&g, 7, 1);
    for (i = 0; i < r.g.n; i++) {
        r.elev[i] = 100.0f + (float)rng_next_double(&g) * 50.0f;
        lowest = r.elev[i] < r.elev[lowest] ? i : lowest;
    }
    test_hydro_run_all(&r, HYDRO_FLOOD_HEAP, NULL);
    sinks = test_hydro_check_chains(&r);
    ck_assert_uint_eq(sinks, 1);
    ck_assert_int_eq(r.downhill[lowest], -1);
    ck_assert_float_eq(r.flow[lowest], (float)r.g.n);
    test_hydro_run_free(&r);
}
END_TEST

/* A constant plane whose only outlet is one low edge cell: a flat of 1199
 * cells drains through it without cycles. */
START_TEST(flat_plane_one_outlet)
{
    struct run r;
    size_t i, sinks, low = 15;
    int w = 40, h = 30;
    enum hydro_flood_method m;

    for (m = HYDRO_FLOOD_HEAP; m <= HYDRO_FLOOD_FAST; m++) {
        grid_run(&r, w, h);
        for (i = 0; i < r.g.n; i++) {
            r.elev[i] = 10.0f;
        }
        r.elev[low] = 5.0f;
        r.outlet[low] = 1;
        test_hydro_run_all(&r, m, NULL);
        sinks = test_hydro_check_chains(&r);
        ck_assert_uint_eq(sinks, 1);
        ck_assert_float_eq(r.flow[low], (float)r.g.n);
        for (i = 0; i < r.g.n; i++) {
            ck_assert_float_eq(r.filled[i], i == low ? 5.0f : 10.0f);
        }
        test_hydro_run_free(&r);
    }
}
END_TEST

/* A flat corridor (7 cells wide, walls 4 higher) with one drain at its
 * right end: routing on the flat goes towards the drain and away from the
 * walls (Barnes et al. 2014b), so the cells along the walls turn inward and
 * receive only the wall cell beside them, and the centre line gathers the
 * corridor's flow; the flood order alone would run lines parallel to the
 * walls. */
START_TEST(flat_corridor_away_from_walls)
{
    struct run r;
    int w = 40, h = 9, x, y;
    size_t sinks;

    grid_run(&r, w, h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            int wall = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            r.elev[y * w + x] = wall ? 5.0f : 1.0f;
        }
    }
    r.elev[4 * w + w - 1] = 0.0f;
    r.outlet[4 * w + w - 1] = 1;
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    sinks = test_hydro_check_chains(&r);
    ck_assert_uint_eq(sinks, 1);
    ck_assert_float_eq_tol(r.flow[4 * w + w - 1], (float)(w * h), 1e-3f);
    for (x = 4; x <= 30; x++) {
        ck_assert_msg(r.flow[1 * w + x] == 2.0f && r.flow[7 * w + x] == 2.0f,
                      "wall cells at x = %d receive flow (%g, %g)", x, (double)r.flow[w + x],
                      (double)r.flow[7 * w + x]);
        ck_assert_int_eq(r.downhill[1 * w + x], 2 * w + x + 1);
        ck_assert_int_eq(r.downhill[7 * w + x], 6 * w + x + 1);
        ck_assert_int_eq(r.downhill[4 * w + x], 4 * w + x + 1);
    }
    /* every corridor and wall cell left of x = 17 is on the centre line by x = 20 */
    ck_assert_float_ge(r.flow[4 * w + 20], 9.0f * 17.0f);
    test_hydro_run_free(&r);
}
END_TEST

/* D8-LTD on a plane falling along (2, 1): plain D8 would step south-east
 * every time (the steepest of 8 directions) and drift 45 - 26.6 degrees
 * off; the path-based routing keeps the river within a cell of the true
 * line of steepest descent over 50 steps. */
START_TEST(ltd_plane_follows_gradient)
{
    struct run r;
    int w = 64, h = 64, x, y, steps = 0;
    double ux = 2.0 / sqrt(5.0), uy = 1.0 / sqrt(5.0), worst = 0.0;
    int32_t c;

    grid_run(&r, w, h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            r.elev[y * w + x] = (float)(10.0 - 0.01 * (2.0 * x + y));
        }
    }
    hydro_grid_outlets(w, h, r.elev, -INFINITY, r.outlet);
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    test_hydro_check_chains(&r);
    for (c = 5 * w + 5; r.downhill[c] >= 0; c = r.downhill[c]) {
        double px = c % w - 5, py = c / w - 5, off = fabs(ux * py - uy * px);
        worst = off > worst ? off : worst;
        steps++;
    }
    ck_assert_int_ge(steps, 50);
    ck_assert_msg(worst < 1.0, "the path strays %g cells from the gradient line", worst);
    test_hydro_run_free(&r);
}
END_TEST

/* Random rain on a random surface: outlets pass on exactly the rain. */
START_TEST(conservation_random)
{
    struct run r;
    struct rng g;
    float *rain;
    size_t i;
    int w = 64, h = 48;

    grid_run(&r, w, h);
    rain = malloc(r.g.n * sizeof *rain);
    rng_seed(&g, 11, 2);
    for (i = 0; i < r.g.n; i++) {
        r.elev[i] = (float)rng_next_double(&g);
        rain[i] = (float)rng_next_double(&g) * 3.0f;
    }
    hydro_grid_outlets(w, h, r.elev, 0.05f, r.outlet);
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, rain);
    test_hydro_check_chains(&r);
    test_hydro_check_conservation(&r, rain);
    free(rain);
    test_hydro_run_free(&r);
}
END_TEST

/* Same input twice gives identical bytes; both methods give the same fill. */
START_TEST(determinism)
{
    struct run a, b;
    struct rng g;
    size_t i;
    int w = 50, h = 50;

    grid_run(&a, w, h);
    grid_run(&b, w, h);
    rng_seed(&g, 3, 3);
    for (i = 0; i < a.g.n; i++) {
        /* coarse heights: many flats and ties */
        a.elev[i] = b.elev[i] = (float)rng_next_below(&g, 8);
    }
    hydro_grid_outlets(w, h, a.elev, 0.0f, a.outlet);
    memcpy(b.outlet, a.outlet, a.g.n);
    test_hydro_run_all(&a, HYDRO_FLOOD_FAST, NULL);
    test_hydro_run_all(&b, HYDRO_FLOOD_FAST, NULL);
    ck_assert(memcmp(a.filled, b.filled, a.g.n * sizeof(float)) == 0);
    ck_assert(memcmp(a.downhill, b.downhill, a.g.n * sizeof(int32_t)) == 0);
    ck_assert(memcmp(a.flow, b.flow, a.g.n * sizeof(float)) == 0);
    test_hydro_run_all(&b, HYDRO_FLOOD_HEAP, NULL);
    ck_assert(memcmp(a.filled, b.filled, a.g.n * sizeof(float)) == 0);
    test_hydro_check_chains(&a);
    test_hydro_check_chains(&b);
    test_hydro_run_free(&a);
    test_hydro_run_free(&b);
}
END_TEST

/* An independent oracle for the fill (the fixed point of Planchon and
 * Darboux 2001, without epsilon): start from +inf except at outlets and
 * lower every node to max(own height, lowest neighbour) until nothing
 * changes. */
static void
oracle_fill(const struct hydro_graph *g, const float *elev, const uint8_t *outlet, float *w)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t i;
    int changed = 1, k, cnt;

    for (i = 0; i < g->n; i++) {
        w[i] = outlet[i] ? elev[i] : INFINITY;
    }
    while (changed) {
        changed = 0;
        for (i = 0; i < g->n; i++) {
            float lo = INFINITY, v;
            if (outlet[i]) {
                continue;
            }
            cnt = hydro_neighbors(g, i, nb);
            for (k = 0; k < cnt; k++) {
                lo = w[nb[k]] < lo ? w[nb[k]] : lo;
            }
            v = elev[i] > lo ? elev[i] : lo;
            if (v < w[i]) {
                w[i] = v;
                changed = 1;
            }
        }
    }
}

/* Both flood methods equal the oracle exactly on random grids (8 and 4
 * neighbours, coarse heights with many flats and ties, scattered sea
 * outlets) and on a triangle mesh. */
START_TEST(fill_matches_oracle)
{
    struct rng g;
    int seed, conn;

    for (seed = 1; seed <= 6; seed++) {
        for (conn = 4; conn <= 8; conn += 4) {
            struct run r;
            struct og_error e;
            float *want;
            enum hydro_flood_method m;
            size_t i;
            int w = 20 + seed * 3, h = 17 + seed * 2;

            ck_assert_int_eq(hydro_graph_grid(&r.g, w, h, conn, &e), OG_OK);
            test_hydro_run_alloc(&r, r.g.n);
            want = malloc(r.g.n * sizeof *want);
            rng_seed(&g, (uint64_t)seed, (uint64_t)conn);
            for (i = 0; i < r.g.n; i++) {
                r.elev[i] = (float)rng_next_below(&g, (uint32_t)(3 + seed * 2));
            }
            hydro_grid_outlets(w, h, r.elev, -1.0f, r.outlet);
            for (i = 0; i < r.g.n; i++) {
                r.outlet[i] |= rng_next_below(&g, 50) == 0;
            }
            oracle_fill(&r.g, r.elev, r.outlet, want);
            for (m = HYDRO_FLOOD_HEAP; m <= HYDRO_FLOOD_FAST; m++) {
                ck_assert_int_eq(hydro_priority_flood(&r.g, r.elev, r.outlet, m, r.filled,
                                                      r.rank, NULL, &e), OG_OK);
                ck_assert_msg(memcmp(r.filled, want, r.g.n * sizeof *want) == 0,
                              "seed %d, %d-neighbour, method %d differs from the oracle", seed,
                              conn, (int)m);
                ck_assert_int_eq(hydro_route(&r.g, r.filled, r.rank, r.outlet, r.downhill, NULL,
                                             &e), OG_OK);
                test_hydro_check_chains(&r);
            }
            free(want);
            test_hydro_run_free(&r);
        }
    }
}
END_TEST

/* A raised cancel flag stops the flood, routing and accumulation. */
START_TEST(cancel_honoured)
{
    struct run r;
    struct run_ctx ctx;
    struct params p;
    struct og_error e;
    atomic_int cancel;
    size_t i;

    grid_run(&r, 300, 300);
    for (i = 0; i < r.g.n; i++) {
        r.elev[i] = (float)(i % 7);
    }
    hydro_grid_outlets(300, 300, r.elev, 0.0f, r.outlet);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    atomic_init(&cancel, 1);
    ctx.cancel = &cancel;
    ck_assert_int_eq(hydro_priority_flood(&r.g, r.elev, r.outlet, HYDRO_FLOOD_FAST, r.filled,
                                          r.rank, &ctx, &e), OG_ECANCELED);
    ck_assert_int_eq(hydro_priority_flood(&r.g, r.elev, r.outlet, HYDRO_FLOOD_HEAP, r.filled,
                                          r.rank, &ctx, &e), OG_ECANCELED);
    ck_assert_int_eq(hydro_route(&r.g, r.filled, r.rank, r.outlet, r.downhill, &ctx, &e),
                     OG_ECANCELED);
    for (i = 0; i < r.g.n; i++) {
        r.downhill[i] = -1;
    }
    ck_assert_int_eq(hydro_accumulate(r.g.n, r.downhill, NULL, r.flow, &ctx, &e), OG_ECANCELED);
    test_hydro_run_free(&r);
}
END_TEST

/* --- a hand-built triangle mesh ----------------------------------------------- */

/* A k x k lattice of points split into 2 (k-1)^2 triangles, half-edges
 * matched by brute force (small k). Only the fields the triangle graph
 * reads are filled. */
static void
lattice_mesh(struct mesh *m, int k)
{
    size_t nt = 2 * (size_t)(k - 1) * (size_t)(k - 1), t = 0, e, f;
    int x, y;

    memset(m, 0, sizeof *m);
    m->dim = 2;
    m->ntriangles = nt;
    m->triangles = malloc(3 * nt * sizeof *m->triangles);
    m->halfedges = malloc(3 * nt * sizeof *m->halfedges);
    for (y = 0; y + 1 < k; y++) {
        for (x = 0; x + 1 < k; x++) {
            int32_t a = y * k + x, b = a + 1, c = a + k, d = c + 1;
            int32_t tri[6] = { a, c, b, b, c, d };
            memcpy(m->triangles + 3 * t, tri, sizeof tri);
            t += 2;
        }
    }
    for (e = 0; e < 3 * nt; e++) {
        int32_t p = m->triangles[e], q = m->triangles[mesh_edge_next((int32_t)e)];
        m->halfedges[e] = -1;
        for (f = 0; f < 3 * nt; f++) {
            if (m->triangles[f] == q && m->triangles[mesh_edge_next((int32_t)f)] == p) {
                m->halfedges[e] = (int32_t)f;
            }
        }
    }
}

START_TEST(mesh_triangles)
{
    struct mesh m;
    struct run r;
    struct rng g;
    size_t i, sinks, hull = 0;
    int32_t nb[HYDRO_MAX_DEGREE];

    lattice_mesh(&m, 12);
    hydro_graph_mesh(&r.g, &m, HYDRO_MESH_TRIANGLES);
    ck_assert_uint_eq(r.g.n, 242);
    test_hydro_run_alloc(&r, r.g.n);
    rng_seed(&g, 5, 5);
    for (i = 0; i < r.g.n; i++) {
        r.elev[i] = (float)rng_next_double(&g);
        /* hull triangles (fewer than 3 neighbours) are the outlets */
        r.outlet[i] = hydro_neighbors(&r.g, i, nb) < 3;
        hull += r.outlet[i];
    }
    ck_assert_uint_eq(hull, 4 * 11 - 2);
    {
        float *want = malloc(r.g.n * sizeof *want);
        oracle_fill(&r.g, r.elev, r.outlet, want);
        test_hydro_run_all(&r, HYDRO_FLOOD_HEAP, NULL);
        ck_assert(memcmp(r.filled, want, r.g.n * sizeof *want) == 0);
        free(want);
    }
    test_hydro_run_all(&r, HYDRO_FLOOD_FAST, NULL);
    sinks = test_hydro_check_chains(&r);
    ck_assert_uint_eq(sinks, hull);
    test_hydro_check_conservation(&r, NULL);
    test_hydro_run_free(&r);
    free(m.triangles);
    free(m.halfedges);
}
END_TEST

/* River widths and sources on a hand-made chain 0 -> 1 -> 2 -> 3 (outlet)
 * with a tributary 4 -> 2. */
START_TEST(rivers_sources)
{
    int32_t down[5] = { 1, 2, 3, -1, 2 };
    float rain[5] = { 4, 1, 1, 0, 9 }, flow[5], width[5];
    uint8_t lake[5] = { 0, 0, 0, 0, 0 };
    size_t src;
    struct og_error e;

    ck_assert_int_eq(hydro_accumulate(5, down, rain, flow, NULL, &e), OG_OK);
    ck_assert_float_eq(flow[2], 15.0f);
    ck_assert_float_eq(flow[3], 15.0f);
    ck_assert_int_eq(hydro_rivers(5, down, flow, lake, 4.0, 0.5, width, &src, &e), OG_OK);
    ck_assert_uint_eq(src, 2); /* nodes 0 (4) and 4 (9) */
    ck_assert_float_eq_tol(width[2], 0.5f * sqrtf(15.0f / 4.0f), 1e-6f);
    ck_assert_float_eq(width[0], 0.5f);
    lake[1] = 1;
    ck_assert_int_eq(hydro_rivers(5, down, flow, lake, 4.0, 0.5, width, &src, &e), OG_OK);
    ck_assert_float_eq(width[1], 0.0f);
    ck_assert_uint_eq(src, 2);
    down[3] = 0; /* a cycle 0 -> 1 -> 2 -> 3 -> 0 */
    ck_assert_int_eq(hydro_accumulate(5, down, rain, flow, NULL, &e), OG_EINVAL);
}
END_TEST

Suite *
hydro_suite(void)
{
    Suite *s = suite_create("hydro");
    TCase *tc;

    hydro_dem_tests(s);
    tc = tcase_create("graphs");
    tcase_add_test(tc, closed_bowl);
    tcase_add_test(tc, all_land_no_ocean);
    tcase_add_test(tc, flat_plane_one_outlet);
    tcase_add_test(tc, flat_corridor_away_from_walls);
    tcase_add_test(tc, ltd_plane_follows_gradient);
    tcase_add_test(tc, conservation_random);
    tcase_add_test(tc, determinism);
    tcase_add_test(tc, cancel_honoured);
    tcase_add_test(tc, fill_matches_oracle);
    tcase_add_test(tc, mesh_triangles);
    tcase_add_test(tc, rivers_sources);
    suite_add_tcase(s, tc);
    priority_flood_tests(s);
    hydro_world_tests(s);
    hydro_balance_tests(s);
    return s;
}
