/* paramform: the parameter panel (issue 7). The preset list is
 * presetlist.c, the inline formw field prompt.c.
 *
 * The panel lists the current generator's rows from the parameter table:
 * label, value, unit; the selected row's help and range at the bottom. The
 * logic (stepping, refusal, typed values, reset) is tui/paramedit.c; this
 * file only draws and maps keys. Enter opens the field (prompt.c) over the
 * value. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "tui/paramform_internal.h"
#include "tui/tui_state.h"

#define LABEL_W 21   /* island.vertical_scale whole; with the value and a
                        13-column unit it fills the 46 columns of a row */
#define VALUE_W 10

/* The value and unit a row shows. A map extent in km (island.extent,
 * hybrid.extent) reads as a length: "none" (no scale: model units) for 0,
 * metres under 1 km ("250 m", not "0.25 km"), km with at most three
 * decimals (metres) above; it showed "0 km" (issue 29). Other values as
 * params_format gives them, with their table unit. */
void
paramform_value_text(const struct params *p, enum param_id id, char *val, size_t size,
                     const char **unit)
{
    const struct param_def *d = param_def(id);
    double v = params_get(p, id);

    *unit = d->unit;
    if (d->type == PT_REAL && strcmp(d->unit, "km") == 0 && isfinite(v)) {
        if (v == 0.0) {
            snprintf(val, size, "none");
            *unit = "(model units)";
        } else if (v < 1.0) {
            params_format_number(round(v * 1000.0 * 10.0) / 10.0, val, size);
            *unit = "m";
        } else {
            params_format_number(round(v * 1000.0) / 1000.0, val, size);
        }
        return;
    }
    params_format(p, id, val, size);
}

/* Rows of the list area: the panel minus the title and the help lines. */
static int
list_rows(const struct tui *t, int h)
{
    int help = t->panel_side ? 4 : 2;
    int n = h - 1 - help;
    return n < 1 ? 1 : n;
}

static int
list_top(const struct tui *t, int rows)
{
    int top = t->pe.sel - rows / 2;
    if (top > t->pe.nrows - rows) {
        top = t->pe.nrows - rows;
    }
    return top < 0 ? 0 : top;
}

/* A wide bottom panel shows the list in two columns of COL_W. */
#define COL_W 48   /* a whole row with its unit (TUI_PANEL_COLS) */

static int
list_cols(const struct tui *t, int w)
{
    return !t->panel_side && w >= 2 * COL_W ? 2 : 1;
}

/* Window position of list entry k (0 = the first shown). */
static void
list_pos(int k, int rows, int *y, int *x)
{
    *y = 1 + k % rows;
    *x = (k / rows) * COL_W;
}

static void
wrap_text(WINDOW *win, int y, int x, int w, int maxlines, const char *s)
{
    int line = 0;

    while (*s != '\0' && line < maxlines && w > 0) {
        int len = (int)strlen(s), cut = len;
        if (len > w) {
            cut = w;
            while (cut > 0 && s[cut] != ' ') {
                cut--;
            }
            if (cut == 0) {
                cut = w;
            }
        }
        mvwaddnstr(win, y + line, x, s, cut);
        s += cut;
        while (*s == ' ') {
            s++;
        }
        line++;
    }
}

static int
param_changed(const struct params *p, enum param_id id)
{
    struct params def;

    params_defaults(&def);
    return id == P_SEED ? p->seed != def.seed
                        : p->v[id] != def.v[id] && !(isnan(p->v[id]) && isnan(def.v[id]));
}

