/* river_carve: river channels in the exported heights (see river_carve.h). */
#include "config.h"
#include "render/river_carve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/base/grid.h"
#include "core/geom/mesh.h"
#include "core/recipe/params.h"
#include "render/river_bed.h"
#include "render/river_curve.h"

#define SECONDS_PER_YEAR 31557600.0
/* At least this many pixels of the raster: the bank (so a channel is a
 * smooth dip over several pixels, never a one-pixel groove that aliases
 * into beads along a slanted river); the floor's is in river_bed.h. */
#define BANK_PIXELS 3.0

/* One segment, river node -> receiver, in metres over the map square. */
struct carve_seg {
    double x0, y0, x1, y1;   /* metres */
    double b[SEG_K + 1];     /* bed heights at f = 0, 1/SEG_K, .. 1 (world units) */
    double t[SEG_K + 1];     /* the uncarved surface there */
    double bank;             /* bank width beyond the floor without a cut (metres) */
    double hw0, hw1;         /* flat floor half widths (metres) */
    double d0, d1;           /* channel depths (world units) */
    double wl;               /* the level of the water it ends in (world units) */
    int32_t from, to;        /* its hydrology nodes */
    double reach;            /* no effect beyond this distance (metres) */
};

struct river_carve {
    double mx, my, mz;       /* metres across the map square, per elevation unit */
    double px;               /* metres per pixel of the raster (the larger side) */
    int g;                   /* index cells per side of the map square */
    size_t nseg;
    struct carve_seg *seg;
    size_t *start;           /* g * g + 1: segments of cell c are idx[start[c] .. start[c + 1]) */
    uint32_t *idx;
};

void
river_carve_scale(const struct world *w, double *mx, double *my, double *mz)
{
    world_metric(w, mx, my, mz);
    if (!(*mz > 0.0)) {
        *mz = w->gen == GEN_ISLAND ? params_get(&w->params, P_ISLAND_VSCALE) : 1.0;
    }
    if (!(*mx > 0.0) || !(*my > 0.0)) {
        double side = 12.0 * (double)(w->elev_max - w->elev_min) * *mz;
        *mx = *my = side > 1.0 ? side : 1.0;
    }
}

/* Metres^2 a hydrology node drains of its own: a grid cell, or a Voronoi
 * vertex's share of the map square. */
static double
node_area(const struct world *w, double mx, double my)
{
    if (w->kind == WORLD_GRID) {
        return mx / w->width * (my / w->height);
    }
    return mx * my / (double)(w->nhydro > 0 ? w->nhydro : 1);
}

double
river_carve_discharge(const struct world *w, size_t i)
{
    double mx, my, mz, f = w->flow != NULL ? w->flow[i] : 0.0;
    river_carve_scale(w, &mx, &my, &mz);
    return (f > 0.0 ? f : 0.0) * node_area(w, mx, my) * RIVER_CARVE_RUNOFF / SECONDS_PER_YEAR;
}

double
river_carve_width_m(double q)
{
    return q > 0.0 ? RIVER_CARVE_WIDTH_A * sqrt(q) : 0.0;
}

double
river_carve_depth_m(double q)
{
    return q > 0.0 ? RIVER_CARVE_DEPTH_C * det_pow(q, 0.4) : 0.0;
}

void
river_carve_free(struct river_carve *c)
{
    if (c != NULL) {
        free(c->seg);
        free(c->start);
        free(c->idx);
        free(c);
    }
}


/* Segment of river node r into c->seg[s]. */
static void
make_seg(const struct world *w, const struct carve_nodes *k, const struct river_carve *c, size_t r,
         struct carve_seg *s)
{
    double u1, v1, dep1, cut, hw;
    int32_t e;
    int m;

