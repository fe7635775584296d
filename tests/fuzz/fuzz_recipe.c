/* The recipe reader: PNG bytes as `orogen export --from FILE --stats -`
 * reads them (cli_parse -> cli_apply_recipe -> pngio_read_text and the
 * parameter lines). Properties: no crash or leak, and a refusal is one
 * line without control characters. */
#include "config.h"
#include "fuzz.h"

#include <string.h>

#include "cli/args.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct cli_args a;
    struct og_error err;
    char path[64];
    char *argv[] = { (char *)"orogen", (char *)"export", (char *)"--from",
                     path, (char *)"--stats", (char *)"-", NULL };

    snprintf(path, sizeof path, "%s", fuzz_memfile(data, size));
    og_error_clear(&err);
    if (cli_parse(6, argv, &a, &err) != OG_OK) {
        fuzz_assert(err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL);
        fuzz_assert(!fuzz_has_control(err.msg));
        return 0;
    }
    fuzz_assert(a.command == CLI_EXPORT);
    return 0;
}
