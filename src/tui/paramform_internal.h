/* paramform_internal: what the parameter panel (paramform.c) shares with
 * the inline field (prompt.c). Main thread only. */
#ifndef OROGEN_TUI_PARAMFORM_INTERNAL_H
#define OROGEN_TUI_PARAMFORM_INTERNAL_H

struct tui;

/* Copy the edited values (t->pe.cur) into the request and regenerate, after
 * TUI_DEBOUNCE_MS when debounce is set; render.* rows only redraw. */
void paramform_apply(struct tui *t, int debounce);

/* Where the selected row's value is drawn in a panel of ph x pw cells: its
 * row *y, column *x and the width *w left for a field there. Returns 0. */
int paramform_value_place(const struct tui *t, int ph, int pw, int *y, int *x, int *w);

#endif
