/* planet_names: names of continents, islands, seas and major rivers in
 * their regions' generated languages (planet_names.h). */
#include "config.h"
#include "core/planet/planet_names.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/geom/adjacency.h"
#include "core/hydro/hydro.h"
#include "core/planet/planet_rivers.h"
#include "core/world.h"

/* km^2 of the 6371 km globe */
#define GLOBE_KM2 (4.0 * 3.14159265358979323846 * 6371.0 * 6371.0)
/* tries before a colliding name gets another syllable */
#define NAME_TRIES 8

const char *
place_kind_name(enum place_kind k)
{
    static const char *const names[] = { "continent", "island", "sea", "river" };
    return (unsigned)k < 4 ? names[k] : "?";
}

void
planet_names_free(struct planet_names *pn)
{
    if (pn == NULL) {
        return;
    }
    free(pn->lang);
    free(pn->place);
    free(pn->landmass_place);
    free(pn->cell_sea);
    free(pn->cell_region);
    free(pn);
}

/* Breadth first from every cell with lab[c] >= 0 (in index order) over the
 * cells with pass[c] (NULL: all), each reached cell taking the label of the
 * cell it was reached from. queue: n entries. */
static void
spread(const struct adjacency *adj, int32_t *lab, const uint8_t *pass, int32_t *queue)
{
    size_t n = adj->n, head = 0, tail = 0, i;
    for (i = 0; i < n; i++) {
        if (lab[i] >= 0) {
            queue[tail++] = (int32_t)i;
        }
    }
    while (head < tail) {
        int32_t v = queue[head++], k;
        for (k = adj->start[v]; k < adj->start[v + 1]; k++) {
            int32_t u = adj->nbr[k];
            if (lab[u] < 0 && (pass == NULL || pass[u])) {
                lab[u] = lab[v];
                queue[tail++] = u;
            }
        }
    }
}

