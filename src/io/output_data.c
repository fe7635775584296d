/* output_data: the registry's data kinds (io/output.h): 16-bit
 * heightmaps, r16, meshes and GeoJSON, with the sizes and georeferencing
 * they share. */
#include "config.h"
#include "io/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/dem/crs_scale.h"
#include "io/engine.h"
#include "io/mesh/gltf.h"
#include "io/mesh/obj.h"
#include "io/mesh/terrain_mesh.h"
#include "io/raster/heightmap_float.h"
#include "io/raster/normalmap.h"
#include "io/raster/raw16.h"
#include "io/raster/splatmap.h"
#include "io/vector/geojson.h"
#include "render/sample.h"

enum og_status
output_raster_check(struct output_plan *p, struct og_error *err)
{
    struct world probe;
    int W, H;

    if (p->tiles.nx == 0 && (p->size_w > HEIGHTMAP_MAX_SIDE || p->size_h > HEIGHTMAP_MAX_SIDE)) {
        return og_error_set(err, OG_EUSAGE, "--size %dx%d: heightmaps and r16 files are at most "
                            "%d per side (up to %d with --tiles)", p->size_w, p->size_h,
                            HEIGHTMAP_MAX_SIDE, TILES_MAX_SIDE);
    }
    if (p->tiles.nx > 0 && (output_probe(p, &probe) || p->size_w > 0)) {
        output_data_size(p, &probe, &W, &H);
        return output_usage(tile_check_sizes(&p->tiles, W, H, "--size: heightmap",
                                             HEIGHTMAP_MAX_SIDE, err), err);
    }
    return OG_OK;
}

/* Append one entry to p's exports list: a JSON object on its own line. */
static enum og_status
add_export(struct output_plan *p, const char *path, const char *format, const char *order,
           const struct raster_window *win, const struct height_scale *sc, struct og_error *err)
{
    char entry[1024], *grown;
    size_t old;
    /* float samples are the heights themselves: h = 0 + sample x 1 */
    int fl = strcmp(format, "exr32") == 0 || strcmp(format, "tiff32") == 0;
    /* the voids' sample: 16-bit 65535 (io/raster/heightmap.h), the
       GeoTIFF's no-data value, NaN in EXR (not a JSON number) */
    char nodata[32] = "null";
    if (!fl && sc->nodata >= 0) {
        snprintf(nodata, sizeof nodata, "%d", sc->nodata);
    } else if (strcmp(format, "tiff32") == 0) {
        snprintf(nodata, sizeof nodata, "%.17g", HEIGHTMAP_TIFF_NODATA);
    } else if (fl) {
        snprintf(nodata, sizeof nodata, "\"NaN\"");
    }
    int k;

    if (p->path[OUT_STATS] == NULL) {
        return OG_OK;  /* only the stats list them: a million tiles need no list */
    }
    old = p->exports != NULL ? strlen(p->exports) : 0;
    k = snprintf(entry, sizeof entry,
                     "%s\n    {\"file\": \"%s\", \"format\": \"%s\", \"byte_order\": \"%s\", "
                     "\"width\": %d, \"height\": %d, \"height_offset\": %.17g, "
                     "\"height_step\": %.17g, \"height_min\": %.17g, \"height_max\": %.17g, "
                     "\"data_min\": %.9g, \"data_max\": %.9g, \"units\": \"%s\", "
                     "\"nodata\": %s}",
                     old > 0 ? "," : "", path, format, order, win->w, win->h, fl ? 0.0 : sc->lo,
                     fl ? 1.0 : sc->step,
                     sc->lo, sc->hi, sc->data_lo, sc->data_hi, sc->units, nodata);
    if (k < 0 || (size_t)k >= sizeof entry || strpbrk(path, "\"\\") != NULL) {
        return og_error_set(err, OG_EINVAL, "%s: file name too long or with quotes for the "
                            "stats JSON", path);
    }
    grown = realloc(p->exports, old + (size_t)k + 1);
    if (grown == NULL) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the exports list");
    }
    memcpy(grown + old, entry, (size_t)k + 1);
    p->exports = grown;
    return OG_OK;
}

enum hm_format { HM_PNG, HM_R16, HM_EXR, HM_TIFF };

/* --heightmap's format by the file's extension (io/raster/heightmap_float.h
 * for the float ones). */
