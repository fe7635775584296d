#include "config.h"
#include "core/recipe/recipe.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/base/sha256.h"

static const struct {
    const char *name;
    int version;
} output_versions[] = {
#define OUTPUT_VERSION(name, v) { #name, v },
#include "core/recipe/recipe_versions.def"
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

/* --- recipes in PNG text chunks ----------------------------------------- */

enum { K_FORMAT, K_VERSION, K_GEN, K_GENVER, K_SEED, K_PARAMS, K_DEM, K_SOURCE, K_EDITS, K_N };

static const char *const chunk_names[K_N] = {
    "orogen:format", "orogen:version", "orogen:generator", "orogen:generator-version",
    "orogen:seed", "orogen:params", "orogen:dem", "orogen:source", "orogen:edits",
};

/* Export settings an orogen:params block may carry besides parameters. */
static const char *const export_keys[] = {
    "map.layer", "map.size", "map.view", "map.tile", "heightmap.size", "heightmap.range",
    "globe.size", "planet.edits",
};
#define N_EXPORT_KEYS (sizeof export_keys / sizeof export_keys[0])

/* Compare dotted versions numerically ("0.10" > "0.9"); -2 if either is
 * not digits and dots. */
static int
version_cmp(const char *a, const char *b)
{
    for (;;) {
        char *ea, *eb;
        unsigned long x, y;
        if (*a < '0' || *a > '9' || *b < '0' || *b > '9') {
            return -2;
        }
        x = strtoul(a, &ea, 10);
        y = strtoul(b, &eb, 10);
        if (x != y) {
            return x < y ? -1 : 1;
        }
        if ((*ea != '.' && *ea != '\0') || (*eb != '.' && *eb != '\0')) {
            return -2;
        }
        if (*ea == '\0' || *eb == '\0') {
            return *ea == *eb ? 0 : (*ea == '\0' ? -1 : 1);
        }
        a = ea + 1;
        b = eb + 1;
    }
}

/* A whole decimal number in [lo, hi], nothing else. */
static int
parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    long long v;
    if (*s < '0' || *s > '9') {
        return -1;
    }
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi) {
        return -1;
    }
    *out = v;
    return 0;
}

/* "WxH" with both sides in 1..16384, nothing else. */
static int
parse_wxh(const char *s, int *w, int *h)
{
    char a[16], b[16];
    const char *x = strchr(s, 'x');
    long long vw, vh;
    if (x == NULL || x - s >= (long)sizeof a || strlen(x + 1) >= sizeof b) {
        return -1;
    }
    memcpy(a, s, (size_t)(x - s));
    a[x - s] = '\0';
    strcpy(b, x + 1);
    if (parse_int(a, 1, 16384, &vw) != 0 || parse_int(b, 1, 16384, &vh) != 0) {
        return -1;
    }
    *w = (int)vw;
    *h = (int)vh;
    return 0;
}

/* One line of orogen:params: an export setting (map.size ...). */
static enum og_status
export_setting(struct recipe *r, const char *name, const char *v, const char *source, int lineno,
               struct og_error *err)
{
    int w, h;
    if (strcmp(name, "map.layer") == 0) {
        if (v[0] == '\0' || strlen(v) >= sizeof r->map_layer) {
            return og_error_set(err, OG_EFORMAT, "%s: orogen:params line %d: map.layer = '%s' is "
                                "not a layer name", source, lineno, v);
        }
        snprintf(r->map_layer, sizeof r->map_layer, "%s", v);
    } else if (strcmp(name, "map.size") == 0 || strcmp(name, "heightmap.size") == 0 ||
               strcmp(name, "globe.size") == 0) {
        if (parse_wxh(v, &w, &h) != 0) {
            return og_error_set(err, OG_ERANGE, "%s: orogen:params line %d: %s = '%s' is not "
                                "WIDTHxHEIGHT within 1..16384", source, lineno, name, v);
        }
        if (name[0] == 'm') {
            r->map_w = w;
            r->map_h = h;
        } else if (name[0] == 'g') {
            if (w != h) {
                return og_error_set(err, OG_ERANGE, "%s: orogen:params line %d: globe.size = "
                                    "'%s' is not square", source, lineno, v);
            }
            r->globe_size = w;
        }
    } else if (strcmp(name, "map.view") == 0) {
        double *q = r->map_view;
        char tail;
        if (sscanf(v, "%lf %lf %lf %lf %c", &q[0], &q[1], &q[2], &q[3], &tail) != 4 ||
            !(q[0] >= 0.0 && q[1] >= 0.0 && q[2] <= 1.0 && q[3] <= 1.0 && q[0] < q[2] &&
              q[1] < q[3])) {
            return og_error_set(err, OG_ERANGE, "%s: orogen:params line %d: map.view = '%s' is "
                                "not 'u0 v0 u1 v1' within [0, 1]", source, lineno, v);
        }
        r->map_view_given = 1;
    } else if (strcmp(name, "planet.edits") == 0) {
        free(r->edits);
        r->edits = strdup(v);
        if (r->edits == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory reading %s", source);
        }
    }
    /* map.tile, heightmap.range: what was written, nothing to apply. */
    return OG_OK;
}

