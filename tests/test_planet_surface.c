/* Planet surface: the five continent steps (plates, sutures, growth,
 * islands, labels) and wave-function collapse of the biomes (every
 * adjacency rule holds, unsatisfiable rules fail cleanly, backtracking). */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/planet/continents.h"
#include "core/base/rng.h"
#include "core/geom/sphere_delaunay.h"
#include "core/planet/wfc.h"
#include "tests.h"

/* ---- continents ------------------------------------------------------- */

struct planet_fixture {
    double *xyz;
    size_t n;
    int32_t *tri;
    size_t nt;
    struct adjacency adj;
};

static void
fixture_make(struct planet_fixture *f, size_t count, uint64_t seed)
{
    f->xyz = test_sphere_sample(count, seed, &f->n);
    ck_assert_int_eq(sphere_delaunay(f->xyz, f->n, &f->tri, NULL, &f->nt, NULL, NULL), OG_OK);
    ck_assert_int_eq(adjacency_from_triangles(&f->adj, f->n, f->tri, f->nt, NULL), OG_OK);
}

static void
fixture_free(struct planet_fixture *f)
{
    free(f->xyz);
    free(f->tri);
    adjacency_fini(&f->adj);
}

/* the source's literal reading: uniform growth, round caps, islands per vertex */
static const struct continents_params default_cp = {
    .cap_latitude = 75.0, .ncontinents = 9, .land_target = 0.35, .island_chance = 0.08,
};

/* the defaults: noise growth and islands by area (round caps, to test them) */
static const struct continents_params noise_cp = {
    .cap_latitude = 75.0, .ncontinents = 9, .land_target = 0.35, .noise_growth = 1,
    .coast_roughness = 2.5, .island_area = 1, .island_count = 60, .island_min_area = 5e-5,
    .island_max_area = 4e-3, .island_tail = 1.0, .noise_seed = 5,
};

/* Collision ranges wander: the uplift's ridge (vertices within 5 % of the
 * highest of their neighbours: across a suture the uplift falls 13 % in one
 * 20k spacing, along it the amplitude noise changes far less) keeps off most of the growth fronts' meeting line, which
 * for continents seeded together is a great circle: 10 % of that line's
 * vertices are ridge tops here, against 32-35 % with the border taken from
 * the growth (SUTURE_WARP 0). The uplift rises only on continental land. */
START_TEST(test_sutures_bend)
{
    struct planet_fixture f;
    struct continents c;
    struct rng r;
    size_t i, fronts = 0, on_ridge = 0, tops = 0;
    float *up;

    fixture_make(&f, 20000, 31 + (uint64_t)_i);
    ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
    rng_for_stage(&r, 31 + (uint64_t)_i, "continents");
    continents_caps(&c, f.xyz, &noise_cp);
    ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, &noise_cp, &r, NULL, NULL),
                     OG_OK);
    continents_coast(&c, &f.adj);
    ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, &noise_cp, &r, NULL), OG_OK);
    up = malloc(f.n * sizeof *up);
    ck_assert_int_eq(continents_uplift(&c, &f.adj, f.xyz, 3.0 * M_PI / 180.0, 5, up, NULL),
                     OG_OK);
    for (i = 0; i < f.n; i++) {
        int32_t j, ri = (int32_t)i, top = up[i] > 0.0f, front = 0;
        if (up[i] > 0.0f) {
            ck_assert(c.state[i] == CONT_LAND && c.origin[i] >= 0);
        }
        if (c.state[i] != CONT_LAND || c.origin[i] < 0) {
            continue;
        }
        while (c.parent[ri] != ri) {
            ri = c.parent[ri];
        }
        for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
            int32_t u = f.adj.nbr[j], ru = u;
            if (c.state[u] != CONT_LAND || c.origin[u] < 0) {
                continue;
            }
            top &= up[i] >= 0.95f * up[u];
            while (c.parent[ru] != ru) {
                ru = c.parent[ru];
            }
            front |= c.origin[u] != c.origin[i] && ru == ri;
        }
        fronts += (size_t)front;
        tops += (size_t)top;
        on_ridge += (size_t)(front && top);
    }
    ck_assert_msg(fronts > 50 && tops > 50, "seed %d: %zu front and %zu ridge vertices", _i,
                  fronts, tops);
    ck_assert_msg(on_ridge < 0.2 * (double)fronts, "seed %d: %zu of %zu front vertices on the ridge",
                  _i, on_ridge, fronts);
    free(up);
    continents_fini(&c);
    fixture_free(&f);
}
END_TEST

