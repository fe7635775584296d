/* sample: a world's elevation on a regular raster (see sample.h). */
#include "config.h"
#include "render/sample.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"
#include "core/geom/site_gradient.h"
#include "render/mapimg.h"
#include "render/detail.h"
#include "render/river_carve.h"
#include "render/surface.h"

static void mesh_sample(struct sampler *s, const double *q, float *elev, int32_t *cell);

/* A mesh surface's gradient: central differences over this share of the
 * sites' mean spacing (1 / sqrt(sites) of the map square), so that the
 * detail's direction turns smoothly across the triangles' edges */
#define GRAD_SPACING 0.25

/* One axis of sample_axes: n samples over m grid cells (m = 0: a plane). */
static void
axis(int sphere, int n, int m, double *a0, double *da)
{
    if (sphere) {
        *a0 = 0.5 / n;
        *da = 1.0 / n;
    } else if (m > 0) {
        *da = n > 1 ? (double)(m - 1) / (n - 1) / m : 0.0;
        *a0 = n > 1 ? 0.5 / m : 0.5;
    } else {
        *da = n > 1 ? 1.0 / (n - 1) : 0.0;
        *a0 = n > 1 ? 0.0 : 0.5;
    }
}

void
sample_axes(const struct world *w, int width, int height, double ax[4])
{
    int grid = w->kind == WORLD_GRID, sphere = w->kind == WORLD_SPHERE;
    axis(sphere, width, grid ? w->width : 0, &ax[0], &ax[1]);
    axis(sphere, height, grid ? w->height : 0, &ax[2], &ax[3]);
}

void
sample_view(const struct world *w, int width, int height, struct map_view *view)
{
    double ax[4], du, dv;
    sample_axes(w, width, height, ax);
    du = ax[1] > 0.0 ? ax[1] : 1.0;
    dv = ax[3] > 0.0 ? ax[3] : 1.0;
    view->u0 = ax[0] - 0.5 * du;
    view->u1 = view->u0 + du * width;
    view->v0 = ax[2] - 0.5 * dv;
    view->v1 = view->v0 + dv * height;
}

/* ex over n samples on an axis of m grid cells (0: a plane), as axis(). */
static double
spacing(int sphere, int n, int m, double ex)
{
    if (sphere) {
        return ex / n;
    }
    if (m > 0) {
        return n == m ? ex / m : n > 1 ? ex * (m - 1) / ((double)(n - 1) * m) : 0.0;
    }
    return n > 1 ? ex / (n - 1) : 0.0;
}

void
sample_spacing(const struct world *w, int width, int height, double ex, double ey, double out[2])
{
    int grid = w->kind == WORLD_GRID, sphere = w->kind == WORLD_SPHERE;
    out[0] = spacing(sphere, width, grid ? w->width : 0, ex);
    out[1] = spacing(sphere, height, grid ? w->height : 0, ey);
}

/* h clamped to the world's range (the interpolants overshoot near steps). */
static double
in_range(const struct world *w, double h)
{
    return h < w->elev_min ? w->elev_min : (h > w->elev_max ? w->elev_max : h);
}

/* Grid coordinate g clamped to the outer centres of an axis of m cells. */
static double
grid_clamp(double g, int m)
{
    return g < 0.0 ? 0.0 : (g > m - 1 ? m - 1 : g);
}

/* The grid's Catmull-Rom surface (render/surface.h) at grid point (gx, gy),
 * cell (i, j) centred at (i, j), the point clamped to the outer centres. */
static double
grid_surface(const struct world *w, double gx, double gy)
{
    double h;
    surface_bicubic(w->elevation, w->width, w->height, grid_clamp(gx, w->width),
                    grid_clamp(gy, w->height), &h, NULL, NULL);
    return in_range(w, h);
}

/* The grid's surface at map point (u, v) (cell i centred at
 * u = (i + 0.5) / m): the surface grid_row samples. */
static double
grid_at(const struct world *w, double u, double v)
{
    return grid_surface(w, u * w->width - 0.5, v * w->height - 0.5);
}

/* The uncarved surface at (u, v) (river_carve_height_fn). */
static double
surface_at(void *ctx, double u, double v)
{
    struct sampler *s = ctx;
    double q[3];
    float e;

    if (s->w->kind == WORLD_GRID) {
        return grid_at(s->w, u, v);
    }
    if (s->w->mesh == NULL || s->w->mesh->npoints == 0) {
        return 0.0;
    }
    sample_map_point(s->w, u, v, q);
    mesh_sample(s, q, &e, NULL);
    return e;
}

