/* export_iso: shaded isometric PNG renders of a world (render/iso.c),
 * written atomically by pngio with the recipe tEXt chunks. */
#ifndef OROGEN_IO_EXPORT_ISO_H
#define OROGEN_IO_EXPORT_ISO_H

#include "core/base/og_error.h"
#include "core/world.h"
#include "render/iso.h"

/* zlib level of iso PNGs: level 1 wrote a 1920x1080 render 2.5x faster
 * than level 6 for a file 12% larger (doc/rendering.md, `make bench`). */
#define EXPORT_ISO_ZLIB_LEVEL 1

/* Render w isometrically at width x height and write it to path. o may be
 * NULL (the world's render.* parameters); width or height 0 take
 * render.width / render.height. The image is drawn at render.antialias
 * times the size and box-filtered down (supersampling). The recipe (export_recipe) carries every
 * parameter of the generator with the render.* rows set to what was drawn.
 * Errors: OG_ERANGE for a size outside 1..16384 or an option out of range,
 * OG_EUNSUPPORTED for a sphere world, OG_ENOMEM, OG_EIO naming the path. */
enum og_status export_iso_png(const struct world *w, const struct iso_options *o, int width,
                              int height, const char *path, struct og_error *err);

/* Check a render size before any work, with the supersampling of p's
 * render.antialias (width x height 0 x 0: render.width x render.height).
 * Errors: OG_ERANGE naming the size and, when it is the cause, the
 * antialias factor. */
enum og_status export_iso_check_size(const struct params *p, int width, int height,
                                     struct og_error *err);

/* Arguments of export_iso_job (an export_fn for export_job_start). The UI
 * may read `progress` (per-mille of the render; EXPORT_ISO_WRITING while
 * the PNG is written) and raise `cancel` while the job runs. */
#define EXPORT_ISO_WRITING 1001
struct export_iso_request {
    char path[4096];
    int width, height;          /* 0: from the world's parameters */
    int have_options;           /* 0: from the world's parameters */
    struct iso_options options; /* its progress and cancel are replaced */
    atomic_int progress;
    atomic_int cancel;
};

/* export_fn adapter: arg is a struct export_iso_request (borrowed; its
 * progress and cancel are updated and read from the job's thread). */
enum og_status export_iso_job(const struct world *w, void *arg, struct og_error *err);

#endif
