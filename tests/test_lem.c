/* Landscape evolution (core/lem, issue 26): the steady state of a planted
 * uplift block against the analytical stream-power profile, mass balance,
 * Hack's law on a cone, the same bytes on any thread count, bad input. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/noise.h"
#include "core/base/rng.h"
#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/lem/lem.h"
#include "core/pipeline.h"
#include "core/recipe/params.h"
#include "core/world.h"
#include "io/png/pngio.h"
#include "tests.h"

struct field {
    int w, h;
    float *z, *up;
    uint8_t *base;
};

/* A w x h block of cell_m metres, border at base level, rising u m/yr,
 * starting from `slope` x the distance to the border (a cone for slope >
 * 0) plus up to `noise` m of seeded noise. */
static void
field_make(struct field *f, int w, int h, double u, double slope, double noise, uint64_t seed)
{
    struct rng r;
    int x, y;

    rng_seed(&r, seed, 26);
    f->w = w;
    f->h = h;
    f->z = calloc((size_t)w * (size_t)h, sizeof *f->z);
    f->up = calloc((size_t)w * (size_t)h, sizeof *f->up);
    f->base = calloc((size_t)w * (size_t)h, 1);
    ck_assert(f->z && f->up && f->base);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            size_t i = (size_t)y * (size_t)w + (size_t)x;
            int b = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            int dx = x < w - 1 - x ? x : w - 1 - x, dy = y < h - 1 - y ? y : h - 1 - y;
            int d = dx < dy ? dx : dy;
            f->base[i] = (uint8_t)b;
            f->up[i] = b ? 0.0f : (float)u;
            f->z[i] = b ? 0.0f : (float)(slope * d + noise * rng_next_double(&r));
        }
    }
}

static void
field_free(struct field *f)
{
    free(f->z);
    free(f->up);
    free(f->base);
}

/* Run `steps` steps of p; returns the model (caller frees). */
static struct lem *
run(struct field *f, double cell, const struct lem_params *p, int steps, int threads)
{
    struct lem *s = NULL;
    struct og_error e;
    int k;

    ck_assert_int_eq(lem_new(&s, f->w, f->h, cell, f->base, &e), OG_OK);
    for (k = 0; k < steps; k++) {
        if (lem_step(s, f->z, f->up, p, threads, NULL, &e) != OG_OK) {
            ck_abort_msg("lem_step: %s", e.msg);
        }
    }
    return s;
}

/* The largest relative deviation of every node's slope to its receiver
 * from the steady-state profile S = (U / K)^(1/n) A^(-m/n). */
static double
profile_error(const struct field *f, const struct lem *s, const struct lem_params *p, double u,
              double cell)
{
    const int32_t *rc = lem_receivers(s);
    const float *a = lem_area(s);
    size_t i, n = (size_t)f->w * (size_t)f->h;
    double worst = 0.0;

    for (i = 0; i < n; i++) {
        int32_t r = rc[i];
        size_t d;
        double len, sl, want, rel;
        if (f->base[i] || r < 0) {
            continue;
        }
        d = (size_t)r > i ? (size_t)r - i : i - (size_t)r;
        len = cell * (d == 1 || d == (size_t)f->w ? 1.0 : sqrt(2.0));
        sl = ((double)f->z[i] - (double)f->z[r]) / len;
        want = pow(u / p->k, 1.0 / p->n) * pow((double)a[i], -p->m / p->n);
        rel = fabs(sl / want - 1.0);
        worst = rel > worst ? rel : worst;
    }
    return worst;
}

/* A planted uplift block (U, K constant, no hillslope terms) reaches the
 * analytical steady state of the stream power law at every node, for n = 1
 * (exact implicit step) and n = 2 (Newton). */
