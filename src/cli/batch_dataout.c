/* batch_dataout: data exports around a batch generation (see
 * batch_dataout.h). */
#include "config.h"
#include "cli/batch_dataout.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/batch.h"
#include "io/bundle.h"
#include "io/export.h"
#include "io/raster/heightmap.h"
#include "io/outfile.h"
#include "io/vector/geojson.h"
#include "io/georef.h"
#include "io/mesh/gltf.h"
#include "io/mesh/obj.h"
#include "io/raster/raw16.h"
#include "io/mesh/terrain_mesh.h"
#include "io/tiles.h"

#define MAX_OUTPUTS 16

/* The input DEM's georeferencing (io/georef.h), read by
 * batch_dataout_check before any generation. */
static struct georef dem_georef;

/* A generated world of known size (island.extent, hybrid.extent; doc/scale.md):
 * the map square as metres east and north from its lower-left corner, no
 * CRS. */
static struct georef extent_georef;

/* A planet's equirectangular rasters: longitude -180..180 east, latitude
 * 90..-90 down (render/sample.c), in degrees of WGS 84 (the planet is
 * fictional; the CRS tells GIS tools the axes are degrees). */
static char planet_srs[] =
    "<SRS dataAxisToSRSAxisMapping=\"2,1\">GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\","
    "SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],"
    "UNIT[\"degree\",0.0174532925199433],AUTHORITY[\"EPSG\",\"4326\"]]</SRS>";
static struct georef planet_georef;

/* The georeferencing for rasters of w, or NULL. */
static const struct georef *
georef_for(const struct world *w)
{
    double mx, my, mz;
    if (w->kind == WORLD_SPHERE) {
        memset(&planet_georef, 0, sizeof planet_georef);
        planet_georef.valid = 1;
        planet_georef.width = planet_georef.height = 1;
        planet_georef.gt[0] = -180.0;
        planet_georef.gt[1] = 360.0;
        planet_georef.gt[3] = 90.0;
        planet_georef.gt[5] = -180.0;
        planet_georef.srs = planet_srs;
        return &planet_georef;
    }
    if (w->gen != GEN_DEM && w->kind != WORLD_SPHERE) {
        world_metric(w, &mx, &my, &mz);
        if (!(mx > 0.0 && my > 0.0)) {
            return NULL;
        }
        /* pixel (col, row) of a 1 x 1 raster of the map square */
        memset(&extent_georef, 0, sizeof extent_georef);
        extent_georef.valid = 1;
        extent_georef.width = extent_georef.height = 1;
        extent_georef.gt[1] = mx;
        extent_georef.gt[3] = my;
        extent_georef.gt[5] = -my;
        return &extent_georef;
    }
    if (!dem_georef.valid || w->kind != WORLD_GRID || w->gen != GEN_DEM) {
        return NULL;
    }
    dem_georef.width = w->width;
    dem_georef.height = w->height;
    return &dem_georef;
}

