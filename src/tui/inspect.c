/* inspect: a cursor on the map (key i) and a panel with the values of the
 * world cell under it: coordinates, elevation (metres for a DEM, model
 * units otherwise), water, moisture, biome, flow and river width, and the
 * generator-specific fields it has. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/biome/biome.h"
#include "core/geom/mesh.h"
#include "core/planet/koppen.h"
#include "core/planet/planet_names.h"
#include "core/planet/plates.h"
#include "core/planet/wfc.h"
#include "render/legend.h"
#include "tui/tui_state.h"

/* A biome id as shown ("sea_ice" -> "sea ice"). */
static const char *
display_name(const char *id)
{
    static char buf[48];
    size_t i;

    for (i = 0; id[i] != '\0' && i + 1 < sizeof buf; i++) {
        buf[i] = id[i] == '_' ? ' ' : id[i];
    }
    buf[i] = '\0';
    return buf;
}

int
inspect_key(struct tui *t, int ch)
{
    int w, h, step = 1;

    if (t->mapwin == NULL) {
        return 0;
    }
    getmaxyx(t->mapwin, h, w);
    /* Shift-arrows move eight cells (HJKL would take L, the legend key). */
    switch (ch) {
    case KEY_SLEFT: step = 8; ch = KEY_LEFT; break;
    case KEY_SRIGHT: step = 8; ch = KEY_RIGHT; break;
    case KEY_SR: step = 8; ch = KEY_UP; break;
    case KEY_SF: step = 8; ch = KEY_DOWN; break;
    default: break;
    }
    switch (ch) {
    case KEY_LEFT: case 'h': t->cur_x -= step; break;
    case KEY_RIGHT: case 'l': t->cur_x += step; break;
    case KEY_UP: case 'k': t->cur_y -= step; break;
    case KEY_DOWN: case 'j': t->cur_y += step; break;
    default: return 0;
    }
    /* Keep the cursor inside the window; a cursor at the edge pans the view
     * so any cell can be reached. */
    if (t->cur_x < 0) {
        t->cur_x = 0;
        mapview_pan(t, -1, 0);
    }
    if (t->cur_x >= w) {
        t->cur_x = w - 1;
        mapview_pan(t, 1, 0);
    }
    if (t->cur_y < 0) {
        t->cur_y = 0;
        mapview_pan(t, 0, -1);
    }
    if (t->cur_y >= h) {
        t->cur_y = h - 1;
        mapview_pan(t, 0, 1);
    }
    /* ... and on the map: a cursor past the map's edge (where the map is
     * smaller than the window) goes back to the edge's cells */
    mapview_cell_uv(t, t->cur_x, t->cur_y, &t->cur_u, &t->cur_v);
    if (t->cur_u < 0.0 || t->cur_u >= 1.0 || t->cur_v < 0.0 || t->cur_v >= 1.0) {
        double u = fmin(1.0 - 1e-9, fmax(0.0, t->cur_u)), v = fmin(1.0 - 1e-9, fmax(0.0, t->cur_v));
        int x, y;
        int k;
        mapview_uv_cell(t, u, v, &x, &y);
        t->cur_x = x < 0 ? 0 : x >= w ? w - 1 : x;
        t->cur_y = y < 0 ? 0 : y >= h ? h - 1 : y;
        /* a cell half on the map has its centre on the edge: one inward */
        for (k = 0; k < 2; k++) {
            mapview_cell_uv(t, t->cur_x, t->cur_y, &t->cur_u, &t->cur_v);
            t->cur_x += t->cur_u >= 1.0 && t->cur_x > 0 ? -1 : t->cur_u < 0.0 && t->cur_x < w - 1;
            t->cur_y += t->cur_v >= 1.0 && t->cur_y > 0 ? -1 : t->cur_v < 0.0 && t->cur_y < h - 1;
        }
        mapview_cell_uv(t, t->cur_x, t->cur_y, &t->cur_u, &t->cur_v);
    }
    t->map_dirty = t->chrome_dirty = 1;
    return 1;
}

static const char *
water_name(int wclass)
{
    switch (wclass) {
    case WATER_LAND: return "land";
    case WATER_OCEAN: return "ocean";
    case WATER_LAKE: return "lake";
    default: return "?";
    }
}

/* The hydrology node of a cell: the cell itself on a grid; on a mesh the
 * Voronoi vertex around the cell carrying the most flow. */
