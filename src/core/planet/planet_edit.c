#include "config.h"
#include "core/planet/planet_edit.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/adjacency.h"
#include "core/planet/gen_planet.h"
#include "core/geom/mesh.h"
#include "core/base/numparse.h"
#include "core/recipe/params.h"
#include "core/base/rng.h"
#include "core/planet/wfc.h"

static enum og_status edits_append(struct world *nw, const struct world *w, int32_t cell, int land,
                                   double radius, struct og_error *err);

static const double brush_radius[PLANET_BRUSH_MAX] = { 1, 1.5, 2.25, 3.4, 5, 7.6, 11.4, 17, 25.6 };

double
planet_brush_radius(int size)
{
    return size >= 1 && size <= PLANET_BRUSH_MAX ? brush_radius[size - 1] : 0.0;
}

/* radius as the recipe text holds it ("%.6g", planet_edits_to_text). */
static double
radius_as_text(double radius)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.6g", radius);
    return strtod(buf, NULL);
}

static enum og_status
check_brush(const struct world *w, int32_t cell, double radius, struct og_error *err)
{
    if (w == NULL || w->gen != GEN_PLANET || w->kind != WORLD_SPHERE || w->mesh == NULL
        || w->mesh->dim != 3 || w->water == NULL) {
        return og_error_set(err, OG_EINVAL, "land editing needs a planet world");
    }
    if (cell < 0 || (size_t)cell >= w->ncells) {
        return og_error_set(err, OG_EINVAL, "cell %ld outside [0, %zu)", (long)cell, w->ncells);
    }
    if (!(radius >= 0.0 && radius <= 90.0)) {
        return og_error_set(err, OG_EINVAL, "brush radius %g degrees outside [0, 90]", radius);
    }
    return OG_OK;
}

/* The cells under the brush (planet_edit.h) breadth-first from cell into
 * out (room for ncells); in[v] != 0 marks them (all 0 on entry). Returns
 * their number. */
static size_t
cap_cells(const struct world *w, const struct adjacency *adj, int32_t cell, double radius,
          int32_t *out, uint8_t *in)
{
    const double *pt = w->mesh->points, *c = pt + 3 * (size_t)cell;
    /* a site is under the brush when its angle to c is at most radius:
       cos(angle) = dot >= cos(radius) */
    double lim = det_cos(radius * (M_PI / 180.0));
    size_t head = 0, tail = 0;

    out[tail++] = cell;
    in[cell] = 1;
    while (radius > 0.0 && head < tail) {
        int32_t v = out[head++], j;
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            const double *q = pt + 3 * (size_t)u;
            if (!in[u] && c[0] * q[0] + c[1] * q[1] + c[2] * q[2] >= lim) {
                in[u] = 1;
                out[tail++] = u;
            }
        }
    }
    return tail;
}

enum og_status
planet_brush_cells(const struct world *w, int32_t cell, double radius, int32_t **cells,
                   size_t *n, struct og_error *err)
{
    struct adjacency adj;
    uint8_t *in;
    int32_t *out, *fit;
    enum og_status st;

    *cells = NULL;
    *n = 0;
    if ((st = check_brush(w, cell, radius, err)) != OG_OK) {
        return st;
    }
    memset(&adj, 0, sizeof adj);
    st = adjacency_from_triangles(&adj, w->ncells, w->mesh->triangles, w->mesh->ntriangles, err);
    if (st != OG_OK) {
        return st;
    }
    in = calloc(w->ncells, 1);
    out = malloc(w->ncells * sizeof *out);
    if (in == NULL || out == NULL) {
        free(in);
        free(out);
        adjacency_fini(&adj);
        return og_error_set(err, OG_ENOMEM, "out of memory for the brush on %zu cells",
                            w->ncells);
    }
    *n = cap_cells(w, &adj, cell, radius_as_text(radius), out, in);
    fit = realloc(out, *n * sizeof *out);
    *cells = fit != NULL ? fit : out;
    free(in);
    adjacency_fini(&adj);
    return OG_OK;
}

