/* sphere_surface: a planet's continuous fields (render/sphere_surface.h). */
#include "config.h"
#include "render/sphere_surface.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/geom/mesh.h"
#include "core/planet/wfc.h"
#include "render/tint.h"

/* The lattice value at (i, j, k): uniform in [-1, 1). */
static double
lattice3(uint64_t seed, int64_t i, int64_t j, int64_t k)
{
    uint64_t h = rng_mix64(seed + (uint64_t)i * 0x9e3779b97f4a7c15ull +
                       (uint64_t)j * 0xc2b2ae3d27d4eb4full + (uint64_t)k * 0x165667b19e3779f9ull);
    return (double)(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

static double
fade(double t)
{
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

static double
dfade(double t)
{
    return 30.0 * t * t * (t - 1.0) * (t - 1.0);
}

/* Value noise at (x, y, z): the quintic blend of the eight lattice corners
 * (Peachey's vnoise in 3-D, as core/base/value_noise's 2-D); in [-1, 1].
 * Its gradient into d. */
static double
value_noise3(uint64_t seed, double x, double y, double z, double d[3])
{
    double fx = floor(x), fy = floor(y), fz = floor(z), c[2][2][2], f[3], w[3][2], dw[3][2];
    int64_t i = (int64_t)fx, j = (int64_t)fy, k = (int64_t)fz;
    double n = 0.0;
    int a, b, e;
    f[0] = x - fx, f[1] = y - fy, f[2] = z - fz;
    for (a = 0; a < 3; a++) {
        double u = fade(f[a]), du = dfade(f[a]);
        w[a][0] = 1.0 - u, w[a][1] = u;
        dw[a][0] = -du, dw[a][1] = du;
    }
    d[0] = d[1] = d[2] = 0.0;
    for (a = 0; a < 2; a++) {
        for (b = 0; b < 2; b++) {
            for (e = 0; e < 2; e++) {
                c[a][b][e] = lattice3(seed, i + a, j + b, k + e);
                n += c[a][b][e] * w[0][a] * w[1][b] * w[2][e];
                d[0] += c[a][b][e] * dw[0][a] * w[1][b] * w[2][e];
                d[1] += c[a][b][e] * w[0][a] * dw[1][b] * w[2][e];
                d[2] += c[a][b][e] * w[0][a] * w[1][b] * dw[2][e];
            }
        }
    }
    return n;
}

/* East and north at unit vector q (any tangent pair at the poles). */
static void
tangent_basis(const double *q, double *e, double *n)
{
    double rho = sqrt(q[0] * q[0] + q[1] * q[1]);
    if (rho < 1e-9) {
        e[0] = 1.0, e[1] = 0.0, e[2] = 0.0;
        n[0] = 0.0, n[1] = 1.0, n[2] = 0.0;
        return;
    }
    e[0] = -q[1] / rho, e[1] = q[0] / rho, e[2] = 0.0;
    n[0] = -q[2] * q[0] / rho, n[1] = -q[2] * q[1] / rho, n[2] = rho;
}

/* Site p's gradients in its tangent plane by weighted least squares over
 * its neighbours: g of the elevation, sg of the elevation with the sea
 * counted at sea level (the shading's, so coasts do not cliff). */
static void
site_gradients(const struct world *w, int32_t p, double *g, double *sg)
{
    const struct mesh *m = w->mesh;
    const double *a = m->points + 3 * (size_t)p;
    double e[3], n[3], sxx = 0.0, sxy = 0.0, syy = 0.0, z[2][2] = { { 0.0, 0.0 }, { 0.0, 0.0 } };
    double det, sea = w->sea_level, hp = w->elevation[p], hps = hp > sea ? hp : sea;
    int32_t nb[64];
    int cnt = mesh_cell_neighbors(m, p, nb, 64), k, i;

    cnt = cnt > 64 ? 64 : cnt;
    tangent_basis(a, e, n);
    for (k = 0; k < cnt; k++) {
        const double *b = m->points + 3 * (size_t)nb[k];
        double d[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double dx = d[0] * e[0] + d[1] * e[1] + d[2] * e[2];
        double dy = d[0] * n[0] + d[1] * n[1] + d[2] * n[2], d2 = dx * dx + dy * dy, wt;
        double hb = w->elevation[nb[k]], dz = hb - hp, dzs = (hb > sea ? hb : sea) - hps;
        if (!(d2 > 0.0)) {
            continue;
        }
        wt = 1.0 / d2;
        sxx += wt * dx * dx;
        sxy += wt * dx * dy;
        syy += wt * dy * dy;
        z[0][0] += wt * dx * dz;
        z[0][1] += wt * dy * dz;
        z[1][0] += wt * dx * dzs;
        z[1][1] += wt * dy * dzs;
    }
    det = sxx * syy - sxy * sxy;
    for (i = 0; i < 2; i++) {
        double *out = i == 0 ? g : sg, gx = 0.0, gy = 0.0;
        if (det > 1e-12 * (sxx + syy) * (sxx + syy) && det > 0.0) {
            gx = (syy * z[i][0] - sxy * z[i][1]) / det;
            gy = (sxx * z[i][1] - sxy * z[i][0]) / det;
        }
        for (k = 0; k < 3; k++) {
            out[k] = gx * e[k] + gy * n[k];
        }
    }
}

/* Each lake site's level from the elevations alone: half way from its bed
 * to its lowest dry neighbour (so the shore lies about where the Voronoi
 * cells met), or for a site amid the lake the highest level of its lake
 * neighbours; -INFINITY for other sites. (Not the hydrology's filled
 * surface: a planet edited in the TUI and one replayed from its edit list
 * must draw the same bytes.) */
static void
lake_levels(const struct world *w, float *lv)
{
    const struct mesh *m = w->mesh;
    size_t p;
    int pass, k;
    for (p = 0; p < m->npoints; p++) {
        lv[p] = -INFINITY;
    }
    for (pass = 0; pass < 2; pass++) {
        for (p = 0; p < m->npoints; p++) {
            int32_t nb[64];
            int n;
            float low = INFINITY, up = -INFINITY;
            if (w->water[p] != WATER_LAKE || (pass == 1 && lv[p] > -INFINITY)) {
                continue;
            }
            n = mesh_cell_neighbors(m, (int32_t)p, nb, 64);
            n = n > 64 ? 64 : n;
            for (k = 0; k < n; k++) {
                float e = w->elevation[nb[k]];
                if (w->water[nb[k]] == WATER_LAND && e < low) {
                    low = e;
                } else if (w->water[nb[k]] == WATER_LAKE && lv[nb[k]] > up) {
                    up = lv[nb[k]];
                }
            }
            if (pass == 0 && low < INFINITY && low > w->elevation[p]) {
                lv[p] = 0.5f * (w->elevation[p] + low);
            } else if (pass == 1) {
                lv[p] = up > w->elevation[p] ? up : w->elevation[p];
            }
        }
    }
}

static void
detail_octaves(struct sphere_surface *s, double px)
{
    double unit = s->w->elev_unit_m > 0.0 ? s->w->elev_unit_m : SPHERE_UNIT_M;
    double lambda = 2.0 * s->spacing, amp = (1.0 - SPHERE_DETAIL_GAIN) * SPHERE_DETAIL_M / unit;
    s->octaves = 0;
    while (s->octaves < 8 && lambda >= 2.0 * px) {
        s->detail_freq[s->octaves] = 1.0 / lambda;
        s->detail_amp[s->octaves] = amp;
        s->octaves++;
        lambda *= 0.5;
        amp *= SPHERE_DETAIL_GAIN;
    }
}

enum og_status
sphere_surface_new(const struct world *w, enum map_layer layer, double px,
                   struct sphere_surface **out, struct og_error *err)
{
    const struct wfc_rules *rules = wfc_planet_rules();
    struct sphere_surface *s;
    size_t p, n;
    int b;

    *out = NULL;
    if (w->kind != WORLD_SPHERE || w->mesh == NULL || w->mesh->npoints < 4 ||
        w->mesh->dim != 3 || w->elevation == NULL || w->water == NULL ||
        w->mesh->point_edge == NULL || !(layer == LAYER_COLOR || layer == LAYER_ELEVATION) ||
        (layer == LAYER_COLOR && w->color == NULL)) {
        return OG_OK;
    }
    n = w->mesh->npoints;
    s = calloc(1, sizeof *s);
    if (s == NULL || (s->grad = malloc(sizeof *s->grad * 3 * n)) == NULL ||
        (s->shade_grad = malloc(sizeof *s->shade_grad * 3 * n)) == NULL ||
        (s->lake_level = malloc(sizeof *s->lake_level * n)) == NULL) {
        sphere_surface_free(s);
        return og_error_set(err, OG_ENOMEM, "out of memory for a planet's surface");
    }
    s->w = w;
    s->layer = layer;
    s->px = px;
    s->seed = rng_mix64(w->params.seed ^ 0x5d7e3a91c2b4f60dull);
    s->spacing = sqrt(4.0 * M_PI / (double)n);
    for (p = 0; p < n; p++) {
        site_gradients(w, (int32_t)p, s->grad + 3 * p, s->shade_grad + 3 * p);
    }
    lake_levels(w, s->lake_level);
    detail_octaves(s, px);
    s->ocean_id = s->shallow_id = -1;
    for (b = 0; b < rules->nbiomes && w->biome != NULL; b++) {
        if (strcmp(rules->biome[b].name, "ocean") == 0) {
            s->ocean_id = b;
            s->ocean_rgb = rules->biome[b].color;
        } else if (strcmp(rules->biome[b].name, "shallows") == 0) {
            s->shallow_id = b;
            s->shallow_rgb = rules->biome[b].color;
        }
    }
    if (s->ocean_id < 0 || s->shallow_id < 0) {
        s->ocean_id = s->shallow_id = -1;
    }
    *out = s;
    return OG_OK;
}

void
sphere_surface_free(struct sphere_surface *s)
{
    if (s != NULL) {
        free(s->grad);
        free(s->shade_grad);
        free(s->lake_level);
        free(s);
    }
}

/* q . (a x b) */
static double
orient(const double *a, const double *b, const double *q)
{
    return q[0] * (a[1] * b[2] - a[2] * b[1]) + q[1] * (a[2] * b[0] - a[0] * b[2]) +
           q[2] * (a[0] * b[1] - a[1] * b[0]);
}

/* Gnomonic barycentric weights of q in triangle t; 1 when q is inside
 * (closed). */
static int
tri_weights(const struct mesh *m, int32_t t, const double *q, double l[3])
{
    const double *a = m->points + 3 * (size_t)m->triangles[3 * t];
    const double *b = m->points + 3 * (size_t)m->triangles[3 * t + 1];
    const double *c = m->points + 3 * (size_t)m->triangles[3 * t + 2];
    double sgn = orient(a, b, c) >= 0.0 ? 1.0 : -1.0, sum;
    l[0] = sgn * orient(b, c, q);
    l[1] = sgn * orient(c, a, q);
    l[2] = sgn * orient(a, b, q);
    sum = l[0] + l[1] + l[2];
    if (!(sum > 0.0) || l[0] < 0.0 || l[1] < 0.0 || l[2] < 0.0) {
        return 0;
    }
    l[0] /= sum;
    l[1] /= sum;
    l[2] = 1.0 - l[0] - l[1];
    return 1;
}

/* The detail's height at q, and its gradient added to g */
static double
detail(const struct sphere_surface *s, const double *q, double *g)
{
    double h = 0.0, d[3];
    int o;
    for (o = 0; o < s->octaves; o++) {
        double f = s->detail_freq[o], a = s->detail_amp[o];
        h += a * value_noise3(s->seed + (uint64_t)o, q[0] * f, q[1] * f, q[2] * f, d);
        g[0] += a * f * d[0];
        g[1] += a * f * d[1];
        g[2] += a * f * d[2];
    }
    return h;
}

/* The colour of site v on the pixel: the sea's by depth (m, at the pixel)
 * in the colour layer, else the site's. */
static uint32_t
site_color(const struct sphere_surface *s, int32_t v, double depth_m)
{
    const struct world *w = s->w;
    if (s->layer == LAYER_COLOR && s->ocean_id >= 0 && w->water[v] == WATER_OCEAN &&
        (w->biome[v] == s->ocean_id || w->biome[v] == s->shallow_id)) {
        double t = (depth_m - SPHERE_SHALLOW_M) / (SPHERE_DEEP_M - SPHERE_SHALLOW_M);
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        return tint_mix(s->shallow_rgb, s->ocean_rgb, t * t * (3.0 - 2.0 * t));
    }
    return mapimg_cell_color(w, s->layer, (size_t)v, 0.0);
}

/* Blend of the triangle's sites on one side; 0 when none is there. */
static int
side_blend(const struct sphere_surface *s, const int32_t v[3], const double l[3], int wet,
           double depth_m, uint32_t *out)
{
    double ch[3] = { 0.0, 0.0, 0.0 }, sum = 0.0;
    int k;
    for (k = 0; k < 3; k++) {
        if ((s->w->water[v[k]] != WATER_LAND) == wet) {
            uint32_t c = site_color(s, v[k], depth_m);
            double wt = l[k] + 1e-9;
            ch[0] += wt * (double)((c >> 16) & 255u);
            ch[1] += wt * (double)((c >> 8) & 255u);
            ch[2] += wt * (double)(c & 255u);
            sum += wt;
        }
    }
    if (sum <= 0.0) {
        return 0;
    }
    *out = (uint32_t)(ch[0] / sum + 0.5) << 16 | (uint32_t)(ch[1] / sum + 0.5) << 8 |
           (uint32_t)(ch[2] / sum + 0.5);
    return 1;
}

/* Coverage of the water below level: 0.5 - (h - level) / (|g| px). */
static double
coverage(double c, const double *g, double px)
{
    double grad = sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) * px, a;
    if (!(grad > 0.0)) {
        return c < 0.0 ? 1.0 : 0.0;
    }
    a = 0.5 - c / grad;
    return a < 0.0 ? 0.0 : (a > 1.0 ? 1.0 : a);
}

int
sphere_surface_at(const struct sphere_surface *s, const double *q, int32_t *start,
                  struct sphere_point *out)
{
    const struct world *w = s->w;
    const struct mesh *m = w->mesh;
    double l[3], h = 0.0, g[3] = { 0.0, 0.0, 0.0 }, level = -INFINITY, dq, a, unit;
    int32_t p = mesh_nearest_point(m, q, *start), t, v[3];
    int k, i, ocean = 0, lake = 0, have_land, have_water;

    if (p < 0 || (t = mesh_triangle_near(m, p, q, l, tri_weights)) < 0) {
        return 0;
    }
    *start = p;
    out->site = p;
    out->g[0] = out->g[1] = out->g[2] = 0.0;
    for (k = 0; k < 3; k++) {
        const double *gk = s->grad + 3 * (size_t)m->triangles[3 * t + k];
        const double *sk = s->shade_grad + 3 * (size_t)m->triangles[3 * t + k];
        v[k] = m->triangles[3 * t + k];
        h += l[k] * (w->elevation[v[k]] + gk[0] * q[0] + gk[1] * q[1] + gk[2] * q[2]);
        for (i = 0; i < 3; i++) {
            g[i] += l[k] * gk[i];
            out->g[i] += l[k] * sk[i];
        }
        ocean |= w->water[v[k]] == WATER_OCEAN;
        lake |= w->water[v[k]] == WATER_LAKE;
        level = s->lake_level[v[k]] > level ? s->lake_level[v[k]] : level;
    }
    /* the detail, then the gradients on q's tangent plane */
    {
        double dg[3] = { 0.0, 0.0, 0.0 };
        h += detail(s, q, dg);
        for (i = 0; i < 3; i++) {
            g[i] += dg[i];
            out->g[i] += dg[i];
        }
    }
    dq = g[0] * q[0] + g[1] * q[1] + g[2] * q[2];
    for (i = 0; i < 3; i++) {
        g[i] -= dq * q[i];
    }
    dq = out->g[0] * q[0] + out->g[1] * q[1] + out->g[2] * q[2];
    for (i = 0; i < 3; i++) {
        out->g[i] -= dq * q[i];
    }
    a = ocean ? coverage(h - w->sea_level, g, s->px) : 0.0;
    if (lake && level > -INFINITY) {
        double b = coverage(h - level, g, s->px);
        a = b > a ? b : a;
    }
    unit = w->elev_unit_m > 0.0 ? w->elev_unit_m : SPHERE_UNIT_M;
    have_land = side_blend(s, v, l, 0, 0.0, &out->land);
    have_water = side_blend(s, v, l, 1, (w->sea_level - h) * unit, &out->water);
    if (!have_land) {
        a = 1.0;
    } else if (!have_water) {
        a = 0.0;
    }
    out->wet = a;
    return 1;
}
