/* Hydrology: priority-flood reference numbers on real DEMs
 * (../shared/data/README.md), routing without cycles, flow conservation,
 * lakes and adversarial grids. */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome.h"
#include "core/dem.h"
#include "core/generators.h"
#include "core/hydro.h"
#include "core/mesh.h"
#include "core/moisture.h"
#include "core/pipeline.h"
#include "core/rng.h"
#include "render/iso.h"
#include "render/mapimg.h"
#include "render/pngio.h"
#include "tests.h"

/* Everything one hydrology run produces on a graph. */
struct run {
    struct hydro_graph g;
    float *elev, *filled, *flow;
    uint32_t *rank;
    int32_t *downhill;
    uint8_t *outlet;
};

static void
run_alloc(struct run *r, size_t n)
{
    r->elev = calloc(n, sizeof *r->elev);
    r->filled = calloc(n, sizeof *r->filled);
    r->flow = calloc(n, sizeof *r->flow);
    r->rank = calloc(n, sizeof *r->rank);
    r->downhill = calloc(n, sizeof *r->downhill);
    r->outlet = calloc(n, 1);
    ck_assert(r->elev && r->filled && r->flow && r->rank && r->downhill && r->outlet);
}

static void
run_free(struct run *r)
{
    free(r->elev);
    free(r->filled);
    free(r->flow);
    free(r->rank);
    free(r->downhill);
    free(r->outlet);
}

/* Flood, route and accumulate (rain may be NULL). */
static void
run_all(struct run *r, enum hydro_flood_method method, const float *rain)
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
static size_t
check_chains(const struct run *r)
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
static void
check_conservation(const struct run *r, const float *rain)
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

/* --- real DEMs ---------------------------------------------------------------- */

static void
load_dem(struct run *r, const char *path, int connectivity)
{
    struct dem_raster raster;
    struct og_error e;
    size_t n;

    memset(&raster, 0, sizeof raster);
    ck_assert_msg(pngio_read_raster(path, &raster, &e) == OG_OK, "%s", e.msg);
    ck_assert_int_eq(hydro_graph_grid(&r->g, raster.width, raster.height, connectivity, &e),
                     OG_OK);
    n = r->g.n;
    run_alloc(r, n);
    ck_assert_msg(dem_decode(&raster, DEM_AUTO, 1.0, r->elev, &e) == OG_OK, "%s", e.msg);
    dem_raster_fini(&raster);
    /* The reference convention: border cells (and sea, h <= 0: none in these
     * three files) are outlets at their own height. */
    hydro_grid_outlets(r->g.width, r->g.height, r->elev, 0.0f, r->outlet);
}

/* Raised count exact, max raise and its position, sum to the README's
 * precision; with `full`, both flood methods give the same bytes and the
 * routing drains and conserves (kept off where it repeats a check, to stay
 * fast under the sanitizers). */
static void
check_reference(const char *path, int connectivity, size_t raised, double max_raise, int mx,
                int my, double sum, double sum_tol, int full)
{
    struct run r;
    struct hydro_fill_stats fs;
    float *other;
    struct og_error e;

    load_dem(&r, path, connectivity);
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    hydro_fill_stats(r.g.n, r.elev, r.filled, &fs);
    ck_assert_uint_eq(fs.raised, raised);
    ck_assert_double_eq_tol(fs.max_raise, max_raise, 0.02);
    if (mx >= 0) {
        ck_assert_int_eq((int)(fs.max_at % (size_t)r.g.width), mx);
        ck_assert_int_eq((int)(fs.max_at / (size_t)r.g.width), my);
    }
    ck_assert_double_eq_tol(fs.sum_raise, sum, sum_tol);
    if (!full) {
        run_free(&r);
        return;
    }

    other = malloc(r.g.n * sizeof *other);
    ck_assert_ptr_nonnull(other);
    ck_assert_int_eq(hydro_priority_flood(&r.g, r.elev, r.outlet, HYDRO_FLOOD_HEAP, other, NULL,
                                          NULL, &e), OG_OK);
    ck_assert(memcmp(other, r.filled, r.g.n * sizeof *other) == 0);
    free(other);

    check_chains(&r);
    check_conservation(&r, NULL);
    run_free(&r);
}

