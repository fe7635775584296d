/* Priority-flood: both methods of hydro_priority_flood against plain
 * reference floods written here as simply as the methods are defined (a
 * binary heap and a byte per node; no queue tricks, no candidate checks,
 * no word masks), cell by cell for the filled surface and node by node for
 * the flood order (rank), which hydro_route uses to break ties and so fixes
 * every output built on the fill:
 *   - heap method: Barnes, Lehman and Mulla 2014's improved priority-flood,
 *     the priority queue ordered by (level, node), a FIFO for the cells
 *     raised to the current level;
 *   - fast method: the same with slope tracing (Zhou, Sun and Fu 2016; Wei,
 *     Zhou and Fu 2019): a cell reached above the current level is traced
 *     upward breadth-first instead of queued, and a traced cell with a
 *     lower unreached neighbour waits in a queue that pops the lowest level
 *     first and, among equal levels, the last pushed first.
 * Both start from the outlets in node order; a component without an outlet
 * is seeded at its lowest node (smallest index on ties), components taken
 * in the order of their first node. Grids of every shape from 1 x 1 up,
 * 4 and 8 neighbours, white noise, smooth slopes with depressions, coarse
 * integer heights (flats and ties), terraces, all-equal grids, negative
 * heights, outlets on the border, in the sea, scattered or none, and a
 * Delaunay mesh's triangle and point graphs. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"
#include "core/base/rng.h"
#include "tests.h"
#include "test_hydro.h"

/* --- the reference floods ------------------------------------------------------- */

