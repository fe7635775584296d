/* openfile: the O key: open a DEM or an exported PNG's recipe from a file
 * prompt on the last status line, with Tab completion of the path, without
 * restarting with --dem or --from (issue 29).
 *
 * A PNG whose text chunks hold an orogen recipe is a recipe: its generator,
 * parameters, layer, view window and planet edits, as `orogen --from` reads
 * them (core/recipe/recipe.h; a dem recipe finds its DEM beside the PNG or
 * in the start folder by SHA-256). Anything else is read as a DEM
 * (io/dem/dem_load.h: PNG heightmaps, anything GDAL reads). Loaded DEMs
 * stay alive until the TUI ends: a world being generated may still read
 * the previous one. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/recipe/recipe.h"
#include "io/dem/dem_load.h"
#include "io/png/pngio.h"
#include "tui/tui_state.h"

#define OPEN_DEMS_MAX 16   /* DEMs opened in one session */

static struct dem_raster *opened[OPEN_DEMS_MAX];
static int nopened;

/* a "/" b into out (size bytes), cut at the end if too long */
static void
join(const char *a, const char *b, char *out, size_t size)
{
    size_t la = strlen(a), lb = strlen(b);

    if (size == 0) {
        return;
    }
    la = la < size - 1 ? la : size - 1;
    memcpy(out, a, la);
    if (la + 1 < size) {
        out[la++] = '/';
    }
    lb = lb < size - 1 - la ? lb : size - 1 - la;
    memcpy(out + la, b, lb);
    out[la + lb] = '\0';
}

/* path as typed, relative to the folder orogen started in, into out. */
static void
resolve(const struct tui *t, const char *path, char *out, size_t size)
{
    if (path[0] == '/' || t->start_dir[0] == '\0') {
        snprintf(out, size, "%s", path);
    } else {
        join(t->start_dir, path, out, size);
    }
}

void
openfile_ask(struct tui *t)
{
    prompt_open(t, PROMPT_OPEN, "");
    tui_message(t, 0, "a DEM (PNG, GeoTIFF ...) or an orogen PNG whose recipe to load; "
                      "Tab completes");
}

int
openfile_complete(struct tui *t, const char *text, char *out, size_t size)
{
    char dir[4096], full[4096], common[512] = "", list[200] = "";
    const char *slash = strrchr(text, '/'), *prefix = slash != NULL ? slash + 1 : text;
    size_t plen = strlen(prefix), dlen = slash != NULL ? (size_t)(slash - text) + 1 : 0;
    struct dirent *e;
    DIR *d;
    int n = 0, isdir = 0;

    snprintf(dir, sizeof dir, "%.*s", (int)dlen, text);
    resolve(t, dlen > 0 ? dir : ".", full, sizeof full);
    d = opendir(full);
    if (d == NULL) {
        tui_message(t, 1, "no folder %s", full);
        return 0;
    }
    while ((e = readdir(d)) != NULL) {
        size_t k;
        if (strncmp(e->d_name, prefix, plen) != 0 || strcmp(e->d_name, ".") == 0 ||
            strcmp(e->d_name, "..") == 0 || (e->d_name[0] == '.' && plen == 0)) {
            continue;
        }
        if (n == 0) {
            snprintf(common, sizeof common, "%s", e->d_name);
        } else {
            for (k = 0; common[k] != '\0' && common[k] == e->d_name[k]; k++) {
            }
            common[k] = '\0';
        }
        if (strlen(list) + strlen(e->d_name) + 2 < sizeof list) {
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", n > 0 ? "  " : "",
                     e->d_name);
        }
        n++;
    }
    closedir(d);
    if (n == 0) {
        tui_message(t, 1, "no file in %s starts with '%s'", full, prefix);
        return 0;
    }
    if (n == 1) {
        struct stat st;
        char path[4096];
        join(full, common, path, sizeof path);
        isdir = stat(path, &st) == 0 && S_ISDIR(st.st_mode);
        tui_message(t, 0, "%s", isdir ? "a folder: Tab lists it" : "Enter opens it");
    } else {
        tui_message(t, 0, "%d matches: %s", n, list);
    }
    snprintf(out, size, "%.*s%s%s", (int)dlen, text, common, isdir ? "/" : "");
    return 1;
}

