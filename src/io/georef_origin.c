/* georef_origin: --georef EPSG:CODE,EASTING,NORTHING (see georef_origin.h). */
#include "config.h"
#include "io/georef_origin.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef HAVE_GDAL   /* configure --without-gdal: --georef is refused (below) */
#include <cpl_conv.h>
#include <cpl_error.h>
#include <ogr_srs_api.h>

#include "io/dem/crs_scale.h"
#include "io/dem/dem_gdal.h"
#endif

/* The largest coordinate taken, as io/georef.c's world files. */
#define ORIGIN_COORD_MAX 1e9

/* One number of the list at *p, ending at a comma (next) or the end. */
static int
parse_number(const char **p, int last, double *out)
{
    char *end;
    while (**p == ' ') {
        (*p)++;
    }
    errno = 0;
    *out = strtod(*p, &end);
    if (end == *p || errno != 0 || (last ? *end != '\0' : *end != ',')) {
        return -1;
    }
    *p = last ? end : end + 1;
    return 0;
}

enum og_status
georef_origin_parse(const char *text, struct georef_origin *o, struct og_error *err)
{
    const char *p = text;
    double code;

    memset(o, 0, sizeof *o);
    if (strncasecmp(p, "EPSG:", 5) != 0) {
        return og_error_set(err, OG_EINVAL, "--georef '%s' is not EPSG:CODE,EASTING,NORTHING "
                            "(e.g. EPSG:32610,491000,5456000)", text);
    }
    p += 5;
    if (parse_number(&p, 0, &code) != 0 || parse_number(&p, 0, &o->east) != 0 ||
        parse_number(&p, 1, &o->north) != 0) {
        return og_error_set(err, OG_EINVAL, "--georef '%s' is not EPSG:CODE,EASTING,NORTHING "
                            "(e.g. EPSG:32610,491000,5456000)", text);
    }
    if (!(code >= 1.0 && code <= 999999.0) || code != floor(code)) {
        return og_error_set(err, OG_EINVAL, "--georef '%s': the EPSG code is not a whole "
                            "number in 1..999999", text);
    }
    if (!(fabs(o->east) <= ORIGIN_COORD_MAX && fabs(o->north) <= ORIGIN_COORD_MAX)) {
        return og_error_set(err, OG_EINVAL, "--georef '%s': the origin is not a finite "
                            "number within +-1e9", text);
    }
    o->epsg = (int)code;
    o->given = 1;
    return OG_OK;
}

#ifdef HAVE_GDAL
enum og_status
georef_origin_resolve(struct georef_origin *o, struct og_error *err)
{
    OGRSpatialReferenceH srs;
    char *wkt = NULL, map[32];
    const int *axes;
    int naxes = 0;
    enum og_status st = OG_OK;

    free(o->srs);
    o->srs = NULL;
    dem_gdal_init();
    CPLPushErrorHandler(CPLQuietErrorHandler);
    srs = OSRNewSpatialReference(NULL);
    if (srs == NULL || OSRImportFromEPSG(srs, o->epsg) != OGRERR_NONE) {
        st = og_error_set(err, OG_EINVAL, "--georef EPSG:%d: GDAL's EPSG database has no such "
                          "CRS", o->epsg);
    } else if (!OSRIsProjected(srs)) {
        st = og_error_set(err, OG_EINVAL, "--georef EPSG:%d: not a projected CRS (%s); give "
                          "one in metres or feet, e.g. the UTM zone EPSG:326NN", o->epsg,
                          OSRIsGeographic(srs) ? "longitude and latitude in degrees"
                                               : "no map coordinates");
    } else if (!((o->unit_m = OSRGetLinearUnits(srs, NULL)) > 0.0) || !isfinite(o->unit_m)) {
        st = og_error_set(err, OG_EINVAL, "--georef EPSG:%d: the CRS has no linear unit",
                          o->epsg);
    } else {
        OSRSetAxisMappingStrategy(srs, OAMS_TRADITIONAL_GIS_ORDER);
        axes = OSRGetDataAxisToSRSAxisMapping(srs, &naxes);
        snprintf(map, sizeof map, "%d,%d", naxes >= 2 ? axes[0] : 1, naxes >= 2 ? axes[1] : 2);
        if (OSRExportToWkt(srs, &wkt) != OGRERR_NONE || wkt == NULL ||
            (o->srs = crs_element_make(wkt, map)) == NULL) {
            st = og_error_set(err, OG_ENOMEM, "--georef EPSG:%d: out of memory for its WKT",
                              o->epsg);
        }
    }
    CPLFree(wkt);
    if (srs != NULL) {
        OSRDestroySpatialReference(srs);
    }
    CPLPopErrorHandler();
    return st;
}
#else
enum og_status
georef_origin_resolve(struct georef_origin *o, struct og_error *err)
{
    return og_error_set(err, OG_EUNSUPPORTED, "--georef EPSG:%d: this orogen was built without "
                        "GDAL (configure --without-gdal)", o->epsg);
}
#endif

void
georef_origin_free(struct georef_origin *o)
{
    free(o->srs);
    o->srs = NULL;
}
