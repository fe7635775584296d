/* engine: heightmaps for Unity, Unreal and Godot with a JSON sidecar (see
 * engine.h). */
#include "config.h"
#include "io/engine.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/jsonw.h"
#include "io/outfile.h"
#include "io/output.h"
#include "io/png/pngio.h"
#include "io/raster/heightmap_float.h"
#include "io/tiles.h"
#include "render/sample.h"

static const char *const names[] = { "", "unity", "unreal", "godot" };

enum engine_profile
engine_profile_parse(const char *s)
{
    int e;
    for (e = ENGINE_UNITY; e <= ENGINE_GODOT; e++) {
        if (strcmp(s, names[e]) == 0) {
            return (enum engine_profile)e;
        }
    }
    return ENGINE_NONE;
}

const char *
engine_profile_name(enum engine_profile e)
{
    return e >= ENGINE_UNITY && e <= ENGINE_GODOT ? names[e] : "";
}

void
engine_layout(enum engine_profile e, int want, int *side, int *tiles, int *tile)
{
    static const int unreal[] = { 127, 253, 505, 1009, 2017, 4033, 8129 };
    int i, max = e == ENGINE_UNITY ? 4097 : e == ENGINE_UNREAL ? 8129 : 16385;
    int per = e == ENGINE_UNITY ? 2049 : 2017;

    *tiles = 1;
    if (want > max && e != ENGINE_GODOT) {
        *tiles = (want - 2) / (per - 1) + 1;
        *tile = per;
        *side = *tiles * (per - 1) + 1;
        return;
    }
    if (e == ENGINE_UNREAL) {
        for (i = 0; i < 6 && unreal[i] < want; i++) {
        }
        *side = unreal[i];
    } else {
        for (*side = 33; *side < want && *side < max; *side = 2 * (*side - 1) + 1) {
        }
    }
    *tile = *side;
}

int
engine_unity_control_size(int want)
{
    int side, tiles, tile;
    engine_layout(ENGINE_UNITY, want, &side, &tiles, &tile);
    return tiles == 1 ? side - 1 : 0;
}

/* The r16 of window win, rows south first (Unity's raw import), sampled
 * by smp (the layout's whole raster). */
static enum og_status
write_r16_south(const struct world *w, const struct sampler *smp,
                const struct raster_window *win, struct height_scale *sc, const char *path,
                struct og_error *err)
{
    struct sampler s;
    struct outfile of;
    float *elev = malloc((size_t)win->w * sizeof *elev);
    uint8_t *row = malloc((size_t)win->w * 2);
    enum og_status st = elev != NULL && row != NULL
                            ? outfile_open(&of, path, err)
                            : og_error_set(err, OG_ENOMEM, "out of memory for an r16 row");
    int x, y;

    if (st == OG_OK) {
        st = sample_use(&s, smp, w, win->width, win->height, err);
        for (y = win->h - 1; y >= 0 && st == OG_OK; y--) {
            sample_row(&s, win->y0 + y, win->x0, win->w, elev, NULL);
            heightmap_extremes(sc, elev, win->w);
            for (x = 0; x < win->w; x++) {
                uint16_t q = heightmap_quantize(sc, elev[x]);
                row[2 * x] = (uint8_t)q;
                row[2 * x + 1] = (uint8_t)(q >> 8);
            }
            if (fwrite(row, 2, (size_t)win->w, of.fp) != (size_t)win->w) {
                st = og_error_set(err, OG_EIO, "cannot write %s", path);
            }
        }
        sample_free(&s);
        st = st == OG_OK ? outfile_commit(&of, err) : (outfile_abort(&of), st);
    }
    free(elev);
    free(row);
    return st;
}

/* BASE (the --engine-out path without its extension) into out. */
static int
engine_base(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    size_t n = dot != NULL && (slash == NULL || dot > slash + 1) ? (size_t)(dot - path)
                                                                 : strlen(path);
    return n + 32 < size ? snprintf(out, size, "%.*s", (int)n, path), 0 : -1;
}

