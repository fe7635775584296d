#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "core/base/rng.h"
#include "io/export_iso.h"
#include "render/iso.h"
#include "render/iso_internal.h"
#include "io/png/pngio.h"
#include "render/raster.h"

#define OUT_A "tests/out-iso-a.png"
#define OUT_B "tests/out-iso-b.png"
#define BACKGROUND 0x1b2130u

static void
opts(struct iso_options *o, int subdiv, double time)
{
    memset(o, 0, sizeof *o);
    o->view.time = time;
    o->view.rotation = 0;
    /* the map-relative scale these fields (of unknown scale) were made for */
    o->view.exaggeration = ISO_DEFAULT_EXAGGERATION;
    o->subdiv = subdiv;
    o->jitter = 0.0;
    o->island_resolution = 64;
    o->threads = 1;
}

static void
field_new(struct iso_field *f, int w, int h)
{
    struct og_error err;
    ck_assert_int_eq(iso_field_alloc(f, w, h, 0, &err), OG_OK);
}

static struct raster *
render(const struct iso_field *f, const struct iso_options *o, int w, int h)
{
    struct raster *r;
    struct og_error err;

    ck_assert_int_eq(raster_new(&r, w, h, &err), OG_OK);
    ck_assert_msg(iso_render_field(f, o, r, NULL, &err) == OG_OK, "%s", err.msg);
    return r;
}

