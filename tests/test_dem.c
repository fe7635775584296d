/* DEM decoding: reference values from ../shared/data/README.md. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/dem/dem.h"
#include "core/biome/dem_climate.h"
#include "core/generators.h"
#include "core/pipeline.h"
#include "io/georef.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "tests.h"

static float *
decode(const char *path, struct dem_raster *r, enum dem_encoding enc)
{
    struct og_error e;
    float *h;
    ck_assert_msg(pngio_read_raster(path, r, &e) == OG_OK, "%s", e.msg);
    h = malloc((size_t)r->width * r->height * sizeof *h);
    ck_assert_ptr_nonnull(h);
    ck_assert_msg(dem_decode(r, enc, 1.0, h, &e) == OG_OK, "%s", e.msg);
    return h;
}

START_TEST(fuji_terrain_rgb)
{
    struct dem_raster r;
    enum dem_encoding enc;
    struct og_error e;
    float *h = decode(test_shared_data_path("dem/fuji.png"), &r, DEM_AUTO);
    size_t i, imax = 0, imin = 0, n = (size_t)r.width * r.height;
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_AUTO, &enc, &e), OG_OK);
    ck_assert_int_eq(enc, DEM_TERRAIN_RGB);
    for (i = 0; i < n; i++) {
        imax = h[i] > h[imax] ? i : imax;
        imin = h[i] < h[imin] ? i : imin;
    }
    ck_assert_int_eq(r.width, 512);
    ck_assert_double_eq_tol(h[0], 497.8, 1e-3);
    ck_assert_double_eq_tol(h[imax], 3751.0, 1e-3);
    ck_assert_int_eq((int)(imax % 512), 308);
    ck_assert_int_eq((int)(imax / 512), 178);
    ck_assert_double_eq_tol(h[imin], 13.7, 1e-3);
    ck_assert_int_eq((int)(imin % 512), 153);
    ck_assert_int_eq((int)(imin / 512), 511);
    free(h);
    dem_raster_fini(&r);
}
END_TEST

/* Flood fill of the sea mask from one sea pixel (4-connectivity). */
static size_t
region_size(const uint8_t *mask, int w, int hgt, size_t seed)
{
    size_t n = (size_t)w * hgt, count = 0, top = 0;
    size_t *stack = malloc(n * sizeof *stack);
    uint8_t *seen = calloc(n, 1);
    stack[top++] = seed;
    seen[seed] = 1;
    while (top > 0) {
        size_t c = stack[--top];
        int x = (int)(c % w), y = (int)(c / w), k;
        static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
        count++;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            size_t o;
            if (nx < 0 || ny < 0 || nx >= w || ny >= hgt) {
                continue;
            }
            o = (size_t)ny * w + nx;
            if (mask[o] && !seen[o]) {
                seen[o] = 1;
                stack[top++] = o;
            }
        }
    }
    free(stack);
    free(seen);
    return count;
}

START_TEST(vancouver_terrarium_sea)
{
    struct dem_raster r;
    float *h = decode(test_data_path("dem/terrarium_12_646_1400.png"), &r, DEM_AUTO);
    size_t i, n = (size_t)r.width * r.height, sea = 0, first = n;
    uint8_t *mask = calloc(n, 1);
    for (i = 0; i < n; i++) {
        if (h[i] <= 0.0f) {
            mask[i] = 1;
            sea++;
            first = first == n ? i : first;
        }
    }
    ck_assert_uint_eq(sea, 7608);
    ck_assert_uint_eq(region_size(mask, r.width, r.height, first), 7608);
    ck_assert_double_eq_tol(h[4], 1062.21484375, 1e-6);   /* (4,0) maximum */
    ck_assert(h[(size_t)255 * 256] == 0.0f);              /* bottom-left corner */
    free(mask);
    free(h);
    dem_raster_fini(&r);
}
END_TEST

