/* geojson: RFC 7946 vector export (see geojson.h). */
#include "config.h"
#include "io/vector/geojson.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/detmath.h"
#include "core/biome/biome.h"
#include "core/geom/mesh.h"
#include "core/planet/planet_names.h"
#include "core/planet/wfc.h"
#include "io/export.h"
#include "io/jsonw.h"
#include "io/outfile.h"
#include "io/vector/polygonize.h"
#include "render/sample.h"

#define GEOJSON_GRID_MAX 2048

/* --- coordinates ---------------------------------------------------------- */

struct gj {
    const struct world *w;
    FILE *f;
    int W, H;            /* polygon raster */
    double ex, ey;       /* planar extent (coordinate units) */
    int first;           /* no feature written yet */
    const double *gt;    /* map square to coordinates (georeferenced), or NULL */
    int mirrored;        /* gt flips orientation: write rings backwards */
    const char *kind;    /* of the polygons being written */
};

/* Map point (u, v) (v down) to output coordinates. */
static void
put_uv(struct gj *g, double u, double v)
{
    if (g->w->kind == WORLD_SPHERE) {
        fprintf(g->f, "[%.6f,%.6f]", u * 360.0 - 180.0, 90.0 - v * 180.0);
    } else if (g->gt != NULL) {
        fprintf(g->f, "[%.10g,%.10g]", g->gt[0] + u * g->gt[1] + v * g->gt[2],
                g->gt[3] + u * g->gt[4] + v * g->gt[5]);
    } else {
        fprintf(g->f, "[%.10g,%.10g]", u * g->ex, (1.0 - v) * g->ey);
    }
}

/* A polygon coordinate u of the map square clamped to the world's domain
 * (render/sample.h, doc/grid.md): for a grid of m cells on the axis the
 * span of its outer cells' centres, so the regions end where the
 * heightmap's and the mesh's samples do; m = 0 (planes, spheres): u. The
 * polygons' edges run along pixel borders, so clamping their corners cuts
 * them at the domain's border. */
static double
domain_clamp(double u, int m)
{
    double lo = m > 0 ? 0.5 / m : 0.0;
    return u < lo ? lo : (u > 1.0 - lo ? 1.0 - lo : u);
}

/* Position of a hydrology node as (u, v). */
static void
node_uv(const struct world *w, int32_t n, double *u, double *v)
{
    if (w->kind == WORLD_GRID) {
        *u = ((n % w->width) + 0.5) / w->width;
        *v = ((n / w->width) + 0.5) / w->height;
    } else {
        /* a planet's hydrology runs on its cells (core/planet/planet_rivers.h) */
        const double *c = (w->kind == WORLD_SPHERE && w->nhydro == w->ncells ? w->mesh->points
                                                                              : w->mesh->centers)
                          + (size_t)n * w->mesh->dim;
        if (w->mesh->dim == 3) {
            *u = det_atan2(c[1], c[0]) / (2.0 * M_PI) + 0.5;
            *v = 0.5 - det_asin(c[2] > 1.0 ? 1.0 : (c[2] < -1.0 ? -1.0 : c[2])) / M_PI;
        } else {
            *u = c[0];
            *v = c[1];
        }
    }
}

static void
feature_start(struct gj *g)
{
    fprintf(g->f, "%s\n{\"type\":\"Feature\",", g->first ? "" : ",");
    g->first = 0;
}

/* A planet's river line through nodes[0 .. count) as longitude/latitude:
 * a LineString, or where a step crosses the antimeridian (longitudes more
 * than 180 degrees apart) a MultiLineString cut there, each part ending on
 * the meridian at the latitude interpolated linearly in longitude (RFC
 * 7946 3.1.9), so GIS does not draw the step across the whole map. */
