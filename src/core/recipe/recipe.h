/* recipe: what a world is made from, and its versions.
 *
 * A recipe is a generator, a seed and parameter values (plus, for the dem
 * source, the identity of its input file). The same recipe gives the same
 * bytes on every run, thread count, compiler and CPU for as long as the
 * output version of its generator (recipe_versions.def) is unchanged; see
 * doc/reproducibility.md for the contract. */
#ifndef OROGEN_CORE_RECIPE_RECIPE_H
#define OROGEN_CORE_RECIPE_RECIPE_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/world.h"

/* The output version of a generator or renderer by name ("island", "dem",
 * "hybrid", "planet", "map", "iso", "globe"), or 0 for an unknown name. */
int recipe_output_version(const char *name);

/* The output version of a generator (as recipe_output_version). */
int recipe_generator_version(enum gen_id gen);

/* A malloc'd copy of text with a leading UTF-8 byte order mark removed and
 * every line end (CRLF, or a lone CR as old Mac editors write) made LF, so
 * line numbers count what an editor shows. NULL when out of memory. */
char *recipe_text_normalize(const char *text);

/* --- recipes in PNG text chunks (recipe.c) --------------------------------
 * An orogen PNG carries its recipe in tEXt chunks:
 *   orogen:format             RECIPE_FORMAT (absent in format 1)
 *   orogen:version            the orogen that wrote it ("0.1.0")
 *   orogen:generator          "island", "dem", "hybrid", "planet"
 *   orogen:generator-version  recipe_generator_version() of the writer
 *   orogen:seed               the 64-bit seed
 *   orogen:params             "name = value" lines: every parameter of the
 *                             generator, then the export's own settings
 *                             (map.layer, map.size, ...)
 *   orogen:dem                dem source: "SIZE SHA256 NAME" of the input
 *                             file (format 1 had orogen:source, a path)
 * A planet's land edits are the line "planet.edits = +12@7.6 -345" of
 * orogen:params (planet_edit.h: '+' made land, '-' sea, in order). */

#define RECIPE_FORMAT 2
#define RECIPE_NAME_MAX 160  /* longest dem file name a recipe names */

struct recipe {
    enum gen_id gen;
    struct params params;       /* the caller's values with the recipe's applied */
    int format;                 /* 1 or RECIPE_FORMAT */
    char made_by[32];           /* orogen:version */
    int gen_version;            /* orogen:generator-version, 0 if absent */
    /* export settings from orogen:params ("" / 0 when absent) */
    char map_layer[32];
    int map_w, map_h;
    int globe_size;             /* globe.size (square), 0 when absent */
    int map_view_given;
    double map_view[4];
    /* dem identity: name, size in bytes, SHA-256 (dem_name "" when none) */
    char dem_name[RECIPE_NAME_MAX + 1];
    long long dem_size;
    char dem_sha256[65];
    char dem_legacy_path[4096]; /* format 1: orogen:source as written */
    /* planet edits: the planet.edits line as written (NULL when none) */
    char *edits;                /* malloc'd; free with recipe_fini */
    char note[256];             /* a warning to show, "" if none */
};

/* Read a recipe from the text chunks of a PNG (keys[i] = values[i], n of
 * them); source names the file in messages. r->params must hold the values
 * to start from. Errors (OG_EFORMAT unless said), all naming source:
 * "no orogen recipe in its text chunks"; "made by orogen X, this is Y"
 * for a newer recipe format; a chunk given twice; an unknown orogen:
 * chunk; in orogen:params an unknown key, a key given twice, a malformed
 * line or an out-of-range value (OG_ERANGE), each naming the key; an
 * unknown generator (OG_EUNSUPPORTED). r->note says when the generator's
 * output version differs from this build's (the world will differ). */
enum og_status recipe_from_chunks(char *const *keys, char *const *values, size_t n,
                                  const char *source, struct recipe *r, struct og_error *err);

/* Free what recipe_from_chunks allocated (r itself is the caller's). */
void recipe_fini(struct recipe *r);

/* The dem identity line "SIZE SHA256 NAME" of the file at path (NAME is
 * its base name) into buf. Errors: OG_EIO naming the path, OG_EINVAL for a
 * base name longer than RECIPE_NAME_MAX or holding a control character. */
enum og_status recipe_dem_identity(const char *path, char *buf, size_t size,
                                   struct og_error *err);

