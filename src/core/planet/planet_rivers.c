#include "config.h"
#include "core/planet/planet_rivers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/hydro/hydro.h"
#include "core/planet/koppen.h"
#include "core/recipe/params.h"
#include "core/world.h"

#define EARTH_M 6371000.0
#define YEAR_S 31557600.0
/* the shallowest depression that holds a lake, model units (10 m) */
#define LAKE_MIN_DEPTH 0.01f
/* the smallest depression that holds a lake, km^2 (about one cell at 10k
 * points: finer meshes resolve ever smaller hollows of the relief) */
#define LAKE_MIN_AREA 40000.0

struct rv {
    const struct world *w;
    size_t n;
    struct hydro_graph g;
    float *elev, *filled, *rain, *flow, *pet;
    uint32_t *rank;
    uint8_t *outlet;
    int32_t *down, *dep, *queue;
};

/* Potential evapotranspiration of cell i, mm a year. */
static double
pet_of(const struct world *w, size_t i)
{
    double t = w->temperature != NULL ? w->temperature[i] : 15.0, p = 300.0 + 50.0 * t;
    return p < 150.0 ? 150.0 : p;
}

double
planet_cell_runoff(const struct world *w, size_t i)
{
    double area = 4.0 * M_PI * EARTH_M * EARTH_M / (double)w->ncells, p, e, r;
    if (w->water[i] == WATER_OCEAN) {
        return 0.0;
    }
    p = w->precipitation != NULL ? w->precipitation[i]
                                 : 1500.0 * (w->moisture != NULL ? w->moisture[i] : 0.5);
    e = pet_of(w, i);
    r = p - e * (1.0 - det_exp(-p / e));
    r = r > 0.0 ? r : 0.0;
    return r * 1e-3 * area / YEAR_S;
}

static enum og_status
flood_route(struct rv *v, struct og_error *err)
{
    enum og_status st;
    if ((st = hydro_priority_flood(&v->g, v->elev, v->outlet, HYDRO_FLOOD_FAST, v->filled,
                                   v->rank, NULL, err)) != OG_OK
        || (st = hydro_route(&v->g, v->filled, v->rank, v->outlet, v->down, NULL, err)) != OG_OK) {
        return st;
    }
    return hydro_accumulate(v->n, v->down, v->rain, v->flow, NULL, err);
}

/* Depressions deeper than LAKE_MIN_DEPTH: connected inundated cells (one
 * fill level each), numbered from 0 into dep (-1 elsewhere); returns the
 * count. sink[k]: the lowest cell (ties: smaller id). */
static size_t
depressions(struct rv *v, int32_t *sink, size_t max)
{
    size_t i, nd = 0;
    int32_t nb[HYDRO_MAX_DEGREE];
    for (i = 0; i < v->n; i++) {
        v->dep[i] = v->filled[i] > v->elev[i] && !v->outlet[i] ? -2 : -1;
    }
    for (i = 0; i < v->n && nd < max; i++) {
        size_t head = 0, tail = 0;
        int32_t low = (int32_t)i;
        if (v->dep[i] != -2) {
            continue;
        }
        v->dep[i] = (int32_t)nd;
        v->queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = v->queue[head++];
            int k, m = hydro_neighbors(&v->g, (size_t)c, nb);
            if (v->elev[c] < v->elev[low] || (v->elev[c] == v->elev[low] && c < low)) {
                low = c;
            }
            for (k = 0; k < m; k++) {
                if (v->dep[nb[k]] == -2) {
                    v->dep[nb[k]] = (int32_t)nd;
                    v->queue[tail++] = nb[k];
                }
            }
        }
        if (v->filled[low] - v->elev[low] < LAKE_MIN_DEPTH
            || (double)tail * 4.0 * M_PI * 6371.0 * 6371.0 / (double)v->n < LAKE_MIN_AREA
            || (v->w->climate != NULL && v->w->climate[low] == KG_EF)) {
            /* too shallow for a lake: the water passes */
            for (head = 0; head < tail; head++) {
                v->dep[v->queue[head]] = -1;
            }
            continue;
        }
        sink[nd++] = low;
    }
    return nd;
}

struct lake_cell {
    int32_t dep, cell;
    float elev;
};

/* by depression, then lowest first (ties: smaller cell) */
static int
by_dep_elev(const void *a, const void *b)
{
    const struct lake_cell *x = a, *y = b;
    if (x->dep != y->dep) {
        return x->dep < y->dep ? -1 : 1;
    }
    if (x->elev != y->elev) {
        return x->elev < y->elev ? -1 : 1;
    }
    return x->cell < y->cell ? -1 : x->cell > y->cell;
}

