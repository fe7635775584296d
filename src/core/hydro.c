#include "config.h"
#include "core/hydro.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core/grid.h"
#include "core/mesh.h"
#include "core/moisture.h"
#include "core/params.h"
#include "core/pipeline.h"
#include "core/world.h"

/* Node states during a flood. */
#define ST_DONE 1u    /* reached: filled and rank are final */
#define ST_BORDER 2u  /* grid border cell: neighbours need bounds checks */
#define ST_SCANNED 4u /* looked at while searching a component without outlet */

#define TICK_MASK 0xffffu

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

/* Grid neighbours with bounds checks (border cells). */
static int
grid_nbrs_checked(const struct hydro_graph *g, size_t i, int32_t *out)
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
            return grid_nbrs_checked(g, i, out);
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
            return grid_nbrs_checked(g, i, out);
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
        cnt = mesh_cell_neighbors(g->mesh, (int32_t)i, out, HYDRO_MAX_DEGREE);
        return cnt < HYDRO_MAX_DEGREE ? cnt : HYDRO_MAX_DEGREE;
    }
    return 0;
}

static int
is_grid(const struct hydro_graph *g)
{
    return g->kind == HYDRO_GRID8 || g->kind == HYDRO_GRID4;
}

static int
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

/* --- binary min-heap on (level, node) --------------------------------------- */

struct heap_item {
    float h;
    int32_t i;
};

/* A 4-ary heap: half the levels of a binary heap, and the four children of
 * a node share one 32-byte block (the array is offset by 3 slots on a
 * 64-byte boundary), so a sift-down touches one cache line per level. */
#define HEAP_PAD 3

struct heap {
    struct heap_item *mem; /* allocation; items live at mem[HEAP_PAD + k] */
    struct heap_item *a;
    size_t len, cap;
};

static inline int
item_less(struct heap_item x, struct heap_item y)
{
    return x.h < y.h || (x.h == y.h && x.i < y.i);
}

static int
heap_grow(struct heap *hp)
{
    size_t cap = hp->cap != 0 ? hp->cap * 2 : 4096, bytes;
    struct heap_item *mem;

    if (cap > SIZE_MAX / sizeof *mem - 64) {
        return -1;
    }
    bytes = (cap + HEAP_PAD + 8) * sizeof *mem;
    bytes = (bytes + 63) / 64 * 64;
    mem = aligned_alloc(64, bytes);
    if (mem == NULL) {
        return -1;
    }
    if (hp->len > 0) {
        memcpy(mem + HEAP_PAD, hp->a, hp->len * sizeof *mem);
    }
    free(hp->mem);
    hp->mem = mem;
    hp->a = mem + HEAP_PAD;
    hp->cap = cap;
    return 0;
}

static int
heap_push(struct heap *hp, float h, int32_t i)
{
    struct heap_item it = { h, i };
    size_t k;

    if (hp->len == hp->cap && heap_grow(hp) != 0) {
        return -1;
    }
    k = hp->len++;
    while (k > 0) {
        size_t p = (k - 1) / 4;
        if (!item_less(it, hp->a[p])) {
            break;
        }
        hp->a[k] = hp->a[p];
        k = p;
    }
    hp->a[k] = it;
    return 0;
}

static int32_t
heap_pop(struct heap *hp, float *level)
{
    struct heap_item top = hp->a[0], last = hp->a[--hp->len];
    size_t k = 0, n = hp->len;

    for (;;) {
        size_t c = 4 * k + 1, j, best;
        if (c >= n) {
            break;
        }
        best = c;
        for (j = c + 1; j < c + 4 && j < n; j++) {
            if (item_less(hp->a[j], hp->a[best])) {
                best = j;
            }
        }
        if (!item_less(hp->a[best], last)) {
            break;
        }
        hp->a[k] = hp->a[best];
        k = best;
    }
    if (n > 0) {
        hp->a[k] = last;
    }
    *level = top.h;
    return top.i;
}

/* A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990) on the float bits:
 * a monotone priority queue, valid because a priority-flood never pushes a
 * level below the one it last popped. Pushes are O(1) appends and each item
 * moves between at most 32 buckets, all sequential memory: far fewer cache
 * misses than a heap of millions of items. Used by the fast method. */
struct radix_item {
    uint32_t key;
    int32_t i;
};

struct radix {
    struct radix_item *b[33];
    size_t len[33], cap[33];
    uint32_t last; /* key of the last pop; every key in the queue is >= it */
    size_t size;
};

