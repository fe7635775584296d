/* Pipeline driver and worker thread: first error stops, cancel, publish. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "core/generators.h"
#include "core/pipeline.h"
#include "core/worker.h"
#include "tests.h"

static int ran[3];

static enum og_status
ok_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    (void)w;
    (void)err;
    ran[ctx->stage_index]++;
    return OG_OK;
}

static enum og_status
bad_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    (void)w;
    ran[ctx->stage_index]++;
    return og_error_set(err, OG_ERANGE, "value 7 outside [0, 5]");
}

static const struct stage failing[] = {
    { "first", ok_stage }, { "second", bad_stage }, { "third", ok_stage },
};
static const struct generator failing_gen = {
    "test", GEN_ISLAND, WORLD_GRID, 1u, failing, 3, "test",
};

/* Progress (issue 13): a stage of two steps that each tick 0..1 is
 * reported as one rise 0..1, and a report never goes down. */
#define MAX_REPORTS 4096
static struct {
    int n, stage[MAX_REPORTS];
    double f[MAX_REPORTS];
} rep;

static void
record_progress(void *arg, int stage, int nstages, const char *name, double fraction)
{
    (void)arg;
    (void)nstages;
    (void)name;
    if (rep.n < MAX_REPORTS) {
        rep.stage[rep.n] = stage;
        rep.f[rep.n++] = fraction;
    }
}

static enum og_status
two_step_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    (void)w;
    (void)err;
    pipeline_phase(ctx, 0.0, 0.5);
    pipeline_tick(ctx, 0.0);
    pipeline_tick(ctx, 1.0);
    pipeline_phase(ctx, 0.5, 1.0);
    pipeline_tick(ctx, 0.0);
    pipeline_tick(ctx, 0.5);
    pipeline_tick(ctx, 0.25);  /* a step going back is held */
    pipeline_tick(ctx, 1.0);
    return OG_OK;
}

static const struct stage two_steps[] = { { "two", two_step_stage }, { "two", two_step_stage } };
static const struct generator two_step_gen = {
    "test", GEN_ISLAND, WORLD_GRID, 1u, two_steps, 2, "test",
};

START_TEST(progress_phases_map_into_the_stage)
{
    static const double want[] = { 0.0, 0.0, 0.5, 0.5, 0.75, 0.75, 1.0, 1.0 };
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    int i, k;

    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    memset(&rep, 0, sizeof rep);
    ctx.params = &p;
    ctx.progress = record_progress;
    ck_assert_int_eq(pipeline_run(&two_step_gen, &ctx, &w, &e), OG_OK);
    ck_assert_int_eq(rep.n, 16);  /* per stage: start, 6 ticks, end */
    ck_assert_int_eq(ctx.held, 2);  /* the 0.25 tick of each stage */
    for (k = 0; k < 2; k++) {
        for (i = 0; i < 8; i++) {
            ck_assert_int_eq(rep.stage[8 * k + i], k);
            ck_assert_double_eq_tol(rep.f[8 * k + i], want[i], 1e-12);
        }
    }
    world_unref(w);
}
END_TEST

/* Every generator's real stages: stages in order, each rising from 0 to
 * exactly 1 without a step back (the hydrology stage went 70 % -> 0 % ->
 * 100 % before its steps had phases). */
static void
check_monotonic_run(enum gen_id gen, struct params *p)
{
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    int i;

    memset(&ctx, 0, sizeof ctx);
    memset(&rep, 0, sizeof rep);
    ctx.params = p;
    ctx.threads = 2;
    ctx.progress = record_progress;
    ck_assert_int_eq(pipeline_run(generator_get(gen), &ctx, &w, &e), OG_OK);
    ck_assert_int_lt(rep.n, MAX_REPORTS);
    ck_assert_int_eq(rep.stage[0], 0);
    ck_assert_double_eq(rep.f[0], 0.0);
    for (i = 1; i < rep.n; i++) {
        ck_assert_int_ge(rep.stage[i], rep.stage[i - 1]);
        if (rep.stage[i] == rep.stage[i - 1]) {
            ck_assert_msg(rep.f[i] >= rep.f[i - 1], "%s stage %d: %g after %g",
                          generator_get(gen)->name, rep.stage[i], rep.f[i], rep.f[i - 1]);
        } else {
            ck_assert_double_eq(rep.f[i - 1], 1.0);  /* the stage before ended at 1 */
            ck_assert_double_eq(rep.f[i], 0.0);
        }
    }
    ck_assert_msg(ctx.held == 0, "%s: %d ticks went back", generator_get(gen)->name, ctx.held);
    ck_assert_int_eq(rep.stage[rep.n - 1], w->nstages - 1);
    ck_assert_double_eq(rep.f[rep.n - 1], 1.0);
    world_unref(w);
}

