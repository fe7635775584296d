/* georef_origin: a generated flat world placed in a real CRS with
 * --georef EPSG:CODE,EASTING,NORTHING (doc/grid.md, doc/engines.md).
 *
 * The world's local coordinates (metres east and north of its map
 * square's south-west corner, the local engineering CRS its outputs carry
 * otherwise) are shifted so that its south-west corner lies at (EASTING,
 * NORTHING) of the projected CRS EPSG:CODE, in that CRS's linear unit
 * (metres for UTM; a CRS in feet gets the world's metres converted). The
 * GeoJSON, GeoTIFF and every world file's .aux.xml then name the CRS, so
 * gdalinfo and ogrinfo report EPSG:CODE. GDAL's EPSG database decides
 * which codes exist. */
#ifndef OROGEN_IO_GEOREF_ORIGIN_H
#define OROGEN_IO_GEOREF_ORIGIN_H

#include "core/base/og_error.h"

struct georef_origin {
    int given;
    int epsg;                /* the CRS's EPSG code */
    double east, north;      /* the south-west corner, in the CRS's unit */
    /* set by georef_origin_resolve: */
    char *srs;               /* <SRS ...>WKT</SRS> (io/georef.h), malloc'd */
    double unit_m;           /* metres per CRS unit */
};

/* Parse "EPSG:CODE,EASTING,NORTHING" (EPSG case-insensitive, the numbers
 * decimal, spaces after the commas allowed) into o (given = 1). Errors:
 * OG_EINVAL with one line naming text: not that form, a code outside
 * 1..999999, a coordinate that is not a finite number within +-1e9. */
enum og_status georef_origin_parse(const char *text, struct georef_origin *o,
                                   struct og_error *err);

/* Look the code up in GDAL's EPSG database: o->srs and o->unit_m. Errors:
 * OG_EINVAL "--georef EPSG:N: ..." for a code GDAL does not know, a
 * geographic CRS (degrees cannot take a map in metres) or one without a
 * linear unit; OG_ENOMEM. */
enum og_status georef_origin_resolve(struct georef_origin *o, struct og_error *err);

void georef_origin_free(struct georef_origin *o);

#endif
