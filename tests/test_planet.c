/* Planet generator: the whole world, determinism, relaxation and
 * subdivision, the land editor and the globe sampler. The points and the
 * spherical Delaunay are tested in test_planet_mesh.c, continents and WFC
 * in test_planet_surface.c. */
#include "config.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/adjacency.h"
#include "core/planet/planet_rivers.h"
#include "core/planet/gen_planet.h"
#include "core/geom/mesh.h"
#include "core/planet/planet_edit.h"
#include "core/geom/sphere_delaunay.h"
#include "core/planet/wfc.h"
#include "core/recipe/params.h"
#include "io/export.h"
#include "render/globe.h"
#include "render/raster.h"
#include "tests.h"

/* ---- the generator ---------------------------------------------------- */

static struct world *
run_planet(size_t points, uint64_t seed, int threads)
{
    return test_planet_world(seed, points, threads, NULL);
}

static uint64_t
world_hash(const struct world *w)
{
    uint64_t h = test_fnv1a(w->mesh->points, 3 * w->ncells * sizeof(double));
    h ^= test_fnv1a(w->mesh->triangles, 3 * w->mesh->ntriangles * sizeof(int32_t)) * 3;
    h ^= test_fnv1a(w->elevation, w->ncells * sizeof(float)) * 5;
    h ^= test_fnv1a(w->water, w->ncells) * 7;
    h ^= test_fnv1a(w->biome, w->ncells) * 11;
    h ^= test_fnv1a(w->color, w->ncells * sizeof(uint32_t)) * 13;
    h ^= test_fnv1a(w->landmass, w->ncells * sizeof(int32_t)) * 17;
    return h;
}

START_TEST(test_generator_world)
{
    struct world *w = run_planet(2000, 42, 1);
    const struct world_stat *s;
    size_t i, land = 0;

    ck_assert_int_eq(w->kind, WORLD_SPHERE);
    ck_assert_int_eq(w->mesh->dim, 3);
    ck_assert_int_eq(w->mesh->npoints, w->ncells);
    for (i = 0; i < w->ncells; i++) {
        /* land and lakes (on land, derived by the rivers) against sea */
        ck_assert_int_eq(w->water[i] != WATER_OCEAN, w->elevation[i] > 0.0f);
        ck_assert_int_eq(w->water[i] != WATER_OCEAN, w->landmass[i] >= 0);
        ck_assert(w->elevation[i] >= -1.0f && w->elevation[i] <= 1.0f);
        ck_assert_uint_eq(w->color[i], w->water[i] == WATER_LAKE
                                           ? PLANET_LAKE_COLOR
                                           : wfc_planet_rules()->biome[w->biome[i]].color);
        land += w->water[i] != WATER_OCEAN;
    }
    s = world_stat_find(w, "planet.land_fraction_growth");
    ck_assert_ptr_nonnull(s);
    ck_assert(fabs(s->a - 0.35) <= 1.0 / (double)w->ncells);
    s = world_stat_find(w, "planet.land_fraction");
    ck_assert(fabs(s->a - (double)land / w->ncells) < 1e-12);
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.min_spacing_deg"));
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.biome.desert"));
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.wfc_backtracks"));
    ck_assert_int_eq((long)world_stat_find(w, "planet.triangles")->a, 2 * (long)w->ncells - 4);
    ck_assert(world_stat_find(w, "planet.min_spacing_deg")->a
              >= world_stat_find(w, "planet.spacing_deg")->a * (1.0 - 1e-9));
    /* the keys doc/stats.md lists reach the stats JSON */
    {
        static const char *const keys[] = {
            "\"points\"", "\"triangles\"", "\"min_spacing_deg\"", "\"land_fraction_growth\"",
            "\"land_fraction\"", "\"continent_seeds\"", "\"continent_reseeds\"",
            "\"landmasses\"", "\"largest_landmass_share\"", "\"biome.desert\"",
            "\"biome.ocean\"", "\"wfc_backtracks\"",
        };
        char *json = NULL;
        size_t k;
        ck_assert_int_eq(export_stats_json(w, &json, NULL), OG_OK);
        ck_assert_ptr_nonnull(strstr(json, "\"planet\""));
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            ck_assert_msg(strstr(json, keys[k]) != NULL, "stats JSON lacks %s", keys[k]);
        }
        free(json);
    }
    world_unref(w);
}
END_TEST

