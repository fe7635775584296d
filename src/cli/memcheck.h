/* memcheck: the memory a run will need, estimated before any work and
 * checked against what the machine gives it (issue 28 item 6).
 *
 * The estimate is the peak resident size measured on this build (GNU time
 * %M, doc/robustness.md "Memory"), per unit of what the run makes: island
 * 190 bytes a cell, hybrid 56 bytes a grid cell, planet 184 bytes a point,
 * dem 38 bytes a cell of the elevation model (68 before issue 27's cuts,
 * doc/scale.md); an isometric render 8 bytes a subpixel (antialias squared
 * per pixel), a globe 8 bytes a pixel; 16 MiB for the program itself.
 * Maps, heightmaps and tiles stream their rows.
 *
 * What is available is the smallest of: MemAvailable (/proc/meminfo), the
 * cgroup's memory.max less its memory.current, the address space left
 * under `ulimit -v` (RLIMIT_AS less VmSize), and --max-memory. The
 * environment variable OROGEN_TEST_MEMINFO, a test hook, names a file
 * read in place of /proc/meminfo (tests/faults.sh). Only cgroup v2 is
 * read (a v1 memory.limit_in_bytes is not). */
#ifndef OROGEN_CLI_MEMCHECK_H
#define OROGEN_CLI_MEMCHECK_H

#include <stdint.h>

#include "cli/args.h"
#include "core/base/og_error.h"
#include "io/output.h"

/* Parse a --max-memory value: a number with an optional K, M, G or T
 * (powers of 1024; "1.5G", "800M", "1073741824"). Returns 0 with *bytes
 * set, -1 when it is not such a size or is 0. */
int memcheck_parse(const char *s, uint64_t *bytes);

/* The estimate for a's world and plan's outputs, checked against what is
 * available, before the DEM is read (its size comes from the PNG's IHDR, or for
 * any other raster from GDAL's reading of its header).
 * Errors: OG_ENOMEM "this run needs about 9.5 GiB of memory (dem
 * 16384x16384: 9.5 GiB), MemAvailable gives 7.6 GiB". */
enum og_status memcheck_run(const struct cli_args *a, const struct output_plan *plan,
                            struct og_error *err);

#endif
