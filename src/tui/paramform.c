/* paramform: the parameter panel (issue 7), the preset list and the inline
 * formw field.
 *
 * The panel lists the current generator's rows from the parameter table:
 * label, value, unit; the selected row's help and range at the bottom. The
 * logic (stepping, refusal, typed values, reset) is tui/paramedit.c; this
 * file only draws and maps keys. Enter opens a one-line formw field over the
 * value: TYPE_INTEGER / TYPE_ENUM / TYPE_REGEXP (reals, seeds) filter the
 * typing (without ranges, see below), and the parameter table decides, so a
 * refusal is worded like everywhere else ("param 'x' = v outside [a, b]").
 * formw pitfalls handled (../shared/TERMINAL.md section 2): the buffer is
 * synced with REQ_VALIDATION before reading; TYPE_INTEGER's arguments are
 * passed with their exact C types (int, long, long); TYPE_NUMERIC is not
 * used because it reformats the text to its precision; O_NULLOK and O_AUTOSKIP are off; the
 * sub-window is checked (a NULL one would mean stdscr); on resize the form
 * is unposted, freed and rebuilt. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "tui/tui_state.h"

#define LABEL_W 20
#define VALUE_W 10

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
#define COL_W 40

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
    return id == P_SEED ? p->seed != def.seed : p->v[id] != def.v[id];
}

void
paramform_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    int w, h, rows, top, i, ncols, colw;
    enum param_id sel;
    char val[64], range[128];

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    werase(win);
    wattron(win, A_BOLD);
    mvwprintw(win, 0, 1, "Parameters: %s", world_gen_name(t->gen));
    wattroff(win, A_BOLD);
    rows = list_rows(t, h);
    ncols = list_cols(t, w);
    colw = ncols == 2 ? COL_W : w;
    top = list_top(t, rows * ncols);
    for (i = 0; i < rows * ncols && top + i < t->pe.nrows; i++) {
        enum param_id id = t->pe.rows[top + i];
        int selected = top + i == t->pe.sel, y, x;
        char line[128];

        list_pos(i, rows, &y, &x);
        params_format(&t->pe.cur, id, val, sizeof val);
        /* '*' marks a value changed from its default. */
        snprintf(line, sizeof line, "%-*.*s%c%-*s %s", LABEL_W, LABEL_W, paramedit_label(id),
                 param_changed(&t->pe.cur, id) ? '*' : ' ', VALUE_W, val, param_def(id)->unit);
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
static void
apply_edit(struct tui *t, int debounce)
{
    char val[64];
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
    tui_message(t, 0, "%s = %s", param_def(id)->name, params_format(&t->pe.cur, id, val,
                                                                      sizeof val));
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
    apply_edit(t, 1);
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
            apply_edit(t, 1);
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

/* --- presets list ---------------------------------------------------------- */

void
presets_open(struct tui *t)
{
    int n;

    free(t->presets);
    t->presets = NULL;
    t->npresets = 0;
    t->preset_sel = 0;
    n = preset_list(NULL, 0);
    if (n > 0) {
        t->presets = calloc((size_t)n, sizeof *t->presets);
        if (t->presets != NULL) {
            t->npresets = preset_list(t->presets, n);
            if (t->npresets > n) {
                t->npresets = n;
            }
        }
    }
    if (t->npresets == 0) {
        char dir[PRESET_PATH_MAX];
        if (preset_user_dir(dir, sizeof dir, NULL) != OG_OK) {
            dir[0] = '\0';
        }
        tui_message(t, 1, "no presets found (data/presets, %s)", dir);
    }
}

void
presets_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    int w, h, rows, top, i;

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    werase(win);
    wattron(win, A_BOLD);
    mvwaddnstr(win, 0, 1, "Presets (Enter loads)", w - 2);
    wattroff(win, A_BOLD);
    rows = h - 2;
    if (rows < 1) {
        rows = 1;
    }
    top = t->preset_sel - rows / 2;
    if (top > t->npresets - rows) {
        top = t->npresets - rows;
    }
    if (top < 0) {
        top = 0;
    }
    for (i = 0; i < rows && top + i < t->npresets; i++) {
        const struct preset_entry *e = &t->presets[top + i];
        char line[128];
        snprintf(line, sizeof line, "%-24s %s", e->name, e->user ? "(yours)" : "");
        if (top + i == t->preset_sel) {
            wattron(win, A_REVERSE);
            mvwhline(win, 1 + i, 0, ' ', w);
        }
        mvwaddnstr(win, 1 + i, 1, line, w - 2);
        if (top + i == t->preset_sel) {
            wattroff(win, A_REVERSE);
        }
    }
    if (t->npresets > 0) {
        wattron(win, A_DIM);
        /* A long path loses its start, not its file name. */
        const char *path = t->presets[t->preset_sel].path;
        int len = (int)strlen(path);
        if (len > w - 2 && w > 6) {
            mvwaddnstr(win, h - 1, 1, "...", 3);
            waddnstr(win, path + len - (w - 5), w - 5);
        } else {
            mvwaddnstr(win, h - 1, 1, path, w - 2);
        }
        wattroff(win, A_DIM);
    }
    wnoutrefresh(win);
}

