#include "config.h"
#include "render/mapimg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/geom/mesh.h"
#include "render/river_curve.h"
#include "render/tint.h"

#define RIVER_COLOR MAPIMG_RIVER_COLOR
#define RIVER_COLOR_FLOW 0xf2f8ffu  /* over the flow layer's sequential tint */

/* One tapered river segment in pixels: from (x0, y0) with radius r0 to
 * (x1, y1) with radius r1, its coverage scaled by alpha; py0..py1 are the
 * rows it can touch (before clipping to the image). */
struct river_seg {
    double x0, y0, r0, x1, y1, r1, alpha;
    int py0, py1;
};

/* Coverage of one tapered segment over rows y0..y1-1 of the image (cov
 * holds those rows): pixels within r(t) of the segment, with r
 * interpolated from r0 to r1; one pixel of linear falloff at the edge gives
 * the anti-aliasing, alpha scales the whole line. Keeps the maximum
 * coverage per pixel so joints do not darken (and the result does not
 * depend on the order of segments or on how the rows are banded). */
static void
cover_segment(float *cov, int cx0, int cw, int height, int y0, int y1,
              const struct river_seg *sg)
{
    double x0 = sg->x0, r0 = sg->r0, x1 = sg->x1, r1 = sg->r1, alpha = sg->alpha;
    double yy0 = sg->y0, lx = x1 - x0, ly = sg->y1 - yy0, len2 = lx * lx + ly * ly;
    double rmax = (r0 > r1 ? r0 : r1) + 1.0;
    int px0 = (int)floor((x0 < x1 ? x0 : x1) - rmax), px1 = (int)ceil((x0 > x1 ? x0 : x1) + rmax);
    int py0 = sg->py0, py1 = sg->py1;
    int px, py;

    px0 = px0 < cx0 ? cx0 : px0;
    py0 = py0 < 0 ? 0 : py0;
    py0 = py0 < y0 ? y0 : py0;
    px1 = px1 > cx0 + cw - 1 ? cx0 + cw - 1 : px1;
    py1 = py1 > height - 1 ? height - 1 : py1;
    py1 = py1 > y1 - 1 ? y1 - 1 : py1;
    for (py = py0; py <= py1; py++) {
        for (px = px0; px <= px1; px++) {
            double cx = px + 0.5 - x0, cy = py + 0.5 - yy0, t = 0.0, dx, dy, d, c;
            if (len2 > 0.0) {
                t = (cx * lx + cy * ly) / len2;
                t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
            }
            dx = cx - t * lx;
            dy = cy - t * ly;
            d = sqrt(dx * dx + dy * dy);
            c = r0 + (r1 - r0) * t - d + 0.5;
            if (c > 0.0) {
                float *p = &cov[(size_t)(py - y0) * (size_t)cw + (size_t)(px - cx0)];
                c = (c > 1.0 ? 1.0 : c) * alpha;
                *p = (float)c > *p ? (float)c : *p;
            }
        }
    }
}

/* The segment from river node i to its receiver in the view's pixels
 * (the river positions of river_curve, uv by river index). */
