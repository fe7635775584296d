/* prompt: the inline formw field, over the selected value of the parameter
 * panel (PROMPT_VALUE) or on the last status line (a preset name, an
 * export's file name and size). Moved from paramform.c.
 *
 * TYPE_ENUM / TYPE_REGEXP (numbers with exponents, seeds) filter the typing
 * (without ranges, see below), and the parameter table decides, so a
 * refusal is worded like everywhere else ("param 'x' = v outside [a, b]").
 * formw pitfalls handled (../shared/TERMINAL.md section 2): the buffer is
 * synced with REQ_VALIDATION before reading; TYPE_INTEGER is not used (no
 * exponents: 1e5 was refused where the CLI takes it); TYPE_NUMERIC is not
 * used because it reformats the text to its precision; O_NULLOK and
 * O_AUTOSKIP are off; the sub-window is checked (a NULL one would mean
 * stdscr); on resize the form is unposted, freed and rebuilt. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/planet/planet_edit.h"
#include "tui/paramform_internal.h"
#include "tui/tui_state.h"

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
    if (kind == PROMPT_EXPORT_NAME || kind == PROMPT_OPEN) {
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
        /* the CLI's shapes (1e5 for 100000, findings item 6): the table
         * refuses a fraction in its own words */
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
    paramform_value_place(t, ph, pw, y, x, w);
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
    if (kind == PROMPT_OPEN) {
        return "open DEM or recipe PNG: ";
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
    snprintf(t->prompt_text, sizeof t->prompt_text, "%s", initial != NULL ? initial : "");
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
    t->preset_confirm[0] = '\0';   /* a later w asks again */
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

/* Keep the field's text in t->prompt_text after every key: on KEY_RESIZE
 * ncurses has already clipped the field's window to the new size, and
 * formw syncs its buffer from that window, so reading it then kept only the
 * visible part over the stale tail of the first text ("abc      -view.png").
 * Typed fields are read off their window (they are static, so never
 * scroll): validating them would rewrite the text under the user's fingers
 * (an enum completes a prefix, an integer is reformatted and the cursor
 * goes home). Only the untyped, scrolling export name is validated. */
static void
prompt_remember(struct tui *t)
{
    if (t->prompt != PROMPT_EXPORT_NAME) {
        char buf[256];
        const char *s = buf;
        size_t len;
        if (t->formsub == NULL || mvwinnstr(t->formsub, 0, 0, buf, (int)sizeof buf - 1) == ERR) {
            return;
        }
        buf[sizeof buf - 1] = '\0';
        while (*s == ' ') {
            s++;
        }
        snprintf(t->prompt_text, sizeof t->prompt_text, "%s", s);
        len = strlen(t->prompt_text);
        while (len > 0 && t->prompt_text[len - 1] == ' ') {
            t->prompt_text[--len] = '\0';
        }
        return;
    }
    field_text(t, t->prompt_text, sizeof t->prompt_text);
}

void
prompt_suspend(struct tui *t)
{
    if (t->prompt == PROMPT_NONE || t->form == NULL) {
        return;
    }
    /* t->prompt_text is current (prompt_remember): never read the field
     * here, its window is already clipped to the new size. */
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
    char *edits = NULL;
    enum og_status st;

    if (t->prompt == PROMPT_OPEN) {
        openfile_submit(t, text);
        return;
    }
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
        /* An existing name is only replaced on a second Enter, as exports
         * ask: the user's own preset would be overwritten, a shipped one
         * hidden by a user preset of that name. */
        if (strcmp(t->preset_confirm, text) != 0) {
            struct preset_entry found[256];
            int n = preset_list(found, 256), i;
            for (i = 0; i < n && i < 256; i++) {
                if (strcmp(found[i].name, text) == 0) {
                    snprintf(t->preset_confirm, sizeof t->preset_confirm, "%.63s", text);
                    tui_message(t, 1,
                                found[i].user
                                    ? "preset %s exists (%s): Enter again overwrites it, or edit "
                                      "the name"
                                    : "%s is a shipped preset (%s): Enter again saves your own, "
                                      "which hides it; or edit the name",
                                text, found[i].path);
                    return;
                }
            }
        }
        g = generator_get(t->gen);
        /* a planet's land edits go into the preset too */
        if (t->gen == GEN_PLANET && planet_edit_count(t->world) > 0 &&
            planet_edits_to_text(t->world, &edits, &err) != OG_OK) {
            prompt_close(t);
            tui_message(t, 1, "%s", err.msg);
            return;
        }
        st = preset_save(text, &t->params, tui_groups(t), g != NULL ? g->name : NULL, edits,
                         path, sizeof path, &err);
        free(edits);
        if (st != OG_OK) {
            prompt_close(t);
            tui_message(t, 1, "%s", err.msg);
            return;
        }
        if (t->gen == GEN_PLANET) {
            globeview_edits_saved(t);
        }
        if (snprintf(t->preset_name, sizeof t->preset_name, "%s", text) < 0) {
            t->preset_name[0] = '\0';
        }
        prompt_close(t);
        if (t->gen == GEN_PLANET && planet_edit_count(t->world) > 0) {
            tui_message(t, 0, "saved preset %s with %zu land edit%s", path,
                        planet_edit_count(t->world), planet_edit_count(t->world) == 1 ? "" : "s");
        } else {
            tui_message(t, 0, "saved preset %s", path);
        }
        return;
    }
    /* The table's answer is the one shown, also when formw refused the
     * shape, so every refusal reads the same. */
    /* A refusal closes the field, as a refused preset name does: a key
     * pressed next (d for default) acts on the panel rather than typing
     * into the old text ("1e5d", findings item 6). */
    if (paramedit_set_text(&t->pe, text, &err) != OG_OK) {
        prompt_close(t);
        tui_message(t, 1, "%s (not applied; Enter types again)", err.msg);
        return;
    }
    if (rc != E_OK) {
        prompt_close(t);
        tui_message(t, 1, "'%s' is not a valid value for %s (not applied; Enter types again)",
                    text, param_def(paramedit_selected(&t->pe))->name);
        t->pe.cur = t->params;
        return;
    }
    prompt_close(t);
    paramform_apply(t, 0);
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
    case '\t':
        if (t->prompt == PROMPT_OPEN) {
            char text[4096], done[4096];
            field_text(t, text, sizeof text);
            if (openfile_complete(t, text, done, sizeof done)) {
                set_field_buffer(t->fields[0], 0, done);
                form_driver(t->form, REQ_END_LINE);
            }
        }
        t->chrome_dirty = 1;
        return 1;
    case KEY_UP: req = REQ_PREV_CHOICE; break;
    case KEY_DOWN: req = REQ_NEXT_CHOICE; break;
    default:
        if (ch >= 32 && ch < 127) {
            form_driver(t->form, ch);
            prompt_remember(t);
        }
        return 1;
    }
    form_driver(t->form, req);
    prompt_remember(t);
    return 1;
}