/* The name part of an identity line ("fuji.png" of "578765 ab.. fuji.png");
 * a line that is not an identity is returned whole. */
const char *recipe_dem_identity_name(const char *identity);

/* Find the dem file a recipe names: NAME beside the PNG (png_path's
 * folder), then NAME in the current folder; the first whose SHA-256 matches
 * is written to path. Errors: OG_EFORMAT "NAME: SHA-256 X, but the recipe in
 * PNG names Y" when only files with another hash were found (naming both
 * hashes), OG_EIO "the recipe in PNG needs NAME (...): not beside it nor in
 * the current folder; give --dem FILE". */
enum og_status recipe_find_dem(const struct recipe *r, const char *png_path, char *path,
                               size_t size, struct og_error *err);

/* --- presets (recipe_preset.c) --------------------------------------------
 * Presets are "name = value" files (params_parse_text): the project's under
 * $OROGEN_DATA/presets, OROGEN_DATADIR/presets and ./data/presets; the
 * user's under $XDG_CONFIG_HOME/orogen/presets (default
 * ~/.config/orogen/presets), which win over shipped ones of the same name.
 * Line ends may be LF, CRLF or CR; a leading UTF-8 byte order mark is
 * skipped. */

#define PRESET_NAME_MAX 64
#define PRESET_PATH_MAX 1024

struct preset_entry {
    char name[PRESET_NAME_MAX];
    char path[PRESET_PATH_MAX];
    int user;                   /* from the user's folder */
};

/* Is name usable as a preset name: 1..63 characters of [A-Za-z0-9._-], not
 * starting with '.'. */
int preset_name_valid(const char *name);

/* The user's preset folder into buf. Errors: OG_EINVAL when neither
 * XDG_CONFIG_HOME nor HOME is set. */
enum og_status preset_user_dir(char *buf, size_t size, struct og_error *err);

/* Apply preset text to p, all or nothing. Besides parameter lines a preset
 * may name its generator on a "generator = NAME" line (the CLI's format);
 * *gen (may be NULL) gets its enum gen_id, or -1 when there is none. A
 * planet preset may carry land edits on a "planet.edits = +12 -345" line
 * (planet_edit.h's text, replayed on the generated planet): *edits gets a
 * malloc'd copy of the list ("" for an empty one), or NULL when the preset
 * has no such line; pass edits NULL to refuse such a line. source names the
 * text in messages. Errors: OG_EFORMAT / OG_ERANGE "SOURCE:LINE: reason"
 * for malformed lines, unknown keys or generators, out-of-range values, a
 * key given twice, a malformed edit, and planet.edits with another
 * generator or with edits NULL (p and *edits unchanged). */
enum og_status preset_parse(const char *text, const char *source, struct params *p, int *gen,
                            char **edits, struct og_error *err);

/* Read a preset file and apply it as preset_parse does. Errors: OG_EIO
 * "cannot read PATH: REASON", else as preset_parse. */
enum og_status preset_load_file(const char *path, struct params *p, int *gen, char **edits,
                                struct og_error *err);

/* Load NAME (searched in the user's folder, then the shipped ones, as
 * NAME.ini) or FILE (anything containing '/' or ending in ".ini") into p.
 * path (may be NULL) receives the file used. Errors: OG_EINVAL "no preset
 * named 'X' (looked in ...)", else as preset_load_file. */
enum og_status preset_load(const char *name_or_file, struct params *p, int *gen, char **edits,
                           char *path, size_t path_size, struct og_error *err);

/* Save the rows of groups of p as the user preset NAME (creating the
 * folder), atomically (temporary file + rename), with a "generator = NAME"
 * line when generator is not NULL and a "planet.edits = ..." line when
 * edits is neither NULL nor "" (planet_edits_to_text's list; only with
 * generator "planet"). path (may be NULL) receives the file written.
 * Errors: OG_EINVAL for a bad name or edits without the planet generator,
 * OG_EIO naming the path and reason. */
enum og_status preset_save(const char *name, const struct params *p, unsigned groups,
                           const char *generator, const char *edits, char *path,
                           size_t path_size, struct og_error *err);

/* List the presets found, sorted by name, a user preset hiding a shipped one
 * of the same name. Returns the number found (may exceed max; only max are
 * written). */
int preset_list(struct preset_entry *out, int max);

#endif
