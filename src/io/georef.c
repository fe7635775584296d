/* georef: world files and .aux.xml sidecars (see georef.h). */
#include "config.h"
#include "io/georef.h"

#include "core/base/detmath.h"
#include "core/biome/dem_climate.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/base/infile.h"
#include "io/dem/crs_scale.h"
#include "io/dem/dem_exr.h"
#include "io/dem/dem_gdal.h"
#include "io/outfile.h"
#include "io/outfile_target.h"

/* A small text file (at most 1 MiB) into a malloc'd string, NULL if absent. */
static char *
slurp_text(const char *path)
{
    struct stat sb;
    FILE *f;
    char *s;
    size_t n;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > (1 << 20)) {
        return NULL;
    }
    f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    s = malloc((size_t)sb.st_size + 1);
    if (s == NULL) {
        fclose(f);
        return NULL;
    }
    n = fread(s, 1, (size_t)sb.st_size, f);
    s[n] = '\0';
    fclose(f);
    return s;
}

/* path with its extension replaced by ext (or ext appended when there is
 * none). */
static void
with_ext(const char *path, const char *ext, int replace, char *out, size_t size)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    if (replace && dot != NULL && (slash == NULL || dot > slash)) {
        snprintf(out, size, "%.*s%s", (int)(dot - path), path, ext);
    } else {
        snprintf(out, size, "%s%s", path, ext);
    }
}

/* The largest coordinate or pixel size taken (1e9: ten times the Earth's
 * circumference in metres or feet, far beyond any degree value). */
#define GEOREF_COORD_MAX 1e9

/* A geotransform that places a width x height raster sanely: every term
 * finite and within GEOREF_COORD_MAX, pixels of non-zero area, and the
 * raster's four corners within GEOREF_COORD_MAX (issue 28 item 4).
 * Errors: OG_EFORMAT naming path. */
static enum og_status
validate_gt(const char *path, const double gt[6], int width, int height, struct og_error *err)
{
    static const char *const name[6] = { "x origin", "x pixel size", "row rotation",
                                         "y origin", "column rotation", "y pixel size" };
    double det = gt[1] * gt[5] - gt[2] * gt[4];
    int i, cx, cy;

    for (i = 0; i < 6; i++) {
        if (!isfinite(gt[i])) {
            return og_error_set(err, OG_EFORMAT, "%s: the %s is not a finite number", path,
                                name[i]);
        }
        if (fabs(gt[i]) > GEOREF_COORD_MAX) {
            return og_error_set(err, OG_EFORMAT, "%s: the %s %.6g is beyond +-1e9", path,
                                name[i], gt[i]);
        }
    }
    if (!(fabs(det) > 0.0) || !isfinite(det)) {
        return og_error_set(err, OG_EFORMAT, "%s: the pixel size is zero", path);
    }
    for (cy = 0; cy <= 1; cy++) {
        for (cx = 0; cx <= 1; cx++) {
            double x = gt[0] + gt[1] * cx * width + gt[2] * cy * height;
            double y = gt[3] + gt[4] * cx * width + gt[5] * cy * height;
            if (!(fabs(x) <= GEOREF_COORD_MAX && fabs(y) <= GEOREF_COORD_MAX)) {
                return og_error_set(err, OG_EFORMAT, "%s: the raster's corner (%.6g, %.6g) is "
                                    "beyond +-1e9", path, x, y);
            }
        }
    }
    return OG_OK;
}

static enum og_status
parse_world_file(const char *path, const char *text, double gt[6], struct og_error *err)
{
    double v[6];
    const char *p = text;
    char *end;
    int i;
    for (i = 0; i < 6; i++) {
        errno = 0;
        v[i] = strtod(p, &end);
        if (end == p || errno != 0 || !isfinite(v[i])) {
            return og_error_set(err, OG_EFORMAT, "%s: line %d is not a number (a world file "
                                "has six)", path, i + 1);
        }
        p = end;
    }
    /* A D B E C F (pixel centres) -> corner-based geotransform */
    gt[1] = v[0];
    gt[4] = v[1];
    gt[2] = v[2];
    gt[5] = v[3];
    gt[0] = v[4] - 0.5 * v[0] - 0.5 * v[2];
    gt[3] = v[5] - 0.5 * v[1] - 0.5 * v[3];
    return OG_OK;
}