START_TEST(encoding_errors)
{
    struct dem_raster r;
    struct og_error e;
    enum dem_encoding enc;
    float *h = decode(test_shared_data_path("dem/fuji.png"), &r, DEM_AUTO);
    /* Fuji's red channel is < 16: terrain-rgb; forcing terrarium is allowed. */
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_TERRARIUM, &enc, &e), OG_OK);
    free(h);
    /* A grey raster cannot be terrain-rgb. */
    r.channels = 1;
    ck_assert_int_eq(dem_resolve_encoding(&r, DEM_TERRAIN_RGB, &enc, &e), OG_EINVAL);
    ck_assert(strstr(e.msg, "needs an RGB image") != NULL);
    r.channels = 4;
    dem_raster_fini(&r);
}
END_TEST

START_TEST(dem_generator_world)
{
    struct dem_raster r;
    struct og_error e;
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    ck_assert(pngio_read_raster(test_data_path("dem/terrarium_12_646_1400.png"), &r, &e) == OG_OK);
    params_defaults(&p);
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = &r;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    ck_assert_int_eq(w->width, 256);
    size_t i, sea = 0;
    for (i = 0; i < w->ncells; i++) {
        sea += w->water[i] == WATER_OCEAN;
    }
    ck_assert_uint_eq(sea, 7608);
    ck_assert_double_eq_tol(w->elev_max, 1062.21484375, 1e-4);
    world_unref(w);
    /* Without a raster the dem source explains itself. */
    ctx.dem = NULL;
    ck_assert_int_eq(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e), OG_EINVAL);
    ck_assert_str_eq(e.msg, "decode: no elevation model loaded (use --dem FILE)");
    ck_assert_ptr_null(w);
    dem_raster_fini(&r);
}
END_TEST