START_TEST(fuji_reference)
{
    check_reference(test_shared_data_path("dem/fuji.png"), 8, 4149, 158.4, 313, 174, 15535.1,
                    0.5, 1);
}
END_TEST

START_TEST(fuji_reference_4)
{
    check_reference(test_shared_data_path("dem/fuji.png"), 4, 6958, 166.8, 313, 174, 22072.3,
                    0.5, 0);
}
END_TEST

START_TEST(nevada_reference)
{
    check_reference(test_data_path("dem/terrarium_8_45_99.png"), 8, 7993, 201.0, 141, 207,
                    414128.0, 0.5, 1);
}
END_TEST

START_TEST(front_range_reference)
{
    check_reference(test_data_path("srtmgl3_front_range_144.png"), 8, 194, 9.0, -1, -1, 518.0,
                    1e-3, 1);
    check_reference(test_data_path("srtmgl3_front_range_144.png"), 4, 427, 16.0, -1, -1, 1385.0,
                    1e-3, 1);
}
END_TEST

/* Fuji's summit crater is one lake with its surface at the spill height;
 * the largest flow leaves the map at the border. */
START_TEST(fuji_crater_lake)
{
    struct run r;
    struct og_error e;
    uint8_t *lake;
    size_t nlakes, nodes, crater = 174 * 512 + 313, i, imax = 0;

    load_dem(&r, test_shared_data_path("dem/fuji.png"), 8);
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    lake = calloc(r.g.n, 1);
    ck_assert_int_eq(hydro_lakes(&r.g, r.elev, r.filled, 2.0, lake, &nlakes, &nodes, &e), OG_OK);
    ck_assert(lake[crater]);
    ck_assert_uint_gt(nlakes, 0);
    ck_assert_uint_gt(nodes, 20);
    /* The crater's surface is 158.4 m above its floor: floor + raise. */
    ck_assert_double_eq_tol(r.filled[crater] - r.elev[crater], 158.4, 0.02);
    for (i = 0; i < r.g.n; i++) {
        imax = r.flow[i] > r.flow[imax] ? i : imax;
    }
    ck_assert(r.outlet[imax]);
    free(lake);
    run_free(&r);
}
END_TEST

/* --- adversarial grids -------------------------------------------------------- */

