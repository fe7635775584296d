#include "config.h"
#include "core/planet/gen_planet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/planet/continents.h"
#include "core/geom/mesh.h"
#include "core/base/noise.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/geom/poisson_disk.h"
#include "core/base/rng.h"
#include "core/geom/sphere_delaunay.h"
#include "core/planet/wfc.h"

/* Data handed between stages before the mesh exists. */
struct planet_priv {
    double *xyz;          /* 3 * n unit vectors */
    size_t n;
    int32_t *tri;         /* 3 * nt, outward counter-clockwise */
    int32_t *he;          /* 3 * nt twins (the mesh takes them over) */
    size_t nt;
    size_t flips;         /* Lawson flips, summed over triangulations */
    double radius;        /* Poisson-disk radius, radians */
    struct adjacency adj;
    uint8_t *land;        /* continents' result, 1 = land */
    float *uplift;        /* collision uplift 0..1 (continents_uplift) */
};

/* Half-width of a collision range, radians of arc (3 degrees). */
#define PLANET_RANGE_WIDTH (3.0 * M_PI / 180.0)

static void
planet_priv_free(void *p)
{
    struct planet_priv *pp = p;
    if (pp != NULL) {
        free(pp->xyz);
        free(pp->tri);
        free(pp->he);
        free(pp->land);
        free(pp->uplift);
        adjacency_fini(&pp->adj);
        free(pp);
    }
}

/* Stage "points": Poisson-disk sampling with geodesic spacing. */
static enum og_status
stage_points(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = calloc(1, sizeof *pp);
    double spacing = params_get(ctx->params, P_PLANET_SPACING);
    struct rng r;
    enum og_status st;

    if (pp == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the planet");
    }
    w->priv = pp;
    w->priv_free = planet_priv_free;
    if (spacing > 0.0) {
        pp->radius = spacing * M_PI / 180.0;
        if (POISSON_DISK_DENSITY / (pp->radius * pp->radius) > POISSON_DISK_MAX_POINTS
            || pp->radius < 1e-4) {
            return og_error_set(err, OG_ERANGE,
                                "param 'planet.spacing' = %g deg gives over %d points", spacing,
                                POISSON_DISK_MAX_POINTS);
        }
    } else {
        pp->radius = poisson_disk_radius_for_count((size_t)params_int(ctx->params,
                                                                      P_PLANET_POINTS));
    }
    rng_for_stage(&r, ctx->params->seed, "planet.points");
    st = poisson_disk_sphere(&pp->xyz, &pp->n, pp->radius, POISSON_DISK_CANDIDATES, &r, ctx,
                             err);
    if (st != OG_OK) {
        return st;
    }
    if (pp->n < 4) {
        return og_error_set(err, OG_ERANGE,
                            "param 'planet.spacing' = %g deg leaves %zu points, need 4", spacing,
                            pp->n);
    }
    return OG_OK;
}

static enum og_status
triangulate(struct planet_priv *pp, struct og_error *err)
{
    size_t flips = 0;
    enum og_status st;
    free(pp->tri);
    free(pp->he);
    pp->tri = NULL;
    pp->he = NULL;
    st = sphere_delaunay(pp->xyz, pp->n, &pp->tri, &pp->he, &pp->nt, &flips, err);
    pp->flips += flips;
    return st;
}

static void
normalise(double *q)
{
    double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
    q[0] /= l;
    q[1] /= l;
    q[2] /= l;
}

/* One relaxation step: every point moves to the normalised mean of the
 * circumcentres around it (the vertices of its spherical Voronoi cell). */
