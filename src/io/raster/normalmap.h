/* normalmap: tangent-space normal maps of a world's heights, for engines'
 * terrain materials.
 *
 * At each sample of a width x height raster of the map square (the
 * heightmap's samples, render/sample.h) the slope comes from central
 * differences of the heights, one-sided at the edges: dh/dx east and
 * dh/dy north, in metres per metre where the world's scale is known
 * (world_metric); without a known scale the land's height range is taken
 * as 1/12 of the map's side, as renders draw it (doc/scale.md). The
 * normal is (-dh/dx, -dh/dy, 1) normalised, stored as RGB8 with c =
 * round(255 (n + 1) / 2): OpenGL's convention (green is north, +Y up the
 * image; Godot, Blender, Unity) or DirectX's (green is south, -Y; Unreal).
 * A flat sample is (128, 128, 255). */
#ifndef OROGEN_IO_RASTER_NORMALMAP_H
#define OROGEN_IO_RASTER_NORMALMAP_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/raster/heightmap.h"

enum normalmap_convention { NORMALMAP_OPENGL = 0, NORMALMAP_DIRECTX = 1 };

/* The convention named s ("opengl", "directx"), or -1. */
int normalmap_convention_parse(const char *s);

/* The spacing of a width x height raster's samples of w in w's elevation
 * units (so that a height difference over it is a slope in metres per
 * metre where the scale is known), *sx east-west, *sy north-south: the
 * world's metres per sample over sc->unit, else the relief taken as 1/12
 * of the map's side, as above. */
void normalmap_spacing(const struct world *w, const struct height_scale *sc, int width,
                       int height, double *sx, double *sy);

/* Write w's normal map at width x height to path as an RGB PNG
 * (atomically, with the recipe). Errors: OG_ERANGE for a size outside
 * 1..32768, OG_EINVAL for a world without elevation or a sphere, OG_EIO
 * naming path, OG_ENOMEM. */
enum og_status export_normalmap(const struct world *w, int width, int height,
                                enum normalmap_convention conv, const char *path,
                                struct og_error *err);

#endif
