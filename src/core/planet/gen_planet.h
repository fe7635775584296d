/* gen_planet: the planet generator (after Lingua Franca,
 * ../shared/seeds/planet-lingua-franca.txt): Poisson-disk points on the unit
 * sphere with geodesic spacing, spherical Delaunay by incremental
 * insertion on the sphere (sphere_delaunay.h), optional relaxation and
 * subdivision, continents by the five
 * steps (continents.h), biomes by wave-function collapse (wfc.h).
 *
 * The world is WORLD_SPHERE: mesh (dim 3, closed), ncells = points, water
 * (WATER_LAND / WATER_OCEAN), elevation (land 0..1: lowland rising inland,
 * ridges, collision ranges; sea -1..0: shelf, slope, abyss), roughness (the
 * collision uplift 0..1), moisture (0..1), biome (ids of wfc_planet_rules()),
 * color (0xRRGGBB of the biome), landmass (connected land component, -1
 * sea). Stats: the planet.* keys of doc/stats.md. */
#ifndef OROGEN_CORE_PLANET_GEN_PLANET_H
#define OROGEN_CORE_PLANET_GEN_PLANET_H

#include <stdint.h>

#include "core/pipeline.h"

struct adjacency;
struct rng;
struct wfc_stats;

extern const struct generator gen_planet;

/* Re-derive the fields that follow from w->water (and the uplift in
 * w->roughness, if any) on a planet world: landmass ids, elevation (and its
 * extent), moisture, and the landmass stats (planet_surface.c). adj must be
 * the mesh's adjacency. The per-vertex passes (plates, elevation, climate,
 * runoff) run in fixed batches on up to `threads` threads (0: the default,
 * core/base/parallel.h): the same bytes on every count. Errors: OG_ENOMEM. */
enum og_status gen_planet_derive(struct world *w, const struct adjacency *adj, int threads,
                                 struct og_error *err);

/* The biome domains gen_planet_biomes solves on (bit sets per vertex into
 * dom, w->ncells entries): which = 0 the climate's, 1 the climate's widened
 * by one ring, 2 the latitude bands (also when w has no moisture), as
 * reported by the stat planet.biome_domains. prefer (may be NULL; which < 2)
 * gets each vertex's climate biome. The per-vertex climate latitude runs in
 * fixed batches on up to `threads` threads (0: the default): the same
 * bytes on every count. Errors: OG_ENOMEM (returned, no message). */
enum og_status gen_planet_domains(const struct world *w, const struct adjacency *adj, int which,
                                  uint32_t *dom, uint8_t *prefer, int threads);

/* Biomes and colours by wave-function collapse, on climate domains
 * (planet.climate = climate: climate latitude from w->elevation, moisture
 * from w->moisture) or latitude bands. keep (may be NULL): vertices
 * with keep[v] != 0 keep their current w->biome when the rules still allow
 * it there (the land editor re-solves only around an edit). Errors as
 * wfc_solve. */
enum og_status gen_planet_biomes(struct world *w, const struct adjacency *adj,
                                 const uint8_t *keep, struct rng *r, int max_restarts,
                                 double affinity, struct wfc_stats *stats, struct run_ctx *ctx,
                                 struct og_error *err);

#endif