static enum hm_format
heightmap_format(const char *path)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (dot == NULL || (slash != NULL && dot < slash)) {
        return HM_PNG;
    }
    if (strcasecmp(dot, ".exr") == 0) {
        return HM_EXR;
    }
    return strcasecmp(dot, ".tif") == 0 || strcasecmp(dot, ".tiff") == 0 ? HM_TIFF : HM_PNG;
}

/* A heightmap (raw = 0) or r16 (raw = 1) at the data size: whole, or its
 * tiles (all, or the one of --tile). One sampler of the whole raster serves
 * every tile: the river channels and the lowest bed are built once, and a
 * tile's channels are the whole raster's (seamless tiles). */
static enum og_status
write_rasters(struct output_plan *p, const struct world *w, int raw, struct og_error *err)
{
    const char *path = p->path[raw ? OUT_RAW : OUT_HEIGHTMAP];
    struct raster_window win;
    struct height_scale sc;
    struct sampler smp;
    char name[PATH_MAX];
    enum hm_format fmt;
    enum og_status st;
    int W, H, tx, ty, nx = p->tiles.nx > 0 ? p->tiles.nx : 1, ny = p->tiles.nx > 0 ? p->tiles.ny : 1;

    output_data_size(p, w, &W, &H);
    if (p->tiles.nx > 0 &&
        (st = tile_check_sizes(&p->tiles, W, H, "heightmap", HEIGHTMAP_MAX_SIDE, err)) != OG_OK) {
        return st;
    }
    if ((st = sample_init(&smp, w, W, H, err)) != OG_OK) {
        return st;
    }
    for (ty = 0; ty < ny && st == OG_OK; ty++) {
        for (tx = 0; tx < nx && st == OG_OK; tx++) {
            const char *file = path;
            if (p->tiles.nx > 0) {
                if (p->tiles.only && (tx != p->tiles.tx || ty != p->tiles.ty)) {
                    continue;
                }
                tile_window(&p->tiles, W, H, tx, ty, &win);
                if (tile_name(path, tx, ty, name, sizeof name) != 0) {
                    st = og_error_set(err, OG_EIO, "cannot write %s: tile name too long", path);
                    break;
                }
                file = name;
            } else {
                raster_window_full(&win, W, H);
            }
            fmt = raw ? HM_R16 : heightmap_format(file);
            st = fmt == HM_R16   ? export_raw16(w, &smp, &win, &p->range, file, &sc, err)
                 : fmt == HM_EXR ? export_heightmap_exr(w, &smp, &win, 0, file, &sc, err)
                 : fmt == HM_TIFF
                     ? export_heightmap_tiff(w, &smp, &win, output_georef(p, w), file, &sc, err)
                     : export_heightmap_png(w, &smp, &win, &p->range, file, &sc, err);
            p->tiles_written += st == OG_OK && p->tiles.nx > 0;
            /* a GeoTIFF holds its georeferencing; the others get sidecars */
            if (st == OG_OK && fmt != HM_TIFF) {
                double ax[4];
                sample_axes(w, W, H, ax);   /* the grid's nodes (doc/grid.md) */
                st = georef_write(output_georef(p, w), &win, ax, file, err);
            }
            if (st == OG_OK) {
                static const char *const names[] = { "png16", "r16", "exr32", "tiff32" };
                static const char *const orders[] = { "big-endian", "little-endian",
                                                      "little-endian", "little-endian" };
                st = add_export(p, file, names[fmt], orders[fmt], &win, &sc, err);
            }
        }
    }
    sample_free(&smp);
    return st;
}

enum og_status
output_heightmap_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    return write_rasters(p, w, 0, err);
}

enum og_status
output_raw_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    return write_rasters(p, w, 1, err);
}

enum og_status
output_mesh_check(struct output_plan *p, struct og_error *err)
{
    if (p->mesh_w > TERRAIN_MESH_MAX_SIDE || p->mesh_h > TERRAIN_MESH_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "--mesh-size %dx%d: meshes are at most %d vertices "
                            "per side", p->mesh_w, p->mesh_h, TERRAIN_MESH_MAX_SIDE);
    }
    return OG_OK;
}

