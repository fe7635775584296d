/* paramedit: the logic of the TUI parameter panel and of presets, without
 * curses (tests/test_paramedit.c drives it directly).
 *
 * A paramedit holds a working copy of the parameters and the list of rows
 * shown for the current generator (the rows of its parameter groups, the
 * seed first). Stepping, typed values and resets go through core/params.h,
 * so a value outside its row's range is refused with the table's wording
 * and nothing changes; numbers are read and written in the C locale.
 *
 * Presets are "name = value" files (core/params.h params_parse_text): the
 * project's under $OROGEN_DATA/presets, OROGEN_DATADIR/presets and
 * ./data/presets; the user's under $XDG_CONFIG_HOME/orogen/presets (default
 * ~/.config/orogen/presets), which win over shipped ones of the same name. */
#ifndef OROGEN_TUI_PARAMEDIT_H
#define OROGEN_TUI_PARAMEDIT_H

#include <stddef.h>

#include "core/og_error.h"
#include "core/params.h"

struct paramedit {
    struct params cur;          /* the values being edited */
    unsigned groups;            /* bit (1 << PG_x) of the rows shown */
    enum param_id rows[P_COUNT];
    int nrows;
    int sel;                    /* selected row, 0 <= sel < nrows */
};

/* Start editing a copy of p, showing the rows of groups (PG_COMMON is
 * always added, so the seed is row 0). */
void paramedit_init(struct paramedit *pe, const struct params *p, unsigned groups);

/* Show another generator's rows, keeping the values and, when it is still
 * shown, the selected parameter. */
void paramedit_set_groups(struct paramedit *pe, unsigned groups);

/* Move the selection by delta rows, stopping at the first and last row. */
void paramedit_move(struct paramedit *pe, int delta);

/* The parameter of the selected row. */
enum param_id paramedit_selected(const struct paramedit *pe);

/* Step the selected value by `steps` steps of its table step (negative
 * goes down; enum rows cycle). Errors: OG_ERANGE naming the parameter and
 * its range when the result would leave it; the value is then unchanged. */
enum og_status paramedit_step(struct paramedit *pe, int steps, struct og_error *err);

/* Set the selected row from typed text (leading/trailing blanks ignored, C
 * locale, enum rows take a choice name or index). Errors as
 * params_set_text; the value is unchanged on error. */
enum og_status paramedit_set_text(struct paramedit *pe, const char *text,
                                  struct og_error *err);

/* Reset the selected row to its default. Returns 1 if the value changed. */
int paramedit_reset(struct paramedit *pe);

/* The row's short label: the name after the group prefix ("cells" for
 * "island.cells"). */
const char *paramedit_label(enum param_id id);

/* "[16, 2000000] cells, step 1000" or "random|centre|ring|line" for the
 * help line. Returns buf. */
char *paramedit_range_text(enum param_id id, char *buf, size_t size);

/* --- presets ------------------------------------------------------------ */

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