START_TEST(test_continents_steps)
{
    struct planet_fixture f;
    struct continents c;
    struct rng r;
    size_t i, land = 0, north = 0, south = 0;
    double zc = sin(75.0 * M_PI / 180.0);

    const struct continents_params *cp = _i < 2 ? &default_cp : &noise_cp;

    fixture_make(&f, 4000, 21 + (uint64_t)_i);
    ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
    rng_for_stage(&r, 21 + (uint64_t)_i, "continents");
    continents_caps(&c, f.xyz, cp);
    ck_assert_int_gt(c.cap_vertices, 0);
    ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, cp, &r, NULL, NULL), OG_OK);
    /* growth stops exactly at the target (within one vertex) */
    for (i = 0; i < f.n; i++) {
        land += c.state[i] == CONT_LAND;
    }
    ck_assert_int_eq(land, c.land_after_growth);
    ck_assert(fabs((double)land - 0.35 * (double)f.n) <= 1.0);
    /* both polar caps are land before any flip */
    for (i = 0; i < f.n; i++) {
        if (fabs(f.xyz[3 * i + 2]) > zc) {
            ck_assert_int_eq(c.state[i], CONT_LAND);
        }
    }
    /* nine continents were instanced first; every later seed replaced a
     * merged one; at most nine are alive at the end (a merge in the last two
     * steps leaves no room under the target for a new triple) */
    ck_assert_int_eq(c.seeds - c.reseeds, 9);
    ck_assert_int_le(c.reseeds, c.merges);
    ck_assert(c.live >= 1 && c.live <= 9);
    /* coastlines: no unassigned vertex next to land */
    continents_coast(&c, &f.adj);
    for (i = 0; i < f.n; i++) {
        int32_t j;
        if (c.state[i] != CONT_UNASSIGNED) {
            continue;
        }
        for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
            ck_assert_int_ne(c.state[f.adj.nbr[j]], CONT_LAND);
        }
    }
    if (continents_south_heavier(&c, f.xyz)) {
        continents_flip(f.xyz, f.n);
    }
    for (i = 0; i < f.n; i++) {
        north += c.state[i] == CONT_LAND && f.xyz[3 * i + 2] > 0.0;
        south += c.state[i] == CONT_LAND && f.xyz[3 * i + 2] < 0.0;
    }
    ck_assert_int_ge(north, south);
    /* islands: nothing left unassigned; per vertex about 8 % of the rest
     * is land; by area at most island_count islands, each kept apart from
     * the continents and from each other by sea */
    {
        size_t rest = 0;
        for (i = 0; i < f.n; i++) {
            rest += c.state[i] == CONT_UNASSIGNED;
        }
        ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, cp, &r, NULL), OG_OK);
        for (i = 0; i < f.n; i++) {
            ck_assert_int_ne(c.state[i], CONT_UNASSIGNED);
        }
        ck_assert(rest > 500);
        if (!cp->island_area) {
            ck_assert(fabs((double)c.islands / rest - 0.08) < 0.03);
        } else {
            size_t touching = 0;
            ck_assert_int_gt(c.island_seeds, 0);
            ck_assert_int_le(c.island_seeds, cp->island_count);
            ck_assert_int_ge(c.islands, c.island_seeds);
            /* no island vertex touches continental land */
            for (i = 0; i < f.n; i++) {
                int32_t j;
                if (c.origin[i] != CONT_ORIGIN_ISLAND) {
                    continue;
                }
                for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                    int32_t u = f.adj.nbr[j];
                    touching += c.state[u] == CONT_LAND && c.origin[u] != CONT_ORIGIN_ISLAND;
                }
            }
            ck_assert_int_eq(touching, 0);
        }
    }
    /* landmass ids are the connected components */
    ck_assert_int_eq(continents_landmasses(&c, &f.adj, NULL), OG_OK);
    {
        int32_t *uf = malloc(f.n * sizeof *uf);
        size_t roots = 0, biggest = 0;
        size_t *size = calloc(f.n, sizeof *size);
        for (i = 0; i < f.n; i++) {
            uf[i] = (int32_t)i;
        }
        for (i = 0; i < f.n; i++) {
            int32_t j;
            ck_assert_int_eq(c.landmass[i] >= 0, c.state[i] == CONT_LAND);
            for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                int32_t u = f.adj.nbr[j], a = (int32_t)i, b;
                if (c.state[i] != CONT_LAND || c.state[u] != CONT_LAND) {
                    continue;
                }
                ck_assert_int_eq(c.landmass[i], c.landmass[u]);
                while (uf[a] != a) {
                    a = uf[a];
                }
                for (b = u; uf[b] != b;) {
                    b = uf[b];
                }
                uf[a] = b;
            }
        }
        for (i = 0; i < f.n; i++) {
            int32_t a = (int32_t)i;
            if (c.state[i] != CONT_LAND) {
                continue;
            }
            while (uf[a] != a) {
                a = uf[a];
            }
            roots += a == (int32_t)i;
            size[a]++;
        }
        for (i = 0; i < f.n; i++) {
            biggest = size[i] > biggest ? size[i] : biggest;
        }
        ck_assert_int_eq(roots, c.nlandmasses);
        ck_assert_int_eq(biggest, c.largest);
        free(uf);
        free(size);
    }
    continents_fini(&c);
    fixture_free(&f);
}
END_TEST

