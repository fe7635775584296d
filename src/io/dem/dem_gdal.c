/* dem_gdal: DEMs through GDAL's C API (see dem_gdal.h). */
#include "config.h"
#include "io/dem/dem_gdal.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cpl_conv.h>
#include <cpl_error.h>
#include <gdal.h>
#include <ogr_srs_api.h>

#include "core/base/grid.h"
#include "core/base/infile.h"
#include "io/dem/crs_scale.h"

static pthread_once_t gdal_once = PTHREAD_ONCE_INIT;

static void
gdal_register(void)
{
    GDALAllRegister();
}

void
dem_gdal_init(void)
{
    pthread_once(&gdal_once, gdal_register);
}

/* GDAL's last message for path as one line (or what when it has none). */
static enum og_status
gdal_fail(struct og_error *err, enum og_status code, const char *path, const char *what)
{
    const char *m = CPLGetLastErrorMsg();
    char line[200];
    size_t i;
    snprintf(line, sizeof line, "%s", m != NULL && m[0] != '\0' ? m : what);
    for (i = 0; line[i] != '\0'; i++) {
        line[i] = line[i] == '\n' || line[i] == '\r' ? ' ' : line[i];
    }
    /* GDAL names the file itself in most messages */
    if (strstr(line, path) != NULL) {
        return og_error_set(err, code, "%s", line);
    }
    return og_error_set(err, code, "%s: %s", path, line);
}

static GDALDatasetH
gdal_open(const char *path, struct og_error *err, enum og_status *st)
{
    GDALDatasetH ds;
    dem_gdal_init();
    CPLErrorReset();
    ds = GDALOpenEx(path, GDAL_OF_RASTER | GDAL_OF_READONLY | GDAL_OF_VERBOSE_ERROR, NULL, NULL, NULL);
    if (ds == NULL) {
        *st = gdal_fail(err, OG_EFORMAT, path, "not a raster GDAL reads");
    } else if (GDALGetRasterCount(ds) < 1) {
        *st = og_error_set(err, OG_EFORMAT, "%s: no raster band", path);
        GDALClose(ds);
        ds = NULL;
    } else {
        *st = OG_OK;
    }
    return ds;
}

/* Metres per unit of a band's unit type; 0 for one not known. */
static double
vertical_unit(const char *u)
{
    static const struct { const char *name; double m; } units[] = {
        { "", 1.0 }, { "m", 1.0 }, { "metre", 1.0 }, { "meter", 1.0 }, { "metres", 1.0 },
        { "meters", 1.0 }, { "ft", 0.3048 }, { "foot", 0.3048 }, { "feet", 0.3048 },
        { "international foot", 0.3048 }, { "US survey foot", 1200.0 / 3937.0 },
        { "ftUS", 1200.0 / 3937.0 }, { "us-ft", 1200.0 / 3937.0 }, { "cm", 0.01 },
        { "mm", 0.001 },
    };
    size_t i;
    for (i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcasecmp(u != NULL ? u : "", units[i].name) == 0) {
            return units[i].m;
        }
    }
    return 0.0;
}

/* The SRS element of io/georef.h for a GDAL CRS (io/dem/crs_scale.h's
 * crs_element_make), malloc'd, NULL when GDAL cannot export it. */
static char *
srs_element(OGRSpatialReferenceH srs)
{
    char *wkt = NULL, *out, axes[64] = "";
    const int *map;
    int nmap = 0, i;
    size_t n = 0;

    if (OSRExportToWkt(srs, &wkt) != OGRERR_NONE || wkt == NULL) {
        CPLFree(wkt);
        return NULL;
    }
    map = OSRGetDataAxisToSRSAxisMapping(srs, &nmap);
    for (i = 0; i < nmap && i < 4; i++) {
        n += (size_t)snprintf(axes + n, sizeof axes - n, i > 0 ? ",%d" : "%d", map[i]);
    }
    out = crs_element_make(wkt, axes);
    CPLFree(wkt);
    return out;
}

