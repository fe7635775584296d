/* Runs every Check suite; TAP output goes to the automake TAP driver. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

int
main(void)
{
    Suite *(*const suites[])(void) = {
        params_suite,
        detmath_suite,
        rng_noise_suite,
        pipeline_suite,
        pngio_suite,
        raster_suite,
        iso_suite,
        delaunay_suite,
        lloyd_suite,
        island_suite,
        dem_suite,
        hydro_suite,
        lem_suite,
        biome_suite,
        hybrid_suite,
        hybrid_world_suite,
        droplet_suite,
        paramedit_suite,
        planet_suite,
        planet_shape_suite,
        sphere_delaunay_suite,
        legend_suite,
        recipe_suite,
        dataout_suite,
        scale_suite,
        faults_suite,
        colorquant_suite,
        subcell_suite,
        abbrev_suite,
        gallery_suite,
        parallel_suite,
        presets_suite,
        detail_suite,
    };
    SRunner *sr;
    size_t i;
    int failed;

    setvbuf(stdout, NULL, _IONBF, 0);
    sr = srunner_create(suites[0]());
    for (i = 1; i < sizeof suites / sizeof suites[0]; i++) {
        srunner_add_suite(sr, suites[i]());
    }
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
