/* keys: key dispatch: overlays and prompts first, then the open panel,
 * the globe and isometric views, and the global keys. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "core/planet/planet_edit.h"
#include "tui/subcell.h"
#include "tui/tui_state.h"

static void
next_generator(struct tui *t, int dir)
{
    int id = (int)t->gen, i;

    for (i = 0; i < GEN_COUNT; i++) {
        id = (id + dir + GEN_COUNT) % GEN_COUNT;
        if (id == GEN_DEM && t->dem == NULL) {
            continue;
        }
        if (generator_get((enum gen_id)id) != NULL) {
            break;
        }
    }
    if (id == (int)t->gen) {
        tui_message(t, 0, "only %s is available%s", world_gen_name(t->gen),
                    t->dem == NULL ? " (O opens a DEM)" : "");
        return;
    }
    if (tui_set_generator(t, (enum gen_id)id) == 0) {
        tui_regen_now(t);
    }
}

int
tui_set_generator(struct tui *t, enum gen_id gen)
{
    if ((gen == GEN_DEM && t->dem == NULL) || generator_get(gen) == NULL) {
        tui_message(t, 1, "generator %s is not available%s", world_gen_name(gen),
                    gen == GEN_DEM ? " (O opens a DEM, or start with --dem FILE)" : "");
        return -1;
    }
    if (gen != t->gen) {
        t->preset_name[0] = '\0';   /* the preset was for the other generator */
    }
    t->gen = gen;
    paramedit_set_groups(&t->pe, tui_groups(t));
    world_unref(t->world);
    t->world = NULL;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    tui_message(t, 0, "generator %s", world_gen_name(t->gen));
    return 0;
}

void
tui_next_layer(struct tui *t, int dir)
{
    int l = (int)t->layer, i, step = dir < 0 ? -1 : 1, n = dir < 0 ? -dir : dir;

    if (t->world == NULL) {
        /* Remember the presses: the layers a world has are known when it
         * arrives (worker_poll applies them). */
        t->layer_steps += dir;
        tui_message(t, 0, "layer %+d when the world is ready (still generating)",
                    t->layer_steps);
        return;
    }
    while (n-- > 0) {
        for (i = 0; i < LAYER_COUNT; i++) {
            l = (l + step + LAYER_COUNT) % LAYER_COUNT;
            if (mapimg_layer_available(t->world, (enum map_layer)l)) {
                break;
            }
        }
    }
    t->layer = (enum map_layer)l;
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    {   /* glyph mode draws ramp layers as digits, the others by terrain
         * class: say so rather than seem to ignore the key (item 2) */
        char g;
        int classes = t->col.mode == TUI_COLOR_NONE && !legend_glyph(t, 0, MC_LOW, &g);
        tui_message(t, 0, "layer %s%s", mapimg_layer_name(t->layer),
                    classes ? " (the glyph map shows terrain classes for it)" : "");
    }
}

/* q: quit, unless an export is running or a planet's land edits are in
 * no named preset (then say so; q again quits). */
static void
quit_key(struct tui *t)
{
    static const struct world *warned_world;   /* the world of the edits warning */

    if (t->job != NULL && !export_job_done(t->job)) {
        t->quit_asked = 1;
        tui_message(t, 1, "an export is still running: q again quits after it, any other "
                          "key stays");
    } else if (globeview_unsaved_edits(t) > 0 &&
               (t->edits_warned != (int)planet_edit_count(t->world) + 1 ||
                warned_world != t->world)) {
        /* The autosaved preset 'last' keeps them, but the next session
         * overwrites it: offer a named preset or a PNG first. Warned
         * once per state of the edits: an edit (or undo) after the
         * warning warns again. */
        t->edits_warned = (int)planet_edit_count(t->world) + 1;
        warned_world = t->world;
        tui_message(t, 1, "%d land edit%s not in a named preset (only in 'last'): w saves "
                          "a preset, E a PNG map; q again quits",
                    globeview_unsaved_edits(t), globeview_unsaved_edits(t) == 1 ? "" : "s");
    } else {
        t->quit = 1;
    }
}

/* n: a new random seed (from the clock and the process), regenerated. */
static void
new_seed(struct tui *t)
{
    static uint64_t seed_state;

    if (seed_state == 0) {
        seed_state = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    }
    t->params.seed = rng_splitmix64(&seed_state);
    t->params.v[P_SEED] = (double)t->params.seed;
    t->pe.cur.seed = t->params.seed;
    t->pe.cur.v[P_SEED] = t->params.v[P_SEED];
    tui_message(t, 0, "seed %llu", (unsigned long long)t->params.seed);
    tui_regen_now(t);
}

