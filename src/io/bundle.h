/* bundle: every layer of a world in one folder with a manifest, for tools
 * that want all of it at one registration.
 *
 * Files (all rasters W x H, the heightmap's pixel grid: pixel (x, y)
 * samples map point ((x + 0.5) / W, (y + 0.5) / H), row 0 north):
 *   map.png        colour map (8-bit RGBA)
 *   height.png     16-bit heightmap (io/raster/heightmap.h), 65535 on voids
 *   biome.png      8-bit biome ids; biome_legend.json names and colours them
 *   moisture.png   16-bit, 0..1 over 0..65535
 *   flow.png       16-bit, log1p(flow) / log1p(max flow) over 0..65535
 *   rivers.png     8-bit, 255 where a river runs
 *   lakes.png      8-bit, 255 in lakes
 *   forest.png     8-bit forest density 0..1 over 0..255 (hybrid)
 *   trees.png      8-bit, 255 where a tree stands (hybrid)
 *   landmass.png   16-bit landmass id + 1, 0 for sea (planet)
 *   wear.png, deposition.png  16-bit metres, [0, max] over 0..65535 (where a
 *                  landscape evolution ran, doc/lem.md)
 *   slope.png      16-bit m/m, [0, max] over 0..65535 (grids of known scale)
 *   curvature.png  16-bit 1/m, the Laplacian of the heights, [-max, max]
 *                  over 0..65535 (grids of known scale)
 *   void.png       8-bit, 255 on a DEM's voids (dem with voids; height.png
 *                  holds 65535 there, io/raster/heightmap.h)
 *   iso.png        isometric render (globe.png for planets): a picture,
 *                  not registered
 *   stats.json     the stats JSON (doc/stats.md)
 *   manifest.json  every file with its format, size, units, range, meaning
 *                  and registration, and the recipe
 * Layers a world lacks are left out. Nearest-cell values for the
 * classified layers, the heightmap interpolates (render/sample.h).
 * The folder is built as DIR.tmpXXXXXX beside DIR and renamed to DIR at the
 * end, so it appears whole or not at all; DIR must not exist. */
#ifndef OROGEN_IO_BUNDLE_H
#define OROGEN_IO_BUNDLE_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/georef.h"

/* Check that dir can be created: it does not exist and its parent folder is
 * writable. Errors: OG_EIO naming dir. */
enum og_status bundle_check(const char *dir, struct og_error *err);

/* Write the bundle of w at width x height into dir; with g (may be NULL)
 * every registered raster gets its world file and .aux.xml
 * (io/georef.h). Errors: OG_EIO naming the file, OG_ENOMEM; nothing is
 * left behind on error. */
enum og_status export_bundle(const struct world *w, int width, int height,
                             const struct georef *g, const char *dir, struct og_error *err);

/* A bundle written but not yet renamed into place: its folder tmp (every
 * file in it, temporaries of the caller's outfile group if one is open,
 * io/outfile.h) and the name dir it gets. */
struct bundle_stage {
    int live;
    char tmp[4096], dir[4096];
};

/* export_bundle without the final rename, so that a bundle can be all or
 * nothing with other outputs: write every file inside an outfile group,
 * end the group, then bundle_finish. Errors as export_bundle (nothing is
 * left, stage->live is 0). */
enum og_status export_bundle_staged(const struct world *w, int width, int height,
                                    const struct georef *g, const char *dir,
                                    struct bundle_stage *stage, struct og_error *err);

/* A new folder of another output (option names it in messages) staged
 * the same way: folder_stage_check is bundle_check's test; open makes
 * the folder DIR.tmpXXXXXX beside given (stage->tmp, live) for the caller
 * to fill, bundle_finish renames or removes it. Errors: OG_EINVAL for an
 * empty name, OG_EIO naming the folder (it exists, its parent is not
 * writable). */
enum og_status folder_stage_check(const char *option, const char *given, struct og_error *err);
enum og_status folder_stage_open(const char *option, const char *given, struct bundle_stage *stage,
                                 struct og_error *err);

/* commit != 0: rename the staged folder into place (Errors: OG_EIO naming
 * it, the folder then removed); else remove it. No-op when not live. */
enum og_status bundle_finish(struct bundle_stage *stage, int commit, struct og_error *err);

#endif
