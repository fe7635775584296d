/* terrain_mesh: a world as a triangle mesh for the mesh exports (glTF in
 * io/mesh/gltf.c, OBJ in io/mesh/obj.c).
 *
 * Heightfield (grids and planes): cols x rows vertices at the samples of a
 * cols x rows raster, the nodes of a grid spanning the world's domain
 * edge to edge (render/sample.h, doc/grid.md), two
 * triangles per quad, counter-clockwise seen from above. Axes are glTF's:
 * x east, y up, z south. A world of known scale (world_metric: a
 * georeferenced DEM, a hybrid world, an island with island.extent;
 * doc/scale.md) is at true scale: x and z are metres from the map's
 * north-west corner, y = elevation x metres per unit (y = 0 at elevation 0).
 * Otherwise the map's longest side is 1 and the relief (elev_max -
 * elev_min) is 0.15 of it, with y = 0 at sea level.
 *
 * Sphere (planets): a latitude/longitude grid of cols x rows vertices at
 * the pixel centres of the equirectangular raster (pixel-is-area) plus one vertex at each
 * pole, closed (longitude wraps), radius 1 + (h - sea level) * k with the
 * relief 0.05 of the radius; the world's z axis (north) is glTF's y.
 *
 * Normals are the normalised, area-weighted sums of the adjacent faces'
 * normals. Colours are the nearest cell's display colour (the
 * hypsometric tint where a world has none), converted from sRGB to linear
 * as glTF's COLOR_0 expects. */
#ifndef OROGEN_IO_MESH_TERRAIN_MESH_H
#define OROGEN_IO_MESH_TERRAIN_MESH_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

#define TERRAIN_MESH_MAX_SIDE 2049

struct terrain_mesh {
    size_t nverts, ntris;
    float *pos;            /* nverts * 3 */
    float *nrm;            /* nverts * 3, unit length */
    float *col;            /* nverts * 3, linear RGB 0..1 */
    float *srgb;           /* nverts * 3, the same in sRGB (OBJ) */
    uint32_t *idx;         /* ntris * 3 */
    float min[3], max[3];  /* bounds of pos */
    int metres;            /* positions in metres (else model units) */
    double vscale;         /* y (or radius) per elevation unit */
    double voffset;        /* elevation at y = 0 (radius 1) */
    double hsize[2];       /* heightfield: extent in x and z */
};

/* Default vertex grid for w: grids at their size, above 513 on the longer
 * side scaled to 513 (2^9 + 1) there; planes 257 x 257 (2^8 + 1: the
 * vertices on the grid's nodes make 2^n quads, doc/grid.md); spheres
 * 256 x 128 (longitudes wrap). Any size 2..TERRAIN_MESH_MAX_SIDE (2^11 +
 * 1) a side is taken. */
void terrain_mesh_default_size(const struct world *w, int *cols, int *rows);

/* Build the mesh of w with cols x rows vertices (2..TERRAIN_MESH_MAX_SIDE).
 * Errors: OG_ERANGE for a size outside, OG_EINVAL without elevation,
 * OG_ENOMEM. */
enum og_status terrain_mesh_build(const struct world *w, int cols, int rows,
                                  struct terrain_mesh *m, struct og_error *err);

void terrain_mesh_free(struct terrain_mesh *m);

#endif