/* c: the next colour mode; the legend follows the glyph map unless the
 * user chose another panel. */
static void
cycle_colours(struct tui *t)
{
    colors_cycle(t);
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    if (!colors_halfblocks(t) && t->panel == PANEL_NONE) {
        tui_set_panel(t, PANEL_LEGEND);
        t->legend_auto = 1;
    } else if (colors_halfblocks(t) && t->legend_auto && t->panel == PANEL_LEGEND) {
        tui_set_panel(t, PANEL_NONE);
    }
    tui_message(t, 0, "colour mode %s%s", colors_mode_label(t),
                colors_halfblocks(t) ? "" : " (glyph map)");
}

/* i: the inspect panel, its cursor at the map's centre. */
static void
toggle_inspect(struct tui *t)
{
    tui_set_panel(t, t->panel == PANEL_INSPECT ? PANEL_NONE : PANEL_INSPECT);
    if (t->panel == PANEL_INSPECT && t->mapwin != NULL) {
        int w, h;
        getmaxyx(t->mapwin, h, w);
        t->cur_x = w / 2;
        t->cur_y = h / 2;
        mapview_cell_uv(t, t->cur_x, t->cur_y, &t->cur_u, &t->cur_v);
    }
}

/* S: the next sub-cell symbol set (half blocks, sextants, octants). */
static void
cycle_symbols(struct tui *t)
{
    int gc, gr;

    colors_cycle_symbols(t);
    t->map_stale = t->map_dirty = t->chrome_dirty = 1;
    subcell_grid(t->symbols, &gc, &gr);
    tui_message(t, 0, "symbols %s: %dx%d pixels a cell%s", subcell_name(t->symbols), gc, gr,
                colors_halfblocks(t) ? "" : " (not while the glyph map is shown)");
}

static void
global_key(struct tui *t, int ch)
{
    switch (ch) {
    case 'q': case 'Q': quit_key(t); break;
    case '?': case KEY_F(1):
        t->help = 1;
        t->help_top = 0;
        t->chrome_dirty = 1;
        break;
    case 27:
        if (t->panel != PANEL_NONE) {
            tui_set_panel(t, PANEL_NONE);
        }
        break;
    case KEY_LEFT: case 'h': mapview_pan(t, -1, 0); break;
    case KEY_RIGHT: case 'l': mapview_pan(t, 1, 0); break;
    case KEY_UP: case 'k': mapview_pan(t, 0, -1); break;
    case KEY_DOWN: case 'j': mapview_pan(t, 0, 1); break;
    case '+': case '=': mapview_zoom(t, 1.5); break;
    case '-': case '_': mapview_zoom(t, 1 / 1.5); break;
    case '0': mapview_reset(t); break;
    case 'n': new_seed(t); break;
    case 'r':
        tui_message(t, 0, "regenerating");
        tui_regen_now(t);
        break;
    case '\t': next_generator(t, 1); break;
    case KEY_BTAB: next_generator(t, -1); break;
    case 'e': tui_export_ask(t, 0); break;
    case 'E': tui_export_ask(t, 1); break;
    case 'a': tui_next_layer(t, 1); break;
    case 'A': tui_next_layer(t, -1); break;
    case 'c': cycle_colours(t); break;
    case 't': tui_set_panel(t, t->panel == PANEL_PARAMS ? PANEL_NONE : PANEL_PARAMS); break;
    case 'i': toggle_inspect(t); break;
    case 'L': tui_set_panel(t, t->panel == PANEL_LEGEND ? PANEL_NONE : PANEL_LEGEND); break;
    case 'R': tui_set_panel(t, t->panel == PANEL_REPORT ? PANEL_NONE : PANEL_REPORT); break;
    case 'O':
        openfile_ask(t);
        break;
    case 'x':
        if (!tui_export_cancel(t)) {
            tui_message(t, 0, "x cancels a running export; none is running");
        }
        break;
    case 'o':
        tui_set_panel(t, PANEL_PRESETS);
        presets_open(t);
        break;
    case 'w':
        prompt_open(t, PROMPT_PRESET_NAME, t->preset_name[0] != '\0' ? t->preset_name : "");
        break;
    case 'p': isoview_toggle(t); break;
    case 'v':
        galleryview_open(t);
        break;
    case 'G':
        tui_message(t, 0, "images: %s", gfx_cycle(t));
        break;
    case 'S': cycle_symbols(t); break;
    default:
        if (ch >= 32 && ch < 127) {
            tui_message(t, 0, "key '%c' does nothing here: ? lists the keys", ch);
        }
        break;
    }
}

