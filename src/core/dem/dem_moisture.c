#include "config.h"
#include "core/biome/dem_climate.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/base/grid.h"
#include "core/hydro/moisture.h"
#include "core/recipe/params.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "core/world.h"

double
dem_climate_depression_storage(const struct world *w)
{
    double sum = 0.0;
    size_t i, land = 0;
    if (w->hydro_elev == NULL || w->nhydro != w->ncells) {
        return 0.0;
    }
    for (i = 0; i < w->ncells; i++) {
        double d;
        if (w->water[i] == WATER_OCEAN) {
            continue;
        }
        land++;
        d = (double)w->hydro_elev[i] - (double)w->elevation[i];
        sum += d > 0.0 ? d : 0.0;
    }
    return land > 0 ? sum / (double)land : 0.0;
}

double
dem_climate_aridity(double storage_m)
{
    double t = (storage_m - DEM_STORAGE_HUMID_M) / (DEM_STORAGE_ARID_M - DEM_STORAGE_HUMID_M);
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return t * t * (3.0 - 2.0 * t);
}

double
dem_climate_world_aridity(const struct world *w, const char **from)
{
    double set = params_get(&w->params, P_DEM_ARIDITY);
    if (isfinite(set)) {
        if (from != NULL) {
            *from = "parameter";
        }
        return set;
    }
    if (from != NULL) {
        *from = "depression storage";
    }
    return dem_climate_aridity(w->depression_storage_m);
}

double
dem_climate_dry_moisture(double above_floor_m)
{
    double t = above_floor_m / DEM_DRY_RISE_M;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return DEM_DRY_FLOOR + (DEM_DRY_TOP - DEM_DRY_FLOOR) * t;
}

double
dem_climate_band(double hops, double cell_m, double reach_m)
{
    double a, b;
    if (!(reach_m > 0.0) || !(cell_m > 0.0)) {
        return 0.0;
    }
    if (hops <= 0.0) {
        /* the water's own cell: the mean of exp(-|x| / reach) over the
           cell's width, the water along its middle */
        double r = 2.0 * reach_m / cell_m;
        return r * (1.0 - det_exp(-1.0 / r));
    }
    a = det_exp(-(hops - 0.5) * cell_m / reach_m);
    b = det_exp(-(hops + 0.5) * cell_m / reach_m);
    return reach_m / cell_m * (a - b);
}

double
dem_climate_cell_metres(const struct world *w, const char **from)
{
    double m;
    if (w->cell_size > 0.0) {
        *from = "georeference";
        return w->cell_size;
    }
    if (dem_climate_tile_cell_size(w->source, w->width, &m)) {
        *from = "tile name";
        return m;
    }
    *from = "default";
    return DEM_DEFAULT_CELL_M;
}

/* Hop counts, -1 where unreached: 2 bytes a cell (0xffff unreached) when
 * the grid's longest side is below 0xffff (the most hops an 8-connected
 * front takes is that side less one), else 4 (issue 27). */
struct hops {
    uint16_t *d16;
    int32_t *d32;
};

static inline int32_t
hops_get(const struct hops *h, size_t i)
{
    return h->d16 != NULL ? (h->d16[i] == 0xffffu ? -1 : (int32_t)h->d16[i]) : h->d32[i];
}

static inline void
hops_set(struct hops *h, size_t i, int32_t v)
{
    if (h->d16 != NULL) {
        h->d16[i] = (uint16_t)v;
    } else {
        h->d32[i] = v;
    }
}

struct bfs_job {
    int width, height;
    const uint8_t *water; /* NULL: no sea on the tile */
    float *fresh_reach;   /* in: source reach (m), 0 elsewhere; out: the nearest source's */
    struct hops dist[2];  /* fresh, ocean */
};

struct bfs_ring {
    int32_t *q;
    size_t cap, head, len;
};

static int
ring_push(struct bfs_ring *r, int32_t c)
{
    if (r->len == r->cap) {
        size_t nc = r->cap * 2, k;
        int32_t *q = malloc(nc * sizeof *q);
        if (q == NULL) {
            return -1;
        }
        for (k = 0; k < r->len; k++) {
            size_t at = r->head + k;
            q[k] = r->q[at < r->cap ? at : at - r->cap];
        }
        free(r->q);
        r->q = q;
        r->cap = nc;
        r->head = 0;
    }
    {
        size_t at = r->head + r->len++;
        r->q[at < r->cap ? at : at - r->cap] = c;
    }
    return 0;
}

static int32_t
ring_pop(struct bfs_ring *r)
{
    int32_t c = r->q[r->head];
    r->head = r->head + 1 == r->cap ? 0 : r->head + 1;
    r->len--;
    return c;
}

/* Multi-source breadth-first hops over the 8-connected grid from the cells
 * with reach[i] > 0 (fresh water) or, with reach NULL, from the ocean
 * (water[i] == WATER_OCEAN); each reached cell gets the hops and the reach
 * of the source whose front got there first (queue order: sources in cell
 * order, then neighbours W E N S NW NE SW SE). Unreached: dist -1. The
 * queue is a ring that grows as its front does (a front is far smaller
 * than the grid), not a cell's worth of int32 per cell (issue 27). */