START_TEST(test_generator_determinism)
{
    struct world *a = run_planet(1500, 7, 1), *b = run_planet(1500, 7, 4);
    struct world *c = run_planet(1500, 8, 1);
    ck_assert_int_eq(a->ncells, b->ncells);
    ck_assert_uint_eq(world_hash(a), world_hash(b));
    ck_assert_uint_ne(world_hash(a), world_hash(c));
    world_unref(a);
    world_unref(b);
    world_unref(c);
}
END_TEST

START_TEST(test_generator_relax_subdivide)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w;
    struct og_error e;
    size_t nt;
    int32_t *tri;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 500, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_PLANET_RELAX, 2, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_PLANET_SUBDIVIDE, 1, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(&gen_planet, &ctx, &w, &e) == OG_OK, "%s", e.msg);
    /* a subdivision adds one point per edge: n' = n + 3n - 6 */
    ck_assert_int_gt(w->ncells, 4 * 480 - 6);
    ck_assert_int_eq(sphere_delaunay(w->mesh->points, w->ncells, &tri, NULL, &nt, NULL, NULL),
                     OG_OK);
    test_check_sphere_triangulation(w->mesh->points, w->ncells, tri, nt);
    free(tri);
    world_unref(w);
}
END_TEST


/* ---- the land editor -------------------------------------------------- */

static size_t
count_ids(const struct world *w)
{
    int32_t top = -1;
    size_t i;
    for (i = 0; i < w->ncells; i++) {
        top = w->landmass[i] > top ? w->landmass[i] : top;
    }
    return (size_t)(top + 1);
}

/* Biomes of an edited world still obey every rule. */
static void
check_biomes(const struct world *w)
{
    struct adjacency a;
    uint8_t *sea = malloc(w->ncells);
    uint32_t *dom = malloc(w->ncells * sizeof *dom);
    size_t i;
    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    for (i = 0; i < w->ncells; i++) {
        sea[i] = w->water[i] != WATER_LAND;
    }
    /* the domains the biomes were solved on (climate, widened, latitude) */
    ck_assert_ptr_nonnull(world_stat_find(w, "planet.biome_domains"));
    ck_assert_int_eq(gen_planet_domains(w, &a, (int)world_stat_find(w, "planet.biome_domains")->a,
                                        dom, NULL, 0),
                     OG_OK);
    ck_assert_int_eq(wfc_violations(wfc_planet_rules(), &a, dom, w->biome, NULL), 0);
    adjacency_fini(&a);
    free(sea);
    free(dom);
}

