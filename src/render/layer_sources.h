/* layer_sources: which map layers (render/mapimg.h) a generator can ever
 * make, known before it runs. mapimg_layer_available answers for a finished
 * world; this answers for a recipe, so that `orogen export --layer plates`
 * on an island is refused before the island is generated (issue 28: usage
 * errors before any work). Wear and deposition follow the parameters that
 * run landscape evolution (island.relief = streampower, hybrid.erosion not
 * droplets, dem.weathering > 0); a DEM's slope (it needs a known cell size)
 * counts as possible, and the check on the finished world still runs.
 * tests/test_output.c checks the table against generated worlds. */
#ifndef OROGEN_RENDER_LAYER_SOURCES_H
#define OROGEN_RENDER_LAYER_SOURCES_H

#include "core/recipe/params.h"
#include "core/world.h"
#include "render/mapimg.h"

/* 1 when a world of generator gen made with parameters p may have layer,
 * 0 when it never does (the fields the layer draws are not made). p NULL:
 * under any parameters. */
int layer_sources_possible(enum gen_id gen, const struct params *p, enum map_layer layer);

#endif
