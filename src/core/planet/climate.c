#include "config.h"
#include "core/planet/climate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/noise.h"
#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/geom/adjacency.h"
#include "core/planet/continents.h"

#define DEG (M_PI / 180.0)
/* rain-out length over land, radians (about 1900 km) */
#define CLIMATE_RAINOUT 0.4
/* orographic loss per model unit of rise */
#define CLIMATE_OROGRAPHIC 2.4
/* mm a year per unit of moisture lost per radian */
#define CLIMATE_RAIN 550.0
/* the wind bands' shift towards the summer hemisphere, degrees */
#define CLIMATE_SHIFT_DEG 6.0

static const struct fbm_params temp_fp = { 4, 2.2, 2.0, 0.5 };

static double
ramp(double x)
{
    return x / (1.0 + x);
}

static double
gauss(double x, double w)
{
    double t = x / w;
    return det_exp(-t * t);
}

/* Saturation moisture at temperature t (C), 1 at 25 C. */
static double
wsat(double t)
{
    return det_exp(0.065 * (t - 25.0));
}

/* latitude in degrees from z = sin(latitude) */
static double
lat_deg(double z)
{
    return det_asin(z < -1.0 ? -1.0 : z > 1.0 ? 1.0 : z) / DEG;
}

void
climate_wind(const double *q, int season, double *east, double *north)
{
    double lat = lat_deg(q[2]) - (season == 0 ? CLIMATE_SHIFT_DEG : -CLIMATE_SHIFT_DEG);
    double a = fabs(lat), h = lat >= 0.0 ? 1.0 : -1.0;
    if (a < 30.0) {          /* trade winds: from the east, towards the equator */
        *east = -1.0;
        *north = -0.35 * h;
    } else if (a < 60.0) {   /* westerlies: from the west, poleward */
        *east = 1.0;
        *north = 0.35 * h;
    } else {                 /* polar easterlies */
        *east = -1.0;
        *north = -0.35 * h;
    }
}

/* The wind at q in season s as a 3-D tangent vector. */
static void
wind_vector(const double *q, int s, double *w)
{
    double e, nn, rho = sqrt(q[0] * q[0] + q[1] * q[1]);
    double ex = 0.0, ey = 1.0, nx = 0.0, ny = 0.0, nz = 1.0;
    climate_wind(q, s, &e, &nn);
    if (rho > 1e-9) {
        ex = -q[1] / rho;
        ey = q[0] / rho;
        nx = -q[2] * q[0] / rho;
        ny = -q[2] * q[1] / rho;
        nz = rho;
    }
    w[0] = e * ex + nn * nx;
    w[1] = e * ey + nn * ny;
    w[2] = nn * nz;
}

/* The neighbour of v most against the wind (its moisture's source). */
static int32_t
upwind(const struct climate_in *in, int32_t v, int s)
{
    const double *q = &in->xyz[3 * (size_t)v];
    double w[3], best = -HUGE_VAL;
    int32_t j, up = -1;
    wind_vector(q, s, w);
    for (j = in->adj->start[v]; j < in->adj->start[v + 1]; j++) {
        int32_t u = in->adj->nbr[j];
        const double *p = &in->xyz[3 * (size_t)u];
        double d[3] = { p[0] - q[0], p[1] - q[1], p[2] - q[2] };
        double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        double c = l > 0.0 ? -(d[0] * w[0] + d[1] * w[1] + d[2] * w[2]) / l : -HUGE_VAL;
        if (c > best) {
            best = c;
            up = u;
        }
    }
    return up;
}

/* Vertices a batch of the parallel passes (a multiple of 256, the noise
 * block). */
#define CLIMATE_BATCH 8192

struct temp_job {
    const struct climate_in *in;
    const struct perlin *pt;
    struct climate_out *out;
};

/* Temperatures of both seasons (half-year means) of the vertices of
 * [begin, end): one batch of og_parallel_for. */
