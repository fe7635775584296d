#include "config.h"
#include "core/planet/continents.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/base/noise.h"
#include "core/base/rng.h"

enum og_status
continents_init(struct continents *c, size_t n, struct og_error *err)
{
    memset(c, 0, sizeof *c);
    if (n == 0 || n >= (size_t)INT32_MAX) {
        return og_error_set(err, OG_ERANGE, "continents: %zu vertices outside [1, %d]", n,
                            INT32_MAX - 1);
    }
    c->n = n;
    c->state = calloc(n, 1);
    c->landmass = malloc(n * sizeof *c->landmass);
    c->parent = malloc(n * sizeof *c->parent);
    c->has_seed = calloc(n, 1);
    c->cand = malloc(n * sizeof *c->cand);
    c->cand_pos = malloc(n * sizeof *c->cand_pos);
    c->origin = malloc(n * sizeof *c->origin);
    c->arrive = malloc(n * sizeof *c->arrive);
    c->heap_cap = 1024;
    c->heap = malloc(c->heap_cap * sizeof *c->heap);
    /* struct perlin is 32-byte aligned (its gradient rows are read with
     * aligned vector loads): malloc promises only 16. */
    c->coast_pn = aligned_alloc(_Alignof(struct perlin), sizeof *c->coast_pn);
    c->cap_pn = aligned_alloc(_Alignof(struct perlin), sizeof *c->cap_pn);
    c->cap_z = 2.0; /* no caps until continents_caps */
    if (c->coast_pn == NULL || c->cap_pn == NULL || c->state == NULL || c->landmass == NULL || c->parent == NULL || c->has_seed == NULL
        || c->cand == NULL || c->cand_pos == NULL || c->origin == NULL || c->arrive == NULL
        || c->heap == NULL) {
        continents_fini(c);
        return og_error_set(err, OG_ENOMEM, "out of memory for continents of %zu vertices", n);
    }
    memset(c->parent, 0xff, n * sizeof *c->parent);
    memset(c->cand_pos, 0xff, n * sizeof *c->cand_pos);
    memset(c->landmass, 0xff, n * sizeof *c->landmass);
    for (size_t i = 0; i < n; i++) {
        c->origin[i] = CONT_ORIGIN_NONE;
        c->arrive[i] = HUGE_VAL;
    }
    return OG_OK;
}

void
continents_fini(struct continents *c)
{
    free(c->state);
    free(c->landmass);
    free(c->parent);
    free(c->has_seed);
    free(c->cand);
    free(c->cand_pos);
    free(c->origin);
    free(c->arrive);
    free(c->rough);
    free(c->heap);
    free(c->centre);
    free(c->level0);
    free(c->meet);
    free(c->coast_pn);
    free(c->cap_pn);
    memset(c, 0, sizeof *c);
}

enum og_status
continents_check(const struct continents_params *p, struct og_error *err)
{
    if (!(p->cap_latitude >= 0.0 && p->cap_latitude <= 90.0)) {
        return og_error_set(err, OG_ERANGE, "cap latitude %g outside [0, 90]", p->cap_latitude);
    }
    if (p->ncontinents < 1 || p->ncontinents > 10000) {
        return og_error_set(err, OG_ERANGE, "continents %d outside [1, 10000]", p->ncontinents);
    }
    if (!(p->land_target >= 0.0 && p->land_target <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "land target %g outside [0, 1]", p->land_target);
    }
    if (!(p->island_chance >= 0.0 && p->island_chance <= 1.0)) {
        return og_error_set(err, OG_ERANGE, "island chance %g outside [0, 1]", p->island_chance);
    }
    if (p->caps_grow != 0 && p->caps_grow != 1) {
        return og_error_set(err, OG_ERANGE, "caps_grow %d outside [0, 1]", p->caps_grow);
    }
    if (p->noise_growth != 0 && p->noise_growth != 1) {
        return og_error_set(err, OG_ERANGE, "noise_growth %d outside [0, 1]", p->noise_growth);
    }
    if (!(p->coast_roughness >= 0.0 && p->coast_roughness <= 4.0)) {
        return og_error_set(err, OG_ERANGE, "coast roughness %g outside [0, 4]",
                            p->coast_roughness);
    }
    if (!(p->cap_roughness >= 0.0 && p->cap_roughness <= 30.0)) {
        return og_error_set(err, OG_ERANGE, "cap roughness %g deg outside [0, 30]",
                            p->cap_roughness);
    }
    if (p->island_area != 0 && p->island_area != 1) {
        return og_error_set(err, OG_ERANGE, "island_area %d outside [0, 1]", p->island_area);
    }
    if (p->island_count < 0 || p->island_count > 100000) {
        return og_error_set(err, OG_ERANGE, "island count %d outside [0, 100000]",
                            p->island_count);
    }
    if (p->island_area
        && !(p->island_min_area > 0.0 && p->island_min_area <= p->island_max_area
             && p->island_max_area <= 0.1)) {
        return og_error_set(err, OG_ERANGE,
                            "island areas %g..%g of the globe: need 0 < min <= max <= 0.1",
                            p->island_min_area, p->island_max_area);
    }
    if (p->island_area && !(p->island_tail >= 0.2 && p->island_tail <= 5.0)) {
        return og_error_set(err, OG_ERANGE, "island tail exponent %g outside [0.2, 5]",
                            p->island_tail);
    }
    return OG_OK;
}

