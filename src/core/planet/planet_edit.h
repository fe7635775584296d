/* planet_edit: the land editor's operations on a planet world, as pure
 * functions: a published world is never changed; an edit returns a new world
 * with the dependent stages re-run (coastlines and elevation, landmass ids,
 * biomes). Biomes are re-solved by wave-function collapse only near the edit
 * (vertices within a few hops; farther ones keep theirs when the rules still
 * allow it), widening the region if the local problem has no solution, so
 * the rest of the planet does not reshuffle. Deterministic: the random
 * stream is derived from (seed, cell, edit count). Called by the TUI on its
 * worker thread (any thread: no shared state). */
#ifndef OROGEN_CORE_PLANET_PLANET_EDIT_H
#define OROGEN_CORE_PLANET_PLANET_EDIT_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

/* The land brush: a spherical cap on the planet's surface, so a stroke
 * covers the same part of the globe at every point count and wherever the
 * view shows it (the cells under it are not picked from a projected
 * picture). The cap of radius r degrees of arc around cell c holds the
 * cells whose centre (mesh point) lies within r of c's, reached from c
 * through such cells (one connected patch; c always belongs to it). */

#define PLANET_BRUSH_MAX 9

/* The cap radius of brush size 1..PLANET_BRUSH_MAX in degrees of arc:
 * 1 * 1.5^(size-1) rounded to a short decimal (1, 1.5, 2.25, 3.4, 5, 7.6,
 * 11.4, 17, 25.6); a degree of arc is about 111 km on an Earth-sized
 * planet. Returns 0 for a size outside 1..PLANET_BRUSH_MAX. */
double planet_brush_radius(int size);

/* The cells under the brush of radius degrees around cell (as above), in
 * breadth-first order from cell, into a malloc'd *cells (*n entries).
 * Errors: OG_EINVAL if w is not a planet world, cell is outside [0, ncells)
 * or radius is not within [0, 90]; OG_ENOMEM. */
enum og_status planet_brush_cells(const struct world *w, int32_t cell, double radius,
                                  int32_t **cells, size_t *n, struct og_error *err);

/* One brush stroke: make every cell under the brush of radius degrees
 * around cell land (land != 0) or sea, as one edit. *out gets a new world
 * (one reference) - or another reference to w when every cell already is
 * that (nothing recorded). *under (may be NULL) gets the number of cells
 * under the brush, *changed (may be NULL) the number that changed. The new
 * world carries w's stats, updated, plus "planet.edits" (strokes). radius
 * is kept to the 6 significant digits the recipe text holds (so a replay
 * gives the same bytes). Errors: as planet_brush_cells; OG_ENOMEM; errors
 * of the biome solver. */
enum og_status planet_edit_brush(const struct world *w, int32_t cell, double radius, int land,
                                 struct world **out, size_t *under, size_t *changed,
                                 struct og_error *err);

/* Make cell alone land (land != 0) or sea: planet_edit_brush with radius 0.
 * Errors: OG_EINVAL if w is not a planet world or cell is outside
 * [0, ncells); as planet_edit_brush. */
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
 * Every world made by planet_edit_brush carries the ordered list of the
 * edits that made it from its recipe's planet (world->edit_cells,
 * edit_land, edit_radius); replaying them on a freshly generated planet gives the same
 * bytes, so a recipe (planet.edits in orogen:params, core/recipe/recipe.h)
 * regenerates an edited planet. An edit that changes nothing is not
 * recorded. */

/* The number of edits behind w (0 for an unedited or non-planet world). */
size_t planet_edit_count(const struct world *w);

/* Edit i (0 = oldest) of w: its centre cell, whether it made land and its
 * brush radius in degrees (0: the cell alone; radius may be NULL).
 * Returns 0, or -1 when i >= planet_edit_count(w). */
int planet_edit_get(const struct world *w, size_t i, int32_t *cell, int *land, double *radius);

/* Apply n edits in order to base (a generated planet): brush strokes of
 * radius[i] degrees around cells[i] (radius NULL: every edit one cell).
 * *out gets the result (another reference to base when n is 0). Errors:
 * as planet_edit_brush, prefixed "planet edit I of N: ". */
enum og_status planet_edit_replay(const struct world *base, const int32_t *cells,
                                  const uint8_t *land, const double *radius, size_t n,
                                  struct world **out, struct og_error *err);

/* Undo for a front end: the world made by the first `keep` edits of w,
 * replayed on base (the unedited planet w's edits started from), so undo
 * is keep = count - 1 and redo replays a longer list. Errors: OG_EINVAL
 * when keep > planet_edit_count(w), else as planet_edit_replay. */
enum og_status planet_edit_undo(const struct world *base, const struct world *w, size_t keep,
                                struct world **out, struct og_error *err);

/* w's edits as recipe text, "+12@7.6 -345@2.25 +7" ('+' made land, '-'
 * sea, then the centre cell id, then '@' and the brush radius in degrees
 * unless it is 0), into a malloc'd *out ("" for none). Errors: OG_ENOMEM. */
enum og_status planet_edits_to_text(const struct world *w, char **out, struct og_error *err);

/* Parse that text into malloc'd arrays (*cells, *land, *radius, *n
 * entries; NULL and 0 for none). ncells > 0 bounds the cell ids. Errors:
 * OG_EFORMAT naming the edit that is not +CELL[@DEG] or -CELL[@DEG],
 * OG_ERANGE for a cell outside [0, ncells) or a radius outside [0, 90],
 * OG_ENOMEM. */
enum og_status planet_edits_parse(const char *text, size_t ncells, int32_t **cells,
                                  uint8_t **land, double **radius, size_t *n,
                                  struct og_error *err);

#endif
