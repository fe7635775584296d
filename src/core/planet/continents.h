/* continents: land and sea on the sphere's vertices, by the five steps of
 * Lingua Franca (../shared/seeds/planet-lingua-franca.txt):
 *
 * 1. ice caps: every vertex above the cap latitude (75 deg N or S) is land;
 * 2. continents: seeded on triples of pairwise-adjacent vertices until there
 *    are 9; then, while the land fraction is under the target, a random
 *    mutual neighbour of two (adjacent) land vertices becomes land;
 * 3. isthmuses: whenever continents join each other, new ones are seeded
 *    until there are 9 again;
 * 4. coastlines: at the target (35 %) growth stops and every unassigned
 *    vertex next to land becomes sea; if the southern hemisphere has more
 *    land the planet is flipped (continents_flip);
 * 5. islands: every remaining vertex becomes land with probability 0.08,
 *    else sea.
 *
 * "Continent" here means a connected land component holding at least one
 * seed (a cap it touches becomes part of it; a cap alone is no continent),
 * so the count drops when two continents connect, also through a cap.
 * Whether the caps themselves grow is a choice (caps_grow): the source's
 * words allow both ("a mutual neighbour of two land vertices ... filling out
 * the continents"); when they do, their long rims take most of the growth
 * and the planet gets wide polar land bands, so the default keeps them
 * fixed. Landmass ids are the connected components of the final land. The
 * steps are separate calls so tests can look between them; gen_planet.c
 * runs them in order. */
#ifndef OROGEN_CORE_PLANET_CONTINENTS_H
#define OROGEN_CORE_PLANET_CONTINENTS_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;
struct perlin;
struct rng;
struct run_ctx;

enum { CONT_UNASSIGNED = 0, CONT_LAND = 1, CONT_SEA = 2 };

/* origin[v] of a vertex: the continent (seed index, >= 0) that grew it, or */
enum { CONT_ORIGIN_NONE = -1, CONT_ORIGIN_CAP = -2, CONT_ORIGIN_ISLAND = -3 };

/* Radians of growth distance per unit of coast roughness: a vertex's key
 * is its arc distance from its seed minus CONT_ROUGH_SCALE * roughness *
 * fBm(position), fBm mostly within +-0.5. */
#define CONT_ROUGH_SCALE 0.5

/* A zeroed struct beyond the first five fields is the source's literal
 * reading (uniform growth, round caps, islands per vertex). */
struct continents_params {
    double cap_latitude;   /* degrees, 0..90: land poleward of it */
    int ncontinents;       /* continents kept alive during growth (>= 1) */
    double land_target;    /* fraction 0..1 that ends growth */
    double island_chance;  /* probability of land for each leftover vertex (per-vertex
                              islands) */
    int caps_grow;         /* 1: the caps' edges seed growth like any land; 0: only
                              continents grow (caps still merge with them) */
    int noise_growth;      /* 0: the candidate is drawn uniformly (the source); 1: the
                              candidate with the lowest key = arc distance from its seed
                              minus CONT_ROUGH_SCALE * coast_roughness * fBm */
    double coast_roughness;/* 0..4, noise growth only */
    double cap_roughness;  /* degrees 0..30: the cap edge is at cap_latitude + this * fBm */
    int island_area;       /* 0: islands per vertex (island_chance); 1: island_count seeds
                              per globe, each grown to an area from a Pareto law */
    int island_count;      /* island seeds drawn over the whole globe (those landing on open
                              sea become islands) */
    double island_min_area;/* smallest island, fraction of the globe (Pareto scale) */
    double island_max_area;/* largest island, fraction of the globe (the law is cut there) */
    double island_tail;    /* Pareto exponent alpha: P(area > a) = (min / a)^alpha */
    uint64_t noise_seed;   /* seeds the coast, cap and island noise fields */
};

struct cont_heap_item {
    double key;
    int32_t v;
};

struct cont_meet {
    double level;
    int32_t v, u;
};

