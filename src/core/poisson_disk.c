#include "config.h"
#include "core/poisson_disk.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/pipeline.h"
#include "core/rng.h"

/* Open-addressing hash from a 3-D cell to the first sample in it; samples in
 * the same cell are chained through next[]. */
struct cell_slot {
    uint64_t key;     /* 0 = empty slot (keys are stored + 1) */
    int32_t head;
};

struct cell_hash {
    struct cell_slot *slots; /* key and head side by side: one cache miss per probe */
    size_t cap;       /* power of two */
    size_t used;
    /* one bit per 2^k slots' worth of keys, set for every occupied cell:
     * most neighbour cells of a query are empty (off the surface), and a
     * clear bit answers that from a table small enough to stay in cache */
    uint64_t *occupied;
    size_t nbits;     /* power of two */
};

struct sampler {
    double cell;      /* cell side = chord of the radius */
    double inv_cell;
    double chord2;    /* squared chord of the radius */
    struct cell_hash h;
    double *pts;
    int32_t *next;
    size_t n, cap;
};

static uint64_t
cell_key(int ix, int iy, int iz)
{
    /* cells along an axis: at most 2 / (2 sin(1e-4 / 2)) + 2 < 2^21; the
     * neighbours of cell 0 are -1, so shift by one */
    return (((uint64_t)(ix + 1) << 42) | ((uint64_t)(iy + 1) << 21) | (uint64_t)(iz + 1)) + 1;
}

static uint64_t
hash_mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    return k;
}

static int
cell_coord(const struct sampler *s, double v)
{
    /* v + 1 >= 0 on the unit sphere (up to rounding, which only has to be
     * consistent), so truncation is the floor */
    return (int)((v + 1.0) * s->inv_cell);
}

static int32_t
hash_find(const struct cell_hash *h, uint64_t key)
{
    uint64_t m = hash_mix(key);
    size_t b = (size_t)(m >> 20) & (h->nbits - 1), i;
    if (!(h->occupied[b >> 6] >> (b & 63) & 1)) {
        return -1;
    }
    i = (size_t)m & (h->cap - 1);
    while (h->slots[i].key != 0) {
        if (h->slots[i].key == key) {
            return h->slots[i].head;
        }
        i = (i + 1) & (h->cap - 1);
    }
    return -1;
}

/* Insert key -> point p (chained in front of any earlier sample there). */
static enum og_status
hash_insert(struct sampler *s, uint64_t key, int32_t p, struct og_error *err)
{
    struct cell_hash *h = &s->h;
    size_t i;

    if (2 * (h->used + 1) > h->cap) {
        struct cell_hash g;
        size_t j;
        if (h->cap > SIZE_MAX / 4 / sizeof *g.slots) {
            return og_error_set(err, OG_ENOMEM, "poisson disk: cell hash too large");
        }
        g.cap = h->cap * 2;
        g.used = h->used;
        g.occupied = h->occupied;
        g.nbits = h->nbits;
        g.slots = calloc(g.cap, sizeof *g.slots);
        if (g.slots == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for the poisson disk cell hash");
        }
        for (j = 0; j < h->cap; j++) {
            if (h->slots[j].key != 0) {
                size_t k = (size_t)hash_mix(h->slots[j].key) & (g.cap - 1);
                while (g.slots[k].key != 0) {
                    k = (k + 1) & (g.cap - 1);
                }
                g.slots[k] = h->slots[j];
            }
        }
        free(h->slots);
        *h = g;
    }
    i = (size_t)hash_mix(key) & (h->cap - 1);
    while (h->slots[i].key != 0 && h->slots[i].key != key) {
        i = (i + 1) & (h->cap - 1);
    }
    if (h->slots[i].key == 0) {
        size_t b = (size_t)(hash_mix(key) >> 20) & (h->nbits - 1);
        h->slots[i].key = key;
        h->slots[i].head = -1;
        h->used++;
        h->occupied[b >> 6] |= 1ull << (b & 63);
    }
    s->next[p] = h->slots[i].head;
    h->slots[i].head = p;
    return OG_OK;
}

/* Is any sample closer than the radius to q? Neighbour cells whose box is
 * farther from q than the radius are skipped (about 10 of the 27), and the
 * nearest cells come first, where a conflict is likeliest. */
