/* parallel_threads: how many threads orogen uses (core/base/parallel.h): the
 * process default (og_threads_set_default, else OROGEN_THREADS, else the
 * online CPUs) and the parsing of a thread count. */
#include "config.h"
#include "core/base/parallel.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_int threads_set; /* 0: not set */

static int
clamp_threads(long n)
{
    return n < 1 ? 1 : (n > OG_MAX_THREADS ? OG_MAX_THREADS : (int)n);
}

int
og_threads_default(void)
{
    int set = atomic_load(&threads_set);
    const char *env;
    long n;

    if (set > 0) {
        return set;
    }
    env = getenv("OROGEN_THREADS");
    if (env != NULL && *env != '\0') {
        char *end;
        errno = 0;
        n = strtol(env, &end, 10);
        if (errno == 0 && *end == '\0' && n >= 1 && n <= OG_MAX_THREADS) {
            return (int)n;
        }
    }
#ifdef _SC_NPROCESSORS_ONLN
    n = sysconf(_SC_NPROCESSORS_ONLN);
#else
    n = 1;
#endif
    return clamp_threads(n);
}

void
og_threads_set_default(int threads)
{
    atomic_store(&threads_set, threads <= 0 ? 0 : clamp_threads(threads));
}

enum og_status
og_threads_parse(const char *s, const char *what, int *out, struct og_error *err)
{
    char *end;
    long n;

    errno = 0;
    n = s != NULL ? strtol(s, &end, 10) : 0;
    if (s == NULL || *s == '\0' || errno != 0 || *end != '\0' || n < 1 || n > OG_MAX_THREADS) {
        return og_error_set(err, OG_ERANGE, "%s '%s' outside 1..%d", what, s != NULL ? s : "",
                            OG_MAX_THREADS);
    }
    *out = (int)n;
    return OG_OK;
}
