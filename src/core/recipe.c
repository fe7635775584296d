#include "config.h"
#include "core/recipe.h"

#include <string.h>

static const struct {
    const char *name;
    int version;
} output_versions[] = {
#define OUTPUT_VERSION(name, v) { #name, v },
#include "core/recipe_versions.def"
#undef OUTPUT_VERSION
};

int
recipe_output_version(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof output_versions / sizeof output_versions[0]; i++) {
        if (strcmp(output_versions[i].name, name) == 0) {
            return output_versions[i].version;
        }
    }
    return 0;
}

int
recipe_generator_version(enum gen_id gen)
{
    return recipe_output_version(world_gen_name(gen));
}
