/* plate_relief: the relief the plates build (issue 25), as an elevation
 * change per vertex in the planet's model units (land 0..1, sea -1..0;
 * 1 unit is about 6 km of relief, so a full collision range of 0.55 is a
 * 3.3 km crest over the lowland), added to the coast-distance relief of
 * planet_surface.c before its clamps. Widths are km on a globe of
 * PLATES_RADIUS_KM.
 *
 * Every vertex takes the boundary vertex of its own plate nearest it
 * (breadth first over the mesh, chords summed, up to 1600 km) and its
 * distance s; with k the boundary's speed over 100 km/Myr (at most 1),
 * times 0.6..1.4 of along-strike noise, and g(x, w) = exp(-(x/w)^2):
 *   convergent, continent against continent (a collision, as the
 *     Himalaya): a range 0.55 k g(s, 250 km) on both sides and a plateau
 *     0.2 k g(s, 900 km) behind it;
 *   convergent, the side that sinks (oceanic crust under a continent, or
 *     the older of two oceanic plates): a trench -0.45 k g(s, 120 km) at
 *     sea;
 *   convergent, the overriding side: a volcanic arc 0.4 k g(s - 250 km,
 *     120 km) (a continental arc, or an island arc ridge at sea);
 *   divergent at sea: a mid-ocean ridge 0.35 (0.6 + 0.4 k) g(s, 600 km +
 *     600 km k) (faster ridges are broader); on a continent a rift valley
 *     -0.12 k g(s, 100 km) with shoulders 0.08 k g(s - 200 km, 100 km);
 *   transform: a low ridge 0.04 k g(s, 80 km).
 * Hotspots (Wilson 1963, Morgan 1971): 16 fixed points from the seed, each
 * with its trail of seamounts where the plate above it carried the crust
 * it melted through over the last 80 Myr (every 4 Myr, the point rotated
 * about the plate's pole by rate x age; the trail ends at the plate's
 * edge), heights falling with age to 0.1 of the newest: the largest bump
 * a_j g(d, 130 km) over the trail, times 0.55 at sea and 0.25 on land.
 *
 * crust: continental (1) or oceanic (0) per vertex, land and shelf
 * continental. The breadth-first passes run on one thread, the sum of
 * every vertex's relief in fixed batches on in->threads threads: the same
 * bytes on every count. Errors: OG_ENOMEM. */
#ifndef OROGEN_CORE_PLANET_PLATE_RELIEF_H
#define OROGEN_CORE_PLANET_PLATE_RELIEF_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/planet/plates.h"

struct adjacency;

#define PLATE_HOTSPOTS 16

struct plate_relief_in {
    const struct plates *pl;
    const struct adjacency *adj;
    const double *xyz;       /* unit vectors */
    const uint8_t *plate;    /* plates_assign */
    const uint8_t *type;     /* plates_boundaries */
    const uint8_t *other;
    const float *closing;
    const uint8_t *crust;    /* 1 continental */
    const uint8_t *land;     /* 1 land */
    uint64_t seed;
    int threads;             /* the per-vertex sum's (0: the default) */
};

/* The elevation change of every vertex into delta (adj->n floats). */
enum og_status plate_relief(const struct plate_relief_in *in, float *delta,
                            struct og_error *err);

#endif
