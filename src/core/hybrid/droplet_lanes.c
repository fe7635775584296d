#include "config.h"
#include "core/hybrid/droplet_internal.h"

/* One batch of droplets, four in lockstep (droplet.h, droplet_internal.h). */

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#define DROPLET_INLINE inline __attribute__((always_inline))

/* Room in the list of touched cells for one lockstep step of every lane
 * (four corners and the activity cell each); 0 when it cannot grow (the
 * batch then fails with OG_ENOMEM). */
static __attribute__((noinline)) int
touched_grow(struct droplet_worker *wk)
{
    size_t cap = wk->cap < 4096 ? 4096 : 2 * wk->cap;
    uint32_t *t = realloc(wk->touched, cap * sizeof *t);
    if (t == NULL) {
        wk->failed = 1;
        return 0;
    }
    wk->touched = t;
    wk->cap = cap;
    return 1;
}

#define TOUCH_STEP 20

/* List cell c as written by the batch, once (branch-free: whether a
 * corner is new is a coin toss for the branch predictor); the caller made
 * room. */
static DROPLET_INLINE void
touch(struct droplet_worker *wk, uint32_t c)
{
    uint8_t seen = wk->listed[c];
    wk->touched[wk->ntouched] = c;
    wk->ntouched += seen ^ 1u;
    wk->listed[c] = 1;
}

/* Move height between a droplet and the corners of quad i (top-left i,
 * row stride s, corner flags q) with the bilinear weights of (fx, fy),
 * restricted to the corners inside the mask and renormalised over them.
 * want > 0 removes that much, want < 0 adds it. The corners' heights are
 * the replica's (the round's, hr, plus the batch's own changes). A batch takes no corner more than
 * `share` of its room above lo in the round's heights (erosion does not cut
 * below the base level) nor raises it more than `share` of its room below
 * hi (deposits do not rise above the highest peak), so the batches of a
 * round together keep every height within the range the field started
 * with, whatever the speed or time step. Returns the amount actually moved
 * (positive removed). The droplet's nearest corner is in the mask and
 * weighs at least 1/4, so the weight sum is positive. */
static DROPLET_INLINE float
apply_capped(const float *hr, struct droplet_worker *wk, size_t i, size_t s, unsigned q, float want, float fx,
             float fy, float lo, float hi, float share)
{
    float *v = wk->h;
    float w[4], sum, done = 0.0f;
    size_t c[4];
    int k;

    c[0] = i;
    c[1] = i + 1;
    c[2] = i + s;
    c[3] = i + s + 1;
    w[0] = (q & Q00) ? (1.0f - fx) * (1.0f - fy) : 0.0f;
    w[1] = (q & Q10) ? fx * (1.0f - fy) : 0.0f;
    w[2] = (q & Q01) ? (1.0f - fx) * fy : 0.0f;
    w[3] = (q & Q11) ? fx * fy : 0.0f;
    sum = (w[0] + w[1]) + (w[2] + w[3]);
    for (k = 0; k < 4; k++) {
        float part, room, h0, cur;
        if (w[k] == 0.0f) {
            continue;
        }
        touch(wk, (uint32_t)c[k]);
        h0 = hr[c[k]];
        cur = v[c[k]];
        part = want * (w[k] / sum);
        if (part > 0.0f) {
            room = share * (h0 - lo) + (cur - h0);
            room = room > 0.0f ? room : 0.0f;
            part = part < room ? part : room;
        } else {
            room = share * (hi - h0) - (cur - h0);
            room = room > 0.0f ? room : 0.0f;
            part = -part < room ? part : -room;
        }
        v[c[k]] = cur - part;
        done += part;
    }
    return done;
}

/* The droplet loop runs DROPLET_LANES droplets in lockstep with GCC/Clang
 * vector extensions: the ~60 arithmetic operations of a step are done for
 * four droplets at once, and only the height reads (gathers) and writes are
 * per lane. Within one lockstep step every lane reads the heights first,
 * then the lanes write their changes in lane order; a lane whose droplet
 * dies takes the next droplet. The order is fixed, so the result is
 * deterministic and the same on every platform (IEEE single precision,
 * correctly rounded square roots and divisions, no contraction). */
