/* Shared declarations of the Check test suites. */
#ifndef OROGEN_TESTS_H
#define OROGEN_TESTS_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "core/world.h"

/* One suite per module; check_main.c runs them all. */
Suite *params_suite(void);
Suite *detmath_suite(void);  /* test_detmath.c */
void colour_ties_tests(Suite *s);  /* test_colour_ties.c, into detmath_suite */
Suite *rng_noise_suite(void);
Suite *pipeline_suite(void);
Suite *pngio_suite(void);
Suite *raster_suite(void);
Suite *iso_suite(void);
void iso_world_tests(Suite *s); /* test_iso_world.c, into iso_suite */
void dataout_geometry_tests(Suite *s); /* test_dataout_geometry.c, into dataout_suite */
void output_registry_tests(Suite *s); /* test_output.c, into dataout_suite */
void mesh_tests(Suite *s); /* test_mesh.c, into delaunay_suite */
void clough_tocher_tests(Suite *s); /* test_clough_tocher.c, into delaunay_suite */
void pngio_read_tests(Suite *s); /* test_pngio_read.c, into pngio_suite */
void engine_tests(Suite *s); /* test_engine.c, into dataout_suite */
void splat_tests(Suite *s);  /* test_splat.c, into dataout_suite */
void carve_tests(Suite *s);  /* test_carve.c, into dataout_suite */
void subgrid_tests(Suite *s);  /* test_subgrid.c, into dataout_suite */
void dem_void_tests(Suite *s); /* test_dem_void.c, into dem_suite */
void hybrid_select_tests(TCase *tc); /* test_hybrid_select.c, into hybrid_suite */

/* Exact validation of a planar triangulation d of the n points xy (twins,
 * orientation, empty circumcircles, counts, hull; test_delaunay.c). */
struct delaunay;
void test_delaunay_validate(const struct delaunay *d, const double *xy, size_t n);
void predicates_tests(Suite *s); /* test_predicates.c, into delaunay_suite */
void delaunay_brio_tests(Suite *s); /* test_delaunay_brio.c, into delaunay_suite */
void delaunay_scale_tests(Suite *s); /* test_delaunay_scale.c, into delaunay_suite */
/* a (its point ids renamed by amap, or not if NULL) and b have the same
 * triangles with the same rotations, in any numbering, and twins that
 * correspond (test_delaunay_brio.c). */
void test_delaunay_same(const struct delaunay *a, const int32_t *amap, const struct delaunay *b);
void planet_mesh_tests(Suite *s);    /* test_planet_mesh.c, into planet_suite */
void planet_surface_tests(Suite *s); /* test_planet_surface.c, into planet_suite */
void planet_brush_tests(Suite *s);   /* test_planet_brush.c, into planet_suite */
void planet_plates_tests(Suite *s);  /* test_planet_plates.c, into planet_suite */
void planet_climate_tests(Suite *s); /* test_planet_climate.c, into planet_suite */
void planet_rivers_tests(Suite *s);  /* test_planet_rivers.c, into planet_suite */
void planet_names_tests(Suite *s);   /* test_planet_names.c, into planet_suite */
void planet_projection_tests(Suite *s); /* test_projection.c, into planet_suite */

/* test_planet_mesh.c: about count Poisson-disk points on the unit sphere
 * for seed (malloc'd, 3 * *n doubles); test_sphere_delaunay.c: the exact
 * check of a spherical Delaunay triangulation (closed, outward, every edge
 * locally Delaunay). */
double *test_sphere_sample(size_t count, uint64_t seed, size_t *n);
void test_check_sphere_triangulation(const double *xyz, size_t n, const int32_t *tri, size_t nt);

/* delaunay_check.c: test_read_points reads a JSON array of [x, y] pairs
 * under tests/data/points (malloc'd, 2 * *n doubles); check_points builds
 * the triangulation of xy, validates it and asserts its triangle, duplicate
 * and hull counts; check_file does so for a fixture of npoints points. */
double *test_read_points(const char *name, size_t *n);
void test_delaunay_check_points(const double *xy, size_t n, size_t expect_tri,
                                size_t expect_dup, size_t expect_hull);