static enum og_status
temp_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct temp_job *j = arg;
    const struct climate_in *in = j->in;
    double f[256];
    size_t i0, i;
    (void)batch;
    (void)err;
    for (i0 = begin; i0 < end; i0 += 256) {
        size_t b = end - i0 < 256 ? end - i0 : 256;
        fbm3_batch(j->pt, &temp_fp, in->xyz + 3 * i0, in->xyz + 3 * i0 + 1, in->xyz + 3 * i0 + 2,
                   3, b, f);
        for (i = i0; i < i0 + b; i++) {
            double z = in->xyz[3 * i + 2], s = z * z, c = 0.0, a, t, sg;
            t = 27.0 - 22.0 * s - 23.0 * s * s + 3.0 * f[i - i0];
            if (in->land[i]) {
                double e = in->elevation[i] > 0.0f ? in->elevation[i] : 0.0;
                double d = in->coast_dist[i] < 0.0 ? M_PI : in->coast_dist[i];
                t -= 6.5 * CLIMATE_UNIT_KM * e;
                c = ramp(d / 0.15);
            }
            /* monthly half-range, and the half-year means 2/pi of it
             * from the annual mean (a sinusoid's) */
            a = (1.0 + 14.0 * fabs(z)) * (0.5 + c);
            sg = z / (fabs(z) + 0.02);
            j->out->temp[0][i] = (float)(t + 0.6366 * a * sg);
            j->out->temp[1][i] = (float)(t - 0.6366 * a * sg);
        }
    }
    return OG_OK;
}

static enum og_status
temperatures(const struct climate_in *in, size_t n, struct climate_out *out,
             struct og_error *err)
{
    struct perlin pt;  /* 32-byte aligned: on the stack */
    struct temp_job j;
    perlin_init(&pt, in->seed ^ rng_hash_str("planet.climate.temperature"));
    j.in = in;
    j.pt = &pt;
    j.out = out;
    return og_parallel_for(in->threads, n, CLIMATE_BATCH, temp_batch, &j, NULL, 0.0, 0.0, err);
}

/* The sea's saturation and every land vertex's upwind neighbour in season
 * s, of the vertices of [begin, end) (one batch). */
struct wind_job {
    const struct climate_in *in;
    int s;
    const float *temp;
    double *W;
    uint8_t *state;
    int32_t *up;
    float *precip;
};

static enum og_status
wind_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct wind_job *j = arg;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        j->state[i] = 0;
        if (!j->in->land[i]) {
            j->W[i] = wsat(j->temp[i]);
            j->state[i] = 2;
            j->precip[i] = 0.0f;
        } else {
            j->up[i] = upwind(j->in, (int32_t)i, j->s);
        }
    }
    return OG_OK;
}

/* One season's precipitation: moisture carried down the upwind chains. */
static enum og_status
season_rain(const struct climate_in *in, size_t n, int s, const float *temp, double *W,
            uint8_t *state, int32_t *path, int32_t *up, float *precip, struct og_error *err)
{
    size_t i;
    struct wind_job j;
    enum og_status st;
    j.in = in;
    j.s = s;
    j.temp = temp;
    j.W = W;
    j.state = state;
    j.up = up;
    j.precip = precip;
    if ((st = og_parallel_for(in->threads, n, CLIMATE_BATCH, wind_batch, &j, NULL, 0.0, 0.0,
                              err)) != OG_OK) {
        return st;
    }
    for (i = 0; i < n; i++) {
        size_t len = 0;
        int32_t v = (int32_t)i;
        double w0;
        if (state[i] == 2) {
            continue;
        }
        /* walk up the wind until moisture is known (the sea, a vertex
         * done) or the chain closes on itself (land all around) */
        while (v >= 0 && state[v] == 0) {
            state[v] = 1;
            path[len++] = v;
            v = up[v];
        }
        w0 = v >= 0 && state[v] == 2 ? W[v] : 0.15 * wsat(temp[path[len - 1]]);
        while (len > 0) {
            int32_t x = path[--len], u = up[x];
            const double *q = &in->xyz[3 * (size_t)x];
            double l = u >= 0 ? continents_chord(in->xyz, x, u) : 0.01;
            double eu = u >= 0 && in->land[u] && in->elevation[u] > 0.0f ? in->elevation[u] : 0.0;
            double dh = in->elevation[x] - eu, frac, rain, lat, sub, conv;
            double win = u >= 0 && state[u] == 2 ? W[u] : w0;
            lat = lat_deg(q[2]) - (s == 0 ? CLIMATE_SHIFT_DEG : -CLIMATE_SHIFT_DEG);
            sub = 1.0 - 0.75 * gauss(fabs(lat) - 25.0, 9.0);
            frac = (1.0 - det_exp(-l / CLIMATE_RAINOUT - CLIMATE_OROGRAPHIC * (dh > 0.0 ? dh : 0.0)))
                   * sub;
            rain = CLIMATE_RAIN * win * frac / (l > 1e-6 ? l : 1e-6);
            conv = 2000.0 * gauss(lat, 9.0) * (0.3 + 0.7 * (win < 1.2 ? win : 1.2));
            W[x] = win * (1.0 - frac);
            state[x] = 2;
            precip[x] = (float)(rain + conv);
        }
    }
    return OG_OK;
}

