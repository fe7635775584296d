/* statusbar: the three bottom lines. Line 1 (reverse video): generator,
 * seed, layer, colour mode, preset, the running stage and its progress.
 * Line 2: the last message (errors in bold). Line 3: the 4-5 most useful
 * keys of the current mode, or the preset-name prompt. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/pipeline.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

/* A panel that takes no keys (the legend) leaves the view's keys on the
 * hint line (findings item 7: iso with the legend showed the map's). */
static int
view_keys(const struct tui *t)
{
    return t->panel == PANEL_NONE || t->panel == PANEL_LEGEND;
}

static const char *
key_hints(const struct tui *t)
{
    if (t->prompt == PROMPT_VALUE) {
        return "type a value  Enter apply  Esc cancel  Up/Down choices  ^U clear";
    }
    if (t->help) {
        return "Up/Down scroll  any other key closes";
    }
    if (t->gallery) {
        return "arrows choose  Enter open  PgDn/space next page  PgUp back  Esc leave";
    }
    if (t->quit_asked == 2) {
        return "quitting after the export  any other key: stay  Ctrl-C quit now";
    }
    if (t->quit_asked) {
        return "q quit after the export  x cancel it  any other key: stay";
    }
    if (t->job != NULL && t->view == TUI_VIEW_ISO && view_keys(t)) {
        return "x cancel the export  [ ] rotate  , . time of day  p flat map  L legend  ? help";
    }
    if (t->view == TUI_VIEW_ISO && view_keys(t)) {
        return "[ ] rotate  , . time of day  + - relief  p flat map  e export  L legend  ? help";
    }
    if (t->view == TUI_VIEW_GLOBE && view_keys(t)) {
        return globeview_edit_mode(t, NULL)
                   ? "EDIT: Enter land  x sea  1-9 brush  u undo  ^R redo  hjkl cursor  b done"
                   : t->job != NULL
                   ? "x cancel the export  arrows rotate  hjkl cursor  b edit land  u undo  g map"
                   : "arrows rotate  hjkl cursor  b edit land  u undo  m landmass  e/E PNG  g map";
    }
    switch (t->panel) {
    case PANEL_PARAMS:
        return "Up/Down select  Left/Right step  Enter type  Esc close  d default  PgUp/PgDn x10";
    case PANEL_PRESETS:
        return "Up/Down or first letter select  Enter load  Esc or q close  ? help";
    case PANEL_INSPECT:
        return "arrows/hjkl move cursor (Shift x8)  Esc leave  L legend  ? help";
    default:
        break;
    }
    if (t->job != NULL) {
        return "x cancel the export  ? help  L legend  t parameters  i inspect  a layer  q quit";
    }
    return "? help  L legend  t parameters  i inspect  n new seed  e/E export view/world  a layer  "
           "S symbols  q quit";
}

/* Items every hint line keeps while it has any room: how to get help and
 * how to leave. */
static int
essential(const char *item, size_t len)
{
    return (len >= 6 && strncmp(item, "? help", 6) == 0) ||
           (len >= 6 && strncmp(item, "q quit", 6) == 0) ||
           (len >= 3 && strncmp(item, "Esc", 3) == 0);
}

/* Write the hints (items separated by two spaces, most useful first) at
 * (y, x) within w columns, whole items only, never half a word ("Esc cl"
 * at 80 columns): when they do not all fit, the last items go first, but
 * "? help", "q quit" and "Esc ..." stay (at 80x24 the line used to stop
 * before "q quit"). */
