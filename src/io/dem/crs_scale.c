/* crs_scale: ground cell sizes of projected rasters (see crs_scale.h). */
#include "config.h"
#include "io/dem/crs_scale.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cpl_error.h>
#include <ogr_srs_api.h>

#include "core/base/detmath.h"
#include "io/dem/dem_gdal.h"

/* Metres between two nearby geographic points (degrees) on an ellipsoid of
 * semi-major axis a and eccentricity squared e2, at their mean latitude. */
static double
step_metres(const double lon[2], const double lat[2], double a, double e2)
{
    double phi = 0.5 * (lat[0] + lat[1]) * M_PI / 180.0, s, c, d, N, M;
    double dlon = lon[1] - lon[0];
    det_sincos(phi, &s, &c);  /* libm-free: the cell size decides output bytes */
    d = 1.0 - e2 * s * s;
    N = a / sqrt(d);
    M = a * (1.0 - e2) / (d * sqrt(d));
    dlon -= 360.0 * floor(dlon / 360.0 + 0.5);
    return det_hypot(dlon * M_PI / 180.0 * N * c, (lat[1] - lat[0]) * M_PI / 180.0 * M);
}

int
crs_ground_cell(const char *srs, const double gt[6], int width, int height, double out[2])
{
    char *wkt = crs_element_wkt(srs);
    OGRSpatialReferenceH p = NULL, geo = NULL;
    OGRCoordinateTransformationH ct = NULL;
    double m[2];
    int ok = 0, k;

    if (wkt == NULL) {
        return 0;
    }
    dem_gdal_init();
    CPLPushErrorHandler(CPLQuietErrorHandler);
    p = OSRNewSpatialReference(NULL);
    if (p != NULL && OSRImportFromWkt(p, &(char *){ wkt }) == OGRERR_NONE && OSRIsProjected(p)) {
        geo = OSRCloneGeogCS(p);
    }
    if (geo != NULL) {
        OSRSetAxisMappingStrategy(p, OAMS_TRADITIONAL_GIS_ORDER);
        OSRSetAxisMappingStrategy(geo, OAMS_TRADITIONAL_GIS_ORDER);
        ct = OCTNewCoordinateTransformation(p, geo);
    }
    if (ct != NULL) {
        double a = OSRGetSemiMajor(geo, NULL), inv = OSRGetInvFlattening(geo, NULL);
        double f = inv > 0.0 ? 1.0 / inv : 0.0, e2 = f * (2.0 - f);
        double cx = 0.5 * width, cy = 0.5 * height;
        /* centre -/+ half a cell along a row (k = 0) and a column (k = 1) */
        for (k = 0, ok = a > 0.0; k < 2 && ok; k++) {
            double x[2], y[2], z[2] = { 0.0, 0.0 }, c, r;
            int i;
            for (i = 0; i < 2; i++) {
                c = cx + (k == 0 ? i - 0.5 : 0.0);
                r = cy + (k == 1 ? i - 0.5 : 0.0);
                x[i] = gt[0] + c * gt[1] + r * gt[2];
                y[i] = gt[3] + c * gt[4] + r * gt[5];
            }
            ok = OCTTransform(ct, 2, x, y, z) != 0;
            if (ok) {
                m[k] = step_metres(x, y, a, e2);
                ok = isfinite(m[k]) && m[k] > 0.0;
            }
        }
        OCTDestroyCoordinateTransformation(ct);
        if (ok) {
            out[0] = m[0];
            out[1] = m[1];
        }
    }
    if (geo != NULL) {
        OSRDestroySpatialReference(geo);
    }
    if (p != NULL) {
        OSRDestroySpatialReference(p);
    }
    CPLPopErrorHandler();
    free(wkt);
    return ok;
}