void
tui_handle_key(struct tui *t, int ch)
{
    if (ch == KEY_RESIZE) {
        prompt_suspend(t);
        tui_layout(t);
        prompt_resume(t);
        return;
    }
    if (t->too_small) {
        if (ch == 'q' || ch == 'Q') {
            global_key(t, 'q');
        }
        return;
    }
    if (t->help) {
        if (help_key(t, ch)) {
            return;
        }
        t->help = 0;
        t->map_dirty = t->chrome_dirty = 1;
        return;
    }
    if (t->quit_asked) {
        if (ch == 'q' || ch == 'Q') {
            /* export_poll quits when the job is done */
            t->quit_asked = 2;
            tui_message(t, 0, "quitting when the export is done (any other key stays, "
                              "Ctrl-C quits now) ...");
            return;
        }
        /* any other key stays, and does what it does (an L pressed to
         * look at the legend while the export ran used to be spent on
         * "staying") */
        t->quit_asked = 0;
        tui_message(t, 0, "staying");
        t->chrome_dirty = 1;
        if (ch == 27) {
            return;
        }
    }
    if (t->prompt != PROMPT_NONE && prompt_key(t, ch)) {
        return;
    }
    if (galleryview_key(t, ch)) {
        return;
    }
    switch (t->panel) {
    case PANEL_PARAMS:
        if (paramform_key(t, ch)) {
            return;
        }
        break;
    case PANEL_PRESETS:
        /* Letters jump to presets there, so q closes the list (like Esc)
         * rather than quitting. */
        if (ch == 'q' || ch == 'Q') {
            tui_set_panel(t, PANEL_NONE);
            return;
        }
        if (presets_key(t, ch)) {
            return;
        }
        break;
    case PANEL_INSPECT:
        if (inspect_key(t, ch)) {
            return;
        }
        break;
    default:
        break;
    }
    if (globeview_key(t, &ch)) {
        return;
    }
    if (isoview_key(t, ch)) {
        return;
    }
    global_key(t, ch);
}

/* The curses key a typed byte sequence starting at b[0] == ESC names, and
 * its length in *len; 0 when none. Keys typed before curses set keypad
 * mode come in their ANSI form (ESC [ A); terminfo often lists the
 * keypad-mode form (ESC O A), so that is tried too. */
static int
typed_key(const unsigned char *b, size_t n, size_t *len)
{
    char seq[16];
    size_t j;
    int code = 0, k;

    for (j = 2; j < sizeof seq && j <= n; j++) {
        memcpy(seq, b, j);
        seq[j] = '\0';
        if (memchr(seq, '\0', j) != NULL) {
            break;
        }
        k = key_defined(seq);
        if (k <= 0 && j == 3 && seq[1] == '[') {
            seq[1] = 'O';
            k = key_defined(seq);
        }
        if (k > 0) {
            code = k;   /* the longest match wins */
            *len = j;
        }
    }
    return code;
}

void
tui_unget_typed(struct tui *t)
{
    int codes[TERM_TYPED_MAX];
    size_t i = 0, len;
    int n = 0, code;

    while (i < t->ntyped) {
        code = t->typed[i] == 0x1b ? typed_key(t->typed + i, t->ntyped - i, &len) : 0;
        if (code > 0) {
            codes[n++] = code;
            i += len;
        } else {
            codes[n++] = t->typed[i++];
        }
    }
    /* ungetch is a stack: push the last key first */
    while (n-- > 0) {
        ungetch(codes[n]);
    }
    t->ntyped = 0;
}

void
tui_read_keys(struct tui *t)
{
    int keys[TERM_FILTER_OUT], ch, n, i;

    while (!t->quit && (ch = wgetch(t->inwin)) != ERR) {
        n = term_filter_key(&t->answers, ch, pipeline_now_ms(), keys);
        for (i = 0; i < n && !t->quit; i++) {
            tui_handle_key(t, keys[i]);
        }
    }
    if (!t->quit) {
        /* curses waited its escape delay: an ESC held now is the Esc key */
        n = term_filter_idle(&t->answers, keys);
        for (i = 0; i < n && !t->quit; i++) {
            tui_handle_key(t, keys[i]);
        }
    }
}
