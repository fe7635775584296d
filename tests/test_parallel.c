/* parallel: the deterministic parallel-for, and worlds, maps and renders
 * that are byte-identical for 1, 2, 3 and 8 threads. */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/base/interrupt.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "render/iso.h"
#include "render/mapimg.h"
#include "render/raster.h"
#include "tests.h"

static const int thread_counts[] = { 1, 2, 3, 8 };
#define NCOUNTS (sizeof thread_counts / sizeof thread_counts[0])

struct cover_job {
    unsigned char *seen;
    double *partial; /* per batch */
    size_t grain;
};

static enum og_status
cover_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    struct cover_job *J = arg;
    size_t i;
    double s = 0.0;

    if (begin != batch * J->grain) { /* no Check assertion off the test's own thread */
        return og_error_set(err, OG_ERANGE, "batch %zu begins at %zu", batch, begin);
    }
    for (i = begin; i < end; i++) {
        J->seen[i]++;
        s += 1.0 / (double)(i + 1);
    }
    J->partial[batch] = s;
    return OG_OK;
}

/* Every item is visited once, batch b is [b*grain, ...), and the per-batch
 * partial sums added in batch order give the same bits for every count. */
START_TEST(test_parallel_for_partition)
{
    const size_t n = 100003, grain = 1000, nb = n / grain + 1;
    double ref = 0.0;
    size_t t, i;

    for (t = 0; t < NCOUNTS; t++) {
        struct cover_job J;
        struct og_error err;
        double sum = 0.0;
        J.seen = calloc(n, 1);
        J.partial = calloc(nb, sizeof *J.partial);
        J.grain = grain;
        ck_assert_ptr_nonnull(J.seen);
        ck_assert_ptr_nonnull(J.partial);
        ck_assert_int_eq(og_parallel_for(thread_counts[t], n, grain, cover_batch, &J, NULL, 0, 1,
                                         &err),
                         OG_OK);
        {
            size_t once = 0; /* one assertion, not n: Check's asserts are slow under ASan */
            for (i = 0; i < n; i++) {
                once += J.seen[i] == 1;
            }
            ck_assert_uint_eq(once, n);
        }
        for (i = 0; i < nb; i++) {
            sum += J.partial[i];
        }
        if (t == 0) {
            ref = sum;
        }
        ck_assert(memcmp(&sum, &ref, sizeof sum) == 0);
        free(J.seen);
        free(J.partial);
    }
}
END_TEST

/* A team's spans (og_team_for_spans) run every batch once, batch b being
 * [b*grain, ...), for each team size and for fewer batches than threads;
 * the partial sums added in batch order are the same bits as og_team_for's. */
START_TEST(test_team_spans_partition)
{
    static const size_t sizes[] = { 100003, 2500, 1 };
    const size_t grain = 1000;
    size_t t, k, i;

    for (t = 0; t < NCOUNTS; t++) {
        struct og_team *team = NULL;
        struct og_error err;
        ck_assert_int_eq(og_team_new(&team, thread_counts[t], &err), OG_OK);
        for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t n = sizes[k], nb = (n + grain - 1) / grain, once = 0, r;
            double sum[2] = { 0.0, 0.0 };
            struct cover_job J;
            for (r = 0; r < 2; r++) {
                J.seen = calloc(n, 1);
                J.partial = calloc(nb, sizeof *J.partial);
                J.grain = grain;
                ck_assert_ptr_nonnull(J.seen);
                ck_assert_ptr_nonnull(J.partial);
                ck_assert_int_eq((r == 0 ? og_team_for_spans : og_team_for)(team, n, grain,
                                                                           cover_batch, &J,
                                                                           &err),
                                 OG_OK);
                for (i = 0; i < n; i++) {
                    once += J.seen[i] == 1;
                }
                for (i = 0; i < nb; i++) {
                    sum[r] += J.partial[i];
                }
                free(J.seen);
                free(J.partial);
            }
            ck_assert_uint_eq(once, 2 * n);
            ck_assert(memcmp(&sum[0], &sum[1], sizeof sum[0]) == 0);
        }
        og_team_free(team);
    }
}
END_TEST

/* The 2-worker replay of 1-thread regions (parallel.h): off, it adds
 * nothing; on, each region's replay lies between half its batches' CPU
 * time and all of it (greedy two-worker list scheduling), and regions on
 * more threads add nothing. */
