#include "config.h"
#include "render/globe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/mesh.h"
#include "render/export.h"
#include "render/pngio.h"

#define GLOBE_MAX_SIDE 16384

/* View basis: c towards the viewer from the centre, r east (screen right),
 * u north (screen up). */
static void
view_basis(double yaw, double pitch, double c[3], double r[3], double u[3])
{
    double y = yaw * M_PI / 180.0, p = pitch * M_PI / 180.0;
    c[0] = cos(p) * cos(y);
    c[1] = cos(p) * sin(y);
    c[2] = sin(p);
    r[0] = -sin(y);
    r[1] = cos(y);
    r[2] = 0.0;
    u[0] = -sin(p) * cos(y);
    u[1] = -sin(p) * sin(y);
    u[2] = cos(p);
}

static uint32_t
shade(uint32_t rgb, double s)
{
    int r = (int)((rgb >> 16 & 255) * s + 0.5), g = (int)((rgb >> 8 & 255) * s + 0.5);
    int b = (int)((rgb & 255) * s + 0.5);
    r = r > 255 ? 255 : r;
    g = g > 255 ? 255 : g;
    b = b > 255 ? 255 : b;
    return (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
}

enum og_status
globe_sample(const struct world *w, double yaw, double pitch, int width, int height,
             uint32_t *rgb, int32_t *cell_out, struct og_error *err)
{
    /* light: up and to the left of the viewer, in view coordinates */
    const double lx = -0.45, ly = 0.55, lz = 0.70;
    double c[3], r[3], u[3], rad, ll;
    int32_t start = 0;
    int px, py;

    if (w == NULL || w->kind != WORLD_SPHERE || w->mesh == NULL || w->mesh->npoints == 0
        || w->mesh->dim != 3) {
        return og_error_set(err, OG_EINVAL, "the globe needs a planet (sphere) world");
    }
    if (rgb != NULL && w->color == NULL) {
        return og_error_set(err, OG_EINVAL, "the globe needs a world with colours");
    }
    if (width < 1 || height < 1 || width > GLOBE_MAX_SIDE || height > GLOBE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "globe size %dx%d outside 1..%d per side", width,
                            height, GLOBE_MAX_SIDE);
    }
    view_basis(yaw, pitch, c, r, u);
    rad = (width < height ? width : height) / 2.0;
    ll = sqrt(lx * lx + ly * ly + lz * lz);
    for (py = 0; py < height; py++) {
        double sy = (height / 2.0 - (py + 0.5)) / rad;
        for (px = 0; px < width; px++) {
            double sx = (px + 0.5 - width / 2.0) / rad, d2 = sx * sx + sy * sy, sz, q[3], l;
            size_t o = (size_t)py * (size_t)width + (size_t)px;
            int32_t cell;
            int k;
            if (d2 > 1.0) {
                if (rgb != NULL) {
                    rgb[o] = 0;
                }
                if (cell_out != NULL) {
                    cell_out[o] = -1;
                }
                continue;
            }
            sz = sqrt(1.0 - d2);
            for (k = 0; k < 3; k++) {
                q[k] = sx * r[k] + sy * u[k] + sz * c[k];
            }
            cell = start = mesh_nearest_point(w->mesh, q, start);
            if (cell_out != NULL) {
                cell_out[o] = cell;
            }
            if (rgb != NULL) {
                l = (sx * lx + sy * ly + sz * lz) / ll;
                rgb[o] = shade(w->color[cell], 0.3 + 0.7 * (l > 0.0 ? l : 0.0));
            }
        }
    }
    return OG_OK;
}

enum og_status
planet_sample_ortho(const struct world *w, double yaw, double pitch, int width, int height,
                    uint32_t *rgb, int32_t *cell_out)
{
    return globe_sample(w, yaw, pitch, width, height, rgb, cell_out, NULL);
}

int32_t
globe_center_cell(const struct world *w, double yaw, double pitch)
{
    double c[3], r[3], u[3];
    if (w == NULL || w->kind != WORLD_SPHERE || w->mesh == NULL || w->mesh->npoints == 0) {
        return -1;
    }
    view_basis(yaw, pitch, c, r, u);
    return mesh_nearest_point(w->mesh, c, 0);
}

enum og_status
globe_export_png(const struct world *w, int size, const char *path, struct og_error *err)
{
    struct pngio_text *text = NULL;
    size_t ntext = 0, i, n;
    void *block = NULL;
    uint32_t *rgb = NULL;
    int32_t *cell = NULL;
    uint8_t *rgba = NULL;
    char extra[64];
    double yaw = params_get(&w->params, P_PLANET_GLOBE_YAW);
    double pitch = params_get(&w->params, P_PLANET_GLOBE_PITCH);
    enum og_status st;

    if (size < 1 || size > GLOBE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "globe size %d outside 1..%d", size, GLOBE_MAX_SIDE);
    }
    n = (size_t)size * (size_t)size;
    rgb = malloc(n * sizeof *rgb);
    cell = malloc(n * sizeof *cell);
    rgba = malloc(n * 4);
    if (rgb == NULL || cell == NULL || rgba == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d globe", size, size);
        goto done;
    }
    if ((st = globe_sample(w, yaw, pitch, size, size, rgb, cell, err)) != OG_OK) {
        goto done;
    }
    for (i = 0; i < n; i++) {
        rgba[4 * i] = (uint8_t)(rgb[i] >> 16);
        rgba[4 * i + 1] = (uint8_t)(rgb[i] >> 8);
        rgba[4 * i + 2] = (uint8_t)rgb[i];
        rgba[4 * i + 3] = cell[i] < 0 ? 0 : 255;
    }
    snprintf(extra, sizeof extra, "globe.size = %dx%d\n", size, size);
    if ((st = export_recipe(w, extra, &text, &ntext, &block, err)) != OG_OK) {
        goto done;
    }
    st = pngio_write_rgba(path, rgba, size, size, text, ntext, 6, err);
done:
    free(block);
    free(rgb);
    free(cell);
    free(rgba);
    return st;
}
