/* Presets: "name = value" files found by name in the user's and the
 * shipped folders (declared in core/recipe/recipe.h). Moved from the TUI so that
 * the CLI and the TUI share one parser. */
#include "config.h"
#include "core/recipe/recipe.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/base/infile.h"
#include "core/planet/planet_edit.h"

#ifndef OROGEN_DATADIR
#define OROGEN_DATADIR "/usr/local/share/orogen"
#endif

#define PRESET_FILE_MAX (64 * 1024)

int
preset_name_valid(const char *name)
{
    size_t i, len = strlen(name);

    if (len == 0 || len >= PRESET_NAME_MAX || name[0] == '.') {
        return 0;
    }
    for (i = 0; i < len; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-')) {
            return 0;
        }
    }
    return 1;
}

enum og_status
preset_user_dir(char *buf, size_t size, struct og_error *err)
{
    const char *xdg = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;

    /* The XDG base directory spec says relative values are to be ignored. */
    if (xdg != NULL && xdg[0] == '/') {
        n = snprintf(buf, size, "%s/orogen/presets", xdg);
    } else if (home != NULL && home[0] != '\0') {
        n = snprintf(buf, size, "%s/.config/orogen/presets", home);
    } else {
        return og_error_set(err, OG_EINVAL,
                            "no folder for user presets: neither XDG_CONFIG_HOME nor HOME is set");
    }
    if (n < 0 || (size_t)n >= size) {
        return og_error_set(err, OG_EINVAL, "user preset folder path is too long");
    }
    return OG_OK;
}

/* Most folders shipped_dirs returns. */
#define SHIPPED_DIRS_MAX 5

/* Add the folder dir/rel (made absolute by realpath) if it exists and is
 * not listed yet. */
static void
add_exe_dir(char (*dirs)[PRESET_PATH_MAX], int *n, const char *dir, const char *rel)
{
    char cand[PRESET_PATH_MAX + 32], real[PATH_MAX];
    int i;

    if (snprintf(cand, sizeof cand, "%s/%s", dir, rel) >= (int)sizeof cand ||
        realpath(cand, real) == NULL || strlen(real) >= PRESET_PATH_MAX) {
        return;
    }
    for (i = 0; i < *n; i++) {
        if (strcmp(dirs[i], real) == 0) {
            return;
        }
    }
    snprintf(dirs[(*n)++], PRESET_PATH_MAX, "%s", real);
}

/* The shipped preset folders, in search order; returns the count (at most
 * SHIPPED_DIRS_MAX): $OROGEN_DATA/presets, the configured data folder, and
 * beside the executable (Linux /proc/self/exe) the source tree's
 * data/presets of an in-tree build (src/cli/orogen) and the presets of a
 * relocated install (bin/orogen, share/orogen/presets), so a binary run
 * from anywhere finds them; last ./data/presets. */
static int
shipped_dirs(char (*dirs)[PRESET_PATH_MAX])
{
    const char *env = getenv("OROGEN_DATA");
    char exe[PRESET_PATH_MAX];
    ssize_t len;
    int n = 0;

    if (env != NULL && env[0] != '\0') {
        snprintf(dirs[n++], PRESET_PATH_MAX, "%s/presets", env);
    }
    snprintf(dirs[n++], PRESET_PATH_MAX, "%s/presets", OROGEN_DATADIR);
    len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        char *slash;
        exe[len] = '\0';
        slash = strrchr(exe, '/');
        if (slash != NULL) {
            *slash = '\0';
            add_exe_dir(dirs, &n, exe, "../../data/presets");
            add_exe_dir(dirs, &n, exe, "../share/orogen/presets");
        }
    }
    snprintf(dirs[n++], PRESET_PATH_MAX, "data/presets");
    return n;
}

/* If line (a line of normalized text) is "KEY = VALUE" for key, the start
 * of VALUE (blanks skipped), else NULL. */
static char *
line_value(char *line, const char *key)
{
    char *s = line, *e;
    size_t klen = strlen(key);

    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (strncmp(s, key, klen) != 0) {
        return NULL;
    }
    e = s + klen;
    while (*e == ' ' || *e == '\t') {
        e++;
    }
    if (*e != '=') {
        return NULL;
    }
    e++;
    while (*e == ' ' || *e == '\t') {
        e++;
    }
    return e;
}

