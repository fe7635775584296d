/* droplet: Newtonian droplet erosion (core/hybrid/droplet.h). */
#include "config.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hybrid/droplet.h"
#include "core/base/rng.h"

#define W 64
#define H 48

static float heights[W * H];
static uint8_t mask[W * H];

/* A bumpy hill inside a disc mask, exactly 0 outside it. */
static void
make_hill(void)
{
    int x, y;
    for (y = 0; y < H; y++) {
        for (x = 0; x < W; x++) {
            double dx = (x - W / 2) / 20.0, dy = (y - H / 2) / 20.0;
            double r2 = dx * dx + dy * dy;
            size_t i = (size_t)y * W + (size_t)x;
            mask[i] = r2 < 1.0;
            heights[i] = mask[i] ? (float)((1.0 - r2) * (0.8 + 0.2 * sin(x * 0.7) * cos(y * 0.5)))
                                 : 0.0f;
        }
    }
}

static double
sum_heights(const float *h, size_t n)
{
    double s = 0.0;
    size_t i;
    for (i = 0; i < n; i++) {
        s += (double)h[i];
    }
    return s;
}

static int
all_finite(const float *h, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (!isfinite(h[i])) {
            return 0;
        }
    }
    return 1;
}

/* Threads for run(): the results must not depend on it. */
static int run_threads = 2;

static void
run(const float *in, const uint8_t *m, int w, int h, const struct droplet_params *p,
    uint64_t seed, uint64_t count, float *out, float *activity, struct droplet_totals *tot)
{
    struct droplet_field *f = NULL;
    struct og_error err;

    memset(tot, 0, sizeof *tot);
    ck_assert_int_eq(droplet_field_new(&f, in, m, w, h, &err), OG_OK);
    ck_assert_int_eq(droplet_run(f, p, seed, 0, count, run_threads, tot, &err), OG_OK);
    droplet_field_heights(f, out);
    if (activity != NULL) {
        droplet_field_activity(f, activity);
    }
    droplet_field_free(f);
}

/* eroded - deposited equals the change of the grid's total height and
 * equals what the droplets carried away (lost + evaporated). */
