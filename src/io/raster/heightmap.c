/* heightmap: 16-bit grey PNG heightmaps (see heightmap.h). */
#include "config.h"
#include "io/raster/heightmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/png/pngio.h"
#include "render/sample.h"

void
raster_window_full(struct raster_window *win, int width, int height)
{
    win->width = width;
    win->height = height;
    win->x0 = win->y0 = 0;
    win->w = width;
    win->h = height;
}

enum og_status
heightmap_check_window(const struct raster_window *win, const char *what, struct og_error *err)
{
    if (win->width < 1 || win->height < 1 || win->width > HEIGHTMAP_TILED_MAX_SIDE ||
        win->height > HEIGHTMAP_TILED_MAX_SIDE || win->w < 1 || win->h < 1 ||
        win->w > HEIGHTMAP_MAX_SIDE || win->h > HEIGHTMAP_MAX_SIDE || win->x0 < 0 ||
        win->y0 < 0 || win->w > win->width - win->x0 || win->h > win->height - win->y0) {
        return og_error_set(err, OG_ERANGE, "%s window %dx%d at %d,%d of %dx%d: a file is at "
                            "most %d per side, of a raster at most %d per side", what, win->w,
                            win->h, win->x0, win->y0, win->width, win->height,
                            HEIGHTMAP_MAX_SIDE, HEIGHTMAP_TILED_MAX_SIDE);
    }
    return OG_OK;
}

enum og_status
heightmap_scale(const struct world *w, const struct sampler *smp,
                const struct height_range *asked, struct height_scale *out, struct og_error *err)
{
    double unit = w->elev_unit_m > 0.0 ? w->elev_unit_m : 1.0;
    double lo, hi = w->elev_max * unit;
    enum og_status st;

    if (w->elevation == NULL) {
        return og_error_set(err, OG_EINVAL, "the %s world has no elevation field",
                            world_gen_name(w->gen));
    }
    /* the world's extremes, down to a river bed carved below them */
    if (smp != NULL) {
        lo = smp->lowest;
    } else if ((st = sample_lowest(w, &lo, err)) != OG_OK) {
        return st;
    }
    lo *= unit;
    if (asked != NULL && asked->given) {
        if (!(asked->lo < asked->hi)) {
            return og_error_set(err, OG_ERANGE, "--height-range %g:%g is empty", asked->lo,
                                asked->hi);
        }
        if (!asked->clip && (lo < asked->lo || hi > asked->hi)) {
            return og_error_set(err, OG_ERANGE,
                                "elevations %.9g..%.9g of the world fall outside --height-range "
                                "%.9g:%.9g (use --clip to clamp)", lo, hi, asked->lo, asked->hi);
        }
        lo = asked->lo;
        hi = asked->hi;
    }
    out->lo = lo;
    out->hi = hi;
    /* A flat world: any step reads back exactly; keep it positive. */
    out->step = hi > lo ? (hi - lo) / 65535.0 : 1.0 / 65535.0;
    out->unit = unit;
    out->units = w->elev_unit_m > 0.0 ? "m" : "model";
    out->data_lo = INFINITY;
    out->data_hi = -INFINITY;
    out->nodata = -1;
    return OG_OK;
}

void
heightmap_scale_voids(const struct world *w, const struct height_range *asked,
                      struct height_scale *s)
{
    s->nodata = -1;
    if (w->kind != WORLD_GRID || w->nodata == NULL || (asked != NULL && asked->filled)) {
        return;
    }
    s->nodata = HEIGHTMAP_NODATA;
    s->step = s->hi > s->lo ? (s->hi - s->lo) / 65534.0 : 1.0 / 65534.0;
}

uint16_t
heightmap_sample(const struct world *w, const struct height_scale *s, double h, int32_t cell)
{
    uint16_t q;
    if (s->nodata < 0) {
        return heightmap_quantize(s, h);
    }
    if (cell >= 0 && (size_t)cell < w->ncells && w->nodata[cell]) {
        return (uint16_t)s->nodata;
    }
    q = heightmap_quantize(s, h);
    return q >= HEIGHTMAP_NODATA ? (uint16_t)(HEIGHTMAP_NODATA - 1) : q;
}

void
heightmap_extremes(struct height_scale *s, const float *elev, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        double h = elev[i] * s->unit;
        s->data_lo = h < s->data_lo ? h : s->data_lo;
        s->data_hi = h > s->data_hi ? h : s->data_hi;
    }
}

struct hm_rows {
    const struct world *w;
    struct sampler s;
    const struct raster_window *win;
    struct height_scale *scale;
    float *elev;
    int32_t *cell;
};

