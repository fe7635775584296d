/* heightmap: 16-bit elevation rasters for engines and GIS.
 *
 * A heightmap quantises the world's elevation (render/sample.h) linearly
 * over a range [lo, hi]: sample = round((h - lo) / step) with step =
 * (hi - lo) / 65535, so 0 is lo and 65535 is hi, and h = lo + sample * step
 * reads it back to within half a step. The range is the world's own
 * extremes (its low end down to the lowest river bed carved below them,
 * render/sample.h) unless one is given; data outside a given range is refused, or
 * clamped to it on request (clip).
 *
 * The PNG form (this file) is 16-bit greyscale, big-endian as PNG
 * requires, with no gAMA, sRGB or iCCP chunk (linear data). tEXt chunks
 * before the image carry "orogen:height_offset" (lo), "orogen:height_step"
 * (units per step, %.17g), "orogen:height_units" ("m" or "model"), where
 * the world's scale is known "orogen:pixel_size" ("X Y": metres per pixel
 * east-west and north-south, %.17g) and the
 * recipe (io/export.h); pngio_read_raster picks the scale up so that
 * `orogen --dem FILE.png` reads the same heights back. The r16 form is in
 * io/raster/raw16.h. Rows are sampled and written one at a time. */
#ifndef OROGEN_IO_RASTER_HEIGHTMAP_H
#define OROGEN_IO_RASTER_HEIGHTMAP_H

#include <math.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/world.h"

struct sampler;   /* render/sample.h */

/* Largest side of a heightmap or r16 raster (per side, in samples). */
#define HEIGHTMAP_MAX_SIDE 32768
/* Largest side of the whole raster a window (a tile, io/tiles.h) is cut
 * from: 2^16 + 1. */
#define HEIGHTMAP_TILED_MAX_SIDE 65537

/* The range asked for: given = 0 for the world's own extremes. */
struct height_range {
    int given;
    double lo, hi;       /* output units (struct height_scale), lo < hi */
    int clip;            /* clamp data outside [lo, hi] instead of refusing it */
    int filled;          /* a DEM's voids as their filled heights, no HEIGHTMAP_NODATA
                            (engines' terrains have no holes) */
};

/* The part of a width x height raster that one file holds (a tile or the
 * whole raster): columns x0 .. x0 + w - 1, rows y0 .. y0 + h - 1. */
struct raster_window {
    int width, height;
    int x0, y0, w, h;
};

/* The quantisation actually used: lo, hi and step (per sample step) in the
 * output's units: metres for a world whose metres per elevation unit are
 * known (world.elev_unit_m: dem, hybrid, island with island.extent;
 * doc/scale.md), else the world's own "model" units. */
struct height_scale {
    double lo, hi, step;
    double unit;               /* output units per world elevation unit */
    const char *units;         /* "m" or "model" */
    double data_lo, data_hi;   /* extremes of the samples written (set by the writers) */
    int nodata;                /* 16-bit sample of a DEM's voids (HEIGHTMAP_NODATA), or -1 */
};

/* The 16-bit heightmaps' and r16's no-data sample: a world with voids
 * (world.nodata, core/dem/dem_void.h) writes them as 65535 and its
 * heights over 0..65534 (a tRNS chunk of 65535 in the PNG, which GDAL
 * reports as its no-data value and --dem reads back as voids). */
#define HEIGHTMAP_NODATA 65535

/* Reserve HEIGHTMAP_NODATA in s when w has voids and asked (may be NULL)
 * does not ask for filled heights: s->nodata set and the step widened to
 * (hi - lo) / 65534; else s->nodata = -1, s unchanged. */
void heightmap_scale_voids(const struct world *w, const struct height_range *asked,
                           struct height_scale *s);

/* The 16-bit sample of elevation h (world units) of cell (a sample_row
 * cell, may be < 0) under s: HEIGHTMAP_NODATA on a void when s reserves
 * it, else heightmap_quantize, at most 65534 then. */
uint16_t heightmap_sample(const struct world *w, const struct height_scale *s, double h,
                          int32_t cell);

/* win can be written: a file of at most HEIGHTMAP_MAX_SIDE per side inside
 * a raster of at most HEIGHTMAP_TILED_MAX_SIDE. Errors: OG_ERANGE naming
 * what ("heightmap", "r16") and the sizes. */
enum og_status heightmap_check_window(const struct raster_window *win, const char *what,
                                      struct og_error *err);

/* Resolve the range for w; its low end from smp's lowest (a sampler of w,
 * render/sample.h) when smp is not NULL, else from sample_lowest, which
 * builds the river beds once more. Errors: OG_ERANGE "elevations LO..HI
 * of the world fall outside --height-range A:B (use --clip to clamp)";
 * sample_lowest's. */
enum og_status heightmap_scale(const struct world *w, const struct sampler *smp,
                               const struct height_range *asked, struct height_scale *out,
                               struct og_error *err);

/* One elevation (world units) as a sample (clamped to 0..65535). */
static inline uint16_t
heightmap_quantize(const struct height_scale *s, double h)
{
    double q = s->step > 0.0 ? (h * s->unit - s->lo) / s->step : 0.0;
    if (!(q > 0.0)) {
        return 0;
    }
    if (q >= 65535.0) {
        return 65535;
    }
    return (uint16_t)lround(q);
}

/* Widen s->data_lo/data_hi (output units) by n samples (world units). */
void heightmap_extremes(struct height_scale *s, const float *elev, int n);

/* A whole window for a width x height raster. */
void raster_window_full(struct raster_window *win, int width, int height);

/* Write the window win of w's heightmap as a 16-bit grey PNG to path
 * (atomically); *used (may be NULL) gets the scale and the extremes of the
 * samples. smp (may be NULL): a sampler of w for win's whole raster
 * (render/sample.h sample_init), which the tiles of one export share so
 * that the river channels are built once; NULL builds one for this file.
 * Errors: OG_ERANGE for a size outside 1..HEIGHTMAP_MAX_SIDE or a range
 * that does not cover the data, OG_EIO naming path, sample_use's. */
enum og_status export_heightmap_png(const struct world *w, const struct sampler *smp,
                                    const struct raster_window *win,
                                    const struct height_range *range, const char *path,
                                    struct height_scale *used, struct og_error *err);

#endif
