/* Hop distances to water for the moisture stage (moisture_dist.h). */
#include "config.h"
#include "core/hydro/moisture_dist.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "core/world.h"

#define LIST_CHUNKS 4 /* fixed chunks of half-edges for the neighbour lists */

/* A growable list of frontier entries: cell << 1 | search (0 fresh, 1 ocean). */
struct entries {
    uint32_t *v;
    size_t n, cap;
};

/* The search state; on a mesh the neighbour lists (CSR) of the points. */
struct dist_job {
    const struct world *w;
    const struct mesh *m;       /* mesh worlds with lists, else NULL */
    struct hydro_graph g;       /* grid worlds, and meshes with a point past
                                   HYDRO_MAX_DEGREE neighbours */
    size_t n;
    int32_t *start, *nbr;       /* mesh: each point's neighbour list, CSR */
    int32_t *bsum;              /* mesh: per batch of points, its degrees' sum,
                                   then the sum before it */
    uint8_t *cnt[LIST_CHUNKS];  /* mesh: per chunk of half-edges, each point's
                                   neighbours in it (saturating), then where
                                   they go in the point's list */
    _Atomic uint8_t *river;     /* mesh: points on a triangle a river crosses */
    atomic_int too_many;        /* mesh: a point has more than HYDRO_MAX_DEGREE */
    _Atomic int32_t *dist[2];
    _Atomic uint8_t *seen[2];   /* reached by each search: a byte a cell, which
                                   stays in cache where the distances do not */
    struct entries *out;        /* one list per batch of the current region */
    size_t nout;
    const uint32_t *front;      /* the current level's frontier */
    int32_t level;
};

static inline enum og_status
entries_push(struct entries *e, uint32_t v, struct og_error *err)
{
    if (e->n == e->cap) {
        size_t cap = e->cap < 1024 ? 1024 : 2 * e->cap;
        uint32_t *p = realloc(e->v, cap * sizeof *p);
        if (p == NULL) {
            return og_error_set(err, OG_ENOMEM, "moisture: out of memory for a frontier");
        }
        e->v = p;
        e->cap = cap;
    }
    e->v[e->n++] = v;
    return OG_OK;
}

/* One list per batch for a region of nb batches. */
static enum og_status
job_lists(struct dist_job *J, size_t nb, struct og_error *err)
{
    size_t k;

    if (nb > J->nout) {
        struct entries *p = realloc(J->out, nb * sizeof *p);
        if (p == NULL) {
            return og_error_set(err, OG_ENOMEM, "moisture: out of memory for %zu lists", nb);
        }
        memset(p + J->nout, 0, (nb - J->nout) * sizeof *p);
        J->out = p;
        J->nout = nb;
    }
    for (k = 0; k < nb; k++) {
        J->out[k].n = 0;
    }
    return OG_OK;
}

/* Mesh neighbour lists (CSR) from two flat passes over the half-edges:
 * a point's neighbours are the ends of its edges (the far end too on the
 * hull). The half-edges are cut into LIST_CHUNKS fixed chunks, each
 * counting its points' neighbours into its own byte array; a point's list
 * holds chunk 0's neighbours first, then chunk 1's ..., each in edge
 * order. Breadth-first hop counts do not depend on the order of the
 * neighbours, so these give the distances over mesh_cell_neighbors. A
 * point with more than HYDRO_MAX_DEGREE neighbours (where the fan walk
 * truncates) sends the search to the hydrology graph instead. */
static inline void
chunk_edges(const struct dist_job *J, size_t c, size_t *e0, size_t *e1)
{
    size_t ne = 3 * J->m->ntriangles;
    *e0 = ne * c / LIST_CHUNKS;
    *e1 = ne * (c + 1) / LIST_CHUNKS;
}

static enum og_status
list_count(void *arg, size_t c, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    const struct mesh *m = J->m;
    uint8_t *cnt = J->cnt[c];
    size_t e, e0, e1;

    (void)begin;
    (void)end;
    (void)err;
    chunk_edges(J, c, &e0, &e1);
    for (e = e0; e < e1; e++) {
        int32_t a = m->triangles[e];
        cnt[a] = (uint8_t)(cnt[a] + (cnt[a] != UINT8_MAX));
        if (m->halfedges[e] < 0) {
            int32_t b = m->triangles[mesh_edge_next((int32_t)e)];
            cnt[b] = (uint8_t)(cnt[b] + (cnt[b] != UINT8_MAX));
        }
    }
    return OG_OK;
}

