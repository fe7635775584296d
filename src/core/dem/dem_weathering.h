/* dem_weathering: a few steps of landscape evolution on a real elevation
 * model (issue 26, doc/lem.md): dem.weathering model years of the
 * stream power law and hillslope creep of core/lem (lem.* parameters),
 * with no uplift, so rivers cut into the measured surface and slopes
 * round off. Sea cells (at or below dem.sea_level) are base level at sea
 * level and keep their floor; the raster's border is base level and
 * follows the land next to it down after each step. */
#ifndef OROGEN_CORE_DEM_DEM_WEATHERING_H
#define OROGEN_CORE_DEM_DEM_WEATHERING_H

#include "core/base/og_error.h"
#include "core/pipeline.h"

struct world;

/* Stage "weathering" of the dem generator, after "decode": nothing when
 * dem.weathering is 0 (the default: the DEM as measured). Otherwise evolves
 * w->elevation (metres) in place for ceil(dem.weathering / lem.dt) steps,
 * fills w->wear and w->deposition (metres) and the stats lem.steps,
 * lem.years and lem.eroded_km3. Cells are cell_size x cell_size_y metres;
 * the model takes their geometric mean as the node spacing. Errors:
 * OG_EINVAL when the DEM's cell size is unknown (a raster without a
 * georeference and no dem.cell_size), OG_ERANGE for lem.* out of range or more
 * than 10000 steps, OG_ENOMEM, OG_ECANCELED. */
enum og_status dem_weathering_stage(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
