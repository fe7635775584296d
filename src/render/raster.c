#include "config.h"
#include "render/raster.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/interrupt.h"

#define SUB_BITS 8
#define SUB (1 << SUB_BITS)    /* sub-pixel steps per pixel */

enum og_status
raster_new(struct raster **out, int width, int height, struct og_error *err)
{
    struct raster *r;
    size_t n;

    *out = NULL;
    if (width < 1 || height < 1 || width > RASTER_MAX_SIDE || height > RASTER_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "render size %dx%d outside [1, %d] per side", width,
                            height, RASTER_MAX_SIDE);
    }
    n = (size_t)width * (size_t)height;
    /* 16384^2 * 4 fits any 64-bit size_t; check for 32-bit hosts. */
    if (n > SIZE_MAX / 4 || n > SIZE_MAX / sizeof(float)) {
        return og_error_set(err, OG_ENOMEM, "render size %dx%d overflows memory sizes", width,
                            height);
    }
    r = calloc(1, sizeof *r);
    if (r == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d render", width, height);
    }
    r->width = width;
    r->height = height;
    r->rgba = malloc(n * 4);
    r->depth = malloc(n * sizeof *r->depth);
    if (r->rgba == NULL || r->depth == NULL) {
        raster_free(r);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d render (%zu MB)", width,
                            height, n * (4 + sizeof(float)) >> 20);
    }
    /* Cleared in bands: touching 16384^2 x 8 bytes takes seconds, and an
     * interrupted export (outfile.h) must not wait for it. */
    {
        size_t i, band = (size_t)1 << 20;
        for (i = 0; i < n; i++) {
            if (i % band == 0 && og_interrupted()) {
                raster_free(r);
                return og_error_set(err, OG_ECANCELED, "render interrupted");
            }
            memset(r->rgba + 4 * i, 0, 4);
            r->depth[i] = INFINITY;
        }
    }
    *out = r;
    return OG_OK;
}

void
raster_free(struct raster *r)
{
    if (r != NULL) {
        free(r->rgba);
        free(r->depth);
        free(r);
    }
}