struct continents {
    size_t n;
    uint8_t *state;        /* CONT_* per vertex */
    int32_t *landmass;     /* after continents_landmasses: component id, -1 sea */
    /* figures */
    size_t cap_vertices;   /* land after step 1 */
    size_t target_vertices;/* land count that ends growth */
    size_t land_after_growth;
    size_t seeds;          /* continents instanced, re-seeds included */
    size_t reseeds;        /* of those, instanced after merges */
    size_t merges;         /* continents joined to others during growth */
    size_t islands;        /* land vertices added by step 5 */
    size_t island_seeds;   /* islands placed (area islands only) */
    int flipped;           /* 1 if continents_flip was applied */
    size_t nlandmasses;
    size_t largest;        /* vertices of the largest landmass */
    size_t land;           /* land vertices at the end */
    /* growth bookkeeping */
    int32_t *parent;       /* union-find over land vertices */
    uint8_t *has_seed;     /* per root: the component holds a continent seed */
    int32_t *cand, *cand_pos;
    size_t ncand;
    long live;             /* continents alive (seeded components) */
    int32_t *origin;       /* CONT_ORIGIN_* or the seed index that grew each vertex */
    double *arrive;        /* noise growth: the lowest key offered to each vertex */
    double *rough;         /* noise growth: the key offset per vertex, NaN until first
                              needed (NULL: uniform) */
    struct cont_heap_item *heap;
    size_t nheap, heap_cap;
    double *centre;        /* noise growth: 3 per seed, the continent's first vertex */
    double *level0;        /* noise growth: per seed, the growth level when it was seeded */
    size_t ncentre_cap;
    double level;          /* noise growth: the highest key grown so far (the front) */
    struct cont_meet *meet;/* noise growth: land pairs of two continents (or a continent
                              and a cap) waiting for the level where their fronts meet */
    size_t nmeet, meet_cap;
    int caps_grow;         /* the caps' rims grow (continents_params.caps_grow) */
    /* the fields, for decisions at points of the sphere (seeds, islands) */
    struct perlin *coast_pn, *cap_pn;
    double coast_amp;      /* CONT_ROUGH_SCALE * coast_roughness */
    double cap_z, cap_rz;  /* cap edge: |z| > cap_z + cap_rz * fBm (cap_z > 1: no caps) */
};

/* Allocate the state for n vertices, all unassigned. Errors: OG_ENOMEM. */
enum og_status continents_init(struct continents *c, size_t n, struct og_error *err);

/* Free the arrays (accepts a zeroed struct). */
void continents_fini(struct continents *c);

/* Check p against its ranges. Errors: OG_ERANGE naming the field. */
enum og_status continents_check(const struct continents_params *p, struct og_error *err);

/* Step 1: land for every vertex with |latitude| > cap_latitude (xyz: unit
 * vectors, z = north), the edge moved by cap_roughness degrees times fBm. */
void continents_caps(struct continents *c, const double *xyz,
                     const struct continents_params *p);

/* Steps 2-3: seed and grow until land reaches round(land_target * n)
 * (exactly, unless no unassigned vertex can be reached). Seeds are the
 * triangles nearest random points of the sphere (xyz: unit vectors);
 * triangles (3 * nt ids) are scanned when random points keep failing.
 * ctx may be NULL (polled for cancel). Errors: OG_ECANCELED, OG_ENOMEM. */
enum og_status continents_grow(struct continents *c, const struct adjacency *adj,
                               const double *xyz, const int32_t *triangles, size_t nt,
                               const struct continents_params *p, struct rng *r,
                               struct run_ctx *ctx, struct og_error *err);

/* Step 4 (first half): every unassigned vertex with a land neighbour
 * becomes sea. */
void continents_coast(struct continents *c, const struct adjacency *adj);

/* Step 4 (second half): does the south (z < 0) hold more land than the
 * north? */
int continents_south_heavier(const struct continents *c, const double *xyz);

/* Step 4 as the generator applies it: the south is heavier by more than
 * CONT_FLIP_TIE of the globe's vertices, or, in noise growth within that
 * band, the continents' centres weighted by the square of their growth
 * (level - level0) lie south on balance. Where the hemispheres hold about
 * equal land, the land count moves by up to 0.9 % of the globe between 10k
 * and 500k points, so counting alone flipped one resolution and not the
 * other (seeds 5 and 6: 44 % and 31 % of the globe differed); the centres
 * are the same points at every resolution. */
#define CONT_FLIP_TIE 0.015
int continents_flip_wanted(const struct continents *c, const double *xyz);

/* Turn the planet upside down by rotating n points (and anything else the
 * caller rotates the same way) half a turn about the x axis: (x, -y, -z).
 * A rotation, so triangle orientation is kept. */
void continents_flip(double *xyz, size_t n);

/* Step 5: island_area 0: every still unassigned vertex becomes land with
 * probability island_chance, in vertex order. island_area 1: island_count
 * random points of the globe; each landing on an unassigned vertex grows an
 * island of round(area * n) vertices (at least one), area from the Pareto
 * law min * U^(-1/tail) cut at max, nearest first with a noisy key, ringed
 * with sea; the rest becomes sea. Errors: OG_ENOMEM. */
enum og_status continents_islands(struct continents *c, const struct adjacency *adj,
                                  const double *xyz, const struct continents_params *p,
                                  struct rng *r, struct og_error *err);