static long
hydro_node(const struct world *wd, long cell)
{
    if (wd->nhydro == 0 || wd->flow == NULL) {
        return -1;
    }
    if (wd->kind == WORLD_GRID || wd->kind == WORLD_SPHERE) {
        return (size_t)cell < wd->nhydro ? cell : -1;   /* per cell */
    }
    if (wd->mesh != NULL) {
        int32_t tri[32];
        int n = mesh_cell_triangles(wd->mesh, (int32_t)cell, tri, 32), i;
        long best = -1;
        if (n > 32) {
            n = 32;
        }
        for (i = 0; i < n; i++) {
            if (tri[i] >= 0 && (size_t)tri[i] < wd->nhydro &&
                (best < 0 || wd->flow[tri[i]] > wd->flow[best])) {
                best = tri[i];
            }
        }
        return best;
    }
    return -1;
}

/* Label/value lines down the panel; a short bottom panel continues in a
 * second column. */
struct panel_lines {
    WINDOW *win;
    int row, col, h, w, col_step;
};

static void __attribute__((format(printf, 2, 3)))
put_line(struct panel_lines *pl, const char *fmt, ...)
{
    char buf[160];
    const char *s = buf;
    va_list ap;
    int first = 1;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* A line wider than its column wraps at a space, the rest indented
     * under the value (column 12), instead of ending mid-word ("biome
     * temperate deciduous forest (colour layer" at 80 columns). */
    while (*s != '\0') {
        int width, indent = first ? 0 : 12, len, fit, i;

        if (pl->row >= pl->h) {
            if (pl->col_step <= 0 || pl->col + pl->col_step >= pl->w) {
                return;
            }
            pl->col += pl->col_step;
            pl->row = 1;
        }
        /* In two columns a line keeps to its column. */
        width = (pl->col_step > 0 && pl->col == 0 ? pl->col_step - 2 : pl->w - pl->col - 2) -
                indent;
        if (width < 8) {
            indent = 0;
            width += 12;
        }
        len = (int)strlen(s);
        fit = len;
        if (len > width) {
            fit = 0;
            for (i = 1; i <= width && i < len; i++) {
                if (s[i] == ' ') {
                    fit = i;
                }
            }
            fit = fit <= 0 ? width : fit;
        }
        mvwaddnstr(pl->win, pl->row++, pl->col + 1 + indent, s, fit > 0 ? fit : 0);
        s += fit > 0 ? fit : len;
        while (*s == ' ') {
            s++;
        }
        first = 0;
    }
}

/* The cell's terrain class, elevation (metres where the world has a
 * vertical scale), water, moisture and biome. */
static void
inspect_surface(struct panel_lines *pl, const struct world *wd, size_t cell)
{
    /* two classifications, named by what uses them: the terrain class
     * (height bands; glyphs and the 8/16-colour map) and the biome (the
     * colour layer) */
    put_line(pl, "terrain     %s (glyph %c)", mapimg_class_name(mapimg_cell_class(wd, (size_t)cell)),
             mapimg_class_glyph(mapimg_cell_class(wd, (size_t)cell)));
    if (wd->elevation != NULL) {
        /* metres wherever the world has a vertical scale (a dem, hybrid,
         * an island's island.vertical_scale: render/legend.h); else the
         * model's units */
        if (wd->gen == GEN_DEM) {
            put_line(pl, "elevation   %.1f m", (double)wd->elevation[cell]);
        } else if (legend_vertical_scale(wd) > 0.0) {
            put_line(pl, "elevation   %.0f m (%.4f x %g m)",
                     (double)wd->elevation[cell] * legend_vertical_scale(wd),
                     (double)wd->elevation[cell], legend_vertical_scale(wd));
        } else {
            put_line(pl, "elevation   %.4f (no vertical scale)", (double)wd->elevation[cell]);
        }
    }
    if (wd->water != NULL) {
        put_line(pl, "water       %s", water_name(wd->water[cell]));
    }
    if (wd->moisture != NULL) {
        put_line(pl, "moisture    %.3f", (double)wd->moisture[cell]);
    }
    if (wd->biome != NULL) {
        if (wd->gen == GEN_ISLAND || wd->gen == GEN_DEM) {
            /* Whittaker biomes (core/biome/biome.h); other generators number
             * their own. */
            put_line(pl, "biome       %s (colour layer)", biome_name((enum biome)wd->biome[cell]));
        } else if (wd->gen == GEN_PLANET && wd->biome[cell] < wfc_planet_rules()->nbiomes) {
            /* the planet's wave-function-collapse biome set */
            put_line(pl, "biome       %s (colour layer)",
                     display_name(wfc_planet_rules()->biome[wd->biome[cell]].name));
        } else {
            put_line(pl, "biome       %d", wd->biome[cell]);
        }
    }
}

/* The cell's drainage node: discharge or flow, river width, lake. */
static void
inspect_water(struct panel_lines *pl, const struct world *wd, size_t cell)
{
    long node = hydro_node(wd, (long)cell);
    if (node >= 0) {
        if (wd->kind == WORLD_SPHERE) {
            /* planets: discharge and width in physical units */
            put_line(pl, "discharge   %.0f m3/s", (double)wd->flow[node]);
            if (wd->river_width != NULL && wd->river_width[node] > 0.0f) {
                put_line(pl, "river width %.0f m", (double)wd->river_width[node]);
            }
        } else {
            put_line(pl, "flow        %.2f", (double)wd->flow[node]);
            if (wd->river_width != NULL) {
                put_line(pl, "river width %.3f", (double)wd->river_width[node]);
            }
        }
        if (wd->lake != NULL && wd->lake[node] == LAKE_WATER) {
            put_line(pl, "in a lake");
        } else if (wd->lake != NULL && wd->lake[node] == LAKE_PLAYA) {
            put_line(pl, "on a playa (a dry lake bed)");
        }
    }
}

/* Hybrid's cover: roughness, forest, trees, the mountain mask. */
static void
inspect_cover(struct panel_lines *pl, const struct world *wd, size_t cell)
{
    if (wd->roughness != NULL) {
        put_line(pl, "roughness   %.3f", (double)wd->roughness[cell]);
    }
    if (wd->forest != NULL) {
        put_line(pl, "forest      %.3f", (double)wd->forest[cell]);
    }
    if (wd->trees != NULL) {
        put_line(pl, "tree        %s", wd->trees[cell] ? "yes" : "no");
    }
    if (wd->mask != NULL) {
        /* the coverage mask (where ranges may rise), not the terrain class */
        put_line(pl, "range mask  %s", wd->mask[cell] ? "yes" : "no");
    }
}

/* A planet's landmass, place and river names, plate and climate. */
static void
inspect_planet(struct panel_lines *pl, const struct world *wd, size_t cell)
{
    if (wd->landmass != NULL) {
        put_line(pl, "landmass    %ld", (long)wd->landmass[cell]);
    }
    if (wd->names != NULL) {
        /* a planet's places in their regions' languages */
        const struct place *p = planet_place_of_cell(wd, cell);
        const struct place *r = planet_river_of_cell(wd, cell);
        if (p != NULL) {
            put_line(pl, "name        %s (%s)", p->name, place_kind_name(p->kind));
        }
        if (r != NULL) {
            put_line(pl, "river       %s", r->name);
        }
    }
    if (wd->plate != NULL) {
        put_line(pl, "plate       %d%s", wd->plate[cell],
                 wd->plate_boundary[cell] == PB_CONVERGENT  ? " convergent edge"
                 : wd->plate_boundary[cell] == PB_DIVERGENT ? " divergent edge"
                 : wd->plate_boundary[cell] == PB_TRANSFORM ? " transform edge" : "");
    }
    if (wd->climate != NULL && wd->climate[cell] != KG_SEA) {
        put_line(pl, "climate     %s %s", koppen_code(wd->climate[cell]),
                 koppen_group(wd->climate[cell]));
        put_line(pl, "temperature %.1f C", (double)wd->temperature[cell]);
        put_line(pl, "rain        %.0f mm/yr", (double)wd->precipitation[cell]);
    }
}

void
inspect_draw(struct tui *t)
{
    WINDOW *win = t->panelwin;
    const struct world *wd = t->world;
    double u, v;
    long cell;
    struct panel_lines pl;
    int w, h;

    if (win == NULL || t->mapwin == NULL) {
        return;
    }
    tui_panel_begin(win, "Inspect", &h, &w);
    mapview_cell_uv(t, t->cur_x, t->cur_y, &u, &v);
    /* Remembered for a relayout (zooming moves the point under the cell). */
    t->cur_u = u;
    t->cur_v = v;
    pl.win = win;
    pl.row = 1;
    pl.col = 0;
    pl.h = h;
    pl.w = w;
    pl.col_step = !t->panel_side && w >= 60 ? w / 2 : 0;
    put_line(&pl, "map u,v     %.4f, %.4f", u, v);
    if (wd == NULL) {
        put_line(&pl, "(no world yet)");
        wnoutrefresh(win);
        return;
    }
    cell = mapimg_cell_at(wd, u, v);
    if (cell < 0 || (size_t)cell >= wd->ncells) {
        put_line(&pl, "outside the map");
        wnoutrefresh(win);
        return;
    }
    if (wd->kind == WORLD_GRID && wd->width > 0) {
        put_line(&pl, "cell        %ld (x %ld, y %ld)", cell, cell % wd->width, cell / wd->width);
    } else {
        put_line(&pl, "cell        %ld", cell);
    }
    inspect_surface(&pl, wd, (size_t)cell);
    inspect_water(&pl, wd, (size_t)cell);
    inspect_cover(&pl, wd, (size_t)cell);
    inspect_planet(&pl, wd, (size_t)cell);
    wnoutrefresh(win);
}