static uint32_t
px(const struct raster *r, size_t i)
{
    const uint8_t *p = r->rgba + 4 * i;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

START_TEST(test_sun_model)
{
    double L[3];

    iso_sun_direction(6.0, L);
    ck_assert_double_eq_tol(L[0], 1.0, 1e-12); /* sunrise due east */
    ck_assert_double_eq_tol(L[2], 0.0, 1e-12);
    iso_sun_direction(18.0, L);
    ck_assert_double_eq_tol(L[0], -1.0, 1e-12); /* sunset due west */
    iso_sun_direction(12.0, L);
    ck_assert_double_eq_tol(L[0], 0.0, 1e-12);
    ck_assert(L[1] > 0.0); /* noon sun in the south (+y) */
    ck_assert_double_eq_tol(asin(L[2]) * 180.0 / M_PI, 55.0, 1e-9);
    iso_sun_direction(9.0, L);
    ck_assert(L[0] > 0.0 && L[2] > 0.0 && L[2] < sin(55.0 * M_PI / 180.0));
    iso_sun_direction(15.0, L);
    ck_assert(L[0] < 0.0);
    /* Lambert as in the seed */
    {
        double up[3] = {0, 0, 1}, side[3] = {-1, 0, 0};
        iso_sun_direction(12.0, L);
        ck_assert_double_eq_tol(iso_lambert(up, L), 1.0, 1e-12); /* 0.35 + 0.8 * 0.819 > 1 */
        iso_sun_direction(7.0, L);
        ck_assert_double_eq_tol(iso_lambert(up, L), 0.35 + 0.8 * L[2], 1e-12);
        ck_assert_double_eq_tol(iso_lambert(side, L), 0.35, 1e-12); /* facing away */
    }
}
END_TEST

/* A flat plane renders one intensity, the formula's, within a colour step. */
START_TEST(test_flat_plane_intensity)
{
    static const double times[] = {6.25, 7.0, 8.5, 10.0, 12.0, 14.75, 17.5};
    struct iso_field f;
    struct iso_options o;
    size_t i, k, n, grey;
    double L[3], up[3] = {0, 0, 1};

    field_new(&f, 16, 16);
    for (i = 0; i < 256; i++) {
        f.terrain[i] = 0.3f;
        f.color[i] = 0xffffffu;
    }
    for (k = 0; k < sizeof times / sizeof times[0]; k++) {
        struct raster *r;
        long want;
        opts(&o, 1 + (int)(k % 3), times[k]);
        r = render(&f, &o, 160, 120);
        iso_sun_direction(times[k], L);
        want = lround(255.0 * iso_lambert(up, L));
        n = (size_t)r->width * r->height;
        grey = 0;
        for (i = 0; i < n; i++) {
            uint32_t c = px(r, i);
            int R = (int)(c >> 16), G = (int)(c >> 8 & 255), B = (int)(c & 255);
            if (R == G && G == B) { /* the white ground (walls are brown) */
                ck_assert_msg(labs(R - want) <= 1, "time %g: %d, formula %ld", times[k], R,
                              want);
                grey++;
            }
        }
        ck_assert_uint_gt(grey, n / 4);
        raster_free(r);
    }
    iso_field_fini(&f);
}
END_TEST

/* Field 32x32, colour R = 8x, G = 8y so that an untessellated cell shows
 * R = 8cx + 4, G = 8cy + 4 (noon light on flat ground is exactly 1). */
static void
column_field(struct iso_field *f, int with_column)
{
    int x, y;

    field_new(f, 32, 32);
    for (y = 0; y < 32; y++) {
        for (x = 0; x < 32; x++) {
            size_t o = (size_t)y * 32 + x;
            f->color[o] = (uint32_t)(8 * x) << 16 | (uint32_t)(8 * y) << 8;
            f->terrain[o] = with_column && x >= 15 && x <= 16 && y >= 15 && y <= 16 ? 1.0f : 0.0f;
        }
    }
}

static int
decode_cell(uint32_t c, int *cx, int *cy)
{
    int R = (int)(c >> 16), G = (int)(c >> 8 & 255), B = (int)(c & 255);
    if (B != 0 || (R - 4) % 8 != 0 || (G - 4) % 8 != 0) {
        return 0;
    }
    *cx = (R - 4) / 8;
    *cy = (G - 4) / 8;
    return 1;
}

/* A tall column hides exactly the ground just behind it (toward the top of
 * the screen), not the ground in front or to the side, nor the ground far
 * enough behind to show above its top. */
START_TEST(test_column_occlusion)
{
    struct iso_field flat, col;
    struct iso_options o;
    struct raster *F, *C;
    size_t i, n, front = 0, hidden = 0, far = 0;
    int cx, cy;

    column_field(&flat, 0);
    column_field(&col, 1);
    opts(&o, 1, 12.0);
    F = render(&flat, &o, 512, 320);
    C = render(&col, &o, 512, 320);
    n = (size_t)F->width * F->height;
    for (i = 0; i < n; i++) {
        if (!decode_cell(px(F, i), &cx, &cy)) {
            continue;
        }
        if (cx >= 14 && cx <= 16 && cy >= 14 && cy <= 16) {
            continue; /* the column's own cells */
        }
        if (cx + cy >= 33 || abs(cx - cy) >= 5) {
            /* in front of the column or beside it: untouched */
            ck_assert_msg(px(C, i) == px(F, i), "cell (%d, %d) changed", cx, cy);
            front++;
        } else if (cx == cy && cx >= 11 && cx <= 13) {
            /* 2 to 4 cells straight behind: hidden */
            ck_assert_msg(px(C, i) != px(F, i), "cell (%d, %d) visible", cx, cy);
            hidden++;
        } else if (cx + cy <= 18) {
            /* far behind: the column (1 unit = 155 px high) ends below */
            ck_assert_msg(px(C, i) == px(F, i), "far cell (%d, %d) changed", cx, cy);
            far++;
        }
    }
    ck_assert_uint_gt(front, 1000);
    ck_assert_uint_gt(hidden, 100);
    ck_assert_uint_gt(far, 1000);
    /* and the column top shows: the colour of cell (15, 15) */
    for (i = 0, hidden = 0; i < n; i++) {
        hidden += px(C, i) == (124u << 16 | 124u << 8);
    }
    ck_assert_uint_gt(hidden, 50);
    raster_free(F);
    raster_free(C);
    iso_field_fini(&flat);
    iso_field_fini(&col);
}
END_TEST

/* N = 1 and N = 4 of a planar slope draw the same image up to
 * rasterization noise on the outline; with jitter 0, N = 4 is the
 * untessellated surface. */
START_TEST(test_tessellation_planar)
{
    struct iso_field f;
    struct iso_options o;
    struct raster *a, *b;
    size_t i, n, diff = 0;
    int x, y;

    field_new(&f, 12, 12);
    for (y = 0; y < 12; y++) {
        for (x = 0; x < 12; x++) {
            f.terrain[y * 12 + x] = (float)(0.05 * x + 0.03 * y);
            f.color[y * 12 + x] = 0xc0a080u;
        }
    }
    opts(&o, 1, 10.0);
    a = render(&f, &o, 300, 200);
    opts(&o, 4, 10.0);
    b = render(&f, &o, 300, 200);
    n = (size_t)a->width * a->height;
    for (i = 0; i < n; i++) {
        diff += px(a, i) != px(b, i);
    }
    ck_assert_msg(diff <= n / 200, "%zu of %zu pixels differ", diff, n);
    raster_free(a);
    raster_free(b);
    iso_field_fini(&f);
}
END_TEST

/* Catmull-Rom weight of tap k (0..3) at fraction x (Keys 1981, a = -0.5). */
static double
catmull_rom(double x, long k)
{
    double x2 = x * x, x3 = x2 * x;
    switch (k) {
    case 0:
        return -0.5 * x3 + x2 - 0.5 * x;
    case 1:
        return 1.5 * x3 - 2.5 * x2 + 1.0;
    case 2:
        return -1.5 * x3 + 2.0 * x2 + 0.5 * x;
    default:
        return 0.5 * x3 - 0.5 * x2;
    }
}

/* Field value at (x, y), continued linearly past the border. */
static double
terrain_ext(const struct iso_field *f, long x, long y)
{
    long W = f->width, H = f->height;
    long xc = x < 0 ? 0 : (x >= W ? W - 1 : x), yc = y < 0 ? 0 : (y >= H ? H - 1 : y);
    long xn = x < 0 ? 1 : W - 2, yn = y < 0 ? 1 : H - 2;
    double v = f->terrain[yc * W + xc];
    if (x != xc) {
        v = 2.0 * v - f->terrain[yc * W + xn];
    }
    if (y != yc) {
        double r = f->terrain[yn * W + xc];
        if (x != xc) {
            r = 2.0 * r - f->terrain[yn * W + xn];
        }
        v = 2.0 * v - r;
    }
    return v;
}

/* River lines (iso_rivers.c): a segment of half width 0.3 samples covers
 * its own axis fully, fades over one micro-quad at its edge, and nothing
 * a sample away; the index finds it from every cell it crosses. */
START_TEST(test_river_lines)
{
    static const float seg[] = {1.5f, 1.5f, 6.5f, 4.0f, 0.3f, 0.2f, 5.0f, 0.2f, 6.0f, 0.3f};
    struct iso_rivers *r;
    struct og_error err;
    double t;

    ck_assert_int_eq(iso_rivers_new(&r, seg, 2, 8, 7, &err), OG_OK);
    ck_assert_ptr_nonnull(r);
    for (t = 0.0; t <= 1.0; t += 0.125) {
        double x = 1.5 + 5.0 * t, y = 1.5 + 2.5 * t;
        ck_assert_double_eq_tol(iso_rivers_cover(r, x, y, 0.25), 1.0, 1e-12);
        /* a sample away, perpendicular: dry */
        ck_assert_double_eq(iso_rivers_cover(r, x - 0.4472, y + 0.8944, 0.25), 0.0);
    }
    /* at distance 0.3 (the edge) half covered, over a micro-quad of 0.25 */
    ck_assert_double_eq_tol(iso_rivers_cover(r, 0.2 + 0.3, 5.5, 0.25), 0.5, 1e-6);
    ck_assert_double_eq_tol(iso_rivers_cover(r, 0.2 + 0.3 + 0.125, 5.5, 0.25), 0.0, 1e-6);
    ck_assert_double_eq(iso_rivers_cover(NULL, 1.5, 1.5, 0.25), 0.0);
    iso_rivers_free(r);
}
END_TEST

/* A large render raises the tessellation until a micro-quad is at most
 * ISO_MICRO_PX px wide; a small one keeps render.subdiv. */
START_TEST(test_auto_subdiv)
{
    struct iso_field f;
    struct iso_options o;
    int n_small, n_large;

    field_new(&f, 33, 33);
    opts(&o, 2, 12.0);
    n_small = iso_auto_subdiv(&f, &o, f.vscale, 64, 40);
    n_large = iso_auto_subdiv(&f, &o, f.vscale, 4096, 2560);
    ck_assert_int_eq(n_small, 2);
    ck_assert_int_gt(n_large, 2);
    /* 32 cells across the diagonal of a 4096 px frame: about 2 x 4096 /
     * 64 px a cell, over at most ISO_MICRO_PX px a micro-quad */
    ck_assert_int_ge(n_large, (int)(2.0 * 4096 * 0.9 / 64 / ISO_MICRO_PX));
    ck_assert_int_le(n_large, ISO_MAX_SUBDIV);
    iso_field_fini(&f);
}
END_TEST

START_TEST(test_tessellate_jitter)
{
    struct iso_field f;
    struct og_error err;
    struct rng rng;
    float *v1, *v2, *v4, *v3, *v6;
    size_t nx, ny, nx2, ny2, i, j, moved = 0;

    field_new(&f, 7, 5);
    rng_seed(&rng, 3, 4);
    for (i = 0; i < 35; i++) {
        f.terrain[i] = (float)(rng_next_u32(&rng) % 1000) / 1000.0f;
    }
    /* jitter 0: N = 1 is the field, N = 3 the Catmull-Rom bicubic surface
     * (the field extended linearly past its border) */
    ck_assert_int_eq(iso_tessellate(&f, 1, 0.0, &v1, &nx, &ny, &err), OG_OK);
    ck_assert_uint_eq(nx, 7);
    ck_assert_uint_eq(ny, 5);
    ck_assert_int_eq(memcmp(v1, f.terrain, 35 * sizeof(float)), 0);
    free(v1);
    ck_assert_int_eq(iso_tessellate(&f, 3, 0.0, &v3, &nx, &ny, &err), OG_OK);
    ck_assert_uint_eq(nx, 19);
    ck_assert_uint_eq(ny, 13);
    for (j = 0; j < ny; j++) {
        for (i = 0; i < nx; i++) {
            long cx = i / 3 < 6 ? (long)(i / 3) : 5, cy = j / 3 < 4 ? (long)(j / 3) : 3, a, b;
            double fx = i / 3.0 - cx, fy = j / 3.0 - cy, want = 0.0;
            for (b = 0; b < 4; b++) {
                for (a = 0; a < 4; a++) {
                    want += catmull_rom(fx, a) * catmull_rom(fy, b) *
                            terrain_ext(&f, cx - 1 + a, cy - 1 + b);
                }
            }
            ck_assert_double_eq_tol(v3[j * nx + i], want, 1e-6);
        }
    }
    free(v3);
    /* jitter: shared vertices of N = 2 and 4, 3 and 6 agree exactly */
    ck_assert_int_eq(iso_tessellate(&f, 2, 0.2, &v2, &nx, &ny, &err), OG_OK);
    ck_assert_int_eq(iso_tessellate(&f, 4, 0.2, &v4, &nx2, &ny2, &err), OG_OK);
    for (j = 0; j < ny; j++) {
        for (i = 0; i < nx; i++) {
            ck_assert(v2[j * nx + i] == v4[2 * j * nx2 + 2 * i]);
        }
    }
    free(v4);
    ck_assert_int_eq(iso_tessellate(&f, 3, 0.2, &v3, &nx, &ny, &err), OG_OK);
    ck_assert_int_eq(iso_tessellate(&f, 6, 0.2, &v6, &nx2, &ny2, &err), OG_OK);
    ck_assert_int_eq(iso_tessellate(&f, 3, 0.0, &v1, &nx, &ny, &err), OG_OK);
    for (j = 0; j < ny; j++) {
        for (i = 0; i < nx; i++) {
            ck_assert(v3[j * nx + i] == v6[2 * j * nx2 + 2 * i]);
            moved += v3[j * nx + i] != v1[j * nx + i];
            /* |h' - h| <= 0.5 * clamp(1.5 h, 0, 1) * roughness */
            ck_assert(fabs(v3[j * nx + i] - v1[j * nx + i]) <=
                      0.5 * fmin(1.5 * fmax(v1[j * nx + i], 0.0), 1.0) *
                              iso_jitter_amplitude(&f, 0.2) * ISO_DEFAULT_ROUGHNESS + 1e-6);
        }
    }
    ck_assert_uint_gt(moved, nx * ny / 2);
    free(v1);
    free(v2);
    free(v3);
    free(v6);
    /* the hash depends on the position only */
    ck_assert(iso_vertex_hash(3, 2, 1, 0, 4) == iso_vertex_hash(3, 1, 1, 0, 2));
    ck_assert(iso_vertex_hash(3, 4, 1, 0, 4) == iso_vertex_hash(4, 0, 1, 0, 1));
    ck_assert(iso_vertex_hash(3, 1, 1, 0, 2) != iso_vertex_hash(1, 1, 3, 0, 2));
    /* too many vertices is a clear error */
    ck_assert_int_eq(iso_tessellate(&f, 65, 0.0, &v1, &nx, &ny, &err), OG_ERANGE);
    iso_field_fini(&f);
}
END_TEST

/* A small grid world with sea, for the world-level tests. */
static struct world *
grid_world(void)
{
    struct params p;
    struct og_error err;
    struct world *w;
    int x, y;

    params_defaults(&p);
    ck_assert_int_eq(world_new(&w, GEN_DEM, WORLD_GRID, &p, &err), OG_OK);
    w->width = 40;
    w->height = 30;
    w->ncells = 1200;
    ck_assert_int_eq(world_alloc((void **)&w->elevation, 1200, sizeof(float), "e", &err), OG_OK);
    ck_assert_int_eq(world_alloc((void **)&w->water, 1200, 1, "w", &err), OG_OK);
    for (y = 0; y < 30; y++) {
        for (x = 0; x < 40; x++) {
            double h = 900.0 * exp(-((x - 22) * (x - 22) + (y - 14) * (y - 14)) / 80.0) - 100.0 +
                       4.0 * x;
            w->elevation[y * 40 + x] = (float)h;
            w->water[y * 40 + x] = h <= 0.0 ? WATER_OCEAN : WATER_LAND;
        }
    }
    w->sea_level = 0.0f;
    world_update_extent(w);
    return w;
}


START_TEST(test_export_png_deterministic)
{
    struct world *w = grid_world();
    struct iso_options o;
    struct og_error err;
    unsigned char *a, *b;
    size_t la, lb, n, i;
    char **k, **v;
    int found = 0;

    opts(&o, 3, 9.5);
    o.jitter = 0.05;
    o.view.rotation = 1;
    ck_assert_msg(export_iso_png(w, &o, 200, 120, OUT_A, &err) == OG_OK, "%s", err.msg);
    ck_assert_int_eq(export_iso_png(w, &o, 200, 120, OUT_B, &err), OG_OK);
    a = test_slurp(OUT_A, &la);
    b = test_slurp(OUT_B, &lb);
    ck_assert_uint_eq(la, lb);
    ck_assert_int_eq(memcmp(a, b, la), 0);
    free(a);
    free(b);
    /* the recipe holds the render's own parameters */
    ck_assert_int_eq(pngio_read_text(OUT_A, &k, &v, &n, &err), OG_OK);
    for (i = 0; i < n; i++) {
        if (strcmp(k[i], "orogen:params") == 0) {
            ck_assert_ptr_nonnull(strstr(v[i], "render.subdiv = 3\n"));
            ck_assert_ptr_nonnull(strstr(v[i], "render.time = 9.5\n"));
            ck_assert_ptr_nonnull(strstr(v[i], "render.rotate = 1\n"));
            ck_assert_ptr_nonnull(strstr(v[i], "render.width = 200\n"));
            found = 1;
        }
    }
    ck_assert(found);
    pngio_text_free(k, v, n);
    /* the background-job adapter writes the same file and reports progress */
    {
        static struct export_iso_request req;
        memset(&req, 0, sizeof req);
        snprintf(req.path, sizeof req.path, "%s", OUT_B);
        req.width = 200;
        req.height = 120;
        req.have_options = 1;
        req.options = o;
        ck_assert_int_eq(export_iso_job(w, &req, &err), OG_OK);
        ck_assert_int_eq(atomic_load(&req.progress), EXPORT_ISO_WRITING); /* render done, PNG written */
        a = test_slurp(OUT_A, &la);
        b = test_slurp(OUT_B, &lb);
        ck_assert_uint_eq(la, lb);
        ck_assert_int_eq(memcmp(a, b, la), 0);
        free(a);
        free(b);
        atomic_store(&req.cancel, 1);
        unlink(OUT_B);
        ck_assert_int_eq(export_iso_job(w, &req, &err), OG_ECANCELED);
        ck_assert_int_eq(access(OUT_B, F_OK), -1);
    }
    /* an impossible size is a clear error and writes nothing */
    unlink(OUT_B);
    ck_assert_int_eq(export_iso_png(w, &o, 100000, 100000, OUT_B, &err), OG_ERANGE);
    ck_assert_str_eq(err.msg, "render size 100000x100000 outside [1, 16384] per side");
    ck_assert_int_eq(access(OUT_B, F_OK), -1);
    /* options out of range name the parameter */
    o.subdiv = 65;
    ck_assert_int_eq(export_iso_png(w, &o, 10, 10, OUT_B, &err), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err.msg, "render.subdiv"));
    opts(&o, 1, 5.0);
    ck_assert_int_eq(export_iso_png(w, &o, 10, 10, OUT_B, &err), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err.msg, "render.time"));
    world_unref(w);
    unlink(OUT_A);    /* make check leaves no files in the tree */
}
END_TEST

