/* recipe: what a world is made from, and its versions.
 *
 * A recipe is a generator, a seed and parameter values (plus, for the dem
 * source, the identity of its input file). The same recipe gives the same
 * bytes on every run, thread count, compiler and CPU for as long as the
 * output version of its generator (recipe_versions.def) is unchanged; see
 * doc/reproducibility.md for the contract. */
#ifndef OROGEN_CORE_RECIPE_H
#define OROGEN_CORE_RECIPE_H

#include "core/world.h"

/* The output version of a generator or renderer by name ("island", "dem",
 * "hybrid", "planet", "map", "iso", "globe"), or 0 for an unknown name. */
int recipe_output_version(const char *name);

/* The output version of a generator (as recipe_output_version). */
int recipe_generator_version(enum gen_id gen);

#endif