#define DROPLET_LANES 4

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

static inline v4f
v4f_splat(float x)
{
    v4f v = { x, x, x, x };
    return v;
}

/* Lanes of a where m is set (all ones), else of b. */
static inline v4f
v4f_select(v4i m, v4f a, v4f b)
{
    return (v4f)(((v4i)a & m) | ((v4i)b & ~m));
}

static inline v4f
v4f_sqrt(v4f x)
{
#if defined(__SSE__)
    return (v4f)_mm_sqrt_ps((__m128)x);
#else
    v4f r;
    int k;
    for (k = 0; k < DROPLET_LANES; k++) {
        r[k] = sqrtf(x[k]);
    }
    return r;
#endif
}

/* The replica's heights at i + off of the four lanes. */
static inline v4f
v4f_gather(const float *h, v4i i, int32_t off)
{
    v4f v = { h[i[0] + off], h[i[1] + off], h[i[2] + off], h[i[3] + off] };
    return v;
}

/* On x86-64 Linux, GCC also builds an AVX2 copy of droplet_batch_run and picks it
 * at load time (ifunc): three-operand encodings save about a fifth of the
 * time. Both copies do the same IEEE single-precision operations (no FMA:
 * -std=c11 turns contraction off), so they give the same bytes; tested by
 * comparing a run's hash across builds. Only with glibc: IFUNC needs the C
 * library's loader (musl has none, and a static musl build crashed here). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    defined(__GLIBC__)
#define DROPLET_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define DROPLET_CLONES
#endif

struct lanes {
    v4f px, py, sx, sy, vol, sed, inv_mass;
    v4f net, abs, evap;     /* per droplet: eroded - deposited, eroded + deposited,
                               material lost to evaporation */
    v4i steps;
    v4i live;               /* all ones while the lane holds a droplet */
};

static inline void
lane_spawn(struct lanes *L, int k, const struct droplet_field *f, float inv_rho, struct rng *r)
{
    uint32_t cell = f->spawn[rng_next_below(r, (uint32_t)f->nspawn)];
    uint32_t bits = rng_next_u32(r);
    float wmax = (float)(f->width - 1), hmax = (float)(f->height - 1);
    uint32_t s = (uint32_t)f->stride;
    float cx = (float)(cell % s), cy = (float)(cell / s);
    /* Uniform over the part of the domain nearest to the cell (a unit square
     * around its centre, cut at the grid edge); 12-bit offsets are exact in
     * float for x, y < 4096. */
    float x0 = cx > 0.0f ? cx - 0.5f : 0.0f, x1 = cx + 0.5f < wmax ? cx + 0.5f : wmax;
    float y0 = cy > 0.0f ? cy - 0.5f : 0.0f, y1 = cy + 0.5f < hmax ? cy + 0.5f : hmax;
    L->px[k] = x0 + (float)(bits >> 20) * (1.0f / 4096.0f) * (x1 - x0);
    L->py[k] = y0 + (float)((bits >> 8) & 0xFFFu) * (1.0f / 4096.0f) * (y1 - y0);
    /* Rounding may land on the far edge, which is outside the domain. */
    L->px[k] = L->px[k] < wmax ? L->px[k] : x0;
    L->py[k] = L->py[k] < hmax ? L->py[k] : y0;
    L->sx[k] = L->sy[k] = 0.0f;
    L->vol[k] = 1.0f;
    L->sed[k] = 0.0f;
    L->inv_mass[k] = inv_rho;
    L->net[k] = L->abs[k] = L->evap[k] = 0.0f;
    L->steps[k] = 0;
    L->live[k] = -1;
}