static void
check_budget(int keep)
{
    static float out[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    double before, after, moved, tol;

    make_hill();
    droplet_params_default(&p);
    p.relief = 8.0f;
    p.keep_sediment = keep;
    run(heights, mask, W, H, &p, 42, 3000, out, NULL, &t);
    ck_assert_uint_eq(t.droplets, 3000);
    ck_assert(t.steps > 3000);
    ck_assert(t.eroded > 1.0);
    ck_assert(t.deposited > 0.1);
    before = sum_heights(heights, W * H);
    after = sum_heights(out, W * H);
    moved = t.eroded - t.deposited;
    tol = 1e-4 * (t.eroded + t.deposited);
    ck_assert_msg(fabs((before - after) - moved) < tol, "grid change %.9g vs eroded-deposited %.9g",
                  before - after, moved);
    ck_assert_msg(fabs(moved - (t.lost + t.evaporated)) < tol,
                  "eroded-deposited %.9g vs lost %.9g + evaporated %.9g", moved, t.lost,
                  t.evaporated);
    if (keep) {
        ck_assert(t.evaporated == 0.0);
    } else {
        ck_assert(t.evaporated > 0.0);
    }
    ck_assert(all_finite(out, W * H));
}

START_TEST(test_budget_seed_model)
{
    check_budget(0);
}
END_TEST

START_TEST(test_budget_kept)
{
    check_budget(1);
}
END_TEST

START_TEST(test_outside_mask_untouched)
{
    static float out[W * H], act[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    size_t i, changed = 0;

    make_hill();
    droplet_params_default(&p);
    p.relief = 20.0f; /* fast droplets reach the mask edge often */
    run(heights, mask, W, H, &p, 3, 5000, out, act, &t);
    for (i = 0; i < W * H; i++) {
        if (!mask[i]) {
            ck_assert_msg(out[i] == 0.0f, "cell %zu outside the mask became %g", i,
                          (double)out[i]);
            ck_assert(act[i] == 0.0f);
        } else if (out[i] != heights[i]) {
            changed++;
        }
    }
    ck_assert_msg(changed > 100, "only %zu mask cells changed", changed);
}
END_TEST

START_TEST(test_constant_plane_stops)
{
    static float plane[W * H], out[W * H];
    static uint8_t all[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    size_t i;

    for (i = 0; i < W * H; i++) {
        plane[i] = 0.5f;
        all[i] = 1;
    }
    droplet_params_default(&p);
    run(plane, all, W, H, &p, 1, 1000, out, NULL, &t);
    /* Every droplet lands on a flat spot at rest and stops at once. */
    ck_assert_uint_eq(t.droplets, 1000);
    ck_assert_uint_eq(t.steps, 0);
    ck_assert(t.eroded == 0.0 && t.deposited == 0.0 && t.lost == 0.0);
    ck_assert(memcmp(plane, out, sizeof out) == 0);
}
END_TEST

START_TEST(test_single_pit_fills)
{
    static float field[W * H], out[W * H];
    static uint8_t all[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    size_t i, pit = (size_t)(H / 2) * W + W / 2;

    /* A cone around one deep cell: the water runs in and drops sediment. */
    for (i = 0; i < W * H; i++) {
        double dx = (double)(i % W) - W / 2, dy = (double)(i / W) - H / 2;
        field[i] = (float)(0.02 * sqrt(dx * dx + dy * dy));
        all[i] = 1;
    }
    field[pit] = -1.0f;
    droplet_params_default(&p);
    p.relief = 10.0f;
    run(field, all, W, H, &p, 5, 4000, out, NULL, &t);
    ck_assert(all_finite(out, W * H));
    ck_assert(t.deposited > 0.0);
    ck_assert_msg(out[pit] > field[pit], "pit %g did not fill (was %g)", (double)out[pit],
                  (double)field[pit]);
}
END_TEST

START_TEST(test_steep_ramp_finite)
{
    static float field[W * H], out[W * H];
    static uint8_t all[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    size_t i;

    for (i = 0; i < W * H; i++) {
        field[i] = (float)(50.0 * (double)(i % W)); /* 50 units per cell */
        all[i] = 1;
    }
    droplet_params_default(&p);
    p.relief = 1000.0f;
    p.density = 0.01f; /* the largest acceleration the table allows */
    run(field, all, W, H, &p, 9, 2000, out, NULL, &t);
    ck_assert(all_finite(out, W * H));
    ck_assert(isfinite(t.eroded) && isfinite(t.deposited) && isfinite(t.lost));
    /* One unit per cell at the default relief: fast droplets that do erode. */
    for (i = 0; i < W * H; i++) {
        field[i] = (float)(i % W);
    }
    droplet_params_default(&p);
    p.relief = 24.0f;
    run(field, all, W, H, &p, 9, 2000, out, NULL, &t);
    ck_assert(all_finite(out, W * H));
    ck_assert(t.steps > 2000);
    ck_assert(t.eroded > 0.0 && isfinite(t.eroded) && isfinite(t.lost));
}
END_TEST

/* One droplet, one step on the plane h = a * x: every quantity by hand. */
START_TEST(test_one_step_by_hand)
{
    static float field[W * H], out[W * H];
    static uint8_t all[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    const double a = 0.01, R = 3.0;
    double nx, sx, move, s_after, cap, dh, sed;
    size_t i;

    for (i = 0; i < W * H; i++) {
        field[i] = (float)(a * (double)(i % W));
        all[i] = 1;
    }
    droplet_params_default(&p);
    p.relief = (float)R;
    p.max_steps = 1;
    run(field, all, W, H, &p, 11, 1, out, NULL, &t);
    ck_assert_uint_eq(t.steps, 1);
    nx = -R * a / sqrt(1.0 + R * a * R * a);
    sx = 1.2 * nx / (1.0 * 1.0);
    move = 1.2 * sx;                    /* negative: downhill */
    s_after = fabs(sx) * (1.0 - 1.2 * 0.05);
    cap = 1.0 * s_after * (a * -move);
    sed = 1.2 * 0.1 * cap;
    dh = 1.2 * 1.0 * 0.1 * cap;
    ck_assert_msg(fabs(t.eroded - dh) < 1e-5 * dh, "eroded %.9g, expected %.9g", t.eroded, dh);
    ck_assert(t.deposited == 0.0);
    /* The droplet died at max_steps after evaporating once: it carries
     * V * S with V = 1 - dt * e. */
    ck_assert_msg(fabs(t.lost - (1.0 - 1.2 * 0.01) * sed) < 1e-5 * sed, "lost %.9g", t.lost);
    ck_assert_msg(fabs(t.evaporated - 1.2 * 0.01 * sed) < 1e-5 * sed, "evaporated %.9g",
                  t.evaporated);
}
END_TEST

START_TEST(test_deterministic)
{
    static float a[W * H], b[W * H];
    struct droplet_params p;
    struct droplet_totals ta, tb;

    make_hill();
    droplet_params_default(&p);
    p.relief = 8.0f;
    run(heights, mask, W, H, &p, 77, 2000, a, NULL, &ta);
    run(heights, mask, W, H, &p, 77, 2000, b, NULL, &tb);
    ck_assert(memcmp(a, b, sizeof a) == 0);
    ck_assert_uint_eq(ta.steps, tb.steps);
    run(heights, mask, W, H, &p, 78, 2000, b, NULL, &tb);
    ck_assert(memcmp(a, b, sizeof a) != 0);
}
END_TEST

/* Issue 13: the batches, their random streams and the order of the
 * reduction never depend on the thread count, so 1, 2, 3 and 8 threads
 * give the same heights, activity and totals to the bit; and a run split
 * into calls at multiples of the round size gives the same as one call. */
START_TEST(test_threads_identical)
{
    static float a[W * H], b[W * H], act_a[W * H], act_b[W * H];
    static const int threads[] = { 2, 3, 8 };
    struct droplet_params p;
    struct droplet_totals ta, tb;
    struct droplet_field *f = NULL;
    struct og_error err;
    uint64_t round;
    size_t k;

    make_hill();
    droplet_params_default(&p);
    p.relief = 8.0f;
    run_threads = 1;
    run(heights, mask, W, H, &p, 21, 5000, a, act_a, &ta);
    ck_assert(ta.eroded > 0.0);
    for (k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        run_threads = threads[k];
        run(heights, mask, W, H, &p, 21, 5000, b, act_b, &tb);
        ck_assert_msg(memcmp(a, b, sizeof a) == 0, "heights differ at %d threads", threads[k]);
        ck_assert_msg(memcmp(act_a, act_b, sizeof act_a) == 0, "activity differs at %d threads",
                      threads[k]);
        ck_assert(ta.eroded == tb.eroded && ta.deposited == tb.deposited &&
                  ta.lost == tb.lost && ta.steps == tb.steps);
    }
    run_threads = 2;
    memset(&tb, 0, sizeof tb);
    ck_assert_int_eq(droplet_field_new(&f, heights, mask, W, H, &err), OG_OK);
    round = droplet_round_size(f);
    ck_assert(round < 5000);
    ck_assert_int_eq(droplet_run(f, &p, 21, 0, round, 3, &tb, &err), OG_OK);
    ck_assert_int_eq(droplet_run(f, &p, 21, round, 5000 - round, 1, &tb, &err), OG_OK);
    droplet_field_heights(f, b);
    droplet_field_free(f);
    ck_assert(memcmp(a, b, sizeof a) == 0);
    ck_assert(ta.eroded == tb.eroded && ta.steps == tb.steps);
}
END_TEST

START_TEST(test_params_check)
{
    struct droplet_params p;
    struct og_error err;

    droplet_params_default(&p);
    ck_assert_int_eq(droplet_params_check(&p, &err), OG_OK);
    p.friction = 1.0f; /* dt * friction = 1.2 */
    ck_assert_int_eq(droplet_params_check(&p, &err), OG_ERANGE);
    ck_assert_msg(strstr(err.msg, "friction") != NULL, "%s", err.msg);
    droplet_params_default(&p);
    p.min_volume = 0.0f;
    ck_assert_int_eq(droplet_params_check(&p, &err), OG_ERANGE);
    droplet_params_default(&p);
    p.dt = NAN;
    ck_assert_int_eq(droplet_params_check(&p, &err), OG_ERANGE);
}
END_TEST

START_TEST(test_empty_mask)
{
    static float out[W * H];
    static uint8_t none[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    struct droplet_field *f = NULL;
    struct og_error err;

    droplet_params_default(&p);
    make_hill();
    run(heights, none, W, H, &p, 1, 100, out, NULL, &t);
    ck_assert_uint_eq(t.droplets, 0);
    ck_assert(memcmp(out, heights, sizeof out) == 0);
    ck_assert_int_eq(droplet_field_new(&f, heights, none, 1, 5, &err), OG_ERANGE);
    ck_assert_ptr_null(f);
}
END_TEST


/* The same ramp falling toward x = 0, y = 0, x = W-1 and y = H-1 erodes the
 * same total: the droplets' domain, spawn area and mask rule look the same
 * from every side (before the fix the two far sides eroded 1.9 % less here,
 * 13 % on the ramp, because droplets kept living on a flat
 * replicated strip past the last cell and the mask test looked at the
 * quad's top-left corner). Now the four agree within 0.2 % (100k
 * droplets, about 1 s). */
START_TEST(test_ramp_orientations)
{
    enum { R = 128 };
    static float field[R * R], out[R * R];
    static uint8_t all[R * R];
    struct droplet_params p;
    struct droplet_totals t;
    double total[4], lo = 1e300, hi = 0.0;
    int o, x, y;

    droplet_params_default(&p); /* relief 1: 13.6 M steps per orientation */
    for (o = 0; o < 4; o++) {
        for (y = 0; y < R; y++) {
            for (x = 0; x < R; x++) {
                int d = o == 0 ? x : o == 1 ? y : o == 2 ? R - 1 - x : R - 1 - y;
                field[y * R + x] = (float)d / (float)(R - 1);
                all[y * R + x] = 1;
            }
        }
        run(field, all, R, R, &p, 5, 100000, out, NULL, &t);
        total[o] = t.eroded;
        lo = total[o] < lo ? total[o] : lo;
        hi = total[o] > hi ? total[o] : hi;
    }
    ck_assert_msg(lo > 25.0, "the ramp barely eroded: %g", lo);
    ck_assert_msg(hi - lo < 0.01 * lo, "eroded toward x=0 %.1f, y=0 %.1f, x=W-1 %.1f, y=H-1 %.1f",
                  total[0], total[1], total[2], total[3]);
}
END_TEST

/* Every allowed extreme (the table's ranges: dt up to 10, friction 0,
 * density 0.01, relief 10000, min volume 1e-4, max steps 100000, on a
 * peak of 100) stays finite, and every height stays inside the range the
 * field started with: the stated bound of the capped erosion step. */
START_TEST(test_extremes_bounded)
{
    static float field[W * H], out[W * H];
    struct droplet_params p;
    struct droplet_totals t;
    int c;
    size_t i;

    make_hill();
    for (i = 0; i < W * H; i++) {
        field[i] = 100.0f * heights[i];
    }
    for (c = 0; c < 6; c++) {
        droplet_params_default(&p);
        p.dt = 10.0f;
        p.friction = c & 1 ? 0.1f : 0.0f;
        p.deposition = 0.1f;
        p.evaporation = c >= 4 ? 0.099f : 0.0f;
        p.relief = c >= 2 ? 10000.0f : 1.0f;
        p.density = 0.01f;
        p.min_volume = 1e-4f;
        p.max_steps = 100000;
        p.keep_sediment = c & 1;
        run(field, mask, W, H, &p, 3 + (uint64_t)c, 2000, out, NULL, &t);
        ck_assert(isfinite(t.eroded) && isfinite(t.deposited) && isfinite(t.lost));
        for (i = 0; i < W * H; i++) {
            ck_assert_msg(out[i] >= 0.0f && out[i] <= 100.0f, "case %d: h[%zu] = %g", c, i,
                          (double)out[i]);
        }
    }
    /* The seed's defaults with friction 0, relief 10000 and peak 100 (the
     * issue's case that reached +-1.3e9). */
    droplet_params_default(&p);
    p.friction = 0.0f;
    p.relief = 10000.0f;
    run(field, mask, W, H, &p, 9, 5000, out, NULL, &t);
    for (i = 0; i < W * H; i++) {
        ck_assert_msg(out[i] >= 0.0f && out[i] <= 100.0f, "h[%zu] = %g", i, (double)out[i]);
    }
}
END_TEST

Suite *
droplet_suite(void)
{
    Suite *s = suite_create("droplet");
    TCase *tc = tcase_create("method");

    tcase_add_test(tc, test_budget_seed_model);
    tcase_add_test(tc, test_budget_kept);
    tcase_add_test(tc, test_outside_mask_untouched);
    tcase_add_test(tc, test_constant_plane_stops);
    tcase_add_test(tc, test_single_pit_fills);
    tcase_add_test(tc, test_steep_ramp_finite);
    tcase_add_test(tc, test_one_step_by_hand);
    tcase_add_test(tc, test_deterministic);
    tcase_add_test(tc, test_threads_identical);
    tcase_add_test(tc, test_extremes_bounded);
    suite_add_tcase(s, tc);
    tc = tcase_create("symmetry");
    tcase_add_test(tc, test_ramp_orientations);
    tcase_set_timeout(tc, 60); /* about 1 s at -O2, 10 s under ASan */
    suite_add_tcase(s, tc);
    tc = tcase_create("contract");
    tcase_add_test(tc, test_params_check);
    tcase_add_test(tc, test_empty_mask);
    suite_add_tcase(s, tc);
    return s;
}
