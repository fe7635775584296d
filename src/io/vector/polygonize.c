/* polygonize: label rasters to polygons by boundary tracing (see
 * polygonize.h). */
#include "config.h"
#include "io/vector/polygonize.h"

#include <stdlib.h>
#include <string.h>

/* Directions in y-up coordinates: 0 east, 1 north, 2 west, 3 south. */
static const int dx[4] = { 1, 0, -1, 0 };
static const int dy[4] = { 0, 1, 0, -1 };

struct trace {
    int W, H;
    const int32_t *comp;       /* component per pixel, -1 background */
    uint8_t *used;             /* per vertex: bit d = edge leaving in direction d used */
    double *xy;                /* points of the current component's rings */
    size_t npts, cap;
    size_t *start, *count;
    size_t nrings, rcap;
    int failed;
};

/* Component of pixel (column i, row r), -1 outside or background. */
static int32_t
comp_at(const struct trace *t, int i, int r)
{
    if (i < 0 || r < 0 || i >= t->W || r >= t->H) {
        return -1;
    }
    return t->comp[(size_t)r * t->W + i];
}

/* The pixel on the left of the edge leaving vertex (x, y) in direction d
 * (y up; vertex row index in y-up units), i.e. the pixel whose component
 * owns that edge. The pixel with lower-left corner (px, py) is column px,
 * row H - 1 - py. */
static int32_t
edge_owner(const struct trace *t, int x, int y, int d)
{
    int px, py;
    switch (d) {
    case 0: px = x; py = y; break;          /* east: left is north, pixel above */
    case 1: px = x - 1; py = y; break;      /* north: left is west */
    case 2: px = x - 1; py = y - 1; break;  /* west: left is south */
    default: px = x; py = y - 1; break;     /* south: left is east */
    }
    return comp_at(t, px, t->H - 1 - py);
}

/* The pixel on the right of that edge. */
static int32_t
edge_other(const struct trace *t, int x, int y, int d)
{
    int px, py;
    switch (d) {
    case 0: px = x; py = y - 1; break;
    case 1: px = x; py = y; break;
    case 2: px = x - 1; py = y; break;
    default: px = x - 1; py = y - 1; break;
    }
    return comp_at(t, px, t->H - 1 - py);
}

/* Is the edge leaving (x, y) in direction d a boundary edge of c? */
static int
is_edge(const struct trace *t, int x, int y, int d, int32_t c)
{
    int nx = x + dx[d], ny = y + dy[d];
    if (nx < 0 || ny < 0 || nx > t->W || ny > t->H) {
        return 0;
    }
    return edge_owner(t, x, y, d) == c && edge_other(t, x, y, d) != c;
}

static void
add_point(struct trace *t, double x, double y)
{
    if (t->failed) {
        return;
    }
    if (t->npts + 1 > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 256;
        double *n = realloc(t->xy, cap * 2 * sizeof *n);
        if (n == NULL) {
            t->failed = 1;
            return;
        }
        t->xy = n;
        t->cap = cap;
    }
    t->xy[2 * t->npts] = x;
    t->xy[2 * t->npts + 1] = y;
    t->npts++;
}

/* Trace the ring of component c starting with the edge leaving (x0, y0) in
 * direction d0. */
static void
trace_ring(struct trace *t, int32_t c, int x0, int y0, int d0)
{
    size_t first = t->npts;
    int x = x0, y = y0, d = d0;

    for (;;) {
        t->used[(size_t)y * (t->W + 1) + x] |= (uint8_t)(1u << d);
        x += dx[d];
        y += dy[d];
        /* Next edge: left turn first (keeps 4-connected regions apart at a
           saddle), then straight, then right. */
        int turns[3] = { (d + 1) & 3, d, (d + 3) & 3 }, k, nd = -1, saddle;
        for (k = 0; k < 3 && nd < 0; k++) {
            if (is_edge(t, x, y, turns[k], c)) {
                nd = turns[k];
            }
        }
        /* A saddle of c: c in two diagonal pixels around the vertex only. */
        {
            int32_t nw = comp_at(t, x - 1, t->H - 1 - y), ne = comp_at(t, x, t->H - 1 - y);
            int32_t sw = comp_at(t, x - 1, t->H - y), se = comp_at(t, x, t->H - y);
            saddle = (nw == c && se == c && ne != c && sw != c) ||
                     (ne == c && sw == c && nw != c && se != c);
        }
        if (nd < 0) {
            break;  /* cannot happen on a consistent boundary */
        }
        if (saddle) {
            add_point(t, x - 0.25 * dx[d], y - 0.25 * dy[d]);
            add_point(t, x + 0.25 * dx[nd], y + 0.25 * dy[nd]);
        } else if (nd != d) {
            add_point(t, x, y);
        }
        d = nd;
        if (x == x0 && y == y0 && d == d0) {
            break;
        }
    }
    if (t->npts == first) {
        add_point(t, x0, y0);
    }
    add_point(t, t->xy[2 * first], t->xy[2 * first + 1]);  /* close */
    if (t->failed) {
        return;
    }
    if (t->nrings + 1 > t->rcap) {
        size_t cap = t->rcap ? 2 * t->rcap : 16;
        size_t *s = realloc(t->start, cap * sizeof *s), *n2;
        if (s == NULL) {
            t->failed = 1;
            return;
        }
        t->start = s;
        n2 = realloc(t->count, cap * sizeof *n2);
        if (n2 == NULL) {
            t->failed = 1;
            return;
        }
        t->count = n2;
        t->rcap = cap;
    }
    t->start[t->nrings] = first;
    t->count[t->nrings] = t->npts - first;
    t->nrings++;
}