/* The engine's own settings for the sidecar (doc/engines.md). */
static void
engine_settings(struct jsonw *j, enum engine_profile e, const struct height_scale *sc, double mpx,
                double mpy, int side, const char *splat)
{
    double range = sc->hi - sc->lo;
    if (e == ENGINE_UNITY) {
        /* Terrain Settings: Terrain Width/Length/Height; heights 0..1 of it */
        int control = engine_unity_control_size(side);
        jsonw_printf(j, ",\n  \"unity\": {\"terrain_width_m\": %.9g, \"terrain_length_m\": %.9g, "
                     "\"terrain_height_m\": %.9g, \"position_y_m\": %.9g, \"depth\": 16, "
                     "\"byte_order\": \"Windows\", \"flip_vertically\": false",
                     mpx * (side - 1), mpy * (side - 1), range, sc->lo);
        if (splat != NULL && control > 0) {
            /* --splat at the Control Texture Resolution, north row first:
               a Unity texture's first PNG row is its top (v = 1), which the
               terrain's alphamaps put on its far (+z, north) edge */
            char path[PATH_MAX + 32];
            int k;
            jsonw_printf(j, ", \"control_texture_resolution\": %d, \"splatmaps\": [", control);
            for (k = 0; k < 2; k++) {
                snprintf(path, sizeof path, "%s/splat_%d.png", splat, k);
                jsonw_printf(j, k > 0 ? ", " : "");
                jsonw_string(j, path);
            }
            jsonw_printf(j, "], \"splatmap_flip\": false");
        }
        jsonw_printf(j, "}");
    } else if (e == ENGINE_UNREAL) {
        /* 16-bit v: height_cm = location_z + (v - 32768) * scale_z / 128 */
        double z = range * 100.0 * 128.0 / 65535.0;
        jsonw_printf(j, ",\n  \"unreal\": {\"scale_cm\": [%.9g, %.9g, %.9g], "
                     "\"location_z_cm\": %.9g}", mpx * 100.0, mpy * 100.0, z,
                     sc->lo * 100.0 + 32768.0 * z / 128.0);
    } else {
        jsonw_printf(j, ",\n  \"godot\": {\"vertex_spacing_m\": %.9g, \"height_scale\": 1}",
                     0.5 * (mpx + mpy));
    }
}

/* The world's void cells: the count a DEM's decode stage keeps as the
 * stat dem.voids (core/dem/dem_void.h), 0 for a world without. */
static long long
void_count(const struct world *w)
{
    const struct world_stat *s = world_stat_find(w, "dem.voids");
    return s != NULL ? (long long)s->a : 0;
}

/* BASE.json: what was written and how to import it. */
static enum og_status
engine_sidecar(const struct world *w, enum engine_profile e, const char *base, int side,
               int nt, const struct height_scale *sc, struct jsonw *files, const char *splat,
               struct og_error *err)
{
    struct jsonw j = { 0 };
    struct pngio_text *t = NULL;
    size_t nt_text = 0, i;
    void *block = NULL;
    double mx, my, mz;
    char path[PATH_MAX + 64];
    enum og_status st;
    int metric = world_metric(w, &mx, &my, &mz);

    jsonw_printf(&j, "{\n  \"profile\": \"%s\",\n  \"files\": [%s],\n", names[e],
                 files->s != NULL ? files->s : "");
    jsonw_printf(&j, "  \"format\": \"%s\",\n  \"size\": [%d, %d],\n  \"tiles\": [%d, %d],\n",
                 e == ENGINE_UNITY ? "r16" : e == ENGINE_UNREAL ? "png16" : "exr32", side, side,
                 nt, nt);
    jsonw_printf(&j, "  \"tile_overlap\": %d,\n  \"first_row\": \"%s\",\n", nt > 1 ? 1 : 0,
                 e == ENGINE_UNITY ? "south" : "north");
    jsonw_printf(&j, "  \"units\": \"%s\",\n  \"height_min\": %.9g,\n  \"height_max\": %.9g,\n",
                 sc->units, sc->lo, sc->hi);
    /* a DEM's voids hold their filled heights in every profile's file */
    jsonw_printf(&j, "  \"voids_filled\": %lld,\n", void_count(w));
    if (e != ENGINE_GODOT) {
        jsonw_printf(&j, "  \"height_step\": %.9g,\n", sc->step);
    }
    if (metric) {
        double d[2];
        sample_spacing(w, side, side, mx, my, d);   /* the grid's nodes (doc/grid.md) */
        jsonw_printf(&j, "  \"metres_per_sample\": [%.9g, %.9g]", d[0], d[1]);
        engine_settings(&j, e, sc, d[0], d[1], side, splat);
    } else {
        jsonw_printf(&j, "  \"metres_per_sample\": null");
    }
    st = export_recipe(w, NULL, &t, &nt_text, &block, err);
    if (st != OG_OK) {
        free(j.s);
        return st;
    }
    jsonw_printf(&j, ",\n  \"recipe\": {");
    for (i = 0; i < nt_text; i++) {
        jsonw_printf(&j, i > 0 ? ",\n    " : "\n    ");
        jsonw_string(&j, t[i].key);
        jsonw_printf(&j, ": ");
        jsonw_string(&j, t[i].value);
    }
    jsonw_printf(&j, "\n  }\n}\n");
    free(block);
    if (j.failed || j.s == NULL) {
        free(j.s);
        return og_error_set(err, OG_ENOMEM, "out of memory for %s.json", base);
    }
    snprintf(path, sizeof path, "%s.json", base);
    st = outfile_write(path, j.s, j.len, err);
    free(j.s);
    return st;
}

