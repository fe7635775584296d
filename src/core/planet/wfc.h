/* wfc: biomes by wave-function collapse on the sphere's vertex graph.
 *
 * Method: M. Gumin's WaveFunctionCollapse (2016) in its "simple tiled"
 * form on an arbitrary graph (as in Lingua Franca): every vertex starts
 * with the set of biomes its unary rules allow (land or water, latitude
 * band, shore), arc consistency with the pairwise rules prunes the sets, then
 * repeatedly the undecided vertex with the fewest options (ties by a seeded
 * per-vertex key) is collapsed to one biome, drawn by weight times
 * (1 + affinity * equal decided neighbours), and the change is propagated.
 * An empty set (contradiction) undoes the newest decision (an undo trail of
 * every domain change) and forbids its choice there, going further back
 * when that empties the vertex as well: depth-first search with forward
 * checking, so rules with no solution are proven so when the search runs
 * out of decisions. A search stuck deep (256 backtracks, doubling each
 * time) starts over with fresh ties and draws (randomised restarts, Gomes,
 * Selman and Kautz 1998). After max_restarts backtracks in all the run
 * stops with OG_EINVAL, never a hang. Deterministic for the rng state.
 *
 * The rules and the biome set are ONE table (struct wfc_rules); the
 * planet's is wfc_planet_rules(). */
#ifndef OROGEN_CORE_PLANET_WFC_H
#define OROGEN_CORE_PLANET_WFC_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/og_error.h"

struct adjacency;
struct rng;
struct run_ctx;

#define WFC_MAX_BIOMES 32

enum wfc_shore {
    WFC_SHORE_ANY,    /* no constraint */
    WFC_SHORE_ONLY,   /* must have a neighbour of the other kind (land next to sea,
                         or sea next to land), or lie in the shore band given to the
                         climate domains (a width of the world, e.g. the shelf) */
    WFC_SHORE_NEVER   /* must not: landlocked land, open water */
};

struct wfc_biome {
    const char *name;       /* stable key for stats ("desert") */
    uint32_t color;         /* 0xRRGGBB */
    int water;              /* 1: sea vertices only; 0: land only */
    double lat_min, lat_max;/* allowed |latitude| band, degrees */
    enum wfc_shore shore;
    double weight;          /* relative frequency when collapsing (> 0) */
    double clim_min, clim_max;   /* climate domains: allowed climate latitude, degrees */
    double moist_min, moist_max; /* climate domains: allowed moisture, 0..1 */
};

struct wfc_rules {
    int nbiomes;
    struct wfc_biome biome[WFC_MAX_BIOMES];
    /* bit b of forbid[a]: biome a is never next to biome b (read both
     * ways: a bit in either row forbids the pair) */
    uint32_t forbid[WFC_MAX_BIOMES];
    double affinity;        /* weight bonus per decided neighbour of the same biome */
    const uint8_t *prefer;  /* NULL, or per vertex a preferred biome (e.g. the climate's,
                               wfc_climate_prefer), whose weight is multiplied by
                               prefer_weight when collapsing */
    double prefer_weight;
};

struct wfc_stats {
    size_t collapses;       /* decisions, undone ones included */
    size_t backtracks;      /* contradictions met; each undoes one decision */
    size_t restarts;        /* searches abandoned for a fresh start */
};

/* The planet's biome set and rules: deserts landlocked, tundra never next to
 * rainforest, ice (and sea ice) only near the poles, coasts only next to sea,
 * and a few more (doc/planet.md lists them). */
const struct wfc_rules *wfc_planet_rules(void);

/* Biome id by name, or -1. */
int wfc_biome_find(const struct wfc_rules *rules, const char *name);

/* Check a table: 1..WFC_MAX_BIOMES biomes, positive weights, bands inside
 * [0, 90], forbid symmetric. Errors: OG_EINVAL naming the biome. */
