/* paramform_internal: what the parameter panel (paramform.c) shares with
 * the inline field (prompt.c). Main thread only. */
#ifndef OROGEN_TUI_PARAMFORM_INTERNAL_H
#define OROGEN_TUI_PARAMFORM_INTERNAL_H

#include <stddef.h>

#include "core/recipe/params.h"

struct tui;

/* Copy the edited values (t->pe.cur) into the request and regenerate, after
 * TUI_DEBOUNCE_MS when debounce is set; render.* rows only redraw. */
void paramform_apply(struct tui *t, int debounce);

/* Where the selected row's value is drawn in a panel of ph x pw cells: its
 * row *y, column *x and the width *w left for a field there. Returns 0. */
int paramform_value_place(const struct tui *t, int ph, int pw, int *y, int *x, int *w);

/* The text of id's value in p for the panel and the message line, and its
 * unit (a map extent as a length: "none", "250 m", "25.6 km"). */
void paramform_value_text(const struct params *p, enum param_id id, char *val, size_t size,
                          const char **unit);

#endif