START_TEST(test_edit_join_split)
{
    struct world *w = run_planet(2000, 5, 1), *joined, *split;
    struct adjacency a;
    int32_t s = -1, ida = -1, idb = -1, ra = -1, rb = -1;
    size_t i, before, changed = 0;

    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    /* a sea vertex between two different landmasses */
    for (i = 0; i < w->ncells && s < 0; i++) {
        int32_t j;
        if (w->water[i] == WATER_LAND) {
            continue;
        }
        ida = idb = -1;
        for (j = a.start[i]; j < a.start[i + 1]; j++) {
            int32_t id = w->landmass[a.nbr[j]];
            if (id >= 0 && ida < 0) {
                ida = id;
                ra = a.nbr[j];
            } else if (id >= 0 && id != ida) {
                idb = id;
                rb = a.nbr[j];
                s = (int32_t)i;
                break;
            }
        }
    }
    ck_assert_int_ge(s, 0);
    before = count_ids(w);
    ck_assert_int_eq(planet_edit_set_land(w, s, 1, &joined, NULL), OG_OK);
    ck_assert_ptr_ne(joined, w);
    /* adding land joins the landmasses around it under one id */
    ck_assert_int_eq(joined->water[s], WATER_LAND);
    ck_assert_int_ge(joined->landmass[s], 0);
    ck_assert_int_eq(joined->landmass[ra], joined->landmass[s]);
    ck_assert_int_eq(joined->landmass[rb], joined->landmass[s]);
    ck_assert_int_lt(count_ids(joined), before);
    {
        size_t cells;
        double share;
        ck_assert_int_eq(planet_landmass_at(joined, s, &cells, &share), joined->landmass[s]);
        /* its size: the landmasses around s plus s itself */
        int32_t ids[32], j;
        size_t nids = 0, k, expect = 1;
        for (j = a.start[s]; j < a.start[s + 1]; j++) {
            int32_t id = w->landmass[a.nbr[j]];
            for (k = 0; k < nids && ids[k] != id; k++) {
            }
            if (id >= 0 && k == nids) {
                ids[nids++] = id;
                expect += planet_landmass_mark(w, id, NULL);
            }
        }
        ck_assert_int_eq(cells, expect);
        ck_assert(fabs(share - (double)cells / w->ncells) < 1e-12);
        ck_assert(share > 0.0 && share < 1.0);
        ck_assert_int_eq(planet_landmass_at(joined, -5, &cells, NULL), -1);
        ck_assert_int_eq(cells, 0);
    }
    check_biomes(joined);
    ck_assert(world_stat_find(joined, "planet.edits")->a == 1.0);
    /* removing it again splits the landmass back into the same parts */
    ck_assert_int_eq(planet_edit_set_land(joined, s, 0, &split, NULL), OG_OK);
    ck_assert_int_eq(split->landmass[s], -1);
    ck_assert_int_ne(split->landmass[ra], split->landmass[rb]);
    ck_assert_int_eq(count_ids(split), before);
    ck_assert(memcmp(split->water, w->water, w->ncells) == 0);
    ck_assert(memcmp(split->landmass, w->landmass, w->ncells * sizeof(int32_t)) == 0);
    check_biomes(split);
    /* biomes far from the edits stay as they were */
    for (i = 0; i < w->ncells; i++) {
        changed += split->biome[i] != w->biome[i];
    }
    ck_assert_msg(changed < w->ncells / 20, "%zu biomes changed", changed);
    /* a no-op edit hands back the same world */
    {
        struct world *same;
        ck_assert_int_eq(planet_edit_set_land(split, s, 0, &same, NULL), OG_OK);
        ck_assert_ptr_eq(same, split);
        world_unref(same);
    }
    adjacency_fini(&a);
    world_unref(split);
    world_unref(joined);
    world_unref(w);
}
END_TEST

START_TEST(test_edit_new_island_and_errors)
{
    struct world *w = run_planet(2000, 9, 1), *nw;
    struct adjacency a;
    struct og_error e;
    int32_t s = -1;
    size_t i, before;

    ck_assert_int_eq(adjacency_from_triangles(&a, w->ncells, w->mesh->triangles,
                                              w->mesh->ntriangles, NULL),
                     OG_OK);
    /* open sea: no land among the neighbours */
    for (i = 0; i < w->ncells && s < 0; i++) {
        int32_t j, wet = w->water[i] != WATER_LAND;
        for (j = a.start[i]; j < a.start[i + 1]; j++) {
            wet &= w->water[a.nbr[j]] != WATER_LAND;
        }
        s = wet ? (int32_t)i : -1;
    }
    ck_assert_int_ge(s, 0);
    before = count_ids(w);
    ck_assert_int_eq(planet_edit_set_land(w, s, 1, &nw, NULL), OG_OK);
    /* a new landmass of one cell */
    ck_assert_int_eq(count_ids(nw), before + 1);
    ck_assert_int_eq(planet_landmass_mark(nw, nw->landmass[s], NULL), 1);
    ck_assert(nw->elevation[s] > 0.0f);
    check_biomes(nw);
    /* the same edit of the same world gives the same bytes */
    {
        struct world *again;
        ck_assert_int_eq(planet_edit_set_land(w, s, 1, &again, NULL), OG_OK);
        ck_assert_uint_eq(world_hash(again), world_hash(nw));
        world_unref(again);
    }
    world_unref(nw);
    ck_assert_int_eq(planet_edit_set_land(w, (int32_t)w->ncells, 1, &nw, &e), OG_EINVAL);
    ck_assert_ptr_null(nw);
    ck_assert_ptr_nonnull(strstr(e.msg, "outside"));
    /* only planets can be edited */
    {
        struct world *flat;
        struct params p;
        params_defaults(&p);
        ck_assert_int_eq(world_new(&flat, GEN_ISLAND, WORLD_MESH, &p, NULL), OG_OK);
        ck_assert_int_eq(planet_edit_set_land(flat, 0, 1, &nw, &e), OG_EINVAL);
        ck_assert_ptr_nonnull(strstr(e.msg, "planet"));
        world_unref(flat);
    }
    adjacency_fini(&a);
    world_unref(w);
}
END_TEST


