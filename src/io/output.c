/* output: the registry's table and the checks and writing every kind
 * shares (see output.h). */
#include "config.h"
#include "io/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/recipe/params.h"
#include "io/outfile.h"
#include "io/outfile_target.h"

static const struct output_kind kinds[OUT_COUNT] = {
    { OUT_MAP, "map", "--map", ".png", 0, OUTPUT_TILED,
      "top-down map PNG of --layer; --map-size WxH (default: the world's own aspect)",
      output_map_check, output_map_check_world, output_map_write },
    { OUT_ISO, "iso", "--iso", ".png", 0, 0,
      "shaded isometric render PNG; --iso-size WxH (default render.width x render.height)",
      output_iso_check, NULL, output_iso_write },
    { OUT_GLOBE, "globe", "--globe", ".png", 0, 0,
      "shaded globe PNG of a planet; --globe-size N (default 1024)",
      output_globe_check, NULL, output_globe_write },
    { OUT_HEIGHTMAP, "heightmap", "--heightmap", ".png .exr .tif .tiff", 0,
      OUTPUT_TILED | OUTPUT_DATA,
      "16-bit grey PNG, 32-bit float EXR or float32 GeoTIFF (COG) heightmap; --size WxH\n"
      "                         (default: a grid's own size, an island 1025, a planet 1024x512)",
      output_raster_check, NULL, output_heightmap_write },
    { OUT_MESH, "mesh", "--mesh", ".glb .obj", 1, OUTPUT_DATA,
      "glTF binary or OBJ terrain mesh; --mesh-size COLSxROWS",
      output_mesh_check, NULL, output_mesh_write },
    { OUT_VECTOR, "vector", "--vector", NULL, 0, OUTPUT_DATA,
      "GeoJSON rivers, land, lakes and biome regions",
      NULL, NULL, output_vector_write },
    { OUT_RAW, "raw", "--raw", ".r16 .raw", 0, OUTPUT_TILED | OUTPUT_DATA,
      "little-endian 16-bit heights without a header (r16); --size WxH",
      output_raster_check, NULL, output_raw_write },
    { OUT_STATS, "stats", "--stats", NULL, 0, OUTPUT_STDOUT,
      "the world's figures as JSON (- for standard output)",
      NULL, NULL, output_stats_write },
    { OUT_BUNDLE, "bundle", "--bundle", NULL, 0, OUTPUT_FOLDER | OUTPUT_DATA,
      "a folder with every layer, the stats and manifest.json, whole or not at all",
      output_bundle_check, NULL, output_bundle_write },
    { OUT_ENGINE, "engine", "--engine-out", NULL, 0, OUTPUT_DATA,
      "BASE.r16/.png/.exr and BASE.json for --engine unity|unreal|godot (doc/engines.md)",
      output_engine_check, NULL, output_engine_write },
    { OUT_NORMALS, "normals", "--normals", ".png", 0, OUTPUT_DATA,
      "tangent-space normal map, RGB PNG at the data size; --normals-convention opengl|directx",
      output_normals_check, NULL, output_normals_write },
    { OUT_SPLAT, "splat", "--splat", NULL, 0, OUTPUT_FOLDER | OUTPUT_DATA,
      "splat_0.png, splat_1.png (RGBA8 material weights summing to 255) and splat.json in a\n"
      "                         new folder, at the data size (doc/engines.md)",
      output_splat_check, NULL, output_splat_write },
};

const struct output_kind *
output_kind(enum output_id id)
{
    return (unsigned)id < OUT_COUNT ? &kinds[id] : NULL;
}

const struct output_kind *
output_find_option(const char *arg)
{
    for (int k = 0; k < OUT_COUNT; k++) {
        size_t len = strlen(kinds[k].option);
        if (strncmp(arg, kinds[k].option, len) == 0 && (arg[len] == '\0' || arg[len] == '=')) {
            return &kinds[k];
        }
    }
    return NULL;
}

int
output_plan_any(const struct output_plan *p)
{
    for (int k = 0; k < OUT_COUNT; k++) {
        if (p->path[k] != NULL) {
            return 1;
        }
    }
    return 0;
}

int
output_plan_any_data(const struct output_plan *p)
{
    for (int k = 0; k < OUT_COUNT; k++) {
        if (p->path[k] != NULL && (kinds[k].flags & OUTPUT_DATA)) {
            return 1;
        }
    }
    return 0;
}

/* The folder part of a path ("." when there is none). */
static void
dir_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        snprintf(dir, size, ".");
    } else if (slash == path) {
        snprintf(dir, size, "/");
    } else {
        snprintf(dir, size, "%.*s", (int)(slash - path), path);
    }
}

