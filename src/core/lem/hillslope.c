#include "config.h"
#include "core/lem/lem_internal.h"

/* Hillslope processes: linear diffusion, dz/dt = Kd lap(z) (soil creep;
 * Culling 1960, the hillslope term of every LEM since), explicit on the
 * 4-neighbour stencil as fluxes between pairs of nodes, so what one node
 * loses its neighbour gains; sub-stepped so that Kd dt / dx^2 <= 0.2
 * (stable below 0.25). Then the talus limit (thermal erosion): a slope
 * steeper than `talus` sheds an eighth of its excess height to the lower
 * node, a few passes a step. Both are Jacobi sweeps (every node's change
 * from the heights before the sweep), so rows run in parallel batches
 * with the same result on any thread count. Base-level nodes keep their
 * height: what flows onto them leaves the map (lem_totals.boundary). */

#include <math.h>
#include <stdlib.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"

#define DIFF_CFL 0.2     /* Kd dt / dx^2 per sub-step at most */
#define DIFF_MAX_SUB 10000 /* sub-steps a step may take */
#define TALUS_PASSES 4   /* talus sweeps per step */
#define TALUS_SHARE 0.125 /* share of the excess moved per pair and sweep */
#define ROWS 32          /* rows per batch */

struct sweep {
    struct lem *s;
    const float *z;
    double c;     /* diffusion: Kd dt / dx^2; 0 for a talus sweep */
    double drop;  /* talus: the stable height difference between neighbours */
    double *out;  /* per batch: volume onto base-level nodes, in cells x m */
};

/* Flux from node i to neighbour j over one sweep (m; negative: j to i). */
static inline double
pair_flux(const struct sweep *sw, double zi, double zj)
{
    if (sw->c > 0.0) {
        return sw->c * (zi - zj);
    }
    if (zi - zj > sw->drop) {
        return TALUS_SHARE * (zi - zj - sw->drop);
    }
    if (zj - zi > sw->drop) {
        return -TALUS_SHARE * (zj - zi - sw->drop);
    }
    return 0.0;
}

static enum og_status
sweep_rows(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct sweep *sw = arg;
    struct lem *s = sw->s;
    size_t w = (size_t)s->width, h = (size_t)s->height, x, y;
    double out = 0.0;

    (void)err;
    for (y = begin; y < end; y++) {
        for (x = 0; x < w; x++) {
            size_t i = y * w + x, nb[4];
            int k, cnt = 0;
            double zi = (double)sw->z[i], d = 0.0;
            if (s->base[i]) {
                s->delta[i] = 0.0f;
                continue;
            }
            if (x > 0) {
                nb[cnt++] = i - 1;
            }
            if (x + 1 < w) {
                nb[cnt++] = i + 1;
            }
            if (y > 0) {
                nb[cnt++] = i - w;
            }
            if (y + 1 < h) {
                nb[cnt++] = i + w;
            }
            for (k = 0; k < cnt; k++) {
                double q = pair_flux(sw, zi, (double)sw->z[nb[k]]);
                d -= q;
                if (s->base[nb[k]]) {
                    out += q;
                }
            }
            s->delta[i] = (float)d;
        }
    }
    sw->out[batch] = out;
    return OG_OK;
}

/* One Jacobi sweep on z; adds the volume sent onto base level to s->tot. */
static enum og_status
sweep(struct lem *s, float *z, double c, double drop, double *out, int threads,
      struct og_error *err)
{
    struct sweep sw;
    size_t i, nb = ((size_t)s->height + ROWS - 1) / ROWS;
    enum og_status st;

    sw.s = s;
    sw.z = z;
    sw.c = c;
    sw.drop = drop;
    sw.out = out;
    st = og_parallel_for(threads, (size_t)s->height, ROWS, sweep_rows, &sw, NULL, 0.0, 0.0, err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < nb; i++) {
        s->tot.boundary += out[i] * s->cell * s->cell;
    }
    for (i = 0; i < s->n; i++) {
        z[i] += s->delta[i];
    }
    return OG_OK;
}

enum og_status
lem_hillslope(struct lem *s, float *z, const struct lem_params *p, int threads,
              struct og_error *err)
{
    double *out = NULL;
    float *before = NULL;
    size_t i, nb = ((size_t)s->height + ROWS - 1) / ROWS;
    enum og_status st = OG_OK;
    int k;

    if (!(p->kd > 0.0) && !(p->talus > 0.0)) {
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&out, nb, sizeof *out, "hillslope sums", err)) != OG_OK ||
        (st = grid_malloc((void **)&before, s->n, sizeof *before, "hillslope heights", err)) !=
            OG_OK) {
        goto done;
    }
    for (i = 0; i < s->n; i++) {
        before[i] = z[i];
    }
    if (p->kd > 0.0) {
        double r = p->kd * p->dt / (s->cell * s->cell);
        long sub = (long)ceil(r / DIFF_CFL), j;
        sub = sub < 1 ? 1 : sub;
        if (r > DIFF_CFL * DIFF_MAX_SUB) {
            st = og_error_set(err, OG_ERANGE,
                              "hillslope diffusion: Kd dt / cell^2 = %g needs over %d "
                              "sub-steps; take a shorter time step",
                              r, DIFF_MAX_SUB);
            goto done;
        }
        for (j = 0; j < sub && st == OG_OK; j++) {
            st = sweep(s, z, r / (double)sub, 0.0, out, threads, err);
        }
    }
    for (k = 0; k < TALUS_PASSES && p->talus > 0.0 && st == OG_OK; k++) {
        st = sweep(s, z, 0.0, p->talus * s->cell, out, threads, err);
    }
    for (i = 0; i < s->n && st == OG_OK; i++) {
        float d = z[i] - before[i];
        if (d < 0.0f) {
            s->wear[i] -= d;
        } else {
            s->dep[i] += d;
        }
    }
done:
    free(out);
    free(before);
    return st;
}
