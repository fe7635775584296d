/* gallery: see gallery.h. */
#include "config.h"
#include "render/gallery.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "render/mapimg.h"

/* A 5 x 7 font: one byte per row, the low five bits, bit 4 leftmost. */
struct glyph {
    char c;
    uint8_t rows[7];
};

static const struct glyph font[] = {
    { '0', { 0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e } },
    { '1', { 0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e } },
    { '2', { 0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f } },
    { '3', { 0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e } },
    { '4', { 0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02 } },
    { '5', { 0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e } },
    { '6', { 0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e } },
    { '7', { 0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 } },
    { '8', { 0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e } },
    { '9', { 0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c } },
    { 'A', { 0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11 } },
    { 'B', { 0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e } },
    { 'C', { 0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e } },
    { 'D', { 0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c } },
    { 'E', { 0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f } },
    { 'F', { 0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10 } },
    { 'G', { 0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f } },
    { 'H', { 0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11 } },
    { 'I', { 0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e } },
    { 'J', { 0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c } },
    { 'K', { 0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11 } },
    { 'L', { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f } },
    { 'M', { 0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11 } },
    { 'N', { 0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11 } },
    { 'O', { 0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e } },
    { 'P', { 0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10 } },
    { 'Q', { 0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d } },
    { 'R', { 0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11 } },
    { 'S', { 0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e } },
    { 'T', { 0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04 } },
    { 'U', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e } },
    { 'V', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04 } },
    { 'W', { 0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a } },
    { 'X', { 0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11 } },
    { 'Y', { 0x11, 0x11, 0x11, 0x0a, 0x04, 0x04, 0x04 } },
    { 'Z', { 0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f } },
    { '%', { 0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03 } },
    { '.', { 0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c } },
    { '-', { 0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00 } },
    { ':', { 0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x00 } },
    { '#', { 0x0a, 0x0a, 0x1f, 0x0a, 0x1f, 0x0a, 0x0a } },
    { '/', { 0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00 } },
    { '(', { 0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02 } },
    { ')', { 0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08 } },
};

static const struct glyph *
glyph_of(char c)
{
    size_t i;
    c = (char)toupper((unsigned char)c);
    for (i = 0; i < sizeof font / sizeof font[0]; i++) {
        if (font[i].c == c) {
            return &font[i];
        }
    }
    return NULL;
}

void
gallery_text(uint32_t *rgb, int w, int h, int x, int y, const char *s, uint32_t colour)
{
    int gx, gy;

    for (; *s != '\0'; s++, x += GALLERY_FONT_W) {
        const struct glyph *g = glyph_of(*s);
        if (g == NULL) {
            continue;
        }
        for (gy = 0; gy < 7; gy++) {
            for (gx = 0; gx < 5; gx++) {
                int px = x + gx, py = y + gy;
                if ((g->rows[gy] >> (4 - gx) & 1) && px >= 0 && px < w && py >= 0 && py < h) {
                    rgb[(size_t)py * (size_t)w + (size_t)px] = colour;
                }
            }
        }
    }
}

static int
is_land(int c)
{
    return c != MC_DEEP && c != MC_WATER && c != MC_VOID && c != MC_LAKE;
}

/* 4-connected land areas of at least GALLERY_MIN_LANDMASS_PX pixels. */
static long
count_landmasses(const uint8_t *cls, int w, int h)
{
    size_t n = (size_t)w * (size_t)h, i, top;
    uint8_t *seen = calloc(n, 1);
    size_t *stack = malloc(n * sizeof *stack);
    long count = 0;

    if (seen == NULL || stack == NULL) {
        free(seen);
        free(stack);
        return -1;
    }
    for (i = 0; i < n; i++) {
        size_t size = 0;
        if (seen[i] || !is_land(cls[i])) {
            continue;
        }
        top = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top > 0) {
            size_t k = stack[--top], x = k % (size_t)w, y = k / (size_t)w;
            size_t nb[4];
            int m = 0, j;
            size++;
            if (x > 0) nb[m++] = k - 1;
            if (x + 1 < (size_t)w) nb[m++] = k + 1;
            if (y > 0) nb[m++] = k - (size_t)w;
            if (y + 1 < (size_t)h) nb[m++] = k + (size_t)w;
            for (j = 0; j < m; j++) {
                if (!seen[nb[j]] && is_land(cls[nb[j]])) {
                    seen[nb[j]] = 1;
                    stack[top++] = nb[j];
                }
            }
        }
        count += size >= GALLERY_MIN_LANDMASS_PX;
    }
    free(seen);
    free(stack);
    return count;
}

