/* dem_exr: OpenEXR elevation models (see dem_exr.h). */
#include "config.h"
#include "io/dem/dem_exr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openexr.h>

#include "core/base/grid.h"
#include "core/base/infile.h"

#define DEM_EXR_MAX_SIDE 16384

static _Thread_local char exr_first_msg[160];

static void
exr_quiet(exr_const_context_t ctxt, exr_result_t code, const char *msg)
{
    (void)ctxt;
    if (exr_first_msg[0] == '\0') {
        snprintf(exr_first_msg, sizeof exr_first_msg, "%s",
                 msg != NULL ? msg : exr_get_default_error_message(code));
    }
}

/* The channel to read: "Y", else "R", else the only one; -1 if none. */
static int
pick_channel(const exr_attr_chlist_t *cl)
{
    int i, r = -1;
    for (i = 0; i < cl->num_channels; i++) {
        if (strcmp(cl->entries[i].name.str, "Y") == 0) {
            return i;
        }
        if (strcmp(cl->entries[i].name.str, "R") == 0) {
            r = i;
        }
    }
    return r >= 0 ? r : cl->num_channels == 1 ? 0 : -1;
}

/* Every scanline chunk of part 0's channel `name` into buf (w x h floats). */
static exr_result_t
decode_all(exr_context_t f, const exr_attr_box2i_t *dw, const char *name, float *buf)
{
    exr_decode_pipeline_t dec = EXR_DECODE_PIPELINE_INITIALIZER;
    exr_chunk_info_t ci;
    int spc = 1, y, c, first = 1, w = dw->max.x - dw->min.x + 1;
    exr_result_t r = exr_get_scanlines_per_chunk(f, 0, &spc);

    for (y = dw->min.y; r == EXR_ERR_SUCCESS && y <= dw->max.y; y += spc) {
        r = exr_read_scanline_chunk_info(f, 0, y, &ci);
        if (r == EXR_ERR_SUCCESS) {
            r = first ? exr_decoding_initialize(f, 0, &ci, &dec)
                      : exr_decoding_update(f, 0, &ci, &dec);
        }
        if (r != EXR_ERR_SUCCESS) {
            break;
        }
        for (c = 0; c < dec.channel_count; c++) {
            exr_coding_channel_info_t *ch = &dec.channels[c];
            if (strcmp(ch->channel_name, name) != 0) {
                ch->decode_to_ptr = NULL;
                continue;
            }
            ch->decode_to_ptr = (uint8_t *)(buf + (size_t)(ci.start_y - dw->min.y) * (size_t)w);
            ch->user_pixel_stride = (int32_t)sizeof(float);
            ch->user_line_stride = (int32_t)(sizeof(float) * (size_t)w);
            ch->user_bytes_per_element = (int16_t)sizeof(float);
            ch->user_data_type = EXR_PIXEL_FLOAT;
        }
        if (first) {
            r = exr_decoding_choose_default_routines(f, 0, &dec);
            first = 0;
        }
        if (r == EXR_ERR_SUCCESS) {
            r = exr_decoding_run(f, 0, &dec);
        }
    }
    if (!first) {
        exr_decoding_destroy(f, &dec);
    }
    return r;
}

/* Size, channel and attributes of part 0, then its pixels. */
static enum og_status
read_part(exr_context_t f, const char *path, struct dem_raster *out, struct og_error *err)
{
    exr_attr_box2i_t dw;
    exr_storage_t storage;
    const exr_attr_chlist_t *cl = NULL;
    const char *px = NULL;
    int32_t len = 0;
    int k;
    size_t i, n;
    enum og_status st;

    if (exr_get_storage(f, 0, &storage) != EXR_ERR_SUCCESS || storage != EXR_STORAGE_SCANLINE) {
        return og_error_set(err, OG_EFORMAT, "%s: only scanline EXR files are read as elevation "
                            "models (this one is tiled or deep)", path);
    }
    if (exr_get_data_window(f, 0, &dw) != EXR_ERR_SUCCESS ||
        exr_get_channels(f, 0, &cl) != EXR_ERR_SUCCESS || cl == NULL) {
        return og_error_set(err, OG_EFORMAT, "%s: %s", path, exr_first_msg);
    }
    out->width = dw.max.x - dw.min.x + 1;
    out->height = dw.max.y - dw.min.y + 1;
    if (out->width < 1 || out->height < 1 || out->width > DEM_EXR_MAX_SIDE ||
        out->height > DEM_EXR_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "%s: image size %dx%d outside [1, %d]", path,
                            out->width, out->height, DEM_EXR_MAX_SIDE);
    }
    k = pick_channel(cl);
    if (k < 0 || cl->entries[k].x_sampling != 1 || cl->entries[k].y_sampling != 1 ||
        cl->entries[k].pixel_type == EXR_PIXEL_UINT) {
        return og_error_set(err, OG_EFORMAT, "%s: no float channel Y or R sampled 1 1 (%d "
                            "channels)", path, cl->num_channels);
    }
    out->channels = 1;
    out->bit_depth = 32;
    n = (size_t)out->width * (size_t)out->height;
    if ((st = grid_malloc((void **)&out->heights, n, sizeof(float), "elevation model", err)) !=
        OG_OK) {
        return st;
    }
    if (decode_all(f, &dw, cl->entries[k].name.str, out->heights) != EXR_ERR_SUCCESS) {
        return og_error_set(err, OG_EFORMAT, "%s: %s", path, exr_first_msg[0] != '\0'
                            ? exr_first_msg : "cannot decode its pixels");
    }
    if (exr_attr_get_string(f, 0, "orogen:pixel_size", &len, &px) == EXR_ERR_SUCCESS &&
        px != NULL) {
        double a, b;
        if (sscanf(px, "%lf %lf", &a, &b) == 2 && a > 0.0 && a < 1e9 && b > 0.0 && b < 1e9) {
            out->cell_m[0] = a;
            out->cell_m[1] = b;
        }
    }
    for (i = 0; i < n && out->nodata == NULL; i++) {
        if (!isfinite(out->heights[i])) {
            st = grid_calloc((void **)&out->nodata, n, 1, "no-data mask", err);
        }
    }
    for (i = 0; out->nodata != NULL && i < n; i++) {
        out->nodata[i] = !isfinite(out->heights[i]);
        out->heights[i] = out->nodata[i] ? 0.0f : out->heights[i];
    }
    return st;
}

enum og_status
dem_exr_read(const char *path, struct dem_raster *out, struct og_error *err)
{
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    exr_context_t f = NULL;
    enum og_status st;

    memset(out, 0, sizeof *out);
    exr_first_msg[0] = '\0';
    init.error_handler_fn = exr_quiet;
    if (exr_start_read(&f, path, &init) != EXR_ERR_SUCCESS) {
        st = og_error_set(err, OG_EFORMAT, "%s: %s", path, exr_first_msg[0] != '\0'
                          ? exr_first_msg : "not an OpenEXR file");
    } else {
        st = read_part(f, path, out, err);
    }
    exr_finish(&f);
    if (st == OG_OK) {
        snprintf(out->source, sizeof out->source, "%s", path);
    } else {
        dem_raster_fini(out);
    }
    return st;
}