enum og_status
batch_dataout_check(const struct cli_args *a, const struct generator *g, struct og_error *err)
{
    const struct cli_dataout *o = &a->out;
    const char *paths[MAX_OUTPUTS];
    const char *flags[MAX_OUTPUTS];
    static char canon[MAX_OUTPUTS][PATH_MAX + 8];
    int n = 0, nmine, i, j;
    enum og_status st;

    georef_free(&dem_georef);
    /* --extent went into island.extent or hybrid.extent (cli/args.c) */
    if (o->extent_m > 0.0) {
        if (g != NULL && g->kind == WORLD_SPHERE) {
            return og_error_set(err, OG_EINVAL, "--extent is for flat maps, not a planet");
        }
        if (a->dem_path != NULL) {
            return og_error_set(err, OG_EINVAL, "--extent is for generated worlds; a DEM keeps "
                                "its own georeferencing");
        }
    }
    if (a->dem_path != NULL && (st = georef_read(a->dem_path, 0, 0, &dem_georef, err)) != OG_OK) {
        return st;
    }
    if (o->tiles.nx > 0) {
        struct tile_grid tg = o->tiles;
        if (a->map_path == NULL && o->heightmap_path == NULL && o->raw_path == NULL) {
            return og_error_set(err, OG_EINVAL, "--tiles applies to --map, --heightmap and --raw");
        }
        /* Sizes known now (--size): check the grid before any work. */
        if (a->size_given && (st = tile_check(&tg, a->size_w, a->size_h, err)) != OG_OK) {
            return st;
        }
        if (a->map_path != NULL && a->map_size_given &&
            (st = tile_check(&tg, a->map_w, a->map_h, err)) != OG_OK) {
            return st;
        }
    }
    if (o->bundle_dir != NULL && (st = bundle_check(o->bundle_dir, err)) != OG_OK) {
        return st;
    }
    if (o->bundle_dir != NULL && a->size_given && (a->size_w > 16384 || a->size_h > 16384)) {
        return og_error_set(err, OG_ERANGE, "--size %dx%d: the bundle's map is at most 16384 "
                            "per side", a->size_w, a->size_h);
    }
    if (!cli_dataout_any(o)) {
        return OG_OK;
    }
    if (a->size_given && (a->size_w > HEIGHTMAP_MAX_SIDE || a->size_h > HEIGHTMAP_MAX_SIDE)) {
        return og_error_set(err, OG_ERANGE, "--size %dx%d: heightmaps and r16 files are at most "
                            "%d per side", a->size_w, a->size_h, HEIGHTMAP_MAX_SIDE);
    }
    if (o->heightmap_path != NULL &&
        (st = batch_check_png_name("--heightmap", o->heightmap_path, err)) != OG_OK) {
        return st;
    }
    if (o->heightmap_path != NULL) {
        paths[n] = o->heightmap_path;
        flags[n++] = "--heightmap";
    }
    if (o->raw_path != NULL) {
        paths[n] = o->raw_path;
        flags[n++] = "--raw";
    }
    if (o->mesh_path != NULL) {
        paths[n] = o->mesh_path;
        flags[n++] = "--mesh";
    }
    if (o->vector_path != NULL) {
        paths[n] = o->vector_path;
        flags[n++] = "--vector";
    }
    if (o->mesh_w > TERRAIN_MESH_MAX_SIDE || o->mesh_h > TERRAIN_MESH_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "--mesh-size %dx%d: meshes are at most %d vertices "
                            "per side", o->mesh_w, o->mesh_h, TERRAIN_MESH_MAX_SIDE);
    }
    nmine = n;
    /* batch.c checks its own outputs; compare against them here. */
    if (a->map_path != NULL) {
        paths[n] = a->map_path;
        flags[n++] = "--map";
    }
    if (a->iso_path != NULL) {
        paths[n] = a->iso_path;
        flags[n++] = "--iso";
    }
    if (a->globe_path != NULL) {
        paths[n] = a->globe_path;
        flags[n++] = "--globe";
    }
    if (a->stats_path != NULL && strcmp(a->stats_path, "-") != 0) {
        paths[n] = a->stats_path;
        flags[n++] = "--stats";
    }
    for (i = 0; i < n; i++) {
        st = batch_check_output(paths[i], canon[i], sizeof canon[i], err);
        if (st != OG_OK) {
            return st;
        }
        for (j = 0; j < i; j++) {
            if ((i < nmine || j < nmine) && strcmp(canon[i], canon[j]) == 0) {
                return og_error_set(err, OG_EINVAL, "%s and %s both write %s", flags[j],
                                    flags[i], paths[i]);
            }
        }
    }
    return OG_OK;
}

enum og_status
batch_dataout_check_sizes(const struct cli_args *a, const struct generator *g,
                          const struct dem_raster *raster, struct og_error *err)
{
    struct world probe;   /* only the kind and grid size, for the defaults */
    const struct tile_grid *tg = &a->out.tiles;
    enum og_status st;
    int W, H;

    if (g == NULL) {
        return OG_OK;
    }
    memset(&probe, 0, sizeof probe);
    probe.kind = g->kind;
    if (a->gen == GEN_DEM && raster != NULL) {
        probe.width = raster->width;
        probe.height = raster->height;
    } else if (a->gen == GEN_HYBRID) {
        probe.width = (int)params_get(&a->params, P_HYBRID_WIDTH);
        probe.height = (int)params_get(&a->params, P_HYBRID_HEIGHT);
    }
    batch_heightmap_size(a, &probe, &W, &H);
    if (tg->nx > 0 && (a->out.heightmap_path != NULL || a->out.raw_path != NULL) &&
        (st = tile_check(tg, W, H, err)) != OG_OK) {
        return st;
    }
    if (a->out.bundle_dir != NULL && (W > 16384 || H > 16384)) {
        return og_error_set(err, OG_ERANGE, "--bundle %dx%d: the bundle's map is at most 16384 "
                            "per side", W, H);
    }
    if (tg->nx > 0 && a->map_path != NULL) {
        if (a->size_given || a->map_size_given) {
            W = a->map_w;
            H = a->map_h;
        } else if (a->recipe_w > 0 && a->recipe_h > 0) {
            W = a->recipe_w;
            H = a->recipe_h;
        } else {
            export_map_default_size(&probe, &W, &H);
        }
        if ((st = tile_check(tg, W, H, err)) != OG_OK) {
            return st;
        }
    }
    return OG_OK;
}

