/* The output registry (io/output.h, issue 23): the table's rows, the
 * names it accepts, the checks before generation, and a plan written whole
 * (the stats list the rasters written) or not at all. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/recipe/params.h"
#include "io/output.h"
#include "io/png/pngio.h"
#include "render/layer_sources.h"
#include "render/mapimg.h"
#include "tests.h"

/* Every kind has its own row, option and writer; options are found whole
 * ("--map-size" is not "--map"). */
START_TEST(output_table_rows)
{
    int k, j;
    for (k = 0; k < OUT_COUNT; k++) {
        const struct output_kind *o = output_kind((enum output_id)k);
        ck_assert(o != NULL && (int)o->id == k && o->write != NULL && o->help != NULL);
        ck_assert(strncmp(o->option, "--", 2) == 0);
        ck_assert_ptr_eq(output_find_option(o->option), o);
        for (j = 0; j < k; j++) {
            ck_assert_str_ne(o->option, output_kind((enum output_id)j)->option);
        }
    }
    ck_assert_ptr_eq(output_find_option("--map=x.png"), output_kind(OUT_MAP));
    ck_assert_ptr_null(output_find_option("--map-size"));
    ck_assert_ptr_null(output_find_option("--mesh-size"));
    ck_assert_ptr_null(output_find_option("--meshes"));
    ck_assert_ptr_null(output_kind(OUT_COUNT));
}
END_TEST

START_TEST(output_names)
{
    struct og_error e;
    const struct output_kind *map = output_kind(OUT_MAP), *mesh = output_kind(OUT_MESH);
    ck_assert_int_eq(output_check_name(map, "a.png", &e), OG_OK);
    ck_assert_int_eq(output_check_name(map, "dir.d/A.PNG", &e), OG_OK);
    ck_assert_int_eq(output_check_name(map, "noext", &e), OG_OK);
    ck_assert_int_eq(output_check_name(map, "a.jpg", &e), OG_EUSAGE);
    ck_assert(strstr(e.msg, "--map 'a.jpg': this output is a PNG") != NULL);
    ck_assert_int_eq(output_check_name(mesh, "t.glb", &e), OG_OK);
    ck_assert_int_eq(output_check_name(mesh, "t.OBJ", &e), OG_OK);
    ck_assert_int_eq(output_check_name(mesh, "t.stl", &e), OG_EUSAGE);
    ck_assert_str_eq(e.msg, "--mesh 't.stl': the name must end in .glb or .obj");
    ck_assert_int_eq(output_check_name(mesh, "t", &e), OG_EUSAGE);  /* required */
    ck_assert_int_eq(output_check_name(output_kind(OUT_RAW), "h.r16", &e), OG_OK);
    ck_assert_int_eq(output_check_name(output_kind(OUT_RAW), "h", &e), OG_OK);
    ck_assert_int_eq(output_check_name(output_kind(OUT_RAW), "h.png", &e), OG_EUSAGE);
    ck_assert_str_eq(e.msg, "--raw 'h.png': the name must end in .r16 or .raw");
}
END_TEST

static void
plan_init(struct output_plan *p, const struct params *params, enum gen_id gen)
{
    memset(p, 0, sizeof *p);
    p->gen = generator_get(gen);
    p->params = params;
    p->layer = LAYER_COLOR;
    p->view = (struct map_view){ 0.0, 0.0, 1.0, 1.0 };
    p->subdiv = p->rotate = -1;
    p->time_of_day = -1.0;
}

/* Before anything is generated: clashes, kinds that do not fit the world,
 * sizes past a format's limit, tiles without a tiled output. */
START_TEST(output_checks_before_generation)
{
    struct output_plan p;
    struct params params;
    struct og_error e;

    params_defaults(&params);
    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_MAP] = "tests/out-registry.png";
    p.path[OUT_HEIGHTMAP] = "tests/./out-registry.png";
    ck_assert_int_eq(output_plan_check_paths(&p, &e), OG_EUSAGE);
    ck_assert_str_eq(e.msg, "--map and --heightmap both write tests/./out-registry.png");
    output_plan_fini(&p);

    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_GLOBE] = "tests/out-registry-globe.png";
    ck_assert_int_eq(output_plan_check(&p, &e), OG_EUSAGE);
    ck_assert(strstr(e.msg, "--globe needs a planet world") != NULL);
    output_plan_fini(&p);

    plan_init(&p, &params, GEN_PLANET);
    p.path[OUT_ISO] = "tests/out-registry-iso.png";
    ck_assert_int_eq(output_plan_check(&p, &e), OG_EUSAGE);
    ck_assert(strstr(e.msg, "--iso renders a map") != NULL);
    output_plan_fini(&p);

    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_RAW] = "tests/out-registry.r16";
    p.size_w = p.size_h = HEIGHTMAP_MAX_SIDE + 1;
    ck_assert_int_eq(output_plan_check(&p, &e), OG_EUSAGE);
    output_plan_fini(&p);

    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_STATS] = "-";
    p.tiles.nx = p.tiles.ny = 2;
    ck_assert_int_eq(output_plan_check_paths(&p, &e), OG_OK);
    ck_assert_int_eq(output_plan_check(&p, &e), OG_EUSAGE);
    ck_assert_str_eq(e.msg, "--tiles applies to --map, --heightmap and --raw");
    output_plan_fini(&p);
}
END_TEST

