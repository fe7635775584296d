#include "config.h"
#include "core/droplet.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "core/grid.h"

/* Quad corner bits: which corners of the quad whose top-left is a cell lie
 * inside the mask. Bit 0 is the cell itself. */
enum { Q00 = 1, Q10 = 2, Q01 = 4, Q11 = 8, QALL = 15 };

/* Heights live in a (width + 1) x (height + 1) array whose extra column and
 * row replicate the last real column and row, so a quad can always be read
 * without bounds checks and the grid edge acts as a flat continuation. The
 * quad flags and activity share that layout. */
struct droplet_field {
    int width, height;
    size_t stride;        /* width + 1 */
    float *h;
    float *activity;
    uint8_t *quad;
    uint32_t *spawn;      /* padded indices of the mask cells */
    size_t nspawn;
};

enum og_status
droplet_field_new(struct droplet_field **out, const float *heights, const uint8_t *mask,
                  int width, int height, struct og_error *err)
{
    struct droplet_field *f = NULL;
    size_t npad, x, y, stride;
    enum og_status st;

    *out = NULL;
    if (width < 2 || height < 2) {
        return og_error_set(err, OG_ERANGE, "droplet field %dx%d: both sides must be >= 2",
                            width, height);
    }
    st = grid_cells(&npad, (long)width + 1, (long)height + 1, (size_t)INT32_MAX,
                    "droplet field", err);
    if (st != OG_OK) {
        return st;
    }
    stride = (size_t)width + 1;
    f = calloc(1, sizeof *f);
    if (f == NULL) {
        return og_error_set(err, OG_ENOMEM, "droplet field: out of memory");
    }
    f->width = width;
    f->height = height;
    f->stride = stride;
    if ((st = grid_calloc((void **)&f->h, npad, sizeof *f->h, "droplet heights", err)) != OG_OK ||
        (st = grid_calloc((void **)&f->activity, npad, sizeof *f->activity, "droplet activity",
                          err)) != OG_OK ||
        (st = grid_calloc((void **)&f->quad, npad, sizeof *f->quad, "droplet quads", err)) !=
            OG_OK) {
        goto fail;
    }
    for (y = 0; y < (size_t)height; y++) {
        for (x = 0; x < (size_t)width; x++) {
            f->h[y * stride + x] = heights[y * (size_t)width + x];
            if (mask[y * (size_t)width + x] != 0) {
                f->nspawn++;
            }
        }
        f->h[y * stride + (size_t)width] = f->h[y * stride + (size_t)width - 1];
    }
    for (x = 0; x < stride; x++) {
        f->h[(size_t)height * stride + x] = f->h[((size_t)height - 1) * stride + x];
    }
    st = grid_calloc((void **)&f->spawn, f->nspawn, sizeof *f->spawn, "droplet spawn cells", err);
    if (st != OG_OK) {
        goto fail;
    }
    f->nspawn = 0;
    for (y = 0; y < (size_t)height; y++) {
        for (x = 0; x < (size_t)width; x++) {
            const uint8_t *m = mask + y * (size_t)width + x;
            int right = x + 1 < (size_t)width, down = y + 1 < (size_t)height;
            uint8_t q = 0;
            if (m[0] == 0) {
                continue;
            }
            q = Q00;
            if (right && m[1] != 0) {
                q |= Q10;
            }
            if (down && m[width] != 0) {
                q |= Q01;
            }
            if (right && down && m[width + 1] != 0) {
                q |= Q11;
            }
            f->quad[y * stride + x] = q;
            f->spawn[f->nspawn++] = (uint32_t)(y * stride + x);
        }
    }
    *out = f;
    return OG_OK;
fail:
    droplet_field_free(f);
    return st;
}

void
droplet_field_free(struct droplet_field *f)
{
    if (f == NULL) {
        return;
    }
    free(f->h);
    free(f->activity);
    free(f->quad);
    free(f->spawn);
    free(f);
}

size_t
droplet_field_mask_cells(const struct droplet_field *f)
{
    return f->nspawn;
}

void
droplet_params_default(struct droplet_params *p)
{
    p->dt = 1.2f;
    p->friction = 0.05f;
    p->density = 1.0f;
    p->deposition = 0.1f;
    p->evaporation = 0.01f;
    p->min_volume = 0.01f;
    p->relief = 1.0f;
    p->max_steps = 1000;
    p->keep_sediment = 0;
}

