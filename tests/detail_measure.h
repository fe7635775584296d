/* detail_measure: the measures of issue 24 ("Detail at every size") on a
 * rendered map, for tests/test_detail.c and tests/detail_report.c.
 *
 * Images are W x H arrays of 0xRRGGBB; classes are enum map_class per
 * pixel (render/mapimg.h). Water pixels are MC_DEEP, MC_WATER and MC_LAKE;
 * land is every other class except MC_VOID. */
#ifndef OROGEN_TESTS_DETAIL_MEASURE_H
#define OROGEN_TESTS_DETAIL_MEASURE_H

#include <stdint.h>

/* Cell phase: for each phase p of a cell pitch of `pitch` pixels (2..64),
 * the mean colour jump (sum of |dR| + |dG| + |dB|) between pixel rows y-1
 * and y with y % pitch == p, together with columns x-1, x with x % pitch
 * == p; returns the largest phase's mean over the median phase's (1 for an
 * image whose jumps do not depend on the phase; a map painting whole cells
 * gives a large ratio). The median of an even count is the upper middle.
 * Returns 0 when the median is 0 (no jumps at all). */
double detail_cell_phase(const uint32_t *rgb, int W, int H, int pitch);

/* Share (0..1) of land pixels, not on the image border, whose colour
 * equals all four neighbours' (paint by numbers). 0 without land. */
double detail_flat_share(const uint32_t *rgb, const uint8_t *cls, int W, int H);

/* Coastline directions: the water mask (1 water, 0 land or void) blurred
 * by a Gaussian of sigma `sigma` pixels, its gradient by central
 * differences where the blurred value lies in 0.1..0.9, orientation mod
 * 180 degrees into 36 bins of 5 degrees (bin k centred on 5k degrees),
 * weighted by the gradient's magnitude, then summed into 12 bins of 15
 * degrees centred on 0, 15, ... 165. Returns the largest of the 15-degree
 * bins at 0, 45, 90 and 135 degrees over their median (the upper middle);
 * hist (may be NULL) gets the 36 5-degree bins. 0 without a coast. */
double detail_coast_axis_ratio(const uint8_t *cls, int W, int H, double sigma, double hist[36]);

#endif
