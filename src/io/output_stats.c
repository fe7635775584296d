/* output_stats: the registry's stats JSON and bundle kinds (io/output.h). */
#include "config.h"
#include "io/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/outfile.h"

/* The largest side of a bundle's rasters. */
#define BUNDLE_MAX_SIDE 16384

enum og_status
output_stats_to(struct output_plan *p, const struct world *w, const char *path,
                struct og_error *err)
{
    char *json = NULL, *all, *end;
    enum og_status st;
    size_t len;

    st = export_stats_json(w, &json, err);
    if (st != OG_OK) {
        return st;
    }
    if (p->exports == NULL) {
        all = json;
    } else {
        /* The object ends with "\n}\n": insert the exports before it. */
        end = strrchr(json, '}');
        if (end == NULL) {
            free(json);
            return og_error_set(err, OG_EINVAL, "stats JSON without a closing brace");
        }
        while (end > json && end[-1] == '\n') {
            end--;
        }
        len = (size_t)(end - json);
        all = malloc(len + strlen(p->exports) + 32);
        if (all == NULL) {
            free(json);
            return og_error_set(err, OG_ENOMEM, "out of memory for the stats JSON");
        }
        memcpy(all, json, len);
        sprintf(all + len, ",\n  \"exports\": [%s\n  ]\n}\n", p->exports);
        free(json);
    }
    len = strlen(all);
    if (strcmp(path, "-") == 0) {
        /* a stream of the current group: delivered before any rename */
        st = outfile_write_fd(1, "standard output", all, len, err);
    } else {
        st = outfile_write(path, all, len, err);
    }
    free(all);
    return st;
}

enum og_status
output_stats_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    return output_stats_to(p, w, p->path[OUT_STATS], err);
}

enum og_status
output_bundle_check(struct output_plan *p, struct og_error *err)
{
    struct world probe;
    enum og_status st;
    int W, H;

    if ((st = bundle_check(p->path[OUT_BUNDLE], err)) != OG_OK) {
        return st;
    }
    if (!output_probe(p, &probe) && p->size_w <= 0) {
        return OG_OK;  /* a DEM's size: checked once it is read */
    }
    output_data_size(p, &probe, &W, &H);
    if (W > BUNDLE_MAX_SIDE || H > BUNDLE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "%s %dx%d: the bundle's map is at most %d per side",
                            p->size_w > 0 ? "--size" : "--bundle", W, H, BUNDLE_MAX_SIDE);
    }
    return OG_OK;
}

/* Written in the caller's output group, staged (io/bundle.h): its folder
 * is renamed into place after the group's files (output_plan_write). */
enum og_status
output_bundle_write(struct output_plan *p, const struct world *w, struct og_error *err)
{
    int W, H;

    output_data_size(p, w, &W, &H);
    if (W > BUNDLE_MAX_SIDE || H > BUNDLE_MAX_SIDE) {
        return og_error_set(err, OG_ERANGE, "--bundle %dx%d: the bundle's map is at most %d "
                            "per side", W, H, BUNDLE_MAX_SIDE);
    }
    return export_bundle_staged(w, W, H, output_georef(p, w), p->path[OUT_BUNDLE], &p->stage,
                                err);
}
