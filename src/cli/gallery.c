/* gallery: see gallery.h. */
#include "config.h"
#include "cli/gallery.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/batch.h"
#include "core/generators.h"
#include "core/base/parallel.h"
#include "core/pipeline.h"
#include "render/gallery.h"
#include "io/outfile.h"
#include "io/output.h"
#include "io/png/pngio.h"

#define SHEET_BG 0x101418u
#define SHEET_TEXT 0xe8e8e8u
#define SHEET_GAP 6                                   /* pixels between tiles */
#define SHEET_LABEL (3 * GALLERY_FONT_H + 4)          /* label rows under a tile */

enum og_status
gallery_check_out(const char *path, struct og_error *err)
{
    /* a PNG under another extension would promise another format */
    const char *base = strrchr(path, '/'), *dot;
    dot = strrchr(base != NULL ? base + 1 : path, '.');
    if (dot != NULL && dot[1] != '\0' && strcasecmp(dot, ".png") != 0) {
        return og_error_set(err, OG_EINVAL, "--out '%s': the contact sheet is a PNG; name it "
                            ".png", path);
    }
    return OG_OK;
}

enum og_status
cli_gallery(const struct cli_args *a, struct og_error *err)
{
    const struct generator *g = generator_get(a->gen);
    struct dem_raster raster;
    uint64_t n64 = a->out.seed_hi - a->out.seed_lo + 1, k;
    /* A planet's map is 2:1: its tiles are as wide as --tile and half as
     * high (default 192 wide), not squares with the map letterboxed. */
    int sphere = g != NULL && g->kind == WORLD_SPHERE;
    int tile = a->gallery_tile > 0 ? a->gallery_tile : (sphere ? 192 : 128);
    int tw = tile, th = sphere ? (tile + 1) / 2 : tile;
    int n, cols, rows;
    int cw, chh, sw, sh, y;
    uint32_t *sheet = NULL, *thumb = NULL;
    uint8_t *rgba = NULL;
    enum og_status st;
    char canon[1024], recipe[64];
    struct pngio_text text[3];

    if (g == NULL) {
        return og_error_set(err, OG_EINVAL, "gallery: this build has no %s generator",
                            world_gen_name(a->gen));
    }
    /* its extension was checked by cli_parse (gallery_check_out) */
    if ((st = output_check_writable(a->gallery_out, canon, sizeof canon, err)) != OG_OK) {
        return st;
    }
    if ((st = batch_load_dem(a, &raster, err)) != OG_OK) {
        return st;
    }
    n = (int)n64;
    cols = a->gallery_cols > 0 ? a->gallery_cols : (n < 8 ? n : 8);
    rows = (n + cols - 1) / cols;
    cw = tw + SHEET_GAP;
    chh = th + SHEET_LABEL + SHEET_GAP;
    sw = cols * cw + SHEET_GAP;
    sh = rows * chh + SHEET_GAP;
    sheet = malloc((size_t)sw * (size_t)sh * sizeof *sheet);
    thumb = malloc((size_t)tw * (size_t)th * sizeof *thumb);
    rgba = malloc((size_t)sw * (size_t)sh * 4);
    if (sheet == NULL || thumb == NULL || rgba == NULL) {
        st = og_error_set(err, OG_ENOMEM, "gallery: out of memory for a %dx%d sheet", sw, sh);
        goto done;
    }
    for (k = 0; k < (uint64_t)sw * (uint64_t)sh; k++) {
        sheet[k] = SHEET_BG;
    }
    for (k = 0; k < n64; k++) {
        struct params p = a->params;
        struct run_ctx ctx;
        struct world *w = NULL;
        struct gallery_figures f;
        char lines[3][48];
        int tx = SHEET_GAP + (int)(k % (uint64_t)cols) * cw;
        int ty = SHEET_GAP + (int)(k / (uint64_t)cols) * chh, i;

        p.seed = a->out.seed_lo + k;
        memset(&ctx, 0, sizeof ctx);
        ctx.params = &p;
        ctx.dem = a->dem_path != NULL ? &raster : NULL;
        ctx.threads = og_threads_default();
        ctx.cancel = og_interrupt_flag();
        if ((st = pipeline_run(g, &ctx, &w, err)) != OG_OK) {
            goto done;
        }
        st = gallery_thumb(w, tw, th, SHEET_BG, thumb, NULL, &f, err);
        world_unref(w);
        if (st != OG_OK) {
            goto done;
        }
        for (y = 0; y < th; y++) {
            memcpy(sheet + (size_t)(ty + y) * sw + tx, thumb + (size_t)y * tw,
                   (size_t)tw * sizeof *thumb);
        }
        gallery_label(p.seed, &f, lines);
        for (i = 0; i < 3; i++) {
            gallery_text(sheet, sw, sh, tx, ty + th + 3 + i * GALLERY_FONT_H, lines[i],
                         i == 0 ? 0xffffffu : SHEET_TEXT);
        }
    }
    for (k = 0; k < (uint64_t)sw * (uint64_t)sh; k++) {
        rgba[4 * k] = (uint8_t)(sheet[k] >> 16);
        rgba[4 * k + 1] = (uint8_t)(sheet[k] >> 8);
        rgba[4 * k + 2] = (uint8_t)sheet[k];
        rgba[4 * k + 3] = 255;
    }
    snprintf(recipe, sizeof recipe, "%llu-%llu", (unsigned long long)a->out.seed_lo,
             (unsigned long long)a->out.seed_hi);
    text[0].key = "Software";
    text[0].value = "orogen gallery";
    text[1].key = "orogen.generator";
    text[1].value = world_gen_name(a->gen);
    text[2].key = "orogen.seeds";
    text[2].value = recipe;
    st = pngio_write_rgba(a->gallery_out, rgba, sw, sh, text, 3, 6, err);
done:
    free(sheet);
    free(thumb);
    free(rgba);
    dem_raster_fini(&raster);
    return st;
}
