/* outfile_pieces: a file written in pieces (struct outfile, io/outfile.h),
 * over the temporary files of outfile.c. */
#include "config.h"
#include "io/outfile.h"

#include <string.h>

enum og_status
outfile_open(struct outfile *of, const char *path, struct og_error *err)
{
    memset(of, 0, sizeof *of);
    of->path = path;
    return outfile_temp_open(path, &of->temp, &of->fp, err);
}

enum og_status
outfile_commit(struct outfile *of, struct og_error *err)
{
    struct outfile_temp *t = of->temp;

    of->temp = NULL;
    of->fp = NULL;
    if (t == NULL) {
        return og_error_set(err, OG_EINVAL, "cannot write %s: not open", of->path);
    }
    return outfile_temp_commit(t, err);
}

void
outfile_abort(struct outfile *of)
{
    outfile_temp_discard(of->temp);
    of->temp = NULL;
    of->fp = NULL;
}