    river_seg_end(w, k, r, &u1, &v1, &dep1, &e);
    s->x0 = k->uv[2 * r] * c->mx;
    s->y0 = k->uv[2 * r + 1] * c->my;
    s->x1 = u1 * c->mx;
    s->y1 = v1 * c->my;
    memcpy(s->b, k->sb + r * (SEG_K + 1), sizeof s->b);
    memcpy(s->t, k->st + r * (SEG_K + 1), sizeof s->t);
    s->hw0 = k->hw[r];
    s->hw1 = e >= 0 ? k->hw[e] : k->hw[r];
    s->d0 = k->dep[r];
    s->d1 = dep1;
    s->wl = k->lakein[r];
    s->from = k->node[r];
    s->to = w->downhill[k->node[r]];
    if (e < 0) {
        double lv = river_end_level(w, k, w->downhill[k->node[r]]);
        s->wl = lv > s->wl ? lv : s->wl;
    }
    /* the bank: two floor widths (at least BANK_PIXELS), wider by the
       deepest cut under the segment over the bank slope */
    cut = 0.0;
    for (m = 0; m <= SEG_K; m++) {
        cut = s->t[m] - s->b[m] > cut ? s->t[m] - s->b[m] : cut;
    }
    hw = s->hw0 > s->hw1 ? s->hw0 : s->hw1;
    s->bank = 2.0 * hw > BANK_PIXELS * c->px ? 2.0 * hw : BANK_PIXELS * c->px;
    s->reach = hw + s->bank + cut * c->mz / RIVER_CARVE_BANK_SLOPE;
}

/* Index cells [*i0, *i1] x [*j0, *j1] that segment s can reach. */
static void
seg_cells(const struct river_carve *c, const struct carve_seg *s, int *i0, int *i1, int *j0,
          int *j1)
{
    double gx = c->g / c->mx, gy = c->g / c->my;
    double x0 = ((s->x0 < s->x1 ? s->x0 : s->x1) - s->reach) * gx;
    double x1 = ((s->x0 > s->x1 ? s->x0 : s->x1) + s->reach) * gx;
    double y0 = ((s->y0 < s->y1 ? s->y0 : s->y1) - s->reach) * gy;
    double y1 = ((s->y0 > s->y1 ? s->y0 : s->y1) + s->reach) * gy;
    *i0 = x0 < 0.0 ? 0 : (x0 >= c->g ? c->g - 1 : (int)x0);
    *i1 = x1 < 0.0 ? 0 : (x1 >= c->g ? c->g - 1 : (int)x1);
    *j0 = y0 < 0.0 ? 0 : (y0 >= c->g ? c->g - 1 : (int)y0);
    *j1 = y1 < 0.0 ? 0 : (y1 >= c->g ? c->g - 1 : (int)y1);
}

/* The uniform grid of segment lists (a counting sort by cell). */
static enum og_status
build_index(struct river_carve *c, struct og_error *err)
{
    size_t ncell, k, *fill = NULL;
    int i, j, i0, i1, j0, j1, pass;
    enum og_status st;

    c->g = (int)sqrt((double)c->nseg) + 1;
    c->g = c->g < 4 ? 4 : (c->g > 512 ? 512 : c->g);
    ncell = (size_t)c->g * (size_t)c->g;
    if ((st = grid_calloc((void **)&c->start, ncell + 1, sizeof *c->start, "river index", err)) !=
            OG_OK ||
        (st = grid_calloc((void **)&fill, ncell, sizeof *fill, "river index", err)) != OG_OK) {
        return st;
    }
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < c->nseg; k++) {
            seg_cells(c, &c->seg[k], &i0, &i1, &j0, &j1);
            for (j = j0; j <= j1; j++) {
                for (i = i0; i <= i1; i++) {
                    size_t cell = (size_t)j * (size_t)c->g + (size_t)i;
                    if (pass == 0) {
                        c->start[cell + 1]++;
                    } else {
                        c->idx[fill[cell]++] = (uint32_t)k;
                    }
                }
            }
        }
        if (pass == 0) {
            for (k = 0; k < ncell; k++) {
                c->start[k + 1] += c->start[k];
            }
            memcpy(fill, c->start, ncell * sizeof *fill);
            st = grid_calloc((void **)&c->idx, c->start[ncell] > 0 ? c->start[ncell] : 1,
                             sizeof *c->idx, "river index", err);
            if (st != OG_OK) {
                free(fill);
                return st;
            }
        }
    }
    free(fill);
    return OG_OK;
}

