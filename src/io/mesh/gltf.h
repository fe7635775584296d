/* gltf: the world as a glTF 2.0 binary (.glb) mesh (Khronos glTF 2.0
 * specification, "GLB File Format Specification").
 *
 * One scene, one node, one mesh with one triangle primitive: POSITION,
 * NORMAL and COLOR_0 (linear RGB floats) attributes and 32-bit indices, in
 * one buffer (the BIN chunk); a plain non-metallic material that shows the
 * vertex colours. asset.extras.orogen carries the recipe (generator, seed,
 * parameters) and the mesh's scale (units, vertical scale and offset; see
 * io/mesh/terrain_mesh.h). The file is written atomically. */
#ifndef OROGEN_IO_MESH_GLTF_H
#define OROGEN_IO_MESH_GLTF_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/mesh/terrain_mesh.h"

/* Write mesh m of world w to path as GLB. Errors: OG_EIO naming path,
 * OG_ENOMEM. */
enum og_status export_gltf(const struct world *w, const struct terrain_mesh *m,
                           const char *path, struct og_error *err);

#endif
