/* sweep: seed sweeps (see sweep.h). */
#include "config.h"
#include "cli/sweep.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/batch.h"
#include "io/outfile.h"

int
sweep_parse(const char *s, uint64_t *lo, uint64_t *hi)
{
    char *end;
    unsigned long long a, b;
    if (s[0] < '0' || s[0] > '9') {
        return -1;
    }
    errno = 0;
    a = strtoull(s, &end, 10);
    b = a;
    if (*end == '-') {
        const char *t = end + 1;
        if (*t < '0' || *t > '9') {
            return -1;
        }
        b = strtoull(t, &end, 10);
    }
    if (*end != '\0' || errno != 0 || b < a || b - a >= SWEEP_MAX_SEEDS) {
        return -1;
    }
    *lo = a;
    *hi = b;
    return 0;
}

/* pattern with every {seed} replaced; NULL stays NULL. */
static char *
subst(const char *pattern, uint64_t seed)
{
    char num[32], *out, *o;
    const char *p;
    size_t n = 0, k;
    if (pattern == NULL) {
        return NULL;
    }
    k = (size_t)snprintf(num, sizeof num, "%" PRIu64, seed);
    for (p = pattern; (p = strstr(p, "{seed}")) != NULL; p += 6) {
        n++;
    }
    out = malloc(strlen(pattern) + n * k + 1);
    if (out == NULL) {
        return NULL;
    }
    for (o = out, p = pattern; *p != '\0';) {
        if (strncmp(p, "{seed}", 6) == 0) {
            memcpy(o, num, k);
            o += k;
            p += 6;
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

enum og_status
sweep_check(const struct cli_args *a, struct og_error *err)
{
    int i;
    for (i = 0; i < OUT_COUNT; i++) {
        const char *p = a->outputs[i];
        if (p != NULL && strcmp(p, "-") == 0) {
            return og_error_set(err, OG_EINVAL, "%s -: a sweep writes files, not standard "
                                "output", output_kind(i)->option);
        }
        if (p != NULL && strstr(p, "{seed}") == NULL) {
            return og_error_set(err, OG_EINVAL, "%s '%s' has no {seed}: a sweep would write "
                                "every seed to one file", output_kind(i)->option, p);
        }
    }
    return OG_OK;
}

/* The folder of output name p into dir ("." for a bare name); -1 when it
 * does not fit. */
static int
out_folder(const char *p, char *dir, size_t size)
{
    const char *slash = NULL;
    size_t n = strlen(p), k;
    while (n > 1 && p[n - 1] == '/') {  /* --bundle 'out/{seed}/' */
        n--;
    }
    for (k = 0; k < n; k++) {
        if (p[k] == '/') {
            slash = p + k;
        }
    }
    if (slash == NULL) {
        snprintf(dir, size, ".");
    } else if (slash == p) {
        snprintf(dir, size, "/");
    } else if ((size_t)(slash - p) < size) {
        memcpy(dir, p, (size_t)(slash - p));
        dir[slash - p] = '\0';
    } else {
        return -1;
    }
    return 0;
}

/* A missing output folder is made, as --bundle makes its own, when the
 * folder holding it exists (one level: out/ for out/island-{seed}.png, not
 * a whole path). Then it must be writable. */
static enum og_status
make_folder(int kind, const char *p, const char *dir, const char *note, struct og_error *err)
{
    char real[PATH_MAX];
    if (realpath(dir, real) == NULL && errno == ENOENT && mkdir(dir, 0777) != 0 &&
        errno != EEXIST) {
        return og_error_set(err, OG_EIO, "%s '%s': cannot make the folder %s: %s%s",
                            output_kind(kind)->option, p, dir, strerror(errno), note);
    }
    if (realpath(dir, real) == NULL || access(real, W_OK) != 0) {
        return og_error_set(err, OG_EIO, "%s '%s': cannot write in %s: %s%s",
                            output_kind(kind)->option, p, dir, strerror(errno), note);
    }
    return OG_OK;
}

/* The folder of every output whose folder does not depend on the seed,
 * made or checked once before the first seed: a missing out/ is made, an
 * unwritable one is one error, not one per seed (newcomer #13). A folder
 * with {seed} in it is made per seed (sweep_seed_folders). */
static enum og_status
sweep_check_folders(const struct cli_args *a, struct og_error *err)
{
    int i;
    enum og_status st;
    for (i = 0; i < OUT_COUNT; i++) {
        const char *p = a->outputs[i];
        char dir[PATH_MAX];
        if (p == NULL || strcmp(p, "-") == 0 || out_folder(p, dir, sizeof dir) != 0 ||
            strstr(dir, "{seed}") != NULL) {
            continue;  /* too long: the per-seed check names it */
        }
        if ((st = make_folder(i, p, dir, " (no seed written)", err)) != OG_OK) {
            return st;
        }
    }
    return OG_OK;
}

/* The folders of one seed's outputs named with {seed} (out/{seed}/m.png),
 * made when missing. */
static enum og_status
sweep_seed_folders(const struct cli_args *a, char *const *names, struct og_error *err)
{
    int i;
    enum og_status st;
    for (i = 0; i < OUT_COUNT; i++) {
        char dir[PATH_MAX], pat[PATH_MAX];
        if (names[i] == NULL || strcmp(names[i], "-") == 0 ||
            out_folder(a->outputs[i], pat, sizeof pat) != 0 || strstr(pat, "{seed}") == NULL ||
            out_folder(names[i], dir, sizeof dir) != 0) {
            continue;
        }
        if ((st = make_folder(i, names[i], dir, "", err)) != OG_OK) {
            return st;
        }
    }
    return OG_OK;
}

static enum og_status
sweep_run(const struct cli_args *a, struct og_error *err)
{
    uint64_t seed, failed = 0, total = a->out.seed_hi - a->out.seed_lo + 1;
    enum og_status st0;
    int i;

    if ((st0 = sweep_check(a, err)) != OG_OK) {
        return st0;
    }
    /* every name of every seed, before the first (m{seed}.png at seed 10
       is m{seed}0.png at seed 1: issue 28 item 8); then the folders */
    if ((st0 = output_names_check(a->outputs, &a->out.tiles, 1, a->out.seed_lo,
                                  a->out.seed_hi, err)) != OG_OK ||
        (st0 = sweep_check_folders(a, err)) != OG_OK) {
        return st0;
    }
    for (seed = a->out.seed_lo;; seed++) {
        struct cli_args b = *a;
        char *names[OUT_COUNT];
        struct og_error e;
        enum og_status st = OG_OK;

        og_error_clear(&e);
        b.params.seed = seed;
        for (i = 0; i < OUT_COUNT; i++) {
            names[i] = subst(a->outputs[i], seed);
            if (a->outputs[i] != NULL && names[i] == NULL) {
                st = og_error_set(&e, OG_ENOMEM, "out of memory for the output names");
            }
            b.outputs[i] = names[i];
        }
        if (st == OG_OK) {
            st = sweep_seed_folders(a, names, &e);
        }
        if (st == OG_OK) {
            st = batch_export(&b, &e);
        }
        for (i = 0; i < OUT_COUNT; i++) {
            free(names[i]);
        }
        if (og_interrupted()) {
            /* a seed whose export returned OK was written whole: the signal
               came after it (it used to be counted as not written) */
            uint64_t next = st == OG_OK ? seed + 1 : seed;
            if (next == a->out.seed_lo) {
                return og_error_set(err, OG_ECANCELED, "at seed %" PRIu64 "; no file written",
                                    seed);
            }
            if (st == OG_OK && seed == a->out.seed_hi) {
                return og_error_set(err, OG_ECANCELED, "after seed %" PRIu64 ": seeds %" PRIu64
                                    "-%" PRIu64 " were all written", seed, a->out.seed_lo, seed);
            }
            return og_error_set(err, OG_ECANCELED,
                                "at seed %" PRIu64 ": seeds %" PRIu64 "-%" PRIu64
                                " were written, nothing of seed %" PRIu64 " or later",
                                next, a->out.seed_lo, next - 1, next);
        }
        if (st != OG_OK) {
            failed++;
            fprintf(stderr, "orogen: seed %" PRIu64 ": %s\n", seed, e.msg);
        }
        if (seed == a->out.seed_hi) {
            break;
        }
    }
    if (failed > 0) {
        return og_error_set(err, OG_EIO, "%" PRIu64 " of %" PRIu64 " seeds failed", failed,
                            total);
    }
    return OG_OK;
}

enum og_status
batch_sweep(const struct cli_args *a, struct og_error *err)
{
    enum og_status st;
    batch_dem_cache(1);  /* one decode of a --dem for every seed */
    st = sweep_run(a, err);
    batch_dem_cache(0);
    return st;
}