/* The PNG holds the render box-filtered from render.antialias^2 samples. */
START_TEST(test_export_antialias)
{
    struct world *w = grid_world();
    struct iso_options o;
    struct og_error err;
    struct raster *big;
    struct dem_raster png;
    int aa, x, y, c;

    opts(&o, 2, 11.0);
    for (aa = 1; aa <= 3; aa += 2) {
        ck_assert_int_eq(params_set(&w->params, P_RENDER_ANTIALIAS, aa, &err), OG_OK);
        ck_assert_int_eq(export_iso_png(w, &o, 90, 50, OUT_A, &err), OG_OK);
        ck_assert_int_eq(raster_new(&big, 90 * aa, 50 * aa, &err), OG_OK);
        ck_assert_int_eq(iso_render(NULL, w, &o, big, NULL, &err), OG_OK);
        ck_assert_int_eq(pngio_read_raster(OUT_A, &png, &err), OG_OK);
        ck_assert_int_eq(png.width, 90);
        ck_assert_int_eq(png.height, 50);
        for (y = 0; y < 50; y++) {
            for (x = 0; x < 90; x++) {
                for (c = 0; c < 3; c++) {
                    unsigned sum = 0;
                    int i, j;
                    for (j = 0; j < aa; j++) {
                        for (i = 0; i < aa; i++) {
                            sum += big->rgba[4 * ((size_t)(y * aa + j) * big->width + x * aa + i) + c];
                        }
                    }
                    ck_assert_uint_eq(png.samples[4 * (y * 90 + x) + c],
                                      (sum + (unsigned)(aa * aa) / 2) / (unsigned)(aa * aa));
                }
                ck_assert_uint_eq(png.samples[4 * (y * 90 + x) + 3], 255);
            }
        }
        dem_raster_fini(&png);
        raster_free(big);
    }
    /* the supersampled size must fit too */
    ck_assert_int_eq(export_iso_png(w, &o, 16384, 10, OUT_B, &err), OG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err.msg, "render.antialias"));
    world_unref(w);
    unlink(OUT_A);
}
END_TEST