/* A planar mesh's site gradients for the Clough-Tocher surface (s->grad;
 * none for grids and spheres). Errors: OG_ENOMEM. */
static enum og_status
plane_init(struct sampler *s, struct og_error *err)
{
    const struct world *w = s->w;
    s->patch_tri = -1;
    if (w->kind == WORLD_GRID || w->mesh == NULL || w->mesh->dim != 2 ||
        w->mesh->npoints == 0) {
        return OG_OK;
    }
    s->grad = malloc(sizeof *s->grad * 2 * w->mesh->npoints);
    if (s->grad == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the surface's gradients");
    }
    site_gradients(w->mesh, w->elevation, s->grad);
    return OG_OK;
}

enum og_status
sample_init(struct sampler *s, const struct world *w, int width, int height,
            struct og_error *err)
{
    enum og_status st;
    double bed;

    memset(s, 0, sizeof *s);
    s->w = w;
    s->width = width;
    s->height = height;
    sample_axes(w, width, height, s->ax);
    if ((st = plane_init(s, err)) != OG_OK) {
        return st;
    }
    st = river_carve_new(w, s->ax[1], s->ax[3], surface_at, s, &s->carve, &bed, err);
    /* sample_lowest's: its beds are these (the same probes from the same
       hints; a bed does not depend on the raster's size) */
    s->lowest = bed < w->elev_min ? bed : w->elev_min;
    if (st == OG_OK &&
        (st = detail_new(w, detail_spacing_m(w, s->ax[1], s->ax[3]), &s->detail, err)) != OG_OK) {
        river_carve_free(s->carve);
        s->carve = NULL;
    }
    if (st != OG_OK) {
        free(s->grad);
        s->grad = NULL;
    }
    /* the channels' surface probes moved the walk hints: start the rows
       from the same hints whether or not rivers are carved */
    s->tri = 0;
    s->point = 0;
    return st;
}

void
sample_free(struct sampler *s)
{
    if (!s->borrowed) {
        river_carve_free(s->carve);
        detail_delete(s->detail);
        free(s->grad);
    }
    s->carve = NULL;
    s->detail = NULL;
    s->grad = NULL;
}

void
sample_share(struct sampler *v, const struct sampler *s, int carved)
{
    *v = *s;
    v->tri = 0;
    v->point = 0;
    v->patch_tri = -1;   /* its own patch cache, built as it walks */
    v->borrowed = 1;
    if (!carved) {
        v->carve = NULL;
        v->detail = NULL;
    }
}

enum og_status
sample_use(struct sampler *s, const struct sampler *shared, const struct world *w, int width,
           int height, struct og_error *err)
{
    if (shared == NULL) {
        return sample_init(s, w, width, height, err);
    }
    memset(s, 0, sizeof *s);
    if (shared->w != w || shared->width != width || shared->height != height) {
        return og_error_set(err, OG_EINVAL, "a sampler of a %dx%d raster used for %dx%d",
                            shared->width, shared->height, width, height);
    }
    sample_share(s, shared, 1);
    return OG_OK;
}

enum og_status
sample_lowest(const struct world *w, double *lo, struct og_error *err)
{
    struct sampler s;
    double bed;
    enum og_status st;

    memset(&s, 0, sizeof s);
    s.w = w;
    s.width = s.height = 1;
    if ((st = plane_init(&s, err)) != OG_OK) {
        *lo = w->elev_min;
        return st;
    }
    st = river_carve_lowest(w, surface_at, &s, &bed, err);
    free(s.grad);
    *lo = bed < w->elev_min ? bed : w->elev_min;
    return st;
}

/* The plain surface's gradient at (u, v), world units per
 * map-square unit: grids the Catmull-Rom surface's own (zero where the
 * point is clamped to the outer centres), meshes central differences. */
static void
surface_grad(struct sampler *s, double u, double v, double *hu, double *hv)
{
    const struct world *w = s->w;
    double e;
    if (w->kind == WORLD_GRID) {
        double gx = u * w->width - 0.5, gy = v * w->height - 0.5, val, dx, dy;
        surface_bicubic(w->elevation, w->width, w->height, grid_clamp(gx, w->width),
                        grid_clamp(gy, w->height), &val, &dx, &dy);
        *hu = gx == grid_clamp(gx, w->width) ? dx * w->width : 0.0;
        *hv = gy == grid_clamp(gy, w->height) ? dy * w->height : 0.0;
        return;
    }
    e = GRAD_SPACING / sqrt((double)w->mesh->npoints);
    *hu = (surface_at(s, u + e, v) - surface_at(s, u - e, v)) / (2.0 * e);
    *hv = (surface_at(s, u, v + e) - surface_at(s, u, v - e)) / (2.0 * e);
}

