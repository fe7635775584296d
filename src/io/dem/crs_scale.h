/* crs_scale: the ground size of a projected raster's cells.
 *
 * A projected CRS's metres are not ground metres: a conformal projection
 * stretches the ground by its scale factor k (Web Mercator: k = 1/cos(lat),
 * 1.53 at 49 degrees north; UTM 0.9996 on its central meridian). The
 * ground size of a cell is measured, not looked up: the centre of the
 * raster and the points half a cell away along its columns and rows are
 * transformed to the CRS's own geographic CRS (GDAL's OSR, PROJ), and the
 * steps in longitude and latitude become metres on its ellipsoid with the
 * radii of curvature at that latitude: east-west N cos(lat) dlon,
 * north-south M dlat, N = a / sqrt(1 - e^2 sin^2 lat), M = a (1 - e^2) /
 * (1 - e^2 sin^2 lat)^(3/2) (doc/scale.md). Exact to the ellipsoid's own
 * accuracy for a one-cell step. The maths after PROJ is libm-free
 * (core/base/detmath.h); PROJ's own transform is the one libm step. */
#ifndef OROGEN_IO_DEM_CRS_SCALE_H
#define OROGEN_IO_DEM_CRS_SCALE_H

/* Ground metres per cell of a raster (width x height, GDAL geotransform gt)
 * in the projected CRS of srs, an io/georef.h <SRS> element (WKT, XML
 * escaped): out[0] along a row (east-west), out[1] along a column.
 * Returns 1 with out set; 0 when srs is not a projected CRS GDAL knows, or
 * the transform fails (out untouched). */
int crs_ground_cell(const char *srs, const double gt[6], int width, int height, double out[2]);

/* The WKT inside an io/georef.h <SRS ...>...</SRS> element, with its XML
 * entities (&quot; &amp; &lt; &gt; &apos;) unescaped: malloc'd, or NULL
 * when srs holds no element or memory is short. */
char *crs_element_wkt(const char *srs);

/* Its inverse: the <SRS dataAxisToSRSAxisMapping="axes">WKT</SRS> element
 * of io/georef.h for wkt, with & < > " XML-escaped; axes is GDAL's data
 * axis to CRS axis mapping as "1,2". malloc'd, or NULL when memory is
 * short. */
char *crs_element_make(const char *wkt, const char *axes);

#endif
