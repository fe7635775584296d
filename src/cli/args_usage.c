/* args_usage: what the command line tells its user: the usage text and the
 * notes about options the chosen generator ignores (see args.h). */
#include "config.h"
#include "cli/args.h"

#include <stdio.h>
#include <string.h>

#include "core/generators.h"

int
cli_warnings(const struct cli_args *a, char *out, size_t size)
{
    const struct generator *g = generator_get(a->gen);
    size_t len = 0;
    int i, n = 0;

    out[0] = '\0';
    if (g == NULL) {
        return 0;
    }
    if (a->recipe_note[0] != '\0') {
        int k = snprintf(out, size, "%s\n", a->recipe_note);
        if (k > 0 && (size_t)k < size) {
            len = (size_t)k;
            n++;
        }
    }
    if (a->preset != NULL) {
        /* like --set island.x with -g hybrid: one line for the whole preset */
        char names[400];
        size_t used = 0;
        int unused = 0;
        names[0] = '\0';
        for (i = 0; i < P_COUNT; i++) {
            if (a->preset_set[i] && !param_in_groups((enum param_id)i, g->param_groups)) {
                int k = snprintf(names + used, sizeof names - used, "%s%s", unused ? ", " : "",
                                 param_def((enum param_id)i)->name);
                if (k > 0 && (size_t)k < sizeof names - used) {
                    used += (size_t)k;
                }
                unused++;
            }
        }
        if (unused > 0) {
            const struct generator *pg = a->preset_gen >= 0
                                             ? generator_get((enum gen_id)a->preset_gen) : NULL;
            int k = snprintf(out + len, size - len,
                             "preset %s%s%s%s sets %s, which the %s generator does not use\n",
                             a->preset, pg != NULL ? " (for " : "", pg != NULL ? pg->name : "",
                             pg != NULL ? ")" : "", names, g->name);
            if (k > 0 && (size_t)k < size - len) {
                len += (size_t)k;
                n++;
            }
        }
    }
    for (i = 0; i < P_COUNT; i++) {
        if (a->set_explicitly[i] && !param_in_groups((enum param_id)i, g->param_groups)) {
            int k = snprintf(out + len, size - len, "%s is not used by the %s generator\n",
                             param_def((enum param_id)i)->name, g->name);
            if (k < 0 || (size_t)k >= size - len) {
                break;
            }
            len += (size_t)k;
            n++;
        }
    }
    return n;
}

