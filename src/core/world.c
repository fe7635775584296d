#include "config.h"
#include "core/world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/geom/mesh.h"
#include "core/planet/planet_names.h"

enum og_status
world_new(struct world **out, enum gen_id gen, enum world_kind kind, const struct params *params,
          struct og_error *err)
{
    struct world *w = calloc(1, sizeof *w);

    *out = NULL;
    if (w == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a world");
    }
    atomic_init(&w->refs, 1);
    w->gen = gen;
    w->kind = kind;
    w->params = *params;
    *out = w;
    return OG_OK;
}

struct world *
world_ref(struct world *w)
{
    atomic_fetch_add_explicit(&w->refs, 1, memory_order_relaxed);
    return w;
}

void
world_unref(struct world *w)
{
    if (w == NULL) {
        return;
    }
    if (atomic_fetch_sub_explicit(&w->refs, 1, memory_order_acq_rel) != 1) {
        return;
    }
    mesh_free(w->mesh);
    free(w->elevation);
    free(w->water);
    free(w->nodata);
    free(w->moisture);
    free(w->biome);
    free(w->color);
    free(w->roughness);
    free(w->wear);
    free(w->deposition);
    free(w->forest);
    free(w->trees);
    free(w->mask);
    free(w->landmass);
    free(w->plate);
    free(w->plate_boundary);
    free(w->plate_continental);
    free(w->temperature);
    free(w->precipitation);
    free(w->climate);
    planet_names_free(w->names);
    free(w->edit_cells);
    free(w->edit_land);
    free(w->edit_radius);
    free(w->hydro_elev);
    free(w->downhill);
    free(w->flow);
    free(w->river_width);
    free(w->lake);
    if (w->priv_free != NULL) {
        w->priv_free(w->priv);
    }
    free(w);
}

enum og_status
world_alloc(void **field, size_t count, size_t size, const char *what, struct og_error *err)
{
    free(*field);
    *field = NULL;
    return grid_calloc(field, count, size, what, err);
}

static struct world_stat *
stat_slot(struct world *w, const char *key)
{
    int i;
    for (i = 0; i < w->nstats; i++) {
        if (strcmp(w->stats[i].key, key) == 0) {
            return &w->stats[i];
        }
    }
    if (w->nstats >= WORLD_MAX_STATS) {
        return NULL;
    }
    struct world_stat *s = &w->stats[w->nstats++];
    memset(s, 0, sizeof *s);
    snprintf(s->key, sizeof s->key, "%s", key);
    return s;
}

void
world_stat_real(struct world *w, const char *key, double v)
{
    struct world_stat *s = stat_slot(w, key);
    if (s != NULL) {
        s->type = WSTAT_REAL;
        s->a = v;
    }
}

void
world_stat_int(struct world *w, const char *key, long long v)
{
    struct world_stat *s = stat_slot(w, key);
    if (s != NULL) {
        s->type = WSTAT_INT;
        s->a = (double)v;
    }
}

void
world_stat_point(struct world *w, const char *key, double x, double y)
{
    struct world_stat *s = stat_slot(w, key);
    if (s != NULL) {
        s->type = WSTAT_POINT;
        s->a = x;
        s->b = y;
    }
}

void
world_stat_text(struct world *w, const char *key, const char *text)
{
    struct world_stat *s = stat_slot(w, key);
    if (s != NULL) {
        s->type = WSTAT_TEXT;
        snprintf(s->text, sizeof s->text, "%s", text);
    }
}

const struct world_stat *
world_stat_find(const struct world *w, const char *key)
{
    int i;
    for (i = 0; i < w->nstats; i++) {
        if (strcmp(w->stats[i].key, key) == 0) {
            return &w->stats[i];
        }
    }
    return NULL;
}

const char *
world_gen_name(enum gen_id gen)
{
    switch (gen) {
    case GEN_ISLAND: return "island";
    case GEN_DEM: return "dem";
    case GEN_HYBRID: return "hybrid";
    case GEN_PLANET: return "planet";
    case GEN_COUNT: break;
    }
    return "?";
}

void
world_update_extent(struct world *w)
{
    size_t i;
    float lo = INFINITY, hi = -INFINITY;
    if (w->elevation == NULL || w->ncells == 0) {
        w->elev_min = w->elev_max = 0.0f;
        return;
    }
    for (i = 0; i < w->ncells; i++) {
        float e = w->elevation[i];
        lo = e < lo ? e : lo;
        hi = e > hi ? e : hi;
    }
    w->elev_min = lo;
    w->elev_max = hi;
}

int
world_metric(const struct world *w, double *mx, double *my, double *mz)
{
    *mx = *my = 0.0;
    *mz = w->elev_unit_m > 0.0 ? w->elev_unit_m : 0.0;
    if (w->kind == WORLD_GRID && w->cell_size > 0.0) {
        *mx = w->width * w->cell_size;
        *my = w->height * (w->cell_size_y > 0.0 ? w->cell_size_y : w->cell_size);
    } else if (w->kind == WORLD_MESH && w->extent_m > 0.0) {
        *mx = *my = w->extent_m;
    }
    return *mx > 0.0 && *my > 0.0 && *mz > 0.0;
}

void
world_copy_scale(struct world *dst, const struct world *src)
{
    dst->cell_size = src->cell_size;
    dst->cell_size_y = src->cell_size_y;
    dst->extent_m = src->extent_m;
    dst->elev_unit_m = src->elev_unit_m;
}