static void
sphere_line(struct gj *g, const int32_t *nodes, size_t count)
{
    size_t i, cuts = 0;
    double plon = 0.0, plat = 0.0;
    for (i = 0; i < count; i++) {
        double u, v, lon;
        node_uv(g->w, nodes[i], &u, &v);
        lon = u * 360.0 - 180.0;
        cuts += i > 0 && (lon - plon > 180.0 || plon - lon > 180.0);
        plon = lon;
    }
    fprintf(g->f, ",\"geometry\":{\"type\":\"%s\",\"coordinates\":[%s",
            cuts > 0 ? "MultiLineString" : "LineString", cuts > 0 ? "[" : "");
    for (i = 0; i < count; i++) {
        double u, v, lon, lat;
        node_uv(g->w, nodes[i], &u, &v);
        lon = u * 360.0 - 180.0;
        lat = 90.0 - v * 180.0;
        if (i > 0 && (lon - plon > 180.0 || plon - lon > 180.0)) {
            /* the meridian the step leaves by (+180 going east) */
            double side = lon < plon ? 180.0 : -180.0;
            double span = lon - plon + 2.0 * side;  /* the step, unwrapped */
            double t = (side - plon) / span, cut = plat + t * (lat - plat);
            fprintf(g->f, ",[%.6f,%.6f]],[[%.6f,%.6f]", side, cut, -side, cut);
        }
        fprintf(g->f, "%s[%.6f,%.6f]", i > 0 ? "," : "", lon, lat);
        plon = lon;
        plat = lat;
    }
    fprintf(g->f, "]%s}}", cuts > 0 ? "]" : "");
}

static enum og_status
write_rivers(struct gj *g, struct og_error *err)
{
    static const char *const ends[] = { "coast", "edge", "lake", "confluence", "basin" };
    const struct world *w = g->w;
    struct river_lines r;
    double spacing;
    size_t k, i;
    enum og_status st = vector_rivers(w, &r, err);

    if (st != OG_OK) {
        return st;
    }
    spacing = w->kind == WORLD_GRID ? g->ex / w->width
                                    : (w->mesh != NULL && w->mesh->npoints > 0
                                           ? g->ex / sqrt((double)w->mesh->npoints) : 0.0);
    for (k = 0; k < r.nlines; k++) {
        size_t a = r.start[k], b = r.start[k + 1];
        double wmax = 0.0;
        if (b - a < 2) {
            continue;  /* a single node: no line */
        }
        for (i = a; i < b; i++) {
            wmax = w->river_width[r.nodes[i]] > wmax ? w->river_width[r.nodes[i]] : wmax;
        }
        feature_start(g);
        /* planets: discharge in m^3/s and width in metres already */
        fprintf(g->f, "\"properties\":{\"kind\":\"river\",\"flow\":%.9g,\"width\":%.9g,"
                      "\"end\":\"%s\"",
                w->flow[r.nodes[b - 1]], w->kind == WORLD_SPHERE ? wmax : wmax * spacing,
                ends[r.end[k]]);
        if (w->kind == WORLD_SPHERE && r.end[k] != RIVER_END_CONFLUENCE) {
            /* the main stem down to the mouth carries the river's name */
            const struct place *pl = planet_river_of_cell(w, (size_t)r.nodes[a]);
            if (pl != NULL) {
                fprintf(g->f, ",\"name\":\"%s\"", pl->name);
            }
        }
        fprintf(g->f, "}");
        if (w->kind == WORLD_SPHERE) {
            sphere_line(g, r.nodes + a, b - a);
            continue;
        }
        fprintf(g->f, ",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[");
        for (i = a; i < b; i++) {
            double u, v;
            node_uv(w, r.nodes[i], &u, &v);
            if (i > a) {
                fputc(',', g->f);
            }
            put_uv(g, u, v);
        }
        fprintf(g->f, "]}}");
    }
    river_lines_free(&r);
    return OG_OK;
}

