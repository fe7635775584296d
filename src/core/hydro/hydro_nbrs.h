/* Internal to the hydrology files (hydro_graph.c, priority_flood.c,
 * hydro_route.c, hydro.c): the neighbour walk every pass shares. */
#ifndef OG_CORE_HYDRO_NBRS_H
#define OG_CORE_HYDRO_NBRS_H

#include <stddef.h>
#include <stdint.h>

#include "core/hydro/hydro.h"
#include "core/geom/mesh.h"

#define HYDRO_TICK_MASK 0xffffu

/* Re-route the slope cells of an 8-neighbour grid by D8-LTD (hydro_ltd.c):
 * downhill from hydro_route's D8 pass, filled from the flood. Other
 * graphs are left alone. work_flow and work_main (g->n floats each, may
 * be NULL: allocated) are its scratch, overwritten: the caller's buffers
 * not yet in use (the world's flow and river widths), so the routing
 * needs no more memory than the stage already holds. Errors: OG_ENOMEM. */
enum og_status hydro_route_ltd(const struct hydro_graph *g, const float *filled,
                               int32_t *downhill, float *work_flow, float *work_main,
                               struct og_error *err);

/* hydro_route_terrain without its D8-LTD pass (hydro_route.c): the lowest
 * neighbour, then the flats; the only part that reads rank. */
enum og_status hydro_route_d8_flats(const struct hydro_graph *g, const float *elev,
                                    const float *filled, const uint32_t *rank,
                                    const uint8_t *outlet, int32_t *downhill,
                                    struct run_ctx *ctx, struct og_error *err);

/* Re-route the flat cells of a grid (hydro_flats.c: Barnes, Lehman and
 * Mulla 2014's combined gradient, doc/hydrology.md) after hydro_route's
 * lowest-neighbour pass. elev may be NULL. The distances to and from the
 * flats' edges run on up to 2 of `threads` (<= 0: the default), with the
 * same result on any count. Errors: OG_ENOMEM. */
enum og_status hydro_route_flats(const struct hydro_graph *g, const float *elev,
                                 const float *filled, const uint32_t *rank, int32_t *downhill,
                                 int threads, struct og_error *err);

/* Grid neighbours with bounds checks (border cells). */
int hydro_grid_nbrs_checked(const struct hydro_graph *g, size_t i, int32_t *out);

/* Neighbours of i; `border` says whether a grid cell may touch the edge. The
 * neighbour order is fixed (row by row), which fixes every tie-break. */
static inline int
nbrs(const struct hydro_graph *g, size_t i, int border, int32_t *out)
{
    int32_t w = g->width, c = (int32_t)i;
    int k, cnt = 0;

    switch (g->kind) {
    case HYDRO_GRID8:
        if (border) {
            return hydro_grid_nbrs_checked(g, i, out);
        }
        out[0] = c - w - 1;
        out[1] = c - w;
        out[2] = c - w + 1;
        out[3] = c - 1;
        out[4] = c + 1;
        out[5] = c + w - 1;
        out[6] = c + w;
        out[7] = c + w + 1;
        return 8;
    case HYDRO_GRID4:
        if (border) {
            return hydro_grid_nbrs_checked(g, i, out);
        }
        out[0] = c - w;
        out[1] = c - 1;
        out[2] = c + 1;
        out[3] = c + w;
        return 4;
    case HYDRO_MESH_TRIANGLES:
        for (k = 0; k < 3; k++) {
            int32_t o = g->mesh->halfedges[3 * i + (size_t)k];
            if (o >= 0) {
                out[cnt++] = o / 3;
            }
        }
        return cnt;
    case HYDRO_MESH_POINTS:
        if (g->tab_start != NULL) {
            int32_t b = g->tab_start[i];
            cnt = (int)(g->tab_start[i + 1] - b);
            for (k = 0; k < cnt; k++) {
                out[k] = g->tab_nbr[b + k];
            }
            return cnt;
        }
        cnt = mesh_cell_neighbors(g->mesh, (int32_t)i, out, HYDRO_MAX_DEGREE);
        return cnt < HYDRO_MAX_DEGREE ? cnt : HYDRO_MAX_DEGREE;
    }
    return 0;
}

static inline int
is_grid(const struct hydro_graph *g)
{
    return g->kind == HYDRO_GRID8 || g->kind == HYDRO_GRID4;
}

static inline int
on_border(const struct hydro_graph *g, size_t i)
{
    size_t w = (size_t)g->width, x, y;
    if (!is_grid(g)) {
        return 0;
    }
    x = i % w;
    y = i / w;
    return x == 0 || y == 0 || x + 1 == w || y + 1 == (size_t)g->height;
}


#endif