static enum og_status
grid_bfs(int width, int height, const uint8_t *water, float *reach, struct hops *dist,
         struct og_error *err)
{
    static const int dx[8] = { -1, 1, 0, 0, -1, 1, -1, 1 }, dy[8] = { 0, 0, -1, 1, -1, -1, 1, 1 };
    size_t n = (size_t)width * (size_t)height, i;
    struct bfs_ring r = { NULL, 4 * ((size_t)width + (size_t)height), 0, 0 };

    r.q = malloc(r.cap * sizeof *r.q);
    if (r.q == NULL) {
        goto nomem;
    }
    for (i = 0; i < n; i++) {
        int s = reach != NULL ? reach[i] > 0.0f : water[i] == WATER_OCEAN;
        hops_set(dist, i, s ? 0 : -1);
        if (s && ring_push(&r, (int32_t)i) != 0) {
            goto nomem;
        }
    }
    while (r.len > 0) {
        int32_t c = ring_pop(&r);
        int x = c % width, y = c / width, k;
        for (k = 0; k < 8; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            size_t q;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                continue;
            }
            q = (size_t)ny * (size_t)width + (size_t)nx;
            if (hops_get(dist, q) < 0) {
                hops_set(dist, q, hops_get(dist, (size_t)c) + 1);
                if (reach != NULL) {
                    reach[q] = reach[c];
                }
                if (ring_push(&r, (int32_t)q) != 0) {
                    goto nomem;
                }
            }
        }
    }
    free(r.q);
    return OG_OK;
nomem:
    free(r.q);
    return og_error_set(err, OG_ENOMEM, "dem moisture: out of memory for the water distances");
}

static enum og_status
bfs_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct bfs_job *J = arg;
    (void)begin;
    (void)end;
    if (batch == 0) {
        return grid_bfs(J->width, J->height, NULL, J->fresh_reach, &J->dist[0], err);
    }
    if (J->water != NULL) {
        return grid_bfs(J->width, J->height, J->water, NULL, &J->dist[1], err);
    }
    return OG_OK;
}

/* The per-cell moisture of a batch of rows. */
struct combine_job {
    struct world *w;
    const struct moisture_noise *mn;
    const float *reach;             /* w->moisture until a cell gets its moisture */
    const struct hops *dfresh, *docean; /* docean NULL: no sea on the tile */
    double cell_m, marine_m, ocean_weight, aridity, floor_m;
};

static enum og_status
combine_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct combine_job *J = arg;
    struct world *w = J->w;
    int width = w->width, x;
    double s = w->width > w->height ? w->width : w->height;
    double *u = NULL, *v = NULL, *base = NULL;
    size_t y;
    enum og_status st;

    (void)batch;
    st = grid_calloc((void **)&u, 3 * (size_t)width, sizeof *u, "moisture row", err);
    if (st != OG_OK) {
        return st;
    }
    v = u + width;
    base = v + width;
    for (y = begin; y < end; y++) {
        size_t row = y * (size_t)width;
        for (x = 0; x < width; x++) {
            u[x] = ((double)x + 0.5) / s;
            v[x] = ((double)y + 0.5) / s;
        }
        moisture_noise_batch(J->mn, u, v, 1, (size_t)width, base);
        for (x = 0; x < width; x++) {
            size_t i = row + (size_t)x;
            double m = base[x], fresh = 0.0, marine = 0.0, boost;
            if (w->water[i] != WATER_LAND) {
                w->moisture[i] = 1.0f;
                continue;
            }
            if (hops_get(J->dfresh, i) >= 0) {
                fresh = dem_climate_band((double)hops_get(J->dfresh, i), J->cell_m,
                                         (double)J->reach[i]);
            }
            if (J->docean != NULL && hops_get(J->docean, i) >= 0) {
                marine = J->ocean_weight *
                         det_exp(-(double)hops_get(J->docean, i) * J->cell_m / J->marine_m);
            }
            {
                /* the climate's level: the forest column when humid, the
                   dry moisture (rising with height above the basin floors)
                   when arid; the noise gives the texture around it */
                double level = (1.0 - J->aridity) * DEM_HUMID_LEVEL;
                if (J->aridity > 0.0) {
                    level += J->aridity *
                             dem_climate_dry_moisture((double)w->elevation[i] - J->floor_m);
                }
                m = level + DEM_NOISE_SWING * (m - 0.5) * (1.0 - 0.6 * J->aridity);
                m = m < 0.0 ? 0.0 : m > 1.0 ? 1.0 : m;
                marine *= 1.0 - J->aridity;
            }
            boost = fresh > marine ? fresh : marine;
            w->moisture[i] = (float)(m + (1.0 - m) * boost);
        }
    }
    free(u);
    return OG_OK;
}

