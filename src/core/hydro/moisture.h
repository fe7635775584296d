/* moisture: a second, independently seeded noise field raised near water.
 *
 * Following "From Chaos to Continents" (../shared/seeds/
 * island-voronoi-hydrology.txt): moisture is a Perlin fBm field (seeded
 * from the world seed and the name "moisture", so it never correlates with
 * the elevation noise) raised by proximity to water. Proximity is the graph
 * distance in hops over the Voronoi cells (island) or the 8-connected grid
 * (dem) from fresh water (lake cells and cells a river runs through) and from
 * the ocean:
 *   boost = max(exp(-d_fresh / falloff), ocean_weight * exp(-d_ocean / falloff))
 *   moisture = base + (1 - base) * boost          in [0, 1]
 * Water cells themselves get 1. */
#ifndef OROGEN_CORE_HYDRO_MOISTURE_H
#define OROGEN_CORE_HYDRO_MOISTURE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/noise.h"
#include "core/base/og_error.h"
#include "core/recipe/params.h"

struct run_ctx;
struct world;

struct moisture_noise {
    struct perlin perlin;
    struct fbm_params fbm;
};

/* Seed the base field from p->seed and the hydro.moisture_* parameters. */
void moisture_noise_init(struct moisture_noise *mn, const struct params *p);

/* Base moisture at map point (u, v) (the unit square; grids use
 * ((x + 0.5) / S, (y + 0.5) / S) with S the longer side):
 * clamp(0.5 + 0.75 * fBm(u, v), 0, 1). */
double moisture_noise_at(const struct moisture_noise *mn, double u, double v);

/* moisture_noise_at for n points (u[k * stride], v[k * stride]) into
 * out[0..n), bit for bit, through the batched fBm (fbm2_batch). */
void moisture_noise_batch(const struct moisture_noise *mn, const double *u, const double *v,
                          size_t stride, size_t n, double *out);

/* The boost rule above for one cell; a distance < 0 means no such water. */
double moisture_combine(double base, int32_t d_fresh, int32_t d_ocean, double falloff,
                        double ocean_weight);

/* The moisture stage (island and dem): fills w->moisture. Needs w->water
 * and, for rivers, the hydrology fields (run it after hydro_stage; without
 * them only the ocean and lakes count). Errors: OG_EINVAL for a world
 * without water mask, OG_ENOMEM, OG_ECANCELED. */
enum og_status moisture_stage(struct world *w, struct run_ctx *ctx, struct og_error *err);

#endif
