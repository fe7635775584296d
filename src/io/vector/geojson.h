/* geojson: rivers, lakes, coasts and biome regions of a world as an RFC 7946
 * GeoJSON FeatureCollection.
 *
 * Features (each with a "kind" property):
 *   river  LineString from a source down its main stem: through
 *          confluences where it carries the most flow, ending at the coast
 *          (an outlet: ocean or the map's edge), at a lake, or where it
 *          joins a larger river (a point of that river's line). Properties
 *          flow (accumulated at the last point, the world's rain units),
 *          width (widest point, in coordinate units), end ("coast", "edge",
 *          "lake", "confluence", "basin": a closed basin's playa or floor,
 *          where the water stays).
 *   land   Polygon of each landmass (its rings are the coastlines).
 *   lake   Polygon of each lake.
 *   playa  Polygon of each dry lake bed (dem, core/hydro/hydro_balance.h).
 *   biome  Polygon of each biome region (island and planet), with the
 *          biome's name, id and colour.
 * Polygons come from io/vector/polygonize.h on a raster of the world's cells
 * (grids at their own size up to 2048 per side, planes 1024 x 1024,
 * spheres 1024 x 512): closed rings, exteriors counter-clockwise, holes
 * clockwise.
 * Coordinates: planets in longitude/latitude degrees (WGS 84 order, the
 * raster edges split regions at the antimeridian); georeferenced worlds in
 * their source's coordinates (map_gt below); other worlds in the
 * map's own units with y north: grid cells (metres when the cell size is
 * known), the unit square for island maps. The top-level "orogen" member
 * holds the recipe and says which. Streamed to a temporary file and
 * renamed. */
#ifndef OROGEN_IO_VECTOR_GEOJSON_H
#define OROGEN_IO_VECTOR_GEOJSON_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

enum river_end {
    RIVER_END_COAST,
    RIVER_END_EDGE,
    RIVER_END_LAKE,
    RIVER_END_CONFLUENCE,
    RIVER_END_BASIN /* a dem's closed basin: a playa or a sink (core/hydro/hydro_balance.h) */
};

/* Rivers as chains of hydrology nodes (grid cells; mesh: Voronoi vertices):
 * line k is nodes[start[k] .. start[k + 1] - 1], downstream, ending as
 * end[k] says; a confluence line's last node lies on another line. */
struct river_lines {
    size_t nlines;
    size_t *start;
    int32_t *nodes;
    uint8_t *end;
};

/* Extract the river lines of w (none without hydrology). Errors:
 * OG_ENOMEM. */
enum og_status vector_rivers(const struct world *w, struct river_lines *out,
                             struct og_error *err);
void river_lines_free(struct river_lines *r);

/* Write the GeoJSON of w to path. map_gt (may be NULL; ignored for
 * planets) maps the map square to georeferenced coordinates: x = gt[0] +
 * u gt[1] + v gt[2], y = gt[3] + u gt[4] + v gt[5] for u right, v down in
 * 0..1 (a DEM's world file, or --extent). crs_wkt names the coordinates'
 * CRS (the WKT of a projected DEM's CRS) in a "crs" member, which GDAL and
 * QGIS read (GeoJSON 2008; RFC 7946 dropped it). Planets, and lonlat != 0
 * (a DEM in a geographic CRS), are longitude/latitude, RFC 7946's own CRS,
 * and get none; without crs_wkt any other world gets a local engineering
 * CRS (ENGCRS) in metres east and north (known scale), or in its grid
 * cells or map squares, so that no reader takes them for degrees.
 * Errors: OG_EIO naming path, OG_ENOMEM. */
enum og_status export_geojson(const struct world *w, const double *map_gt, const char *crs_wkt,
                              int lonlat, const char *path, struct og_error *err);

#endif