static void
river_segment(const struct mapimg_rivers *r, size_t i, struct river_seg *sg)
{
    const struct world *w = r->w;
    int32_t d = w->downhill[i];
    double u0, v0, u1, v1, r0, r1, alpha, rmax, lo, hi;
    int32_t ri = river_index_at(&r->rid, i), rd = river_index_at(&r->rid, (size_t)d);

    u0 = r->uv[2 * (size_t)ri];
    v0 = r->uv[2 * (size_t)ri + 1];
    if (rd >= 0) {
        u1 = r->uv[2 * (size_t)rd];
        v1 = r->uv[2 * (size_t)rd + 1];
    } else {
        river_node_uv(w, (size_t)d, &u1, &v1);  /* a node that never moves */
    }
    /* Radius in pixels. A river thinner than a pixel is drawn one pixel
     * wide but faded in proportion (never below 0.35, so it stays
     * visible), and so only counts as a river pixel in cls once it is
     * about half a pixel wide: zoomed-out maps do not drown in rivers. */
    r0 = 0.5 * w->river_width[i] * r->spacing_px;
    r1 = w->river_width[d] > 0.0f ? 0.5 * w->river_width[d] * r->spacing_px : r0;
    alpha = r0 + r1; /* twice the mean radius: the mean width */
    alpha = alpha < 0.35 ? 0.35 : alpha > 1.0 ? 1.0 : alpha;
    r0 = r0 < 0.5 ? 0.5 : r0;
    r1 = r1 < 0.5 ? 0.5 : r1;
    sg->x0 = (u0 - r->view.u0) / r->du;
    sg->y0 = (v0 - r->view.v0) / r->dv;
    sg->r0 = r0;
    sg->x1 = (u1 - r->view.u0) / r->du;
    sg->y1 = (v1 - r->view.v0) / r->dv;
    sg->r1 = r1;
    sg->alpha = alpha;
    rmax = (r0 > r1 ? r0 : r1) + 1.0;
    lo = (sg->y0 < sg->y1 ? sg->y0 : sg->y1) - rmax;
    hi = (sg->y0 > sg->y1 ? sg->y0 : sg->y1) + rmax;
    /* rows past the image are clipped; keep the ints in range */
    lo = lo < -1.0 ? -1.0 : (lo > r->height ? r->height : lo);
    hi = hi < -1.0 ? -1.0 : (hi > r->height ? r->height : hi);
    sg->py0 = (int)floor(lo);
    sg->py1 = (int)ceil(hi);
}

/* Whether node i starts a river segment that reaches the image (its
 * geometry in *sg). */
static int
river_segment_shown(const struct mapimg_rivers *r, size_t i, struct river_seg *sg)
{
    if (r->w->river_width[i] <= 0.0f || r->w->downhill[i] < 0) {
        return 0;
    }
    river_segment(r, i, sg);
    /* above or below the image: nothing to draw */
    return !(sg->py1 < 0 || sg->py0 > r->height - 1 || sg->py0 > sg->py1);
}

enum og_status
mapimg_rivers_prepare(const struct world *w, enum map_layer layer, const struct map_view *view,
                      int width, int height, struct mapimg_rivers *r, struct og_error *err)
{
    size_t i, nriver = 0, nseg = 0, rows = (size_t)height + 2;
    enum og_status st;

    memset(r, 0, sizeof *r);
    r->w = w;
    r->view = *view;
    r->color = layer == LAYER_RIVERS ? RIVER_COLOR_FLOW : RIVER_COLOR;
    r->width = width;
    r->cx0 = 0;
    r->cw = width;
    r->height = height;
    r->du = (view->u1 - view->u0) / width;
    r->dv = (view->v1 - view->v0) / height;
    if (w->river_width == NULL || w->downhill == NULL || w->nhydro == 0 ||
        (w->kind != WORLD_GRID && (w->kind != WORLD_MESH || w->mesh == NULL))) {
        return OG_OK;
    }
    /* Widths are in node spacings: a grid cell, or the side of an average
     * Voronoi cell (sqrt of the map area per cell). */
    r->spacing_px = w->kind == WORLD_GRID ? 1.0 / w->width / r->du
                                          : sqrt(1.0 / (double)w->mesh->npoints) / r->du;
    if ((st = river_index_new(w, &r->rid, err)) != OG_OK) {
        mapimg_rivers_free(r);
        return st;
    }
    nriver = r->rid.n;
    for (i = 0; i < w->nhydro; i++) {
        nseg += w->river_width[i] > 0.0f && w->downhill[i] >= 0;
    }
    if (nseg == 0) {
        mapimg_rivers_free(r);
        return OG_OK;
    }
    if ((st = grid_calloc((void **)&r->uv, 2 * nriver, sizeof *r->uv, "river nodes", err)) !=
            OG_OK ||
        (st = river_curve(w, &r->rid, r->uv, err)) != OG_OK ||
        (st = grid_calloc((void **)&r->row_first, rows + 1, sizeof *r->row_first, "river rows",
                          err)) != OG_OK) {
        mapimg_rivers_free(r);
        return st;
    }
    /* Segments by first row (a counting sort over rows -1..height), so a
     * band finds its own; only node indices are stored (4 bytes a river
     * segment) and the geometry is recomputed when a band draws. */
    for (i = 0; i < w->nhydro; i++) {
        struct river_seg sg;
        if (!river_segment_shown(r, i, &sg)) {
            continue;
        }
        r->row_first[(size_t)(sg.py0 + 1) + 1]++;
        r->nseg++;
        if (sg.py1 - sg.py0 > r->max_rows) {
            r->max_rows = sg.py1 - sg.py0;
        }
    }
    for (i = 0; i < rows; i++) {
        r->row_first[i + 1] += r->row_first[i];
    }
    st = grid_calloc((void **)&r->seg, r->nseg > 0 ? r->nseg : 1, sizeof *r->seg,
                     "river segments", err);
    if (st != OG_OK) {
        mapimg_rivers_free(r);
        return st;
    }
    {
        size_t *fill = NULL;
        if ((st = grid_calloc((void **)&fill, rows, sizeof *fill, "river rows", err)) != OG_OK) {
            mapimg_rivers_free(r);
            return st;
        }
        memcpy(fill, r->row_first, rows * sizeof *fill);
        for (i = 0; i < w->nhydro; i++) {
            struct river_seg sg;
            if (river_segment_shown(r, i, &sg)) {
                r->seg[fill[sg.py0 + 1]++] = (int32_t)i;
            }
        }
        free(fill);
    }
    return OG_OK;
}