enum og_status
georef_read(const char *raster, int width, int height, struct georef *g, struct og_error *err)
{
    static const char *const exts[] = { ".pgw", ".pngw", ".wld" };
    char path[PATH_MAX + 16];
    char *text = NULL, *aux;
    enum og_status st;
    int i, r;

    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    if (infile_is_regular(raster) && !dem_file_is_png(raster) && !dem_file_is_exr(raster)) {
        /* GeoTIFF, .hgt, ASCII grid...: GDAL reads the file's own
           georeferencing and its sidecars (io/dem/dem_gdal.h) */
        return dem_gdal_georef(raster, width, height, g, err);
    }
    for (r = 1; r >= 0 && text == NULL; r--) {
        for (i = 0; i < 3 && text == NULL; i++) {
            with_ext(raster, exts[i], r, path, sizeof path);
            text = slurp_text(path);
        }
    }
    if (text != NULL) {
        st = parse_world_file(path, text, g->gt, err);
        if (st == OG_OK) {
            st = validate_gt(path, g->gt, width, height, err);
        }
        free(text);
        if (st != OG_OK) {
            return st;
        }
        g->valid = 1;
    }
    snprintf(path, sizeof path, "%s.aux.xml", raster);
    aux = slurp_text(path);
    if (aux != NULL) {
        char *s = strstr(aux, "<SRS"), *e = s != NULL ? strstr(s, "</SRS>") : NULL;
        char *t = strstr(aux, "<GeoTransform>");
        if (s != NULL && e != NULL) {
            size_t n = (size_t)(e - s) + 6;
            g->srs = malloc(n + 1);
            if (g->srs != NULL) {
                memcpy(g->srs, s, n);
                g->srs[n] = '\0';
            }
        }
        if (!g->valid && t != NULL) {
            char *p = t + 14, *end;
            for (i = 0; i < 6; i++) {
                g->gt[i] = strtod(p, &end);
                if (end == p || !isfinite(g->gt[i])) {
                    free(aux);
                    georef_free(g);
                    return og_error_set(err, OG_EFORMAT, "%s: GeoTransform needs six numbers",
                                        path);
                }
                p = end;
                while (*p == ',' || *p == ' ') {
                    p++;
                }
            }
            if ((st = validate_gt(path, g->gt, width, height, err)) != OG_OK) {
                free(aux);
                georef_free(g);
                return st;
            }
            g->valid = 1;
        }
        free(aux);
    }
    if (g->srs != NULL && !g->valid) {
        /* a CRS without a transform places nothing */
        free(g->srs);
        g->srs = NULL;
    }
    return OG_OK;
}

void
georef_sidecars(const char *path, char *world, char *aux, size_t size)
{
    const char *dot = strrchr(path, '.');

    with_ext(path, dot != NULL && strcmp(dot, ".png") == 0 ? ".pgw" : ".wld", 1, world, size);
    snprintf(aux, size, "%s.aux.xml", path);
}

void
georef_protect_sidecars(const char *raster)
{
    static const char *const exts[] = { ".pgw", ".pngw", ".wld" };
    char path[PATH_MAX + 16];
    int i, r;

    for (r = 1; r >= 0; r--) {
        for (i = 0; i < 3; i++) {
            with_ext(raster, exts[i], r, path, sizeof path);
            outfile_protect_input(path, "georeferencing");
        }
    }
    snprintf(path, sizeof path, "%s.aux.xml", raster);
    outfile_protect_input(path, "georeferencing");
}

void
georef_free(struct georef *g)
{
    free(g->srs);
    g->srs = NULL;
    g->valid = 0;
}

void
georef_window_gt(const struct georef *g, const struct raster_window *win, const double *ax,
                 double gt[6])
{
    double area[4], u, v;

    if (ax == NULL) {
        area[0] = 0.5 / win->width;
        area[1] = 1.0 / win->width;
        area[2] = 0.5 / win->height;
        area[3] = 1.0 / win->height;
        ax = area;
    }
    /* the window's top-left pixel corner in source pixels */
    u = (ax[0] + ax[1] * (win->x0 - 0.5)) * g->width;
    v = (ax[2] + ax[3] * (win->y0 - 0.5)) * g->height;
    gt[1] = g->gt[1] * ax[1] * g->width;
    gt[4] = g->gt[4] * ax[1] * g->width;
    gt[2] = g->gt[2] * ax[3] * g->height;
    gt[5] = g->gt[5] * ax[3] * g->height;
    gt[0] = g->gt[0] + g->gt[1] * u + g->gt[2] * v;
    gt[3] = g->gt[3] + g->gt[4] * u + g->gt[5] * v;
}

