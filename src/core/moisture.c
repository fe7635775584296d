#include "config.h"
#include "core/moisture.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/detmath.h"
#include "core/grid.h"
#include "core/hydro.h"
#include "core/mesh.h"
#include "core/parallel.h"
#include "core/pipeline.h"
#include "core/rng.h"
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
    const int32_t *dfresh, *docean;
    double falloff, ow;
};

/* Land cells are gathered MOISTURE_CHUNK at a time for the batched noise. */
#define MOISTURE_CHUNK 256

static enum og_status
moisture_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct moisture_job *J = arg;
    const struct world *w = J->w;
    double u[MOISTURE_CHUNK], v[MOISTURE_CHUNK], base[MOISTURE_CHUNK];
    size_t cell[MOISTURE_CHUNK];
    size_t i = begin, m, k;

    (void)batch;
    (void)err;
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
            w->moisture[c] = (float)moisture_combine(base[k], J->dfresh[c], J->docean[c],
                                                     J->falloff, J->ow);
        }
    }
    return OG_OK;
}

/* Neighbour lists (CSR) of the mesh points: the two ends of every edge.
 * Hop counts of a breadth-first search do not depend on the order of the
 * neighbours, so these give the distances of hydro_graph_distance over
 * mesh_cell_neighbors, from two flat passes over the triangles instead of a
 * fan walk per visit. *nbr stays NULL (use the hydro graph) when a point has
 * more than HYDRO_MAX_DEGREE neighbours, where the fan walk truncates.
 *
 * In parallel: the half-edges are cut into up to LIST_CHUNKS chunks, each
 * counting its points' neighbours into its own array; a point's list holds
 * chunk 0's neighbours first, then chunk 1's ..., each in edge order, which
 * is the edge order of the serial build whatever the number of chunks. So
 * the lists are the same bytes for every thread count. */
#define LIST_CHUNKS 4
#define LIST_GRAIN 65536 /* points per batch of the per-point passes */

struct list_job {
    const struct mesh *m;
    size_t n, ne, nchunks;
    int32_t *cnt[LIST_CHUNKS]; /* per chunk: count, then the offset in the list */
    int32_t *start, *nbr;
    atomic_int too_many;
};

static enum og_status
list_count(void *arg, size_t c, size_t begin, size_t end, struct og_error *err)
{
    struct list_job *J = arg;
    const struct mesh *m = J->m;
    int32_t *cnt = J->cnt[c];
    size_t e, e0 = J->ne * c / J->nchunks, e1 = J->ne * (c + 1) / J->nchunks;

    (void)begin;
    (void)end;
    (void)err;
    for (e = e0; e < e1; e++) {
        cnt[m->triangles[e]]++;
        if (m->halfedges[e] < 0) {
            cnt[m->triangles[mesh_edge_next((int32_t)e)]]++;
        }
    }
    return OG_OK;
}

/* Per point: its degree into start[i + 1], and each chunk's count turned
 * into that chunk's offset inside the point's list. */
static enum og_status
list_degree(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct list_job *J = arg;
    size_t i, c;

    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        int32_t d = 0;
        for (c = 0; c < J->nchunks; c++) {
            int32_t k = J->cnt[c][i];
            J->cnt[c][i] = d;
            d += k;
        }
        J->start[i + 1] = d;
        if (d > HYDRO_MAX_DEGREE) {
            atomic_store(&J->too_many, 1);
        }
    }
    return OG_OK;
}

static enum og_status
list_fill(void *arg, size_t c, size_t begin, size_t end, struct og_error *err)
{
    struct list_job *J = arg;
    const struct mesh *m = J->m;
    int32_t *at = J->cnt[c];
    size_t e, e0 = J->ne * c / J->nchunks, e1 = J->ne * (c + 1) / J->nchunks;

    (void)begin;
    (void)end;
    (void)err;
    for (e = e0; e < e1; e++) {
        int32_t a = m->triangles[e], b = m->triangles[mesh_edge_next((int32_t)e)];
        J->nbr[J->start[a] + at[a]++] = b;
        if (m->halfedges[e] < 0) {
            J->nbr[J->start[b] + at[b]++] = a;
        }
    }
    return OG_OK;
}

