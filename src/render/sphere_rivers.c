#include "config.h"
#include "render/sphere_rivers.h"

#include <math.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"
#include "core/planet/planet_rivers.h"

int
sphere_rivers_on(const struct world *w)
{
    return w->kind == WORLD_SPHERE && w->river_width != NULL && w->downhill != NULL
           && w->flow != NULL && w->nhydro == w->ncells && w->mesh != NULL;
}

int
sphere_river_segment(const struct world *w, int32_t c, double *a, double *b, double *hw)
{
    const double *p, *d;
    int32_t n;
    int k;
    if (w->river_width[c] <= 0.0f || (n = w->downhill[c]) < 0) {
        return 0;
    }
    p = &w->mesh->points[3 * (size_t)c];
    d = &w->mesh->points[3 * (size_t)n];
    for (k = 0; k < 3; k++) {
        a[k] = p[k];
        /* into the sea: to the coast, half way */
        b[k] = w->water[n] == WATER_OCEAN ? 0.5 * (p[k] + d[k]) : d[k];
    }
    *hw = 0.5 + 0.6 * det_log(1.0 + w->flow[c] / PLANET_RIVER_MIN) / M_LN2;
    return 1;
}

/* Chord distance from q to segment ab. */
static double
seg_dist(const double *q, const double *a, const double *b)
{
    double ab[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
    double aq[3] = { q[0] - a[0], q[1] - a[1], q[2] - a[2] };
    double l2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2], t = 0.0, d[3];
    if (l2 > 0.0) {
        t = (aq[0] * ab[0] + aq[1] * ab[1] + aq[2] * ab[2]) / l2;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    }
    d[0] = aq[0] - t * ab[0];
    d[1] = aq[1] - t * ab[1];
    d[2] = aq[2] - t * ab[2];
    return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

static void
fill(const struct world *w, struct sphere_rivers *r, int32_t cell)
{
    int32_t nb[32];
    int k, m = mesh_cell_neighbors(w->mesh, cell, nb, 31);
    m = m > 31 ? 31 : m;
    nb[m++] = cell;
    r->cell = cell;
    r->nseg = 0;
    for (k = 0; k < m && r->nseg < SPHERE_RIVER_SEGS; k++) {
        if (sphere_river_segment(w, nb[k], r->a[r->nseg], r->b[r->nseg], &r->hw[r->nseg])) {
            r->nseg++;
        }
    }
}

void
sphere_rivers_shade(const struct world *w, struct sphere_rivers *cache, int32_t cell,
                    const double *q, double px, uint32_t rgb_river, uint32_t *rgb)
{
    double cover = 0.0;
    int k;
    if (cell != cache->cell) {
        fill(w, cache, cell);
    }
    for (k = 0; k < cache->nseg; k++) {
        double d = seg_dist(q, cache->a[k], cache->b[k]) / px;
        double c = cache->hw[k] - d + 0.5;
        c = c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c;
        cover = c > cover ? c : cover;
    }
    if (cover > 0.0) {
        uint32_t o = *rgb, out = 0;
        int s;
        for (s = 0; s < 24; s += 8) {
            double x = (double)((o >> s) & 255u) * (1.0 - cover)
                       + (double)((rgb_river >> s) & 255u) * cover;
            out |= (uint32_t)(x + 0.5) << s;
        }
        *rgb = out;
    }
}