static enum og_status
apply_params_chunk(struct recipe *r, const char *text, const char *source, struct og_error *err)
{
    char *copy = recipe_text_normalize(text), *line, *next;
    int first[P_COUNT] = { 0 }, efirst[N_EXPORT_KEYS] = { 0 };
    int lineno = 0;
    enum og_status st = OG_OK;

    if (copy == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory reading %s", source);
    }
    for (line = copy; line != NULL && st == OG_OK; line = next) {
        char name[96], *s = line, *e, *eq, *v;
        size_t len, k;
        int id;

        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        lineno++;
        while (*s == ' ' || *s == '\t') {
            s++;
        }
        e = s + strlen(s);
        while (e > s && (e[-1] == ' ' || e[-1] == '\t')) {
            *--e = '\0';
        }
        if (*s == '\0') {
            continue;
        }
        eq = strchr(s, '=');
        len = eq != NULL ? (size_t)(eq - s) : 0;
        while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) {
            len--;
        }
        if (eq == NULL || len == 0 || len >= sizeof name) {
            st = og_error_set(err, OG_EFORMAT, "%s: orogen:params line %d: expected 'name = "
                              "value', got '%.60s'", source, lineno, s);
            break;
        }
        memcpy(name, s, len);
        name[len] = '\0';
        v = eq + 1;
        while (*v == ' ' || *v == '\t') {
            v++;
        }
        id = params_find(name);
        if (id >= 0) {
            struct og_error e2;
            if (first[id] > 0) {
                st = og_error_set(err, OG_EFORMAT, "%s: orogen:params line %d: '%s' set twice "
                                  "(first on line %d)", source, lineno, name, first[id]);
                break;
            }
            first[id] = lineno;
            if (params_set_text(&r->params, (enum param_id)id, v, &e2) != OG_OK) {
                st = og_error_set(err, e2.code, "%s: orogen:params line %d: %s", source, lineno,
                                  e2.msg);
            }
            continue;
        }
        for (k = 0; k < N_EXPORT_KEYS && strcmp(export_keys[k], name) != 0; k++) {
        }
        if (k == N_EXPORT_KEYS) {
            st = og_error_set(err, OG_EFORMAT, "%s: orogen:params line %d: unknown key '%s'",
                              source, lineno, name);
            break;
        }
        if (efirst[k] > 0) {
            st = og_error_set(err, OG_EFORMAT, "%s: orogen:params line %d: '%s' set twice "
                              "(first on line %d)", source, lineno, name, efirst[k]);
            break;
        }
        efirst[k] = lineno;
        st = export_setting(r, name, v, source, lineno, err);
    }
    free(copy);
    return st;
}

static int
is_hex64(const char *s)
{
    int i;
    for (i = 0; i < 64; i++) {
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) {
            return 0;
        }
    }
    return s[64] == '\0' || s[64] == ' ';
}

/* "SIZE SHA256 NAME" into r. */
static int
parse_identity(const char *v, struct recipe *r)
{
    char *end;
    long long size;
    const char *name;

    if (*v < '0' || *v > '9') {
        return -1;
    }
    errno = 0;
    size = strtoll(v, &end, 10);
    if (errno != 0 || *end != ' ' || !is_hex64(end + 1) || end[65] != ' ') {
        return -1;
    }
    name = end + 66;
    if (name[0] == '\0' || strlen(name) > RECIPE_NAME_MAX || strchr(name, '/') != NULL ||
        strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        return -1;
    }
    r->dem_size = size;
    memcpy(r->dem_sha256, end + 1, 64);
    r->dem_sha256[64] = '\0';
    snprintf(r->dem_name, sizeof r->dem_name, "%s", name);
    return 0;
}

