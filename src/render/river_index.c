/* river_index: river nodes as a rank bitmap (see river_index.h). */
#include "config.h"
#include "render/river_index.h"

#include <stdlib.h>

#include "core/base/grid.h"

enum og_status
river_index_new(const struct world *w, struct river_index *x, struct og_error *err)
{
    size_t nw = (w->nhydro + 63) / 64, i, count = 0;
    enum og_status st;

    x->bits = NULL;
    x->base = NULL;
    x->n = 0;
    st = grid_calloc((void **)&x->bits, nw > 0 ? nw : 1, sizeof *x->bits, "river nodes", err);
    if (st == OG_OK) {
        st = grid_calloc((void **)&x->base, nw > 0 ? nw : 1, sizeof *x->base, "river nodes",
                         err);
    }
    if (st != OG_OK) {
        return st;
    }
    for (i = 0; i < w->nhydro; i++) {
        if ((i & 63) == 0) {
            x->base[i >> 6] = (uint32_t)count;
        }
        if (w->river_width[i] > 0.0f) {
            x->bits[i >> 6] |= (uint64_t)1 << (i & 63);
            count++;
        }
    }
    x->n = count;
    return OG_OK;
}

void
river_index_free(struct river_index *x)
{
    free(x->bits);
    free(x->base);
    x->bits = NULL;
    x->base = NULL;
    x->n = 0;
}
