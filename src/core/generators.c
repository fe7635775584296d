#include "config.h"
#include "core/generators.h"

#include <string.h>

#include "core/dem/dem.h"
#include "core/hybrid/gen_hybrid.h"
#include "core/island/gen_island.h"
#include "core/planet/gen_planet.h"

static const struct generator *const registry[] = {
    &gen_island,
    &gen_dem,
    &gen_hybrid,
    &gen_planet,
};

const struct generator *
generator_get(enum gen_id id)
{
    size_t i;
    for (i = 0; i < sizeof registry / sizeof registry[0]; i++) {
        if (registry[i]->id == id) {
            return registry[i];
        }
    }
    return NULL;
}

const struct generator *
generator_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof registry / sizeof registry[0]; i++) {
        if (strcmp(registry[i]->name, name) == 0) {
            return registry[i];
        }
    }
    return NULL;
}

size_t
generator_list(const struct generator **out, size_t max)
{
    size_t i, n = sizeof registry / sizeof registry[0];
    for (i = 0; i < n && i < max; i++) {
        out[i] = registry[i];
    }
    return n;
}
