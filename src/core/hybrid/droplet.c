#include "config.h"
#include "core/hybrid/droplet_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/grid.h"
#include "core/base/parallel.h"

static uint64_t batch_size(size_t nspawn);

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
    f->npad = npad;
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
    f->lo = f->hi = heights[0];
    for (x = 0; x < (size_t)width * (size_t)height; x++) {
        f->lo = heights[x] < f->lo ? heights[x] : f->lo;
        f->hi = heights[x] > f->hi ? heights[x] : f->hi;
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
            /* Corner flags for every cell (the quad whose top-left it is);
             * Q00 says whether the cell itself is in the mask. */
            if (m[0] != 0) {
                q |= Q00;
            }
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
            if (m[0] != 0) {
                f->spawn[f->nspawn++] = (uint32_t)(y * stride + x);
            }
        }
    }
    f->batch = batch_size(f->nspawn);
    while ((npad - 1) >> f->band_shift >= DROPLET_BANDS) {
        f->band_shift++;
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
    int k;

    if (f == NULL) {
        return;
    }
    for (k = 0; k < f->nworkers; k++) {
        free(f->workers[k].h);
        free(f->workers[k].act);
        free(f->workers[k].changes);
        free(f->workers[k].listed);
        free(f->workers[k].touched);
    }
    free(f->workers);
    og_team_free(f->team);
    for (k = 0; k < DROPLET_ROUND_BATCHES; k++) {
        free(f->out[k].e);
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

/* Droplets per batch: about one per 1024 mask cells, within 64..256, so a
 * round of DROPLET_ROUND_BATCHES batches is at most 1/256 droplet per mask
 * cell on big fields (the droplets of a round do not see one another's
 * changes across batches) and small fields still get rounds worth waking
 * threads for. Depends on the field only, never on threads. */
static uint64_t
batch_size(size_t nspawn)
{
    uint64_t b = (uint64_t)nspawn / 1024u;
    return b < 64u ? 64u : b > 256u ? 256u : b;
}

uint64_t
droplet_round_size(const struct droplet_field *f)
{
    return f->batch * DROPLET_ROUND_BATCHES;
}

/* Per-thread replicas for up to nw threads (kept across calls). */
static enum og_status
ensure_workers(struct droplet_field *f, int nw, struct og_error *err)
{
    struct droplet_worker *wk;
    enum og_status st;
    int k;

    if (nw <= f->nworkers) {
        return OG_OK;
    }
    wk = realloc(f->workers, (size_t)nw * sizeof *wk);
    if (wk == NULL) {
        return og_error_set(err, OG_ENOMEM, "droplet workers: out of memory");
    }
    f->workers = wk;
    for (k = f->nworkers; k < nw; k++) {
        memset(&wk[k], 0, sizeof wk[k]);
        st = grid_calloc((void **)&wk[k].h, f->npad, sizeof *wk[k].h, "droplet thread heights",
                         err);
        if (st == OG_OK) {
            st = grid_calloc((void **)&wk[k].act, f->npad, sizeof *wk[k].act,
                             "droplet thread activity", err);
        }
        if (st == OG_OK) {
            st = grid_calloc((void **)&wk[k].listed, f->npad, 1, "droplet thread cells", err);
        }
        if (st != OG_OK) {
            free(wk[k].h);
            free(wk[k].act);
            return st;
        }
        memcpy(wk[k].h, f->h, f->npad * sizeof *f->h);
        f->nworkers = k + 1;
    }
    return OG_OK;
}

/* One round: droplets [g0, g1) in batches of f->batch by their global index. */
struct round_job {
    struct droplet_field *f;
    const struct droplet_params *p;
    uint64_t seed, g0, g1;
    float share;
};

static enum og_status
round_batch(void *arg, size_t k, size_t begin, size_t end, struct og_error *err)
{
    const struct round_job *J = arg;
    struct droplet_field *f = J->f;
    struct droplet_worker *wk = &f->workers[og_parallel_worker()];
    struct droplet_out *o = &f->out[k];
    uint64_t gb = J->g0 / f->batch + k;
    uint64_t a = gb * f->batch, b = a + f->batch;
    size_t i, m, fill[DROPLET_BANDS];
    struct rng r;
    int band;

    (void)begin;
    (void)end;
    a = a > J->g0 ? a : J->g0;
    b = b < J->g1 ? b : J->g1;
    memset(&o->tot, 0, sizeof o->tot);
    /* Brogue's per-purpose streams: every batch draws from its own. */
    rng_seed(&r, J->seed, gb);
    droplet_batch_run(f, wk, J->p, &r, b - a, J->share, &o->tot);
    /* the cells the batch changed (each once), the replica back to the
     * round's heights ... */
    if (!wk->failed && wk->changes_cap < wk->ntouched) {
        struct droplet_change *e = realloc(wk->changes, wk->ntouched * sizeof *e);
        if (e != NULL) {
            wk->changes = e;
            wk->changes_cap = wk->ntouched;
        } else {
            wk->failed = 1;
        }
    }
    m = 0;
    memset(o->band, 0, sizeof o->band);
    for (i = 0; i < wk->ntouched; i++) {
        uint32_t c = wk->touched[i];
        float dh = wk->h[c] - f->h[c], da = wk->act[c];
        if ((dh != 0.0f || da != 0.0f) && !wk->failed) {
            wk->changes[m].cell = c;
            wk->changes[m].dh = dh;
            wk->changes[m].da = da;
            o->band[(c >> f->band_shift) + 1]++;
            m++;
        }
        wk->h[c] = f->h[c];
        wk->act[c] = 0.0f;
        wk->listed[c] = 0;
    }
    wk->ntouched = 0;
    /* ... and the changes by band (a counting sort keeping first-write
     * order inside a band) */
    if (!wk->failed && o->cap < m) {
        struct droplet_change *e = realloc(o->e, m * sizeof *e);
        if (e != NULL) {
            o->e = e;
            o->cap = m;
        } else {
            wk->failed = 1;
        }
    }
    if (wk->failed) {
        memset(o->band, 0, sizeof o->band);
    } else {
        for (band = 0; band < DROPLET_BANDS; band++) {
            o->band[band + 1] += o->band[band];
            fill[band] = o->band[band];
        }
        for (i = 0; i < m; i++) {
            o->e[fill[wk->changes[i].cell >> f->band_shift]++] = wk->changes[i];
        }
    }
    if (wk->failed) {
        wk->failed = 0;
        return og_error_set(err, OG_ENOMEM, "droplet batch: out of memory");
    }
    return OG_OK;
}

/* Commit a round in one band: the batches' changes added in batch order
 * (each batch touched a cell once) to the heights and every replica, kept
 * inside the starting range (the shares keep the sum there; this catches
 * float rounding). */
struct commit_job {
    struct droplet_field *f;
    size_t nbatches;
};

static enum og_status
round_commit(void *arg, size_t band, size_t begin, size_t end, struct og_error *err)
{
    const struct commit_job *J = arg;
    struct droplet_field *f = J->f;
    size_t k, i;
    int w;

    (void)begin;
    (void)end;
    (void)err;
    for (k = 0; k < J->nbatches; k++) {
        const struct droplet_out *o = &f->out[k];
        for (i = o->band[band]; i < o->band[band + 1]; i++) {
            uint32_t c = o->e[i].cell;
            float v = f->h[c] + o->e[i].dh;
            v = v < f->lo ? f->lo : v > f->hi ? f->hi : v;
            f->h[c] = v;
            for (w = 0; w < f->nworkers; w++) {
                f->workers[w].h[c] = v;
            }
            f->activity[c] += o->e[i].da;
        }
    }
    return OG_OK;
}

enum og_status
droplet_run(struct droplet_field *f, const struct droplet_params *p, uint64_t seed,
            uint64_t first, uint64_t count, int threads, struct droplet_totals *tot,
            struct og_error *err)
{
    uint64_t g = first, end = first + count, round = droplet_round_size(f);
    enum og_status st;
    int nw;

    assert(droplet_params_check(p, NULL) == OG_OK);
    if (f->nspawn == 0 || count == 0) {
        return OG_OK;
    }
    nw = og_parallel_workers(threads, DROPLET_ROUND_BATCHES, 1);
    if (f->team == NULL || f->team_threads != nw) {
        og_team_free(f->team);
        f->team = NULL;
        st = og_team_new(&f->team, nw, err);
        if (st != OG_OK) {
            return st;
        }
        f->team_threads = nw;
    }
    st = ensure_workers(f, og_team_size(f->team), err);
    if (st != OG_OK) {
        return st;
    }
    while (g < end) {
        uint64_t g1 = (g / round + 1) * round;
        struct round_job rj;
        struct commit_job cj;
        size_t k;

        g1 = g1 < end ? g1 : end;
        cj.f = f;
        cj.nbatches = (size_t)((g1 - 1) / f->batch - g / f->batch + 1);
        rj.f = f;
        rj.p = p;
        rj.seed = seed;
        rj.g0 = g;
        rj.g1 = g1;
        rj.share = 1.0f / (float)cj.nbatches;
        st = og_team_for(f->team, cj.nbatches, 1, round_batch, &rj, err);
        if (st == OG_OK) {
            st = og_team_for(f->team, DROPLET_BANDS, 1, round_commit, &cj, err);
        }
        if (st != OG_OK) {
            return st;
        }
        for (k = 0; k < cj.nbatches; k++) {
            const struct droplet_totals *t = &f->out[k].tot;
            tot->droplets += t->droplets;
            tot->steps += t->steps;
            tot->eroded += t->eroded;
            tot->deposited += t->deposited;
            tot->lost += t->lost;
            tot->evaporated += t->evaporated;
        }
        g = g1;
    }
    return OG_OK;
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
