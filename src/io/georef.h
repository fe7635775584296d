/* georef: georeferencing of rasters through sidecar files, the way GDAL
 * reads them (GDAL's "world file" and PAM .aux.xml conventions).
 *
 * A world file (NAME.pgw, NAME.pngw or NAME.wld beside NAME.png) holds six
 * lines A, D, B, E, C, F: x = A * col + B * row + C and y = D * col + E *
 * row + F for the centre of pixel (col, row). NAME.png.aux.xml may hold the
 * CRS (<SRS>...</SRS>) and a <GeoTransform> (the same map for the pixel's
 * top-left corner: GT0 + GT1 * col + GT2 * row, GT3 + GT4 * col + GT5 *
 * row). An input DEM's georeferencing is read once; every raster written
 * from it gets a world file and, when the input had a CRS, an .aux.xml with
 * the same <SRS>, scaled to its size and shifted to its window, so GDAL
 * reports the same origin and pixel size for an output of the input's size.
 * Sidecars are written atomically with their raster (io/outfile.h). */
#ifndef OROGEN_IO_GEOREF_H
#define OROGEN_IO_GEOREF_H

#include "core/base/og_error.h"
#include "io/raster/heightmap.h"

struct georef {
    int valid;
    double gt[6];        /* GDAL geotransform of the source raster (corner based) */
    int width, height;   /* the source raster's size */
    char *srs;           /* the <SRS ...>...</SRS> element, or NULL */
};

/* Read the sidecars of raster (width x height): world file first (.pgw,
 * .pngw, .wld with the extension replaced, then appended), then .aux.xml.
 * A raster that is not a PNG is read by GDAL (io/dem/dem_gdal.h): its own
 * geotransform and CRS (GeoTIFF tags, .hgt names) or GDAL's sidecars.
 * No sidecar leaves g->valid 0. Errors: OG_EFORMAT naming a malformed
 * world file or GeoTransform: a term that is not a finite number, a pixel
 * of zero area, a term or a corner of the raster beyond +-1e9 (metres,
 * feet or degrees: ten times the Earth's circumference). */
enum og_status georef_read(const char *raster, int width, int height, struct georef *g,
                           struct og_error *err);

void georef_free(struct georef *g);

/* The names georef_write gives the sidecars of the raster path: world
 * (.pgw for .png, else .wld, replacing the extension) and aux
 * (PATH.aux.xml), each of size bytes. */
void georef_sidecars(const char *path, char *world, char *aux, size_t size);

/* Mark every sidecar of raster that exists as an input of this run
 * (io/outfile_target.h), so no output replaces it. */
void georef_protect_sidecars(const char *raster);

/* 1 when g's CRS is geographic (GEOGCS/GEOGCRS/GEODCRS without a
 * projection: longitude and latitude), else 0 (also without a CRS). */
int georef_is_geographic(const struct georef *g);

/* Metres per pixel of the source raster, east-west (out[0]) and
 * north-south (out[1]), the sizes of the pixel's two sides (hypot of the
 * geotransform's columns):
 *   geographic CRS (GEOGCS/GEOGCRS without a projection): degrees to metres
 *     at the latitude of the raster's centre on the WGS 84 ellipsoid,
 *     pi/180 x N(lat) cos(lat) per degree of longitude and pi/180 x M(lat)
 *     per degree of latitude (N, M: the prime-vertical and meridional radii
 *     of curvature); datums other than WGS 84 differ by well under 0.1 %;
 *   projected CRS: ground metres through the projection's scale factor at
 *     the raster's centre (io/dem/crs_scale.h: Web Mercator's 1/cos(lat),
 *     UTM's 0.9996...); when GDAL does not know the CRS, the pixel size
 *     times its linear unit (the last UNIT / LENGTHUNIT element, metre = 1);
 *   no CRS (a world file alone): the pixel size taken as metres, as orogen
 *     writes them for --extent worlds.
 * Returns 1 with out set, 0 (out zero) when g is not valid or the result is
 * not a positive finite size. */
int georef_cell_metres(const struct georef *g, double out[2]);

/* Latitude (degrees) of the raster's centre: a geographic CRS (as above)
 * reads it from the geotransform; a Web Mercator CRS ("Pseudo-Mercator" or
 * EPSG 3857 in the SRS) converts the centre's northing y metres by
 * lat = atan(sinh(y / 6378137)) (core/biome/dem_climate.h, det_* arithmetic).
 * Returns 1 with *lat set, 0 for no georeferencing, another projection or
 * a latitude outside -90..90. For the dem climate (doc/hydrology.md). */
int georef_centre_latitude(const struct georef *g, double *lat);

/* The corner-based geotransform (GDAL's) of window win of a win->width x
 * win->height raster of the same map square as g: ax (render/sample.h
 * sample_axes of the whole raster) places the data samples, pixel (x, y)
 * centred on map point (ax[0] + ax[1] x, ax[2] + ax[3] y); ax NULL is a
 * picture's pixel-is-area, pixel (x, y) covering [x, x + 1] / width. */
void georef_window_gt(const struct georef *g, const struct raster_window *win,
                      const double *ax, double gt[6]);

/* Write the sidecars for an output raster covering window win (as
 * georef_window_gt with ax): PATH's world file (.pgw for .png, else
 * PATH.wld) and, with a CRS, PATH.aux.xml. Nothing when g is not valid.
 * Errors: OG_EIO naming the file. */
enum og_status georef_write(const struct georef *g, const struct raster_window *win,
                            const double *ax, const char *path, struct og_error *err);

#endif
