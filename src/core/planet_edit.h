/* planet_edit: the land editor's operations on a planet world, as pure
 * functions: a published world is never changed; an edit returns a new world
 * with the dependent stages re-run (coastlines and elevation, landmass ids,
 * biomes). Biomes are re-solved by wave-function collapse only near the edit
 * (vertices within a few hops; farther ones keep theirs when the rules still
 * allow it), widening the region if the local problem has no solution, so
 * the rest of the planet does not reshuffle. Deterministic: the random
 * stream is derived from (seed, cell, edit count). Called by the TUI on its
 * worker thread (any thread: no shared state). */
#ifndef OROGEN_CORE_PLANET_EDIT_H
#define OROGEN_CORE_PLANET_EDIT_H

#include <stddef.h>
#include <stdint.h>

#include "core/og_error.h"
#include "core/world.h"

/* Make cell land (land != 0) or sea. *out gets a new world (one reference)
 * - or another reference to w when the cell already is that (nothing to
 * redo). The new world carries w's stats, updated, plus "planet.edits".
 * Errors: OG_EINVAL if w is not a planet world or cell is outside
 * [0, ncells); OG_ENOMEM; errors of the biome solver. */
enum og_status planet_edit_set_land(const struct world *w, int32_t cell, int land,
                                    struct world **out, struct og_error *err);

/* The landmass under cell: its id (-1 for sea or a bad cell); *cells gets
 * its size in cells and *share its fraction of the globe's cells (both may
 * be NULL; 0 for sea). */
int32_t planet_landmass_at(const struct world *w, int32_t cell, size_t *cells, double *share);

/* Mark every cell of landmass id: mark[c] = 1 there, 0 elsewhere (ncells
 * entries; mark may be NULL to only count). Returns the number marked. */
size_t planet_landmass_mark(const struct world *w, int32_t id, uint8_t *mark);

/* --- the edit list ------------------------------------------------------
 * Every world made by planet_edit_set_land carries the ordered list of the
 * edits that made it from its recipe's planet (world->edit_cells,
 * edit_land); replaying them on a freshly generated planet gives the same
 * bytes, so a recipe (planet.edits in orogen:params, core/recipe.h)
 * regenerates an edited planet. An edit that changes nothing is not
 * recorded. */

/* The number of edits behind w (0 for an unedited or non-planet world). */
size_t planet_edit_count(const struct world *w);

/* Edit i (0 = oldest) of w: its cell and whether it made land. Returns 0,
 * or -1 when i >= planet_edit_count(w). */
int planet_edit_get(const struct world *w, size_t i, int32_t *cell, int *land);

/* Apply n edits in order to base (a generated planet): *out gets the
 * result (another reference to base when n is 0). Errors: as
 * planet_edit_set_land, prefixed "planet edit I of N: ". */
enum og_status planet_edit_replay(const struct world *base, const int32_t *cells,
                                  const uint8_t *land, size_t n, struct world **out,
                                  struct og_error *err);

/* Undo for a front end: the world made by the first `keep` edits of w,
 * replayed on base (the unedited planet w's edits started from), so undo
 * is keep = count - 1 and redo replays a longer list. Errors: OG_EINVAL
 * when keep > planet_edit_count(w), else as planet_edit_replay. */
enum og_status planet_edit_undo(const struct world *base, const struct world *w, size_t keep,
                                struct world **out, struct og_error *err);

/* w's edits as recipe text, "+12 -345 +7" ('+' made land, '-' sea, then
 * the cell id), into a malloc'd *out ("" for none). Errors: OG_ENOMEM. */
enum og_status planet_edits_to_text(const struct world *w, char **out, struct og_error *err);

/* Parse that text into malloc'd arrays (*cells, *land, *n entries; NULL
 * and 0 for none). ncells > 0 bounds the cell ids. Errors: OG_EFORMAT
 * naming the edit that is not +CELL or -CELL, OG_ERANGE for a cell outside
 * [0, ncells), OG_ENOMEM. */
enum og_status planet_edits_parse(const char *text, size_t ncells, int32_t **cells,
                                  uint8_t **land, size_t *n, struct og_error *err);

#endif