START_TEST(test_cache_reuse)
{
    struct world *w = grid_world();
    struct iso_cache *c;
    struct iso_options o;
    struct iso_stats st;
    struct og_error err;
    struct raster *a, *b;
    size_t pixels;
    int threads;

    ck_assert_int_eq(iso_cache_new(&c, &err), OG_OK);
    ck_assert_int_eq(raster_new(&a, 160, 100, &err), OG_OK);
    ck_assert_int_eq(raster_new(&b, 160, 100, &err), OG_OK);
    opts(&o, 2, 8.0);
    o.jitter = 0.02;
    ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
    ck_assert_int_eq(st.rebuilt_geometry, 1);
    ck_assert_int_eq(st.rebuilt_light, 1);
    ck_assert_uint_ge(st.triangles, 2 * 78 * 58); /* terrain, then water and walls */
    /* a new time of day relights but keeps the tessellation */
    o.view.time = 15.0;
    ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
    ck_assert_int_eq(st.rebuilt_geometry, 0);
    ck_assert_int_eq(st.rebuilt_light, 1);
    /* a rotation only reprojects */
    o.view.rotation = 2;
    ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
    ck_assert_int_eq(st.rebuilt_geometry, 0);
    ck_assert_int_eq(st.rebuilt_light, 0);
    /* and the cached image is the uncached one, with any number of
     * threads drawing bands */
    ck_assert_int_eq(iso_render(NULL, w, &o, b, &st, &err), OG_OK);
    ck_assert_int_eq(memcmp(a->rgba, b->rgba, 160 * 100 * 4), 0);
    pixels = st.pixels;
    for (threads = 2; threads <= 7; threads += 5) {
        o.threads = threads;
        memset(b->rgba, 0, 160 * 100 * 4);
        ck_assert_int_eq(iso_render(NULL, w, &o, b, &st, &err), OG_OK);
        ck_assert_int_eq(memcmp(a->rgba, b->rgba, 160 * 100 * 4), 0);
        ck_assert_uint_eq(st.pixels, pixels);
    }
    o.threads = 65;
    ck_assert_int_eq(iso_render(NULL, w, &o, b, &st, &err), OG_ERANGE);
    o.threads = 1;
    /* progress ends at 1000; a raised cancel flag stops the render and
     * leaves the cache usable */
    {
        atomic_int progress = 0, cancel = 0;
        o.progress = &progress;
        o.cancel = &cancel;
        o.view.time = 13.0;
        ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
        ck_assert_int_eq(atomic_load(&progress), 1000);
        atomic_store(&cancel, 1);
        o.view.time = 14.0;
        ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_ECANCELED);
        ck_assert_str_eq(err.msg, "render cancelled");
        atomic_store(&cancel, 0);
        ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
        ck_assert_int_eq(iso_render(NULL, w, &o, b, &st, &err), OG_OK);
        ck_assert_int_eq(memcmp(a->rgba, b->rgba, 160 * 100 * 4), 0);
        o.progress = NULL;
        o.cancel = NULL;
    }
    /* the cache holds a reference: the world outlives our unref */
    world_unref(w);
    ck_assert_int_eq(iso_render(c, w, &o, a, &st, &err), OG_OK);
    ck_assert_int_eq(memcmp(a->rgba, b->rgba, 160 * 100 * 4), 0);
    iso_cache_free(c);
    raster_free(a);
    raster_free(b);
}
END_TEST