/* Order-preserving map of a float onto uint32 (as the fill's queues). */
static uint32_t
ref_key(float h)
{
    uint32_t u;
    memcpy(&u, &h, sizeof u);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

struct ref_item {
    uint64_t key; /* smaller pops first */
    int32_t node;
    float level;
};

struct ref_heap {
    struct ref_item *a;
    size_t n;
};

static void
ref_push(struct ref_heap *h, uint64_t key, int32_t node, float level)
{
    size_t i = h->n++;
    struct ref_item it = { key, node, level };

    while (i > 0 && h->a[(i - 1) / 2].key > key) {
        h->a[i] = h->a[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->a[i] = it;
}

static struct ref_item
ref_pop(struct ref_heap *h)
{
    struct ref_item top = h->a[0], last = h->a[--h->n];
    size_t i = 0;

    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n) {
            break;
        }
        if (c + 1 < h->n && h->a[c + 1].key < h->a[c].key) {
            c++;
        }
        if (last.key <= h->a[c].key) {
            break;
        }
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->n > 0) {
        h->a[i] = last;
    }
    return top;
}

struct ref {
    const struct hydro_graph *g;
    const float *elev;
    float *filled;
    uint32_t *rank;
    uint8_t *done;
    uint32_t next;
    int fast;
    uint32_t seq;       /* pushes so far (fast: later pushes pop first on ties) */
    struct ref_heap pq;
    int32_t *pit, *trace;
    size_t pit_head, pit_tail;
    float pit_level;
};

static void
ref_visit(struct ref *r, int32_t i, float h)
{
    r->done[i] = 1;
    r->filled[i] = h;
    r->rank[i] = r->next++;
}

static void
ref_queue(struct ref *r, float level, int32_t i)
{
    uint64_t k;

    if (r->fast) {
        k = (uint64_t)ref_key(level) << 32 | (UINT32_MAX - r->seq++);
    } else {
        k = (uint64_t)ref_key(level == 0.0f ? 0.0f : level) << 32 | (uint32_t)i;
    }
    ref_push(&r->pq, k, i, level);
}

/* The flood order of `method` into filled and rank. */
static void
ref_flood(const struct hydro_graph *g, const float *elev, const uint8_t *outlet, int fast,
          float *filled, uint32_t *rank)
{
    struct ref r;
    int32_t nb[HYDRO_MAX_DEGREE], c;
    size_t i, n = g->n, first = 0;
    int k, cnt;

    memset(&r, 0, sizeof r);
    r.g = g;
    r.elev = elev;
    r.filled = filled;
    r.rank = rank;
    r.fast = fast;
    r.done = calloc(n, 1);
    r.pq.a = malloc(n * sizeof *r.pq.a);
    r.pit = malloc(n * sizeof *r.pit);
    r.trace = malloc(n * sizeof *r.trace);
    ck_assert(r.done && r.pq.a && r.pit && r.trace);
    memcpy(filled, elev, n * sizeof *filled);
    for (i = 0; i < n; i++) {
        if (outlet[i]) {
            ref_visit(&r, (int32_t)i, elev[i]);
            ref_queue(&r, elev[i], (int32_t)i);
        }
    }
    for (;;) {
        float level;
        size_t t, len = 0;
        if (r.pit_head < r.pit_tail) {
            c = r.pit[r.pit_head++];
            level = r.pit_level;
        } else if (r.pq.n > 0) {
            struct ref_item it = ref_pop(&r.pq);
            c = it.node;
            level = it.level;
        } else {
            /* seed the next component without an outlet at its lowest node */
            size_t head = 0, tail = 0;
            int32_t best;
            uint8_t *seen;
            while (first < n && r.done[first]) {
                first++;
            }
            if (first == n) {
                break;
            }
            seen = calloc(n, 1);
            ck_assert(seen != NULL);
            best = (int32_t)first;
            seen[first] = 1;
            r.trace[tail++] = (int32_t)first;
            while (head < tail) {
                int32_t v = r.trace[head++];
                if (elev[v] < elev[best] || (elev[v] == elev[best] && v < best)) {
                    best = v;
                }
                cnt = hydro_neighbors(g, (size_t)v, nb);
                for (k = 0; k < cnt; k++) {
                    if (!r.done[nb[k]] && !seen[nb[k]]) {
                        seen[nb[k]] = 1;
                        r.trace[tail++] = nb[k];
                    }
                }
            }
            free(seen);
            ref_visit(&r, best, elev[best]);
            r.pit_head = 0;
            r.pit_tail = 1;
            r.pit[0] = best;
            r.pit_level = elev[best];
            continue;
        }
        if (r.pit_head == r.pit_tail) {
            r.pit_head = r.pit_tail = 0;
        }
        cnt = hydro_neighbors(g, (size_t)c, nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            if (r.done[m]) {
                continue;
            }
            if (elev[m] <= level) {
                ref_visit(&r, m, level);
                r.pit[r.pit_tail++] = m;
                r.pit_level = level;
            } else {
                ref_visit(&r, m, elev[m]);
                if (fast) {
                    r.trace[len++] = m;
                } else {
                    ref_queue(&r, elev[m], m);
                }
            }
        }
        /* fast: trace the slope cells upward, breadth-first */
        for (t = 0; t < len; t++) {
            int32_t s = r.trace[t];
            int lower = 0;
            cnt = hydro_neighbors(g, (size_t)s, nb);
            for (k = 0; k < cnt; k++) {
                int32_t m = nb[k];
                if (r.done[m]) {
                    continue;
                }
                if (elev[m] >= elev[s]) {
                    ref_visit(&r, m, elev[m]);
                    r.trace[len++] = m;
                } else {
                    lower = 1;
                }
            }
            if (lower) {
                ref_queue(&r, elev[s], s);
            }
        }
    }
    ck_assert_uint_eq(r.next, n);
    free(r.done);
    free(r.pq.a);
    free(r.pit);
    free(r.trace);
}

/* --- the comparisons -------------------------------------------------------------- */

/* Both methods, with and without rank and in place (filled == elev), equal
 * their references on (g, elev, outlet); `what` names the case. */
static void
check_methods(const struct hydro_graph *g, const float *elev, const uint8_t *outlet,
              const char *what)
{
    size_t n = g->n, i;
    float *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    uint32_t *wrank = malloc(n * sizeof *wrank), *grank = malloc(n * sizeof *grank);
    int fast;

    ck_assert(want && got && wrank && grank);
    for (fast = 0; fast <= 1; fast++) {
        enum hydro_flood_method m = fast ? HYDRO_FLOOD_FAST : HYDRO_FLOOD_HEAP;
        struct og_error e;
        ref_flood(g, elev, outlet, fast, want, wrank);
        ck_assert_int_eq(hydro_priority_flood(g, elev, outlet, m, got, grank, NULL, &e), OG_OK);
        for (i = 0; i < n; i++) {
            ck_assert_msg(memcmp(&got[i], &want[i], sizeof *got) == 0 && grank[i] == wrank[i],
                          "%s, %s method: node %zu filled %.9g rank %u, reference %.9g rank %u",
                          what, fast ? "fast" : "heap", i, (double)got[i], grank[i],
                          (double)want[i], wrank[i]);
        }
        ck_assert_int_eq(hydro_priority_flood(g, elev, outlet, m, got, NULL, NULL, &e), OG_OK);
        ck_assert_msg(memcmp(got, want, n * sizeof *got) == 0, "%s, %s method without rank", what,
                      fast ? "fast" : "heap");
        memcpy(got, elev, n * sizeof *got);
        ck_assert_int_eq(hydro_priority_flood(g, got, outlet, m, got, grank, NULL, &e), OG_OK);
        ck_assert_msg(memcmp(got, want, n * sizeof *got) == 0 &&
                          memcmp(grank, wrank, n * sizeof *grank) == 0,
                      "%s, %s method in place", what, fast ? "fast" : "heap");
    }
    /* the two methods fill alike */
    ref_flood(g, elev, outlet, 0, got, grank);
    ck_assert_msg(memcmp(got, want, n * sizeof *got) == 0, "%s: the references differ", what);
    free(want);
    free(got);
    free(wrank);
    free(grank);
}

enum relief { WHITE, SMOOTH, COARSE, TERRACE, EQUAL, RELIEFS };
enum outlets { BORDER, SEA, SCATTERED, NONE, OUTLETS };

static const char *const relief_name[] = { "white", "smooth", "coarse", "terrace", "equal" };
static const char *const outlet_name[] = { "border", "sea", "scattered", "none" };

/* Heights of a w x h grid: relief of kind `kind`, some of them below 0. */
static void
make_relief(float *elev, int w, int h, enum relief kind, struct rng *g)
{
    double fx = 0.5 + rng_next_double(g), fy = 0.5 + rng_next_double(g);
    int x, y;

    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            double s = sin(x * 0.37 * fx + 1.0) * cos(y * 0.29 * fy) * 6.0 + 0.05 * (x + 2 * y) +
                       rng_next_double(g) * 1.5;
            float v;
            switch (kind) {
            case WHITE:
                v = (float)(rng_next_double(g) * 20.0 - 5.0);
                break;
            case SMOOTH:
                v = (float)s;
                break;
            case COARSE:
                v = (float)rng_next_below(g, 4) - 1.0f;
                break;
            case TERRACE:
                v = (float)(floor(s * 2.0) * 0.5);
                break;
            default:
                v = 7.25f;
                break;
            }
            elev[(size_t)y * (size_t)w + (size_t)x] = v;
        }
    }
}