START_TEST(steady_state_profile)
{
    struct lem_params p = { 2e4, 2e-5, 0.5, 1.0, 0.0, 0.0, 0 };
    double u = 1e-3, cell = 100.0, err1, err2;
    struct field f;
    struct lem *s;

    field_make(&f, 48, 40, u, 0.0, 1.0, 1);
    s = run(&f, cell, &p, 600, 1);
    err1 = profile_error(&f, s, &p, u, cell);
    lem_free(s);
    field_free(&f);
    p.n = 2.0;
    p.k = 2e-3;
    field_make(&f, 48, 40, u, 0.0, 1.0, 2);
    s = run(&f, cell, &p, 600, 1);
    err2 = profile_error(&f, s, &p, u, cell);
    lem_free(s);
    field_free(&f);
    ck_assert_msg(err1 < 0.02 && err2 < 0.02, "steady state off the profile: n=1 %g, n=2 %g",
                  err1, err2);
}
END_TEST

/* Uplift in = erosion out + boundary flux + change in storage, with
 * stream power, diffusion, the talus limit and lakes all at work. */
START_TEST(mass_balance)
{
    struct lem_params p = { 5e3, 4e-5, 0.45, 1.3, 0.5, 0.6, 0 };
    double cell = 30.0, v0 = 0.0, v1 = 0.0, lhs, rhs;
    struct lem_totals t;
    struct field f;
    struct lem *s;
    size_t i, n;

    field_make(&f, 64, 56, 2e-3, 4.0, 40.0, 3);
    n = (size_t)f.w * (size_t)f.h;
    for (i = 0; i < n; i++) {
        v0 += (double)f.z[i] * cell * cell;
    }
    s = run(&f, cell, &p, 40, 2);
    lem_get_totals(s, &t);
    for (i = 0; i < n; i++) {
        v1 += (double)f.z[i] * cell * cell;
    }
    lhs = v1 - v0;
    rhs = t.uplift - t.fluvial - t.boundary;
    ck_assert(t.uplift > 0.0 && t.fluvial > 0.0 && t.boundary > 0.0);
    ck_assert_msg(fabs(lhs - rhs) <= 1e-6 * t.uplift,
                  "storage %.9g != uplift %.9g - erosion %.9g - boundary %.9g (off by %g)", lhs,
                  t.uplift, t.fluvial, t.boundary, lhs - rhs);
    lem_free(s);
    field_free(&f);
}
END_TEST

/* Hack's law, L = c A^h, on the main stems of the network a cone grows
 * under uniform uplift: h between 0.5 and 0.7 (Hack 1957: 0.6). L is the
 * longest flow path upstream of a node, A its drainage area. */
START_TEST(hack_law_cone)
{
    struct lem_params p = { 1e4, 2e-5, 0.5, 1.0, 0.0, 0.0, 0 };
    double cell = 100.0, sx = 0, sy = 0, sxx = 0, sxy = 0, hk, c2 = cell * cell;
    struct field f;
    struct lem *s;
    const int32_t *rc, *order;
    const float *a;
    float *len, *best;
    int32_t *up;
    size_t i, k, n, cnt = 0, stems = 0;

    field_make(&f, 192, 192, 1e-3, 0.5, 5.0, 4);
    s = run(&f, cell, &p, 300, 2);
    n = (size_t)f.w * (size_t)f.h;
    rc = lem_receivers(s);
    order = lem_stack(s);
    a = lem_area(s);
    len = calloc(n, sizeof *len);
    best = calloc(n, sizeof *best);
    up = malloc(n * sizeof *up);
    ck_assert(len && best && up);
    for (i = 0; i < n; i++) {
        up[i] = -1;
    }
    /* donors before receivers: the longest path upstream, the largest donor */
    for (k = 0; k < n; k++) {
        size_t j = (size_t)order[k], d;
        int32_t r = rc[j];
        double l;
        if (r < 0) {
            continue;
        }
        d = (size_t)r > j ? (size_t)r - j : j - (size_t)r;
        l = (double)len[j] + cell * (d == 1 || d == (size_t)f.w ? 1.0 : sqrt(2.0));
        len[r] = l > len[r] ? (float)l : len[r];
        if (a[j] > best[r]) {
            best[r] = a[j];
            up[r] = (int32_t)j;
        }
    }
    /* main stems of the basins over 300 cells, up to 30 cells of area (the
     * channel heads, where L grows as A, left out) */
    for (i = 0; i < n; i++) {
        int32_t j;
        if (f.base[i] || rc[i] < 0 || !f.base[rc[i]] || a[i] < 300.0 * c2) {
            continue;
        }
        stems++;
        for (j = (int32_t)i; j >= 0 && a[j] >= 30.0 * c2; j = up[j]) {
            double x = log((double)a[j]), y = log((double)len[j]);
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
            cnt++;
        }
    }
    ck_assert(cnt > 50);
    hk = ((double)cnt * sxy - sx * sy) / ((double)cnt * sxx - sx * sx);
    ck_assert_msg(hk >= 0.5 && hk <= 0.7, "Hack exponent %g over %zu main-stem nodes of %zu stems",
                  hk, cnt, stems);
    lem_free(s);
    field_free(&f);
    free(len);
    free(best);
    free(up);
}
END_TEST