enum og_status
output_check_writable(const char *path, char *canon, size_t size, struct og_error *err)
{
    char dir[PATH_MAX], rdir[PATH_MAX];
    struct outfile_target tg;
    enum og_status st = outfile_target_resolve(path, &tg, err);
    const char *base, *real = tg.real;

    if (st != OG_OK) {
        return st;
    }
    if (tg.kind == OUTFILE_STREAM) {
        /* written in place (/dev/stdout, /dev/null, a FIFO): no folder to
           write in; two outputs to one descriptor or device still clash */
        if (tg.fd >= 0) {
            snprintf(canon, size, "/dev/fd/%d", tg.fd);
        } else {
            snprintf(canon, size, "%s", tg.real);
        }
        return OG_OK;
    }
    dir_of(real, dir, sizeof dir);
    if (realpath(dir, rdir) == NULL || access(rdir, W_OK) != 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
    }
    base = strrchr(real, '/');
    base = base != NULL ? base + 1 : real;
    if (strlen(rdir) + strlen(base) + 2 > size) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
    }
    strcpy(canon, rdir);
    strcat(canon, "/");
    strcat(canon, base);
    return OG_OK;
}

/* A name whose extension is not one of k's: a PNG named .jpg would promise
 * another format. A name without an extension passes unless k requires
 * one. */
enum og_status
output_check_name(const struct output_kind *k, const char *path, struct og_error *err)
{
    const char *base = strrchr(path, '/');
    const char *dot = strrchr(base != NULL ? base + 1 : path, '.');
    const char *e = k->exts;
    size_t len;

    if (e == NULL || ((dot == NULL || dot[1] == '\0') && !k->ext_required)) {
        return OG_OK;
    }
    while (dot != NULL && *e != '\0') {
        len = strcspn(e, " ");
        if (strlen(dot) == len && strncasecmp(dot, e, len) == 0) {
            return OG_OK;
        }
        e += len + (e[len] == ' ');
    }
    if (strcmp(k->exts, ".png") == 0) {
        return og_error_set(err, OG_EUSAGE, "%s '%s': this output is a PNG; name it .png",
                            k->option, path);
    }
    {
        char list[64];
        size_t n = 0;
        for (e = k->exts; *e != '\0' && n + 8 < sizeof list; e++) {
            if (*e == ' ') {
                n += (size_t)snprintf(list + n, sizeof list - n, " or ");
            } else {
                list[n++] = *e;
            }
        }
        list[n] = '\0';
        return og_error_set(err, OG_EUSAGE, "%s '%s': the name must end in %s", k->option, path,
                            list);
    }
}

enum og_status
output_plan_check_paths(struct output_plan *p, struct og_error *err)
{
    enum og_status st;
    int i, j;

    for (i = 0; i < OUT_COUNT; i++) {
        const char *path = p->path[i];
        /* a folder output (bundle) checks its folder itself */
        if (path == NULL || ((kinds[i].flags & OUTPUT_STDOUT) && strcmp(path, "-") == 0) ||
            (kinds[i].flags & OUTPUT_FOLDER)) {
            continue;
        }
        if ((st = output_check_writable(path, p->canon[i], sizeof p->canon[i], err)) != OG_OK ||
            (st = output_check_name(&kinds[i], path, err)) != OG_OK) {
            return st;
        }
        for (j = 0; j < i; j++) {
            if (p->path[j] != NULL && p->canon[j][0] != '\0' &&
                strcmp(p->canon[i], p->canon[j]) == 0) {
                return og_error_set(err, OG_EUSAGE, "%s and %s both write %s", kinds[j].option,
                                    kinds[i].option, path);
            }
        }
    }
    /* tiles and sidecars too (issue 28 item 8) */
    return output_names_check(p->path, &p->tiles, 0, 0, 0, err);
}

enum og_status
output_usage(enum og_status st, struct og_error *err)
{
    if (st == OG_ERANGE) {
        st = OG_EUSAGE;
        if (err != NULL) {
            err->code = st;
        }
    }
    return st;
}

/* --georef: a generated flat world of known size, and a CRS GDAL knows
 * (io/georef_origin.h). */
static enum og_status
origin_check(struct output_plan *p, struct og_error *err)
{
    if (p->gen->kind == WORLD_SPHERE) {
        return og_error_set(err, OG_EUSAGE, "--georef is for flat maps, not a planet (planets "
                            "are in longitude and latitude)");
    }
    if (p->gen->id == GEN_DEM || p->dem_path != NULL) {
        return og_error_set(err, OG_EUSAGE, "--georef is for generated worlds; a DEM keeps its "
                            "own georeferencing");
    }
    if (p->gen->id == GEN_ISLAND && p->params != NULL &&
        !(params_get(p->params, P_ISLAND_EXTENT) > 0.0)) {
        return og_error_set(err, OG_EUSAGE, "--georef needs the island's size in metres: give "
                            "--extent METRES too");
    }
    /* GDAL's EPSG lookup once a plan, as the DEM's georeferencing above */
    return p->origin.srs != NULL ? OG_OK : georef_origin_resolve(&p->origin, err);
}

