#include "config.h"
#include "core/planet/climate.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/detmath.h"
#include "core/base/noise.h"
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

/* Temperatures of both seasons (half-year means) of every vertex. */
static void
temperatures(const struct climate_in *in, size_t n, struct climate_out *out)
{
    struct perlin pt;
    double f[256];
    size_t i0, i;
    perlin_init(&pt, in->seed ^ rng_hash_str("planet.climate.temperature"));
    for (i0 = 0; i0 < n; i0 += 256) {
        size_t b = n - i0 < 256 ? n - i0 : 256;
        fbm3_batch(&pt, &temp_fp, in->xyz + 3 * i0, in->xyz + 3 * i0 + 1, in->xyz + 3 * i0 + 2,
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
            out->temp[0][i] = (float)(t + 0.6366 * a * sg);
            out->temp[1][i] = (float)(t - 0.6366 * a * sg);
        }
    }
}

/* One season's precipitation: moisture carried down the upwind chains. */
static void
season_rain(const struct climate_in *in, size_t n, int s, const float *temp, double *W,
            uint8_t *state, int32_t *path, int32_t *up, float *precip)
{
    size_t i;
    for (i = 0; i < n; i++) {
        state[i] = 0;
        if (!in->land[i]) {
            W[i] = wsat(temp[i]);
            state[i] = 2;
            precip[i] = 0.0f;
        } else {
            up[i] = upwind(in, (int32_t)i, s);
        }
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
}

/* Onshore moisture in every season (sea breezes, monsoons, cyclones): a
 * coastal term falling off over about 750 km, larger in summer. */
static void
coastal_rain(const struct climate_in *in, size_t n, int s, const float *temp, float *precip)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (in->land[i]) {
            double d = in->coast_dist[i] < 0.0 ? M_PI : in->coast_dist[i];
            int summer = (in->xyz[3 * i + 2] >= 0.0) == (s == 0);
            precip[i] += (float)(500.0 * wsat(temp[i]) * det_exp(-d / 0.12)
                                 * (summer ? 1.0 : 0.4));
        }
    }
}

enum og_status
climate_run(const struct climate_in *in, struct climate_out *out, struct og_error *err)
{
    size_t n = in->adj->n;
    double *W = malloc((n > 0 ? n : 1) * sizeof *W);
    uint8_t *state = malloc(n > 0 ? n : 1);
    int32_t *path = malloc((n > 0 ? n : 1) * sizeof *path);
    int32_t *up = malloc((n > 0 ? n : 1) * sizeof *up);
    int s;

    if (W == NULL || state == NULL || path == NULL || up == NULL) {
        free(W);
        free(state);
        free(path);
        free(up);
        return og_error_set(err, OG_ENOMEM, "out of memory for the climate");
    }
    temperatures(in, n, out);
    for (s = 0; s < 2; s++) {
        season_rain(in, n, s, out->temp[s], W, state, path, up, out->precip[s]);
        coastal_rain(in, n, s, out->temp[s], out->precip[s]);
    }
    free(W);
    free(state);
    free(path);
    free(up);
    return OG_OK;
}