START_TEST(test_parallel_replay_bounds)
{
    const size_t n = 20011, grain = 500, nb = n / grain + 1;
    struct og_par_account a0, a1;
    struct og_error err;
    struct cover_job J;
    int on;

    J.seen = calloc(n, 1);
    J.partial = calloc(nb, sizeof *J.partial);
    J.grain = grain;
    ck_assert(J.seen != NULL && J.partial != NULL);
    for (on = 0; on < 2; on++) {
        og_parallel_replay(on);
        og_parallel_account(&a0);
        ck_assert_int_eq(og_parallel_for(1, n, grain, cover_batch, &J, NULL, 0, 1, &err), OG_OK);
        og_parallel_account(&a1);
        if (!on) {
            ck_assert(a1.replay2_ms == a0.replay2_ms);
        } else {
            double total = a1.total_ms - a0.total_ms, rep = a1.replay2_ms - a0.replay2_ms;
            ck_assert(rep <= total + 1e-6);
            ck_assert(rep >= 0.0);
        }
        og_parallel_account(&a0);
        ck_assert_int_eq(og_parallel_for(2, n, grain, cover_batch, &J, NULL, 0, 1, &err), OG_OK);
        og_parallel_account(&a1);
        ck_assert(a1.replay2_ms == a0.replay2_ms);
    }
    og_parallel_replay(0);
    free(J.seen);
    free(J.partial);
}
END_TEST

static enum og_status
fail_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    (void)arg;
    (void)begin;
    (void)end;
    if (batch == 5 || batch == 9) {
        return og_error_set(err, OG_ERANGE, "batch %zu failed", batch);
    }
    return OG_OK;
}

/* The error of the lowest failing batch is the one reported, whatever the
 * thread count. */
START_TEST(test_parallel_for_lowest_error)
{
    size_t t;
    for (t = 0; t < NCOUNTS; t++) {
        struct og_error err;
        og_error_clear(&err);
        ck_assert_int_eq(og_parallel_for(thread_counts[t], 20, 1, fail_batch, NULL, NULL, 0, 1,
                                         &err),
                         OG_ERANGE);
        /* batches are claimed in order and a claimed batch always runs,
         * so batch 5 has run (and failed) whenever batch 9 has */
        ck_assert_str_eq(err.msg, "batch 5 failed");
    }
}
END_TEST

/* A thread's own cancel flag (og_cancel_bind, the TUI's x) is seen by
 * og_interrupted() in every thread of its regions and in no other thread. */
static enum og_status
cancel_seen_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    atomic_int *seen = arg;
    (void)batch, (void)begin, (void)end, (void)err;
    if (og_interrupted() == OG_CANCELLED_JOB) {
        atomic_fetch_add(seen, 1);
    }
    return OG_OK;
}

START_TEST(test_cancel_bind_reaches_region_threads)
{
    atomic_int flag, seen;
    struct og_team *team;
    struct og_error err;
    size_t t;

    atomic_init(&flag, 0);
    og_cancel_bind(&flag);
    ck_assert_int_eq(og_interrupted(), 0);
    atomic_store(&flag, 1);
    ck_assert_int_eq(og_interrupted(), OG_CANCELLED_JOB);
    for (t = 0; t < NCOUNTS; t++) {
        atomic_init(&seen, 0);
        ck_assert_int_eq(og_parallel_for(thread_counts[t], 64, 1, cancel_seen_batch, &seen, NULL,
                                         0, 1, &err), OG_OK);
        ck_assert_int_eq(atomic_load(&seen), 64);
        ck_assert_int_eq(og_team_new(&team, thread_counts[t], &err), OG_OK);
        atomic_init(&seen, 0);
        ck_assert_int_eq(og_team_for(team, 64, 1, cancel_seen_batch, &seen, &err), OG_OK);
        ck_assert_int_eq(atomic_load(&seen), 64);
        og_team_free(team);
    }
    og_cancel_bind(NULL);
    ck_assert_int_eq(og_interrupted(), 0);
    atomic_init(&seen, 0);   /* unbound: no thread sees the flag */
    ck_assert_int_eq(og_parallel_for(3, 64, 1, cancel_seen_batch, &seen, NULL, 0, 1, &err), OG_OK);
    ck_assert_int_eq(atomic_load(&seen), 0);
}
END_TEST