/* The same heights, areas and masks on 1, 2 and 3 threads. */
START_TEST(threads_identical)
{
    struct lem_params p = { 5e3, 4e-5, 0.45, 1.3, 0.5, 0.6, 1 };
    struct field f[3];
    struct lem *s[3];
    size_t n;
    int t;

    for (t = 0; t < 3; t++) {
        field_make(&f[t], 150, 70, 2e-3, 3.0, 30.0, 5);
        s[t] = run(&f[t], 30.0, &p, 6, t + 1);
    }
    n = (size_t)f[0].w * (size_t)f[0].h;
    for (t = 1; t < 3; t++) {
        ck_assert(memcmp(f[0].z, f[t].z, n * sizeof *f[0].z) == 0);
        ck_assert(memcmp(lem_area(s[0]), lem_area(s[t]), n * sizeof(float)) == 0);
        ck_assert(memcmp(lem_wear(s[0]), lem_wear(s[t]), n * sizeof(float)) == 0);
        ck_assert(memcmp(lem_deposition(s[0]), lem_deposition(s[t]), n * sizeof(float)) == 0);
    }
    for (t = 0; t < 3; t++) {
        lem_free(s[t]);
        field_free(&f[t]);
    }
}
END_TEST

/* Bad parameters and grids: one clear error, nothing half done. */
START_TEST(bad_input)
{
    struct lem_params p = { 1e3, 1e-5, 0.5, 1.0, 0.0, 0.0, 0 };
    struct og_error e;
    struct lem *s = NULL;
    uint8_t base[4] = { 0, 0, 0, 0 };
    float z[4] = { 1, 2, 3, 4 };

    ck_assert_int_eq(lem_new(&s, 2, 2, 10.0, base, &e), OG_EINVAL);
    base[0] = 1;
    ck_assert_int_eq(lem_new(&s, 2, 2, 0.0, base, &e), OG_ERANGE);
    ck_assert_int_eq(lem_new(&s, 2, 2, 10.0, base, &e), OG_OK);
    p.dt = 0.0;
    ck_assert_int_eq(lem_step(s, z, NULL, &p, 1, NULL, &e), OG_ERANGE);
    p.dt = 1e3;
    p.n = 0.0;
    ck_assert_int_eq(lem_step(s, z, NULL, &p, 1, NULL, &e), OG_ERANGE);
    p.n = 1.0;
    p.kd = 1e9;
    ck_assert_int_eq(lem_step(s, z, NULL, &p, 1, NULL, &e), OG_ERANGE);
    ck_assert(strstr(e.msg, "sub-steps") != NULL);
    lem_free(s);
}
END_TEST

/* Mean valley spacing of a g x g block 25.6 km wide under uniform uplift
 * from the same smooth start (fBm in world coordinates): the row length
 * over the number of times a row enters a valley (cells draining 1 km^2 or
 * more), over the inner three quarters of the block. */
