/* gallery: `orogen gallery --seeds A-B --out FILE.png`, a contact sheet of
 * one thumbnail per seed (the current generator and parameters), each
 * labelled with its seed and key figures (render/gallery.h). */
#ifndef OROGEN_CLI_GALLERY_H
#define OROGEN_CLI_GALLERY_H

#include "cli/args.h"

/* Generate every seed of a->out.seed_lo..seed_hi and write the sheet to
 * a->gallery_out (temp file + rename). Errors: a one-line message in err;
 * the sheet is only written when every world was made. */
enum og_status cli_gallery(const struct cli_args *a, struct og_error *err);

/* The contact sheet's name: OG_EINVAL with one line when its extension is
 * not .png (checked by cli_parse, a usage error, before any work). */
enum og_status gallery_check_out(const char *path, struct og_error *err);

#endif