static enum og_status
mesh_point_lists(const struct mesh *m, int threads, int32_t **start_out, int32_t **nbr_out,
                 struct og_error *err)
{
    struct list_job J;
    size_t i, c;
    enum og_status st;

    *start_out = NULL;
    *nbr_out = NULL;
    memset(&J, 0, sizeof J);
    J.m = m;
    J.n = m->npoints;
    J.ne = 3 * m->ntriangles;
    J.nchunks = (size_t)og_parallel_workers(threads, LIST_CHUNKS, 1);
    atomic_init(&J.too_many, 0);
    st = grid_calloc((void **)&J.start, J.n + 1, sizeof *J.start, "neighbour offsets", err);
    for (c = 0; c < J.nchunks && st == OG_OK; c++) {
        st = grid_calloc((void **)&J.cnt[c], J.n, sizeof *J.cnt[c], "neighbour counts", err);
    }
    if (st == OG_OK) {
        st = og_parallel_for(threads, J.nchunks, 1, list_count, &J, NULL, 0.0, 0.0, err);
    }
    if (st == OG_OK) {
        st = og_parallel_for(threads, J.n, LIST_GRAIN, list_degree, &J, NULL, 0.0, 0.0, err);
    }
    if (st == OG_OK && !atomic_load(&J.too_many)) {
        for (i = 0; i < J.n; i++) {
            J.start[i + 1] += J.start[i];
        }
        st = grid_calloc((void **)&J.nbr, (size_t)J.start[J.n] + 1, sizeof *J.nbr,
                         "neighbour lists", err);
        if (st == OG_OK) {
            st = og_parallel_for(threads, J.nchunks, 1, list_fill, &J, NULL, 0.0, 0.0, err);
        }
    }
    for (c = 0; c < J.nchunks; c++) {
        free(J.cnt[c]);
    }
    if (st != OG_OK || atomic_load(&J.too_many)) {
        free(J.start);
        free(J.nbr);
        return st;
    }
    *start_out = J.start;
    *nbr_out = J.nbr;
    return OG_OK;
}

/* Multi-source breadth-first hop counts over CSR lists (-1: unreached). */
static enum og_status
list_distance(size_t n, const int32_t *start, const int32_t *nbr, const uint8_t *source,
              int32_t *dist, struct og_error *err)
{
    int32_t *queue = NULL;
    size_t head = 0, tail = 0, i;
    enum og_status st = grid_calloc((void **)&queue, n, sizeof *queue, "distance queue", err);

    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        dist[i] = source[i] != 0 ? 0 : -1;
        if (source[i] != 0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t c = queue[head++], k;
        for (k = start[c]; k < start[c + 1]; k++) {
            int32_t v = nbr[k];
            if (dist[v] < 0) {
                dist[v] = dist[c] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
    return OG_OK;
}

/* The water masks of a batch of cells: ocean, and lakes as fresh water. */
struct mask_job {
    const uint8_t *water;
    uint8_t *fresh, *ocean;
};

static enum og_status
mask_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct mask_job *J = arg;
    size_t i;

    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        J->ocean[i] = J->water[i] == WATER_OCEAN;
        J->fresh[i] = J->water[i] == WATER_LAKE;
    }
    return OG_OK;
}

/* Graph distances from fresh water (batch 0) and from the ocean (batch 1). */
struct dist_job {
    const struct hydro_graph *g;
    size_t n;
    const int32_t *start, *nbr; /* mesh point lists, or NULL: the hydro graph */
    const uint8_t *source[2];
    int32_t *dist[2];
};

static enum og_status
dist_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct dist_job *J = arg;
    (void)begin;
    (void)end;
    if (J->nbr != NULL) {
        return list_distance(J->n, J->start, J->nbr, J->source[batch], J->dist[batch], err);
    }
    return hydro_graph_distance(J->g, J->source[batch], J->dist[batch], err);
}