void
batch_heightmap_size(const struct cli_args *a, const struct world *w, int *width, int *height)
{
    if (a->size_given) {
        *width = a->size_w;
        *height = a->size_h;
    } else if (w->kind == WORLD_GRID) {
        *width = w->width;
        *height = w->height;
    } else if (w->kind == WORLD_SPHERE) {
        *width = 1024;
        *height = 512;
    } else {
        *width = 1024;
        *height = 1024;
    }
}

/* Append one exports entry: a JSON object on its own line. */
static enum og_status
add_export(char **json, const char *path, const char *format, const char *order,
           const struct raster_window *win, const struct height_scale *sc, struct og_error *err)
{
    char entry[1024], *grown;
    size_t old = *json != NULL ? strlen(*json) : 0;
    int k = snprintf(entry, sizeof entry,
                     "%s\n    {\"file\": \"%s\", \"format\": \"%s\", \"byte_order\": \"%s\", "
                     "\"width\": %d, \"height\": %d, \"height_offset\": %.17g, "
                     "\"height_step\": %.17g, \"height_min\": %.17g, \"height_max\": %.17g, "
                     "\"data_min\": %.9g, \"data_max\": %.9g, \"units\": \"%s\"}",
                     old > 0 ? "," : "", path, format, order, win->w, win->h, sc->lo, sc->step,
                     sc->lo, sc->hi, sc->data_lo, sc->data_hi, sc->units);
    if (k < 0 || (size_t)k >= sizeof entry || strpbrk(path, "\"\\") != NULL) {
        return og_error_set(err, OG_EINVAL, "%s: file name too long or with quotes for the "
                            "stats JSON", path);
    }
    grown = realloc(*json, old + (size_t)k + 1);
    if (grown == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the exports list");
    }
    memcpy(grown + old, entry, (size_t)k + 1);
    *json = grown;
    return OG_OK;
}

/* A heightmap (raw = 0) or r16 (raw = 1) of W x H: whole, or its tiles. */
static enum og_status
write_rasters(const struct cli_dataout *o, const struct world *w, int raw, int W, int H,
              const char *path, char **exports, struct og_error *err)
{
    struct raster_window win;
    struct height_scale sc;
    char name[PATH_MAX];
    enum og_status st = OG_OK;
    int tx, ty, nx = o->tiles.nx > 0 ? o->tiles.nx : 1, ny = o->tiles.nx > 0 ? o->tiles.ny : 1;

    for (ty = 0; ty < ny && st == OG_OK; ty++) {
        for (tx = 0; tx < nx && st == OG_OK; tx++) {
            const char *file = path;
            if (o->tiles.nx > 0) {
                if (o->tiles.only && (tx != o->tiles.tx || ty != o->tiles.ty)) {
                    continue;
                }
                tile_window(&o->tiles, W, H, tx, ty, &win);
                if (tile_name(path, tx, ty, name, sizeof name) != 0) {
                    return og_error_set(err, OG_EIO, "cannot write %s: tile name too long",
                                        path);
                }
                file = name;
            } else {
                raster_window_full(&win, W, H);
            }
            st = raw ? export_raw16(w, &win, &o->range, file, &sc, err)
                     : export_heightmap_png(w, &win, &o->range, file, &sc, err);
            if (st == OG_OK) {
                st = georef_write(georef_for(w), &win, file, err);
            }
            if (st == OG_OK) {
                st = add_export(exports, file, raw ? "r16" : "png16",
                                raw ? "little-endian" : "big-endian", &win, &sc, err);
            }
        }
    }
    return st;
}

enum og_status
batch_dataout_write(const struct cli_args *a, const struct world *w, char **exports,
                    struct og_error *err)
{
    const struct cli_dataout *o = &a->out;
    struct raster_window win;
    enum og_status st;
    int W, H;