START_TEST(test_preview)
{
    struct world *w = grid_world();
    struct iso_view v = {12.0, 0, 1.0};
    struct og_error err;
    uint32_t *rgb = malloc(80 * 48 * sizeof *rgb), first;
    size_t i, land = 0, water = 0;

    ck_assert_int_eq(iso_render_preview(w, &v, 80, 48, rgb, &err), OG_OK);
    for (i = 0; i < 80 * 48; i++) {
        unsigned r = rgb[i] >> 16, b = rgb[i] & 255;
        land += rgb[i] != BACKGROUND && r > b;
        water += rgb[i] != BACKGROUND && b > r + 40;
    }
    ck_assert_uint_gt(land, 200);
    ck_assert_uint_gt(water, 100);
    first = rgb[40 * 24 + 40];
    v.time = 7.0;
    ck_assert_int_eq(iso_render_preview(w, &v, 80, 48, rgb, &err), OG_OK);
    ck_assert_uint_ne(rgb[40 * 24 + 40], first);
    ck_assert_int_eq(iso_render_preview(w, &v, 0, 48, rgb, &err), OG_ERANGE);
    iso_preview_release();
    world_unref(w);
    free(rgb);
}
END_TEST

Suite *
iso_suite(void)
{
    Suite *s = suite_create("iso");
    TCase *tc;

    tc = tcase_create("method");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_sun_model);
    tcase_add_test(tc, test_flat_plane_intensity);
    tcase_add_test(tc, test_column_occlusion);
    tcase_add_test(tc, test_tessellation_planar);
    tcase_add_test(tc, test_tessellate_jitter);
    tcase_add_test(tc, test_river_lines);
    tcase_add_test(tc, test_auto_subdiv);
    tcase_add_test(tc, test_cache_reuse);
    tcase_add_test(tc, test_preview);
    suite_add_tcase(s, tc);
    iso_world_tests(s); /* test_iso_world.c */

    tc = tcase_create("golden");
    tcase_add_test(tc, test_export_png_deterministic);
    tcase_add_test(tc, test_export_antialias);
    suite_add_tcase(s, tc);
    return s;
}
