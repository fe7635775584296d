/* golden_run: run one golden recipe and print the SHA-256 of everything it
 * makes, one "name digest" line each (doc/reproducibility.md).
 *
 *   golden_run [--threads N] RECIPE.ini
 *
 * RECIPE.ini is a preset ("generator = NAME", "name = value" lines) plus
 * harness lines starting with '@':
 *   @dem FILE             the elevation model (relative to the recipe's folder)
 *   @map LAYER WxH        export a top-down map of LAYER at W x H
 *   @iso WxH              export the isometric render at W x H
 *   @globe SIZE           export the globe at SIZE x SIZE
 *   @heightmap WxH        export the 16-bit heightmap at W x H (hashed as its
 *                         16-bit samples, big-endian)
 * World fields are hashed as little-endian bytes (floats as their IEEE-754
 * bits); images are exported through the same functions as `orogen
 * export`, read back and hashed as decoded 8-bit RGBA samples, so a
 * different zlib cannot change them. Stats are not hashed: a new figure in
 * the stats does not change the world (the fields it counts are hashed).
 * N sets the generation threads (run_ctx.threads) and the render threads. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dem/dem.h"
#include "core/generators.h"
#include "core/geom/mesh.h"
#include "core/pipeline.h"
#include "core/recipe/recipe.h"
#include "core/base/sha256.h"
#include "io/export.h"
#include "io/export_iso.h"
#include "render/globe.h"
#include "render/iso.h"
#include "render/mapimg.h"
#include "io/png/pngio.h"
#include "io/export_globe.h"
#include "io/raster/heightmap.h"

#define MAX_OUTPUTS 8

struct output {
    char kind[16];    /* map, iso, globe, heightmap */
    char layer[64];
    int w, h;
};

static void
die(const char *what)
{
    fprintf(stderr, "golden_run: %s\n", what);
    exit(2);
}

/* Hash n values of size bytes each as little-endian bytes. */
static void
put_le(const char *name, const void *data, size_t n, size_t size)
{
    struct og_sha256 *h;
    const unsigned char *p = data;
    unsigned char buf[8];
    char hex[OG_SHA256_HEX];
    size_t i, k;
    const uint16_t one = 1;
    int little = *(const unsigned char *)&one == 1;

    if (data == NULL) {
        return;
    }
    h = og_sha256_new();
    if (h == NULL) {
        die("out of memory");
    }
    if (little || size == 1) {
        og_sha256_update(h, data, n * size);
    } else {
        for (i = 0; i < n; i++) {
            for (k = 0; k < size; k++) {
                buf[k] = p[i * size + size - 1 - k];
            }
            og_sha256_update(h, buf, size);
        }
    }
    og_sha256_finish(h, hex);
    printf("%s %s\n", name, hex);
}

static void
put_world(const struct world *w)
{
    size_t n = w->ncells, nh = w->nhydro;

    if (w->mesh != NULL) {
        put_le("points", w->mesh->points, w->mesh->npoints * (size_t)w->mesh->dim,
               sizeof(double));
        put_le("triangles", w->mesh->triangles, 3 * w->mesh->ntriangles, sizeof(int32_t));
    }
    put_le("elevation", w->elevation, n, sizeof(float));
    put_le("water", w->water, n, 1);
    put_le("moisture", w->moisture, n, sizeof(float));
    put_le("biome", w->biome, n, 1);
    put_le("colour", w->color, n, sizeof(uint32_t));
    put_le("roughness", w->roughness, n, sizeof(float));
    put_le("forest", w->forest, n, sizeof(float));
    put_le("trees", w->trees, n, 1);
    put_le("mask", w->mask, n, 1);
    put_le("landmass", w->landmass, n, sizeof(int32_t));
    put_le("hydro_elev", w->hydro_elev, nh, sizeof(float));
    put_le("downhill", w->downhill, nh, sizeof(int32_t));
    put_le("flow", w->flow, nh, sizeof(float));
    put_le("river_width", w->river_width, nh, sizeof(float));
    put_le("lake", w->lake, nh, 1);
}

