/* The planet's land brush (planet_edit_brush): a stroke is a spherical cap
 * of the brush's radius in degrees, whatever the point count and wherever
 * the globe view shows it. After the whole edit (water, landmass ids,
 * elevation, biomes re-solved) every cell whose centre lies in the cap is
 * land (or sea), the cap is one connected patch, nothing outside it
 * changed, the counts the editor reports match the world, and the edit
 * list replays to the same bytes. (The newcomer of stop 13 saw holes and
 * scattered islets: the TUI picked cells by the projected globe's pixels.) */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/planet/gen_planet.h"
#include "core/geom/mesh.h"
#include "core/planet/planet_edit.h"
#include "render/globe.h"
#include "tests.h"

static struct world *
brush_planet(size_t points, uint64_t seed)
{
    return test_planet_world(seed, points, 1, NULL);
}

/* Arc between the centres of cells a and b, degrees. */
static double
arc_deg(const struct world *w, int32_t a, int32_t b)
{
    const double *p = w->mesh->points + 3 * (size_t)a, *q = w->mesh->points + 3 * (size_t)b;
    double d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
    return acos(d > 1.0 ? 1.0 : d < -1.0 ? -1.0 : d) * 180.0 / M_PI;
}

/* The cell under the globe view (default yaw and pitch) at fraction f of
 * the disc's radius below its centre: 0 the centre, 0.97 near the limb. */
static int32_t
view_cell(const struct world *w, double f)
{
    enum { S = 400 };
    int32_t *cells = malloc((size_t)S * S * sizeof *cells), c;
    int y = S / 2 + (int)(f * (S / 2 - 1));
    ck_assert_int_eq(planet_sample_ortho(w, params_get(&w->params, P_PLANET_GLOBE_YAW),
                                         params_get(&w->params, P_PLANET_GLOBE_PITCH), S, S,
                                         NULL, cells),
                     OG_OK);
    c = cells[(size_t)y * S + S / 2];
    free(cells);
    ck_assert_int_ge(c, 0);
    return c;
}

/* Components of the cells with mark[v] over the mesh's adjacency. */
static size_t
components(const struct adjacency *a, const uint8_t *mark, size_t n)
{
    uint8_t *seen = calloc(n, 1);
    int32_t *q = malloc(n * sizeof *q);
    size_t i, k = 0;
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        if (!mark[i] || seen[i]) {
            continue;
        }
        k++;
        seen[i] = 1;
        q[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t v = q[head++], j;
            for (j = a->start[v]; j < a->start[v + 1]; j++) {
                int32_t u = a->nbr[j];
                if (mark[u] && !seen[u]) {
                    seen[u] = 1;
                    q[tail++] = u;
                }
            }
        }
    }
    free(seen);
    free(q);
    return k;
}

/* One stroke of brush size at view fraction f, then its checks; returns
 * the cells under the brush. */