static int
name_taken(const struct planet_names *pn, const char *s)
{
    size_t i;
    for (i = 0; i < pn->nplace; i++) {
        if (strcmp(pn->place[i].name, s) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Append a place named in language lang, its words from a stream of its
 * own (kind, id), distinct from every name so far. */
static void
add_place(struct planet_names *pn, uint64_t seed, enum place_kind kind, int32_t id, int lang,
          size_t cells)
{
    struct place *p = &pn->place[pn->nplace];
    struct rng r;
    int t;
    rng_seed(&r, seed ^ rng_hash_str("planet.names.place"),
             ((uint64_t)kind << 32) | (uint32_t)id);
    p->kind = kind;
    p->id = id;
    p->lang = lang;
    p->cells = cells;
    for (t = 0;; t++) {
        phon_word(&pn->lang[lang], &r, t / NAME_TRIES, p->name);
        if (!name_taken(pn, p->name) || t >= 4 * NAME_TRIES) {
            break;
        }
    }
    pn->nplace++;
}

/* Landmass sizes into size[nlm], and the id count. */
static size_t
landmass_sizes(const struct world *w, size_t **size)
{
    size_t n = w->ncells, i, nlm = 0;
    for (i = 0; i < n; i++) {
        nlm = w->landmass[i] >= 0 && (size_t)w->landmass[i] + 1 > nlm ? (size_t)w->landmass[i] + 1
                                                                       : nlm;
    }
    *size = calloc(nlm > 0 ? nlm : 1, sizeof **size);
    if (*size != NULL) {
        for (i = 0; i < n; i++) {
            if (w->landmass[i] >= 0) {
                (*size)[w->landmass[i]]++;
            }
        }
    }
    return nlm;
}

/* Regions, continents and islands. first[lm]: the lowest vertex of each
 * landmass. */
static void
name_land(struct world *w, struct planet_names *pn, const size_t *size, const int32_t *first,
          const struct adjacency *adj, int32_t *queue)
{
    size_t n = w->ncells, lm, i, largest = 0;
    uint64_t seed = w->params.seed;
    for (lm = 0; lm < pn->nlandmass; lm++) {
        largest = size[lm] > size[largest] ? lm : largest;
    }
    /* a region per continent, numbered in landmass order */
    for (i = 0; i < n; i++) {
        pn->cell_region[i] = -1;
    }
    for (lm = 0; lm < pn->nlandmass; lm++) {
        if ((double)size[lm] >= PLANET_CONTINENT_SHARE * (double)n || lm == largest) {
            struct rng r;
            rng_seed(&r, seed ^ rng_hash_str("planet.names"), (uint64_t)pn->nlang);
            phon_generate(&pn->lang[pn->nlang], &r);
            pn->landmass_place[lm] = -2 - pn->nlang;  /* region, named below */
            pn->nlang++;
        }
    }
    for (i = 0; i < n; i++) {
        int32_t lm2 = w->landmass[i];
        if (lm2 >= 0 && pn->landmass_place[lm2] <= -2) {
            pn->cell_region[i] = -2 - pn->landmass_place[lm2];
        }
    }
    spread(adj, pn->cell_region, NULL, queue);
    for (lm = 0; lm < pn->nlandmass; lm++) {
        int cont = pn->landmass_place[lm] <= -2;
        if (cont || (double)size[lm] >= PLANET_ISLAND_SHARE * (double)n) {
            pn->landmass_place[lm] = (int32_t)pn->nplace;
            add_place(pn, seed, cont ? PLACE_CONTINENT : PLACE_ISLAND, (int32_t)lm,
                      pn->cell_region[first[lm]], size[lm]);
        }
    }
}

/* Seas: the ocean split by the nearest named landmass. */
static enum og_status
name_seas(struct world *w, struct planet_names *pn, const struct adjacency *adj, int32_t *queue,
          struct og_error *err)
{
    size_t n = w->ncells, i, *count;
    int32_t *lab = pn->cell_sea;
    uint8_t *ocean = calloc(n > 0 ? n : 1, 1);

    count = calloc(pn->nlandmass > 0 ? pn->nlandmass : 1, sizeof *count);
    if (ocean == NULL || count == NULL) {
        free(ocean);
        free(count);
        return og_error_set(err, OG_ENOMEM, "out of memory for the names of seas");
    }
    for (i = 0; i < n; i++) {
        int32_t lm = w->landmass[i];
        ocean[i] = w->water[i] == WATER_OCEAN;
        lab[i] = lm >= 0 && pn->landmass_place[lm] >= 0 ? lm : -1;
    }
    spread(adj, lab, ocean, queue);
    for (i = 0; i < n; i++) {
        if (!ocean[i]) {
            lab[i] = -1;
        } else if (lab[i] >= 0) {
            count[lab[i]]++;
        }
    }
    /* lab: landmass -> the sea's place */
    for (i = 0; i < pn->nlandmass; i++) {
        int32_t p = pn->landmass_place[i];
        if (p >= 0 && (double)count[i] >= PLANET_SEA_SHARE * (double)n) {
            size_t sea = pn->nplace;
            add_place(pn, w->params.seed, PLACE_SEA, (int32_t)i, pn->place[p].lang, count[i]);
            count[i] = sea + 1;  /* place + 1 */
        } else {
            count[i] = 0;
        }
    }
    for (i = 0; i < n; i++) {
        lab[i] = lab[i] >= 0 ? (int32_t)count[lab[i]] - 1 : -1;
    }
    free(ocean);
    free(count);
    return OG_OK;
}

/* Rivers: the mouths draining at least PLANET_MAJOR_AREA. */
static enum og_status
name_rivers(struct world *w, struct planet_names *pn, struct og_error *err)
{
    size_t n = w->ncells, i;
    float *cells;
    enum og_status st;

    if (w->downhill == NULL || w->river_width == NULL || w->nhydro != n) {
        return OG_OK;
    }
    cells = malloc((n > 0 ? n : 1) * sizeof *cells);
    if (cells == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the names of rivers");
    }
    if ((st = hydro_accumulate(n, w->downhill, NULL, cells, NULL, err)) != OG_OK) {
        free(cells);
        return st;
    }
    for (i = 0; i < n; i++) {
        int32_t d = w->downhill[i];
        if (w->river_width[i] > 0.0f && (d < 0 || w->water[d] != WATER_LAND)
            && (double)cells[i] * GLOBE_KM2 / (double)n >= PLANET_MAJOR_AREA) {
            add_place(pn, w->params.seed, PLACE_RIVER, (int32_t)i, pn->cell_region[i],
                      (size_t)cells[i]);
        }
    }
    free(cells);
    return OG_OK;
}

static size_t
count_places(const struct world *w, const size_t *size, size_t nlm)
{
    size_t n = w->ncells, i, k = 0;
    for (i = 0; i < nlm; i++) {
        k += 2 * ((double)size[i] >= PLANET_ISLAND_SHARE * (double)n);
    }
    for (i = 0; w->river_width != NULL && w->downhill != NULL && i < n; i++) {
        int32_t d = w->downhill[i];
        k += w->river_width[i] > 0.0f && (d < 0 || w->water[d] != WATER_LAND);
    }
    return k + 2;  /* the largest landmass and its sea */
}

enum og_status
planet_names(struct world *w, const struct adjacency *adj, struct og_error *err)
{
    size_t n = w->ncells, i, nlm, *size = NULL;
    int32_t *queue = NULL, *first = NULL;
    struct planet_names *pn = calloc(1, sizeof *pn);
    enum og_status st = OG_OK;

    planet_names_free(w->names);
    w->names = NULL;
    if (pn == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the names");
    }
    nlm = landmass_sizes(w, &size);
    pn->nlandmass = nlm;
    pn->lang = calloc(nlm > 0 ? nlm : 1, sizeof *pn->lang);
    pn->place = calloc(size != NULL ? count_places(w, size, nlm) : 1, sizeof *pn->place);
    pn->landmass_place = malloc((nlm > 0 ? nlm : 1) * sizeof *pn->landmass_place);
    pn->cell_sea = malloc((n > 0 ? n : 1) * sizeof *pn->cell_sea);
    pn->cell_region = malloc((n > 0 ? n : 1) * sizeof *pn->cell_region);
    queue = malloc((n > 0 ? n : 1) * sizeof *queue);
    first = malloc((nlm > 0 ? nlm : 1) * sizeof *first);
    if (size == NULL || pn->lang == NULL || pn->place == NULL || pn->landmass_place == NULL
        || pn->cell_sea == NULL || pn->cell_region == NULL || queue == NULL || first == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory for the names");
        goto done;
    }
    for (i = 0; i < nlm; i++) {
        pn->landmass_place[i] = -1;
        first[i] = -1;
    }
    for (i = n; i-- > 0;) {
        if (w->landmass[i] >= 0) {
            first[w->landmass[i]] = (int32_t)i;
        }
    }
    if (nlm == 0) {
        for (i = 0; i < n; i++) {
            pn->cell_sea[i] = pn->cell_region[i] = -1;
        }
        goto done;
    }
    name_land(w, pn, size, first, adj, queue);
    if ((st = name_seas(w, pn, adj, queue, err)) != OG_OK
        || (st = name_rivers(w, pn, err)) != OG_OK) {
        goto done;
    }
    world_stat_int(w, "planet.languages", pn->nlang);
    world_stat_int(w, "planet.named_places", (long long)pn->nplace);
done:
    free(size);
    free(queue);
    free(first);
    if (st != OG_OK) {
        planet_names_free(pn);
        return st;
    }
    w->names = pn;
    return OG_OK;
}

const struct place *
planet_place_of_cell(const struct world *w, size_t c)
{
    const struct planet_names *pn = w->names;
    if (pn == NULL || c >= w->ncells) {
        return NULL;
    }
    if (w->landmass != NULL && w->landmass[c] >= 0 && (size_t)w->landmass[c] < pn->nlandmass) {
        int32_t p = pn->landmass_place[w->landmass[c]];
        return p >= 0 ? &pn->place[p] : NULL;
    }
    return pn->cell_sea[c] >= 0 ? &pn->place[pn->cell_sea[c]] : NULL;
}

const struct place *
planet_river_of_cell(const struct world *w, size_t c)
{
    const struct planet_names *pn = w->names;
    size_t i, steps = 0;
    int32_t v = (int32_t)c;
    if (pn == NULL || w->downhill == NULL || w->river_width == NULL || c >= w->nhydro
        || w->river_width[c] <= 0.0f) {
        return NULL;
    }
    while (w->downhill[v] >= 0 && w->water[w->downhill[v]] == WATER_LAND && steps++ < w->nhydro) {
        v = w->downhill[v];
    }
    for (i = 0; i < pn->nplace; i++) {
        if (pn->place[i].kind == PLACE_RIVER && pn->place[i].id == v) {
            return &pn->place[i];
        }
    }
    return NULL;
}