enum og_status
droplet_params_check(const struct droplet_params *p, struct og_error *err)
{
    /* Written so that NaN fails every test. */
    if (!(p->dt > 0.0f && p->dt <= 100.0f)) {
        return og_error_set(err, OG_ERANGE, "dt = %g outside (0, 100]", (double)p->dt);
    }
    if (!(p->friction >= 0.0f && p->dt * p->friction <= 1.0f)) {
        return og_error_set(err, OG_ERANGE, "dt * friction = %g outside [0, 1]",
                            (double)(p->dt * p->friction));
    }
    if (!(p->density > 0.0f && p->density <= 1e6f)) {
        return og_error_set(err, OG_ERANGE, "density = %g outside (0, 1e6]", (double)p->density);
    }
    if (!(p->deposition >= 0.0f && p->dt * p->deposition <= 1.0f)) {
        return og_error_set(err, OG_ERANGE, "dt * deposition = %g outside [0, 1]",
                            (double)(p->dt * p->deposition));
    }
    if (!(p->evaporation >= 0.0f && p->dt * p->evaporation < 1.0f)) {
        return og_error_set(err, OG_ERANGE, "dt * evaporation = %g outside [0, 1)",
                            (double)(p->dt * p->evaporation));
    }
    if (!(p->min_volume > 0.0f && p->min_volume <= 1.0f)) {
        return og_error_set(err, OG_ERANGE, "min volume = %g outside (0, 1]",
                            (double)p->min_volume);
    }
    if (!(p->relief > 0.0f && p->relief <= 1e6f)) {
        return og_error_set(err, OG_ERANGE, "relief = %g outside (0, 1e6]", (double)p->relief);
    }
    if (p->max_steps < 1) {
        return og_error_set(err, OG_ERANGE, "max steps = %d below 1", p->max_steps);
    }
    return OG_OK;
}

/* Add dh to the corner cells of quad i (top-left i) with bilinear weights
 * w00..w11 restricted to the corners inside the mask (flags q), and keep the
 * replicated edge row and column in step. Slow path: only quads that touch
 * the mask boundary or the grid edge come here. */
static void
apply_partial(struct droplet_field *f, size_t i, unsigned q, float dh, float w00, float w10,
              float w01, float w11)
{
    size_t s = f->stride, c[4];
    float w[4], sum = 0.0f;
    int k;

    c[0] = i;
    c[1] = i + 1;
    c[2] = i + s;
    c[3] = i + s + 1;
    w[0] = (q & Q00) ? w00 : 0.0f;
    w[1] = (q & Q10) ? w10 : 0.0f;
    w[2] = (q & Q01) ? w01 : 0.0f;
    w[3] = (q & Q11) ? w11 : 0.0f;
    sum = w[0] + w[1] + w[2] + w[3];
    /* The droplet's own cell is in the mask and its weight is
     * (1 - fx)(1 - fy) > 0, so sum > 0; it can underflow only when the
     * droplet sits a rounding error away from the far corner. */
    if (!(sum > 0.0f)) {
        w[0] = 1.0f;
        w[1] = w[2] = w[3] = 0.0f;
        sum = 1.0f;
    }
    for (k = 0; k < 4; k++) {
        size_t x, y;
        float d;
        if (w[k] == 0.0f) {
            continue;
        }
        d = dh * (w[k] / sum);
        f->h[c[k]] += d;
        x = c[k] % s;
        y = c[k] / s;
        if (x + 1 == (size_t)f->width) {
            f->h[c[k] + 1] = f->h[c[k]];
        }
        if (y + 1 == (size_t)f->height) {
            f->h[c[k] + s] = f->h[c[k]];
            if (x + 1 == (size_t)f->width) {
                f->h[c[k] + s + 1] = f->h[c[k]];
            }
        }
    }
}

