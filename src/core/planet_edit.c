#include "config.h"
#include "core/planet_edit.h"

#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/gen_planet.h"
#include "core/mesh.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/wfc.h"

/* keep[v] = 0 for vertices within `hops` of cell, 1 elsewhere. */
static void
ring(const struct adjacency *adj, int32_t cell, int hops, uint8_t *keep, int32_t *queue,
     int32_t *dist)
{
    size_t head = 0, tail = 0, i;
    for (i = 0; i < adj->n; i++) {
        keep[i] = 1;
        dist[i] = -1;
    }
    dist[cell] = 0;
    keep[cell] = 0;
    queue[tail++] = cell;
    while (head < tail) {
        int32_t v = queue[head++], j;
        if (dist[v] >= hops) {
            continue;
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (dist[u] < 0) {
                dist[u] = dist[v] + 1;
                keep[u] = 0;
                queue[tail++] = u;
            }
        }
    }
}

enum og_status
planet_edit_set_land(const struct world *w, int32_t cell, int land, struct world **out,
                     struct og_error *err)
{
    struct world *nw = NULL;
    struct adjacency adj;
    uint8_t *keep = NULL;
    int32_t *queue = NULL, *dist = NULL;
    const struct world_stat *es;
    long long edits;
    size_t n;
    int hops;
    enum og_status st;

    *out = NULL;
    memset(&adj, 0, sizeof adj);
    if (w == NULL || w->gen != GEN_PLANET || w->kind != WORLD_SPHERE || w->mesh == NULL
        || w->water == NULL) {
        return og_error_set(err, OG_EINVAL, "land editing needs a planet world");
    }
    n = w->ncells;
    if (cell < 0 || (size_t)cell >= n) {
        return og_error_set(err, OG_EINVAL, "cell %ld outside [0, %zu)", (long)cell, n);
    }
    if ((w->water[cell] == WATER_LAND) == (land != 0)) {
        *out = world_ref((struct world *)w);
        return OG_OK;
    }
    if ((st = world_new(&nw, GEN_PLANET, WORLD_SPHERE, &w->params, err)) != OG_OK) {
        return st;
    }
    memcpy(nw->stats, w->stats, sizeof w->stats);
    nw->nstats = w->nstats;
    memcpy(nw->times, w->times, sizeof w->times);
    nw->nstages = w->nstages;
    st = mesh_build_sphere(&nw->mesh, w->mesh->points, w->mesh->npoints, w->mesh->triangles,
                           w->mesh->ntriangles, err);
    if (st != OG_OK) {
        goto fail;
    }
    nw->ncells = n;
    if ((st = world_alloc((void **)&nw->water, n, 1, "water", err)) != OG_OK
        || (st = world_alloc((void **)&nw->biome, n, 1, "biome", err)) != OG_OK) {
        goto fail;
    }
    memcpy(nw->water, w->water, n);
    /* the collision uplift (continents_uplift) stays: ranges survive edits */
    if (w->roughness != NULL) {
        if ((st = world_alloc((void **)&nw->roughness, n, sizeof *nw->roughness, "uplift", err))
            != OG_OK) {
            goto fail;
        }
        memcpy(nw->roughness, w->roughness, n * sizeof *nw->roughness);
    }
    nw->water[cell] = land ? WATER_LAND : WATER_OCEAN;
    if (w->biome != NULL) {
        memcpy(nw->biome, w->biome, n);
    }
    st = adjacency_from_triangles(&adj, n, w->mesh->triangles, w->mesh->ntriangles, err);
    if (st != OG_OK) {
        goto fail;
    }
    if ((st = gen_planet_derive(nw, &adj, err)) != OG_OK) {
        goto fail;
    }
    keep = malloc(n);
    queue = malloc(n * sizeof *queue);
    dist = malloc(n * sizeof *dist);
    if (keep == NULL || queue == NULL || dist == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory editing %zu cells", n);
        goto fail;
    }
    es = world_stat_find(w, "planet.edits");
    edits = es != NULL ? (long long)es->a : 0;
    /* re-solve a small neighbourhood first; widen it if the kept biomes
     * around leave no solution; finally re-solve everything */
    for (hops = 2; ; hops *= 2) {
        struct rng r;
        struct wfc_stats ws;
        int whole = hops > 32;
        rng_seed(&r, w->params.seed ^ rng_hash_str("planet.edit"),
                 ((uint64_t)(uint32_t)cell << 20) ^ (uint64_t)edits ^ (uint64_t)hops << 52);
        if (!whole) {
            ring(&adj, cell, hops, keep, queue, dist);
        }
        st = gen_planet_biomes(nw, &adj, whole ? NULL : keep, &r,
                               params_int(&w->params, P_PLANET_WFC_BACKTRACKS),
                               params_get(&w->params, P_PLANET_WFC_AFFINITY), &ws, NULL, err);
        if (st == OG_OK || whole || st == OG_ENOMEM) {
            break;
        }
    }
    if (st != OG_OK) {
        goto fail;
    }
    world_stat_int(nw, "planet.edits", edits + 1);
    free(keep);
    free(queue);
    free(dist);
    adjacency_fini(&adj);
    *out = nw;
    return OG_OK;

fail:
    free(keep);
    free(queue);
    free(dist);
    adjacency_fini(&adj);
    world_unref(nw);
    return st;
}

int32_t
planet_landmass_at(const struct world *w, int32_t cell, size_t *cells, double *share)
{
    int32_t id = -1;
    size_t k = 0;
    if (cells != NULL) {
        *cells = 0;
    }
    if (share != NULL) {
        *share = 0.0;
    }
    if (w == NULL || w->landmass == NULL || cell < 0 || (size_t)cell >= w->ncells) {
        return -1;
    }
    id = w->landmass[cell];
    if (id < 0) {
        return -1;
    }
    k = planet_landmass_mark(w, id, NULL);
    if (cells != NULL) {
        *cells = k;
    }
    if (share != NULL) {
        *share = (double)k / (double)w->ncells;
    }
    return id;
}

size_t
planet_landmass_mark(const struct world *w, int32_t id, uint8_t *mark)
{
    size_t i, k = 0;
    for (i = 0; i < w->ncells; i++) {
        int in = w->landmass != NULL && id >= 0 && w->landmass[i] == id;
        if (mark != NULL) {
            mark[i] = (uint8_t)in;
        }
        k += (size_t)in;
    }
    return k;
}
