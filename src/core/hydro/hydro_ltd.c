#include "config.h"
#include "core/hydro/hydro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hydro/hydro_nbrs.h"

/* D8-LTD routing on slopes: Orlandini, Moretti, Franchini, Aldighieri and
 * Testa (2003), "Path-based methods for the determination of nondispersive
 * drainage directions in grid-based digital elevation models", Water
 * Resources Research 39(6), with the facet directions of Tarboton (1997),
 * "A new method for the determination of flow directions and upslope areas
 * in grid digital elevation models", WRR 33(2).
 *
 * Plain D8 sends a cell to its steepest neighbour, one of eight directions:
 * on a plane falling at 20 degrees off an axis every cell picks the same
 * axis, and rivers become ruler lines at 0 or 45 degrees that cross the
 * contours. Here every cell gets the steepest direction of its eight
 * triangular facets (Tarboton's D-infinity angle) and steps to one of the
 * two cells that bound it, the one that keeps the path's accumulated
 * transversal deviation (signed offset from the ideal line, in cells)
 * smallest. The deviation a cell starts from is the one carried by its
 * largest donor (by D8 contributing cells), so a river's main stem follows
 * the terrain's true direction in aggregate and stays a staircase of the
 * right angle. Only cells strictly lower on the filled surface are ever
 * chosen, so the routing stays acyclic and never rises; cells on flats and
 * sinks keep their route. No libm function decides a direction (square
 * roots only, exact in IEEE arithmetic). */

#define LTD_DAMPING 1.0 /* lambda: the share of the upstream deviation kept per step */

/* facet k: cardinal step (cx, cy), diagonal step (gx, gy) next to it */
static const int fcx[8] = { 1, 0, 0, -1, -1, 0, 0, 1 };
static const int fcy[8] = { 0, -1, -1, 0, 0, 1, 1, 0 };
static const int fgx[8] = { 1, 1, -1, -1, -1, -1, 1, 1 };
static const int fgy[8] = { -1, -1, -1, -1, 1, 1, 1, 1 };