static enum og_status
relax(struct planet_priv *pp, struct og_error *err)
{
    double *acc = calloc(3 * pp->n, sizeof *acc);
    size_t t, i;
    int k;

    if (acc == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory relaxing %zu points", pp->n);
    }
    for (t = 0; t < pp->nt; t++) {
        const double *a = &pp->xyz[3 * (size_t)pp->tri[3 * t]];
        const double *b = &pp->xyz[3 * (size_t)pp->tri[3 * t + 1]];
        const double *c = &pp->xyz[3 * (size_t)pp->tri[3 * t + 2]];
        double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double v[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
        double cc[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                         u[0] * v[1] - u[1] * v[0] };
        normalise(cc);
        for (k = 0; k < 3; k++) {
            double *d = &acc[3 * (size_t)pp->tri[3 * t + k]];
            d[0] += cc[0];
            d[1] += cc[1];
            d[2] += cc[2];
        }
    }
    for (i = 0; i < pp->n; i++) {
        normalise(&acc[3 * i]);
    }
    free(pp->xyz);
    pp->xyz = acc;
    return triangulate(pp, err);
}

/* One subdivision step: add the midpoint of every edge, re-triangulate. */
static enum og_status
subdivide(struct planet_priv *pp, struct og_error *err)
{
    struct adjacency a;
    size_t ne, i, m;
    double *xyz;
    enum og_status st;

    if ((st = adjacency_from_halfedges(&a, pp->n, pp->tri, pp->he, pp->nt, err)) != OG_OK) {
        return st;
    }
    ne = adjacency_edges(&a);
    if (pp->n + ne > POISSON_DISK_MAX_POINTS) {
        adjacency_fini(&a);
        return og_error_set(err, OG_ERANGE,
                            "param 'planet.subdivide': %zu points would exceed %d", pp->n + ne,
                            POISSON_DISK_MAX_POINTS);
    }
    xyz = realloc(pp->xyz, 3 * (pp->n + ne) * sizeof *xyz);
    if (xyz == NULL) {
        adjacency_fini(&a);
        return og_error_set(err, OG_ENOMEM, "out of memory subdividing %zu points", pp->n);
    }
    pp->xyz = xyz;
    m = pp->n;
    for (i = 0; i < pp->n; i++) {
        int32_t j;
        for (j = a.start[i]; j < a.start[i + 1]; j++) {
            size_t u = (size_t)a.nbr[j];
            if (u > i) {
                double *q = &xyz[3 * m++];
                q[0] = xyz[3 * i] + xyz[3 * u];
                q[1] = xyz[3 * i + 1] + xyz[3 * u + 1];
                q[2] = xyz[3 * i + 2] + xyz[3 * u + 2];
                normalise(q);
            }
        }
    }
    adjacency_fini(&a);
    pp->n = m;
    return triangulate(pp, err);
}

/* Stage "triangulate": spherical Delaunay, relaxation, subdivision. */
static enum og_status
stage_triangulate(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = w->priv;
    int i, nrelax = params_int(ctx->params, P_PLANET_RELAX);
    int nsub = params_int(ctx->params, P_PLANET_SUBDIVIDE);
    enum og_status st;

    if ((st = triangulate(pp, err)) != OG_OK) {
        return st;
    }
    for (i = 0; i < nrelax; i++) {
        if ((st = pipeline_tick(ctx, (double)i / (nrelax + nsub + 1))) != OG_OK
            || (st = relax(pp, err)) != OG_OK) {
            return st == OG_ECANCELED ? og_error_set(err, st, "cancelled") : st;
        }
    }
    for (i = 0; i < nsub; i++) {
        if ((st = pipeline_tick(ctx, (double)(nrelax + i) / (nrelax + nsub + 1))) != OG_OK
            || (st = subdivide(pp, err)) != OG_OK) {
            return st == OG_ECANCELED ? og_error_set(err, st, "cancelled") : st;
        }
    }
    return adjacency_from_halfedges(&pp->adj, pp->n, pp->tri, pp->he, pp->nt, err);
}

/* Stage "continents": the five steps. */
static enum og_status
stage_continents(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = w->priv;
    struct continents c;
    struct continents_params cp;
    struct rng r;
    size_t i;
    enum og_status st;

    cp.cap_latitude = params_get(ctx->params, P_PLANET_CAP_LATITUDE);
    cp.ncontinents = params_int(ctx->params, P_PLANET_CONTINENTS);
    cp.land_target = params_get(ctx->params, P_PLANET_LAND_TARGET);
    cp.island_chance = params_get(ctx->params, P_PLANET_ISLAND_CHANCE);
    cp.caps_grow = params_int(ctx->params, P_PLANET_CAP_GROWTH);
    cp.noise_growth = params_int(ctx->params, P_PLANET_GROWTH) == 0;
    cp.coast_roughness = params_get(ctx->params, P_PLANET_COAST_ROUGHNESS);
    cp.cap_roughness = params_get(ctx->params, P_PLANET_CAP_ROUGHNESS);
    cp.island_area = params_int(ctx->params, P_PLANET_ISLANDS) == 0;
    cp.island_count = params_int(ctx->params, P_PLANET_ISLAND_COUNT);
    cp.island_min_area = params_get(ctx->params, P_PLANET_ISLAND_MIN_AREA) / 100.0;
    cp.island_max_area = params_get(ctx->params, P_PLANET_ISLAND_MAX_AREA) / 100.0;
    cp.island_tail = params_get(ctx->params, P_PLANET_ISLAND_TAIL);
    cp.noise_seed = ctx->params->seed;
    if ((st = continents_check(&cp, err)) != OG_OK) {
        return st;
    }
    if ((st = continents_init(&c, pp->n, err)) != OG_OK) {
        return st;
    }
    rng_for_stage(&r, ctx->params->seed, "planet.continents");
    continents_caps(&c, pp->xyz, &cp);
    if ((st = continents_grow(&c, &pp->adj, pp->xyz, pp->tri, pp->nt, &cp, &r, ctx, err))
        != OG_OK) {
        continents_fini(&c);
        return st;
    }
    continents_coast(&c, &pp->adj);
    if (continents_flip_wanted(&c, pp->xyz)) {
        continents_flip(pp->xyz, pp->n);
        c.flipped = 1;
    }
    /* islands from a stream of their own: the growth's draws (uniform
     * growth, the crowded-seed scan) do not move them */
    rng_for_stage(&r, ctx->params->seed, "planet.islands");
    if ((st = continents_islands(&c, &pp->adj, pp->xyz, &cp, &r, err)) != OG_OK) {
        continents_fini(&c);
        return st;
    }
    pp->land = malloc(pp->n);
    pp->uplift = malloc(pp->n * sizeof *pp->uplift);
    if (pp->land == NULL || pp->uplift == NULL) {
        continents_fini(&c);
        return og_error_set(err, OG_ENOMEM, "out of memory for the land mask");
    }
    /* collision ranges: about 3 degrees either side of where two
     * continents' fronts met */
    if ((st = continents_uplift(&c, &pp->adj, pp->xyz, PLANET_RANGE_WIDTH, cp.noise_seed,
                                pp->uplift, err)) != OG_OK) {
        continents_fini(&c);
        return st;
    }
    for (i = 0; i < pp->n; i++) {
        pp->land[i] = c.state[i] == CONT_LAND;
    }
    world_stat_int(w, "planet.cap_vertices", (long long)c.cap_vertices);
    world_stat_real(w, "planet.land_fraction_growth", (double)c.land_after_growth / (double)pp->n);
    world_stat_int(w, "planet.continent_seeds", (long long)c.seeds);
    world_stat_int(w, "planet.continent_reseeds", (long long)c.reseeds);
    world_stat_int(w, "planet.continent_merges", (long long)c.merges);
    world_stat_int(w, "planet.flipped", c.flipped);
    world_stat_int(w, "planet.island_vertices", (long long)c.islands);
    world_stat_int(w, "planet.island_seeds", (long long)c.island_seeds);
    continents_fini(&c);
    return OG_OK;
}

/* Points a batch of min_spacing's search. */
#define SPACING_BATCH 16384

/* The shortest edge of each batch of points: its squared chord and ends. */
struct spacing_best {
    double d;
    const double *p, *q;
};

struct spacing_job {
    const double *xyz;
    const struct adjacency *a;
    struct spacing_best *best;
};

/* The first shortest edge (in point, then neighbour order) from the
 * points [begin, end) to a neighbour above them: one batch. */
static enum og_status
spacing_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct spacing_job *jb = arg;
    const struct adjacency *a = jb->a;
    struct spacing_best b = { 5.0, NULL, NULL };
    size_t i;
    (void)err;
    for (i = begin; i < end; i++) {
        int32_t j;
        /* each edge once: the lists are ascending, so from the first
         * neighbour above i */
        for (j = a->start[i + 1]; j > a->start[i] && (size_t)a->nbr[j - 1] > i; j--) {
        }
        for (; j < a->start[i + 1]; j++) {
            const double *u = &jb->xyz[3 * i], *v = &jb->xyz[3 * (size_t)a->nbr[j]];
            double ex = u[0] - v[0], ey = u[1] - v[1], ez = u[2] - v[2];
            double d = ex * ex + ey * ey + ez * ez;
            if (d < b.d) {
                b.d = d;
                b.p = u;
                b.q = v;
            }
        }
    }
    jb->best[batch] = b;
    return OG_OK;
}

