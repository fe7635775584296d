/* Data exports (issue 11), the geometric ones: the terrain mesh and glTF,
 * polygonized label rasters and the river lines as vectors. Each test
 * checks the method's invariants: plane normals and bounds, a closed
 * outward sphere (Euler), ring orientation and areas, downhill rivers. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/recipe/params.h"
#include "io/vector/geojson.h"
#include "io/mesh/gltf.h"
#include "io/vector/polygonize.h"
#include "io/mesh/terrain_mesh.h"
#include "tests.h"

/* A tilted plane h = column on a 4 x 3 grid: vertices at the cell centres
 * of the map (longest side 1), the relief 0.15 of it, every normal the
 * plane's normal (-0.2, 1, 0) / |.|, and the bounds those of the centres. */
START_TEST(mesh_heightfield_bounds_normals)
{
    const float e[12] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 };
    struct world *w = test_grid_world(4, 3, e);
    struct terrain_mesh m;
    struct og_error err;
    double n = sqrt(0.04 + 1.0);
    size_t v;

    ck_assert_msg(terrain_mesh_build(w, 4, 3, &m, &err) == OG_OK, "%s", err.msg);
    ck_assert_uint_eq(m.nverts, 12);
    ck_assert_uint_eq(m.ntris, 12);
    ck_assert_float_eq_tol(m.min[0], 0.125f, 1e-6f);
    ck_assert_float_eq_tol(m.max[0], 0.875f, 1e-6f);
    ck_assert_float_eq_tol(m.min[1], 0.0f, 1e-6f);
    ck_assert_float_eq_tol(m.max[1], 0.15f, 1e-6f);
    ck_assert_float_eq_tol(m.min[2], 0.125f, 1e-6f);
    ck_assert_float_eq_tol(m.max[2], 0.625f, 1e-6f);
    for (v = 0; v < m.nverts; v++) {
        ck_assert_float_eq_tol(m.nrm[3 * v], (float)(-0.2 / n), 1e-5f);
        ck_assert_float_eq_tol(m.nrm[3 * v + 1], (float)(1.0 / n), 1e-5f);
        ck_assert_float_eq_tol(m.nrm[3 * v + 2], 0.0f, 1e-5f);
    }
    ck_assert_uint_eq(m.idx[0], 0);   /* (a, c, b): counter-clockwise from above */
    ck_assert_uint_eq(m.idx[1], 4);
    ck_assert_uint_eq(m.idx[2], 1);
    terrain_mesh_free(&m);
    ck_assert_int_eq(terrain_mesh_build(w, 1, 3, &m, &err), OG_ERANGE);
    world_unref(w);
}
END_TEST

/* The planet sphere: closed (V - E + F = 2 with every edge in two faces),
 * every face and vertex normal outward, radii within the relief band. */
