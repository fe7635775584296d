/* heightmap_tiff: float heightmaps as Cloud Optimized GeoTIFF through
 * GDAL's C API (see heightmap_float.h). GDAL writes into memory
 * (/vsimem/), and the bytes go to the output through io/outfile like
 * every other file. */
#include "config.h"
#include "io/raster/heightmap_float.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <cpl_vsi.h>
#include <gdal.h>

#include "io/dem/crs_scale.h"
#include "io/dem/dem_gdal.h"
#include "io/outfile.h"
#include "render/sample.h"

/* An in-memory dataset of buf with the window's georeferencing. */
static GDALDatasetH
mem_dataset(const struct world *w, const struct raster_window *win, const struct georef *g,
            const struct height_scale *sc, float *buf)
{
    GDALDriverH mem = GDALGetDriverByName("MEM");
    GDALDatasetH ds = mem != NULL ? GDALCreate(mem, "", win->w, win->h, 1, GDT_Float32, NULL)
                                  : NULL;
    GDALRasterBandH b;

    if (ds == NULL) {
        return NULL;
    }
    b = GDALGetRasterBand(ds, 1);
    if (GDALRasterIO(b, GF_Write, 0, 0, win->w, win->h, buf, win->w, win->h, GDT_Float32, 0,
                     0) != CE_None) {
        GDALClose(ds);
        return NULL;
    }
    GDALSetRasterNoDataValue(b, HEIGHTMAP_TIFF_NODATA);
    if (strcmp(sc->units, "m") == 0) {
        GDALSetRasterUnitType(b, "metre");
    }
    if (g != NULL && g->valid) {
        /* the window's samples, as georef_write places them (render/sample.h) */
        double ax[4], gt[6];
        char *wkt = g->srs != NULL ? crs_element_wkt(g->srs) : NULL;
        sample_axes(w, win->width, win->height, ax);
        georef_window_gt(g, win, ax, gt);
        if (w->kind != WORLD_SPHERE) {
            /* the samples are grid nodes (doc/grid.md): GeoTIFF's PixelIsPoint */
            GDALSetMetadataItem(ds, "AREA_OR_POINT", "Point", NULL);
        }
        GDALSetGeoTransform(ds, gt);
        if (wkt != NULL) {
            GDALSetProjection(ds, wkt);
            free(wkt);
        }
    }
    return ds;
}

/* GDAL's last message, or what. */
static const char *
gdal_msg(const char *what)
{
    const char *m = CPLGetLastErrorMsg();
    return m != NULL && m[0] != '\0' ? m : what;
}

enum og_status
export_heightmap_tiff(const struct world *w, const struct sampler *smp,
                      const struct raster_window *win, const struct georef *g, const char *path, struct height_scale *used,
                      struct og_error *err)
{
    struct height_scale sc;
    GDALDatasetH mem = NULL, cog = NULL;
    GDALDriverH drv;
    char vsi[64], **opts = NULL;
    float *buf = NULL;
    GByte *bytes = NULL;
    vsi_l_offset len = 0;
    enum og_status st;

    const float nodata = (float)HEIGHTMAP_TIFF_NODATA;
    st = heightmap_float_sample(w, smp, win, &nodata, &buf, &sc, err);
    if (st != OG_OK) {
        return st;
    }
    dem_gdal_init();
    CPLPushErrorHandler(CPLQuietErrorHandler);
    CPLErrorReset();
    snprintf(vsi, sizeof vsi, "/vsimem/orogen-%p.tif", (void *)buf);
    mem = mem_dataset(w, win, g, &sc, buf);
    drv = GDALGetDriverByName("COG");
    opts = CSLSetNameValue(opts, "BLOCKSIZE", "512");
    opts = CSLSetNameValue(opts, "COMPRESS", "DEFLATE");
    opts = CSLSetNameValue(opts, "PREDICTOR", "YES");
    opts = CSLSetNameValue(opts, "RESAMPLING", "AVERAGE");
    opts = CSLSetNameValue(opts, "OVERVIEWS", "IGNORE_EXISTING");
    opts = CSLSetNameValue(opts, "NUM_THREADS", "1");  /* the same bytes on every run */
    if (mem != NULL && drv != NULL) {
        cog = GDALCreateCopy(drv, vsi, mem, FALSE, opts, NULL, NULL);
    }
    if (cog != NULL) {
        GDALClose(cog);
        if (CPLGetLastErrorType() < CE_Failure) {
            bytes = VSIGetMemFileBuffer(vsi, &len, TRUE);
        }
    }
    if (bytes == NULL) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path,
                          gdal_msg("GDAL's COG driver failed"));
    }
    if (mem != NULL) {
        GDALClose(mem);
    }
    VSIUnlink(vsi);
    CSLDestroy(opts);
    CPLPopErrorHandler();
    free(buf);
    if (st == OG_OK) {
        st = outfile_write(path, bytes, (size_t)len, err);
    }
    CPLFree(bytes);
    if (st == OG_OK && used != NULL) {
        *used = sc;
    }
    return st;
}
