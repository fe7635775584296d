#include "config.h"
#include "core/planet/plates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/noise.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/geom/adjacency.h"
#include "core/planet/continents.h"

/* The fastest plate's surface speed 90 degrees from its pole, km/Myr
 * (10 cm a year: the Pacific plate's order). */
#define PLATES_SPEED_MAX 100.0
/* Site weights: up to this chord, so plates differ in size. */
#define PLATES_WEIGHT_MAX 0.35
/* The warp of the plate borders: a vector fBm of this amplitude (chord),
 * 4 octaves from 1.5 cycles per radian: borders wander by a few to 15
 * degrees instead of running along great circles. */
#define PLATES_WARP 0.4
static const struct fbm_params warp_fp = { 4, 1.5, 2.0, 0.5 };
/* Below this relative speed (km/Myr) a boundary is inactive: transform. */
#define PLATES_MIN_SPEED 2.0

static void
unit(double *q)
{
    double l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
    q[0] /= l;
    q[1] /= l;
    q[2] /= l;
}

void
plates_make(struct plates *pl, int count, uint64_t seed)
{
    struct rng r;
    int i, k, j;

    memset(pl, 0, sizeof *pl);
    count = count < 1 ? 1 : count > PLATES_MAX ? PLATES_MAX : count;
    pl->n = count;
    rng_for_stage(&r, seed, "planet.plates");
    for (i = 0; i < count; i++) {
        struct plate *p = &pl->p[i];
        double best = -1.0;
        /* best candidate (Mitchell 1991): of 8 uniform points the one
         * farthest from the sites so far */
        for (k = 0; k < 8; k++) {
            double q[3], dmin = 4.0;
            continents_random_point(&r, q);
            for (j = 0; j < i; j++) {
                const double *s = pl->p[j].site;
                double d = (q[0] - s[0]) * (q[0] - s[0]) + (q[1] - s[1]) * (q[1] - s[1])
                           + (q[2] - s[2]) * (q[2] - s[2]);
                dmin = d < dmin ? d : dmin;
            }
            if (dmin > best) {
                best = dmin;
                memcpy(p->site, q, sizeof q);
            }
        }
        p->weight = PLATES_WEIGHT_MAX * rng_next_double(&r);
        continents_random_point(&r, p->pole);
        p->rate = (0.2 + 0.8 * rng_next_double(&r)) * PLATES_SPEED_MAX / PLATES_RADIUS_KM;
        p->age = rng_next_double(&r);
    }
}

void
plates_velocity(const struct plates *pl, int id, const double *q, double *v)
{
    const struct plate *p = &pl->p[id];
    double s = p->rate * PLATES_RADIUS_KM;
    v[0] = s * (p->pole[1] * q[2] - p->pole[2] * q[1]);
    v[1] = s * (p->pole[2] * q[0] - p->pole[0] * q[2]);
    v[2] = s * (p->pole[0] * q[1] - p->pole[1] * q[0]);
}

/* Vertices a block of the warp's noise. */
#define PLATES_BLOCK 256

/* Vertices a batch of the parallel pass (a multiple of PLATES_BLOCK). */
#define PLATES_BATCH 8192

struct sites_job {
    const struct plates *pl;
    const double *xyz;
    const struct perlin *pw;  /* 3: the warp's fields */
    uint8_t *plate;
};

/* The nearest site (chord minus weight) of the warped position of every
 * vertex of [begin, end): one batch of og_parallel_for, its own outputs
 * only. */
