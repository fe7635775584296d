#include "config.h"
#include "core/flow_mfd.h"

#include <math.h>
#include <stdlib.h>

#include "core/grid.h"

#define MFD_EXPONENT 1.1

/* 64-bit key increasing with (filled, rank): order-preserving float bits in
 * the high half, rank in the low half. */
static uint64_t
flood_key(float h, uint32_t rank)
{
    union {
        float f;
        uint32_t u;
    } v;
    v.f = h;
    v.u = (v.u & 0x80000000u) ? ~v.u : v.u | 0x80000000u;
    return (uint64_t)v.u << 32 | rank;
}

static int
cmp_desc(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? 1 : (x > y ? -1 : 0);
}

enum og_status
flow_mfd_accumulate(int width, int height, const float *filled, const uint32_t *rank,
                    const int32_t *downhill, const float *rain, float *flow,
                    struct og_error *err)
{
    static const int dx[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
    static const int dy[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
    size_t n, k;
    uint64_t *keys = NULL;
    uint32_t *cell = NULL;
    enum og_status st;

    st = grid_cells(&n, width, height, (size_t)INT32_MAX, "mfd grid", err);
    if (st != OG_OK) {
        return st;
    }
    /* Ranks are distinct (the flood's visiting order), so the keys are and
     * a key's low half, the rank, finds its cell again after the sort. */
    if ((st = grid_calloc((void **)&keys, n, sizeof *keys, "mfd order", err)) ||
        (st = grid_calloc((void **)&cell, n, sizeof *cell, "mfd rank index", err))) {
        free(keys);
        return st;
    }
    for (k = 0; k < n; k++) {
        keys[k] = flood_key(filled[k], rank[k]);
        cell[rank[k] < n ? rank[k] : 0] = (uint32_t)k;
        flow[k] = rain != NULL ? rain[k] : 1.0f;
    }
    qsort(keys, n, sizeof *keys, cmp_desc);
    for (k = 0; k < n; k++) {
        uint32_t i = cell[(uint32_t)keys[k]];
        int x = (int)(i % (uint32_t)width), y = (int)(i / (uint32_t)width), d;
        double w[8], sum = 0.0;
        float h = filled[i];
        for (d = 0; d < 8; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            w[d] = 0.0;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                continue;
            }
            {
                size_t j = (size_t)ny * (size_t)width + (size_t)nx;
                double drop = (double)h - (double)filled[j];
                if (drop > 0.0) {
                    w[d] = pow(drop / ((d & 1) ? 1.4142135623730951 : 1.0), MFD_EXPONENT);
                    sum += w[d];
                }
            }
        }
        if (sum > 0.0 && downhill[i] >= 0) {
            for (d = 0; d < 8; d++) {
                if (w[d] > 0.0) {
                    size_t j = (size_t)(y + dy[d]) * (size_t)width + (size_t)(x + dx[d]);
                    flow[j] += (float)((double)flow[i] * (w[d] / sum));
                }
            }
        } else if (downhill[i] >= 0) {
            flow[downhill[i]] += flow[i];
        }
    }
    free(keys);
    free(cell);
    return OG_OK;
}

enum og_status
flow_mfd_river_widths(int width, int height, const float *filled, const uint32_t *rank,
                      const int32_t *downhill, const float *rain, double threshold,
                      double width_scale, float *river_width, struct og_error *err)
{
    size_t n = (size_t)width * (size_t)height, i;
    float *flow = NULL;
    enum og_status st;

    st = grid_calloc((void **)&flow, n, sizeof *flow, "mfd flow", err);
    if (st != OG_OK) {
        return st;
    }
    st = flow_mfd_accumulate(width, height, filled, rank, downhill, rain, flow, err);
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