void
raster_clear(struct raster *r, uint32_t rgb, uint8_t alpha)
{
    size_t i, n = (size_t)r->width * (size_t)r->height;
    uint8_t px[4] = {(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, alpha};

    for (i = 0; i < n; i++) {
        if ((i & ((1u << 20) - 1)) == 0 && og_interrupted()) {
            return;  /* interrupted: the image is thrown away (raster.h) */
        }
        memcpy(r->rgba + 4 * i, px, 4);
        r->depth[i] = INFINITY;
    }
}

/* x * SUB rounded half away from zero (inline; llrint is a library call) */
static int64_t
snap(float x)
{
    double v = (double)x * SUB;
    return (int64_t)(v >= 0.0 ? v + 0.5 : v - 0.5);
}

/* floor(a / SUB) for any sign */
static int64_t
sub_floor(int64_t a)
{
    /* both shifted values are non-negative: the shift is the division */
    return a >= 0 ? a >> SUB_BITS : -((-a + SUB - 1) >> SUB_BITS);
}

/* Is edge a->b a top or left edge of a triangle whose interior has
 * positive edge functions (area > 0, y down)? Left: the edge goes up the
 * screen; top: horizontal, going right, interior below. */
static int
top_left(int64_t dx, int64_t dy)
{
    return dy < 0 || (dy == 0 && dx > 0);
}

/* The rasterization of one triangle from its snapped vertices (X, Y in
 * 1/SUB px, z as given) into the window [x0, x1) x [y0, y1). */
static size_t
tri_snapped(struct raster *r, const int64_t Xin[3], const int64_t Yin[3], const double zin[3],
            uint32_t rgb, unsigned flags, int x0, int x1, int y0, int y1)
{
    int64_t X[3], Y[3], A, dx[3], dy[3], bias[3], e0[3], e[3];
    int64_t minx, maxx, miny, maxy, pcx, pcy;
    double xs[3] = {0, 0, 0}, ys[3] = {0, 0, 0}, z[3], Af, dzdx = 0.0, dzdy = 0.0;
    int plane = 0;
    long px0, px1, py0, py1, px, py;
    uint8_t col[4] = {(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, 255};
    size_t written = 0;
    int i, a, b;

    for (i = 0; i < 3; i++) {
        X[i] = Xin[i];
        Y[i] = Yin[i];
        z[i] = zin[i];
    }
    {
        /* no pixel centre in the box: nothing to draw (the common case
         * of micro-triangles), before any set-up */
        int64_t lx = X[0] < X[1] ? X[0] : X[1], hx = X[0] > X[1] ? X[0] : X[1];
        int64_t ly = Y[0] < Y[1] ? Y[0] : Y[1], hy = Y[0] > Y[1] ? Y[0] : Y[1];
        lx = X[2] < lx ? X[2] : lx;
        hx = X[2] > hx ? X[2] : hx;
        ly = Y[2] < ly ? Y[2] : ly;
        hy = Y[2] > hy ? Y[2] : hy;
        if (sub_floor(lx - SUB / 2 + SUB - 1) > sub_floor(hx - SUB / 2) ||
            sub_floor(ly - SUB / 2 + SUB - 1) > sub_floor(hy - SUB / 2)) {
            return 0;
        }
    }
    A = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
    if (A == 0) {
        return 0;
    }
    if (A < 0) {
        int64_t t;
        double tz;
        if (flags & RASTER_CULL_BACK) {
            return 0;
        }
        /* swap vertices 1 and 2 so the interior is on the positive side */
        t = X[1], X[1] = X[2], X[2] = t;
        t = Y[1], Y[1] = Y[2], Y[2] = t;
        tz = z[1], z[1] = z[2], z[2] = tz;
        A = -A;
    }

    minx = X[0] < X[1] ? X[0] : X[1];
    minx = X[2] < minx ? X[2] : minx;
    maxx = X[0] > X[1] ? X[0] : X[1];
    maxx = X[2] > maxx ? X[2] : maxx;
    miny = Y[0] < Y[1] ? Y[0] : Y[1];
    miny = Y[2] < miny ? Y[2] : miny;
    maxy = Y[0] > Y[1] ? Y[0] : Y[1];
    maxy = Y[2] > maxy ? Y[2] : maxy;
    /* exactly the pixels whose centre p * SUB + SUB / 2 lies in [min, max]:
     * only those can pass the edge tests (most micro-triangles have none) */
    px0 = (long)sub_floor(minx - SUB / 2 + SUB - 1);
    px1 = (long)sub_floor(maxx - SUB / 2);
    py0 = (long)sub_floor(miny - SUB / 2 + SUB - 1);
    py1 = (long)sub_floor(maxy - SUB / 2);
    if (x0 < 0) {
        x0 = 0;
    }
    if (x1 > r->width) {
        x1 = r->width;
    }
    if (px0 < x0) {
        px0 = x0;
    }
    if (px1 > x1 - 1) {
        px1 = x1 - 1;
    }
    if (y0 < 0) {
        y0 = 0;
    }
    if (y1 > r->height) {
        y1 = r->height;
    }
    if (py0 < y0) {
        py0 = y0;
    }
    if (py1 > y1 - 1) {
        py1 = y1 - 1;
    }
    if (px0 > px1 || py0 > py1) {
        return 0;
    }

    /* edge i runs from vertex a = i to b = i + 1 (mod 3) */
    pcx = (int64_t)px0 * SUB + SUB / 2;
    pcy = (int64_t)py0 * SUB + SUB / 2;
    for (i = 0; i < 3; i++) {
        a = i;
        b = (i + 1) % 3;
        dx[i] = X[b] - X[a];
        dy[i] = Y[b] - Y[a];
        bias[i] = top_left(dx[i], dy[i]) ? 0 : -1;
        e0[i] = dx[i] * (pcy - Y[a]) - dy[i] * (pcx - X[a]) + bias[i];
    }

    for (py = py0; py <= py1; py++) {
        size_t row = (size_t)py * (size_t)r->width;
        e[0] = e0[0];
        e[1] = e0[1];
        e[2] = e0[2];
        for (px = px0; px <= px1; px++) {
            if ((e[0] | e[1] | e[2]) >= 0) {
                size_t o = row + (size_t)px;
                if (flags & RASTER_DEPTH) {
                    float zz;
                    if (!plane) {
                        /* depth plane through the snapped vertices, set up
                         * only for triangles that cover a pixel (most
                         * micro-triangles cover none or one) */
                        for (i = 0; i < 3; i++) {
                            xs[i] = (double)X[i] / SUB;
                            ys[i] = (double)Y[i] / SUB;
                        }
                        Af = 1.0 / ((double)A / ((double)SUB * SUB));
                        dzdx = ((z[1] - z[0]) * (ys[2] - ys[0]) - (z[2] - z[0]) * (ys[1] - ys[0])) *
                               Af;
                        dzdy = ((z[2] - z[0]) * (xs[1] - xs[0]) - (z[1] - z[0]) * (xs[2] - xs[0])) *
                               Af;
                        plane = 1;
                    }
                    zz = (float)(z[0] + dzdx * ((double)px + 0.5 - xs[0]) +
                                 dzdy * ((double)py + 0.5 - ys[0]));
                    if (!(zz < r->depth[o])) {
                        goto next;
                    }
                    r->depth[o] = zz;
                }
                memcpy(r->rgba + 4 * o, col, 4);
                written++;
            }
next:
            e[0] -= dy[0] * SUB;
            e[1] -= dy[1] * SUB;
            e[2] -= dy[2] * SUB;
        }
        e0[0] += dx[0] * SUB;
        e0[1] += dx[1] * SUB;
        e0[2] += dx[2] * SUB;
    }
    return written;
}

size_t
raster_triangle_rect(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags, int x0,
                     int x1, int y0, int y1)
{
    int64_t X[3], Y[3];
    double z[3];
    int i;

    for (i = 0; i < 3; i++) {
        /* the comparisons also reject NaN */
        if (!(fabsf(xyz[3 * i]) <= RASTER_GUARD && fabsf(xyz[3 * i + 1]) <= RASTER_GUARD)) {
            return 0;
        }
    }
    /* cheap reject of triangles outside the window (a pixel of margin) */
    if ((xyz[1] < y0 - 1 && xyz[4] < y0 - 1 && xyz[7] < y0 - 1) ||
        (xyz[1] > y1 + 1 && xyz[4] > y1 + 1 && xyz[7] > y1 + 1) ||
        (xyz[0] < x0 - 1 && xyz[3] < x0 - 1 && xyz[6] < x0 - 1) ||
        (xyz[0] > x1 + 1 && xyz[3] > x1 + 1 && xyz[6] > x1 + 1)) {
        return 0;
    }
    for (i = 0; i < 3; i++) {
        X[i] = snap(xyz[3 * i]);
        Y[i] = snap(xyz[3 * i + 1]);
        z[i] = xyz[3 * i + 2];
    }
    return tri_snapped(r, X, Y, z, rgb, flags, x0, x1, y0, y1);
}

void
raster_snap(const float xyz[3], struct raster_vertex *v)
{
    v->ok = fabsf(xyz[0]) <= RASTER_GUARD && fabsf(xyz[1]) <= RASTER_GUARD;
    v->x = v->ok ? (int32_t)snap(xyz[0]) : 0;
    v->y = v->ok ? (int32_t)snap(xyz[1]) : 0;
    v->z = xyz[2];
}

/* One triangle of raster_quad_snapped. */
static size_t
tri_of(struct raster *r, const struct raster_vertex *p, const struct raster_vertex *q,
       const struct raster_vertex *s, uint32_t rgb, unsigned flags, int x0, int x1, int y0,
       int y1)
{
    int64_t X[3], Y[3];
    double z[3];

    if (!(p->ok && q->ok && s->ok)) {
        return 0;
    }
    X[0] = p->x, X[1] = q->x, X[2] = s->x;
    Y[0] = p->y, Y[1] = q->y, Y[2] = s->y;
    z[0] = p->z, z[1] = q->z, z[2] = s->z;
    return tri_snapped(r, X, Y, z, rgb, flags, x0, x1, y0, y1);
}

size_t
raster_quad_snapped(struct raster *r, const struct raster_vertex *a, const struct raster_vertex *b,
                    const struct raster_vertex *c, const struct raster_vertex *d, uint32_t rgb1,
                    uint32_t rgb2, unsigned flags, int x0, int x1, int y0, int y1)
{
    int64_t minx = a->x, maxx = a->x, miny = a->y, maxy = a->y;
    long px0, px1, py0, py1;

    /* no pixel centre in the quad's box (of the valid vertices): neither
     * triangle draws anything (most micro-quads) */
    minx = b->x < minx ? b->x : minx, maxx = b->x > maxx ? b->x : maxx;
    minx = c->x < minx ? c->x : minx, maxx = c->x > maxx ? c->x : maxx;
    minx = d->x < minx ? d->x : minx, maxx = d->x > maxx ? d->x : maxx;
    miny = b->y < miny ? b->y : miny, maxy = b->y > maxy ? b->y : maxy;
    miny = c->y < miny ? c->y : miny, maxy = c->y > maxy ? c->y : maxy;
    miny = d->y < miny ? d->y : miny, maxy = d->y > maxy ? d->y : maxy;
    px0 = (long)sub_floor(minx - SUB / 2 + SUB - 1);
    px1 = (long)sub_floor(maxx - SUB / 2);
    py0 = (long)sub_floor(miny - SUB / 2 + SUB - 1);
    py1 = (long)sub_floor(maxy - SUB / 2);
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > r->width ? r->width : x1;
    y1 = y1 > r->height ? r->height : y1;
    if (a->ok && b->ok && c->ok && d->ok &&
        (px0 > px1 || py0 > py1 || px1 < x0 || px0 > x1 - 1 || py1 < y0 || py0 > y1 - 1)) {
        return 0;
    }
    return tri_of(r, a, b, c, rgb1, flags, x0, x1, y0, y1) +
           tri_of(r, a, c, d, rgb2, flags, x0, x1, y0, y1);
}

size_t
raster_triangle_rows(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags, int y0,
                     int y1)
{
    return raster_triangle_rect(r, xyz, rgb, flags, 0, r->width, y0, y1);
}

size_t
raster_triangle(struct raster *r, const float xyz[9], uint32_t rgb, unsigned flags)
{
    return raster_triangle_rows(r, xyz, rgb, flags, 0, r->height);
}