START_TEST(test_threads_parse)
{
    struct og_error err;
    int n = 0;
    ck_assert_int_eq(og_threads_parse("3", "--threads", &n, &err), OG_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(og_threads_parse("0", "--threads", &n, &err), OG_ERANGE);
    ck_assert_str_eq(err.msg, "--threads '0' outside 1..64");
    ck_assert_int_eq(og_threads_parse("2x", "--threads", &n, &err), OG_ERANGE);
    ck_assert_int_eq(og_threads_parse("65", "--threads", &n, &err), OG_ERANGE);
    ck_assert_int_ge(og_threads_default(), 1);
}
END_TEST

static uint64_t
mix(uint64_t h, const void *p, size_t len)
{
    return p != NULL ? h * 1099511628211ull ^ test_fnv1a(p, len) : h * 31u;
}

/* Hash of every per-cell field, a map sample and an iso render of a world
 * made with `threads` threads. */
static uint64_t
world_hash(enum gen_id gen, const struct params *p, int threads)
{
    const struct generator *g = generator_get(gen);
    struct run_ctx ctx;
    struct world *w = NULL;
    struct og_error err;
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t *rgb = malloc(160 * 120 * sizeof *rgb);
    uint64_t h = 14695981039346656037ull;
    size_t n;

    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(rgb);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = p;
    ctx.threads = threads;
    og_threads_set_default(threads);
    ck_assert_msg(pipeline_run(g, &ctx, &w, &err) == OG_OK, "%s", err.msg);
    n = w->ncells;
    h = mix(h, w->elevation, n * sizeof(float));
    h = mix(h, w->water, n);
    h = mix(h, w->moisture, n * sizeof(float));
    h = mix(h, w->biome, n);
    h = mix(h, w->color, n * sizeof(uint32_t));
    h = mix(h, w->roughness, n * sizeof(float));
    h = mix(h, w->forest, n * sizeof(float));
    h = mix(h, w->landmass, n * sizeof(int32_t));
    h = mix(h, w->flow, w->nhydro * sizeof(float));
    h = mix(h, w->river_width, w->nhydro * sizeof(float));
    if (w->mesh != NULL) {
        h = mix(h, w->mesh->triangles, 3 * w->mesh->ntriangles * sizeof(int32_t));
    }
    ck_assert_int_eq(mapimg_render(w, LAYER_COLOR, &view, 160, 120, rgb, NULL, &err), OG_OK);
    h = mix(h, rgb, 160 * 120 * sizeof *rgb);
    if (w->kind != WORLD_SPHERE) {
        struct iso_options o;
        struct raster *fb;
        iso_options_from_params(&o, &w->params);
        o.subdiv = 2;
        o.threads = threads < ISO_MAX_THREADS ? threads : ISO_MAX_THREADS;
        ck_assert_int_eq(raster_new(&fb, 200, 120, &err), OG_OK);
        ck_assert_msg(iso_render(NULL, w, &o, fb, NULL, &err) == OG_OK, "%s", err.msg);
        h = mix(h, fb->rgba, 4 * 200 * 120);
        raster_free(fb);
    }
    og_threads_set_default(0);
    free(rgb);
    world_unref(w);
    return h;
}

static void
check_world_threads(enum gen_id gen, const struct params *p)
{
    uint64_t ref = world_hash(gen, p, 1);
    size_t t;
    for (t = 1; t < NCOUNTS; t++) {
        uint64_t h = world_hash(gen, p, thread_counts[t]);
        ck_assert_msg(h == ref, "%s with %d threads differs from 1 thread", world_gen_name(gen),
                      thread_counts[t]);
    }
}

START_TEST(test_island_same_for_any_threads)
{
    struct params p;
    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 12000;
    check_world_threads(GEN_ISLAND, &p);
}
END_TEST

START_TEST(test_hybrid_same_for_any_threads)
{
    struct params p;
    params_defaults(&p);
    check_world_threads(GEN_HYBRID, &p);
}
END_TEST

START_TEST(test_planet_same_for_any_threads)
{
    struct params p;
    params_defaults(&p);
    p.v[P_PLANET_POINTS] = 6000;
    check_world_threads(GEN_PLANET, &p);
}
END_TEST

Suite *
parallel_suite(void)
{
    Suite *s = suite_create("parallel");
    TCase *c = tcase_create("contract");
    TCase *d = tcase_create("determinism");

    tcase_add_test(c, test_parallel_for_partition);
    tcase_add_test(c, test_parallel_for_lowest_error);
    tcase_add_test(c, test_team_spans_partition);
    tcase_add_test(c, test_parallel_replay_bounds);
    tcase_add_test(c, test_threads_parse);
    tcase_add_test(c, test_cancel_bind_reaches_region_threads);
    tcase_set_timeout(d, 120);
    tcase_add_test(d, test_island_same_for_any_threads);
    tcase_add_test(d, test_hybrid_same_for_any_threads);
    tcase_add_test(d, test_planet_same_for_any_threads);
    suite_add_tcase(s, c);
    suite_add_tcase(s, d);
    return s;
}
