#include "config.h"
#include "core/biome/dem_climate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"

#define DEG (3.14159265358979323846 / 180.0)

double
dem_climate_sea_level_temp(double lat)
{
    return -20.0 + 47.0 * det_cos(lat * DEG);
}

double
dem_climate_temp(double lat, double height_m)
{
    return dem_climate_sea_level_temp(lat) - 0.0065 * height_m;
}

double
dem_climate_temp_on(double lat, double height_m, double base_m)
{
    return dem_climate_temp(lat, height_m) + (0.0065 - DEM_BASE_LAPSE) * base_m;
}

static int
cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

int
dem_climate_base(const float *heights, size_t n, float sea_level, double *base_m)
{
    float *land;
    size_t i, m = 0;
    *base_m = 0.0;
    land = malloc((n > 0 ? n : 1) * sizeof *land);
    if (land == NULL) {
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (heights[i] > sea_level) {
            land[m++] = heights[i];
        }
    }
    if (m >= 20) {
        qsort(land, m, sizeof *land, cmp_float);
        *base_m = (double)land[m / 20] - (double)sea_level;
        if (*base_m < 0.0) {
            *base_m = 0.0;
        }
    }
    free(land);
    return 0;
}

double
dem_climate_axis(double t)
{
    static const double knots[][2] = {
        { 30.0, 0.03 }, { 20.0, 0.3 }, { 5.0, 0.6 }, { DEM_TREELINE_T, 0.8 }, { -15.0, 1.0 },
    };
    size_t k;
    if (!(t < knots[0][0])) {
        return knots[0][1];
    }
    for (k = 1; k < sizeof knots / sizeof knots[0]; k++) {
        if (t >= knots[k][0]) {
            double f = (knots[k - 1][0] - t) / (knots[k - 1][0] - knots[k][0]);
            return knots[k - 1][1] + f * (knots[k][1] - knots[k - 1][1]);
        }
    }
    return 1.0;
}

/* Parse a run of decimal digits at *s (at most 10); -1 if none. */
static long
digits(const char **s)
{
    long v = 0;
    int n = 0;
    while (**s >= '0' && **s <= '9' && n < 10) {
        v = v * 10 + (**s - '0');
        (*s)++;
        n++;
    }
    return n == 0 || (**s >= '0' && **s <= '9') ? -1 : v;
}

/* The z, x, y of an XYZ tile named "..._Z_X_Y.png" or "Z_X_Y.png"; 0 if
 * the name is not one. */
static int
tile_zxy(const char *name, long *zp, long *xp, long *yp)
{
    const char *base = name, *p, *end;
    long z, x, y;
    double n;
    int i;

    for (p = name; *p != '\0'; p++) {
        if (*p == '/' || *p == ' ') {
            base = p + 1;
        }
    }
    end = base + strlen(base);
    if (end - base < 9 || strcmp(end - 4, ".png") != 0) {
        return 0;
    }
    /* Back up over "_Z_X_Y" (or "Z_X_Y" at the start). */
    p = end - 4;
    for (i = 0; i < 3; i++) {
        while (p > base && p[-1] >= '0' && p[-1] <= '9') {
            p--;
        }
        if (i < 2) {
            if (p == base || p[-1] != '_') {
                return 0;
            }
            p--;
        }
    }
    if (p > base && p[-1] != '_') {
        return 0;
    }
    z = digits(&p);
    if (z < 0 || z > 30 || *p++ != '_') {
        return 0;
    }
    x = digits(&p);
    if (x < 0 || *p++ != '_') {
        return 0;
    }
    y = digits(&p);
    n = (double)(1L << z);
    if (y < 0 || p != end - 4 || x >= n || y >= n) {
        return 0;
    }
    *zp = z;
    *xp = x;
    *yp = y;
    return 1;
}

int
dem_climate_tile_latitude(const char *name, double *lat)
{
    long z, x, y;
    double u;
    if (!tile_zxy(name, &z, &x, &y)) {
        return 0;
    }
    u = 3.14159265358979323846 * (1.0 - 2.0 * ((double)y + 0.5) / (double)(1L << z));
    *lat = dem_climate_mercator_latitude(u);
    return 1;
}

int
dem_climate_tile_cell_size(const char *name, int width_px, double *metres)
{
    long z, x, y;
    double lat;
    if (width_px <= 0 || !tile_zxy(name, &z, &x, &y) || !dem_climate_tile_latitude(name, &lat)) {
        return 0;
    }
    /* the equator's length (WGS 84, 2 pi a) times cos(lat), over the
       2^z tiles of width_px pixels around it */
    *metres = 2.0 * 3.14159265358979323846 * 6378137.0 * det_cos(lat * DEG) /
              ((double)(1L << z) * (double)width_px);
    return 1;
}

double
dem_climate_mercator_latitude(double u)
{
    double s, lo, hi;
    int i;
    /* lat = atan(sinh(u)) by bisection on tan(lat) < sinh(u), with
       detmath's sin/cos/exp only: the same bits on every libm. */
    s = 0.5 * (det_exp(u) - det_exp(-u));
    lo = -90.0;
    hi = 90.0;
    for (i = 0; i < 60; i++) {
        double mid = 0.5 * (lo + hi), sn, cs;
        det_sincos(mid * DEG, &sn, &cs);
        if (sn < s * cs) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return 0.5 * (lo + hi);
}

double
dem_climate_latitude(double asked, double georef_lat, const char *source, const char **from)
{
    double lat;
    if (!isnan(asked)) {
        *from = "parameter";
        return asked;
    }
    if (georef_lat >= -90.0 && georef_lat <= 90.0) {
        *from = "georeference";
        return georef_lat;
    }
    if (source != NULL && dem_climate_tile_latitude(source, &lat)) {
        *from = "tile name";
        return lat;
    }
    *from = "default";
    return 45.0;
}
