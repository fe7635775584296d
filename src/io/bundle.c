/* bundle: a folder of every layer with a manifest (see bundle.h). */
#include "config.h"
#include "io/bundle.h"
#include "io/bundle_internal.h"
#include "io/export_globe.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/biome/biome.h"
#include "core/geom/mesh.h"
#include "core/planet/wfc.h"
#include "io/export.h"
#include "io/export_iso.h"
#include "render/globe.h"
#include "io/raster/heightmap.h"
#include "io/jsonw.h"
#include "io/outfile.h"
#include "io/png/pngio.h"
#include "render/mapimg.h"
#include "render/sample.h"


static void
remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[PATH_MAX + 256];
    if (d != NULL) {
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
                continue;
            }
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* The folder name without trailing slashes ("out/" is the folder "out");
 * out has PATH_MAX bytes and the caller checked the length. */
static const char *
bundle_name(const char *dir, char *out)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') {
        n--;
    }
    memcpy(out, dir, n);
    out[n] = '\0';
    return out;
}

enum og_status
bundle_check(const char *given, struct og_error *err)
{
    return folder_stage_check("--bundle", given, err);
}

enum og_status
folder_stage_check(const char *option, const char *given, struct og_error *err)
{
    struct stat sb;
    char parent[PATH_MAX], name[PATH_MAX];
    const char *slash, *dir;
    if (given == NULL || given[0] == '\0') {
        return og_error_set(err, OG_EINVAL, "%s needs a folder name", option);
    }
    if (strlen(given) + 16 >= PATH_MAX) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", given, strerror(ENAMETOOLONG));
    }
    dir = bundle_name(given, name);
    if (strcmp(dir, "/") == 0) {
        return og_error_set(err, OG_EIO, "cannot write /: %s writes a new folder", option);
    }
    if (lstat(dir, &sb) == 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: it exists (%s writes a new folder)",
                            dir, option);
    }
    slash = strrchr(dir, '/');
    if (slash == NULL) {
        strcpy(parent, ".");
    } else if (slash == dir) {
        strcpy(parent, "/");
    } else {
        snprintf(parent, sizeof parent, "%.*s", (int)(slash - dir), dir);
    }
    if (access(parent, W_OK) != 0) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", dir, strerror(errno));
    }
    return OG_OK;
}


enum og_status
export_bundle(const struct world *w, int width, int height, const struct georef *g,
              const char *given, struct og_error *err)
{
    struct bundle_stage stage;
    enum og_status st = export_bundle_staged(w, width, height, g, given, &stage, err);
    return st == OG_OK ? bundle_finish(&stage, 1, err) : st;
}

enum og_status
bundle_finish(struct bundle_stage *stage, int commit, struct og_error *err)
{
    enum og_status st = OG_OK;
    if (!stage->live) {
        return OG_OK;
    }
    stage->live = 0;
    if (commit && og_interrupted()) {
        st = og_error_set(err, OG_ECANCELED, "interrupted");
    } else if (commit && rename(stage->tmp, stage->dir) == 0) {
        return OG_OK;
    } else if (commit) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", stage->dir, strerror(errno));
    }
    remove_tree(stage->tmp);
    return st;
}

/* A new folder beside the target, named DIR.tmpXXXXXX, with the mode of
 * an ordinary folder (mkdtemp makes 0700). */
static enum og_status
stage_dir(const char *dir, char *tmp, size_t size, struct og_error *err)
{
    mode_t mask;

    if (snprintf(tmp, size, "%s.tmpXXXXXX", dir) >= (int)size) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", dir, strerror(ENAMETOOLONG));
    }
    if (mkdtemp(tmp) == NULL) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", dir, strerror(errno));
    }
    mask = umask(022);
    umask(mask);
    chmod(tmp, 0777 & ~mask);
    return OG_OK;
}

enum og_status
folder_stage_open(const char *option, const char *given, struct bundle_stage *stage,
                  struct og_error *err)
{
    char name[PATH_MAX];
    const char *dir;
    enum og_status st;

    stage->live = 0;
    if ((st = folder_stage_check(option, given, err)) != OG_OK) {
        return st;
    }
    dir = bundle_name(given, name);
    if (strlen(dir) >= sizeof stage->dir) {
        return og_error_set(err, OG_EIO, "cannot write %s: %s", dir, strerror(ENAMETOOLONG));
    }
    if ((st = stage_dir(dir, stage->tmp, sizeof stage->tmp, err)) != OG_OK) {
        return st;
    }
    strcpy(stage->dir, dir);
    stage->live = 1;
    return OG_OK;
}

