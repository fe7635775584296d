#include "config.h"
#include "core/lem/lem_internal.h"

/* The model's state and its step (lem.h): fill, receivers, stack, area,
 * then stream_power.c and hillslope.c. */

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hydro/flow_mfd.h"
#include "core/hydro/hydro.h"
#include "core/base/progress.h"

enum og_status
lem_new(struct lem **out, int width, int height, double cell_m, const uint8_t *base,
        struct og_error *err)
{
    struct lem *s;
    size_t n, i, nbase = 0;
    enum og_status st;

    *out = NULL;
    if (width < 1 || height < 1 || (size_t)width * (size_t)height < 2 ||
        (size_t)width * (size_t)height > (size_t)INT32_MAX) {
        return og_error_set(err, OG_ERANGE, "landscape evolution: grid %dx%d is out of range",
                            width, height);
    }
    if (!(cell_m > 0.0) || !isfinite(cell_m)) {
        return og_error_set(err, OG_ERANGE, "landscape evolution: cell size %g m must be positive",
                            cell_m);
    }
    n = (size_t)width * (size_t)height;
    for (i = 0; i < n; i++) {
        nbase += base[i] != 0;
    }
    if (nbase == 0) {
        return og_error_set(err, OG_EINVAL, "landscape evolution: no base-level node");
    }
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        return og_error_set(err, OG_ENOMEM, "landscape evolution: out of memory");
    }
    s->width = width;
    s->height = height;
    s->n = n;
    s->cell = cell_m;
    if ((st = grid_malloc((void **)&s->base, n, 1, "base level", err)) != OG_OK ||
        (st = grid_malloc((void **)&s->filled, n, sizeof *s->filled, "filled surface", err)) ||
        (st = grid_malloc((void **)&s->rank, n, sizeof *s->rank, "flood order", err)) ||
        (st = grid_malloc((void **)&s->recv, n, sizeof *s->recv, "receivers", err)) ||
        (st = grid_malloc((void **)&s->dist, n, sizeof *s->dist, "receiver distances", err)) ||
        (st = grid_malloc((void **)&s->order, n, sizeof *s->order, "stack", err)) ||
        (st = grid_calloc((void **)&s->area, n, sizeof *s->area, "drainage area", err)) ||
        (st = grid_calloc((void **)&s->wear, n, sizeof *s->wear, "erosion", err)) ||
        (st = grid_calloc((void **)&s->dep, n, sizeof *s->dep, "deposition", err)) ||
        (st = grid_calloc((void **)&s->delta, n, sizeof *s->delta, "hillslope change", err))) {
        lem_free(s);
        return st;
    }
    for (i = 0; i < n; i++) {
        s->base[i] = base[i] != 0;
        s->recv[i] = -1;
    }
    *out = s;
    return OG_OK;
}

void
lem_free(struct lem *s)
{
    if (s == NULL) {
        return;
    }
    free(s->base);
    free(s->filled);
    free(s->rank);
    free(s->recv);
    free(s->dist);
    free(s->order);
    free(s->area);
    free(s->wear);
    free(s->dep);
    free(s->delta);
    free(s);
}

enum og_status
lem_params_check(const struct lem_params *p, struct og_error *err)
{
    if (!(p->dt > 0.0) || !isfinite(p->dt)) {
        return og_error_set(err, OG_ERANGE, "lem: time step %g yr must be positive", p->dt);
    }
    if (!(p->k >= 0.0) || !isfinite(p->k)) {
        return og_error_set(err, OG_ERANGE, "lem: K = %g must be 0 or more", p->k);
    }
    if (!(p->m >= 0.0 && p->m <= 2.0)) {
        return og_error_set(err, OG_ERANGE, "lem: m = %g must be in 0..2", p->m);
    }
    if (!(p->n > 0.0 && p->n <= 4.0)) {
        return og_error_set(err, OG_ERANGE, "lem: n = %g must be in (0, 4]", p->n);
    }
    if (!(p->kd >= 0.0) || !isfinite(p->kd)) {
        return og_error_set(err, OG_ERANGE, "lem: Kd = %g must be 0 or more", p->kd);
    }
    if (!(p->talus >= 0.0) || !isfinite(p->talus)) {
        return og_error_set(err, OG_ERANGE, "lem: talus slope %g must be 0 or more", p->talus);
    }
    return OG_OK;
}

/* Drainage area along the stack (one direction) or by MFD, in m^2. */
static enum og_status
drainage_area(struct lem *s, const struct lem_params *p, struct og_error *err)
{
    double c2 = s->cell * s->cell;
    size_t i;

    if (p->mfd) {
        enum og_status st = flow_mfd_accumulate(s->width, s->height, s->filled, s->recv, NULL,
                                                s->area, err);
        if (st != OG_OK) {
            return st;
        }
    } else {
        hydro_accumulate_stack(s->n, s->order, s->recv, NULL, s->area);
    }
    for (i = 0; i < s->n; i++) {
        s->area[i] = (float)((double)s->area[i] * c2);
    }
    return OG_OK;
}

enum og_status
lem_step(struct lem *s, float *z, const float *uplift, const struct lem_params *p, int threads,
         struct run_ctx *ctx, struct og_error *err)
{
    struct hydro_graph g;
    enum og_status st;

    if ((st = lem_params_check(p, err)) != OG_OK ||
        (st = hydro_graph_grid(&g, s->width, s->height, 8, err)) != OG_OK ||
        (st = hydro_priority_flood(&g, z, s->base, HYDRO_FLOOD_FAST, s->filled, s->rank, NULL,
                                   err)) != OG_OK ||
        (st = lem_receivers_d8(s, threads, err)) != OG_OK ||
        (st = hydro_stack(s->n, s->recv, s->order, NULL, err)) != OG_OK ||
        (st = drainage_area(s, p, err)) != OG_OK) {
        return st;
    }
    if (ctx != NULL && ctx->cancel != NULL &&
        atomic_load_explicit(ctx->cancel, memory_order_relaxed) != 0) {
        return og_error_set(err, OG_ECANCELED, "landscape evolution: cancelled");
    }
    lem_stream_power(s, z, uplift, p);
    st = lem_hillslope(s, z, p, threads, err);
    if (st == OG_OK) {
        s->steps++;
    }
    return st;
}

const float *
lem_area(const struct lem *s)
{
    return s->area;
}

const int32_t *
lem_stack(const struct lem *s)
{
    return s->order;
}

const int32_t *
lem_receivers(const struct lem *s)
{
    return s->recv;
}

const float *
lem_filled(const struct lem *s)
{
    return s->filled;
}

const float *
lem_wear(const struct lem *s)
{
    return s->wear;
}

const float *
lem_deposition(const struct lem *s)
{
    return s->dep;
}

void
lem_get_totals(const struct lem *s, struct lem_totals *t)
{
    *t = s->tot;
}

long
lem_steps(const struct lem *s)
{
    return s->steps;
}