/* Arc length of the shortest Delaunay edge: the nearest pair of points is
 * always a Delaunay edge. The shortest chord is the shortest arc, so one
 * atan2, for that pair. The batches' first shortest edges, taken in batch
 * order with a strict compare, give the first of the whole search: the
 * same pair on every thread count. */
static double
min_spacing(const double *xyz, const struct adjacency *a, int threads)
{
    size_t nb = (a->n + SPACING_BATCH - 1) / SPACING_BATCH, k;
    struct spacing_best b = { 5.0, NULL, NULL };
    struct spacing_job jb;
    double cx, cy, cz;
    const double *p, *q;

    jb.xyz = xyz;
    jb.a = a;
    jb.best = malloc((nb > 0 ? nb : 1) * sizeof *jb.best);
    if (jb.best == NULL) {
        return M_PI; /* a figure of the stats only */
    }
    og_parallel_for(threads, a->n, SPACING_BATCH, spacing_batch, &jb, NULL, 0.0, 0.0, NULL);
    for (k = 0; k < nb; k++) {
        if (jb.best[k].d < b.d) {
            b = jb.best[k];
        }
    }
    free(jb.best);
    p = b.p;
    q = b.q;
    if (p == NULL) {
        return M_PI;
    }
    cx = p[1] * q[2] - p[2] * q[1];
    cy = p[2] * q[0] - p[0] * q[2];
    cz = p[0] * q[1] - p[1] * q[0];
    return det_atan2(sqrt(cx * cx + cy * cy + cz * cz), p[0] * q[0] + p[1] * q[1] + p[2] * q[2]);
}

