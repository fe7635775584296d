/* generators: the registry of world sources (island, dem, hybrid, planet). */
#ifndef OROGEN_CORE_GENERATORS_H
#define OROGEN_CORE_GENERATORS_H

#include "core/pipeline.h"

/* The generator with that id, or NULL if this build has none. */
const struct generator *generator_get(enum gen_id id);

/* The generator named name ("island"), or NULL. */
const struct generator *generator_find(const char *name);

/* Every registered generator in a fixed order; returns the count. */
size_t generator_list(const struct generator **out, size_t max);

#endif