void
droplet_run(struct droplet_field *f, const struct droplet_params *p, struct rng *r,
            uint64_t count, struct droplet_totals *tot)
{
    /* Everything the inner loop reads is copied into locals and the arrays
     * are restrict-qualified: otherwise every float store into the height
     * field would force the compiler to reload parameters from memory. */
    const float dt = p->dt, relief = p->relief, min_volume = p->min_volume;
    const float inv_rho = 1.0f / p->density, dt_depo = p->dt * p->deposition;
    const float keep_friction = 1.0f - p->dt * p->friction;
    const float keep_volume = 1.0f - p->dt * p->evaporation;
    const float inv_keep_volume = 1.0f / keep_volume, dt_evap = p->dt * p->evaporation;
    const float fw = (float)f->width, fh = (float)f->height;
    const size_t s = f->stride, nspawn = f->nspawn;
    const int max_steps = p->max_steps, keep = p->keep_sediment;
    float *restrict const h = f->h;
    float *restrict const act = f->activity;
    const uint8_t *restrict const quad = f->quad;
    const uint32_t *restrict const spawn = f->spawn;
    double eroded = 0.0, deposited = 0.0, lost = 0.0, evaporated = 0.0;
    uint64_t steps = 0, d;

    assert(droplet_params_check(p, NULL) == OG_OK);
    if (nspawn == 0 || count == 0) {
        return;
    }
    for (d = 0; d < count; d++) {
        uint32_t cell = spawn[rng_next_below(r, (uint32_t)nspawn)];
        uint32_t bits = rng_next_u32(r);
        /* 12-bit offsets are exact in float for x, y < 4096. */
        float px = (float)(cell % s) + (float)(bits >> 20) * (1.0f / 4096.0f);
        float py = (float)(cell / s) + (float)((bits >> 8) & 0xFFFu) * (1.0f / 4096.0f);
        float sx = 0.0f, sy = 0.0f, vol = 1.0f, sed = 0.0f, inv_mass = inv_rho;
        float d_net = 0.0f, d_abs = 0.0f, d_evaporated = 0.0f;
        int step;

        for (step = 0; step < max_steps; step++) {
            int ix = (int)px, iy = (int)py;
            float fx = px - (float)ix, fy = py - (float)iy;
            size_t i = (size_t)iy * s + (size_t)ix, ni;
            float h00 = h[i], h10 = h[i + 1], h01 = h[i + s], h11 = h[i + s + 1];
            /* Bilinear height and its gradient over the quad: with
             * a = h10 - h00, c = h01 - h00, e = h11 - h01 - h10 + h00,
             * grad = (a + fy e, c + fx e), h = h00 + fx a + fy (c + fx e). */
            float a = h10 - h00, c = h01 - h00, e = (h11 - h01) - a;
            float gx = a + fy * e, gy = c + fx * e;
            float h_old = h00 + fx * a + fy * gy;
            float nx = -relief * gx, ny = -relief * gy;
            float acc, npx, npy, ex, ey, top, bot, h_new, speed, drop, cap, diff, dh, d0, d1;
            int jx, jy;

            /* 1. s += dt n_xz / (V rho), n = (-R gx, 1, -R gy) / |...| */
            acc = dt * inv_mass / sqrtf(1.0f + nx * nx + ny * ny);
            sx += nx * acc;
            sy += ny * acc;
            if (sx == 0.0f && sy == 0.0f) {
                break; /* at rest on a flat spot: the droplet stops */
            }
            /* 2. move, then friction */
            npx = px + dt * sx;
            npy = py + dt * sy;
            sx *= keep_friction;
            sy *= keep_friction;
            /* 3. boundary kill (the comparisons also reject NaN) */
            if (!(npx >= 0.0f && npx < fw && npy >= 0.0f && npy < fh)) {
                break;
            }
            jx = (int)npx;
            jy = (int)npy;
            ni = (size_t)jy * s + (size_t)jx;
            if ((quad[ni] & Q00) == 0) {
                break;
            }
            ex = npx - (float)jx;
            ey = npy - (float)jy;
            top = h[ni] + ex * (h[ni + 1] - h[ni]);
            bot = h[ni + s] + ex * (h[ni + s + 1] - h[ni + s]);
            h_new = top + ey * (bot - top);
            /* 4. unified erosion / deposition toward the capacity; the
             * maxima are branch-free because erosion and deposition
             * alternate unpredictably. */
            speed = sqrtf(sx * sx + sy * sy);
            drop = h_old - h_new;
            cap = vol * speed * (drop > 0.0f ? drop : 0.0f);
            diff = cap - sed;
            sed += dt_depo * diff;
            dh = vol * dt_depo * diff; /* height removed at the old spot */
            d_net += dh;
            d_abs += dh > 0.0f ? dh : -dh;
            if (quad[i] == QALL) {
                d0 = dh * (1.0f - fy);
                d1 = dh * fy;
                h[i] -= d0 * (1.0f - fx);
                h[i + 1] -= d0 * fx;
                h[i + s] -= d1 * (1.0f - fx);
                h[i + s + 1] -= d1 * fx;
            } else {
                apply_partial(f, i, quad[i], -dh, (1.0f - fx) * (1.0f - fy), fx * (1.0f - fy),
                              (1.0f - fx) * fy, fx * fy);
            }
            /* Activity goes to the droplet's cell only: it feeds the
             * roughness layer, which needs no sub-cell precision. */
            act[i] += dh > 0.0f ? dh : -dh;
            /* 5. evaporation */
            if (keep) {
                sed *= inv_keep_volume;
            } else {
                d_evaporated += vol * sed * dt_evap;
            }
            vol *= keep_volume;
            inv_mass *= inv_keep_volume;
            px = npx;
            py = npy;
            if (vol < min_volume) {
                step++;
                break;
            }
        }
        steps += (uint64_t)step;
        lost += (double)(vol * sed);
        /* net = eroded - deposited, abs = eroded + deposited */
        eroded += 0.5 * ((double)d_abs + (double)d_net);
        deposited += 0.5 * ((double)d_abs - (double)d_net);
        evaporated += (double)d_evaporated;
    }
    tot->droplets += count;
    tot->steps += steps;
    tot->eroded += eroded;
    tot->deposited += deposited;
    tot->lost += lost;
    tot->evaporated += evaporated;
}

void
droplet_field_heights(const struct droplet_field *f, float *out)
{
    size_t x, y, w = (size_t)f->width;
    for (y = 0; y < (size_t)f->height; y++) {
        for (x = 0; x < w; x++) {
            out[y * w + x] = f->h[y * f->stride + x];
        }
    }
}

void
droplet_field_activity(const struct droplet_field *f, float *out)
{
    size_t x, y, w = (size_t)f->width;
    for (y = 0; y < (size_t)f->height; y++) {
        for (x = 0; x < w; x++) {
            out[y * w + x] = f->activity[y * f->stride + x];
        }
    }
}
