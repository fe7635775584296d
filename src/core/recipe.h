/* recipe: what a world is made from, and its versions.
 *
 * A recipe is a generator, a seed and parameter values (plus, for the dem
 * source, the identity of its input file). The same recipe gives the same
 * bytes on every run, thread count, compiler and CPU for as long as the
 * output version of its generator (recipe_versions.def) is unchanged; see
 * doc/reproducibility.md for the contract. */
#ifndef OROGEN_CORE_RECIPE_H
#define OROGEN_CORE_RECIPE_H

#include <stddef.h>

#include "core/og_error.h"
#include "core/params.h"
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
 * *gen (may be NULL) gets its enum gen_id, or -1 when there is none.
 * source names the text in messages. Errors: OG_EFORMAT / OG_ERANGE
 * "SOURCE:LINE: reason" for malformed lines, unknown keys or generators and
 * out-of-range values (p unchanged). */
enum og_status preset_parse(const char *text, const char *source, struct params *p, int *gen,
                            struct og_error *err);

/* Read a preset file and apply it as preset_parse does. Errors: OG_EIO
 * "cannot read PATH: REASON", else as preset_parse. */
enum og_status preset_load_file(const char *path, struct params *p, int *gen,
                                struct og_error *err);

/* Load NAME (searched in the user's folder, then the shipped ones, as
 * NAME.ini) or FILE (anything containing '/' or ending in ".ini") into p.
 * path (may be NULL) receives the file used. Errors: OG_EINVAL "no preset
 * named 'X' (looked in ...)", else as preset_load_file. */
enum og_status preset_load(const char *name_or_file, struct params *p, int *gen, char *path,
                           size_t path_size, struct og_error *err);

/* Save the rows of groups of p as the user preset NAME (creating the
 * folder), atomically (temporary file + rename), with a "generator = NAME"
 * line when generator is not NULL. path (may be NULL)
 * receives the file written. Errors: OG_EINVAL for a bad name, OG_EIO
 * naming the path and reason. */
enum og_status preset_save(const char *name, const struct params *p, unsigned groups,
                           const char *generator, char *path, size_t path_size,
                           struct og_error *err);

/* List the presets found, sorted by name, a user preset hiding a shipped one
 * of the same name. Returns the number found (may exceed max; only max are
 * written). */
int preset_list(struct preset_entry *out, int max);

#endif