/* The height below which DEM_FLOOR_SHARE of the land lies (1 m bins). */
static double
floor_height(const struct world *w)
{
    double lo = INFINITY, hi = -INFINITY, want;
    size_t i, land = 0, nb, acc = 0, *hist;
    for (i = 0; i < w->ncells; i++) {
        if (w->water[i] == WATER_LAND) {
            double h = w->elevation[i];
            lo = h < lo ? h : lo;
            hi = h > hi ? h : hi;
            land++;
        }
    }
    if (land == 0) {
        return 0.0;
    }
    nb = (size_t)(hi - lo) + 1;
    nb = nb > 20000 ? 20000 : nb;
    hist = calloc(nb, sizeof *hist);
    if (hist == NULL) {
        return lo;
    }
    for (i = 0; i < w->ncells; i++) {
        if (w->water[i] == WATER_LAND) {
            size_t b = (size_t)(((double)w->elevation[i] - lo) / (hi - lo + 1.0) * (double)nb);
            hist[b < nb ? b : nb - 1]++;
        }
    }
    want = DEM_FLOOR_SHARE * (double)land;
    for (i = 0; i < nb; i++) {
        acc += hist[i];
        if ((double)acc >= want) {
            break;
        }
    }
    free(hist);
    return lo + (hi - lo + 1.0) * (double)(i + 1) / (double)nb;
}

enum og_status
dem_moisture_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    size_t i, n = w->ncells, nocean = 0;
    float *reach = NULL;
    void *buf = NULL;
    struct hops d[2] = { { NULL, NULL }, { NULL, NULL } };
    int narrow = (w->width > w->height ? w->width : w->height) < 0xffff;
    struct moisture_noise mn;
    const char *scale_from, *aridity_from;
    double cell_m = dem_climate_cell_metres(w, &scale_from);
    double rip = params_get(p, P_DEM_RIPARIAN_WIDTH);
    double storage, aridity;
    enum og_status st;

    if (w->kind != WORLD_GRID || w->water == NULL || n == 0) {
        return og_error_set(err, OG_EINVAL, "dem moisture: needs a grid world with a water mask");
    }
    /* the riparian reach lives in the moisture field until each cell's
       moisture replaces it (combine_batch reads a cell's reach before it
       writes the cell) */
    st = world_alloc((void **)&w->moisture, n, sizeof(float), "moisture", err);
    if (st == OG_OK) {
        st = grid_calloc(&buf, 2 * n, narrow ? sizeof(uint16_t) : sizeof(int32_t),
                         "water distances", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    reach = w->moisture;
    if (narrow) {
        d[0].d16 = buf;
        d[1].d16 = d[0].d16 + n;
    } else {
        d[0].d32 = buf;
        d[1].d32 = d[0].d32 + n;
    }
    /* Fresh water: lake and river cells, each reaching rip * sqrt(its
       drainage area in km^2) metres (a river's width grows as the square
       root of its discharge, Leopold & Maddock 1953); flow is the
       accumulated rain, about one per cell of drainage. */
    for (i = 0; i < n; i++) {
        int wet = w->water[i] == WATER_LAKE ||
                  (w->river_width != NULL && i < w->nhydro && w->river_width[i] > 0.0f);
        nocean += w->water[i] == WATER_OCEAN;
        if (wet) {
            double area = w->flow != NULL && i < w->nhydro ? (double)w->flow[i] : 1.0;
            area = area > 1.0 ? area : 1.0;
            reach[i] = (float)(rip * sqrt(area * cell_m * cell_m * 1e-6));
        }
    }
    {
        struct bfs_job bj = { w->width, w->height, nocean > 0 ? w->water : NULL, reach,
                              { d[0], d[1] } };
        st = og_parallel_for(ctx != NULL ? ctx->threads : 1, 2, 1, bfs_batch, &bj, ctx, 0.0, 0.6,
                             err);
    }
    if (st != OG_OK) {
        goto done;
    }
    storage = w->depression_storage_m; /* the plain fill's, kept by the hydrology */
    aridity = dem_climate_world_aridity(w, &aridity_from);
    world_stat_real(w, "dem.depression_storage_m", storage);
    world_stat_real(w, "dem.aridity", aridity);
    world_stat_text(w, "dem.aridity_from", aridity_from);
    world_stat_real(w, "dem.cell_m", cell_m);
    world_stat_text(w, "dem.cell_m_from", scale_from);
    moisture_noise_init(&mn, p);
    {
        struct combine_job cj = { w, &mn, reach, &d[0], nocean > 0 ? &d[1] : NULL, cell_m,
                                  1000.0 * params_get(p, P_DEM_MARINE_REACH),
                                  params_get(p, P_HYDRO_OCEAN_MOISTURE), aridity, 0.0 };
        if (aridity > 0.0) {
            cj.floor_m = floor_height(w);
        }
        st = og_parallel_for(ctx != NULL ? ctx->threads : 1, (size_t)w->height, 32,
                             combine_batch, &cj, ctx, 0.6, 1.0, err);
    }
done:
    free(buf);
    return st;
}