/* Decode a PNG that must have channels samples a pixel of depth bits (8 or
 * 16) and hash its samples, each big-endian in depth / 8 bytes: 8-bit RGBA
 * pictures and 16-bit grey heightmaps; what names the expected form. */
static void
put_png(const char *name, const char *path, int channels, int depth, const char *what)
{
    struct dem_raster r;
    struct og_error err;
    unsigned char *px, *o;
    char hex[OG_SHA256_HEX];
    size_t i, n, bytes = (size_t)depth / 8;

    if (pngio_read_raster(path, &r, &err) != OG_OK) {
        fprintf(stderr, "golden_run: %s\n", err.msg);
        exit(1);
    }
    if (r.channels != channels || r.bit_depth != depth) {
        die(what);
    }
    n = (size_t)r.width * (size_t)r.height * (size_t)channels;
    px = malloc(bytes * n);
    if (px == NULL) {
        die("out of memory");
    }
    for (i = 0, o = px; i < n; i++) {
        if (bytes == 2) {
            *o++ = (unsigned char)(r.samples[i] >> 8);
        }
        *o++ = (unsigned char)r.samples[i];
    }
    og_sha256_hex(px, bytes * n, hex);
    printf("%s:%dx%d %s\n", name, r.width, r.height, hex);
    free(px);
    dem_raster_fini(&r);
}

static void
fail(const struct og_error *err)
{
    fprintf(stderr, "golden_run: %s\n", err->msg);
    exit(1);
}

