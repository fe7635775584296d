/* river_lines: the river lines of a world's hydrology for the vector
 * export (see geojson.h): from every source along the main donors down to
 * the coast, a lake, a basin or a confluence. */
#include "config.h"
#include "io/vector/geojson.h"

#include <stdlib.h>
#include <string.h>

#include "core/world.h"

void
river_lines_free(struct river_lines *r)
{
    free(r->start);
    free(r->nodes);
    free(r->end);
    memset(r, 0, sizeof *r);
}

static int
node_is_lake(const struct world *w, int32_t n)
{
    if (w->lake != NULL && w->lake[n] == LAKE_WATER) {
        return 1;
    }
    return w->kind == WORLD_GRID && w->water != NULL && w->water[n] == WATER_LAKE;
}

/* A grid sink that is neither on the border nor in the sea: a closed
 * basin's playa or floor. */
static int
in_basin(const struct world *w, int32_t n)
{
    int x = (int)(n % w->width), y = (int)(n / w->width);
    return x > 0 && y > 0 && x < w->width - 1 && y < w->height - 1;
}

enum og_status
vector_rivers(const struct world *w, struct river_lines *out, struct og_error *err)
{
    size_t n = w->nhydro, i, nl = 0, nn = 0, capl = 64, capn = 1024;
    int32_t *main_donor = NULL;
    uint8_t *has_donor = NULL;

    memset(out, 0, sizeof *out);
    if (w->river_width == NULL || w->downhill == NULL || w->flow == NULL || n == 0) {
        out->start = calloc(1, sizeof *out->start);
        return out->start != NULL ? OG_OK : og_error_set(err, OG_ENOMEM, "out of memory");
    }
    main_donor = malloc(n * sizeof *main_donor);
    has_donor = calloc(n, 1);
    out->start = malloc((capl + 1) * sizeof *out->start);
    out->end = malloc(capl);
    out->nodes = malloc(capn * sizeof *out->nodes);
    if (main_donor == NULL || has_donor == NULL || out->start == NULL || out->end == NULL ||
        out->nodes == NULL) {
        goto oom;
    }
    for (i = 0; i < n; i++) {
        main_donor[i] = -1;
    }
    /* The main donor of a river node: its river donor with the most flow
       (the smaller index on ties). */
    for (i = 0; i < n; i++) {
        int32_t d = w->downhill[i];
        if (w->river_width[i] <= 0.0f || d < 0 || w->river_width[d] <= 0.0f) {
            continue;
        }
        has_donor[d] = 1;
        if (main_donor[d] < 0 || w->flow[i] > w->flow[main_donor[d]]) {
            main_donor[d] = (int32_t)i;
        }
    }
    for (i = 0; i < n; i++) {
        int32_t cur = (int32_t)i;
        uint8_t end;
        if (w->river_width[i] <= 0.0f || has_donor[i]) {
            continue;  /* not a source */
        }
        if (nl + 1 > capl) {
            size_t *s;
            uint8_t *e;
            capl *= 2;
            s = realloc(out->start, (capl + 1) * sizeof *s);
            if (s == NULL) {
                goto oom;
            }
            out->start = s;
            e = realloc(out->end, capl);
            if (e == NULL) {
                goto oom;
            }
            out->end = e;
        }
        out->start[nl] = nn;
        for (;;) {
            int32_t d;
            if (nn + 2 > capn) {
                int32_t *g;
                capn *= 2;
                g = realloc(out->nodes, capn * sizeof *g);
                if (g == NULL) {
                    goto oom;
                }
                out->nodes = g;
            }
            out->nodes[nn++] = cur;
            d = w->downhill[cur];
            if (d < 0) {
                end = w->kind == WORLD_GRID && w->water != NULL &&
                              w->water[cur] != WATER_OCEAN ? RIVER_END_EDGE : RIVER_END_COAST;
                if (end == RIVER_END_EDGE && in_basin(w, cur)) {
                    end = RIVER_END_BASIN;
                }
                break;
            }
            if (node_is_lake(w, d)) {
                out->nodes[nn++] = d;
                end = RIVER_END_LAKE;
                break;
            }
            if (w->kind != WORLD_MESH && w->water != NULL && w->water[d] == WATER_OCEAN) {
                out->nodes[nn++] = d;
                end = RIVER_END_COAST;
                break;
            }
            if (w->river_width[d] <= 0.0f) {
                /* The river fades out before an outlet: it drains on along
                   d; end where the water goes (d's own chain). */
                cur = d;
                continue;
            }
            if (main_donor[d] != cur) {
                out->nodes[nn++] = d;
                end = RIVER_END_CONFLUENCE;
                break;
            }
            cur = d;
        }
        out->end[nl] = end;
        nl++;
    }
    out->start[nl] = nn;
    out->nlines = nl;
    free(main_donor);
    free(has_donor);
    return OG_OK;
oom:
    free(main_donor);
    free(has_donor);
    river_lines_free(out);
    return og_error_set(err, OG_ENOMEM, "out of memory for the river lines");
}
