#include "config.h"
#include "core/biome/biome.h"

#include <pthread.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/biome/dem_climate.h"
#include "core/base/detmath.h"
#include "core/base/grid.h"
#include "core/pipeline.h"
#include "core/world.h"

static const struct {
    const char *name;
    uint32_t color;
} biomes[BIOME_COUNT] = {
    [BIOME_OCEAN] = { "ocean", 0x2f5a8a },
    [BIOME_LAKE] = { "lake", 0x4a86b8 },
    [BIOME_BEACH] = { "beach", 0xd8c9a0 },
    [BIOME_MARSH] = { "marsh", 0x6f8c5e },
    [BIOME_SNOW] = { "snow and ice", 0xf2f4f6 },
    [BIOME_TUNDRA] = { "tundra", 0xc2c6a6 },
    [BIOME_BARE] = { "bare", 0xa39f96 },
    [BIOME_SCORCHED] = { "scorched", 0x6c6862 },
    [BIOME_TAIGA] = { "taiga", 0x8aa683 },
    [BIOME_SHRUBLAND] = { "shrubland", 0xa0aa85 },
    [BIOME_TEMPERATE_DESERT] = { "temperate desert", 0xccd0a0 },
    [BIOME_GRASSLAND] = { "grassland", 0x93b468 },
    [BIOME_TEMPERATE_DECIDUOUS_FOREST] = { "temperate deciduous forest", 0x689858 },
    [BIOME_TEMPERATE_RAIN_FOREST] = { "temperate rain forest", 0x48865b },
    [BIOME_SUBTROPICAL_DESERT] = { "subtropical desert", 0xdbc492 },
    [BIOME_TROPICAL_SEASONAL_FOREST] = { "tropical seasonal forest", 0x5c9c43 },
    [BIOME_TROPICAL_RAIN_FOREST] = { "tropical rain forest", 0x337848 },
    /* salt and clay flats: the pale beds of Great Basin playas */
    [BIOME_PLAYA] = { "playa", 0xe6e0cf },
};

const char *
biome_name(enum biome b)
{
    return (unsigned)b < BIOME_COUNT ? biomes[b].name : "?";
}

uint32_t
biome_color(enum biome b)
{
    return (unsigned)b < BIOME_COUNT ? biomes[b].color : 0xff00ff;
}

enum biome
biome_classify(double e, double m)
{
    if (e < 0.03) {
        return m >= 0.8 ? BIOME_MARSH : BIOME_BEACH;
    }
    if (e < 0.3) {
        return m < 0.16   ? BIOME_SUBTROPICAL_DESERT
               : m < 0.33 ? BIOME_GRASSLAND
               : m < 0.66 ? BIOME_TROPICAL_SEASONAL_FOREST
                          : BIOME_TROPICAL_RAIN_FOREST;
    }
    if (e < 0.6) {
        return m < 0.16   ? BIOME_TEMPERATE_DESERT
               : m < 0.5  ? BIOME_GRASSLAND
               : m < 0.83 ? BIOME_TEMPERATE_DECIDUOUS_FOREST
                          : BIOME_TEMPERATE_RAIN_FOREST;
    }
    if (e < 0.8) {
        return m < 0.33 ? BIOME_TEMPERATE_DESERT : m < 0.66 ? BIOME_SHRUBLAND : BIOME_TAIGA;
    }
    return m < 0.1 ? BIOME_SCORCHED : m < 0.2 ? BIOME_BARE : m < 0.5 ? BIOME_TUNDRA : BIOME_SNOW;
}

/* One 1-D pass over `count` lines of `len` samples (`channels` interleaved),
 * line j starting at base + j * line_step, samples `step` floats apart. Each
 * line is copied into pad with its ends repeated r times, then convolved. */
