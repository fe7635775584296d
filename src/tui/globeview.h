/* globeview: the planet's rotating globe in the TUI's map window, and the
 * land editor on it (issue 6).
 *
 * The globe is drawn with render/globe.c's orthographic sampler at square
 * pixels (two per character in half-block modes, glyphs otherwise). The
 * cursor starts at the centre of the globe; the arrows rotate the planet
 * under it, h j k l move it, 0 recentres it. b toggles edit mode, where
 * Enter adds land and x removes it under a brush of radius 1-9 (digits):
 * planet_edit_set_land runs on a background thread (an export job) from the
 * displayed world, cell by cell; the finished world replaces it, so edits
 * survive re-renders and export with the world. u undoes and Ctrl-R redoes:
 * the world's edit list (core/planet/planet_edit.h) is the history, replayed on the
 * unedited planet when a step is not among the 64 worlds kept (the
 * environment variable OROGEN_UNDO_KEEP=N keeps N, for tests). Presets and
 * --from recipes carrying planet.edits replay them on their planet.
 * Main thread only, like all TUI code. */
#ifndef OROGEN_TUI_GLOBEVIEW_H
#define OROGEN_TUI_GLOBEVIEW_H

struct tui;

/* Switch between the globe and the flat (equirectangular) map; refuses
 * with a status message when the world is not a planet. */
void globeview_toggle(struct tui *t);

/* Draw the globe into t->mapwin (called by mapview_draw in globe view). */
void globeview_draw(struct tui *t);

/* Handle a key in globe view: returns 1 if it was used. May rewrite *ch
 * (space becomes 'n', a new planet) and return 0 to pass it on. */
int globeview_key(struct tui *t, int *ch);

/* The globe view's orientation in degrees (yaw in [-180, 180), pitch in
 * [-90, 90]), as drawn; the planet's planet.globe_yaw/pitch before the view
 * was first opened. */
void globeview_orientation(struct tui *t, double *yaw, double *pitch);

/* Collect a finished edit (call once per loop iteration). */
void globeview_poll(struct tui *t);

/* Land edits (brush strokes) of the shown planet not saved in a named
 * preset since they were made or loaded (0 when none). */
int globeview_unsaved_edits(const struct tui *t);

/* A named preset now holds the shown planet's edits. */
void globeview_edits_saved(struct tui *t);

/* Replay edits ("+12 -345", planet_edit.h) on the first finished planet
 * made from t->params as they are now; from names their source ("preset
 * x", "island.png") in messages. An empty list does nothing. */
void globeview_load_edits(struct tui *t, const char *edits, const char *from);

/* Call after taking a finished world from the worker: starts a pending
 * replay when the world is the one it waits for, drops it when the
 * parameters moved on. */
void globeview_world_arrived(struct tui *t);

/* Whether the globe's edit mode is on (b); *brush gets the brush radius. */
int globeview_edit_mode(const struct tui *t, int *brush);

/* Wait for a running edit and free the view's state (and the undo list). */
void globeview_free(struct tui *t);

#endif
