#include "config.h"
#include "tests.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "core/generators.h"
#include "core/recipe/params.h"
#include "core/pipeline.h"
#include "core/world.h"
#include "core/dem/dem.h"
#include "io/png/pngio.h"
#include "io/raster/heightmap.h"

const char *
test_data_path(const char *name)
{
    static char buf[1024];
    const char *dir = getenv("OROGEN_TEST_DATA");
    snprintf(buf, sizeof buf, "%s/%s", dir != NULL ? dir : "tests/data", name);
    return buf;
}

const char *
test_shared_data_path(const char *name)
{
    static char buf[1024];
    const char *dir = getenv("OROGEN_DATA");
    snprintf(buf, sizeof buf, "%s/%s", dir != NULL ? dir : "data", name);
    return buf;
}

uint64_t
test_fnv1a(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

void
test_sort3(int32_t *t)
{
    int32_t x;
    if (t[0] > t[1]) {
        x = t[0], t[0] = t[1], t[1] = x;
    }
    if (t[1] > t[2]) {
        x = t[1], t[1] = t[2], t[2] = x;
    }
    if (t[0] > t[1]) {
        x = t[0], t[0] = t[1], t[1] = x;
    }
}

int
test_cmp_tri(const void *a, const void *b)
{
    const int32_t *x = a, *y = b;
    int k;
    for (k = 0; k < 3; k++) {
        if (x[k] != y[k]) {
            return x[k] < y[k] ? -1 : 1;
        }
    }
    return 0;
}

void
test_sort_triangles(int32_t *tri, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        test_sort3(tri + 3 * i);
    }
    qsort(tri, n, 3 * sizeof *tri, test_cmp_tri);
}

#ifdef HAVE_QHULL
#include <libqhull_r/qhull_ra.h>

int32_t *
test_qhull_triangles(int dim, const double *pts, size_t n, const char *options, size_t *ntri)
{
    qhT qh_qh;
    qhT *qh = &qh_qh;
    facetT *facet;
    vertexT *vertex, **vertexp;
    coordT *coords = malloc((size_t)dim * n * sizeof *coords);
    int32_t *tri = malloc(3 * 2 * (n + 2) * sizeof *tri);
    char cmd[128];
    size_t i, nq = 0;
    int curlong, totlong, ok = 1;

    for (i = 0; i < (size_t)dim * n; i++) {
        coords[i] = pts[i];
    }
    snprintf(cmd, sizeof cmd, "qhull %s", options);
    qh_zero(qh, stderr);
    if (qh_new_qhull(qh, dim, (int)n, coords, False, cmd, NULL, stderr) != 0) {
        ok = 0;
    } else {
        FORALLfacets {
            int k = 0;
            if (facet->upperdelaunay) {
                continue;
            }
            FOREACHvertex_(facet->vertices) {
                if (k < 3 && nq < 2 * (n + 2)) {
                    tri[3 * nq + k] = (int32_t)qh_pointid(qh, vertex->point);
                }
                k++;
            }
            if (k != 3 || nq >= 2 * (n + 2)) {
                ok = 0;
                break;
            }
            nq++;
        }
    }
    qh_freeqhull(qh, !qh_ALL);
    qh_memfreeshort(qh, &curlong, &totlong);
    free(coords);
    if (!ok) {
        free(tri);
        return NULL;
    }
    test_sort_triangles(tri, nq);
    *ntri = nq;
    return tri;
}
#endif

unsigned char *
test_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;

    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

struct world *
test_grid_world(int w, int h, const float *elev)
{
    struct params p;
    struct world *wd;
    params_defaults(&p);
    ck_assert_int_eq(world_new(&wd, GEN_HYBRID, WORLD_GRID, &p, NULL), OG_OK);
    wd->width = w;
    wd->height = h;
    wd->ncells = (size_t)w * h;
    ck_assert_int_eq(world_alloc((void **)&wd->elevation, wd->ncells, sizeof(float), "e", NULL),
                     OG_OK);
    memcpy(wd->elevation, elev, wd->ncells * sizeof(float));
    world_update_extent(wd);
    return wd;
}

struct world *
test_run_world(enum gen_id gen, struct params *p, const struct dem_raster *dem)
{
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;
    memset(&ctx, 0, sizeof ctx);
    ctx.params = p;
    ctx.dem = dem;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(gen), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

void
test_heightmap_read(const struct world *w, int W, int H, const char *path, struct dem_raster *r)
{
    struct raster_window win;
    struct height_range range;
    struct og_error e;

    memset(&range, 0, sizeof range);
    raster_window_full(&win, W, H);
    ck_assert_msg(export_heightmap_png(w, NULL, &win, &range, path, NULL, &e) == OG_OK, "%s", e.msg);
    ck_assert_msg(pngio_read_raster(path, r, &e) == OG_OK, "%s", e.msg);
    ck_assert_int_eq(r->width, W);
    ck_assert_int_eq(r->height, H);
}

struct world *
test_planet_world(uint64_t seed, size_t points, int threads, const char *extra)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    p.seed = seed;
    p.v[P_SEED] = (double)seed;
    ck_assert_int_eq(params_set(&p, P_PLANET_POINTS, (double)points, NULL), OG_OK);
    if (extra != NULL) {
        ck_assert_int_eq(params_set_assignment(&p, extra, NULL), OG_OK);
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_PLANET), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

void
test_spit(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");

    ck_assert_msg(f != NULL, "cannot create %s", path);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}