/* Per batch of points: the degree into start[i + 1] and each chunk's count
 * turned into that chunk's offset inside the point's list. */
static enum og_status
list_degree(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    size_t i, c;
    int32_t sum = 0;

    (void)err;
    for (i = begin; i < end; i++) {
        int d = 0;
        for (c = 0; c < LIST_CHUNKS; c++) {
            int k = J->cnt[c][i];
            J->cnt[c][i] = (uint8_t)(d < UINT8_MAX ? d : UINT8_MAX);
            d += k;
        }
        J->start[i + 1] = d;
        sum += d;
        if (d > HYDRO_MAX_DEGREE) {
            atomic_store(&J->too_many, 1);
        }
    }
    J->bsum[batch] = sum;
    return OG_OK;
}

/* Per batch of points: the degrees turned into offsets (the batch's own
 * prefix sum from the sum of the batches before it, J->bsum). */
static enum og_status
list_offsets(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    int32_t at = J->bsum[batch];
    size_t i;

    (void)err;
    for (i = begin; i < end; i++) {
        at += J->start[i + 1];
        J->start[i + 1] = at;
    }
    return OG_OK;
}

static enum og_status
list_fill(void *arg, size_t c, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    const struct mesh *m = J->m;
    uint8_t *at = J->cnt[c];
    size_t e, e0, e1;

    (void)begin;
    (void)end;
    (void)err;
    chunk_edges(J, c, &e0, &e1);
    for (e = e0; e < e1; e++) {
        int32_t a = m->triangles[e], b = m->triangles[mesh_edge_next((int32_t)e)];
        J->nbr[J->start[a] + at[a]++] = b;
        if (m->halfedges[e] < 0) {
            J->nbr[J->start[b] + at[b]++] = a;
        }
    }
    return OG_OK;
}

/* Mesh, per batch of triangles: the corners of those a river crosses. */
static enum og_status
river_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    const float *rw = J->w->river_width;
    const int32_t *t = J->m->triangles;
    size_t i;

    (void)b;
    (void)err;
    for (i = begin; i < end; i++) {
        if (rw[i] > 0.0f) {
            atomic_store_explicit(&J->river[t[3 * i]], 1, memory_order_relaxed);
            atomic_store_explicit(&J->river[t[3 * i + 1]], 1, memory_order_relaxed);
            atomic_store_explicit(&J->river[t[3 * i + 2]], 1, memory_order_relaxed);
        }
    }
    return OG_OK;
}

/* Per batch of cells: the sources of both searches (level 0, in cell
 * order): dist 0 and a frontier entry for each search a cell starts, -1
 * for the others. Fresh water: lakes, and the cells a river runs through
 * (on a grid the node is the cell; on a mesh a river runs along Voronoi
 * edges, through the corners of cells). */
static enum og_status
sources_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    const struct world *w = J->w;
    struct entries *o = &J->out[b];
    size_t i;

    for (i = begin; i < end; i++) {
        int fresh = w->water[i] == WATER_LAKE, ocean = w->water[i] == WATER_OCEAN;
        if (J->river != NULL) {
            fresh |= atomic_load_explicit(&J->river[i], memory_order_relaxed);
        } else if (w->kind == WORLD_GRID && w->river_width != NULL && i < w->nhydro) {
            fresh |= w->river_width[i] > 0.0f;
        }
        atomic_store_explicit(&J->dist[0][i], fresh ? 0 : -1, memory_order_relaxed);
        atomic_store_explicit(&J->dist[1][i], ocean ? 0 : -1, memory_order_relaxed);
        atomic_store_explicit(&J->seen[0][i], (uint8_t)fresh, memory_order_relaxed);
        atomic_store_explicit(&J->seen[1][i], (uint8_t)ocean, memory_order_relaxed);
        if ((fresh && entries_push(o, (uint32_t)i << 1, err) != OG_OK) ||
            (ocean && entries_push(o, (uint32_t)i << 1 | 1u, err) != OG_OK)) {
            return OG_ENOMEM;
        }
    }
    return OG_OK;
}

/* Per batch of the frontier: level + 1 into the unreached neighbours, and
 * their list. */