static void
grid_run(struct run *r, int w, int h)
{
    struct og_error e;
    ck_assert_int_eq(hydro_graph_grid(&r->g, w, h, 8, &e), OG_OK);
    run_alloc(r, r->g.n);
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
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    ck_assert_float_eq(r.filled[20 * w + 20], 7.0f);
    ck_assert_float_eq(r.filled[20 * w + 11], 7.0f);
    lake = calloc(r.g.n, 1);
    ck_assert_int_eq(hydro_lakes(&r.g, r.elev, r.filled, 0.5, lake, &nlakes, &nodes, &e), OG_OK);
    ck_assert_uint_eq(nlakes, 1);
    ck_assert(lake[20 * w + 20]);
    ck_assert(!lake[20 * w + 11]);
    sinks = check_chains(&r);
    ck_assert_uint_eq(sinks, (size_t)h);
    check_conservation(&r, NULL);
    /* The whole bowl's rain leaves through the notch. */
    ck_assert_float_ge(r.flow[20 * w + 11], 190.0f);
    free(lake);
    run_free(&r);
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
    run_all(&r, HYDRO_FLOOD_HEAP, NULL);
    sinks = check_chains(&r);
    ck_assert_uint_eq(sinks, 1);
    ck_assert_int_eq(r.downhill[lowest], -1);
    ck_assert_float_eq(r.flow[lowest], (float)r.g.n);
    run_free(&r);
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
        run_all(&r, m, NULL);
        sinks = check_chains(&r);
        ck_assert_uint_eq(sinks, 1);
        ck_assert_float_eq(r.flow[low], (float)r.g.n);
        for (i = 0; i < r.g.n; i++) {
            ck_assert_float_eq(r.filled[i], i == low ? 5.0f : 10.0f);
        }
        run_free(&r);
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
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    sinks = check_chains(&r);
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
    run_free(&r);
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
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    check_chains(&r);
    for (c = 5 * w + 5; r.downhill[c] >= 0; c = r.downhill[c]) {
        double px = c % w - 5, py = c / w - 5, off = fabs(ux * py - uy * px);
        worst = off > worst ? off : worst;
        steps++;
    }
    ck_assert_int_ge(steps, 50);
    ck_assert_msg(worst < 1.0, "the path strays %g cells from the gradient line", worst);
    run_free(&r);
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
    run_all(&r, HYDRO_FLOOD_FAST, rain);
    check_chains(&r);
    check_conservation(&r, rain);
    free(rain);
    run_free(&r);
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
    run_all(&a, HYDRO_FLOOD_FAST, NULL);
    run_all(&b, HYDRO_FLOOD_FAST, NULL);
    ck_assert(memcmp(a.filled, b.filled, a.g.n * sizeof(float)) == 0);
    ck_assert(memcmp(a.downhill, b.downhill, a.g.n * sizeof(int32_t)) == 0);
    ck_assert(memcmp(a.flow, b.flow, a.g.n * sizeof(float)) == 0);
    run_all(&b, HYDRO_FLOOD_HEAP, NULL);
    ck_assert(memcmp(a.filled, b.filled, a.g.n * sizeof(float)) == 0);
    check_chains(&a);
    check_chains(&b);
    run_free(&a);
    run_free(&b);
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
            run_alloc(&r, r.g.n);
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
                check_chains(&r);
            }
            free(want);
            run_free(&r);
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
    run_free(&r);
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
    run_alloc(&r, r.g.n);
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
        run_all(&r, HYDRO_FLOOD_HEAP, NULL);
        ck_assert(memcmp(r.filled, want, r.g.n * sizeof *want) == 0);
        free(want);
    }
    run_all(&r, HYDRO_FLOOD_FAST, NULL);
    sinks = check_chains(&r);
    ck_assert_uint_eq(sinks, hull);
    check_conservation(&r, NULL);
    run_free(&r);
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

/* --- whole worlds through the pipeline ------------------------------------------- */

static struct world *
island(uint64_t seed, int cells, int threads)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;

    params_defaults(&p);
    p.seed = seed;
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, cells, &e), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

/* A struct run viewing a finished island's hydrology (vertex heights and
 * outlets recomputed by the rule in hydro.h). */
static void
island_view(struct run *r, const struct world *w)
{
    size_t i;
    hydro_graph_mesh(&r->g, w->mesh, HYDRO_MESH_TRIANGLES);
    ck_assert_uint_eq(r->g.n, w->nhydro);
    r->elev = calloc(r->g.n, sizeof *r->elev);
    r->outlet = calloc(r->g.n, 1);
    r->filled = w->hydro_elev;
    r->downhill = w->downhill;
    r->flow = w->flow;
    for (i = 0; i < r->g.n; i++) {
        const int32_t *t = w->mesh->triangles + 3 * i, *he = w->mesh->halfedges + 3 * i;
        r->elev[i] = (w->elevation[t[0]] + w->elevation[t[1]] + w->elevation[t[2]]) / 3.0f;
        r->outlet[i] = w->water[t[0]] == WATER_OCEAN || w->water[t[1]] == WATER_OCEAN ||
                       w->water[t[2]] == WATER_OCEAN || he[0] < 0 || he[1] < 0 || he[2] < 0;
    }
}

/* Every Voronoi vertex drains to an outlet without cycles, never uphill on
 * the filled surface; outlets pass on all the rain; every river ends in the
 * ocean and widens downstream outside lakes. */
