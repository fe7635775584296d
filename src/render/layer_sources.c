/* layer_sources: the map layers each generator can make (see
 * layer_sources.h). */
#include "config.h"
#include "render/layer_sources.h"

#define L(x) (1u << (x))

/* The world fields each generator's stages allocate: island (Voronoi mesh:
 * no slope) and dem have moisture, rivers and lakes from core/hydro, wear
 * and deposition from stream power or weathering; hybrid has its mask,
 * roughness and forest but no moisture; the planet has plates, landmass,
 * climate and roughness (uplift), and is a sphere (no slope). */
static const unsigned possible[GEN_COUNT] = {
    [GEN_ISLAND] = L(LAYER_COLOR) | L(LAYER_ELEVATION) | L(LAYER_MOISTURE) | L(LAYER_RIVERS) |
                   L(LAYER_LAKES) | L(LAYER_WEAR) | L(LAYER_DEPOSITION),
    [GEN_DEM] = L(LAYER_COLOR) | L(LAYER_ELEVATION) | L(LAYER_MOISTURE) | L(LAYER_RIVERS) |
                L(LAYER_LAKES) | L(LAYER_WEAR) | L(LAYER_DEPOSITION) | L(LAYER_SLOPE),
    [GEN_HYBRID] = L(LAYER_COLOR) | L(LAYER_ELEVATION) | L(LAYER_RIVERS) | L(LAYER_LAKES) |
                   L(LAYER_ROUGHNESS) | L(LAYER_FOREST) | L(LAYER_MASK) | L(LAYER_WEAR) |
                   L(LAYER_DEPOSITION) | L(LAYER_SLOPE),
    [GEN_PLANET] = L(LAYER_COLOR) | L(LAYER_ELEVATION) | L(LAYER_MOISTURE) | L(LAYER_RIVERS) |
                   L(LAYER_LAKES) | L(LAYER_ROUGHNESS) | L(LAYER_LANDMASS) | L(LAYER_PLATES) |
                   L(LAYER_CLIMATE),
};

/* Whether p runs landscape evolution (core/lem), which makes wear and
 * deposition: island.relief = streampower, hybrid.erosion streampower or
 * both, dem.weathering years > 0. */
static int
evolves(enum gen_id gen, const struct params *p)
{
    switch (gen) {
    case GEN_ISLAND: return params_int(p, P_ISLAND_RELIEF) == 1;
    case GEN_HYBRID: return params_int(p, P_HYBRID_EROSION) != 0;
    case GEN_DEM: return params_get(p, P_DEM_WEATHERING) > 0.0;
    default: return 0;
    }
}

int
layer_sources_possible(enum gen_id gen, const struct params *p, enum map_layer layer)
{
    if ((unsigned)gen >= GEN_COUNT || (unsigned)layer >= LAYER_COUNT ||
        !(possible[gen] & L(layer))) {
        return 0;
    }
    return p == NULL || (layer != LAYER_WEAR && layer != LAYER_DEPOSITION) || evolves(gen, p);
}
