/* paramedit: the logic of the TUI parameter panel, without curses
 * (tests/test_paramedit.c drives it directly).
 *
 * A paramedit holds a working copy of the parameters and the list of rows
 * shown for the current generator (the rows of its parameter groups, the
 * seed first). Stepping, typed values and resets go through core/recipe/params.h,
 * so a value outside its row's range is refused with the table's wording
 * and nothing changes; numbers are read and written in the C locale.
 * Presets (load, save, list) live in core/recipe/recipe.h. */
#ifndef OROGEN_TUI_PARAMEDIT_H
#define OROGEN_TUI_PARAMEDIT_H

#include <stddef.h>

#include "core/base/og_error.h"
#include "core/recipe/params.h"
#include "core/recipe/recipe.h"   /* presets: preset_load, preset_save, preset_list */

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

#endif