/* keep[v] = 0 for vertices within `hops` of the ncells cells, 1 elsewhere. */
static void
ring(const struct adjacency *adj, const int32_t *cells, size_t ncells, int hops, uint8_t *keep,
     int32_t *queue, int32_t *dist)
{
    size_t head = 0, tail = 0, i;
    for (i = 0; i < adj->n; i++) {
        keep[i] = 1;
        dist[i] = -1;
    }
    for (i = 0; i < ncells; i++) {
        dist[cells[i]] = 0;
        keep[cells[i]] = 0;
        queue[tail++] = cells[i];
    }
    while (head < tail) {
        int32_t v = queue[head++], j;
        if (dist[v] >= hops) {
            continue;
        }
        for (j = adj->start[v]; j < adj->start[v + 1]; j++) {
            int32_t u = adj->nbr[j];
            if (dist[u] < 0) {
                dist[u] = dist[v] + 1;
                keep[u] = 0;
                queue[tail++] = u;
            }
        }
    }
}

/* The edited world: a new planet on the same mesh with the water of w,
 * the cap's cells set to want, and w's stats, uplift and biomes kept. */
static enum og_status
edit_world_new(const struct world *w, int32_t cell, int land, double radius,
               const int32_t *cap, size_t ncap, struct world **out, struct og_error *err)
{
    struct world *nw = NULL;
    uint8_t want = land ? WATER_LAND : WATER_OCEAN;
    size_t n = w->ncells, i;
    enum og_status st;

    if ((st = world_new(&nw, GEN_PLANET, WORLD_SPHERE, &w->params, err)) != OG_OK) {
        return st;
    }
    if ((st = edits_append(nw, w, cell, land, radius, err)) != OG_OK) {
        goto fail;
    }
    memcpy(nw->stats, w->stats, sizeof w->stats);
    nw->nstats = w->nstats;
    memcpy(nw->times, w->times, sizeof w->times);
    nw->nstages = w->nstages;
    st = mesh_build_sphere(&nw->mesh, w->mesh->points, w->mesh->npoints, w->mesh->triangles,
                           w->mesh->ntriangles, err);
    if (st != OG_OK) {
        goto fail;
    }
    nw->ncells = n;
    if ((st = world_alloc((void **)&nw->water, n, 1, "water", err)) != OG_OK
        || (st = world_alloc((void **)&nw->biome, n, 1, "biome", err)) != OG_OK) {
        goto fail;
    }
    memcpy(nw->water, w->water, n);
    /* the collision uplift (continents_uplift) stays: ranges survive edits */
    if (w->roughness != NULL) {
        if ((st = world_alloc((void **)&nw->roughness, n, sizeof *nw->roughness, "uplift", err))
            != OG_OK) {
            goto fail;
        }
        memcpy(nw->roughness, w->roughness, n * sizeof *nw->roughness);
    }
    for (i = 0; i < ncap; i++) {
        nw->water[cap[i]] = want;
    }
    if (w->biome != NULL) {
        memcpy(nw->biome, w->biome, n);
    }
    *out = nw;
    return OG_OK;

fail:
    world_unref(nw);
    return st;
}

/* Scratch of one brush stroke: the cap, the kept cells and the ring's
 * breadth-first queue and distances, n cells each. */
struct edit_scratch {
    uint8_t *keep;
    int32_t *cap, *queue, *dist;
};

static void
edit_scratch_fini(struct edit_scratch *s, struct adjacency *adj)
{
    free(s->keep);
    free(s->cap);
    free(s->queue);
    free(s->dist);
    adjacency_fini(adj);
}

/* Re-solve the biomes (WFC) of nw around the stroke: a small
 * neighbourhood of the cap first, widened while the kept biomes around it
 * leave no solution, finally the whole planet. */
static enum og_status
edit_resolve_biomes(struct world *nw, const struct world *w, const struct adjacency *adj,
                    int32_t cell, long long edits, struct edit_scratch *s, size_t ncap,
                    struct og_error *err)
{
    enum og_status st;
    int hops;

