#include "config.h"
#include "core/stats.h"

#include <math.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/geom/mesh.h"

void
stats_cell_position(const struct world *w, size_t cell, double pos[2])
{
    pos[0] = pos[1] = 0.0;
    if (w->kind == WORLD_GRID && w->width > 0) {
        pos[0] = (double)(cell % (size_t)w->width);
        pos[1] = (double)(cell / (size_t)w->width);
    } else if (w->mesh != NULL && cell < w->mesh->npoints) {
        const double *p = w->mesh->points + cell * (size_t)w->mesh->dim;
        if (w->mesh->dim == 2) {
            pos[0] = p[0];
            pos[1] = p[1];
        } else {
            pos[0] = det_atan2(p[1], p[0]) * 180.0 / M_PI;
            pos[1] = det_asin(p[2] > 1.0 ? 1.0 : (p[2] < -1.0 ? -1.0 : p[2])) * 180.0 / M_PI;
        }
    }
}

void
stats_summarize(const struct world *w, struct world_summary *s)
{
    size_t i;
    memset(s, 0, sizeof *s);
    s->cells = w->ncells;
    for (i = 0; i < w->ncells; i++) {
        if (w->water == NULL || w->water[i] != WATER_OCEAN) {
            s->land_cells++;
        }
        if (w->elevation != NULL) {
            if (i == 0 || w->elevation[i] < w->elevation[s->min_cell]) {
                s->min_cell = i;
            }
            if (i == 0 || w->elevation[i] > w->elevation[s->max_cell]) {
                s->max_cell = i;
            }
        }
    }
    s->land_fraction = s->cells > 0 ? (double)s->land_cells / (double)s->cells : 0.0;
    if (w->elevation != NULL && w->ncells > 0) {
        s->elev_min = w->elevation[s->min_cell];
        s->elev_max = w->elevation[s->max_cell];
        stats_cell_position(w, s->min_cell, s->min_pos);
        stats_cell_position(w, s->max_cell, s->max_pos);
    }
}