static double
valley_spacing(int g, int mfd)
{
    struct lem_params p = { 2e5, 5e-6, 0.5, 1.0, 0.0, 0.0, mfd };
    struct fbm_params fp = { 6, 8.0, 2.0, 0.5 };
    struct perlin noise;
    struct field f;
    struct lem *s;
    const float *a;
    double cell = 25600.0 / g;
    long cross = 0;
    int x, y;

    field_make(&f, g, g, 1e-3, 0.0, 0.0, 6);
    perlin_init(&noise, 7);
    for (y = 1; y < g - 1; y++) {
        for (x = 1; x < g - 1; x++) {
            f.z[(size_t)y * (size_t)g + (size_t)x] =
                (float)(20.0 + 10.0 * fbm2(&noise, &fp, (x + 0.5) / g, (y + 0.5) / g));
        }
    }
    s = run(&f, cell, &p, 15, 2);
    a = lem_area(s);
    for (y = g / 8; y < g - g / 8; y++) {
        int in = 0;
        for (x = g / 8; x < g - g / 8; x++) {
            int c = a[(size_t)y * (size_t)g + (size_t)x] >= 1e6f;
            cross += c && !in;
            in = c;
        }
    }
    lem_free(s);
    field_free(&f);
    ck_assert(cross > 0);
    return (double)(g - 2 * (g / 8)) * (double)(g - 2 * (g / 8)) * cell / (double)cross;
}

/* With multiple flow directions the valley spacing does not depend on the
 * grid (Armitage 2019): 256^2 and 1024^2 of the same 25.6 km agree within
 * 15 % (2689 m and 2560 m). */
START_TEST(mfd_valley_spacing)
{
    double lo = valley_spacing(256, 1), hi = valley_spacing(1024, 1);
    ck_assert_msg(fabs(hi / lo - 1.0) < 0.15, "valley spacing %.0f m at 256^2, %.0f m at 1024^2",
                  lo, hi);
}
END_TEST

/* hybrid.erosion = streampower: the mask rises and is carved, the lowland
 * (base level) keeps its height, wear and deposition are there, and the
 * bytes are the same on 1 and 3 threads. */
static struct world *
hybrid_streampower(int threads)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    p.seed = 3;
    ck_assert_int_eq(params_set(&p, P_HYBRID_EROSION, 1, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_WIDTH, 96, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_HEIGHT, 80, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_HYBRID_EXTENT, 9.6, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_HYBRID), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

START_TEST(hybrid_streampower_world)
{
    struct world *a = hybrid_streampower(1), *b = hybrid_streampower(3);
    size_t i, carved = 0, n = a->ncells;
    double wear = 0.0;

    ck_assert(a->wear != NULL && a->deposition != NULL);
    for (i = 0; i < n; i++) {
        if (a->mask[i] == 0) {
            ck_assert(a->elevation[i] == 0.0f && a->wear[i] == 0.0f);
        }
        carved += a->wear[i] > 0.0f;
        wear += a->wear[i];
    }
    ck_assert(carved > n / 10 && wear > 0.0);
    ck_assert(world_stat_find(a, "lem.steps")->a == 40.0);
    ck_assert(memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) == 0);
    ck_assert(memcmp(a->wear, b->wear, n * sizeof *a->wear) == 0);
    ck_assert(memcmp(a->color, b->color, n * sizeof *a->color) == 0);
    world_unref(a);
    world_unref(b);
}
END_TEST

/* island.relief = streampower: the coast stays where the noise put it,
 * land heights fill (0, 1], the same bytes on 1 and 3 threads. */
static struct world *
island_streampower_run(int threads, int relief)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    p.seed = 2;
    ck_assert_int_eq(params_set(&p, P_ISLAND_CELLS, 3000, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_ISLAND_RELIEF, relief, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

START_TEST(island_streampower_world)
{
    struct world *a = island_streampower_run(1, 1), *b = island_streampower_run(3, 1);
    struct world *noise = island_streampower_run(1, 0);
    size_t i, n = a->ncells;
    float top = 0.0f;

    ck_assert(a->wear != NULL && noise->wear == NULL);
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(a->water[i] == WATER_OCEAN, noise->water[i] == WATER_OCEAN);
        if (a->water[i] != WATER_OCEAN) {
            ck_assert(a->elevation[i] > 0.0f && a->elevation[i] <= 1.0f);
            top = a->elevation[i] > top ? a->elevation[i] : top;
        } else {
            ck_assert(a->elevation[i] == noise->elevation[i]);
        }
    }
    ck_assert(top == 1.0f);
    ck_assert(memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) == 0);
    ck_assert(memcmp(a->color, b->color, n * sizeof *a->color) == 0);
    world_unref(a);
    world_unref(b);
    world_unref(noise);
}
END_TEST