static void
make_outlets(uint8_t *outlet, const float *elev, int w, int h, enum outlets kind, struct rng *g)
{
    size_t i, n = (size_t)w * (size_t)h;

    switch (kind) {
    case BORDER:
        hydro_grid_outlets(w, h, elev, -INFINITY, outlet);
        break;
    case SEA:
        hydro_grid_outlets(w, h, elev, 0.0f, outlet);
        break;
    case SCATTERED:
        for (i = 0; i < n; i++) {
            outlet[i] = rng_next_below(g, 40) == 0;
        }
        break;
    default:
        memset(outlet, 0, n);
        break;
    }
}

/* Every grid shape, relief and outlet rule, 8 and 4 neighbours. */
START_TEST(grids_match_reference)
{
    static const int sizes[][2] = { { 1, 1 },  { 1, 9 },   { 9, 1 },   { 2, 2 },   { 2, 13 },
                                    { 13, 2 }, { 3, 3 },   { 3, 40 },  { 40, 3 },  { 17, 11 },
                                    { 64, 48 }, { 97, 61 } };
    size_t s;

    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1], conn, kind, out;
        size_t n = (size_t)w * (size_t)h;
        float *elev = malloc(n * sizeof *elev);
        uint8_t *outlet = malloc(n);
        ck_assert(elev && outlet);
        for (conn = 4; conn <= 8; conn += 4) {
            struct hydro_graph g;
            struct og_error e;
            ck_assert_int_eq(hydro_graph_grid(&g, w, h, conn, &e), OG_OK);
            for (kind = 0; kind < RELIEFS; kind++) {
                for (out = 0; out < OUTLETS; out++) {
                    struct rng r;
                    char what[160];
                    rng_seed(&r, (uint64_t)(s * 131 + (size_t)kind * 7 + (size_t)out), 13);
                    make_relief(elev, w, h, (enum relief)kind, &r);
                    make_outlets(outlet, elev, w, h, (enum outlets)out, &r);
                    snprintf(what, sizeof what, "%dx%d %d-neighbour %s relief, %s outlets", w, h,
                             conn, relief_name[kind], outlet_name[out]);
                    check_methods(&g, elev, outlet, what);
                }
            }
        }
        free(elev);
        free(outlet);
    }
}
END_TEST