    for (hops = 2; ; hops *= 2) {
        struct rng r;
        struct wfc_stats ws;
        int whole = hops > 32;
        rng_seed(&r, w->params.seed ^ rng_hash_str("planet.edit"),
                 ((uint64_t)(uint32_t)cell << 20) ^ (uint64_t)edits ^ (uint64_t)hops << 52);
        if (!whole) {
            ring(adj, s->cap, ncap, hops, s->keep, s->queue, s->dist);
        }
        st = gen_planet_biomes(nw, adj, whole ? NULL : s->keep, &r,
                               params_int(&w->params, P_PLANET_WFC_BACKTRACKS),
                               params_get(&w->params, P_PLANET_WFC_AFFINITY), &ws, NULL, err);
        if (st == OG_OK || whole || st == OG_ENOMEM) {
            return st;
        }
    }
}

enum og_status
planet_edit_brush(const struct world *w, int32_t cell, double radius, int land,
                  struct world **out, size_t *under, size_t *changed, struct og_error *err)
{
    struct world *nw = NULL;
    struct adjacency adj;
    struct edit_scratch s = { NULL, NULL, NULL, NULL };
    const struct world_stat *es;
    long long edits;
    size_t n, ncap, nchanged = 0, i;
    enum og_status st;

    *out = NULL;
    if (under != NULL) {
        *under = 0;
    }
    if (changed != NULL) {
        *changed = 0;
    }
    memset(&adj, 0, sizeof adj);
    if ((st = check_brush(w, cell, radius, err)) != OG_OK) {
        return st;
    }
    radius = radius_as_text(radius);
    n = w->ncells;
    if (radius == 0.0 && (w->water[cell] != WATER_OCEAN) == (land != 0)) {
        *out = world_ref((struct world *)w);   /* one cell, already that */
        if (under != NULL) {
            *under = 1;
        }
        return OG_OK;
    }
    st = adjacency_from_triangles(&adj, n, w->mesh->triangles, w->mesh->ntriangles, err);
    if (st != OG_OK) {
        return st;
    }
    s.keep = calloc(n, 1);
    s.cap = malloc(n * sizeof *s.cap);
    s.queue = malloc(n * sizeof *s.queue);
    s.dist = malloc(n * sizeof *s.dist);
    if (s.keep == NULL || s.cap == NULL || s.queue == NULL || s.dist == NULL) {
        st = og_error_set(err, OG_ENOMEM, "out of memory editing %zu cells", n);
        goto fail;
    }
    ncap = cap_cells(w, &adj, cell, radius, s.cap, s.keep);
    for (i = 0; i < ncap; i++) {
        nchanged += (w->water[s.cap[i]] != WATER_OCEAN) != (land != 0);
    }
    if (under != NULL) {
        *under = ncap;
    }
    if (nchanged == 0) {
        edit_scratch_fini(&s, &adj);
        *out = world_ref((struct world *)w);
        return OG_OK;
    }
    if ((st = edit_world_new(w, cell, land, radius, s.cap, ncap, &nw, err)) != OG_OK
        || (st = gen_planet_derive(nw, &adj, 0, err)) != OG_OK) {
        goto fail;
    }
    es = world_stat_find(w, "planet.edits");
    edits = es != NULL ? (long long)es->a : 0;
    if ((st = edit_resolve_biomes(nw, w, &adj, cell, edits, &s, ncap, err)) != OG_OK) {
        goto fail;
    }
    world_stat_int(nw, "planet.edits", edits + 1);
    edit_scratch_fini(&s, &adj);
    if (changed != NULL) {
        *changed = nchanged;
    }
    *out = nw;
    return OG_OK;

fail:
    edit_scratch_fini(&s, &adj);
    world_unref(nw);
    return st;
}

enum og_status
planet_edit_set_land(const struct world *w, int32_t cell, int land, struct world **out,
                     struct og_error *err)
{
    return planet_edit_brush(w, cell, 0.0, land, out, NULL, NULL, err);
}

int32_t
planet_landmass_at(const struct world *w, int32_t cell, size_t *cells, double *share)
{
    int32_t id = -1;
    size_t k = 0;
    if (cells != NULL) {
        *cells = 0;
    }
    if (share != NULL) {
        *share = 0.0;
    }
    if (w == NULL || w->landmass == NULL || cell < 0 || (size_t)cell >= w->ncells) {
        return -1;
    }
    id = w->landmass[cell];
    if (id < 0) {
        return -1;
    }
    k = planet_landmass_mark(w, id, NULL);
    if (cells != NULL) {
        *cells = k;
    }
    if (share != NULL) {
        *share = (double)k / (double)w->ncells;
    }
    return id;
}

