#include "config.h"
#include "io/export_map.h"

#include "io/png/pngio.h"

enum og_status
mapimg_write_png(const struct world *w, enum map_layer layer, const struct map_view *view,
                 int width, int height, const char *path, const struct pngio_text *text,
                 size_t ntext, int level, struct og_error *err)
{
    struct mapimg_rows *rows;
    enum og_status st = mapimg_rows_new(w, layer, view, width, height, &rows, err);

    if (st != OG_OK) {
        return st;
    }
    st = pngio_write_rows(path, width, height, 8, 4, mapimg_rows_row, rows, text, ntext, level,
                          err);
    mapimg_rows_free(rows);
    return st;
}