static enum og_status
sites_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct sites_job *j = arg;
    const double *xyz = j->xyz;
    double f[3][PLATES_BLOCK];
    size_t i0, i;
    int k;
    (void)batch;
    (void)err;
    for (i0 = begin; i0 < end; i0 += PLATES_BLOCK) {
        size_t b = end - i0 < PLATES_BLOCK ? end - i0 : PLATES_BLOCK;
        for (k = 0; k < 3; k++) {
            fbm3_batch(&j->pw[k], &warp_fp, xyz + 3 * i0, xyz + 3 * i0 + 1, xyz + 3 * i0 + 2, 3,
                       b, f[k]);
        }
        for (i = i0; i < i0 + b; i++) {
            double q[3];
            double best = HUGE_VAL;
            int id = 0;
            for (k = 0; k < 3; k++) {
                q[k] = xyz[3 * i + k] + PLATES_WARP * f[k][i - i0];
            }
            unit(q);
            for (k = 0; k < j->pl->n; k++) {
                const double *s = j->pl->p[k].site;
                double d = sqrt((q[0] - s[0]) * (q[0] - s[0]) + (q[1] - s[1]) * (q[1] - s[1])
                                + (q[2] - s[2]) * (q[2] - s[2]))
                           - j->pl->p[k].weight;
                if (d < best) {
                    best = d;
                    id = k;
                }
            }
            j->plate[i] = (uint8_t)id;
        }
    }
    return OG_OK;
}

static enum og_status
nearest_sites(const struct plates *pl, const double *xyz, size_t n, uint64_t seed,
              uint8_t *plate, int threads, struct og_error *err)
{
    struct perlin pw[3];  /* 32-byte aligned: on the stack, not malloc'd */
    struct sites_job j;
    int k;
    for (k = 0; k < 3; k++) {
        static const char *const names[3] = { "planet.plates.wx", "planet.plates.wy",
                                              "planet.plates.wz" };
        perlin_init(&pw[k], seed ^ rng_hash_str(names[k]));
    }
    j.pl = pl;
    j.xyz = xyz;
    j.pw = pw;
    j.plate = plate;
    return og_parallel_for(threads, n, PLATES_BATCH, sites_batch, &j, NULL, 0.0, 0.0, err);
}

/* Keep each plate's largest connected piece; give the other pieces'
 * vertices to the plates next to them, breadth first from the kept ones. */
static enum og_status
make_connected(const struct plates *pl, const struct adjacency *adj, uint8_t *plate,
               struct og_error *err)
{
    size_t n = adj->n, i, head, tail, biggest[PLATES_MAX];
    int32_t *comp = malloc((n > 0 ? n : 1) * sizeof *comp);
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    size_t ncomp = 0;
    int32_t best[PLATES_MAX];
    int k;

    if (comp == NULL || queue == NULL) {
        free(comp);
        free(queue);
        return og_error_set(err, OG_ENOMEM, "out of memory for the plates");
    }
    for (i = 0; i < n; i++) {
        comp[i] = -1;
    }
    for (k = 0; k < pl->n; k++) {
        biggest[k] = 0;
        best[k] = -1;
    }
    /* components, numbered by their lowest vertex; size of each */
    for (i = 0; i < n; i++) {
        size_t cnt = 0;
        if (comp[i] >= 0) {
            continue;
        }
        head = tail = 0;
        comp[i] = (int32_t)ncomp;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t v = queue[head++], j;
            cnt++;
            for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
                int32_t u = adj->nbr[j];
                if (comp[u] < 0 && plate[u] == plate[v]) {
                    comp[u] = (int32_t)ncomp;
                    queue[tail++] = u;
                }
            }
        }
        if (cnt > biggest[plate[i]]) {
            biggest[plate[i]] = cnt;
            best[plate[i]] = (int32_t)ncomp;
        }
        ncomp++;
    }
    /* the kept pieces seed a breadth-first fill of the rest */
    head = tail = 0;
    for (i = 0; i < n; i++) {
        if (comp[i] == best[plate[i]]) {
            queue[tail++] = (int32_t)i;
        } else {
            comp[i] = -2; /* to be filled */
        }
    }
    while (head < tail) {
        int32_t v = queue[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (comp[u] == -2) {
                comp[u] = 0;
                plate[u] = plate[v];
                queue[tail++] = u;
            }
        }
    }
    free(comp);
    free(queue);
    return OG_OK;
}

