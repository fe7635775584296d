/* The number parsers: the first byte picks one, the rest is the text.
 * Properties: accepted values lie in their documented ranges, parameter
 * values round-trip through params_format, and --size/--time on the
 * command line agree with the parsers (no overflow: UBSan). */
#include "config.h"
#include "fuzz.h"

#include <math.h>
#include <string.h>

#include "cli/args.h"
#include "core/base/numparse.h"
#include "core/recipe/params.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct cli_args a;
    struct og_error err;
    struct params p;
    char *s;
    double v;
    long n;
    int w, h, id;

    if (size < 1) {
        return 0;
    }
    s = fuzz_string(data + 1, size - 1);
    switch (data[0] % 6) {
    case 0:
        if (num_parse_real(s, &v) == NUM_OK) {
            fuzz_assert(isfinite(v));
        }
        break;
    case 1:
        if (num_parse_int(s, -1000, 1000, &n) == NUM_OK) {
            fuzz_assert(n >= -1000 && n <= 1000);
        }
        break;
    case 2: {
        char *argv[] = { (char *)"orogen", (char *)"export", (char *)"--map",
                         (char *)"x.png", (char *)"--size", s, NULL };
        int ok = num_parse_size(s, 100000, &w, &h) == NUM_OK;
        if (ok) {
            fuzz_assert(w >= 1 && h >= 1 && w <= 100000 && h <= 100000);
        }
        fuzz_assert((cli_parse(6, argv, &a, &err) == OG_OK) == ok);
        break;
    }
    case 3: {
        char *argv[] = { (char *)"orogen", (char *)"export", (char *)"--iso",
                         (char *)"x.png", (char *)"--time", s, NULL };
        int ok = num_parse_time(s, &v) == NUM_OK;
        if (ok) {
            fuzz_assert(v >= 0.0 && v <= 24.0);
        }
        if (cli_parse(6, argv, &a, &err) == OG_OK) {
            fuzz_assert(ok && a.time_of_day >= 6.0 && a.time_of_day <= 18.0);
        } else {
            fuzz_assert(!fuzz_has_control(err.msg) || fuzz_has_control(s));
        }
        break;
    }
    default:
        /* any parameter: accepted values are in range and round-trip */
        id = (int)(data[0] / 6) % P_COUNT;
        params_defaults(&p);
        if (params_set_text(&p, (enum param_id)id, s, &err) == OG_OK) {
            const struct param_def *d = param_def((enum param_id)id);
            char text[64];
            struct params q;
            if (d->type != PT_SEED && d->type != PT_ENUM) {
                v = params_get(&p, (enum param_id)id);
                /* "auto" (param_has_auto) is kept as NaN, outside any range */
                fuzz_assert((v >= d->min && v <= d->max) ||
                            (isnan(v) && param_has_auto((enum param_id)id)));
            }
            params_format(&p, (enum param_id)id, text, sizeof text);
            params_defaults(&q);
            fuzz_assert(params_set_text(&q, (enum param_id)id, text, &err) == OG_OK);
            {
                double a = params_get(&q, (enum param_id)id);
                double b = params_get(&p, (enum param_id)id);
                fuzz_assert(a == b || (isnan(a) && isnan(b)));
            }
        }
        break;
    }
    free(s);
    return 0;
}