/* glTF binary, or OBJ for a name ending .obj. */
enum og_status
output_mesh_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    const char *path = p->path[OUT_MESH], *dot = strrchr(path, '.');
    struct terrain_mesh m;
    int cols = p->mesh_w, rows = p->mesh_h;
    enum og_status st;

    if (cols <= 0 && p->engine != ENGINE_NONE && p->path[OUT_ENGINE] != NULL &&
        w->kind != WORLD_SPHERE) {
        /* with --engine: the engine heightmap's samples (2^n + 1, or
           Unreal's sizes), as one untiled file holds them */
        int W, H, side, nt, tile;
        output_data_size(p, w, &W, &H);
        engine_layout((enum engine_profile)p->engine, W > H ? W : H, &side, &nt, &tile);
        if (nt == 1 && side <= TERRAIN_MESH_MAX_SIDE) {
            cols = rows = side;
        }
    }
    if (cols <= 0) {
        terrain_mesh_default_size(w, &cols, &rows);
    }
    st = terrain_mesh_build(w, cols, rows, &m, err);
    if (st == OG_OK) {
        st = dot != NULL && strcmp(dot, ".obj") == 0 ? export_obj(w, &m, path, err)
                                                     : export_gltf(w, &m, path, err);
        terrain_mesh_free(&m);
    }
    return st;
}

/* At the data size, with the DEM's georeferencing beside it. */
enum og_status
output_normals_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    struct raster_window win;
    double ax[4];
    int W, H;
    enum og_status st;

    output_data_size(p, w, &W, &H);
    sample_axes(w, W, H, ax);
    st = export_normalmap(w, W, H, (enum normalmap_convention)p->normals_convention,
                          p->path[OUT_NORMALS], err);
    raster_window_full(&win, W, H);
    return st == OG_OK ? georef_write(output_georef(p, w), &win, ax, p->path[OUT_NORMALS], err) : st;
}

/* A planet has no flat map to shade (refused before generation, not after
 * it: issue 28), then the raster's size limits. */
enum og_status
output_normals_check(struct output_plan *p, struct og_error *err)
{
    if (p->gen->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EUSAGE, "--normals: a planet has no flat map to shade");
    }
    return output_raster_check(p, err);
}

/* A new folder (io/bundle.h's staging), and the raster's size limits. */
enum og_status
output_splat_check(struct output_plan *p, struct og_error *err)
{
    enum og_status st;

    st = folder_stage_check("--splat", p->path[OUT_SPLAT], err);
    return st == OG_OK ? output_raster_check(p, err) : st;
}

/* At the data size, staged: the folder is renamed into place after the
 * group's files (output_plan_write). */
enum og_status
output_splat_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    int W, H, control = 0;
    enum og_status st;

    output_data_size(p, w, &W, &H);
    if (p->engine == ENGINE_UNITY && p->path[OUT_ENGINE] != NULL && w->kind != WORLD_SPHERE) {
        /* Unity's alphamaps: its Control Texture Resolution (io/engine.h) */
        control = engine_unity_control_size(W > H ? W : H);
    }
    if (control > 0) {
        W = H = control;
    }
    if ((st = folder_stage_open("--splat", p->path[OUT_SPLAT], &p->splat_stage, err)) != OG_OK) {
        return st;
    }
    /* on error the group removes the files, bundle_finish the folder */
    return export_splat(w, W, H, output_georef(p, w), p->splat_stage.tmp, err);
}

/* In the source's coordinates when the world has them. */
enum og_status
output_vector_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    const struct georef *gr = output_georef(p, w);
    double mgt[6];
    char *wkt = NULL;
    int lonlat = gr != NULL && georef_is_geographic(gr);
    enum og_status st;

    if (gr != NULL) {  /* the map square in the source's coordinates */
        mgt[0] = gr->gt[0];
        mgt[1] = gr->gt[1] * gr->width;
        mgt[2] = gr->gt[2] * gr->height;
        mgt[3] = gr->gt[3];
        mgt[4] = gr->gt[4] * gr->width;
        mgt[5] = gr->gt[5] * gr->height;
    }
    if (gr != NULL && gr->srs != NULL && !lonlat) {  /* a projected DEM: its CRS */
        wkt = crs_element_wkt(gr->srs);
    }
    st = export_geojson(w, gr != NULL ? mgt : NULL, wkt, lonlat, p->path[OUT_VECTOR], err);
    free(wkt);
    return st;
}