static int
too_close(const struct sampler *s, const double *q)
{
    static const int order[3] = { 0, -1, 1 };
    int cx = cell_coord(s, q[0]), cy = cell_coord(s, q[1]), cz = cell_coord(s, q[2]);
    double gap[3][3]; /* [axis][order index]: squared distance to that slab */
    int a, i, j, k;

    for (a = 0; a < 3; a++) {
        int c = a == 0 ? cx : (a == 1 ? cy : cz);
        double f = (q[a] + 1.0) - c * s->cell; /* offset inside the cell, 0..cell */
        gap[a][0] = 0.0;
        gap[a][1] = f * f;
        gap[a][2] = (s->cell - f) * (s->cell - f);
    }
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) {
            double gij = gap[0][i] + gap[1][j];
            if (gij >= s->chord2) {
                continue;
            }
            for (k = 0; k < 3; k++) {
                int32_t p;
                if (gij + gap[2][k] >= s->chord2) {
                    continue;
                }
                p = hash_find(&s->h, cell_key(cx + order[i], cy + order[j], cz + order[k]));
                for (; p >= 0; p = s->next[p]) {
                    const double *b = &s->pts[3 * (size_t)p];
                    double ex = b[0] - q[0], ey = b[1] - q[1], ez = b[2] - q[2];
                    if (ex * ex + ey * ey + ez * ez < s->chord2) {
                        return 1;
                    }
                }
            }
        }
    }
    return 0;
}

static enum og_status
add_point(struct sampler *s, const double *q, struct og_error *err)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        double *pts;
        int32_t *next;
        if (cap > POISSON_DISK_MAX_POINTS) {
            cap = POISSON_DISK_MAX_POINTS;
        }
        if (s->n >= cap) {
            return og_error_set(err, OG_ERANGE, "poisson disk: more than %d samples",
                                POISSON_DISK_MAX_POINTS);
        }
        pts = realloc(s->pts, cap * 3 * sizeof *pts);
        if (pts == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", cap);
        }
        s->pts = pts;
        next = realloc(s->next, cap * sizeof *next);
        if (next == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", cap);
        }
        s->next = next;
        s->cap = cap;
    }
    memcpy(&s->pts[3 * s->n], q, 3 * sizeof *q);
    s->n++;
    return hash_insert(s, cell_key(cell_coord(s, q[0]), cell_coord(s, q[1]), cell_coord(s, q[2])),
                       (int32_t)(s->n - 1), err);
}

/* Uniform unit vector (Marsaglia 1972 would do too; this is Archimedes'
 * z-uniform construction). */
static void
random_unit(struct rng *r, double *q)
{
    double z = 2.0 * rng_next_double(r) - 1.0;
    double t = 2.0 * M_PI * rng_next_double(r);
    double s = sqrt(1.0 - z * z);
    q[0] = s * cos(t);
    q[1] = s * sin(t);
    q[2] = z;
}

/* An orthonormal tangent basis (t1, t2) at unit vector p. */
static void
tangent_basis(const double *p, double *t1, double *t2)
{
    double a[3] = { 1.0, 0.0, 0.0 };
    double l;
    if (fabs(p[0]) > 0.6) {
        a[0] = 0.0;
        a[1] = 1.0;
    }
    /* t1 = normalise(a x p), t2 = p x t1 */
    t1[0] = a[1] * p[2] - a[2] * p[1];
    t1[1] = a[2] * p[0] - a[0] * p[2];
    t1[2] = a[0] * p[1] - a[1] * p[0];
    l = sqrt(t1[0] * t1[0] + t1[1] * t1[1] + t1[2] * t1[2]);
    t1[0] /= l;
    t1[1] /= l;
    t1[2] /= l;
    t2[0] = p[1] * t1[2] - p[2] * t1[1];
    t2[1] = p[2] * t1[0] - p[0] * t1[2];
    t2[2] = p[0] * t1[1] - p[1] * t1[0];
}

double
poisson_disk_radius_for_count(size_t count)
{
    return sqrt(POISSON_DISK_DENSITY / (double)(count > 0 ? count : 1));
}

enum og_status
poisson_disk_sphere(double **xyz, size_t *n, double radius, int k, struct rng *r,
                    struct run_ctx *ctx, struct og_error *err)
{
    struct sampler s;
    int32_t *active = NULL;
    size_t nactive = 0, active_cap = 0;
    double expected, q[3];
    enum og_status st = OG_OK;