enum og_status
output_plan_check(struct output_plan *p, struct og_error *err)
{
    enum og_status st;
    int i, tiled = 0;

    /* the DEM's georeferencing: a bad world file is refused before any work
       (read once a plan: batch_export checks it before and after loading
       the DEM, and GDAL opens a GeoTIFF's header for it) */
    if (p->dem_path != NULL && !p->dem_georef_read) {
        if ((st = georef_read(p->dem_path, 0, 0, &p->dem_georef, err)) != OG_OK) {
            return st;
        }
        p->dem_georef_read = 1;
    }
    if (p->origin.given && (st = origin_check(p, err)) != OG_OK) {
        return st;
    }
    if (p->tiles.nx > 0) {
        for (i = 0; i < OUT_COUNT; i++) {
            tiled |= p->path[i] != NULL && (kinds[i].flags & OUTPUT_TILED);
        }
        if (!tiled) {
            return og_error_set(err, OG_EUSAGE, "--tiles applies to --map, --heightmap and "
                                "--raw");
        }
    }
    for (i = 0; i < OUT_COUNT; i++) {
        if (p->path[i] != NULL && kinds[i].check != NULL &&
            (st = kinds[i].check(p, err)) != OG_OK) {
            return st;
        }
    }
    return OG_OK;
}

/* Remove raster's world file and .aux.xml, left by an earlier export of
 * a georeferenced world: they would place this one wrongly. */
static void
remove_sidecars(const char *raster)
{
    char world[PATH_MAX + 16], aux[PATH_MAX + 16];
    georef_sidecars(raster, world, aux, sizeof world);
    unlink(world);
    unlink(aux);
}

/* After the rasters of a world without georeferencing are in place: no
 * stale sidecar beside them (or their tiles). Standard streams and devices
 * have none. */
static void
remove_stale_sidecars(struct output_plan *p, const struct world *w)
{
    static const enum output_id rasters[3] = { OUT_MAP, OUT_HEIGHTMAP, OUT_RAW };
    char name[PATH_MAX];
    int k, tx, ty;

    if (output_georef(p, w) != NULL) {
        return;
    }
    for (k = 0; k < 3; k++) {
        const char *path = p->path[rasters[k]];
        struct stat sb;
        if (path == NULL || strcmp(path, "-") == 0) {
            continue;
        }
        if (p->tiles.nx == 0) {
            if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
                remove_sidecars(path);
            }
            continue;
        }
        for (ty = 0; ty < p->tiles.ny; ty++) {
            for (tx = 0; tx < p->tiles.nx; tx++) {
                if ((!p->tiles.only || (tx == p->tiles.tx && ty == p->tiles.ty)) &&
                    tile_name(path, tx, ty, name, sizeof name) == 0) {
                    remove_sidecars(name);
                }
            }
        }
    }
}

/* After a failure: say how many tiles stay (renamed before it). */
static void
tiles_kept(const struct output_plan *p, struct og_error *err)
{
    size_t n;
    if (err == NULL || p->tiles_written == 0) {
        return;
    }
    n = strlen(err->msg);
    snprintf(err->msg + n, sizeof err->msg - n, "; %ld tile%s written before it stay%s",
             p->tiles_written, p->tiles_written == 1 ? "" : "s", p->tiles_written == 1 ? "s" : "");
}

enum og_status
output_plan_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    enum og_status st = OG_OK;
    int i;

    for (i = 0; i < OUT_COUNT && st == OG_OK; i++) {
        if (p->path[i] != NULL && kinds[i].check_world != NULL) {
            st = kinds[i].check_world(p, w, err);
        }
    }
    if (st != OG_OK) {
        return st;
    }
    /* All or none: every file stays a temporary until all are written;
       tiles are renamed one at a time as each is whole (issue 28 item 7:
       a million tiles would be a million temporaries), so those written
       before a failure stay and the message counts them (doc/batch.md). */
    p->tiles_written = 0;
    outfile_group_begin();
    for (i = 0; i < OUT_COUNT && st == OG_OK; i++) {
        int tiled = p->tiles.nx > 0 && (kinds[i].flags & OUTPUT_TILED), g;
        if (p->path[i] == NULL || ((kinds[i].flags & OUTPUT_STDOUT) && strcmp(p->path[i], "-") == 0)) {
            continue;
        }
        if (p->on_write != NULL && i <= OUT_GLOBE && !tiled) {
            p->on_write(p->on_write_arg, kinds[i].name, p->path[i]);
        }
        g = tiled ? outfile_group_switch(0) : 0;
        st = kinds[i].write(p, w, err);
        if (tiled) {
            outfile_group_switch(g);
        }
    }
    /* Standard output last, once the exports list is whole, but inside the
       group: the group delivers it before any rename, so a full or closed
       standard output writes nothing (issue 28 item 9). */
    if (st == OG_OK && p->path[OUT_STATS] != NULL && strcmp(p->path[OUT_STATS], "-") == 0) {
        st = output_stats_to(p, w, "-", err);
    }
    if (st != OG_OK) {
        outfile_group_end(0, NULL);
        bundle_finish(&p->stage, 0, NULL);
        bundle_finish(&p->splat_stage, 0, NULL);
        tiles_kept(p, err);
        return st;
    }
    st = outfile_group_end(1, err);
    if (st == OG_OK) {
        remove_stale_sidecars(p, w);
        st = bundle_finish(&p->splat_stage, 1, err);
    }
    if (st == OG_OK) {
        st = bundle_finish(&p->stage, 1, err);
    } else {
        bundle_finish(&p->stage, 0, NULL);
        bundle_finish(&p->splat_stage, 0, NULL);
    }
    return st;
}