/* Stage "mesh": the closed half-edge dual mesh and the land/sea field. */
static enum og_status
stage_mesh(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = w->priv;
    size_t i;
    enum og_status st;

    /* The mesh takes the points and triangles over (no copies), and gets
     * its circumcentres in stage_finish, once the stage data is gone: the
     * 2M-point planet's peak is the biome stage, which needs neither. */
    st = mesh_adopt_sphere(&w->mesh, pp->xyz, pp->n, pp->tri, pp->he, pp->nt, 0, err);
    if (st != OG_OK) {
        return st;
    }
    pp->xyz = NULL;
    pp->tri = NULL;
    pp->he = NULL;
    w->ncells = pp->n;
    if ((st = world_alloc((void **)&w->water, pp->n, 1, "water", err)) != OG_OK) {
        return st;
    }
    if ((st = world_alloc((void **)&w->roughness, pp->n, sizeof *w->roughness, "uplift", err))
        != OG_OK) {
        return st;
    }
    for (i = 0; i < pp->n; i++) {
        w->water[i] = pp->land[i] ? WATER_LAND : WATER_OCEAN;
        w->roughness[i] = pp->uplift[i];
    }
    free(pp->land);
    free(pp->uplift);
    pp->land = NULL;
    pp->uplift = NULL;
    world_stat_int(w, "planet.points", (long long)pp->n);
    world_stat_int(w, "planet.triangles", (long long)pp->nt);
    world_stat_real(w, "planet.spacing_deg", pp->radius * 180.0 / M_PI);
    world_stat_real(w, "planet.min_spacing_deg",
                    min_spacing(w->mesh->points, &pp->adj, ctx->threads) * 180.0 / M_PI);
    world_stat_int(w, "planet.delaunay_flips", (long long)pp->flips);
    return OG_OK;
}

/* Stage "elevation": landmass ids and elevation from the coast distance. */
static enum og_status
stage_elevation(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = w->priv;
    return gen_planet_derive(w, &pp->adj, ctx->threads, err);
}

/* Stage "biomes": wave-function collapse. */
static enum og_status
stage_biomes(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct planet_priv *pp = w->priv;
    struct wfc_stats ws;
    struct rng r;
    enum og_status st;

    rng_for_stage(&r, ctx->params->seed, "planet.biomes");
    st = gen_planet_biomes(w, &pp->adj, NULL, &r,
                           params_int(ctx->params, P_PLANET_WFC_BACKTRACKS),
                           params_get(ctx->params, P_PLANET_WFC_AFFINITY), &ws, ctx, err);
    if (st != OG_OK) {
        return st;
    }
    world_stat_int(w, "planet.wfc_backtracks", (long long)ws.backtracks);
    world_stat_int(w, "planet.wfc_search_restarts", (long long)ws.restarts);
    return OG_OK;
}

/* Stage "finish": drop the stage data the published world does not need. */
static enum og_status
stage_finish(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    planet_priv_free(w->priv);
    w->priv = NULL;
    w->priv_free = NULL;
    return mesh_sphere_centers(w->mesh, ctx->threads, err);
}

static const struct stage planet_stages[] = {
    { "points", stage_points },
    { "triangulate", stage_triangulate },
    { "continents", stage_continents },
    { "mesh", stage_mesh },
    { "elevation", stage_elevation },
    { "biomes", stage_biomes },
    { "finish", stage_finish },
};

const struct generator gen_planet = {
    "planet", GEN_PLANET, WORLD_SPHERE,
    (1u << PG_COMMON) | (1u << PG_PLANET),
    planet_stages, sizeof planet_stages / sizeof planet_stages[0],
    "whole planet: Poisson-disk sphere, continents by growth, biomes by wave-function collapse",
};