enum og_status
recipe_from_chunks(char *const *keys, char *const *values, size_t n, const char *source,
                   struct recipe *r, struct og_error *err)
{
    const char *v[K_N] = { NULL };
    struct params start = r->params;
    const struct generator *g;
    size_t i;
    int k, any = 0;
    long long num;
    enum og_status st;
    uint64_t seed_in_params;

    memset(r, 0, sizeof *r);
    r->params = start;
    for (i = 0; i < n; i++) {
        if (strncmp(keys[i], "orogen:", 7) != 0) {
            continue;   /* Software, Title, ...: not ours */
        }
        for (k = 0; k < K_N && strcmp(chunk_names[k], keys[i]) != 0; k++) {
        }
        if (k == K_N) {
            return og_error_set(err, OG_EFORMAT, "%s: unknown recipe chunk '%.40s' (made by a "
                                "newer orogen?)", source, keys[i]);
        }
        if (v[k] != NULL) {
            return og_error_set(err, OG_EFORMAT, "%s: recipe chunk %s appears twice", source,
                                chunk_names[k]);
        }
        v[k] = values[i];
        any = 1;
    }
    if (!any) {
        return og_error_set(err, OG_EFORMAT, "%s: no orogen recipe in its text chunks", source);
    }
    r->format = 1;
    if (v[K_FORMAT] != NULL) {
        if (parse_int(v[K_FORMAT], 1, 1000000, &num) != 0) {
            return og_error_set(err, OG_EFORMAT, "%s: orogen:format '%.20s' is not a recipe "
                                "format number", source, v[K_FORMAT]);
        }
        r->format = (int)num;
    }
    if (v[K_VERSION] != NULL) {
        if (strlen(v[K_VERSION]) >= sizeof r->made_by ||
            version_cmp(v[K_VERSION], PACKAGE_VERSION) == -2) {
            return og_error_set(err, OG_EFORMAT, "%s: orogen:version '%.20s' is not a version",
                                source, v[K_VERSION]);
        }
        snprintf(r->made_by, sizeof r->made_by, "%s", v[K_VERSION]);
    }
    if (r->format > RECIPE_FORMAT ||
        (v[K_FORMAT] == NULL && r->made_by[0] != '\0' &&
         version_cmp(r->made_by, PACKAGE_VERSION) > 0)) {
        return og_error_set(err, OG_EFORMAT, "%s: made by orogen %s, this is %s (recipe format %d;"
                            " this build reads up to %d)", source,
                            r->made_by[0] != '\0' ? r->made_by : "?", PACKAGE_VERSION, r->format,
                            RECIPE_FORMAT);
    }
    for (k = K_GEN; k <= K_PARAMS; k++) {
        if (k != K_GENVER && v[k] == NULL) {
            return og_error_set(err, OG_EFORMAT, "%s: incomplete recipe: no %s chunk", source,
                                chunk_names[k]);
        }
    }
    g = generator_find(v[K_GEN]);
    if (g == NULL) {
        return og_error_set(err, OG_EUNSUPPORTED, "%s: generator '%.40s' is not in this build",
                            source, v[K_GEN]);
    }
    r->gen = g->id;
    r->gen_version = 1;   /* format 1 recipes predate the versions: all 1 */
    if (v[K_GENVER] != NULL) {
        if (parse_int(v[K_GENVER], 1, 1000000, &num) != 0) {
            return og_error_set(err, OG_EFORMAT, "%s: orogen:generator-version '%.20s' is not a "
                                "number", source, v[K_GENVER]);
        }
        r->gen_version = (int)num;
    }
    if (r->gen_version != recipe_generator_version(g->id)) {
        snprintf(r->note, sizeof r->note, "%s was made by %s generator version %d, this build "
                 "has version %d: the world will differ", source, g->name, r->gen_version,
                 recipe_generator_version(g->id));
    }
    if ((st = apply_params_chunk(r, v[K_PARAMS], source, err)) != OG_OK) {
        return st;
    }
    seed_in_params = r->params.seed;
    if (params_set_text(&r->params, P_SEED, v[K_SEED], err) != OG_OK) {
        return og_error_set(err, OG_EFORMAT, "%s: orogen:seed '%.30s' is not a seed", source,
                            v[K_SEED]);
    }
    if (strstr(v[K_PARAMS], "seed =") != NULL && seed_in_params != r->params.seed) {
        return og_error_set(err, OG_EFORMAT, "%s: orogen:seed %s disagrees with the seed in "
                            "orogen:params", source, v[K_SEED]);
    }
    if (v[K_DEM] != NULL && parse_identity(v[K_DEM], r) != 0) {
        return og_error_set(err, OG_EFORMAT, "%s: orogen:dem '%.60s' is not 'SIZE SHA256 NAME'",
                            source, v[K_DEM]);
    }
    if (v[K_SOURCE] != NULL) {
        snprintf(r->dem_legacy_path, sizeof r->dem_legacy_path, "%s", v[K_SOURCE]);
    }
    if (g->id == GEN_DEM && r->format >= 2 && v[K_DEM] == NULL) {
        return og_error_set(err, OG_EFORMAT, "%s: dem recipe without an orogen:dem chunk",
                            source);
    }
    if (v[K_EDITS] != NULL) {
        r->edits = strdup(v[K_EDITS]);
        if (r->edits == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory reading %s", source);
        }
    }
    return OG_OK;
}