static const char *
biome_label(const struct world *w, int32_t id)
{
    if (w->gen == GEN_PLANET) {
        const struct wfc_rules *r = wfc_planet_rules();
        return id >= 0 && id < r->nbiomes ? r->biome[id].name : "?";
    }
    return biome_name((enum biome)id);
}

static enum og_status
write_polygon(void *arg, const struct polygon *p, struct og_error *err)
{
    struct gj *g = arg;
    size_t k, i;
    (void)err;
    feature_start(g);
    fprintf(g->f, "\"properties\":{\"kind\":\"%s\"", g->kind);
    if (strcmp(g->kind, "biome") == 0) {
        uint32_t col = 0;
        size_t c;
        for (c = 0; c < g->w->ncells; c++) {
            if (g->w->biome[c] == p->label) {
                col = g->w->color != NULL ? g->w->color[c] : 0;
                break;
            }
        }
        fprintf(g->f, ",\"biome\":\"%s\",\"biome_id\":%d,\"color\":\"#%06x\"",
                biome_label(g->w, p->label), (int)p->label, (unsigned)col);
    }
    if (g->w->names != NULL && (strcmp(g->kind, "land") == 0 || strcmp(g->kind, "sea") == 0)) {
        /* a planet's land is labelled by landmass, its seas by place */
        const struct planet_names *pn = g->w->names;
        int32_t pl = g->kind[0] == 's' ? p->label
                     : (size_t)p->label < pn->nlandmass ? pn->landmass_place[p->label] : -1;
        if (pl >= 0 && (size_t)pl < pn->nplace) {
            fprintf(g->f, ",\"name\":\"%s\",\"place\":\"%s\"", pn->place[pl].name,
                    place_kind_name(pn->place[pl].kind));
        }
    }
    fprintf(g->f, "},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[");
    for (k = 0; k < p->nrings; k++) {
        const double *xy = p->xy + 2 * p->start[k];
        fprintf(g->f, "%s[", k ? "," : "");
        for (i = 0; i < p->count[k]; i++) {
            size_t j = g->mirrored ? p->count[k] - 1 - i : i;
            if (i > 0) {
                fputc(',', g->f);
            }
            put_uv(g, domain_clamp(xy[2 * j] / g->W, g->w->kind == WORLD_GRID ? g->w->width : 0),
                   domain_clamp(1.0 - xy[2 * j + 1] / g->H,
                                g->w->kind == WORLD_GRID ? g->w->height : 0));
        }
        fputc(']', g->f);
    }
    fprintf(g->f, "]}}");
    return ferror(g->f) ? og_error_set(err, OG_EIO, "write failed: %s", strerror(errno)) : OG_OK;
}

/* The cell under every pixel of the polygon raster. */
static enum og_status
pixel_cells(const struct world *w, int W, int H, int32_t *cells, struct og_error *err)
{
    int x, y;
    int32_t hint = 0;
    (void)err;
    for (y = 0; y < H; y++) {
        double v = (y + 0.5) / H;
        for (x = 0; x < W; x++) {
            double u = (x + 0.5) / W, q[3];
            int32_t c;
            if (w->kind == WORLD_GRID) {
                c = (int32_t)((long)(v * w->height) * w->width + (long)(u * w->width));
            } else {
                sample_map_point(w, u, v, q);
                c = mesh_nearest_point(w->mesh, q, hint);
                hint = c >= 0 ? c : 0;
            }
            cells[(size_t)y * W + x] = c;
        }
    }
    return OG_OK;
}

static int
cell_is_ocean(const struct world *w, int32_t c)
{
    if (w->water != NULL) {
        return w->water[c] == WATER_OCEAN;
    }
    return w->elevation != NULL && w->elevation[c] <= w->sea_level;
}

static int
cell_is_lake(const struct world *w, int32_t c)
{
    if (w->water != NULL && w->water[c] == WATER_LAKE) {
        return 1;
    }
    return w->kind == WORLD_GRID && w->lake != NULL && w->lake[c] == LAKE_WATER;
}