/* The manifest's head: version, generator, registration and scale. */
static void
manifest_head(struct jsonw *man, const struct world *w, int width, int height)
{
    double mx, my, mz;

    jsonw_printf(man, "{\n  \"orogen_version\": \"%s\",\n  \"generator\": \"%s\",\n",
                 PACKAGE_VERSION, world_gen_name(w->gen));
    jsonw_printf(man, "  \"registration\": {\"width\": %d, \"height\": %d, \"pixel\": "
                      "\"%s, row 0 north (doc/grid.md)\", "
                      "\"projection\": \"%s\"},\n", width, height,
                 w->kind == WORLD_SPHERE ? "pixel (x, y) centred on (x + 0.5) / width, (y + 0.5) / "
                                           "height of the map"
                                         : "pixel (x, y) samples the grid node x / (width - 1), "
                                           "y / (height - 1) of the world's domain (map.png: "
                                           "pixel-is-area)",
                 w->kind == WORLD_SPHERE ? "equirectangular longitude -180..180, latitude 90..-90"
                                         : "the world's map square");
    world_metric(w, &mx, &my, &mz);   /* the scale where known (doc/scale.md) */
    if (mx > 0.0 && my > 0.0) {
        jsonw_printf(man, "  \"pixel_size_m\": [");
        double d[2];
        sample_spacing(w, width, height, mx, my, d);
        jsonw_number(man, d[0]);
        jsonw_printf(man, ", ");
        jsonw_number(man, d[1]);
        jsonw_printf(man, "],\n");
    }
    if (mz > 0.0) {
        jsonw_printf(man, "  \"metres_per_elevation_unit\": ");
        jsonw_number(man, mz);
        jsonw_printf(man, ",\n");
    }
    jsonw_printf(man, "  \"files\": [");
}

/* The colour map and the 16-bit heightmap (sampled by smp), with their
 * world files. */
static enum og_status
write_base(const struct world *w, const struct sampler *smp, int width, int height,
           const struct georef *g, const char *tmp, struct jsonw *man, int *first,
           struct og_error *err)
{
    char path[PATH_MAX + 32], meaning[160];
    struct height_range range = { 0 };
    struct height_scale sc;
    struct raster_window win;
    enum og_status st;
    double ax[4];

    raster_window_full(&win, width, height);
    sample_axes(w, width, height, ax);   /* data at the grid's nodes (doc/grid.md) */
    snprintf(path, sizeof path, "%s/map.png", tmp);
    st = export_map_png(w, LAYER_COLOR, width, height, path, err);
    if (st == OG_OK) {
        st = georef_write(g, &win, NULL, path, err);
    }
    if (st != OG_OK) {
        return st;
    }
    bundle_entry(man, first, "map.png", "png8 RGBA", width, height, NULL, 0, 0,
                 "colour map (biome colours)", 1);
    snprintf(path, sizeof path, "%s/height.png", tmp);
    st = export_heightmap_png(w, smp, &win, &range, path, &sc, err);
    if (st == OG_OK) {
        st = georef_write(g, &win, ax, path, err);
    }
    if (st != OG_OK) {
        return st;
    }
    snprintf(meaning, sizeof meaning, "elevation = %.17g + sample * %.17g%s", sc.lo, sc.step,
             sc.nodata >= 0 ? "; 65535: no data (void.png)" : "");
    bundle_entry(man, first, "height.png", "png16 grey", width, height, sc.units, sc.lo, sc.hi,
                 meaning, 1);
    return OG_OK;
}

/* A picture, not data: the isometric render, or the globe of a planet. */
static enum og_status
write_picture(const struct world *w, const char *tmp, struct jsonw *man, int *first,
              struct og_error *err)
{
    char path[PATH_MAX + 32];
    struct iso_options io;
    enum og_status st;

