#include "config.h"
#include "core/planet/tectonics.h"

#include <stdlib.h>

#include "core/geom/adjacency.h"
#include "core/geom/mesh.h"
#include "core/planet/plate_relief.h"
#include "core/planet/plates.h"
#include "core/recipe/params.h"
#include "core/world.h"

enum og_status
planet_tectonics(struct world *w, const struct adjacency *adj, const uint8_t *land,
                 const double *dist, const float *sscale, double shelf, float *delta, int *has,
                 int threads, struct og_error *err)
{
    size_t n = w->ncells, i, cnt[4] = { 0, 0, 0, 0 };
    int count = params_int(&w->params, P_PLANET_PLATES), k, ncont = 0;
    struct plates *pl;
    uint8_t *crust, *other;
    float *closing;
    struct plate_relief_in in;
    enum og_status st;

    *has = 0;
    if (count <= 0) {
        return OG_OK;
    }
    if ((st = world_alloc((void **)&w->plate, n, 1, "plates", err)) != OG_OK
        || (st = world_alloc((void **)&w->plate_boundary, n, 1, "plate boundaries", err))
               != OG_OK
        || (st = world_alloc((void **)&w->plate_continental, PLATES_MAX, 1, "plates", err))
               != OG_OK) {
        return st;
    }
    pl = malloc(sizeof *pl);
    crust = malloc(n > 0 ? n : 1);
    other = malloc(n > 0 ? n : 1);
    closing = malloc((n > 0 ? n : 1) * sizeof *closing);
    if (pl == NULL || crust == NULL || other == NULL || closing == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for the plates");
        goto done;
    }
    plates_make(pl, count, w->params.seed);
    if ((st = plates_assign(pl, adj, w->mesh->points, w->params.seed, w->plate, threads, err)) != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        crust[i] = land[i] || (dist[i] >= 0.0 && dist[i] < shelf * sscale[i]);
    }
    plates_crust(pl, w->plate, crust, n);
    plates_boundaries(pl, adj, w->mesh->points, w->plate, w->plate_boundary, closing, other);
    in.pl = pl;
    in.adj = adj;
    in.xyz = w->mesh->points;
    in.plate = w->plate;
    in.type = w->plate_boundary;
    in.other = other;
    in.closing = closing;
    in.crust = crust;
    in.land = land;
    in.seed = w->params.seed;
    in.threads = threads;
    if ((st = plate_relief(&in, delta, err)) != OG_OK) {
        goto done;
    }
    w->nplates = pl->n;
    for (k = 0; k < pl->n; k++) {
        w->plate_continental[k] = (uint8_t)pl->p[k].continental;
        ncont += pl->p[k].continental;
    }
    for (i = 0; i < n; i++) {
        cnt[w->plate_boundary[i] & 3]++;
    }
    world_stat_int(w, "planet.plates", pl->n);
    world_stat_int(w, "planet.continental_plates", ncont);
    world_stat_real(w, "planet.boundary_convergent", n ? (double)cnt[PB_CONVERGENT] / n : 0.0);
    world_stat_real(w, "planet.boundary_divergent", n ? (double)cnt[PB_DIVERGENT] / n : 0.0);
    world_stat_real(w, "planet.boundary_transform", n ? (double)cnt[PB_TRANSFORM] / n : 0.0);
    *has = 1;
done:
    free(pl);
    free(crust);
    free(other);
    free(closing);
    return st;
}