DROPLET_CLONES void
droplet_batch_run(const struct droplet_field *f, struct droplet_worker *wk,
                  const struct droplet_params *p, struct rng *r, uint64_t count, float share,
                  struct droplet_totals *tot)
{
    const v4f dt = v4f_splat(p->dt), relief = v4f_splat(p->relief);
    const v4f min_volume = v4f_splat(p->min_volume), one = v4f_splat(1.0f);
    const v4f zero = v4f_splat(0.0f);
    const v4f dt_depo = v4f_splat(p->dt * p->deposition);
    const v4f keep_friction = v4f_splat(1.0f - p->dt * p->friction);
    const v4f keep_volume = v4f_splat(1.0f - p->dt * p->evaporation);
    const v4f inv_keep_volume = v4f_splat(1.0f / (1.0f - p->dt * p->evaporation));
    const v4f dt_evap = v4f_splat(p->dt * p->evaporation);
    const v4f fw1 = v4f_splat((float)(f->width - 1)), fh1 = v4f_splat((float)(f->height - 1));
    const v4f half = v4f_splat(0.5f);
    const v4i max_steps = { p->max_steps, p->max_steps, p->max_steps, p->max_steps };
    const v4i q00 = { Q00, Q00, Q00, Q00 };
    const v4i sign = { INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX };
    const float inv_rho = 1.0f / p->density;
    const int32_t s = (int32_t)f->stride;
    const int keep = p->keep_sediment;
    const float *const h = wk->h;
    const uint8_t *restrict const quad = f->quad;
    double eroded = 0.0, deposited = 0.0, lost = 0.0, evaporated = 0.0;
    uint64_t steps = 0, spawned = 0;
    struct lanes L;
    int k, nlive = 0;

