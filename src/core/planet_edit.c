#include "config.h"
#include "core/planet_edit.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/adjacency.h"
#include "core/gen_planet.h"
#include "core/mesh.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/wfc.h"

static enum og_status edits_append(struct world *nw, const struct world *w, int32_t cell, int land,
                                   struct og_error *err);

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
    if ((st = edits_append(nw, w, cell, land, err)) != OG_OK) {
        world_unref(nw);
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

/* --- the edit list: recipes and undo --------------------------------------- */

/* Copy w's edit list into nw with one more edit at the end. */
static enum og_status
edits_append(struct world *nw, const struct world *w, int32_t cell, int land,
             struct og_error *err)
{
    size_t n = w->nedits + 1;
    nw->edit_cells = malloc(n * sizeof *nw->edit_cells);
    nw->edit_land = malloc(n);
    if (nw->edit_cells == NULL || nw->edit_land == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for %zu edits", n);
    }
    if (w->nedits > 0) {
        memcpy(nw->edit_cells, w->edit_cells, w->nedits * sizeof *nw->edit_cells);
        memcpy(nw->edit_land, w->edit_land, w->nedits);
    }
    nw->edit_cells[n - 1] = cell;
    nw->edit_land[n - 1] = (uint8_t)(land != 0);
    nw->nedits = n;
    return OG_OK;
}

size_t
planet_edit_count(const struct world *w)
{
    return w != NULL ? w->nedits : 0;
}

int
planet_edit_get(const struct world *w, size_t i, int32_t *cell, int *land)
{
    if (w == NULL || i >= w->nedits) {
        return -1;
    }
    *cell = w->edit_cells[i];
    *land = w->edit_land[i];
    return 0;
}

enum og_status
planet_edit_replay(const struct world *base, const int32_t *cells, const uint8_t *land, size_t n,
                   struct world **out, struct og_error *err)
{
    struct world *cur;
    size_t i;

    *out = NULL;
    if (base == NULL || base->gen != GEN_PLANET) {
        return og_error_set(err, OG_EINVAL, "land editing needs a planet world");
    }
    cur = world_ref((struct world *)base);
    for (i = 0; i < n; i++) {
        struct world *next = NULL;
        struct og_error e;
        enum og_status st = planet_edit_set_land(cur, cells[i], land[i], &next, &e);
        world_unref(cur);
        if (st != OG_OK) {
            return og_error_set(err, st, "planet edit %zu of %zu: %s", i + 1, n, e.msg);
        }
        cur = next;
    }
    *out = cur;
    return OG_OK;
}

enum og_status
planet_edit_undo(const struct world *base, const struct world *w, size_t keep,
                 struct world **out, struct og_error *err)
{
    if (w == NULL || keep > w->nedits) {
        return og_error_set(err, OG_EINVAL, "cannot keep %zu of %zu edits", keep,
                            w != NULL ? w->nedits : 0);
    }
    return planet_edit_replay(base, w->edit_cells, w->edit_land, keep, out, err);
}

enum og_status
planet_edits_to_text(const struct world *w, char **out, struct og_error *err)
{
    size_t i, len = 0, cap = 16 + (w != NULL ? w->nedits : 0) * 12;
    char *s = malloc(cap);

    *out = NULL;
    if (s == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory formatting edits");
    }
    s[0] = '\0';
    for (i = 0; w != NULL && i < w->nedits; i++) {
        len += (size_t)snprintf(s + len, cap - len, "%s%c%ld", i > 0 ? " " : "",
                                w->edit_land[i] ? '+' : '-', (long)w->edit_cells[i]);
    }
    *out = s;
    return OG_OK;
}

enum og_status
planet_edits_parse(const char *text, size_t ncells, int32_t **cells, uint8_t **land, size_t *n,
                   struct og_error *err)
{
    size_t cap = 0, k = 0;
    const char *p = text;
    int32_t *c = NULL;
    uint8_t *l = NULL;

    *cells = NULL;
    *land = NULL;
    *n = 0;
    for (;;) {
        char *end;
        long v;
        char sign;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (*p == '\0') {
            break;
        }
        sign = *p;
        if ((sign != '+' && sign != '-') || p[1] < '0' || p[1] > '9') {
            free(c);
            free(l);
            return og_error_set(err, OG_EFORMAT, "planet.edits: edit %zu '%.20s' is not +CELL "
                                "(land) or -CELL (sea)", k + 1, p);
        }
        errno = 0;
        v = strtol(p + 1, &end, 10);
        if (errno != 0 || (*end != ' ' && *end != '\t' && *end != '\0') || v > INT32_MAX ||
            (ncells > 0 && (size_t)v >= ncells)) {
            free(c);
            free(l);
            return og_error_set(err, OG_ERANGE, "planet.edits: edit %zu '%.20s': cell outside "
                                "[0, %zu)", k + 1, p, ncells);
        }
        if (k == cap) {
            int32_t *nc;
            uint8_t *nl;
            cap = cap ? cap * 2 : 64;
            nc = realloc(c, cap * sizeof *c);
            if (nc != NULL) {
                c = nc;
            }
            nl = realloc(l, cap);
            if (nl != NULL) {
                l = nl;
            }
            if (nc == NULL || nl == NULL) {
                free(c);
                free(l);
                return og_error_set(err, OG_ENOMEM, "out of memory for %zu edits", cap);
            }
        }
        c[k] = (int32_t)v;
        l[k] = (uint8_t)(sign == '+');
        k++;
        p = end;
    }
    *cells = c;
    *land = l;
    *n = k;
    return OG_OK;
}