static void
blur_pass(float *img, size_t count, size_t line_step, int len, size_t step, int channels,
          const float *kernel, int r, float *pad)
{
    size_t j;
    int x, k, c;

    for (j = 0; j < count; j++) {
        float *line = img + j * line_step;
        for (x = -r; x < len + r; x++) {
            int xx = x < 0 ? 0 : x >= len ? len - 1 : x;
            for (c = 0; c < channels; c++) {
                pad[(size_t)(x + r) * channels + c] = line[(size_t)xx * step + c];
            }
        }
        for (x = 0; x < len; x++) {
            for (c = 0; c < channels; c++) {
                const float *src = pad + (size_t)x * channels + c;
                float acc = 0.0f;
                for (k = 0; k <= 2 * r; k++) {
                    acc += kernel[k] * src[(size_t)k * channels];
                }
                line[(size_t)x * step + c] = acc;
            }
        }
    }
}

enum og_status
biome_blur(float *img, int width, int height, int channels, double sigma, struct og_error *err)
{
    float *pad = NULL, *kernel = NULL;
    int r, k, longest = width > height ? width : height;
    double sum = 0.0;
    enum og_status st;

    if (!(sigma > 0.0 && sigma <= 64.0)) {
        return og_error_set(err, OG_ERANGE, "blur sigma %g outside (0, 64]", sigma);
    }
    if (width <= 0 || height <= 0 || channels <= 0) {
        return og_error_set(err, OG_ERANGE, "blur image %dx%dx%d must be non-empty", width, height,
                            channels);
    }
    r = (int)ceil(3.0 * sigma);
    st = grid_calloc((void **)&kernel, (size_t)(2 * r + 1), sizeof *kernel, "blur kernel", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&pad, (size_t)(longest + 2 * r) * (size_t)channels, sizeof *pad,
                         "blur line", err);
    }
    if (st != OG_OK) {
        free(kernel);
        return st;
    }
    /* det_exp, not libm's exp: the weights decide pixels through the
     * lround in biome_table_lookup, so they must be the same bits under
     * every libm and CPU (doc/reproducibility.md). */
    for (k = -r; k <= r; k++) {
        sum += det_exp(-0.5 * k * k / (sigma * sigma));
    }
    for (k = -r; k <= r; k++) {
        kernel[k + r] = (float)(det_exp(-0.5 * k * k / (sigma * sigma)) / sum);
    }
    /* Rows, then columns; out-of-range taps read the nearest edge texel. */
    blur_pass(img, (size_t)height, (size_t)width * (size_t)channels, width, (size_t)channels,
              channels, kernel, r, pad);
    blur_pass(img, (size_t)width, (size_t)channels, height, (size_t)width * (size_t)channels,
              channels, kernel, r, pad);
    free(pad);
    free(kernel);
    return OG_OK;
}

enum og_status
biome_table_build(struct biome_table *t, double sigma, struct og_error *err)
{
    int i, j;
    for (i = 0; i < BIOME_TABLE_SIZE; i++) {
        for (j = 0; j < BIOME_TABLE_SIZE; j++) {
            uint32_t col = biome_color(biome_classify((i + 0.5) / BIOME_TABLE_SIZE,
                                                      (j + 0.5) / BIOME_TABLE_SIZE));
            float *px = t->rgb + 3 * ((size_t)i * BIOME_TABLE_SIZE + (size_t)j);
            px[0] = (float)((col >> 16) & 0xff);
            px[1] = (float)((col >> 8) & 0xff);
            px[2] = (float)(col & 0xff);
        }
    }
    if (sigma > 0.0) {
        return biome_blur(t->rgb, BIOME_TABLE_SIZE, BIOME_TABLE_SIZE, 3, sigma, err);
    }
    return OG_OK;
}

/* Continuous texel coordinate of a value in [0, 1], clamped to the texel
 * centres; *i0 the lower texel, the return value the weight of the next. */