/* dem.weathering (issue 26): rivers cut into a real tile for 200 kyr with
 * no uplift. The sea keeps its floor, the border never rises, nothing rises above
 * the tile's highest point, the land loses rock, the bytes are the same on
 * 1 and 3 threads, and with dem.weathering = 0 (the default) the stage does
 * nothing. */
static struct world *
dem_weathered(const struct dem_raster *r, double years, int threads)
{
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error e;

    params_defaults(&p);
    ck_assert_int_eq(params_set(&p, P_DEM_WEATHERING, years, NULL), OG_OK);
    ck_assert_int_eq(params_set(&p, P_DEM_CELL_SIZE, 30.0, NULL), OG_OK);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = r;
    ctx.threads = threads;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

START_TEST(dem_weathering)
{
    struct dem_raster r;
    struct og_error e;
    struct world *raw, *a, *b;
    size_t i, n, x, y, carved = 0;
    double lost = 0.0;

    ck_assert(pngio_read_raster(test_data_path("dem/terrarium_12_646_1400.png"), &r, &e) ==
              OG_OK);
    raw = dem_weathered(&r, 0.0, 1);
    a = dem_weathered(&r, 2e5, 1);
    b = dem_weathered(&r, 2e5, 3);
    n = a->ncells;
    ck_assert(raw->wear == NULL && world_stat_find(raw, "lem.steps") == NULL);
    ck_assert(a->wear != NULL && a->deposition != NULL);
    ck_assert(world_stat_find(a, "lem.steps")->a == 4.0);
    for (i = 0; i < n; i++) {
        x = i % (size_t)a->width;
        y = i / (size_t)a->width;
        if (raw->elevation[i] <= 0.0f) {
            ck_assert(a->elevation[i] == raw->elevation[i]);
        } else if (x == 0 || y == 0 || x + 1 == (size_t)a->width || y + 1 == (size_t)a->height) {
            ck_assert(a->elevation[i] <= raw->elevation[i] && a->elevation[i] > 0.0f);
        }
        ck_assert(a->elevation[i] <= raw->elev_max);
        ck_assert_int_eq(a->water[i] == WATER_OCEAN, raw->water[i] == WATER_OCEAN);
        carved += a->wear[i] > 0.01f;
        lost += (double)raw->elevation[i] - (double)a->elevation[i];
    }
    ck_assert(carved > n / 20 && lost > 0.0);
    ck_assert(world_stat_find(a, "lem.eroded_km3")->a > 0.0);
    ck_assert(memcmp(a->elevation, b->elevation, n * sizeof *a->elevation) == 0);
    ck_assert(memcmp(a->wear, b->wear, n * sizeof *a->wear) == 0);
    ck_assert(memcmp(a->color, b->color, n * sizeof *a->color) == 0);
    world_unref(raw);
    world_unref(a);
    world_unref(b);
    dem_raster_fini(&r);
}
END_TEST

Suite *
lem_suite(void)
{
    Suite *s = suite_create("lem");
    TCase *tc = tcase_create("lem");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, steady_state_profile);
    tcase_add_test(tc, mass_balance);
    tcase_add_test(tc, hack_law_cone);
    tcase_add_test(tc, threads_identical);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, hybrid_streampower_world);
    tcase_add_test(tc, island_streampower_world);
    tcase_add_test(tc, dem_weathering);
    suite_add_tcase(s, tc);
    tc = tcase_create("lem_resolution");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, mfd_valley_spacing);
    suite_add_tcase(s, tc);
    return s;
}
