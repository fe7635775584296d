/* The preset parser (core/recipe/recipe_preset.c). Properties: all or nothing (a
 * refused preset leaves the parameters untouched), the message is one line
 * without control characters, and an accepted preset round-trips: its
 * parameters written with params_to_text and parsed again are the same. */
#include "config.h"
#include "fuzz.h"

#include <string.h>

#include "core/recipe/params.h"
#include "core/planet/planet_edit.h"
#include "core/recipe/recipe.h"

static void
formats(const struct params *p, char (*out)[64])
{
    int i;
    for (i = 0; i < P_COUNT; i++) {
        params_format(p, (enum param_id)i, out[i], sizeof out[i]);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char before[P_COUNT][64], after[P_COUNT][64];
    struct params p, q;
    struct og_error err;
    char *text = fuzz_string(data, size), *back = NULL, *edits = NULL;
    int gen = -2, i;

    params_defaults(&p);
    formats(&p, before);
    og_error_clear(&err);
    if (preset_parse(text, "fuzz.ini", &p, &gen, &edits, &err) != OG_OK) {
        fuzz_assert(edits == NULL);
        formats(&p, after);
        for (i = 0; i < P_COUNT; i++) {
            fuzz_assert(strcmp(before[i], after[i]) == 0);
        }
        fuzz_assert(err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL);
        fuzz_assert(!fuzz_has_control(err.msg));
        free(text);
        return 0;
    }
    fuzz_assert(gen >= -1);
    /* an accepted edit list is one planet_edits_parse takes (no bound) */
    if (edits != NULL) {
        int32_t *cells = NULL;
        uint8_t *land = NULL;
        double *radius = NULL;
        size_t n = 0;
        fuzz_assert(planet_edits_parse(edits, 0, &cells, &land, &radius, &n, &err) == OG_OK);
        free(cells);
        free(land);
        free(radius);
        free(edits);
    }
    fuzz_assert(params_to_text(&p, ~0u, &back, &err) == OG_OK);
    params_defaults(&q);
    fuzz_assert(preset_parse(back, "round-trip", &q, NULL, NULL, &err) == OG_OK);
    formats(&p, before);
    formats(&q, after);
    for (i = 0; i < P_COUNT; i++) {
        fuzz_assert(strcmp(before[i], after[i]) == 0);
    }
    free(back);
    free(text);
    return 0;
}