START_TEST(progress_never_goes_back)
{
    struct params p;

    params_defaults(&p);
    p.v[P_ISLAND_CELLS] = 20000;
    check_monotonic_run(GEN_ISLAND, &p);
    params_defaults(&p);
    p.v[P_PLANET_POINTS] = 20000;
    check_monotonic_run(GEN_PLANET, &p);
    params_defaults(&p);
    check_monotonic_run(GEN_HYBRID, &p);
}
END_TEST

START_TEST(first_error_stops)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = (struct world *)&e;
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    memset(ran, 0, sizeof ran);
    ctx.params = &p;
    ck_assert_int_eq(pipeline_run(&failing_gen, &ctx, &w, &e), OG_ERANGE);
    ck_assert_ptr_null(w);
    ck_assert_str_eq(e.msg, "second: value 7 outside [0, 5]");
    ck_assert_int_eq(ran[0], 1);
    ck_assert_int_eq(ran[1], 1);
    ck_assert_int_eq(ran[2], 0);
}
END_TEST

START_TEST(cancel_flag_stops)
{
    struct params p;
    struct run_ctx ctx;
    struct og_error e;
    struct world *w = NULL;
    atomic_int cancel;
    atomic_init(&cancel, 1);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.cancel = &cancel;
    ck_assert_int_eq(pipeline_run(generator_get(GEN_ISLAND), &ctx, &w, &e), OG_ECANCELED);
    ck_assert_ptr_null(w);
}
END_TEST

static atomic_int wakes;

static void
count_wake(void *arg)
{
    (void)arg;
    atomic_fetch_add(&wakes, 1);
}

START_TEST(worker_newest_request_wins)
{
    struct worker *wk;
    struct worker_request req;
    struct worker_status st;
    struct og_error e;
    struct world *w = NULL;
    int i, final = 0;

    atomic_init(&wakes, 0);
    ck_assert_int_eq(worker_new(&wk, count_wake, NULL, &e), OG_OK);
    memset(&req, 0, sizeof req);
    req.gen = GEN_ISLAND;
    params_defaults(&req.params);
    req.params.v[P_ISLAND_CELLS] = 20000;  /* slow enough to be cancelled */
    worker_submit(wk, &req);
    req.params.v[P_ISLAND_CELLS] = 500;
    req.params.seed = 77;
    uint64_t gen = worker_submit(wk, &req);
    for (i = 0; i < 500 && w == NULL; i++) {
        usleep(10000);
        w = worker_take(wk, &final);
        if (w != NULL && (!final || w->params.seed != 77)) {
            world_unref(w);  /* a stale or intermediate world: keep waiting */
            w = NULL;
        }
    }
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(final, 1);
    ck_assert(w->params.seed == 77);
    worker_get_status(wk, &st);
    ck_assert_uint_eq(st.generation, gen);
    ck_assert_int_gt(atomic_load(&wakes), 0);
    world_unref(w);
    worker_free(wk);
}
END_TEST

START_TEST(worker_reports_errors)
{
    struct worker *wk;
    struct worker_request req;
    struct worker_status st;
    struct og_error e;
    int i;
    ck_assert_int_eq(worker_new(&wk, NULL, NULL, &e), OG_OK);
    memset(&req, 0, sizeof req);
    req.gen = GEN_DEM;  /* no raster: a clear error, not a crash */
    params_defaults(&req.params);
    worker_submit(wk, &req);
    for (i = 0; i < 300; i++) {
        usleep(10000);
        worker_get_status(wk, &st);
        if (!st.busy && st.last_status != OG_OK) {
            break;
        }
    }
    ck_assert_int_eq(st.last_status, OG_EINVAL);
    ck_assert_str_eq(st.last_error, "decode: no elevation model loaded (use --dem FILE)");
    ck_assert_ptr_null(worker_take(wk, NULL));
    worker_free(wk);
}
END_TEST

Suite *
pipeline_suite(void)
{
    Suite *s = suite_create("pipeline");
    TCase *c = tcase_create("contract");
    tcase_add_test(c, first_error_stops);
    tcase_add_test(c, cancel_flag_stops);
    tcase_add_test(c, progress_phases_map_into_the_stage);
    tcase_add_test(c, progress_never_goes_back);
    tcase_add_test(c, worker_newest_request_wins);
    tcase_add_test(c, worker_reports_errors);
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    return s;
}