    if (w->kind == WORLD_SPHERE) {
        snprintf(path, sizeof path, "%s/globe.png", tmp);
        st = globe_export_png(w, 1024, path, err);
        if (st == OG_OK) {
            bundle_entry(man, first, "globe.png", "png8 RGBA", 1024, 1024, NULL, 0, 0,
                         "shaded globe", 0);
        }
        return st;
    }
    iso_options_from_params(&io, &w->params);
    io.cancel = og_interrupt_flag();
    /* on a grid too large for the tessellation at render.subdiv, the
       finest subdivision that fits */
    if (w->kind == WORLD_GRID) {
        while (io.subdiv > 1 &&
               ((size_t)(w->width - 1) * io.subdiv + 1) * ((size_t)(w->height - 1) *
               io.subdiv + 1) > ISO_MAX_VERTICES) {
            io.subdiv--;
        }
    }
    snprintf(path, sizeof path, "%s/iso.png", tmp);
    st = export_iso_png(w, &io, 0, 0, path, err);
    if (st == OG_OK) {
        bundle_entry(man, first, "iso.png", "png8 RGBA",
                     (int)params_get(&w->params, P_RENDER_WIDTH),
                     (int)params_get(&w->params, P_RENDER_HEIGHT), NULL, 0, 0,
                     "shaded isometric render", 0);
    }
    return st;
}

/* stats.json, then the manifest's tail (the recipe) and manifest.json. */
static enum og_status
write_stats_manifest(const struct world *w, const char *tmp, const struct pngio_text *text,
                     size_t ntext, struct jsonw *man, int *first, struct og_error *err)
{
    char path[PATH_MAX + 32], *stats = NULL;
    enum og_status st = export_stats_json(w, &stats, err);
    size_t i;

    if (st == OG_OK) {
        snprintf(path, sizeof path, "%s/stats.json", tmp);
        st = outfile_write(path, stats, strlen(stats), err);
    }
    free(stats);
    if (st != OG_OK) {
        return st;
    }
    bundle_entry(man, first, "stats.json", "json", 0, 0, NULL, 0, 0,
                 "world figures (doc/stats.md)", 0);
    jsonw_printf(man, "\n  ],\n  \"recipe\": {");
    for (i = 0; i < ntext; i++) {
        jsonw_printf(man, "%s\n    ", i ? "," : "");
        jsonw_string(man, text[i].key);
        jsonw_printf(man, ": ");
        jsonw_string(man, text[i].value);
    }
    jsonw_printf(man, "\n  }\n}\n");
    if (man->failed) {
        return og_error_set(err, OG_ENOMEM, "out of memory for the manifest");
    }
    snprintf(path, sizeof path, "%s/manifest.json", tmp);
    return outfile_write(path, man->s, man->len, err);
}

enum og_status
export_bundle_staged(const struct world *w, int width, int height, const struct georef *g,
                     const char *given, struct bundle_stage *stage, struct og_error *err)
{
    char tmp[PATH_MAX], name[PATH_MAX];
    const char *dir;
    struct jsonw man = { 0 };
    struct pngio_text *text = NULL;
    struct sampler smp;
    size_t ntext = 0;
    void *block = NULL;
    enum og_status st;
    int first = 1;

    stage->live = 0;
    if ((st = bundle_check(given, err)) != OG_OK) {
        return st;
    }
    dir = bundle_name(given, name);
    if ((st = stage_dir(dir, tmp, sizeof tmp, err)) != OG_OK) {
        return st;
    }
    manifest_head(&man, w, width, height);
    /* one sampler of the raster for height.png and every layer: the river
       channels are built once */
    st = sample_init(&smp, w, width, height, err);
    if (st == OG_OK) {
        st = write_base(w, &smp, width, height, g, tmp, &man, &first, err);
    }
    if (st == OG_OK) {
        st = export_recipe(w, NULL, &text, &ntext, &block, err);
    }
    if (st == OG_OK) {
        st = bundle_write_layers(w, &smp, g, tmp, text, ntext, &man, &first, err);
    }
    sample_free(&smp);
    if (st == OG_OK) {
        st = write_picture(w, tmp, &man, &first, err);
    }
    if (st == OG_OK) {
        st = write_stats_manifest(w, tmp, text, ntext, &man, &first, err);
    }
    if (st == OG_OK && og_interrupted()) {
        st = og_error_set(err, OG_ECANCELED, "interrupted");
    }
    if (st == OG_OK && (strlen(tmp) >= sizeof stage->tmp || strlen(dir) >= sizeof stage->dir)) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", dir, strerror(ENAMETOOLONG));
    }
    if (st == OG_OK) {
        strcpy(stage->tmp, tmp);
        strcpy(stage->dir, dir);
        stage->live = 1;
    } else {
        remove_tree(tmp);
    }
    free(man.s);
    free(block);
    return st;
}