/* Blank a line (up to its '\n'), keeping the line numbers of the rest. */
static void
blank_line(char *line)
{
    for (; *line != '\0' && *line != '\n'; line++) {
        *line = ' ';
    }
}

/* The planet.edits value at v (up to the line end or a '#' comment,
 * trailing blanks dropped), checked as an edit list, into a malloc'd *out. */
static enum og_status
take_edits(const char *v, const char *source, int lineno, char **out, struct og_error *err)
{
    size_t len = 0;
    int32_t *cells = NULL;
    uint8_t *land = NULL;
    double *radius = NULL;
    size_t n = 0;
    struct og_error e;

    while (v[len] != '\0' && v[len] != '\n' && v[len] != '#') {
        len++;
    }
    while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t')) {
        len--;
    }
    *out = malloc(len + 1);
    if (*out == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory reading %s", source);
    }
    memcpy(*out, v, len);
    (*out)[len] = '\0';
    /* cell ids are bounded when replayed on the planet (its cell count) */
    if (planet_edits_parse(*out, 0, &cells, &land, &radius, &n, &e) != OG_OK) {
        free(*out);
        *out = NULL;
        return og_error_set(err, OG_EFORMAT, "%s:%d: %s", source, lineno, e.msg);
    }
    free(cells);
    free(land);
    free(radius);
    return OG_OK;
}

enum og_status
preset_parse(const char *text, const char *source, struct params *p, int *gen, char **edits,
             struct og_error *err)
{
    char *copy = recipe_text_normalize(text), *line, *next, *list = NULL;
    const struct generator *g = NULL;
    int lineno = 0, gen_line = 0, edits_line = 0;
    enum og_status st = OG_OK;

    if (copy == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory reading %s", source);
    }
    /* Take "generator = NAME" and "planet.edits = ..." out (blanking them
     * keeps the line numbers) and let the parameter parser judge the rest. */
    for (line = copy; line != NULL && st == OG_OK; line = next) {
        char *e;

        next = strchr(line, '\n');
        if (next != NULL) {
            next++;
        }
        lineno++;
        if ((e = line_value(line, "planet.edits")) != NULL) {
            if (edits == NULL) {
                st = og_error_set(err, OG_EFORMAT, "%s:%d: planet.edits (land edits) cannot be "
                                  "used here", source, lineno);
            } else if (edits_line > 0) {
                st = og_error_set(err, OG_EFORMAT, "%s:%d: 'planet.edits' set twice (first on "
                                  "line %d)", source, lineno, edits_line);
            } else {
                st = take_edits(e, source, lineno, &list, err);
                edits_line = lineno;
            }
            blank_line(line);
            continue;
        }
        if ((e = line_value(line, "generator")) == NULL) {
            continue;
        }
        {
            char name[32];
            size_t k = 0;
            while (*e != '\0' && *e != '\n' && *e != '\r' && *e != ' ' && *e != '\t' &&
                   *e != '#' && k + 1 < sizeof name) {
                name[k++] = *e++;
            }
            name[k] = '\0';
            if (gen_line > 0) {
                st = og_error_set(err, OG_EFORMAT,
                                  "%s:%d: 'generator' set twice (first on line %d)", source,
                                  lineno, gen_line);
                break;
            }
            g = generator_find(name);
            if (g == NULL) {
                st = og_error_set(err, OG_EFORMAT, "%s:%d: unknown generator '%s'", source,
                                  lineno, name);
                break;
            }
            gen_line = lineno;
        }
        blank_line(line);
    }
    if (st == OG_OK && list != NULL && g != NULL && g->id != GEN_PLANET) {
        st = og_error_set(err, OG_EFORMAT, "%s:%d: planet.edits, but the preset is for the %s "
                          "generator (only planets have land edits)", source, edits_line, g->name);
    }
    if (st == OG_OK) {
        st = params_parse_text(p, copy, source, err);
    }
    free(copy);
    if (st != OG_OK) {
        free(list);
        return st;
    }
    if (gen != NULL) {
        *gen = g != NULL ? (int)g->id : -1;
    }
    if (edits != NULL) {
        *edits = list;
    }
    return OG_OK;
}