START_TEST(island_drains_to_sea)
{
    struct world *w = island(7, 4000, 1);
    struct run r;
    const struct world_stat *rain = world_stat_find(w, "hydro.total_rain");
    double out = 0.0;
    size_t i, rivers = 0;

    island_view(&r, w);
    check_chains(&r);
    for (i = 0; i < r.g.n; i++) {
        int32_t d = w->downhill[i];
        if (d < 0) {
            out += w->flow[i];
        }
        if (w->river_width[i] > 0.0f) {
            size_t j = i;
            rivers++;
            while (w->downhill[j] >= 0) {
                j = (size_t)w->downhill[j];
            }
            ck_assert_msg(r.outlet[j], "river at %zu ends inland", i);
            if (d >= 0 && w->river_width[d] > 0.0f) {
                ck_assert_float_ge(w->river_width[d], w->river_width[i]);
            }
        }
    }
    ck_assert_ptr_nonnull(rain);
    ck_assert_double_eq_tol(out, rain->a, 1e-4 * rain->a);
    ck_assert_uint_gt(rivers, 0);
    ck_assert_ptr_nonnull(world_stat_find(w, "hydro.connectivity"));
    free(r.elev);
    free(r.outlet);
    world_unref(w);
}
END_TEST

/* Moisture on an island: never below the base noise, exactly 1 on cells a
 * river runs through (distance 0 to fresh water), and biomes follow the
 * Whittaker rule from elevation and moisture. */
START_TEST(island_moisture_near_water)
{
    struct world *w = island(7, 4000, 1);
    struct moisture_noise mn;
    size_t i, river_cells = 0;
    uint8_t *on_river = calloc(w->ncells, 1);

    moisture_noise_init(&mn, &w->params);
    for (i = 0; i < w->nhydro; i++) {
        if (w->river_width[i] > 0.0f) {
            on_river[w->mesh->triangles[3 * i]] = 1;
            on_river[w->mesh->triangles[3 * i + 1]] = 1;
            on_river[w->mesh->triangles[3 * i + 2]] = 1;
        }
    }
    for (i = 0; i < w->ncells; i++) {
        double base;
        if (w->water[i] != WATER_LAND) {
            ck_assert_float_eq(w->moisture[i], 1.0f);
            continue;
        }
        base = moisture_noise_at(&mn, w->mesh->points[2 * i], w->mesh->points[2 * i + 1]);
        ck_assert_double_ge(w->moisture[i] + 1e-6, base);
        if (on_river[i]) {
            ck_assert_float_eq(w->moisture[i], 1.0f);
            river_cells++;
        }
        ck_assert_int_eq(w->biome[i], biome_classify(biome_elevation(w, i), w->moisture[i]));
    }
    ck_assert_uint_gt(river_cells, 10);
    free(on_river);
    world_unref(w);
}
END_TEST

/* The same seed gives identical hydrology, moisture and colours, also with a
 * different thread count; another seed does not. */
START_TEST(island_deterministic)
{
    struct world *a = island(21, 3000, 1), *b = island(21, 3000, 2);
    size_t n = a->nhydro;
    ck_assert_uint_eq(n, b->nhydro);
    ck_assert(memcmp(a->hydro_elev, b->hydro_elev, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->downhill, b->downhill, n * sizeof(int32_t)) == 0);
    ck_assert(memcmp(a->flow, b->flow, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->river_width, b->river_width, n * sizeof(float)) == 0);
    ck_assert(memcmp(a->lake, b->lake, n) == 0);
    ck_assert(memcmp(a->moisture, b->moisture, a->ncells * sizeof(float)) == 0);
    ck_assert(memcmp(a->biome, b->biome, a->ncells) == 0);
    ck_assert(memcmp(a->color, b->color, a->ncells * sizeof(uint32_t)) == 0);
    world_unref(a);
    world_unref(b);
}
END_TEST

/* The dem source end to end on Fuji: the stats carry the reference numbers
 * and the crater is a lake in the water mask. */
