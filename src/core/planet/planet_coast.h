/* planet_coast: the distance from the coast on the planet's mesh and the
 * shelf scale of the nearest landmass (planet_surface.c, tectonics.c). */
#ifndef OROGEN_CORE_PLANET_PLANET_COAST_H
#define OROGEN_CORE_PLANET_PLANET_COAST_H

#include <stddef.h>
#include <stdint.h>

struct adjacency;

/* The coast distance (dist, radians: chords summed breadth first from the
 * coastal vertices, which start at half their shortest chord across the
 * coast; -1 without a coast) on either side, and the shelf scale per
 * vertex (scale: 1 for landmasses of 1 % of the globe or more, less for
 * smaller ones, of the landmass whose coast is nearest) from the land mask
 * and its landmass ids (0..count-1, -1 on sea). Returns -1 out of memory. */
int planet_coast_fields(const struct adjacency *adj, const double *xyz, const uint8_t *land,
                        const int32_t *landmass, size_t count, double *dist, float *scale);

#endif