enum og_status
output_engine_check(struct output_plan *p, struct og_error *err)
{
    char base[PATH_MAX];
    if (p->engine == ENGINE_NONE) {
        return og_error_set(err, OG_EINVAL, "--engine-out needs --engine unity, unreal or godot");
    }
    if (engine_base(p->path[OUT_ENGINE], base, sizeof base) != 0) {
        return og_error_set(err, OG_EINVAL, "--engine-out: name too long");
    }
    return OG_OK;
}

/* One file of the layout: tile (tx, ty) of a side x side raster, sampled
 * by smp (that raster's: the channels built once for every tile). */
static enum og_status
engine_file(const struct world *w, const struct sampler *smp, struct output_plan *p,
            enum engine_profile e, const struct raster_window *win, struct height_scale *sc,
            const char *path, struct og_error *err)
{
    if (e == ENGINE_UNITY) {
        return write_r16_south(w, smp, win, sc, path, err);
    }
    if (e == ENGINE_UNREAL) {
        struct height_range filled = p->range;
        filled.filled = 1;  /* no holes in a landscape: the sidecar's scale */
        return export_heightmap_png(w, smp, win, &filled, path, NULL, err);
    }
    /* Terrain3D and HTerrain read every sample as a height: NaN would
       poison their meshes and normals, so voids keep their filled heights
       as in Unity's and Unreal's files (the void mask is the bundle's
       void.png, the count the sidecar's voids_filled) */
    return export_heightmap_exr(w, smp, win, 1, path, NULL, err);
}

enum og_status
output_engine_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    enum engine_profile e = (enum engine_profile)p->engine;
    static const char *const ext[] = { "", ".r16", ".png", ".exr" };
    char base[PATH_MAX], file[PATH_MAX + 32], name[PATH_MAX + 64];
    struct height_scale sc;
    struct raster_window win;
    struct jsonw files = { 0 };
    struct sampler smp;
    enum og_status st;
    int W, H, side, nt, tile, tx, ty;

    if ((st = output_engine_check(p, err)) != OG_OK) {
        return st;
    }
    engine_base(p->path[OUT_ENGINE], base, sizeof base);
    output_data_size(p, w, &W, &H);
    engine_layout(e, W > H ? W : H, &side, &nt, &tile);
    if ((st = sample_init(&smp, w, side, side, err)) != OG_OK) {
        return st;
    }
    if ((st = heightmap_scale(w, &smp, &p->range, &sc, err)) != OG_OK) {
        sample_free(&smp);
        return st;
    }
    snprintf(file, sizeof file, "%s%s", base, ext[e]);
    for (ty = 0; ty < nt && st == OG_OK; ty++) {
        for (tx = 0; tx < nt && st == OG_OK; tx++) {
            const char *f = file, *slash;
            win.width = win.height = side;
            win.x0 = tx * (tile - 1);
            win.y0 = ty * (tile - 1);
            win.w = win.h = tile;
            if (nt > 1 && e == ENGINE_UNITY) {  /* Unity: x east, z north */
                snprintf(name, sizeof name, "%s_x%d_z%d%s", base, tx, nt - 1 - ty, ext[e]);
                f = name;
            } else if (nt > 1 && tile_name(file, tx, ty, name, sizeof name) == 0) {
                f = name;
            }
            st = engine_file(w, &smp, p, e, &win, &sc, f, err);
            slash = strrchr(f, '/');
            jsonw_printf(&files, "%s", tx + ty > 0 ? ", " : "");
            jsonw_string(&files, slash != NULL ? slash + 1 : f);
        }
    }
    if (st == OG_OK) {
        st = engine_sidecar(w, e, base, side, nt, &sc, &files, p->path[OUT_SPLAT], err);
    }
    sample_free(&smp);
    free(files.s);
    return st;
}
