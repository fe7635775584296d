#include "config.h"
#include "core/dem/dem_weathering.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/grid.h"
#include "core/lem/lem.h"
#include "core/lem/lem_recipe.h"
#include "core/world.h"

/* Base level: the sea (at or below dem.sea_level) and the border, where
 * the rivers leave the tile. The sea floor is kept in seabed[] and the sea
 * stands at sea level for the model, so rivers and creep take the land
 * down to the sea's surface, not to the sea floor beside it: the coast
 * stays where the DEM has it. */
static void
weathering_base(struct world *w, float sea_level, uint8_t *base, float *seabed)
{
    size_t x, y, W = (size_t)w->width, H = (size_t)w->height;

    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            size_t i = y * W + x;
            int sea = w->elevation[i] <= sea_level;
            base[i] = (uint8_t)(sea || x == 0 || y == 0 || x + 1 == W || y + 1 == H);
            seabed[i] = w->elevation[i];
            w->elevation[i] = sea ? sea_level : w->elevation[i];
        }
    }
}

/* The tile's border is a window onto land that goes on: after each step a
 * border cell on land comes down to its inner neighbour's height (never
 * below sea level, never up), so the border follows the land as it wears
 * down instead of standing as a rim around it (a zero-gradient edge). The
 * rivers still leave the tile there. */
static void
follow_border_cell(float *z, const float *seabed, int W, int x, int y, int ix, int iy,
                   float sea_level)
{
    size_t i = (size_t)y * (size_t)W + (size_t)x;
    float in;

    if (seabed[i] <= sea_level) {
        return;
    }
    in = z[(size_t)iy * (size_t)W + (size_t)ix];
    in = in > sea_level ? in : sea_level;
    z[i] = in < z[i] ? in : z[i];
}

/* Each border cell reads only its inner neighbour (never another border
 * cell), so the order of the cells does not matter. */
static void
follow_border(float *z, const float *seabed, int W, int H, float sea_level)
{
    int x, y;

    if (W < 3 || H < 3) {
        return;
    }
    for (x = 0; x < W; x++) {
        int ix = x == 0 ? 1 : (x == W - 1 ? W - 2 : x);
        follow_border_cell(z, seabed, W, x, 0, ix, 1, sea_level);
        follow_border_cell(z, seabed, W, x, H - 1, ix, H - 2, sea_level);
    }
    for (y = 1; y < H - 1; y++) {
        follow_border_cell(z, seabed, W, 0, y, 1, y, sea_level);
        follow_border_cell(z, seabed, W, W - 1, y, W - 2, y, sea_level);
    }
}

enum og_status
dem_weathering_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = ctx->params;
    double years = params_get(p, P_DEM_WEATHERING);
    double cy = w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size;
    struct lem_params lp;
    struct lem_totals t;
    struct lem *s = NULL;
    uint8_t *base = NULL;
    float *seabed = NULL, sea_level = (float)params_get(p, P_DEM_SEA_LEVEL);
    long steps, k;
    size_t i, n = w->ncells;
    enum og_status st;

    if (!(years > 0.0)) {
        return OG_OK;
    }
    if ((st = lem_recipe_read(p, years, "dem.weathering", &lp, &steps, err)) != OG_OK) {
        return st;
    }
    if (!(w->cell_size > 0.0)) {
        return og_error_set(err, OG_EINVAL,
                            "dem.weathering needs the DEM's cell size in metres (a georeferenced "
                            "raster, a world file beside the PNG, or dem.cell_size)");
    }
    if ((st = grid_malloc((void **)&base, n, 1, "base level", err)) ||
        (st = grid_malloc((void **)&seabed, n, sizeof *seabed, "sea floor", err)) ||
        (st = world_alloc((void **)&w->wear, n, sizeof *w->wear, "wear", err)) ||
        (st = world_alloc((void **)&w->deposition, n, sizeof *w->deposition, "deposition",
                          err))) {
        goto done;
    }
    weathering_base(w, sea_level, base, seabed);
    if ((st = lem_new(&s, w->width, w->height, sqrt(w->cell_size * cy), base, err)) != OG_OK) {
        goto done;
    }
    for (k = 0; k < steps; k++) {
        if ((st = lem_step(s, w->elevation, NULL, &lp, ctx->threads, ctx, err)) != OG_OK ||
            (st = pipeline_tick(ctx, (double)(k + 1) / (double)steps)) != OG_OK) {
            goto done;
        }
        follow_border(w->elevation, seabed, w->width, w->height, sea_level);
    }
    for (i = 0; i < n; i++) {
        w->elevation[i] = seabed[i] <= sea_level ? seabed[i] : w->elevation[i];
        w->wear[i] = lem_wear(s)[i];
        w->deposition[i] = lem_deposition(s)[i];
    }
    lem_get_totals(s, &t);
    world_stat_int(w, "lem.steps", steps);
    world_stat_real(w, "lem.years", (double)steps * lp.dt);
    world_stat_real(w, "lem.eroded_km3", (t.fluvial + t.boundary) * 1e-9);
    world_update_extent(w);
done:
    lem_free(s);
    free(base);
    free(seabed);
    return st;
}