/* Lakes and closed basins (point 3 of planet_rivers.h); counts into
 * *nlakes, *nclosed. */
static enum og_status
lakes(struct world *w, struct rv *v, size_t *nlakes, size_t *nclosed, struct og_error *err)
{
    size_t n = v->n, i, nd, nc = 0, k;
    double area = 4.0 * M_PI * EARTH_M * EARTH_M / (double)n;
    int32_t *sink = malloc((n > 0 ? n : 1) * sizeof *sink);
    struct lake_cell *cells = NULL;
    double *qin = NULL, *evap = NULL;
    uint8_t *closed = NULL;
    enum og_status st = OG_OK;

    if (sink == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the lakes");
    }
    nd = depressions(v, sink, n);
    qin = calloc(nd > 0 ? nd : 1, sizeof *qin);
    evap = calloc(nd > 0 ? nd : 1, sizeof *evap);
    closed = calloc(nd > 0 ? nd : 1, 1);
    cells = malloc((n > 0 ? n : 1) * sizeof *cells);
    if (qin == NULL || evap == NULL || closed == NULL || cells == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for the lakes");
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (v->dep[i] >= 0) {
            int32_t d = v->dep[i];
            qin[d] = v->flow[i] > qin[d] ? v->flow[i] : qin[d];
            evap[d] += pet_of(w, i) * 1e-3 * area / YEAR_S;
        }
    }
    for (k = 0; k < nd; k++) {
        if (qin[k] < evap[k]) {
            closed[k] = 1;
            v->outlet[sink[k]] = 1;
            nc++;
        }
    }
    /* the inundated cells by depression, lowest first */
    for (i = 0, k = 0; i < n; i++) {
        if (v->dep[i] >= 0) {
            cells[k].dep = v->dep[i];
            cells[k].cell = (int32_t)i;
            cells[k++].elev = v->elev[i];
        }
    }
    qsort(cells, k, sizeof *cells, by_dep_elev);
    {
        size_t j = 0;
        while (j < k) {
            int32_t d = cells[j].dep;
            double e = 0.0;
            for (; j < k && cells[j].dep == d; j++) {
                int32_t c = cells[j].cell;
                /* an open lake fills its depression; a closed one the
                 * lowest cells whose evaporation takes the inflow */
                if (closed[d] && e >= qin[d]) {
                    continue;
                }
                e += pet_of(w, (size_t)c) * 1e-3 * area / YEAR_S;
                w->water[c] = WATER_LAKE;
            }
        }
    }
    if (nc > 0 && (st = flood_route(v, err)) != OG_OK) {
        goto done;
    }
    *nlakes = nd;
    *nclosed = nc;
done:
    free(sink);
    free(qin);
    free(evap);
    free(closed);
    free(cells);
    return st;
}

