/* heightmap_float: float samples of a heightmap window (see
 * heightmap_float.h). */
#include "config.h"
#include "io/raster/heightmap_float.h"

#include <math.h>
#include <stdlib.h>

#include "render/sample.h"

enum og_status
heightmap_float_sample(const struct world *w, const struct sampler *smp,
                       const struct raster_window *win,
                       const float *nodata, float **out, struct height_scale *used,
                       struct og_error *err)
{
    struct height_scale sc;
    struct sampler s;
    int32_t *cell = NULL;
    float *buf;
    enum og_status st;
    int x, y;

    *out = NULL;
    if (win->width < 1 || win->height < 1 || win->width > HEIGHTMAP_MAX_SIDE ||
        win->height > HEIGHTMAP_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "heightmap size %dx%d outside 1..%d per side",
                            win->width, win->height, HEIGHTMAP_MAX_SIDE);
    }
    if ((st = sample_use(&s, smp, w, win->width, win->height, err)) != OG_OK) {
        return st;
    }
    if ((st = heightmap_scale(w, &s, NULL, &sc, err)) != OG_OK) {
        sample_free(&s);
        return st;
    }
    buf = malloc((size_t)win->w * (size_t)win->h * sizeof *buf);
    cell = malloc((size_t)win->w * sizeof *cell);
    if (buf == NULL || cell == NULL) {
        sample_free(&s);
        free(buf);
        free(cell);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d float heightmap",
                            win->w, win->h);
    }
    for (y = 0; y < win->h; y++) {
        float *row = buf + (size_t)y * (size_t)win->w;
        sample_row(&s, win->y0 + y, win->x0, win->w, row, cell);
        for (x = 0; x < win->w; x++) {
            if (nodata != NULL && w->nodata != NULL && cell[x] >= 0 && w->nodata[cell[x]]) {
                row[x] = *nodata;
                continue;
            }
            if (sc.unit != 1.0) {
                row[x] = (float)(row[x] * sc.unit);
            }
            sc.data_lo = row[x] < sc.data_lo ? row[x] : sc.data_lo;
            sc.data_hi = row[x] > sc.data_hi ? row[x] : sc.data_hi;
        }
    }
    sample_free(&s);
    free(cell);
    *out = buf;
    if (used != NULL) {
        *used = sc;
    }
    return OG_OK;
}
