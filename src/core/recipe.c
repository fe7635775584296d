#include "config.h"
#include "core/recipe.h"

#include <stdlib.h>
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

char *
recipe_text_normalize(const char *text)
{
    size_t len, i, k = 0;
    char *out;

    /* A UTF-8 byte order mark (EF BB BF) some editors write first. */
    if ((unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF) {
        text += 3;
    }
    len = strlen(text);
    out = malloc(len + 1);
    if (out == NULL) {
        return NULL;
    }
    for (i = 0; i < len; i++) {
        if (text[i] == '\r') {
            out[k++] = '\n';
            if (text[i + 1] == '\n') {
                i++;
            }
        } else {
            out[k++] = text[i];
        }
    }
    out[k] = '\0';
    return out;
}