/* Collision uplift, 0..1 per vertex into out (n floats): land near an edge
 * between vertices of two plates of one land component (two continents
 * that met during growth) rises as exp(-(d / width)^2), d the arc distance
 * in radians over land (chords summed along a breadth-first tree),
 * modulated along the suture by fBm (noise_seed); 0 elsewhere. A plate is
 * the continent that grew a vertex, but near where two fronts met the
 * nearer of the two by level0 + chord from the vertex's position warped by
 * a vector fBm, so sutures wander instead of following the fronts' great
 * circles; the land is not changed. Errors: OG_ENOMEM. */
enum og_status continents_uplift(const struct continents *c, const struct adjacency *adj,
                                 const double *xyz, double width, uint64_t noise_seed,
                                 float *out, struct og_error *err);

/* Helpers shared by the steps. Chord length between vertices a and b of
 * xyz (unit vectors): 2 sin(arc / 2), the arc in radians to within 0.5 %
 * below 10 degrees; sqrt only, so the same bits under every libm. */
static inline double
continents_chord(const double *xyz, int32_t a, int32_t b)
{
    const double *p = &xyz[3 * (size_t)a], *q = &xyz[3 * (size_t)b];
    double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The vertex nearest the unit vector q, by a greedy walk over the Delaunay
 * neighbours from start (exact on a Delaunay triangulation). */
int32_t continents_nearest(const struct adjacency *adj, const double *xyz, int32_t start,
                           const double *q);

/* A uniformly random unit vector (two draws). */
void continents_random_point(struct rng *r, double *q);

/* The fields at a point q of the sphere (unit vector, coordinates of the
 * growth, before any flip), so that seeding and island decisions depend on
 * positions, not on which vertex is nearest:
 * continents_key_at: the lowest growth key any continent seeded so far
 * would give q (level0 + chord to its centre - coast noise; HUGE_VAL with
 * no seeds or in uniform growth); land lies where the key is at most
 * c->level.
 * continents_cap_excess: |z| minus the cap edge's z at q (> 0 in a cap). */
double continents_key_at(const struct continents *c, const double *q);
double continents_cap_excess(const struct continents *c, const double *q);

/* The growth frontier (c->heap, ties by vertex): push returns -1 when out
 * of memory; pop returns -1 when empty. */
int continents_heap_push(struct continents *c, double key, int32_t v);
int32_t continents_heap_pop(struct continents *c, double *key);

/* Union-find over vertices (c->parent): the root of x, halving the path. */
int32_t continents_uf_find(int32_t *parent, int32_t x);

/* Join the land components of a and b, counting a merge when both hold a
 * continent seed (a cap alone is no continent). */
void continents_join(struct continents *c, int32_t a, int32_t b);

/* Noise growth's deferred joins (c->meet, a min-heap on (level, v, u)):
 * push returns -1 when out of memory; until joins every pair whose fronts
 * meet at or below level. */
int continents_meet_push(struct continents *c, double level, int32_t v, int32_t u);
void continents_meet_until(struct continents *c, double level);

/* Landmass ids = connected components of land (numbered by lowest vertex),
 * -1 for sea; sets nlandmasses, largest and land. Errors: OG_ENOMEM. */
enum og_status continents_landmasses(struct continents *c, const struct adjacency *adj,
                                     struct og_error *err);

/* Label the connected components of the vertices with land[v] != 0 (ids in
 * order of each component's lowest vertex; -1 elsewhere) into landmass
 * (adj->n entries); *count and *largest (vertices) may be NULL.
 * Errors: OG_ENOMEM. */
enum og_status continents_label(const uint8_t *land, const struct adjacency *adj,
                                int32_t *landmass, size_t *count, size_t *largest,
                                struct og_error *err);

/* Shape figures of a labelled land mask (ids from continents_label). */
struct landmass_shape {
    size_t over_0_1pct;    /* landmasses with more than 0.1 % of the globe's vertices */
    size_t over_1pct;      /* ... more than 1 % */
    size_t over_5pct;      /* ... more than 5 % */
    double nine_share;     /* land in the nine largest landmasses / all land (0 without land) */
    size_t coast_edges;    /* edges between a land and a sea vertex */
    double coast_complexity; /* coast_edges / sqrt(land vertices): about 2 sqrt(pi) times
                                the mesh's edge factor for one round continent, higher for
                                ragged or many landmasses; independent of the resolution for
                                a coastline that is smooth below the mesh spacing */
};

/* Landmass size distribution and coastline figures of `landmass` (adj->n
 * ids, -1 sea, `count` landmasses) with `land` land vertices. Shares are of
 * vertex counts (Poisson-disk cells are near-equal in area). Errors:
 * OG_ENOMEM. */
enum og_status continents_shape(const int32_t *landmass, size_t count, size_t land,
                                const struct adjacency *adj, struct landmass_shape *out,
                                struct og_error *err);

#endif