START_TEST(dem_world_fuji)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    struct dem_raster raster;
    const struct world_stat *s;

    memset(&raster, 0, sizeof raster);
    ck_assert_int_eq(pngio_read_raster(test_shared_data_path("dem/fuji.png"), &raster, &e), OG_OK);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = &raster;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    s = world_stat_find(w, "hydro.raised");
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq((long)s->a, 4149);
    s = world_stat_find(w, "hydro.max_raise_at");
    ck_assert_ptr_nonnull(s);
    ck_assert_double_eq(s->a, 313.0);
    ck_assert_double_eq(s->b, 174.0);
    s = world_stat_find(w, "hydro.max_raise");
    ck_assert_double_eq_tol(s->a, 158.4, 0.02);
    ck_assert_int_eq(w->water[174 * 512 + 313], WATER_LAKE);
    ck_assert_ptr_nonnull(w->biome);
    ck_assert_int_eq(w->biome[174 * 512 + 313], BIOME_LAKE);
    s = world_stat_find(w, "hydro.outlets");
    ck_assert_int_eq((long)s->a, 2044); /* the border; Fuji has no sea */
    {
        /* The map at one pixel per cell: the crater is lake; the largest
         * river is drawn all the way to where it leaves the map. */
        struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
        uint32_t *rgb = malloc(512 * 512 * sizeof *rgb);
        uint8_t *cls = malloc(512 * 512);
        const struct world_stat *at = world_stat_find(w, "hydro.max_flow_at");
        size_t i, river = 0, mouth;
        ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &v, 512, 512, rgb, cls, &e), OG_OK);
        ck_assert_int_eq(cls[174 * 512 + 313], MC_LAKE);
        mouth = (size_t)at->b * 512 + (size_t)at->a;
        ck_assert_int_eq(at->b, 511.0);
        ck_assert_int_eq(cls[mouth], MC_RIVER);
        for (i = 0; i < 512 * 512; i++) {
            river += cls[i] == MC_RIVER;
        }
        ck_assert_uint_gt(river, 2000);
        free(rgb);
        free(cls);
    }
    world_unref(w);
    dem_raster_fini(&raster);
}
END_TEST

/* River drawing on a hand-made grid world: a straight river along row 16,
 * 4 cells wide, drawn at one pixel per cell. Pixels within the radius take
 * the river colour exactly, the anti-aliased edge pixel half of it, pixels
 * beyond are untouched; a river thinner than a pixel is faded and not
 * classed as river. */
START_TEST(draw_rivers_width_and_antialiasing)
{
    struct params p;
    struct world *w;
    struct og_error e;
    struct map_view v = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t rgb[32 * 32];
    uint8_t cls[32 * 32];
    int x;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &e), OG_OK);
    w->width = w->height = 32;
    w->ncells = w->nhydro = 32 * 32;
    ck_assert_int_eq(world_alloc((void **)&w->downhill, w->nhydro, sizeof(int32_t), "d", &e),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->river_width, w->nhydro, sizeof(float), "r", &e),
                     OG_OK);
    for (x = 0; x < 32 * 32; x++) {
        w->downhill[x] = -1;
    }
    for (x = 5; x <= 25; x++) {
        w->downhill[16 * 32 + x] = 16 * 32 + x + 1;
        w->river_width[16 * 32 + x] = 4.0f;
    }
    memset(rgb, 0, sizeof rgb);
    memset(cls, MC_GRASS, sizeof cls);
    ck_assert_int_eq(mapimg_draw_rivers(w, LAYER_COLOR, &v, 32, 32, rgb, cls, &e), OG_OK);
    ck_assert_uint_eq(rgb[16 * 32 + 15], 0x3b78b4u);  /* on the line */
    ck_assert_uint_eq(rgb[17 * 32 + 15], 0x3b78b4u);  /* 1 cell off: inside radius 2 */
    ck_assert_uint_eq(rgb[18 * 32 + 15], 0x1e3c5au);  /* 2 off: the edge, half covered */
    ck_assert_uint_eq(rgb[19 * 32 + 15], 0u);         /* 3 off: untouched */
    ck_assert_int_eq(cls[18 * 32 + 15], MC_RIVER);
    ck_assert_int_eq(cls[19 * 32 + 15], MC_GRASS);
    ck_assert_uint_eq(rgb[16 * 32 + 2], 0u);          /* upstream of the source */

    for (x = 5; x <= 25; x++) {
        w->river_width[16 * 32 + x] = 0.2f;
    }
    memset(rgb, 0, sizeof rgb);
    memset(cls, MC_GRASS, sizeof cls);
    ck_assert_int_eq(mapimg_draw_rivers(w, LAYER_COLOR, &v, 32, 32, rgb, cls, &e), OG_OK);
    ck_assert_uint_gt(rgb[16 * 32 + 15], 0u);
    ck_assert_uint_lt((rgb[16 * 32 + 15] >> 16) & 0xff, 0x3bu);
    ck_assert_int_eq(cls[16 * 32 + 15], MC_GRASS);
    world_unref(w);
}
END_TEST