enum og_status
moisture_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    struct moisture_noise mn;
    struct hydro_graph g;
    uint8_t *fresh = NULL, *ocean = NULL;
    int32_t *dfresh = NULL, *docean = NULL;
    double falloff = params_get(p, P_HYDRO_MOISTURE_FALLOFF);
    double ow = params_get(p, P_HYDRO_OCEAN_MOISTURE);
    size_t i, n = w->ncells;
    enum og_status st;

    if (w->water == NULL || n == 0) {
        return og_error_set(err, OG_EINVAL, "moisture: the world has no water mask");
    }
    if (w->kind == WORLD_GRID) {
        st = hydro_graph_grid(&g, w->width, w->height, 8, err);
        if (st != OG_OK) {
            return st;
        }
    } else if (w->kind == WORLD_MESH && w->mesh != NULL) {
        hydro_graph_mesh(&g, w->mesh, HYDRO_MESH_POINTS);
    } else {
        return og_error_set(err, OG_EUNSUPPORTED, "moisture: only island and dem worlds");
    }
    st = world_alloc((void **)&w->moisture, n, sizeof(float), "moisture", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&fresh, n, 1, "fresh water mask", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&ocean, n, 1, "ocean mask", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&dfresh, n, sizeof *dfresh, "fresh water distance", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&docean, n, sizeof *docean, "ocean distance", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    {
        struct mask_job mj = { w->water, fresh, ocean };
        st = og_parallel_for(ctx != NULL ? ctx->threads : 1, n, 65536, mask_batch, &mj, NULL, 0.0,
                             0.0, err);
        if (st != OG_OK) {
            goto done;
        }
    }
    /* Cells a river runs through: on a grid the node is the cell; on a mesh
     * a river runs along Voronoi edges, through the corners of cells. */
    if (w->river_width != NULL) {
        if (w->kind == WORLD_GRID) {
            for (i = 0; i < n && i < w->nhydro; i++) {
                fresh[i] |= w->river_width[i] > 0.0f;
            }
        } else {
            for (i = 0; i < w->nhydro; i++) {
                if (w->river_width[i] > 0.0f) {
                    fresh[w->mesh->triangles[3 * i]] = 1;
                    fresh[w->mesh->triangles[3 * i + 1]] = 1;
                    fresh[w->mesh->triangles[3 * i + 2]] = 1;
                }
            }
        }
    }
    {
        /* the two distance fields are independent: one batch each */
        struct dist_job dj = { &g, n, NULL, NULL, { fresh, ocean }, { dfresh, docean } };
        int32_t *lstart = NULL, *lnbr = NULL;
        if (w->kind == WORLD_MESH) {
            st = mesh_point_lists(w->mesh, ctx != NULL ? ctx->threads : 1, &lstart, &lnbr, err);
            dj.start = lstart;
            dj.nbr = lnbr;
        }
        if (st == OG_OK) {
            st = og_parallel_for(ctx != NULL ? ctx->threads : 1, 2, 1, dist_batch, &dj, ctx, 0.0,
                                 0.7, err);
        }
        free(lstart);
        free(lnbr);
    }
    if (st != OG_OK) {
        goto done;
    }
    moisture_noise_init(&mn, p);
    {
        struct moisture_job job = { w, &mn, dfresh, docean, falloff, ow };
        st = og_parallel_for(ctx != NULL ? ctx->threads : 1, n, 8192, moisture_batch, &job, ctx,
                             0.7, 1.0, err);
    }
done:
    free(fresh);
    free(ocean);
    free(dfresh);
    free(docean);
    return st;
}