/* ---- the globe sampler ------------------------------------------------- */

START_TEST(test_globe_sampler)
{
    enum { S = 64 };
    struct world *w = run_planet(1000, 3, 1);
    uint32_t *rgb = malloc(S * S * sizeof *rgb);
    int32_t *cell = malloc(S * S * sizeof *cell);
    const double east[3] = { 0.0, 1.0, 0.0 };
    size_t i, inside = 0;
    int32_t c;

    ck_assert_int_eq(planet_sample_ortho(w, 0.0, 0.0, S, S, rgb, cell), OG_OK);
    for (i = 0; i < S * S; i++) {
        ck_assert(cell[i] >= -1 && cell[i] < (int32_t)w->ncells);
        inside += cell[i] >= 0;
        if (cell[i] < 0) {
            ck_assert_uint_eq(rgb[i], 0);
        }
    }
    /* the disc covers pi r^2 pixels; corners are off the globe */
    ck_assert(fabs((double)inside - M_PI * (S / 2) * (S / 2)) < 0.02 * M_PI * (S / 2) * (S / 2));
    ck_assert_int_eq(cell[0], -1);
    ck_assert_int_eq(cell[S * S - 1], -1);
    /* the centre looks at longitude 0, latitude 0: the cell nearest (1, 0, 0) */
    c = globe_center_cell(w, 0.0, 0.0);
    ck_assert_int_eq(c, mesh_nearest_point(w->mesh, (const double[3]){ 1.0, 0.0, 0.0 }, 0));
    /* and the pixel at (S/2, S/2), whose centre is half a pixel right of
     * and below the view's centre, shows the cell nearest its direction
     * (sz, 1/S, -1/S): c itself unless (1, 0, 0) lies within a degree of a
     * cell boundary */
    {
        double h = 1.0 / S, pix[3] = { sqrt(1.0 - 2.0 * h * h), h, -h };
        ck_assert_int_eq(cell[(S / 2) * S + S / 2], mesh_nearest_point(w->mesh, pix, 0));
    }
    /* yaw 90 turns the globe so that the east point faces the viewer */
    ck_assert_int_eq(globe_center_cell(w, 90.0, 0.0), mesh_nearest_point(w->mesh, east, 0));
    /* pitch 90 looks down at the north pole, an ice-cap land cell */
    c = globe_center_cell(w, 0.0, 90.0);
    ck_assert_int_eq(w->water[c], WATER_LAND);
    /* light from the upper left: the upper-left limb is brighter than the
     * lower-right one for the same colour */
    {
        uint32_t a, b;
        int32_t ca = cell[(S / 4) * S + S / 4 + 4], cb = cell[(3 * S / 4) * S + 3 * S / 4 - 4];
        a = rgb[(S / 4) * S + S / 4 + 4];
        b = rgb[(3 * S / 4) * S + 3 * S / 4 - 4];
        if (w->color[ca] == w->color[cb]) {
            ck_assert_uint_gt(a & 0xff00, b & 0xff00);
        }
    }
    ck_assert_int_eq(planet_sample_ortho(w, 0.0, 0.0, 0, S, rgb, cell), OG_ERANGE);
    free(rgb);
    free(cell);
    world_unref(w);
}
END_TEST