enum og_status
preset_load_file(const char *path, struct params *p, int *gen, char **edits,
                 struct og_error *err)
{
    FILE *f;
    char *text;
    size_t len;
    enum og_status st = infile_fopen(path, &f, NULL, err);  /* never a FIFO */

    if (st != OG_OK) {
        return st;
    }
    text = malloc(PRESET_FILE_MAX + 1);
    if (text == NULL) {
        fclose(f);
        return og_error_set(err, OG_ENOMEM, "out of memory reading %s", path);
    }
    len = fread(text, 1, PRESET_FILE_MAX + 1, f);
    if (ferror(f)) {
        st = og_error_set(err, OG_EIO, "cannot read %s: %s", path, strerror(errno));
    } else if (len > PRESET_FILE_MAX) {
        st = og_error_set(err, OG_EFORMAT, "%s: larger than %d bytes, not a preset", path,
                          PRESET_FILE_MAX);
    } else if (memchr(text, '\0', len) != NULL) {
        st = og_error_set(err, OG_EFORMAT, "%s: binary data, not a preset", path);
    } else {
        text[len] = '\0';
        st = preset_parse(text, path, p, gen, edits, err);
    }
    free(text);
    fclose(f);
    return st;
}

static int
is_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int
ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

enum og_status
preset_load(const char *name_or_file, struct params *p, int *gen, char **edits, char *path,
            size_t path_size, struct og_error *err)
{
    char dirs[1 + SHIPPED_DIRS_MAX][PRESET_PATH_MAX];
    char cand[PRESET_PATH_MAX + PRESET_NAME_MAX + 8];
    char looked[512];
    int n = 0, i;
    size_t used = 0;

    if (strchr(name_or_file, '/') != NULL || ends_with(name_or_file, ".ini")) {
        if (path != NULL) {
            snprintf(path, path_size, "%s", name_or_file);
        }
        return preset_load_file(name_or_file, p, gen, edits, err);
    }
    if (!preset_name_valid(name_or_file)) {
        return og_error_set(err, OG_EINVAL,
                            "bad preset name '%s' (letters, digits, '.', '_', '-')", name_or_file);
    }
    if (preset_user_dir(dirs[0], sizeof dirs[0], NULL) == OG_OK) {
        n = 1;
    }
    n += shipped_dirs(&dirs[n]);
    looked[0] = '\0';
    for (i = 0; i < n; i++) {
        int len = snprintf(cand, sizeof cand, "%s/%s.ini", dirs[i], name_or_file);
        if (len > 0 && (size_t)len < sizeof cand && is_file(cand)) {
            if (path != NULL) {
                snprintf(path, path_size, "%s", cand);
            }
            return preset_load_file(cand, p, gen, edits, err);
        }
        if (used < sizeof looked) {
            int w = snprintf(looked + used, sizeof looked - used, "%s%s", i > 0 ? ", " : "",
                             dirs[i]);
            used += w > 0 ? (size_t)w : 0;
        }
    }
    return og_error_set(err, OG_EINVAL, "no preset named '%s' (looked in %s)", name_or_file,
                        looked);
}

/* mkdir -p for the user's folder. */
static enum og_status
make_dirs(const char *dir, struct og_error *err)
{
    char buf[PRESET_PATH_MAX];
    char *s;

    snprintf(buf, sizeof buf, "%s", dir);
    for (s = buf + 1; *s != '\0'; s++) {
        if (*s == '/') {
            *s = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
                return og_error_set(err, OG_EIO, "cannot create %s: %s", buf, strerror(errno));
            }
            *s = '/';
        }
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
        return og_error_set(err, OG_EIO, "cannot create %s: %s", buf, strerror(errno));
    }
    return OG_OK;
}

