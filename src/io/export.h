/* export: writing outputs (map PNG, stats JSON) from a published world, in
 * batch or on a background thread for the TUI. Every file is written to a
 * temporary name beside its target and renamed into place. */
#ifndef OROGEN_IO_EXPORT_H
#define OROGEN_IO_EXPORT_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/base/og_error.h"
#include "core/world.h"
#include "io/stats_json.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"

/* Largest map, iso and globe side in pixels (the rasterizer's limit). */
#define EXPORT_MAX_SIDE 16384

/* Check an image size before any work: what ("map", "globe" ...) names it
 * in the message. Errors: OG_ERANGE "map size WxH outside 1..16384 per
 * side". */
enum og_status export_check_size(const char *what, int width, int height, struct og_error *err);

/* Write the top-down map of layer at width x height to path as RGBA PNG
 * with the recipe tEXt chunks. Errors: OG_EIO naming the path and reason,
 * OG_EINVAL for an unavailable layer, OG_ERANGE for a size outside
 * 1..16384. */
enum og_status export_map_png(const struct world *w, enum map_layer layer, int width,
                              int height, const char *path, struct og_error *err);

/* The same for the part view of the map square (mapimg.h coordinates, inside
 * [0,1]^2) stretched to width x height: the TUI's "export the view". The
 * recipe gains a "map.view = u0 v0 u1 v1" line (none for the whole map).
 * Errors as export_map_png, OG_EINVAL for a view outside the square. */
enum og_status export_map_png_view(const struct world *w, enum map_layer layer,
                                   const struct map_view *view, int width, int height,
                                   const char *path, struct og_error *err);
/* The default size of a whole-world map, shared by the CLI and the TUI:
 * a grid at its own size; one of at most 512 cells on the long side scaled
 * up by the largest integer factor keeping that side within 1024 pixels
 * (nearest-neighbour, so cells stay crisp: 96x64 -> 960x640, 512x512 ->
 * 1024x1024); one above 2048 scaled down to 2048; a planet 2048x1024 (equirectangular); a Voronoi map 1024x1024. */
void export_map_default_size(const struct world *w, int *width, int *height);
/* Recipe tEXt chunks: "Software", "orogen:generator", "orogen:seed",
 * "orogen:params" (every parameter of the generator as name = value lines),
 * "orogen:version", plus `extra` lines appended to params (may be NULL).
 * Returns a malloc'd block holding keys/values (free with free()). */
enum og_status export_recipe(const struct world *w, const char *extra,
                             struct pngio_text **text, size_t *ntext, void **block,
                             struct og_error *err);

/* The recipe of w drawn with parameters p (e.g. a globe's view), with the
 * planet's land edits (planet.edits) when it has any. Errors: OG_ENOMEM. */
enum og_status export_recipe_world(const struct world *w, const struct params *p,
                                   const char *extra, struct pngio_text **text, size_t *ntext,
                                   void **block, struct og_error *err);

/* The same recipe from its parts: a generator, a parameter set (which may
 * differ from the world's, e.g. the view an export was rendered at) and the
 * dem's identity line ("SIZE SHA256 NAME", recipe_dem_identity; "" for
 * none). The chunks are those of core/recipe/recipe.h. */
enum og_status export_recipe_for(enum gen_id gen, const struct params *p, const char *source,
                                 const char *extra, struct pngio_text **text, size_t *ntext,
                                 void **block, struct og_error *err);

/* A background export job (for the TUI): runs fn on its own thread. */
struct export_job;
typedef enum og_status export_fn(const struct world *w, void *arg, struct og_error *err);

/* Start fn(w, arg) on a new thread; the job keeps a world reference.
 * done(arg2) is called from that thread at the end (wake the UI). */
enum og_status export_job_start(struct export_job **out, struct world *w, export_fn *fn,
                                void *arg, void (*done)(void *), void *done_arg,
                                struct og_error *err);

/* Non-zero once finished. */
int export_job_done(struct export_job *job);

/* Join and free; returns the job's status and message in err. */
enum og_status export_job_finish(struct export_job *job, struct og_error *err);

#endif
