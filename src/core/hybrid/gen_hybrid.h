/* gen_hybrid: the hybrid grid generator, after Donjourno
 * (../shared/seeds/hybrid-donjourno.txt; doc/hybrid.md). Four stages, as the
 * seed composes its layers:
 *   HybridTerrain   phase 1: 4-octave value-noise fBm mask m at s_mask, the
 *                   threshold tau chosen so exactly round(coverage x N) cells
 *                   are in the mask (ties broken by lower cell index);
 *                   phase 2: h = H_peak * clamp(fbm6(x s, y s) * 1.3 - 0.15,
 *                   0, 1) * beta inside the mask, 0 outside, beta the
 *                   cosine-smoothed clamp((m - tau) / Delta_blend, 0, 1),
 *                   s = cycles / sqrt(N_target / pi);
 *                   phase 3: Newtonian droplet erosion (core/hybrid/droplet.h);
 *                   phase 4: roughness = erosion activity normalised by
 *                   its 99th percentile (capped at 1) x relative height, 0
 *                   outside the mask.
 *   ForestMask      clamp(1 - (h / h_limit)^steepness, 0, 1), 0 on Mountain
 *   ForestPlacement tree where random() < mask x density
 *   TerrainTexture  the seed's colour table, thresholds relative to the
 *                   actual maximum height, slopes by central differences.
 * World fields: kind WORLD_GRID, elevation (model height units), mask,
 * roughness, forest, trees, color, water (all land). Stats "hybrid.*":
 * doc/stats.md. While eroding, a snapshot world (elevation, mask, colour,
 * stats hybrid.droplets_done / hybrid.droplets_total) is handed to
 * ctx->snapshot at most every 100 ms (or four times the time a snapshot
 * takes, on big grids); snapshots never change the result. */
#ifndef OROGEN_CORE_HYBRID_GEN_HYBRID_H
#define OROGEN_CORE_HYBRID_GEN_HYBRID_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"
#include "core/pipeline.h"

extern const struct generator gen_hybrid;

/* The colour table of the seed's TerrainTexture (0xRRGGBB). Grey rock is
 * altitude dependent: gen_hybrid_grey_rock(). */
#define HYBRID_SNOW 0xF0F0FAu            /* (240, 240, 250) */
#define HYBRID_BROWN_ROCK 0x6E5F4Bu      /* (110, 95, 75) */
#define HYBRID_HIGHLAND_GRASS 0x5A8250u  /* (90, 130, 80) */
#define HYBRID_TREE 0x1E641Eu            /* (30, 100, 30) */
#define HYBRID_DIRT 0x8B7355u            /* (139, 115, 85) */
#define HYBRID_GRASS 0x3C8C3Cu           /* (60, 140, 60) */
#define HYBRID_WATER 0x4A7FB0u           /* (74, 127, 176): lakes (the seed's Water) */

/* Terrain kinds for glyph maps: `.` grass, `^` mountain, `T` tree,
 * `*` snow, `:` dirt, `#` rock, `=` lake. */
enum hybrid_kind {
    HYBRID_KIND_GRASS,
    HYBRID_KIND_MOUNTAIN, /* brown rock or highland grass */
    HYBRID_KIND_TREE,
    HYBRID_KIND_SNOW,
    HYBRID_KIND_DIRT,
    HYBRID_KIND_ROCK,     /* grey rock on steep mountain slopes */
    HYBRID_KIND_WATER     /* a lake */
};

/* Exact-coverage mask: mask[i] = 1 for exactly `target` cells, those with
 * the largest m[i] (ties: the lower index wins), else 0; *tau gets the
 * smallest m of the mask (the seed's sorted[N - N_target]); for target 0 it
 * gets max m and for n 0 it gets 0. Uses a selection, not a sort: three
 * counting passes, O(n). Requires target <= n < 2^32. Errors: OG_ENOMEM. */
enum og_status gen_hybrid_select_mask(const float *m, size_t n, size_t target, uint8_t *mask,
                                      float *tau, struct og_error *err);

/* gen_hybrid_select_mask on up to `threads` threads (<= 0: the default),
 * the same mask and tau for every count (gen_hybrid_select.c: a radix
 * selection in fixed batches). */
enum og_status gen_hybrid_select_mask_threads(const float *m, size_t n, size_t target,
                                              uint8_t *mask, float *tau, int threads,
                                              struct og_error *err);

/* The k-th largest of v[0 .. n) over the cells i with only[i] != 0 (all
 * cells when only is NULL) into *out: the value select_nth_u64 finds on
 * their select_float_key keys at rank (count - k), by the same radix
 * passes in fixed batches on up to `threads` threads, for any thread
 * count. k must lie in 1 .. that count (k 0 or n 0 gives 0), and the
 * values that count must not be NaNs of all-one bits (their key is the
 * others' 0). Errors: OG_ENOMEM. */
enum og_status gen_hybrid_kth_largest_threads(const float *v, const uint8_t *only, size_t n,
                                              size_t k, int threads, float *out,
                                              struct og_error *err);

/* Grey rock colour for relative height h_rel (clamped to [0, 1] for the
 * colour only): grey level round(80 + 50 h_rel), darker low, lighter high. */
uint32_t gen_hybrid_grey_rock(float h_rel);

/* One cell of the colour table: mountain / tree flags, h_rel = h / h_max,
 * slope in height units per cell. Mountain: steep (slope > rock_slope) grey
 * rock, else snow above 0.75, brown rock above 0.4, else highland grass.
 * Otherwise tree, else dirt when slope > dirt_slope, else green. */
uint32_t gen_hybrid_color(int mountain, int tree, float h_rel, float slope, float dirt_slope,
                          float rock_slope);

/* Slope magnitude at (x, y) of a w x h row-major field by central
 * differences, (h[x+1] - h[x-1]) / 2 (one-sided at the grid edge). */
float gen_hybrid_slope(const float *field, int w, int h, int x, int y);

/* TerrainTexture over a whole w x h grid into color: Mountain = mask and
 * height > mountain_h; trees may be NULL (none). h_max is the actual maximum
 * of heights (h_rel = 0 everywhere when it is <= 0). */
void gen_hybrid_texture(const float *heights, const uint8_t *mask, const uint8_t *trees, int w,
                        int h, float mountain_h, float dirt_slope, float rock_slope,
                        uint32_t *color);

/* The kind of one cell of a hybrid world (final or snapshot), from its
 * colour and trees; HYBRID_KIND_GRASS when the world has no colour. */
enum hybrid_kind gen_hybrid_cell_kind(const struct world *w, size_t cell);

/* The glyph of a kind ('.', '^', 'T', '*', ':', '#', '='). */
char gen_hybrid_kind_glyph(enum hybrid_kind kind);

#endif