enum og_status
preset_save(const char *name, const struct params *p, unsigned groups, const char *generator,
            const char *edits, char *path, size_t path_size, struct og_error *err)
{
    char dir[PRESET_PATH_MAX];
    char target[PRESET_PATH_MAX + PRESET_NAME_MAX + 8];
    char tmp[sizeof target + 16];
    char *body = NULL;
    enum og_status st;
    FILE *f;
    int fd, bad;

    if (!preset_name_valid(name)) {
        return og_error_set(err, OG_EINVAL,
                            "bad preset name '%s' (1-63 of letters, digits, '.', '_', '-')", name);
    }
    if (edits != NULL && edits[0] != '\0' &&
        (generator == NULL || strcmp(generator, "planet") != 0)) {
        return og_error_set(err, OG_EINVAL, "preset %s: land edits belong to a planet preset",
                            name);
    }
    if ((st = preset_user_dir(dir, sizeof dir, err)) != OG_OK) {
        return st;
    }
    if ((st = make_dirs(dir, err)) != OG_OK) {
        return st;
    }
    snprintf(target, sizeof target, "%s/%s.ini", dir, name);
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", target);
    if ((st = params_to_text(p, groups | 1u << PG_COMMON, &body, err)) != OG_OK) {
        return st;
    }
    fd = mkstemp(tmp);
    if (fd < 0) {
        free(body);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", target, strerror(errno));
    }
    /* mkstemp makes the file 0600; presets are ordinary files. */
    {
        mode_t mask = umask(022);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    f = fdopen(fd, "w");
    if (f == NULL) {
        close(fd);
        unlink(tmp);
        free(body);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", target, strerror(errno));
    }
    fprintf(f, "# orogen preset '%s'\n", name);
    if (generator != NULL) {
        fprintf(f, "generator = %s\n", generator);
    }
    fputs(body, f);
    free(body);
    if (edits != NULL && edits[0] != '\0') {
        /* last, after the parameters: replayed on the planet they make */
        fprintf(f, "planet.edits = %s\n", edits);
    }
    bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        int e = errno;
        unlink(tmp);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", target, strerror(e));
    }
    if (rename(tmp, target) != 0) {
        int e = errno;
        unlink(tmp);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", target, strerror(e));
    }
    if (path != NULL) {
        snprintf(path, path_size, "%s", target);
    }
    return OG_OK;
}

static int
entry_cmp(const void *a, const void *b)
{
    return strcmp(((const struct preset_entry *)a)->name, ((const struct preset_entry *)b)->name);
}

int
preset_list(struct preset_entry *out, int max)
{
    char dirs[1 + SHIPPED_DIRS_MAX][PRESET_PATH_MAX];
    struct preset_entry *all;
    int n = 0, ndirs = 0, i, total = 0, cap = 256, have_user = 0;

    all = calloc((size_t)cap, sizeof *all);
    if (all == NULL) {
        return 0;
    }
    if (preset_user_dir(dirs[0], sizeof dirs[0], NULL) == OG_OK) {
        ndirs = have_user = 1;
    }
    ndirs += shipped_dirs(&dirs[ndirs]);
    for (i = 0; i < ndirs; i++) {
        DIR *d = opendir(dirs[i]);
        struct dirent *de;
        if (d == NULL) {
            continue;
        }
        while ((de = readdir(d)) != NULL && n < cap) {
            char name[PRESET_NAME_MAX];
            size_t len = strlen(de->d_name);
            int j, dup = 0;
            if (len <= 4 || !ends_with(de->d_name, ".ini") || len - 4 >= sizeof name) {
                continue;
            }
            memcpy(name, de->d_name, len - 4);
            name[len - 4] = '\0';
            if (!preset_name_valid(name)) {
                continue;
            }
            /* Earlier folders win: the user's first, then the shipped ones. */
            for (j = 0; j < n; j++) {
                dup |= strcmp(all[j].name, name) == 0;
            }
            if (dup) {
                continue;
            }
            snprintf(all[n].name, sizeof all[n].name, "%s", name);
            if (snprintf(all[n].path, sizeof all[n].path, "%s/%s", dirs[i], de->d_name) >=
                (int)sizeof all[n].path || !infile_is_regular(all[n].path)) {
                continue;   /* too long, or a FIFO/device/folder named *.ini */
            }
            all[n].user = have_user && i == 0;
            n++;
        }
        closedir(d);
    }
    qsort(all, (size_t)n, sizeof *all, entry_cmp);
    total = n;
    for (i = 0; i < n && i < max; i++) {
        out[i] = all[i];
    }
    free(all);
    return total;
}
