/* iso_trees: trees of a hybrid world drawn as small shaded cones standing
 * on the ground of the isometric render (issue 10), instead of the tree
 * cells' dark ground squares alone. */
#include "config.h"

#include <stdint.h>

#include "render/iso_internal.h"

#define TREE_RGB 0x1e641eu       /* the seed's Tree colour (30, 100, 30) */
#define TREE_HALF_WIDTH 18.0     /* camera px at scale 1: a cell is 64 px wide */
#define TREE_HEIGHT 54.0         /* camera px at scale 1 */
#define TREE_DEPTH_BIAS 0.02f    /* a tree wins ties with the ground under it */
#define TREE_LIT 1.0             /* the sunlit half of the cone */
#define TREE_SHADE 0.55          /* the half turned away */
#define TREE_JITTER 0.35         /* largest offset from the cell centre, in cells */
#define TREE_SIZE_SPREAD 0.3     /* cone sizes vary by +-30 % */

/* A tree stands on every tree cell, offset from the cell centre by up to
 * TREE_JITTER cells and scaled by 1 +- TREE_SIZE_SPREAD (fixed hashes of the
 * cell, render/iso.h's iso_vertex_hash), so a stand reads as a wood, not as
 * a lattice of identical cones. A cone seen from the side is a
 * triangle, split at its axis into a lit and a shaded half so it reads as
 * round. Its base sits at the cell centre's ground height; all three
 * corners take the base's depth (a billboard), so ground in front of the
 * cell hides it and ground behind does not. Which half is lit follows the
 * sun: east (right on the screen in the default view) in the morning,
 * west after noon. */
void
iso_draw_trees(struct raster *fb, const struct iso_field *f, iso_tree_proj_fn *proj,
               iso_tree_span_fn *span, const void *proj_ctx, double scale, double time, int x0,
               int x1, int y0, int y1)
{
    double hw = TREE_HALF_WIDTH * scale, ht = TREE_HEIGHT * scale;
    int morning = time < 12.0;
    uint32_t left = iso_shade_rgb(TREE_RGB, morning ? TREE_SHADE : TREE_LIT);
    uint32_t right = iso_shade_rgb(TREE_RGB, morning ? TREE_LIT : TREE_SHADE);
    long lo, hi, x;
    int y;

    if (f->trees == NULL) {
        return;
    }
    for (y = 0; y < f->height; y++) {
        /* only the cells whose unjittered centre can put a cone into the
         * band's columns: the span's margin covers the jitter and the
         * widest cone, so the skipped ones would draw nothing here */
        if (!span(proj_ctx, y, x0, x1, &lo, &hi)) {
            continue;
        }
        for (x = lo; x <= hi; x++) {
            size_t c = (size_t)y * (size_t)f->width + (size_t)x;
            float base[3], t[9];
            double jx, jy, k;
            if (!f->trees[c]) {
                continue;
            }
            jx = TREE_JITTER * (2.0 * iso_vertex_hash((int)x, 1, y, 0, 4) - 1.0);
            jy = TREE_JITTER * (2.0 * iso_vertex_hash((int)x, 2, y, 0, 4) - 1.0);
            k = 1.0 + TREE_SIZE_SPREAD * (2.0 * iso_vertex_hash((int)x, 3, y, 0, 4) - 1.0);
            hw = TREE_HALF_WIDTH * scale * k;
            ht = TREE_HEIGHT * scale * k;
            proj(proj_ctx, (double)x + jx, (double)y + jy, (double)f->terrain[c], base);
            if (base[1] - ht > (float)y1 || base[1] + hw < (float)y0 ||
                base[0] + hw < (float)x0 || base[0] - hw > (float)x1) {
                continue; /* outside this band */
            }
            base[2] -= TREE_DEPTH_BIAS;
            /* left half: base left, apex, axis foot (counter-clockwise on
             * screen is irrelevant: drawn without culling) */
            t[0] = (float)(base[0] - hw), t[1] = base[1], t[2] = base[2];
            t[3] = base[0], t[4] = (float)(base[1] - ht), t[5] = base[2];
            t[6] = base[0], t[7] = (float)(base[1] + 0.35 * hw), t[8] = base[2];
            raster_triangle_rect(fb, t, left, RASTER_DEPTH, x0, x1, y0, y1);
            t[0] = (float)(base[0] + hw);
            raster_triangle_rect(fb, t, right, RASTER_DEPTH, x0, x1, y0, y1);
        }
    }
}