size_t
planet_landmass_mark(const struct world *w, int32_t id, uint8_t *mark)
{
    size_t i, k = 0;
    for (i = 0; i < w->ncells; i++) {
        int in = w->landmass != NULL && id >= 0 && w->landmass[i] == id;
        if (mark != NULL) {
            mark[i] = (uint8_t)in;
        }
        k += (size_t)in;
    }
    return k;
}

/* --- the edit list: recipes and undo --------------------------------------- */

/* Copy w's edit list into nw with one more edit at the end. */
static enum og_status
edits_append(struct world *nw, const struct world *w, int32_t cell, int land, double radius,
             struct og_error *err)
{
    size_t n = w->nedits + 1, i;
    nw->edit_cells = malloc(n * sizeof *nw->edit_cells);
    nw->edit_land = malloc(n);
    nw->edit_radius = malloc(n * sizeof *nw->edit_radius);
    if (nw->edit_cells == NULL || nw->edit_land == NULL || nw->edit_radius == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for %zu edits", n);
    }
    for (i = 0; i < w->nedits; i++) {
        nw->edit_cells[i] = w->edit_cells[i];
        nw->edit_land[i] = w->edit_land[i];
        nw->edit_radius[i] = w->edit_radius != NULL ? w->edit_radius[i] : 0.0;
    }
    nw->edit_cells[n - 1] = cell;
    nw->edit_land[n - 1] = (uint8_t)(land != 0);
    nw->edit_radius[n - 1] = radius;
    nw->nedits = n;
    return OG_OK;
}

size_t
planet_edit_count(const struct world *w)
{
    return w != NULL ? w->nedits : 0;
}

int
planet_edit_get(const struct world *w, size_t i, int32_t *cell, int *land, double *radius)
{
    if (w == NULL || i >= w->nedits) {
        return -1;
    }
    *cell = w->edit_cells[i];
    *land = w->edit_land[i];
    if (radius != NULL) {
        *radius = w->edit_radius != NULL ? w->edit_radius[i] : 0.0;
    }
    return 0;
}

enum og_status
planet_edit_replay(const struct world *base, const int32_t *cells, const uint8_t *land,
                   const double *radius, size_t n, struct world **out, struct og_error *err)
{
    struct world *cur;
    size_t i;

    *out = NULL;
    if (base == NULL || base->gen != GEN_PLANET) {
        return og_error_set(err, OG_EINVAL, "land editing needs a planet world");
    }
    cur = world_ref((struct world *)base);
    for (i = 0; i < n; i++) {
        struct world *next = NULL;
        struct og_error e;
        enum og_status st = planet_edit_brush(cur, cells[i], radius != NULL ? radius[i] : 0.0,
                                              land[i], &next, NULL, NULL, &e);
        world_unref(cur);
        if (st != OG_OK) {
            return og_error_set(err, st, "planet edit %zu of %zu: %s", i + 1, n, e.msg);
        }
        cur = next;
    }
    *out = cur;
    return OG_OK;
}

enum og_status
planet_edit_undo(const struct world *base, const struct world *w, size_t keep,
                 struct world **out, struct og_error *err)
{
    if (w == NULL || keep > w->nedits) {
        return og_error_set(err, OG_EINVAL, "cannot keep %zu of %zu edits", keep,
                            w != NULL ? w->nedits : 0);
    }
    return planet_edit_replay(base, w->edit_cells, w->edit_land, w->edit_radius, keep, out, err);
}

enum og_status
planet_edits_to_text(const struct world *w, char **out, struct og_error *err)
{
    size_t i, len = 0, cap = 16 + (w != NULL ? w->nedits : 0) * 28;
    char *s = malloc(cap);

    *out = NULL;
    if (s == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory formatting edits");
    }
    s[0] = '\0';
    for (i = 0; w != NULL && i < w->nedits; i++) {
        double r = w->edit_radius != NULL ? w->edit_radius[i] : 0.0;
        len += (size_t)snprintf(s + len, cap - len, "%s%c%ld", i > 0 ? " " : "",
                                w->edit_land[i] ? '+' : '-', (long)w->edit_cells[i]);
        if (r != 0.0) {
            len += (size_t)snprintf(s + len, cap - len, "@%.6g", r);
        }
    }
    *out = s;
    return OG_OK;
}

