/* dem_signature: which reader an elevation model file needs, from its
 * first bytes (PNG: io/png; OpenEXR: io/dem/dem_exr; anything else: GDAL,
 * io/dem/dem_gdal). Library-free, in every build. */
#ifndef OROGEN_IO_DEM_DEM_SIGNATURE_H
#define OROGEN_IO_DEM_DEM_SIGNATURE_H

/* 1 when the file at path starts with the PNG signature (read by
 * io/png, not GDAL), else 0 (also for a file that cannot be opened or is
 * not a regular file: never blocks on a FIFO, core/base/infile.h). */
int dem_file_is_png(const char *path);

/* 1 when the file at path starts with OpenEXR's magic number (76 2f 31
 * 01), else 0 (never blocks on a FIFO). */
int dem_file_is_exr(const char *path);

#endif