static void
put_hints(WINDOW *win, int y, int x, const char *hints, int w)
{
    enum { MAXI = 16 };
    const char *start[MAXI];
    size_t len[MAXI], total = 0;
    int keep[MAXI], n = 0, i, col = x;
    const char *s = hints;

    while (*s != '\0' && n < MAXI) {
        const char *next = strstr(s, "  ");
        start[n] = s;
        len[n] = next != NULL ? (size_t)(next - s) : strlen(s);
        keep[n] = 1;
        total += len[n] + (n > 0 ? 2 : 0);
        n++;
        if (next == NULL) {
            break;
        }
        s = next + 2;
    }
    /* drop from the end: first the ordinary items, then the essential */
    for (i = n - 1; i >= 0 && total > (size_t)(w > 0 ? w : 0); i--) {
        if (!essential(start[i], len[i])) {
            keep[i] = 0;
            total -= len[i] + 2;
        }
    }
    for (i = n - 1; i > 0 && total > (size_t)(w > 0 ? w : 0); i--) {
        if (keep[i]) {
            keep[i] = 0;
            total -= len[i] + 2;
        }
    }
    for (i = 0; i < n; i++) {
        int room = x + w - col;
        if (!keep[i] || room <= 0) {
            continue;
        }
        if (col > x) {
            col += 2;
            room -= 2;
        }
        mvwaddnstr(win, y, col, start[i], (int)len[i] < room ? (int)len[i] : room);
        col += (int)len[i];
    }
}