/* A DEM file: decoded, kept, and the dem generator on it. */
static void
open_dem(struct tui *t, const char *path)
{
    struct og_error err;
    struct dem_raster *r;

    if (nopened >= OPEN_DEMS_MAX) {
        tui_message(t, 1, "%d DEMs opened already: restart orogen with --dem for another",
                    OPEN_DEMS_MAX);
        return;
    }
    r = calloc(1, sizeof *r);
    if (r == NULL) {
        tui_message(t, 1, "out of memory for a DEM");
        return;
    }
    if (dem_load(path, r, &err) != OG_OK) {
        free(r);
        tui_message(t, 1, "%s", err.msg);
        return;
    }
    opened[nopened++] = r;
    t->dem = r;
    if (tui_set_generator(t, GEN_DEM) == 0) {
        mapview_reset(t);
        tui_regen_now(t);
        tui_message(t, 0, "opened DEM %s (%dx%d)", path, r->width, r->height);
    }
}

/* A recipe: read whole before anything changes (all or nothing). */
static void
open_recipe(struct tui *t, const char *path, char **keys, char **values, size_t n)
{
    struct og_error err;
    struct recipe r;
    char dem_path[4096];
    int view;

    memset(&r, 0, sizeof r);
    params_defaults(&r.params);
    if (recipe_from_chunks(keys, values, n, path, &r, &err) != OG_OK) {
        tui_message(t, 1, "%s", err.msg);
        recipe_fini(&r);
        return;
    }
    if (r.gen == GEN_DEM) {
        if (r.dem_name[0] == '\0') {
            snprintf(dem_path, sizeof dem_path, "%s", r.dem_legacy_path);
        } else if (recipe_find_dem(&r, path, dem_path, sizeof dem_path, &err) != OG_OK) {
            tui_message(t, 1, "%s", err.msg);
            recipe_fini(&r);
            return;
        }
        open_dem(t, dem_path);
        if (t->gen != GEN_DEM) {
            recipe_fini(&r);
            return;
        }
    }
    t->params = r.params;
    t->pe.cur = t->params;
    if (tui_set_generator(t, r.gen) != 0) {
        recipe_fini(&r);
        return;
    }
    t->preset_name[0] = '\0';
    if (r.map_layer[0] != '\0' && mapimg_layer_find(r.map_layer) >= 0) {
        t->layer = (enum map_layer)mapimg_layer_find(r.map_layer);
    }
    mapview_reset(t);
    view = r.map_view_given;
    if (view) {
        t->view_pending = 1;
        t->view_want.u0 = r.map_view[0];
        t->view_want.v0 = r.map_view[1];
        t->view_want.u1 = r.map_view[2];
        t->view_want.v1 = r.map_view[3];
    }
    if (r.edits != NULL) {
        globeview_load_edits(t, r.edits, path);
    }
    tui_regen_now(t);
    tui_message(t, 0, "opened the recipe of %s: %s seed %llu%s%s", path, world_gen_name(r.gen),
                (unsigned long long)t->params.seed, r.note[0] != '\0' ? "; " : "", r.note);
    recipe_fini(&r);
}

void
openfile_submit(struct tui *t, const char *text)
{
    char path[4096], **keys = NULL, **values = NULL;
    struct og_error err;
    size_t n = 0, i;
    int recipe = 0;

    prompt_close(t);
    if (text[0] == '\0') {
        tui_message(t, 0, "nothing opened");
        return;
    }
    resolve(t, text, path, sizeof path);
    /* a PNG orogen wrote holds its recipe in text chunks and opens as that
     * world (a heightmap orogen exported too: the world it came from);
     * any other PNG and any other file is a DEM */
    if (pngio_read_text(path, &keys, &values, &n, &err) == OG_OK) {
        for (i = 0; i < n; i++) {
            recipe |= strncmp(keys[i], "orogen:", 7) == 0;
        }
        if (recipe) {
            open_recipe(t, path, keys, values, n);
        }
        pngio_text_free(keys, values, n);
    }
    if (!recipe) {
        open_dem(t, path);
    }
}

void
openfile_free(void)
{
    int i;

    for (i = 0; i < nopened; i++) {
        dem_raster_fini(opened[i]);
        free(opened[i]);
    }
    nopened = 0;
}