enum og_status
mapimg_rivers_band(struct mapimg_rivers *r, int y0, int y1, uint32_t *rgb, uint8_t *cls,
                   struct og_error *err)
{
    size_t i, npx, k, k0, k1;
    int lo_row;
    enum og_status st;

    if (r->nseg == 0 || y1 <= y0) {
        return OG_OK;
    }
    npx = (size_t)(y1 - y0) * (size_t)r->cw;
    if (r->cov_px < npx) {
        free(r->cov);
        r->cov = NULL;
        r->cov_px = 0;
        if ((st = grid_calloc((void **)&r->cov, npx, sizeof *r->cov, "river coverage", err)) !=
            OG_OK) {
            return st;
        }
        r->cov_px = npx;
    } else {
        memset(r->cov, 0, npx * sizeof *r->cov);
    }
    /* segments starting on rows y0 - max_rows .. y1 - 1 can reach the band */
    lo_row = y0 - r->max_rows < -1 ? -1 : y0 - r->max_rows;
    k0 = r->row_first[lo_row + 1];
    k1 = r->row_first[(y1 - 1) + 1 + 1];
    for (k = k0; k < k1; k++) {
        struct river_seg sg;
        river_segment(r, (size_t)r->seg[k], &sg);
        if (sg.py1 >= y0) {
            cover_segment(r->cov, r->cx0, r->cw, r->height, y0, y1, &sg);
        }
    }
    for (i = 0; i < npx; i++) {
        float c = r->cov[i];
        if (c <= 0.0f) {
            continue;
        }
        if (rgb != NULL && rgb[i] != 0x101010u) {
            rgb[i] = tint_mix(rgb[i], r->color, c);
        }
        if (cls != NULL && c >= 0.5f && cls[i] != MC_VOID && cls[i] != MC_DEEP &&
            cls[i] != MC_WATER && cls[i] != MC_LAKE) {
            cls[i] = MC_RIVER;
        }
    }
    return OG_OK;
}

void
mapimg_rivers_free(struct mapimg_rivers *r)
{
    free(r->seg);
    river_index_free(&r->rid);
    free(r->uv);
    free(r->row_first);
    free(r->cov);
    memset(r, 0, sizeof *r);
}

enum og_status
mapimg_draw_rivers(const struct world *w, enum map_layer layer, const struct map_view *view,
                   int width, int height, uint32_t *rgb, uint8_t *cls, struct og_error *err)
{
    struct mapimg_rivers r;
    enum og_status st = mapimg_rivers_prepare(w, layer, view, width, height, &r, err);
    int y, rows = mapimg_band_rows(width);

    /* band by band: the coverage buffer is one band, not the image */
    for (y = 0; st == OG_OK && y < height; y += rows) {
        size_t o = (size_t)y * (size_t)width;
        st = mapimg_rivers_band(&r, y, y + rows < height ? y + rows : height,
                                rgb != NULL ? rgb + o : NULL, cls != NULL ? cls + o : NULL, err);
    }
    mapimg_rivers_free(&r);
    return st;
}
