/* obj: the world as a Wavefront OBJ mesh: "v x y z r g b" lines (vertex
 * colours in sRGB 0..1, the extension Blender, MeshLab and CloudCompare
 * read), "vn" normals and "f a//a b//b c//c" triangles, counter-clockwise
 * front faces; the recipe and the scale as leading "#" comments. Geometry
 * as io/mesh/terrain_mesh.h. Streamed to a temporary file and renamed. */
#ifndef OROGEN_IO_MESH_OBJ_H
#define OROGEN_IO_MESH_OBJ_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/mesh/terrain_mesh.h"

/* Write mesh m of world w to path. Errors: OG_EIO naming path. */
enum og_status export_obj(const struct world *w, const struct terrain_mesh *m, const char *path,
                          struct og_error *err);

#endif