static double
texel(double v, int *i0)
{
    double f = v * BIOME_TABLE_SIZE - 0.5;
    if (!(f > 0.0)) {
        f = 0.0;
    }
    if (f > BIOME_TABLE_SIZE - 1) {
        f = BIOME_TABLE_SIZE - 1;
    }
    *i0 = (int)f;
    if (*i0 >= BIOME_TABLE_SIZE - 1) {
        *i0 = BIOME_TABLE_SIZE - 2;
    }
    return f - *i0;
}

uint32_t
biome_table_lookup(const struct biome_table *t, double e, double m)
{
    int i0, j0, c;
    double te = texel(e, &i0), tm = texel(m, &j0);
    uint32_t out = 0;

    for (c = 0; c < 3; c++) {
        const float *row0 = t->rgb + 3 * ((size_t)i0 * BIOME_TABLE_SIZE) + c;
        const float *row1 = row0 + 3 * BIOME_TABLE_SIZE;
        double a = row0[3 * j0] * (1.0 - tm) + row0[3 * (j0 + 1)] * tm;
        double b = row1[3 * j0] * (1.0 - tm) + row1[3 * (j0 + 1)] * tm;
        long v = lround(a * (1.0 - te) + b * te);
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        out = (out << 8) | (uint32_t)v;
    }
    return out;
}

double
biome_elevation(const struct world *w, size_t i)
{
    double e = w->elevation[i];
    if (w->gen == GEN_DEM) {
        /* temperature from latitude and lapse rate (core/biome/dem_climate.h) */
        e = dem_climate_axis(dem_climate_temp_on(w->latitude, e, w->climate_base_m));
    }
    return e < 0.0 ? 0.0 : e > 1.0 ? 1.0 : e;
}

/* A dem beach: a land cell whose 4-neighbour is sea and that stands at most
 * DEM_BEACH_HEIGHT metres above sea level. Temperature never reaches the
 * beach row (dem_climate_axis), so a tile without sea has no beach. */
#define DEM_BEACH_HEIGHT 10.0

static int
dem_on_coast(const struct world *w, size_t i)
{
    int x = (int)(i % (size_t)w->width), y = (int)(i / (size_t)w->width);
    if (!(w->elevation[i] - w->sea_level <= DEM_BEACH_HEIGHT)) {
        return 0;
    }
    return (x > 0 && w->water[i - 1] == WATER_OCEAN) ||
           (x + 1 < w->width && w->water[i + 1] == WATER_OCEAN) ||
           (y > 0 && w->water[i - (size_t)w->width] == WATER_OCEAN) ||
           (y + 1 < w->height && w->water[i + (size_t)w->width] == WATER_OCEAN);
}

double
biome_ocean_factor(double t)
{
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return 1.16 - 0.6 * sqrt(t);
}

/* With smoothing on, the sea is shaded by depth as well: the ocean colour
 * at the coast, darkening with the square root of the relative depth, so
 * shelves and trenches read on the map. */
static uint32_t
ocean_depth_color(const struct world *w, size_t i)
{
    double depth = w->sea_level - w->elev_min;
    double t = depth > 0.0 ? (w->sea_level - w->elevation[i]) / depth : 0.0;
    uint32_t c = biome_color(BIOME_OCEAN);
    int r = (int)(c >> 16 & 255), g = (int)(c >> 8 & 255), b = (int)(c & 255);
    double k = biome_ocean_factor(t);
    r = (int)lround(r * k);
    g = (int)lround(g * k);
    b = (int)lround(b * k);
    r = r > 255 ? 255 : r;
    g = g > 255 ? 255 : g;
    b = b > 255 ? 255 : b;
    return (uint32_t)(r << 16 | g << 8 | b);
}

/* The blurred table depends on sigma only, and blurring it costs more than
 * classifying a 16k-cell island: keep the last one for the process. A copy
 * is handed out, so a later sigma never changes a table in use. */
static pthread_mutex_t table_cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct biome_table *table_cache;
static double table_cache_sigma;