enum og_status
georef_write(const struct georef *g, const struct raster_window *win, const double *ax,
             const char *path, struct og_error *err)
{
    char side[PATH_MAX + 16], aux[PATH_MAX + 16], text[512];
    double gt[6];
    enum og_status st;
    int n;

    if (g == NULL || !g->valid) {
        return OG_OK;
    }
    georef_window_gt(g, win, ax, gt);
    n = snprintf(text, sizeof text, "%.17g\n%.17g\n%.17g\n%.17g\n%.17g\n%.17g\n", gt[1], gt[4],
                 gt[2], gt[5], gt[0] + 0.5 * gt[1] + 0.5 * gt[2],
                 gt[3] + 0.5 * gt[4] + 0.5 * gt[5]);
    georef_sidecars(path, side, aux, sizeof side);
    st = outfile_write(side, text, (size_t)n, err);
    if (st != OG_OK || g->srs == NULL) {
        return st;
    }
    {
        size_t len = strlen(g->srs) + 64;
        char *xml = malloc(len);
        if (xml == NULL) {
            return og_error_set(err, OG_ENOMEM, "out of memory for %s.aux.xml", path);
        }
        n = snprintf(xml, len, "<PAMDataset>\n  %s\n</PAMDataset>\n", g->srs);
        st = outfile_write(aux, xml, (size_t)n, err);
        free(xml);
    }
    return st;
}

/* The factor of the last UNIT[...] or LENGTHUNIT[...] element of a WKT
 * text (quotes plain or as &quot;), 1 when there is none. */
static double
wkt_linear_unit(const char *wkt)
{
    const char *p = wkt, *last = NULL;
    double f;
    char *end;
    while ((p = strstr(p, "UNIT[")) != NULL) {
        last = p;
        p += 5;
    }
    if (last == NULL || (p = strchr(last, ',')) == NULL) {
        return 1.0;
    }
    f = strtod(p + 1, &end);
    return end != p + 1 && f > 0.0 && isfinite(f) ? f : 1.0;
}

int
georef_is_geographic(const struct georef *g)
{
    return g != NULL && g->srs != NULL && strstr(g->srs, "PROJCS[") == NULL &&
           strstr(g->srs, "PROJCRS[") == NULL &&
           (strstr(g->srs, "GEOGCS[") != NULL || strstr(g->srs, "GEOGCRS[") != NULL ||
            strstr(g->srs, "GEODCRS[") != NULL);
}

int
georef_cell_metres(const struct georef *g, double out[2])
{
    double px, py;
    out[0] = out[1] = 0.0;
    if (g == NULL || !g->valid) {
        return 0;
    }
    px = det_hypot(g->gt[1], g->gt[4]);
    py = det_hypot(g->gt[2], g->gt[5]);
    if (georef_is_geographic(g)) {
        /* WGS 84: a = 6378137 m, f = 1 / 298.257223563 */
        const double a = 6378137.0, f = 1.0 / 298.257223563, e2 = f * (2.0 - f);
        double lat = g->gt[3] + 0.5 * g->gt[4] * g->width + 0.5 * g->gt[5] * g->height;
        double phi = lat * M_PI / 180.0, s, c, d, N, M;
        det_sincos(phi, &s, &c);
        d = 1.0 - e2 * s * s;
        N = a / sqrt(d);
        M = a * (1.0 - e2) / (d * sqrt(d));
        if (!(fabs(lat) <= 90.0)) {
            return 0;
        }
        px *= M_PI / 180.0 * N * c;
        py *= M_PI / 180.0 * M;
    } else if (g->srs != NULL) {
        /* ground metres through the projection's scale factor
           (io/dem/crs_scale.h), else the CRS's linear unit */
        double m[2], u = wkt_linear_unit(g->srs);
        if (g->width > 0 && g->height > 0 && crs_ground_cell(g->srs, g->gt, g->width, g->height, m)) {
            px = m[0];
            py = m[1];
        } else {
            px *= u;
            py *= u;
        }
    }
    if (!(px > 0.0 && py > 0.0 && isfinite(px) && isfinite(py))) {
        return 0;
    }
    out[0] = px;
    out[1] = py;
    return 1;
}

int
georef_centre_latitude(const struct georef *g, double *lat)
{
    double y;
    if (g == NULL || !g->valid || g->srs == NULL) {
        return 0;
    }
    y = g->gt[3] + 0.5 * g->gt[4] * g->width + 0.5 * g->gt[5] * g->height;
    if (georef_is_geographic(g)) {
        *lat = y;
    } else if (strstr(g->srs, "Pseudo-Mercator") != NULL || strstr(g->srs, "\"3857\"") != NULL ||
               strstr(g->srs, ",3857]") != NULL) {
        *lat = dem_climate_mercator_latitude(y * wkt_linear_unit(g->srs) / 6378137.0);
    } else {
        return 0;
    }
    return *lat >= -90.0 && *lat <= 90.0;
}