const char *
cli_usage(void)
{
    return
        "usage: orogen [OPTIONS]                 explore a world in the terminal\n"
        "       orogen export [OPTIONS] OUTPUTS  write files without a terminal\n"
        "       orogen params [-g NAME]          list every parameter\n"
        "       orogen gallery --seeds A-B --out FILE.png [--tile PX] [--columns N]\n"
        "                                        contact sheet of seeds A..B, labelled\n"
        "\n"
        "options (each given once, but --set):\n"
        "  -g, --generator NAME   island (default), dem, hybrid or planet\n"
        "      --dem FILE         real elevation model: GeoTIFF, SRTM .hgt, ASCII grid, any\n"
        "                         raster GDAL reads; grey, terrain-RGB or Terrarium PNG\n"
        "  -s, --seed N           world seed (unsigned 64-bit)\n"
        "      --set NAME=VALUE   set a parameter (repeatable; see `orogen params`)\n"
        "      --preset NAME|FILE apply a preset (key = value lines)\n"
        "      --from FILE.png    start from the recipe stored in an orogen PNG\n"
        "      --color MODE       auto, direct, 256, 16 or none (glyph map)\n"
        "      --graphics MODE    auto, kitty, sixel, iterm or none: real images in the map\n"
        "                         window (auto asks the terminal; none: half blocks)\n"
        "      --symbols SET      auto, half, sextant or octant: block symbols of the map,\n"
        "                         globe and iso preview (2, 6 or 8 pixels a cell; auto:\n"
        "                         sextants where the terminal draws them itself)\n"
        "      --ascii            glyph map even in a UTF-8 locale (for terminals that draw\n"
        "                         half blocks wide or with seams)\n"
        "      --threads N        worker threads, 1..64 (default: $OROGEN_THREADS or the\n"
        "                         online CPUs; results do not depend on it)\n"
        "      --progress         plain progress lines on stderr (stage N/M name 42%)\n"
        "      --max-memory SIZE  refuse a run estimated to need more (800M, 4G; it is\n"
        "                         also checked against the memory available)\n"
        "  -h, --help             this text\n"
        "  -V, --version          print the version\n"
        "\n"
        "outputs of `orogen export`:\n"
        "      --map FILE.png     top-down map (RGBA PNG with the recipe in tEXt chunks)\n"
        "      --layer NAME       color, elevation, moisture, rivers, lakes, roughness,\n"
        "                         forest, mask, landmass, plates, climate (default color)\n"
        "      --projection NAME  planet maps (planet.projection): equirectangular (default),\n"
        "                         orthographic (square, centred on planet.globe_yaw/pitch),\n"
        "                         mollweide (equal-area)\n"
        "      --size WxH         size of every image output (default: see below)\n"
        "      --map-size WxH     map size (default: a grid's own size up to 2048 on its long\n"
        "                         side, larger grids scaled down to 2048, small ones up by\n"
        "                         a whole factor towards 1024; planets 2048x1024, islands\n"
        "                         1024x1024)\n"
        "      --iso-size WxH     isometric render size (default render.width x height)\n"
        "      --globe-size N     globe size, square (default 1024)\n"
        "      --stats FILE|-     world figures as JSON ('-' for standard output)\n"
        "      --iso FILE.png     shaded isometric render\n"
        "      --subdiv N --time T --rotate K   isometric render settings (T: 9, 9:30, 9.5)\n"
        "      --exaggeration X   relief of the isometric render and preview (render.exaggeration,\n"
        "                         default 1.5): 1 is true scale where the world's scale is known\n"
        "                         (georeferenced DEM, hybrid, island with --extent), else the\n"
        "                         land's height range at 1/12 of the map's side (doc/scale.md)\n"
        "      --globe FILE.png   shaded globe (planet)\n"
        "      --heightmap FILE.png  16-bit grey heightmap, linear (planet: equirectangular);\n"
        "                         --size WxH (default: a grid's own size, an island 1025x1025,\n"
        "                         a planet 1024x512); FILE.exr: 32-bit\n"
        "                         float OpenEXR, FILE.tif: float32 Cloud Optimized GeoTIFF\n"
        "      --raw FILE.r16     the same as little-endian 16-bit without a header (Unity)\n"
        "      --height-range LO:HI  map LO..HI to 0..65535 (default: the world's range);\n"
        "      --clip             clamp heights outside it instead of refusing them\n"
        "      --mesh FILE.glb|FILE.obj  glTF 2.0 binary or OBJ mesh with normals and vertex\n"
        "                         colours (planet: a sphere); --mesh-size COLSxROWS vertices\n"
        "      --vector FILE.geojson  rivers, lakes, coasts and biome regions (RFC 7946)\n"
        "      --tiles NxM        cut --map, --heightmap and --raw into NAME_x{X}_y{Y}.EXT\n"
        "      --tile-overlap K   neighbouring tiles share K samples (1 for engines); equal\n"
        "                         tiles need a size of N x (tile - K) + K, e.g. 1025 for 2 x 513\n"
        "      --tile X,Y         write only that tile (one tile per process)\n"
        "      --bundle DIR       every layer, stats and manifest.json in a new folder\n"
        "      --normals FILE.png tangent-space normal map at the data size;\n"
        "                         --normals-convention opengl (default, green north) or directx\n"
        "      --splat DIR        splat_0.png, splat_1.png: 8 material weights (RGBA8, summing\n"
        "                         to 255) and splat.json (Terrain3D's mapping) in a new folder\n"
        "      --engine unity|unreal|godot --engine-out BASE  the engine's heightmap (Unity\n"
        "                         r16, Unreal 16-bit PNG, Godot float EXR) at its sizes, tiled\n"
        "                         beyond them, and BASE.json with its import settings\n"
        "      --extent METRES    map width in metres of an island or hybrid world (kept in\n"
        "                         the recipe as island.extent or hybrid.extent, in km:\n"
        "                         --extent 25600 is 25.6): metric meshes, heightmaps, world files\n"
        "      --georef EPSG:CODE,EASTING,NORTHING  place a generated flat world's south-west\n"
        "                         corner there in that projected CRS (GeoJSON, GeoTIFF, world\n"
        "                         files' .aux.xml; the interface's map exports too), e.g.\n"
        "                         EPSG:32610,491000,5456000\n"
        "      --seeds FIRST-LAST one world per seed; every output name needs {seed}\n"
        "                         (doc/batch.md: GNU parallel, Slurm arrays)\n"
        "\n"
        "examples:\n"
        "  orogen --seed 42\n"
        "  orogen --dem data/dem/fuji.png\n"
        "  orogen export --seed 7 --map island.png --stats -\n"
        "  orogen export --dem data/dem/fuji.png --map fuji.png --size 1024x1024\n";
}
