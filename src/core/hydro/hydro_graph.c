#include "config.h"
#include "core/hydro/hydro.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"
#include "core/hydro/hydro_nbrs.h"
#include "core/geom/mesh.h"

static const int dx8[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int dy8[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
static const int dx4[4] = { 0, -1, 1, 0 };
static const int dy4[4] = { -1, 0, 0, 1 };

enum og_status
hydro_graph_grid(struct hydro_graph *g, int width, int height, int connectivity,
                 struct og_error *err)
{
    size_t n;
    enum og_status st;

    memset(g, 0, sizeof *g);
    if (connectivity != 8 && connectivity != 4) {
        return og_error_set(err, OG_ERANGE, "grid connectivity %d is neither 4 nor 8",
                            connectivity);
    }
    st = grid_cells(&n, width, height, (size_t)INT32_MAX, "hydrology grid", err);
    if (st != OG_OK) {
        return st;
    }
    g->kind = connectivity == 8 ? HYDRO_GRID8 : HYDRO_GRID4;
    g->n = n;
    g->width = width;
    g->height = height;
    return OG_OK;
}

void
hydro_graph_mesh(struct hydro_graph *g, const struct mesh *m, enum hydro_graph_kind kind)
{
    memset(g, 0, sizeof *g);
    assert(kind == HYDRO_MESH_TRIANGLES || kind == HYDRO_MESH_POINTS);
    g->kind = kind;
    g->mesh = m;
    g->n = kind == HYDRO_MESH_TRIANGLES ? m->ntriangles : m->npoints;
}

/* Points a batch of the neighbour table's passes. */
#define TABLE_BATCH 16384

/* Pass 1 writes each point's neighbour count into tab_start[i + 1], pass
 * 2 (after the prefix sum) its neighbours: each batch its own points. */
static enum og_status
table_count(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct hydro_graph *g = arg;
    int32_t none[1];
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        int c = mesh_cell_neighbors(g->mesh, (int32_t)i, none, 0);
        g->tab_start[i + 1] = c < HYDRO_MAX_DEGREE ? c : HYDRO_MAX_DEGREE;
    }
    return OG_OK;
}

static enum og_status
table_fill(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct hydro_graph *g = arg;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        mesh_cell_neighbors(g->mesh, (int32_t)i, g->tab_nbr + g->tab_start[i],
                            (int)(g->tab_start[i + 1] - g->tab_start[i]));
    }
    return OG_OK;
}

enum og_status
hydro_graph_table(struct hydro_graph *g, int threads, struct og_error *err)
{
    size_t i, total = 0;
    enum og_status st;

    if (g->kind != HYDRO_MESH_POINTS || g->tab_start != NULL) {
        return OG_OK;
    }
    if (g->n >= (size_t)INT32_MAX) {
        return og_error_set(err, OG_ENOMEM, "hydrology: %zu points too many", g->n);
    }
    g->tab_start = malloc((g->n + 1) * sizeof *g->tab_start);
    if (g->tab_start == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the neighbours of %zu points",
                            g->n);
    }
    g->tab_start[0] = 0;
    if ((st = og_parallel_for(threads, g->n, TABLE_BATCH, table_count, g, NULL, 0.0, 0.0, err))
        != OG_OK) {
        hydro_graph_table_free(g);
        return st;
    }
    for (i = 0; i < g->n; i++) {
        total += (size_t)g->tab_start[i + 1];
        if (total >= (size_t)INT32_MAX) {
            hydro_graph_table_free(g);
            return og_error_set(err, OG_ENOMEM, "hydrology: too many neighbours");
        }
        g->tab_start[i + 1] = (int32_t)total;
    }
    g->tab_nbr = malloc((total > 0 ? total : 1) * sizeof *g->tab_nbr);
    if (g->tab_nbr == NULL) {
        hydro_graph_table_free(g);
        return og_error_set(err, OG_ENOMEM, "out of memory for the neighbours of %zu points",
                            g->n);
    }
    if ((st = og_parallel_for(threads, g->n, TABLE_BATCH, table_fill, g, NULL, 0.0, 0.0, err))
        != OG_OK) {
        hydro_graph_table_free(g);
    }
    return st;
}

void
hydro_graph_table_free(struct hydro_graph *g)
{
    free(g->tab_start);
    free(g->tab_nbr);
    g->tab_start = NULL;
    g->tab_nbr = NULL;
}

/* Grid neighbours with bounds checks (border cells). */
int
hydro_grid_nbrs_checked(const struct hydro_graph *g, size_t i, int32_t *out)
{
    int x = (int)(i % (size_t)g->width), y = (int)(i / (size_t)g->width);
    int k, c = 0, nk = g->kind == HYDRO_GRID8 ? 8 : 4;
    const int *dx = g->kind == HYDRO_GRID8 ? dx8 : dx4;
    const int *dy = g->kind == HYDRO_GRID8 ? dy8 : dy4;

    for (k = 0; k < nk; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx >= 0 && ny >= 0 && nx < g->width && ny < g->height) {
            out[c++] = (int32_t)((size_t)ny * (size_t)g->width + (size_t)nx);
        }
    }
    return c;
}
int
hydro_neighbors(const struct hydro_graph *g, size_t i, int32_t *out)
{
    return nbrs(g, i, on_border(g, i), out);
}

size_t
hydro_grid_outlets(int width, int height, const float *elev, float sea_level, uint8_t *outlet)
{
    size_t n = 0;
    int x, y;
    for (y = 0; y < height; y++) {
        for (x = 0; x < width; x++) {
            size_t i = (size_t)y * (size_t)width + (size_t)x;
            int o = x == 0 || y == 0 || x == width - 1 || y == height - 1 || elev[i] <= sea_level;
            outlet[i] = (uint8_t)o;
            n += (size_t)o;
        }
    }
    return n;
}

enum og_status
hydro_graph_distance(const struct hydro_graph *g, const uint8_t *source, int32_t *dist,
                     struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int32_t *queue = NULL;
    size_t head = 0, tail = 0, i;
    enum og_status st;

    st = grid_calloc((void **)&queue, g->n, sizeof *queue, "distance queue", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < g->n; i++) {
        dist[i] = source[i] != 0 ? 0 : -1;
        if (source[i] != 0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t c = queue[head++];
        int k, cnt = hydro_neighbors(g, (size_t)c, nb);
        for (k = 0; k < cnt; k++) {
            if (dist[nb[k]] < 0) {
                dist[nb[k]] = dist[c] + 1;
                queue[tail++] = nb[k];
            }
        }
    }
    free(queue);
    return OG_OK;
}

