/* select: k-th smallest element of an array in expected linear time
 * (nth_element), for the hybrid generator's exact-coverage threshold.
 *
 * Method: Hoare's FIND (quickselect, CACM 1961) with a median-of-three
 * pivot, switching to heapsort of the remaining range when the partitions
 * stop shrinking (Musser's introselect, 1997), so the worst case stays
 * O(n log n). Keys are plain uint64_t: callers that need a total order
 * with deterministic tie-breaking pack the value into the high bits and a
 * unique index into the low bits, so no two keys are equal and the result
 * is the same on every platform. */
#ifndef OROGEN_CORE_BASE_SELECT_H
#define OROGEN_CORE_BASE_SELECT_H

#include <stddef.h>
#include <stdint.h>

/* Reorder keys[0..n) so that keys[k] holds the value it would hold if the
 * array were sorted ascending, every key before it is <= and every key after
 * it is >=. Requires k < n. Runs in place, no allocation. */
void select_nth_u64(uint64_t *keys, size_t n, size_t k);

/* A uint32_t whose unsigned order matches the numeric order of the finite
 * float f (and -0 < +0). For packing float values into select keys. */
uint32_t select_float_key(float f);

/* The float of a key made by select_float_key. */
float select_key_float(uint32_t key);

#endif