/* Iso rivers on a grid (render/iso_field.c): a river running at 1 in 3 is
 * a D8 staircase (E, E, SE, ...). The field's vertex colours take the map's
 * curve smoothed along the flow, anti-aliased: cells off the staircase
 * but within 0.75 cells of the ideal line (at each step, the corner cells
 * the line passes between) are tinted, and cells 3 away keep the ground
 * colour. The old per-cell tint coloured exactly the staircase cells. */
START_TEST(iso_rivers_follow_the_curve)
{
    enum { S = 40 };
    struct params p;
    struct world *w;
    struct og_error e;
    struct iso_field f;
    uint8_t on_path[S * S];
    uint32_t ground;
    int x, y, k, tinted_off = 0;
    size_t i;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &e), OG_OK);
    w->width = w->height = S;
    w->ncells = w->nhydro = S * S;
    ck_assert_int_eq(world_alloc((void **)&w->elevation, w->ncells, sizeof(float), "e", &e), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->downhill, w->nhydro, sizeof(int32_t), "d", &e),
                     OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->river_width, w->nhydro, sizeof(float), "r", &e),
                     OG_OK);
    for (i = 0; i < w->ncells; i++) {
        w->elevation[i] = 0.5f;
        w->downhill[i] = -1;
    }
    w->elev_min = 0.0f;
    w->elev_max = 1.0f;
    memset(on_path, 0, sizeof on_path);
    x = 2;
    y = 5;
    for (k = 0; k < 30; k++) {
        int nx = x + 1, ny = k % 3 == 2 ? y + 1 : y;
        on_path[y * S + x] = 1;
        w->river_width[y * S + x] = 0.8f;
        w->downhill[y * S + x] = ny * S + nx;
        x = nx;
        y = ny;
    }
    ck_assert_int_eq(iso_field_from_world(&f, w, 0, &e), OG_OK);
    ground = f.color[2 * S + 30];
    for (x = 8; x < 28; x++) {
        /* the ideal line through the middles of the steps: y = 5 + (x - 3) / 3 */
        double yl = 5.0 + (x - 3.0) / 3.0;
        for (y = 0; y < S; y++) {
            double d = fabs(y - yl);
            uint32_t c = f.color[y * S + x];
            if (d >= 3.0) {
                ck_assert_uint_eq(c, ground);
            } else if (!on_path[y * S + x] && d < 0.75) {
                tinted_off += c != ground;
            }
        }
    }
    ck_assert_int_gt(tinted_off, 3);
    iso_field_fini(&f);
    world_unref(w);
}
END_TEST

Suite *
hydro_suite(void)
{
    Suite *s = suite_create("hydro");
    TCase *tc = tcase_create("dem");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, fuji_reference);
    tcase_add_test(tc, fuji_reference_4);
    tcase_add_test(tc, nevada_reference);
    tcase_add_test(tc, front_range_reference);
    tcase_add_test(tc, fuji_crater_lake);
    suite_add_tcase(s, tc);
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
    tc = tcase_create("worlds");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, island_drains_to_sea);
    tcase_add_test(tc, island_deterministic);
    tcase_add_test(tc, island_moisture_near_water);
    tcase_add_test(tc, dem_world_fuji);
    tcase_add_test(tc, draw_rivers_width_and_antialiasing);
    tcase_add_test(tc, iso_rivers_follow_the_curve);
    suite_add_tcase(s, tc);
    return s;
}