int
main(int argc, char **argv)
{
    const char *recipe = NULL;
    int threads = 1, i, nout = 0, gen = -1;
    struct output out[MAX_OUTPUTS];
    char dem_path[4096] = "", tmpdir[] = "/tmp/golden_run.XXXXXX", file[4200];
    struct params p;
    struct og_error err;
    struct dem_raster raster;
    struct run_ctx ctx;
    struct world *w = NULL;
    const struct generator *g;
    char *text, *line, *save = NULL, *copy;
    FILE *f;
    long len;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = atoi(argv[++i]);
            if (threads < 1 || threads > 64) {
                die("--threads outside 1..64");
            }
        } else if (recipe == NULL && argv[i][0] != '-') {
            recipe = argv[i];
        } else {
            die("usage: golden_run [--threads N] RECIPE.ini");
        }
    }
    if (recipe == NULL) {
        die("usage: golden_run [--threads N] RECIPE.ini");
    }
    f = fopen(recipe, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "golden_run: cannot read %s: %s\n", recipe, strerror(errno));
        return 2;
    }
    text = calloc((size_t)len + 1, 1);
    if (text == NULL || fread(text, 1, (size_t)len, f) != (size_t)len) {
        die("cannot read the recipe");
    }
    fclose(f);

    /* Take the harness lines out (blanked, so line numbers stay). */
    copy = strdup(text);
    if (copy == NULL) {
        die("out of memory");
    }
    for (line = strtok_r(copy, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
        char kind[16], a[64], b[64];
        int k;
        if (line[0] != '@') {
            continue;
        }
        k = sscanf(line + 1, "%15s %63s %63s", kind, a, b);
        if (strcmp(kind, "dem") == 0 && k >= 2) {
            const char *slash = strrchr(recipe, '/');
            snprintf(dem_path, sizeof dem_path, "%.*s%s", slash != NULL ?
                     (int)(slash - recipe + 1) : 0, recipe, a);
        } else if (nout < MAX_OUTPUTS && strcmp(kind, "map") == 0 && k == 3 &&
                   sscanf(b, "%dx%d", &out[nout].w, &out[nout].h) == 2) {
            snprintf(out[nout].kind, sizeof out[nout].kind, "map");
            snprintf(out[nout++].layer, sizeof out[0].layer, "%s", a);
        } else if (nout < MAX_OUTPUTS && strcmp(kind, "iso") == 0 && k == 2 &&
                   sscanf(a, "%dx%d", &out[nout].w, &out[nout].h) == 2) {
            snprintf(out[nout++].kind, sizeof out[0].kind, "iso");
        } else if (nout < MAX_OUTPUTS && strcmp(kind, "heightmap") == 0 && k == 2 &&
                   sscanf(a, "%dx%d", &out[nout].w, &out[nout].h) == 2) {
            snprintf(out[nout++].kind, sizeof out[0].kind, "heightmap");
        } else if (nout < MAX_OUTPUTS && strcmp(kind, "globe") == 0 && k == 2 &&
                   sscanf(a, "%d", &out[nout].w) == 1) {
            out[nout].h = out[nout].w;
            snprintf(out[nout++].kind, sizeof out[0].kind, "globe");
        } else {
            fprintf(stderr, "golden_run: %s: bad harness line '%s'\n", recipe, line);
            return 2;
        }
    }
    free(copy);
    for (line = text; *line != '\0'; line++) {
        if (line[0] == '@' && (line == text || line[-1] == '\n')) {
            while (*line != '\0' && *line != '\n') {
                *line++ = ' ';
            }
            if (*line == '\0') {
                break;
            }
        }
    }
    params_defaults(&p);
    if (preset_parse(text, recipe, &p, &gen, NULL, &err) != OG_OK) {
        fail(&err);
    }
    free(text);
    g = gen >= 0 ? generator_get((enum gen_id)gen) : generator_get(GEN_ISLAND);
    if (g == NULL) {
        die("generator not in this build");
    }

    memset(&raster, 0, sizeof raster);
    if (dem_path[0] != '\0') {
        if (pngio_read_raster(dem_path, &raster, &err) != OG_OK) {
            fail(&err);
        }
        /* The recipe names the file, not where this checkout keeps it. */
        snprintf(raster.source, sizeof raster.source, "%s",
                 strrchr(dem_path, '/') != NULL ? strrchr(dem_path, '/') + 1 : dem_path);
    }
    memset(&ctx, 0, sizeof ctx);
    ctx.params = &p;
    ctx.dem = dem_path[0] != '\0' ? &raster : NULL;
    ctx.threads = threads;
    if (pipeline_run(g, &ctx, &w, &err) != OG_OK) {
        fail(&err);
    }
    printf("version %s %d\n", g->name, recipe_generator_version(g->id));
    put_world(w);

    if (nout > 0 && mkdtemp(tmpdir) == NULL) {
        die("cannot make a temporary folder");
    }
    for (i = 0; i < nout; i++) {
        enum og_status st;
        snprintf(file, sizeof file, "%s/%s%d.png", tmpdir, out[i].kind, i);
        if (strcmp(out[i].kind, "map") == 0) {
            int layer = mapimg_layer_find(out[i].layer);
            if (layer < 0) {
                die("unknown map layer");
            }
            st = export_map_png(w, (enum map_layer)layer, out[i].w, out[i].h, file, &err);
        } else if (strcmp(out[i].kind, "iso") == 0) {
            struct iso_options io;
            iso_options_from_params(&io, &w->params);
            io.threads = threads;
            st = export_iso_png(w, &io, out[i].w, out[i].h, file, &err);
        } else if (strcmp(out[i].kind, "heightmap") == 0) {
            struct raster_window win;
            struct height_range range;
            memset(&range, 0, sizeof range);
            raster_window_full(&win, out[i].w, out[i].h);
            st = export_heightmap_png(w, NULL, &win, &range, file, NULL, &err);
        } else {
            st = globe_export_png(w, out[i].w, file, &err);
        }
        if (st != OG_OK) {
            unlink(file);
            rmdir(tmpdir);
            fail(&err);
        }
        {
            char name[64];
            printf("version %s %d\n", out[i].kind, recipe_output_version(out[i].kind));
            if (strcmp(out[i].kind, "map") == 0) {
                snprintf(name, sizeof name, "map-%s", out[i].layer);
            } else {
                snprintf(name, sizeof name, "%s", out[i].kind);
            }
            if (strcmp(out[i].kind, "heightmap") == 0) {
                put_png(name, file, 1, 16, "heightmap is not 16-bit grey");
            } else {
                put_png(name, file, 4, 8, "export is not 8-bit RGBA");
            }
        }
        unlink(file);
    }
    if (nout > 0) {
        rmdir(tmpdir);
    }
    world_unref(w);
    dem_raster_fini(&raster);
    return 0;
}
