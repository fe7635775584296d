/* Shared by the hydrology tests (test_hydro.c, test_hydro_world.c). */
#ifndef OROGEN_TEST_HYDRO_H
#define OROGEN_TEST_HYDRO_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hydro/hydro.h"

/* Everything one hydrology run produces on a graph. */
struct run {
    struct hydro_graph g;
    float *elev, *filled, *flow;
    uint32_t *rank;
    int32_t *downhill;
    uint8_t *outlet;
};

/* Every vertex's downhill chain ends at a sink without a cycle, each step
 * to a graph neighbour and never uphill on the filled surface; every outlet
 * is a sink. Returns the number of sinks (test_hydro.c). */
size_t test_hydro_check_chains(const struct run *r);

/* test_hydro.c: allocate a run's arrays for n vertices (the graph is the
 * caller's), free them, run fill + routing + accumulation with method and
 * rain (NULL: 1 per vertex), and assert that the outlets receive all the
 * rain that falls (flow conservation). */
void test_hydro_run_alloc(struct run *r, size_t n);
void test_hydro_run_free(struct run *r);
void test_hydro_run_all(struct run *r, enum hydro_flood_method method, const float *rain);
void test_hydro_check_conservation(const struct run *r, const float *rain);

/* The real-DEM tests (test_hydro_dem.c), into hydro_suite. */
void hydro_dem_tests(Suite *s);

/* The priority-flood reference comparisons (test_priority_flood.c), into
 * hydro_suite. */
void priority_flood_tests(Suite *s);

/* The closed-basin tests (test_hydro_balance.c), into hydro_suite. */
void hydro_balance_tests(Suite *s);

/* The whole-world tests (test_hydro_world.c), into hydro_suite. */
void hydro_world_tests(Suite *s);

#endif