START_TEST(mesh_sphere_closed_outward)
{
    struct params p;
    struct world *w;
    struct terrain_mesh m;
    struct og_error err;
    size_t t, v;
    double rlo, rhi;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, 600, NULL), OG_OK);
    w = test_run_world(GEN_PLANET, &p, NULL);
    ck_assert_msg(terrain_mesh_build(w, 48, 24, &m, &err) == OG_OK, "%s", err.msg);
    ck_assert_uint_eq(m.nverts, 48 * 24 + 2);
    /* closed triangulated sphere: F = 2V - 4 */
    ck_assert_uint_eq(m.ntris, 2 * m.nverts - 4);
    rlo = 1.0 + (w->elev_min - w->sea_level) * m.vscale - 1e-5;
    rhi = 1.0 + (w->elev_max - w->sea_level) * m.vscale + 1e-5;
    for (v = 0; v < m.nverts; v++) {
        const float *q = m.pos + 3 * v, *nn = m.nrm + 3 * v;
        double r = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2]);
        ck_assert(r >= rlo && r <= rhi);
        ck_assert((q[0] * nn[0] + q[1] * nn[1] + q[2] * nn[2]) / r > 0.5);
    }
    for (t = 0; t < m.ntris; t++) {
        const uint32_t *f = m.idx + 3 * t;
        const float *a = m.pos + 3 * f[0], *b = m.pos + 3 * f[1], *c = m.pos + 3 * f[2];
        double e1[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double e2[3] = { c[0] - a[0], c[1] - a[1], c[2] - a[2] };
        double nx = e1[1] * e2[2] - e1[2] * e2[1], ny = e1[2] * e2[0] - e1[0] * e2[2],
               nz = e1[0] * e2[1] - e1[1] * e2[0];
        ck_assert(nx * (a[0] + b[0] + c[0]) + ny * (a[1] + b[1] + c[1]) +
                  nz * (a[2] + b[2] + c[2]) > 0.0);
    }
    /* GLB container: magic, version 2, total length = file size, JSON
       chunk first, BIN chunk holding the four arrays. */
    {
        unsigned char *d;
        size_t len, jl, bl;
        ck_assert_msg(export_gltf(w, &m, "tests/out-dataout.glb", &err) == OG_OK, "%s", err.msg);
        d = test_slurp("tests/out-dataout.glb", &len);
        ck_assert(memcmp(d, "glTF", 4) == 0 && d[4] == 2);
        ck_assert_uint_eq((size_t)d[8] | (size_t)d[9] << 8 | (size_t)d[10] << 16 |
                          (size_t)d[11] << 24, len);
        jl = (size_t)d[12] | (size_t)d[13] << 8 | (size_t)d[14] << 16 | (size_t)d[15] << 24;
        ck_assert(memcmp(d + 16, "JSON", 4) == 0 && jl % 4 == 0);
        bl = (size_t)d[20 + jl] | (size_t)d[21 + jl] << 8 | (size_t)d[22 + jl] << 16 |
             (size_t)d[23 + jl] << 24;
        ck_assert(memcmp(d + 24 + jl, "BIN", 4) == 0);
        ck_assert_uint_eq(bl, m.nverts * 36 + m.ntris * 12);
        ck_assert_uint_eq(len, 28 + jl + bl);
        free(d);
        remove("tests/out-dataout.glb");
    }
    terrain_mesh_free(&m);
    world_unref(w);
}
END_TEST

/* polygonize: collect what it emits. */
struct pg_seen {
    int n;
    int32_t label[16];
    size_t nrings[16];
    double area[16];        /* sum of signed ring areas */
    double ext_area[16];
    int ok;                 /* closed, exterior CCW, holes CW */
};

static enum og_status
pg_collect(void *arg, const struct polygon *p, struct og_error *err)
{
    struct pg_seen *s = arg;
    size_t k;
    (void)err;
    ck_assert_int_lt(s->n, 16);
    s->label[s->n] = p->label;
    s->nrings[s->n] = p->nrings;
    s->area[s->n] = 0.0;
    for (k = 0; k < p->nrings; k++) {
        const double *xy = p->xy + 2 * p->start[k];
        size_t c = p->count[k];
        double a = polygon_ring_area(xy, c);
        if (c < 4 || xy[0] != xy[2 * c - 2] || xy[1] != xy[2 * c - 1] ||
            (k == 0 ? a <= 0.0 : a >= 0.0)) {
            s->ok = 0;
        }
        if (k == 0) {
            s->ext_area[s->n] = a;
        }
        s->area[s->n] += a;
    }
    s->n++;
    return OG_OK;
}

/* A 5 x 5 raster: label 1 a ring around a hole of label 2 (one pixel),
 * label 3 two pixels touching diagonally at a corner (two regions),
 * background -1 elsewhere. */