int
presets_key(struct tui *t, int ch)
{
    struct og_error err;
    struct params p;
    int gen = -1;

    switch (ch) {
    case KEY_UP: case 'k':
        if (t->preset_sel > 0) {
            t->preset_sel--;
        }
        break;
    case KEY_DOWN: case 'j':
        if (t->preset_sel + 1 < t->npresets) {
            t->preset_sel++;
        }
        break;
    case '\r': case '\n': case KEY_ENTER:
        if (t->npresets == 0) {
            break;
        }
        p = t->params;
        if (preset_load_file(t->presets[t->preset_sel].path, &p, &gen, &err) != OG_OK) {
            tui_message(t, 1, "%s", err.msg);
            break;
        }
        t->params = p;
        t->pe.cur = p;
        if (gen >= 0 && gen != (int)t->gen) {
            tui_set_generator(t, (enum gen_id)gen);
        }
        snprintf(t->preset_name, sizeof t->preset_name, "%s", t->presets[t->preset_sel].name);
        tui_message(t, 0, "loaded preset %s", t->preset_name);
        tui_regen_now(t);
        break;
    default:
        /* A letter or digit jumps to the next preset starting with it. */
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
            int i;
            for (i = 1; i <= t->npresets; i++) {
                int k = (t->preset_sel + i) % t->npresets;
                if (t->presets[k].name[0] == ch) {
                    t->preset_sel = k;
                    t->chrome_dirty = 1;
                    return 1;
                }
            }
        }
        /* Other keys keep their global meaning. */
        return 0;
    }
    t->chrome_dirty = 1;
    return 1;
}

/* --- the inline field ------------------------------------------------------ */

static void
free_choices(struct tui *t)
{
    char **c;
    if (t->choices == NULL) {
        return;
    }
    for (c = t->choices; *c != NULL; c++) {
        free(*c);
    }
    free(t->choices);
    t->choices = NULL;
}

static int
set_field_kind(struct tui *t, FIELD *f, enum tui_prompt kind)
{
    enum param_id id;
    const struct param_def *d;
    int n, i;

    if (kind == PROMPT_PRESET_NAME) {
        return set_field_type(f, TYPE_REGEXP, "^ *[A-Za-z0-9_-][A-Za-z0-9._-]* *$");
    }
    if (kind == PROMPT_EXPORT_NAME) {
        /* Any file name, longer than the field: it scrolls. */
        field_opts_off(f, O_STATIC);
        return set_max_field(f, 4000);
    }
    if (kind == PROMPT_EXPORT_SIZE) {
        return set_field_type(f, TYPE_REGEXP, "^ *[0-9]+([xX][0-9]+)? *$");
    }
    id = paramedit_selected(&t->pe);
    d = param_def(id);
    /* No ranges here: the parameter table is the authority and words the
     * refusal; formw only keeps the typing to the right shape. For
     * TYPE_INTEGER/NUMERIC a maximum not above the minimum disables the
     * range check. */
    switch (d->type) {
    case PT_INT:
        return set_field_type(f, TYPE_INTEGER, 0, 0L, 0L);
    case PT_REAL:
        /* Not TYPE_NUMERIC: it rewrites the text with "%.*f" at its
         * precision (precision 0 turned 4.5 into 4), which would change the
         * user's value silently; a C-locale number pattern instead. */
        return set_field_type(f, TYPE_REGEXP,
                              "^ *[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)? *$");
    case PT_SEED:
        return set_field_type(f, TYPE_REGEXP, "^ *[0-9]+ *$");
    case PT_ENUM:
        n = param_choice_count(id);
        t->choices = calloc((size_t)n + 1, sizeof *t->choices);
        if (t->choices == NULL) {
            return E_SYSTEM_ERROR;
        }
        for (i = 0; i < n; i++) {
            char name[64];
            t->choices[i] = strdup(param_choice_name(id, i, name, sizeof name));
            if (t->choices[i] == NULL) {
                free_choices(t);
                return E_SYSTEM_ERROR;
            }
        }
        return set_field_type(f, TYPE_ENUM, t->choices, 0, 0);
    }
    return E_OK;
}

