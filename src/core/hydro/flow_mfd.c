#include "config.h"
#include "core/hydro/flow_mfd.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/base/grid.h"

#define MFD_EXPONENT 1.1

static const int dx8[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int dy8[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/* Weights (drop / distance)^p of the lower neighbours of cell i (bits of
 * mask, from lower_mask) into w[8] (0 elsewhere); returns their sum. */
static double
receivers(int width, const float *filled, size_t i, unsigned mask, double *w)
{
    double sum = 0.0, h = (double)filled[i];
    int d;

    for (d = 0; d < 8; d++) {
        w[d] = 0.0;
        if (mask & (1u << d)) {
            size_t j = (size_t)((ptrdiff_t)i + dy8[d] * (ptrdiff_t)width + dx8[d]);
            double drop = h - (double)filled[j];
            w[d] = det_pow(drop / ((d & 1) ? 1.4142135623730951 : 1.0), MFD_EXPONENT);
            sum += w[d];
        }
    }
    return sum;
}

/* Bit d set when neighbour d of cell i is lower on the filled surface (the
 * receivers without their weights: no pow). */
static unsigned
lower_mask(int width, int height, const float *filled, size_t i, int x, int y)
{
    unsigned m = 0;
    float h = filled[i];
    int d;

    if (x > 0 && y > 0 && x + 1 < width && y + 1 < height) {
        for (d = 0; d < 8; d++) {
            m |= (unsigned)(filled[(size_t)((ptrdiff_t)i + dy8[d] * (ptrdiff_t)width + dx8[d])] <
                            h) << d;
        }
        return m;
    }
    for (d = 0; d < 8; d++) {
        int nx = x + dx8[d], ny = y + dy8[d];
        if (nx >= 0 && ny >= 0 && nx < width && ny < height &&
            filled[(size_t)ny * (size_t)width + (size_t)nx] < h) {
            m |= 1u << d;
        }
    }
    return m;
}

enum og_status
flow_mfd_accumulate(int width, int height, const float *filled, const int32_t *downhill,
                    const float *rain, float *flow, struct og_error *err)
{
    size_t n, k, top = 0, done = 0;
    uint8_t *ndon = NULL, *lower = NULL;
    int32_t *ready = NULL;
    double w[8];
    enum og_status st;

    st = grid_cells(&n, width, height, (size_t)INT32_MAX, "mfd grid", err);
    if (st != OG_OK) {
        return st;
    }
    if ((st = grid_calloc((void **)&ndon, n, 1, "mfd donor counts", err)) ||
        (st = grid_calloc((void **)&lower, n, 1, "mfd receivers", err)) ||
        (st = grid_calloc((void **)&ready, n, sizeof *ready, "mfd ready cells", err))) {
        free(ndon);
        free(lower);
        return st;
    }
    /* Donor counts (at most 8 each) on the graph of MFD receivers, or the
     * D8 receiver on flats; it is acyclic (strict drops, and the flat
     * routing of hydro_route falls strictly along every flat). */
    for (k = 0; k < n; k++) {
        int x = (int)(k % (size_t)width), y = (int)(k / (size_t)width), d;
        unsigned m;
        flow[k] = rain != NULL ? rain[k] : 1.0f;
        if (downhill[k] < 0) {
            continue;
        }
        m = lower_mask(width, height, filled, k, x, y);
        lower[k] = (uint8_t)m;
        if (m != 0) {
            for (d = 0; d < 8; d++) {
                if (m & (1u << d)) {
                    ndon[(size_t)(y + dy8[d]) * (size_t)width + (size_t)(x + dx8[d])]++;
                }
            }
        } else {
            ndon[downhill[k]]++;
        }
    }
    for (k = n; k-- > 0;) {
        if (ndon[k] == 0) {
            ready[top++] = (int32_t)k;
        }
    }
    /* Kahn's order: a cell passes its flow on once all its donors did. */
    while (top > 0) {
        size_t i = (size_t)ready[--top];
        int x = (int)(i % (size_t)width), y = (int)(i / (size_t)width), d;
        unsigned m;
        double sum;
        done++;
        if (downhill[i] < 0) {
            continue;
        }
        m = lower[i];
        if (m != 0) {
            sum = receivers(width, filled, i, m, w);
            for (d = 0; d < 8; d++) {
                if (m & (1u << d)) {
                    size_t j = (size_t)(y + dy8[d]) * (size_t)width + (size_t)(x + dx8[d]);
                    flow[j] += (float)((double)flow[i] * (sum > 0.0 ? w[d] / sum : 0.0));
                    if (--ndon[j] == 0) {
                        ready[top++] = (int32_t)j;
                    }
                }
            }
        } else {
            size_t j = (size_t)downhill[i];
            flow[j] += flow[i];
            if (--ndon[j] == 0) {
                ready[top++] = (int32_t)j;
            }
        }
    }
    free(ndon);
    free(lower);
    free(ready);
    if (done != n) {
        return og_error_set(err, OG_EINVAL, "mfd: the flow graph has a cycle (%zu of %zu cells)",
                            done, n);
    }
    return OG_OK;
}

enum og_status
flow_mfd_river_widths(int width, int height, const float *filled, const int32_t *downhill,
                      const float *rain, double threshold, double width_scale, float *river_width, struct og_error *err)
{
    size_t n = (size_t)width * (size_t)height, i;
    float *flow = NULL;
    enum og_status st;

    st = grid_calloc((void **)&flow, n, sizeof *flow, "mfd flow", err);
    if (st != OG_OK) {
        return st;
    }
    st = flow_mfd_accumulate(width, height, filled, downhill, rain, flow, err);
    if (st == OG_OK) {
        for (i = 0; i < n; i++) {
            if (river_width[i] > 0.0f) {
                double f = flow[i] > 1.0f ? (double)flow[i] : 1.0;
                river_width[i] = (float)(width_scale * sqrt(f / threshold));
            }
        }
    }
    free(flow);
    return st;
}
