/* statusbar: the two bottom lines. Line 1 (reverse video): generator,
 * seed, layer, colour mode, the running stage and its progress, and the
 * last message (errors in bold). Line 2: the 4-5 most useful keys of the
 * current mode, or the preset-name prompt. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/pipeline.h"
#include "tui/tui_state.h"

static const char *
key_hints(const struct tui *t)
{
    if (t->prompt == PROMPT_VALUE) {
        return "type a value  Enter apply  Esc cancel  Up/Down choices  ^U clear";
    }
    if (t->help) {
        return "any key closes the help";
    }
    if (t->quit_asked) {
        return "q quit after the export  any other key: stay";
    }
    switch (t->panel) {
    case PANEL_PARAMS:
        return "Up/Down select  Left/Right or -/+ step (PgUp/PgDn x10)  Enter type  d default  "
               "Esc close  ? help";
    case PANEL_PRESETS:
        return "Up/Down select  Enter load  Esc close  w save current  ? help";
    case PANEL_INSPECT:
        return "arrows/hjkl move cursor (HJKL x8)  Esc leave  L legend  ? help";
    default:
        break;
    }
    return "? help  t parameters  i inspect  n new seed  e export PNG  a layer  q quit";
}

static void
progress_text(const struct tui *t, char *buf, size_t size)
{
    const struct worker_status *st = &t->wst;

    if (st->busy) {
        snprintf(buf, size, "generating: %s %d/%d %d%%", st->stage_name, st->stage + 1,
                 st->nstages, st->permille / 10);
    } else if (st->last_status != OG_OK && st->last_status != OG_ECANCELED &&
               st->last_error[0] != '\0') {
        snprintf(buf, size, "failed: %s", st->last_error);
    } else if (t->world != NULL) {
        double ms = 0;
        int i;
        for (i = 0; i < t->world->nstages; i++) {
            ms += t->world->times[i].ms;
        }
        snprintf(buf, size, "%s in %.0f ms", t->world_final ? "ready" : "preview", ms);
    } else {
        snprintf(buf, size, "waiting");
    }
}

void
statusbar_draw(struct tui *t)
{
    WINDOW *win = t->statwin;
    char left[160], prog[320], line[800];
    int w, h, llen;

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    (void)h;
    /* With the preset-name field open on line 2 only line 1 is redrawn, so
     * progress updates do not wipe what is being typed. */
    if (t->prompt == PROMPT_PRESET_NAME && t->form != NULL) {
        wmove(win, 0, 0);
        wclrtoeol(win);
    } else {
        werase(win);
    }
    snprintf(left, sizeof left, " %s  seed %llu  layer %s  colour %s%s%s%s ",
             world_gen_name(t->gen), (unsigned long long)t->params.seed,
             mapimg_layer_name(t->layer), tui_color_mode_name(t->col.mode),
             colors_halfblocks(t) ? "" : " glyphs", t->preset_name[0] != '\0' ? "  preset " : "",
             t->preset_name);
    progress_text(t, prog, sizeof prog);
    memcpy(t->progress_text, prog, sizeof t->progress_text - 1);
    t->progress_text[sizeof t->progress_text - 1] = '\0';
    /* The message gets priority over the state summary when space is short. */
    snprintf(line, sizeof line, "%s| %s", left, prog);
    llen = (int)strlen(line);
    wattron(win, A_REVERSE);
    mvwhline(win, 0, 0, ' ', w);
    if (t->msg[0] != '\0') {
        int mlen = (int)strlen(t->msg) + 3;
        int room = w - mlen;
        if (room < 20) {
            room = w > 40 ? 20 : 0;
        }
        mvwaddnstr(win, 0, 0, line, llen < room ? llen : room);
        if (t->msg_error) {
            wattron(win, A_BOLD);
        }
        mvwaddnstr(win, 0, llen < room ? llen : room, " | ", w - (llen < room ? llen : room));
        waddnstr(win, t->msg, w - getcurx(win) > 0 ? w - getcurx(win) : 0);
        wattroff(win, A_BOLD);
    } else {
        mvwaddnstr(win, 0, 0, line, w);
    }
    wattroff(win, A_REVERSE);
    if (t->prompt == PROMPT_PRESET_NAME && t->form != NULL) {
        /* The field is on line 2: leave it alone. */
    } else if (t->prompt == PROMPT_PRESET_NAME) {
        mvwaddnstr(win, 1, 0, "save preset as: ", w);
        mvwaddnstr(win, 1, w > 60 ? w - 26 : w, "Enter save  Esc cancel", 26);
    } else {
        /* Leave the last column alone: writing it may wrap. */
        mvwaddnstr(win, 1, 1, key_hints(t), w - 2);
    }
    wnoutrefresh(win);
}