/* A larger smooth grid, where slope traces run long and many traced cells
 * wait for a lower neighbour, with sea outlets and closed basins. */
START_TEST(large_grid_matches_reference)
{
    int w = 300, h = 220, x, y;
    size_t n = (size_t)w * (size_t)h;
    float *elev = malloc(n * sizeof *elev);
    uint8_t *outlet = malloc(n);
    struct hydro_graph g;
    struct og_error e;
    struct rng r;

    ck_assert(elev && outlet);
    rng_seed(&r, 2024, 1);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            double v = sin(x * 0.05) * cos(y * 0.07) * 40.0 + sin(x * 0.31 + y * 0.17) * 6.0 +
                       sin(x * 1.3) * cos(y * 1.1) * 1.5 + rng_next_double(&r) * 0.8;
            elev[(size_t)y * (size_t)w + (size_t)x] = (float)v;
        }
    }
    ck_assert_int_eq(hydro_graph_grid(&g, w, h, 8, &e), OG_OK);
    hydro_grid_outlets(w, h, elev, -30.0f, outlet);
    check_methods(&g, elev, outlet, "300x220 smooth, sea outlets");
    for (x = 0; x < w * h; x++) {
        elev[x] = floorf(elev[x]);
    }
    hydro_grid_outlets(w, h, elev, -INFINITY, outlet);
    check_methods(&g, elev, outlet, "300x220 smooth in whole units, border outlets");
    free(elev);
    free(outlet);
}
END_TEST

/* The triangle and point graphs of a Delaunay mesh (general graphs). */
START_TEST(mesh_graphs_match_reference)
{
    struct mesh *m = NULL;
    struct og_error e;
    struct rng r;
    size_t npts = 400, i;
    double *xy = malloc(2 * npts * sizeof *xy);
    int kind;

    ck_assert(xy != NULL);
    rng_seed(&r, 77, 3);
    for (i = 0; i < 2 * npts; i++) {
        xy[i] = rng_next_double(&r);
    }
    ck_assert_int_eq(mesh_build_planar(&m, xy, npts, &e), OG_OK);
    for (kind = 0; kind < 2; kind++) {
        struct hydro_graph g;
        float *elev;
        uint8_t *outlet;
        int32_t nb[HYDRO_MAX_DEGREE];
        hydro_graph_mesh(&g, m, kind == 0 ? HYDRO_MESH_TRIANGLES : HYDRO_MESH_POINTS);
        elev = malloc(g.n * sizeof *elev);
        outlet = malloc(g.n);
        ck_assert(elev && outlet);
        for (i = 0; i < g.n; i++) {
            elev[i] = (float)rng_next_below(&r, 6);
            outlet[i] = hydro_neighbors(&g, i, nb) < (kind == 0 ? 3 : 4);
        }
        check_methods(&g, elev, outlet, kind == 0 ? "mesh triangles" : "mesh points");
        memset(outlet, 0, g.n);
        check_methods(&g, elev, outlet, kind == 0 ? "mesh triangles, no outlet"
                                                  : "mesh points, no outlet");
        free(elev);
        free(outlet);
    }
    mesh_free(m);
    free(xy);
}
END_TEST

void
priority_flood_tests(Suite *s)
{
    TCase *tc = tcase_create("priority_flood");
    /* about 1.5 s of CPU at -O2 and 4.5 s under ASan: the default 4 s
     * (12 s with CI's multiplier 3) failed CI on a loaded 2-core machine */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, grids_match_reference);
    tcase_add_test(tc, large_grid_matches_reference);
    tcase_add_test(tc, mesh_graphs_match_reference);
    suite_add_tcase(s, tc);
}