    *xyz = NULL;
    *n = 0;
    memset(&s, 0, sizeof s);
    if (!(radius >= 1e-4 && radius <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "poisson disk radius %g rad outside [0.0001, 1]",
                            radius);
    }
    if (k < 1 || k > 1000) {
        return og_error_set(err, OG_ERANGE, "poisson disk candidates %d outside [1, 1000]", k);
    }
    expected = POISSON_DISK_DENSITY / (radius * radius);
    if (expected > POISSON_DISK_MAX_POINTS) {
        return og_error_set(err, OG_ERANGE,
                            "poisson disk radius %g rad gives about %.0f samples, over %d",
                            radius, expected, POISSON_DISK_MAX_POINTS);
    }
    s.cell = 2.0 * sin(radius / 2.0);
    s.inv_cell = 1.0 / s.cell;
    s.chord2 = s.cell * s.cell;
    s.cap = (size_t)(expected * 1.25) + 16;
    if (s.cap > POISSON_DISK_MAX_POINTS) {
        s.cap = POISSON_DISK_MAX_POINTS;
    }
    s.h.cap = 64;
    while (s.h.cap < 2 * s.cap) {
        s.h.cap *= 2;
    }
    s.pts = malloc(s.cap * 3 * sizeof *s.pts);
    s.next = malloc(s.cap * sizeof *s.next);
    s.h.slots = calloc(s.h.cap, sizeof *s.h.slots);
    s.h.nbits = 8 * s.h.cap;
    s.h.occupied = calloc(s.h.nbits / 64, sizeof *s.h.occupied);
    active_cap = s.cap;
    active = malloc(active_cap * sizeof *active);
    if (s.pts == NULL || s.next == NULL || s.h.slots == NULL || s.h.occupied == NULL
        || active == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for %zu poisson disk samples", s.cap);
        goto fail;
    }

    random_unit(r, q);
    if ((st = add_point(&s, q, err)) != OG_OK) {
        goto fail;
    }
    active[nactive++] = 0;
    while (nactive > 0) {
        uint32_t ai = rng_next_below(r, (uint32_t)nactive);
        const double *p = NULL;
        double t1[3], t2[3];
        int j, placed = 0;

        tangent_basis(&s.pts[3 * (size_t)active[ai]], t1, t2);
        for (j = 0; j < k; j++) {
            /* uniform by area in the annulus [r, 2r] (flat approximation) */
            double u = rng_next_double(r);
            double d = radius * sqrt(1.0 + 3.0 * u);
            double c = cos(d), sn = sin(d), ct, stt, l;
            int m;
            /* a uniform direction in the tangent plane without trigonometry:
             * a point of the unit disc by rejection, normalised */
            do {
                ct = 2.0 * rng_next_double(r) - 1.0;
                stt = 2.0 * rng_next_double(r) - 1.0;
                l = ct * ct + stt * stt;
            } while (l > 1.0 || l < 1e-12);
            l = sqrt(l);
            ct /= l;
            stt /= l;
            p = &s.pts[3 * (size_t)active[ai]];
            for (m = 0; m < 3; m++) {
                q[m] = c * p[m] + sn * (ct * t1[m] + stt * t2[m]);
            }
            l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
            q[0] /= l;
            q[1] /= l;
            q[2] /= l;
            if (!too_close(&s, q)) {
                if ((st = add_point(&s, q, err)) != OG_OK) {
                    goto fail;
                }
                if (nactive == active_cap) {
                    int32_t *na = realloc(active, 2 * active_cap * sizeof *na);
                    if (na == NULL) {
                        st = og_error_set(err, OG_ENOMEM, "out of memory for poisson disk");
                        goto fail;
                    }
                    active = na;
                    active_cap *= 2;
                }
                active[nactive++] = (int32_t)(s.n - 1);
                placed = 1;
                if ((s.n & 4095) == 0
                    && (st = pipeline_tick(ctx, fmin(1.0, (double)s.n / expected))) != OG_OK) {
                    st = og_error_set(err, st, "poisson disk: cancelled");
                    goto fail;
                }
                break;
            }
        }
        if (!placed) {
            active[ai] = active[--nactive];
        }
    }
    free(active);
    free(s.next);
    free(s.h.slots);
    free(s.h.occupied);
    *xyz = s.pts;
    *n = s.n;
    return OG_OK;

fail:
    free(active);
    free(s.pts);
    free(s.next);
    free(s.h.slots);
    free(s.h.occupied);
    return st;
}