enum og_status
plates_assign(const struct plates *pl, const struct adjacency *adj, const double *xyz,
              uint64_t seed, uint8_t *plate, int threads, struct og_error *err)
{
    enum og_status st = nearest_sites(pl, xyz, adj->n, seed, plate, threads, err);
    return st != OG_OK ? st : make_connected(pl, adj, plate, err);
}

void
plates_crust(struct plates *pl, const uint8_t *plate, const uint8_t *crust, size_t n)
{
    size_t cnt[PLATES_MAX] = { 0 }, cont[PLATES_MAX] = { 0 }, i;
    int k;
    for (i = 0; i < n; i++) {
        cnt[plate[i]]++;
        cont[plate[i]] += crust[i] != 0;
    }
    for (k = 0; k < pl->n; k++) {
        pl->p[k].continental = cnt[k] > 0 && 10 * cont[k] > 3 * cnt[k];
    }
}

void
plates_boundaries(const struct plates *pl, const struct adjacency *adj, const double *xyz,
                  const uint8_t *plate, uint8_t *type, float *closing, uint8_t *other)
{
    size_t i;
    for (i = 0; i < adj->n; i++) {
        const double *q = &xyz[3 * i];
        int32_t j;
        int cnt[8], ids[8], m = 0, k, o = -1, most = 0;
        double dv[3], nsum[3] = { 0.0, 0.0, 0.0 }, vo[3], vs[3], c, speed, dot;

        /* the other plate this vertex shares most edges with (ties: the
         * first met) */
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            int p = plate[adj->nbr[j]];
            if (p == plate[i]) {
                continue;
            }
            for (k = 0; k < m && ids[k] != p; k++) {
            }
            if (k == m && m < 8) {
                ids[m] = p;
                cnt[m++] = 0;
            }
            if (k < m) {
                cnt[k]++;
                if (cnt[k] > most) {
                    most = cnt[k];
                    o = p;
                }
            }
        }
        if (o < 0) {
            type[i] = PB_NONE;
            if (closing != NULL) {
                closing[i] = 0.0f;
            }
            if (other != NULL) {
                other[i] = 255;
            }
            continue;
        }
        /* the boundary's normal at the large scale: towards the other
         * plate's site from this one's, in the tangent plane (the local
         * border wanders with the warp and the mesh; this does not, so
         * classes run in long segments, the same at every resolution) */
        for (k = 0; k < 3; k++) {
            nsum[k] = pl->p[o].site[k] - pl->p[plate[i]].site[k];
        }
        dot = nsum[0] * q[0] + nsum[1] * q[1] + nsum[2] * q[2];
        for (k = 0; k < 3; k++) {
            nsum[k] -= dot * q[k];
        }
        plates_velocity(pl, plate[i], q, vs);
        plates_velocity(pl, o, q, vo);
        dv[0] = vs[0] - vo[0];
        dv[1] = vs[1] - vo[1];
        dv[2] = vs[2] - vo[2];
        {
            double l = sqrt(nsum[0] * nsum[0] + nsum[1] * nsum[1] + nsum[2] * nsum[2]);
            if (l > 0.0) {
                nsum[0] /= l;
                nsum[1] /= l;
                nsum[2] /= l;
            }
        }
        c = dv[0] * nsum[0] + dv[1] * nsum[1] + dv[2] * nsum[2];
        speed = sqrt(dv[0] * dv[0] + dv[1] * dv[1] + dv[2] * dv[2]);
        if (speed < PLATES_MIN_SPEED) {
            type[i] = PB_TRANSFORM;
        } else if (c >= 0.5 * speed) {
            type[i] = PB_CONVERGENT;
        } else if (c <= -0.5 * speed) {
            type[i] = PB_DIVERGENT;
        } else {
            type[i] = PB_TRANSFORM;
        }
        if (closing != NULL) {
            closing[i] = (float)c;
        }
        if (other != NULL) {
            other[i] = (uint8_t)o;
        }
    }
}
