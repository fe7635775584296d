#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "render/raster.h"

#define BG 0x000000u

static struct raster *
new_fb(int w, int h)
{
    struct raster *r;
    struct og_error err;

    ck_assert_int_eq(raster_new(&r, w, h, &err), OG_OK);
    raster_clear(r, BG, 0);
    return r;
}

static int
written(const struct raster *r, int x, int y)
{
    return r->rgba[4 * ((size_t)y * r->width + x) + 3] != 0;
}

static uint32_t
pixel(const struct raster *r, int x, int y)
{
    const uint8_t *p = r->rgba + 4 * ((size_t)y * r->width + x);
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static size_t
count_written(const struct raster *r)
{
    size_t n = 0;
    int x, y;

    for (y = 0; y < r->height; y++) {
        for (x = 0; x < r->width; x++) {
            n += (size_t)written(r, x, y);
        }
    }
    return n;
}

static size_t
tri(struct raster *r, float x0, float y0, float x1, float y1, float x2, float y2, uint32_t c,
    unsigned flags)
{
    const float v[9] = {x0, y0, 0, x1, y1, 0, x2, y2, 0};
    return raster_triangle(r, v, c, flags);
}

START_TEST(test_size_limits)
{
    struct raster *r = (struct raster *)1;
    struct og_error err;

    ck_assert_int_eq(raster_new(&r, 100000, 100000, &err), OG_ERANGE);
    ck_assert_ptr_null(r);
    ck_assert_str_eq(err.msg, "render size 100000x100000 outside [1, 16384] per side");
    ck_assert_int_eq(raster_new(&r, 0, 10, &err), OG_ERANGE);
    ck_assert_int_eq(raster_new(&r, 10, -1, &err), OG_ERANGE);
    ck_assert_int_eq(raster_new(&r, 1, 1, &err), OG_OK);
    ck_assert(isinf(r->depth[0]));
    raster_free(r);
    raster_free(NULL);
}
END_TEST

/* A 10x6 pixel rectangle whose edges run through pixel centres, split on
 * its diagonal: the top-left rule gives exactly the 60 pixels x 2..11,
 * y 3..8, each once. */
START_TEST(test_shared_edge_exact_quad)
{
    struct raster *r = new_fb(16, 12);
    size_t a, b;
    int x, y;

    a = tri(r, 2.5f, 3.5f, 12.5f, 3.5f, 12.5f, 9.5f, 0xff0000u, 0);
    b = tri(r, 2.5f, 3.5f, 12.5f, 9.5f, 2.5f, 9.5f, 0x00ff00u, 0);
    ck_assert_uint_eq(a + b, 60);
    ck_assert_uint_eq(count_written(r), 60);
    for (y = 0; y < 12; y++) {
        for (x = 0; x < 16; x++) {
            int in = x >= 2 && x <= 11 && y >= 3 && y <= 8;
            ck_assert_msg(written(r, x, y) == in, "pixel (%d, %d)", x, y);
        }
    }
    /* the diagonal passes exactly through (7.5, 6.5): drawn once, by the
     * triangle the fill rule gives it */
    ck_assert(pixel(r, 7, 6) == 0xff0000u || pixel(r, 7, 6) == 0x00ff00u);
    raster_free(r);
}
END_TEST

/* Same with the opposite winding and the other diagonal. */
START_TEST(test_shared_edge_other_diagonal)
{
    struct raster *r = new_fb(16, 12);
    size_t a, b;

    a = tri(r, 12.5f, 3.5f, 2.5f, 3.5f, 2.5f, 9.5f, 0xff0000u, 0);
    b = tri(r, 12.5f, 3.5f, 2.5f, 9.5f, 12.5f, 9.5f, 0x00ff00u, 0);
    ck_assert_uint_eq(a + b, 60);
    ck_assert_uint_eq(count_written(r), 60);
    raster_free(r);
}
END_TEST

/* Even-odd test of a pixel centre against a closed polygon, in exact
 * integers (coordinates in 1/256 px): 1 strictly inside, 0 outside,
 * -1 on the boundary. */
static int
inside_polygon(const int64_t *X, const int64_t *Y, int n, int64_t px, int64_t py)
{
    int i, j, c = 0;

    for (i = 0, j = n - 1; i < n; j = i++) {
        int64_t cross = (X[i] - X[j]) * (py - Y[j]) - (Y[i] - Y[j]) * (px - X[j]);
        int64_t lo = Y[i] < Y[j] ? Y[i] : Y[j], hi = Y[i] < Y[j] ? Y[j] : Y[i];
        int64_t xl = X[i] < X[j] ? X[i] : X[j], xh = X[i] < X[j] ? X[j] : X[i];
        if (cross == 0 && py >= lo && py <= hi && px >= xl && px <= xh) {
            return -1;
        }
        if ((Y[i] > py) != (Y[j] > py)) {
            /* x of the edge at py compared with px, exactly */
            int64_t num = (X[j] - X[i]) * (py - Y[i]), den = Y[j] - Y[i];
            int64_t lhs = (px - X[i]) * den;
            if (den > 0 ? lhs < num : lhs > num) {
                c = !c;
            }
        }
    }
    return c;
}

/* A jittered 9x9 vertex mesh of 128 triangles: no pixel is drawn twice, and
 * every pixel whose centre is strictly inside the outline is drawn. */
START_TEST(test_mesh_no_cracks_no_overdraw)
{
    enum { G = 9 };
    struct raster *r = new_fb(96, 96);
    float vx[G * G], vy[G * G];
    int64_t bx[4 * (G - 1)], by[4 * (G - 1)];
    struct rng rng;
    size_t sum = 0;
    int i, j, nb = 0, x, y, round;

    for (round = 0; round < 20; round++) {
        rng_seed(&rng, 99, (uint64_t)round);
        raster_clear(r, BG, 0);
        sum = 0;
        for (j = 0; j < G; j++) {
            for (i = 0; i < G; i++) {
                /* multiples of 1/256 so the reference sees the snapped mesh;
                 * some land exactly on pixel centres */
                double jx = (double)(rng_next_u32(&rng) % 1024) / 256.0 - 2.0;
                double jy = (double)(rng_next_u32(&rng) % 1024) / 256.0 - 2.0;
                vx[j * G + i] = (float)(8.0 + i * 10.0 + jx);
                vy[j * G + i] = (float)(8.0 + j * 10.0 + jy);
            }
        }
        for (j = 0; j + 1 < G; j++) {
            for (i = 0; i + 1 < G; i++) {
                int a = j * G + i, b = a + 1, c = a + G + 1, d = a + G;
                uint32_t col = 0x010101u * (uint32_t)(1 + (i + j * G) % 200);
                /* alternate the diagonal and the winding */
                if ((i + j + round) % 2 == 0) {
                    sum += tri(r, vx[a], vy[a], vx[b], vy[b], vx[c], vy[c], col, 0);
                    sum += tri(r, vx[a], vy[a], vx[d], vy[d], vx[c], vy[c], col, 0);
                } else {
                    sum += tri(r, vx[a], vy[a], vx[b], vy[b], vx[d], vy[d], col, 0);
                    sum += tri(r, vx[b], vy[b], vx[c], vy[c], vx[d], vy[d], col, 0);
                }
            }
        }
        ck_assert_uint_eq(sum, count_written(r)); /* no overdraw */
        /* outline: north edge, east, south, west */
        nb = 0;
        for (i = 0; i < G - 1; i++, nb++) {
            bx[nb] = lrint(vx[i] * 256.0), by[nb] = lrint(vy[i] * 256.0);
        }
        for (j = 0; j < G - 1; j++, nb++) {
            bx[nb] = lrint(vx[j * G + G - 1] * 256.0), by[nb] = lrint(vy[j * G + G - 1] * 256.0);
        }
        for (i = G - 1; i > 0; i--, nb++) {
            bx[nb] = lrint(vx[(G - 1) * G + i] * 256.0), by[nb] = lrint(vy[(G - 1) * G + i] * 256.0);
        }
        for (j = G - 1; j > 0; j--, nb++) {
            bx[nb] = lrint(vx[j * G] * 256.0), by[nb] = lrint(vy[j * G] * 256.0);
        }
        for (y = 0; y < 96; y++) {
            for (x = 0; x < 96; x++) {
                int in = inside_polygon(bx, by, nb, x * 256 + 128, y * 256 + 128);
                if (in == 1) {
                    ck_assert_msg(written(r, x, y), "crack at (%d, %d), round %d", x, y, round);
                } else if (in == 0) {
                    ck_assert_msg(!written(r, x, y), "spill at (%d, %d), round %d", x, y, round);
                }
            }
        }
    }
    raster_free(r);
}
END_TEST

START_TEST(test_depth_test)
{
    struct raster *r = new_fb(20, 20);
    const float near[9] = {0, 0, 1.0f, 20, 0, 1.0f, 0, 20, 1.0f};
    const float far[9] = {0, 0, 5.0f, 20, 0, 5.0f, 20, 20, 5.0f};
    const float slope[9] = {0, 0, 0.0f, 20, 0, 10.0f, 20, 20, 10.0f};

    /* the near triangle wins whatever the drawing order */
    raster_triangle(r, near, 0x0000ffu, RASTER_DEPTH);
    ck_assert_uint_eq(raster_triangle(r, far, 0xff0000u, RASTER_DEPTH), 110);
    ck_assert_uint_eq(pixel(r, 2, 10), 0x0000ffu);
    ck_assert_uint_eq(pixel(r, 18, 10), 0xff0000u);
    raster_clear(r, BG, 0);
    raster_triangle(r, far, 0xff0000u, RASTER_DEPTH);
    raster_triangle(r, near, 0x0000ffu, RASTER_DEPTH);
    ck_assert_uint_eq(pixel(r, 10, 2), 0x0000ffu);
    ck_assert_uint_eq(pixel(r, 18, 10), 0xff0000u);
    /* interpolated depth: z = x / 2 along the slope triangle */
    raster_clear(r, BG, 0);
    raster_triangle(r, slope, 0x00ff00u, RASTER_DEPTH);
    ck_assert_float_eq_tol(r->depth[5 * 20 + 15], 7.75f, 1e-4f);
    ck_assert_float_eq_tol(r->depth[1 * 20 + 19], 9.75f, 1e-4f);
    raster_free(r);
}
END_TEST

START_TEST(test_clip_cull_degenerate)
{
    struct raster *r = new_fb(10, 10);

    /* a triangle covering the whole image and more: exactly 100 pixels */
    ck_assert_uint_eq(tri(r, -100, -100, 300, -100, -100, 300, 0xffffffu, 0), 100);
    /* entirely outside */
    raster_clear(r, BG, 0);
    ck_assert_uint_eq(tri(r, -30, -30, -10, -30, -30, -10, 0xffffffu, 0), 0);
    ck_assert_uint_eq(tri(r, 20, 20, 40, 20, 20, 40, 0xffffffu, 0), 0);
    /* beyond the guard band, NaN, zero area */
    ck_assert_uint_eq(tri(r, -1e9f, 0, 5, 5, 0, 5, 0xffffffu, 0), 0);
    ck_assert_uint_eq(tri(r, NAN, 0, 5, 5, 0, 5, 0xffffffu, 0), 0);
    ck_assert_uint_eq(tri(r, 0, 0, 5, 5, 9, 9, 0xffffffu, 0), 0);
    ck_assert_uint_eq(count_written(r), 0);
    /* back-face culling: (b - a) x (c - a) < 0 is culled, > 0 drawn */
    ck_assert_uint_eq(tri(r, 0, 0, 0, 10, 10, 0, 0xffffffu, RASTER_CULL_BACK), 0);
    ck_assert_uint_gt(tri(r, 0, 0, 10, 0, 0, 10, 0xffffffu, RASTER_CULL_BACK), 0);
    raster_free(r);
}
END_TEST

/* Drawing in row bands gives the same pixels as one full draw. */
START_TEST(test_bands_equal_full)
{
    struct raster *a = new_fb(64, 48), *b = new_fb(64, 48);
    struct rng rng;
    int k, y;
    size_t na = 0, nb = 0;

    rng_seed(&rng, 5, 1);
    for (k = 0; k < 200; k++) {
        float v[9];
        int i;
        for (i = 0; i < 9; i++) {
            v[i] = (float)(rng_next_u32(&rng) % 9000) / 100.0f - 10.0f;
        }
        na += raster_triangle(a, v, 0x10203u * (uint32_t)(k + 1), RASTER_DEPTH);
        for (y = 0; y < 48; y += 7) {
            nb += raster_triangle_rows(b, v, 0x10203u * (uint32_t)(k + 1), RASTER_DEPTH, y, y + 7);
        }
    }
    ck_assert_uint_eq(na, nb);
    ck_assert_int_eq(memcmp(a->rgba, b->rgba, 64 * 48 * 4), 0);
    raster_free(a);
    raster_free(b);
}
END_TEST

/* raster_quad_snapped == two raster_triangle_rect calls (a, b, c) and
 * (a, c, d): random quads from sub-pixel to 20 px, some past the guard
 * band or NaN, windows of 13 columns, depth test and back-face culling. */
START_TEST(test_quad_snapped_equals_two_triangles)
{
    struct raster *a = new_fb(64, 48), *b = new_fb(64, 48);
    struct rng rng;
    int k, x0;
    size_t na = 0, nb = 0;

    rng_seed(&rng, 9, 2);
    for (k = 0; k < 4000; k++) {
        float v[4][3], t[9];
        struct raster_vertex q[4];
        float size = k % 3 == 0 ? 20.0f : (k % 3 == 1 ? 2.0f : 0.6f);
        float cx = (float)(rng_next_double(&rng) * 80.0 - 8.0);
        float cy = (float)(rng_next_double(&rng) * 64.0 - 8.0);
        uint32_t c1 = 0x10203u * (uint32_t)(k + 1), c2 = 0x30201u * (uint32_t)(k + 1);
        unsigned flags = RASTER_DEPTH | (k % 2 ? RASTER_CULL_BACK : 0u);
        int i;
        for (i = 0; i < 4; i++) {
            v[i][0] = cx + (float)(rng_next_double(&rng) * size);
            v[i][1] = cy + (float)(rng_next_double(&rng) * size);
            v[i][2] = (float)rng_next_double(&rng);
        }
        if (k % 97 == 0) {
            v[k % 4][0] = 3e6f; /* outside the guard band */
        }
        if (k % 101 == 0) {
            v[(k + 1) % 4][1] = NAN;
        }
        for (i = 0; i < 4; i++) {
            raster_snap(v[i], &q[i]);
        }
        for (x0 = -13; x0 < 64; x0 += 13) {
            memcpy(t, v[0], sizeof v[0]);
            memcpy(t + 3, v[1], sizeof v[0]);
            memcpy(t + 6, v[2], sizeof v[0]);
            na += raster_triangle_rect(a, t, c1, flags, x0, x0 + 13, 0, 48);
            memcpy(t + 3, v[2], sizeof v[0]);
            memcpy(t + 6, v[3], sizeof v[0]);
            na += raster_triangle_rect(a, t, c2, flags, x0, x0 + 13, 0, 48);
            nb += raster_quad_snapped(b, &q[0], &q[1], &q[2], &q[3], c1, c2, flags, x0, x0 + 13,
                                      0, 48);
        }
    }
    ck_assert_uint_gt(na, 5000);
    ck_assert_uint_eq(na, nb);
    ck_assert_int_eq(memcmp(a->rgba, b->rgba, 64 * 48 * 4), 0);
    ck_assert_int_eq(memcmp(a->depth, b->depth, 64 * 48 * sizeof *a->depth), 0);
    raster_free(a);
    raster_free(b);
}
END_TEST

Suite *
raster_suite(void)
{
    Suite *s = suite_create("raster");
    TCase *tc;

    tc = tcase_create("contract");
    tcase_add_test(tc, test_size_limits);
    tcase_add_test(tc, test_clip_cull_degenerate);
    suite_add_tcase(s, tc);

    tc = tcase_create("method");
    tcase_add_test(tc, test_shared_edge_exact_quad);
    tcase_add_test(tc, test_shared_edge_other_diagonal);
    tcase_add_test(tc, test_mesh_no_cracks_no_overdraw);
    tcase_add_test(tc, test_depth_test);
    tcase_add_test(tc, test_bands_equal_full);
    tcase_add_test(tc, test_quad_snapped_equals_two_triangles);
    suite_add_tcase(s, tc);
    return s;
}
