/* Shared declarations of the Check test suites. */
#ifndef OROGEN_TESTS_H
#define OROGEN_TESTS_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

/* One suite per module; check_main.c runs them all. */
Suite *params_suite(void);
Suite *rng_noise_suite(void);
Suite *pipeline_suite(void);
Suite *pngio_suite(void);
Suite *raster_suite(void);
Suite *iso_suite(void);
Suite *delaunay_suite(void);
Suite *lloyd_suite(void);
Suite *island_suite(void);
Suite *dem_suite(void);
Suite *hydro_suite(void);
Suite *biome_suite(void);
Suite *hybrid_suite(void);
Suite *droplet_suite(void);
Suite *paramedit_suite(void);
Suite *planet_suite(void);

/* Path of a file under tests/data ($OROGEN_TEST_DATA) or data/ ($OROGEN_DATA)
 * into a static buffer (not thread-safe; tests are single-threaded). */
const char *test_data_path(const char *name);
const char *test_shared_data_path(const char *name);

/* Triangles as sorted index triples, for comparing triangulations:
 * test_sort3 sorts one triple in place; test_cmp_tri orders triples for
 * qsort (lexicographic). */
void test_sort3(int32_t *t);
int test_cmp_tri(const void *a, const void *b);

/* 64-bit FNV-1a of a byte range, for golden tests. */
uint64_t test_fnv1a(const void *data, size_t len);

#endif