/* A raster with no CRS whose cells are a whole number of arc-seconds (1 to
 * 30) and whose corners are longitudes and latitudes is in degrees: SRTM
 * and its ESRI ASCII grids carry no .prj (../shared/data/README.md). It is
 * taken as WGS 84; 1 when so. */
static int
looks_geographic(const double gt[6], int width, int height)
{
    double s = gt[1] * 3600.0, k = floor(s + 0.5);
    double x1 = gt[0] + gt[1] * width, y1 = gt[3] + gt[5] * height;
    return gt[2] == 0.0 && gt[4] == 0.0 && gt[1] > 0.0 && fabs(gt[5]) == gt[1] && k >= 1.0 &&
           k <= 30.0 && fabs(s - k) < 1e-4 && fabs(gt[0]) <= 180.0 && fabs(x1) <= 180.0 &&
           fabs(gt[3]) <= 90.0 && fabs(y1) <= 90.0;
}

static void
georef_from(GDALDatasetH ds, int width, int height, struct georef *g)
{
    OGRSpatialReferenceH srs;
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    if (GDALGetGeoTransform(ds, g->gt) != CE_None) {
        memset(g->gt, 0, sizeof g->gt);
        return;
    }
    g->valid = 1;
    srs = GDALGetSpatialRef(ds);
    if (srs != NULL) {
        g->srs = srs_element(srs);
    } else if (looks_geographic(g->gt, GDALGetRasterXSize(ds), GDALGetRasterYSize(ds))) {
        OGRSpatialReferenceH wgs = OSRNewSpatialReference(NULL);
        if (wgs != NULL && OSRImportFromEPSG(wgs, 4326) == OGRERR_NONE) {
            OSRSetAxisMappingStrategy(wgs, OAMS_TRADITIONAL_GIS_ORDER);
            g->srs = srs_element(wgs);
        }
        if (wgs != NULL) {
            OSRDestroySpatialReference(wgs);
        }
    }
}

enum og_status
dem_gdal_georef(const char *path, int width, int height, struct georef *g, struct og_error *err)
{
    enum og_status st;
    GDALDatasetH ds;

    CPLPushErrorHandler(CPLQuietErrorHandler);
    ds = gdal_open(path, err, &st);
    if (ds != NULL) {
        georef_from(ds, width, height, g);
        GDALClose(ds);
    }
    CPLPopErrorHandler();
    return st;
}

/* Voids: GDAL's mask (no-data value, alpha band, per-dataset mask) and
 * values that are not finite. out->nodata stays NULL when there are none. */
static enum og_status
read_voids(GDALRasterBandH band, const char *path, struct dem_raster *out, struct og_error *err)
{
    size_t i, n = (size_t)out->width * (size_t)out->height, count = 0;
    int flags = GDALGetMaskFlags(band);
    enum og_status st = grid_calloc((void **)&out->nodata, n, 1, "no-data mask", err);

    if (st != OG_OK) {
        return st;
    }
    if (!(flags & GMF_ALL_VALID)) {
        GDALRasterBandH mb = GDALGetMaskBand(band);
        if (mb == NULL || GDALRasterIO(mb, GF_Read, 0, 0, out->width, out->height, out->nodata,
                                       out->width, out->height, GDT_Byte, 0, 0) != CE_None) {
            return gdal_fail(err, OG_EIO, path, "cannot read the no-data mask");
        }
        for (i = 0; i < n; i++) {
            out->nodata[i] = out->nodata[i] == 0;
        }
    }
    for (i = 0; i < n; i++) {
        out->nodata[i] |= !isfinite(out->heights[i]);
        count += out->nodata[i];
        if (out->nodata[i]) {
            out->heights[i] = 0.0f;
        }
    }
    if (count == 0) {
        free(out->nodata);
        out->nodata = NULL;
    }
    return OG_OK;
}

