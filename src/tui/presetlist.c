/* presetlist: the preset panel (o): the presets found (core/recipe/recipe.h
 * preset_list), Enter loads one into the parameters and regenerates.
 * Moved from paramform.c. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "tui/paramform_internal.h"
#include "tui/tui_state.h"

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
    tui_panel_begin(win, "Presets (Enter loads)", &h, &w);
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
    char *edits = NULL;
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
        if (preset_load_file(t->presets[t->preset_sel].path, &p, &gen, &edits, &err) != OG_OK) {
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
        {
            /* its land edits replay on the planet its parameters make */
            char from[PRESET_NAME_MAX + 8];
            snprintf(from, sizeof from, "preset %s", t->preset_name);
            globeview_load_edits(t, edits, from);
        }
        free(edits);
        /* The list has done its job: close it, so the hint line and the
         * next keys (v: the gallery) are the map's again. */
        tui_set_panel(t, PANEL_NONE);
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
