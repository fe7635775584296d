/* iso_camera: the iso renderer's framing (the block's base, the fit of
 * the scene to the image) and the subdivision a render draws at. */
#include "config.h"

#include <math.h>

#include "render/iso.h"
#include "render/iso_internal.h"

/* The block's base: 0.05 below the lowest ground where the field reaches
 * sea level or the sea floor (heights are normalised, 1 the highest land);
 * a field all above sea level (a dem of high country) stands on its own
 * lowest ground less 5 % of its relief, not on a wall down to sea level. */
double
iso_field_floor(const struct iso_field *f)
{
    size_t i, n = (size_t)f->width * (size_t)f->height;
    double lo = INFINITY, hi = -INFINITY;

    for (i = 0; i < n; i++) {
        lo = f->terrain[i] < lo ? f->terrain[i] : lo;
        hi = f->terrain[i] > hi ? f->terrain[i] : hi;
    }
    lo = f->have_lowest ? f->lowest : lo;
    if (lo <= 0.0) {
        return lo - 0.05;
    }
    return lo - 0.05 * (hi > lo ? hi - lo : 1.0);
}

/* The offset o (screen = o + s * iso) along one axis for a box lo..hi of
 * camera units in a frame of n pixels: the box centred when it fits, else
 * centred on c but never leaving an empty band at either end. */
static double
frame_offset(double s, double lo, double hi, double c, int n)
{
    double o;

    if (s * (hi - lo) <= n) {
        return n / 2.0 - s * (lo + hi) / 2.0;
    }
    o = n / 2.0 - s * c;
    o = fmin(o, -s * lo);         /* no empty band before the block */
    return fmax(o, n - s * hi);   /* nor after it */
}

/* The camera's framing: the scene's bounding box (ground and water tops,
 * the walls down to base) fills ISO_MARGIN of the image; then it zooms in
 * towards the land (cells above the water), as far as the land's own box
 * still fits ISO_MARGIN of the image and no further than the block's
 * diamond covers the whole frame, and centres on the land, never showing past the block's
 * edge. A small island in a wide sea fills the picture; a square or tall
 * image of a 2:1 iso block no longer leaves half of it empty (issue 29).
 * Land that fills the block (a dem, hybrid) keeps the whole block in view:
 * its box is the block's, walls included. */
void
iso_fit(struct iso_proj *p, const struct iso_field *f, double base, int width, int height)
{
    double minx = INFINITY, maxx = -INFINITY, miny = INFINITY, maxy = -INFINITY;
    double lx0 = INFINITY, lx1 = -INFINITY, ly0 = INFINITY, ly1 = -INFINITY;
    double bw, bh, s_block, s_cover, s_land;
    int x, y;

    p->s = 1.0;
    p->ox = p->oy = 0.0;
    for (y = 0; y < f->height; y++) {
        for (x = 0; x < f->width; x++) {
            size_t o = (size_t)y * f->width + x;
            double top = f->terrain[o] > f->water[o] ? f->terrain[o] : f->water[o];
            float a[3], b[3];
            iso_proj_point(p, x, y, top, a);
            iso_proj_point(p, x, y, base, b);
            minx = fmin(minx, a[0]);
            maxx = fmax(maxx, a[0]);
            miny = fmin(miny, a[1]);
            maxy = fmax(maxy, b[1]);
            if (f->terrain[o] >= f->water[o]) {
                /* land on the field's edge shows its wall down to base */
                int edge = x == 0 || y == 0 || x == f->width - 1 || y == f->height - 1;
                lx0 = fmin(lx0, a[0]);
                lx1 = fmax(lx1, a[0]);
                ly0 = fmin(ly0, a[1]);
                ly1 = fmax(ly1, edge ? b[1] : a[1]);
            }
        }
    }
    bw = maxx - minx;
    bh = maxy - miny;
    s_block = fmin(bw > 0.0 ? width * ISO_MARGIN / bw : 1.0,
                   bh > 0.0 ? height * ISO_MARGIN / bh : 1.0);
    /* the block is a diamond in its box: it covers a centred frame when
     * the frame's corner is inside it, W / (s bw) + H / (s bh) <= 1 */
    s_cover = (bw > 0.0 ? width / bw : 1.0) + (bh > 0.0 ? height / bh : 1.0);
    s_land = s_block;
    if (lx1 > lx0 && ly1 > ly0) {
        s_land = fmin(width * ISO_MARGIN / (lx1 - lx0), height * ISO_MARGIN / (ly1 - ly0));
    } else {
        lx0 = minx, lx1 = maxx, ly0 = miny, ly1 = maxy;   /* no land: the block */
    }
    p->s = fmax(s_block, fmin(s_land, s_cover));
    p->ox = frame_offset(p->s, minx, maxx, (lx0 + lx1) / 2.0, width);
    p->oy = frame_offset(p->s, miny, maxy, (ly0 + ly1) / 2.0, height);
}

int
iso_auto_subdiv(const struct iso_field *f, const struct iso_options *o, double vscale, int width,
                int height)
{
    struct iso_proj p;
    double diamond, W1 = f->width - 1.0, H1 = f->height - 1.0;
    int n;

    p.rot = o->view.rotation & 3;
    p.xmax = W1;
    p.ymax = H1;
    p.vscale = vscale;
    iso_fit(&p, f, iso_field_floor(f), width, height);
    diamond = 2.0 * ISO_SX * p.s; /* a cell's width on screen, px */
    n = diamond / ISO_MICRO_PX < ISO_MAX_SUBDIV ? (int)ceil(diamond / ISO_MICRO_PX)
                                                 : ISO_MAX_SUBDIV;
    while (n > o->subdiv && (W1 * n + 1.0) * (H1 * n + 1.0) > (double)ISO_MAX_VERTICES) {
        n--;
    }
    return n > o->subdiv ? n : o->subdiv;
}