/* Surface height h at (u, v) with the sub-grid detail, faded inside the
 * river channels, kept in the world's range. */
static double
with_detail(struct sampler *s, double u, double v, double h)
{
    double hu, hv, off, fade;
    if (s->detail == NULL) {
        return h;
    }
    fade = river_carve_detail_fade(s->carve, u, v);
    if (!(fade > 0.0)) {
        return h;
    }
    surface_grad(s, u, v, &hu, &hv);
    off = detail_offset(s->detail, u, v, h, hu, hv, NULL, NULL) * fade;
    return in_range(s->w, h + off);
}

double
sample_point(struct sampler *s, double u, double v)
{
    return river_carve_at(s->carve, u, v, with_detail(s, u, v, surface_at(s, u, v)));
}

/* Source coordinate of raster index i (of n) on a grid axis of m cells,
 * the nodes spanning the outer cells' centres (sample.h): cell k and the
 * weight f of cell k + 1. Equal sizes map exactly. */
static void
grid_axis(int i, int n, int m, int *k, double *f)
{
    double g;
    if (n == m) {
        *k = i;
        *f = 0.0;
        return;
    }
    g = n > 1 ? (double)i * (m - 1) / (n - 1) : 0.5 * (m - 1);
    if (g <= 0.0) {
        *k = 0;
        *f = 0.0;
    } else if (g >= m - 1) {
        *k = m - 1;
        *f = 0.0;
    } else {
        *k = (int)g;
        *f = g - *k;
    }
}

static void
grid_row(struct sampler *s, int y, int x0, int n, float *elev, int32_t *cell)
{
    const struct world *w = s->w;
    int W = w->width, ky, kx, i;
    double fy, fx;
    struct surface_row sr;   /* grid_surface's, its row taps found once */

    grid_axis(y, s->height, w->height, &ky, &fy);
    surface_row_init(&sr, w->elevation, W, w->height, grid_clamp(ky + fy, w->height));
    for (i = 0; i < n; i++) {
        grid_axis(x0 + i, s->width, W, &kx, &fx);
        elev[i] = (float)in_range(w, surface_row_at(&sr, grid_clamp(kx + fx, W)));
        if (cell != NULL) {
            cell[i] = (int32_t)((size_t)(ky + (fy >= 0.5)) * W + (size_t)(kx + (fx >= 0.5)));
        }
    }
}

/* Orientation of q against the directed edge a -> b: the 2-D cross product
 * (b - a) x (q - a) on the plane, det(a, b, q) = q . (a x b) on the sphere.
 * Positive on the side where the triangle's third corner lies for a
 * triangle of positive orientation. */
static double
orient(const struct mesh *m, int32_t a, int32_t b, const double *q)
{
    const double *pa = m->points + (size_t)a * m->dim, *pb = m->points + (size_t)b * m->dim;
    if (m->dim == 2) {
        return (pb[0] - pa[0]) * (q[1] - pa[1]) - (pb[1] - pa[1]) * (q[0] - pa[0]);
    }
    return q[0] * (pa[1] * pb[2] - pa[2] * pb[1]) + q[1] * (pa[2] * pb[0] - pa[0] * pb[2]) +
           q[2] * (pa[0] * pb[1] - pa[1] * pb[0]);
}

/* Find the triangle holding q by a visibility walk from s->tri and write
 * the interpolated elevation (plane: the Clough-Tocher patch, clamped to
 * the world's range; sphere: linear); falls back to the nearest point outside the
 * hull (or if the walk does not settle). */
