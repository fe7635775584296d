/* tectonics: the plates of a planet world (plates.h, plate_relief.h) from
 * its parameters, land and coast distances; run by the surface derivation
 * (planet_surface.c) at generation and after every land edit. */
#ifndef OROGEN_CORE_PLANET_TECTONICS_H
#define OROGEN_CORE_PLANET_TECTONICS_H

#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;
struct world;

/* With planet.plates > 0: the plates of w (w->plate, w->plate_boundary,
 * w->plate_continental, w->nplates) and their relief into delta (w->ncells
 * floats, model units; planet_surface.c adds it before its clamps), with
 * the crust continental on land (land[v] != 0) and where the sea is within
 * shelf x sscale[v] radians of the coast (dist, planet_coast_fields);
 * stats planet.plates, planet.continental_plates and the boundary shares
 * planet.boundary_{convergent,divergent,transform} (fractions of the
 * vertices). Returns OG_OK with *has = 0 (delta untouched) when
 * planet.plates is 0. threads: for the plates' batches (plates_assign).
 * Errors: OG_ENOMEM. */
enum og_status planet_tectonics(struct world *w, const struct adjacency *adj,
                                const uint8_t *land, const double *dist, const float *sscale,
                                double shelf, float *delta, int *has, int threads,
                                struct og_error *err);

#endif