START_TEST(polygonize_rings_holes_saddles)
{
    static const int32_t lab[25] = {
        1, 1, 1, -1, -1,
        1, 2, 1, -1, -1,
        1, 1, 1, 3, -1,
        -1, -1, -1, -1, 3,
        -1, -1, -1, -1, -1,
    };
    struct pg_seen s;
    struct og_error e;
    memset(&s, 0, sizeof s);
    s.ok = 1;
    ck_assert_int_eq(polygonize(lab, 5, 5, pg_collect, &s, &e), OG_OK);
    ck_assert_int_eq(s.n, 4);
    ck_assert(s.ok);
    /* the ring: 3x3 exterior minus the hole; its first point at (0, 5) */
    ck_assert_int_eq(s.label[0], 1);
    ck_assert_uint_eq(s.nrings[0], 2);
    ck_assert_double_eq_tol(s.ext_area[0], 9.0, 1e-12);
    ck_assert_double_eq_tol(s.area[0], 8.0, 1e-12);
    ck_assert_int_eq(s.label[1], 2);
    ck_assert_double_eq_tol(s.area[1], 1.0, 1e-12);
    /* the diagonal pair: two regions (4-connectivity), whole pixels */
    ck_assert_int_eq(s.label[2], 3);
    ck_assert_int_eq(s.label[3], 3);
    ck_assert_double_eq_tol(s.area[2], 1.0, 1e-12);
    ck_assert_double_eq_tol(s.area[3], 1.0, 1e-12);
    {
        /* One region touching itself at a corner: the pixels around the
           saddle are kept apart, so the would-be hole opens to the outside
           at that corner: one simple ring, passing the corner twice, cut
           there by 1/32 each time. */
        static const int32_t lab2[9] = { 1, 1, 1, 1, -1, 1, 1, 1, -1 };
        memset(&s, 0, sizeof s);
        s.ok = 1;
        ck_assert_int_eq(polygonize(lab2, 3, 3, pg_collect, &s, &e), OG_OK);
        ck_assert_int_eq(s.n, 1);
        ck_assert(s.ok);
        ck_assert_uint_eq(s.nrings[0], 1);
        ck_assert_double_eq_tol(s.area[0], 7.0 - 2.0 / 32, 1e-12);
    }
}
END_TEST

/* Rivers of an island: every line runs downhill node to node and ends at
 * the coast (an outlet), in a lake, or on another line; following the
 * confluences always reaches a coast or lake; every river node is on a
 * line. */
START_TEST(rivers_end_at_coast_or_lake)
{
    struct params p;
    struct world *w;
    struct river_lines r;
    struct og_error e;
    size_t k, i, n;
    int32_t *line_of;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 4000, NULL), OG_OK);
    w = test_run_world(GEN_ISLAND, &p, NULL);
    ck_assert_int_eq(vector_rivers(w, &r, &e), OG_OK);
    ck_assert_uint_gt(r.nlines, 10);
    n = w->nhydro;
    line_of = malloc(n * sizeof *line_of);
    for (i = 0; i < n; i++) {
        line_of[i] = -1;
    }
    /* the line a node belongs to (not counting confluence end points) */
    for (k = 0; k < r.nlines; k++) {
        size_t a = r.start[k], b = r.start[k + 1];
        for (i = a; i < b; i++) {
            if (i + 1 < b) {
                ck_assert_int_eq(w->downhill[r.nodes[i]], r.nodes[i + 1]);
            }
            if (i + 1 < b || r.end[k] != RIVER_END_CONFLUENCE) {
                line_of[r.nodes[i]] = (int32_t)k;
            }
        }
    }
    for (i = 0; i < n; i++) {
        ck_assert(w->river_width[i] <= 0.0f || line_of[i] >= 0);
    }
    for (k = 0; k < r.nlines; k++) {
        size_t cur = k, hops = 0;
        while (r.end[cur] == RIVER_END_CONFLUENCE) {
            int32_t last = r.nodes[r.start[cur + 1] - 1];
            ck_assert_int_ge(line_of[last], 0);
            ck_assert_uint_ne((size_t)line_of[last], cur);
            cur = (size_t)line_of[last];
            ck_assert_uint_lt(++hops, r.nlines);
        }
        {
            int32_t last = r.nodes[r.start[cur + 1] - 1];
            if (r.end[cur] == RIVER_END_COAST) {
                ck_assert_int_eq(w->downhill[last], -1);
            } else {
                ck_assert_int_eq(r.end[cur], RIVER_END_LAKE);
                ck_assert(w->lake[last]);
            }
        }
    }
    free(line_of);
    river_lines_free(&r);
    world_unref(w);
}
END_TEST

void
dataout_geometry_tests(Suite *s)
{
    TCase *tc = tcase_create("geometry");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, mesh_heightfield_bounds_normals);
    tcase_add_test(tc, mesh_sphere_closed_outward);
    tcase_add_test(tc, polygonize_rings_holes_saddles);
    tcase_add_test(tc, rivers_end_at_coast_or_lake);
    suite_add_tcase(s, tc);
}