/* The --globe image through the rasterizer with render.map_cells = flat
 * (the cells' facets; by default the globe is drawn per pixel from the
 * continuous fields, render/sphere_surface.c, a disc as well): a disc of
 * the right area, transparent corners, and the same picture as the
 * sampler (cell colours with Lambert shading) at the centre. */
START_TEST(test_globe_raster)
{
    enum { S = 128 };
    struct world *w = run_planet(1000, 3, 1);
    struct raster *r;
    uint32_t rgb[S * S];
    size_t i, opaque = 0, same = 0, inside = 0;
    int32_t *cell = malloc(S * S * sizeof *cell);

    ck_assert_int_eq(globe_render_raster(w, 30.0, 20.0, S, &r, NULL), OG_OK);
    for (i = 0; i < (size_t)S * S; i++) {
        opaque += r->rgba[4 * i + 3] == 255;
    }
    ck_assert(fabs((double)opaque / (M_PI * S * S / 4.0) - 1.0) < 0.04);
    ck_assert_int_eq(r->rgba[3], 0);
    raster_free(r);
    opaque = 0;
    ck_assert_int_eq(params_set(&w->params, P_RENDER_MAP_CELLS, 1, NULL), OG_OK);
    ck_assert_int_eq(globe_render_raster(w, 30.0, 20.0, S, &r, NULL), OG_OK);
    ck_assert_int_eq(planet_sample_ortho(w, 30.0, 20.0, S, S, rgb, cell), OG_OK);
    for (i = 0; i < (size_t)S * S; i++) {
        const uint8_t *px = &r->rgba[4 * i];
        uint32_t c = (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | px[2];
        opaque += px[3] == 255;
        if (cell[i] >= 0 && px[3] == 255) {
            int dr = (int)(c >> 16) - (int)(rgb[i] >> 16);
            int dg = (int)(c >> 8 & 255) - (int)(rgb[i] >> 8 & 255);
            inside++;
            same += dr * dr + dg * dg < 40 * 40;
        }
    }
    /* the facets are chords of the sphere, so the disc is a little smaller */
    ck_assert(fabs((double)opaque / (M_PI * S * S / 4.0) - 1.0) < 0.04);
    ck_assert_int_eq(r->rgba[3], 0);
    ck_assert_int_eq(r->rgba[4 * ((size_t)S * S - 1) + 3], 0);
    /* most pixels show the sampler's cell colour, up to the shading model */
    ck_assert_msg(same > 0.9 * inside, "%zu of %zu pixels agree", same, inside);
    raster_free(r);
    free(cell);
    world_unref(w);
}
END_TEST



Suite *
planet_suite(void)
{
    Suite *s = suite_create("planet");
    TCase *tg = tcase_create("generator");
    TCase *te = tcase_create("edit");

    tcase_add_test(tg, test_generator_world);
    tcase_add_test(tg, test_generator_determinism);
    tcase_add_test(tg, test_generator_relax_subdivide);
    tcase_add_test(tg, test_globe_sampler);
    tcase_add_test(tg, test_globe_raster);
    tcase_set_timeout(tg, 10);
    planet_mesh_tests(s);
    planet_surface_tests(s);
    planet_brush_tests(s);
    planet_plates_tests(s);
    planet_climate_tests(s);
    planet_rivers_tests(s);
    planet_names_tests(s);
    planet_projection_tests(s);
    suite_add_tcase(s, tg);
    tcase_add_test(te, test_edit_join_split);
    tcase_add_test(te, test_edit_new_island_and_errors);
    tcase_set_timeout(te, 10);
    suite_add_tcase(s, te);
    return s;
}
