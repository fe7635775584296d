/* hydro_balance: closed-basin lakes from a steady water balance
 * (core/hydro/hydro_balance.h). */
#include "config.h"
#include "core/hydro/hydro_balance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/hydro/hydro.h"
#include "core/world.h"

/* The climate of aridity a (clamped to [0, 1]): phi = P / E and the
 * runoff ratio c. */
static void
climate(double aridity, double *phi, double *c)
{
    double a = aridity < 0.0 ? 0.0 : aridity > 1.0 ? 1.0 : aridity;
    *phi = 1.0 - HYDRO_BALANCE_PHI_SPAN * a;
    *c = HYDRO_BALANCE_C_HUMID + (HYDRO_BALANCE_C_ARID - HYDRO_BALANCE_C_HUMID) * a;
}

double
hydro_balance_lake_ratio(double aridity)
{
    double phi, c;
    climate(aridity, &phi, &c);
    return c * phi / (1.0 - phi + c * phi);
}

double
hydro_balance_relative_runoff(double aridity)
{
    double phi, c;
    climate(aridity, &phi, &c);
    return c / HYDRO_BALANCE_C_HUMID;
}

double
hydro_balance_dry_depth_m(double aridity)
{
    double phi, c;
    climate(aridity, &phi, &c);
    return HYDRO_BALANCE_DRY_YEARS * HYDRO_BALANCE_EVAP_M * (1.0 - phi);
}

/* One depression: its members are members[first .. first + count). */
struct depression {
    size_t first, count;
    float spill;
    int32_t lowest; /* its lowest node (smallest index on ties) */
};

/* Highest spill first; ties by the lowest node (an index), so the order is
 * fixed. */
static int
cmp_depression(const void *pa, const void *pb)
{
    const struct depression *a = pa, *b = pb;
    if (a->spill != b->spill) {
        return a->spill > b->spill ? -1 : 1;
    }
    return (a->lowest > b->lowest) - (a->lowest < b->lowest);
}

/* The rising lake's frontier: a binary min-heap of nodes on (height, index). */
static int
lower(const float *elev, int32_t a, int32_t b)
{
    return elev[a] < elev[b] || (elev[a] == elev[b] && a < b);
}

static void
heap_push(int32_t *h, size_t *n, const float *elev, int32_t v)
{
    size_t i = (*n)++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!lower(elev, v, h[p])) {
            break;
        }
        h[i] = h[p];
        i = p;
    }
    h[i] = v;
}

static int32_t
heap_pop(int32_t *h, size_t *n, const float *elev)
{
    int32_t top = h[0], v = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n) {
            break;
        }
        if (c + 1 < *n && lower(elev, h[c + 1], h[c])) {
            c++;
        }
        if (!lower(elev, h[c], v)) {
            break;
        }
        h[i] = h[c];
        i = c;
    }
    if (*n > 0) {
        h[i] = v;
    }
    return top;
}

/* Label the depressions deeper than min_depth: label[i] = its number, -1
 * elsewhere; members in breadth-first order per depression. */
static enum og_status
find_depressions(const struct hydro_graph *g, const float *elev, const float *filled,
                 double min_depth, int32_t *label, int32_t *members, struct depression **out,
                 size_t *nout, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    struct depression *dep = NULL;
    size_t i, tail = 0, nd = 0, cap = 0;

    for (i = 0; i < g->n; i++) {
        label[i] = -1;
    }
    for (i = 0; i < g->n; i++) {
        size_t head = tail, first = tail;
        double deepest = 0.0;
        int32_t lowest = (int32_t)i;
        if (label[i] != -1 || !(filled[i] > elev[i])) {
            continue;
        }
        if (nd == cap) {
            size_t nc = cap != 0 ? 2 * cap : 64;
            struct depression *d = realloc(dep, nc * sizeof *d);
            if (d == NULL) {
                free(dep);
                return og_error_set(err, OG_ENOMEM, "hydrology: out of memory for basins");
            }
            dep = d;
            cap = nc;
        }
        label[i] = (int32_t)nd;
        members[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = members[head++];
            int k, cnt = hydro_neighbors(g, (size_t)c, nb);
            double d = (double)filled[c] - (double)elev[c];
            deepest = d > deepest ? d : deepest;
            lowest = lower(elev, c, lowest) ? c : lowest;
            for (k = 0; k < cnt; k++) {
                int32_t m = nb[k];
                if (label[m] == -1 && filled[m] > elev[m] && filled[m] == filled[i]) {
                    label[m] = (int32_t)nd;
                    members[tail++] = m;
                }
            }
        }
        if (deepest > min_depth) {
            dep[nd].first = first;
            dep[nd].count = tail - first;
            dep[nd].spill = filled[i];
            dep[nd].lowest = lowest;
            nd++;
        } else { /* too shallow to hold a lake: forget it */
            size_t k;
            for (k = first; k < tail; k++) {
                label[members[k]] = -2;
            }
            tail = first;
        }
    }
    *out = dep;
    *nout = nd;
    return OG_OK;
}

