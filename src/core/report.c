#include "config.h"
#include "core/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/geom/mesh.h"
#include "core/recipe/params.h"

static struct report_row *
row(struct world_report *r, const char *key, const char *label, double asked, double got,
    int integer)
{
    struct report_row *x = &r->row[r->n < REPORT_MAX_ROWS ? r->n++ : REPORT_MAX_ROWS - 1];
    x->key = key;
    x->label = label;
    x->asked = asked;
    x->got = got;
    x->integer = integer;
    x->ok = 1;
    return x;
}

static const struct world_stat *
stat_of(const struct world *w, const char *key)
{
    return world_stat_find(w, key);
}

/* Connected land cells (not ocean; lakes count as land) and how many hold
 * more than 0.1 % and 1 % of the cells: Voronoi neighbours on a mesh, 4
 * neighbours on a grid. */
static int
landmasses(const struct world *w, size_t *count, size_t *over01, size_t *over1)
{
    size_t n = w->ncells, i;
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    uint8_t *seen = calloc(n > 0 ? n : 1, 1);

    *count = *over01 = *over1 = 0;
    if (queue == NULL || seen == NULL) {
        free(queue);
        free(seen);
        return -1;
    }
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        if (seen[i] || w->water[i] == WATER_OCEAN) {
            continue;
        }
        seen[i] = 1;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t v = queue[head++], nb[64];
            int k, cnt;
            if (w->mesh != NULL) {
                cnt = mesh_cell_neighbors(w->mesh, v, nb, 64);
                cnt = cnt > 64 ? 64 : cnt;
            } else {
                int x = v % w->width, y = v / w->width;
                cnt = 0;
                if (x > 0) nb[cnt++] = v - 1;
                if (x + 1 < w->width) nb[cnt++] = v + 1;
                if (y > 0) nb[cnt++] = v - w->width;
                if (y + 1 < w->height) nb[cnt++] = v + w->width;
            }
            for (k = 0; k < cnt; k++) {
                int32_t u = nb[k];
                if (u >= 0 && (size_t)u < n && !seen[u] && w->water[u] != WATER_OCEAN) {
                    seen[u] = 1;
                    queue[tail++] = u;
                }
            }
        }
        (*count)++;
        *over01 += tail * 1000 > n;
        *over1 += tail * 100 > n;
    }
    free(queue);
    free(seen);
    return 0;
}

/* Share of river nodes whose downhill chain ends at an outlet (-1); a
 * chain that loops or leaves the node range does not. -1 without rivers. */
static double
rivers_to_outlet(const struct world *w, size_t *rivers)
{
    size_t n = w->nhydro, i, good = 0;
    uint8_t *state;
    int32_t *path;

    *rivers = 0;
    if (w->downhill == NULL || w->river_width == NULL || n == 0) {
        return -1.0;
    }
    state = calloc(n, 1);   /* 0 unknown, 1 reaches an outlet, 2 does not, 3 on the path */
    path = malloc(n * sizeof *path);
    if (state == NULL || path == NULL) {
        free(state);
        free(path);
        return -2.0;
    }
    for (i = 0; i < n; i++) {
        size_t len = 0, k;
        int32_t v = (int32_t)i;
        uint8_t result;
        if (w->river_width[i] <= 0.0f) {
            continue;
        }
        (*rivers)++;
        while (v >= 0 && (size_t)v < n && state[v] == 0) {
            state[v] = 3;
            path[len++] = v;
            v = w->downhill[v];
        }
        if (v == -1) {
            result = 1;
        } else if (v < -1 || (size_t)v >= n) {
            result = 2;
        } else {
            result = state[v] == 3 ? 2 : state[v];
        }
        for (k = 0; k < len; k++) {
            state[path[k]] = result;
        }
        good += result == 1;
    }
    free(state);
    free(path);
    return *rivers > 0 ? (double)good / (double)*rivers : -1.0;
}

enum og_status
world_report_build(const struct world *w, struct world_report *r, struct og_error *err)
{
    size_t n = w->ncells, i, land = 0, lakes = 0, count, over01, over1, nriv = 0;
    const struct world_stat *s;
    double share;
    struct report_row *x;

    memset(r, 0, sizeof *r);
    if (w->water == NULL || n == 0) {
        return OG_OK;
    }
    for (i = 0; i < n; i++) {
        land += w->water[i] != WATER_OCEAN;
        lakes += w->water[i] == WATER_LAKE;
    }
    x = row(r, "land_fraction", "land fraction",
            w->gen == GEN_PLANET ? params_get(&w->params, P_PLANET_LAND_TARGET) : NAN,
            (double)land / (double)n, 0);
    x->ok = isnan(x->asked) || fabs(x->got - x->asked) <= 0.05;
    if (w->gen == GEN_HYBRID && (s = stat_of(w, "hybrid.coverage")) != NULL) {
        x = row(r, "coverage", "mountain coverage", params_get(&w->params, P_HYBRID_COVERAGE),
                s->a, 0);
        x->ok = fabs(x->got - x->asked) <= 0.005;
    }
    if (landmasses(w, &count, &over01, &over1) != 0) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the world report");
    }
    row(r, "landmasses", "landmasses", NAN, (double)count, 1);
    row(r, "landmasses_over_0_1pct", "  > 0.1 % of world", NAN, (double)over01, 1);
    row(r, "landmasses_over_1pct", "  > 1 % of world",
        w->gen == GEN_PLANET ? params_get(&w->params, P_PLANET_CONTINENTS) : NAN, (double)over1,
        1);
    share = rivers_to_outlet(w, &nriv);
    if (share < -1.5) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the world report");
    }
    if (share >= 0.0) {
        row(r, "river_nodes", "river nodes", NAN, (double)nriv, 1);
        x = row(r, "rivers_to_outlet", "rivers to outlet", 1.0, share, 0);
        x->ok = share >= 1.0;
    }
    if (lakes == 0 && w->lake != NULL) {
        for (i = 0; i < w->nhydro; i++) {
            lakes += w->lake[i] == LAKE_WATER;
        }
        share = w->nhydro > 0 ? (double)lakes / (double)w->nhydro : 0.0;
    } else {
        share = (double)lakes / (double)n;
    }
    row(r, "lake_share", "lake share", NAN, share, 0);
    return OG_OK;
}