START_TEST(test_continents_contract)
{
    struct continents_params p = default_cp;
    struct og_error e;
    p.land_target = 1.5;
    ck_assert_int_eq(continents_check(&p, &e), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "land target"));
    p = default_cp;
    p.ncontinents = 0;
    ck_assert_int_eq(continents_check(&p, &e), OG_ERANGE);
}
END_TEST

/* ---- wave-function collapse ------------------------------------------- */

START_TEST(test_wfc_rules_hold)
{
    const struct wfc_rules *rules = wfc_planet_rules();
    int desert = wfc_biome_find(rules, "desert"), tundra = wfc_biome_find(rules, "tundra");
    int rain = wfc_biome_find(rules, "rainforest"), ice = wfc_biome_find(rules, "ice");
    int coast = wfc_biome_find(rules, "coast");
    struct planet_fixture f;
    uint64_t seed;

    ck_assert(desert >= 0 && tundra >= 0 && rain >= 0 && ice >= 0 && coast >= 0);
    fixture_make(&f, 3000, 77);
    for (seed = 1; seed <= 12; seed++) {
        struct continents c;
        struct rng r;
        struct wfc_stats ws;
        uint8_t *sea = malloc(f.n), *bio = malloc(f.n);
        uint32_t *dom = malloc(f.n * sizeof *dom);
        size_t i, seen_desert = 0, seen_ice = 0;

        rng_for_stage(&r, seed, "continents");
        ck_assert_int_eq(continents_init(&c, f.n, NULL), OG_OK);
        continents_caps(&c, f.xyz, &default_cp);
        ck_assert_int_eq(continents_grow(&c, &f.adj, f.xyz, f.tri, f.nt, &default_cp, &r, NULL, NULL),
                         OG_OK);
        continents_coast(&c, &f.adj);
        ck_assert_int_eq(continents_islands(&c, &f.adj, f.xyz, &default_cp, &r, NULL), OG_OK);
        for (i = 0; i < f.n; i++) {
            sea[i] = c.state[i] != CONT_LAND;
        }
        wfc_unary_domains(rules, &f.adj, f.xyz, sea, dom);
        ck_assert_int_eq(wfc_solve(rules, &f.adj, dom, bio, &r, 200, &ws, NULL, NULL), OG_OK);
        ck_assert_int_eq(wfc_violations(rules, &f.adj, dom, bio, NULL), 0);
        /* the named rules, checked directly on every edge */
        for (i = 0; i < f.n; i++) {
            double lat = asin(f.xyz[3 * i + 2]) * 180.0 / M_PI;
            int shore = 0;
            int32_t j;
            ck_assert_int_eq(rules->biome[bio[i]].water, sea[i]);
            for (j = f.adj.start[i]; j < f.adj.start[i + 1]; j++) {
                int32_t u = f.adj.nbr[j];
                shore |= sea[u] != sea[i];
                if (bio[i] == desert) {
                    ck_assert(!sea[u]); /* deserts are landlocked */
                }
                if (bio[i] == tundra) {
                    ck_assert_int_ne(bio[u], rain);
                }
            }
            if (bio[i] == ice) {
                ck_assert(fabs(lat) >= 60.0);
                seen_ice++;
            }
            if (bio[i] == coast) {
                ck_assert(shore && !sea[i]);
            }
            seen_desert += bio[i] == desert;
        }
        ck_assert_int_gt(seen_ice, 0);
        (void)seen_desert;
        continents_fini(&c);
        free(sea);
        free(bio);
        free(dom);
    }
    fixture_free(&f);
}
END_TEST