double
polygon_ring_area(const double *xy, size_t n)
{
    double a = 0.0;
    size_t i;
    for (i = 0; i + 1 < n; i++) {
        a += xy[2 * i] * xy[2 * i + 3] - xy[2 * i + 2] * xy[2 * i + 1];
    }
    return 0.5 * a;
}

/* 4-connected components of equal labels (>= 0), numbered in row-major
 * order of their first pixel into comp (-1: background); queue is n
 * scratch indices. Returns the count. */
static int32_t
label_components(const int32_t *labels, int width, int height, int32_t *comp, size_t *queue)
{
    static const int ox[4] = { 1, -1, 0, 0 }, oy[4] = { 0, 0, 1, -1 };
    size_t n = (size_t)width * height, i, head, tail;
    int32_t ncomp = 0;

    for (i = 0; i < n; i++) {
        comp[i] = -1;
    }
    for (i = 0; i < n; i++) {
        if (labels[i] < 0 || comp[i] >= 0) {
            continue;
        }
        comp[i] = ncomp;
        head = tail = 0;
        queue[tail++] = i;
        while (head < tail) {
            size_t p = queue[head++];
            int x = (int)(p % width), y = (int)(p / width), k;
            for (k = 0; k < 4; k++) {
                int qx = x + ox[k], qy = y + oy[k];
                size_t q;
                if (qx < 0 || qy < 0 || qx >= width || qy >= height) {
                    continue;
                }
                q = (size_t)qy * width + qx;
                if (comp[q] < 0 && labels[q] == labels[i]) {
                    comp[q] = ncomp;
                    queue[tail++] = q;
                }
            }
        }
        ncomp++;
    }
    return ncomp;
}

/* Trace every ring of component c from its pixels px[0..np): a pixel's
 * boundary edge not yet used starts a ring. Then the exterior (the one
 * counter-clockwise ring) goes first. */
static void
trace_component(struct trace *t, int32_t c, const size_t *px, size_t np)
{
    size_t j, k, ext = 0;
    int width = t->W, height = t->H, d;

    t->npts = 0;
    t->nrings = 0;
    for (j = 0; j < np; j++) {
        size_t p = px[j];
        int x = (int)(p % width), row = (int)(p / width), y = height - 1 - row;
        /* the pixel's four edges as (vertex, direction) with the pixel on
           the left: d = 0 south edge east from (x, y); 1 east edge north
           from (x+1, y); 2 north edge west from (x+1, y+1); 3 west edge
           south from (x, y+1) */
        int ex[4] = { x, x + 1, x + 1, x }, ey[4] = { y, y, y + 1, y + 1 };
        for (d = 0; d < 4; d++) {
            if (!(t->used[(size_t)ey[d] * (width + 1) + ex[d]] & (1u << d)) &&
                is_edge(t, ex[d], ey[d], d, c)) {
                trace_ring(t, c, ex[d], ey[d], d);
            }
        }
    }
    for (k = 0; k < t->nrings; k++) {
        if (polygon_ring_area(t->xy + 2 * t->start[k], t->count[k]) > 0.0) {
            ext = k;
            break;
        }
    }
    if (ext != 0) {
        size_t s0 = t->start[0], c0 = t->count[0];
        t->start[0] = t->start[ext];
        t->count[0] = t->count[ext];
        t->start[ext] = s0;
        t->count[ext] = c0;
    }
}

enum og_status
polygonize(const int32_t *labels, int width, int height, polygon_fn *fn, void *arg,
           struct og_error *err)
{
    size_t n = (size_t)width * height, i, begin, *cnt = NULL;
    int32_t *comp = malloc(n * sizeof *comp);
    size_t *queue = malloc(n * sizeof *queue);
    struct trace t;
    int32_t ncomp, c;
    enum og_status st = OG_OK;

    memset(&t, 0, sizeof t);
    t.used = calloc((size_t)(width + 1) * (height + 1), 1);
    if (comp == NULL || queue == NULL || t.used == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %dx%d polygons", width, height);
        goto done;
    }
    ncomp = label_components(labels, width, height, comp, queue);
    t.W = width;
    t.H = height;
    t.comp = comp;
    /* Each component's pixels in row-major order, by a counting sort by
       component; cnt[c] becomes the end of component c. */
    cnt = calloc((size_t)ncomp + 1, sizeof *cnt);
    if (cnt == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %d regions", ncomp);
        goto done;
    }
    for (i = 0; i < n; i++) {
        if (comp[i] >= 0) {
            cnt[comp[i] + 1]++;
        }
    }
    for (c = 0; c < ncomp; c++) {
        cnt[c + 1] += cnt[c];
    }
    for (i = 0; i < n; i++) {
        if (comp[i] >= 0) {
            queue[cnt[comp[i]]++] = i;
        }
    }
    for (c = 0, begin = 0; c < ncomp && st == OG_OK; begin = cnt[c], c++) {
        trace_component(&t, c, queue + begin, cnt[c] - begin);
        if (t.failed) {
            st = og_error_set(err, OG_ENOMEM, "out of memory tracing polygons");
        } else {
            struct polygon pg = { labels[queue[begin]], t.nrings, t.start, t.count, t.xy };
            st = fn(arg, &pg, err);
        }
    }
done:
    free(cnt);
    free(comp);
    free(queue);
    free(t.used);
    free(t.xy);
    free(t.start);
    free(t.count);
    return st;
}