void
output_plan_fini(struct output_plan *p)
{
    georef_free(&p->dem_georef);
    p->dem_georef_read = 0;
    georef_origin_free(&p->origin);
    free(p->exports);
    p->exports = NULL;
    bundle_finish(&p->stage, 0, NULL);
    bundle_finish(&p->splat_stage, 0, NULL);
}

void
output_data_size(const struct output_plan *p, const struct world *w, int *width, int *height)
{
    if (p->size_w > 0 && p->size_h > 0) {
        *width = p->size_w;
        *height = p->size_h;
    } else if (w->kind == WORLD_GRID) {
        *width = w->width;
        *height = w->height;
    } else if (w->kind == WORLD_SPHERE) {
        *width = 1024;
        *height = 512;
    } else {
        *width = 1025;   /* 2^10 + 1 nodes: 1024 cells of extent / 1024 */
        *height = 1025;
    }
}

/* A planet's equirectangular rasters: longitude -180..180 east, latitude
 * 90..-90 down (render/sample.c), in degrees of WGS 84 (the planet is
 * fictional; the CRS tells GIS tools the axes are degrees). */
static char planet_srs[] =
    "<SRS dataAxisToSRSAxisMapping=\"2,1\">GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\","
    "SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],"
    "UNIT[\"degree\",0.0174532925199433],AUTHORITY[\"EPSG\",\"4326\"]]</SRS>";

const struct georef *
output_georef(struct output_plan *p, const struct world *w)
{
    double mx, my, mz;
    struct og_error e;

    if (w->kind == WORLD_SPHERE) {
        memset(&p->planet_georef, 0, sizeof p->planet_georef);
        p->planet_georef.valid = 1;
        p->planet_georef.width = p->planet_georef.height = 1;
        p->planet_georef.gt[0] = -180.0;
        p->planet_georef.gt[1] = 360.0;
        p->planet_georef.gt[3] = 90.0;
        p->planet_georef.gt[5] = -180.0;
        p->planet_georef.srs = planet_srs;
        return &p->planet_georef;
    }
    if (w->gen != GEN_DEM) {
        /* a generated world of known size (island.extent, hybrid.extent;
           doc/scale.md): metres east and north of the lower-left corner */
        world_metric(w, &mx, &my, &mz);
        if (!(mx > 0.0 && my > 0.0)) {
            return NULL;
        }
        memset(&p->extent_georef, 0, sizeof p->extent_georef);
        p->extent_georef.valid = 1;
        p->extent_georef.width = p->extent_georef.height = 1;
        if (p->origin.given && p->origin.srs != NULL) {
            /* --georef: the south-west corner at the origin, in the CRS's
               unit (the srs is the origin's, freed with the plan) */
            double u = p->origin.unit_m;
            p->extent_georef.gt[0] = p->origin.east;
            p->extent_georef.gt[1] = mx / u;
            p->extent_georef.gt[3] = p->origin.north + my / u;
            p->extent_georef.gt[5] = -my / u;
            p->extent_georef.srs = p->origin.srs;
            return &p->extent_georef;
        }
        p->extent_georef.gt[1] = mx;
        p->extent_georef.gt[3] = my;
        p->extent_georef.gt[5] = -my;
        return &p->extent_georef;
    }
    if (!p->dem_georef_read && p->dem_path != NULL) {
        /* read before generation by output_plan_check; the TUI comes here */
        if (georef_read(p->dem_path, 0, 0, &p->dem_georef, &e) != OG_OK) {
            memset(&p->dem_georef, 0, sizeof p->dem_georef);
        }
        p->dem_georef_read = 1;
    }
    if (!p->dem_georef.valid || w->kind != WORLD_GRID) {
        return NULL;
    }
    p->dem_georef.width = w->width;
    p->dem_georef.height = w->height;
    return &p->dem_georef;
}
