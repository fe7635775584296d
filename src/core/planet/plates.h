/* plates: tectonic plates of the planet (issue 25).
 *
 * The sphere is split into planet.plates plates, each a rigid rotation
 * about an Euler pole: a point q of plate p moves at v = w_p x q (w_p the
 * pole times the angular rate; plate tectonics' kinematics, Cox and Hart,
 * "Plate Tectonics: How It Works", 1986, ch. 4). Plates are drawn from the
 * seed and positions only (warped, additively weighted Voronoi regions of
 * well-spread seed points, then made connected), so they are the same at
 * every resolution and do not move when the land is edited; their crust
 * comes from the continents (the land and its shelf are continental).
 * Boundaries are classified from the relative motion across them
 * (plates_boundaries) and raise the relief of plate_relief.c.
 *
 * Units: angles in radians, speeds in km per million years (km/Myr, = mm
 * per year) on a globe of PLATES_RADIUS_KM. */
#ifndef OROGEN_CORE_PLANET_PLATES_H
#define OROGEN_CORE_PLANET_PLATES_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;

#define PLATES_MAX 120
/* The planet's radius for distances and speeds (the Earth's mean). */
#define PLATES_RADIUS_KM 6371.0
/* km along the surface as radians of arc */
#define PLATES_KM(x) ((x) / PLATES_RADIUS_KM)

/* boundary classes per vertex (plate_boundary in the world) */
enum {
    PB_NONE = 0,       /* not next to another plate */
    PB_CONVERGENT = 1, /* the plates close: collision or subduction */
    PB_DIVERGENT = 2,  /* the plates part: ridge or rift */
    PB_TRANSFORM = 3   /* the plates slide past each other */
};

struct plate {
    double site[3];    /* the seed point (unit vector) */
    double weight;     /* additive weight of the site, radians of chord */
    double pole[3];    /* Euler pole (unit vector) */
    double rate;       /* angular rate, radians per Myr (counter-clockwise about pole) */
    double age;        /* 0..1: relative age of its oceanic crust (older sinks) */
    int continental;   /* over 30 % of its vertices continental crust */
};

struct plates {
    int n;
    struct plate p[PLATES_MAX];
};

/* count plates (1..PLATES_MAX) from seed: sites by best candidate of 8
 * uniform points (well spread), weights 0..0.35, random poles, surface
 * speeds up to 100 km/Myr at 90 degrees from the pole. */
void plates_make(struct plates *pl, int count, uint64_t seed);

/* The velocity of plate id at the unit vector q, km/Myr, into v[3]
 * (tangent to the sphere). */
void plates_velocity(const struct plates *pl, int id, const double *q, double *v);

/* The plate of every vertex (adj->n, xyz unit vectors) into plate: the
 * nearest site by chord minus weight from the vertex's position warped by
 * a vector fBm (seed), then every plate cut down to its largest connected
 * piece and the rest given to the neighbouring plates (breadth first), so
 * each plate is one region. The warp and the nearest sites run in fixed
 * batches on up to `threads` threads (core/base/parallel.h; 0: the
 * default), the same bytes on any count. Errors: OG_ENOMEM. */
enum og_status plates_assign(const struct plates *pl, const struct adjacency *adj,
                             const double *xyz, uint64_t seed, uint8_t *plate, int threads,
                             struct og_error *err);

/* Set pl->p[i].continental from the crust (crust[v] != 0: continental). */
void plates_crust(struct plates *pl, const uint8_t *plate, const uint8_t *crust, size_t n);

/* Per boundary vertex (a neighbour on another plate), the motion across
 * it: the relative velocity dv = v_own - v_other (km/Myr) at the vertex,
 * summed over the edges to the other plate it shares most edges with, and
 * n the unit direction from its site towards the other plate's site in the tangent plane (the border's large-scale normal). closing = dv . n (> 0: the
 * plates converge), shear = |dv - closing n|. The class is convergent when
 * closing >= 0.5 |dv|, divergent when closing <= -0.5 |dv| (within 60
 * degrees of head-on), else transform; below 2 km/Myr of relative motion
 * a boundary is transform (inactive). type gets PB_* (PB_NONE off
 * boundaries), closing the signed speed and other the other plate (255
 * off boundaries); closing and other may be NULL. */
void plates_boundaries(const struct plates *pl, const struct adjacency *adj, const double *xyz,
                       const uint8_t *plate, uint8_t *type, float *closing, uint8_t *other);

#endif
