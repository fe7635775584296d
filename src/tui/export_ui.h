/* export_ui.h: what the export prompts (export_ui.c) hand to the running
 * export (export_run.c). TUI-internal. */
#ifndef OROGEN_TUI_EXPORT_UI_H
#define OROGEN_TUI_EXPORT_UI_H

#include <limits.h>

#include "render/raster.h"
#include "tui/tui_state.h"

/* What an export writes. */
enum export_what { EXPORT_MAP, EXPORT_MAP_VIEW, EXPORT_GLOBE, EXPORT_ISO };

struct export_args {
    enum export_what what;
    enum map_layer layer;
    struct map_view view;  /* EXPORT_MAP_VIEW: the part of the map shown */
    int width, height;
    char path[PATH_MAX];
    double yaw, pitch;     /* EXPORT_GLOBE: its orientation (degrees), as on screen */
    int shown_permille;    /* iso progress last shown */
    double started_ms;     /* when the job started (pipeline_now_ms) */
    long shown_s;          /* seconds shown with that progress */
    char dem_path[PATH_MAX];  /* a dem world's file (its georeferencing), "" if none */
    struct georef_origin georef; /* --georef for a generated flat world, else given = 0 */
};

/* Start the export the prompts chose: req's what, path (canonical) and
 * width x height; the view, layer, globe orientation and DEM are taken
 * from t now. The message line reports the start or why it could not. */
void tui_export_start(struct tui *t, const struct export_args *req);

#endif