/* Rivers, widths and the stats. */
static enum og_status
rivers(struct world *w, struct rv *v, size_t nlakes, size_t nclosed, struct og_error *err)
{
    size_t n = v->n, i, mouths = 0, major = 0, nland = 0, nlake = 0;
    enum og_status st;
    double area_km2 = 4.0 * M_PI * 6371.0 * 6371.0 / (double)n;

    if ((st = world_alloc((void **)&w->river_width, n, sizeof *w->river_width, "rivers", err))
            != OG_OK
        || (st = world_alloc((void **)&w->lake, n, 1, "lakes", err)) != OG_OK) {
        return st;
    }
    /* the drainage area of every cell, km^2 (into rain, no longer needed) */
    for (i = 0; i < n; i++) {
        v->rain[i] = (float)area_km2;
    }
    if ((st = hydro_accumulate(n, v->down, v->rain, v->elev, NULL, err)) != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        nland += w->water[i] != WATER_OCEAN;
        if (w->water[i] == WATER_LAKE) {
            w->lake[i] = LAKE_WATER;
            nlake++;
        } else if (w->water[i] == WATER_LAND && v->flow[i] >= PLANET_RIVER_MIN
                   && v->elev[i] >= PLANET_RIVER_AREA) {
            int32_t d = v->down[i];
            w->river_width[i] = (float)(2.7 * sqrt(v->flow[i]));
            (void)d;
        }
    }
    /* river systems: the outlets (a sea cell, a terminal lake) that river
     * mouths drain to; a river through an open lake is one system.
     * v->outlet marks the outlets counted */
    memset(v->outlet, 0, n);
    for (i = 0; i < n; i++) {
        int32_t c = (int32_t)i, d = v->down[i];
        if (w->river_width[i] <= 0.0f || (d >= 0 && w->water[d] == WATER_LAND)) {
            continue;
        }
        while (v->down[c] >= 0) {
            c = v->down[c];
        }
        mouths += !(v->outlet[c] & 1);
        major += v->elev[i] >= PLANET_MAJOR_AREA && !(v->outlet[c] & 2);
        v->outlet[c] |= (uint8_t)(1 | (v->elev[i] >= PLANET_MAJOR_AREA ? 2 : 0));
    }
    w->nhydro = n;
    w->hydro_elev = v->filled;
    w->downhill = v->down;
    w->flow = v->flow;
    v->filled = NULL;
    v->down = NULL;
    v->flow = NULL;
    world_stat_int(w, "planet.rivers", (long long)mouths);
    world_stat_int(w, "planet.major_rivers", (long long)major);
    world_stat_real(w, "planet.rivers_per_1000km2",
                    nland > 0 ? (double)mouths / (nland * area_km2 / 1000.0) : 0.0);
    world_stat_real(w, "planet.major_rivers_per_1000km2",
                    nland > 0 ? (double)major / (nland * area_km2 / 1000.0) : 0.0);
    world_stat_int(w, "planet.lakes", (long long)nlakes);
    world_stat_int(w, "planet.endorheic_basins", (long long)nclosed);
    world_stat_int(w, "planet.lake_cells", (long long)nlake);
    return OG_OK;
}

/* Cells a batch of the runoff pass. */
#define RUNOFF_BATCH 8192

/* The runoff (into v->rain) and the land's heights and outlets of the
 * cells of [begin, end): one batch of og_parallel_for. */
static enum og_status
runoff_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct rv *v = arg;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        v->elev[i] = v->w->elevation[i];
        v->outlet[i] = v->w->water[i] == WATER_OCEAN;
        v->rain[i] = (float)planet_cell_runoff(v->w, i);
    }
    return OG_OK;
}

enum og_status
planet_rivers(struct world *w, int threads, struct og_error *err)
{
    struct rv v;
    size_t n = w->ncells, nlakes = 0, nclosed = 0;
    enum og_status st;

    memset(&v, 0, sizeof v);
    v.w = w;
    v.n = n;
    hydro_graph_mesh(&v.g, w->mesh, HYDRO_MESH_POINTS);
    /* the neighbours walked once, in parallel: the flood, routing, lakes
     * and rivers ask for them several times a cell, on one thread */
    if ((st = hydro_graph_table(&v.g, threads, err)) != OG_OK) {
        return st;
    }
    v.elev = malloc((n > 0 ? n : 1) * sizeof *v.elev);
    v.filled = malloc((n > 0 ? n : 1) * sizeof *v.filled);
    v.rain = malloc((n > 0 ? n : 1) * sizeof *v.rain);
    v.flow = malloc((n > 0 ? n : 1) * sizeof *v.flow);
    v.rank = malloc((n > 0 ? n : 1) * sizeof *v.rank);
    v.outlet = malloc(n > 0 ? n : 1);
    v.down = malloc((n > 0 ? n : 1) * sizeof *v.down);
    v.dep = malloc((n > 0 ? n : 1) * sizeof *v.dep);
    v.queue = malloc((n > 0 ? n : 1) * sizeof *v.queue);
    if (v.elev == NULL || v.filled == NULL || v.rain == NULL || v.flow == NULL
        || v.rank == NULL || v.outlet == NULL || v.down == NULL || v.dep == NULL
        || v.queue == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for the rivers");
        goto done;
    }
    if ((st = og_parallel_for(threads, n, RUNOFF_BATCH, runoff_batch, &v, NULL, 0.0, 0.0, err))
            != OG_OK
        || (st = flood_route(&v, err)) != OG_OK || (st = lakes(w, &v, &nlakes, &nclosed, err))
        != OG_OK) {
        goto done;
    }
    st = rivers(w, &v, nlakes, nclosed, err);
done:
    hydro_graph_table_free(&v.g);
    free(v.elev);
    free(v.filled);
    free(v.rain);
    free(v.flow);
    free(v.rank);
    free(v.outlet);
    free(v.down);
    free(v.dep);
    free(v.queue);
    return st;
}