static void
progress_text(const struct tui *t, char *buf, size_t size)
{
    const struct worker_status *st = &t->wst;
    const struct world_stat *done = NULL, *total = NULL, *step = NULL, *steps = NULL, *yr = NULL;
    /* A stage that reports progress before its name is known shows as
     * "stage". */
    const char *name = st->stage_name[0] != '\0' ? st->stage_name : "stage";

    if (st->busy && t->world != NULL && !t->world_final) {
        /* hybrid erosion snapshots carry their droplet count */
        done = world_stat_find(t->world, "hybrid.droplets_done");
        total = world_stat_find(t->world, "hybrid.droplets_total");
        /* landscape evolution snapshots: the geologic time so far */
        step = world_stat_find(t->world, "lem.step");
        steps = world_stat_find(t->world, "lem.steps");
        yr = world_stat_find(t->world, "lem.years");
    }
    if (st->busy && step != NULL && steps != NULL && yr != NULL) {
        snprintf(buf, size, "generating: %s %d/%d step %.0f of %.0f, %.3g Myr", name,
                 st->stage + 1, st->nstages, step->a, steps->a, yr->a * 1e-6);
    } else if (st->busy && done != NULL && total != NULL) {
        snprintf(buf, size, "generating: %s %d/%d droplets %.0f of %.0f", name,
                 st->stage + 1, st->nstages, done->a, total->a);
    } else if (st->busy) {
        snprintf(buf, size, "generating: %s %d/%d %d%%", name, st->stage + 1,
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

/* msg shortened to w columns (w >= 8) into out: as it is when it fits;
 * else its longest path (a word with a '/') loses its start ("...", the
 * file name's end is what tells files apart: ".../tui/t.png"); else its
 * middle gives way to "...", keeping the start and the end, where messages
 * say what to do ("(set LANG=C.UTF-8)"). Bytes, for ASCII messages. */
static void
fit_message(const char *msg, int w, char *out, size_t size)
{
    size_t len = strlen(msg), pw = 0, ps = 0, i, over;

    snprintf(out, size, "%s", msg);
    if (w < 8 || len <= (size_t)w) {
        return;
    }
    over = len - (size_t)w;
    for (i = 0; i < len;) {
        size_t j = i;
        int slash = 0;
        while (j < len && msg[j] != ' ') {
            slash |= msg[j] == '/';
            j++;
        }
        if (slash && j - i > pw) {
            ps = i;
            pw = j - i;
        }
        i = j + 1;
    }
    if (pw > over + 3 + 1) {
        /* the path keeps its last pw - over - 3 bytes after "..." */
        snprintf(out, size, "%.*s...%s", (int)ps, msg, msg + ps + over + 3);
        return;
    }
    {
        /* whole words: two thirds from the start (messages say the problem
         * first), the rest from the end (what to do); a word is never cut
         * unless it is wider than its share (findings tui.md item 5) */
        size_t keep = (size_t)w - 5, ts = len - keep / 3, he = keep - keep / 3;
        while (ts < len && msg[ts - 1] != ' ') {
            ts++;
        }
        he = keep - (len - ts);
        for (i = he; i > 0 && msg[i] != ' '; i--) {
        }
        he = i > 0 ? i : he;
        while (he > 0 && msg[he - 1] == ' ') {
            he--;
        }
        snprintf(out, size, "%.*s ... %s", (int)he, msg, msg + ts);
    }
}

void
statusbar_draw(struct tui *t)
{
    WINDOW *win = t->statwin;
    char line[600], prog[320], mode[32] = "", sym[48] = "";
    int brush;
    int w, h;

    if (win == NULL) {
        return;
    }
    getmaxyx(win, h, w);
    (void)h;
    /* With the preset-name field open on the last line, that line is left
     * alone, so progress updates do not wipe what is being typed. */
    if (TUI_PROMPT_ON_STATUS(t->prompt) && t->form != NULL) {
        wmove(win, 0, 0);
        wclrtoeol(win);
        wmove(win, 1, 0);
        wclrtoeol(win);
    } else {
        werase(win);
    }
    progress_text(t, prog, sizeof prog);
    /* the edit mode first: it changes what the keys do */
    if (globeview_edit_mode(t, &brush)) {
        snprintf(mode, sizeof mode, " EDIT brush %d |", brush);
    }
    /* what the map is drawn with: images (the terminal's protocol), else
     * the block symbols when finer than half blocks and the terminal that
     * made auto choose them (under kitty this said "sextant" while the map
     * was kitty images: issue 29) */
    if (gfx_active(t)) {
        snprintf(sym, sizeof sym, " %s images", gfx_name(t->gfx.proto));
    } else if (colors_symbols(t) != SUBCELL_HALF) {
        snprintf(sym, sizeof sym, " %s%s%s%s", subcell_name(colors_symbols(t)),
                 t->symbols_who[0] != '\0' ? " (" : "", t->symbols_who,
                 t->symbols_who[0] != '\0' ? ")" : "");
    }
    snprintf(line, sizeof line, "%s %s  seed %llu  layer %s  colour %s%s%s%s%s  | %s", mode,
             world_gen_name(t->gen), (unsigned long long)t->params.seed,
             mapimg_layer_name(t->layer), colors_mode_label(t),
             colors_halfblocks(t) ? "" : " glyphs", sym,
             t->preset_name[0] != '\0' ? "  preset " : "", t->preset_name, prog);
    if ((int)strlen(line) > w) {
        /* too wide (a 19-digit seed at 80 columns): the progress before
         * the preset's name, so "ready" is not cut to "re" (item 5) */
        snprintf(line, sizeof line, "%s %s  seed %llu  layer %s  colour %s%s%s  | %s%s%s", mode,
                 world_gen_name(t->gen), (unsigned long long)t->params.seed,
                 mapimg_layer_name(t->layer), colors_mode_label(t),
                 colors_halfblocks(t) ? "" : " glyphs", sym, prog,
                 t->preset_name[0] != '\0' ? "  preset " : "", t->preset_name);
    }
    wattron(win, A_REVERSE);
    mvwhline(win, 0, 0, ' ', w);
    mvwaddnstr(win, 0, 0, line, w);
    wattroff(win, A_REVERSE);
    if (t->msg[0] != '\0') {
        if (t->msg_error) {
            wattron(win, A_BOLD);
        }
        char fit[sizeof t->msg];
        fit_message(t->msg, w - 2, fit, sizeof fit);
        mvwaddnstr(win, 1, 1, fit, w - 2);
        wattroff(win, A_BOLD);
    }
    if (TUI_PROMPT_ON_STATUS(t->prompt) && t->form != NULL) {
        /* The field is on the last line: leave it alone. */
    } else if (TUI_PROMPT_ON_STATUS(t->prompt)) {
        mvwaddnstr(win, 2, 0, prompt_label(t, t->prompt), w);
        mvwaddnstr(win, 2, w > 60 ? w - 28 : w,
                   t->prompt == PROMPT_PRESET_NAME ? "Enter save  Esc cancel"
                   : t->prompt == PROMPT_OPEN      ? "Tab complete  Enter open"
                                                   : tui_export_prompt_hint(t), 28);
    } else {
        /* Leave the last column alone: writing it may scroll. */
        put_hints(win, 2, 1, key_hints(t), w - 2);
    }
    wnoutrefresh(win);
}