/* A map, a heightmap and the stats of one island: every file written, the
 * stats list the heightmap; then the same plan with a layer the world has
 * not: nothing written at all. */
START_TEST(output_plan_writes_whole)
{
    const char *map = "tests/out-registry-map.png", *hm = "tests/out-registry-h.png",
               *stats = "tests/out-registry.json";
    struct output_plan p;
    struct params params;
    struct og_error e;
    struct world *w;
    struct stat sb;
    unsigned char *json;
    size_t len;

    params_defaults(&params);
    ck_assert_int_eq(params_set(&params, P_ISLAND_CELLS, 1200, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &params, NULL);
    unlink(map);
    unlink(hm);
    unlink(stats);
    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_MAP] = map;
    p.path[OUT_HEIGHTMAP] = hm;
    p.path[OUT_STATS] = stats;
    p.map_w = p.map_h = 64;
    p.size_w = p.size_h = 33;
    ck_assert_int_eq(output_plan_check_paths(&p, &e), OG_OK);
    ck_assert_int_eq(output_plan_check(&p, &e), OG_OK);
    ck_assert_msg(output_plan_write(&p, w, &e) == OG_OK, "%s", e.msg);
    output_plan_fini(&p);
    ck_assert(stat(map, &sb) == 0 && stat(hm, &sb) == 0);
    json = test_slurp(stats, &len);
    json[len] = '\0';
    ck_assert(strstr((char *)json, "\"exports\"") != NULL);
    ck_assert(strstr((char *)json, "\"file\": \"tests/out-registry-h.png\", \"format\": \"png16\"") != NULL);
    free(json);

    unlink(map);
    unlink(hm);
    unlink(stats);
    plan_init(&p, &params, GEN_ISLAND);
    p.path[OUT_HEIGHTMAP] = hm;
    p.path[OUT_MAP] = map;
    p.layer = LAYER_FOREST;   /* hybrid only */
    ck_assert_int_eq(output_plan_write(&p, w, &e), OG_EUSAGE);
    ck_assert(strstr(e.msg, "has no 'forest' layer") != NULL);
    output_plan_fini(&p);
    ck_assert(stat(map, &sb) != 0 && stat(hm, &sb) != 0);
    world_unref(w);
}
END_TEST

/* render/layer_sources.h against generated worlds: under the parameters
 * a world was made with, a layer it has is "possible", and a possible
 * layer it lacks is only a DEM's slope (which needs a cell size). So the
 * check before generation refuses nothing a world would have had, and
 * lets through nothing but that. Each generator with and without
 * landscape evolution (wear, deposition). */
static void
layers_match(enum gen_id gen, const struct params *p, const struct dem_raster *dem)
{
    struct params q = *p;
    struct world *w = test_run_world(gen, &q, dem);
    for (int k = 0; k < LAYER_COUNT; k++) {
        int has = mapimg_layer_available(w, (enum map_layer)k);
        int may = layer_sources_possible(gen, p, (enum map_layer)k);
        ck_assert_msg(may || !has, "%s has layer %s, not in render/layer_sources.c",
                      world_gen_name(gen), mapimg_layer_name((enum map_layer)k));
        ck_assert_msg(has || !may || (gen == GEN_DEM && k == LAYER_SLOPE),
                      "%s lacks layer %s that render/layer_sources.c promises",
                      world_gen_name(gen), mapimg_layer_name((enum map_layer)k));
        ck_assert(!may || layer_sources_possible(gen, NULL, (enum map_layer)k));
    }
    world_unref(w);
}

START_TEST(output_layers_before_generation)
{
    struct params p;
    struct dem_raster r;
    struct og_error e;

    for (int evolve = 0; evolve < 2; evolve++) {
        params_defaults(&p);
        ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 400, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_LEM_YEARS, 2e4, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_ISLAND_RELIEF, evolve, NULL), OG_OK);
        layers_match(GEN_ISLAND, &p, NULL);
        params_defaults(&p);
        ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 32, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 32, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_LEM_YEARS, 2e4, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_HYBRID_EROSION, evolve, NULL), OG_OK);
        layers_match(GEN_HYBRID, &p, NULL);
        params_defaults(&p);
        ck_assert_int_eq(params_set(&p, P_DEM_CELL_SIZE, 90, NULL), OG_OK);
        ck_assert_int_eq(params_set(&p, P_DEM_WEATHERING, evolve ? 2e4 : 0, NULL), OG_OK);
        ck_assert_msg(pngio_read_raster(test_data_path("srtmgl3_front_range_144.png"), &r, &e) ==
                      OG_OK, "%s", e.msg);
        layers_match(GEN_DEM, &p, &r);
        dem_raster_fini(&r);
    }
    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 600, NULL), OG_OK);
    layers_match(GEN_PLANET, &p, NULL);
}
END_TEST

void
output_registry_tests(Suite *s)
{
    TCase *tc = tcase_create("registry");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, output_table_rows);
    tcase_add_test(tc, output_names);
    tcase_add_test(tc, output_checks_before_generation);
    tcase_add_test(tc, output_plan_writes_whole);
    tcase_add_test(tc, output_layers_before_generation);
    suite_add_tcase(s, tc);
}
