/* iso_rivers: rivers of a mesh world as line segments over the iso field,
 * drawn as thin anti-aliased lines at the resolution of the render
 * (issue 24): the light pass asks, per micro-quad, how much of it a river
 * covers, from the distance of its centre to the segments of its field
 * cell. Painting them into the field's sample colours drew every river at
 * least two samples wide (the bilinear colour between samples), a wide
 * flat smear at large sizes. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/iso.h"
#include "render/iso_internal.h"

struct iso_rivers {
    size_t nseg;
    float *seg;      /* 5 per segment: x0, y0, x1, y1 (field samples), half width */
    int cw, ch;      /* cells: (width - 1) x (height - 1) */
    size_t *start;   /* cw * ch + 1: segments of cell c are idx[start[c] .. start[c + 1]) */
    uint32_t *idx;
};

/* Cells [*i0, *i1] x [*j0, *j1] a segment may touch (its box, widened). */
static void
seg_cells(const struct iso_rivers *r, const float *s, int *i0, int *i1, int *j0, int *j1)
{
    double hw = s[4] + 0.5;
    double x0 = fmin(s[0], s[2]) - hw, x1 = fmax(s[0], s[2]) + hw;
    double y0 = fmin(s[1], s[3]) - hw, y1 = fmax(s[1], s[3]) + hw;

    *i0 = x0 < 0.0 ? 0 : (int)x0;
    *j0 = y0 < 0.0 ? 0 : (int)y0;
    *i1 = x1 >= r->cw - 1 ? r->cw - 1 : (int)x1;
    *j1 = y1 >= r->ch - 1 ? r->ch - 1 : (int)y1;
}

enum og_status
iso_rivers_new(struct iso_rivers **out, const float *seg, size_t nseg, int width, int height,
               struct og_error *err)
{
    struct iso_rivers *r;
    size_t k, ncell, total = 0;
    int i, j, i0, i1, j0, j1;

    *out = NULL;
    if (nseg == 0 || width < 2 || height < 2) {
        return OG_OK;
    }
    r = calloc(1, sizeof *r);
    if (r == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    r->nseg = nseg;
    r->cw = width - 1;
    r->ch = height - 1;
    ncell = (size_t)r->cw * (size_t)r->ch;
    r->seg = malloc(nseg * 5 * sizeof *r->seg);
    r->start = calloc(ncell + 1, sizeof *r->start);
    if (r->seg == NULL || r->start == NULL) {
        iso_rivers_free(r);
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    memcpy(r->seg, seg, nseg * 5 * sizeof *r->seg);
    for (k = 0; k < nseg; k++) {
        seg_cells(r, r->seg + 5 * k, &i0, &i1, &j0, &j1);
        for (j = j0; j <= j1; j++) {
            for (i = i0; i <= i1; i++) {
                r->start[(size_t)j * (size_t)r->cw + (size_t)i + 1]++;
            }
        }
    }
    for (k = 0; k < ncell; k++) {
        r->start[k + 1] += r->start[k];
    }
    total = r->start[ncell];
    r->idx = malloc((total > 0 ? total : 1) * sizeof *r->idx);
    if (r->idx == NULL) {
        iso_rivers_free(r);
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    {
        size_t *fill = malloc(ncell * sizeof *fill);
        if (fill == NULL) {
            iso_rivers_free(r);
            return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
        }
        memcpy(fill, r->start, ncell * sizeof *fill);
        for (k = 0; k < nseg; k++) {
            seg_cells(r, r->seg + 5 * k, &i0, &i1, &j0, &j1);
            for (j = j0; j <= j1; j++) {
                for (i = i0; i <= i1; i++) {
                    r->idx[fill[(size_t)j * (size_t)r->cw + (size_t)i]++] = (uint32_t)k;
                }
            }
        }
        free(fill);
    }
    *out = r;
    return OG_OK;
}

void
iso_rivers_free(struct iso_rivers *r)
{
    if (r != NULL) {
        free(r->seg);
        free(r->start);
        free(r->idx);
        free(r);
    }
}

enum og_status
iso_rivers_scaled(struct iso_rivers **out, const struct iso_rivers *r, double k, int width,
                  int height, struct og_error *err)
{
    enum og_status st;
    float *seg;
    size_t i;

    *out = NULL;
    if (r == NULL) {
        return OG_OK;
    }
    seg = malloc(r->nseg * 5 * sizeof *seg);
    if (seg == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the iso rivers");
    }
    for (i = 0; i < r->nseg * 5; i++) {
        /* positions scale; a line keeps at least its width in samples */
        seg[i] = i % 5 == 4 ? r->seg[i] : (float)(r->seg[i] * k);
    }
    st = iso_rivers_new(out, seg, r->nseg, width, height, err);
    free(seg);
    return st;
}

double
iso_rivers_cover(const struct iso_rivers *r, double x, double y, double px)
{
    int i = (int)x, j = (int)y;
    size_t c, k;
    double cover = 0.0;

    if (r == NULL || !(x >= 0.0) || !(y >= 0.0)) {
        return 0.0;
    }
    i = i >= r->cw ? r->cw - 1 : i;
    j = j >= r->ch ? r->ch - 1 : j;
    c = (size_t)j * (size_t)r->cw + (size_t)i;
    for (k = r->start[c]; k < r->start[c + 1]; k++) {
        const float *s = r->seg + 5 * (size_t)r->idx[k];
        double dx = s[2] - s[0], dy = s[3] - s[1], l2 = dx * dx + dy * dy, t = 0.0, ex, ey, d, a;
        if (l2 > 0.0) {
            t = ((x - s[0]) * dx + (y - s[1]) * dy) / l2;
            t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        }
        ex = x - (s[0] + t * dx);
        ey = y - (s[1] + t * dy);
        d = sqrt(ex * ex + ey * ey);
        /* the line's edge anti-aliased over one micro-quad */
        a = 0.5 + (s[4] - d) / px;
        a = a < 0.0 ? 0.0 : (a > 1.0 ? 1.0 : a);
        cover = a > cover ? a : cover;
    }
    return cover;
}