/* Order-preserving map of a float onto uint32. */
static inline uint32_t
radix_key(float h)
{
    uint32_t u;
    memcpy(&u, &h, sizeof u);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

/* The inverse of radix_key. */
static inline float
radix_level(uint32_t k)
{
    uint32_t u = (k & 0x80000000u) != 0 ? (k & 0x7fffffffu) : ~k;
    float h;
    memcpy(&h, &u, sizeof h);
    return h;
}

static inline int
radix_bucket(uint32_t k, uint32_t last)
{
    uint32_t x = k ^ last;
    int b = 0;
    if (x == 0) {
        return 0;
    }
#if defined(__GNUC__)
    b = 32 - __builtin_clz(x);
#else
    while (x != 0) {
        x >>= 1;
        b++;
    }
#endif
    return b;
}

static int
radix_append(struct radix *r, int b, struct radix_item it)
{
    if (r->len[b] == r->cap[b]) {
        size_t cap = r->cap[b] != 0 ? r->cap[b] * 2 : 1024;
        struct radix_item *a;
        if (cap > SIZE_MAX / sizeof *a) {
            return -1;
        }
        a = realloc(r->b[b], cap * sizeof *a);
        if (a == NULL) {
            return -1;
        }
        r->b[b] = a;
        r->cap[b] = cap;
    }
    r->b[b][r->len[b]++] = it;
    return 0;
}

static int
radix_push(struct radix *r, float h, int32_t i)
{
    struct radix_item it;
    it.key = radix_key(h);
    it.i = i;
    assert(it.key >= r->last);
    r->size++;
    return radix_append(r, radix_bucket(it.key, r->last), it);
}

/* Pop a node with the smallest level into *out; the queue must not be
 * empty. Ties come out last in, first out, which is deterministic. Returns
 * -1 when memory runs out while redistributing. */
static int
radix_pop(struct radix *r, int32_t *out, float *level)
{
    if (r->len[0] == 0) {
        int b = 1;
        size_t k, n;
        uint32_t lo = UINT32_MAX;
        while (r->len[b] == 0) {
            b++;
        }
        n = r->len[b];
        for (k = 0; k < n; k++) {
            lo = r->b[b][k].key < lo ? r->b[b][k].key : lo;
        }
        r->last = lo;
        r->len[b] = 0;
        /* Every item lands in a lower bucket (its bits above bucket b agree
         * with the new minimum's). */
        for (k = 0; k < n; k++) {
            struct radix_item it = r->b[b][k];
            if (radix_append(r, radix_bucket(it.key, lo), it) != 0) {
                return -1;
            }
        }
    }
    r->size--;
    r->len[0]--;
    *out = r->b[0][r->len[0]].i;
    *level = radix_level(r->b[0][r->len[0]].key);
    return 0;
}

static void
radix_fini(struct radix *r)
{
    int b;
    for (b = 0; b < 33; b++) {
        free(r->b[b]);
    }
}

/* --- priority-flood ---------------------------------------------------------- */

/* Ask for transparent huge pages on the 2 MiB-aligned interior of a large
 * array (a hint; ignored where unsupported). The flood front touches three
 * rows per node spread over the whole grid, so with 4 KiB pages nearly every
 * row is a TLB miss; huge pages made the 4000 x 4000 bench 5-10 % faster. */
static void
hint_huge_pages(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1);
    uintptr_t b = ((uintptr_t)p + bytes) & ~(huge - 1);
    if (p != NULL && b > a) {
        (void)madvise((void *)a, (size_t)(b - a), MADV_HUGEPAGE);
    }
#else
    (void)p;
    (void)bytes;
#endif
}

struct flood {
    const struct hydro_graph *g;
    const float *elev;  /* heights of unreached nodes: aliases filled */
    float *filled;
    uint32_t *rank;
    uint8_t *state;
    int32_t *pit;       /* FIFO of cells at the current level (depressions, flats) */
    size_t pit_head, pit_tail;
    float pit_level;    /* the one filled height of every cell in the pit FIFO */
    int32_t *trace;     /* FIFO of slope cells found by tracing upward (fast method) */
    size_t trace_len;
    struct heap heap;   /* plain method */
    struct radix rq;    /* fast method */
    uint32_t next_rank;
    size_t done, next_tick;
    struct run_ctx *ctx;
};

static inline void
visit(struct flood *f, int32_t i, float h)
{
    f->state[i] |= ST_DONE;
    f->filled[i] = h;
    if (f->rank != NULL) {
        f->rank[i] = f->next_rank;
    }
    f->next_rank++;
    f->done++;
}