static size_t
check_stroke(const struct world *w, const struct adjacency *a, double f, int size, int land)
{
    int32_t c = view_cell(w, f), *list;
    double r = planet_brush_radius(size);
    /* one cell's spacing: the arc of a cell's area as a disc's diameter */
    double cell_deg = 2.0 * sqrt(4.0 / (double)w->ncells) * 180.0 / M_PI;
    uint8_t *cap = calloc(w->ncells, 1), *want = calloc(w->ncells, 1);
    struct world *nw = NULL, *back = NULL;
    size_t under = 0, changed = 0, incap = 0, inner = 0, diff = 0, holes = 0, i, n, nl;
    int32_t *cells = NULL, id;
    uint8_t *lands = NULL;
    double *radii = NULL, expect;
    char *text = NULL;
    struct og_error err;

    for (i = 0; i < w->ncells; i++) {
        if (arc_deg(w, c, (int32_t)i) <= r) {
            cap[i] = 1;
            incap++;
            want[i] = (w->water[i] == WATER_LAND) != (land != 0);
        }
    }
    ck_assert_int_eq(planet_edit_brush(w, c, r, land, &nw, &under, &changed, &err), OG_OK);
    ck_assert_ptr_nonnull(nw);
    /* the cells the brush takes: exactly those whose centre is in the cap,
       one connected patch, breadth-first from c */
    ck_assert_int_eq(planet_brush_cells(w, c, r, &list, &n, &err), OG_OK);
    ck_assert_int_eq(list[0], c);
    ck_assert_uint_eq(n, incap);
    ck_assert_uint_eq(under, incap);
    for (i = 0; i < n; i++) {
        ck_assert(cap[list[i]]);
    }
    free(list);
    ck_assert_uint_eq(components(a, cap, w->ncells), 1);
    /* its area is the cap's, a constant of the world: (1 - cos r) / 2 of
       the globe (within 4 cells' worth of rim, plus 10 %) */
    expect = (1.0 - cos(r * M_PI / 180.0)) / 2.0 * (double)w->ncells;
    ck_assert_msg(fabs((double)incap - expect) <= 0.1 * expect + 4.0 * sqrt(expect) + 1.0,
                  "brush %d at %zu points: %zu cells, the cap holds %.1f", size, w->ncells,
                  incap, expect);
    /* after the whole pipeline: every cell in the cap (minus a one-cell
       margin, and in fact all of it) is land / sea; no holes, no islets */
    for (i = 0; i < w->ncells; i++) {
        /* land or lake: lakes are derived (rivers follow the climate), the
         * brush paints land and sea */
        int is_land = nw->water[i] != WATER_OCEAN;
        if (cap[i] && arc_deg(w, c, (int32_t)i) <= r - cell_deg) {
            inner++;
        }
        if (cap[i] && is_land != (land != 0)) {
            holes++;
        }
        /* nothing outside the cap changed */
        if ((w->water[i] != WATER_OCEAN) != is_land) {
            diff++;
            ck_assert_msg(cap[i], "cell %zu outside the cap changed", i);
        }
    }
    ck_assert_uint_eq(holes, 0);
    ck_assert_uint_eq(changed, diff);   /* "land added: K of N cells" */
    if (size >= 5) {
        ck_assert_uint_gt(inner, 0);
    }
    if (land) {
        /* one landmass holds the whole cap: the editor's "landmass now" */
        size_t lm = 0;
        id = planet_landmass_at(nw, c, &lm, NULL);
        ck_assert_int_ge(id, 0);
        for (i = 0; i < w->ncells; i++) {
            if (cap[i]) {
                ck_assert_int_eq(nw->landmass[i], id);
            }
        }
        ck_assert_uint_ge(lm, incap);
    } else {
        for (i = 0; i < w->ncells; i++) {
            if (cap[i]) {
                ck_assert_int_eq(nw->landmass[i], -1);
            }
        }
    }
    /* one stroke is one edit, "+C@R", and the list replays to the same bytes */
    ck_assert_uint_eq(planet_edit_count(nw), planet_edit_count(w) + (changed > 0));
    ck_assert_int_eq(planet_edits_to_text(nw, &text, &err), OG_OK);
    ck_assert_int_eq(planet_edits_parse(text, w->ncells, &cells, &lands, &radii, &nl, &err), OG_OK);
    ck_assert_uint_eq(nl, planet_edit_count(nw));
    ck_assert_int_eq(cells[nl - 1], c);
    ck_assert(radii[nl - 1] == r);
    free(text);
    {
        /* replay on the unedited base (w may carry earlier strokes) */
        ck_assert_int_eq(planet_edit_replay(w, cells + planet_edit_count(w),
                                            lands + planet_edit_count(w),
                                            radii + planet_edit_count(w),
                                            nl - planet_edit_count(w), &back, &err),
                         OG_OK);
        ck_assert(memcmp(back->water, nw->water, w->ncells) == 0);
        ck_assert(memcmp(back->biome, nw->biome, w->ncells) == 0);
        ck_assert(memcmp(back->landmass, nw->landmass, w->ncells * sizeof(int32_t)) == 0);
        ck_assert(memcmp(back->elevation, nw->elevation, w->ncells * sizeof(float)) == 0);
        ck_assert(memcmp(back->color, nw->color, w->ncells * sizeof(uint32_t)) == 0);
        world_unref(back);
    }
    free(cells);
    free(lands);
    free(radii);
    /* the same stroke again changes nothing */
    {
        struct world *same;
        size_t u2 = 0, c2 = 1;
        ck_assert_int_eq(planet_edit_brush(nw, c, r, land, &same, &u2, &c2, &err), OG_OK);
        ck_assert_ptr_eq(same, nw);
        ck_assert_uint_eq(u2, incap);
        ck_assert_uint_eq(c2, 0);
        world_unref(same);
    }
    world_unref(nw);
    free(cap);
    free(want);
    return incap;
}