static enum og_status
hm_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    struct hm_rows *r = arg;
    int x;
    (void)err;
    sample_row(&r->s, r->win->y0 + y, r->win->x0, r->win->w, r->elev, r->cell);
    heightmap_extremes(r->scale, r->elev, r->win->w);
    for (x = 0; x < r->win->w; x++) {
        uint16_t q = heightmap_sample(r->w, r->scale, r->elev[x], r->cell[x]);
        row[2 * x] = (uint8_t)(q >> 8);
        row[2 * x + 1] = (uint8_t)q;
    }
    return OG_OK;
}

/* The scale chunks, then the recipe's: blocks[0] holds the array and the
 * scale strings, blocks[1] the recipe strings (free both). */
static enum og_status
hm_text(const struct world *w, const struct raster_window *win, const struct height_scale *sc,
        struct pngio_text **out, size_t *nout, void *blocks[2], struct og_error *err)
{
    struct pngio_text *rt = NULL, *t;
    size_t nrt = 0, i;
    void *rblock = NULL;
    char extra[256];
    enum og_status st;
    struct {
        char off[40], step[40], tile[80], px[80];
    } *v;
    double mx, my, mz;
    size_t k = 4;

    snprintf(extra, sizeof extra, "heightmap.size = %dx%d\nheightmap.range = %.17g:%.17g\n",
             win->width, win->height, sc->lo, sc->hi);
    st = export_recipe(w, extra, &rt, &nrt, &rblock, err);
    if (st != OG_OK) {
        return st;
    }
    blocks[0] = malloc(sizeof *v + (nrt + 5) * sizeof *t);
    if (blocks[0] == NULL) {
        free(rblock);
        return og_error_set(err, OG_ENOMEM, "out of memory for the heightmap text");
    }
    t = blocks[0];
    v = (void *)(t + nrt + 5);
    snprintf(v->off, sizeof v->off, "%.17g", sc->lo);
    snprintf(v->step, sizeof v->step, "%.17g", sc->step);
    snprintf(v->tile, sizeof v->tile, "%d,%d %dx%d of %dx%d", win->x0, win->y0, win->w, win->h,
             win->width, win->height);
    t[0].key = "orogen:height_offset";
    t[0].value = v->off;
    t[1].key = "orogen:height_step";
    t[1].value = v->step;
    t[2].key = "orogen:height_units";
    t[2].value = sc->units;
    t[3].key = "orogen:window";
    t[3].value = v->tile;
    world_metric(w, &mx, &my, &mz);
    if (mx > 0.0 && my > 0.0) {  /* metres between samples of the whole raster */
        double d[2];
        sample_spacing(w, win->width, win->height, mx, my, d);
        snprintf(v->px, sizeof v->px, "%.17g %.17g", d[0], d[1]);
        t[k].key = "orogen:pixel_size";
        t[k++].value = v->px;
    }
    for (i = 0; i < nrt; i++) {
        t[k + i] = rt[i];
    }
    *out = t;
    *nout = nrt + k;
    blocks[1] = rblock;
    return OG_OK;
}

enum og_status
export_heightmap_png(const struct world *w, const struct sampler *smp,
                     const struct raster_window *win, const struct height_range *range,
                     const char *path, struct height_scale *used, struct og_error *err)
{
    struct height_scale sc;
    struct hm_rows r;
    struct pngio_text *text = NULL;
    size_t ntext = 0;
    void *blocks[2] = { NULL, NULL };
    enum og_status st;

    if ((st = heightmap_check_window(win, "heightmap", err)) != OG_OK) {
        return st;
    }
    memset(&r, 0, sizeof r);
    if ((st = sample_use(&r.s, smp, w, win->width, win->height, err)) != OG_OK) {
        return st;
    }
    st = heightmap_scale(w, &r.s, range, &sc, err);
    if (st == OG_OK) {
        heightmap_scale_voids(w, range, &sc);
        st = hm_text(w, win, &sc, &text, &ntext, blocks, err);
    }
    if (st != OG_OK) {
        sample_free(&r.s);
        return st;
    }
    r.win = win;
    r.w = w;
    r.scale = &sc;
    r.elev = malloc((size_t)win->w * sizeof *r.elev);
    r.cell = malloc((size_t)win->w * sizeof *r.cell);
    if (r.elev == NULL || r.cell == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for a heightmap row");
    } else {
        st = pngio_write_rows_nodata(path, win->w, win->h, 16, hm_row, &r, text, ntext, 6,
                                     sc.nodata, err);
    }
    sample_free(&r.s);
    free(r.elev);
    free(r.cell);
    free(blocks[0]);
    free(blocks[1]);
    if (st == OG_OK && used != NULL) {
        *used = sc;
    }
    return st;
}