/* Where the field goes: parent window, row, column and width. */
static int
field_place(struct tui *t, enum tui_prompt kind, WINDOW **parent, int *y, int *x, int *w)
{
    int ph, pw;

    if (TUI_PROMPT_ON_STATUS(kind)) {
        int lw = (int)strlen(prompt_label(t, kind));
        if (t->statwin == NULL) {
            return -1;
        }
        getmaxyx(t->statwin, ph, pw);
        (void)ph;
        *parent = t->statwin;
        *y = TUI_STATUS_ROWS - 1;
        *x = lw;
        *w = pw - lw - 28 > 12 ? pw - lw - 28 : pw - lw - 1;
        if (kind == PROMPT_PRESET_NAME && *w > PRESET_NAME_MAX - 1) {
            *w = PRESET_NAME_MAX - 1;
        }
        return *w >= 4 ? 0 : -1;
    }
    if (t->panelwin == NULL || t->panel != PANEL_PARAMS) {
        return -1;
    }
    getmaxyx(t->panelwin, ph, pw);
    *parent = t->panelwin;
    {
        int rows = list_rows(t, ph), ncols = list_cols(t, pw), col0;
        list_pos(t->pe.sel - list_top(t, rows * ncols), rows, y, &col0);
        *x = col0 + 1 + LABEL_W + 1;
        *w = (ncols == 2 ? col0 + COL_W : pw) - *x - 1;
    }
    if (*w > 40) {
        *w = 40;
    }
    return *w >= 4 && *y >= 1 && *y < ph ? 0 : -1;
}

static void
form_teardown(struct tui *t)
{
    if (t->form != NULL) {
        unpost_form(t->form);
        free_form(t->form);
        t->form = NULL;
    }
    if (t->fields[0] != NULL) {
        free_field(t->fields[0]);
        t->fields[0] = NULL;
    }
    if (t->formsub != NULL) {
        delwin(t->formsub);
        t->formsub = NULL;
    }
    free_choices(t);
}

static int
form_build(struct tui *t, enum tui_prompt kind, const char *initial)
{
    WINDOW *parent;
    int y, x, w;

    if (field_place(t, kind, &parent, &y, &x, &w) != 0) {
        return -1;
    }
    t->fields[0] = new_field(1, w, 0, 0, 0, 0);
    t->fields[1] = NULL;
    if (t->fields[0] == NULL) {
        return -1;
    }
    field_opts_off(t->fields[0], O_AUTOSKIP | O_NULLOK);
    field_opts_on(t->fields[0], O_BLANK);
    set_field_back(t->fields[0], A_UNDERLINE);
    if (set_field_kind(t, t->fields[0], kind) != E_OK) {
        form_teardown(t);
        return -1;
    }
    set_field_buffer(t->fields[0], 0, initial);
    t->form = new_form(t->fields);
    if (t->form == NULL) {
        form_teardown(t);
        return -1;
    }
    t->formsub = derwin(parent, 1, w, y, x);
    if (t->formsub == NULL) {
        /* set_form_sub(NULL) would mean stdscr: never post without it. */
        form_teardown(t);
        return -1;
    }
    set_form_win(t->form, parent);
    set_form_sub(t->form, t->formsub);
    if (post_form(t->form) != E_OK) {
        form_teardown(t);
        return -1;
    }
    return 0;
}

const char *
prompt_label(const struct tui *t, enum tui_prompt kind)
{
    if (kind == PROMPT_EXPORT_NAME || kind == PROMPT_EXPORT_SIZE) {
        return tui_export_prompt_label(t);
    }
    return kind == PROMPT_PRESET_NAME ? "save preset as: " : "";
}

int
prompt_open(struct tui *t, enum tui_prompt kind, const char *initial)
{
    if (t->prompt != PROMPT_NONE) {
        prompt_close(t);
    }
    t->prompt = kind;
    t->chrome_dirty = 1;
    /* Draw the parent first: posting paints the field over it. */
    if (kind == PROMPT_VALUE) {
        paramform_draw(t);
    } else {
        statusbar_draw(t);
    }
    if (form_build(t, kind, initial) != 0) {
        t->prompt = PROMPT_NONE;
        tui_message(t, 1, "no room for an input field: enlarge the terminal");
        return -1;
    }
    curs_set(1);
    return 0;
}

void
prompt_close(struct tui *t)
{
    form_teardown(t);
    t->prompt = PROMPT_NONE;
    curs_set(0);
    t->chrome_dirty = 1;
}

/* The field's text, synced and trimmed, into buf. Returns the validation
 * result of formw (E_OK or E_INVALID_FIELD). */
