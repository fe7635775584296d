/* dem_void: void masks and pull-push filling (see dem_void.h). */
#include "config.h"
#include "core/dem/dem_void.h"

#include <stdlib.h>

#include "core/base/grid.h"

size_t
dem_void_mask(const struct dem_raster *r, enum dem_encoding enc, uint8_t *mask)
{
    size_t i, n = (size_t)r->width * (size_t)r->height, count = 0;
    size_t c = (size_t)r->channels;
    int alpha = r->samples != NULL && (c == 2 || c == 4);
    int max16 = r->samples != NULL && enc == DEM_GRAY && r->bit_depth == 16 &&
                !r->height_scaled;

    for (i = 0; i < n; i++) {
        uint8_t v = r->nodata != NULL && r->nodata[i] != 0;
        if (alpha && r->samples[i * c + c - 1] == 0) {
            v = 1;
        }
        if (max16 && r->samples[i * c] == 65535) {
            v = 1;
        }
        mask[i] = v;
        count += v;
    }
    return count;
}

/* One level of the pyramid: w x h means and their weights (0..1). */
struct level {
    int w, h;
    float *v, *wt;
    const uint8_t *mask;  /* level 0: weights 1 - mask instead of wt */
};

static double
weight(const struct level *l, size_t k)
{
    return l->wt != NULL ? (double)l->wt[k] : l->mask[k] ? 0.0 : 1.0;
}

/* Bilinear value of level p at the centre of cell (x, y) of the level
 * below it (twice as fine): weights 1/4 and 3/4 along each axis. */
static double
upsample(const struct level *p, int x, int y)
{
    int x0 = (x & 1) ? x / 2 : x / 2 - 1, y0 = (y & 1) ? y / 2 : y / 2 - 1;
    int x1 = x0 + 1, y1 = y0 + 1;
    double tx = (x & 1) ? 0.25 : 0.75, ty = (y & 1) ? 0.25 : 0.75;
    double a, b;

    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 >= p->w ? p->w - 1 : x1;
    y1 = y1 >= p->h ? p->h - 1 : y1;
    a = (1.0 - tx) * p->v[(size_t)y0 * (size_t)p->w + (size_t)x0] +
        tx * p->v[(size_t)y0 * (size_t)p->w + (size_t)x1];
    b = (1.0 - tx) * p->v[(size_t)y1 * (size_t)p->w + (size_t)x0] +
        tx * p->v[(size_t)y1 * (size_t)p->w + (size_t)x1];
    return (1.0 - ty) * a + ty * b;
}

/* Pull: level q from the finer level f (2x2 weighted means). */
static void
pull(const struct level *f, struct level *q)
{
    int x, y, dx, dy;
    for (y = 0; y < q->h; y++) {
        for (x = 0; x < q->w; x++) {
            double sw = 0.0, sv = 0.0;
            size_t o = (size_t)y * (size_t)q->w + (size_t)x;
            for (dy = 0; dy < 2; dy++) {
                for (dx = 0; dx < 2; dx++) {
                    int fx = 2 * x + dx, fy = 2 * y + dy;
                    size_t k;
                    if (fx >= f->w || fy >= f->h) {
                        continue;
                    }
                    k = (size_t)fy * (size_t)f->w + (size_t)fx;
                    sw += weight(f, k);
                    sv += weight(f, k) * f->v[k];
                }
            }
            q->v[o] = sw > 0.0 ? (float)(sv / sw) : 0.0f;
            q->wt[o] = sw > 1.0 ? 1.0f : (float)sw;
        }
    }
}

/* Push: the missing share of every cell of level f from level q above. */
static void
push(struct level *f, const struct level *q)
{
    int x, y;
    for (y = 0; y < f->h; y++) {
        for (x = 0; x < f->w; x++) {
            size_t k = (size_t)y * (size_t)f->w + (size_t)x;
            double w = weight(f, k);
            if (w < 1.0) {
                f->v[k] = (float)(w * f->v[k] + (1.0 - w) * upsample(q, x, y));
            }
        }
    }
}

enum og_status
dem_void_fill(float *h, const uint8_t *mask, int width, int height, struct og_error *err)
{
    struct level lv[40];
    int nl = 1, k;
    enum og_status st = OG_OK;

    lv[0].w = width;
    lv[0].h = height;
    lv[0].v = h;
    lv[0].wt = NULL;
    lv[0].mask = mask;
    while (st == OG_OK && (lv[nl - 1].w > 1 || lv[nl - 1].h > 1)) {
        struct level *q = &lv[nl];
        size_t m;
        q->w = (lv[nl - 1].w + 1) / 2;
        q->h = (lv[nl - 1].h + 1) / 2;
        m = (size_t)q->w * (size_t)q->h;
        q->v = q->wt = NULL;
        q->mask = NULL;
        st = grid_malloc((void **)&q->v, m, sizeof(float), "void fill pyramid", err);
        if (st == OG_OK) {
            st = grid_malloc((void **)&q->wt, m, sizeof(float), "void fill pyramid", err);
        }
        nl++;
        if (st == OG_OK) {
            pull(&lv[nl - 2], q);
        }
    }
    if (st == OG_OK && !(lv[nl - 1].wt[0] > 0.0f)) {
        st = og_error_set(err, OG_EINVAL, "the elevation model has no data at all (every "
                          "cell is a void)");
    }
    for (k = nl - 1; st == OG_OK && k > 0; k--) {
        push(&lv[k - 1], &lv[k]);
    }
    for (k = 1; k < nl; k++) {
        free(lv[k].v);
        free(lv[k].wt);
    }
    return st;
}
