/* projection: map projections of a planet's sphere (issue 25) for the map
 * sampler (render/mapimg.h: struct map_view's projection). A map is the
 * square [0,1]^2 of (u right, v down) stretched over the picture:
 *   equirectangular  longitude -180..180 left to right, latitude 90..-90
 *                    top to bottom (plate carree; 2:1 pictures)
 *   orthographic     the globe seen from infinitely far, centred on the
 *                    world's planet.globe_yaw and planet.globe_pitch, the
 *                    disc filling the picture's height (1:1 pictures)
 *   mollweide        equal-area, the whole sphere in a 2:1 ellipse
 *                    (Snyder, "Map Projections: A Working Manual", 1987,
 *                    p. 249-252), central meridian 0
 * Longitude 0 is the +x axis, latitude the angle from the equator towards
 * +z. */
#ifndef OROGEN_RENDER_PROJECTION_H
#define OROGEN_RENDER_PROJECTION_H

enum projection {
    PROJ_EQUIRECTANGULAR = 0,
    PROJ_ORTHOGRAPHIC,
    PROJ_MOLLWEIDE,
    PROJ_COUNT
};

/* "equirectangular", "orthographic", "mollweide"; NULL past the end. */
const char *projection_name(int p);

/* The projection named name, or -1. */
int projection_find(const char *name);

/* The unit vector q of map point (u, v) in projection p, centred for
 * orthographic on longitude lon0 and latitude lat0 (degrees); returns 0
 * (q untouched) off the projection's domain (outside the disc or ellipse,
 * or the map square). */
int projection_inverse(int p, double lon0, double lat0, double u, double v, double *q);

/* The map point of longitude lon, latitude lat (degrees) in projection p
 * into (u, v); returns 0 when hidden (the far side of an orthographic
 * map). */
int projection_forward(int p, double lon0, double lat0, double lon, double lat, double *u,
                       double *v);

/* Radians of the sphere per unit of v near the map's centre: pi for the
 * equirectangular and Mollweide maps, 2 for the orthographic. */
double projection_scale(int p);

/* The picture's natural width / height: 2, 1, 2. */
double projection_aspect(int p);

#endif
