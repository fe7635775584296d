/* normalmap: tangent-space normal maps (see normalmap.h). */
#include "config.h"
#include "io/raster/normalmap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/png/pngio.h"
#include "io/raster/heightmap.h"
#include "render/sample.h"

int
normalmap_convention_parse(const char *s)
{
    return strcmp(s, "opengl") == 0 ? NORMALMAP_OPENGL
           : strcmp(s, "directx") == 0 ? NORMALMAP_DIRECTX : -1;
}

struct nm_rows {
    const float *h;       /* heights in output units, width x height */
    int width, height;
    double sx, sy;        /* metres (units) between samples east, north */
    int dx;               /* DirectX: green is -Y */
};

static uint8_t
encode(double c)
{
    double v = floor(127.5 * (c + 1.0) + 0.5);
    return (uint8_t)(v < 0.0 ? 0.0 : v > 255.0 ? 255.0 : v);
}

static enum og_status
nm_row(void *arg, int y, uint8_t *row, struct og_error *err)
{
    const struct nm_rows *r = arg;
    int yn = y > 0 ? y - 1 : y, ys = y < r->height - 1 ? y + 1 : y, x;
    const float *n = r->h + (size_t)yn * (size_t)r->width;   /* north row */
    const float *s = r->h + (size_t)ys * (size_t)r->width;   /* south row */
    const float *c = r->h + (size_t)y * (size_t)r->width;
    (void)err;
    for (x = 0; x < r->width; x++) {
        int xw = x > 0 ? x - 1 : x, xe = x < r->width - 1 ? x + 1 : x;
        double gx = xe > xw ? ((double)c[xe] - c[xw]) / ((xe - xw) * r->sx) : 0.0;
        double gy = ys > yn ? ((double)n[x] - s[x]) / ((ys - yn) * r->sy) : 0.0;
        double len = sqrt(gx * gx + gy * gy + 1.0);
        row[3 * x] = encode(-gx / len);
        row[3 * x + 1] = encode((r->dx ? gy : -gy) / len);
        row[3 * x + 2] = encode(1.0 / len);
    }
    return OG_OK;
}

void
normalmap_spacing(const struct world *w, const struct height_scale *sc, int width, int height,
                  double *sx, double *sy)
{
    double mx, my, mz;

    /* metres between samples and heights in metres, else model units over
       a map square of side 1 */
    double d[2];

    if (world_metric(w, &mx, &my, &mz)) {  /* the steps between samples (doc/grid.md) */
        sample_spacing(w, width, height, mx, my, d);
        *sx = d[0] / sc->unit;
        *sy = d[1] / sc->unit;
    } else {  /* the relief at 1/12 of the map's side, as renders draw it */
        double relief = w->elev_max > w->elev_min ? (double)w->elev_max - w->elev_min : 1.0;
        sample_spacing(w, width, height, 12.0 * relief, 12.0 * relief, d);
        *sx = d[0];
        *sy = d[1];
    }
}

enum og_status
export_normalmap(const struct world *w, int width, int height, enum normalmap_convention conv,
                 const char *path, struct og_error *err)
{
    struct height_scale sc;
    struct sampler smp;
    struct nm_rows r;
    struct pngio_text *text = NULL;
    size_t ntext = 0;
    void *block = NULL;
    float *h;
    enum og_status st;
    int y;

    if (width < 1 || height < 1 || width > HEIGHTMAP_MAX_SIDE || height > HEIGHTMAP_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "normal map size %dx%d outside 1..%d per side", width,
                            height, HEIGHTMAP_MAX_SIDE);
    }
    if (w->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EINVAL, "--normals: a planet has no flat map to shade");
    }
    if ((st = sample_init(&smp, w, width, height, err)) != OG_OK) {
        return st;
    }
    if ((st = heightmap_scale(w, &smp, NULL, &sc, err)) != OG_OK) {
        sample_free(&smp);
        return st;
    }
    h = malloc((size_t)width * (size_t)height * sizeof *h);
    if (h == NULL) {
        sample_free(&smp);
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d normal map", width,
                            height);
    }
    for (y = 0; y < height; y++) {
        sample_row(&smp, y, 0, width, h + (size_t)y * (size_t)width, NULL);
    }
    sample_free(&smp);
    memset(&r, 0, sizeof r);
    r.h = h;
    r.width = width;
    r.height = height;
    normalmap_spacing(w, &sc, width, height, &r.sx, &r.sy);
    r.dx = conv == NORMALMAP_DIRECTX;
    st = export_recipe(w, conv == NORMALMAP_DIRECTX ? "normals.convention = directx\n"
                                                    : "normals.convention = opengl\n",
                       &text, &ntext, &block, err);
    if (st == OG_OK) {
        st = pngio_write_rows(path, width, height, 8, 3, nm_row, &r, text, ntext, 6, err);
    }
    free(block);
    free(h);
    return st;
}