enum og_status
river_carve_new(const struct world *w, double du, double dv, river_carve_height_fn height_fn,
                void *ctx, struct river_carve **out, double *lowest, struct og_error *err)
{
    struct carve_nodes k;
    struct river_carve *c;
    enum og_status st;
    size_t r;

    *out = NULL;
    if (lowest != NULL) {
        *lowest = HUGE_VAL;
    }
    if (!river_carves(w)) {
        return OG_OK;
    }
    c = calloc(1, sizeof *c);
    if (c == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the river channels");
    }
    river_carve_scale(w, &c->mx, &c->my, &c->mz);
    c->px = du * c->mx > dv * c->my ? du * c->mx : dv * c->my;
    memset(&k, 0, sizeof k);
    st = river_nodes_build(w, c->px, height_fn, ctx, c->mx, c->my, c->mz, &k, err);
    if (st == OG_OK && lowest != NULL) {
        *lowest = river_nodes_lowest(w, &k);   /* the beds do not depend on px */
    }
    if (st == OG_OK && k.n > 0) {
        for (r = 0; r < k.n; r++) {
            c->nseg += w->downhill[k.node[r]] >= 0;
        }
        st = grid_calloc((void **)&c->seg, c->nseg > 0 ? c->nseg : 1, sizeof *c->seg,
                         "river channels", err);
        c->nseg = 0;
        for (r = 0; st == OG_OK && r < k.n; r++) {
            if (w->downhill[k.node[r]] >= 0) {
                make_seg(w, &k, c, r, &c->seg[c->nseg++]);
            }
        }
    }
    river_nodes_free(&k);
    if (st == OG_OK && c->nseg > 0) {
        st = build_index(c, err);
    }
    if (st != OG_OK || c->nseg == 0) {
        river_carve_free(c);
        return st;
    }
    *out = c;
    return OG_OK;
}

/* The quintic smoothstep of x clamped to [0, 1] (C2 at both ends). */
static double
smooth5(double x)
{
    x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
    return x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
}

/* Segment s's carved height at (x, y) metres over uncarved t into *out;
 * returns 0 when the point is beyond its reach (*out untouched), 2 on its
 * floor, else 1; *dist gets the distance (metres) from the centreline
 * where the segment cuts (not under the water it ends in). The
 * cross-section at distance r from the centreline point whose bed is bed
 * and surface (the segment's samples, linearly) tl: h = t - cut P(r) -
 * (t - tl) F(r), cut = tl - bed, with P = F = 1 on the floor (r <= hw:
 * h = bed, flat), P falling to 0 over the bank and F over one floor width:
 * a groove of depth cut that follows the terrain across it, flat only on
 * its floor, so a river on a hillside gets no bench. */
static int
seg_carve(const struct river_carve *c, const struct carve_seg *s, double x, double y, double t,
          double *out, double *dist)
{
    double lx = s->x1 - s->x0, ly = s->y1 - s->y0, l2 = lx * lx + ly * ly, f = 0.0;
    double ex, ey, r2, r, bed, tl, hw, dep, h, fk;
    int m;

    if (l2 > 0.0) {
        f = ((x - s->x0) * lx + (y - s->y0) * ly) / l2;
        f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
    }
    ex = x - (s->x0 + f * lx);
    ey = y - (s->y0 + f * ly);
    r2 = ex * ex + ey * ey;
    if (r2 >= s->reach * s->reach) {
        return 0;
    }
    *out = t;
    if (!(t > s->wl)) {
        return 1;   /* under the water it ends in: left alone */
    }
    r = sqrt(r2);
    *dist = r;
    fk = f * SEG_K;
    m = (int)fk;
    m = m >= SEG_K ? SEG_K - 1 : m;
    bed = s->b[m] + (s->b[m + 1] - s->b[m]) * (fk - m);
    tl = s->t[m] + (s->t[m + 1] - s->t[m]) * (fk - m);
    hw = s->hw0 + (s->hw1 - s->hw0) * f;
    dep = s->d0 + (s->d1 - s->d0) * f;
    if (r <= hw) {
        h = bed;
    } else {
        double bank = s->bank + (tl - bed) * c->mz / RIVER_CARVE_BANK_SLOPE;
        double p = 1.0 - smooth5((r - hw) / bank), q = 1.0 - smooth5((r - hw) / (2.0 * hw));
        double lo = bed < t ? bed : t;
        h = t - (tl - bed) * p - (t - tl) * q;
        /* never below both the bed and the surface (the groove follows a
           surface falling away from the river only down to the bed) */
        h = h < lo ? lo : h;
    }
    /* fade in over one depth above the water the river ends in */
    if (dep > 0.0 && t - s->wl < dep) {
        h = t - smooth5((t - s->wl) / dep) * (t - h);
    }
    *out = h;
    return r <= hw ? 2 : 1;
}