/* Nothing leaves a closed lake: take D's outflow off the way down. */
static void
take_outflow(const struct depression *D, const int32_t *mem, const int32_t *label,
             const int32_t *downhill, float *q)
{
    size_t i;
    for (i = 0; i < D->count; i++) {
        int32_t m = mem[i], j = downhill[m];
        float out;
        if (j < 0 || label[j] == D->lowest) {
            continue;
        }
        out = q[m];
        for (; j >= 0; j = downhill[j]) {
            q[j] -= out;
        }
    }
}

/* Fill one closed depression (its count nodes mem, labelled id) with
 * want_n nodes of water from its lowest point, on heights smoothed over each
 * node's neighbours; marks lake and level, returns the nodes under water.
 * key, heap and taken are scratch (n, big and big entries). */
static size_t
fill_closed_lake(const struct hydro_graph *g, const float *elev, const int32_t *mem,
                 size_t count, int32_t id, size_t want_n, const int32_t *label, float *key,
                 int32_t *heap, int32_t *taken, size_t big, uint8_t *lake, float *level)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int32_t start;
    size_t i, k, nh = 0, nt = 0, nr = 0;
    float lv;

    /* A DEM's noise on a basin floor (SRTM's is metres) is larger than
       a playa's depth, so the water rises on the heights averaged over
       each node and its neighbours: the lake grows as one patch instead
       of picking out the noise's low spots. */
    start = mem[0];
    for (i = 0; i < count; i++) {
        int32_t m = mem[i];
        int cnt = hydro_neighbors(g, (size_t)m, nb);
        double sum = elev[m];
        for (k = 0; k < (size_t)cnt; k++) {
            sum += elev[nb[k]];
        }
        key[m] = (float)(sum / (double)(cnt + 1));
    }
    for (i = 1; i < count; i++) {
        start = lower(key, mem[i], start) ? mem[i] : start;
    }
    /* the water rises from the lowest node (3: on the frontier) */
    lake[start] = 3;
    heap_push(heap, &nh, key, start);
    lv = elev[start];
    while (nh > 0) {
        int32_t c = heap_pop(heap, &nh, key);
        int cnt;
        if (nt >= want_n && !(elev[c] < lv)) {
            lake[c] = 5; /* above the level reached: dry (5: seen) */
            taken[big - 1 - nr++] = c; /* the dry ones from the back */
            continue;
        }
        /* the level is the highest node under water; once the lake has
           its area it still covers every node below that level it
           reaches, so the noise leaves no holes in it */
        taken[nt++] = c;
        lake[c] = LAKE_WATER;
        lv = nt <= want_n && elev[c] > lv ? elev[c] : lv;
        cnt = hydro_neighbors(g, (size_t)c, nb);
        for (k = 0; k < (size_t)cnt; k++) {
            int32_t m = nb[k];
            if (label[m] == id && lake[m] == LAKE_NONE) {
                lake[m] = 3;
                heap_push(heap, &nh, key, m);
            }
        }
    }
    for (k = 0; k < nr; k++) {
        lake[taken[big - 1 - k]] = LAKE_NONE;
    }
    for (k = 0; k < nt; k++) {
        level[taken[k]] = lv;
    }
    return nt;
}

enum og_status
hydro_balance_lakes(const struct hydro_graph *g, const float *elev, const float *filled,
                    const int32_t *downhill, const float *flow, double min_depth, double ratio,
                    uint8_t *lake, float *level, struct hydro_balance_stats *stats,
                    struct og_error *err)
{
    int32_t *label = NULL, *members = NULL, *heap = NULL, *taken = NULL;
    float *q = NULL, *key = NULL;
    struct depression *dep = NULL;
    size_t n = g->n, nd = 0, d, i, big = 1;
    enum og_status st;

