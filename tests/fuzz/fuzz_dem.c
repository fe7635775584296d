/* The DEM decoder: PNG bytes -> pngio_read_raster -> every encoding
 * (auto, gray, terrain-rgb, terrarium) through dem_resolve_encoding and
 * dem_decode. Properties: a refused file leaves no samples and a one-line
 * message without control characters; decoded heights are finite. */
#include "config.h"
#include "fuzz.h"

#include <math.h>
#include <string.h>

#include "core/dem/dem.h"
#include "io/png/pngio.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct dem_raster r;
    struct og_error err;
    enum dem_encoding enc, out;
    size_t n, i;
    float *h;

    og_error_clear(&err);
    if (pngio_read_raster(fuzz_memfile(data, size), &r, &err) != OG_OK) {
        fuzz_assert(r.samples == NULL);
        fuzz_assert(err.msg[0] != '\0' && !fuzz_has_control(err.msg));
        return 0;
    }
    fuzz_assert(r.width >= 1 && r.height >= 1 && r.width <= 16384 && r.height <= 16384);
    fuzz_assert(r.channels >= 1 && r.channels <= 4);
    n = (size_t)r.width * (size_t)r.height;
    h = malloc(n * sizeof *h);
    fuzz_assert(h != NULL);
    for (enc = DEM_AUTO; enc <= DEM_TERRARIUM; enc++) {
        if (dem_resolve_encoding(&r, enc, &out, &err) != OG_OK) {
            fuzz_assert(!fuzz_has_control(err.msg));
            continue;
        }
        fuzz_assert(out != DEM_AUTO);
        if (dem_decode(&r, out, 1.0, h, &err) != OG_OK) {
            continue;
        }
        for (i = 0; i < n; i++) {
            fuzz_assert(isfinite(h[i]));
        }
    }
    free(h);
    dem_raster_fini(&r);
    return 0;
}