/* Floor candidates of one point: at most this many are weighed. */
#define MAX_FLOORS 16

double
river_carve_at(const struct river_carve *c, double u, double v, double t)
{
    double x, y, best = t, fh[MAX_FLOORS], fr[MAX_FLOORS];
    const struct carve_seg *fs[MAX_FLOORS];
    int i, j, found = 0, nf = 0;
    size_t cell, k;

    if (c == NULL) {
        return t;
    }
    i = (int)(u * c->g);
    j = (int)(v * c->g);
    i = !(u >= 0.0) ? 0 : (i >= c->g ? c->g - 1 : i);
    j = !(v >= 0.0) ? 0 : (j >= c->g ? c->g - 1 : j);
    x = u * c->mx;
    y = v * c->my;
    cell = (size_t)j * (size_t)c->g + (size_t)i;
    for (k = c->start[cell]; k < c->start[cell + 1]; k++) {
        const struct carve_seg *s = &c->seg[c->idx[k]];
        double h, r = HUGE_VAL;
        int kind = seg_carve(c, s, x, y, t, &h, &r);
        if (kind == 2 && nf < MAX_FLOORS) {
            fs[nf] = s;
            fh[nf] = h;
            fr[nf++] = r;
        } else if (kind == 1 && (!found || h < best)) {
            best = h;
            found = 1;
        }
    }
    if (nf == 0) {
        return best;
    }
    /* On floors: the lowest, another river's bank never lowers a floor.
     * At a bend, the floor of the segment after it reaches back over the
     * end of the one before: a point nearer the one before takes its bed,
     * not the lower bed further down, so that the river never rises
     * after it. */
    best = HUGE_VAL;
    for (i = 0; i < nf; i++) {
        int behind = 0;
        for (j = 0; j < nf && !behind; j++) {
            behind = fs[j]->to == fs[i]->from && fr[j] < fr[i];
        }
        if (!behind && fh[i] < best) {
            best = fh[i];
        }
    }
    return best;
}

double
river_carve_detail_fade(const struct river_carve *c, double u, double v)
{
    double x, y, fade = 1.0;
    int i, j;
    size_t cell, k;

    if (c == NULL) {
        return 1.0;
    }
    i = (int)(u * c->g);
    j = (int)(v * c->g);
    i = !(u >= 0.0) ? 0 : (i >= c->g ? c->g - 1 : i);
    j = !(v >= 0.0) ? 0 : (j >= c->g ? c->g - 1 : j);
    x = u * c->mx;
    y = v * c->my;
    cell = (size_t)j * (size_t)c->g + (size_t)i;
    for (k = c->start[cell]; k < c->start[cell + 1]; k++) {
        const struct carve_seg *s = &c->seg[c->idx[k]];
        double lx = s->x1 - s->x0, ly = s->y1 - s->y0, l2 = lx * lx + ly * ly, f = 0.0;
        double ex, ey, r2, hw, q;
        if (l2 > 0.0) {
            f = ((x - s->x0) * lx + (y - s->y0) * ly) / l2;
            f = f < 0.0 ? 0.0 : (f > 1.0 ? 1.0 : f);
        }
        ex = x - (s->x0 + f * lx);
        ey = y - (s->y0 + f * ly);
        r2 = ex * ex + ey * ey;
        if (r2 >= s->reach * s->reach) {
            continue;
        }
        hw = s->hw0 + (s->hw1 - s->hw0) * f;
        q = smooth5((sqrt(r2) - hw) / (s->reach - hw));
        fade = q < fade ? q : fade;
    }
    return fade;
}