static const size_t brush_points[] = { 10000, 100000 };

START_TEST(test_brush_cap)
{
    struct world *w = brush_planet(brush_points[_i], 1);
    struct adjacency a;
    size_t mid, limb;

    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    /* land at the view's centre and near its limb (the newcomer's strokes:
       brush 9 at the centre, 5 near the edge), sea near the limb */
    mid = check_stroke(w, &a, 0.0, 9, 1);
    limb = check_stroke(w, &a, 0.97, 9, 1);
    /* the same brush covers the same area wherever it is */
    ck_assert_msg(fabs((double)mid - (double)limb) <= 0.1 * (double)mid, "%zu vs %zu", mid, limb);
    check_stroke(w, &a, 0.97, 5, 1);
    check_stroke(w, &a, 0.5, 6, 0);
    check_stroke(w, &a, 0.0, 1, 1);
    adjacency_fini(&a);
    world_unref(w);
}
END_TEST

START_TEST(test_brush_errors)
{
    struct world *w = brush_planet(2000, 3), *nw = NULL;
    struct og_error e;
    int32_t *list = NULL;
    size_t n = 7;

    ck_assert_int_eq(planet_edit_brush(w, 0, 91.0, 1, &nw, NULL, NULL, &e), OG_EINVAL);
    ck_assert_ptr_null(nw);
    ck_assert_ptr_nonnull(strstr(e.msg, "brush radius"));
    ck_assert_int_eq(planet_edit_brush(w, 0, NAN, 1, &nw, NULL, NULL, &e), OG_EINVAL);
    ck_assert_int_eq(planet_edit_brush(w, -1, 5.0, 1, &nw, NULL, NULL, &e), OG_EINVAL);
    ck_assert_ptr_nonnull(strstr(e.msg, "outside"));
    ck_assert_int_eq(planet_brush_cells(w, (int32_t)w->ncells, 5.0, &list, &n, &e), OG_EINVAL);
    ck_assert_ptr_null(list);
    ck_assert_uint_eq(n, 0);
    /* radius 0 is the cell alone; the brush sizes grow */
    ck_assert_int_eq(planet_brush_cells(w, 5, 0.0, &list, &n, &e), OG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(list[0], 5);
    free(list);
    ck_assert(planet_brush_radius(0) == 0.0 && planet_brush_radius(PLANET_BRUSH_MAX + 1) == 0.0);
    ck_assert(planet_brush_radius(1) == 1.0 && planet_brush_radius(9) == 25.6);
    {
        int s;
        for (s = 2; s <= PLANET_BRUSH_MAX; s++) {
            ck_assert(planet_brush_radius(s) > planet_brush_radius(s - 1));
        }
    }
    world_unref(w);
}
END_TEST

void
planet_brush_tests(Suite *s)
{
    TCase *tc = tcase_create("brush");
    tcase_add_loop_test(tc, test_brush_cap, 0, (int)(sizeof brush_points / sizeof brush_points[0]));
    tcase_add_test(tc, test_brush_errors);
    tcase_set_timeout(tc, 60); /* 100k points: about 3 s at -O2 */
    suite_add_tcase(s, tc);
}