/* Two biomes that may not touch themselves: a proper 2-colouring, which a
 * triangulation (odd cycles everywhere) cannot have. Arc consistency does
 * not see it; the bounded restarts must report it. */
START_TEST(test_wfc_unsatisfiable)
{
    struct wfc_rules rules;
    struct planet_fixture f;
    struct og_error e;
    struct rng r;
    struct wfc_stats ws;
    uint32_t *dom;
    uint8_t *out;
    size_t i;

    memset(&rules, 0, sizeof rules);
    rules.nbiomes = 2;
    rules.biome[0] = (struct wfc_biome){ "a", 0xff0000, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.biome[1] = (struct wfc_biome){ "b", 0x0000ff, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.forbid[0] = 1u;
    rules.forbid[1] = 2u;
    fixture_make(&f, 2000, 3);
    dom = malloc(f.n * sizeof *dom);
    out = malloc(f.n);
    for (i = 0; i < f.n; i++) {
        dom[i] = 3u;
    }
    rng_for_stage(&r, 1, "wfc");
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 50, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "no solution"));
    /* proven, not merely given up on: both colours of the first vertex fail */
    ck_assert_ptr_null(strstr(e.msg, "within"));
    ck_assert_int_le(ws.backtracks, 50);
    /* with no backtracks allowed it stops at the first contradiction */
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 0, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "within 0 backtracks"));
    ck_assert_int_eq(ws.backtracks, 1);
    /* a biome that fits nowhere at all is caught before any choice */
    rules.forbid[0] = 0;
    rules.forbid[1] = 0;
    for (i = 0; i < f.n; i++) {
        dom[i] = i == 17 ? 0u : 3u;
    }
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 50, &ws, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "vertex 17"));
    free(dom);
    free(out);
    fixture_free(&f);
}
END_TEST


/* Four colours, none next to itself: always solvable on a planar graph
 * (four colour theorem), but greedy choices run into contradictions, so
 * this exercises the backtracking; the result must still obey every rule. */
