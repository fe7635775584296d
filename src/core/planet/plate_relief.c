#include "config.h"
#include "core/planet/plate_relief.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/noise.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/geom/adjacency.h"
#include "core/planet/continents.h"

/* How far a boundary shapes the relief (the plateau's reach). */
#define RELIEF_REACH PLATES_KM(1600.0)
/* Boundary speed giving the full relief, km/Myr. */
#define RELIEF_SPEED 100.0
/* The along-strike variation: 3 octaves from 3 cycles per radian. */
static const struct fbm_params strike_fp = { 3, 3.0, 2.0, 0.5 };

static double
gauss(double x, double w)
{
    double t = x / w;
    return det_exp(-t * t);
}

/* Breadth-first distance (chords summed) from the boundary vertices over
 * their own plate, up to RELIEF_REACH: dist and src (-1: out of reach). */
static void
boundary_distance(const struct plate_relief_in *in, double *dist, int32_t *src, int32_t *queue)
{
    const struct adjacency *adj = in->adj;
    size_t n = adj->n, i, head = 0, tail = 0;
    for (i = 0; i < n; i++) {
        src[i] = -1;
        dist[i] = -1.0;
        if (in->type[i] != PB_NONE) {
            src[i] = (int32_t)i;
            dist[i] = 0.0;
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t v = queue[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            double d;
            if (src[u] >= 0 || in->plate[u] != in->plate[v]) {
                continue;
            }
            d = dist[v] + continents_chord(in->xyz, v, u);
            if (d > RELIEF_REACH) {
                continue;
            }
            dist[u] = d;
            src[u] = src[v];
            queue[tail++] = u;
        }
    }
}

/* Whether the crust across boundary vertex b (its neighbours on the other
 * plate) is mostly continental. */
static int
crust_across(const struct plate_relief_in *in, int32_t b)
{
    int32_t j;
    int cont = 0, all = 0;
    for (j = in->adj->start[b]; j < in->adj->start[b + 1]; j++) {
        int32_t u = in->adj->nbr[j];
        if (in->plate[u] == in->other[b]) {
            all++;
            cont += in->crust[u] != 0;
        }
    }
    return 2 * cont >= all && all > 0;
}

/* The relief at distance s from boundary vertex b (strength k), for a
 * vertex at sea (wet) or not. */
static double
boundary_relief(const struct plate_relief_in *in, int32_t b, double s, double k, int wet)
{
    int own = in->crust[b] != 0, across;
    const struct plates *pl = in->pl;
    switch (in->type[b]) {
    case PB_CONVERGENT: {
        int sinks;
        across = crust_across(in, b);
        if (own && across) {
            return k * (0.55 * gauss(s, PLATES_KM(250.0)) + 0.2 * gauss(s, PLATES_KM(900.0)));
        }
        if (own != across) {
            sinks = !own;
        } else {
            /* two oceanic plates: the older sinks (ties: the higher id) */
            const struct plate *a = &pl->p[in->plate[b]], *o = &pl->p[in->other[b]];
            sinks = a->age > o->age || (a->age == o->age && in->plate[b] > in->other[b]);
        }
        if (sinks) {
            return wet ? -0.45 * k * gauss(s, PLATES_KM(120.0)) : 0.0;
        }
        return 0.4 * k * gauss(s - PLATES_KM(250.0), PLATES_KM(120.0));
    }
    case PB_DIVERGENT:
        if (!own) {
            return 0.35 * (0.6 + 0.4 * k) * gauss(s, PLATES_KM(600.0 + 600.0 * k));
        }
        return -0.12 * k * gauss(s, PLATES_KM(100.0))
               + 0.08 * k * gauss(s - PLATES_KM(200.0), PLATES_KM(100.0));
    case PB_TRANSFORM:
        return 0.04 * k * gauss(s, PLATES_KM(80.0));
    default:
        break;
    }
    return 0.0;
}

/* Rotate p about the unit axis k by angle a (Rodrigues) into out. */
static void
rotate(const double *p, const double *k, double a, double *out)
{
    double s, c, d = k[0] * p[0] + k[1] * p[1] + k[2] * p[2];
    double x[3] = { k[1] * p[2] - k[2] * p[1], k[2] * p[0] - k[0] * p[2],
                    k[0] * p[1] - k[1] * p[0] };
    int i;
    det_sincos(a, &s, &c);
    for (i = 0; i < 3; i++) {
        out[i] = p[i] * c + x[i] * s + k[i] * d * (1.0 - c);
    }
}

/* Hotspot trails: the largest seamount bump per vertex into hot. */
static void
hotspots(const struct plate_relief_in *in, float *hot, int32_t *stamp, int32_t *queue)
{
    const struct adjacency *adj = in->adj;
    const double w = PLATES_KM(130.0), reach = 3.0 * w;
    struct rng r;
    int32_t start = 0;
    int h, j;

    rng_for_stage(&r, in->seed, "planet.hotspots");
    for (h = 0; h < PLATE_HOTSPOTS; h++) {
        double q[3], strength;
        int p;
        continents_random_point(&r, q);
        strength = 0.5 + 0.5 * rng_next_double(&r);
        start = continents_nearest(adj, in->xyz, start, q);
        p = in->plate[start];
        for (j = 0; j < 20; j++) {
            double t = 4.0 * j, pj[3], a = strength * (1.0 - 0.9 * t / 80.0);
            size_t head = 0, tail = 0;
            int32_t v, id = h * 20 + j;
            rotate(q, in->pl->p[p].pole, in->pl->p[p].rate * t, pj);
            v = continents_nearest(adj, in->xyz, start, pj);
            if (in->plate[v] != p) {
                break; /* the trail ends at the plate's edge */
            }
            stamp[v] = id;
            queue[tail++] = v;
            while (head < tail) {
                const double *x;
                double d, g;
                int32_t u = queue[head++], m;
                x = &in->xyz[3 * (size_t)u];
                d = sqrt((x[0] - pj[0]) * (x[0] - pj[0]) + (x[1] - pj[1]) * (x[1] - pj[1])
                         + (x[2] - pj[2]) * (x[2] - pj[2]));
                g = a * gauss(d, w);
                hot[u] = g > hot[u] ? (float)g : hot[u];
                for (m = adj->start[u]; m < adj->start[u + 1]; m++) {
                    int32_t y = adj->nbr[m];
                    const double *z = &in->xyz[3 * (size_t)y];
                    double dy = (z[0] - pj[0]) * (z[0] - pj[0]) + (z[1] - pj[1]) * (z[1] - pj[1])
                                + (z[2] - pj[2]) * (z[2] - pj[2]);
                    if (stamp[y] != id && dy < reach * reach) {
                        stamp[y] = id;
                        queue[tail++] = y;
                    }
                }
            }
        }
    }
}

/* Vertices a batch of the relief's sum. */
#define RELIEF_BATCH 8192

/* The boundary's and the hotspots' relief of the vertices [begin, end):
 * one batch of og_parallel_for, each vertex its own delta[i]. */
struct sum_job {
    const struct plate_relief_in *in;
    const double *dist;
    const int32_t *src;
    const float *amp, *hot;
    float *delta;
};

static enum og_status
sum_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct sum_job *j = arg;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        int wet = !j->in->land[i];
        double d = 0.0;
        if (j->src[i] >= 0) {
            d = boundary_relief(j->in, j->src[i], j->dist[i], j->amp[j->src[i]], wet);
        }
        d += j->hot[i] * (wet ? 0.55 : 0.25);
        j->delta[i] = (float)d;
    }
    return OG_OK;
}