static enum og_status
level_batch(void *arg, size_t b, size_t begin, size_t end, struct og_error *err)
{
    struct dist_job *J = arg;
    struct entries *o = &J->out[b];
    int32_t next = J->level + 1, nb[HYDRO_MAX_DEGREE];
    size_t i;

    for (i = begin; i < end; i++) {
        uint32_t e = J->front[i], s = e & 1u;
        size_t c = e >> 1;
        _Atomic int32_t *d = J->dist[s];
        _Atomic uint8_t *seen = J->seen[s];
        const int32_t *v;
        int k, cnt;
        if (J->nbr != NULL) {
            v = J->nbr + J->start[c];
            cnt = (int)(J->start[c + 1] - J->start[c]);
        } else {
            cnt = hydro_neighbors(&J->g, c, nb);
            v = nb;
        }
        for (k = 0; k < cnt; k++) {
            if (!atomic_load_explicit(&seen[v[k]], memory_order_relaxed)) {
                atomic_store_explicit(&seen[v[k]], 1, memory_order_relaxed);
                atomic_store_explicit(&d[v[k]], next, memory_order_relaxed);
                if (entries_push(o, (uint32_t)v[k] << 1 | s, err) != OG_OK) {
                    return OG_ENOMEM;
                }
            }
        }
    }
    return OG_OK;
}

/* Run fn over [0, n) in batches of grain on the team; a single batch runs
 * on the calling thread without waking the team (the same result). */
static enum og_status
run(struct og_team *team, struct dist_job *J, size_t n, size_t grain, og_batch_fn *fn,
    struct og_error *err)
{
    size_t nb = (n + grain - 1) / grain;
    enum og_status st = job_lists(J, nb, err);

    if (st != OG_OK || n == 0) {
        return st;
    }
    if (nb == 1) {
        return fn(J, 0, 0, n, err);
    }
    return og_team_for_spans(team, n, grain, fn, J, err);
}

/* The batches' lists joined in batch order into *front (capacity *cap). */
static enum og_status
join_lists(struct dist_job *J, size_t nb, uint32_t **front, size_t *cap, size_t *len,
           struct og_error *err)
{
    size_t k, total = 0;

    for (k = 0; k < nb; k++) {
        total += J->out[k].n;
    }
    if (total > *cap) {
        uint32_t *p = realloc(*front, total * sizeof *p);
        if (p == NULL) {
            return og_error_set(err, OG_ENOMEM, "moisture: out of memory for a frontier");
        }
        *front = p;
        *cap = total;
    }
    total = 0;
    for (k = 0; k < nb; k++) {
        if (J->out[k].n > 0) {
            memcpy(*front + total, J->out[k].v, J->out[k].n * sizeof **front);
        }
        total += J->out[k].n;
    }
    *len = total;
    return OG_OK;
}

/* Mesh: the river corners and the neighbour lists (J->m and J->nbr stay
 * NULL, for the hydrology graph, when a point has too many neighbours). */