enum og_status wfc_rules_check(const struct wfc_rules *rules, struct og_error *err);

/* The pairwise rules made symmetric: compat[a] = bit set of the biomes
 * allowed next to biome a (a bit in either forbid row removes the pair);
 * rules->nbiomes entries. */
void wfc_compat_table(const struct wfc_rules *rules, uint32_t *compat);

/* The unary domains: dom[v] = bit set of biomes allowed at vertex v by its
 * kind (sea[v] != 0 for water), |latitude| from xyz (unit vectors, z north)
 * and shore (a neighbour of the other kind). */
void wfc_unary_domains(const struct wfc_rules *rules, const struct adjacency *adj,
                       const double *xyz, const uint8_t *sea, uint32_t *dom);

/* The climate domains: as wfc_unary_domains, but the band is tested on a
 * climate latitude clim[v] (degrees: |latitude| moved by noise and
 * elevation; the colder, the higher) against clim_min..clim_max, and the
 * moisture moist[v] (0..1) against moist_min..moist_max. band: NULL, or
 * per vertex 1 inside the shore band (a distance of the world from the
 * coast), where WFC_SHORE_ONLY biomes are allowed too; WFC_SHORE_NEVER
 * biomes stay off the vertices with a neighbour of the other kind. */
void wfc_climate_domains(const struct wfc_rules *rules, const struct adjacency *adj,
                         const float *clim, const float *moist, const uint8_t *sea,
                         const uint8_t *band, uint32_t *dom);

/* The preferred biome of every vertex: among dom[v], the one whose climate
 * box (clim_min..clim_max x moist_min..moist_max) holds (clim[v], moist[v])
 * deepest, depth measured in fractions of the box's sides; so the
 * preferences change at the medial lines between boxes, along the climate
 * fields' isolines. In the shore band (band[v] != 0; band may be NULL)
 * WFC_SHORE_NEVER biomes are preferred only when nothing else is allowed,
 * so the band takes the shore biomes across its whole width. Vertices with
 * an empty domain get 0. */
void wfc_climate_prefer(const struct wfc_rules *rules, size_t n, const float *clim,
                        const float *moist, const uint32_t *dom, const uint8_t *band,
                        uint8_t *prefer);

/* Widen domains by one ring: out[v] = the union of dom over v and its
 * neighbours, restricted to v's kind (water or land) and shore rule.
 * Adjacent vertices then share the options of each other's climate. band:
 * as in wfc_climate_domains (may be NULL). */
void wfc_widen_domains(const struct adjacency *adj, const uint32_t *dom, const uint8_t *sea,
                       const uint8_t *band, const struct wfc_rules *rules, uint32_t *out);

/* Collapse: dom[v] (adj->n entries, in) are the allowed sets (e.g. from
 * wfc_unary_domains, possibly narrowed to fix some vertices); out[v] gets
 * the biome (all 0 after an error). max_restarts bounds the backtracks
 * (>= 0). ctx may be NULL.
 * Errors: OG_EINVAL "no biome fits vertex V" when the rules leave a vertex
 * nothing before any choice, "no solution" when the search proves there is
 * none, "no solution found within N backtracks" at the bound; OG_ENOMEM;
 * OG_ECANCELED. stats may be NULL. */
enum og_status wfc_solve(const struct wfc_rules *rules, const struct adjacency *adj,
                         const uint32_t *dom, uint8_t *out, struct rng *r, int max_restarts,
                         struct wfc_stats *stats, struct run_ctx *ctx, struct og_error *err);

/* Count rule violations of an assignment: pairs (each edge once) with
 * forbidden biomes, plus vertices whose biome is outside dom[v]. The first
 * bad vertex goes to *first (may be NULL; -1 if none). */
size_t wfc_violations(const struct wfc_rules *rules, const struct adjacency *adj,
                      const uint32_t *dom, const uint8_t *biome, int32_t *first);

#endif