/* Order-preserving map of a float onto uint32. */
static uint32_t
float_key(float h)
{
    uint32_t u;
    memcpy(&u, &h, sizeof u);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

/* Whether cell j comes before cell i in the order of the original pass
 * (highest filled height first, then the larger index): the key
 * (float_key(filled), index) is larger. The keys are made on the fly, not
 * kept (4 bytes a cell less at the hydrology's peak, issue 27). */
static inline int
before(const float *filled, size_t j, size_t i)
{
    uint32_t kj = float_key(filled[j]), ki = float_key(filled[i]);
    return kj > ki || (kj == ki && j > i);
}

/* Number of neighbours of (x, y) that come before it (see `before`). */
static inline uint8_t
count_before(const float *filled, size_t w, size_t h, size_t x, size_t y)
{
    size_t i = y * w + x;
    int dx, dy;
    uint8_t c = 0;

    if (x > 0 && y > 0 && x + 1 < w && y + 1 < h) {
        const float *up = filled + i - w, *dn = filled + i + w;
        uint32_t k = float_key(filled[i]);
        /* a neighbour with a smaller index comes first only if higher */
        c = (uint8_t)((float_key(up[-1]) > k) + (float_key(up[0]) > k) +
                      (float_key(up[1]) > k) + (float_key(filled[i - 1]) > k) +
                      (float_key(filled[i + 1]) >= k) + (float_key(dn[-1]) >= k) +
                      (float_key(dn[0]) >= k) + (float_key(dn[1]) >= k));
        return c;
    }
    for (dy = -1; dy <= 1; dy++) {
        for (dx = -1; dx <= 1; dx++) {
            size_t xx = x + (size_t)dx, yy = y + (size_t)dy; /* wraps below 0 */
            if ((dx | dy) != 0 && xx < w && yy < h) {
                c += (uint8_t)before(filled, yy * w + xx, i);
            }
        }
    }
    return c;
}

/* The steepest facet of interior cell i: its direction (ux, uy) (unit
 * vector, y down) and the two cells bounding it. Returns 0 when no facet
 * falls. */
static int
steepest_facet(const float *z, size_t w, size_t i, double *ux, double *uy, int *facet)
{
    double best = 0.0, h0 = (double)z[i], bs1 = 0.0, bs2 = 0.0;
    int k, kind = 0, bk = -1;

    for (k = 0; k < 8; k++) {
        size_t j1 = (size_t)((ptrdiff_t)i + fcy[k] * (ptrdiff_t)w + fcx[k]);
        size_t j2 = (size_t)((ptrdiff_t)i + fgy[k] * (ptrdiff_t)w + fgx[k]);
        double s1 = h0 - (double)z[j1], s2 = (double)z[j1] - (double)z[j2], s;
        int kd;
        /* direction across the facet: a along the cardinal, b along its
         * perpendicular towards the diagonal (Tarboton's r = atan(s2/s1)
         * clamped to [0, 45 degrees]); only the steepest one's is needed */
        if (s1 <= 0.0 && (h0 - (double)z[j2]) <= 0.0) {
            continue;
        }
        if (s2 <= 0.0 && s1 > 0.0) {
            s = s1 * s1;
            kd = 0;
        } else if (s2 >= s1) {
            double d = (h0 - (double)z[j2]);
            if (!(d > 0.0)) {
                continue;
            }
            s = d * d / 2.0;
            kd = 1;
        } else {
            s = s1 * s1 + s2 * s2;
            kd = 2;
        }
        if (s > best) {
            best = s;
            bk = k;
            kind = kd;
            bs1 = s1;
            bs2 = s2;
        }
    }
    if (bk >= 0) {
        int px = fgx[bk] - fcx[bk], py = fgy[bk] - fcy[bk];
        double a = 1.0, b = 0.0;
        if (kind == 1) {
            a = 0.7071067811865476;
            b = 0.7071067811865476;
        } else if (kind == 2) {
            double m = sqrt(bs1 * bs1 + bs2 * bs2);
            a = bs1 / m;
            b = bs2 / m;
        }
        *ux = a * fcx[bk] + b * px;
        *uy = a * fcy[bk] + b * py;
        *facet = bk;
    }
    return bk >= 0;
}

struct ltd {
    const float *filled;
    int32_t *downhill;
    size_t w, h;
    float *dev, *flow, *main_flow;
    /* the receiver's largest donor so far as the step from the receiver
       to it (main_step, neighbour_step): a byte a cell, not an index */
    uint8_t *main_from;
};

/* The step from cell d to its neighbour i as a code 0..8 ((dy + 1) * 3 +
 * dx + 1) in a grid w >= 3 cells wide, and back. */
static inline uint8_t
neighbour_step(size_t d, size_t i, size_t w)
{
    ptrdiff_t diff = (ptrdiff_t)i - (ptrdiff_t)d;
    ptrdiff_t dy = diff < -1 ? -1 : diff > 1 ? 1 : 0, dx = diff - dy * (ptrdiff_t)w;
    return (uint8_t)((dy + 1) * 3 + dx + 1);
}

static inline size_t
main_step(size_t d, uint8_t code, size_t w)
{
    return (size_t)((ptrdiff_t)d + ((ptrdiff_t)(code / 3) - 1) * (ptrdiff_t)w +
                    ((ptrdiff_t)(code % 3) - 1));
}

/* Route interior slope cell i by D8-LTD and pass its flow and deviation on.
 * All the neighbours that come before i are done. Of a receiver's donors
 * with the largest flow the one that comes first (see `before`) hands on
 * its deviation, whatever order they are processed in. */
static void
ltd_cell(struct ltd *s, size_t i, size_t x, size_t y)
{
    const float *filled = s->filled;
    size_t w = s->w;
    int32_t d = s->downhill[i];
    double ux, uy, best_dev = 0.0;
    int f;

    if (d < 0) {
        return;
    }
    if (filled[d] < filled[i] && x > 0 && y > 0 && x + 1 < w && y + 1 < s->h &&
        steepest_facet(filled, w, i, &ux, &uy, &f)) {
        int m, chosen = 0;
        for (m = 0; m < 2; m++) {
            int dx = m == 0 ? fcx[f] : fgx[f], dy = m == 0 ? fcy[f] : fgy[f];
            int32_t j = (int32_t)((ptrdiff_t)i + dy * (ptrdiff_t)w + dx);
            double vx = (double)dx, vy = (double)dy, t;
            if (!(filled[j] < filled[i])) {
                continue;
            }
            /* signed offset of this step from the ideal direction */
            t = LTD_DAMPING * (double)s->dev[i] + (ux * vy - uy * vx);
            if (!chosen || fabs(t) < fabs(best_dev)) {
                d = j;
                best_dev = t;
                chosen = 1;
            }
        }
        s->downhill[i] = d;
    }
    /* pass the deviation on if this is the receiver's largest donor */
    s->flow[d] += s->flow[i];
    if (s->flow[i] > s->main_flow[d] ||
        (s->flow[i] == s->main_flow[d] &&
         before(filled, i, main_step((size_t)d, s->main_from[d], w)))) {
        s->main_flow[d] = s->flow[i];
        s->main_from[d] = neighbour_step((size_t)d, i, w);
        s->dev[d] = (float)best_dev;
    }
}

#define LTD_DONE 0xffu

/* Every cell after the neighbours that come before it (Kahn's order on the
 * grid's local order, walked depth first from each ready cell in index
 * order): the result of the pass in the global order (highest first), which
 * it replaces, with the memory access of a scan instead of a sort and a
 * walk in height order. A chosen receiver is strictly lower, so every donor
 * is done before its receiver (equal heights share only flat routes, which
 * carry no deviation). */
static void
ltd_walk(struct ltd *s, uint8_t *cnt, int32_t *stack)
{
    const float *filled = s->filled;
    size_t w = s->w, h = s->h, n = w * h, i;

    for (i = 0; i < n; i++) {
        size_t top = 0;
        if (cnt[i] != 0) {
            continue;
        }
        cnt[i] = LTD_DONE;
        stack[top++] = (int32_t)i;
        while (top > 0) {
            size_t c = (size_t)stack[--top], x = c % w, y = c / w;
            int dx, dy;
            ltd_cell(s, c, x, y);
            for (dy = -1; dy <= 1; dy++) {
                for (dx = -1; dx <= 1; dx++) {
                    size_t xx = x + (size_t)dx, yy = y + (size_t)dy, m;
                    if ((dx | dy) == 0 || xx >= w || yy >= h) {
                        continue;
                    }
                    m = yy * w + xx;
                    if (cnt[m] != LTD_DONE && before(filled, c, m) && --cnt[m] == 0) {
                        cnt[m] = LTD_DONE;
                        stack[top++] = (int32_t)m;
                    }
                }
            }
        }
    }
}

enum og_status
hydro_route_ltd(const struct hydro_graph *g, const float *filled, int32_t *downhill,
                float *work_flow, float *work_main, struct og_error *err)
{
    size_t n = g->n, w = (size_t)g->width, h = (size_t)g->height, x, y;
    uint8_t *cnt = NULL;
    int32_t *stack = NULL;
    uint8_t *main_from = NULL;
    float *dev = NULL, *flow = work_flow, *main_flow = work_main;
    struct ltd s;
    enum og_status st;

    if (g->kind != HYDRO_GRID8 || w < 3 || h < 3) {
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&cnt, n, sizeof *cnt, "routing order", err)) ||
        (st = grid_calloc((void **)&stack, n, sizeof *stack, "routing order", err)) ||
        (st = grid_calloc((void **)&main_from, n, sizeof *main_from, "routing order", err)) ||
        (st = grid_calloc((void **)&dev, n, sizeof *dev, "path deviation", err)) ||
        (work_flow == NULL &&
         (st = grid_calloc((void **)&flow, n, sizeof *flow, "routing flow", err))) ||
        (work_main == NULL &&
         (st = grid_calloc((void **)&main_flow, n, sizeof *main_flow, "routing flow", err)))) {
        goto done;
    }
    for (x = 0; x < n; x++) {
        flow[x] = 1.0f;
        main_flow[x] = 0.0f;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            cnt[y * w + x] = count_before(filled, w, h, x, y);
        }
    }
    s.filled = filled;
    s.downhill = downhill;
    s.w = w;
    s.h = h;
    s.dev = dev;
    s.flow = flow;
    s.main_flow = main_flow;
    s.main_from = main_from;
    ltd_walk(&s, cnt, stack);
done:
    free(cnt);
    free(stack);
    free(main_from);
    free(dev);
    if (flow != work_flow) {
        free(flow);
    }
    if (main_flow != work_main) {
        free(main_flow);
    }
    return st;
}