void
recipe_fini(struct recipe *r)
{
    if (r != NULL) {
        free(r->edits);
        r->edits = NULL;
    }
}

enum og_status
recipe_dem_identity(const char *path, char *buf, size_t size, struct og_error *err)
{
    char hex[OG_SHA256_HEX];
    long long bytes = 0;
    const char *base = strrchr(path, '/');
    const char *c;
    enum og_status st;

    base = base != NULL ? base + 1 : path;
    if (base[0] == '\0' || strlen(base) > RECIPE_NAME_MAX) {
        return og_error_set(err, OG_EINVAL, "%s: a file name of 1..%d bytes is needed for the "
                            "recipe", path, RECIPE_NAME_MAX);
    }
    for (c = base; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20 || *c == 0x7f) {
            return og_error_set(err, OG_EINVAL, "%s: the file name holds a control character",
                                path);
        }
    }
    if ((st = og_sha256_file(path, hex, &bytes, err)) != OG_OK) {
        return st;
    }
    if ((size_t)snprintf(buf, size, "%lld %s %s", bytes, hex, base) >= size) {
        return og_error_set(err, OG_EINVAL, "%s: identity too long", path);
    }
    return OG_OK;
}

const char *
recipe_dem_identity_name(const char *identity)
{
    struct recipe r;
    const char *s;
    memset(&r, 0, sizeof r);
    if (parse_identity(identity, &r) != 0) {
        return identity;
    }
    s = strchr(identity, ' ');
    return s + 66;
}

enum og_status
recipe_find_dem(const struct recipe *r, const char *png_path, char *path, size_t size,
                struct og_error *err)
{
    char cand[2][4096], hex[OG_SHA256_HEX], bad_hex[OG_SHA256_HEX] = "";
    const char *slash = strrchr(png_path, '/');
    int i, bad = -1;
    enum og_status st;

    if (r->dem_name[0] == '\0') {
        return og_error_set(err, OG_EFORMAT, "%s: the recipe names no dem file", png_path);
    }
    if (slash != NULL) {
        snprintf(cand[0], sizeof cand[0], "%.*s/%s", (int)(slash - png_path), png_path,
                 r->dem_name);
    } else {
        snprintf(cand[0], sizeof cand[0], "%s", r->dem_name);
    }
    snprintf(cand[1], sizeof cand[1], "%s", r->dem_name);
    for (i = 0; i < 2; i++) {
        long long bytes = 0;
        if (i == 1 && strcmp(cand[0], cand[1]) == 0) {
            break;
        }
        if (access(cand[i], F_OK) != 0) {
            continue;   /* not there: look in the next place */
        }
        /* There but unreadable, or a FIFO: say so (never block on it). */
        if ((st = og_sha256_file(cand[i], hex, &bytes, err)) != OG_OK) {
            return st;
        }
        if (strcmp(hex, r->dem_sha256) == 0 && bytes == r->dem_size) {
            if ((size_t)snprintf(path, size, "%s", cand[i]) >= size) {
                return og_error_set(err, OG_EIO, "%s: path too long", cand[i]);
            }
            return OG_OK;
        }
        if (bad < 0) {
            bad = i;
            memcpy(bad_hex, hex, sizeof hex);
        }
    }
    if (bad >= 0) {
        return og_error_set(err, OG_EFORMAT, "%s %s has SHA-256 %s, the recipe names %s "
                            "(another file; --dem FILE uses it anyway)", r->dem_name,
                            bad == 0 ? "beside the PNG" : "here", bad_hex, r->dem_sha256);
    }
    return og_error_set(err, OG_EIO, "%s needs %s (%lld bytes, SHA-256 %.16s...): not beside "
                        "it nor in the current folder; give --dem FILE", png_path, r->dem_name,
                        r->dem_size, r->dem_sha256);
}