void
paramform_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    int w, h, rows, top, i, ncols, colw;
    enum param_id sel;
    char val[64], range[128], title[64];
    const char *unit;

    if (win == NULL) {
        return;
    }
    snprintf(title, sizeof title, "Parameters: %s", world_gen_name(t->gen));
    tui_panel_begin(win, title, &h, &w);
    rows = list_rows(t, h);
    ncols = list_cols(t, w);
    colw = ncols == 2 ? COL_W : w;
    top = list_top(t, rows * ncols);
    for (i = 0; i < rows * ncols && top + i < t->pe.nrows; i++) {
        enum param_id id = t->pe.rows[top + i];
        int selected = top + i == t->pe.sel, y, x;
        char line[128];

        list_pos(i, rows, &y, &x);
        paramform_value_text(&t->pe.cur, id, val, sizeof val, &unit);
        /* '*' marks a value changed from its default. */
        snprintf(line, sizeof line, "%-*.*s%c%-*s %s", LABEL_W, LABEL_W, paramedit_label(id),
                 param_changed(&t->pe.cur, id) ? '*' : ' ', VALUE_W, val, unit);
        if (selected) {
            wattron(win, A_REVERSE);
            mvwhline(win, y, x, ' ', colw - 1);
        }
        mvwaddnstr(win, y, x + 1, line, colw - 2);
        if (selected) {
            wattroff(win, A_REVERSE);
        }
    }
    if (top + rows * ncols < t->pe.nrows) {
        mvwaddnstr(win, rows, w - 4, " v ", 3);
    }
    if (top > 0) {
        mvwaddnstr(win, 0, w - 4, " ^ ", 3);
    }
    sel = paramedit_selected(&t->pe);
    paramedit_range_text(sel, range, sizeof range);
    if (t->panel_side) {
        tui_hline(t, win, h - 4, 0, w);
        wrap_text(win, h - 3, 1, w - 2, 2, param_def(sel)->help);
        wattron(win, A_DIM);
        mvwaddnstr(win, h - 1, 1, range, w - 2);
        wattroff(win, A_DIM);
    } else {
        char line[400];
        snprintf(line, sizeof line, "%s  %s", param_def(sel)->help, range);
        wrap_text(win, h - 2, 1, w - 2, 2, line);
    }
    wnoutrefresh(win);
}

/* Copy the edited values into the request and regenerate after a pause. */
void
paramform_apply(struct tui *t, int debounce)
{
    char val[64];
    const char *unit;
    enum param_id id = paramedit_selected(&t->pe);

    t->params = t->pe.cur;
    t->preset_name[0] = '\0';
    if (param_def(id)->group == PG_RENDER) {
        /* Render settings change the picture, not the world: redraw only
         * (the isometric preview and its export read t->params). */
        t->map_dirty = 1;
    } else if (debounce) {
        tui_schedule_regen(t);
    } else {
        tui_regen_now(t);
    }
    paramform_value_text(&t->pe.cur, id, val, sizeof val, &unit);
    tui_message(t, 0, "%s = %s %s", param_def(id)->name, val, unit);
    t->chrome_dirty = 1;
}

static void
step(struct tui *t, int steps)
{
    struct og_error err;

    if (paramedit_step(&t->pe, steps, &err) != OG_OK) {
        tui_message(t, 1, "%s", err.msg);
        t->chrome_dirty = 1;
        return;
    }
    paramform_apply(t, 1);
}

int
paramform_key(struct tui *t, int ch)
{
    char val[64];

    switch (ch) {
    case KEY_UP: case 'k':
        paramedit_move(&t->pe, -1);
        break;
    case KEY_DOWN: case 'j':
        paramedit_move(&t->pe, 1);
        break;
    case KEY_HOME:
        paramedit_move(&t->pe, -P_COUNT);
        break;
    case KEY_END:
        paramedit_move(&t->pe, P_COUNT);
        break;
    case KEY_LEFT: case 'h': case '-': case '_':
        step(t, -1);
        break;
    case KEY_RIGHT: case 'l': case '+': case '=':
        step(t, 1);
        break;
    case KEY_SLEFT: case KEY_NPAGE:
        step(t, -10);
        break;
    case KEY_SRIGHT: case KEY_PPAGE:
        step(t, 10);
        break;
    case 'd':
        if (paramedit_reset(&t->pe)) {
            paramform_apply(t, 1);
        } else {
            tui_message(t, 0, "%s is at its default", param_def(paramedit_selected(&t->pe))->name);
        }
        break;
    case '\r': case '\n': case KEY_ENTER:
        params_format(&t->pe.cur, paramedit_selected(&t->pe), val, sizeof val);
        prompt_open(t, PROMPT_VALUE, val);
        break;
    default:
        return 0;
    }
    t->chrome_dirty = 1;
    return 1;
}

int
paramform_value_place(const struct tui *t, int ph, int pw, int *y, int *x, int *w)
{
    int rows = list_rows(t, ph), ncols = list_cols(t, pw), col0;
    list_pos(t->pe.sel - list_top(t, rows * ncols), rows, y, &col0);
    *x = col0 + 1 + LABEL_W + 1;
    *w = (ncols == 2 ? col0 + COL_W : pw) - *x - 1;
    return 0;
}