static enum og_status
biome_table_cached(struct biome_table *t, double sigma, struct og_error *err)
{
    enum og_status st = OG_OK;
    pthread_mutex_lock(&table_cache_lock);
    if (table_cache == NULL || table_cache_sigma != sigma) {
        if (table_cache == NULL) {
            table_cache = malloc(sizeof *table_cache);
        }
        st = table_cache == NULL ? og_error_set(err, OG_ENOMEM, "out of memory for the biome table")
                                 : biome_table_build(table_cache, sigma, err);
        if (st != OG_OK) {
            free(table_cache);
            table_cache = NULL;
        } else {
            table_cache_sigma = sigma;
        }
    }
    if (st == OG_OK) {
        memcpy(t, table_cache, sizeof *t);
    }
    pthread_mutex_unlock(&table_cache_lock);
    return st;
}

enum og_status
biome_stage(struct world *w, struct run_ctx *ctx, struct og_error *err)
{
    struct biome_table *t = NULL;
    int smooth = params_int(&w->params, P_HYDRO_SMOOTHING);
    size_t i, n = w->ncells;
    enum og_status st;

    if (w->water == NULL || w->elevation == NULL || w->moisture == NULL) {
        return og_error_set(err, OG_EINVAL, "biomes: needs elevation, water and moisture");
    }
    st = world_alloc((void **)&w->biome, n, 1, "biomes", err);
    if (st == OG_OK) {
        st = world_alloc((void **)&w->color, n, sizeof(uint32_t), "colour", err);
    }
    if (st == OG_OK && smooth) {
        st = grid_calloc((void **)&t, 1, sizeof *t, "biome table", err);
        if (st == OG_OK) {
            st = biome_table_cached(t, params_get(&w->params, P_HYDRO_BLUR_SIGMA), err);
        }
    }
    if (st == OG_OK) {
        st = pipeline_tick(ctx, 0.3);
    }
    if (st != OG_OK) {
        free(t);
        return st;
    }
    for (i = 0; i < n; i++) {
        enum biome b;
        double e, m, m_col;
        if (w->water[i] == WATER_OCEAN || w->water[i] == WATER_LAKE) {
            b = w->water[i] == WATER_OCEAN ? BIOME_OCEAN : BIOME_LAKE;
            w->biome[i] = (uint8_t)b;
            w->color[i] = biome_color(b);
            if (smooth && b == BIOME_OCEAN) {
                w->color[i] = ocean_depth_color(w, i);
            }
            continue;
        }
        if (w->lake != NULL && w->nhydro == n && w->lake[i] == LAKE_PLAYA) {
            w->biome[i] = (uint8_t)BIOME_PLAYA;
            w->color[i] = biome_color(BIOME_PLAYA);
            continue;
        }
        e = biome_elevation(w, i);
        m = w->moisture[i];
        m_col = m;
        if (w->gen == GEN_DEM && dem_on_coast(w, i)) {
            e = 0.0;  /* the table's beach / marsh row */
        } else if (w->gen == GEN_DEM && e > 0.8 - DEM_SNOW_FADE && m > DEM_SNOW_MOISTURE_MAX &&
                   dem_climate_temp_on(w->latitude, w->elevation[i], w->climate_base_m) >
                       DEM_SNOW_T) {
            /* above the treeline but too warm to keep snow: tundra; the
               colour fades toward it over DEM_SNOW_FADE below the line, or
               the blurred table's snow would ring the treeline in white */
            double f = (e - (0.8 - DEM_SNOW_FADE)) / DEM_SNOW_FADE;
            f = f > 1.0 ? 1.0 : f;
            m_col = m + (DEM_SNOW_MOISTURE_MAX - m) * f * f * (3.0 - 2.0 * f);
            if (e >= 0.8) {
                m = DEM_SNOW_MOISTURE_MAX;
            }
        }
        b = biome_classify(e, m);
        w->biome[i] = (uint8_t)b;
        w->color[i] = t != NULL ? biome_table_lookup(t, e, m_col) : biome_color(b);
    }
    free(t);
    return OG_OK;
}
