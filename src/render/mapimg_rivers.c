#include "config.h"
#include "render/mapimg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid.h"
#include "core/mesh.h"

#define RIVER_COLOR 0x3b78b4u       /* over biome colours and lakes */
#define RIVER_COLOR_FLOW 0xf2f8ffu  /* over the flow layer's sequential tint */

/* Map position (u, v) of hydrology node i. */
static void
node_uv(const struct world *w, size_t i, double *u, double *v)
{
    if (w->kind == WORLD_GRID) {
        *u = ((double)(i % (size_t)w->width) + 0.5) / w->width;
        *v = ((double)(i / (size_t)w->width) + 0.5) / w->height;
    } else {
        *u = w->mesh->centers[2 * i];
        *v = w->mesh->centers[2 * i + 1];
    }
}

/* River nodes drawn as curves along the flow: every node's position is
 * smoothed along its river, three passes of [1 2 1] / 4 over (main donor,
 * node, receiver), the main donor being the river donor with the most
 * flow. Sources and nodes whose receiver is not a river keep their place,
 * so rivers still start and end where the routing says, and a tributary
 * ends on the smoothed main stem. D8 staircases become smooth lines at the
 * flow's real angle instead of ruler-straight steps. uv gets 2 doubles per
 * node. */
#define RIVER_SMOOTH_PASSES 3

static enum og_status
river_curve(const struct world *w, double *uv, struct og_error *err)
{
    size_t n = w->nhydro, i;
    int32_t *up = NULL;
    double *tmp = NULL;
    enum og_status st;
    int pass;

    if ((st = grid_calloc((void **)&up, n, sizeof *up, "river donors", err)) != OG_OK ||
        (st = grid_calloc((void **)&tmp, 2 * n, sizeof *tmp, "river curve", err)) != OG_OK) {
        free(up);
        return st;
    }
    for (i = 0; i < n; i++) {
        up[i] = -1;
        node_uv(w, i, &uv[2 * i], &uv[2 * i + 1]);
    }
    for (i = 0; i < n; i++) {
        int32_t d = w->downhill[i];
        if (w->river_width[i] <= 0.0f || d < 0) {
            continue;
        }
        if (up[d] < 0 || (w->flow != NULL ? w->flow[i] > w->flow[up[d]]
                                          : w->river_width[i] > w->river_width[up[d]])) {
            up[d] = (int32_t)i;
        }
    }
    for (pass = 0; pass < RIVER_SMOOTH_PASSES; pass++) {
        for (i = 0; i < n; i++) {
            int32_t d = w->downhill[i], u = up[i];
            tmp[2 * i] = uv[2 * i];
            tmp[2 * i + 1] = uv[2 * i + 1];
            if (w->river_width[i] <= 0.0f || d < 0 || u < 0 || w->river_width[d] <= 0.0f) {
                continue;
            }
            tmp[2 * i] = 0.25 * (uv[2 * u] + 2.0 * uv[2 * i] + uv[2 * d]);
            tmp[2 * i + 1] = 0.25 * (uv[2 * u + 1] + 2.0 * uv[2 * i + 1] + uv[2 * d + 1]);
        }
        memcpy(uv, tmp, 2 * n * sizeof *uv);
    }
    free(up);
    free(tmp);
    return OG_OK;
}

static uint32_t
blend(uint32_t a, uint32_t b, double t)
{
    uint32_t out = 0;
    int s;
    for (s = 16; s >= 0; s -= 8) {
        double ca = (a >> s) & 0xff, cb = (b >> s) & 0xff;
        out |= (uint32_t)lround(ca + (cb - ca) * t) << s;
    }
    return out;
}

/* Coverage of one tapered segment: pixels within r(t) of the segment, with
 * r interpolated from r0 at (x0, y0) to r1 at (x1, y1); one pixel of linear
 * falloff at the edge gives the anti-aliasing, alpha scales the whole line.
 * Keeps the maximum coverage per pixel so joints do not darken. */