/* Band 1 to metres (see dem_gdal.h). */
static enum og_status
read_heights(GDALDatasetH ds, const char *path, struct dem_raster *out, struct og_error *err)
{
    GDALRasterBandH band = GDALGetRasterBand(ds, 1);
    const char *unit = GDALGetRasterUnitType(band);
    double um = vertical_unit(unit), scale, offset;
    int has_scale = 0, has_offset = 0;
    size_t i, n;
    enum og_status st;

    if (um == 0.0) {
        return og_error_set(err, OG_EFORMAT, "%s: vertical unit '%s' is not one of m, ft, "
                            "US survey foot, cm, mm", path, unit);
    }
    scale = GDALGetRasterScale(band, &has_scale);
    offset = GDALGetRasterOffset(band, &has_offset);
    scale = has_scale && scale != 0.0 ? scale : 1.0;
    offset = has_offset ? offset : 0.0;
    st = grid_cells(&n, out->width, out->height, (size_t)DEM_GDAL_MAX_SIDE * DEM_GDAL_MAX_SIDE,
                    path, err);
    if (st == OG_OK) {
        st = grid_malloc((void **)&out->heights, n, sizeof(float), "elevation model", err);
    }
    if (st != OG_OK) {
        return st;
    }
    if (GDALRasterIO(band, GF_Read, 0, 0, out->width, out->height, out->heights, out->width,
                     out->height, GDT_Float32, 0, 0) != CE_None) {
        return gdal_fail(err, OG_EIO, path, "cannot read band 1");
    }
    if ((st = read_voids(band, path, out, err)) != OG_OK) {
        return st;
    }
    if (scale != 1.0 || offset != 0.0 || um != 1.0) {
        for (i = 0; i < n; i++) {
            if (out->nodata == NULL || !out->nodata[i]) {
                out->heights[i] = (float)(((double)out->heights[i] * scale + offset) * um);
            }
        }
    }
    return OG_OK;
}

enum og_status
dem_gdal_size(const char *path, int *width, int *height, struct og_error *err)
{
    GDALDatasetH ds;
    enum og_status st;

    *width = *height = 0;
    CPLPushErrorHandler(CPLQuietErrorHandler);
    ds = gdal_open(path, err, &st);
    if (ds != NULL) {
        *width = GDALGetRasterXSize(ds);
        *height = GDALGetRasterYSize(ds);
        GDALClose(ds);
    }
    CPLPopErrorHandler();
    return st;
}

enum og_status
dem_gdal_read(const char *path, struct dem_raster *out, struct og_error *err)
{
    GDALDatasetH ds;
    enum og_status st;
    struct georef g;

    memset(out, 0, sizeof *out);
    memset(&g, 0, sizeof g);
    CPLPushErrorHandler(CPLQuietErrorHandler);
    ds = gdal_open(path, err, &st);
    if (ds != NULL) {
        int w = GDALGetRasterXSize(ds), h = GDALGetRasterYSize(ds);
        if (w < 1 || h < 1 || w > DEM_GDAL_MAX_SIDE || h > DEM_GDAL_MAX_SIDE) {
            st = og_error_set(err, OG_ERANGE, "%s: raster size %dx%d outside [1, %d]", path, w,
                              h, DEM_GDAL_MAX_SIDE);
        } else {
            out->width = w;
            out->height = h;
            out->channels = 1;
            out->bit_depth = 32;
            st = read_heights(ds, path, out, err);
            georef_from(ds, w, h, &g);
        }
        GDALClose(ds);
    }
    CPLPopErrorHandler();
    if (st == OG_OK) {
        double m[2];
        snprintf(out->source, sizeof out->source, "%s", path);
        if (georef_cell_metres(&g, m)) {
            out->cell_m[0] = m[0];
            out->cell_m[1] = m[1];
        }
        out->has_georef_lat = georef_centre_latitude(&g, &out->georef_lat);
    } else {
        dem_raster_fini(out);
    }
    georef_free(&g);
    return st;
}
