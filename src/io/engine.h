/* engine: heightmaps the way a game engine's terrain importer wants them,
 * with a JSON sidecar that says how to set the terrain up (doc/engines.md).
 *
 *   unity:  r16 (16-bit little-endian, no header), the south row first,
 *           2^n+1 samples a side up to 4097 (Unity's heightmap
 *           resolutions); larger: tiles of 2049 sharing their edges,
 *           named BASE_x{X}_z{Z}.r16 with z counted from the south.
 *   unreal: 16-bit grey PNG, the north row first, one of Unreal's
 *           recommended landscape sizes 127, 253, 505, 1009, 2017, 4033,
 *           8129; larger: tiles of 2017 named BASE_x{X}_y{Y}.png (its
 *           tiled import), y counted from the north.
 *   godot:  32-bit float OpenEXR in metres (Terrain3D, HTerrain), the
 *           north row first, 2^n+1 up to 16385.
 *
 * The side is the smallest of the profile's sizes at least the world's
 * longer data side (--size, else a grid's own); the raster is square and
 * samples the world's map square at the centres of side x side cells, as
 * every orogen heightmap does (render/sample.h), so samples are extent /
 * side apart and the engine's terrain, whose vertices are the samples,
 * spans (side - 1) of them. The sidecar BASE.json holds the
 * profile, the files, the size, the height range in metres, metres per
 * sample, the engine's own settings (Unity's terrain size, Unreal's scale
 * and location, Godot's vertex spacing) and the recipe. */
#ifndef OROGEN_IO_ENGINE_H
#define OROGEN_IO_ENGINE_H

#include "core/base/og_error.h"

enum engine_profile { ENGINE_NONE = 0, ENGINE_UNITY, ENGINE_UNREAL, ENGINE_GODOT };

/* The profile named s ("unity", "unreal", "godot"), or ENGINE_NONE. */
enum engine_profile engine_profile_parse(const char *s);

/* The profile's name ("unity"), "" for ENGINE_NONE. */
const char *engine_profile_name(enum engine_profile e);

/* The raster of profile e for a world whose longer data side is want
 * samples: *side samples a side in *tiles x *tiles files of *tile samples
 * (sharing one row and column). */
void engine_layout(enum engine_profile e, int want, int *side, int *tiles, int *tile);

/* Unity's Control Texture Resolution (its splat maps' size, a power of two)
 * for the untiled Unity terrain of a world whose longer data side is want:
 * the heightmap's side - 1, whose texels Unity's terrain shader centres on
 * the same nodes as the heights (uv (R - 1) + 0.5 texels, doc/grid.md); 0
 * when the terrain is tiled. --splat with --engine unity writes at it. */
int engine_unity_control_size(int want);

#endif
