/* dem_load: PNG or GDAL into a dem raster (see dem_load.h). */
#include "config.h"
#include "io/dem/dem_load.h"

#include <stdio.h>
#include <string.h>

#include "core/base/infile.h"
#include "core/recipe/recipe.h"
#include "io/dem/dem_exr.h"
#include "io/dem/dem_gdal.h"
#include "io/georef.h"
#include "io/png/pngio.h"

/* A PNG's cell size and latitude from its sidecars (io/georef.h); an
 * orogen heightmap's own pixel size chunk stays when it has none. */
static enum og_status
png_georef(const char *path, struct dem_raster *r, struct og_error *err)
{
    struct georef g;
    double m[2];
    enum og_status st = georef_read(path, r->width, r->height, &g, err);
    if (st == OG_OK && georef_cell_metres(&g, m)) {
        r->cell_m[0] = m[0];
        r->cell_m[1] = m[1];
    }
    if (st == OG_OK) {
        r->has_georef_lat = georef_centre_latitude(&g, &r->georef_lat);
    }
    georef_free(&g);
    return st;
}

enum og_status
dem_load(const char *path, struct dem_raster *r, struct og_error *err)
{
    enum og_status st;

    memset(r, 0, sizeof *r);
    {
        /* a regular file, or one line (a FIFO never blocks, infile.h) */
        FILE *f = NULL;
        if ((st = infile_fopen(path, &f, NULL, err)) != OG_OK) {
            return st;
        }
        fclose(f);
    }
    if (dem_file_is_png(path)) {
        st = pngio_read_raster(path, r, err);
        if (st == OG_OK) {
            st = png_georef(path, r, err);
        }
    } else if (dem_file_is_exr(path)) {
        st = dem_exr_read(path, r, err);
    } else {
        st = dem_gdal_read(path, r, err);
    }
    /* Recipes name the file by size, SHA-256 and name, never by a path:
     * --from finds it beside the PNG or here (core/recipe/recipe.h). */
    if (st == OG_OK) {
        st = recipe_dem_identity(path, r->identity, sizeof r->identity, err);
    }
    if (st != OG_OK) {
        dem_raster_fini(r);
    }
    return st;
}

void
dem_load_size(const char *path, int *width, int *height)
{
    unsigned char b[24];
    FILE *f = NULL;
    struct og_error ignored;

    *width = *height = 0;
    if (path == NULL || !infile_is_regular(path)) {
        return;
    }
    if (!dem_file_is_png(path)) {
        (void)dem_gdal_size(path, width, height, &ignored);
        if (*width > DEM_GDAL_MAX_SIDE || *height > DEM_GDAL_MAX_SIDE) {
            *width = *height = 0;
        }
        return;
    }
    /* IHDR first: width and height big-endian in bytes 16..23 */
    if (infile_fopen(path, &f, NULL, &ignored) != OG_OK) {
        return;
    }
    if (fread(b, 1, sizeof b, f) == sizeof b && memcmp(b + 12, "IHDR", 4) == 0 &&
        b[16] < 0x80 && b[20] < 0x80) {
        *width = (int)((unsigned)b[16] << 24 | (unsigned)b[17] << 16 | (unsigned)b[18] << 8 |
                       b[19]);
        *height = (int)((unsigned)b[20] << 24 | (unsigned)b[21] << 16 | (unsigned)b[22] << 8 |
                        b[23]);
    }
    fclose(f);
}