    memset(stats, 0, sizeof *stats);
    if (!isfinite(ratio) || ratio < 0.0) {
        return og_error_set(err, OG_EINVAL, "hydrology: lake ratio %g is not a share", ratio);
    }
    memset(lake, 0, n);
    st = grid_calloc((void **)&label, n, sizeof *label, "basin labels", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&members, n, sizeof *members, "basin members", err);
    }
    if (st == OG_OK) {
        st = find_depressions(g, elev, filled, min_depth, label, members, &dep, &nd, err);
    }
    if (st != OG_OK || nd == 0) {
        goto done;
    }
    for (d = 0; d < nd; d++) {
        big = dep[d].count > big ? dep[d].count : big;
    }
    /* the flow that is still on its way: closed lakes upstream keep theirs */
    st = grid_calloc((void **)&q, n, sizeof *q, "basin inflow", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&heap, big, sizeof *heap, "lake frontier", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&taken, big, sizeof *taken, "lake nodes", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&key, n, sizeof *key, "lake heights", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    memcpy(q, flow, n * sizeof *q);
    /* The labels are renumbered by the sort: keep them as the depression's
       lowest node instead, which the sort carries along. */
    for (d = 0; d < nd; d++) {
        for (i = dep[d].first; i < dep[d].first + dep[d].count; i++) {
            label[members[i]] = dep[d].lowest;
        }
    }
    qsort(dep, nd, sizeof *dep, cmp_depression);
    for (d = 0; d < nd; d++) {
        const struct depression *D = &dep[d];
        const int32_t *mem = members + D->first;
        int32_t id = D->lowest;
        double inflow = 0.0, want;
        size_t want_n, nt;

        for (i = 0; i < D->count; i++) {
            int32_t m = mem[i], j = downhill[m];
            if (j < 0 || label[j] != id) {
                inflow += (double)q[m];
            }
        }
        inflow = inflow > 0.0 ? inflow : 0.0;
        want = ratio * inflow;
        if (!(want < (double)D->count)) {
            continue; /* it overflows: a lake at its spill height */
        }
        want_n = (size_t)floor(want + 0.5);
        if (want_n == 0) { /* a lake smaller than half a node: its floor is a sink */
            lake[id] = HYDRO_BALANCE_SINK;
            level[id] = elev[id];
            stats->closed++;
            stats->sinks++;
            stats->absorbed += inflow;
            take_outflow(D, mem, label, downhill, q);
            continue;
        }
        nt = fill_closed_lake(g, elev, mem, D->count, id, want_n, label, key, heap, taken,
                              big, lake, level);
        stats->closed++;
        stats->lake_nodes += nt;
        stats->absorbed += inflow;
        take_outflow(D, mem, label, downhill, q);
    }
done:
    free(label);
    free(members);
    free(heap);
    free(taken);
    free(q);
    free(key);
    free(dep);
    return st;
}

enum og_status
hydro_balance_ephemeral(const struct hydro_graph *g, const float *elev, const float *filled,
                        double dry_depth, uint8_t *lake, size_t *playas, size_t *playa_nodes,
                        struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    uint8_t *seen = NULL;
    int32_t *queue = NULL;
    size_t i, n = g->n, np = 0, nn = 0;
    enum og_status st = grid_calloc((void **)&seen, n, 1, "lake marks", err);

    if (st == OG_OK) {
        st = grid_calloc((void **)&queue, n, sizeof *queue, "lake queue", err);
    }
    for (i = 0; st == OG_OK && i < n; i++) {
        size_t head = 0, tail = 0, k;
        double depth = 0.0;
        if (seen[i] || lake[i] != LAKE_WATER) {
            continue;
        }
        seen[i] = 1;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = queue[head++];
            int j, cnt = hydro_neighbors(g, (size_t)c, nb);
            depth += (double)filled[c] - (double)elev[c];
            for (j = 0; j < cnt; j++) {
                int32_t m = nb[j];
                if (!seen[m] && lake[m] == LAKE_WATER && filled[m] == filled[i]) {
                    seen[m] = 1;
                    queue[tail++] = m;
                }
            }
        }
        if (depth / (double)tail < dry_depth) {
            for (k = 0; k < tail; k++) {
                lake[queue[k]] = LAKE_PLAYA;
            }
            np++;
            nn += tail;
        }
    }
    if (st == OG_OK) {
        *playas = np;
        *playa_nodes = nn;
    }
    free(seen);
    free(queue);
    return st;
}
