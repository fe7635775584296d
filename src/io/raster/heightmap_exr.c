/* heightmap_exr: float heightmaps as OpenEXR through OpenEXRCore (see
 * heightmap_float.h). */
#include "config.h"
#include "io/raster/heightmap_float.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openexr.h>

#include "io/outfile.h"
#include "render/sample.h"

/* The file being written and OpenEXR's first complaint. */
struct exr_sink {
    int fd;
    int werrno;
    char msg[160];
};

static void
exr_on_error(exr_const_context_t ctxt, exr_result_t code, const char *msg)
{
    struct exr_sink *s = NULL;
    if (exr_get_user_data(ctxt, (void **)&s) == EXR_ERR_SUCCESS && s != NULL &&
        s->msg[0] == '\0') {
        snprintf(s->msg, sizeof s->msg, "%s", msg != NULL ? msg
                                                          : exr_get_default_error_message(code));
    }
}

/* OpenEXR writes the chunk table last, at its place near the start: write
 * at offsets (pwrite), not in sequence. */
static int64_t
exr_write(exr_const_context_t ctxt, void *userdata, const void *buffer, uint64_t sz,
          uint64_t offset, exr_stream_error_func_ptr_t error_cb)
{
    struct exr_sink *s = userdata;
    const char *p = buffer;
    uint64_t done = 0;
    (void)ctxt;
    (void)error_cb;
    while (done < sz) {
        ssize_t k = pwrite(s->fd, p + done, (size_t)(sz - done), (off_t)(offset + done));
        if (k < 0 && errno == EINTR) {
            continue;
        }
        if (k <= 0) {
            s->werrno = k < 0 ? errno : EIO;
            return -1;
        }
        done += (uint64_t)k;
    }
    return (int64_t)sz;
}

/* The header and every scanline chunk of buf (w x h floats). */
static exr_result_t
exr_encode(exr_context_t f, const struct world *w, const struct raster_window *win,
           const struct height_scale *sc, const float *buf)
{
    exr_encode_pipeline_t enc;
    exr_chunk_info_t ci;
    exr_result_t r;
    int part = 0, spc = 1, y, first = 1;
    double mx, my, mz;
    char px[80];

    r = exr_add_part(f, "height", EXR_STORAGE_SCANLINE, &part);
    if (r == EXR_ERR_SUCCESS) {
        r = exr_initialize_required_attr_simple(f, part, win->w, win->h, EXR_COMPRESSION_ZIP);
    }
    if (r == EXR_ERR_SUCCESS) {
        r = exr_add_channel(f, part, "Y", EXR_PIXEL_FLOAT, EXR_PERCEPTUALLY_LINEAR, 1, 1);
    }
    if (r == EXR_ERR_SUCCESS) {
        r = exr_attr_set_string(f, part, "orogen:height_units", sc->units);
    }
    if (r == EXR_ERR_SUCCESS && world_metric(w, &mx, &my, &mz) && mx > 0.0 && my > 0.0) {
        double d[2];
        sample_spacing(w, win->width, win->height, mx, my, d);   /* metres between samples */
        snprintf(px, sizeof px, "%.17g %.17g", d[0], d[1]);
        r = exr_attr_set_string(f, part, "orogen:pixel_size", px);
    }
    if (r == EXR_ERR_SUCCESS) {
        r = exr_write_header(f);
    }
    if (r == EXR_ERR_SUCCESS) {
        r = exr_get_scanlines_per_chunk(f, part, &spc);
    }
    memset(&enc, 0, sizeof enc);
    for (y = 0; r == EXR_ERR_SUCCESS && y < win->h; y += spc) {
        r = exr_write_scanline_chunk_info(f, part, y, &ci);
        if (r == EXR_ERR_SUCCESS) {
            r = first ? exr_encoding_initialize(f, part, &ci, &enc)
                      : exr_encoding_update(f, part, &ci, &enc);
        }
        if (r != EXR_ERR_SUCCESS) {
            break;
        }
        enc.channels[0].encode_from_ptr = (const uint8_t *)(buf + (size_t)y * (size_t)win->w);
        enc.channels[0].user_pixel_stride = (int32_t)sizeof(float);
        enc.channels[0].user_line_stride = (int32_t)(sizeof(float) * (size_t)win->w);
        enc.channels[0].user_bytes_per_element = (int16_t)sizeof(float);
        enc.channels[0].user_data_type = EXR_PIXEL_FLOAT;
        if (first) {
            r = exr_encoding_choose_default_routines(f, part, &enc);
            first = 0;
        }
        if (r == EXR_ERR_SUCCESS) {
            r = exr_encoding_run(f, part, &enc);
        }
    }
    if (!first) {
        exr_encoding_destroy(f, &enc);
    }
    return r;
}

enum og_status
export_heightmap_exr(const struct world *w, const struct sampler *smp,
                     const struct raster_window *win, int filled, const char *path, struct height_scale *used, struct og_error *err)
{
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    exr_context_t f = NULL;
    struct exr_sink sink;
    struct height_scale sc;
    struct outfile of;
    float *buf = NULL;
    exr_result_t r;
    enum og_status st;

    const float void_nan = NAN;
    st = heightmap_float_sample(w, smp, win, filled ? NULL : &void_nan, &buf, &sc, err);
    if (st != OG_OK) {
        return st;
    }
    if ((st = outfile_open(&of, path, err)) != OG_OK) {
        free(buf);
        return st;
    }
    memset(&sink, 0, sizeof sink);
    sink.fd = fileno(of.fp);
    init.error_handler_fn = exr_on_error;
    init.user_data = &sink;
    init.write_fn = exr_write;
    r = exr_start_write(&f, path, EXR_WRITE_FILE_DIRECTLY, &init);
    if (r == EXR_ERR_SUCCESS) {
        r = exr_encode(f, w, win, &sc, buf);
        exr_result_t r2 = exr_finish(&f);
        r = r == EXR_ERR_SUCCESS ? r2 : r;
    }
    free(buf);
    if (r != EXR_ERR_SUCCESS) {
        outfile_abort(&of);
        return og_error_set(err, OG_EIO, "cannot write %s: %s", path,
                            sink.werrno != 0 ? strerror(sink.werrno)
                            : sink.msg[0] != '\0' ? sink.msg
                            : exr_get_default_error_message(r));
    }
    st = outfile_commit(&of, err);
    if (st == OG_OK && used != NULL) {
        *used = sc;
    }
    return st;
}
