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

#endif