    assert(droplet_params_check(p, NULL) == OG_OK);
    if (f->nspawn == 0 || count == 0) {
        return;
    }
    memset(&L, 0, sizeof L);
    /* Idle lanes sit at (0.5, 0.5): always a valid place to read. */
    L.px = L.py = v4f_splat(0.5f);
    for (k = 0; k < DROPLET_LANES && spawned < count; k++) {
        lane_spawn(&L, k, f, inv_rho, r);
        spawned++;
        nlive++;
    }
    while (nlive > 0) {
        v4i ix = __builtin_convertvector(L.px, v4i), iy = __builtin_convertvector(L.py, v4i);
        v4f fx = L.px - __builtin_convertvector(ix, v4f);
        v4f fy = L.py - __builtin_convertvector(iy, v4f);
        v4i i = iy * s + ix;
        v4f h00 = v4f_gather(h, i, 0), h10 = v4f_gather(h, i, 1);
        v4f h01 = v4f_gather(h, i, s), h11 = v4f_gather(h, i, s + 1);
        /* Bilinear height and gradient over the quad: a = h10 - h00,
         * c = h01 - h00, e = h11 - h01 - h10 + h00; grad = (a + fy e,
         * c + fx e), h = h00 + fx a + fy (c + fx e). */
        v4f a = h10 - h00, c = h01 - h00, e = (h11 - h01) - a;
        v4f gx = a + fy * e, gy = c + fx * e;
        v4f h_old = h00 + fx * a + fy * gy;
        v4f nx = -relief * gx, ny = -relief * gy;
        v4f acc, npx, npy, ex, ey, top, bot, h_new, speed, drop, cap, diff, dh, moved;
        v4i moving, ok, jx, jy, ni, q, dead;

        /* 1. s += dt n_xz / (V rho), n = (-R gx, 1, -R gy) / |...| */
        acc = dt * L.inv_mass / v4f_sqrt(one + nx * nx + ny * ny);
        L.sx += nx * acc;
        L.sy += ny * acc;
        /* At rest on a flat spot (no force, no speed) a droplet stops. */
        moving = (L.sx != zero) | (L.sy != zero);
        /* 2. move, then friction */
        npx = L.px + dt * L.sx;
        npy = L.py + dt * L.sy;
        L.sx *= keep_friction;
        L.sy *= keep_friction;
        /* 3. boundary kill (the comparisons also reject NaN): a droplet
         * lives on [0, W - 1) x [0, H - 1), cell centres at integer
         * positions, while its nearest cell is in the mask (the same rule
         * seen from every side of the map); lanes that leave read at their
         * old place, which is always valid. */
        ok = L.live & moving & (npx >= zero) & (npx < fw1) & (npy >= zero) & (npy < fh1);
        npx = v4f_select(ok, npx, L.px);
        npy = v4f_select(ok, npy, L.py);
        jx = __builtin_convertvector(npx, v4i);
        jy = __builtin_convertvector(npy, v4i);
        ni = jy * s + jx;
        {
            v4i rx = __builtin_convertvector(npx + half, v4i);
            v4i ry = __builtin_convertvector(npy + half, v4i);
            v4i rn = ry * s + rx;
            v4i qq = { quad[rn[0]], quad[rn[1]], quad[rn[2]], quad[rn[3]] };
            q = qq;
        }
        ok &= (q & q00) != 0;
        ex = npx - __builtin_convertvector(jx, v4f);
        ey = npy - __builtin_convertvector(jy, v4f);
        {
            v4f g00 = v4f_gather(h, ni, 0), g10 = v4f_gather(h, ni, 1);
            v4f g01 = v4f_gather(h, ni, s), g11 = v4f_gather(h, ni, s + 1);
            top = g00 + ex * (g10 - g00);
            bot = g01 + ex * (g11 - g01);
            h_new = top + ey * (bot - top);
        }
        /* 4. unified erosion / deposition toward the capacity; a step
         * removes at most the height it descends (a faster droplet cannot
         * dig a pit below where its water goes), and apply_capped keeps
         * every corner inside the starting range */
        speed = v4f_sqrt(L.sx * L.sx + L.sy * L.sy);
        drop = h_old - h_new;
        drop = (v4f)((v4i)drop & (drop > zero));
        cap = L.vol * speed * drop;
        diff = cap - L.sed;
        dh = L.vol * dt_depo * diff;
        dh = v4f_select(dh > drop, drop, dh);
        dh = (v4f)((v4i)dh & ok); /* wanted at the old spot */
        moved = zero;
        if (wk->cap - wk->ntouched < TOUCH_STEP && !touched_grow(wk)) {
            dh = zero; /* the batch fails; nothing more is written */
        }
        for (k = 0; k < DROPLET_LANES; k++) {
            int32_t c0 = i[k], cn;
            if (!ok[k] || dh[k] == 0.0f) {
                continue;
            }
            moved[k] = apply_capped(f->h, wk, (size_t)c0, (size_t)s, quad[c0], dh[k], fx[k], fy[k],
                                    f->lo, f->hi, share);
            /* Activity goes to the droplet's nearest cell only: it feeds
             * the roughness layer, which needs no sub-cell precision. */
            cn = c0 + (fx[k] >= 0.5f) + (fy[k] >= 0.5f) * s;
            /* cn is a corner in the mask (the droplet's nearest cell), so
             * apply_capped listed it */
            wk->act[cn] += moved[k] > 0.0f ? moved[k] : -moved[k];
        }
        /* The carried material changes by what was actually moved:
         * V dS = height removed. */
        L.sed = v4f_select(ok, L.sed + moved / L.vol, L.sed);
        L.net += moved;
        L.abs += (v4f)((v4i)moved & sign);
        /* 5. evaporation */
        if (keep) {
            L.sed = v4f_select(ok, L.sed * inv_keep_volume, L.sed);
        } else {
            L.evap += (v4f)((v4i)(L.vol * L.sed * dt_evap) & ok);
        }
        L.vol = v4f_select(ok, L.vol * keep_volume, L.vol);
        L.inv_mass = v4f_select(ok, L.inv_mass * inv_keep_volume, L.inv_mass);
        L.px = npx;
        L.py = npy;
        L.steps -= ok; /* ok is -1 where the step happened */
        dead = L.live & (~ok | (L.vol < min_volume) | (L.steps >= max_steps));
        for (k = 0; k < DROPLET_LANES; k++) {
            if (!dead[k]) {
                continue;
            }
            lost += (double)(L.vol[k] * L.sed[k]);
            eroded += 0.5 * ((double)L.abs[k] + (double)L.net[k]);
            deposited += 0.5 * ((double)L.abs[k] - (double)L.net[k]);
            evaporated += (double)L.evap[k];
            steps += (uint64_t)L.steps[k];
            if (spawned < count) {
                lane_spawn(&L, k, f, inv_rho, r);
                spawned++;
            } else {
                L.live[k] = 0;
                L.sx[k] = L.sy[k] = 0.0f;
                nlive--;
            }
        }
    }
    tot->droplets += count;  /* the batch's own totals, added in batch order */
    tot->steps += steps;
    tot->eroded += eroded;
    tot->deposited += deposited;
    tot->lost += lost;
    tot->evaporated += evaporated;
}