/* A dem with dry lake beds (core/hydro/hydro_balance.h): they get "playa"
 * polygons. */
static int
has_playa(const struct world *w)
{
    size_t i;
    if (w->kind != WORLD_GRID || w->lake == NULL || w->nhydro != w->ncells) {
        return 0;
    }
    for (i = 0; i < w->ncells; i++) {
        if (w->lake[i] == LAKE_PLAYA) {
            return 1;
        }
    }
    return 0;
}

static enum og_status
write_regions(struct gj *g, struct og_error *err)
{
    const struct world *w = g->w;
    size_t n = (size_t)g->W * g->H, i;
    int32_t *cells = malloc(n * sizeof *cells), *lab = malloc(n * sizeof *lab);
    enum og_status st = OG_OK;
    int pass;

    if (cells == NULL || lab == NULL || w->elevation == NULL) {
        free(cells);
        free(lab);
        if (w->elevation == NULL) {
            return OG_OK;
        }
        return og_error_set(err, OG_ENOMEM, "out of memory for a %dx%d vector raster", g->W,
                            g->H);
    }
    pixel_cells(w, g->W, g->H, cells, err);
    for (pass = 0; pass < 5 && st == OG_OK; pass++) {
        if (pass == 1 && w->water == NULL && w->lake == NULL) {
            continue;
        }
        if (pass == 2 && (w->biome == NULL || (w->gen != GEN_ISLAND && w->gen != GEN_PLANET))) {
            continue;
        }
        if (pass == 3 && !has_playa(w)) {
            continue;
        }
        if (pass == 4 && w->names == NULL) {
            continue;
        }
        for (i = 0; i < n; i++) {
            int32_t c = cells[i];
            if (c < 0) {
                lab[i] = -1;
            } else if (pass == 0) {
                /* planets with names: one label per landmass */
                lab[i] = cell_is_ocean(w, c) ? -1
                         : w->names != NULL && w->landmass != NULL && w->landmass[c] >= 0
                             ? w->landmass[c] : 0;
            } else if (pass == 1) {
                lab[i] = cell_is_lake(w, c) ? 0 : -1;
            } else if (pass == 2) {
                lab[i] = w->biome[c];
            } else if (pass == 3) {
                lab[i] = w->lake[c] == LAKE_PLAYA ? 0 : -1;
            } else {
                lab[i] = w->names->cell_sea[c];
            }
        }
        g->kind = pass == 0 ? "land" : pass == 1 ? "lake" : pass == 2 ? "biome"
                  : pass == 3 ? "playa" : "sea";
        st = polygonize(lab, g->W, g->H, write_polygon, g, err);
    }
    free(cells);
    free(lab);
    return st;
}

/* The "crs" member (see geojson.h): the given WKT, nothing for longitude
 * and latitude, else a local engineering CRS in the coordinates' unit. */