static void
cover_segment(float *cov, int width, int height, double x0, double y0, double r0, double x1,
              double y1, double r1, double alpha)
{
    double rmax = (r0 > r1 ? r0 : r1) + 1.0;
    double lx = x1 - x0, ly = y1 - y0, len2 = lx * lx + ly * ly;
    int px0 = (int)floor((x0 < x1 ? x0 : x1) - rmax), px1 = (int)ceil((x0 > x1 ? x0 : x1) + rmax);
    int py0 = (int)floor((y0 < y1 ? y0 : y1) - rmax), py1 = (int)ceil((y0 > y1 ? y0 : y1) + rmax);
    int px, py;

    px0 = px0 < 0 ? 0 : px0;
    py0 = py0 < 0 ? 0 : py0;
    px1 = px1 > width - 1 ? width - 1 : px1;
    py1 = py1 > height - 1 ? height - 1 : py1;
    for (py = py0; py <= py1; py++) {
        for (px = px0; px <= px1; px++) {
            double cx = px + 0.5 - x0, cy = py + 0.5 - y0, t = 0.0, dx, dy, d, c;
            if (len2 > 0.0) {
                t = (cx * lx + cy * ly) / len2;
                t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
            }
            dx = cx - t * lx;
            dy = cy - t * ly;
            d = sqrt(dx * dx + dy * dy);
            c = r0 + (r1 - r0) * t - d + 0.5;
            if (c > 0.0) {
                float *p = &cov[(size_t)py * (size_t)width + (size_t)px];
                c = (c > 1.0 ? 1.0 : c) * alpha;
                *p = (float)c > *p ? (float)c : *p;
            }
        }
    }
}

enum og_status
mapimg_draw_rivers(const struct world *w, enum map_layer layer, const struct map_view *view,
                   int width, int height, uint32_t *rgb, uint8_t *cls, struct og_error *err)
{
    uint32_t color = layer == LAYER_RIVERS ? RIVER_COLOR_FLOW : RIVER_COLOR;
    float *cov = NULL;
    double *uv = NULL;
    double du = (view->u1 - view->u0) / width, dv = (view->v1 - view->v0) / height;
    double spacing_px;
    size_t i, npx = (size_t)width * (size_t)height;
    enum og_status st;

    if (w->river_width == NULL || w->downhill == NULL || w->nhydro == 0 ||
        (w->kind != WORLD_GRID && (w->kind != WORLD_MESH || w->mesh == NULL))) {
        return OG_OK;
    }
    st = grid_calloc((void **)&cov, npx, sizeof *cov, "river coverage", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&uv, 2 * w->nhydro, sizeof *uv, "river nodes", err);
    }
    if (st == OG_OK) {
        st = river_curve(w, uv, err);
    }
    if (st != OG_OK) {
        free(cov);
        free(uv);
        return st;
    }
    /* Widths are in node spacings: a grid cell, or the side of an average
     * Voronoi cell (sqrt of the map area per cell). */
    spacing_px = w->kind == WORLD_GRID ? 1.0 / w->width / du
                                       : sqrt(1.0 / (double)w->mesh->npoints) / du;
    for (i = 0; i < w->nhydro; i++) {
        int32_t d = w->downhill[i];
        double u0, v0, u1, v1, r0, r1, alpha;
        if (w->river_width[i] <= 0.0f || d < 0) {
            continue;
        }
        u0 = uv[2 * i];
        v0 = uv[2 * i + 1];
        u1 = uv[2 * (size_t)d];
        v1 = uv[2 * (size_t)d + 1];
        /* Radius in pixels. A river thinner than a pixel is drawn one pixel
         * wide but faded in proportion (never below 0.35, so it stays
         * visible), and so only counts as a river pixel in cls once it is
         * about half a pixel wide: zoomed-out maps do not drown in rivers. */
        r0 = 0.5 * w->river_width[i] * spacing_px;
        r1 = w->river_width[d] > 0.0f ? 0.5 * w->river_width[d] * spacing_px : r0;
        alpha = r0 + r1; /* twice the mean radius: the mean width */
        alpha = alpha < 0.35 ? 0.35 : alpha > 1.0 ? 1.0 : alpha;
        r0 = r0 < 0.5 ? 0.5 : r0;
        r1 = r1 < 0.5 ? 0.5 : r1;
        cover_segment(cov, width, height, (u0 - view->u0) / du, (v0 - view->v0) / dv, r0,
                      (u1 - view->u0) / du, (v1 - view->v0) / dv, r1, alpha);
    }
    for (i = 0; i < npx; i++) {
        if (cov[i] <= 0.0f) {
            continue;
        }
        if (rgb != NULL && rgb[i] != 0x101010u) {
            rgb[i] = blend(rgb[i], color, cov[i]);
        }
        if (cls != NULL && cov[i] >= 0.5f && cls[i] != MC_VOID && cls[i] != MC_DEEP &&
            cls[i] != MC_WATER && cls[i] != MC_LAKE) {
            cls[i] = MC_RIVER;
        }
    }
    free(cov);
    free(uv);
    return OG_OK;
}
