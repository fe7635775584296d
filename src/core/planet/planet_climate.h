/* planet_climate: a planet world's climate fields (climate.h, koppen.h)
 * and the biome inputs taken from them. */
#ifndef OROGEN_CORE_PLANET_PLANET_CLIMATE_H
#define OROGEN_CORE_PLANET_PLANET_CLIMATE_H

#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;
struct world;

/* With planet.climate = climate: w->temperature (annual mean, C),
 * w->precipitation (annual, mm), w->climate (Köppen class, KG_SEA at sea)
 * from the elevation (w->elevation set), land (land[v] != 0) and coast
 * distance (dist, radians); w->moisture becomes the aridity
 * AI / (AI + 0.6), AI = P / PET with PET = 300 + 50 T mm (at least 150),
 * 1 at sea. Stats planet.koppen_classes (classes present on land),
 * planet.koppen_largest_share (the largest class's share of the land),
 * planet.land_precip_mm and planet.land_temp_c (land means). threads: as
 * climate_in's. Errors: OG_ENOMEM. */
enum og_status planet_climate(struct world *w, const struct adjacency *adj,
                              const uint8_t *land, const double *dist, int threads,
                              struct og_error *err);

struct wfc_rules;

/* The biomes follow the Köppen classes: on land outside the shore band
 * (band[v] == 0), where w->climate is set, prefer[v] becomes the class's
 * biome when the vertex's domain (dom, bit sets) allows it: A f/m
 * rainforest, Aw and BSh savanna, BW desert, BSk and Cs grassland, Cw
 * Cfa Cfb Dfa Dfb forest, Cfc Ds Dw Dfc Dfd taiga, ET tundra, EF ice. The
 * collapse still enforces every adjacency rule. */
void planet_climate_prefer(const struct world *w, const struct wfc_rules *rules,
                           const uint32_t *dom, const uint8_t *band, uint8_t *prefer);

/* The climate latitude (degrees 0..90) of an annual mean temperature t:
 * the latitude whose sea-level zonal mean (climate.h's T0) is t. */
double planet_climate_latitude(double t);

#endif