static enum og_status
mesh_prepare(struct dist_job *J, struct og_team *team, struct og_error *err)
{
    const struct world *w = J->w;
    size_t i, c, nb = (J->n + MOISTURE_POINT_GRAIN - 1) / MOISTURE_POINT_GRAIN;
    enum og_status st = OG_OK;

    J->m = w->mesh;
    atomic_init(&J->too_many, 0);
    if (w->river_width != NULL) {
        size_t nt = w->nhydro < J->m->ntriangles ? w->nhydro : J->m->ntriangles;
        st = grid_calloc((void **)&J->river, J->n, sizeof *J->river, "river cells", err);
        if (st == OG_OK) {
            st = run(team, J, nt, MOISTURE_POINT_GRAIN, river_batch, err);
        }
    }
    st = st == OG_OK ? grid_malloc((void **)&J->start, J->n + 1, sizeof *J->start,
                                   "neighbour offsets", err) : st;
    st = st == OG_OK ? grid_calloc((void **)&J->bsum, nb, sizeof *J->bsum, "degree sums", err)
                     : st;
    if (st == OG_OK) {
        J->start[0] = 0; /* list_degree writes the rest */
    }
    for (c = 0; c < LIST_CHUNKS && st == OG_OK; c++) {
        st = grid_calloc((void **)&J->cnt[c], J->n, 1, "neighbour counts", err);
    }
    if (st == OG_OK) {
        st = og_team_for_spans(team, LIST_CHUNKS, 1, list_count, J, err);
    }
    if (st == OG_OK) {
        st = run(team, J, J->n, MOISTURE_POINT_GRAIN, list_degree, err);
    }
    if (st == OG_OK && !atomic_load(&J->too_many)) {
        int32_t at = 0;
        for (i = 0; i < nb; i++) {
            int32_t k = J->bsum[i];
            J->bsum[i] = at;
            at += k;
        }
        st = run(team, J, J->n, MOISTURE_POINT_GRAIN, list_offsets, err);
    }
    if (st == OG_OK && !atomic_load(&J->too_many)) {
        st = grid_malloc((void **)&J->nbr, (size_t)J->start[J->n] + 1, sizeof *J->nbr,
                         "neighbour lists", err);
        if (st == OG_OK) {
            st = og_team_for_spans(team, LIST_CHUNKS, 1, list_fill, J, err);
        }
    }
    for (c = 0; c < LIST_CHUNKS; c++) {
        free(J->cnt[c]);
        J->cnt[c] = NULL;
    }
    if (st == OG_OK && atomic_load(&J->too_many)) {
        free(J->nbr);
        J->nbr = NULL;
        J->m = NULL;
        hydro_graph_mesh(&J->g, w->mesh, HYDRO_MESH_POINTS);
    }
    return st;
}

enum og_status
moisture_distances(const struct world *w, struct og_team *team, struct run_ctx *ctx, double f0,
                   double f1, _Atomic int32_t *dist[2], struct og_error *err)
{
    struct dist_job J;
    uint32_t *front = NULL, *spare = NULL;
    size_t cap = 0, spare_cap = 0, len = 0, reached = 0, nb, k;
    enum og_status st = OG_OK;

    memset(&J, 0, sizeof J);
    if (w->ncells > (size_t)INT32_MAX) {
        return og_error_set(err, OG_ERANGE, "moisture: %zu cells, more than 2^31 - 1",
                            w->ncells);
    }
    J.w = w;
    J.n = w->ncells;
    J.dist[0] = dist[0];
    J.dist[1] = dist[1];
    if (w->kind == WORLD_MESH) {
        st = mesh_prepare(&J, team, err);
    } else {
        st = hydro_graph_grid(&J.g, w->width, w->height, 8, err);
    }
    nb = (J.n + MOISTURE_POINT_GRAIN - 1) / MOISTURE_POINT_GRAIN;
    if (st == OG_OK) {
        st = grid_malloc((void **)&J.seen[0], 2 * J.n, 1, "reached cells", err);
        J.seen[1] = J.seen[0] + J.n;
    }
    if (st == OG_OK) {
        st = run(team, &J, J.n, MOISTURE_POINT_GRAIN, sources_batch, err);
    }
    if (st == OG_OK) {
        st = join_lists(&J, nb, &front, &cap, &len, err);
    }
    /* level by level; front's entries all lie at J.level */
    while (st == OG_OK && len > 0) {
        size_t nbl = (len + MOISTURE_LEVEL_GRAIN - 1) / MOISTURE_LEVEL_GRAIN;
        reached += len;
        if (ctx != NULL && pipeline_tick(ctx, f0 + (f1 - f0) * (double)reached /
                                                   (2.0 * (double)J.n + 1.0)) != OG_OK) {
            st = og_error_set(err, OG_ECANCELED, "cancelled");
            break;
        }
        J.front = front;
        st = run(team, &J, len, MOISTURE_LEVEL_GRAIN, level_batch, err);
        if (st == OG_OK) {
            /* the new frontier into the spare, which becomes the frontier */
            uint32_t *t = front;
            size_t tc = cap;
            st = join_lists(&J, nbl, &spare, &spare_cap, &len, err);
            front = spare;
            cap = spare_cap;
            spare = t;
            spare_cap = tc;
        }
        J.level++;
    }
    for (k = 0; k < J.nout; k++) {
        free(J.out[k].v);
    }
    free(J.out);
    free(front);
    free(spare);
    free(J.start);
    free(J.bsum);
    free(J.nbr);
    free(J.river);
    free(J.seen[0]);
    return st;
}