/* Free the parse arrays and return st. */
static enum og_status
parse_fail(int32_t *c, uint8_t *l, double *r, enum og_status st)
{
    free(c);
    free(l);
    free(r);
    return st;
}

enum og_status
planet_edits_parse(const char *text, size_t ncells, int32_t **cells, uint8_t **land,
                   double **radius, size_t *n, struct og_error *err)
{
    size_t cap = 0, k = 0;
    const char *p = text;
    int32_t *c = NULL;
    uint8_t *l = NULL;
    double *r = NULL;

    *cells = NULL;
    *land = NULL;
    *radius = NULL;
    *n = 0;
    for (;;) {
        char *end, num[32];
        long v;
        char sign;
        double deg = 0.0;
        size_t len = 0;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        if (*p == '\0') {
            break;
        }
        sign = *p;
        if ((sign != '+' && sign != '-') || p[1] < '0' || p[1] > '9') {
            return parse_fail(c, l, r, og_error_set(err, OG_EFORMAT, "planet.edits: edit %zu "
                                                    "'%.20s' is not +CELL[@DEG] (land) or "
                                                    "-CELL[@DEG] (sea)", k + 1, p));
        }
        errno = 0;
        v = strtol(p + 1, &end, 10);
        if (*end == '@') {
            while (end[1 + len] != ' ' && end[1 + len] != '\t' && end[1 + len] != '\0' &&
                   len < sizeof num - 1) {
                num[len] = end[1 + len];
                len++;
            }
            num[len] = '\0';
            if (num_parse_real(num, &deg) != NUM_OK) {
                return parse_fail(c, l, r, og_error_set(err, OG_EFORMAT, "planet.edits: edit "
                                                        "%zu '%.20s': the brush radius after "
                                                        "'@' is not a number of degrees",
                                                        k + 1, p));
            }
            end += 1 + len;
        }
        if (*end != ' ' && *end != '\t' && *end != '\0') {
            return parse_fail(c, l, r, og_error_set(err, OG_EFORMAT, "planet.edits: edit %zu "
                                                    "'%.20s' is not +CELL[@DEG] (land) or "
                                                    "-CELL[@DEG] (sea)", k + 1, p));
        }
        if (errno != 0 || v > INT32_MAX || (ncells > 0 && (size_t)v >= ncells)) {
            return parse_fail(c, l, r, og_error_set(err, OG_ERANGE, "planet.edits: edit %zu "
                                                    "'%.20s': cell outside [0, %zu)", k + 1, p,
                                                    ncells));
        }
        if (!(deg >= 0.0 && deg <= 90.0)) {
            return parse_fail(c, l, r, og_error_set(err, OG_ERANGE, "planet.edits: edit %zu "
                                                    "'%.20s': brush radius outside [0, 90] "
                                                    "degrees", k + 1, p));
        }
        if (k == cap) {
            int32_t *nc;
            uint8_t *nl;
            double *nr;
            cap = cap ? cap * 2 : 64;
            nc = realloc(c, cap * sizeof *c);
            if (nc != NULL) {
                c = nc;
            }
            nl = realloc(l, cap);
            if (nl != NULL) {
                l = nl;
            }
            nr = realloc(r, cap * sizeof *r);
            if (nr != NULL) {
                r = nr;
            }
            if (nc == NULL || nl == NULL || nr == NULL) {
                return parse_fail(c, l, r, og_error_set(err, OG_ENOMEM, "out of memory for %zu "
                                                        "edits", cap));
            }
        }
        c[k] = (int32_t)v;
        l[k] = (uint8_t)(sign == '+');
        r[k] = deg;
        k++;
        p = end;
    }
    *cells = c;
    *land = l;
    *radius = r;
    *n = k;
    return OG_OK;
}
