/* detail_report: print issue 24's measures (tests/detail_measure.h) for the
 * colour map of one world, to record them (not a test itself).
 *
 *   detail_report island|hybrid|planet SEED SIZE
 *   detail_report dem FILE.png SIZE
 *
 * The world is the generator's default recipe with that seed (dem: the
 * elevation model), rendered at SIZE x SIZE (planet: 2 SIZE x SIZE) with
 * mapimg_render. Prints the cell-phase ratio (grids whose side divides
 * SIZE), the flat land share and the coast axis ratio (sigma 2 px). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "detail_measure.h"
#include "io/png/pngio.h"
#include "render/mapimg.h"

int
main(int argc, char **argv)
{
    struct params p;
    struct og_error err;
    struct dem_raster raster;
    struct run_ctx ctx;
    struct world *w = NULL;
    enum gen_id gen;
    int W, H, k;
    double hist[36];

    if (argc != 4) {
        fprintf(stderr, "usage: detail_report island|hybrid|planet SEED SIZE | dem FILE SIZE\n");
        return 2;
    }
    params_defaults(&p);
    memset(&raster, 0, sizeof raster);
    memset(&ctx, 0, sizeof ctx);
    if (strcmp(argv[1], "dem") == 0) {
        gen = GEN_DEM;
        if (pngio_read_raster(argv[2], &raster, &err) != OG_OK) {
            fprintf(stderr, "detail_report: %s\n", err.msg);
            return 1;
        }
        ctx.dem = &raster;
    } else {
        gen = strcmp(argv[1], "hybrid") == 0 ? GEN_HYBRID :
              strcmp(argv[1], "planet") == 0 ? GEN_PLANET : GEN_ISLAND;
        p.seed = strtoull(argv[2], NULL, 10);
    }
    W = H = atoi(argv[3]);
    if (gen == GEN_PLANET) {
        W = 2 * H;
    }
    ctx.params = &p;
    ctx.threads = 0;
    if (pipeline_run(generator_get(gen), &ctx, &w, &err) != OG_OK) {
        fprintf(stderr, "detail_report: %s\n", err.msg);
        return 1;
    }
    uint32_t *rgb = malloc(sizeof *rgb * (size_t)W * (size_t)H);
    uint8_t *cls = malloc((size_t)W * (size_t)H);
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    if (rgb == NULL || cls == NULL ||
        mapimg_render(w, LAYER_COLOR, &view, W, H, rgb, cls, &err) != OG_OK) {
        fprintf(stderr, "detail_report: render failed\n");
        return 1;
    }
    if (w->kind == WORLD_GRID && w->width > 0 && W % w->width == 0 && W / w->width >= 2) {
        printf("cell_phase %.3f (pitch %d)\n", detail_cell_phase(rgb, W, H, W / w->width),
               W / w->width);
    }
    if (getenv("DETAIL_WATER_PGM") != NULL) { /* the water mask, to look at */
        FILE *f = fopen(getenv("DETAIL_WATER_PGM"), "wb");
        if (f != NULL) {
            fprintf(f, "P5 %d %d 255\n", W, H);
            for (size_t i = 0; i < (size_t)W * (size_t)H; i++) {
                fputc(cls[i] == MC_DEEP || cls[i] == MC_WATER || cls[i] == MC_LAKE ? 255 :
                      (cls[i] == MC_RIVER ? 128 : 0), f);
            }
            fclose(f);
        }
    }
    printf("flat_land_share %.4f\n", detail_flat_share(rgb, cls, W, H));
    printf("coast_axis_ratio %.3f\n", detail_coast_axis_ratio(cls, W, H, 2.0, hist));
    printf("coast_hist");
    for (k = 0; k < 36; k++) {
        printf(" %.0f", hist[k]);
    }
    printf("\n");
    free(rgb);
    free(cls);
    world_unref(w);
    dem_raster_fini(&raster);
    return 0;
}