/* The dem world of a data file with "name=value" settings (NULL-ended). */
static struct world *
dem_world(const char *file, const char *const *set, struct dem_raster *r)
{
    struct og_error e;
    struct params p;
    struct run_ctx ctx;
    struct world *w = NULL;
    /* fuji.png lives in data/ (the shipped files), the tiles in tests/data */
    const char *path = strstr(file, "fuji") ? test_shared_data_path(file) : test_data_path(file);
    ck_assert_msg(pngio_read_raster(path, r, &e) == OG_OK, "%s", e.msg);
    params_defaults(&p);
    for (; set != NULL && *set != NULL; set++) {
        ck_assert_msg(params_set_assignment(&p, *set, &e) == OG_OK, "%s", e.msg);
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = r;
    ctx.threads = 1;
    ck_assert_msg(pipeline_run(generator_get(GEN_DEM), &ctx, &w, &e) == OG_OK, "%s", e.msg);
    return w;
}

static int
cold_row(int b)
{
    return b == BIOME_SNOW || b == BIOME_TUNDRA || b == BIOME_BARE || b == BIOME_SCORCHED;
}

/* Mount Fuji at its latitude (35.36 N): no tropical classes at all, the
 * alpine (tundra/snow) row only above the treeline, T <= DEM_TREELINE_T
 * (+2 degC), i.e. above (T0 - 2) / 6.5 K/km = 2.51 km (observed: about
 * 2.5 km; -5 degC put it at 3.59 km), nearly all land above 2.6 km in it,
 * snow only where T < -6 degC (the top 20 m), and no beach on a tile
 * without sea. */
START_TEST(fuji_climate)
{
    static const char *const set[] = { "dem.latitude=35.36", NULL };
    struct dem_raster r;
    struct world *w = dem_world("dem/fuji.png", set, &r);
    double t0 = dem_climate_sea_level_temp(35.36), cold_from = (t0 - DEM_TREELINE_T) / 0.0065;
    double snow_from = (t0 - DEM_SNOW_T) / 0.0065;
    size_t i, sea = 0, tropical = 0, beach = 0, cold = 0, cold_low = 0, temperate = 0;
    size_t high = 0, high_cold = 0, snow_low = 0;
    ck_assert_double_eq_tol(w->latitude, 35.36, 1e-12);
    ck_assert_double_eq_tol(t0, 18.33, 0.01);
    ck_assert_double_eq_tol(cold_from, 2512.0, 2.0);
    ck_assert_str_eq(world_stat_find(w, "dem.latitude_from")->text, "parameter");
    for (i = 0; i < w->ncells; i++) {
        int b = w->biome[i];
        sea += w->water[i] == WATER_OCEAN;
        tropical += b == BIOME_SUBTROPICAL_DESERT || b == BIOME_TROPICAL_SEASONAL_FOREST ||
                    b == BIOME_TROPICAL_RAIN_FOREST;
        beach += b == BIOME_BEACH || b == BIOME_MARSH;
        temperate += b == BIOME_TEMPERATE_DECIDUOUS_FOREST || b == BIOME_TEMPERATE_RAIN_FOREST ||
                     b == BIOME_GRASSLAND;
        if (cold_row(b)) {
            cold++;
            cold_low += w->elevation[i] < cold_from - 1.0;
        }
        snow_low += b == BIOME_SNOW && w->elevation[i] < snow_from - 1.0;
        if (w->elevation[i] > 2600.0 && w->water[i] == WATER_LAND) {
            high++;
            high_cold += cold_row(b);
        }
    }
    ck_assert_uint_eq(snow_low, 0);
    ck_assert_uint_gt(high, 1000);
    ck_assert_msg(high_cold * 100 >= high * 95, "%zu of %zu cells above 2.6 km alpine", high_cold,
                  high);
    ck_assert_uint_eq(sea, 0);
    ck_assert_uint_eq(tropical, 0);
    ck_assert_uint_eq(beach, 0);
    ck_assert_uint_eq(cold_low, 0);
    /* the foothills are temperate: most of the tile */
    ck_assert_uint_gt(temperate, w->ncells * 8 / 10);
    world_unref(w);
    dem_raster_fini(&r);
    /* The same tile at 45 N (no tile name, default): the cold row reaches
       down to (13.23 - 2) / 6.5 = 1.73 km, and the summit is in it. */
    w = dem_world("dem/fuji.png", NULL, &r);
    ck_assert_double_eq(w->latitude, 45.0);
    ck_assert_str_eq(world_stat_find(w, "dem.latitude_from")->text, "default");
    cold_from = (dem_climate_sea_level_temp(45.0) - DEM_TREELINE_T) / 0.0065;
    for (i = 0, cold = cold_low = 0; i < w->ncells; i++) {
        if (cold_row(w->biome[i])) {
            cold++;
            cold_low += w->elevation[i] < cold_from - 1.0;
        }
    }
    ck_assert_uint_gt(cold, 1000);
    ck_assert_uint_eq(cold_low, 0);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

/* Southern Nevada (Basin and Range, 37.2 N): its closed basins stay dry
 * and deep (depression storage 6.3 m a land cell; Vancouver 0.002 m, Fuji
 * 0.06 m), so the tile is arid: desert on the basin floors, at least 40 %
 * temperate or subtropical desert and under 5 % forest (before the
 * aridity: 58 % forest, no desert). Vancouver and Fuji stay humid. */
START_TEST(nevada_aridity)
{
    struct dem_raster r;
    struct world *w = dem_world("dem/terrarium_8_45_99.png", NULL, &r);
    size_t i, land = 0, desert = 0, forest = 0;
    ck_assert_double_eq_tol(world_stat_find(w, "dem.depression_storage_m")->a, 6.32, 0.01);
    ck_assert_double_eq_tol(world_stat_find(w, "dem.aridity")->a, 1.0, 1e-12);
    /* the tile name gives the cell: 487 m east-west (README) */
    ck_assert_double_eq_tol(world_stat_find(w, "dem.cell_m")->a, 487.0, 1.0);
    for (i = 0; i < w->ncells; i++) {
        int b = w->biome[i];
        if (w->water[i] != WATER_LAND) {
            continue;
        }
        land++;
        desert += b == BIOME_TEMPERATE_DESERT || b == BIOME_SUBTROPICAL_DESERT;
        forest += b == BIOME_TEMPERATE_DECIDUOUS_FOREST || b == BIOME_TEMPERATE_RAIN_FOREST ||
                  b == BIOME_TROPICAL_SEASONAL_FOREST || b == BIOME_TROPICAL_RAIN_FOREST ||
                  b == BIOME_TAIGA;
    }
    ck_assert_msg(desert * 10 >= land * 4 && forest * 20 < land,
                  "Nevada: %zu desert, %zu forest of %zu land cells", desert, forest, land);
    world_unref(w);
    dem_raster_fini(&r);
    w = dem_world("dem/terrarium_12_646_1400.png", NULL, &r);
    ck_assert_double_eq_tol(world_stat_find(w, "dem.aridity")->a, 0.0, 1e-12);
    ck_assert_double_eq_tol(world_stat_find(w, "dem.cell_m")->a, 24.9, 0.1);
    world_unref(w);
    dem_raster_fini(&r);
    {
        static const char *const set[] = { "dem.latitude=35.36", NULL };
        w = dem_world("dem/fuji.png", set, &r);
        ck_assert_double_eq_tol(world_stat_find(w, "dem.aridity")->a, 0.0, 1e-12);
        ck_assert_str_eq(world_stat_find(w, "dem.cell_m_from")->text, "default");
        world_unref(w);
        dem_raster_fini(&r);
    }
}
END_TEST

/* A dem map four times the grid's size blends cell centres (render.map_cells
 * smooth): lake shores follow the terrain's contour at the lake level, so
 * the lake keeps its area (within 5 % of 16 pixels a lake cell) while the
 * blocks go: fewer than half of the 4 x 4 pixel blocks on a shore are all
 * lake or all land (nearest-neighbour: every one). */
START_TEST(nevada_smooth_lakes)
{
    /* the tile's pluvial lakes: under today's climate its basins are playas */
    static const char *const set[] = { "dem.aridity=0", NULL };
    struct dem_raster r;
    struct world *w = dem_world("dem/terrarium_8_45_99.png", set, &r);
    struct map_view view = { 0.0, 0.0, 1.0, 1.0 };
    struct og_error e;
    int side = 4 * 256, bx, by;
    uint8_t *cls = malloc((size_t)side * side);
    uint32_t *rgb = malloc((size_t)side * side * sizeof *rgb);
    size_t i, lake_cells = 0, lake_px = 0, shore_blocks = 0, uniform = 0;
    ck_assert_ptr_nonnull(cls);
    ck_assert_ptr_nonnull(rgb);
    ck_assert_msg(mapimg_render(w, LAYER_COLOR, &view, side, side, rgb, cls, &e) == OG_OK, "%s",
                  e.msg);
    for (i = 0; i < w->ncells; i++) {
        lake_cells += w->water[i] == WATER_LAKE;
    }
    for (i = 0; i < (size_t)side * side; i++) {
        lake_px += cls[i] == MC_LAKE;
    }
    ck_assert_msg(fabs((double)lake_px - 16.0 * lake_cells) <= 0.05 * 16.0 * lake_cells,
                  "%zu lake pixels for %zu lake cells", lake_px, lake_cells);
    for (by = 1; by < 255; by++) {
        for (bx = 1; bx < 255; bx++) {
            size_t c = (size_t)by * 256 + (size_t)bx;
            int shore = w->water[c] == WATER_LAKE &&
                        (w->water[c - 1] == WATER_LAND || w->water[c + 1] == WATER_LAND ||
                         w->water[c - 256] == WATER_LAND || w->water[c + 256] == WATER_LAND);
            int k, n = 0;
            if (!shore) {
                continue;
            }
            shore_blocks++;
            for (k = 0; k < 16; k++) {
                n += cls[(size_t)(4 * by + k / 4) * side + (size_t)(4 * bx + k % 4)] == MC_LAKE;
            }
            uniform += n == 0 || n == 16;
        }
    }
    ck_assert_uint_gt(shore_blocks, 500);
    ck_assert_msg(2 * uniform < shore_blocks, "%zu of %zu shore blocks uniform", uniform,
                  shore_blocks);
    free(cls);
    free(rgb);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

/* The wet band beside water keeps its width in metres at every cell size:
 * the cell means over both sides add up to the integral 2 * reach of
 * exp(-|x| / reach), for cells of 5 m to 2 km and reaches of 10 m to 1 km;
 * a cell three reaches away gets under 6 % of it. */
START_TEST(wet_band_in_metres)
{
    static const double cells[] = { 5.0, 25.0, 487.0, 2000.0 }, reach[] = { 10.0, 150.0, 1000.0 };
    size_t a, b;
    for (a = 0; a < sizeof cells / sizeof cells[0]; a++) {
        for (b = 0; b < sizeof reach / sizeof reach[0]; b++) {
            double sum = dem_climate_band(0.0, cells[a], reach[b]) * cells[a];
            int h;
            for (h = 1; h < 100000; h++) {
                sum += 2.0 * dem_climate_band((double)h, cells[a], reach[b]) * cells[a];
            }
            ck_assert_double_eq_tol(sum, 2.0 * reach[b], 1e-6 * reach[b]);
            ck_assert(dem_climate_band(0.0, cells[a], reach[b]) <= 1.0);
        }
    }
    ck_assert_double_lt(dem_climate_band(3.0, 10.0, 10.0), 0.06);
    ck_assert_double_eq_tol(dem_climate_band(0.0, 1e-3, 10.0), 1.0, 1e-4);
}
END_TEST

/* The Vancouver tile's name gives its latitude (README: 49.3824 top to
 * 49.3251 bottom); beaches only on land that touches the sea. */
START_TEST(vancouver_latitude_and_beach)
{
    struct dem_raster r;
    struct world *w = dem_world("dem/terrarium_12_646_1400.png", NULL, &r);
    size_t i, beach = 0, off_coast = 0;
    double lat;
    ck_assert_double_eq_tol(w->latitude, 49.3538, 1e-4);
    ck_assert_str_eq(world_stat_find(w, "dem.latitude_from")->text, "tile name");
    for (i = 0; i < w->ncells; i++) {
        int x = (int)(i % 256), y = (int)(i / 256), touches = 0;
        if (w->biome[i] != BIOME_BEACH && w->biome[i] != BIOME_MARSH) {
            continue;
        }
        beach++;
        touches = (x > 0 && w->water[i - 1] == WATER_OCEAN) ||
                  (x < 255 && w->water[i + 1] == WATER_OCEAN) ||
                  (y > 0 && w->water[i - 256] == WATER_OCEAN) ||
                  (y < 255 && w->water[i + 256] == WATER_OCEAN);
        off_coast += !touches || w->elevation[i] > w->sea_level + 10.0;
    }
    ck_assert_uint_gt(beach, 0);
    ck_assert_uint_eq(off_coast, 0);
    world_unref(w);
    dem_raster_fini(&r);
    /* names: the Nevada tile (README: 37.7186 to 36.5979), a path, refusals */
    ck_assert(dem_climate_tile_latitude("terrarium_8_45_99.png", &lat));
    ck_assert_double_eq_tol(lat, 37.16032, 1e-4);
    ck_assert(dem_climate_tile_latitude("123 abc dir/0_0_0.png", &lat));
    ck_assert_double_eq_tol(lat, 0.0, 1e-12);
    ck_assert(!dem_climate_tile_latitude("fuji.png", &lat));
    ck_assert(!dem_climate_tile_latitude("t_2_4_1.png", &lat));   /* x >= 2^z */
    ck_assert(!dem_climate_tile_latitude("t_31_0_0.png", &lat));  /* z > 30 */
    ck_assert(!dem_climate_tile_latitude("t_x2_1_1.png", &lat));
    ck_assert(!dem_climate_tile_latitude("t_2_1_1.tif", &lat));
}
END_TEST

/* The georeferencing as a latitude source: a geographic grid's centre, a
 * Web Mercator grid's centre northing (the Vancouver tile's own bounds),
 * and the order parameter > georeference > tile name > 45. */
START_TEST(georef_latitude)
{
    char geo[] = "<SRS>GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\"]]</SRS>";
    char merc[] = "<SRS>PROJCS[\"WGS 84 / Pseudo-Mercator\",UNIT[\"metre\",1]]</SRS>";
    char utm[] = "<SRS>PROJCS[\"WGS 84 / UTM zone 10N\",UNIT[\"metre\",1]]</SRS>";
    struct georef g = { 1, { -105.5604, 0.000833333, 0, 40.2104, 0, -0.000833333 }, 144, 144, geo };
    double lat, y_top = 6339997.5, y_bottom = 6330205.2; /* 49.3824, 49.3251 N */
    const char *from;
    ck_assert(georef_centre_latitude(&g, &lat));
    ck_assert_double_eq_tol(lat, 40.2104 - 72 * 0.000833333, 1e-9);
    g.srs = merc;
    g.gt[0] = -13717000.0;
    g.gt[1] = 38.2;
    g.gt[3] = y_top;
    g.gt[5] = -(y_top - y_bottom) / 256.0;
    g.width = g.height = 256;
    ck_assert(georef_centre_latitude(&g, &lat));
    ck_assert_double_eq_tol(lat, 49.3538, 2e-4);
    g.srs = utm;
    ck_assert(!georef_centre_latitude(&g, &lat));
    g.srs = NULL;
    ck_assert(!georef_centre_latitude(&g, &lat));
    ck_assert_double_eq(dem_climate_latitude(10.0, 20.0, "a_1_0_0.png", &from), 10.0);
    ck_assert_str_eq(from, "parameter");
    ck_assert_double_eq(dem_climate_latitude(NAN, 20.0, "a_1_0_0.png", &from), 20.0);
    ck_assert_str_eq(from, "georeference");
    dem_climate_latitude(NAN, NAN, "a_1_0_0.png", &from);
    ck_assert_str_eq(from, "tile name");
    ck_assert_double_eq(dem_climate_latitude(NAN, NAN, "a.png", &from), 45.0);
    ck_assert_str_eq(from, "default");
}
END_TEST

/* The zonal profile, the lapse rate and the axis at its knots. */
START_TEST(climate_profile)
{
    struct params p;
    struct og_error e;
    char buf[32];
    ck_assert_double_eq_tol(dem_climate_sea_level_temp(0.0), 27.0, 1e-12);
    ck_assert_double_eq_tol(dem_climate_sea_level_temp(90.0), -20.0, 1e-12);
    ck_assert_double_eq_tol(dem_climate_sea_level_temp(-49.35), 10.62, 0.01);
    ck_assert_double_eq_tol(dem_climate_temp(35.36, 3776.0), -6.22, 0.01); /* Fuji summit */
    ck_assert_double_eq_tol(dem_climate_axis(40.0), 0.03, 1e-12);
    ck_assert_double_eq_tol(dem_climate_axis(20.0), 0.3, 1e-12);
    ck_assert_double_eq_tol(dem_climate_axis(12.5), 0.45, 1e-12);
    ck_assert_double_eq_tol(dem_climate_axis(5.0), 0.6, 1e-12);
    ck_assert_double_eq_tol(dem_climate_axis(DEM_TREELINE_T), 0.8, 1e-12);
    ck_assert_double_eq_tol(dem_climate_axis(-40.0), 1.0, 1e-12);
    /* dem.latitude: "auto" round-trips, numbers are range-checked */
    params_defaults(&p);
    ck_assert_str_eq(params_format(&p, P_DEM_LATITUDE, buf, sizeof buf), "auto");
    ck_assert(params_set_assignment(&p, "dem.latitude=-12.5", &e) == OG_OK);
    ck_assert_str_eq(params_format(&p, P_DEM_LATITUDE, buf, sizeof buf), "-12.5");
    ck_assert(params_set_assignment(&p, "dem.latitude=auto", &e) == OG_OK);
    ck_assert(isnan(params_get(&p, P_DEM_LATITUDE)));
    ck_assert(params_set_assignment(&p, "dem.latitude=91", &e) == OG_ERANGE);
    ck_assert(params_set_assignment(&p, "dem.latitude=autox", &e) != OG_OK);
    ck_assert(params_set_assignment(&p, "hydro.blur_sigma=auto", &e) != OG_OK);
}
END_TEST

/* The Colorado Front Range (SRTM 3", 40.15 N, 2.2-3.3 km): a high range on
 * a high base, where free air alone (T0 15.9 degC) put the treeline at
 * 2.14 km, below the whole tile, and made it all tundra. With the mass
 * elevation effect (core/biome/dem_climate.h) the base is the tile's 5th
 * percentile, about 2.46 km, and the treeline base + (T(base) - 2) / 6.5
 * K/km near 3.46 km, as observed (3.4-3.5 km): above the tile's top, so the
 * tile is forest and grassland, with no alpine cell below that line. */
START_TEST(front_range_mass_elevation)
{
    static const char *const set[] = { "dem.latitude=40.15", NULL };
    struct dem_raster r;
    struct world *w = dem_world("srtmgl3_front_range_144.png", set, &r);
    double base = w->climate_base_m, tree;
    size_t i, land = 0, cold_low = 0, wooded = 0;
    ck_assert_double_gt(base, 2300.0);
    ck_assert_double_lt(base, 2600.0);
    ck_assert_double_eq_tol(world_stat_find(w, "dem.climate_base_m")->a, base, 1e-9);
    tree = base + (dem_climate_temp_on(40.15, base, base) - DEM_TREELINE_T) / 0.0065;
    ck_assert_double_gt(tree, 3350.0);
    ck_assert_double_lt(tree, 3600.0);
    for (i = 0; i < w->ncells; i++) {
        int b = w->biome[i];
        if (w->water[i] != WATER_LAND) {
            continue;
        }
        land++;
        cold_low += cold_row(b) && w->elevation[i] < tree - 1.0;
        wooded += b == BIOME_TEMPERATE_DECIDUOUS_FOREST || b == BIOME_TEMPERATE_RAIN_FOREST ||
                  b == BIOME_TAIGA || b == BIOME_GRASSLAND || b == BIOME_SHRUBLAND;
    }
    ck_assert_uint_gt(land, w->ncells / 2);
    ck_assert_uint_eq(cold_low, 0);
    ck_assert_msg(wooded * 10 >= land * 9, "%zu of %zu land cells wooded or grass", wooded, land);
    world_unref(w);
    dem_raster_fini(&r);
}
END_TEST

Suite *
dem_suite(void)
{
    Suite *s = suite_create("dem");
    TCase *c = tcase_create("golden");
    tcase_add_test(c, fuji_terrain_rgb);
    tcase_add_test(c, vancouver_terrarium_sea);
    tcase_add_test(c, encoding_errors);
    tcase_add_test(c, dem_generator_world);
    tcase_add_test(c, fuji_climate);
    tcase_add_test(c, vancouver_latitude_and_beach);
    tcase_add_test(c, nevada_aridity);
    tcase_add_test(c, front_range_mass_elevation);
    tcase_add_test(c, wet_band_in_metres);
    tcase_add_test(c, nevada_smooth_lakes);
    tcase_add_test(c, climate_profile);
    tcase_add_test(c, georef_latitude);
    tcase_set_timeout(c, 20);
    suite_add_tcase(s, c);
    dem_void_tests(s);
    return s;
}
