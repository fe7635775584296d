/* planet_names: the names of a planet's continents, large islands, seas
 * and major rivers (issue 25 item 5), each in the language of its region
 * (core/lang/phonology.h).
 *
 * Regions: every continent (a landmass of at least PLANET_CONTINENT_SHARE
 * of the globe; the largest landmass when none is) is a language region
 * with a phonology of its own, drawn from the stream "planet.names" of the
 * seed in the continents' order (lowest vertex first). Every cell belongs
 * to the region of its nearest continent (breadth first over the mesh from
 * the continents' cells, ties to the lower region). Places:
 * - continents, and islands (landmasses of at least PLANET_ISLAND_SHARE of
 *   the globe) in the language of the region at their lowest vertex;
 * - seas: the ocean split by the nearest named landmass (breadth first over
 *   the ocean from their coasts), a sea of at least PLANET_SEA_SHARE of the
 *   globe named in its landmass's language;
 * - rivers: every river mouth (a river cell draining into the sea or a lake)
 *   draining at least PLANET_MAJOR_AREA km^2, in the language of its region.
 * Names are distinct over the planet (a name that collides is drawn again,
 * longer after a few tries). Everything is integers and the rng: the same
 * names on every platform and thread count. */
#ifndef OROGEN_CORE_PLANET_PLANET_NAMES_H
#define OROGEN_CORE_PLANET_PLANET_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/lang/phonology.h"

struct world;
struct adjacency;

/* shares of the globe */
#define PLANET_CONTINENT_SHARE 0.01
#define PLANET_ISLAND_SHARE 0.0005
#define PLANET_SEA_SHARE 0.002

enum place_kind { PLACE_CONTINENT, PLACE_ISLAND, PLACE_SEA, PLACE_RIVER };

struct place {
    enum place_kind kind;
    int32_t id;      /* landmass id; sea: its landmass's id; river: its mouth cell */
    int lang;        /* index into planet_names.lang */
    size_t cells;    /* cells of the landmass or sea; river: cells drained */
    char name[PHON_NAME_MAX];
};

struct planet_names {
    int nlang;
    struct phonology *lang;
    size_t nplace;
    struct place *place;
    size_t nlandmass;
    int32_t *landmass_place; /* per landmass id: its place, or -1 */
    int32_t *cell_sea;       /* per cell: the sea (place index) of an ocean cell, or -1 */
    int32_t *cell_region;    /* per cell: its language region */
};

/* Name the places of w (water, landmass, downhill, river_width set;
 * rivers optional) into w->names, replacing any. adj: the mesh's
 * adjacency. Errors: OG_ENOMEM. */
enum og_status planet_names(struct world *w, const struct adjacency *adj, struct og_error *err);

void planet_names_free(struct planet_names *pn);

/* The kind's word ("continent", "island", "sea", "river"). */
const char *place_kind_name(enum place_kind k);

/* The place of cell c of w: its landmass's when it is named, else its
 * sea's, else NULL. */
const struct place *planet_place_of_cell(const struct world *w, size_t c);

/* The named river whose mouth cell c drains to (following w->downhill),
 * or NULL. */
const struct place *planet_river_of_cell(const struct world *w, size_t c);

#endif