static enum og_status
flood_tick(struct flood *f)
{
    /* done grows by several nodes per expansion: compare, don't mask */
    if (f->done >= f->next_tick && f->ctx != NULL) {
        f->next_tick = f->done + TICK_MASK + 1;
        return pipeline_tick(f->ctx, (double)f->done / (double)f->g->n);
    }
    return OG_OK;
}

/* Seed the lowest node (smallest index on ties) of the next component that
 * the flood has not reached, i.e. one that holds no outlet. The component is
 * walked breadth-first with the pit array as scratch; each node is scanned at
 * most once over the whole run, so all searches together cost O(n).
 * Returns 0 when every node is done. */
static int
seed_next_component(struct flood *f, size_t *cursor)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t s, head, tail;
    int32_t best;

    while (*cursor < f->g->n && (f->state[*cursor] & (ST_DONE | ST_SCANNED)) != 0) {
        (*cursor)++;
    }
    if (*cursor >= f->g->n) {
        return 0;
    }
    s = *cursor;
    best = (int32_t)s;
    head = tail = 0;
    f->state[s] |= ST_SCANNED;
    f->pit[tail++] = (int32_t)s;
    while (head < tail) {
        int32_t c = f->pit[head++];
        int k, cnt = nbrs(f->g, (size_t)c, (f->state[c] & ST_BORDER) != 0, nb);
        if (f->elev[c] < f->elev[best] || (f->elev[c] == f->elev[best] && c < best)) {
            best = c;
        }
        for (k = 0; k < cnt; k++) {
            if ((f->state[nb[k]] & (ST_DONE | ST_SCANNED)) == 0) {
                f->state[nb[k]] |= ST_SCANNED;
                f->pit[tail++] = nb[k];
            }
        }
    }
    visit(f, best, f->elev[best]);
    /* The queues are empty: a new component may lie lower than anything
     * popped so far, so the radix heap starts afresh. */
    f->rq.last = 0;
    f->pit_head = f->pit_tail = 0;
    f->pit[f->pit_tail++] = best;
    f->pit_level = f->elev[best];
    return 1;
}

/* Reach the unprocessed neighbours of c, whose filled height is final:
 * neighbours at or below it are raised to it and queued in the pit FIFO;
 * higher ones keep their height and go to the heap (plain method) or are
 * traced up the slope (fast method). */
