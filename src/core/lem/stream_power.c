#include "config.h"
#include "core/lem/lem_internal.h"

/* Stream power erosion, E = K A^m S^n, solved implicitly in stack order
 * (Braun and Willett 2013, "A very efficient O(n), implicit and parallel
 * method to solve the stream power equation governing fluvial incision and
 * landscape evolution", Geomorphology 180-181). A node's new height h
 * above its receiver's new height (already known: receivers come first)
 * solves h - h0 + F h^n = 0, F = K dt A^m / L^n, h0 the height above it
 * after uplift: for n = 1 exactly h = h0 / (1 + F), otherwise by Newton's
 * method from h = h0 (the function is increasing and convex for n > 1,
 * concave for n < 1, so the iterates stay in (0, h0]). */

#include <math.h>

#include "core/base/detmath.h"
#include "core/base/parallel.h"

#define NEWTON_MAX 30
#define NEWTON_TOL 1e-12 /* relative change that ends Newton's method */

struct recv_job {
    struct lem *s;
};

/* Rows [begin, end): each node's steepest strictly lower neighbour on the
 * filled surface (drop over distance, the first in neighbour order on
 * ties); on a flat, the neighbour of equal height reached first by the
 * flood (the smallest rank below its own), as core/hydro's routing. */
static enum og_status
recv_rows(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct lem *s = ((struct recv_job *)arg)->s;
    static const int dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    static const int dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
    size_t w = (size_t)s->width, h = (size_t)s->height, x, y;
    const double diag = 1.4142135623730951;

    (void)batch;
    (void)err;
    for (y = begin; y < end; y++) {
        for (x = 0; x < w; x++) {
            size_t i = y * w + x;
            double best = 0.0;
            int32_t r = -1, flat = -1;
            uint32_t frank = s->rank[i];
            int k;
            float fi = s->filled[i];
            if (s->base[i]) {
                s->recv[i] = -1;
                s->dist[i] = 0.0f;
                continue;
            }
            for (k = 0; k < 8; k++) {
                size_t xx = x + (size_t)dx[k], yy = y + (size_t)dy[k], j;
                double len = (dx[k] != 0 && dy[k] != 0) ? diag : 1.0, sl;
                if (xx >= w || yy >= h) {
                    continue;
                }
                j = yy * w + xx;
                if (s->filled[j] < fi) {
                    sl = ((double)fi - (double)s->filled[j]) / len;
                    if (sl > best) {
                        best = sl;
                        r = (int32_t)j;
                    }
                } else if (s->filled[j] == fi && s->rank[j] < frank) {
                    frank = s->rank[j];
                    flat = (int32_t)j;
                }
            }
            r = r >= 0 ? r : flat;
            s->recv[i] = r;
            if (r >= 0) {
                size_t d = (size_t)r > i ? (size_t)r - i : i - (size_t)r;
                s->dist[i] = (float)(s->cell * (d == 1 || d == w ? 1.0 : diag));
            } else {
                s->dist[i] = 0.0f;
            }
        }
    }
    return OG_OK;
}

enum og_status
lem_receivers_d8(struct lem *s, int threads, struct og_error *err)
{
    struct recv_job job;
    job.s = s;
    return og_parallel_for(threads, (size_t)s->height, 64, recv_rows, &job, NULL, 0.0, 0.0, err);
}

/* The new height above the receiver: h + F h^n = h0, h in (0, h0]. */
static double
implicit_height(double h0, double f, double n)
{
    double h = h0;
    int it;

    if (n == 1.0) {
        return h0 / (1.0 + f);
    }
    for (it = 0; it < NEWTON_MAX; it++) {
        double hn1 = det_pow(h, n - 1.0);
        double g = h - h0 + f * hn1 * h, dg = 1.0 + n * f * hn1, nh = h - g / dg;
        if (nh <= 0.0) {
            nh = 0.5 * h; /* stay positive: the root is above 0 */
        }
        if (fabs(nh - h) <= NEWTON_TOL * h) {
            return nh;
        }
        h = nh;
    }
    return h;
}

void
lem_stream_power(struct lem *s, float *z, const float *uplift, const struct lem_params *p)
{
    double cell2 = s->cell * s->cell, up = 0.0, fl = 0.0;
    int sqrt_m = p->m == 0.5;
    size_t k;

    for (k = s->n; k-- > 0;) {
        size_t i = (size_t)s->order[k];
        int32_t r = s->recv[i];
        double z_old = (double)z[i], z0, zn;
        float z0f, znf;
        if (s->base[i]) {
            continue;
        }
        z0f = (float)(z_old + (uplift != NULL ? (double)uplift[i] * p->dt : 0.0));
        z0 = (double)z0f;
        zn = z0;
        /* under lake water (the fill raised it) rivers do not erode */
        if (r >= 0 && p->k > 0.0 && !(s->filled[i] > z[i]) && z0 > (double)z[r]) {
            double a = (double)s->area[i], am = sqrt_m ? sqrt(a) : det_pow(a, p->m);
            double len = (double)s->dist[i];
            double f = p->k * p->dt * am / (p->n == 1.0 ? len : det_pow(len, p->n));
            double zr = (double)z[r];
            zn = zr + implicit_height(z0 - zr, f, p->n);
        }
        znf = (float)zn;
        z[i] = znf;
        up += (z0 - z_old) * cell2;
        fl += (z0 - (double)znf) * cell2;
        s->wear[i] += z0f - znf;
    }
    s->tot.uplift += up;
    s->tot.fluvial += fl;
}
