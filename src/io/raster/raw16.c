/* raw16: little-endian 16-bit heightmaps without a header (see raw16.h). */
#include "config.h"
#include "io/raster/raw16.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/outfile.h"
#include "render/sample.h"

enum og_status
export_raw16(const struct world *w, const struct sampler *smp, const struct raster_window *win,
             const struct height_range *range, const char *path, struct height_scale *used,
             struct og_error *err)
{
    struct height_scale sc;
    struct sampler s;
    struct outfile of;
    float *elev = NULL;
    int32_t *cell = NULL;
    uint8_t *row = NULL;
    enum og_status st;
    int x, y;

    if ((st = heightmap_check_window(win, "r16", err)) != OG_OK) {
        return st;
    }
    if ((st = sample_use(&s, smp, w, win->width, win->height, err)) != OG_OK) {
        return st;
    }
    st = heightmap_scale(w, &s, range, &sc, err);
    if (st != OG_OK) {
        sample_free(&s);
        return st;
    }
    heightmap_scale_voids(w, range, &sc);
    elev = malloc((size_t)win->w * sizeof *elev);
    cell = malloc((size_t)win->w * sizeof *cell);
    row = malloc((size_t)win->w * 2);
    st = elev == NULL || row == NULL || cell == NULL
             ? og_error_set(err, OG_ENOMEM, "out of memory for an r16 row")
             : outfile_open(&of, path, err);
    if (st != OG_OK) {
        sample_free(&s);
        free(elev);
        free(cell);
        free(row);
        return st;
    }
    for (y = 0; st == OG_OK && y < win->h; y++) {
        sample_row(&s, win->y0 + y, win->x0, win->w, elev, cell);
        heightmap_extremes(&sc, elev, win->w);
        for (x = 0; x < win->w; x++) {
            uint16_t q = heightmap_sample(w, &sc, elev[x], cell[x]);
            row[2 * x] = (uint8_t)q;
            row[2 * x + 1] = (uint8_t)(q >> 8);
        }
        if (fwrite(row, 2, (size_t)win->w, of.fp) != (size_t)win->w) {
            st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
            break;
        }
    }
    sample_free(&s);
    free(elev);
    free(cell);
    free(row);
    if (st != OG_OK) {
        outfile_abort(&of);
        return st;
    }
    st = outfile_commit(&of, err);
    if (st == OG_OK && used != NULL) {
        *used = sc;
    }
    return st;
}