static inline int
expand(struct flood *f, int32_t c, float level, int fast)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int k, cnt = nbrs(f->g, (size_t)c, (f->state[c] & ST_BORDER) != 0, nb);

    for (k = 0; k < cnt; k++) {
        int32_t n = nb[k];
        float e;
        if ((f->state[n] & ST_DONE) != 0) {
            continue;
        }
        e = f->elev[n];
        if (e <= level) {
            visit(f, n, level);
            f->pit[f->pit_tail++] = n;
            f->pit_level = level;
        } else {
            visit(f, n, e);
            if (fast) {
                f->trace[f->trace_len++] = n;
            } else if (heap_push(&f->heap, e, n) != 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* Fast method: a slope cell t (filled == elev) was reached. Every unreached
 * neighbour at least as high is final at its own height (the path through t
 * never rises above it) and is traced further; if t also has a lower
 * unreached neighbour, that one's spill height is not known yet, so t waits
 * in the heap at its own height like in the plain method. */
/* Will the unreached node m be reached at a level no higher than its own
 * before the current trace cell could be popped? True when a reached
 * neighbour v has filled[v] <= elev[m]: v is still waiting in a queue (a
 * reached node whose expansion is over has no unreached neighbour at or
 * above its level, and a traced node with a lower unreached neighbour sits
 * in the priority queue at filled[v] < the trace cell's level), and its
 * expansion reaches m. Then the trace cell need not wait in the priority
 * queue for m's sake: most such entries would pop with nothing left to do. */
static inline int
covered(const struct flood *f, int32_t m)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    float em = f->elev[m];
    int k, cnt = nbrs(f->g, (size_t)m, (f->state[m] & ST_BORDER) != 0, nb);

    for (k = 0; k < cnt; k++) {
        int32_t v = nb[k];
        if ((f->state[v] & ST_DONE) != 0 && f->filled[v] <= em) {
            return 1;
        }
    }
    return 0;
}

static int
drain_trace(struct flood *f)
{
    int32_t nb[HYDRO_MAX_DEGREE];

    size_t head = 0;

    /* Breadth-first: the traced front climbs evenly, so fewer slope cells are
     * left with a lower unreached neighbour (and need the heap) than with a
     * depth-first walk. */
    while (head < f->trace_len) {
        int32_t t = f->trace[head++];
        float et = f->elev[t];
        int k, lower = 0, cnt = nbrs(f->g, (size_t)t, (f->state[t] & ST_BORDER) != 0, nb);
        for (k = 0; k < cnt; k++) {
            int32_t m = nb[k];
            if ((f->state[m] & ST_DONE) != 0) {
                continue;
            }
            if (f->elev[m] >= et) {
                visit(f, m, f->elev[m]);
                f->trace[f->trace_len++] = m;
            } else if (!lower && !covered(f, m)) {
                lower = 1;
            }
        }
        if (lower && radix_push(&f->rq, et, t) != 0) {
            return -1;
        }
    }
    f->trace_len = 0;
    return 0;
}

enum og_status
hydro_priority_flood(const struct hydro_graph *g, const float *elev, const uint8_t *outlet,
                     enum hydro_flood_method method, float *filled, uint32_t *rank,
                     struct run_ctx *ctx, struct og_error *err)
{
    struct flood f;
    enum og_status st;
    size_t i, cursor = 0;
    int fast = method == HYDRO_FLOOD_FAST;
    int32_t c;

    memset(&f, 0, sizeof f);
    if (g->n >= (size_t)UINT32_MAX - 1 || g->n > (size_t)INT32_MAX) {
        return og_error_set(err, OG_ERANGE, "hydrology: %zu nodes exceed %d", g->n, INT32_MAX);
    }
    if (g->n == 0) {
        return OG_OK;
    }
    for (i = 0; i < g->n; i++) {
        if (!isfinite(elev[i])) {
            return og_error_set(err, OG_EINVAL, "hydrology: elevation of node %zu is not finite",
                                i);
        }
    }
    f.g = g;
    /* Work in place on a copy: until a node is reached its filled value is
     * its own height, and only unreached nodes' heights are ever read (a
     * traced node is not raised), so the flood touches one float array
     * instead of two. */
    hint_huge_pages(filled, g->n * sizeof *filled);
    hint_huge_pages(rank, rank != NULL ? g->n * sizeof *rank : 0);
    memmove(filled, elev, g->n * sizeof *filled);
    f.elev = filled;
    f.filled = filled;
    f.rank = rank;
    f.ctx = ctx;
    st = grid_calloc((void **)&f.state, g->n, 1, "flood state", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&f.pit, g->n, sizeof *f.pit, "flood queue", err);
    }
    if (st == OG_OK && fast) {
        st = grid_calloc((void **)&f.trace, g->n, sizeof *f.trace, "flood trace", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    hint_huge_pages(f.state, g->n);
    hint_huge_pages(f.pit, g->n * sizeof *f.pit);
    if (is_grid(g)) {
        size_t w = (size_t)g->width, h = (size_t)g->height;
        for (i = 0; i < w; i++) {
            f.state[i] |= ST_BORDER;
            f.state[(h - 1) * w + i] |= ST_BORDER;
        }
        for (i = 0; i < h; i++) {
            f.state[i * w] |= ST_BORDER;
            f.state[i * w + w - 1] |= ST_BORDER;
        }
    }
    for (i = 0; i < g->n; i++) {
        if (outlet[i] != 0) {
            visit(&f, (int32_t)i, elev[i]);
            if ((fast ? radix_push(&f.rq, elev[i], (int32_t)i) : heap_push(&f.heap, elev[i],
                                                                            (int32_t)i)) != 0) {
                goto nomem;
            }
        }
    }
    for (;;) {
        float level;
        /* The level travels with the queue entry, so the popped cell's own
         * filled height (usually a cache miss) is never read. */
        if (f.pit_head < f.pit_tail) {
            level = f.pit_level;
            c = f.pit[f.pit_head++];
            if (f.pit_head == f.pit_tail) {
                f.pit_head = f.pit_tail = 0;
            }
        } else if (!fast && f.heap.len > 0) {
            c = heap_pop(&f.heap, &level);
        } else if (fast && f.rq.size > 0) {
            if (radix_pop(&f.rq, &c, &level) != 0) {
                goto nomem;
            }
        } else if (f.done < g->n && seed_next_component(&f, &cursor)) {
            continue;
        } else {
            break;
        }
        if (expand(&f, c, level, fast) != 0 || (fast && drain_trace(&f) != 0)) {
            goto nomem;
        }
        if ((st = flood_tick(&f)) != OG_OK) {
            og_error_set(err, st, "hydrology: cancelled");
            goto done;
        }
    }
    assert(f.done == g->n);
    st = OG_OK;
    goto done;
nomem:
    st = og_error_set(err, OG_ENOMEM, "hydrology: out of memory for the flood queues");
done:
    free(f.state);
    free(f.pit);
    free(f.trace);
    free(f.heap.mem);
    radix_fini(&f.rq);
    return st;
}

/* --- routing and accumulation ------------------------------------------------ */

enum og_status
hydro_route(const struct hydro_graph *g, const float *filled, const uint32_t *rank,
            const uint8_t *outlet, int32_t *downhill, struct run_ctx *ctx, struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    size_t i, x = 0, y = 0, w = (size_t)g->width, h = (size_t)g->height;
    int grid = is_grid(g);

    for (i = 0; i < g->n; i++) {
        int32_t best = -1;
        float bf;
        uint32_t br;
        int k, cnt, border = 0;

        if ((i & TICK_MASK) == 0 && ctx != NULL && pipeline_tick(ctx, (double)i / (double)g->n)) {
            return og_error_set(err, OG_ECANCELED, "hydrology: cancelled");
        }
        if (grid) {
            /* (x, y) of cell i, advanced without a division */
            if (i != 0 && ++x == w) {
                x = 0;
                y++;
            }
            border = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
        }
        if (outlet[i] != 0) {
            downhill[i] = -1;
            continue;
        }
        cnt = nbrs(g, i, border, nb);
        bf = filled[i];
        br = rank[i];
        for (k = 0; k < cnt; k++) {
            int32_t n = nb[k];
            if (filled[n] < bf || (filled[n] == bf && rank[n] < br)) {
                best = n;
                bf = filled[n];
                br = rank[n];
            }
        }
        downhill[i] = best;
    }
    return OG_OK;
}

#define DONOR_DONE UINT32_MAX

enum og_status
hydro_accumulate(size_t n, const int32_t *downhill, const float *rain, float *flow,
                 struct run_ctx *ctx, struct og_error *err)
{
    uint32_t *ndon = NULL;
    size_t i, processed = 0;
    enum og_status st;

    st = grid_calloc((void **)&ndon, n, sizeof *ndon, "donor counts", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t d = downhill[i];
        flow[i] = rain != NULL ? rain[i] : 1.0f;
        if (d >= 0) {
            if ((size_t)d >= n) {
                free(ndon);
                return og_error_set(err, OG_EINVAL, "downhill[%zu] = %ld is not a node", i,
                                    (long)d);
            }
            ndon[d]++;
        }
    }
    /* Walk each chain from a node whose donors are all done as far down as
     * the next node still waiting for other donors. */
    for (i = 0; i < n; i++) {
        size_t j = i;
        if (ndon[i] != 0) {
            continue;
        }
        for (;;) {
            int32_t d = downhill[j];
            ndon[j] = DONOR_DONE;
            processed++;
            if (d < 0) {
                break;
            }
            flow[d] += flow[j];
            if (--ndon[d] != 0) {
                break;
            }
            j = (size_t)d;
        }
        if ((i & TICK_MASK) == 0 && ctx != NULL && pipeline_tick(ctx, (double)i / (double)n)) {
            free(ndon);
            return og_error_set(err, OG_ECANCELED, "hydrology: cancelled");
        }
    }
    free(ndon);
    if (processed != n) {
        return og_error_set(err, OG_EINVAL, "downhill graph has a cycle (%zu of %zu nodes drain)",
                            processed, n);
    }
    return OG_OK;
}

void
hydro_fill_stats(size_t n, const float *elev, const float *filled, struct hydro_fill_stats *out)
{
    size_t i;
    memset(out, 0, sizeof *out);
    for (i = 0; i < n; i++) {
        double d = (double)filled[i] - (double)elev[i];
        if (filled[i] > elev[i]) {
            out->raised++;
            out->sum_raise += d;
            if (d > out->max_raise) {
                out->max_raise = d;
                out->max_at = i;
            }
        }
    }
}

/* --- lakes and rivers -------------------------------------------------------- */

enum og_status
hydro_lakes(const struct hydro_graph *g, const float *elev, const float *filled,
            double min_depth, uint8_t *lake, size_t *nlakes, size_t *lake_nodes,
            struct og_error *err)
{
    int32_t nb[HYDRO_MAX_DEGREE];
    int32_t *label = NULL, *queue = NULL;
    double *depth = NULL;
    size_t ndep = 0, cap = 0, i, nl = 0, nn = 0;
    enum og_status st;

    st = grid_calloc((void **)&label, g->n, sizeof *label, "lake labels", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&queue, g->n, sizeof *queue, "lake queue", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    for (i = 0; i < g->n; i++) {
        label[i] = -1;
    }
    for (i = 0; i < g->n; i++) {
        size_t head = 0, tail = 0;
        double deepest = 0.0;
        if (label[i] >= 0 || !(filled[i] > elev[i])) {
            continue;
        }
        if (ndep == cap) {
            size_t nc = cap != 0 ? cap * 2 : 64;
            double *d = realloc(depth, nc * sizeof *d);
            if (d == NULL) {
                st = og_error_set(err, OG_ENOMEM, "hydrology: out of memory for lakes");
                goto done;
            }
            depth = d;
            cap = nc;
        }
        label[i] = (int32_t)ndep;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t c = queue[head++];
            int k, cnt = hydro_neighbors(g, (size_t)c, nb);
            double d = (double)filled[c] - (double)elev[c];
            deepest = d > deepest ? d : deepest;
            for (k = 0; k < cnt; k++) {
                int32_t m = nb[k];
                if (label[m] < 0 && filled[m] > elev[m] && filled[m] == filled[i]) {
                    label[m] = (int32_t)ndep;
                    queue[tail++] = m;
                }
            }
        }
        depth[ndep++] = deepest;
        if (deepest > min_depth) {
            nl++;
        }
    }
    for (i = 0; i < g->n; i++) {
        lake[i] = (uint8_t)(label[i] >= 0 && depth[label[i]] > min_depth);
        nn += lake[i];
    }
    if (nlakes != NULL) {
        *nlakes = nl;
    }
    if (lake_nodes != NULL) {
        *lake_nodes = nn;
    }
done:
    free(label);
    free(queue);
    free(depth);
    return st;
}

enum og_status
hydro_rivers(size_t n, const int32_t *downhill, const float *flow, const uint8_t *lake,
             double threshold, double width_scale, float *width, size_t *sources,
             struct og_error *err)
{
    uint8_t *fed = NULL;
    size_t i, ns = 0;
    enum og_status st;

    if (!(threshold > 0.0)) {
        return og_error_set(err, OG_ERANGE, "river threshold %g must be positive", threshold);
    }
    st = grid_calloc((void **)&fed, n, 1, "river donors", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        int river = flow[i] >= threshold;
        width[i] = river && (lake == NULL || lake[i] == 0)
                       ? (float)(width_scale * sqrt((double)flow[i] / threshold))
                       : 0.0f;
        if (river && downhill[i] >= 0) {
            fed[downhill[i]] = 1;
        }
    }
    for (i = 0; i < n; i++) {
        ns += flow[i] >= threshold && fed[i] == 0;
    }
    free(fed);
    if (sources != NULL) {
        *sources = ns;
    }
    return OG_OK;
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

/* --- the stage ------------------------------------------------------------------ */

struct stage_bufs {
    float *elev;      /* mesh: vertex elevation (owned); grid: w->elevation */
    float *rain;
    uint8_t *outlet;
    uint8_t *wet;     /* node lies in the sea: no rain */
    uint32_t *rank;
};

/* Node position for stats: grid cell (x, y), mesh circumcentre. */
static void
node_pos(const struct world *w, size_t i, double *x, double *y)
{
    if (w->kind == WORLD_GRID) {
        *x = (double)(i % (size_t)w->width);
        *y = (double)(i / (size_t)w->width);
    } else {
        *x = w->mesh->centers[2 * i];
        *y = w->mesh->centers[2 * i + 1];
    }
}

/* Graph, node elevations, outlets and the sea for either world kind. */
static enum og_status
stage_nodes(struct world *w, struct hydro_graph *g, struct stage_bufs *b, struct og_error *err)
{
    size_t i, n;
    enum og_status st;

    if (w->elevation == NULL || w->water == NULL) {
        return og_error_set(err, OG_EINVAL, "hydrology: needs elevation and a water mask");
    }
    if (w->kind == WORLD_GRID) {
        st = hydro_graph_grid(g, w->width, w->height, 8, err);
        if (st != OG_OK) {
            return st;
        }
    } else if (w->kind == WORLD_MESH && w->mesh != NULL && w->mesh->dim == 2) {
        hydro_graph_mesh(g, w->mesh, HYDRO_MESH_TRIANGLES);
    } else {
        return og_error_set(err, OG_EUNSUPPORTED, "hydrology: only island and dem worlds");
    }
    n = g->n;
    st = grid_calloc((void **)&b->outlet, n, 1, "outlets", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&b->wet, n, 1, "sea nodes", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&b->rain, n, sizeof *b->rain, "rain", err);
    }
    if (st == OG_OK) {
        st = grid_calloc((void **)&b->rank, n, sizeof *b->rank, "flood order", err);
    }
    if (st != OG_OK) {
        return st;
    }
    if (w->kind == WORLD_GRID) {
        b->elev = w->elevation;
        for (i = 0; i < n; i++) {
            b->wet[i] = w->water[i] == WATER_OCEAN;
            b->outlet[i] = (uint8_t)(b->wet[i] || on_border(g, i));
        }
        return OG_OK;
    }
    st = grid_calloc((void **)&b->elev, n, sizeof *b->elev, "vertex elevation", err);
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        const int32_t *tri = w->mesh->triangles + 3 * i;
        const int32_t *he = w->mesh->halfedges + 3 * i;
        /* A Voronoi vertex is as high as the mean of its three cells; it is in
         * the sea (an outlet) if any of them is ocean, so rivers end on the
         * coastline; hull triangles drain off the map like a grid border. */
        b->elev[i] = (w->elevation[tri[0]] + w->elevation[tri[1]] + w->elevation[tri[2]]) / 3.0f;
        b->wet[i] = w->water[tri[0]] == WATER_OCEAN || w->water[tri[1]] == WATER_OCEAN ||
                    w->water[tri[2]] == WATER_OCEAN;
        b->outlet[i] = (uint8_t)(b->wet[i] || he[0] < 0 || he[1] < 0 || he[2] < 0);
    }
    return OG_OK;
}

static void
stage_rain(const struct world *w, struct stage_bufs *b, size_t n)
{
    struct moisture_noise mn;
    int follow = params_int(&w->params, P_HYDRO_RAINFALL) == 1;
    double s = w->width > w->height ? w->width : w->height;
    size_t i;

    if (follow) {
        moisture_noise_init(&mn, &w->params);
    }
    for (i = 0; i < n; i++) {
        double u, v;
        if (b->wet[i]) {
            b->rain[i] = 0.0f;
            continue;
        }
        if (!follow) {
            b->rain[i] = 1.0f;
            continue;
        }
        if (w->kind == WORLD_GRID) {
            u = ((double)(i % (size_t)w->width) + 0.5) / s;
            v = ((double)(i / (size_t)w->width) + 0.5) / s;
        } else {
            u = w->mesh->centers[2 * i];
            v = w->mesh->centers[2 * i + 1];
        }
        b->rain[i] = (float)(2.0 * moisture_noise_at(&mn, u, v));
    }
}

/* Cells under a lake surface become WATER_LAKE: grid cells that are lake
 * nodes; Voronoi cells with a lake corner whose surface lies above the
 * cell's own height. Returns the count. */
static size_t
mark_lake_cells(struct world *w)
{
    size_t i, k, count = 0;
    for (i = 0; i < w->nhydro; i++) {
        if (!w->lake[i]) {
            continue;
        }
        if (w->kind == WORLD_GRID) {
            if (w->water[i] == WATER_LAND) {
                w->water[i] = WATER_LAKE;
                count++;
            }
            continue;
        }
        for (k = 0; k < 3; k++) {
            int32_t p = w->mesh->triangles[3 * i + k];
            if (w->water[p] == WATER_LAND && w->elevation[p] < w->hydro_elev[i]) {
                w->water[p] = WATER_LAKE;
                count++;
            }
        }
    }
    return count;
}

static enum og_status
stage_stats(struct world *w, const struct stage_bufs *b, size_t nlakes, size_t lake_nodes,
            size_t lake_cells, size_t sources, struct og_error *err)
{
    struct hydro_fill_stats fs;
    size_t i, n = w->nhydro, outlets = 0, mouths = 0, imax = 0;
    uint8_t *fed = NULL;
    double rain = 0.0, x, y;
    int grid = w->kind == WORLD_GRID;
    enum og_status st = grid_calloc((void **)&fed, n, 1, "outlet donors", err);

    if (st != OG_OK) {
        return st;
    }

    hydro_fill_stats(n, b->elev, w->hydro_elev, &fs);
    for (i = 0; i < n; i++) {
        rain += b->rain[i];
        imax = w->flow[i] > w->flow[imax] ? i : imax;
        if (w->downhill[i] >= 0) {
            fed[w->downhill[i]] = 1;
        }
    }
    for (i = 0; i < n; i++) {
        if (w->downhill[i] < 0) {
            outlets++;
            mouths += fed[i];
        }
    }
    free(fed);
    world_stat_text(w, "hydro.connectivity",
                    grid ? "grid 8-neighbour (D8 to the lowest neighbour)"
                         : "Voronoi vertices, 3 neighbours along Voronoi edges");
    world_stat_text(w, "hydro.fill", "plain priority-flood, no epsilon; flats by flood order");
    world_stat_text(w, "hydro.outlet_rule", grid ? "border and sea cells" : "ocean and hull vertices");
    world_stat_int(w, "hydro.nodes", (long long)n);
    world_stat_int(w, "hydro.raised", (long long)fs.raised);
    world_stat_real(w, "hydro.max_raise", fs.max_raise);
    node_pos(w, fs.max_at, &x, &y);
    world_stat_point(w, "hydro.max_raise_at", x, y);
    world_stat_real(w, "hydro.raise_sum", fs.sum_raise);
    world_stat_int(w, "hydro.lakes", (long long)nlakes);
    world_stat_int(w, "hydro.lake_nodes", (long long)lake_nodes);
    world_stat_int(w, "hydro.lake_cells", (long long)lake_cells);
    world_stat_real(w, "hydro.lake_area_fraction",
                    w->ncells != 0 ? (double)lake_cells / (double)w->ncells : 0.0);
    if (grid && w->cell_size > 0.0) {
        world_stat_real(w, "hydro.lake_area_m2", (double)lake_cells * w->cell_size * w->cell_size);
    }
    world_stat_int(w, "hydro.rivers", (long long)sources);
    world_stat_int(w, "hydro.outlets", (long long)outlets);
    world_stat_int(w, "hydro.mouths", (long long)mouths);
    world_stat_real(w, "hydro.total_rain", rain);
    world_stat_real(w, "hydro.max_flow", n != 0 ? w->flow[imax] : 0.0);
    node_pos(w, imax, &x, &y);
    world_stat_point(w, "hydro.max_flow_at", x, y);
    return OG_OK;
}

enum og_status
hydro_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    const struct params *p = &w->params;
    struct hydro_graph g;
    struct stage_bufs b;
    enum hydro_flood_method method =
        params_int(p, P_HYDRO_FLOOD) == 1 ? HYDRO_FLOOD_HEAP : HYDRO_FLOOD_FAST;
    int grid = w->kind == WORLD_GRID;
    double depth = params_get(p, grid ? P_HYDRO_DEM_LAKE_DEPTH : P_HYDRO_LAKE_DEPTH);
    double threshold = params_get(p, grid ? P_HYDRO_DEM_RIVER_THRESHOLD : P_HYDRO_RIVER_THRESHOLD);
    size_t n, nlakes = 0, lake_nodes = 0, lake_cells, sources = 0;
    enum og_status st;

    memset(&b, 0, sizeof b);
    st = stage_nodes(w, &g, &b, err);
    if (st != OG_OK) {
        goto done;
    }
    n = g.n;
    w->nhydro = n;
    st = world_alloc((void **)&w->hydro_elev, n, sizeof(float), "filled surface", err);
    if (st == OG_OK) {
        st = world_alloc((void **)&w->downhill, n, sizeof(int32_t), "downhill", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->flow, n, sizeof(float), "flow", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->river_width, n, sizeof(float), "river width", err);
    }
    if (st == OG_OK) {
        st = world_alloc((void **)&w->lake, n, 1, "lakes", err);
    }
    if (st != OG_OK) {
        goto done;
    }
    stage_rain(w, &b, n);
    st = hydro_priority_flood(&g, b.elev, b.outlet, method, w->hydro_elev, b.rank, ctx, err);
    if (st == OG_OK) {
        st = hydro_route(&g, w->hydro_elev, b.rank, b.outlet, w->downhill, ctx, err);
    }
    if (st == OG_OK) {
        st = hydro_accumulate(n, w->downhill, b.rain, w->flow, ctx, err);
    }
    if (st == OG_OK) {
        st = hydro_lakes(&g, b.elev, w->hydro_elev, depth, w->lake, &nlakes, &lake_nodes, err);
    }
    if (st == OG_OK) {
        st = hydro_rivers(n, w->downhill, w->flow, w->lake, threshold,
                          params_get(p, P_HYDRO_WIDTH_SCALE), w->river_width, &sources, err);
    }
    if (st != OG_OK) {
        goto done;
    }
    lake_cells = mark_lake_cells(w);
    st = stage_stats(w, &b, nlakes, lake_nodes, lake_cells, sources, err);
done:
    if (b.elev != w->elevation) {
        free(b.elev);
    }
    free(b.rain);
    free(b.outlet);
    free(b.wet);
    free(b.rank);
    return st;
}