enum og_status
gallery_thumb(const struct world *w, int tw, int th, uint32_t bg, uint32_t *rgb,
              uint8_t *cls_out, struct gallery_figures *f, struct og_error *err)
{
    double aspect = w->kind == WORLD_SPHERE ? 2.0
                    : (w->kind == WORLD_GRID && w->width > 0 && w->height > 0)
                        ? (double)w->width / w->height
                        : 1.0;
    int mw = tw, mh = th, x0, y0, y, x;
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    uint32_t *m;
    uint8_t *cls;
    const struct world_stat *st;
    long land = 0, high = 0, total;
    size_t i, n;
    enum og_status rst;
    struct world_summary sum;

    /* the map square at its aspect, centred */
    if ((double)tw / th > aspect) {
        mw = (int)(th * aspect + 0.5);
    } else {
        mh = (int)(tw / aspect + 0.5);
    }
    mw = mw < 1 ? 1 : mw;
    mh = mh < 1 ? 1 : mh;
    n = (size_t)mw * (size_t)mh;
    m = malloc(n * sizeof *m);
    cls = malloc(n);
    if (m == NULL || cls == NULL) {
        free(m);
        free(cls);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d thumbnail", tw, th);
    }
    if ((rst = mapimg_render(w, LAYER_COLOR, &view, mw, mh, m, cls, err)) != OG_OK) {
        free(m);
        free(cls);
        return rst;
    }
    for (i = 0; i < (size_t)tw * (size_t)th; i++) {
        rgb[i] = bg;
        if (cls_out != NULL) {
            cls_out[i] = MC_VOID;
        }
    }
    x0 = (tw - mw) / 2;
    y0 = (th - mh) / 2;
    for (y = 0; y < mh; y++) {
        for (x = 0; x < mw; x++) {
            rgb[(size_t)(y0 + y) * tw + (x0 + x)] = m[(size_t)y * mw + x];
            if (cls_out != NULL) {
                cls_out[(size_t)(y0 + y) * tw + (x0 + x)] = cls[(size_t)y * mw + x];
            }
        }
    }
    for (i = 0; i < n; i++) {
        if (is_land(cls[i])) {
            land++;
            high += cls[i] == MC_ROCK || cls[i] == MC_MOUNTAIN || cls[i] == MC_SNOW;
        }
    }
    total = (long)n;
    stats_summarize(w, &sum);
    f->land = sum.cells > 0 ? sum.land_fraction : (total > 0 ? (double)land / total : 0.0);
    st = world_stat_find(w, "hydro.rivers");
    f->rivers = st != NULL ? (long)st->a : -1;
    st = world_stat_find(w, "planet.landmasses");
    f->landmasses = st != NULL ? (long)st->a : count_landmasses(cls, mw, mh);
    f->mountain = land > 0 ? (double)high / land : 0.0;
    free(m);
    free(cls);
    return OG_OK;
}

void
gallery_label(uint64_t seed, const struct gallery_figures *f, char lines[3][48])
{
    snprintf(lines[0], 48, "seed %llu", (unsigned long long)seed);
    if (f->rivers >= 0) {
        snprintf(lines[1], 48, "land %.0f%% rivers %ld", 100.0 * f->land, f->rivers);
    } else {
        snprintf(lines[1], 48, "land %.0f%%", 100.0 * f->land);
    }
    snprintf(lines[2], 48, "masses %ld mtn %.0f%%", f->landmasses, 100.0 * f->mountain);
}