enum og_status
plate_relief(const struct plate_relief_in *in, float *delta, struct og_error *err)
{
    size_t n = in->adj->n, i, nb = 0;
    double *dist = malloc((n > 0 ? n : 1) * sizeof *dist);
    int32_t *src = malloc((n > 0 ? n : 1) * sizeof *src);
    int32_t *queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    float *amp = malloc((n > 0 ? n : 1) * sizeof *amp);
    float *hot = calloc(n > 0 ? n : 1, sizeof *hot);
    double *bxyz = NULL, *bf = NULL;
    struct perlin ps;

    if (dist == NULL || src == NULL || queue == NULL || amp == NULL || hot == NULL) {
        goto oom;
    }
    /* along-strike variation at the boundary vertices, in one batch */
    for (i = 0; i < n; i++) {
        nb += in->type[i] != PB_NONE;
    }
    bxyz = malloc((nb > 0 ? 3 * nb : 3) * sizeof *bxyz);
    bf = malloc((nb > 0 ? nb : 1) * sizeof *bf);
    if (bxyz == NULL || bf == NULL) {
        goto oom;
    }
    nb = 0;
    for (i = 0; i < n; i++) {
        if (in->type[i] != PB_NONE) {
            memcpy(&bxyz[3 * nb++], &in->xyz[3 * i], 3 * sizeof *bxyz);
        }
    }
    perlin_init(&ps, in->seed ^ rng_hash_str("planet.plates.strike"));
    fbm3_batch(&ps, &strike_fp, bxyz, bxyz + 1, bxyz + 2, 3, nb, bf);
    nb = 0;
    for (i = 0; i < n; i++) {
        if (in->type[i] != PB_NONE) {
            double k = fabs(in->closing[i]) / RELIEF_SPEED, f = 1.0 + 0.8 * bf[nb++];
            if (in->type[i] == PB_TRANSFORM) {
                k = 0.5;
            }
            k = k > 1.0 ? 1.0 : k;
            f = f < 0.6 ? 0.6 : f > 1.4 ? 1.4 : f;
            amp[i] = (float)(k * f);
        }
    }
    for (i = 0; i < n; i++) {
        src[i] = -1; /* the hotspots' stamps */
    }
    hotspots(in, hot, src, queue);
    boundary_distance(in, dist, src, queue);
    {
        struct sum_job j;
        enum og_status st;
        j.in = in;
        j.dist = dist;
        j.src = src;
        j.amp = amp;
        j.hot = hot;
        j.delta = delta;
        st = og_parallel_for(in->threads, n, RELIEF_BATCH, sum_batch, &j, NULL, 0.0, 0.0, err);
        if (st != OG_OK) {
            free(dist);
            free(src);
            free(queue);
            free(amp);
            free(hot);
            free(bxyz);
            free(bf);
            return st;
        }
    }
    free(dist);
    free(src);
    free(queue);
    free(amp);
    free(hot);
    free(bxyz);
    free(bf);
    return OG_OK;
oom:
    free(dist);
    free(src);
    free(queue);
    free(amp);
    free(hot);
    free(bxyz);
    free(bf);
    return og_error_set(err, OG_ENOMEM, "out of memory for the plate relief");
}