static int
field_text(struct tui *t, char *buf, size_t size)
{
    int rc = form_driver(t->form, REQ_VALIDATION);
    const char *s = field_buffer(t->fields[0], 0);
    size_t len;

    while (s != NULL && *s == ' ') {
        s++;
    }
    snprintf(buf, size, "%s", s != NULL ? s : "");
    len = strlen(buf);
    while (len > 0 && buf[len - 1] == ' ') {
        buf[--len] = '\0';
    }
    return rc;
}

void
prompt_suspend(struct tui *t)
{
    if (t->prompt == PROMPT_NONE || t->form == NULL) {
        return;
    }
    field_text(t, t->prompt_text, sizeof t->prompt_text);
    form_teardown(t);
}

void
prompt_resume(struct tui *t)
{
    if (t->prompt == PROMPT_NONE || t->form != NULL) {
        return;
    }
    if (t->too_small) {
        /* Keep the text; the field comes back when the terminal grows. */
        return;
    }
    if (t->prompt == PROMPT_VALUE) {
        paramform_draw(t);
    } else {
        statusbar_draw(t);
    }
    if (form_build(t, t->prompt, t->prompt_text) != 0) {
        /* Too small now: drop the field rather than crash; say so. */
        t->prompt = PROMPT_NONE;
        curs_set(0);
        tui_message(t, 1, "input field closed: no room after the resize");
    }
}

static void
prompt_submit(struct tui *t)
{
    struct og_error err;
    char text[4096], path[PRESET_PATH_MAX];
    int rc = field_text(t, text, sizeof text);
    const struct generator *g;

    if (t->prompt == PROMPT_EXPORT_NAME || t->prompt == PROMPT_EXPORT_SIZE) {
        if (t->prompt == PROMPT_EXPORT_SIZE && rc != E_OK) {
            tui_message(t, 1, "size '%s' is not WIDTHxHEIGHT", text);
            return;
        }
        tui_export_prompt_submit(t, text);
        return;
    }
    if (t->prompt == PROMPT_PRESET_NAME) {
        /* A refused name closes the prompt: a later w starts afresh rather
         * than typing into the old text. */
        if (rc != E_OK || !preset_name_valid(text)) {
            prompt_close(t);
            tui_message(t, 1, "bad preset name '%s': use letters, digits, '.', '_', '-' "
                              "(w tries again)", text);
            return;
        }
        g = generator_get(t->gen);
        if (preset_save(text, &t->params, tui_groups(t), g != NULL ? g->name : NULL, path,
                        sizeof path, &err) != OG_OK) {
            prompt_close(t);
            tui_message(t, 1, "%s", err.msg);
            return;
        }
        if (snprintf(t->preset_name, sizeof t->preset_name, "%s", text) < 0) {
            t->preset_name[0] = '\0';
        }
        prompt_close(t);
        tui_message(t, 0, "saved preset %s", path);
        return;
    }
    /* The table's answer is the one shown, also when formw refused the
     * shape, so every refusal reads the same. */
    if (paramedit_set_text(&t->pe, text, &err) != OG_OK) {
        tui_message(t, 1, "%s (not applied)", err.msg);
        return;
    }
    if (rc != E_OK) {
        tui_message(t, 1, "'%s' is not a valid value for %s (not applied)", text,
                    param_def(paramedit_selected(&t->pe))->name);
        t->pe.cur = t->params;
        return;
    }
    prompt_close(t);
    apply_edit(t, 0);
}

int
prompt_key(struct tui *t, int ch)
{
    int req = -1;

    if (t->form == NULL) {
        return 0;
    }
    switch (ch) {
    case 27: /* Esc */
        prompt_close(t);
        tui_message(t, 0, "cancelled");
        return 1;
    case '\r': case '\n': case KEY_ENTER:
        prompt_submit(t);
        t->chrome_dirty = 1;
        return 1;
    case KEY_LEFT: req = REQ_LEFT_CHAR; break;
    case KEY_RIGHT: req = REQ_RIGHT_CHAR; break;
    case KEY_HOME: case 1: req = REQ_BEG_FIELD; break;    /* ^A */
    case KEY_END: case 5: req = REQ_END_FIELD; break;     /* ^E */
    case KEY_BACKSPACE: case 127: case 8: req = REQ_DEL_PREV; break;
    case KEY_DC: case 4: req = REQ_DEL_CHAR; break;       /* ^D */
    case 21: req = REQ_CLR_FIELD; break;                  /* ^U */
    case KEY_UP: req = REQ_PREV_CHOICE; break;
    case KEY_DOWN: req = REQ_NEXT_CHOICE; break;
    default:
        if (ch >= 32 && ch < 127) {
            form_driver(t->form, ch);
        }
        return 1;
    }
    form_driver(t->form, req);
    return 1;
}
