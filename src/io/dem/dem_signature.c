/* dem_signature: which library reads an elevation model, from its first
 * bytes (see dem_signature.h). Needs no PNG, OpenEXR or GDAL library, so a
 * build without GDAL or OpenEXR still tells their files apart. */
#include "config.h"
#include "io/dem/dem_signature.h"

#include <stdio.h>
#include <string.h>

#include "core/base/infile.h"

int
dem_file_is_png(const char *path)
{
    static const unsigned char sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    unsigned char b[8];
    FILE *f = NULL;
    struct og_error e;
    int is;
    if (infile_fopen(path, &f, NULL, &e) != OG_OK) {
        return 0;
    }
    is = fread(b, 1, 8, f) == 8 && memcmp(b, sig, 8) == 0;
    fclose(f);
    return is;
}

int
dem_file_is_exr(const char *path)
{
    static const unsigned char magic[4] = { 0x76, 0x2f, 0x31, 0x01 };
    unsigned char b[4];
    FILE *f = NULL;
    struct og_error e;
    int is;
    if (infile_fopen(path, &f, NULL, &e) != OG_OK) {
        return 0;
    }
    is = fread(b, 1, 4, f) == 4 && memcmp(b, magic, 4) == 0;
    fclose(f);
    return is;
}