/* Onshore moisture in every season (sea breezes, monsoons, cyclones): a
 * coastal term falling off over about 750 km, larger in summer; the
 * vertices of [begin, end) (one batch of a wind_job). */
static enum og_status
coast_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct wind_job *j = arg;
    const struct climate_in *in = j->in;
    size_t i;
    (void)batch;
    (void)err;
    for (i = begin; i < end; i++) {
        if (in->land[i]) {
            double d = in->coast_dist[i] < 0.0 ? M_PI : in->coast_dist[i];
            int summer = (in->xyz[3 * i + 2] >= 0.0) == (j->s == 0);
            j->precip[i] += (float)(500.0 * wsat(j->temp[i]) * det_exp(-d / 0.12)
                                    * (summer ? 1.0 : 0.4));
        }
    }
    return OG_OK;
}

/* The seasons' scratch: moisture, walk state, chain and upwind neighbour
 * of every vertex. */
struct season_scratch {
    double *W;
    uint8_t *state;
    int32_t *path, *up;
};

static int
scratch_alloc(struct season_scratch *c, size_t n)
{
    c->W = malloc((n > 0 ? n : 1) * sizeof *c->W);
    c->state = malloc(n > 0 ? n : 1);
    c->path = malloc((n > 0 ? n : 1) * sizeof *c->path);
    c->up = malloc((n > 0 ? n : 1) * sizeof *c->up);
    return c->W != NULL && c->state != NULL && c->path != NULL && c->up != NULL ? 0 : -1;
}

static void
scratch_free(struct season_scratch *c)
{
    free(c->W);
    free(c->state);
    free(c->path);
    free(c->up);
}

/* The seasons [begin, end) (one batch of og_parallel_for over the two
 * seasons): each writes its own precip[s] only, with the scratch of the
 * worker that runs it (which a season overwrites before it reads). */
struct season_job {
    const struct climate_in *in;
    struct climate_out *out;
    struct season_scratch *sc;
};

static enum og_status
season_batch(void *arg, size_t batch, size_t begin, size_t end, struct og_error *err)
{
    const struct season_job *sj = arg;
    const struct climate_in *in = sj->in;
    struct season_scratch *c = &sj->sc[og_parallel_worker()];
    size_t n = in->adj->n, s;
    enum og_status st = OG_OK;
    (void)batch;
    for (s = begin; s < end && st == OG_OK; s++) {
        struct wind_job j;
        memset(&j, 0, sizeof j);
        j.in = in;
        j.s = (int)s;
        j.temp = sj->out->temp[s];
        j.precip = sj->out->precip[s];
        st = season_rain(in, n, (int)s, sj->out->temp[s], c->W, c->state, c->path, c->up,
                         sj->out->precip[s], err);
        if (st == OG_OK) {
            st = og_parallel_for(in->threads, n, CLIMATE_BATCH, coast_batch, &j, NULL, 0.0, 0.0,
                                 err);
        }
    }
    return st;
}

enum og_status
climate_run(const struct climate_in *in, struct climate_out *out, struct og_error *err)
{
    size_t n = in->adj->n;
    struct season_scratch sc[2];
    struct climate_in half = *in;
    struct season_job sj;
    /* the moisture chains run along the wind one vertex after another:
     * the two seasons are two batches, at once on two threads or more,
     * each season's own passes on half the threads */
    int workers = og_parallel_workers(in->threads, 2, 1), all, w;
    enum og_status st;

    all = in->threads > 0 ? in->threads : og_threads_default();
    memset(sc, 0, sizeof sc);
    for (w = 0; w < workers; w++) {
        if (scratch_alloc(&sc[w], n) != 0) {
            scratch_free(&sc[0]);
            scratch_free(&sc[1]);
            return og_error_set(err, OG_ENOMEM, "out of memory for the climate");
        }
    }
    st = temperatures(in, n, out, err);
    half.threads = all >= 2 ? all / 2 : 1;
    sj.in = &half;
    sj.out = out;
    sj.sc = sc;
    if (st == OG_OK) {
        st = og_parallel_for(workers, 2, 1, season_batch, &sj, NULL, 0.0, 0.0, err);
    }
    scratch_free(&sc[0]);
    scratch_free(&sc[1]);
    return st;
}