void test_delaunay_check_file(const char *name, size_t npoints, size_t distinct, size_t b,
                              size_t ntri);
Suite *delaunay_suite(void);
Suite *lloyd_suite(void);
Suite *island_suite(void);
Suite *dem_suite(void);
Suite *hydro_suite(void);
Suite *lem_suite(void);
Suite *biome_suite(void);
Suite *hybrid_suite(void);
Suite *hybrid_world_suite(void);
Suite *droplet_suite(void);
Suite *paramedit_suite(void);
Suite *planet_suite(void);
Suite *planet_shape_suite(void);
Suite *sphere_delaunay_suite(void);
Suite *legend_suite(void);
Suite *recipe_suite(void);
Suite *dataout_suite(void);
Suite *scale_suite(void);
Suite *faults_suite(void);
Suite *colorquant_suite(void);
Suite *subcell_suite(void);
Suite *abbrev_suite(void);
Suite *gallery_suite(void);
Suite *parallel_suite(void);
Suite *presets_suite(void);
Suite *detail_suite(void);

/* The hybrid generator on p (one thread, snapshots to snap if not NULL);
 * the test fails if it does. test_hybrid_small_params: defaults on a w x h
 * grid of 100 m cells with that coverage and `droplets` droplets in all. */
struct params;
struct world;
struct world *test_hybrid_generate(struct params *p, void (*snap)(void *, struct world *),
                                   void *arg);
void test_hybrid_small_params(struct params *p, int w, int h, double coverage, int droplets);

/* A hybrid-tagged grid world of w x h cells with the given elevations
 * (w * h floats) and its extent; test_run_world: the whole pipeline of gen
 * on p (and dem, may be NULL) with one thread; both fail the test on error. */
struct dem_raster;
struct world *test_grid_world(int w, int h, const float *elev);
struct world *test_run_world(enum gen_id gen, struct params *p, const struct dem_raster *dem);

/* w's 16-bit heightmap at W x H (the whole raster, the world's own height
 * range) exported to path and read back by the DEM reader into *r (free
 * with dem_raster_fini); fails the test on an error or another size. */
void test_heightmap_read(const struct world *w, int W, int H, const char *path,
                         struct dem_raster *r);

/* The planet of the defaults with that seed and planet.points, one
 * assignment extra applied ("key=value", may be NULL), on threads threads;
 * fails the test on error. */
struct world *test_planet_world(uint64_t seed, size_t points, int threads, const char *extra);

/* Path of a file under tests/data ($OROGEN_TEST_DATA) or data/ ($OROGEN_DATA)
 * into a static buffer (not thread-safe; tests are single-threaded). */
const char *test_data_path(const char *name);
const char *test_shared_data_path(const char *name);

/* Triangles as sorted index triples, for comparing triangulations:
 * test_sort3 sorts one triple in place; test_cmp_tri orders triples for
 * qsort (lexicographic). */
void test_sort3(int32_t *t);
int test_cmp_tri(const void *a, const void *b);

/* Sort every triple of tri[3n] and then the triples: a canonical form of a
 * triangle list for comparisons. */
void test_sort_triangles(int32_t *tri, size_t n);

/* libqhull_r as an oracle: triangulate n points of dim coordinates with
 * "qhull OPTIONS" ("d Qt ..." for a 2-D Delaunay, "Qt" for a 3-D hull),
 * skipping upper-Delaunay facets; the triangles in canonical form (malloc'd,
 * *ntri of them), or NULL if qhull fails or gives a non-triangle. Only
 * with HAVE_QHULL. */
int32_t *test_qhull_triangles(int dim, const double *pts, size_t n, const char *options,
                              size_t *ntri);

/* The whole file at path in a malloc'd buffer (one spare byte), its size
 * in *len; a failed read fails the test. */
unsigned char *test_slurp(const char *path, size_t *len);

/* Write len bytes of data to path (fails the test on error). */
void test_spit(const char *path, const void *data, size_t len);

/* 64-bit FNV-1a of a byte range, for golden tests. */
uint64_t test_fnv1a(const void *data, size_t len);

#endif
