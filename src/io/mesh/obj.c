/* obj: Wavefront OBJ writer (see obj.h). */
#include "config.h"
#include "io/mesh/obj.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/export.h"
#include "io/outfile.h"

enum og_status
export_obj(const struct world *w, const struct terrain_mesh *m, const char *path,
           struct og_error *err)
{
    struct pngio_text *text = NULL;
    size_t n = 0, i;
    void *block = NULL;
    struct outfile of;
    enum og_status st = export_recipe(w, NULL, &text, &n, &block, err);
    FILE *f;

    if (st != OG_OK) {
        return st;
    }
    st = outfile_open(&of, path, err);
    if (st != OG_OK) {
        free(block);
        return st;
    }
    f = of.fp;
    fprintf(f, "# orogen %s terrain mesh: %zu vertices, %zu triangles\n", PACKAGE_VERSION,
            m->nverts, m->ntris);
    fprintf(f, "# units %s, vertical scale %.17g per elevation unit, offset %.17g\n",
            m->metres ? "m" : "model", m->vscale, m->voffset);
    for (i = 0; i < n; i++) {
        const char *v = text[i].value, *nl;
        /* multi-line values (the parameters) one comment line each */
        while ((nl = strchr(v, '\n')) != NULL) {
            fprintf(f, "# %s: %.*s\n", text[i].key, (int)(nl - v), v);
            v = nl + 1;
        }
        if (*v != '\0') {
            fprintf(f, "# %s: %s\n", text[i].key, v);
        }
    }
    free(block);
    fprintf(f, "o %s\n", w->kind == WORLD_SPHERE ? "planet" : "terrain");
    for (i = 0; i < m->nverts; i++) {
        const float *p = m->pos + 3 * i, *c = m->srgb + 3 * i;
        fprintf(f, "v %.9g %.9g %.9g %.4f %.4f %.4f\n", p[0], p[1], p[2], c[0], c[1], c[2]);
    }
    for (i = 0; i < m->nverts; i++) {
        const float *q = m->nrm + 3 * i;
        fprintf(f, "vn %.6f %.6f %.6f\n", q[0], q[1], q[2]);
    }
    for (i = 0; i < m->ntris; i++) {
        const uint32_t *t = m->idx + 3 * i;
        fprintf(f, "f %u//%u %u//%u %u//%u\n", t[0] + 1, t[0] + 1, t[1] + 1, t[1] + 1, t[2] + 1,
                t[2] + 1);
    }
    if (ferror(f)) {
        st = og_error_set(err, OG_EIO, "cannot write %s: %s", path, strerror(errno));
        outfile_abort(&of);
        return st;
    }
    return outfile_commit(&of, err);
}