/* The cap edge wanders by cap_roughness degrees: a few lobes around the
 * pole (frequency 2.5 on the unit sphere) with finer fringes. */
static const struct fbm_params cap_fbm = { 6, 2.5, 2.0, 0.55 };

double
continents_cap_excess(const struct continents *c, const double *q)
{
    double edge = c->cap_z;
    if (c->cap_rz > 0.0) {
        edge += c->cap_rz * fbm3(c->cap_pn, &cap_fbm, q[0], q[1], q[2]);
    }
    return fabs(q[2]) - edge;
}

void
continents_caps(struct continents *c, const double *xyz, const struct continents_params *p)
{
    size_t i;
    double lo, hi;

    perlin_init(c->cap_pn, p->noise_seed ^ rng_hash_str("planet.caps"));
    c->cap_z = det_sin(p->cap_latitude * M_PI / 180.0);
    /* degrees of latitude to z at the cap edge: dz = cos(lat) dlat */
    c->cap_rz = p->cap_roughness * M_PI / 180.0 * det_cos(p->cap_latitude * M_PI / 180.0);
    /* fBm lies in [-1, 1] (also as rounded: |sum of amp * noise| <= sum of
     * amp, both summed in one order), so the edge's z lies in [lo, hi]
     * and only |z| inside that band needs the noise: the same caps, noise
     * at a few per cent of the vertices */
    lo = c->cap_rz > 0.0 ? c->cap_z - c->cap_rz : c->cap_z;
    hi = c->cap_rz > 0.0 ? c->cap_z + c->cap_rz : c->cap_z;
    for (i = 0; i < c->n; i++) {
        double z = fabs(xyz[3 * i + 2]);
        if (z < lo || (z <= hi && !(continents_cap_excess(c, &xyz[3 * i]) > 0.0))) {
            continue;
        }
        c->origin[i] = CONT_ORIGIN_CAP;
        c->state[i] = CONT_LAND;
        c->parent[i] = (int32_t)i;
        c->cap_vertices++;
    }
}

void
continents_coast(struct continents *c, const struct adjacency *adj)
{
    size_t i;
    for (i = 0; i < c->n; i++) {
        int32_t j;
        if (c->state[i] != CONT_UNASSIGNED) {
            continue;
        }
        for (j = adj->start[i]; j < adj->start[i + 1]; j++) {
            if (c->state[adj->nbr[j]] == CONT_LAND) {
                c->state[i] = CONT_SEA;
                break;
            }
        }
    }
}

int
continents_south_heavier(const struct continents *c, const double *xyz)
{
    size_t i, north = 0, south = 0;
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_LAND) {
            if (xyz[3 * i + 2] > 0.0) {
                north++;
            } else if (xyz[3 * i + 2] < 0.0) {
                south++;
            }
        }
    }
    return south > north;
}

int
continents_flip_wanted(const struct continents *c, const double *xyz)
{
    size_t i, north = 0, south = 0;
    double d, proxy = 0.0;
    for (i = 0; i < c->n; i++) {
        if (c->state[i] == CONT_LAND) {
            north += xyz[3 * i + 2] > 0.0;
            south += xyz[3 * i + 2] < 0.0;
        }
    }
    d = ((double)south - (double)north) / (double)c->n;
    if (c->rough == NULL || fabs(d) > CONT_FLIP_TIE) {
        return south > north;
    }
    /* a near tie: the continents' centres, each weighted by the square of
     * how far its front grew (its area, roughly), decide */
    for (i = 0; i < c->seeds; i++) {
        double g = c->level - c->level0[i];
        proxy += g > 0.0 ? g * g * c->centre[3 * i + 2] : 0.0;
    }
    return proxy < 0.0;
}

void
continents_flip(double *xyz, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        xyz[3 * i + 1] = -xyz[3 * i + 1];
        xyz[3 * i + 2] = -xyz[3 * i + 2];
    }
}