static void
mesh_sample(struct sampler *s, const double *q, float *elev, int32_t *cell)
{
    const struct world *w = s->w;
    const struct mesh *m = w->mesh;
    size_t limit = m->ntriangles + 8, step;
    int32_t t = s->tri;

    if (m->ntriangles == 0) {
        t = -1;
    } else if (t < 0 || (size_t)t >= m->ntriangles) {
        t = 0;
    }
    for (step = 0; t >= 0 && step < limit; step++) {
        int32_t v[3] = { m->triangles[3 * t], m->triangles[3 * t + 1], m->triangles[3 * t + 2] };
        double sgn = orient(m, v[0], v[1], m->points + (size_t)v[2] * m->dim) >= 0.0 ? 1.0 : -1.0;
        double o[3];
        int k, out = -1;
        for (k = 0; k < 3; k++) {
            o[k] = sgn * orient(m, v[k], v[(k + 1) % 3], q);
        }
        /* Leave through an edge q lies beyond; the starting edge rotates
           with the step so that ties cannot cycle. */
        for (k = 0; k < 3; k++) {
            int e = (int)((step + (size_t)k) % 3);
            if (o[e] < 0.0) {
                out = e;
                break;
            }
        }
        if (out < 0) {
            /* Inside (or on an edge): weights opposite each corner. */
            double wa = o[1], wb = o[2], wc = o[0], sum = wa + wb + wc;
            int best;
            if (!(sum > 0.0)) {
                break;
            }
            wa /= sum;
            wb /= sum;
            wc /= sum;
            if (s->grad != NULL) {
                double l[3] = {wa, wb, wc}, h;
                if (s->patch_tri != t) {
                    ct_site_patch(&s->patch, m, t, w->elevation, s->grad);
                    s->patch_tri = t;
                }
                ct_patch_eval(&s->patch, l, &h, NULL, NULL);
                elev[0] = (float)in_range(w, h);
            } else {
                elev[0] = (float)(wa * w->elevation[v[0]] + wb * w->elevation[v[1]] +
                                  wc * w->elevation[v[2]]);
            }
            best = wa >= wb && wa >= wc ? 0 : (wb >= wc ? 1 : 2);
            if (cell != NULL) {
                cell[0] = v[best];
            }
            s->tri = t;
            s->point = v[best];
            return;
        }
        int32_t twin = m->halfedges[3 * t + out];
        if (twin < 0) {
            break;  /* beyond the hull */
        }
        t = mesh_edge_triangle(twin);
    }
    {
        int32_t p = mesh_nearest_point(m, q, s->point);
        p = p < 0 ? 0 : p;
        s->point = p;
        elev[0] = w->elevation[p];
        if (cell != NULL) {
            cell[0] = p;
        }
    }
}

void
sample_map_point(const struct world *w, double u, double v, double q[3])
{
    if (w->kind == WORLD_SPHERE) {
        double lon = (u - 0.5) * 2.0 * M_PI, lat = (0.5 - v) * M_PI;
        double slat, clat, slon, clon;
        det_sincos(lat, &slat, &clat);
        det_sincos(lon, &slon, &clon);
        q[0] = clat * clon;
        q[1] = clat * slon;
        q[2] = slat;
    } else {
        q[0] = u;
        q[1] = v;
        q[2] = 0.0;
    }
}

/* The sub-grid detail added to a row's samples. */
static void
detail_row(struct sampler *s, int y, int x0, int n, float *elev)
{
    double v = sample_v(s, y);
    int i;
    if (s->detail == NULL) {
        return;
    }
    for (i = 0; i < n; i++) {
        elev[i] = (float)with_detail(s, sample_u(s, x0 + i), v, elev[i]);
    }
}

/* The river channels carved into a row's samples. */
static void
carve_row(const struct sampler *s, int y, int x0, int n, float *elev)
{
    double v = sample_v(s, y);
    int i;
    if (s->carve == NULL) {
        return;
    }
    for (i = 0; i < n; i++) {
        elev[i] = (float)river_carve_at(s->carve, sample_u(s, x0 + i), v, elev[i]);
    }
}

void
sample_row(struct sampler *s, int y, int x0, int n, float *elev, int32_t *cell)
{
    const struct world *w = s->w;
    int i;

    if (w->kind == WORLD_GRID) {
        grid_row(s, y, x0, n, elev, cell);
        detail_row(s, y, x0, n, elev);
        carve_row(s, y, x0, n, elev);
        return;
    }
    if (w->mesh == NULL || w->mesh->npoints == 0) {
        for (i = 0; i < n; i++) {
            elev[i] = 0.0f;
            if (cell != NULL) {
                cell[i] = -1;
            }
        }
        return;
    }
    double v = sample_v(s, y);
    for (i = 0; i < n; i++) {
        double q[3];
        sample_map_point(w, sample_u(s, x0 + i), v, q);
        mesh_sample(s, q, elev + i, cell != NULL ? cell + i : NULL);
    }
    detail_row(s, y, x0, n, elev);
    carve_row(s, y, x0, n, elev);
}
