/* climate: temperature, prevailing winds and precipitation of the planet
 * in two seasons (issue 25), the input of the Köppen classes (koppen.h)
 * and the biomes.
 *
 * Temperature (degrees C) at sea level is the zonal mean
 * T0 = 28 - 30 s - 16 s^2 (s = sin^2 latitude: 28 at the equator, 9 at 45
 * degrees, -18 at the poles), plus 3 fBm (the climate noise, so no
 * boundary follows a parallel), minus the lapse rate 6.5 C/km times the
 * land's height (model unit = CLIMATE_UNIT_KM); half the seasonal range
 * is (1 + 14 |sin lat|)(0.5 + c), c = ramp(coast distance / 0.15 rad) the
 * continentality: maritime coasts swing little, continental interiors at
 * 60 degrees by about 40 C.
 *
 * Winds by latitude band (the three-cell circulation, Hadley, Ferrel and
 * polar cells), all bands shifted 6 degrees towards the summer hemisphere:
 * trade winds (0-30) from the east and towards the equator, westerlies
 * (30-60) from the west and poleward, polar easterlies (60-90). Every land
 * vertex takes its moisture W from its upwind neighbour (the one most
 * against the wind), the sea refilling it to saturation,
 * Wsat(T) = exp(0.065 (T - 25)) (Clausius-Clapeyron, about 7 %/C); a step
 * of chord l over land rises by dh (model units) and loses the fraction
 * 1 - exp(-l / 0.3 - 2.4 max(dh, 0)) of W (rain-out over about 1900 km,
 * and orographic lift: a 2.5 km range wrings out about 70 %), which falls
 * there as 400 x lost / l mm a year, less in the subtropical highs
 * (x (1 - 0.75 g(|lat'| - 25, 9 deg))); the ITCZ adds
 * 2000 g(lat', 9 deg)(0.3 + 0.7 W) mm (g(x, w) = exp(-(x/w)^2)). Chains of
 * land with no sea upwind (a cap ringed by land) start from 0.15 Wsat. So a
 * windward coast is wet, the lee of a range dry (rain shadow), interiors
 * drier with distance, the west coasts of the subtropics deserts.
 *
 * Season 0 is the northern summer, season 1 the northern winter. The
 * per-vertex passes (temperatures, upwind neighbours, the coastal term)
 * run in fixed batches on in->threads threads; the moisture chains of a
 * season on one thread (each vertex takes its moisture from the one
 * upwind, in vertex order), but on two threads or more the two seasons'
 * chains run at once, each with its own scratch (17 bytes a vertex more)
 * and half the threads: the same bytes on every thread count. */
#ifndef OROGEN_CORE_PLANET_CLIMATE_H
#define OROGEN_CORE_PLANET_CLIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;

/* km of height per model unit of planet elevation */
#define CLIMATE_UNIT_KM 3.0

struct climate_in {
    const struct adjacency *adj;
    const double *xyz;        /* unit vectors, z north */
    const uint8_t *land;      /* 1 land */
    const float *elevation;   /* model units, land > 0 */
    const double *coast_dist; /* radians from the coast, -1 without a coast */
    uint64_t seed;            /* the noise */
    int threads;              /* for the per-vertex passes (core/base/parallel.h; 0: the
                                 default); the same bytes on every count */
};

struct climate_out {          /* n entries each, the caller's */
    float *temp[2];           /* mean temperature per season, degrees C */
    float *precip[2];         /* precipitation rate per season, mm a year */
};

/* Temperature and precipitation of every vertex in both seasons.
 * Errors: OG_ENOMEM. */
enum og_status climate_run(const struct climate_in *in, struct climate_out *out,
                           struct og_error *err);

/* The prevailing wind at the unit vector q in season s (0, 1): an east
 * and a north component (unit-free, the direction it blows towards). */
void climate_wind(const double *q, int season, double *east, double *north);

#endif