START_TEST(test_wfc_four_colours)
{
    struct wfc_rules rules;
    struct planet_fixture f;
    struct og_error e;
    struct rng r;
    struct wfc_stats ws;
    uint32_t *dom;
    uint8_t *out;
    size_t i, contradictions = 0;
    uint64_t seed;
    int b;

    memset(&rules, 0, sizeof rules);
    rules.nbiomes = 4;
    for (b = 0; b < 4; b++) {
        rules.biome[b] = (struct wfc_biome){ "c", 0x808080, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
        rules.forbid[b] = 1u << b;
    }
    /* about 300 vertices: larger triangulations make this search
     * heavy-tailed (1500 vertices often take over a million backtracks) */
    fixture_make(&f, 300, 8);
    dom = malloc(f.n * sizeof *dom);
    out = malloc(f.n);
    for (seed = 1; seed <= 5; seed++) {
        for (i = 0; i < f.n; i++) {
            dom[i] = 15u;
        }
        rng_for_stage(&r, seed, "wfc");
        ck_assert_msg(wfc_solve(&rules, &f.adj, dom, out, &r, 100000, &ws, NULL, &e) == OG_OK,
                      "%s", e.msg);
        ck_assert_int_eq(wfc_violations(&rules, &f.adj, dom, out, NULL), 0);
        contradictions += ws.backtracks;
    }
    /* not a proof of anything, but the backtracking did run */
    ck_assert_int_gt(contradictions, 0);
    free(dom);
    free(out);
    fixture_free(&f);
}
END_TEST

static const uint32_t *order_tie;

static int
cmp_tie_vertex(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (order_tie[x] != order_tie[y]) {
        return order_tie[x] < order_tie[y] ? -1 : 1;
    }
    return x < y ? -1 : x > y;
}

/* The collapse order, replayed: with no pairwise rule and no affinity
 * nothing propagates, so the biomes follow from the draws alone. The
 * search draws one tie key per vertex, then one number per collapse:
 * first the single-option vertices (forced, whatever the number), then
 * the two-option ones in (tie key, vertex) order, each taking biome 0 when
 * its number is below one half (equal weights). */
START_TEST(test_wfc_collapse_order)
{
    struct wfc_rules rules;
    struct planet_fixture f;
    struct rng r, replay;
    struct wfc_stats ws;
    uint32_t *dom, *tie, *idx;
    uint8_t *out;
    size_t i, m = 0, singles = 0, zeros = 0;

    memset(&rules, 0, sizeof rules);
    rules.nbiomes = 3;
    rules.biome[0] = (struct wfc_biome){ "a", 0xff0000, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.biome[1] = (struct wfc_biome){ "b", 0x0000ff, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    rules.biome[2] = (struct wfc_biome){ "c", 0x00ff00, 0, 0, 90, WFC_SHORE_ANY, 1.0, 0, 90, 0, 1 };
    fixture_make(&f, 3000, 5);
    dom = malloc(f.n * sizeof *dom);
    tie = malloc(f.n * sizeof *tie);
    idx = malloc(f.n * sizeof *idx);
    out = malloc(f.n);
    for (i = 0; i < f.n; i++) {
        /* every seventh vertex is fixed to biome 2 */
        dom[i] = i % 7 == 3 ? 4u : 3u;
    }
    rng_for_stage(&r, 9, "wfc order");
    replay = r;
    ck_assert_int_eq(wfc_solve(&rules, &f.adj, dom, out, &r, 0, &ws, NULL, NULL), OG_OK);
    ck_assert_int_eq(ws.collapses, f.n);
    ck_assert_int_eq(ws.backtracks, 0);
    for (i = 0; i < f.n; i++) {
        tie[i] = rng_next_u32(&replay);
        if (dom[i] == 3u) {
            idx[m++] = (uint32_t)i;
        } else {
            ck_assert_int_eq(out[i], 2);
            singles++;
        }
    }
    for (i = 0; i < singles; i++) {
        (void)rng_next_double(&replay);
    }
    order_tie = tie;
    qsort(idx, m, sizeof *idx, cmp_tie_vertex);
    for (i = 0; i < m; i++) {
        int want = rng_next_double(&replay) * 2.0 < 1.0 ? 0 : 1;
        ck_assert_msg(out[idx[i]] == want, "vertex %u, collapse %zu of the choices",
                      idx[i], i);
        zeros += want == 0;
    }
    /* both biomes drawn, about half each */
    ck_assert(zeros > m / 3 && zeros < 2 * m / 3);
    /* the rng ends where the replay does */
    ck_assert_uint_eq(rng_next_u32(&r), rng_next_u32(&replay));
    free(dom);
    free(tie);
    free(idx);
    free(out);
    fixture_free(&f);
}
END_TEST

void
planet_surface_tests(Suite *s)
{
    TCase *tc = tcase_create("continents");
    TCase *tw = tcase_create("wfc");

    tcase_add_loop_test(tc, test_continents_steps, 0, 4);
    tcase_add_test(tc, test_continents_contract);
    tcase_add_loop_test(tc, test_sutures_bend, 0, 2);
    tcase_add_test(tw, test_wfc_rules_hold);
    tcase_add_test(tw, test_wfc_unsatisfiable);
    tcase_add_test(tw, test_wfc_four_colours);
    tcase_add_test(tw, test_wfc_collapse_order);
    tcase_set_timeout(tw, 10);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tw);
}