    *exports = NULL;
    if (!cli_dataout_any(o)) {
        return OG_OK;
    }
    batch_heightmap_size(a, w, &W, &H);
    raster_window_full(&win, W, H);
    if (o->tiles.nx > 0 && (o->heightmap_path != NULL || o->raw_path != NULL) &&
        (st = tile_check(&o->tiles, W, H, err)) != OG_OK) {
        return st;
    }
    if (o->heightmap_path != NULL) {
        st = write_rasters(o, w, 0, W, H, o->heightmap_path, exports, err);
        if (st != OG_OK) {
            return st;
        }
    }
    if (o->mesh_path != NULL) {
        struct terrain_mesh m;
        int cols = o->mesh_w, rows = o->mesh_h;
        const char *dot = strrchr(o->mesh_path, '.');
        if (cols <= 0) {
            terrain_mesh_default_size(w, &cols, &rows);
        }
        st = terrain_mesh_build(w, cols, rows, &m, err);
        if (st == OG_OK) {
            st = dot != NULL && strcmp(dot, ".obj") == 0 ? export_obj(w, &m, o->mesh_path, err)
                                                         : export_gltf(w, &m, o->mesh_path, err);
            terrain_mesh_free(&m);
        }
        if (st != OG_OK) {
            return st;
        }
    }
    if (o->vector_path != NULL) {
        const struct georef *gr = georef_for(w);
        double mgt[6];
        if (gr != NULL) {  /* the map square in the source's coordinates */
            mgt[0] = gr->gt[0];
            mgt[1] = gr->gt[1] * gr->width;
            mgt[2] = gr->gt[2] * gr->height;
            mgt[3] = gr->gt[3];
            mgt[4] = gr->gt[4] * gr->width;
            mgt[5] = gr->gt[5] * gr->height;
        }
        st = export_geojson(w, gr != NULL ? mgt : NULL, o->vector_path, err);
        if (st != OG_OK) {
            return st;
        }
    }
    if (o->raw_path != NULL) {
        st = write_rasters(o, w, 1, W, H, o->raw_path, exports, err);
        if (st != OG_OK) {
            return st;
        }
    }
    return OG_OK;
}

enum og_status
batch_dataout_map_sidecars(const struct cli_args *a, const struct world *w, int width,
                           int height, struct og_error *err)
{
    const struct georef *g = georef_for(w);
    struct raster_window win;
    char name[PATH_MAX];
    enum og_status st = OG_OK;
    int tx, ty;

    if (g == NULL || a->map_path == NULL) {
        return OG_OK;
    }
    if (a->out.tiles.nx == 0) {
        raster_window_full(&win, width, height);
        return georef_write(g, &win, a->map_path, err);
    }
    for (ty = 0; ty < a->out.tiles.ny && st == OG_OK; ty++) {
        for (tx = 0; tx < a->out.tiles.nx && st == OG_OK; tx++) {
            if (a->out.tiles.only && (tx != a->out.tiles.tx || ty != a->out.tiles.ty)) {
                continue;
            }
            tile_window(&a->out.tiles, width, height, tx, ty, &win);
            if (tile_name(a->map_path, tx, ty, name, sizeof name) != 0) {
                return og_error_set(err, OG_EIO, "cannot write %s: tile name too long",
                                    a->map_path);
            }
            st = georef_write(g, &win, name, err);
        }
    }
    return st;
}

enum og_status
batch_dataout_bundle(const struct cli_args *a, const struct world *w, struct bundle_stage *stage,
                     struct og_error *err)
{
    int W, H;
    if (a->out.bundle_dir == NULL) {
        return OG_OK;
    }
    batch_heightmap_size(a, w, &W, &H);
    if (W > 16384 || H > 16384) {
        return og_error_set(err, OG_ERANGE, "--bundle %dx%d: the bundle's map is at most 16384 "
                            "per side", W, H);
    }
    return export_bundle_staged(w, W, H, georef_for(w), a->out.bundle_dir, stage, err);
}

enum og_status
batch_dataout_stats(const struct world *w, const char *path, const char *exports,
                    struct og_error *err)
{
    char *json = NULL, *all, *end;
    enum og_status st;
    size_t len;

    if (exports == NULL) {
        return export_stats_file(w, path, err);
    }
    st = export_stats_json(w, &json, err);
    if (st != OG_OK) {
        return st;
    }
    /* The object ends with "\n}\n": insert before it. */
    end = strrchr(json, '}');
    if (end == NULL) {
        free(json);
        return og_error_set(err, OG_EINVAL, "stats JSON without a closing brace");
    }
    while (end > json && end[-1] == '\n') {
        end--;
    }
    len = (size_t)(end - json);
    all = malloc(len + strlen(exports) + 32);
    if (all == NULL) {
        free(json);
        return og_error_set(err, OG_ENOMEM, "out of memory for the stats JSON");
    }
    memcpy(all, json, len);
    sprintf(all + len, ",\n  \"exports\": [%s\n  ]\n}\n", exports);
    free(json);
    len = strlen(all);
    if (strcmp(path, "-") == 0) {
        if (fwrite(all, 1, len, stdout) != len || fflush(stdout) != 0) {
            st = og_error_set(err, OG_EIO, "cannot write stats to standard output: %s",
                              strerror(errno));
        }
    } else {
        st = outfile_write(path, all, len, err);
    }
    free(all);
    return st;
}