static void
geojson_crs(struct jsonw *j, const struct world *w, const struct gj *g, const char *crs_wkt,
            int lonlat)
{
    char local[512];
    int metric = g->gt != NULL || (w->kind == WORLD_GRID && w->cell_size > 0.0);
    const char *unit = metric ? "LENGTHUNIT[\"metre\",1]"
                       : w->kind == WORLD_GRID ? "LENGTHUNIT[\"grid cell (scale unknown)\",1]"
                                               : "LENGTHUNIT[\"map square (scale unknown)\",1]";
    if (crs_wkt == NULL && (w->kind == WORLD_SPHERE || lonlat)) {
        return;
    }
    if (crs_wkt == NULL) {
        snprintf(local, sizeof local,
                 "ENGCRS[\"orogen local map: east, north of its south-west corner\","
                 "EDATUM[\"orogen %s world\"],CS[Cartesian,2],"
                 "AXIS[\"easting (X)\",east,ORDER[1],%s],"
                 "AXIS[\"northing (Y)\",north,ORDER[2],%s]]",
                 world_gen_name(w->gen), unit, unit);
        crs_wkt = local;
    }
    jsonw_printf(j, ",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":");
    jsonw_string(j, crs_wkt);
    jsonw_printf(j, "}}");
}

enum og_status
export_geojson(const struct world *w, const double *map_gt, const char *crs_wkt, int lonlat,
               const char *path, struct og_error *err)
{
    struct pngio_text *text = NULL;
    size_t ntext = 0, i;
    void *block = NULL;
    struct outfile of;
    struct gj g;
    struct jsonw j = { 0 };
    enum og_status st;

    memset(&g, 0, sizeof g);
    g.w = w;
    g.first = 1;
    if (w->kind == WORLD_GRID) {
        int big = w->width > w->height ? w->width : w->height;
        double mx, my, mz;
        world_metric(w, &mx, &my, &mz);
        g.W = w->width;
        g.H = w->height;
        if (big > GEOJSON_GRID_MAX) {
            g.W = (int)((long)w->width * GEOJSON_GRID_MAX / big);
            g.H = (int)((long)w->height * GEOJSON_GRID_MAX / big);
            g.W = g.W < 1 ? 1 : g.W;
            g.H = g.H < 1 ? 1 : g.H;
        }
        g.ex = mx > 0.0 ? mx : w->width;   /* metres, else cells */
        g.ey = my > 0.0 ? my : w->height;
    } else if (w->kind == WORLD_SPHERE) {
        g.W = 1024;
        g.H = 512;
    } else {
        g.W = g.H = 1024;
        g.ex = g.ey = 1.0;
    }
    if (map_gt != NULL && w->kind != WORLD_SPHERE) {
        g.gt = map_gt;
        g.ex = det_hypot(map_gt[1], map_gt[4]);  /* map width, for river widths */
        /* y-up pixel corners are counter-clockwise; a transform that keeps
           north up (negative determinant from v down) keeps that. */
        g.mirrored = map_gt[1] * map_gt[5] - map_gt[2] * map_gt[4] > 0.0;
    }
    st = export_recipe(w, NULL, &text, &ntext, &block, err);
    if (st != OG_OK) {
        return st;
    }
    jsonw_printf(&j, "{\"type\":\"FeatureCollection\",\"orogen\":{\"coordinates\":\"%s\"",
                 w->kind == WORLD_SPHERE ? "longitude, latitude (degrees)"
                 : g.gt != NULL ? "georeferenced: the source's coordinates (world file; CRS in "
                                  "its .aux.xml), or metres east, north of a generated world "
                                  "(island.extent, hybrid.extent)"
                 : w->kind == WORLD_GRID ? (w->cell_size > 0.0 ? "metres east, north"
                                                               : "grid cells east, north")
                                         : "unit map square east, north");
    for (i = 0; i < ntext; i++) {
        jsonw_printf(&j, ",");
        jsonw_string(&j, text[i].key);
        jsonw_printf(&j, ":");
        jsonw_string(&j, text[i].value);
    }
    jsonw_printf(&j, "}");
    geojson_crs(&j, w, &g, crs_wkt, lonlat);
    jsonw_printf(&j, ",\"features\":[");
    free(block);
    if (j.failed) {
        free(j.s);
        return og_error_set(err, OG_ENOMEM, "out of memory for the GeoJSON header");
    }
    st = outfile_open(&of, path, err);
    if (st != OG_OK) {
        free(j.s);
        return st;
    }
    g.f = of.fp;
    fputs(j.s, g.f);
    free(j.s);
    st = write_rivers(&g, err);
    if (st == OG_OK) {
        st = write_regions(&g, err);
    }
    fprintf(g.f, "\n]}\n");
    if (st == OG_OK && ferror(g.f)) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    if (st != OG_OK) {
        outfile_abort(&of);
        return st;
    }
    return outfile_commit(&of, err);
}
