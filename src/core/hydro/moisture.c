#include "config.h"
#include "core/hydro/moisture.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/grid.h"
#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"
#include "core/hydro/moisture_dist.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "core/world.h"

void
moisture_noise_init(struct moisture_noise *mn, const struct params *p)
{
    perlin_init(&mn->perlin, rng_hash_str("moisture") ^ p->seed);
    mn->fbm.octaves = params_int(p, P_HYDRO_MOISTURE_OCTAVES);
    mn->fbm.frequency = params_get(p, P_HYDRO_MOISTURE_FREQUENCY);
    mn->fbm.lacunarity = 2.0;
    mn->fbm.gain = 0.5;
}

double
moisture_noise_at(const struct moisture_noise *mn, double u, double v)
{
    double m = 0.5 + 0.75 * fbm2(&mn->perlin, &mn->fbm, u, v);
    return m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
}

void
moisture_noise_batch(const struct moisture_noise *mn, const double *u, const double *v,
                     size_t stride, size_t n, double *out)
{
    size_t k;

    fbm2_batch(&mn->perlin, &mn->fbm, u, v, stride, n, out);
    for (k = 0; k < n; k++) {
        double m = 0.5 + 0.75 * out[k];
        out[k] = m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
    }
}

double
moisture_combine(double base, int32_t d_fresh, int32_t d_ocean, double falloff,
                 double ocean_weight)
{
    double boost = 0.0, b;
    /* det_exp: moisture picks the biome class, so no libm last bits here */
    if (d_fresh >= 0) {
        boost = det_exp(-(double)d_fresh / falloff);
    }
    if (d_ocean >= 0) {
        b = ocean_weight * det_exp(-(double)d_ocean / falloff);
        boost = b > boost ? b : boost;
    }
    return base + (1.0 - base) * boost;
}

/* Moisture of a batch of cells (moisture_stage): noise, then the boost
 * near water; each cell is written by its own batch only. */
struct moisture_job {
    const struct world *w;
    const struct moisture_noise *mn;
    _Atomic int32_t *dist[2]; /* fresh water, ocean (moisture_dist.h) */
    double falloff, ow;
    size_t base; /* the region's first cell */
};

/* Land cells are gathered MOISTURE_CHUNK at a time for the batched noise,
 * in batches of MOISTURE_GRAIN cells, MOISTURE_SLICE cells a region. */
#define MOISTURE_CHUNK 256
#define MOISTURE_GRAIN 8192
#define MOISTURE_SLICE ((size_t)MOISTURE_GRAIN * 64)

static enum og_status
moisture_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct moisture_job *J = arg;
    const struct world *w = J->w;
    double u[MOISTURE_CHUNK], v[MOISTURE_CHUNK], base[MOISTURE_CHUNK];
    size_t cell[MOISTURE_CHUNK];
    size_t i = J->base + begin, m, k;

    (void)batch;
    (void)err;
    end += J->base;
    while (i < end) {
        for (m = 0; i < end && m < MOISTURE_CHUNK; i++) {
            if (w->water[i] != WATER_LAND) {
                w->moisture[i] = 1.0f;
                continue;
            }
            if (w->kind == WORLD_GRID) {
                double s = w->width > w->height ? w->width : w->height;
                u[m] = ((double)(i % (size_t)w->width) + 0.5) / s;
                v[m] = ((double)(i / (size_t)w->width) + 0.5) / s;
            } else {
                u[m] = w->mesh->points[2 * i];
                v[m] = w->mesh->points[2 * i + 1];
            }
            cell[m++] = i;
        }
        moisture_noise_batch(J->mn, u, v, 1, m, base);
        for (k = 0; k < m; k++) {
            size_t c = cell[k];
            int32_t df = atomic_load_explicit(&J->dist[0][c], memory_order_relaxed);
            int32_t dn = atomic_load_explicit(&J->dist[1][c], memory_order_relaxed);
            w->moisture[c] = (float)moisture_combine(base[k], df, dn, J->falloff, J->ow);
        }
    }
    return OG_OK;
}

enum og_status
moisture_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    struct moisture_noise mn;
    struct og_team *team = NULL;
    _Atomic int32_t *dist[2] = { NULL, NULL };
    size_t n = w->ncells;
    enum og_status st;

    if (w->water == NULL || n == 0) {
        return og_error_set(err, OG_EINVAL, "moisture: the world has no water mask");
    }
    if (w->kind != WORLD_GRID && !(w->kind == WORLD_MESH && w->mesh != NULL)) {
        return og_error_set(err, OG_EUNSUPPORTED, "moisture: only island and dem worlds");
    }
    st = world_alloc((void **)&w->moisture, n, sizeof(float), "moisture", err);
    if (st == OG_OK) {
        st = grid_malloc((void **)&dist[0], n, sizeof *dist[0], "fresh water distance", err);
    }
    if (st == OG_OK) {
        st = grid_malloc((void **)&dist[1], n, sizeof *dist[1], "ocean distance", err);
    }
    if (st == OG_OK) {
        /* one team for the whole stage: the searches run many short levels */
        st = og_team_new(&team, ctx != NULL ? ctx->threads : 1, err);
    }
    if (st == OG_OK) {
        st = moisture_distances(w, team, ctx, 0.0, 0.6, dist, err);
    }
    if (st == OG_OK) {
        struct moisture_job job = { w, &mn, { dist[0], dist[1] },
                                    params_get(p, P_HYDRO_MOISTURE_FALLOFF),
                                    params_get(p, P_HYDRO_OCEAN_MOISTURE), 0 };
        moisture_noise_init(&mn, p);
        /* regions of MOISTURE_SLICE cells, for progress and cancelling */
        for (job.base = 0; st == OG_OK && job.base < n; job.base += MOISTURE_SLICE) {
            size_t len = n - job.base < MOISTURE_SLICE ? n - job.base : MOISTURE_SLICE;
            st = og_team_for(team, len, MOISTURE_GRAIN, moisture_batch, &job, err);
            if (st == OG_OK && ctx != NULL &&
                pipeline_tick(ctx, 0.6 + 0.4 * (double)(job.base + len) / (double)n) != OG_OK) {
                st = og_error_set(err, OG_ECANCELED, "cancelled");
            }
        }
    }
    og_team_free(team);
    free(dist[0]);
    free(dist[1]);
    return st;
}
